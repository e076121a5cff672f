import CTagCloudBreaks

/// What the Unicode Line Breaking Algorithm allows before a character.
enum LineBreakAction: UInt8, Sendable {
    /// No break here (×).
    case prohibited
    /// A break opportunity (÷).
    case allowed
    /// A forced break (!), after a hard line break character.
    case mandatory
}

/// The line-break opportunities of a string by UAX #14, the Unicode Line Breaking Algorithm
/// (revision 49, Unicode 15.0), with the default rules LB1 to LB31, and inside runs of scripts
/// written without spaces (class SA: Thai, Lao, Khmer, Myanmar) the word breaks of ICU's
/// dictionaries, as browsers take them (``allowDictionaryBreaks(in:into:table:)``).
///
/// - Parameter scalars: the text's Unicode scalars.
/// - Returns: `scalars.count + 1` actions; element `i` says what is allowed *before* scalar `i`
///   (element 0 is always `.prohibited` by LB2, the last is always `.mandatory` by LB3).
/// - Complexity: O(n) in the number of scalars.
func lineBreakActions(_ scalars: [Unicode.Scalar]) -> [LineBreakAction] {
    let n = scalars.count
    var result = [LineBreakAction](repeating: .prohibited, count: n + 1)
    guard n > 0 else { return result }
    result[n] = .mandatory
    let table = UnicodeProperties.shared

    // LB1: resolve AI, SG, XX, SA and CJ. LB9/LB10: fold combining marks into units.
    var unitStart: [Int] = []
    var unitClass: [LineBreakClass] = []
    var unitEndsZWJ: [Bool] = []
    unitStart.reserveCapacity(n)
    unitClass.reserveCapacity(n)
    unitEndsZWJ.reserveCapacity(n)
    for (index, scalar) in scalars.enumerated() {
        var cls = table.lineBreakClass(scalar)
        switch cls {
        case .AI, .SG, .XX: cls = .AL
        case .CJ: cls = .NS
        case .SA:
            let category = scalar.properties.generalCategory
            cls = (category == .nonspacingMark || category == .spacingMark) ? .CM : .AL
        default: break
        }
        if cls == .CM || cls == .ZWJ {
            if let last = unitClass.last, !isBreakOrSpace(last) {
                unitEndsZWJ[unitEndsZWJ.count - 1] = cls == .ZWJ      // LB9
                continue
            }
            unitStart.append(index)                                    // LB10
            unitClass.append(.AL)
            unitEndsZWJ.append(cls == .ZWJ)
            continue
        }
        unitStart.append(index)
        unitClass.append(cls)
        unitEndsZWJ.append(false)
    }

    // State carried along the units.
    var beforeSpaces: LineBreakClass? = nil   // the class before the current run of SP (LB8, LB14-17)
    var numeric = 0                           // LB25: 1 after NU (NU|SY|IS)*, 2 after that + (CL|CP)
    var regionalRun = 0                       // LB30a: RI units in a row ending at the previous unit
    func noteUnit(_ k: Int) {
        let c = unitClass[k]
        if c != .SP { beforeSpaces = c }
        switch c {
        case .NU: numeric = 1
        case .SY, .IS: if numeric != 1 { numeric = 0 }
        case .CL, .CP: numeric = numeric == 1 ? 2 : 0
        default: numeric = 0
        }
        regionalRun = c == .RI ? regionalRun + 1 : 0
    }
    noteUnit(0)

    for k in 1..<unitClass.count {
        let a = unitClass[k - 1], b = unitClass[k]
        let before = a == .SP ? beforeSpaces : a
        let action = decide(a, b, before: before, k: k)
        result[unitStart[k]] = action
        noteUnit(k)
    }
    allowDictionaryBreaks(in: scalars, into: &result, table: table)
    return result

    func decide(_ a: LineBreakClass, _ b: LineBreakClass, before c: LineBreakClass?, k: Int) -> LineBreakAction {
        // LB4, LB5: hard breaks.
        if a == .BK { return .mandatory }
        if a == .CR && b == .LF { return .prohibited }
        if a == .CR || a == .LF || a == .NL { return .mandatory }
        // LB6, LB7.
        if b == .BK || b == .CR || b == .LF || b == .NL { return .prohibited }
        if b == .SP || b == .ZW { return .prohibited }
        // LB8: ZW SP* ÷
        if c == .ZW { return .allowed }
        // LB8a: ZWJ ×
        if unitEndsZWJ[k - 1] { return .prohibited }
        // LB11, LB12, LB12a.
        if a == .WJ || b == .WJ { return .prohibited }
        if a == .GL { return .prohibited }
        if b == .GL && a != .SP && a != .BA && a != .HY { return .prohibited }
        // LB13.
        if b == .CL || b == .CP || b == .EX || b == .IS || b == .SY { return .prohibited }
        // LB14 to LB17: rules that look through spaces.
        if c == .OP { return .prohibited }
        if c == .QU && b == .OP { return .prohibited }
        if (c == .CL || c == .CP) && b == .NS { return .prohibited }
        if c == .B2 && b == .B2 { return .prohibited }
        // LB18.
        if a == .SP { return .allowed }
        // LB19, LB20.
        if a == .QU || b == .QU { return .prohibited }
        if a == .CB || b == .CB { return .allowed }
        // LB21, LB21a, LB21b, LB22.
        if b == .BA || b == .HY || b == .NS || a == .BB { return .prohibited }
        if (a == .HY || a == .BA) && k >= 2 && unitClass[k - 2] == .HL { return .prohibited }
        if a == .SY && b == .HL { return .prohibited }
        if b == .IN { return .prohibited }
        // LB23, LB23a, LB24.
        if (a == .AL || a == .HL) && b == .NU || a == .NU && (b == .AL || b == .HL) { return .prohibited }
        if a == .PR && (b == .ID || b == .EB || b == .EM) { return .prohibited }
        if (a == .ID || a == .EB || a == .EM) && b == .PO { return .prohibited }
        if (a == .PR || a == .PO) && (b == .AL || b == .HL) { return .prohibited }
        if (a == .AL || a == .HL) && (b == .PR || b == .PO) { return .prohibited }
        // LB25: numbers.
        if (a == .PR || a == .PO) && b == .NU { return .prohibited }
        if (a == .PR || a == .PO) && (b == .OP || b == .HY) && k + 1 < unitClass.count && unitClass[k + 1] == .NU {
            return .prohibited
        }
        if (a == .OP || a == .HY) && b == .NU { return .prohibited }
        if numeric == 1 && (b == .NU || b == .SY || b == .IS || b == .CL || b == .CP) { return .prohibited }
        if numeric != 0 && (b == .PO || b == .PR) { return .prohibited }
        // LB26, LB27: Korean syllable blocks.
        if a == .JL && (b == .JL || b == .JV || b == .H2 || b == .H3) { return .prohibited }
        if (a == .JV || a == .H2) && (b == .JV || b == .JT) { return .prohibited }
        if (a == .JT || a == .H3) && b == .JT { return .prohibited }
        if isKorean(a) && b == .PO || a == .PR && isKorean(b) { return .prohibited }
        // LB28, LB29.
        if (a == .AL || a == .HL) && (b == .AL || b == .HL) { return .prohibited }
        if a == .IS && (b == .AL || b == .HL) { return .prohibited }
        // LB30: no break between letters or digits and a following non-East-Asian opening bracket,
        // or a non-East-Asian closing parenthesis and a following letter or digit.
        if ((a == .AL || a == .HL) || a == .NU) && b == .OP && !table.isEastAsianWide(scalars[unitStart[k]]) {
            return .prohibited
        }
        if a == .CP && !table.isEastAsianWide(scalars[unitStart[k - 1]]) && ((b == .AL || b == .HL) || b == .NU) {
            return .prohibited
        }
        // LB30a: regional indicators pair up.
        if a == .RI && b == .RI && regionalRun % 2 == 1 { return .prohibited }
        // LB30b: emoji modifiers.
        if b == .EM {
            if a == .EB { return .prohibited }
            let base = scalars[unitStart[k - 1]]
            if table.isExtendedPictographic(base) && base.properties.generalCategory == .unassigned { return .prohibited }
        }
        // LB31.
        return .allowed
    }
}

