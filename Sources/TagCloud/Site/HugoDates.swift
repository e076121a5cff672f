import Foundation

/// Dates as Hugo 0.111 reads a front matter string: with `cast`'s list of Go time layouts, the
/// first that takes the whole text (`spf13/cast`'s `StringToDateInDefaultLocation`). A text none
/// of them takes is no date to Hugo, which then ignores the key: `2026-12-03 10:00` (no seconds)
/// and `2026-1-3` are no dates there, `02 Jan 2026` and `Mon, 02 Jan 2026 15:04:05 MST` are.
///
/// Go's parsing rules are followed where these layouts use them: `01`, `02`, `04` and `05` take
/// exactly two digits, `15` and `_2` one or two, `2006` four, `06` two (69 to 99 in the 1900s);
/// month and day names match in any case; a run of spaces in a layout matches a run of at least
/// one; a fraction may follow the seconds; a zone abbreviation (`MST`) is at offset 0 (`GMT+3`
/// at its hours), as Go fabricates an unknown zone in Hugo's default time zone, UTC. Layouts
/// without a zone give a time in the site's zone (``PageDates/placed(in:)``); time-only layouts
/// (`3:04PM`) give a time in year 0, long past.
enum HugoDates {
    /// The layouts, in `cast`'s order (v1.5).
    static let layouts = [
        "2006-01-02T15:04:05Z07:00", "2006-01-02T15:04:05", "Mon, 02 Jan 2006 15:04:05 -0700", "Mon, 02 Jan 2006 15:04:05 MST",
        "02 Jan 06 15:04 -0700", "02 Jan 06 15:04 MST", "Monday, 02-Jan-06 15:04:05 MST", "2006-01-02 15:04:05.999999999 -0700 MST",
        "2006-01-02T15:04:05-0700", "2006-01-02 15:04:05Z0700", "2006-01-02 15:04:05", "Mon Jan _2 15:04:05 2006",
        "Mon Jan _2 15:04:05 MST 2006", "Mon Jan 02 15:04:05 -0700 2006", "2006-01-02 15:04:05Z07:00", "2006-01-02", "02 Jan 2006",
        "2006-01-02 15:04:05 -07:00", "2006-01-02 15:04:05 -0700", "3:04PM", "Jan _2 15:04:05", "Jan _2 15:04:05.000",
        "Jan _2 15:04:05.000000", "Jan _2 15:04:05.000000000",
    ].map(tokens)

    /// The date `text` names to Hugo, and whether it named no zone; `nil` when no layout takes it.
    static func parse(_ text: String) -> (date: Date, floats: Bool)? {
        let bytes = Array(text.utf8)
        guard bytes.count <= 64 else { return nil }
        for layout in layouts {
            if let parsed = parse(bytes, layout) { return parsed }
        }
        return nil
    }

    /// One element of a layout.
    enum Token: Equatable {
        case literal(UInt8)
        case longYear, year, zeroMonth, monthName, weekday, longWeekday, zeroDay, underDay
        case hour, hour12, zeroMinute, zeroSecond, pm, zoneName
        /// `Z07:00`, `Z0700` (a `Z` or an offset), `-07:00`, `-0700` (an offset).
        case offset(allowsZ: Bool, colon: Bool)
        /// `.999999999`: an optional fraction; `.000`: exactly that many digits.
        case optionalFraction, fraction(Int)
    }

    private static let names: [(String, Token)] = [
        ("2006", .longYear), ("Monday", .longWeekday), ("Mon", .weekday), ("MST", .zoneName), ("Jan", .monthName),
        ("Z07:00", .offset(allowsZ: true, colon: true)), ("Z0700", .offset(allowsZ: true, colon: false)),
        ("-07:00", .offset(allowsZ: false, colon: true)), ("-0700", .offset(allowsZ: false, colon: false)),
        (".999999999", .optionalFraction), (".000000000", .fraction(9)), (".000000", .fraction(6)), (".000", .fraction(3)),
        ("06", .year), ("01", .zeroMonth), ("02", .zeroDay), ("_2", .underDay), ("15", .hour), ("04", .zeroMinute),
        ("05", .zeroSecond), ("PM", .pm), ("3", .hour12),
    ]

