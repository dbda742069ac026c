import Foundation
import SpawnIsolation
import Testing

/// Runs the window headless (SDL's dummy driver) with `home` as HOME and its XDG folders
/// under it, on the script `script` (written into `run`, its current directory), with
/// `arguments` after `--no-settings --script FILE`; expects it to end with status 0.
func runHeadlessWindow(home: String, run: String, script: String, arguments: [String],
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
    try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: true)
    try script.write(toFile: run + "/script.txt", atomically: true, encoding: .utf8)
    var environment = ProcessInfo.processInfo.environment
    environment["SDL_VIDEODRIVER"] = "dummy"
    environment["HOME"] = home
    environment["XDG_CONFIG_HOME"] = home + "/config"
    environment["XDG_CACHE_HOME"] = home + "/cache"
    environment["XDG_DATA_HOME"] = home + "/data"
    let app = Isolated.process(try playgroundBinary(), ["--no-settings", "--script", run + "/script.txt"] + arguments,
                               environment: environment, currentDirectory: URL(fileURLWithPath: run))
    app.standardOutput = FileHandle.nullDevice
    app.standardError = FileHandle.nullDevice
    try app.run()
    app.waitUntilExit()
    #expect(app.terminationStatus == 0, sourceLocation: sourceLocation)
}
