import Foundation
import ParallaxKit
import Testing
@testable import PhotoPipeline

#if canImport(Glibc)
import Glibc
#endif

/// Each kind of bad file gives its own PhotoProblem, from the header read and the decode.
@Suite struct BadFileTests {
    enum Case: String, CaseIterable, CustomTestStringConvertible {
        case zeroBytes, truncatedJPEG, textNamedJPEG, directoryNamedJPEG, symlinkLoop, missing,
             fifoNamedJPEG, linkToDevice, linkToFIFO, danglingLink

        var testDescription: String { rawValue }

        var expected: PhotoProblem {
            switch self {
            case .zeroBytes: .emptyFile
            case .truncatedJPEG: .truncated
            case .textNamedJPEG: .notAnImage
            case .directoryNamedJPEG: .notAFile(.folder)
            case .fifoNamedJPEG, .linkToFIFO: .notAFile(.fifo)
            case .linkToDevice: .notAFile(.characterDevice)
            case .danglingLink: .danglingLink
            case .symlinkLoop: .symlinkLoop
            case .missing: .missing
            }
        }

        func make(in scratch: Scratch) throws -> String {
            let path = scratch.file("x.jpg")
            switch self {
            case .zeroBytes:
                #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            case .truncatedJPEG:
                let whole = scratch.file("whole.jpg")
                try TestImages.noiseJPEG(whole, width: 600, height: 400)
                let data = try Data(contentsOf: URL(fileURLWithPath: whole))
                try data.prefix(data.count / 3).write(to: URL(fileURLWithPath: path))
            case .textNamedJPEG:
                try Data("just some notes, not a photo\n".utf8).write(to: URL(fileURLWithPath: path))
            case .directoryNamedJPEG:
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            case .symlinkLoop:
                let other = scratch.file("y.jpg")
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: other)
                try FileManager.default.createSymbolicLink(atPath: other, withDestinationPath: path)
            case .missing:
                break
            case .fifoNamedJPEG:
                #expect(mkfifo(path, 0o600) == 0)
            case .linkToDevice:
                // Read-only use of a device through a link: it must be named, never opened.
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
            case .linkToFIFO:
                // A FIFO nobody writes to: opening it for reading without O_NONBLOCK would block.
                let fifo = scratch.file("pipe")
                #expect(mkfifo(fifo, 0o600) == 0)
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: fifo)
            case .danglingLink:
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: scratch.file("gone.jpg"))
            }
            return path
        }
    }

    @Test(arguments: Case.allCases)
    func badFileGivesItsProblem(_ kind: Case) throws {
        let scratch = try Scratch()
        let path = try kind.make(in: scratch)
        #expect(throws: kind.expected) {
            try PhotoDecoder().decode(path: path, size: PixelSize(width: 100, height: 100))
        }
        if kind != .truncatedJPEG {  // A truncated file's header is whole; only decoding fails.
            #expect(throws: kind.expected) { try PhotoHeader.read(path: path) }
        }
        #expect(throws: kind.expected) { try PhotoDecoder().preview(path: path) }
    }

    @Test(arguments: ["jpg", "png", "gif", "heic", "webp"])
    func truncatedFileSaysTruncated(suffix: String) throws {
        let scratch = try Scratch()
        let whole = scratch.file("whole.\(suffix)"), cut = scratch.file("cut.\(suffix)")
        try TestImages.noiseJPEG(scratch.file("noise.jpg"), width: 300, height: 200)
        try TestImages.vips("copy", scratch.file("noise.jpg"), whole)
        #expect(throws: Never.self) { try PhotoDecoder().decode(path: whole, size: PixelSize(width: 50, height: 50)) }
        let data = try Data(contentsOf: URL(fileURLWithPath: whole))
        try data.prefix(data.count * 2 / 3).write(to: URL(fileURLWithPath: cut))
        let problem = #expect(throws: PhotoProblem.self) {
            try PhotoDecoder().decode(path: cut, size: PixelSize(width: 50, height: 50))
        }
        // WebP has no end marker and libwebp says only "unable to parse image".
        if suffix == "webp" {
            #expect(problem == .truncated || problem?.reason.hasPrefix("corrupt") == true)
        } else {
            #expect(problem == .truncated)
        }
    }

    @Test func formatsOutsideThePhotoLoadersAreRefused() throws {
        let scratch = try Scratch()
        let path = scratch.file("drawing.jpg")
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#
        try Data(svg.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: PhotoProblem.unsupportedFormat("svg")) { try PhotoHeader.read(path: path) }
    }

    @Test func problemsReadShort() {
        #expect(PhotoProblem.truncated.reason == "truncated")
        #expect(PhotoProblem.emptyFile.reason == "empty file")
        #expect(PhotoProblem.notAnImage.reason == "not an image")
        #expect(PhotoProblem.unreadable("permission denied").reason == "unreadable: permission denied")
    }

    /// Root reads any file, so this needs an ordinary user.
    @Test(.enabled(if: getuid() != 0, "root can read a mode-000 file"))
    func unreadableFileSaysPermissionDenied() throws {
        let scratch = try Scratch()
        let path = scratch.file("locked.jpg")
        try TestImages.solid(path, width: 8, height: 8, (1, 2, 3))
        #expect(chmod(path, 0) == 0)
        #expect(throws: PhotoProblem.unreadable("permission denied")) {
            try PhotoHeader.read(path: path)
        }
    }
}
