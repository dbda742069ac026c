import Foundation
import PlaygroundCommands

/// Finds the bundled images: `--resources` if given, else the first of
/// `bundledResourceCandidates` that has a `photos/` and a `covers/` folder. parallax-bench,
/// built and installed beside the app, finds them the same way.
public func locateResources(_ explicit: String?) throws -> String {
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
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
    let candidates = bundledResourceCandidates(
        currentDirectory: fm.currentDirectoryPath, executable: executable, environment: ProcessInfo.processInfo.environment)
    if let found = candidates.first(where: hasImages) { return found }
    throw InputError(message: "cannot find the bundled images (looked in \(candidates[0]), above the executable, in PREFIX/share/parallax-playground and in $XDG_DATA_DIRS); pass --resources DIR")
}

/// Where the bundled images may be, in order: a clone's `Resources` (the current directory,
/// or up to five folders above the executable: `.build/debug/…` sits two levels below the
/// repo, the tests' `.build/tests/x86_64-unknown-linux-gnu/release/…` four); then an
/// installed copy, `PREFIX/share/parallax-playground` from the binary in
/// `PREFIX/lib/parallax-playground` (or `PREFIX/bin`), whatever the prefix or DESTDIR; then `parallax-playground` in `$XDG_DATA_HOME` and each
/// of `$XDG_DATA_DIRS` (the XDG Base Directory Specification's defaults when unset or empty:
/// `~/.local/share` and `/usr/local/share:/usr/share`).
func bundledResourceCandidates(currentDirectory: String, executable: String, environment: [String: String]) -> [String] {
    var candidates = [currentDirectory + "/Resources"]
    let binFolder = URL(fileURLWithPath: executable).deletingLastPathComponent()
    var dir = binFolder
    for _ in 0..<5 {
        candidates.append(dir.appendingPathComponent("Resources").path)
        dir = dir.deletingLastPathComponent()
    }
    let prefixes = [binFolder.deletingLastPathComponent().deletingLastPathComponent(), binFolder.deletingLastPathComponent()]
    candidates += prefixes.map { $0.appendingPathComponent("share/parallax-playground").path }
    var dataFolders: [String] = []
    if let home = environment["XDG_DATA_HOME"], home.hasPrefix("/") {
        dataFolders.append(home)
    } else if let home = environment["HOME"], home.hasPrefix("/") {
        dataFolders.append(home + "/.local/share")
    }
    // The specification ignores relative paths in these variables.
    let system = (environment["XDG_DATA_DIRS"] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
    dataFolders += system.isEmpty ? ["/usr/local/share", "/usr/share"] : system
    candidates += dataFolders.map { $0 + "/parallax-playground" }
    return candidates
}
