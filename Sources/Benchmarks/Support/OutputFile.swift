import FileOutput
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes every file the benchmark produces whole (through `AtomicFile`: a temporary file
/// beside it, renamed over it), so a reader never sees half a report and a failed run leaves
/// the old one.
public enum OutputFile {
    public static func write(_ data: Data, to path: String) throws {
        try AtomicFile.write(data, to: path)
    }

    /// Lets `produce` write a temporary path in the same folder, then renames it to `path`.
    public static func writing(to path: String, _ produce: (String) throws -> Void) throws {
        let temporary = AtomicFile.temporaryPath(beside: path)
        do {
            try produce(temporary)
        } catch {
            unlink(temporary)
            throw error
        }
        try AtomicFile.replace(path, withFileAt: temporary)
    }
}
