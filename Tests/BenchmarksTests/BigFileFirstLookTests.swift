import Foundation
import SpawnIsolation
import Testing
@testable import Benchmarks

/// The photo-library section's big-file first look (`--big-photos DIR`): which folders it
/// takes, and how its figures are judged.
@Suite struct BigFileFirstLookTests {
    /// Runs ImageMagick's `convert` (Debian's imagemagick, in the test set) or exiftool.
    private func tool(_ path: String, _ arguments: [String]) throws {
        let result = try Isolated.run(URL(fileURLWithPath: path), arguments)
        try #require(result.status == 0, "\(path) \(arguments): \(result.stderr)")
    }

    @Test func onlyJPEGsOfFourToTwentyFourMegapixelsWithoutEXIFThumbnailsFit() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pp-big-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A 2560 × 1600 wallpaper is 4.1 MP: the smallest size the case is about.
        try tool("/usr/bin/convert", ["-size", "2560x1600", "xc:gray50", folder + "/a-wallpaper.jpg"])
        #expect(try BigFileFirstLook.misfits(inFolder: folder) == [])
        #expect(throws: Never.self) { try BigFileFirstLook.requireBigJPEGs(inFolder: folder) }

        try tool("/usr/bin/convert", ["-size", "1600x1000", "xc:gray50", folder + "/b-small.jpg"])
        try tool("/usr/bin/convert", ["-size", "2560x1600", "xc:gray50", folder + "/c-wide.png"])
        try tool("/usr/bin/convert", ["-size", "160x100", "xc:gray50", folder + "/thumbnail.jpg"])
        try FileManager.default.copyItem(atPath: folder + "/a-wallpaper.jpg", toPath: folder + "/d-camera.jpg")
        try tool("/usr/bin/exiftool", ["-q", "-overwrite_original", "-ThumbnailImage<=" + folder + "/thumbnail.jpg", folder + "/d-camera.jpg"])
        try FileManager.default.removeItem(atPath: folder + "/thumbnail.jpg")
        #expect(try BigFileFirstLook.misfits(inFolder: folder) == [
            "b-small.jpg is 1600×1000 (1.6 MP)", "c-wide.png is png, not JPEG", "d-camera.jpg embeds an EXIF thumbnail",
        ])
        let refusal = #expect(throws: BenchFailure.self) { try BigFileFirstLook.requireBigJPEGs(inFolder: folder) }
        #expect(refusal.map { $0.message.hasPrefix("--big-photos: 3 photo(s) in \(folder)") && $0.message.contains("--megapixels 4-24") } == true,
                "\(String(describing: refusal))")
    }

    /// A section result with only the first looks filled in (the rest is judged elsewhere).
    private func result(bigFiles: PhotoLibraryResult.FirstLook) -> PhotoLibraryResult {
        PhotoLibraryResult(
            folder: "/p", photos: 120, decode_threads: 2, launches: 5, display: "X display :99", first_frame_ms: 140,
            visible_preview_ms: 40, vipsthumbnail_visible_ms: 600, first_frame_indexed_ms: 120, fling_distance_pt: 25_000,
            frames_over_budget_image_work: 0, frames_over_budget_fling: 0, frames_over_budget_fling_preloaded: 0,
            decode_mp_per_s: 100, vipsthumbnail_mp_per_s: 100, decode_over_vipsthumbnail: 1,
            first_looks: FirstLookCase.withoutThumbnails.map(PhotoLibraryResult.FirstLook.notMeasured) + [bigFiles], targets: [])
    }

    @Test func theBigFileLookIsJudgedUnderItsOwnNameAgainstThePhotosScenesTargets() {
        var measured = PhotoLibraryResult.FirstLook(
            name: "big_files", scene: "photos", folder: "/big", embedded_thumbnails: false, launches: 5, first_screen_photos: 4,
            first_frame_ms: 200, visible_preview_ms: 151, visible_sharp_ms: 540, vipsthumbnail_visible_ms: 600,
            visible_sharp_over_vipsthumbnail: 0.9)
        var section = result(bigFiles: measured)
        section.judge()
        let verdicts = Dictionary(uniqueKeysWithValues: section.targets.map { ($0.name, $0) })
        #expect(verdicts["big_files.visible_preview_ms"].map { !$0.met && $0.not_measured == nil } == true, "151 > 150")
        #expect(verdicts["big_files.visible_sharp_over_vipsthumbnail"]?.met == true, "0.9 ≤ 1.0")
        measured.visible_preview_ms = 150
        measured.visible_sharp_over_vipsthumbnail = 1.01
        section = result(bigFiles: measured)
        section.judge()
        #expect(section.targets.first { $0.name == "big_files.visible_preview_ms" }?.met == true, "150 ≤ 150")
        #expect(section.targets.first { $0.name == "big_files.visible_sharp_over_vipsthumbnail" }?.met == false, "1.01 > 1.0")
        #expect(section.terminalText.contains("big_files (photos scene on /big, no EXIF thumbnails, 4 photos on screen): first frame 200 ms; preview 150 ms, sharp 540 ms; vipsthumbnail 600 ms (1.01×)"))
    }

    @Test func withoutItsFolderTheBigFileLookIsNotMeasuredAndSaysWhichOptionIsMissing() {
        var missing = PhotoLibraryResult.FirstLook.notMeasured(BigFileFirstLook.look)
        missing.visible_preview_ms = 10  // a figure without a folder counts for nothing
        var section = result(bigFiles: missing)
        section.judge()
        let big = section.targets.filter { $0.name.hasPrefix("big_files.") }
        #expect(big.count == 2 && big.allSatisfy { !$0.met && $0.not_measured == BigFileFirstLook.notMeasuredReason }, "\(big)")
        #expect(BigFileFirstLook.notMeasuredReason.contains("--big-photos DIR"))
        let quilt = section.targets.first { $0.name == "quilt_no_thumbnails.visible_preview_ms" }
        #expect(quilt?.not_measured == PhotoLibraryResult.noFolderWithoutThumbnails, "the other cases keep their own reason")
        #expect(section.terminalText.contains("big_files (photos scene, no EXIF thumbnails): not measured, \(BigFileFirstLook.notMeasuredReason)"))
    }
}
