public import Foundation
public import Typesetting

extension Cloud {
    /// Lays the cloud out and draws it: the display list every picture format encodes, and where
    /// every chip went.
    ///
    /// Callable from any thread or actor; several clouds can be rendered at once.
    ///
    /// - Parameter typesetter: The typesetter to shape text with; `nil` for the shared one over the
    ///   bundled fonts, with the machine's fonts as fallback.
    /// - Returns: The rendered cloud; ``RenderedCloud/data(as:scale:)`` encodes it.
    /// - Throws: ``TagCloudError/unknownFontFamily(_:_:available:)`` for a family no font has (at
    ///   the place the cloud names it), ``TagCloudError/invalidNumber(path:value:reason:_:)`` for
    ///   weights whose `maxSize` is below their `minSize`, ``TagCloudError/fontsUnavailable(_:)``,
    ///   ``TagCloudError/textLayoutFailed(text:_:)``, the errors of a `label` or `tooltip` template
    ///   a program set (``Template/Problem``, as a spec's), and with ``strictFonts``
    ///   ``TagCloudError/missingGlyphs(_:)`` when a tag has characters no font covers (without it,
    ///   they are in ``RenderedCloud/fontWarnings``).
    /// - Complexity: O(n) in the number of tags (see ``resolved()``); a few more layout passes
    ///   with `maxRows`.
    public func rendered(typesetter: Typesetter? = nil) throws(TagCloudError) -> RenderedCloud {
        try rendered(withFontsIn: try typesetterWithFonts(typesetter), drawing: true)
    }

    /// `typesetter` (the shared one when `nil`) with the spec's font files (``fonts``) added.
    func typesetterWithFonts(_ typesetter: Typesetter?) throws(TagCloudError) -> Typesetter {
        let typesetter = if let typesetter { typesetter } else { try CloudRenderer.standardTypesetter() }
        guard let fonts, !fonts.isEmpty else { return typesetter }
        return try typesetterAdding(fonts, to: typesetter)
    }

    /// ``rendered(typesetter:)`` with a typesetter that already has the spec's font files; without
    /// `drawing`, the display list is empty: only the layout, the hidden count and the font
    /// warnings are meaningful.
    func rendered(withFontsIn typesetter: Typesetter, drawing: Bool = true) throws(TagCloudError) -> RenderedCloud {
        try checkValues()
        try checkTemplates()
        let cloud = resolved()
        try checkWeightRange(cloud)
        try checkFontFamilies(cloud, library: typesetter.library)
        var rendered = try CloudRenderer.render(cloud, typesetter: typesetter, drawing: drawing)
        // Each warning names where its tag was written, as errors do.
        for index in rendered.fontWarnings.indices {
            rendered.fontWarnings[index].location = location(ofKeyPath: "tags[\(rendered.fontWarnings[index].tagIndex)]")
        }
        if cloud.strictFonts && !rendered.fontWarnings.isEmpty { throw .missingGlyphs(rendered.fontWarnings) }
        if drawing, cloud.web.followsColorScheme {
            // `theme: auto`: the same cloud in the dark theme, for web output's dark block.
            var dark = self
            dark.theme = .dark
            var darkCloud = dark.resolved()
            // A light background the spec gives (a white card) would carry the dark look's light
            // text: the dark look takes the dark theme's own background instead, in pictures and
            // in web output's dark block.
            var ownBackground: CSSColor?
            if background != nil, darkCloud.background.alpha > 0,
               WeightColoring.contrast(WeightColoring.composite(darkCloud.defaultLook.textColor, over: darkCloud.background),
                                       darkCloud.background) < WeightColoring.minimumContrast {
                dark.background = nil
                darkCloud = dark.resolved()
                ownBackground = darkCloud.background
            }
            rendered.darkLook = RenderedCloud.DarkLook(cloud: darkCloud,
                                                       displayList: try CloudRenderer.render(darkCloud, typesetter: typesetter).displayList,
                                                       background: ownBackground)
        }
        return rendered
    }

    /// The cloud as a PNG image.
    ///
    /// - Parameter scale: Pixels per point (2 for "@2x"); `nil` for the cloud's ``scale`` (1 when
    ///   it has none).
    /// - Returns: The PNG bytes, RGB when the background is opaque.
    /// - Throws: As ``rendered(typesetter:)``, ``TagCloudError/invalidNumber(path:value:reason:_:)``
    ///   for a scale outside 0.01 … 64 (the `scale` key's limits; NaN included), and
    ///   ``TagCloudError/pictureTooLarge(width:height:limit:size:)``.
    public func pngData(scale: Double? = nil) throws(TagCloudError) -> Data {
        try checkPictureCanFit(.png, scale: scale)
        return try rendered().data(as: .png, scale: scale)
    }

