import FileOutput
import Foundation
import ParallaxKit

/// `export --format react`: the tuned scene as a React 18 component in TypeScript, in the shape
/// of the chosen strategy, with `demo/index.html`, a page that runs it from disk.
///
/// `tunedParallax.ts` is the mapping as a pure function (the Swift export's `TunedParallax.
/// displacement`, same name and argument order); `layout.ts` the scene's layout rule;
/// `ParallaxCell.tsx` a cell in the web page's markup, drawn by `parallax.css` (the web
/// export's look); `hooks.ts` what the list reads from the browser; `ParallaxList.tsx` the
/// strategy. The demo's images are the web export's (`WebExport.makeImages`), its bundle
/// esbuild's (`ReactBundler`), made at export time when esbuild is installed.
public struct ReactExport {
    /// The scene, its items and its image files, as the web export makes them.
    public var page: WebExport
    public var strategy: ParallaxStrategy
    public var bundler: ReactBundler
    /// Where the warning of a demo left unbundled goes (a photo that cannot be shown warns
    /// through `page.warn`).
    public var warn: @Sendable (String) -> Void = { _ in }

    public init(page: WebExport, strategy: ParallaxStrategy, bundler: ReactBundler) {
        self.page = page
        self.strategy = strategy
        self.bundler = bundler
    }

    var scene: Scene { page.scene }
    var amount: Double { page.amount }
    var reducedMotion: ReducedMotionExport { ReducedMotionExport(amount: page.amount, fraction: page.reducedAmountFraction) }

    /// The component's files, which a React app copies (the demo's are apart).
    public func sourceFiles() -> [(name: String, text: String)] {
        [("tunedParallax.ts", mappingSource()), ("layout.ts", layoutSource()), ("hooks.ts", hooksSource()),
         ("ParallaxCell.tsx", cellSource()), ("ParallaxList.tsx", listSource()), ("parallax.css", css()),
         ("tsconfig.json", tsconfig)]
    }

    /// Writes the component, the demo (images, entry, page, bundle) and the README into `folder`.
    /// A demo esbuild could not bundle is not an error: the page and the README say how to bundle
    /// it, and `warn` is told.
    public func write(into folder: OutputFolder) throws(ExportError) {
        let made = try page.makeImages(into: folder, directory: "demo/images")
        let demoScene = WebScene(scene: scene, amount: amount, motion: strategy != .off, itemCount: page.itemCount,
                                 photos: made.photos, covers: made.covers, reducedAmountFraction: page.reducedAmountFraction)
        do {
            for file in sourceFiles() { try folder.write(file.text, to: file.name) }
            try folder.write(demoEntrySource(), to: "demo/main.tsx")
        } catch {
            throw ExportError(error.message)
        }
        var bundled: String? = nil
        var notBundled = "esbuild is not installed (Debian package esbuild)"
        if bundler.executable != nil {
            do {
                try bundler.bundle(entry: folder.file("demo/main.tsx"), output: folder.file("demo/demo.js"))
                bundled = bundler.version().map { "esbuild \($0)" } ?? "esbuild"
            } catch {
                notBundled = error.message + " (React comes from Debian's node-react and node-react-dom)"
            }
        }
        if bundled == nil {
            warn("the demo is not bundled: \(notBundled); bundle it in the exported folder with: \(ReactBundler.commandLine)")
        }
        do {
            try folder.write(try demoPage(scene: demoScene, bundled: bundled != nil, notBundled: notBundled), to: "demo/index.html")
            try folder.write(readme(bundledBy: bundled, notBundled: notBundled), to: "README.md")
        } catch let error as OutputError {
            throw ExportError(error.message)
        } catch {
            throw ExportError("cannot encode the demo's scene: \(error)")
        }
    }

    /// The web export's look for the component: the scroller and the bars fill the list's own
    /// box (not the window), and no scroll-driven animation (the strategy moves the images).
    public func css() -> String {
        var look = WebPage(scene: WebScene(scene: scene, amount: amount, motion: false, itemCount: page.itemCount, photos: [], covers: []))
        look.positioning = "absolute"
        return look.css() + """
            /* The React export: the list fills its parent's box, so give the parent a height. */
            .parallax-list { position: relative; height: 100%; overflow: hidden; }

            """
    }

    private var tsconfig: String {
        """
        {
          "compilerOptions": {
            "target": "ES2020",
            "lib": ["ES2020", "DOM", "DOM.Iterable"],
            "module": "ESNext",
            "moduleResolution": "node",
            "jsx": "react-jsx",
            "strict": true,
            "isolatedModules": true,
            "noEmit": true
          },
          "include": ["*.ts", "*.tsx", "demo/*.tsx"]
        }

        """
    }
}
