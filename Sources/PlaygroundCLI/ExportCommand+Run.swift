import ArgumentParser
import DesktopSettings
import Export
import FileOutput
import Foundation
import ParallaxKit
import PlaygroundCommands
import Presentation
import Rendering
import SDLBackend

extension ExportCommand: RunnableCommand {
    func execute() throws {
        let folderContents = try model.folder.load()
        let choice = strategyChoice()
        var model = self.model
        model.strategy = choice.strategy
        let playground = model.makePlayground(viewportSize: size.size, folder: folderContents)
        if !format.isPage, playground.strategy == .off {
            throw InputError(message: "--strategy off has no \(format.rawValue) source to write (the images stay centred): pick scroll-callback, layout-invalidation or cached-layout, or --format web or react for a still list")
        }
        if format.isPage, playground.itemCount > Self.largestPageItemCount {
            throw InputError(message: "the folder has \(playground.itemCount) photos; a web page takes at most \(Self.largestPageItemCount): pass --items")
        }
        let folder: OutputFolder
        do { folder = try OutputFolder(path: out, replacing: force) } catch { throw InputError(message: error.message) }
        do {
            switch format {
            case .web, .react:
                let resourcesPath = try locateResources(resources)
                let skipped = { (problem: String) in printWarning("skipping \(problem)") }
                let photoPaths = try folderContents?.paths ?? ImageLibrary.imagePaths(in: resourcesPath + "/photos", skipped: skipped)
                let coverPaths = try ImageLibrary.imagePaths(in: resourcesPath + "/covers", skipped: skipped)
                var export = WebExport(scene: playground.scene, itemCount: playground.itemCount, amount: playground.parallaxAmount,
                                       motion: playground.strategy != .off, viewportSize: size.size,
                                       photoPaths: photoPaths, coverPaths: coverPaths)
                export.reducedAmountFraction = playground.reducedAmountFraction
                // A folder's unreadable photos keep their places as "can't show" tiles, as in the window.
                export.knownProblems = folderContents?.problems ?? [:]
                export.toleratesBadPhotos = folderContents != nil
                export.warn = { printWarning($0) }
                if format == .react {
                    var react = ReactExport(page: export, strategy: playground.strategy,
                                            bundler: ReactBundler.onPath(ProcessInfo.processInfo.environment["PATH"]))
                    react.warn = { printWarning($0) }
                    try react.write(into: folder)
                } else {
                    try export.write(into: folder)
                }
                if playground.physics != .uikit {
                    // Said plainly: nothing of the tuned feel reaches the page.
                    let what = format == .react ? "a React list" : "a web page"
                    printWarning("\(what) scrolls with the browser's own physics, which code cannot set: the playground's \(playground.physics.engine.title) physics and its knobs are not in it")
                }
            case .compose, .androidView, .flutter:
                try NativeSourceFormat(format).write(playground, into: folder)
            case .uikit, .swiftui:
                let source = SwiftSourceExport(scene: playground.scene, amount: playground.parallaxAmount, strategy: playground.strategy,
                                               physics: playground.physics, reducedAmountFraction: playground.reducedAmountFraction)
                for file in source.files(format: format == .uikit ? .uikit : .swiftui) { try folder.write(file.text, to: file.name) }
            }
            try folder.commit()
        } catch let error as ExportError {
            // Not the user's input: a tool or the disk failed.
            folder.discard()
            printError(error.message)
            throw ExitCode(1)
        } catch let error as OutputError {
            // Refused paths are input errors (status 2), failed writes not (status 1).
            folder.discard()
            throw error
        } catch {
            folder.discard()
            throw error
        }
        if let note = choice.note(written: playground.strategy, scene: playground.scene.id, format: format) { printNote(note) }
        print(folder.path)
    }

    /// `--strategy`, the preset's, the window's last (read from the settings file unless
    /// `--no-settings`; an unusable file is one warning), or the scene's own.
    private func strategyChoice() -> ExportStrategyChoice {
        var remembered: ParallaxStrategy?
        var path: String?
        if !noSettings, model.strategy == nil, let settingsPath = SettingsFile.defaultPath() {
            let session = SettingsSession(file: SettingsFile(path: settingsPath))
            if let warning = session.warning { printWarning(warning) }
            remembered = session.stored.strategy
            path = HomePath.shown(settingsPath)
        }
        return ExportStrategyChoice(option: model.strategyOption, preset: model.preset?.strategy, remembered: remembered,
                                    settingsPath: path, readsSettings: !noSettings)
    }
}
