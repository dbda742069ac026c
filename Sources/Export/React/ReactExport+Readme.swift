import ParallaxKit

extension ReactExport {
    /// What the chosen strategy's file does, and where React has no honest equivalent of the
    /// UIKit shape, which shape was written instead.
    private var strategyNote: String {
        switch strategy {
        case .scrollCallback:
            return """
                **scroll-callback** (Engin Kurutepe's `scrollViewDidScroll`): a passive scroll listener asks for one
                animation frame per burst of scroll events; that frame reads every cell's frame from the DOM and writes
                the transforms of the images on screen through refs. React does not re-render while the list scrolls.
                UIKit gives the callback its visible cells; the DOM has no list of them that is current within the frame
                (an IntersectionObserver reports late), so every cell is tested.
                """
        case .layoutInvalidation:
            return """
                **layout-invalidation** (Ole Begemann's layout that invalidates on every bounds change): React has no
                layout object to invalidate, so the shape written is its nearest equivalent: the scroll position is state,
                and every scroll re-renders the list, laying every cell out again and computing every shift. The costly
                shape, kept as the playground measures it.
                """
        case .cachedLayout:
            return """
                **cached-layout** (an invalidation context that keeps the geometry and recomputes only the visible
                shifts): React has no invalidation context, so the shape written is its nearest equivalent: the frames are
                computed once per scroller size and kept with the cells in leading-edge order; each scroll's animation
                frame finds the visible cells by bisection and writes only their transforms through refs.
                """
        case .off:
            return "**off**: a still list; nothing listens to scrolling and the images stay centred."
        }
    }

    /// What the Chromium test checks of this strategy's demo (ExportReactInChromiumTests).
    private var chromiumCheck: String {
        strategy == .off
            ? "The bundled demo, opened from disk in headless Chromium at 1280x800 and scrolled to 24 offsets: the\n  visible cells are the playground's, every cell within 0.75 px of its frame, every image centred."
            : "The bundled demo, opened from disk in headless Chromium at 1280x800 and 800x1000 and scrolled to 24\n  offsets each: the visible cells are the playground's, every cell within 0.75 px of its frame and every\n  image within 0.75 px of the playground's shift for that offset."
    }

    /// `README.md`: how to use the export, what it needs, and what was verified and how.
    func readme(bundledBy bundler: String?, notBundled: String) -> String {
        let bundle = bundler.map { "Bundled at export time by \($0) with Debian's React 18 (`node-react`, `node-react-dom`): open it from disk." }
            ?? "**Not bundled**: \(notBundled). Bundle it in this folder (Debian: `apt install esbuild node-react node-react-dom`) with\n\n    \(ReactBundler.commandLine)\n\nor, in an npm project, `npx esbuild` with the same arguments and no NODE_PATH."
        return """
            # \(scene.title): parallax for React

            Exported by `parallax-playground export --format react --strategy \(strategy.name)` from the \(scene.id.name) scene
            (after \(scene.mapping.author)), with a parallax amount of \(Self.ts(amount)) px.

            ## Use it

            Copy `tunedParallax.ts`, `layout.ts`, `hooks.ts`, `ParallaxCell.tsx`, `ParallaxList.tsx` and `parallax.css`
            into your app, then:

            ```tsx
            import "./parallax.css";
            import { ParallaxList } from "./ParallaxList";

            <div style={{ height: "100vh" }}>
              <ParallaxList items={items} />
            </div>
            ```

            The list fills its parent's box: give the parent a height. Each item is a `ParallaxItem` (`ParallaxCell.tsx`):
            a stable `key`, its image (or the stack's covers) with `src`, an optional `srcSet`, `alt` and `aspectRatio`,
            and the labels the scene shows. `demo/main.tsx` builds them from the exported images.

            Needs React 18 (`useSyncExternalStore`, `createRoot`) and TypeScript 4.8 or later with `"jsx": "react-jsx"`
            (`tsconfig.json` here); browsers with ResizeObserver (every current one). It renders in the browser
            only (the hooks read the window), not on a server.

            ## The strategy

            \(strategyNote)

            ## Reduced motion

            \(strategy == .off ? "The list is still: nothing moves, whatever the reader's setting." : reducedMotion.readmeParagraph(setting: "their system's reduce-motion setting (the browser reports it as `prefers-reduced-motion: reduce`)") + " `usePrefersReducedMotion` (`hooks.ts`) follows the setting as it changes.")

            ## Scroll physics

            The browser's scroll physics cannot be set by code: the list scrolls, flings and bounces as the browser and
            the system do, and none of the playground's physics or its knobs are in this export.

            ## The demo

            `demo/index.html` shows the scene with the images `export` made (`demo/images/`, 1x and 2x) and carries the
            web export's hooks: `data-scroller` on the scroller, `data-item` on every cell, `.parallax-image` in each.
            \(bundle)

            ## What was verified, and how

            By the playground's tests (`make test`), not here:
            - `tsc --strict --noEmit` (Debian's node-typescript 4.8) type-checks every `.ts` and `.tsx` file of this
              export against Debian's React 18 types (`@types/react` 18.0, shipped in `node-react`).
            - \(chromiumCheck)
            - This strategy's `ParallaxList.tsx` is pinned by a golden file: a change to it is seen.

            Not verified: other browsers than Chromium, other React versions, touch scrolling, server rendering.

            """
    }
}
