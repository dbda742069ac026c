import ArgumentParser
import FileOutput
import Foundation
import PlaygroundCommands
import PlaygroundWindow
import Presentation
import SDLBackend

extension MonkeyCommand: RunnableCommand {
    func execute() throws {
        let video: SDLVideo
        do { video = try SDLVideo(driver: window ? .automatic : .headless) } catch {
            printError("\(error)")
            throw ExitCode(1)
        }
        video.quitOnHangUp()
        let folder = try display.model.folder.load(waitingForAll: true)
        let app = try PlaygroundApp.open(video: video, display: display, folder: folder, diskCaches: diskCacheOptions.caches,
                                         vsync: false, reduceMotion: false)
        let checker = MonkeyChecker(app: app, seed: seed, length: frames.map { .frames($0) } ?? .seconds(seconds ?? 30), tour: tour)
        if case .seconds(let seconds) = checker.length { app.exitAfter = seconds }
        app.beforeFrame = { t in checker.act(at: t) }
        app.onEvent = { checker.mirror($0) }
        app.afterFrame = { checker.check($0) }
        app.stopRequested = { checker.failure != nil || checker.reachedItsLength }
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
