#include "CTagCloudBreaks.h"
#include <unicode/ubrk.h>

int32_t tagcloud_dictionary_breaks(const uint16_t *text, int32_t length, int32_t *breaks, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, "", (const UChar *)text, length, &status);
    if (U_FAILURE(status) || iterator == NULL) return -1;
    int32_t count = 0;
    for (int32_t boundary = ubrk_next(iterator); boundary != UBRK_DONE && boundary < length && count < capacity;
         boundary = ubrk_next(iterator)) {
        if (boundary > 0) breaks[count++] = boundary;
    }
    ubrk_close(iterator);
    return count;
}
