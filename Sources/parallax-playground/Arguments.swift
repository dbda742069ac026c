import ArgumentParser
import Foundation
import ParallaxKit

extension SceneID: ExpressibleByArgument {}
extension ParallaxStrategy: ExpressibleByArgument {}

/// `WIDTHxHEIGHT` in points, both positive.
struct ViewportSize: CustomStringConvertible {
    var size: Size

    init(width: Double, height: Double) {
        size = Size(width: width, height: height)
    }

    init(parsing argument: String) throws {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite else {
            throw ValidationError("expected WIDTHxHEIGHT, e.g. 1280x800")
        }
        guard w > 0, h > 0 else { throw ValidationError("width and height must both be positive") }
        size = Size(width: w, height: h)
    }

    var description: String { "\(TraceWriter.format(size.width))x\(TraceWriter.format(size.height))" }
}

/// Loads `--script`: a built-in name or a file path.
func loadScript(_ nameOrPath: String) throws -> Script {
    if let builtin = BuiltinScript(rawValue: nameOrPath) { return builtin.script }
    guard FileManager.default.fileExists(atPath: nameOrPath) else {
        throw InputError(message: "no script named '\(nameOrPath)': not a built-in (\(BuiltinScript.validNames)) and no such file")
    }
    guard let data = FileManager.default.contents(atPath: nameOrPath), let text = String(data: data, encoding: .utf8) else {
        throw InputError(message: "cannot read script file '\(nameOrPath)' as UTF-8 text")
    }
    do {
        return try Script.parse(text, file: nameOrPath)
    } catch {
        throw InputError(message: "malformed script: \(error.description)")
    }
}
