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
        ]
        for (text, seconds) in cases {
            #expect(PageDates.date(text) == Date(timeIntervalSince1970: seconds), "\(text)")
        }
        for text in ["", "next tuesday", "2026-6-15", "2026-13-01", "2026-02-29", "2026-06-31", "2026-06-15T25:00",
                     "2026-06-15T12", "2026-06-15T12:00:00+25:00", "2026-06-15x", "20260615", "2026-06-15T12:00:00Z junk"] {
            #expect(PageDates.date(text) == nil, "\(text)")
        }
        #expect(PageDates.fileNameDate("_posts/2026-06-16-hello.md") == PageDates.date("2026-06-16"))
        #expect(PageDates.fileNameDate("_posts/hello.md") == nil)
        #expect(PageDates.fileNameDate("_posts/2026-06-16.md") == nil)
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
        #expect(site.problems.first?.description.hasSuffix("date \"next tuesday\" is not a date (YYYY-MM-DD, with a time and offset if any); "
                                                         + "the page was counted as published") == true)
        #expect(site.problems.allSatisfy { $0.skipped == .nothing })
    }

    /// Numbers are terms in YAML and TOML alike; booleans are refused in both, and a refused
    /// term reads as skipped in a warning and as a plain problem under `--strict`.
    @Test func numbersAreTermsInYAMLAndTOMLAlike() throws {
        let folder = try site(["content/y.md": "---\ntags: [2024, 1.5, true]\n---\n",
                               "content/t.md": "+++\ntags = [2024, 1.5, 1e3, true, nan]\n+++\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try SiteTags.collect(from: [folder])
        #expect(Dictionary(uniqueKeysWithValues: site.terms.map { ($0.name, $0.count) }) == ["2024": 2, "1.5": 2, "1000": 1])
        #expect(site.problems.count == 3)
        #expect(site.problems.allSatisfy { $0.skipped == .term && $0.description == $0.problem + "; it was skipped" })
        #expect(site.problems.allSatisfy { !$0.problem.contains("skipped") })
        #expect(site.summary(tags: 3) == "collected 3 tags from 2 files, 3 problems")
        let one = SiteTags(terms: [], problems: [], filesRead: 1, leftOut: [.expired: 2, .draft: 1, .future: 1])
        #expect(one.summary(tags: 1) == "collected 1 tag from 1 file (1 draft, 1 dated in the future, 2 expired left out)")
    }
}