    /// A Go layout as tokens.
    static func tokens(_ layout: String) -> [Token] {
        var result: [Token] = []
        var rest = Substring(layout)
        while let first = rest.utf8.first {
            if let (name, token) = names.first(where: { rest.hasPrefix($0.0) }) {
                result.append(token)
                rest = rest.dropFirst(name.count)
            } else {
                result.append(.literal(first))
                rest = rest.dropFirst()
            }
        }
        return result
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let days = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// The text as one layout gives it, or `nil`.
    private static func parse(_ value: [UInt8], _ layout: [Token]) -> (date: Date, floats: Bool)? {
        var index = 0
        var year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0.0
        var pm: Bool?, numericOffset: Int?, namedOffset: Int?
        func isDigit(_ at: Int) -> Bool { at < value.count && value[at] >= 48 && value[at] <= 57 }
        func digit(_ at: Int) -> Int { Int(value[at]) - 48 }
        /// Go's `getnum`: one or two digits, exactly two when `fixed`.
        func number(fixed: Bool) -> Int? {
            guard isDigit(index) else { return nil }
            guard isDigit(index + 1) else {
                if fixed { return nil }
                index += 1
                return digit(index - 1)
            }
            index += 2
            return digit(index - 2) * 10 + digit(index - 1)
        }
        /// A name of `list` (case ignored), matched by its first three letters or whole.
        func name(_ list: [String], whole: Bool) -> Int? {
            for (position, full) in list.enumerated() {
                let word = Array((whole ? full : String(full.prefix(3))).utf8)
                guard index + word.count <= value.count else { continue }
                if zip(value[index..<(index + word.count)], word).allSatisfy({ ($0 | 0x20) == $1 }) {
                    index += word.count
                    return position
                }
            }
            return nil
        }
        func fractionDigits(_ count: Int) -> Double {
            var fraction = 0.0, scale = 0.1
            for k in 0..<count {
                fraction += Double(digit(index + k)) * scale
                scale /= 10
            }
            index += count
            return fraction
        }
        for (position, token) in layout.enumerated() {
            switch token {
            case .literal(let byte):
                if byte == UInt8(ascii: " ") {
                    // A run of spaces matches a run of at least one.
                    guard index < value.count, value[index] == byte else { return nil }
                    while index < value.count, value[index] == byte { index += 1 }
                } else {
                    guard index < value.count, value[index] == byte else { return nil }
                    index += 1
                }
            case .longYear:
                guard (0..<4).allSatisfy({ isDigit(index + $0) }) else { return nil }
                year = (0..<4).reduce(0) { $0 * 10 + digit(index + $1) }
                index += 4
            case .year:
                guard isDigit(index), isDigit(index + 1) else { return nil }
                let short = digit(index) * 10 + digit(index + 1)
                year = short >= 69 ? 1900 + short : 2000 + short
                index += 2
            case .zeroMonth:
                guard let read = number(fixed: true), (1...12).contains(read) else { return nil }
                month = read
            case .monthName:
                guard let read = name(months, whole: false) else { return nil }
                month = read + 1
            case .weekday:
                guard name(days, whole: false) != nil else { return nil }
            case .longWeekday:
                guard name(days, whole: true) != nil else { return nil }
            case .zeroDay, .underDay:
                if token == .underDay, index < value.count, value[index] == UInt8(ascii: " ") { index += 1 }
                guard let read = number(fixed: token == .zeroDay) else { return nil }
                day = read
            case .hour:
                guard let read = number(fixed: false), read < 24 else { return nil }
                hour = read
            case .hour12:
                guard let read = number(fixed: false), read <= 12 else { return nil }
                hour = read
            case .zeroMinute:
                guard let read = number(fixed: true), read < 60 else { return nil }
                minute = read
            case .zeroSecond:
                guard let read = number(fixed: true), read < 60 else { return nil }
                second = Double(read)
                // A fraction may follow the seconds though the layout has none there.
                let next = position + 1 < layout.count ? layout[position + 1] : nil
                if next != .optionalFraction, !(next.map { if case .fraction = $0 { true } else { false } } ?? false),
                   index + 1 < value.count, value[index] == UInt8(ascii: ".") || value[index] == UInt8(ascii: ","), isDigit(index + 1) {
                    index += 1
                    var count = 0
                    while isDigit(index + count) { count += 1 }
                    second += fractionDigits(count)
                }
            case .optionalFraction:
                guard index + 1 < value.count, value[index] == UInt8(ascii: ".") || value[index] == UInt8(ascii: ","),
                      isDigit(index + 1) else { continue }
                index += 1
                var count = 0
                while isDigit(index + count) { count += 1 }
                second += fractionDigits(count)
            case .fraction(let count):
                guard index < value.count, value[index] == UInt8(ascii: ".") || value[index] == UInt8(ascii: ","),
                      (1...count).allSatisfy({ isDigit(index + $0) }) else { return nil }
                index += 1
                second += fractionDigits(count)
            case .pm:
                guard index + 1 < value.count else { return nil }
                switch (value[index], value[index + 1]) {
                case (UInt8(ascii: "P"), UInt8(ascii: "M")): pm = true
                case (UInt8(ascii: "A"), UInt8(ascii: "M")): pm = false
                default: return nil
                }
                index += 2
            case .zoneName:
                guard let length = zoneNameLength(value, from: index) else { return nil }
                let zone = String(decoding: value[index..<(index + length)], as: UTF8.self)
                index += length
                // An abbreviation UTC does not know is at offset 0 (GMT+3 at its hours), as Go makes it.
                namedOffset = zone.hasPrefix("GMT") && zone.count > 3 ? (Int(zone.dropFirst(3)) ?? 0) * 60 : 0
            case .offset(let allowsZ, let colon):
                if allowsZ, index < value.count, value[index] == UInt8(ascii: "Z") {
                    index += 1
                    numericOffset = 0
                    continue
                }
                guard index < value.count, value[index] == UInt8(ascii: "+") || value[index] == UInt8(ascii: "-") else { return nil }
                let sign = value[index] == UInt8(ascii: "-") ? -1 : 1
                let width = colon ? 6 : 5
                guard index + width <= value.count, isDigit(index + 1), isDigit(index + 2),
                      !colon || value[index + 3] == UInt8(ascii: ":"), isDigit(index + width - 2), isDigit(index + width - 1) else { return nil }
                let hours = digit(index + 1) * 10 + digit(index + 2)
                let minutes = digit(index + width - 2) * 10 + digit(index + width - 1)
                guard hours < 24, minutes < 60 else { return nil }
                numericOffset = sign * (hours * 60 + minutes)
                index += width
            }
        }
        guard index == value.count else { return nil }
        if let pm {
            if pm, hour < 12 { hour += 12 } else if !pm, hour == 12 { hour = 0 }
        }
        // Time-only layouts: year 0, which no page's publish date waits for.
        if !layout.contains(.longYear), !layout.contains(.year) { return (Date.distantPast, true) }
        // A numeric offset wins over a zone's name (`-0700 MST`), as in Go.
        let offsetMinutes = numericOffset ?? namedOffset
        guard let date = PageDates.utcDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                                           offsetMinutes: offsetMinutes ?? 0) else { return nil }
        return (date, offsetMinutes == nil)
    }

