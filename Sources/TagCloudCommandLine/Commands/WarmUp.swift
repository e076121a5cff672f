import Canvas
import Dispatch
import Foundation
import Typesetting

extension TagCloudCommand {
    /// Starts, on another thread, the one-time work that a render otherwise does on its critical
    /// path, so that it overlaps with parsing the command line and the spec.
    ///
    /// A render starts by loading the bundled fonts, then shapes its first labels (HarfBuzz
    /// builds its shaping plans and the OpenType layout tables' accelerators), and draws its first
    /// picture (Cairo and pixman set themselves up, the first glyph masks are made, the worker
    /// threads the PNG encoder uses are started). None of that depends on the spec, and all of it
    /// is kept in process-wide caches that any later render uses, so doing it on an idle core
    /// while the main thread parses arguments takes it off the command's wall-clock time. The
    /// results are the same either way: each cache holds pure functions of its keys, and the
    /// typesetter's font loading happens once under a lock, which a render that comes first waits
    /// on.
    ///
    /// Only the `tagcloud` executable calls this, before it parses its arguments; it is a hint, and
    /// the process waits for it before exiting (``finishWarmingUp()``).
    package static func startWarmingUp() {
        DispatchQueue.global(qos: .userInitiated).async(group: warmingUp) {
            guard let typesetter = try? Typesetter.standard() else { return }
            let labels = ["0123456789", "Swift"].compactMap { try? typesetter.shape($0, font: .body) }
            guard !labels.isEmpty else { return }
            let list = SamplePictures.numberedCapsules(labels: labels, width: 120, padding: 2)
            _ = try? Renderer<Data>.png(scale: 2, background: RGBAColor(red: 1, green: 1, blue: 1)).render(list)
        }
    }

    /// The warm-up started by ``startWarmingUp()``.
    private static let warmingUp = DispatchGroup()

    /// Waits until the warm-up has ended; the process calls it before it exits. `exit` runs the C
    /// libraries' exit handlers (HarfBuzz frees its list of languages), and a warm-up thread still
    /// shaping read freed memory: `tagcloud render c/nosuch.yaml` ended in a segmentation fault
    /// (139) instead of exit 66, once in a CI run, with the main thread in `_fini` and the warm-up
    /// thread in HarfBuzz. The warm-up takes a few tens of milliseconds, once per process.
    package static func finishWarmingUp() {
        warmingUp.wait()
    }
}
