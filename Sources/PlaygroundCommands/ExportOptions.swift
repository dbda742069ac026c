import ArgumentParser
import ParallaxKit
import Presentation

/// `parallax-playground export`: a tuned scene as a self-contained web page, as Swift source, or
/// as a React component.
package struct ExportCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
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
            Without --strategy (or a preset's), the strategy last chosen in the window is written, else the scene's own; \
            a line on standard error says which and why.
            The folder is written whole; an existing non-empty --out is replaced only with --force.
            """
            + "\n" + SwiftSourceHelp.text + "\n" + NativeSourceFormat.help
            + "\nEvery format follows the viewer's own reduce-motion setting, also when it changes while running: the images "
            + "then move by --reduced-amount of the amount (0, the default: they stay centred); each README says how."
    )

    package enum Format: String, ExpressibleByArgument, CaseIterable {
        case web, uikit, swiftui, react
        case compose, androidView = "android-view", flutter

        /// One DOM element per item: the web page and the React demo.
        package var isPage: Bool { self == .web || self == .react }
    }

    /// `--items` states the web page's limit beside the lists' own.
    package enum ItemCountHelp: PlaygroundCommands.ItemCountHelp {
        package static var range: String {
            "\(PlaygroundItemCountHelp.range); 0 to \(NumberFormat.count(ExportCommand.largestPageItemCount)) for a web page or the React demo"
        }
    }

    @OptionGroup package var model: PlaygroundModelOptions<ItemCountHelp>

    @Option(help: "The folder to write (created; an existing non-empty one needs --force).")
    package var out: String

    @Flag(help: "Replace --out if it exists and is not empty.")
    package var force = false

    @Option(help: "What to write: web (default), react, uikit, swiftui, compose, android-view or flutter.")
    package var format: Format = .web

    @Flag(help: "Do not read the remembered settings ($XDG_CONFIG_HOME/parallax-playground/settings.json): without --strategy, write the scene's own strategy rather than the one last chosen in the window.")
    package var noSettings = false

    /// `--parallax` alone (a preset's amount does not clash with `--compare parallax=`).
    package var parallax: Double? { model.optionsGiven.parallax }

    @Option(parsing: .unconditional, help: "The window size the page's images are made for, WIDTHxHEIGHT (default: 1280x800; the page lays itself out for any size).",
            transform: { try ViewportSize(parsing: $0) })
    package var size: ViewportSize = ViewportSize(width: 1280, height: 800)

    @Option(help: "Folder with photos/ and covers/ (PNG or JPEG). Default: the bundled Resources.")
    package var resources: String?

    /// A page holds one element per item: 10,000 keep a browser responsive on a phone, far
    /// more than any demo needs (the window goes to 1,000,000).
    package static let largestPageItemCount = 10_000

    package func validate() throws {
        if format.isPage, let items = model.items, items > Self.largestPageItemCount {
            throw ValidationError("--items must be at most \(Self.largestPageItemCount) for \(format == .react ? "the React demo" : "a web page"), got \(items)")
        }
        guard !out.isEmpty else { throw ValidationError("--out needs a folder name") }
    }
}
