// Pixel conversion with the processor's byte shuffle, for Canvas's PNG encoder. Imported by
// Canvas only.
#ifndef CTAGCLOUDPIXELS_H
#define CTAGCLOUDPIXELS_H

#include <stddef.h>
#include <stdint.h>

/// Converts Cairo ARGB32 pixels (native-endian words 0xAARRGGBB) to R, G, B bytes, four pixels at
/// a time, as long as every pixel of a group of four is opaque; returns how many pixels it
/// converted (a multiple of four, at most `count`), and the caller converts the rest.
///
/// Each group of four pixels is read whole before its twelve bytes are written, and nothing else
/// is written, so `rgb` may overlap `pixels` as long as it starts at most 4 bytes after them (a
/// row converted over its own pixels, after its filter byte): a group's bytes then end before the
/// next group's pixels start. Nothing is written past `rgb + 3 * count`. Uses AVX2's byte shuffle
/// (eight pixels at a time) or SSSE3's (four) when the processor has them; elsewhere it converts
/// nothing and returns 0.
size_t tagcloud_opaque_argb32_to_rgb(const uint32_t *pixels, uint8_t *rgb, size_t count);

#endif
