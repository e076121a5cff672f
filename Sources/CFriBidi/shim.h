// GNU FriBidi: the Unicode Bidirectional Algorithm (UAX #9). Imported by Typesetting only.
#include <fribidi.h>
