import ParallaxKit

/// The window's `--stats-json` file, declared once: the window writes it at exit and the
/// benchmarks read it back from the runs they launch. Keys are the file's own (snake case).
/// It lives with the rest of the harness around the model, which everything that writes or
/// reads it imports already (the window, Benchmarks, the end-to-end tests); its panes are made
/// from a `Playground`. It is data only: no SDL, no clock reads (the window passes its stamps
/// in).
public struct RunReport: Codable, Sendable, Equatable {
    /// A frame from which the scene or the strategy was another.
    public struct Change: Codable, Sendable, Equatable {
        public var frame: Int
        public var scene: String
        public var strategy: String

        public init(frame: Int, scene: String, strategy: String) {
            self.frame = frame
            self.scene = scene
            self.strategy = strategy
        }
    }

    /// When the window started, as CLOCK_MONOTONIC nanoseconds (comparable across processes
    /// on one machine, so a launcher can measure from its own spawn).
    public struct Startup: Codable, Sendable, Equatable {
        /// The command's `run()` began: the runtime is loaded and the arguments parsed.
        public var main_ns: UInt64 = 0
        /// The first frame was presented.
        public var first_frame_ns: UInt64?
        /// The first frame in which every visible cell showed its photo, at any resolution
        /// (a preview counts), was presented.
        public var preview_frame_ns: UInt64?
        /// The first frame in which every image was drawn (none missing) and every visible
        /// photo at the size its cell needs was presented.
        public var complete_frame_ns: UInt64?
        /// Which frame that was (1 = the first).
        public var complete_frame_number: Int?
        /// A photo folder's listing reached the layout (every photo has its place).
        public var folder_listed_ns: UInt64?
        /// Every photo's shape (header) of the folder reached the layout.
        public var folder_shapes_known_ns: UInt64?

        public init() {}
    }

    /// The photo pipeline's part, present when the window showed a photo pipeline.
    public struct Photos: Codable, Sendable, Equatable {
        /// A visible photo of the first complete frame, at the size decoded for it.
        public struct ScreenPhoto: Codable, Sendable, Equatable {
            public var path: String
            public var width: Int
            public var height: Int

            public init(path: String, width: Int, height: Int) {
                self.path = path
                self.width = width
                self.height = height
            }
        }

        public var textures_held: Int
        public var texture_bytes_held: Int
        public var uploads: Int
        public var failures: Int
        public var visible_hit_rate: Double?
        /// Milliseconds from each rest of the list to every visible photo sharp.
        public var rest_to_sharp_ms: [Double]
        public var first_screen: [ScreenPhoto]

        public init(textures_held: Int, texture_bytes_held: Int, uploads: Int, failures: Int, visible_hit_rate: Double?,
                    rest_to_sharp_ms: [Double], first_screen: [ScreenPhoto]) {
            self.textures_held = textures_held
            self.texture_bytes_held = texture_bytes_held
            self.uploads = uploads
            self.failures = failures
            self.visible_hit_rate = visible_hit_rate
            self.rest_to_sharp_ms = rest_to_sharp_ms
            self.first_screen = first_screen
        }
    }

    /// One compared pane: what it showed, how many frames it ran, its strategy's work summed
    /// over them and where its list ended.
    public struct Pane: Codable, Sendable, Equatable {
        public var scene: String
        public var strategy: String
        public var technique: String
        public var parallax: Double
        public var items: Int
        /// Its value on the compared axis, as typed.
        public var value: String
        public var frames: Int
        public var invalidations: Int
        public var attributes_computed: Int
        public var cells_updated: Int
        public var final_offset_x: Double
        public var final_offset_y: Double
        /// Its motion meter's figures (see `MotionMeter`).
        public var motion: Motion?

        public init(playground: Playground, value: String, frames: Int, work: StrategyWork) {
            let offset = playground.scrollView.contentOffset + .zero
            scene = playground.scene.id.name
            strategy = playground.effectiveStrategy.name
            technique = playground.scene.mapping.authorName
            parallax = playground.parallaxAmount
            items = playground.itemCount
            self.value = value
            self.frames = frames
            invalidations = work.invalidations
            attributes_computed = work.attributesComputed
            cells_updated = work.cellsUpdated
            final_offset_x = offset.x
            final_offset_y = offset.y
        }
    }

