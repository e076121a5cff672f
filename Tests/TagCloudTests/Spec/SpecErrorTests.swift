import Canvas
import Foundation
import Testing
@testable import TagCloud

/// One bad input and the message it must get, location first.
struct BadInput: Sendable, CustomTestStringConvertible {
    var text: String
    var format: SpecFormat
    var message: String

    init(_ format: SpecFormat, _ text: String, _ message: String) {
        self.text = text
        self.format = format
        self.message = message
    }

    var testDescription: String { "\(format) \(quoted(text, limit: 40))" }
}

@Suite struct SpecErrorTests {
    static let malformed: [BadInput] = [
        BadInput(.json, #"{"width": 3,}"#, "spec.json:1:13: malformed JSON: a comma before '}' is not allowed in JSON; remove it"),
        BadInput(.json, "[1,\n 2,]", "spec.json:2:4: malformed JSON: a comma before ']' is not allowed in JSON; remove it"),
        BadInput(.json, #"{"width": 3 "x": 1}"#,
                 #"spec.json:1:13: malformed JSON: expected ',' or '}' after a value in an object, found "\"x\":""#),
        BadInput(.json, #"{'width': 3}"#, #"spec.json:1:2: malformed JSON: expected a key in double quotes, found "'width':""#),
        BadInput(.json, #"{"width": 3} // c"#,
                 #"spec.json:1:14: malformed JSON: expected the end of the input after the top-level value, found "//""#),
        BadInput(.json, #"{"width": 01}"#, "spec.json:1:11: malformed JSON: JSON numbers cannot start with 0 (write 7, not 07)"),
        BadInput(.json, #"{"width": NaN}"#,
                 #"spec.json:1:11: malformed JSON: expected a value (an object, a list, a string in double quotes, a number, true, false or null), found "NaN""#),
        BadInput(.json, #"{"width" 3}"#, #"spec.json:1:10: malformed JSON: expected ':' after the key "width", found "3""#),
        BadInput(.json, #"{"tags": ["a\ud83d"]}"#,
                 #"spec.json:1:13: malformed JSON: the escape \uD83D is the first half of a surrogate pair without its second half"#),
        BadInput(.json, #"{"tags": ["a\x41"]}"#,
                 #"spec.json:1:13: malformed JSON: unknown escape; JSON escapes are \" \\ \/ \b \f \n \r \t and \uXXXX"#),
        BadInput(.json, #"{"tags": ["a]}"#, "spec.json:1:11: malformed JSON: the string that starts here has no closing double quote"),
        BadInput(.json, "{\"width\": 3", "spec.json:1:12: malformed JSON: the input ends before the closing '}'"),
        BadInput(.json, "  ", "spec.json:1:3: malformed JSON: the input is empty; expected an object {…} or a list […]"),
        BadInput(.json, #"{"width": 3} # c"#, "spec.json:1:14: malformed JSON: expected the end of the input after the top-level value, found \"#\""),
        BadInput(.json, String(repeating: "[", count: 100),
                 "spec.json:1:65: malformed JSON: the objects and lists nest more than 64 levels deep"),
        BadInput(.yaml, "width: 3\n  padding: 4\n", "spec.yaml:2:10: malformed YAML: mapping values are not allowed in this context"),
        // A tag outside YAML's own names a type the spec does not have: refused, not read as untagged.
        BadInput(.yaml, "width: !custom 300\n",
                 "spec.yaml:1:8: malformed YAML: the YAML tag !custom names a type a tag cloud spec does not have"),
        BadInput(.yaml, "tags:\n  - a\n  - !<tag:example.com,2024:chip> b\n", "spec.yaml:3:5: malformed YAML: the YAML tag tag:example.com,2024:chip"),
        BadInput(.yaml, "chip: !local {fill: red}\n", "spec.yaml:1:7: malformed YAML: the YAML tag !local"),
        BadInput(.yaml, "tags:\n\t- a\n",
                 "spec.yaml:2:1: malformed YAML: found character that cannot start any token (while scanning for the next token that starts at line 2, column 1); YAML does not allow tabs for indentation, indent with spaces"),
        BadInput(.yaml, "key: [a, b\n",
                 "spec.yaml:2:1: malformed YAML: did not find expected ',' or ']' (while parsing a flow sequence that starts at line 1, column 6)"),
        BadInput(.yaml, "--- a\n--- b\n",
                 "spec.yaml:2:1: malformed YAML: the input holds more than one YAML document (a second ---); keep only one"),
        BadInput(.yaml, "chip: {fill: #ff0000}\n",
                 ##"spec.yaml:2:1: malformed YAML: did not find expected node content (while parsing a flow node that starts at line 2, column 1); note that in YAML # after a space starts a comment: put colours in quotes ("#ff0000")"##),
        BadInput(.yaml, String(repeating: "- ", count: 70) + "x\n",
                 "spec.yaml:1:141: malformed YAML: the mappings and lists nest more than 64 levels deep"),
        BadInput(.yaml, String(repeating: "[", count: 70),
                 "spec.yaml:1:65: malformed YAML: the mappings and lists nest more than 64 levels deep"),
        BadInput(.text, "a\tb\tc\n", "tags.txt:1:4: malformed text: a second tab; a line holds a tag and, after one tab, its weight"),
        BadInput(.csv, "name,count\na,1\n",
                 #"tags.csv:1:1: malformed CSV: expected the header tag, tag,weight or tag,weight,href, found "name,count""#),
        BadInput(.csv, "tag,weight\na,1,2\n", "tags.csv:2:1: malformed CSV: this record has 3 fields, the header has 2 (tag,weight)"),
        BadInput(.csv, "tag,weight\n\"a,1\n", "tags.csv:2:1: malformed CSV: the quoted field that starts here has no closing quote"),
        BadInput(.csv, "tag,weight\na\"b,1\n",
                 #"tags.csv:2:2: malformed CSV: a double quote inside an unquoted field; put the whole field in double quotes and write the quote twice ("")"#),
        BadInput(.csv, "tag,weight\n\"a\"b,1\n", "tags.csv:2:4: malformed CSV: expected ',' or the end of the line after the closing quote"),
    ]

    static let keysAndTypes: [BadInput] = [
        BadInput(.json, #"{"width": 1, "width": 2}"#, #"spec.json:1:14: duplicate key "width" (also at line 1, column 2); keep only one of them"#),
        BadInput(.yaml, "width: 1\nwidth: 2\n", #"spec.yaml:2:1: duplicate key "width" (also at line 1, column 1); keep only one of them"#),
        BadInput(.yaml, "font:\n  family: a\n  family: b\n", #"spec.yaml:3:3: duplicate key "family" (also at line 2, column 3); keep only one of them"#),
        // In a flow mapping, at the second key (it was at the `{`, with no earlier place).
        BadInput(.yaml, "font: {size: 3, size: 4}\n", #"spec.yaml:1:17: duplicate key "size" (also at line 1, column 8); keep only one of them"#),
        BadInput(.yaml, "tags:\n  - {text: a, \"text\": b}\n", #"spec.yaml:2:15: duplicate key "text" (also at line 2, column 6); keep only one of them"#),
        BadInput(.yaml, "chip: {text: red, textColor: blue}\n",
                 #"spec.yaml:1:19: duplicate key "chip.textColor" (also at line 1, column 8); keep only one of them"#),
        BadInput(.yaml, "chip:\n  paddng: 3\n",
                 #"spec.yaml:2:3: unknown key "chip.paddng"; did you mean "chip.padding"? Valid keys here: padding, shape, cornerRadius, fill, stroke, strokeWidth, textColor, selected"#),
        BadInput(.json, #"{"font": {"famliy": "Inter"}}"#,
                 #"spec.json:1:11: unknown key "font.famliy"; did you mean "font.family"? Valid keys here: family, size, weight"#),
        BadInput(.yaml, "tags:\n  - {text: a, colour: red}\n",
                 #"spec.yaml:2:15: unknown key "tags[0].colour"; valid keys here: text, weight, href, selected, fill, textColor"#),
        BadInput(.yaml, "width: wide\n", #"spec.yaml:1:8: "width" must be a number, but it is the string "wide""#),
        BadInput(.yaml, "width: \"12\"\n", #"spec.yaml:1:8: "width" must be a number, but it is the string "12""#),
        BadInput(.json, #"{"padding": true}"#, #"spec.json:1:13: "padding" must be a number, but it is the value true"#),
        BadInput(.yaml, "font: 12\n", #"spec.yaml:1:7: "font" must be a mapping, but it is the number 12"#),
        BadInput(.yaml, "tags: swift\n", #"spec.yaml:1:7: "tags" must be a list of tags, but it is the string "swift""#),
        BadInput(.yaml, "spacing: [1, 2]\n", #"spec.yaml:1:10: "spacing" must be a number or {horizontal, vertical}, but it is a list"#),
        BadInput(.yaml, "justifyLastRow: yes\n", #"spec.yaml:1:17: "justifyLastRow" must be true or false, but it is the string "yes""#),
        BadInput(.yaml, "tags:\n  - [a]\n", #"spec.yaml:2:5: "tags[0]" must be a tag: a string or a mapping with a text, but it is a list"#),
        BadInput(.json, "3", #"spec.json:1:1: "(top level)" must be a mapping of keys or a list of tags, but it is the number 3"#),
        BadInput(.yaml, "chip:\n  fill: #ff0000\n",
                 ##"spec.yaml:2:3: "chip.fill" must be a colour, but it is empty (in YAML, # after a space starts a comment: write fill: "#ff0000")"##),
    ]

    static let values: [BadInput] = [
        BadInput(.yaml, "width: -3\n", #"spec.yaml:1:8: "width" is -3, but it must not be negative"#),
        BadInput(.yaml, "chip: {padding: {vertical: -0.5}}\n", #"spec.yaml:1:28: "chip.padding.vertical" is -0.5, but it must not be negative"#),
        BadInput(.yaml, "width: .nan\n", #"spec.yaml:1:8: "width" is .nan, but it must be a number (NaN is not)"#),
        BadInput(.yaml, "width: .inf\n", #"spec.yaml:1:8: "width" is .inf, but it must be at most 100000 points"#),
        BadInput(.yaml, "width: 1e400\n", #"spec.yaml:1:8: "width" is 1e400, but it must be at most 100000 points"#),
        BadInput(.json, #"{"width": 1e400}"#, #"spec.json:1:11: "width" is 1e400, but it must be at most 100000 points"#),
        BadInput(.yaml, "maxRows: 1e400\n", #"spec.yaml:1:10: "maxRows" is 1e400, but it must be from 1 to 1000000"#),
        BadInput(.json, #"{"width": 123456789012345678901234567890}"#,
                 #"spec.json:1:11: "width" is 123456789012345678901234567890, but it must be at most 100000 points"#),
        BadInput(.yaml, "font: {size: 0}\n", #"spec.yaml:1:14: "font.size" is 0, but it must be more than 0"#),
        BadInput(.yaml, "scale: 0\n", #"spec.yaml:1:8: "scale" is 0, but it must be at least 0.01"#),
        BadInput(.yaml, "scale: 1e-200\n", #"spec.yaml:1:8: "scale" is 1e-200, but it must be at least 0.01"#),
        BadInput(.yaml, "scale: 64.5\n", #"spec.yaml:1:8: "scale" is 64.5, but it must be at most 64"#),
        BadInput(.yaml, "font: {size: 10001}\n", #"spec.yaml:1:14: "font.size" is 10001, but it must be at most 10000 points"#),
        BadInput(.yaml, "weights: {maxSize: 100000}\n", #"spec.yaml:1:20: "weights.maxSize" is 100000, but it must be at most 10000 points"#),
        BadInput(.yaml, "scale: 65\n", #"spec.yaml:1:8: "scale" is 65, but it must be at most 64"#),
        BadInput(.yaml, "maxRows: 2.5\n", #"spec.yaml:1:10: "maxRows" is 2.5, but it must be a whole number"#),
        BadInput(.yaml, "maxRows: 99999999999999999999\n", #"spec.yaml:1:10: "maxRows" is 99999999999999999999, but it must be from 1 to 1000000"#),
        BadInput(.yaml, "font: {weight: 1200}\n", #"spec.yaml:1:16: "font.weight" is 1200, but it must be from 1 to 1000"#),
        BadInput(.yaml, "style: tagcloud\n",
                 #"spec.yaml:1:8: unknown value "tagcloud" for "style"; did you mean "tagCloud"? valid values: tagCloud, suggestionChips, globulusList, collectionView, materialCapsules, wrappingHStack"#),
        BadInput(.yaml, "theme: blue\n", #"spec.yaml:1:8: unknown value "blue" for "theme"; valid values: light, dark"#),
        BadInput(.yaml, "alignment: middle\n",
                 #"spec.yaml:1:12: unknown value "middle" for "alignment"; valid values: topLeading, top, topTrailing, leading, center, trailing, bottomLeading, bottom, bottomTrailing, leadingFirstTextBaseline, centerFirstTextBaseline, trailingFirstTextBaseline, leadingLastTextBaseline, centerLastTextBaseline, trailingLastTextBaseline"#),
        BadInput(.yaml, "alignment: centerFirstBaseline\n",
                 #"spec.yaml:1:12: unknown value "centerFirstBaseline" for "alignment"; did you mean "centerFirstTextBaseline"?"#),
        BadInput(.yaml, "justification: space-between\n",
                 #"spec.yaml:1:16: unknown value "space-between" for "justification"; did you mean "spaceBetween"? valid values: none, spaceBetween, spaceAround, spaceEvenly, stretch"#),
        BadInput(.yaml, "lineBreaking: optimal\n", #"spec.yaml:1:15: unknown value "optimal" for "lineBreaking"; valid values: greedy, balanced"#),
        BadInput(.yaml, "direction: RTL\n", #"spec.yaml:1:12: unknown value "RTL" for "direction"; did you mean "rtl"? valid values: ltr, rtl"#),
        BadInput(.yaml, "chip: {shape: pill}\n", #"spec.yaml:1:15: unknown value "pill" for "chip.shape"; valid values: capsule, rounded, rectangle"#),
        BadInput(.yaml, "weights: {scale: logarithmic}\n", #"spec.yaml:1:18: unknown value "logarithmic" for "weights.scale"; valid values: linear, sqrt, log"#),
        BadInput(.yaml, "font: {weight: bolder}\n",
                 #"spec.yaml:1:16: unknown value "bolder" for "font.weight"; did you mean "bold"? valid values: ultraLight, thin, light, regular, medium, semibold, bold, heavy, black, a number from 1 to 1000"#),
        BadInput(.yaml, "font: {size: huge}\n", #"spec.yaml:1:14: unknown value "huge" for "font.size"; valid values: a number of points, largeTitle"#),
        BadInput(.yaml, "chip: {fill: bleu}\n",
                 #"spec.yaml:1:14: "chip.fill" is "bleu", which is not a colour; did you mean "blue"? use CSS hex (#RGB, #RGBA, #RRGGBB, #RRGGBBAA), a CSS colour name or transparent"#),
        BadInput(.yaml, "chip: {fill: regularMaterail}\n", #"did you mean "regularMaterial"?"#),
        BadInput(.yaml, "chip: {fill: \"#12345\"}\n",
                 ##"spec.yaml:1:14: "chip.fill" is "#12345", which is not a colour; use CSS hex (#RGB, #RGBA, #RRGGBB, #RRGGBBAA), a CSS colour name or transparent"##),
        BadInput(.json, ##"{"background": "#ggg"}"##, ##"spec.json:1:16: "background" is "#ggg", which is not a colour;"##),
        BadInput(.yaml, "tags:\n  - {text: a, textColor: 12}\n", #"spec.yaml:2:26: "tags[0].textColor" is "12", which is not a colour;"#),
    ]

    static let tags: [BadInput] = [
        BadInput(.json, #"{"tags": ["a\u0007b"]}"#, #"spec.json:1:11: the tag "a\u{7}b" contains the control character U+0007; remove it"#),
        BadInput(.yaml, "tags:\n  - ok\n  - \"bad\\tx\"\n", #"spec.yaml:3:5: the tag "bad\tx" contains the control character U+0009; remove it"#),
        BadInput(.yaml, "- \"line\\u2028separator\"\n", #"spec.yaml:1:3: the tag "line\u{2028}separator" contains the control character U+2028; remove it"#),
        BadInput(.yaml, "- \"\\x85\"\n", #"spec.yaml:1:3: the tag "\u{85}" contains the control character U+0085; remove it"#),
        BadInput(.yaml, "- {text: a, href: \"x\\ny\"}\n", #"spec.yaml:1:19: the href of the tag "a" contains the control character U+000A; remove it"#),
        BadInput(.text, "a\u{1}b\n", #"tags.txt:1:1: the tag "a\u{1}b" contains the control character U+0001; remove it"#),
        // The title and the "more" chip's label are read as tags are: an escape was dropped and a
        // line break written into the accessible name; an empty title named the cloud "".
        BadInput(.yaml, "title: \"a\\u001Bb\"\ntags: [x]\n", #"spec.yaml:1:8: "title" contains the control character U+001B; remove it"#),
        BadInput(.yaml, "title: \"two\\nlines\"\n", #"spec.yaml:1:8: "title" contains the control character U+000A; remove it"#),
        BadInput(.yaml, "title: \"\"\ntags: [x]\n", #"spec.yaml:1:8: "title" must be text that is not blank"#),
        BadInput(.json, #"{"moreLabel": "  "}"#, #"spec.json:1:15: "moreLabel" must be text that is not blank"#),
        // The end of an input without a final line break is on its last line (it was put on
        // the line after, which the file does not have).
        BadInput(.yaml, "width: 300\ntags: [a", "spec.yaml:2:9: malformed YAML: did not find expected ',' or ']'"),
        // Past the longest tag, in every format that holds tags.
        BadInput(.yaml, "tags: [\"" + String(repeating: "é", count: 10_001) + "\"]\n",
                 "spec.yaml:1:8: a tag has 10001 characters, more than the 10000 a tag may have; shorten it"),
        BadInput(.text, "ok\n" + String(repeating: "ab", count: 5_001) + "\n", "tags.txt:2:1: a tag has 10002 characters"),
        BadInput(.csv, "tag\n" + String(repeating: "x", count: 10_001) + "\n", "tags.csv:2:1: a tag has 10001 characters"),
        BadInput(.csv, "tag\n\"two\nlines\"\n", #"tags.csv:2:1: the tag "two\nlines" contains the control character U+000A; remove it"#),
        BadInput(.yaml, "a\u{7}b\n",
                 "spec.yaml:1:2: the input contains the control character U+0007, which JSON and YAML do not allow in text; remove it or write it as an escape in a double-quoted string"),
        // A noncharacter YAML refuses, at its place after other non-ASCII text (libyaml's column was off).
        BadInput(.yaml, "tags:\n  - \"héllo wörld\"\n  - \"\u{FFFE} x\"\n",
                 "spec.yaml:3:6: the input contains the noncharacter U+FFFE, which YAML does not allow in text; remove it or write it as an escape in a double-quoted string"),
        BadInput(.json, "[\"a\tb\"]", "spec.json:1:4: the input contains the control character U+0009"),
        BadInput(.json, "[\"a\u{2028}\"]", "spec.json:1:4: the input contains the control character U+2028"),
        BadInput(.yaml, "tags:\n  - {text: a, weight: -1}\n", #"spec.yaml:2:23: the weight of the tag "a" is -1; a weight must be a finite number ≥ 0"#),
        BadInput(.yaml, "tags:\n  - {text: a, weight: .nan}\n", #"spec.yaml:2:23: the weight of the tag "a" is .nan; a weight must be a finite number ≥ 0"#),
        BadInput(.yaml, "tags:\n  - {text: a, weight: -.inf}\n", #"spec.yaml:2:23: the weight of the tag "a" is -.inf;"#),
        BadInput(.json, #"[{"text": "a", "weight": 1e999}]"#, #"spec.json:1:26: the weight of the tag "a" is 1e999;"#),
        BadInput(.yaml, "tags:\n  - {text: a, weight: heavy}\n", #"spec.yaml:2:23: the weight of the tag "a" is heavy;"#),
        BadInput(.yaml, "tags:\n  - {text: a, weight: \"3\"}\n", #"spec.yaml:2:23: the weight of the tag "a" is the string "3";"#),
        BadInput(.json, #"[{"text": "a", "weight": "3"}]"#, #"spec.json:1:26: the weight of the tag "a" is the string "3";"#),
        BadInput(.yaml, "tags:\n  - {text: a, weight: [1]}\n", #"spec.yaml:2:23: the weight of the tag "a" is a list;"#),
        BadInput(.text, "a\tx\n", #"tags.txt:1:3: the weight of the tag "a" is x; a weight must be a finite number ≥ 0"#),
        BadInput(.text, "a\tinf\n", #"tags.txt:1:3: the weight of the tag "a" is inf;"#),
        BadInput(.csv, "tag,weight\na,x\n", #"tags.csv:2:3: the weight of the tag "a" is x; a weight must be a finite number ≥ 0"#),
        BadInput(.csv, "tag,weight\n\"b\",-2\n", #"tags.csv:2:5: the weight of the tag "b" is -2;"#),
        BadInput(.yaml, "tags:\n  - {weight: 1}\n", "spec.yaml:2:5: a tag has no text (or only spaces, invisible characters and noncharacters); give it some text or remove it"),
        BadInput(.yaml, "tags:\n  - \"\"\n", "spec.yaml:2:5: a tag has no text (or only spaces, invisible characters and noncharacters); give it some text or remove it"),
        // Only white space draws an empty chip, as an empty text would.
        BadInput(.yaml, "tags:\n  - \"  \\u3000 \"\n", "spec.yaml:2:5: a tag has no text (or only spaces, invisible characters and noncharacters); give it some text or remove it"),
        BadInput(.yaml, "tags:\n  -\n", "spec.yaml:2:4: a tag has no text"),
        // Noncharacters alone drew a box chip whose accessible name was empty (XML cannot carry them).
        BadInput(.json, #"{"tags": ["\uFFFF"]}"#, "spec.json:1:11: a tag has no text (or only spaces, invisible characters and noncharacters); give it some text or remove it"),
        BadInput(.yaml, "tags:\n  - \"\\uFDD0 \\U0001FFFF\"\n", "spec.yaml:2:5: a tag has no text (or only spaces, invisible characters and noncharacters); give it some text or remove it"),
        // Invisible characters alone drew an empty chip too (U+FEFF alone passed the JSON reader
        // and failed the YAML one): refused alike, at the tag.
        BadInput(.json, "{\"tags\": [\"ok\", \"\\ufeff\", \"\\u2028\"]}", "spec.json:1:17: a tag has no text (or only spaces, invisible characters and noncharacters)"),
        BadInput(.json, "{\"tags\": [\"\\u200d\\u200e\"]}", "spec.json:1:11: a tag has no text (or only spaces, invisible characters and noncharacters)"),
        BadInput(.yaml, "tags:\n  - \"\\u00ad\\u200b \"\n", "spec.yaml:2:5: a tag has no text (or only spaces, invisible characters and noncharacters)"),
        BadInput(.text, "\t3\n", "tags.txt:1:2: a tag has no text (or only spaces, invisible characters and noncharacters); give it some text or remove it"),
        BadInput(.csv, "tag,weight\n,3\n", "tags.csv:2:1: a tag has no text"),
        // CSV links are checked where they are read, as JSON and YAML links are (the csv fuzz
        // target found one accepted here that its own yaml() then refused).
        BadInput(.csv, "tag,weight,href\nC++,22,https--font-file://isocpp.org\n",
                 #"tags.csv:2:8: the link of the tag "C++" is refused: the link "https--font-file://isocpp.org" uses the scheme https--font-file:"#),
        BadInput(.csv, "tag,weight,href\nEvil,1,\" JaVaScRiPt:alert(1)\"\n", #"tags.csv:2:8: the link of the tag "Evil" is refused"#),
    ]

    @Test(arguments: malformed + keysAndTypes + values + tags)
    func messageAndPlace(_ bad: BadInput) throws {
        let error = try #require(parseError(bad.text, bad.format))
        let description = error.description
        if bad.message.hasPrefix(fileName(bad.format)) {
            #expect(description.hasPrefix(bad.message), "\(description)")
        } else {
            #expect(description.contains(bad.message), "\(description)")
        }
    }

    @Test func errorCasesCarryTheirParts() {
        #expect(parseError("chip:\n  paddng: 3\n", .yaml)
                == .unknownKey(path: "chip.paddng", at(.yaml, 2, 3), suggestion: "chip.padding",
                               valid: Cloud.Chip.keys.schema.keys))
        #expect(parseError("width: x\n", .yaml)
                == .wrongType(path: "width", expected: "a number", got: "the string \"x\"", at(.yaml, 1, 8)))
        #expect(parseError("- a\u{7}\n", .text)
                == .controlCharacter("\u{7}", tag: "- a\u{7}", key: nil, at(.text, 1, 1)))
    }

    /// `true` or `false` where a link goes is refused (`href: false` was the relative link
    /// `./false` on every page); a number is a relative link (`href: 2024`), `null` no link.
    @Test func aBooleanIsNoLink() throws {
        let link = "a link (leave it out, or null, for none)"
        #expect(parseError("{\"tags\":[{\"text\":5,\"href\":false}]}", .json)
                == .wrongType(path: "tags[0].href", expected: link, got: "the value false", at(.json, 1, 27)))
        #expect(parseError("tags:\n  - text: Swift\n    href: true\n    tooltip: t\n", .yaml)
                == .wrongType(path: "tags[0].href", expected: link, got: "the value true", at(.yaml, 3, 11)))
        #expect(parseError("tags: [a]\nfontURL: false\n", .yaml)
                == .wrongType(path: "fontURL", expected: link, got: "the value false", at(.yaml, 2, 10)))
        #expect(try Cloud(yaml: "tags:\n  - {text: a, href: 2024}\n").tags[0].href == "2024")
        #expect(try Cloud(yaml: "tags:\n  - {text: a, href: null}\n").tags[0].href == nil)
        #expect(try Cloud(yaml: "tags:\n  - {text: a, href: \"false\"}\n").tags[0].href == "false", "quoted, it is the link written")
    }

    /// A control character in a tag's link or tooltip, or in a setting, is named by its key, not
    /// blamed on the tag's text.
    @Test func aControlCharacterNamesTheKeyHoldingIt() {
        #expect(parseError("{\"tags\":[{\"text\":\"x\",\"href\":\"java\\nscript:alert(1)\"}]}", .json)?.description
                == "spec.json:1:29: the href of the tag \"x\" contains the control character U+000A; remove it")
        #expect(parseError("{\"tags\":[{\"text\":\"Swift\",\"tooltip\":\"a\\tb\"}]}", .json)?.description
                == "spec.json:1:36: the tooltip of the tag \"Swift\" contains the control character U+0009; remove it")
        #expect(parseError("fontURL: \"/a\\tb/\"\ntags: [x]\n", .yaml)?.description
                == "spec.yaml:1:10: \"fontURL\" contains the control character U+0009; remove it")
        #expect(parseError("tag,weight,href\nx,1,\"a\tb\"\n", .csv)?.description.contains("the href of the tag \"x\" contains the control character U+0009") == true)
    }

    @Test func invalidUTF8NamesTheByteAndLine() {
        #expect(parseError([0x61, 0x0A, 0x62, 0xFF, 0x63], .yaml)?.description
                == "spec.yaml:2:2: the input is not valid UTF-8 at byte offset 3 (byte 0xFF never appears in UTF-8); save the file as UTF-8")
        #expect(parseError([0xFF, 0xFE, 0x61, 0x00], .json)?.description
                == "spec.json:1:1: the input is not valid UTF-8 at byte offset 0 (it starts with a UTF-16 (little-endian) byte order mark); save the file as UTF-8")
        #expect(parseError([0x61, 0xE2, 0x82], .text)?.description
                == "tags.txt:1:2: the input is not valid UTF-8 at byte offset 1 (the input ends inside a 3-byte character); save the file as UTF-8")
        // Overlong encodings and surrogates are refused.
        #expect(parseError([0xC0, 0xAF], .csv)?.description.contains("byte 0xC0 never appears in UTF-8") == true)
        #expect(parseError([0x41, 0xED, 0xA0, 0x80], .csv)?.description.contains("byte 0xA0 cannot follow 0xED") == true)
        // After a UTF-8 byte order mark, the offset counts the mark's three bytes.
        #expect(parseError([0xEF, 0xBB, 0xBF, 0x61, 0x80], .text)?.location
                == SpecLocation(source: "tags.txt", line: 1, column: 2, byteOffset: 4))
    }

    @Test func valuesSetByKeyPathAreCheckedAndLocatedAtTheirSource() {
        var cloud = Cloud()
        let cases: [(key: String, value: String, option: String, message: String)] = [
            ("width", "abc", "--width", #"option --width: "width" must be a number, but it is the string "abc""#),
            ("width", "-1", "--width", #"option --width: "width" is -1, but it must not be negative"#),
            ("theme", "blu", "--theme", #"option --theme: unknown value "blu" for "theme"; valid values: light, dark"#),
            ("background", "#ff00zz", "--background", ##"option --background: "background" is "#ff00zz", which is not a colour;"##),
            ("widht", "3", "--set", #"option --set: unknown key "widht"; did you mean "width"?"#),
            ("font.famly", "x", "--set", #"option --set: unknown key "font.famly"; did you mean "font.family"?"#),
            ("tags", "a", "--set", #"option --set: the key path "tags" names the whole list of tags; set one key of one tag by its 0-based index"#),
            ("width.x", "3", "--set", #"option --set: unknown key "width.x"; "width" holds no keys"#),
            ("width.", "3", "--set", #"option --set: unknown key "width."; "width" holds no keys"#),
            ("chip.padding.x", "3", "--set", #"option --set: unknown key "chip.padding.x"; valid keys here: horizontal, vertical"#),
            ("tags[0].text", "a", "--set", #"option --set: the key path "tags[0].text" names tag 0, but the cloud has no tags"#),
            ("chip[0].fill", "red", "--set", #"option --set: the key path "chip[0]" has an index, but "chip" is not a list"#),
            ("background", " ", "--background", #"option --background: "background" must be a value, but it is empty"#),
        ]
        for item in cases {
            do {
                try cloud.setValue(item.value, forKeyPath: item.key, source: "option \(item.option)")
                Issue.record("\(item.key)=\(item.value) was accepted")
            } catch {
                #expect(error.description.hasPrefix(item.message), "\(error.description)")
            }
        }
        #expect(cloud == Cloud())
    }

    @Test func fileErrorsAndMessages() throws {
        #expect(throws: TagCloudError.cannotReadInput(path: "/nonexistent/tags.yaml", reason: "there is no such file")) {
            try Cloud(contentsOf: URL(fileURLWithPath: "/nonexistent/tags.yaml"))
        }
        #expect(throws: TagCloudError.cannotReadInput(path: "/tmp", reason: "it is a folder")) {
            try Cloud(contentsOf: URL(fileURLWithPath: "/tmp"), format: .yaml)
        }
        #expect(TagCloudError.pictureTooLarge(width: 40000, height: 10, limit: 32767).description
                == #"the picture would be 40000 × 10 pixels, over the limit of 32767 pixels on a side; lower "width", "padding" or "scale" (PNG)"#)
        #expect(TagCloudError.pictureTooLarge(width: 390, height: 40000, limit: 32767).description
                == #"the picture would be 390 × 40000 pixels, over the limit of 32767 pixels on a side; lower the number of tags, "font.size", "spacing" or "scale" (PNG)"#)
        #expect(TagCloudError.unknownFontFamily("Helvetica", SpecLocation(source: "a.yaml", line: 3, column: 11),
                                                available: ["Inter", "DejaVu Sans"]).description
                == #"a.yaml:3:11: unknown font family "Helvetica"; available families: Inter, DejaVu Sans (and the machine's, which fontconfig finds)"#)
        // A near spelling is suggested (`--font Lto` got none).
        #expect(TagCloudError.unknownFontFamily("Intr", nil, available: ["Inter", "DejaVu Sans"]).description
                .hasPrefix(#"unknown font family "Intr"; did you mean "Inter"? available families: "#))
    }

    /// A picture too large names the keys whose values make it so, with those values: it said
    /// "lower the width, the padding or the scale", the scale even for SVG, which it does not
    /// size. A program sets them in code, so the command's options are not named (the command's
    /// messages name them: `BadInputTests`).
    @Test func aPictureTooLargeNamesTheKeysThatMakeIt() throws {
        func message(_ cloud: Cloud, _ format: OutputFormat) -> String {
            do {
                _ = try cloud.rendered().data(as: format)
                return "no error"
            } catch {
                return error.description
            }
        }
        var wide = Cloud(tags: ["a", "b"])
        wide.width = 20_000
        wide.scale = 2
        #expect(message(wide, .png) == #"the picture would be 40064 × 136 pixels, over the limit of 32767 pixels on a side: "width" 20000 "#
                + #"+ 2 × "padding" 16 points, × "scale" 2; lower "width", "padding" or "scale""#)
        #expect(message(wide, .svg) == "no error")
        wide.width = 40_000
        #expect(message(wide, .svg) == #"the picture would be 40032 × 68 pixels, over the limit of 32767 pixels on a side: "width" 40000 "#
                + #"+ 2 × "padding" 16 points (SVG is 1 pixel a point); lower "width" or "padding""#)
        var tall = Cloud(tags: (0..<80).map { Cloud.Tag("t\($0)") })
        tall.width = 10
        var font = Cloud.Font()
        font.size = 400
        tall.font = font
        let tallMessage = message(tall, .pdf)
        #expect(tallMessage.contains(#" pixels on a side: 80 tags make it "#) && tallMessage.hasSuffix(
            #" points tall (PDF is 1 pixel a point); show fewer rows ("maxRows") or tags, lower "font.size""#
            + #", "chip.padding" or "spacing", or raise "width" to fit more tags in a row"#), "\(tallMessage)")
        // One tag: its own padding can make it so, and no width or row limit helps.
        let one = try Cloud(yaml: "chip: {padding: {vertical: 100000}}\ntags: [a]\n")
        let oneMessage = message(one, .svg)
        #expect(oneMessage.contains(#": 1 tag makes it "#) && oneMessage.hasSuffix(
            #" points tall (SVG is 1 pixel a point); lower "font.size", "chip.padding" or "padding""#), "\(oneMessage)")
        // A chip wider than the flow made the picture wide: its size is to blame, not "width" (a
        // lower width changes nothing).
        let huge = try Cloud(yaml: "font: {size: 3000}\nscale: 64\ntags: [{text: a, weight: 1}, {text: b, weight: 2}]\n")
        let hugeMessage = message(huge, .png)
        #expect(hugeMessage.contains(#": a chip whose padding and ellipsis alone are wider than "width" 358 makes it "#)
                && hugeMessage.contains(#" points wide, × "scale" 64; lower "weights.maxSize", "chip.padding" or "scale""#), "\(hugeMessage)")
    }

    /// `localizedDescription`, what Swift programs print, is the message (it was "The operation
    /// could not be completed. (TagCloud.TagCloudError error 10.)").
    @Test func theLocalizedDescriptionIsTheMessage() throws {
        do {
            _ = try Cloud(yaml: "theme: dakr\ntags: [a]\n")
            Issue.record("an unknown theme was accepted")
        } catch {
            let any: any Error = error
            #expect(any.localizedDescription == error.description && error.description.contains("did you mean \"dark\""),
                    "\(any.localizedDescription)")
        }
        let canvas: any Error = CanvasError.invalidScale(0)
        #expect(canvas.localizedDescription == CanvasError.invalidScale(0).description)
    }

    @Test func loadingAFileReportsItsPath() throws {
        let path = "/tmp/tagcloud-spec-test-\(UInt32.random(in: 0...UInt32.max)).yaml"
        try Array("tags:\n  - a\n  - {text: b, weight: x}\n".utf8).withUnsafeBufferPointer { buffer in
            guard let file = fopen(path, "wb") else { throw TagCloudError.internalError("cannot create \(path)") }
            defer { fclose(file) }
            fwrite(buffer.baseAddress, 1, buffer.count, file)
        }
        defer { remove(path) }
        #expect(throws: TagCloudError.invalidWeight(tag: "b", value: "x", SpecLocation(source: path, line: 3, column: 23))) {
            try Cloud(contentsOf: URL(fileURLWithPath: path))
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
