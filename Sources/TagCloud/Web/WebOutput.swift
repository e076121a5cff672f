public import Canvas
public import Foundation
import Typesetting
import TagCloudUI

/// How a cloud is written as HTML (``CloudHTML``).
public struct HTMLOptions: Sendable, Equatable {
    /// The prefix of every id, class name and font family the fragment declares, and the id its
    /// style sheet is scoped by; `nil` (the default) derives one from a hash of the fragment
    /// (`tc` and eight hexadecimal digits). A given prefix must be an ASCII letter followed by at
    /// most 63 letters, digits, `-` and `_`.
    public var idPrefix: String?
    /// The list's accessible name (`aria-label`) and, for a whole page, its `<title>`; `nil`
    /// for "Tag cloud".
    public var title: String?
    /// The cloud's background; `nil` (the default) leaves it transparent, so the page shows
    /// through, as the spec's `background` key does when it is not given.
    public var background: CSSColor?
    /// The dark look of the same cloud (the spec resolved with `theme: dark`): its colours go into
    /// a `prefers-color-scheme: dark` block; `nil` for one look.
    public var darkLook: ResolvedCloud?
    /// The dark look's background; `nil` for transparent.
    public var darkBackground: CSSColor?
    /// Where links open.
    public var linkTarget: LinkTarget
    /// Where the page finds the font files, by their file names (`/fonts/` → `/fonts/Inter-Regular.otf`),
    /// each limited by `unicode-range` to the characters it draws in this cloud; `nil` (the
    /// default) embeds a subset of each font with only those characters.
    public var fontURL: String?
    /// Whether to write a whole HTML document around the fragment.
    public var isPage: Bool

    /// Makes options; every parameter has the default described on its property.
    ///
    /// - Parameters:
    ///   - idPrefix: The id prefix; `nil` derives one.
    ///   - title: The accessible name; `nil` for "Tag cloud".
    ///   - background: The background; `nil` for transparent.
    ///   - darkLook: The dark look for an automatic theme; `nil` for one look.
    ///   - darkBackground: The dark look's background.
    ///   - linkTarget: Where links open.
    ///   - fontURL: Where the fonts are; `nil` to embed subsets.
    ///   - isPage: Whether to write a whole document.
    public init(idPrefix: String? = nil, title: String? = nil, background: CSSColor? = nil, darkLook: ResolvedCloud? = nil,
                darkBackground: CSSColor? = nil, linkTarget: LinkTarget = .current, fontURL: String? = nil, isPage: Bool = false) {
        self.idPrefix = idPrefix
        self.title = title
        self.background = background
        self.darkLook = darkLook
        self.darkBackground = darkBackground
        self.linkTarget = linkTarget
        self.fontURL = fontURL
        self.isPage = isPage
    }
}

extension ResolvedCloud.Web {
    /// The SVG options these keys ask for: the id prefix, title, language, responsive size and
    /// link target (a still cloud's SVG and an animation's alike).
    var svgOptions: SVGOptions {
        var options = SVGOptions(idPrefix: idPrefix, title: title, isResponsive: isResponsive, linkTarget: linkTarget)
        options.language = language
        return options
    }
}

extension ResolvedCloud {
    /// The language of the "+N" chip's name when it is not the cloud's: English for this package's
    /// default name ("6 more tags") in a cloud of another language, else `nil`.
    var moreNameLanguage: String? {
        moreLabel == nil && !WebText.isEnglish(web.language) ? "en" : nil
    }
}

extension RenderedCloud {
    /// What a page prints under a cloud of one look that has no background of its own: the dark
    /// page's black for the dark theme (a browser prints no page background by default, and the
    /// look's white labels printed on white paper), else nothing (`nil`).
    func paperBackground(background: CSSColor?) -> RGBAColor? {
        background == nil && cloud.theme == .dark ? .black : nil
    }

