import Foundation

/// The programs the bench starts, found in the folder of the running one (`parallax-bench`):
/// SwiftPM builds every product into one folder, and `make install` puts them together in
/// PREFIX/lib/parallax-playground.
enum BesideThisProgram {
    /// The running program, its links resolved.
    static var this: URL { URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath() }

    /// `name` beside the running program.
    static func program(_ name: String) -> URL {
        this.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// The app, whose window command the start-up and photo-library sections start as a user
    /// would: `parallax-playground`, not this program, so that what is timed is the app as
    /// shipped (without the malloc interposer the bench links).
    static func playground() throws -> URL {
        let app = program("parallax-playground")
        guard FileManager.default.isExecutableFile(atPath: app.path) else {
            throw BenchFailure(message: "\(app.path) is missing: build the parallax-playground product beside parallax-bench (swift build builds both)")
        }
        return app
    }
}
