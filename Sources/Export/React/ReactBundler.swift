import ChildProcesses
import Foundation

/// Bundles the React export's demo with esbuild (Debian's `esbuild` 0.17), React and React DOM
/// coming from Debian's `node-react` and `node-react-dom`, which install them under
/// /usr/share/nodejs (`dpkg -L node-react`), a folder Node's resolution does not search on its
/// own: esbuild is given it as NODE_PATH.
public struct ReactBundler: Sendable {
    /// esbuild's path; nil when it is not installed.
    public var executable: String?
    /// Where `react` and `react-dom` are found.
    public var modulePath: String

    public static let debianModulePath = "/usr/share/nodejs"

    public init(executable: String?, modulePath: String = ReactBundler.debianModulePath) {
        self.executable = executable
        self.modulePath = modulePath
    }

    /// esbuild as found on `path` (a PATH value), with Debian's React.
    public static func onPath(_ path: String?) -> ReactBundler {
        let folders = (path ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        let found = folders.map { $0 + "/esbuild" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        return ReactBundler(executable: found)
    }

    /// The command a person runs in the export's folder to bundle the demo, the same as this one runs.
    public static let commandLine = "NODE_PATH=/usr/share/nodejs esbuild demo/main.tsx --bundle --jsx=automatic --minify "
        + "--define:process.env.NODE_ENV='\"production\"' --target=es2020 --outfile=demo/demo.js"

    /// esbuild's version (`esbuild --version`), or nil.
    public func version() -> String? {
        guard let executable, let answer = try? SpawnedProcess.output(of: executable, ["--version"]), answer.termination.succeeded else { return nil }
        return answer.text
    }

    /// Bundles `entry` (with everything it imports, React included) into `output`, minified, for
    /// browsers since 2020. Throws with esbuild's first error line when it fails.
    public func bundle(entry: String, output: String) throws(ExportError) {
        guard let executable else { throw ExportError("esbuild is not installed (Debian package esbuild)") }
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-esbuild-\(UUID().uuidString)").path
        let fd = open(errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw ExportError("cannot run esbuild: cannot open a file for its messages in \(FileManager.default.temporaryDirectory.path)") }
        defer {
            close(fd)
            unlink(errors)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["NODE_PATH"] = [modulePath, environment["NODE_PATH"]].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ":")
        let arguments = [entry, "--bundle", "--jsx=automatic", "--minify", "--define:process.env.NODE_ENV=\"production\"",
                         "--target=es2020", "--log-level=error", "--outfile=\(output)"]
        let termination: SpawnedProcess.Termination
        do {
            let child = try SpawnedProcess(program: executable, arguments: arguments, error: .descriptor(fd),
                                           environment: environment.map { "\($0.key)=\($0.value)" })
            termination = child.wait()
        } catch {
            throw ExportError(error.description)
        }
        guard termination.succeeded else {
            let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            // esbuild's report starts "✘ [ERROR] Could not resolve "react"" and names the file below.
            let first = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
            throw ExportError("esbuild failed (\(termination)): \(first ?? "no message")")
        }
    }
}
