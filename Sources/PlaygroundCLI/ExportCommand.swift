import ArgumentParser
import Export
import FileOutput
import Foundation
import ParallaxKit
import Presentation
import SDLBackend

/// `parallax-playground export`: a tuned scene as a self-contained web page, or as Swift source.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a tuned scene as a web page (scroll-driven CSS, a script fallback) or as Swift source.",
        discussion: """
            --format web writes index.html, parallax.css, parallax.js and images/ (1x and 2x) into --out: \
            open index.html from disk or any static host; index.html?engine=js forces the script fallback. \
            The folder is written whole; an existing non-empty --out is replaced only with --force.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case web, uikit, swiftui
    }

    /// `--items` states the web page's limit beside the lists' own.
    enum ItemCountHelp: PlaygroundCLI.ItemCountHelp {
        static var range: String {
            "\(PlaygroundItemCountHelp.range); 0 to \(NumberFormat.count(ExportCommand.largestPageItemCount)) for a web page, --format web"
        }
    }

    @OptionGroup var model: PlaygroundModelOptions<ItemCountHelp>

    @Option(help: "The folder to write (created; an existing non-empty one needs --force).")
    var out: String

    @Flag(help: "Replace --out if it exists and is not empty.")
    var force = false

    @Option(help: "What to write: web (default), uikit or swiftui.")
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
        if format == .web, let items = model.items, items > Self.largestPageItemCount {
            throw ValidationError("--items must be at most \(Self.largestPageItemCount) for a web page, got \(items)")
        }
        guard !out.isEmpty else { throw ValidationError("--out needs a folder name") }
    }

    func run() throws {
        let folderContents = try model.folder.load()
        let playground = model.makePlayground(viewportSize: size.size, folder: folderContents, parallaxAmount: parallax)
        if format == .web, playground.itemCount > Self.largestPageItemCount {
            throw InputError(message: "the folder has \(playground.itemCount) photos; a web page takes at most \(Self.largestPageItemCount): pass --items")
        }
        let folder: OutputFolder
        do { folder = try OutputFolder(path: out, replacing: force) } catch { throw InputError(message: error.message) }
        do {
            switch format {
            case .web:
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
                try export.write(into: folder)
                if playground.physics != .uikit {
                    // Said plainly: nothing of the tuned feel reaches the page.
                    printWarning("a web page scrolls with the browser's own physics: the playground's \(playground.physics.engine.title) physics and its knobs are not in the page")
                }
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
