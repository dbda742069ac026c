import Foundation
import ParallaxKit
import SDLBackend
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

/// Writes six small PNGs of one colour each (light blue-greys, 96×64) into `folder`. On them
/// every row of the window's cells is one colour whatever has arrived there (the dark
/// placeholder, a fade, the photo), so a capture can be judged within itself, with no second
/// run whose photos might arrive at another time: a mark drawn into it (the fps badge, the
/// cost panel, a toast) makes some row more than one colour.
func writeFlatPhotos(into folder: String) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for i in 0..<6 {
        try RGBAImage(width: 96, height: 64, color: Color(r: 200, g: UInt8(210 + i * 5), b: 235))
            .savePNG(path: folder + "/photo-\(i).png")
    }
}

/// The files under `home` (searched through it all: P's and R's folders are the desktop's,
/// under it) that the window saved, named `parallax-…` and ending in `suffix`.
func capturesSaved(under home: String, suffix: String) -> [String] {
    let all = FileManager.default.enumerator(atPath: home)?.compactMap { $0 as? String } ?? []
    return all.filter { ($0 as NSString).lastPathComponent.hasPrefix("parallax-") && $0.hasSuffix(suffix) }.map { home + "/" + $0 }
}

/// How many rows of `image` hold more than one colour.
func rowsOfMoreThanOneColour(in image: RGBAImage) -> Int {
    let rowBytes = image.width * 4
    return (0..<image.height).count { y in
        let row = image.bytes[(y * rowBytes)..<((y + 1) * rowBytes)]
        let first = row.prefix(4)
        return stride(from: row.startIndex, to: row.endIndex, by: 4).contains { row[$0..<($0 + 4)] != first }
    }
}

/// Six 96×64 PNGs shaded across and down, each its own hue: a parallax shift or a moved
/// cell changes their pixels as it would a photo's, and each decodes in well under a
/// millisecond: the bundled photos take tenths of a second each, which a loaded machine
/// can stretch past P's three seconds of patience in one run of the two compared.
func writeShadedPhotos(into folder: String) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let width = 96, height = 64
    for i in 0..<6 {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = (y * width + x) * 4
                bytes[p] = UInt8(40 + y * 3)
                bytes[p + 1] = UInt8(60 + x * 2)
                bytes[p + 2] = UInt8(90 + i * 30)
            }
        }
        try RGBAImage(width: width, height: height, bytes: bytes).savePNG(path: folder + "/photo-\(i).png")
    }
}
