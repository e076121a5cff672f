#include "CTagCloudPixels.h"

#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

__attribute__((target("ssse3")))
static size_t convert_ssse3(const uint32_t *pixels, uint8_t *rgb, size_t count) {
    // Bytes B, G, R, A of four little-endian words become R, G, B of each, twelve bytes,
    // written as eight and four so that nothing after them is touched.
    const __m128i order = _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
    const __m128i alpha = _mm_set1_epi32((int)0xFF000000u);
    size_t i = 0;
    while (i + 4 <= count) {
        __m128i group = _mm_loadu_si128((const __m128i *)(const void *)(pixels + i));
        __m128i opaque = _mm_cmpeq_epi32(_mm_and_si128(group, alpha), alpha);
        if (_mm_movemask_epi8(opaque) != 0xFFFF) break;
        __m128i bytes = _mm_shuffle_epi8(group, order);
        _mm_storel_epi64((__m128i *)(void *)(rgb + 3 * i), bytes);
        int last = _mm_cvtsi128_si32(_mm_srli_si128(bytes, 8));
        memcpy(rgb + 3 * i + 8, &last, 4);
        i += 4;
    }
    return i;
}

size_t tagcloud_opaque_argb32_to_rgb(const uint32_t *pixels, uint8_t *rgb, size_t count) {
    return __builtin_cpu_supports("ssse3") ? convert_ssse3(pixels, rgb, count) : 0;
}

#else

size_t tagcloud_opaque_argb32_to_rgb(const uint32_t *pixels, uint8_t *rgb, size_t count) {
    (void)pixels;
    (void)rgb;
    (void)count;
    return 0;
}

#endif