    /// The cloud as an SVG document, one `px` per point, links as `<a>`.
    ///
    /// - Returns: The SVG bytes (UTF-8).
    /// - Throws: As ``pngData(scale:)``.
    public func svgData() throws(TagCloudError) -> Data {
        try checkPictureCanFit(.svg)
        return try rendered().data(as: .svg)
    }

    /// The cloud as a one-page PDF document, one PDF point per point, links as annotations.
    ///
    /// - Returns: The PDF bytes.
    /// - Throws: As ``pngData(scale:)``.
    public func pdfData() throws(TagCloudError) -> Data {
        try checkPictureCanFit(.pdf)
        return try rendered().data(as: .pdf)
    }

    /// Where every chip goes, in points (what ``OutputFormat/json`` writes), from a layout pass
    /// that draws nothing: the same frames as ``rendered(typesetter:)``'s, for less time and memory.
    ///
    /// - Parameter typesetter: As for ``rendered(typesetter:)``.
    /// - Returns: The layout.
    /// - Throws: As ``rendered(typesetter:)``.
    public func layout(typesetter: Typesetter? = nil) throws(TagCloudError) -> CloudLayout {
        try layoutAndHiddenCount(typesetter: typesetter).layout
    }

    /// The layout, how many tags `maxRows` hid, and the font warnings, without drawing.
    package func layoutAndHiddenCount(typesetter: Typesetter? = nil) throws(TagCloudError)
        -> (layout: CloudLayout, hidden: Int, fontWarnings: [FontWarning]) {
        let pass = try rendered(withFontsIn: try typesetterWithFonts(typesetter), drawing: false)
        return (pass.layout, pass.hiddenCount, pass.fontWarnings)
    }

    /// The cloud in a format.
    ///
    /// - Parameter format: PNG (at the cloud's scale), SVG, PDF, HTML (a fragment, or a page when
    ///   `page` is set) or the layout JSON.
    /// - Returns: The bytes.
    /// - Throws: As ``pngData(scale:)``.
    public func data(as format: OutputFormat) throws(TagCloudError) -> Data {
        if format.needsOnlyTheLayout { return try layout().jsonData() }
        try checkPictureCanFit(format)
        return try rendered().data(as: format)
    }

    /// Refuses weights whose largest font size is below their smallest (heavier tags would get
    /// smaller fonts), naming the size that was set over the other: `weights.minSize` when an
    /// option or a program set it and not `maxSize`, else `weights.maxSize`. (`maxSize` defaults
    /// to twice `minSize`, so only a given `maxSize` can be too small.)
    private func checkWeightRange(_ cloud: ResolvedCloud) throws(TagCloudError) {
        let keys = Cloud.Weights.fields
        let minSize = keys.minSize.resolved(in: weights, style: cloud.style, theme: cloud.theme) ?? Double(cloud.baseFontSize)
        guard let maxSize = keys.maxSize.resolved(in: weights, style: cloud.style, theme: cloud.theme),
              maxSize < minSize else { return }
        let minimumFrom = weights?.minSize == nil ? ", from font.size" : ""
        let blameMinimum = provenance.assigned["weights.minSize"] != nil && provenance.assigned["weights.maxSize"] == nil
        func located(_ keyPath: String) -> SpecLocation {
            location(ofKeyPath: keyPath) ?? SpecLocation(source: "Cloud")
        }
        if blameMinimum {
            throw .invalidNumber(path: "weights.minSize", value: SpecTree.format(minSize),
                                 reason: "must be at most \"weights.maxSize\" (\(SpecTree.format(maxSize)))",
                                 located("weights.minSize"))
        }
        // The smallest size follows `font.size`, which an option or a program set over the
        // spec's `maxSize` (`--font-size 20`): that is the value to change (the spec's maxSize
        // was blamed, with exit 65).
        if weights?.minSize == nil, provenance.assigned["font.size"] != nil, provenance.assigned["weights.maxSize"] == nil {
            throw .invalidNumber(path: "font.size", value: SpecTree.format(minSize),
                                 reason: "must be at most \"weights.maxSize\" (\(SpecTree.format(maxSize))), since the weights' smallest size is it",
                                 located("font.size"))
        }
        throw .invalidNumber(path: "weights.maxSize", value: SpecTree.format(maxSize),
                             reason: "must be at least \"weights.minSize\" (\(SpecTree.format(minSize))\(minimumFrom))",
                             located("weights.maxSize"))
    }

