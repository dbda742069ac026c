import Foundation
import ParallaxKit
import SDLBackend
import VideoFormats

/// Feeds a `VideoEncoder` from a thread of its own, through a queue of raw frames: the
/// window's frame only copies its pixels into a buffer and hands it over, so a busy encoder
/// falls behind (the queue absorbs it) and, past the queue's end, costs the video dropped
/// frames (counted by the caller), never the screen a late frame. Buffers come back from the
/// writer for the next frame to fill and are kept until the recording ends, so a recording
/// allocates at most as many frames' memory as its queue ever held, and a second fling finds
/// its buffers ready. Finishing is asynchronous: `close` returns at once and the writer drains the
/// queue, ends the file and reports through `state`.
public final class EncoderThread: @unchecked Sendable {
    /// Seconds of frames the queue holds at 60 fps: the encoder runs only on what the window
    /// leaves idle (see `VideoEncoder.runOnlyWhenIdle`), so it falls behind while the window
    /// is busy (a fling) and catches up when it rests. Measured in a 1280×800 window (see the
    /// README's Recording section): a queue of 4 frames dropped 8–38 frames of a 3.3 s
    /// recording at x264's fastest preset.
    public static let queueSeconds = 2.0
    /// The queue's memory at most, whatever the frame's size: 2 s of 1280×800 frames is 480 MB.
    public static let queueBytes = 512 << 20
    /// Buffers the writer makes ready (touched, so their pages exist) before the first frame
    /// needs them: a quarter of a second at 60 fps. A fresh 1280×800 buffer cost the window
    /// its page faults, about 1,000 a frame, whenever the queue grew.
    public static let buffersMadeReady = 15

    /// Frames the queue holds for frames of `frameBytes` bytes: 2 s at 60 fps, at most
    /// `queueBytes`, at least 4.
    public static func capacity(frameBytes: Int, framesPerSecond: Double) -> Int {
        let wanted: Int = (queueSeconds * framesPerSecond).clampedInteger(rounding: .towardZero)
        return max(4, min(wanted, queueBytes / max(1, frameBytes)))
    }

    /// Where the writer is.
    public enum State {
        /// Writing; `framesLeft` frames (counting repeats) are still to be written.
        case writing(framesLeft: Int)
        /// ffmpeg ended the file.
        case finished
        case failed(EncoderError)
    }

    /// Made by the writer before its first write (see `init(size:capacity:starting:)`); read by
    /// another thread only once the writer has stopped.
    private var encoder: VideoEncoder?
    private let start: @Sendable () throws(EncoderError) -> VideoEncoder
    public let size: PixelSize
    public let capacity: Int
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var queue: [(bytes: [UInt8], copies: Int)] = []
    private var spares: [[UInt8]] = []
    private var framesLeft = 0
    private var extraCopies = 0
    private var closed = false
    private var cancelled = false
    private var running = true
    private var outcome: State?

    /// Feeds `encoder`, already started.
    public convenience init(encoder: VideoEncoder, capacity: Int) {
        nonisolated(unsafe) let started = encoder
        self.init(size: encoder.size, capacity: capacity) { started }
    }

    /// Feeds the encoder `start` makes for frames of `size`, on the writer's thread: starting
    /// one (checking ffmpeg's encoders, spawning it) takes a tenth of a second or more, which
    /// the frame's thread must not wait for; frames offered meanwhile wait in the queue. A
    /// failure to start is the writer's failure (`state`, and `offer`'s throw).
    public init(size: PixelSize, capacity: Int, starting start: @escaping @Sendable () throws(EncoderError) -> VideoEncoder) {
        self.size = size
        self.capacity = capacity
        self.start = start
        let thread = Thread { [self] in writeUntilClosed() }
        thread.name = "parallax-encoder"
        thread.start()
    }

    /// A buffer the writer is done with, to read the next frame into; empty when none is spare.
    public func spareBuffer() -> [UInt8] {
        condition.lock()
        defer { condition.unlock() }
        return spares.popLast() ?? []
    }

