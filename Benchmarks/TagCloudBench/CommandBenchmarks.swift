// Command benchmarks for `make bench`.

/// Prints the command figures.
func runCommandBenchmarks() throws {
}