    public var frames: Int
    public var fps_mean: Double
    public var one_percent_low_fps: Double
    public var frame_ms_p50: Double
    public var frame_ms_p90: Double
    public var frame_ms_p99: Double
    public var frames_over_16_7_ms: Int
    /// Timed frames drawn while something on screen moved: a list scrolling, coasting, bouncing
    /// or easing in any pane, a photo fading in, a toast fading. A window at rest waits
    /// instead of drawing, and how long it rested changes `frames`; these are the frames a
    /// person watches, so their share over budget compares between runs.
    public var moving_frames: Int = 0
    /// Those of `moving_frames` that took longer than the frame's budget (`budget.budget_ms`:
    /// one refresh of the run's rate, 16.7 ms at 60 Hz).
    public var moving_frames_over_budget: Int = 0
    /// The motion that is not the scroll, as the (first pane's) motion meter measured it.
    public var motion: Motion?
    public var changes: [Change]
    public var renderer: String
    public var video_driver: String
    public var screenshots: [String]
    public var final_offset_x: Double
    public var final_offset_y: Double
    public var startup: Startup
    public var photos: Photos?
    /// The process's peak resident set (VmHWM), read at exit.
    public var peak_rss_kb: Int?
    /// Window frames the R key's recordings could not capture.
    public var recording_frames_not_captured: Int
    /// Window frames drawn while the R key recorded (captured or not): the share captured is
    /// 1 − not captured / this.
    public var recording_window_frames: Int?
    /// Compared panes, left to right; absent with one pane.
    public var panes: [Pane]?
    /// The (first pane's) parallax amount and item count at exit: where keys, the tuning
    /// panel and a script's `set` lines left them.
    public var final_parallax: Double?
    public var final_items: Int?
    /// Frames after which the window waited instead of drawing on (nothing moved or arrived,
    /// see the window's frame pacing); the interval after each is not among the timed frames.
    public var idle_waits: Int?
    /// Whether the processor drew the frames (Mesa's llvmpipe, SDL's software renderer):
    /// then every frame's cost is CPU time the photos' decodes did not get.
    public var renderer_draws_on_cpu: Bool?
    /// Reduce motion at exit (the M key, the panel's checkbox, `set reduce-motion`).
    public var final_reduce_motion: Bool?
    /// Whether the tuning panel was open at exit.
    public var tuning_panel_open: Bool?
    /// Seconds from the loop's start to its end: what ended it is told by whether this is
    /// before `--exit-after` (a quit: Esc, the window's close button, a signal).
    public var ended_at_seconds: Double?
    /// Every item (of the first pane) visible in the last frame, in item order: where End, a
    /// fling or the scroll bar left the list.
    public var visible_items: [Int]?
    /// Each drag of the scroll indicator that came to rest, with how soon its photos showed;
    /// absent when the run had no photo pipeline.
    public var scrub_landings: [ScrubLanding]?

    /// The run's frame budget (`RunBudget`) and how the main thread kept to it.
    public struct Budget: Codable, Sendable, Equatable {
        /// The rate the budget was counted at: the run's `--refresh`, else the display's, else 60.
        public var refresh_hz: Double
        /// One refresh: 1000 / refresh_hz.
        public var budget_ms: Double
        public var cpu_slowdown: Double
        /// Every frame's main-thread work (everything before the renderer is handed the
        /// frame, slowed by cpu_slowdown): its median and 99th percentile.
        public var main_thread_ms_p50: Double
        public var main_thread_ms_p99: Double
        /// Frames whose main-thread work and rendering together took longer than the budget
        /// (the frame graph's red bars).
        public var frames_over_budget: Int

        public init(refresh_hz: Double, budget_ms: Double, cpu_slowdown: Double, main_thread_ms_p50: Double,
                    main_thread_ms_p99: Double, frames_over_budget: Int) {
            self.refresh_hz = refresh_hz
            self.budget_ms = budget_ms
            self.cpu_slowdown = cpu_slowdown
            self.main_thread_ms_p50 = main_thread_ms_p50
            self.main_thread_ms_p99 = main_thread_ms_p99
            self.frames_over_budget = frames_over_budget
        }
    }
    public var budget: Budget?

    public init(frames: Int, fps_mean: Double, one_percent_low_fps: Double, frame_ms_p50: Double, frame_ms_p90: Double,
                frame_ms_p99: Double, frames_over_16_7_ms: Int, changes: [Change], renderer: String, video_driver: String,
                screenshots: [String], final_offset_x: Double, final_offset_y: Double, startup: Startup, photos: Photos?,
                peak_rss_kb: Int?, recording_frames_not_captured: Int, panes: [Pane]? = nil,
                final_parallax: Double? = nil, final_items: Int? = nil, recording_window_frames: Int? = nil,
                idle_waits: Int? = nil, renderer_draws_on_cpu: Bool? = nil, final_reduce_motion: Bool? = nil,
                tuning_panel_open: Bool? = nil, ended_at_seconds: Double? = nil) {
        self.final_reduce_motion = final_reduce_motion
        self.tuning_panel_open = tuning_panel_open
        self.ended_at_seconds = ended_at_seconds
        self.idle_waits = idle_waits
        self.renderer_draws_on_cpu = renderer_draws_on_cpu
        self.recording_window_frames = recording_window_frames
        self.final_parallax = final_parallax
        self.final_items = final_items
        self.frames = frames
        self.fps_mean = fps_mean
        self.one_percent_low_fps = one_percent_low_fps
        self.frame_ms_p50 = frame_ms_p50
        self.frame_ms_p90 = frame_ms_p90
        self.frame_ms_p99 = frame_ms_p99
        self.frames_over_16_7_ms = frames_over_16_7_ms
        self.changes = changes
        self.renderer = renderer
        self.video_driver = video_driver
        self.screenshots = screenshots
        self.final_offset_x = final_offset_x
        self.final_offset_y = final_offset_y
        self.startup = startup
        self.photos = photos
        self.peak_rss_kb = peak_rss_kb
        self.recording_frames_not_captured = recording_frames_not_captured
        self.panes = panes
    }
}
