import Foundation

/// What `record --out` writes, picked by the file's extension.
public enum VideoFormat: Equatable, Sendable {
    /// H.264 in MP4 for browsers.
    case mp4
    /// Animated WebP.
    case webp
    /// Animated GIF, each frame with a palette of its own.
    case gif
    /// Numbered PNG files, one per frame; the name holds a `%05d`-style number pattern.
    case pngSequence

    public static let extensions = ".mp4, .webp, .gif or .png with %05d in the name"

    /// The format of `path`, or an input error naming the ones there are.
    public init(path: String) throws(RecordingInputError) {
        let name = URL(fileURLWithPath: path).lastPathComponent
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "mp4": self = .mp4
        case "webp": self = .webp
        case "gif": self = .gif
        case "png":
            guard Self.hasOneFrameNumber(name) else {
                throw RecordingInputError(message: "--out '\(path)': a .png recording is a numbered sequence and needs one %05d (or %d) in its file name, e.g. frames/fling-%05d.png; for one frame use `shot`")
            }
            self = .pngSequence
        default:
            throw RecordingInputError(message: "--out '\(path)': unknown extension; use \(Self.extensions)")
        }
        if self != .pngSequence, name.contains("%") {
            throw RecordingInputError(message: "--out '\(path)': a % in the name is only for numbered .png frames")
        }
    }

    /// Exactly one `%d` or `%0Nd` and no other `%`: the printf pattern ffmpeg's image2 muxer numbers files with.
    public static func hasOneFrameNumber(_ name: String) -> Bool {
        name.firstMatch(of: /%0?[0-9]{0,2}d/) != nil && name.filter { $0 == "%" }.count == 1
            && name.wholeMatch(of: /[^%]*%0?[0-9]{0,2}d[^%]*/) != nil
    }

    /// The encoder `ffmpeg -encoders` must list.
    public var encoder: String {
        switch self {
        case .mp4: "libx264"
        case .webp: "libwebp_anim"
        case .gif: "gif"
        case .pngSequence: "png"
        }
    }

    /// The frame rate a format plays when `--fps` is not given. GIF delays are whole
    /// hundredths of a second and browsers stretch delays under 2 to 10 (WebKit and Chromium
    /// both do), so a GIF plays at most 50 fps. 25 is the rate below that with every delay the
    /// same, 4/100 s, and keeps posts' GIFs small; 30 fps needs 3.33 and came out as delays of
    /// 3, 4, 3, 3, 4… hundredths, a scroll that stutters.
    public var defaultFramesPerSecond: Double { self == .gif ? 25 : 60 }

    /// The largest frame rate the format plays back as recorded (see `defaultFramesPerSecond`).
    public var largestFramesPerSecond: Double { self == .gif ? 50 : 1000 }

    /// H.264's 4:2:0 chroma covers 2×2 pixel blocks, so libx264 needs even sides.
    public var needsEvenSize: Bool { self == .mp4 }
}

/// The encoding settings a user picked.
public struct VideoQuality {
    /// libx264's constant rate factor (0 lossless … 51 worst; x264's default 23). 18 is
    /// x264's usual "visually lossless" point (ffmpeg's H.264 guide); it keeps every frame of
    /// the bundled scenes above 40 dB PSNR against `shot`.
    public var crf: Int = 18
    /// x264's speed/size trade-off; "medium" is its default.
    public var preset = "medium"
    /// libwebp's lossy quality 0…100; nil: lossless.
    public var webpQuality: Double?
    /// H.264's RGB to YUV conversion without accurate rounding and full chroma interpolation,
    /// for the live window, whose encoder runs only on idle time (`record` keeps the exact one,
    /// worth about 0.3 dB): 4 % less of the encoder's time, measured with ffmpeg 5.1 on 192
    /// frames of 1280x800 at x264's ultrafast (1.94 s against 2.02 s).
    public var fastConversion = false
    /// H.264 only: the raw frames' rows run bottom-up (OpenGL's order, as the live window reads
    /// them back where the processor draws): ffmpeg's `vflip` turns them over by pointer, no copy.
    public var inputRowsBottomUp = false
    /// H.264 only: the frame scaled to this many pixels (even sides) in the conversion's pass.
    public var scaledSize: (width: Int, height: Int)?

    /// x264's CRF 18 at its medium preset; WebP lossless; the exact colour conversion.
    public init() {}
}

extension VideoFormat {
    /// ffmpeg's output arguments after the raw input, writing to `destination`.
    public func outputArguments(destination: String, quality: VideoQuality) -> [String] {
        switch self {
        case .mp4:
            // yuv420p in BT.709, tagged so: what browsers decode (they read the tags; ffmpeg 5.1's
            // own RGB conversion does not, so decode with scale=in_color_matrix=bt709). Accurate
            // rounding and full chroma interpolation are worth about 0.3 dB. faststart puts the
            // index first so playback starts before the whole file has arrived.
            // The crop drops an odd last column or row (a window can have any size; `record`
            // refuses odd sizes before it starts).
            // A smaller size is scaled in the same pass (area averaging: a downscale without aliasing).
            let size = quality.scaledSize.map { "\($0.width):\($0.height):" } ?? ""
            let flags = quality.fastConversion ? (quality.scaledSize == nil ? "" : ":flags=area") : ":flags=accurate_rnd+full_chroma_int"
            // Bottom-up rows: the odd row dropped is still the picture's last (the buffer's first).
            let crop = quality.inputRowsBottomUp ? "crop=trunc(iw/2)*2:trunc(ih/2)*2:0:ih-trunc(ih/2)*2,vflip" : "crop=trunc(iw/2)*2:trunc(ih/2)*2"
            return ["-vf", crop + ",scale=" + size + "out_color_matrix=bt709:out_range=tv" + flags,
                    "-c:v", "libx264", "-preset", quality.preset,
                    "-crf", String(quality.crf), "-pix_fmt", "yuv420p",
                    "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
                    "-movflags", "+faststart", "-f", "mp4", destination]
        case .webp:
            // libwebp_anim takes bgra for exact pixels; yuv420p would make even "lossless" lossy.
            let mode = quality.webpQuality.map { ["-lossless", "0", "-quality", String($0)] } ?? ["-lossless", "1"]
            return ["-c:v", "libwebp_anim", "-pix_fmt", "bgra"] + mode + ["-loop", "0", "-f", "webp", destination]
        case .gif:
            // A palette of its own for every frame (palettegen's single mode, paletteuse's new),
            // dithered by error diffusion (Sierra-2-4A): a sky's gradient or the glow round a
            // moon keep their smoothness. One palette for the whole clip had to share 256
            // colours among every photo the fling crossed, and left bands across the first
            // frame's sunset (blurred PSNR against the frame 42 dB, now 54); error diffusion over
            // that one palette drew rings round the moon. One pass over the replay, no
            // palette file. Measured on the fling's first 4 s at 640x400: see the README.
            return ["-lavfi", "split[frames][copy];[copy]palettegen=max_colors=256:stats_mode=single[palette];"
                        + "[frames][palette]paletteuse=new=1:dither=sierra2_4a",
                    "-loop", "0", "-f", "gif", destination]
        case .pngSequence:
            // Frame numbers from 0, so file k is frame k (= `shot --at k/fps`).
            return ["-start_number", "0", "-c:v", "png", "-f", "image2", destination]
        }
    }
}
