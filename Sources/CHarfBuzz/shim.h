// HarfBuzz: shaping with its own OpenType functions (thread-safe). Imported by Typesetting only.
#include <hb.h>
#include <hb-ot.h>
#include <hb-aat.h>
