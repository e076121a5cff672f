import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The command's inputs as an output is checked against them (``OutputFile/check(_:inputs:within:)``):
/// each input looked at once, when the set is made.
///
/// A batch checks every output against every input, before rendering and again before writing;
/// looking at each input for each output cost two `stat` calls per input per output, so a site's
/// rebuild of 1,000 clouds over the last build's files made about 400,000 (and 10,000 clouds a
/// hundred times as many). Made once, a set answers with one dictionary lookup per output and a
/// pass over the input folders (a handful).
///
/// Inputs are seen as they were when the set was made: the command reads them then. A missing
/// input is skipped (reading it fails on its own); `-` is the file standard input reads, when it
/// is one (`< spec.yaml`).
package struct InputFiles: Sendable, ExpressibleByArrayLiteral {
    /// An input that is a folder (`collect`'s content, a folder of fonts).
    package struct Folder: Sendable {
        /// The input as given.
        let name: String
        /// Its place among the inputs, for naming the first one an output collides with.
        let order: Int
        /// Its real path (every link, `.` and `..` resolved), or `nil` when it has none.
        let realPath: String?
        /// The path as given, with `.` and `..` removed.
        let standardized: String
    }

    /// A file's identity: its device and inode.
    private struct Identity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
    }

    /// The inputs as given, in order.
    package private(set) var names: [String] = []
    /// The first input (by name and place) that is each file.
    private var files: [Identity: (name: String, order: Int)] = [:]
    /// The inputs that are folders, in order.
    package private(set) var folders: [Folder] = []

    /// Looks at each input once.
    package init(_ inputs: [String]) { add(inputs) }

    package init(arrayLiteral inputs: String...) { self.init(inputs) }

    /// Adds inputs after those already there (a spec's font files).
    package mutating func add(_ inputs: [String]) {
        for input in inputs {
            let order = names.count
            names.append(input)
            guard let status = OutputFile.status(ofInput: input) else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                folders.append(Folder(name: input, order: order, realPath: OutputFile.realPath(input),
                                      standardized: URL(fileURLWithPath: input).standardized.path))
            } else {
                let identity = Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
                if files[identity] == nil { files[identity] = (input, order) }
            }
        }
    }

    /// These inputs and `inputs` after them.
    package func adding(_ inputs: [String]) -> InputFiles {
        var result = self
        result.add(inputs)
        return result
    }

    /// The first input that is the file `identity` names, with its place; `nil` when none is.
    func firstFile(identicalTo identity: OutputFile.FileIdentity) -> (name: String, order: Int)? {
        files[Identity(device: identity.device, inode: identity.inode)]
    }
}
