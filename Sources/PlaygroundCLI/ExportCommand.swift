import ArgumentParser
import Export
import FileOutput
import Foundation
import ParallaxKit
import Rendering
import Presentation
import SDLBackend

/// `parallax-playground export`: a tuned scene as a self-contained web page, as Swift source, or
/// as a React component.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a tuned scene as a web page (scroll-driven CSS, a script fallback), a React component, or Swift, Kotlin or Dart source.",
        discussion: """
            --format web writes index.html, parallax.css, parallax.js and images/ (1x and 2x) into --out: \
            open index.html from disk or any static host; index.html?engine=js forces the script fallback. \
            Verified by the tests: the page in headless Chromium against the model, CSS and script alike.
            --format react writes tunedParallax.ts, a React 18 component in the shape of --strategy, parallax.css, \
            README.md and demo/ (index.html, bundled by esbuild when it is installed; otherwise the export says on standard error \
            how to bundle it). Verified by the tests: tsc --strict type-checks every file against React 18's \
            types, and the demo runs in headless Chromium against the model, each strategy.
            The browser's scroll physics cannot be set by code: --physics does not reach a page or a component.
            The folder is written whole; an existing non-empty --out is replaced only with --force.
            """
            + "\n" + SwiftSourceHelp.text + "\n" + NativeSourceFormat.help
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case web, uikit, swiftui, react
        case compose, androidView = "android-view", flutter

        /// One DOM element per item: the web page and the React demo.
        var isPage: Bool { self == .web || self == .react }
    }

    /// `--items` states the web page's limit beside the lists' own.
    enum ItemCountHelp: PlaygroundCLI.ItemCountHelp {
        static var range: String {
            "\(PlaygroundItemCountHelp.range); 0 to \(NumberFormat.count(ExportCommand.largestPageItemCount)) for a web page or the React demo"
        }
    }

    @OptionGroup var model: PlaygroundModelOptions<ItemCountHelp>

    @Option(help: "The folder to write (created; an existing non-empty one needs --force).")
    var out: String

    @Flag(help: "Replace --out if it exists and is not empty.")
    var force = false

    @Option(help: "What to write: web (default), react, uikit, swiftui, compose, android-view or flutter.")
    var format: Format = .web

    @OptionGroup var parallaxAmount: ParallaxAmountOption
    var parallax: Double? { parallaxAmount.amount }

    @Option(parsing: .unconditional, help: "The window size the page's images are made for, WIDTHxHEIGHT (default: 1280x800; the page lays itself out for any size).",
            transform: { try ViewportSize(parsing: $0) })
    var size: ViewportSize = ViewportSize(width: 1280, height: 800)

    @Option(help: "Folder with photos/ and covers/ (PNG or JPEG). Default: the bundled Resources.")
    var resources: String?

    /// A page holds one element per item: 10,000 keep a browser responsive on a phone, far
    /// more than any demo needs (the window goes to 1,000,000).
    static let largestPageItemCount = 10_000

    func validate() throws {
        if format.isPage, let items = model.items, items > Self.largestPageItemCount {
            throw ValidationError("--items must be at most \(Self.largestPageItemCount) for \(format == .react ? "the React demo" : "a web page"), got \(items)")
        }
        guard !out.isEmpty else { throw ValidationError("--out needs a folder name") }
    }

    func run() throws {
        let folderContents = try model.folder.load()
        let playground = model.makePlayground(viewportSize: size.size, folder: folderContents, parallaxAmount: parallax)
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
                                               physics: playground.physics)
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
        print(folder.path)
    }
}
