// FreeType: font files and the FT_Face handles Cairo draws with. Imported by Typesetting only.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_SFNT_NAMES_H
