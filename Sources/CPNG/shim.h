// libpng: used by Canvas to decode PNG files (golden images, `tagcloud diff`).
#include <png.h>
