import Foundation
@testable import TagCloud
import Testing

/// A cloud built or changed in code is checked when it is rendered, by the rules that check a
/// spec's text (the key tables), so that a program's `maxRows = 0` fails as `maxRows: 0` does
/// instead of drawing nonsense, failing with a misleading error, or never returning.
@Suite struct ProgrammaticValueTests {
    /// A cloud of two tags changed by `change`.
    static func cloud(_ change: (inout Cloud) -> Void) -> Cloud {
        var cloud = Cloud(tags: ["Swift", "Linux"])
        change(&cloud)
        return cloud
    }

    /// Each value a spec refuses, set in code, and what the message names.
    static let refused: [(name: String, cloud: Cloud, message: String)] = [
        ("maxRows 0", cloud { $0.maxRows = 0 }, "\"maxRows\" is 0"),
        ("maxRows -3", cloud { $0.maxRows = -3 }, "\"maxRows\" is -3"),
        ("width -5", cloud { $0.width = -5 }, "\"width\" is -5"),
        ("width NaN", cloud { $0.width = .nan }, "\"width\""),
        ("width infinity", cloud { $0.width = .infinity }, "\"width\""),
        ("width 1e300", cloud { $0.width = 1e300 }, "\"width\""),
        ("padding -1000", cloud { $0.padding = -1000 }, "\"padding\" is -1000"),
        ("padding NaN", cloud { $0.padding = .nan }, "\"padding\""),
        ("spacing NaN", cloud { $0.spacing = Cloud.Axes(.nan) }, "\"spacing"),
        ("spacing -1e9", cloud { $0.spacing = Cloud.Axes(-1e9) }, "\"spacing"),
        ("weight NaN", cloud { $0.tags[0].weight = .nan }, "the weight of the tag \"Swift\""),
        ("weight infinity", cloud { $0.tags[1].weight = .infinity }, "the weight of the tag \"Linux\""),
        ("empty tag", cloud { $0.tags.append("") }, "a tag has no text"),
        ("blank tag", cloud { $0.tags.append("   ") }, "a tag has no text"),
        ("control character", cloud { $0.tags[0].text = "a\u{7}b" }, "control character U+0007"),
        ("lineLimit 0", cloud { $0.chip = Cloud.Chip(); $0.chip?.lineLimit = 0 }, "\"chip.lineLimit\" is 0"),
        ("cornerRadius NaN", cloud { $0.chip = Cloud.Chip(); $0.chip?.cornerRadius = .nan }, "\"chip.cornerRadius\""),
        ("strokeWidth -4", cloud { $0.chip = Cloud.Chip(); $0.chip?.strokeWidth = -4 }, "\"chip.strokeWidth\" is -4"),
        ("locale", cloud { $0.locale = "not a locale!!" }, "\"locale\""),
        ("scale 0", cloud { $0.scale = 0 }, "\"scale\" is 0"),
        ("scale NaN", cloud { $0.scale = .nan }, "\"scale\""),
        ("id", cloud { $0.id = "<script>" }, "\"id\""),
        ("font size 1e12", cloud { $0.font = Cloud.Font(); $0.font?.size = 1e12 }, "\"font.size\""),
        ("href", cloud { $0.tags[0].href = "javascript:alert(1)" }, "the link of the tag \"Swift\" is refused"),
    ]

    @Test(arguments: refused.indices)
    func aValueASpecRefusesIsRefusedInCode(_ index: Int) throws {
        let (name, cloud, message) = Self.refused[index]
        for format in [OutputFormat.json, .svg] {
            do {
                _ = try cloud.data(as: format)
                Issue.record("\(name): \(format) was written")
            } catch {
                #expect(error.description.contains(message), "\(name): \(error.description)")
                #expect(!error.description.contains("please report"), "\(name): \(error.description)")
            }
        }
    }

    /// The message is the one the spec's text gets, but for its place.
    /// The nested values are made in one expression, as `Axes` and `Colors` are
    /// (`.init(family:)` did not compile), and equal the spec's.
    /// A tag can be written as an interpolated string, as a `String` can (only plain literals
    /// compiled).
    @Test func tagsFromInterpolatedStrings() {
        let tags: [Cloud.Tag] = (1...2).map { "task \($0)" } + ["plain"]
        #expect(tags.map(\.text) == ["task 1", "task 2", "plain"])
    }

