// TagCloud: the spec (JSON/YAML/TXT/CSV), presets, themes, weights -> font sizes; the cloud as
// TagCloudUI views, drawn through one display list; the `tagcloud` subcommands as library functions.
import TagCloudUI
