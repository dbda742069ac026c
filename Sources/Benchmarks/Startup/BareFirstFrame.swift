import Foundation
import MonotonicTime

/// The floor under the window's start-up: `bare-first-frame` (SDL alone opening the same
/// window and presenting one cleared frame), spawned as the playground is and timed the same
/// way, from just before the spawn to its first present on CLOCK_MONOTONIC.
enum BareFirstFrame {
    /// The program, beside this executable (SwiftPM builds every product into one folder).
    static var executable: URL { BesideThisProgram.program("bare-first-frame") }

    /// Where Mesa keeps compiled shaders (it reads this variable before `XDG_CACHE_HOME`).
    /// A first visit to a folder is not the first start of a GL program: the photo-library
    /// section gives the window and this program one cache, warmed before it measures, so
    /// neither pays llvmpipe's shader compiles (about 300 ms of a cold first frame here).
    static let shaderCacheVariable = "MESA_SHADER_CACHE_DIR"

    /// Milliseconds from the spawn to the bare program's first frame, in a window of `size`
    /// (e.g. "1280x800") under the current DISPLAY (else SDL's dummy driver); with
    /// `shaderCache`, Mesa's compiled shaders kept there; `environment` is the program's (the
    /// tests give it folders of its own instead of the user's).
    static func milliseconds(size: String = "1280x800", shaderCache: String? = nil,
                             environment inherited: [String: String] = ProcessInfo.processInfo.environment) throws -> Double {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw BenchFailure(message: "\(executable.path) is missing: build the bare-first-frame product beside parallax-bench")
        }
        var environment = inherited
        if environment["DISPLAY"] == nil { environment["SDL_VIDEODRIVER"] = "dummy" }
        if let shaderCache { environment[shaderCacheVariable] = shaderCache }
        var spawned: UInt64 = 0
        let result = try ChildProcess(executable: executable, arguments: [size], environment: environment)
            .run { spawned = monotonicNanoseconds() }
        guard result.status == 0 else {
            throw BenchFailure(message: "bare-first-frame failed (status \(result.status)): \(result.standardError)")
        }
        guard let line = result.standardOutput.split(separator: "\n").first(where: { $0.hasPrefix("first_frame_ns ") }),
              let stamp = UInt64(line.dropFirst("first_frame_ns ".count))
        else {
            throw BenchFailure(message: "bare-first-frame printed no first_frame_ns: \(result.standardOutput)")
        }
        return Double(Int64(bitPattern: stamp &- spawned)) / 1e6
    }
}
