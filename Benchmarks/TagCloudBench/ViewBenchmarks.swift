// View benchmarks for `make bench`.

/// Prints the view figures.
func runViewBenchmarks() throws {
}