    /// The font files and folders the cloud reads (``fonts``), as paths the process can open:
    /// relative ones resolved against the folder of the spec that gave them. What a command must
    /// never write over.
    package var fontFilePaths: [String] { resolvedFontPaths(fonts ?? []) }

    /// `paths` made absolute: relative to the folder of the spec that gave `fonts`, or to the
    /// working folder for a cloud not read from a file.
    private func resolvedFontPaths(_ paths: [String]) -> [String] {
        // No fonts, no lookup: a large JSON spec's locations are found by parsing it again.
        guard !paths.isEmpty else { return [] }
        var base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        if let source = location(ofKeyPath: "fonts")?.source, FileManager.default.fileExists(atPath: source) {
            // Made absolute as text, so that the kernel resolves a `..` after a link (URL would
            // remove `L/..` from a relative path).
            let folder = source.lastIndex(of: "/").map { String(source[...$0]) } ?? ""
            base = URL(fileURLWithPath: source.hasPrefix("/") ? folder : base.path + "/" + folder, isDirectory: true)
        }
        return paths.map { $0.hasPrefix("/") ? $0 : base.appendingPathComponent($0).path }
    }

    /// A typesetter over `typesetter`'s fonts with the font files `paths` added ahead of them
    /// (FontLibrary's `adding(fontFiles:)`); relative paths are relative to the folder of the spec
    /// that gave them, or to the working folder for a cloud not read from a file.
    private func typesetterAdding(_ paths: [String], to typesetter: Typesetter) throws(TagCloudError) -> Typesetter {
        let place = location(ofKeyPath: "fonts")
        let resolved = resolvedFontPaths(paths)
        do {
            return Typesetter(library: try typesetter.library.adding(fontFiles: resolved))
        } catch let error as TypesettingError {
            let failing = error.path ?? resolved.first ?? ""
            if let added = provenance.addedFontFiles[failing] {
                throw .unusableFontFile(path: added.given, error, added.location)
            }
            let given = zip(resolved, paths).first { $0.0 == failing }?.1 ?? failing
            throw .unusableFontFile(path: given, error, place)
        } catch {
            throw .internalError("adding font files: \(error)")
        }
    }

    /// Checks the `label` and `tooltip` templates (a parsed cloud's were checked when it was read;
    /// a program may have set others).
    private func checkTemplates() throws(TagCloudError) {
        for (path, text) in [("label", label), ("tooltip", tooltip)] {
            guard let text else { continue }
            do {
                _ = try Template(text)
            } catch {
                throw TagCloudError(error, template: text, path: path, location(ofKeyPath: path) ?? SpecLocation(source: "Cloud.\(path)"))
            }
        }
    }

    /// Checks that every font family the cloud names exists (bundled, or found by fontconfig),
    /// naming where the cloud gave the first unknown one.
    ///
    /// - Complexity: O(n) in the number of chips; each distinct family is looked up once.
    private func checkFontFamilies(_ cloud: ResolvedCloud, library: FontLibrary) throws(TagCloudError) {
        var checked = Set<String>()
        func check(_ family: String?, weight: FontWeight, at keyPaths: String...) throws(TagCloudError) {
            guard let family, checked.insert(family.lowercased()).inserted else { return }
            do {
                _ = try library.face(for: Typesetting.Font(family: family, size: 12, weight: Typesetting.Font.Weight(weight.value)))
            } catch {
                // A family a program set has no place in a text: the key path names it, as a
                // template's error names its key (`Cloud.tags[2].font.family`).
                let place = keyPaths.lazy.compactMap { self.location(ofKeyPath: $0) }.first
                    ?? keyPaths.first.map { SpecLocation(source: "Cloud.\($0)") }
                throw .unknownFontFamily(family, place, available: library.addedFamilies + library.families)
            }
        }
        try check(cloud.fontFamily, weight: cloud.fontWeight, at: "font.family")
        for (index, tag) in tags.enumerated() {
            if let family = tag.font?.family {
                try check(family, weight: tag.font?.weight ?? cloud.fontWeight, at: "tags[\(index)].font.family", "tags[\(index)]")
            }
        }
    }
}
