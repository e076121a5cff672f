import Foundation
import Testing
@testable import TagCloud

/// Pages a site does not publish yet or any more (Hugo's and Jekyll's rules), the dates they are
/// read by, and how what is left out is told.
@Suite struct PageDatesTests {
    /// 2026-06-15T12:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_781_524_800)

    @Test func dateTextsAsFrontMatterWritesThem() throws {
        let cases: [(String, Double)] = [
            ("2026-06-15", 1_781_481_600),                       // midnight UTC
            ("2026-06-15T12:00:00Z", 1_781_524_800),
            ("2026-06-15t12:00:00z", 1_781_524_800),
            ("2026-06-15T14:00:00+02:00", 1_781_524_800),
            ("2026-06-15 14:00:00 +0200", 1_781_524_800),         // Jekyll
            ("2026-06-15 07:00:00 -05", 1_781_524_800),
            ("2026-06-15 12:00", 1_781_524_800),                  // Publish
            ("2026-06-15T12:00:00.5Z", 1_781_524_800.5),
            ("  2026-06-15  ", 1_781_481_600),
            ("2024-02-29", 1_709_164_800),                        // a leap day
            ("1969-12-31T23:59:59Z", -1),
            ("2026-6-5", 1_780_617_600),                          // YAML 1.1's one-digit month and day
            ("2026-06-15 07:00:00 -5", 1_781_524_800),
        ]
        for (text, seconds) in cases {
            #expect(PageDates.date(text) == Date(timeIntervalSince1970: seconds), "\(text)")
        }
        for text in ["", "next tuesday", "2026-615", "2026-13-01", "2026-02-29", "2026-06-31", "2026-06-15T25:00",
                     "2026-06-15T12", "2026-06-15T12:00:00+25:00", "2026-06-15x", "20260615", "2026-06-15T12:00:00Z junk"] {
            #expect(PageDates.date(text) == nil, "\(text)")
        }
        #expect(PageDates.fileNameDate("_posts/2026-06-16-hello.md") == PageDates.date("2026-06-16"))
        #expect(PageDates.fileNameDate("_posts/hello.md") == nil)
        #expect(PageDates.fileNameDate("_posts/2026-06-16.md") == nil)
        #expect(PageDates.fileNameDate("_posts/2030-1-5-short.md") == PageDates.date("2030-01-05"))
        for name in ["20300101-x.md", "2030-01-01_x.md", "10000-01-01-x.md", "2030-01-01-x", "2030-02-30-x.md"] {
            #expect(PageDates.fileNameDate("_posts/" + name) == nil, "\(name)")
        }
    }

    /// Hugo 0.111's dates are `cast`'s Go layouts: what they take, at which offset, and what they
    /// do not take (a time without seconds, one-digit months, digits alone as text).
    @Test func hugoReadsTheLayoutsCastReads() throws {
        let cases: [(String, Double, floats: Bool)] = [
            ("2026-06-15", 1_781_481_600, true),
            ("2026-06-15T12:00:00Z", 1_781_524_800, false),
            ("2026-06-15T14:00:00+02:00", 1_781_524_800, false),
            ("2026-06-15T12:00:00", 1_781_524_800, true),
            ("2026-06-15 12:00:00", 1_781_524_800, true),
            ("2026-06-15 14:00:00 +0200", 1_781_524_800, false),
            ("2026-06-15 14:00:00 +02:00", 1_781_524_800, false),
            ("2026-06-15 12:00:00Z", 1_781_524_800, false),
            ("2026-06-15T12:00:00.5Z", 1_781_524_800.5, false),
            ("2026-06-15T9:00:00Z", 1_781_514_000, false),
            ("15 Jun 2026", 1_781_481_600, true),
            ("15 JUN 2026", 1_781_481_600, true),
            ("Mon, 15 Jun 2026 12:00:00 GMT", 1_781_524_800, false),
            ("Mon, 15 Jun 2026 14:00:00 +0200", 1_781_524_800, false),
            ("Monday, 15-Jun-26 12:00:00 UTC", 1_781_524_800, false),
            ("15 Jun 26 12:00 MST", 1_781_524_800, false),
            ("Mon Jun 15 12:00:00 2026", 1_781_524_800, true),
            ("Mon Jun 15 12:00:00 UTC 2026", 1_781_524_800, false),
            ("Mon Jun 15 14:00:00 +0200 2026", 1_781_524_800, false),
            ("2026-06-15 14:00:00.25 +0200 CEST", 1_781_524_800.25, false),
        ]
        for (text, seconds, floats) in cases {
            let parsed = HugoDates.parse(text)
            #expect(parsed?.date == Date(timeIntervalSince1970: seconds) && parsed?.floats == floats, "\(text): \(String(describing: parsed))")
        }
        #expect(HugoDates.parse("3:04PM")?.date == .distantPast)
        for text in ["2026-06-15 12:00", "2026-6-15", "20260615", "2026-06-15T12:00", "15 June 2026", "2026-06-15 12:00:00 junk",
                     "2026-06-31", "2026-06-15T24:00:00Z", " 2026-06-15", "next tuesday", "2026-06-15T12:00:00+25:00"] {
            #expect(HugoDates.parse(text) == nil, "\(text)")
        }
        // In a Hugo site's front matter digits alone are seconds when plain, text when quoted.
        #expect(PageDates.reading("1000000000", key: "date", hugo: true, plainInteger: true) == .date(Date(timeIntervalSince1970: 1e9)))
        #expect(PageDates.reading("20010101", key: "date", hugo: true, plainInteger: false) == .invalid("\"20010101\""))
        #expect(PageDates.reading("2999-01-01 10:00", key: "date", hugo: true) == .invalid("\"2999-01-01 10:00\""))
    }

