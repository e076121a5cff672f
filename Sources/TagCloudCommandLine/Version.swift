// The version `tagcloud --version` prints. The VERSION file at the package's root is the one the
// Makefile stamps on the Debian package; a test (VersionTests) keeps the two equal, so a release
// changes both or CI fails.

/// The version of the `tagcloud` command.
package enum TagCloudVersion {
    /// The release number, as in the package's VERSION file (`MAJOR.MINOR.PATCH`).
    package static let string = "0.9.0"
}
