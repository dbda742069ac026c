
/// When the window may draw less often than every display refresh.
///
/// A frame that repeats the last one costs as much as any: under Xvfb, Mesa's llvmpipe draws
/// the 1280×800 window on the CPU, and a window at rest took about 90 % of a core drawing the
/// same picture 60 times a second (4.5 s of CPU in 5.25 s, measured 2026-11-25) — the core a
/// folder's first photos wait for. So when nothing moves, nothing new arrives and
/// no overlay animates, the loop waits for an event (or a decode, which wakes it) instead:
/// a little while if loading tiles pulse, longer if the picture is still. A harness (the
/// monkey, the benches that time frames) draws every frame; a script waits as a person's hand
/// does, until its next event, so a scripted run measures what a person's run gets.
public enum FramePacing {
    /// What the visible pictures do by themselves.
    public enum Pictures: Sendable, Equatable {
        /// Photos appearing or fading in: every display refresh.
        case changing
        /// Loading tiles pulse (a 1.2 s period): a few frames a second keep it smooth.
        case pulsing
        case still
    }

    /// What the last frame saw.
    public struct Frame: Sendable, Equatable {
        /// A person's input (or a window event) arrived, or a script's.
        public var inputArrived = false
        /// A test harness drives the loop: every frame, as it is measured.
        public var driven = false
        /// Seconds from this frame's start until a script's next event is due, or the run's
        /// set end (`--exit-after`), if either is ahead.
        public var timedEventIn: Double?
        /// A list (in any pane) is scrolling, coasting, bouncing or animating to a place.
        public var moving = false
        /// Something over the scene changes with time: a toast fading, the recording badge,
        /// the tuning panel, the compare strip, a screenshot waiting for photos.
        public var overlaysAnimate = false
        /// Seconds from this frame's start until an overlay changes by itself (a toast due
        /// to appear or to start fading), if one will.
        public var overlayChangesIn: Double?
        /// Photos' headers arrived and the layout grew: drawn like photos arriving, at a
        /// display's rate (every other refresh where the processor draws), not back to back
        /// while a large folder's headers keep coming.
        public var layoutGrew = false
        public var pictures = Pictures.still
        /// The processor draws the frames (Mesa's llvmpipe, SDL's software renderer), so each
        /// takes CPU time from the photos' decodes.
        public var drawnOnCPU = false

        public init(inputArrived: Bool = false, driven: Bool = false, moving: Bool = false, overlaysAnimate: Bool = false,
                    layoutGrew: Bool = false, pictures: Pictures = .still, drawnOnCPU: Bool = false,
                    overlayChangesIn: Double? = nil, timedEventIn: Double? = nil) {
            self.inputArrived = inputArrived
            self.driven = driven
            self.moving = moving
            self.overlaysAnimate = overlaysAnimate
            self.layoutGrew = layoutGrew
            self.pictures = pictures
            self.drawnOnCPU = drawnOnCPU
            self.overlayChangesIn = overlayChangesIn
            self.timedEventIn = timedEventIn
        }
    }

    /// While photos appear or fade in and nothing else changes: at most a display's 60
    /// frames a second, with vsync off too (a fade is no frame time anyone measures, and
    /// drawn as fast as the CPU goes it took the core the next photos' decodes needed).
    public static let changingInterval = 1.0 / 60
    /// The same where the processor draws: photos fade in only while decodes arrive, and on
    /// llvmpipe a 1280×800 frame of photos takes about 10 ms of CPU (a bare SDL program
    /// copying 8 textures over the window, 2026-11-25), so fades at a display's rate took a
    /// third of the two cores the decodes had. Every other refresh still steps a 0.15 s fade
    /// 4–5 times; the quilt's first look without EXIF thumbnails was sharp 4.0 → 3.4 s from
    /// the first frame (median of 4 interleaved launches each).
    public static let changingIntervalDrawnOnCPU = 1.0 / 30
    /// While tiles pulse: 20 frames a second step the 1.2 s pulse 24 times, and each costs
    /// a third of what 60 would.
    public static let pulsingInterval = 1.0 / 20
    /// A still picture: the fps badge's figures and the title still follow 4 times a second.
    public static let stillInterval = 0.25

    /// How long the loop may wait (for an event, or a decode that wakes it) before drawing
    /// again after `frame`, counted from that frame's start; nil: draw the next frame at once
    /// (vsync, when on, paces it). A toast due later is waited for, not drawn towards: the
    /// window's greeting appears 0.3 s after start, and the frames before it had been drawn
    /// at the display's rate (back to back with vsync off), on the cores the first photos'
    /// decodes needed.
    public static func idleWait(after frame: Frame) -> Double? {
        if frame.driven || frame.inputArrived || frame.moving || frame.overlaysAnimate { return nil }
        let pictures = switch frame.layoutGrew ? .changing : frame.pictures {
        case .changing: frame.drawnOnCPU ? changingIntervalDrawnOnCPU : changingInterval
        case .pulsing: pulsingInterval
        case .still: stillInterval
        }
        let due = [frame.overlayChangesIn, frame.timedEventIn].compactMap { $0 }.min()
        guard let due else { return pictures }
        return due > 0 ? min(pictures, due) : nil
    }
}
