import Foundation
import TOMLKit

/// The dates that decide whether a static site publishes a page now: Hugo leaves out a page whose
/// publish date is in the future (unless `--buildFuture`) or whose expiry date has passed (unless
/// `--buildExpired`), and Jekyll a post dated in the future (unless `--future`). Their tags are not
/// on the site, so they are not counted either.
///
/// The keys are Hugo's, matched ignoring case: the publish date is `publishDate`, else `pubDate`,
/// else `published` (when it is a date, not Jekyll's boolean), else `date` (Jekyll's); the expiry
/// date is `expiryDate`, else `unpublishDate`. A Jekyll post without a date in its front matter
/// is dated by its file name (`2026-12-01-title.md`).
struct PageDates: Equatable {
    /// When the page is published, if it says.
    var publish: Date?
    /// When the page stops being published, if it says.
    var expiry: Date?
    /// Whether ``publish`` and ``expiry`` were written without a time zone (`2026-12-03`,
    /// `2026-12-03 10:00`, a Jekyll post's file name): read as UTC, they are moved to the site's
    /// own time zone by ``placed(in:)``.
    var publishFloats = false
    var expiryFloats = false

    /// The dates with those written without a time zone read in `zone` (Jekyll's `timezone`,
    /// Hugo's `timeZone`) instead of UTC.
    func placed(in zone: TimeZone?) -> PageDates {
        var placed = self
        if publishFloats, let publish { placed.publish = Self.placed(publish, in: zone) }
        if expiryFloats, let expiry { placed.expiry = Self.placed(expiry, in: zone) }
        return placed
    }

    /// A wall-clock time read as UTC (a date written without a zone, a post's file-name date),
    /// read in `zone` instead: less the zone's offset at that moment (exact but within the hour a
    /// clock change repeats or skips).
    static func placed(_ date: Date, in zone: TimeZone?) -> Date {
        guard let zone else { return date }
        let first = date.addingTimeInterval(-Double(zone.secondsFromGMT(for: date)))
        return date.addingTimeInterval(-Double(zone.secondsFromGMT(for: first)))
    }

    /// The keys read for each date, most preferred first (Hugo's defaults; `published` is a date
    /// there, and Jekyll's `published: false` is not one).
    static let publishKeys = ["publishdate", "pubdate", "published", "date"]
    static let expiryKeys = ["expirydate", "unpublishdate"]

