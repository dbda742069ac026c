import Foundation
import ParallaxKit

/// The three text files of an exported page: `index.html` (with the scene as JSON),
/// `parallax.css` (the look, and the motion as scroll-driven animations) and `parallax.js`
/// (the layout for the page's width, and the script fallback).
public struct WebPage: Sendable {
    public var scene: WebScene
    /// How the scroller and the bars sit: `fixed` fills the window (the page); `absolute`
    /// fills the nearest positioned box (the React component's own element).
    public var positioning = "fixed"

    public init(scene: WebScene) {
        self.scene = scene
    }

    public static let styleFile = "parallax.css"
    public static let scriptFile = "parallax.js"

    /// The files, by name relative to the page's folder.
    public func files() throws -> [(name: String, text: String)] {
        [("index.html", try html()), (Self.styleFile, css()), (Self.scriptFile, PageScript.text)]
    }

    public func html() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // `</` cannot end the script element early once escaped (HTML's rule for raw text).
        let json = String(decoding: try encoder.encode(scene), as: UTF8.self).replacingOccurrences(of: "</", with: "<\\/")
        var bars = ""
        if scene.insets.top > 0 { bars += "\n<header class=\"bar top\">\(escaped(scene.title))</header>" }
        if scene.insets.bottom > 0 {
            let tabs = scene.tabs.enumerated().map { "<span\($0.offset == 0 ? " class=\"selected\"" : "")>\(escaped($0.element))</span>" }
            bars += "\n<nav class=\"bar bottom\">\(tabs.joined())</nav>"
        }
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escaped(scene.title)) · Parallax Playground</title>
            <meta name="generator" content="parallax-playground export">
            <link rel="stylesheet" href="\(Self.styleFile)">
            <script type="application/json" id="scene">\(json)</script>
            <script src="\(Self.scriptFile)" defer></script>
            </head>
            <body class="\(scene.axis)">
            <main class="scroller" data-scroller tabindex="0" aria-label="\(escaped(scene.title)): \(escaped(scene.source))"><div class="content"></div></main>\(bars)
            <noscript><p class="noscript">This page lays its photos out with a small script: please allow JavaScript.</p></noscript>
            </body>
            </html>

            """
    }

    /// Numbers in CSS: at most three decimals, no exponent, no trailing zeros.
    static func px(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    public func css() -> String {
        let a = Self.px(scene.overscan)
        let vertical = scene.axis == "vertical"
        let ends = scene.crossingEnds
        let translate = vertical ? "translateY" : "translateX"
        let i = scene.insets
        var css = """
            /* Parallax Playground export: the \(scene.scene) scene (\(scene.source)). CSS px are the app's points. */
            html, body { margin: 0; height: 100%; background: rgb(18, 19, 24); color: rgb(238, 240, 245);
              font-family: "DejaVu Sans", system-ui, sans-serif; }
            /* The scroll view: it fills the window, the iframe or the component's box. Its scrollbar is hidden, as
               the app shows only a thin indicator, so the layout width is the window's width. */
            .scroller { position: \(positioning); inset: 0; overflow: auto; scrollbar-width: none; outline: none; overscroll-behavior: contain; }
            .scroller::-webkit-scrollbar { display: none; }
            .content { position: relative; min-width: 100%; min-height: 100%; }
            .horizontal .content { height: 100%; }
            .cell { position: absolute; box-sizing: border-box; }
            /* Clips without being a scroll container: overflow: hidden would make the cell one and
               freeze the image's view timeline (seen in Chromium 156). */
            .parallax-clip { overflow: clip; }
            .parallax-image { display: block; object-fit: cover; background: rgb(32, 34, 42); }
            .photo > .parallax-image, .tintedRow > .parallax-image, .image-area > .parallax-image {
              position: absolute; left: 0; width: 100%; top: -\(a)px; height: calc(100% + \(Self.px(2 * scene.overscan))px); }
            /* A photo that cannot be shown keeps its place, named, as in the window. */
            .cant-show { display: flex; align-items: center; justify-content: center; box-sizing: border-box;
              padding: 0 1em; font-size: 13px; color: rgb(150, 156, 170); text-align: center; }
            p { margin: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
            /* Leth's: the image area above 60 px of labels (title 18 px, subtitle 13 px). */
            .captioned { background: rgb(32, 34, 42); }
            .image-area { position: absolute; left: 0; top: 0; right: 0; bottom: \(Self.px(scene.style.labelHeight ?? 0))px; }
            .captioned .title { position: absolute; left: 14px; right: 14px; bottom: \(Self.px((scene.style.labelHeight ?? 60) - 30))px; font-size: 18px; }
            .captioned .subtitle { position: absolute; left: 14px; right: 14px; bottom: \(Self.px((scene.style.labelHeight ?? 60) - 50))px; font-size: 13px; color: rgb(150, 156, 170); }
            /* Patel's: a 40 % black tint and a centred title over each row. */
            .tintedRow::after { content: ""; position: absolute; inset: 0; background: rgba(0, 0, 0, \(scene.style.tint ?? 0)); }
            .row-title { position: absolute; left: 0; right: 0; top: calc(50% - 15px); z-index: 1; text-align: center; font-size: 26px; }
            .bar { position: \(positioning); left: 0; right: 0; background: rgba(24, 26, 33, 0.87); display: flex; align-items: center; justify-content: center; z-index: 2; }
            .bar.top { top: 0; height: \(Self.px(i.top))px; font-size: 19px; }
            .bar.bottom { bottom: 0; height: \(Self.px(i.bottom))px; font-size: 13px; color: rgb(150, 156, 170); }
            .bar.bottom span { flex: 1; text-align: center; }
            .bar.bottom .selected { color: rgb(238, 240, 245); }
            .noscript { padding: 2em; }

            """
        if let layers = scene.style.layers, let step = scene.style.scaleStep, let rise = scene.style.rise {
            // Jensen's: layer i is (1 − step·i) of the cell's height (--h, set by the layout), raised rise·i of it, alpha
            // 1 − 0.2·i (JensenParallax.alpha), and drawn behind layer i − 1.
            css += """
                .coverStack .cover { position: absolute; left: 50%; top: 0;
                  width: calc(var(--h) * (1 - \(step) * var(--layer))); height: calc(var(--h) * (1 - \(step) * var(--layer)));
                  margin-left: calc(var(--h) * (1 - \(step) * var(--layer)) / -2); margin-top: calc(var(--h) * \(-rise) * var(--layer));
                  opacity: calc(1 - \(JensenParallax.alphaStep) * var(--layer)); z-index: calc(\(layers) - var(--layer)); }
                .coverStack .title, .coverStack .subtitle { position: absolute; left: 0; right: 0; text-align: center; }
                .coverStack .title { top: calc(100% + 14px); font-size: 18px; }
                .coverStack .subtitle { top: calc(100% + 40px); font-size: 13px; color: rgb(150, 156, 170); }

                """
        }
        guard scene.motion else { return css }
        let timelineAxis = vertical ? "block" : "inline"
        let subject = scene.style.kind == "coverStack" ? ".coverStack" : ".parallax-clip"
        let inset = vertical ? "\(Self.px(i.top))px \(Self.px(i.bottom))px" : "\(Self.px(i.left))px \(Self.px(i.right))px"
        css += """
            /* The motion: each cell's own view timeline runs 0 → 1 as the cell crosses the
               scrollport (animation-range: cover), the same crossing every author's mapping is
               linear in; insets (the bars) shrink the scrollport as Leth's content insets do.
               Named, because an anonymous view() on the image would track the image's own box. */
            @keyframes parallax-shift { from { transform: \(translate)(calc(\(Self.px(ends.start))px * var(--share, 1))); }
              to { transform: \(translate)(calc(\(Self.px(ends.end))px * var(--share, 1))); } }
            @supports (animation-timeline: view()) {
              html:not([data-engine="js"]) \(subject) { view-timeline: --parallax-cell \(timelineAxis); view-timeline-inset: \(inset); }
              html:not([data-engine="js"]) .parallax-image, html:not([data-engine="js"]) .parallax-layer {
                animation-name: parallax-shift; animation-duration: auto; animation-timing-function: linear;
                animation-fill-mode: both; animation-timeline: --parallax-cell; animation-range: cover 0% cover 100%; }
            }
            \(reducedMotionCSS(translate: translate))

            """
        if let layers = scene.style.layers {
            // Layer i takes i/(n − 1) of the whole shift (JensenParallax.layerOffsets).
            css += ".coverStack .cover { --share: calc(var(--layer) / \(layers - 1)); }\n"
        }
        return css
    }

    /// What `prefers-reduced-motion: reduce` does: stops the motion (images centred), or with a
    /// reduced amount runs the same timeline between the reduced ends.
    private func reducedMotionCSS(translate: String) -> String {
        guard let reduced = scene.reducedAmount else {
            return """
                @media (prefers-reduced-motion: reduce) {
                  .parallax-image, .parallax-layer { animation: none !important; transform: none !important; }
                }
                """
        }
        let ends = scene.crossingEnds(amount: reduced)
        return """
            /* Reduced motion: the same crossing, between the reduced amount's ends (--reduced-amount). */
            @keyframes parallax-shift-reduced { from { transform: \(translate)(calc(\(Self.px(ends.start))px * var(--share, 1))); }
              to { transform: \(translate)(calc(\(Self.px(ends.end))px * var(--share, 1))); } }
            @supports (animation-timeline: view()) {
              @media (prefers-reduced-motion: reduce) {
                html:not([data-engine="js"]) .parallax-image, html:not([data-engine="js"]) .parallax-layer { animation-name: parallax-shift-reduced; }
              }
            }
            """
    }

    private func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
