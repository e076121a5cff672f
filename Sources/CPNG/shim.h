// libpng: used by Canvas to decode PNG files (golden images, `tagcloud diff`); zlib (which libpng
// links) to check that a file's image data inflates to exactly the image before libpng reads it.
#include <png.h>
#include <zlib.h>
