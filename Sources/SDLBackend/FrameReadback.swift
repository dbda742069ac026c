import CSDL2
import ParallaxKit

/// Reads the window's frames back for R's recording, in one of two ways, chosen by who draws:
///
/// - **At once, where the processor draws** (Mesa's llvmpipe or softpipe: Xvfb, virtual
///   machines): `glReadPixels` into the caller's buffer, rows left bottom-up as OpenGL gives
///   them (ffmpeg's `vflip` turns them over by pointer, without a copy). Such a driver reads
///   synchronously whatever the destination, waiting for the frame's rasterization and then
///   converting every pixel on the frame's thread (2.0 ms at 1280×800 into a pixel-pack buffer
///   or into memory alike, a C program under Xvfb, Mesa 22, 30 frames each); a pixel-pack
///   buffer only adds mapping it and copying 4 MB out of it, 0.8–1.9 ms (median of a recording
///   session's frames) on the window's critical path.
/// - **A frame late, through OpenGL pixel-pack buffers, where a GPU draws**: the frame's thread
///   queues a copy of the back buffer into a buffer object and, one frame later, copies out the
///   one queued before (finished by then), turning its rows over. The GPU copies while the
///   frame goes on; `SDL_RenderReadPixels` has no such path (it reads into a temporary buffer,
///   turns its rows over and converts every pixel on the frame's thread).
///
/// SDL 2's renderer API has neither, so this calls OpenGL itself (`SDL_GL_GetProcAddress`, no
/// GL library to link), after `SDL_RenderFlush` has sent SDL's own batched commands; it
/// touches only the pack-buffer binding (put back to none) and the pack alignment and row
/// length (which SDL sets before each read of its own). Made only for SDL's "opengl" renderer;
/// elsewhere the caller reads through SDL.
public final class FrameReadback {
    // OpenGL's function signatures (GL 1.1, 1.5, 3.0), as C function pointers.
    private typealias GenBuffers = @convention(c) (Int32, UnsafeMutablePointer<UInt32>?) -> Void
    private typealias DeleteBuffers = @convention(c) (Int32, UnsafePointer<UInt32>?) -> Void
    private typealias BindBuffer = @convention(c) (UInt32, UInt32) -> Void
    private typealias BufferData = @convention(c) (UInt32, Int, UnsafeRawPointer?, UInt32) -> Void
    private typealias ReadPixels = @convention(c) (Int32, Int32, Int32, Int32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Void
    private typealias MapBufferRange = @convention(c) (UInt32, Int, Int, UInt32) -> UnsafeMutableRawPointer?
    private typealias UnmapBuffer = @convention(c) (UInt32) -> UInt8
    private typealias PixelStorei = @convention(c) (UInt32, Int32) -> Void

    // Enumerants from Khronos' glext.h / gl.h.
    private static let pixelPackBuffer: UInt32 = 0x88EB   // GL_PIXEL_PACK_BUFFER
    private static let streamRead: UInt32 = 0x88E1        // GL_STREAM_READ
    private static let mapReadBit: UInt32 = 0x0001        // GL_MAP_READ_BIT
    private static let bgra: UInt32 = 0x80E1              // GL_BGRA
    private static let unsignedByte: UInt32 = 0x1401      // GL_UNSIGNED_BYTE
    private static let packAlignment: UInt32 = 0x0D05     // GL_PACK_ALIGNMENT
    private static let packRowLength: UInt32 = 0x0D02     // GL_PACK_ROW_LENGTH

    private let renderer: Renderer
    private let genBuffers: GenBuffers, deleteBuffers: DeleteBuffers, bindBuffer: BindBuffer
    private let bufferData: BufferData, readPixels: ReadPixels, mapBufferRange: MapBufferRange
    private let unmapBuffer: UnmapBuffer, pixelStorei: PixelStorei

    /// How frames are read: at once, or a frame late through pixel-pack buffers.
    public enum Timing: Sendable {
        case atOnce, aFrameLate
    }
    public let timing: Timing

    /// Two buffers in turn: one being filled by this frame's copy, one read from the last.
    private var buffers: [UInt32] = [0, 0]
    private var size = PixelSize(width: 0, height: 0)
    private var next = 0
    /// The buffer holding a queued copy not read yet, and the frame's size.
    private var pending: (index: Int, size: PixelSize)?

    /// Nil unless `renderer` is SDL's OpenGL renderer and OpenGL has every function needed.
    /// `timing` defaults to at once where the processor draws (`Renderer.drawsOnCPU`), a frame
    /// late elsewhere.
    public init?(renderer: Renderer, timing: Timing? = nil) {
        guard renderer.name == "opengl" else { return nil }
        func function<F>(_ name: String, _: F.Type) -> F? {
            guard let pointer = SDL_GL_GetProcAddress(name) else { return nil }
            return unsafeBitCast(pointer, to: F.self)
        }
        guard let genBuffers = function("glGenBuffers", GenBuffers.self),
              let deleteBuffers = function("glDeleteBuffers", DeleteBuffers.self),
              let bindBuffer = function("glBindBuffer", BindBuffer.self),
              let bufferData = function("glBufferData", BufferData.self),
              let readPixels = function("glReadPixels", ReadPixels.self),
              let mapBufferRange = function("glMapBufferRange", MapBufferRange.self),
              let unmapBuffer = function("glUnmapBuffer", UnmapBuffer.self),
              let pixelStorei = function("glPixelStorei", PixelStorei.self)
        else { return nil }
        self.renderer = renderer
        self.timing = timing ?? (renderer.drawsOnCPU ? .atOnce : .aFrameLate)
        self.genBuffers = genBuffers
        self.deleteBuffers = deleteBuffers
        self.bindBuffer = bindBuffer
        self.bufferData = bufferData
        self.readPixels = readPixels
        self.mapBufferRange = mapBufferRange
        self.unmapBuffer = unmapBuffer
        self.pixelStorei = pixelStorei
        if self.timing == .aFrameLate { buffers.withUnsafeMutableBufferPointer { genBuffers(2, $0.baseAddress) } }
    }

    deinit {
        if timing == .aFrameLate { buffers.withUnsafeBufferPointer { deleteBuffers(2, $0.baseAddress) } }
    }

    /// At once (`timing == .atOnce`): reads the frame drawn so far (call before `present()`)
    /// into `buffer` as bottom-up rows of B, G, R, A bytes (alpha as the framebuffer has it:
    /// ignore it); returns its size.
    public func readNow(into buffer: inout [UInt8]) -> PixelSize {
        let frameSize = renderer.outputSize
        SDL_RenderFlush(renderer.handle)
        let count = frameSize.width * frameSize.height * 4
        if buffer.count != count { buffer = .frameBuffer(bytes: count) }
        guard count > 0 else { return frameSize }
        pixelStorei(Self.packAlignment, 4)
        pixelStorei(Self.packRowLength, 0)
        buffer.withUnsafeMutableBytes { bytes in
            readPixels(0, 0, Int32(frameSize.width), Int32(frameSize.height), Self.bgra, Self.unsignedByte, bytes.baseAddress)
        }
        return frameSize
    }

    /// A frame late (`timing == .aFrameLate`): queues a copy of the frame drawn so far (call before `present()`; it returns without
    /// waiting for the frame), then copies the frame queued by the previous call into
    /// `buffer` as top-down rows of B, G, R, A bytes (alpha as the framebuffer has it: ignore
    /// it). Returns that frame's size, or nil when no frame was queued before.
    public func queueAndTakePrevious(into buffer: inout [UInt8]) -> PixelSize? {
        let frameSize = renderer.outputSize
        SDL_RenderFlush(renderer.handle)
        if frameSize != size {
            // A new size: the queued copy (if any) is read first, then the buffers are resized.
            let taken = takePending(into: &buffer)
            allocate(frameSize)
            queue()
            return taken
        }
        let taken = takePending(into: &buffer)
        queue()
        return taken
    }

    /// Copies the frame queued last, if any, into `buffer` (see `queueAndTakePrevious`); the
    /// recording's end.
    public func takePending(into buffer: inout [UInt8]) -> PixelSize? {
        guard let (index, frameSize) = pending else { return nil }
        pending = nil
        let rowBytes = frameSize.width * 4, count = rowBytes * frameSize.height
        if buffer.count != count { buffer = .frameBuffer(bytes: count) }
        bindBuffer(Self.pixelPackBuffer, buffers[index])
        defer { bindBuffer(Self.pixelPackBuffer, 0) }
        guard let mapped = mapBufferRange(Self.pixelPackBuffer, 0, count, Self.mapReadBit) else { return nil }
        // OpenGL's rows run bottom-up: turn them over while copying, at no extra cost.
        buffer.withUnsafeMutableBytes { destination in
            for row in 0..<frameSize.height {
                (destination.baseAddress! + row * rowBytes)
                    .copyMemory(from: mapped + (frameSize.height - 1 - row) * rowBytes, byteCount: rowBytes)
            }
        }
        _ = unmapBuffer(Self.pixelPackBuffer)
        return frameSize
    }

    private func allocate(_ frameSize: PixelSize) {
        size = frameSize
        for buffer in buffers {
            bindBuffer(Self.pixelPackBuffer, buffer)
            bufferData(Self.pixelPackBuffer, frameSize.width * frameSize.height * 4, nil, Self.streamRead)
        }
        bindBuffer(Self.pixelPackBuffer, 0)
    }

    private func queue() {
        guard size.width > 0, size.height > 0 else { return }
        bindBuffer(Self.pixelPackBuffer, buffers[next])
        pixelStorei(Self.packAlignment, 4)
        pixelStorei(Self.packRowLength, 0)
        // With a pack buffer bound, the last argument is an offset into it: 0.
        readPixels(0, 0, Int32(size.width), Int32(size.height), Self.bgra, Self.unsignedByte, nil)
        bindBuffer(Self.pixelPackBuffer, 0)
        pending = (next, size)
        next = 1 - next
    }
}

extension Array where Element == UInt8 {
    /// A buffer of `bytes` for a frame read back, left as the allocator gives it: every byte
    /// is written by the copy that fills it. Zeroing it first cost the window about 2 ms a
    /// frame at 1280×800 while R recorded (`perf record` of the window under Xvfb: memset and
    /// its page faults under `FrameReadback.queueAndTakePrevious`, 2.2 % of a recording
    /// session's samples against 0.75 % for the copy itself).
    public static func frameBuffer(bytes: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: Swift.max(0, bytes)) { _, initialized in initialized = Swift.max(0, bytes) }
    }
}
