// FreeType: font files and the FT_Face handles Cairo draws with (Typesetting), and the smooth
// rasterizer that fills curved shapes into coverage masks (Canvas).
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_SFNT_NAMES_H
#include FT_OUTLINE_H
