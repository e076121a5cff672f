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

__attribute__((target("avx2")))
static size_t convert_avx2(const uint32_t *pixels, uint8_t *rgb, size_t count) {
    // Eight pixels at a time: the same shuffle in each 128-bit lane, then the low lane's twelve
    // bytes (stored as sixteen, the last four overwritten at once by the high lane's) and the high
    // lane's twelve, written as eight and four. The 32 bytes of a group are read before any of its
    // 24 are written, and the next group starts 32 bytes on, so the overlap rule still holds.
    const __m256i order = _mm256_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1,
                                           2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
    const __m256i alpha = _mm256_set1_epi32((int)0xFF000000u);
    size_t i = 0;
    while (i + 8 <= count) {
        __m256i group = _mm256_loadu_si256((const __m256i *)(const void *)(pixels + i));
        __m256i opaque = _mm256_cmpeq_epi32(_mm256_and_si256(group, alpha), alpha);
        if (_mm256_movemask_epi8(opaque) != -1) break;
        __m256i bytes = _mm256_shuffle_epi8(group, order);
        __m128i low = _mm256_castsi256_si128(bytes), high = _mm256_extracti128_si256(bytes, 1);
        _mm_storeu_si128((__m128i *)(void *)(rgb + 3 * i), low);
        _mm_storel_epi64((__m128i *)(void *)(rgb + 3 * i + 12), high);
        int last = _mm_cvtsi128_si32(_mm_srli_si128(high, 8));
        memcpy(rgb + 3 * i + 20, &last, 4);
        i += 8;
    }
    return i;
}

size_t tagcloud_opaque_argb32_to_rgb(const uint32_t *pixels, uint8_t *rgb, size_t count) {
    if (__builtin_cpu_supports("avx2")) {
        // The last group of four (if any) and a group after a translucent pixel go the SSSE3 way.
        size_t done = convert_avx2(pixels, rgb, count);
        return done + convert_ssse3(pixels + done, rgb + 3 * done, count - done);
    }
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
