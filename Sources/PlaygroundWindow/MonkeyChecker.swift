import Foundation
import ParallaxKit
import Presentation
import RunHarness
import SDLBackend
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The monkey's hands and eyes: pushes its actions as SDL events, mirrors every event into a
/// shadow session (the model alone, through the same `FrameSession` every driver runs: its
/// routing and resizing of the window's events), and checks both after each frame.
public final class MonkeyChecker {
    private let app: PlaygroundApp
    private var monkey: Monkey
    /// How long the run lasts.
    public enum Length: Sendable {
        /// Until the frame loop's clock reaches it (the app's `exitAfter`).
        case seconds(Double)
        /// Until this many frames have been checked, however long they take; the input is
        /// planned on a 60 fps clock of frames (see `act`).
        case frames(Int)
    }
    public let length: Length
    private let shadow: FrameSession
    public private(set) var failure: String?
    private var frames = 0, actions = 0, comparedFrames = 0, strategySwitches = 0
    private var largestItemCount = 0
    /// Set once the app's willDisplay update went off in the current scene: the scroll
    /// callback then keeps stale shifts by design (the bug Patel's fix addresses), so cells are not compared
    /// until the scene is rebuilt.
    private var willDisplayWentOff = false
    private var sceneCollectionView: ObjectIdentifier
    /// The largest resident size seen in the warm-up (the first fifth), and since then.
    private var memoryAfterWarmUp: Int?
    private var peakDuringWarmUp = 0
    private var memoryAtEnd = 0

    public init(app: PlaygroundApp, seed: UInt64, length: Length, tour: Bool) {
        self.app = app
        self.length = length
        monkey = Monkey(seed: seed, viewportSize: app.playground.viewportSize, tour: tour)
        let model = app.playground
        // The same settings as the window's model (its photos included), another strategy.
        var settings = model.settings
        settings.strategy = Self.other(than: model.strategy)
        let shadowModel = Playground(settings, viewportSize: model.viewportSize)
        shadow = FrameSession(shadowModel)
        sceneCollectionView = ObjectIdentifier(model.collectionView)
    }

    private static func other(than strategy: ParallaxStrategy) -> ParallaxStrategy {
        let compared: [ParallaxStrategy] = [.scrollCallback, .layoutInvalidation, .cachedLayout]
        return compared.first { $0 != strategy }!
    }

    /// Pushes the actions due at `t` into SDL's queue, as a window system would. A run of
    /// `.frames` plans its input on a 60 fps clock of frames checked, not on `t`: the same
    /// seed then gives the same input frame by frame, and as many frames between two actions,
    /// on a busy machine as on a quiet one.
    public func act(at t: Double) {
        let due: Double
        switch length {
        case .seconds: due = t
        case .frames: due = Double(frames) / 60
        }
        for action in monkey.actions(dueBy: due) {
            actions += 1
            switch action {
            case .input(let input):
                do { try app.video.pushSynthetic(input) } catch { failure = "SDL refused a synthetic event: \(error)" }
            case .resize(let size):
                app.window.size = size
            }
        }
    }

    public func mirror(_ event: FrameEvent) {
        shadow.enqueue(event)
    }

    public func check(_ frame: FrameReport) {
        guard failure == nil else { return }
        frames += 1
        let model = app.playground
        let shadowModel = shadow.steps[0].playground
        // A folder's headers reach the window's model as they arrive: the shadow lays out the same list.
        shadowModel.catchUpPhotos(with: model)
        shadow.run(at: frame.time)
        largestItemCount = max(largestItemCount, model.itemCount)
        if let broken = PlaygroundInvariants.violations(of: model).first {
            failure = "frame \(frame.index) (\(model.scene.id.name), \(model.effectiveStrategy.name)): \(broken)"
            return
        }
        if ObjectIdentifier(model.collectionView) != sceneCollectionView {
            sceneCollectionView = ObjectIdentifier(model.collectionView)
            willDisplayWentOff = false
        }
        if !model.updatesOnWillDisplay { willDisplayWentOff = true }
        let comparable = !willDisplayWentOff && model.effectiveStrategy != .off && shadowModel.effectiveStrategy != .off
        if comparable {
            comparedFrames += 1
            if let difference = PlaygroundInvariants.disagreement(between: model, and: shadowModel) {
                failure = "frame \(frame.index) (\(model.scene.id.name)): \(model.effectiveStrategy.name) and \(shadowModel.effectiveStrategy.name) disagree: \(difference)"
                return
            }
        }
        // Keep the shadow on another strategy, switching it in the middle of whatever moves.
        if shadowModel.strategy == model.strategy || frames % 97 == 0 {
            var next = Self.other(than: model.strategy)
            if next == shadowModel.strategy, frames % 97 == 0 {
                next = [ParallaxStrategy.scrollCallback, .layoutInvalidation, .cachedLayout].first { $0 != model.strategy && $0 != next }!
            }
            if next != shadowModel.strategy {
                shadowModel.setStrategy(next)
                strategySwitches += 1
            }
        }
        sampleMemory(at: frame.time)
    }

    /// True once a run of `.frames(n)` has checked its n frames.
    public var reachedItsLength: Bool {
        if case .frames(let n) = length { return frames >= n }
        return false
    }

    private func sampleMemory(at t: Double) {
        guard frames % 30 == 0 else { return }
        let resident = residentBytes()
        let inWarmUp: Bool
        switch length {
        case .seconds(let seconds): inWarmUp = t < seconds / 5
        case .frames(let n): inWarmUp = frames <= n / 5
        }
        if inWarmUp {
            peakDuringWarmUp = max(peakDuringWarmUp, resident)
        } else {
            if memoryAfterWarmUp == nil { memoryAfterWarmUp = peakDuringWarmUp }
            memoryAtEnd = max(memoryAtEnd, resident)
        }
    }

    /// How much the largest resident size after the warm-up exceeds the largest during it,
    /// percent: a leak keeps growing, a working set that was already reached does not.
    public var memoryGrowthPercent: Double? {
        guard let memoryAfterWarmUp, memoryAfterWarmUp > 0 else { return nil }
        return Double(memoryAtEnd - memoryAfterWarmUp) / Double(memoryAfterWarmUp) * 100
    }

    public var summary: String {
        let mb = { (bytes: Int) in NumberFormat.fixed(Double(bytes) / 1_048_576, decimals: 1) + " MB" }
        var parts = [
            "monkey: \(frames) frames, \(actions) actions, \(comparedFrames) frames compared across strategies, \(strategySwitches) strategy switches, up to \(largestItemCount) items",
        ]
        if let memoryAfterWarmUp, let growth = memoryGrowthPercent {
            parts.append("resident memory at most \(mb(memoryAfterWarmUp)) in the warm-up, at most \(mb(memoryAtEnd)) after it (\(NumberFormat.signedFixed(growth, decimals: 1)) %)")
        }
        parts.append(failure == nil ? "no invariant broken" : "FAILED")
        return parts.joined(separator: "; ")
    }
}

/// This process's resident set size, bytes (from /proc/self/statm).
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
