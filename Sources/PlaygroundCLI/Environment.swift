import Foundation

/// Finds the bundled images: `--resources` if given, else a `Resources` folder next to the
/// current directory or above the executable (`.build/debug/…` sits two levels below the repo).
func locateResources(_ explicit: String?) throws -> String {
    let fm = FileManager.default
    func hasImages(_ dir: String) -> Bool {
        fm.fileExists(atPath: dir + "/photos") && fm.fileExists(atPath: dir + "/covers")
    }
    if let explicit {
        guard hasImages(explicit) else {
            throw InputError(message: "--resources '\(explicit)' needs a photos/ and a covers/ folder of PNG or JPEG images")
        }
        return explicit
    }
    var candidates = [fm.currentDirectoryPath + "/Resources"]
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<5 {
        candidates.append(dir.appendingPathComponent("Resources").path)
        dir = dir.deletingLastPathComponent()
    }
    if let found = candidates.first(where: hasImages) { return found }
    throw InputError(message: "cannot find the bundled images (looked in \(candidates[0]) and above the executable); pass --resources DIR")
}

/// GNOME's "reduce motion": `enable-animations` false. Absent GNOME, motion stays on.
func systemPrefersReducedMotion() -> Bool {
    let candidates = ["/usr/bin/gsettings", "/bin/gsettings"]
    guard let gsettings = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else { return false }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: gsettings)
    process.arguments = ["get", "org.gnome.desktop.interface", "enable-animations"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return false }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return process.terminationStatus == 0 && output.trimmingCharacters(in: .whitespacesAndNewlines) == "false"
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
}

func printWarning(_ message: String) {
    FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
}
