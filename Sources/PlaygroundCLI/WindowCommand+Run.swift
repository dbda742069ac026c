import ArgumentParser
import DesktopSettings
import FileOutput
import Foundation
import MonotonicTime
import ParallaxKit
import PhotoPipeline
import PlaygroundCommands
import PlaygroundWindow
import SDLBackend

extension WindowCommand: RunnableCommand {
    func execute() throws {
        let mainEntered = monotonicNanoseconds()
        // A stats file that can never be written is an input error now, not after the run.
        if let statsJson { _ = try OutputDestination.resolve(statsJson) }
        // Input errors first.
        let opened = try open.map(OpenedPath.init)
        let script = try display.script.map(loadScript)
        let noDisplay = "The window needs X11 or Wayland; to render without one, use `parallax-playground shot --scene \(display.model.scene.name) --out frame.png`."
        let environment = ProcessInfo.processInfo.environment
        // Said before SDL starts, so its own complaints (XDG_RUNTIME_DIR, Wayland) do not come first.
        if environment["SDL_VIDEODRIVER"] == nil, (environment["DISPLAY"] ?? "").isEmpty, (environment["WAYLAND_DISPLAY"] ?? "").isEmpty {
            printError("no display: neither DISPLAY nor WAYLAND_DISPLAY is set. " + noDisplay)
            throw ExitCode(1)
        }
        // libvips is not started here: the photo loader's workers load it (dlopen) with their
        // first decode. Loaded beside the window's start-up, it would hold the dynamic
        // loader's lock that SDL's own dlopens (X11, GL, the Mesa driver) wait for.
        var display = self.display
        if let opened { display.model.folder.photos = opened.folder }
        // The desktop's reduce-motion answer and the folder's first screen of headers are
        // found on threads of their own while SDL connects to the display (about 40 ms here).
        let settings = WindowSettings(enabled: !noSettings, systemMotion: DesktopMotionPreference())
        settings.fill(&display, folderGiven: opened != nil)
        let folderOptions = display.model.folder, preloadPhotos = preloadPhotos, startPhoto = opened?.photoName
        let folderLoad = folderOptions.opening(waitingForAll: preloadPhotos, startingAt: startPhoto)
        let video: SDLVideo
        do {
            video = try SDLVideo()
        } catch {
            printError("\(error). " + noDisplay)
            throw ExitCode(1)
        }
        video.quitOnHangUp()
        let app = try PlaygroundApp.open(
            video: video, display: display, folder: folderLoad?.contents(), diskCaches: diskCacheOptions.caches,
            vsync: settings.vsync(noVsyncFlag: noVsync), reduceMotion: settings.reduceMotion(flag: display.model.reduceMotionFlag),
            windowPosition: settings.windowPosition, comparison: comparing.compare)
        if let overlay = settings.stored.overlay { app.setDecorations { $0.overlay = overlay } }
        let started = settings.current(of: app, folder: display.model.folder.photos)
        app.runStatistics.startup.main_ns = mainEntered
        if preloadPhotos, let pipeline = app.executor.images.pipeline {
            let everything = PhotoDemand().needsOfEveryItem(of: app.playground)
            if !pipeline.loadAll(everything, scale: app.renderer.scale, timeout: 3600) || pipeline.counters.texturesHeld < everything.count {
                printWarning("--preload-photos: \(pipeline.counters.texturesHeld) of \(everything.count) photos are held; raise --cache-mb")
            }
        }
        let shownFolder = ShownFolder(display.model.folder.photos)
        let diskCaches = diskCacheOptions.caches
        app.onDrop = { [unowned app] path in
            if let folder = app.openDropped(path, display: display, diskCaches: diskCaches) { shownFolder.path = folder }
        }
        app.script = script
        app.setBudget(budgetOptions.budget(preset: display.model.preset))
        app.recorder.largestVideoSize = try recordSize.map(Self.parseRecordSize)
        app.exitAfter = exitAfter
        app.exitWhenSharp = exitWhenSharp
        // What the window manager does to the window while it opens is not the user's choice.
        let placement = PlacementWatch(started: started, requestedSize: display.size)
        app.afterFrame = { [unowned app] frame in placement.note(app, at: frame.time) }
        app.run()
        app.headerScan?.library?.finishForExit()
        // The file gets only what the user changed: the command line's options were for this run.
        let final = placement.placement.userChanges(settings.current(of: app, folder: shownFolder.path), started: started)
        settings.save(final, startedWith: started)
        if let statsJson { try app.runStatistics.write(to: statsJson) }
    }
}
