import CSDL2
import ParallaxKit

/// One SDL drawing call as `DrawListExecutor` issued it, with the arguments it passed.
///
/// Internal: C types stay inside the backend. Textures are held strongly so that a recording
/// can be replayed after the text cache has let them go.
enum DrawCall {
    /// `SDL_SetRenderDrawColor` + `SDL_RenderFillRectF`.
    case fill(Color, SDL_FRect)
    /// `SDL_SetRenderDrawColor` + `SDL_RenderDrawRectF`.
    case stroke(Color, SDL_FRect)
    /// `SDL_SetRenderDrawColor` + `SDL_RenderDrawLineF`.
    case line(Color, x1: Float, y1: Float, x2: Float, y2: Float)
    /// `SDL_RenderCopyF` of part of an image; below 255 the alpha mod (and, for an opaque
    /// texture, blending) is switched on around the copy and back off after it.
    case image(Texture, source: SDL_Rect, destination: SDL_FRect, alpha: UInt8)
    /// `SDL_RenderCopy` of a whole text texture at its own size.
    case text(Texture, destination: SDL_Rect)
}

/// Every SDL drawing call a `DrawListExecutor` made, frame by frame, so that `BareLoop` can
/// issue exactly the same calls again without the app around them.
///
/// Attach it with `executor.recording = recording`, call `beginFrame(clearColor:)` where the
/// frame clears, and detach it (nil) when done: recording costs an append per call.
public final class DrawCallRecording {
    /// Calls of all frames, in order; `frameStarts[i]` is where frame i's calls begin.
    private(set) var calls: [DrawCall] = []
    private(set) var frameStarts: [Int] = []
    private(set) var clearColors: [Color] = []

    public init() {}

    /// Starts a new frame that the app began with `SDL_RenderClear` in `clearColor`.
    public func beginFrame(clearColor: Color) {
        frameStarts.append(calls.count)
        clearColors.append(clearColor)
    }

    /// Frames recorded so far.
    public var frameCount: Int { frameStarts.count }

    /// Calls recorded in all frames.
    public var callCount: Int { calls.count }

    /// Image copies (`SDL_RenderCopyF` of a photo or cover) in all frames.
    public private(set) var imageCopyCount = 0

    /// Calls that copy a texture (images and text) in all frames.
    public private(set) var textureCopyCount = 0

    /// The range of `calls` that belongs to frame `index`.
    func callRange(ofFrame index: Int) -> Range<Int> {
        let end = index + 1 < frameStarts.count ? frameStarts[index + 1] : calls.count
        return frameStarts[index]..<end
    }

    func record(_ call: DrawCall) {
        precondition(!frameStarts.isEmpty, "DrawCallRecording: beginFrame(clearColor:) must come before the first call")
        calls.append(call)
        switch call {
        case .image:
            imageCopyCount += 1
            textureCopyCount += 1
        case .text:
            textureCopyCount += 1
        case .fill, .stroke, .line:
            break
        }
    }
}
