import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes every file the benchmark produces whole: into a temporary file beside it, then
/// renamed over it, so a reader never sees half a report and a failed run leaves the old one.
public enum OutputFile {
    public static func write(_ data: Data, to path: String) throws {
        try writing(to: path) { temporary in try data.write(to: URL(fileURLWithPath: temporary)) }
    }

    /// Lets `produce` write a temporary path in the same folder, then renames it to `path`.
    public static func writing(to path: String, _ produce: (String) throws -> Void) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
        do {
            try produce(temporary)
            guard rename(temporary, path) == 0 else {
                throw BenchFailure(message: "cannot rename \(temporary) to \(path): \(String(cString: strerror(errno)))")
            }
        } catch {
            unlink(temporary)
            throw error
        }
    }
}