    /// The dates of a Hugo page whose site names their sources (`[frontmatter]`, checked with
    /// Hugo 0.111): each list is tried in order, the first source that gives a date wins. A source
    /// is a front matter key (in any case; `publishDate` also reads `pubDate` and `published`,
    /// `expiryDate` `unpublishDate`), `:default` (Hugo's list: `publishDate` then `date`, or
    /// `expiryDate`), `:filename` (a name that starts with `YYYY-MM-DD`: the file's, or its
    /// folder's for a bundle's `index` page), `:fileModTime` (the file's modification time);
    /// `:git` gives none here. A `nil` list is Hugo's default.
    static func fromHugoSources(publish: [String]?, expiry: [String]?,
                                readings: [String: (reading: Reading, line: Int)], file: URL, name: String) -> PageDates {
        let aliases = ["publishdate": ["publishdate", "pubdate", "published"], "expirydate": ["expirydate", "unpublishdate"]]
        func pick(_ list: [String], defaults: [String]) -> (Date, Bool)? {
            for source in list.flatMap({ $0.lowercased() == ":default" ? defaults : [$0] }) {
                switch source.lowercased() {
                case ":filename":
                    var base = file.deletingPathExtension().lastPathComponent
                    if base == "index" || base == "_index" { base = file.deletingLastPathComponent().lastPathComponent }
                    if base.utf8.count >= 10, let date = HugoDates.parse(String(base.prefix(10))) { return date }
                case ":filemodtime":
                    var status = stat()
                    if stat(file.path, &status) == 0 {
                        return (Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9), false)
                    }
                case ":git":
                    continue
                case let key:
                    for alias in aliases[key] ?? [key] {
                        if case .date(let date, let floats)? = readings[alias]?.reading { return (date, floats) }
                    }
                }
            }
            return nil
        }
        var dates = PageDates()
        let publishDate = pick(publish ?? [":default"], defaults: ["publishdate", "date"])
        let expiryDate = pick(expiry ?? [":default"], defaults: ["expirydate"])
        dates.publish = publishDate?.0
        dates.publishFloats = publishDate?.1 ?? false
        dates.expiry = expiryDate?.0
        dates.expiryFloats = expiryDate?.1 ?? false
        return dates
    }

    /// Why the page is not published at `now`, or `nil` when it is.
    ///
    /// - Parameters:
    ///   - now: The moment of the count.
    ///   - future: Whether pages dated after `now` count (Hugo's `--buildFuture`).
    ///   - expired: Whether pages expired at `now` count (Hugo's `--buildExpired`).
    func leftOut(at now: Date, future: Bool, expired: Bool) -> SiteTags.LeftOut? {
        if !future, let publish, publish > now { return .future }
        if !expired, let expiry, expiry <= now { return .expired }
        return nil
    }

    /// What a date key's value reads as.
    enum Reading: Equatable {
        /// A date, and whether it was written without a time zone (``PageDates/placed(in:)``).
        case date(Date, floats: Bool = false)
        /// No date: empty, null, a boolean under `published` (Jekyll's), or one of Eleventy's
        /// words for the file's own dates (`Last Modified`, `git Created`, …), which are never
        /// in the future.
        case none
        /// Not a date; the text, quoted, to report.
        case invalid(String)
    }

    /// Eleventy's values of `date` that name the file's dates.
    static let eleventyDateWords: Set<String> = ["Last Modified", "Created", "git Last Modified", "git Created"]

    /// What a date key's text reads as (``Reading``): a date ``date(_:)`` reads, a whole number of
    /// seconds since 1970 (as Hugo reads an integer), or nothing.
    ///
    /// - Parameters:
    ///   - hugo: Whether the page is a Hugo site's: the text is then a date only as Hugo 0.111
    ///     reads one (``HugoDates``: `2026-12-03 10:00` is none there, `02 Jan 2026` is one).
    ///   - plainInteger: Whether digits alone are a number (a plain YAML scalar), seconds since
    ///     1970 to Hugo; a quoted `"20260101"` is text, and no date to Hugo.
    static func reading(_ text: String, key: String, hugo: Bool = false, plainInteger: Bool = true) -> Reading {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || eleventyDateWords.contains(trimmed) { return .none }
        if key == "published", ["true", "false"].contains(trimmed.lowercased()) { return .none }
        if hugo {
            if let (date, floats) = HugoDates.parse(text) { return .date(date, floats: floats) }
        } else if let (date, floats) = dateAndZone(trimmed) {
            return .date(date, floats: floats)
        }
        if !hugo || plainInteger, trimmed.count <= 12, trimmed.allSatisfy(\.isASCII), let seconds = Int(trimmed) {
            return .date(Date(timeIntervalSince1970: Double(seconds)))
        }
        return .invalid(quoted(text, limit: 40))
    }

    /// What a TOML date key's value reads as: a TOML date or date-time, or text as
    /// ``reading(_:key:hugo:plainInteger:)`` reads it, an integer as seconds since 1970.
    static func reading(_ value: any TOMLValueConvertible, key: String, hugo: Bool = false) -> Reading {
        if let date = date(value) { return .date(date, floats: value.dateTime.map { $0.offset == nil } ?? true) }
        if let text = value.string { return reading(text, key: key, hugo: hugo, plainInteger: false) }
        if let seconds = value.int { return .date(Date(timeIntervalSince1970: Double(seconds))) }
        if key == "published", value.bool != nil { return .none }
        return .invalid("(a TOML \(value.type))")
    }

    /// The date a text names, as front matter writes dates (YAML timestamps, TOML strings, Jekyll's
    /// `2026-12-01 10:00:00 +0200`); `nil` when it is not one.
    ///
    /// Accepted: `YYYY-MM-DD` (month and day of one or two digits, as YAML 1.1 timestamps), then
    /// optionally `T` or spaces and `HH:MM`, `:SS` and a fraction, then optionally `Z` or an offset (`+02:00`, `+0200`, `-05`, `-5`), with or without a space
    /// before it. A date without an offset is in UTC (Hugo's default time zone).
    static func date(_ text: String) -> Date? {
        dateAndZone(text)?.date
    }

    /// Whether a plain scalar is a YAML 1.1 timestamp with a time (`2026-12-04 04:00:00`,
    /// `2026-12-04T04:00:00.5`), which YAML readers (Psych) give as a time in UTC when it names
    /// no zone: the hour and minute, then seconds, are required.
    static func isYAMLTimestampWithTime(_ text: String) -> Bool {
        text.range(of: #"^\d{4}-\d{1,2}-\d{1,2}([Tt]|[ \t]+)\d{1,2}:\d{2}:\d{2}(\.\d*)?([ \t]*(Z|[-+]\d{1,2}(:?\d{2})?))?$"#,
                   options: .regularExpression) != nil
    }

    /// ``date(_:)``, and whether the text gave no time zone (no `Z` nor offset).
    static func dateAndZone(_ text: String) -> (date: Date, floats: Bool)? {
        var scanner = DateScanner(text.trimmingCharacters(in: .whitespaces))
        var floats = true
        guard let year = scanner.number(digits: 4), scanner.take("-"),
              let month = scanner.number(digits: 1, atMost: 2), scanner.take("-"),
              let day = scanner.number(digits: 1, atMost: 2) else { return nil }
        var hour = 0, minute = 0, second = 0.0, offsetMinutes = 0
        if scanner.take("T") || scanner.take("t") || scanner.skipSpaces() {
            if let parsedHour = scanner.number(digits: 2, atMost: 2) {
                guard scanner.take(":"), let parsedMinute = scanner.number(digits: 2) else { return nil }
                hour = parsedHour
                minute = parsedMinute
                if scanner.take(":") {
                    guard let whole = scanner.number(digits: 2) else { return nil }
                    second = Double(whole)
                    if scanner.take("."), let fraction = scanner.digits() {
                        second += Double("0." + fraction) ?? 0
                    }
                }
                _ = scanner.skipSpaces()
                if scanner.take("Z") || scanner.take("z") {
                    offsetMinutes = 0
                    floats = false
                } else if let sign = scanner.sign() {
                    floats = false
                    guard let hours = scanner.number(digits: 1, atMost: 2) else { return nil }
                    _ = scanner.take(":")
                    let minutes = scanner.number(digits: 2) ?? 0
                    guard hours <= 23, minutes <= 59 else { return nil }
                    offsetMinutes = sign * (hours * 60 + minutes)
                }
            }
        }
        guard scanner.isAtEnd else { return nil }
        return utcDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                       offsetMinutes: offsetMinutes).map { ($0, floats) }
    }

    /// A TOML date value as a date: an offset or local date-time, or a local date (at midnight
    /// UTC); `nil` for anything else (a string is read by ``reading(_:key:)``).
    static func date(_ value: any TOMLValueConvertible) -> Date? {
        if let dateTime = value.dateTime {
            let time = dateTime.time
            return utcDate(year: dateTime.date.year, month: dateTime.date.month, day: dateTime.date.day,
                           hour: time.hour, minute: time.minute,
                           second: Double(time.second) + Double(time.nanoSecond) / 1e9,
                           offsetMinutes: dateTime.offset?.offset ?? 0)
        }
        if let date = value.date {
            return utcDate(year: date.year, month: date.month, day: date.day, hour: 0, minute: 0, second: 0, offsetMinutes: 0)
        }
        return nil
    }

    /// The date a Jekyll post's file name starts with (`2026-12-01-title.md`, Jekyll's pattern:
    /// a year of two to four digits, a month and a day of one or two, a title (which may be
    /// empty: `2026-12-01-.md`) and an extension),
    /// at midnight UTC; `nil` when the name is not a post's (Jekyll does not publish the file).
    static func fileNameDate(_ path: String) -> Date? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let parts = name.split(separator: "-", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, (2...4).contains(parts[0].count), (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
              parts[0...2].allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              let dot = parts[3].lastIndex(of: "."), parts[3].index(after: dot) != parts[3].endIndex
        else { return nil }
        return utcDate(year: year, month: month, day: day, hour: 0, minute: 0, second: 0, offsetMinutes: 0)
    }

    /// The moment of a calendar date and time at an offset from UTC, checked: `nil` for a month,
    /// day, hour, minute or second out of range (February 30th is not March 2nd).
    static func utcDate(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double,
                                offsetMinutes: Int) -> Date? {
        guard (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute),
              second >= 0, second < 61 else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...days[month - 1]).contains(day) else { return nil }
        // Days since 1970-01-01 by the civil-from-days inverse (proleptic Gregorian calendar).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let daysSinceEpoch = era * 146_097 + dayOfEra - 719_468
        let seconds = Double(daysSinceEpoch * 86_400 + hour * 3_600 + minute * 60 - offsetMinutes * 60) + second
        return Date(timeIntervalSince1970: seconds)
    }
}

