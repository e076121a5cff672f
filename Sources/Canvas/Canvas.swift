// Canvas: DisplayList values and the Cairo backends that draw them to PNG, SVG and PDF.