    /// SVG as the cloud's web keys ask (``ResolvedCloud/web``): its id prefix, title, responsive
    /// size and link target, the spec's background or none, and the dark look for `theme: auto`.
    func svgData() throws(TagCloudError) -> Data {
        let web = cloud.web
        var options = web.svgOptions
        if let darkLook {
            options.darkLook = SVGOptions.DarkLook(list: darkLook.displayList, background: (darkLook.background ?? web.background)?.rgbaColor)
        } else {
            options.printBackground = paperBackground(background: web.background)
        }
        do {
            return try displayList.svgData(background: web.background?.rgbaColor, options: options)
        } catch let error as CanvasError {
            throw TagCloudError(webError: error, format: .svg)
        } catch {
            throw .renderingFailed(format: .svg, CanvasError(thrown: error))
        }
    }

    /// HTML as the cloud's web keys ask (``CloudHTML``).
    func htmlData() throws(TagCloudError) -> Data {
        let web = cloud.web
        let options = HTMLOptions(idPrefix: web.idPrefix, title: web.title, background: web.background,
                                  darkLook: darkLook?.cloud, darkBackground: darkLook?.background ?? web.background, linkTarget: web.linkTarget,
                                  fontURL: web.fontURL, isPage: web.isPage)
        return try CloudHTML.html(cloud, rendered: self, options: options, typesetter: typesetter)
    }

    /// The cloud as SVG for a web page (Canvas's `Renderer.svg(background:options:)`): ids
    /// under one prefix, a title, the chips as a list, an invisible text layer, colours as
    /// custom properties, and, with `dark`, the dark look in a `prefers-color-scheme: dark` block.
    ///
    /// - Parameters:
    ///   - background: The background; `nil` for transparent (the spec's `background`, not the
    ///     theme's default, which PNG output paints).
    ///   - dark: The same cloud rendered in its dark look, for `theme: auto`.
    ///   - darkBackground: The dark look's background.
    ///   - options: The id prefix, title, responsive size and link target (its `darkLook` is set
    ///     from `dark`).
    /// - Returns: The SVG bytes.
    /// - Throws: ``TagCloudError/refusedLink(tag:href:reason:_:)`` for a link that is not safe,
    ///   ``TagCloudError/renderingFailed(format:_:)`` otherwise.
    public func webSVGData(background: CSSColor? = nil, dark: RenderedCloud? = nil, darkBackground: CSSColor? = nil,
                           options: SVGOptions = SVGOptions()) throws(TagCloudError) -> Data {
        var options = options
        if let dark { options.darkLook = SVGOptions.DarkLook(list: dark.displayList, background: darkBackground?.rgbaColor) }
        if dark == nil, options.printBackground == nil { options.printBackground = paperBackground(background: background) }
        do {
            return try displayList.svgData(background: background?.rgbaColor, options: options)
        } catch let error as CanvasError {
            throw TagCloudError(webError: error, format: .svg)
        } catch {
            throw .renderingFailed(format: .svg, CanvasError(thrown: error))
        }
    }
}

extension TagCloudError {
    /// The command's error for a Canvas error of web output: a refused or malformed link keeps
    /// its own case (exit 65), anything else is a rendering failure.
    init(webError error: CanvasError, format: OutputFormat) {
        switch error {
        case .refusedLink(let href, _), .malformedLink(let href, _):
            self = .refusedLink(tag: "", href: href, reason: error.description, nil)
        case .invalidSize, .invalidScale, .imageTooLarge, .imageAreaTooLarge, .invalidItem, .cairo, .fontUnavailable, .pngEncodingFailed,
             .pngDecodingFailed, .pngTooLarge, .fileWriteFailed, .fileReadFailed, .unknownFont, .imageSizesDiffer, .invalidComparisonOption,
             .themeVariantsDiffer, .invalidIdPrefix, .invalidAnimation, .animationAreaTooLarge:
            self = .renderingFailed(format: format, error)
        }
    }
}
