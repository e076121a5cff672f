// HarfBuzz's subsetter (hb-subset): font subsets of only the glyphs a document uses. Imported by
// Typesetting only.
#include <hb.h>
#include <hb-subset.h>
