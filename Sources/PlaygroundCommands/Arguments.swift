import ArgumentParser
import Foundation
import ParallaxKit
import RunHarness

extension SceneID: ExpressibleByArgument {}
extension ParallaxStrategy: ExpressibleByArgument {}
/// `--physics NAME`: an engine's name or an alias (`compose`); completions offer the names.
extension ScrollEngineName: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// `WIDTHxHEIGHT` in points, each from 1 to `ViewportSize.largest`.
package struct ViewportSize: CustomStringConvertible {
    package var size: Size

    /// 16,384: the largest texture SDL's renderers take on common GPUs (and so the largest
    /// window a shot can read back), and far past any screen; also what keeps a layout's
    /// columns and visible cells, which grow with the viewport, bounded.
    package static let largest = 16_384.0

    package init(width: Double, height: Double) {
        size = Size(width: width, height: height)
    }

    package init(parsing argument: String) throws {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite else {
            throw ValidationError("expected WIDTHxHEIGHT, e.g. 1280x800")
        }
        guard w > 0, h > 0 else { throw ValidationError("width and height must both be positive") }
        guard w >= 1, h >= 1, w <= Self.largest, h <= Self.largest else {
            throw ValidationError("width and height must each be from 1 to \(Int(Self.largest)) points")
        }
        size = Size(width: w, height: h)
    }

    package var description: String { "\(TraceWriter.format(size.width))x\(TraceWriter.format(size.height))" }
}

/// The largest script file read: 16 MB is far more text than an hour of script commands.
package let largestScriptFileBytes = 16 << 20

/// Loads `--script`: a built-in name or a file path.
package func loadScript(_ nameOrPath: String) throws -> Script {
    if let builtin = BuiltinScript(rawValue: nameOrPath) { return builtin.script }
    let quoted = ScriptLimits.quote(nameOrPath)
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: nameOrPath, isDirectory: &isFolder) else {
        throw InputError(message: "no script named \(quoted): not a built-in (\(BuiltinScript.validNames)) and no such file")
    }
    guard !isFolder.boolValue else { throw InputError(message: "script \(quoted) is a folder, not a file") }
    if let size = (try? FileManager.default.attributesOfItem(atPath: nameOrPath))?[.size] as? Int, size > largestScriptFileBytes {
        throw InputError(message: "script file \(quoted) is larger than \(largestScriptFileBytes >> 20) MB")
    }
    guard let data = FileManager.default.contents(atPath: nameOrPath), let text = String(data: data, encoding: .utf8) else {
        throw InputError(message: "cannot read script file \(quoted) as UTF-8 text")
    }
    do {
        return try Script.parse(text, file: nameOrPath)
    } catch {
        throw InputError(message: "malformed script: \(error.description)")
    }
}
