/// Refuses the TOML that makes TOMLKit's parser (toml++ 3) stop the process instead of throwing.
///
/// toml++ checks some of its own assumptions with `assert`, and some inputs break them, aborting
/// the process (found by the `frontmatter` fuzz target: one bad page stopped a whole `collect`):
/// a table header whose first character is not a key's (`[#a]`, `[ {x]`, `[+1]`) reaches
/// `parse_key`, and a date followed by `T` or `t` and no digit (`2024-03-08ta`) reaches
/// `parse_time`. Such text is refused here, as a malformed block at its line, before toml++
/// sees it.
///
/// Table headers are told apart from arrays whose lines start with `[` (`tags = [\n [1, 2]\n]`) by
/// reading the text as TOML's lexer does: strings (basic, literal, multi-line), comments, and the
/// brackets and braces of values.
enum TOMLGuard {
    /// The line and reason of the first construct toml++ cannot survive, or `nil`.
    ///
    /// - Parameter text: The TOML text.
    /// - Complexity: O(n) in the text's length.
    static func firstFatalConstruct(in text: String) -> (line: Int, message: String)? {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var line = 1
        var depth = 0  // open brackets and braces of values
        var atLineStart = true
        var atValue = false  // after `=`, or after `[` or `,` in a value
        var afterEquals = false
        func isDigit(_ scalar: Unicode.Scalar?) -> Bool { scalar.map { ("0"..."9").contains($0) } ?? false }
        func at(_ offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }
        func isKeyStart(_ scalar: Unicode.Scalar?) -> Bool {
            guard let scalar else { return true }  // the end: toml++ reports it
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9", "_", "-", "\"", "'", "]": return true
            default: return false
            }
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" {
                if atValue, afterEquals { return (line, "a value is missing after “=”") }
                line += 1
                atLineStart = true
                index += 1
                continue
            }
            if atLineStart, scalar == " " || scalar == "\t" {
                index += 1
                continue
            }
            let startsLine = atLineStart
            atLineStart = false
            if scalar == " " || scalar == "\t" || scalar == "\r" {
                index += 1
                continue
            }
            if atValue {
                atValue = false
                // A value that is missing: toml++ assumes there is one (`a = }`, `[,1]`, `[}`).
                if scalar == "}" || scalar == "," || (afterEquals && (scalar == "]" || scalar == "#")) {
                    return (line, "a value is missing before \(scalar == "#" ? "the comment" : "“\(scalar)”")")
                }
                // A date (YYYY-MM-DD) then `T` or `t` is a date-time to toml++, whose time must
                // follow.
                let shape: [Bool] = [true, true, true, true, false, true, true, false, true, true]
                if index + 10 < scalars.count, shape.enumerated().allSatisfy({ isDigit(at($0.offset)) == $0.element }),
                   at(4) == "-", at(7) == "-", at(10) == "T" || at(10) == "t", !isDigit(at(11)) || !isDigit(at(12)) {
                    return (line, "a date and time needs the time after its T (2024-03-08T10:00:00)")
                }
            }
            switch scalar {
            case "#":
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
                continue
            case "\"", "'":
                let multiLine = at(1) == scalar && at(2) == scalar
                index += multiLine ? 3 : 1
                while index < scalars.count {
                    let current = scalars[index]
                    if current == "\n" {
                        if !multiLine { break }
                        line += 1
                    }
                    if scalar == "\"", current == "\\" {
                        index += 2
                        continue
                    }
                    if current == scalar, !multiLine || (at(1) == scalar && at(2) == scalar) {
                        index += multiLine ? 3 : 1
                        break
                    }
                    index += 1
                }
                continue
            case "[" where startsLine && depth == 0:
                // A table header (`[a]`) or an array of tables (`[[a]]`).
                index += 1
                while at(0) == " " || at(0) == "\t" { index += 1 }
                if at(0) == "[" {
                    index += 1
                    while at(0) == " " || at(0) == "\t" { index += 1 }
                }
                if !isKeyStart(at(0)) {
                    return (line, "a table header must start with a key (a name or a quoted string)")
                }
                // The rest of the header is toml++'s to read: skip to the end of the line.
                while index < scalars.count, scalars[index] != "\n" {
                    if scalars[index] == "\"" || scalars[index] == "'" { break }
                    index += 1
                }
                continue
            case "[", "{":
                depth += 1
                atValue = scalar == "["
                afterEquals = false
            case "]", "}":
                depth = max(0, depth - 1)
            case "=":
                atValue = true
                afterEquals = true
            case "," where depth > 0:
                atValue = true
                afterEquals = false
            default:
                break
            }
            index += 1
        }
        if atValue, afterEquals { return (line, "a value is missing after “=”") }
        return nil
    }
}