    /// The length of a zone abbreviation at `start`, as Go's `parseTimeZone` takes one: `UTC`,
    /// three upper-case letters, four or five ending in `T` (`WITA`, `ChST`, `MeST` too), or
    /// `GMT` with an hour offset.
    private static func zoneNameLength(_ value: [UInt8], from start: Int) -> Int? {
        let rest = value[start...]
        guard rest.count >= 3 else { return nil }
        let text = String(decoding: rest.prefix(5), as: UTF8.self)
        if text.hasPrefix("ChST") || text.hasPrefix("MeST") { return 4 }
        if text.hasPrefix("GMT") {
            var length = 3
            if rest.count > 3, rest[start + 3] == UInt8(ascii: "+") || rest[start + 3] == UInt8(ascii: "-") {
                var digits = 0
                while start + 4 + digits < value.count, value[start + 4 + digits] >= 48, value[start + 4 + digits] <= 57 { digits += 1 }
                guard digits >= 1, digits <= 2 else { return 3 }
                length = 4 + digits
            }
            return length
        }
        var upper = 0
        while upper < min(rest.count, 6), (65...90).contains(rest[start + upper]) { upper += 1 }
        switch upper {
        case 3: return 3
        case 4: return rest[start + 3] == UInt8(ascii: "T") || text.hasPrefix("WITA") ? 4 : nil
        case 5: return rest[start + 4] == UInt8(ascii: "T") ? 5 : nil
        default: return nil
        }
    }
}
