import ArgumentParser
import FileOutput
import Foundation
import ParallaxKit
import Presentation
import SDLBackend
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `parallax-playground monkey`: a seeded storm of input through the real frame loop, with the
/// model's invariants checked after every frame and a second model, fed the same events
/// under another strategy, compared cell for cell.
struct MonkeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monkey",
        abstract: "Drive the real frame loop with seeded random input and check the model after every frame.",
        discussion: """
            Wheel bursts, drags at random speeds, every key but quit and screenshot, item counts up \
            to 1,000,000 and window resizes reach the app as SDL events. After each frame the offset \
            must stay within the rubber-banded range, every shift within the amount, no number may be \
            NaN, and a second playground given the same events under another strategy (switched \
            mid-motion) must show the same cells. Exits with 1 on the first broken invariant, or when \
            the largest resident memory after the first fifth of the run exceeds the largest during it by more than --max-memory-growth percent. With --tour the run starts by visiting every scene at 1,000,000 items.
            Without --window it runs offscreen (SDL's dummy driver).
            """
    )

    @OptionGroup var display: DisplayOptions

    @OptionGroup var diskCacheOptions: DiskCacheOptions

    @Option(parsing: .unconditional, help: "How long to run, seconds (1 to 86400).")
    var seconds: Double = 30

    @Option(parsing: .unconditional, help: "The random seed: the same seed gives the same input.")
    var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: "Fail when the largest resident memory after the first fifth of the run exceeds the largest during it by more than this many percent.")
    var maxMemoryGrowth: Double?

    @Flag(help: "Run in a real window instead of offscreen.")
    var window = false

    @Flag(help: "Start with a tour of every scene at 1,000,000 items, so a soak's warm-up reaches the largest working set.")
    var tour = false

    func validate() throws {
        guard seconds >= 1, seconds <= 86_400 else { throw ValidationError("--seconds must be from 1 to 86400") }
        if let maxMemoryGrowth, !(maxMemoryGrowth >= 0 && maxMemoryGrowth <= 1000) {
            throw ValidationError("--max-memory-growth must be from 0 to 1000 percent")
        }
    }

    func run() throws {
        let video: SDLVideo
        do { video = try SDLVideo(driver: window ? .automatic : .headless) } catch {
            printError("\(error)")
            throw ExitCode(1)
        }
        video.quitOnHangUp()
        let app = try PlaygroundApp.open(video: video, display: display, diskCache: diskCacheOptions.diskCache, vsync: false, reduceMotion: false)
        let checker = MonkeyChecker(app: app, seed: seed, seconds: seconds, tour: tour)
        app.exitAfter = seconds
        app.beforeFrame = { t in checker.act(at: t) }
        app.onEvent = { checker.mirror($0) }
        app.afterFrame = { checker.check($0) }
        app.stopRequested = { checker.failure != nil }
        app.run()

        print(checker.summary)
        if let failure = checker.failure {
            printError("the monkey broke an invariant: \(failure)")
            throw ExitCode(1)
        }
        if let maxMemoryGrowth, let growth = checker.memoryGrowthPercent, growth > maxMemoryGrowth {
            printError("resident memory grew \(NumberFormat.fixed(growth, decimals: 1)) % after warm-up, more than \(maxMemoryGrowth) %")
            throw ExitCode(1)
        }
    }
}

/// The monkey's hands and eyes: pushes its actions as SDL events, mirrors every event into a
/// shadow playground, and checks both after each frame.
final class MonkeyChecker {
    private let app: PlaygroundApp
    private var monkey: Monkey
    private let seconds: Double
    private let shadow: FrameStep
    private(set) var failure: String?
    private var frames = 0, actions = 0, comparedFrames = 0, strategySwitches = 0
    private var largestItemCount = 0
    /// Set once the app's willDisplay update went off in the current scene: the scroll
    /// callback then keeps stale shifts by design (seed 002's bug), so cells are not compared
    /// until the scene is rebuilt.
    private var willDisplayWentOff = false
    private var sceneCollectionView: ObjectIdentifier
    /// The largest resident size seen in the warm-up (the first fifth), and since then.
    private var memoryAfterWarmUp: Int?
    private var peakDuringWarmUp = 0
    private var memoryAtEnd = 0

    init(app: PlaygroundApp, seed: UInt64, seconds: Double, tour: Bool) {
        self.app = app
        self.seconds = seconds
        monkey = Monkey(seed: seed, viewportSize: app.playground.viewportSize, tour: tour)
        let model = app.playground
        // The same settings as the window's model (its photos included), another strategy.
        var settings = model.settings
        settings.strategy = Self.other(than: model.strategy)
        let shadowModel = Playground(settings, viewportSize: model.viewportSize)
        shadow = FrameStep(shadowModel)
        sceneCollectionView = ObjectIdentifier(model.collectionView)
    }

    private static func other(than strategy: ParallaxStrategy) -> ParallaxStrategy {
        let compared: [ParallaxStrategy] = [.scrollCallback, .layoutInvalidation, .cachedLayout]
        return compared.first { $0 != strategy }!
    }

    /// Pushes the actions due at `t` into SDL's queue, as a window system would.
    func act(at t: Double) {
        for action in monkey.actions(dueBy: t) {
            actions += 1
            switch action {
            case .input(let input):
                do { try app.video.pushSynthetic(input) } catch { failure = "SDL refused a synthetic event: \(error)" }
            case .resize(let size):
                app.window.size = size
            }
        }
    }

    func mirror(_ event: FrameEvent) {
        shadow.enqueue(event)
    }

    func check(_ frame: FrameReport) {
        guard failure == nil else { return }
        frames += 1
        let model = app.playground
        let shadowModel = shadow.playground
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

    private func sampleMemory(at t: Double) {
        guard frames % 30 == 0 else { return }
        let resident = residentBytes()
        if t < seconds / 5 {
            peakDuringWarmUp = max(peakDuringWarmUp, resident)
        } else {
            if memoryAfterWarmUp == nil { memoryAfterWarmUp = peakDuringWarmUp }
            memoryAtEnd = max(memoryAtEnd, resident)
        }
    }

    /// How much the largest resident size after the warm-up exceeds the largest during it,
    /// percent: a leak keeps growing, a working set that was already reached does not.
    var memoryGrowthPercent: Double? {
        guard let memoryAfterWarmUp, memoryAfterWarmUp > 0 else { return nil }
        return Double(memoryAtEnd - memoryAfterWarmUp) / Double(memoryAfterWarmUp) * 100
    }

    var summary: String {
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
