import Canvas
import Foundation
import Testing

/// `tagcloud diff` is what golden-image checks rely on: it never passes a damaged, animated or
/// differently sized picture, never harms its inputs, and stays within its limits whatever the
/// images' shapes. Exit codes: 0 same, 1 different, 2 cannot compare.
@Suite struct DiffInputTests {
    /// A folder holding `files`.
    func folder(_ files: [String: Data]) throws -> URL {
        let dir = try temporaryFolder()
        for (name, data) in files { try data.write(to: dir.appendingPathComponent(name)) }
        return dir
    }

    static func png(width: Int, height: Int, value: UInt8 = 90) throws -> Data {
        try RGBAImage(width: width, height: height, pixels: [UInt8](repeating: value, count: width * height * 4)).pngData()
    }

    /// A PNG chunk: length, type, data, CRC-32.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32($0))) } }
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return bigEndian(UInt32(data.count)) + body + bigEndian(~crc)
    }

    /// `-` is standard input for one of the two images (a golden piped from `git show`), as
    /// render reads `-`; given twice it is refused (it can be read once), and what it holds is
    /// checked as a file's bytes are. It was "cannot read "-": there is no such file".
    @Test func oneImageCanComeFromStandardInput() throws {
        let same = try Self.png(width: 3, height: 2), other = try Self.png(width: 3, height: 2, value: 200)
        let dir = try folder(["a.png": same])
        defer { try? FileManager.default.removeItem(at: dir) }
        let equal = try CommandRunner.run(["diff", "-", "a.png"], in: dir, input: same)
        #expect(equal.status == 0, "\(equal.standardError)")
        let differ = try CommandRunner.run(["diff", "a.png", "-"], in: dir, input: other)
        #expect(differ.status == 1, "\(differ.standardError)")
        let twice = try CommandRunner.run(["diff", "-", "-"], in: dir, input: same)
        #expect(twice.status == 2 && twice.standardError.contains("standard input (-) is given twice"), "\(twice.standardError)")
        let text = try CommandRunner.run(["diff", "-", "a.png"], in: dir, input: Data("tags: [a]\n".utf8))
        #expect(text.status == 2 && text.standardError.contains("standard input is not a readable PNG image"), "\(text.standardError)")
    }

    /// Images of very different shapes are not padded onto a common canvas over `--max-pixels`
    /// (32,767 × 1 and 1 × 32,767 took 12.6 GB and 45 s): only the part both have is compared,
    /// the rest counts as differing, and the diff image is that part. Exit 1, at once.
    @Test func imagesOfVeryDifferentShapesStayWithinTheLimits() throws {
        let dir = try folder(["wide.png": Self.png(width: 32_767, height: 1), "tall.png": Self.png(width: 1, height: 32_767),
                              "w.png": Self.png(width: 300, height: 1), "t.png": Self.png(width: 1, height: 300)])
        defer { try? FileManager.default.removeItem(at: dir) }
        let small = try CommandRunner.run(["diff", "w.png", "t.png", "--max-pixels", "1000", "--out", "d.png"], in: dir)
        #expect(small.status == 1, "\(small.standardError)")
        #expect(small.text == "the images differ in size: 300 × 1 and 1 × 300 pixels; their common canvas of 300 × 300 pixels "
                + "would be over the limit of 1000 pixels (--max-pixels), so only the part both have was compared, every pixel "
                + "only one has counted as differing: 598 of the 599 pixels either has differ (99.8331 %)\n", "\(small.text)")
        let diffImage = try RGBAImage(contentsOf: dir.appendingPathComponent("d.png"))
        #expect((diffImage.width, diffImage.height) == (1, 1))
        let started = Date()
        let large = try CommandRunner.run(["diff", "wide.png", "tall.png", "--max-pixels", "40000"], in: dir)
        #expect(large.status == 1, "\(large.standardError)")
        #expect(large.text.contains("only the part both have was compared"), "\(large.text)")
        #expect(Date().timeIntervalSince(started) < 20)
    }

    /// Standard output opened on an input (`--out - 1<> a.png`, or the summary with `1<> a.png`)
    /// is refused as `--out /dev/stdout` is: the diff image was written over the golden.
    @Test func standardOutputThatIsAnImageIsRefused() throws {
        let a = try Self.png(width: 4, height: 4), b = try Self.png(width: 4, height: 4, value: 10)
        let dir = try folder(["a.png": a, "b.png": b])
        defer { try? FileManager.default.removeItem(at: dir) }
        let tagcloud = CommandRunner.executable.path
        for command in ["diff a.png b.png --out - 1<>a.png", "diff a.png b.png 1<>a.png", "diff b.png a.png --out - >>a.png"] {
            let run = try CommandRunner.run(["-c", "'\(tagcloud)' \(command)"], in: dir, program: URL(fileURLWithPath: "/bin/sh"))
            #expect(run.status == 2, "\(command): \(run.standardError)")
            #expect(run.standardError.contains("standard output is the input file \"a.png\", which must not be replaced"),
                    "\(command): \(run.standardError)")
            #expect(try Data(contentsOf: dir.appendingPathComponent("a.png")) == a, "\(command)")
        }
    }

    /// Damaged files, animated PNGs, empty files and files that are not PNGs cannot be compared
    /// (exit 2), each with what is wrong; libpng's lenient reading passed the damaged ones (exit 0)
    /// and said "Read Error" of an empty file.
    @Test func damagedAnimatedAndNonPNGFilesCannotBeCompared() throws {
        let good = try Self.png(width: 2, height: 2)
        var badCRC = [UInt8](good)
        let gamma = Self.chunk("gAMA", [0, 1, 0x86, 0xA0])
        badCRC.insert(contentsOf: gamma.dropLast() + [gamma[gamma.count - 1] ^ 1], at: 33)
        let animation = Self.chunk("acTL", [0, 0, 0, 2, 0, 0, 0, 0])
        let animated = Data(good.prefix(33) + animation + good.dropFirst(33))
        let dir = try folder(["good.png": good, "noend.png": good.prefix(good.count - 12), "crc.png": Data(badCRC),
                              "after.png": good + Data(Self.chunk("IDAT", [1, 2, 3])), "animated.png": animated,
                              "empty.png": Data(), "text.png": Data("hello".utf8)])
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases = [
            ("noend.png", "it ends without an IEND chunk: it is cut short or damaged"),
            ("crc.png", "the CRC of its gAMA chunk (at byte 33) is wrong; the file is damaged"),
            ("after.png", "it has data after its IEND chunk (at byte \(good.count)); the file is damaged"),
            ("animated.png", "it is an animated PNG (APNG), and animated PNGs are not compared"),
            ("empty.png", "\"empty.png\" is not a readable PNG image: the file is empty"),
            ("text.png", "\"text.png\" is not a readable PNG image: it is not a PNG file (it does not start with the PNG signature)"),
        ]
        for (name, message) in cases {
            for arguments in [["good.png", name], [name, "good.png"]] {
                let run = try CommandRunner.run(["diff"] + arguments, in: dir)
                #expect(run.status == 2, "\(arguments): \(run.text)")
                #expect(run.standardError.contains(message), "\(arguments): \(run.standardError)")
            }
        }
        #expect(try CommandRunner.run(["diff", "good.png", "good.png"], in: dir).status == 0)
    }
}
