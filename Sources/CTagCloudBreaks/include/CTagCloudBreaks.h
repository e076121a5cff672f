// The word breaks of ICU's line break iterator, for scripts written without spaces (Thai, Lao,
// Khmer, Myanmar), as browsers break them. Imported by Typesetting only.
//
// Only plain C types cross this header: ICU's own headers would clash with the copy of ICU that
// Foundation's module carries (two definitions of UErrorCode), and ICU renames its functions
// after its version (ubrk_open is a macro for ubrk_open_72), which Swift does not import.
#ifndef CTAGCLOUDBREAKS_H
#define CTAGCLOUDBREAKS_H

#include <stdint.h>

/// Writes the line break opportunities ICU finds inside `text` (`length` UTF-16 code units) as
/// code unit offsets into `breaks` (at most `capacity`, in increasing order, neither 0 nor
/// `length`), and returns how many, or -1 when ICU cannot make an iterator.
int32_t tagcloud_dictionary_breaks(const uint16_t *text, int32_t length, int32_t *breaks, int32_t capacity);

#endif
