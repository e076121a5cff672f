import Canvas
import Foundation
import Testing
import Typesetting
import TestRandom

/// The JSON form of display lists: its exact shape, stable bytes, and lossless round trips.
@Suite struct JSONTests {
    static let sample = DisplayList(size: CGSize(width: 100, height: 40)) {
        DisplayItem.fill(.capsule(CGRect(x: 2, y: 4, width: 96, height: 32)), with: .color(RGBAColor(red: 0, green: 0.5, blue: 1, opacity: 0.25)))
            .metadata(label: "Swift", link: URL(string: "https://swift.org/"), identifier: "chip-1")
        DisplayItem.stroke(.roundedRect(CGRect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 3, style: .continuous),
                           with: .color(.black), style: StrokeStyle(lineWidth: 1.5, dash: [2, 1]), placement: .inside)
        DisplayItem.group(transform: Transform(translationX: 5, y: 6), clip: Clip(.path(Path { p in
            p.move(to: .zero)
            p.addLine(to: CGPoint(x: 10, y: 0))
            p.addQuadCurve(to: CGPoint(x: 0, y: 10.5), control: CGPoint(x: 10, y: 10))
            p.closeSubpath()
        }), style: FillStyle(eoFill: true)), opacity: 0.5) {
            DisplayItem.fill(.ellipse(CGRect(x: 0, y: 0, width: 4, height: 2)), with: .linearGradient(
                stops: [GradientStop(color: .white, location: 0), GradientStop(color: .black, location: 1)], start: .zero, end: CGPoint(x: 4, y: 0)))
        }
    }

    @Test func encodingHasSortedKeysKindsAndNoDefaults() throws {
        let json = String(decoding: try Self.sample.jsonData(), as: UTF8.self)
        let expected = """
        {
          "items" : [
            {
              "kind" : "fill",
              "metadata" : {
                "identifier" : "chip-1",
                "label" : "Swift",
                "link" : "https://swift.org/"
              },
              "shading" : {
                "color" : [
                  0,
                  0.5,
                  1,
                  0.25
                ],
                "kind" : "color"
              },
              "shape" : {
                "kind" : "capsule",
                "rect" : [
                  2,
                  4,
                  96,
                  32
                ],
                "style" : "circular"
              }
            },
            {
              "kind" : "stroke",
              "placement" : "inside",
              "shading" : {
                "color" : [
                  0,
                  0,
                  0,
                  1
                ],
                "kind" : "color"
              },
              "shape" : {
                "cornerSize" : [
                  3,
                  3
                ],
                "kind" : "roundedRect",
                "rect" : [
                  0,
                  0,
                  10,
                  10
                ],
                "style" : "continuous"
              },
              "style" : {
                "dash" : [
                  2,
                  1
                ],
                "lineWidth" : 1.5
              }
            },
            {
              "clip" : {
                "shape" : {
                  "d" : "M 0 0 L 10 0 Q 10 10 0 10.5 Z",
                  "kind" : "path"
                },
                "style" : {
                  "antialiased" : true,
                  "eoFill" : true
                }
              },
              "items" : [
                {
                  "kind" : "fill",
                  "shading" : {
                    "end" : [
                      4,
                      0
                    ],
                    "kind" : "linearGradient",
                    "start" : [
                      0,
                      0
                    ],
                    "stops" : [
                      {
                        "color" : [
                          1,
                          1,
                          1,
                          1
                        ],
                        "location" : 0
                      },
                      {
                        "color" : [
                          0,
                          0,
                          0,
                          1
                        ],
                        "location" : 1
                      }
                    ]
                  },
                  "shape" : {
                    "kind" : "ellipse",
                    "rect" : [
                      0,
                      0,
                      4,
                      2
                    ]
                  }
                }
              ],
              "kind" : "group",
              "opacity" : 0.5,
              "transform" : [
                1,
                0,
                0,
                1,
                5,
                6
              ]
            }
          ],
          "size" : [
            100,
            40
          ]
        }
        """
        #expect(json == expected)
    }

    @Test func textRunsNameTheirFontByFileAndFaceIndex() throws {
        let list = try DisplayList(size: CGSize(width: 50, height: 20)) {
            DisplayItem.text(try Fixtures.shape("Hi"), at: CGPoint(x: 1, y: 2), with: .color(.black))
        }
        let object = try JSONSerialization.jsonObject(with: try list.jsonData()) as? [String: Any]
        let item = (object?["items"] as? [[String: Any]])?.first
        let run = (item?["runs"] as? [[String: Any]])?.first
        #expect(item?["kind"] as? String == "text")
        #expect(item?["origin"] as? [Double] == [1, 2])
        #expect((run?["font"] as? [String: Any])?["file"] as? String == "Inter-Regular.otf")
        #expect((run?["font"] as? [String: Any])?["index"] as? Int == 0)
        #expect(run?["size"] as? Double == 17)
        #expect((run?["glyphs"] as? [Int])?.count == 2)
    }