    /// Every day of four years round-trips through the calendar arithmetic, against Foundation's.
    @Test func calendarArithmeticAgreesWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var day = try #require(calendar.date(from: DateComponents(year: 1999, month: 1, day: 1)))
        for _ in 0..<(4 * 366) {
            let parts = calendar.dateComponents([.year, .month, .day], from: day)
            let text = String(format: "%04d-%02d-%02dT06:30:15Z", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
            #expect(PageDates.date(text) == day.addingTimeInterval(6 * 3600 + 30 * 60 + 15), "\(text)")
            day = day.addingTimeInterval(86_400)
        }
    }

    private func names(_ site: SiteTags) -> Set<String> { Set(site.terms.map(\.name)) }

    @Test func futureAndExpiredPagesAreLeftOutAsHugoAndJekyllLeaveThemOut() throws {
        let folder = try site([
            "content/past.md": "---\ndate: 2026-06-01\ntags: [past]\n---\n",
            "content/future.md": "---\ndate: 2026-06-15T12:00:01Z\ntags: [future]\n---\n",
            // publishDate wins over date, and pubDate over date.
            "content/publish.md": "---\ndate: 2020-01-01\npublishDate: 2027-01-01\ntags: [publishLater]\n---\n",
            "content/pub.md": "---\ndate: 2030-01-01\npubdate: 2020-01-01\ntags: [pubEarlier]\n---\n",
            "content/expired.toml.md": "+++\nexpiryDate = 2026-06-15T12:00:00Z\ntags = [\"expired\"]\n+++\n",
            "content/unpublish.md": "---\nunpublishdate: \"2026-06-16\"\ntags: [stillOn]\n---\n",
            "content/tomlfuture.md": "+++\ndate = 2026-06-15T14:00:01+02:00\ntags = [\"tomlFuture\"]\n+++\n",
            "content/tomllocal.md": "+++\ndate = 2026-06-15\ntags = [\"tomlLocalDate\"]\n+++\n",
            "content/json.md": "{\n\"date\": \"2099-01-01\",\n\"tags\": [\"jsonFuture\"]\n}\n",
            "_posts/2026-06-16-tomorrow.md": "---\ntags: [jekyllTomorrow]\n---\n",
            "_posts/2026-06-14-yesterday.md": "---\ntags: [jekyllYesterday]\n---\n",
            // The front matter's date wins over the file name's.
            "_posts/2026-06-16-dated.md": "---\ndate: 2026-06-15 13:00:00 +0200\ntags: [jekyllDated]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = SiteTags.Options()
        options.now = Self.now
        let site = try SiteTags.collect(from: [folder], options: options)
        #expect(names(site) == ["past", "pubEarlier", "stillOn", "tomlLocalDate", "jekyllYesterday", "jekyllDated"])
        #expect(site.leftOut == [.future: 5, .expired: 1])
        #expect(site.problems.isEmpty, "\(site.problems)")
        #expect(site.filesRead == 6)

        options.includeFuture = true
        #expect(names(try SiteTags.collect(from: [folder], options: options)).isSuperset(of: ["future", "publishLater", "tomlFuture", "jsonFuture", "jekyllTomorrow"]))
        #expect(try SiteTags.collect(from: [folder], options: options).leftOut == [.expired: 1])
        options.includeExpired = true
        let all = try SiteTags.collect(from: [folder], options: options)
        #expect(all.terms.count == 12 && all.leftOut.isEmpty)
    }

    /// A date that cannot be read does not hide the page: it is counted, and the date reported
    /// at its line.
    @Test func anUnreadableDateIsReportedAndThePageCounted() throws {
        let folder = try site(["content/a.md": "---\ntitle: A\ndate: next tuesday\ntags: [kept]\n---\n",
                               "content/b.md": "+++\nexpiryDate = \"soon\"\ntags = [\"alsoKept\"]\n+++\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = SiteTags.Options()
        options.now = Self.now
        let site = try SiteTags.collect(from: [folder], options: options)
        #expect(names(site) == ["kept", "alsoKept"])
        #expect(site.problems.map(\.line) == [3, 2])
        #expect(site.problems.first?.description.hasSuffix("date \"next tuesday\" is not a date (YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SS with an offset if any); "
                                                         + "it was ignored") == true)
        #expect(site.problems.allSatisfy { $0.skipped == .nothing })
    }

    /// As Hugo ranks dates: an empty or null one is passed over silently and the next key read
    /// (a bad one too, with a note), `published` is a date unless it is Jekyll's boolean, an
    /// integer is seconds since 1970, a list is not a date, and Eleventy's words for the file's
    /// own dates are no date. A file in `_posts` not named as a post is not published.
    @Test func emptyDatesFallBackAndOtherKeysAreReadAsHugoReadsThem() throws {
        let folder = try site([
            "content/empty.md": "---\npublishDate: \"\"\ndate: 2030-01-01\ntags: [emptyThenFuture]\n---\n",
            "content/null.md": "---\ndate:\ntags: [nullDate]\n---\n",
            "content/tilde.toml.md": "+++\npublishDate = \"\"\ntags = [\"tomlEmpty\"]\n+++\n",
            "content/published.md": "---\npublished: 2030-01-01\ntags: [publishedFuture]\n---\n",
            "content/publishedfalse.md": "---\npublished: true\ndate: 2020-01-01\ntags: [publishedTrue]\n---\n",
            "content/unix.md": "---\ndate: 1900000000\ntags: [unixFuture]\n---\n",
            "content/list.md": "---\ndate: [2030-01-01]\ntags: [listDate]\n---\n",
            "content/eleventy.md": "---\ndate: git Last Modified\ntags: [eleventyWords]\n---\n",
            "content/badthengood.md": "---\npublishDate: soon\ndate: 2030-01-01\ntags: [badThenFuture]\n---\n",
            "_posts/undated.md": "---\ntags: [undatedPost]\n---\n",
            "_posts/2026-6-1-short.md": "---\ntags: [shortName]\n---\n",
            "_drafts/draft.md": "---\ntags: [draft]\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = SiteTags.Options()
        options.now = Self.now
        let site = try SiteTags.collect(from: [folder], options: options)
        #expect(names(site) == ["nullDate", "tomlEmpty", "publishedTrue", "listDate", "eleventyWords", "shortName"])
        #expect(site.leftOut == [.future: 4, .undatedPost: 1, .draft: 1])
        #expect(site.problems.map(\.message) == [
            "publishdate \"soon\" is not a date (YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SS with an offset if any); it was ignored",
            "date (a list) is not a date (YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SS with an offset if any); it was ignored",
        ])
    }

    /// Numbers are refused in YAML and TOML alike, as booleans are (tags are text: numbers were
    /// counted); a refused term reads as skipped in a warning and as a plain problem under
    /// `--strict`.
    @Test func numbersAreRefusedInYAMLAndTOMLAlike() throws {
        let folder = try site(["content/y.md": "---\ntags: [2024, 1.5, true, Swift]\n---\n",
                               "content/t.md": "+++\ntags = [2024, 1.5, 1e3, true, nan, \"Swift\"]\n+++\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try SiteTags.collect(from: [folder])
        #expect(Dictionary(uniqueKeysWithValues: site.terms.map { ($0.name, $0.count) }) == ["Swift": 2])
        #expect(site.problems.map(\.message) == ["2024", "1.5", "1000.0", "true", "nan", "2024", "1.5", "true"].enumerated().map {
            "tags holds the \([3, 7].contains($0.offset) ? "boolean" : "number") \($0.element), which is not text (quote it to count it: \"\($0.element)\")"
        })
        #expect(site.problems.allSatisfy { $0.skipped == .term && $0.description == $0.problem + "; it was skipped" })
        #expect(site.problems.allSatisfy { !$0.problem.contains("skipped") })
        #expect(site.summary(tags: 1) == "collected 1 tag from 2 files, 8 problems")
        let one = SiteTags(terms: [], problems: [], filesRead: 1, leftOut: [.expired: 2, .draft: 1, .future: 1])
        #expect(one.summary(tags: 1) == "collected 1 tag from 1 file (1 draft, 1 dated in the future, 2 expired left out)")
    }
}
