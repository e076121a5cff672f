// libdeflate: the DEFLATE compressor and CRC-32 behind Canvas's PNG encoder.
#include <libdeflate.h>