    /// Random lists of every kind of item survive encoding and decoding unchanged, and encode to the
    /// same bytes twice.
    @Test func randomListsRoundTrip() throws {
        var random = SeededRandom(seed: 7)
        func number() -> CGFloat { CGFloat(Int.random(in: -400...4000, using: &random)) / 8 }
        func rect() -> CGRect { CGRect(x: number(), y: number(), width: abs(number()), height: abs(number())) }
        func color() -> RGBAColor {
            RGBAColor(red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
                      blue: .random(in: 0...1, using: &random), opacity: .random(in: 0...1, using: &random))
        }
        func shading() -> Shading {
            Bool.random(using: &random) ? .color(color())
                : .linearGradient(stops: [GradientStop(color: color(), location: 0), GradientStop(color: color(), location: 0.7)],
                                  start: CGPoint(x: number(), y: number()), end: CGPoint(x: number(), y: number()))
        }
        func shape() -> ResolvedShape {
            switch Int.random(in: 0..<6, using: &random) {
            case 0: return .rect(rect())
            case 1: return .roundedRect(rect(), cornerSize: CGSize(width: abs(number()), height: abs(number())), style: Bool.random(using: &random) ? .circular : .continuous)
            case 2: return .capsule(rect(), style: .continuous)
            case 3: return .ellipse(rect())
            case 4: return .circle(rect())
            default:
                return .path(Path { p in
                    p.move(to: CGPoint(x: number(), y: number()))
                    p.addCurve(to: CGPoint(x: number(), y: Double.random(in: -1...1, using: &random)),
                               control1: CGPoint(x: number(), y: number()), control2: CGPoint(x: number(), y: number()))
                    p.addQuadCurve(to: CGPoint(x: number(), y: number()), control: CGPoint(x: number(), y: number()))
                    p.closeSubpath()
                })
            }
        }
        let words = ["Swift", "Layout", "Tag 42", "Ünïcödé", "flow"]
        func items(_ depth: Int) throws -> [DisplayItem] {
            try (0..<Int.random(in: 1...4, using: &random)).map { _ -> DisplayItem in
                var item: DisplayItem
                switch Int.random(in: 0..<(depth < 2 ? 4 : 3), using: &random) {
                case 0: item = .fill(shape(), with: shading(), style: FillStyle(eoFill: Bool.random(using: &random)))
                case 1: item = .stroke(shape(), with: shading(), style: StrokeStyle(lineWidth: abs(number()), lineCap: .round, lineJoin: .bevel,
                                                                                   miterLimit: 4, dash: [abs(number()), 2], dashPhase: number()),
                                       placement: Bool.random(using: &random) ? .inside : .centered)
                case 2: item = .text(try Fixtures.shape(words.randomElement(using: &random) ?? "x", size: CGFloat(Int.random(in: 8...40, using: &random))),
                                     at: CGPoint(x: number(), y: number()), with: shading())
                default:
                    item = DisplayItem(.group(ItemGroup(items: try items(depth + 1),
                                                        transform: Transform(a: 1, b: number() / 100, c: 0, d: 2, tx: number(), ty: number()),
                                                        clip: Bool.random(using: &random) ? Clip(shape()) : nil,
                                                        opacity: .random(in: 0...1, using: &random))))
                }
                if Bool.random(using: &random) {
                    item = item.metadata(label: words.randomElement(using: &random), link: URL(string: "https://example.com/\(Int.random(in: 0...9, using: &random))"),
                                         identifier: "id-\(Int.random(in: 0...99, using: &random))")
                }
                return item
            }
        }
        for round in 0..<50 {
            let list = DisplayList(size: CGSize(width: abs(number()) + 1, height: abs(number()) + 1), items: try items(0))
            let data = try list.jsonData()
            #expect(try list.jsonData() == data)
            let decoded = try DisplayList(jsonData: data, fonts: Fixtures.fonts)
            #expect(decoded == list, "round \(round)")
        }
    }

    @Test func decodingReportsUnknownFontsAndKinds() throws {
        let list = try DisplayList(size: CGSize(width: 50, height: 20)) {
            DisplayItem.text(try Fixtures.shape("Hi"), at: .zero, with: .color(.black))
        }
        let json = String(decoding: try list.jsonData(), as: UTF8.self).replacingOccurrences(of: "Inter-Regular.otf", with: "Missing.otf")
        #expect(throws: CanvasError.unknownFont(file: "Missing.otf", index: 0)) {
            try DisplayList(jsonData: Data(json.utf8), fonts: Fixtures.fonts)
        }
        let badKind = #"{"size": [1, 1], "items": [{"kind": "sparkle"}]}"#
        #expect(throws: DecodingError.self) { try DisplayList(jsonData: Data(badKind.utf8), fonts: Fixtures.fonts) }
        let badPath = #"{"size": [1, 1], "items": [{"kind": "fill", "shape": {"kind": "path", "d": "M 0 0 A 1 1"}, "shading": {"kind": "color", "color": [0, 0, 0]}}]}"#
        #expect(throws: DecodingError.self) { try DisplayList(jsonData: Data(badPath.utf8), fonts: Fixtures.fonts) }
        let minimal = #"{"size": [3, 4], "items": [{"kind": "fill", "shape": {"kind": "rect", "rect": [0, 0, 1, 1]}, "shading": {"kind": "color", "color": [1, 0, 0]}}]}"#
        let decoded = try DisplayList(jsonData: Data(minimal.utf8), fonts: Fixtures.fonts)
        #expect(decoded == DisplayList(size: CGSize(width: 3, height: 4)) {
            DisplayItem.fill(.rect(CGRect(x: 0, y: 0, width: 1, height: 1)), with: .color(RGBAColor(red: 1, green: 0, blue: 0)))
        })
    }
}
