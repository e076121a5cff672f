import Typesetting

/// The one place a cloud's `fonts` reach the text engine: the typesetter for a cloud whose spec
/// names font files.
///
/// The files are to be added to the typesetter's ``FontLibrary`` ahead of the bundled fonts, so
/// that their families can be named in `font.family` and by tags, with the library's fallback for
/// characters they lack. Loading font files into a library is Typesetting's part (issue 19,
/// `FontLibrary.adding(fontFiles:)`, TTF, OTF, TTC, WOFF and WOFF2); until this build's
/// Typesetting has it, a cloud that names font files is refused with
/// ``TagCloudError/unusableFontFile(path:reason:_:)`` rather than drawn in other fonts.
enum CloudFonts {
    /// A typesetter whose library has `files` ahead of `base`'s fonts.
    ///
    /// - Parameters:
    ///   - base: The typesetter the cloud would use otherwise.
    ///   - files: The font files and folders, paths already resolved (``ResolvedCloud/fontFiles``).
    ///   - location: Where the cloud names them, for messages.
    /// - Returns: The typesetter.
    /// - Throws: ``TagCloudError/unusableFontFile(path:reason:_:)`` naming the first file that
    ///   cannot be used.
    static func typesetter(_ base: Typesetter, adding files: [String],
                           at location: SpecLocation?) throws(TagCloudError) -> Typesetter {
        guard let first = files.first else { return base }
        throw .unusableFontFile(path: first, reason: "this build's text engine cannot load font files yet (it needs Typesetting's font-file loading)", location)
    }
}
