import CHarfBuzz

/// Full-width punctuation set side by side half a width closer, as Chromium sets it under CSS's
/// default `text-spacing-trim: normal` (CSS Text 4, "trim-adjacent"; Blink's `HanKerning`):
///
/// - an opening bracket (「『（【…) after an opening bracket, a closing mark, a middle dot or an
///   ideographic space takes half its width (its blank half, before it, goes);
/// - a closing mark (」』）】…, and the dots 、。，． where the font sets them at the start of their
///   square) before a closing mark, a middle dot or an ideographic space takes half its width
///   (its blank half, after it, goes).
///
/// The halving is the font's own `halt` feature on those characters (a font without it is not
/// changed), as Blink applies it. A Traditional Chinese font centres its dots (zh-Hant, and the TC
/// and HK faces), so there they are middle dots. Not done: the first opening
/// bracket of a wrapped label's later lines, which Blink also halves (`space-first`).
enum HanKerning {
    /// A character's part in the rules.
    enum Kind {
        case opening, closing, middle, space, other
    }

    /// The `halt` (alternate half widths) feature tag.
    static let halfWidths: hb_tag_t = 0x6861_6C74

    /// A character's kind.
    ///
    /// - Parameters:
    ///   - scalar: The code point.
    ///   - centredDots: Whether the font centres 、。，． (Traditional Chinese).
    static func kind(_ scalar: UInt32, centredDots: Bool) -> Kind {
        switch scalar {
        case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D, 0xFF08, 0xFF3B, 0xFF5B, 0xFF5F:
            .opening
        case 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301E, 0x301F, 0xFF09, 0xFF3D, 0xFF5D, 0xFF60:
            .closing
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E:
            // Centred in their square (Traditional Chinese), they have blank on both sides, as
            // a middle dot has.
            centredDots ? .middle : .closing
        case 0x30FB, 0xFF1A, 0xFF1B:
            .middle
        case 0x3000:
            .space
        default:
            .other
        }
    }

    /// Whether a font in a language centres its dots: Traditional Chinese, by the language or by
    /// the face (Noto Sans CJK TC and HK).
    static func centresDots(family: String, language: String?) -> Bool {
        if let language {
            let lower = language.lowercased()
            if lower.hasPrefix("zh-hant") || lower == "zh-tw" || lower == "zh-hk" || lower == "zh-mo"
                || lower.hasPrefix("zh-tw-") || lower.hasPrefix("zh-hk-") || lower.hasPrefix("zh-mo-") {
                return true
            }
        }
        return family.hasSuffix(" TC") || family.hasSuffix(" HK")
    }

    /// Calls `body` with `halt` features over the characters of `utf8[start..<end]` the rules
    /// halve (their UTF-8 offsets, which are the buffer's clusters), the rest of `utf8` as their
    /// context; an empty buffer for none.
    static func withFeatures<Result>(utf8: UnsafeBufferPointer<UInt8>, start: Int, end: Int, centredDots: Bool,
                                     _ body: (UnsafeBufferPointer<hb_feature_t>) throws -> Result) rethrows -> Result {
        // Every character concerned is three bytes, E3 80 xx, E3 83 BB or EF BC/BD xx: a text
        // without those lead bytes (nearly all) is passed over in one scan.
        guard (start..<end).contains(where: { utf8[$0] == 0xE3 || utf8[$0] == 0xEF }) else {
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
        var scalars: [(offset: Int, length: Int, kind: Kind)] = []
        var offset = 0
        while offset < utf8.count {
            let lead = utf8[offset]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            var value = UInt32(lead)
            if length == 3, offset + 2 < utf8.count {
                value = (UInt32(lead & 0x0F) << 12) | (UInt32(utf8[offset + 1] & 0x3F) << 6) | UInt32(utf8[offset + 2] & 0x3F)
            }
            scalars.append((offset, length, length == 3 ? kind(value, centredDots: centredDots) : .other))
            offset += length
        }
        var features: [hb_feature_t] = []
        for (index, scalar) in scalars.enumerated() where scalar.offset >= start && scalar.offset < end {
            let previous = index > 0 ? scalars[index - 1].kind : .other
            let next = index + 1 < scalars.count ? scalars[index + 1].kind : .other
            let halved = switch scalar.kind {
            case .opening: previous == .opening || previous == .closing || previous == .middle || previous == .space
            case .closing: next == .closing || next == .middle || next == .space
            case .middle, .space, .other: false
            }
            if halved {
                features.append(hb_feature_t(tag: halfWidths, value: 1, start: UInt32(scalar.offset),
                                             end: UInt32(scalar.offset + scalar.length)))
            }
        }
        return try features.withUnsafeBufferPointer(body)
    }
}
