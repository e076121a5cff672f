// Text benchmarks for `make bench`.

/// Prints the text figures.
func runTextBenchmarks() throws {
}
