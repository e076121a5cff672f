// Cairo, with the FreeType font backend and the SVG and PDF surfaces. Imported by Canvas only.
#include <cairo.h>
#include <cairo-ft.h>
#include <cairo-svg.h>
#include <cairo-pdf.h>
