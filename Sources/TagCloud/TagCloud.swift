// TagCloud: the spec (JSON/YAML/TXT/CSV), presets, themes, weights -> font sizes; builds TagCloudUI views.
import TagCloudUI
