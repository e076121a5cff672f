public import Foundation

/// Everything that can go wrong while drawing a display list, encoding or decoding images and
/// writing files.
///
/// Each case says what happened and where (the item, the file, the Cairo call) and its
/// ``description`` says what to do about it.
public enum CanvasError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The picture's size is not a positive, finite number of points on both sides.
    case invalidSize(width: Double, height: Double)
    /// The scale of a bitmap rendering is not a positive, finite number.
    case invalidScale(Double)
    /// The bitmap would be wider or taller than Cairo's image surfaces allow (32,767 pixels a side).
    case imageTooLarge(pixelWidth: Int, pixelHeight: Int, limit: Int)
    /// The bitmap would have more pixels than a picture may (``RenderingLimits/maximumImagePixels``,
    /// 16,384 × 16,384): its buffer alone would take more than 1 GiB. Nothing was allocated for it.
    case imageAreaTooLarge(pixelWidth: Int, pixelHeight: Int, limit: Int)
    /// An item holds a value that cannot be drawn: a coordinate that is not finite, a negative line
    /// width, or a glyph run whose glyph and position counts differ. `item` is the index path of the
    /// item, such as `items[3].items[0]`.
    case invalidItem(item: String, reason: String)
    /// A Cairo call reported an error status. `operation` names the call and the item being drawn;
    /// `status` is Cairo's own message.
    case cairo(operation: String, status: String)
    /// A font face could not be handed to Cairo (its FreeType face could not be opened).
    case fontUnavailable(path: String, reason: String)
    /// Compressing PNG data failed.
    case pngEncodingFailed(reason: String)
    /// PNG data could not be decoded. `source` is the file path, or "data" for bytes in memory.
    case pngDecodingFailed(source: String, reason: String)
    /// A PNG image's header claims a picture larger than the reader's limits allow (a side over
    /// `limits.maxSide`, or more than `limits.maxPixels` pixels); nothing was allocated for it.
    case pngTooLarge(source: String, width: Int, height: Int, limits: PNGReadingLimits)
    /// A file could not be written; the previous file at `path`, if any, is unchanged.
    case fileWriteFailed(path: String, reason: String)
    /// A file could not be read.
    case fileReadFailed(path: String, reason: String)
    /// A display list's JSON names a font file and face index that the font resolver does not know.
    case unknownFont(file: String, index: Int)
    /// ``ImageDiff`` was given two images of different sizes.
    case imageSizesDiffer(firstWidth: Int, firstHeight: Int, secondWidth: Int, secondHeight: Int)
    /// An ``ImageDiff/Options`` value is outside its range 0 … 1: `name` is the option, `value`
    /// what was given.
    case invalidComparisonOption(name: String, value: Double)
    /// A link names a scheme a page must not follow (`javascript:`, `data:`, …): only `http`,
    /// `https`, `mailto` and `tel` are allowed, besides relative links and fragments
    /// (``WebLink``). `href` is the link as given, `scheme` the scheme found in it.
    case refusedLink(href: String, scheme: String)
    /// A link cannot be used: it is not a valid URL, or too long; `reason` says what is wrong (``WebLink``).
    case malformedLink(href: String, reason: String)
    /// Two display lists meant to be the light and dark looks of one picture differ in more than
    /// their colours (the SVG backend's automatic theme): `item` is the first item that differs.
    case themeVariantsDiffer(item: String)
    /// An id prefix for web output is not an ASCII letter followed by at most 63 letters, digits,
    /// `-` and `_`.
    case invalidIdPrefix(String)
    /// An ``AnimatedDisplayList`` cannot be written: it has no frames, its frames differ in size,
    /// a frame lasts no time, or its loop count is out of range.
    case invalidAnimation(reason: String)
    /// An animated PNG would draw `frames` frames of `pixelWidth` × `pixelHeight` pixels, more than
    /// `limit` pixels in all (``RenderingLimits/maximumAnimationPixels``); no frame was drawn.
    case animationAreaTooLarge(frames: Int, pixelWidth: Int, pixelHeight: Int, limit: Int)

    /// A message that says what happened and what to do.
    public var description: String {
        switch self {
        case .invalidSize(let width, let height):
            return "the picture size \(width) × \(height) pt is not positive and finite: give the display list a size greater than zero on both sides"
        case .invalidScale(let scale):
            return "the scale \(scale) is not a positive, finite number: use a scale such as 1, 2 or 3"
        case .imageTooLarge(let width, let height, let limit):
            return "the image would be \(width) × \(height) px, but Cairo's image surfaces allow at most \(limit) px a side: lower the scale or split the picture"
        case .imageAreaTooLarge(let width, let height, let limit):
            return "the image would be \(width) × \(height) px, \(width * height) pixels in all, over the limit of \(limit) (16384 × 16384): lower the scale or split the picture"
        case .invalidItem(let item, let reason):
            return "\(item) cannot be drawn: \(reason); fix that value in the display list"
        case .cairo(let operation, let status):
            return "Cairo failed in \(operation): \(status); check the values of that item, or report a bug with the display list's JSON"
        case .fontUnavailable(let path, let reason):
            return "the font \(path) cannot be used for drawing (\(reason)): check that the file is a valid font"
        case .pngEncodingFailed(let reason):
            return "PNG encoding failed: \(reason); report a bug with the picture's size"
        case .pngDecodingFailed(let source, let reason):
            return "cannot decode the PNG image \(source): \(reason); check that it is a valid PNG file"
        case let .pngTooLarge(source, width, height, limits):
            let over = width > limits.maxSide || height > limits.maxSide
                ? "over the limit of \(limits.maxSide) px a side"
                : "over the limit of \(limits.maxPixels) pixels"
            return "the PNG image \(source) claims to be \(width) × \(height) px, \(over); it was not decoded"
        case .fileWriteFailed(let path, let reason):
            return "cannot write \(path): \(reason); the previous file, if any, was left unchanged"
        case .fileReadFailed(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .unknownFont(let file, let index):
            return "the display list uses the font file \(file) (face \(index)), which the font library does not contain: add that font to the fonts folder"
        case .imageSizesDiffer(let firstWidth, let firstHeight, let secondWidth, let secondHeight):
            return "the images differ in size: \(firstWidth) × \(firstHeight) and \(secondWidth) × \(secondHeight) pixels; compare images of the same size"
        case .invalidComparisonOption(let name, let value):
            return "the \(name) is \(value), but it must be from 0 to 1"
        case .refusedLink(let href, let scheme):
            // The scheme is cut like the link: a scheme can be as long as the link itself.
            let shown = scheme.unicodeScalars.count <= Self.quotedLinkLimit ? scheme
                : String(String.UnicodeScalarView(scheme.unicodeScalars.prefix(Self.quotedLinkLimit))) + "…"
            return "the link \(Self.quoted(href)) uses the scheme \(shown):, which is refused: links may be http, https, mailto, tel, relative or a #fragment"
        case .malformedLink(let href, let reason):
            return "the link \(Self.quoted(href)) cannot be used: \(reason)"
        case .themeVariantsDiffer(let item):
            return "the light and dark pictures differ at \(item) in more than colour: render both looks from the same layout"
        case .invalidIdPrefix(let prefix):
            return "the id \(Self.quoted(prefix)) cannot prefix the ids of a web page: use an ASCII letter followed by at most 63 letters, digits, - and _"
        case .invalidAnimation(let reason):
            return "cannot write the animation: \(reason); give it frames of one size that each last some time"
        case let .animationAreaTooLarge(frames, width, height, limit):
            return "the animated PNG would draw \(frames) frames of \(width) × \(height) px, \(Self.product(frames, width, height)) pixels "
                + "in all, over the limit of \(limit): lower the scale or the frame rate, or shorten the animation"
        }
    }

    /// `a × b × c` as a decimal number, exact whatever their size (a count a message shows).
    package static func product(_ a: Int, _ b: Int, _ c: Int) -> String {
        let (ab, first) = a.multipliedReportingOverflow(by: b)
        let (abc, second) = ab.multipliedReportingOverflow(by: c)
        return first || second ? "more than \(Int.max)" : "\(abc)"
    }

    /// The most characters of a link a message shows (escapes included); a longer one is cut
    /// with `…`.
    static let quotedLinkLimit = 80

    /// A link in double quotes, its control characters shown as escapes so that a message never
    /// carries them to a terminal, and cut after ``quotedLinkLimit`` characters so that a huge
    /// link never makes a huge message.
    static func quoted(_ text: String) -> String {
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let piece = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars
                : String(scalar).unicodeScalars
            guard shown.count + piece.count <= quotedLinkLimit else { return "\"" + String(shown) + "…\"" }
            shown.append(contentsOf: piece)
        }
        return "\"" + String(shown) + "\""
    }
}

extension CanvasError: LocalizedError {
    /// The same message as ``description``: what went wrong, where, and what to do. Without it,
    /// `error.localizedDescription` said "The operation could not be completed. (CanvasError error 10.)".
    public var errorDescription: String? { description }
}
