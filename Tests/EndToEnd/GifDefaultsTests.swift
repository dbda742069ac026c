import Foundation
import ParallaxKit
import SDLBackend
import Testing

/// The mean of each `block`×`block` square of `image`, R, G and B: what is left of a frame
/// once dithering's pixel-sized noise is averaged away (bands across a gradient are not).
private func blockMeans(_ image: RGBAImage, block: Int) -> [Double] {
    var means: [Double] = []
    for top in stride(from: 0, through: image.height - block, by: block) {
        for left in stride(from: 0, through: image.width - block, by: block) {
            var sum = [0.0, 0.0, 0.0]
            for y in top..<(top + block) {
                for x in left..<(left + block) {
                    let i = (y * image.width + x) * 4
                    for c in 0..<3 { sum[c] += Double(image.bytes[i + c]) }
                }
            }
            means += sum.map { $0 / Double(block * block) }
        }
    }
    return means
}

/// PSNR in dB between two frames' 8×8 block means: how far a dithered frame's smooth areas are
/// from the frame it dithers.
private func blockPSNR(_ a: RGBAImage, _ b: RGBAImage) -> Double {
    let ma = blockMeans(a, block: 8), mb = blockMeans(b, block: 8)
    let squared = zip(ma, mb).reduce(0.0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
    guard squared > 0 else { return .infinity }
    return 10 * log10(255 * 255 / (squared / Double(ma.count)))
}

/// What `record --out x.gif` makes without options: a blog's size, a steady frame rate, and
/// skies without bands.
@Suite(.onThreadsOfTheirOwn) struct GifDefaultsTests {
    @Test(.needsFFmpeg) func aGifWithoutOptionsIsSmallSteadyAndKeepsTheSkysGradient() throws {
        let ffprobe = try #require(programOnPath("ffprobe"), "ffprobe is missing: make test installs ffmpeg")
        let folder = try recordingFolder("gif-defaults")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/fling.gif"
        let result = try run(["record", "--scene", "photos", "--script", "fling", "--duration", "1", "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(contents(of: folder) == ["fling.gif"], "one pass, no palette file left")

        let size = String(decoding: try output(of: ffprobe, ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", out]), as: UTF8.self)
        #expect(size.trimmingCharacters(in: .whitespacesAndNewlines) == "640,400", "a blog column's width")
        // GIF delays are hundredths of a second: 25 fps is 4 each; 30 fps alternated 3 and 4.
        let delays = String(decoding: try output(of: ffprobe, ["-v", "error", "-show_entries", "packet=duration", "-of", "csv=p=0", out]), as: UTF8.self)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(delays.count == 25, "1 s at 25 fps: \(delays.count) frames")
        #expect(Set(delays) == ["4"], "every frame 4/100 s: \(Set(delays))")

        // The first frame is a sunset sky: a gradient a clip-wide palette left in bands.
        let gifFrame = try #require(try decodedFrames(of: out, size: PixelSize(width: 640, height: 400), only: [0]).first)
        let shotPath = folder + "/shot.png"
        let shot = try run(["shot", "--scene", "photos", "--script", "fling", "--size", "640x400", "--fps", "25", "--at", "0", "--out", shotPath])
        #expect(shot.status == 0, "\(shot.stderr)")
        let expected = try RGBAImage.load(path: shotPath)
        let fidelity = blockPSNR(gifFrame, expected)
        // Measured 54.7 dB with a palette per frame and Sierra dithering; 42.7 with one
        // palette for the clip and Bayer dithering, whose bands show.
        #expect(fidelity >= 50, "the sky's 8x8 means are \(fidelity) dB from the frame")
        // And the measure can fail: a frame further into the fling is far off.
        let later = try #require(try decodedFrames(of: out, size: PixelSize(width: 640, height: 400), only: [24]).first)
        #expect(blockPSNR(later, expected) < 30)
    }
}
