// Layout benchmarks for `make bench`.

/// Prints the layout figures.
func runLayoutBenchmarks() throws {
}