/// The line-break opportunities a browser takes, which lines are wrapped at: UAX #14's
/// (``lineBreakActions(_:)``, which the Unicode conformance test checks), with the breaks between
/// two printable ASCII characters as Blink takes them (``applyBrowserASCIIBreaks(_:into:)``).
///
/// - Parameter scalars: the text's Unicode scalars.
/// - Returns: `scalars.count + 1` actions, as ``lineBreakActions(_:)``.
func browserLineBreakActions(_ scalars: [Unicode.Scalar]) -> [LineBreakAction] {
    var result = lineBreakActions(scalars)
    applyBrowserASCIIBreaks(scalars, into: &result)
    return result
}

/// The breaks between two printable ASCII characters as a browser takes them
/// (``browserASCIIBreaks``, measured from Chromium), over UAX #14's: Blink decides such pairs from
/// a table of its own, and a label wrapped at the "/" of a URL, where the page kept it whole, made
/// the picture and the page disagree. A "-" before a digit breaks only after an ASCII letter or
/// digit ("a-1"; not "-1" or "(-1", where it is a minus sign), as Blink reads it.
private func applyBrowserASCIIBreaks(_ scalars: [Unicode.Scalar], into result: inout [LineBreakAction]) {
    guard scalars.count >= 2 else { return }
    for index in 1..<scalars.count {
        let before = scalars[index - 1].value, after = scalars[index].value
        guard (0x21...0x7E).contains(before), (0x21...0x7E).contains(after) else { continue }
        var allowed = browserASCIIBreakTable[Int(before - 0x21) * 94 + Int(after - 0x21)]
        if allowed, before == 0x2D, (0x30...0x39).contains(after) {
            let previous = index >= 2 ? scalars[index - 2].value : 0
            allowed = (0x30...0x39).contains(previous) || (0x41...0x5A).contains(previous) || (0x61...0x7A).contains(previous)
        }
        result[index] = allowed ? .allowed : .prohibited
    }
}

