import Foundation
import SpawnIsolation
import Testing

/// Sources/CVips/include/shim.h declares, by hand, the libvips functions its dlopen'd table
/// holds (see its header comment). This compiles it after libvips' real headers: a table
/// entry whose type differs from the real function's, or an enum value that differs, fails a
/// _Static_assert.
@Suite struct ShimTests {
    @Test func shimMatchesLibvipsHeaders() throws {
        let shim = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/CVips/include/shim.h").path
        let source = "#include <vips/vips.h>\n#define CVIPS_CHECK_AGAINST_REAL_HEADERS 1\n"
            + "#include \"\(shim)\"\n"
        let script = "cc -std=c11 -Wall -Werror -fsyntax-only $(pkg-config --cflags vips) -x c -"
        let process = Isolated.process(URL(fileURLWithPath: "/bin/sh"), ["-c", script])
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(source.utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
    }
}
