// make bench: prints one figure per line, `name: value unit`.
import LayoutKit
print("bench: no figures yet")
