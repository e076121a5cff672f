// Canvas benchmarks for `make bench`.

/// Prints the canvas figures.
func runCanvasBenchmarks() throws {
}