    @Test func nestedValuesAreMadeInOneExpression() throws {
        var cloud = Cloud(tags: [Cloud.Tag("Swift", selected: true), "Linux"])
        cloud.font = .init(family: "Inter", size: 20, weight: .bold)
        cloud.weights = .init(minSize: 12, maxSize: 30)
        cloud.chip = .init(shape: .rounded, cornerRadius: 4, selected: .init(checkmark: true), lineLimit: 2)
        let yaml = try Cloud(yaml: """
            font: {family: Inter, size: 20, weight: bold}
            weights: {minSize: 12, maxSize: 30}
            chip: {shape: rounded, cornerRadius: 4, selected: {checkmark: true}, lineLimit: 2}
            tags: [{text: Swift, selected: true}, Linux]
            """)
        #expect(cloud.font == yaml.font && cloud.weights == yaml.weights && cloud.chip == yaml.chip)
        #expect(try cloud.svgData() == yaml.svgData())
    }

    @Test func theMessageIsTheSpecs() throws {
        let parsed = #expect(throws: TagCloudError.self) { try Cloud(yaml: "maxRows: 0\ntags: [Swift, Linux]") }
        let built = #expect(throws: TagCloudError.self) { try Self.cloud { $0.maxRows = 0 }.layout() }
        #expect(parsed?.description == "spec.yaml:1:10: \"maxRows\" is 0, but it must be from 1 to 1000000"
                || parsed?.description.hasSuffix(": \"maxRows\" is 0, but it must be from 1 to 1000000") == true, "\(String(describing: parsed))")
        #expect(built?.description == "Cloud: \"maxRows\" is 0, but it must be from 1 to 1000000", "\(String(describing: built))")
    }

    /// A parsed cloud's tags changed afterwards are checked again; valid changes render.
    @Test func aParsedCloudChangedInCodeIsCheckedAgain() throws {
        var cloud = try Cloud(yaml: "tags: [Swift, Linux]")
        #expect(throws: Never.self) { try cloud.layout() }
        cloud.tags[1].weight = 3
        cloud.width = 200
        #expect(throws: Never.self) { try cloud.layout() }
        cloud.tags.append("")
        let error = #expect(throws: TagCloudError.self) { try cloud.layout() }
        // Named by its index: a tag set in code has no line, and no text to name it by.
        #expect(error?.description == "Cloud.tags[2]: a tag has no text (or only spaces, invisible characters and noncharacters); give it some text or remove it", "\(String(describing: error))")
        cloud.tags[2].text = "Ca\u{7}iro"
        let controlError = #expect(throws: TagCloudError.self) { try cloud.layout() }
        #expect(controlError?.description.hasPrefix("Cloud.tags[2]: ") == true, "\(String(describing: controlError))")
        // A weight's or link's message names the tag by its text.
        cloud.tags[2].text = "Cairo"
        cloud.tags[0].weight = -2
        let weightError = #expect(throws: TagCloudError.self) { try cloud.layout() }
        #expect(weightError?.description == "Cloud: the weight of the tag \"Swift\" is -2; a weight must be a finite number ≥ 0",
                "\(String(describing: weightError))")
    }

    /// A font family set in code that no font has is named by its key path, as the other
    /// values set in code are (it had no place at all).
    @Test func anUnknownFamilySetInCodeNamesItsKey() throws {
        var cloud = Cloud(tags: ["Swift", "Linux", "Cairo"])
        cloud.tags[2].font = Cloud.Font(family: "Comic Nope")
        let tagError = #expect(throws: TagCloudError.self) { try cloud.layout() }
        #expect(tagError?.description.hasPrefix("Cloud.tags[2].font.family: unknown font family \"Comic Nope\"") == true,
                "\(String(describing: tagError))")
        cloud.tags[2].font = nil
        cloud.font = Cloud.Font(family: "Comic Nope")
        let cloudError = #expect(throws: TagCloudError.self) { try cloud.layout() }
        #expect(cloudError?.description.hasPrefix("Cloud.font.family: unknown font family") == true, "\(String(describing: cloudError))")
    }
}
