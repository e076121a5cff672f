import Canvas
import Foundation
import Testing
import Typesetting
import TestRandom

/// A long list's items (a large cloud's chips) are written on every core: the document is the one
/// written item after item, byte for byte, whatever the items add late in the list (glyphs,
/// colours, gradients, clips, emoji, links), with a dark look, and a failing item throws the error
/// the sequential writer throws.
@Suite struct SVGParallelTests {
    /// Options that write every list on the calling thread.
    static func sequential(_ options: SVGOptions = SVGOptions()) -> SVGOptions {
        var options = options
        options.itemsWrittenInParallel = .max
        return options
    }

    /// Whether two documents are the same bytes, and where they first differ (an expectation on
    /// the documents themselves would diff megabytes when they differ).
    static func expectSame(_ a: Data, _ b: Data, sourceLocation: SourceLocation = #_sourceLocation) {
        let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? (a.count == b.count ? nil : min(a.count, b.count))
        #expect(first == nil, "the documents differ from byte \(first ?? 0) (\(a.count) and \(b.count) bytes)", sourceLocation: sourceLocation)
    }

    /// `count` chips in one cloud group: mostly the same few (so that chunks add nothing), and at
    /// the `novel` indices a chip with a label, colour, gradient, clip or emoji not seen before.
    static func chips(count: Int, novel: Set<Int>, failing: Int? = nil) throws -> DisplayList {
        let common = try ["swift", "cairo", "layout"].map { try Fixtures.shape($0) }
        let rare = try ["Zebra", "Ωμέγα", "quartz", "JQXK", "vw", "fjord"].map { try Fixtures.shape($0) }
        let emoji = try Fixtures.shape("🎉", family: "Noto Color Emoji")
        var random = SeededRandom(seed: 11)
        var rareIndex = 0
        let chips: [DisplayItem] = (0..<count).map { index in
            let x = CGFloat(index % 40) * 30, y = CGFloat(index / 40) * 20
            let shape = ResolvedShape.capsule(CGRect(x: x, y: y, width: 28, height: 18))
            var fill = Shading.color(Fixtures.blue.opacity(0.2))
            var label = common[index % common.count]
            var inner: [DisplayItem] = []
            if novel.contains(index) {
                switch rareIndex % 5 {
                case 0: label = rare[(rareIndex / 5) % rare.count]
                case 1: fill = .color(RGBAColor(red: .random(in: 0...1, using: &random), green: 0.5, blue: 0.5, opacity: 0.8))
                case 2: fill = .linearGradient(stops: GradientStop.evenlySpaced([.black, Fixtures.gray]),
                                               start: CGPoint(x: x, y: y), end: CGPoint(x: x + 28, y: y))
                case 3: inner.append(DisplayItem(.group(ItemGroup(items: [.fill(.rect(CGRect(x: x, y: y, width: 5, height: 5)), with: .color(.black))],
                                                                  clip: Clip(.circle(CGRect(x: x, y: y, width: 10, height: 10)))))))
                default: label = emoji
                }
                rareIndex += 1
            }
            if index == failing {
                inner.append(.stroke(shape, with: .color(.black), style: StrokeStyle(lineWidth: 1, dash: [0, 0])))
            }
            let items: [DisplayItem] = [
                DisplayItem.fill(shape, with: fill).metadata(role: .chipFill),
                DisplayItem.text(label, at: CGPoint(x: x + 4, y: y + 2), with: .color(.black)).metadata(role: .label),
            ] + inner
            return DisplayItem(.group(ItemGroup(items: items)))
                .metadata(label: "chip \(index)", link: index % 7 == 0 ? URL(string: "https://example.com/\(index)") : nil,
                          identifier: "chip-\(index)", role: .chip, isSelected: index % 13 == 0)
        }
        let cloud = DisplayItem(.group(ItemGroup(items: chips))).metadata(role: .cloud)
        return DisplayList(size: CGSize(width: 1200, height: CGFloat(count / 40 + 1) * 20), items: [cloud])
    }

    @Test func aLongListIsWrittenAsItemAfterItem() throws {
        // Novelties in the first chunks after the lead, in later waves, and none for a long run.
        let list = try Self.chips(count: 9000, novel: [3, 600, 1700, 1750, 2600, 5200, 8999])
        let parallel = try list.svgData(background: .white)
        let sequential = try list.svgData(background: .white, options: Self.sequential())
        Self.expectSame(parallel, sequential)
        let text = String(decoding: parallel, as: UTF8.self)
        #expect(text.components(separatedBy: "role=\"listitem\"").count - 1 == 9000)
        // What the late chips add is defined (checked as flags: a failed expectation on the text
        // would print megabytes).
        let definitions = ["<image id=", "<clipPath id=", "<linearGradient id="].map { text.contains($0) }
        #expect(definitions == [true, true, true])
    }

    @Test func aListThatKeepsAddingIsWrittenAsItemAfterItem() throws {
        // Something new in every chunk: the waves give up and the rest is written in order.
        let list = try Self.chips(count: 12_000, novel: Set(stride(from: 0, to: 12_000, by: 300)))
        Self.expectSame(try list.svgData(), try list.svgData(options: Self.sequential()))
    }

    @Test func theDarkLookAndAGivenPrefixAreWrittenAsItemAfterItem() throws {
        let list = try Self.chips(count: 6000, novel: [100, 2000, 4000])
        let options = SVGOptions(idPrefix: "cloud", darkLook: SVGOptions.DarkLook(list: list, background: .black), linkTarget: .blank)
        Self.expectSame(try list.svgData(options: options), try list.svgData(options: Self.sequential(options)))
    }

    @Test func aFailingItemThrowsTheErrorWrittenInOrderThrows() throws {
        let list = try Self.chips(count: 6000, novel: [2500], failing: 3100)
        func message(_ options: SVGOptions) -> String {
            do {
                _ = try list.svgData(options: options)
                return "no error"
            } catch {
                return String(describing: error)
            }
        }
        let sequential = message(Self.sequential())
        #expect(sequential.contains("items[0].items[3100]"))
        #expect(message(SVGOptions()) == sequential)
    }
}
