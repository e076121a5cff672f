// fontconfig: system font discovery for families that are not bundled. Imported by Typesetting only.
#include <fontconfig/fontconfig.h>
