import CSDL2
import ParallaxKit

/// The least a program must do to put a recorded frame on screen: clear, the recorded SDL
/// calls with their recorded arguments, present. Nothing else: no model, no draw list, no
/// culling, no error handling, no reference counting (the calls are flattened into plain
/// values up front; the recording keeps the textures alive).
///
/// The benchmark times this against the app drawing the same frames, so the ratio is the
/// app's overhead over what SDL itself must do.
public final class BareLoop {
    private enum Operation {
        case fill(SDL_FRect)
        case stroke(SDL_FRect)
        case line(Float, Float, Float, Float)
        case copyF(OpaquePointer, SDL_Rect, SDL_FRect)
        /// A translucent copy: alpha mod, and blending for an opaque texture, around it.
        case translucentCopyF(OpaquePointer, SDL_Rect, SDL_FRect, alpha: UInt8, opaqueTexture: Bool)
        case copy(OpaquePointer, SDL_Rect)
    }

    private struct Call {
        /// The draw colour to set first, for fills, strokes and lines.
        var color: Color
        var operation: Operation
    }

    public let renderer: Renderer
    private let recording: DrawCallRecording
    private let calls: [Call]

    public init(renderer: Renderer, recording: DrawCallRecording) {
        self.renderer = renderer
        self.recording = recording
        calls = recording.calls.map { call in
            switch call {
            case let .fill(color, rect):
                Call(color: color, operation: .fill(rect))
            case let .stroke(color, rect):
                Call(color: color, operation: .stroke(rect))
            case let .line(color, x1, y1, x2, y2):
                Call(color: color, operation: .line(x1, y1, x2, y2))
            case let .image(texture, source, destination, alpha):
                alpha < 255
                    ? Call(color: .black, operation: .translucentCopyF(texture.handle, source, destination, alpha: alpha, opaqueTexture: !texture.hasAlpha))
                    : Call(color: .black, operation: .copyF(texture.handle, source, destination))
            case let .text(texture, destination):
                Call(color: .black, operation: .copy(texture.handle, destination))
            }
        }
    }

    public var frameCount: Int { recording.frameCount }

    /// Clears, issues frame `index`'s calls, presents (unless `present` is false, which
    /// leaves the frame to be read back).
    public func drawFrame(_ index: Int, present: Bool = true) {
        let handle = renderer.handle
        let clear = recording.clearColors[index]
        SDL_SetRenderDrawColor(handle, clear.r, clear.g, clear.b, clear.a)
        SDL_RenderClear(handle)
        calls.withUnsafeBufferPointer { calls in
            for i in recording.callRange(ofFrame: index) {
                let call = calls[i]
                switch call.operation {
                case var .fill(rect):
                    SDL_SetRenderDrawColor(handle, call.color.r, call.color.g, call.color.b, call.color.a)
                    SDL_RenderFillRectF(handle, &rect)
                case var .stroke(rect):
                    SDL_SetRenderDrawColor(handle, call.color.r, call.color.g, call.color.b, call.color.a)
                    SDL_RenderDrawRectF(handle, &rect)
                case let .line(x1, y1, x2, y2):
                    SDL_SetRenderDrawColor(handle, call.color.r, call.color.g, call.color.b, call.color.a)
                    SDL_RenderDrawLineF(handle, x1, y1, x2, y2)
                case .copyF(let texture, var source, var destination):
                    SDL_RenderCopyF(handle, texture, &source, &destination)
                case .translucentCopyF(let texture, var source, var destination, let alpha, let opaqueTexture):
                    if opaqueTexture { SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND) }
                    SDL_SetTextureAlphaMod(texture, alpha)
                    SDL_RenderCopyF(handle, texture, &source, &destination)
                    SDL_SetTextureAlphaMod(texture, 255)
                    if opaqueTexture { SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE) }
                case .copy(let texture, var destination):
                    SDL_RenderCopy(handle, texture, nil, &destination)
                }
            }
        }
        if present { SDL_RenderPresent(handle) }
    }
}
