/// One of the platforms' scroll engines, with its constants.
public enum ScrollEngine: Hashable, Sendable {
    case uikit(UIKitScrollEngine)
    case android(AndroidScrollEngine)
    case flutterIOS(FlutterIOSScrollEngine)
    case flutterAndroid(FlutterAndroidScrollEngine)
    case chromeDesktop(ChromeDesktopScrollEngine)
    case chromium(ChromiumScrollEngine)
    case gtk(GTKScrollEngine)

    /// The named engine with its platform's constants.
    public init(_ name: ScrollEngineName) {
        switch name {
        case .uikit: self = .uikit(UIKitScrollEngine())
        case .android: self = .android(AndroidScrollEngine())
        case .flutterIOS: self = .flutterIOS(FlutterIOSScrollEngine())
        case .flutterAndroid: self = .flutterAndroid(FlutterAndroidScrollEngine())
        case .chromeDesktop: self = .chromeDesktop(ChromeDesktopScrollEngine())
        case .chromium: self = .chromium(ChromiumScrollEngine())
        case .gtk: self = .gtk(GTKScrollEngine())
        }
    }

    /// The named engine with its platform's constants, ticking every `frameInterval` seconds
    /// where the platform decides on frames (GTK).
    public init(_ name: ScrollEngineName, frameInterval: Double) {
        self = name == .gtk ? .gtk(GTKScrollEngine(frameInterval: frameInterval)) : ScrollEngine(name)
    }

    /// Whether the platform decides on frames: its fling's clock starts on the frame before the
    /// release (see `GTKScrollEngine`).
    public var ticksOnFrames: Bool {
        if case .gtk = self { return true }
        return false
    }

    public var name: ScrollEngineName {
        switch self {
        case .uikit: .uikit
        case .android: .android
        case .flutterIOS: .flutterIOS
        case .flutterAndroid: .flutterAndroid
        case .chromeDesktop: .chromeDesktop
        case .chromium: .chromium
        case .gtk: .gtk
        }
    }

    /// A fling from `start` at `velocity` (points per second, the direction the offset moves)
    /// with the content resting within `range`, including what the platform does at an edge.
    /// A `start` past an edge is a release from there (`release(from:velocity:range:viewportExtent:)`).
    public func fling(from start: Double, velocity: Double, range: ClosedRange<Double>, viewportExtent: Double) -> EngineFling {
        switch self {
        case .uikit(let e): e.fling(from: start, velocity: velocity, range: range, viewportExtent: viewportExtent)
        case .android(let e): e.fling(from: start, velocity: velocity, range: range, viewportExtent: viewportExtent)
        case .flutterIOS(let e): e.fling(from: start, velocity: velocity, range: range, viewportExtent: viewportExtent)
        case .flutterAndroid(let e): e.fling(from: start, velocity: velocity, range: range, viewportExtent: viewportExtent)
        case .chromeDesktop(let e): e.fling(from: start, velocity: velocity, range: range, viewportExtent: viewportExtent)
        case .chromium(let e): e.fling(from: start, velocity: velocity, range: range, viewportExtent: viewportExtent)
        case .gtk(let e): e.fling(from: start, velocity: velocity, range: range, viewportExtent: viewportExtent)
        }
    }

    /// What a release at `velocity` from `position` (the platform's own offset, which may lie
    /// past an edge: `EngineDrag.enginePosition`) does: the way back to the edge for a position
    /// past it, else a fling.
    public func release(from position: Double, velocity: Double, range: ClosedRange<Double>, viewportExtent: Double) -> EngineFling {
        fling(from: position, velocity: velocity, range: range, viewportExtent: viewportExtent)
    }

    /// A finger taking hold of content shown at `position` (with `overshoot` for GTK): the drag
    /// state from which moves continue without a jump.
    public func beginDrag(at position: Double, overshoot: Double = 0, range: ClosedRange<Double>, viewportExtent: Double) -> EngineDrag {
        switch self {
        case .uikit(let e): e.beginDrag(at: position, range: range, viewportExtent: viewportExtent)
        case .android, .flutterAndroid, .chromeDesktop, .chromium:
            EngineDrag(raw: EngineInput.clamp(EngineInput.position(position), EngineInput.bounds(range)),
                       position: EngineInput.clamp(EngineInput.position(position), EngineInput.bounds(range)))
        case .flutterIOS:
            EngineDrag(raw: EngineInput.position(position), position: EngineInput.position(position))
        case .gtk(let e): e.beginDrag(at: position, overshoot: overshoot, range: range)
        }
    }

    /// The drag moved by `delta` (the change of offset the finger asks for): what shows.
    /// UIKit's rubber band is a function of the whole pull (`raw`); Flutter's friction is
    /// applied to each delta in turn, so its result depends on the path; the clamping engines
    /// hold the content at the edge; GTK's unclamped value goes up to 100 px past the edge.
    public func drag(_ drag: EngineDrag, by delta: Double, range: ClosedRange<Double>, viewportExtent: Double) -> EngineDrag {
        let d = EngineInput.delta(delta)
        switch self {
        case .uikit(let e): return e.drag(drag, by: d, range: range, viewportExtent: viewportExtent)
        case .android, .flutterAndroid, .chromeDesktop, .chromium:
            let b = EngineInput.bounds(range)
            return EngineDrag(raw: EngineInput.position(drag.raw + d), position: EngineInput.clamp(EngineInput.position(drag.position + d), b))
        case .flutterIOS(let e): return e.drag(drag, by: d, range: range, viewportExtent: viewportExtent)
        case .gtk(let e): return e.drag(drag, by: d, range: range)
        }
    }

    /// The fling velocity the platform's gesture layer makes of a measured release velocity:
    /// zero under its minimum fling velocity, clamped to its maximum.
    public func releaseVelocity(_ measured: Double) -> Double {
        let v = EngineInput.velocity(measured)
        switch self {
        case .uikit: return v
        case .android(let e): return e.releaseVelocity(v)
        case .flutterIOS(let e): return e.releaseVelocity(v)
        case .flutterAndroid(let e): return e.releaseVelocity(v)
        case .chromeDesktop, .chromium, .gtk: return v
        }
    }
}

/// A drag as an engine sees it: the finger's unresisted offset and what the content shows.
public struct EngineDrag: Hashable, Sendable, BitwiseCopyable {
    /// The offset the finger asks for: where the drag started plus every delta, unresisted.
    public var raw: Double
    /// The content's offset as the platform shows it (past an edge only on bouncing engines).
    public var position: Double
    /// How far past the edge the platform's own offset lies while the content shows the edge:
    /// GTK keeps an unclamped value and draws its excess as an overshoot indicator instead of
    /// moving the content. 0 on every other engine.
    public var overshoot: Double

    public init(raw: Double, position: Double, overshoot: Double = 0) {
        self.raw = raw
        self.position = position
        self.overshoot = overshoot
    }

    /// The platform's own offset (GTK's unclamped value): where a release starts from.
    public var enginePosition: Double { position + overshoot }
}