/// Reads a date's text from the front.
private struct DateScanner {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    var isAtEnd: Bool { index == scalars.count }

    /// Takes `scalar` if it is next.
    mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard index < scalars.count, scalars[index] == scalar else { return false }
        index += 1
        return true
    }

    /// Takes spaces and tabs; whether there were any.
    mutating func skipSpaces() -> Bool {
        let start = index
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
        return index > start
    }

    /// Takes `+` or `-`, as 1 or -1.
    mutating func sign() -> Int? {
        if take("+") { return 1 }
        if take("-") { return -1 }
        return nil
    }

    /// Takes the ASCII digits that are next, if any.
    mutating func digits() -> String? {
        let start = index
        while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
        return index > start ? String(String.UnicodeScalarView(scalars[start..<index])) : nil
    }

    /// Takes a number of exactly `digits` digits (or between 1 and `atMost`), if next.
    mutating func number(digits count: Int, atMost: Int? = nil) -> Int? {
        let start = index
        while index < scalars.count, index - start < (atMost ?? count), ("0"..."9").contains(scalars[index]) { index += 1 }
        let length = index - start
        guard length == count || (atMost != nil && length >= 1) else {
            index = start
            return nil
        }
        return Int(String(String.UnicodeScalarView(scalars[start..<index])))
    }
}