/// ``browserASCIIBreaks`` as a table of 94 × 94 pairs, by (before − "!") × 94 + (after − "!").
private let browserASCIIBreakTable: [Bool] = {
    var table = [Bool](repeating: false, count: 94 * 94)
    for (character, afters) in browserASCIIBreaks {
        guard let before = character.asciiValue, (0x21...0x7E).contains(before) else { continue }
        for after in afters.utf8 where (0x21...0x7E).contains(after) { table[Int(before - 0x21) * 94 + Int(after - 0x21)] = true }
    }
    return table
}()

/// Classes that a combining mark cannot attach to (rule LB9).
@inline(__always)
private func isBreakOrSpace(_ c: LineBreakClass) -> Bool {
    c == .BK || c == .CR || c == .LF || c == .NL || c == .SP || c == .ZW
}

/// The Korean syllable classes of rules LB26 and LB27.
@inline(__always)
private func isKorean(_ c: LineBreakClass) -> Bool {
    c == .JL || c == .JV || c == .JT || c == .H2 || c == .H3
}

/// Allows a break at each word boundary ICU's line break iterator finds inside every run of two
/// or more class-SA scalars (Thai, Lao, Khmer, Myanmar), which UAX #14 leaves to a dictionary:
/// without it a Thai label broke only at its spaces, where a browser (ICU's dictionaries too)
/// breaks "ภาษาไทย" into "ภาษา" and "ไทย". If ICU cannot make an iterator, the run keeps no
/// break, as before.
private func allowDictionaryBreaks(in scalars: [Unicode.Scalar], into result: inout [LineBreakAction],
                                   table: UnicodeProperties) {
    let n = scalars.count
    var start = 0
    while start < n {
        guard table.lineBreakClass(scalars[start]) == .SA else { start += 1; continue }
        var end = start + 1
        while end < n && table.lineBreakClass(scalars[end]) == .SA { end += 1 }
        defer { start = end }
        guard end - start > 1 else { continue }
        // The run in UTF-16, and the scalar each code unit offset starts.
        var units: [UInt16] = []
        var scalarAt: [Int] = []
        for index in start..<end {
            UTF16.encode(scalars[index]) { unit in
                scalarAt.append(index)
                units.append(unit)
            }
        }
        scalarAt.append(end)
        var breaks = [Int32](repeating: 0, count: units.count)
        let count = Int(tagcloud_dictionary_breaks(units, Int32(units.count), &breaks, Int32(breaks.count)))
        for boundary in breaks.prefix(max(count, 0)).map(Int.init) where boundary > 0 && boundary < units.count {
            let scalar = scalarAt[boundary]
            // A boundary inside a scalar (never, for these scripts) is not one.
            if scalarAt[boundary - 1] != scalar, result[scalar] == .prohibited { result[scalar] = .allowed }
        }
    }
}