    /// Queues the frame in `bytes`, to be written `copies` times; false when the queue is full
    /// (the frame is dropped; the caller keeps its buffer). Throws the writer's error once it
    /// has failed. After true, the caller should not keep `bytes` (the writer reuses it).
    public func offer(_ bytes: [UInt8], copies: Int) throws(EncoderError) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if case .failed(let failure) = outcome { throw failure }
        guard !closed, queue.count < capacity else { return false }
        queue.append((bytes, copies))
        framesLeft += copies
        condition.signal()
        return true
    }

    /// Ends the recording without waiting: the writer writes what is queued, then the last
    /// frame queued `copies` times more (the recording's end is not to be dropped), then
    /// ends the file; `state` says when it is done.
    public func close(repeatingLast copies: Int) {
        condition.lock()
        if !closed {
            closed = true
            extraCopies = max(0, copies)
            framesLeft += extraCopies
        }
        condition.broadcast()
        condition.unlock()
    }

    public var state: State {
        condition.lock()
        defer { condition.unlock() }
        return outcome ?? .writing(framesLeft: framesLeft)
    }

    /// Closes (when not already closed) and waits until the file is ended; throws the
    /// writer's or ffmpeg's error.
    public func finish(repeatingLast copies: Int = 0) throws(EncoderError) {
        close(repeatingLast: copies)
        condition.lock()
        while outcome == nil { condition.wait() }
        let result = outcome
        condition.unlock()
        if case .failed(let failure) = result { throw failure }
    }

    /// Drops what is queued, lets the frame being written end (the encoder is used by one
    /// thread at a time), then stops ffmpeg without finishing the file.
    public func cancel() {
        condition.lock()
        closed = true
        cancelled = true
        queue.removeAll()
        condition.broadcast()
        while running { condition.wait() }
        condition.unlock()
        encoder?.cancel()
    }

    private func writeUntilClosed() {
        func fail(_ error: EncoderError) {
            condition.lock()
            outcome = .failed(error)
            queue.removeAll()
            running = false
            condition.broadcast()
            condition.unlock()
        }
        makeBuffersReady()
        // Started at the thread's own priority: ffmpeg's check and start are short, and a
        // start delayed behind a busy window would fill the queue.
        let encoder: VideoEncoder
        do { encoder = try start() } catch {
            fail(error)
            return
        }
        condition.lock()
        self.encoder = encoder
        let cancelledMeanwhile = cancelled
        condition.unlock()
        if cancelledMeanwhile {
            condition.lock()
            running = false
            condition.broadcast()
            condition.unlock()
            return
        }
        // The writer is background work like ffmpeg (`VideoEncoder.runOnlyWhenIdle`): its pipe
        // writes copy 240 MB a second at 1280×800, and must not take a core from the window.
        _ = VideoEncoder.scheduleOnlyWhenIdle(0)
        var last: [UInt8]?
        while true {
            condition.lock()
            while queue.isEmpty && !closed { condition.wait() }
            if cancelled {
                running = false
                condition.broadcast()
                condition.unlock()
                return
            }
            guard !queue.isEmpty else { break }
            let next = queue.removeFirst()
            // The frame before this one is done with: the window can fill it again.
            if let previous = last { spares.append(previous) }
            last = nil
            condition.unlock()
            do {
                for _ in 0..<next.copies {
                    try encoder.write(bytes: next.bytes)
                    condition.lock(); framesLeft -= 1; condition.unlock()
                }
            } catch {
                fail(error)
                return
            }
            last = next.bytes
        }
        let copies = extraCopies
        condition.unlock()
        do {
            if let last {
                for _ in 0..<copies {
                    try encoder.write(bytes: last)
                    condition.lock(); framesLeft -= 1; condition.unlock()
                }
            }
            try encoder.finish()
        } catch {
            encoder.cancel()
            fail(error)
            return
        }
        condition.lock()
        outcome = .finished
        running = false
        framesLeft = 0
        condition.broadcast()
        condition.unlock()
    }

    /// Fills the spares with buffers of a frame's size whose pages are in place.
    private func makeBuffersReady() {
        let bytes = size.width * size.height * 4
        for _ in 0..<min(Self.buffersMadeReady, capacity) {
            let buffer = [UInt8](repeating: 0, count: bytes)
            condition.lock()
            let enough = closed || spares.count >= Self.buffersMadeReady
            if !enough { spares.append(buffer) }
            condition.unlock()
            if enough { return }
        }
    }
}
