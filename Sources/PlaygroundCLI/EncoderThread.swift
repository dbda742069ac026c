import Foundation
import SDLBackend

/// Feeds a `VideoEncoder` from a thread of its own, through a queue of a few frames: the
/// window's frame only reads its pixels back and hands them over, so a busy encoder costs
/// the video dropped frames (counted by the caller) and never costs the screen a late frame.
final class EncoderThread: @unchecked Sendable {
    /// Frames waiting at most: four 1280×800 frames are 16 MB, a few frames of slack for
    /// ffmpeg's pipe without letting a stalled encoder hold the window's memory.
    static let capacity = 4

    private let encoder: VideoEncoder
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var queue: [(frame: RGBAImage, copies: Int)] = []
    private var closed = false
    private var running = true
    private var failure: EncoderError?

    init(encoder: VideoEncoder) {
        self.encoder = encoder
        let thread = Thread { [self] in writeUntilClosed() }
        thread.name = "parallax-encoder"
        thread.start()
    }

    var size: PixelSize { encoder.size }

    /// Queues `frame`, to be written `copies` times; false when the queue is full (the frame
    /// is dropped). Throws the writer's error once it has failed.
    func offer(_ frame: RGBAImage, copies: Int) throws(EncoderError) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if let failure { throw failure }
        guard queue.count < Self.capacity else { return false }
        queue.append((frame, copies))
        condition.signal()
        return true
    }

    /// Writes what is queued, then `last` `copies` times more (whatever the queue's capacity:
    /// the recording's end is not to be dropped), then ends the file; throws the writer's or
    /// ffmpeg's error.
    func finish(appending last: RGBAImage? = nil, copies: Int = 0) throws(EncoderError) {
        condition.lock()
        if let last, copies > 0, failure == nil { queue.append((last, copies)) }
        closed = true
        condition.broadcast()
        while running { condition.wait() }
        let failed = failure
        condition.unlock()
        if let failed {
            encoder.cancel()
            throw failed
        }
        try encoder.finish()
    }

    /// Drops what is queued, lets the frame being written end (the encoder is used by one
    /// thread at a time), then stops ffmpeg without finishing the file.
    func cancel() {
        condition.lock()
        closed = true
        queue.removeAll()
        condition.broadcast()
        while running { condition.wait() }
        condition.unlock()
        encoder.cancel()
    }

    private func writeUntilClosed() {
        while true {
            condition.lock()
            while queue.isEmpty && !closed { condition.wait() }
            guard !queue.isEmpty else {
                running = false
                condition.broadcast()
                condition.unlock()
                return
            }
            let next = queue.removeFirst()
            condition.unlock()
            do {
                for _ in 0..<next.copies { try encoder.write(next.frame) }
            } catch {
                condition.lock()
                failure = error
                queue.removeAll()
                running = false
                condition.broadcast()
                condition.unlock()
                return
            }
        }
    }
}
