import ParallaxKit

extension FlutterExport {
    private var shapeSentence: String {
        switch strategy {
        case .layoutInvalidation:
            "layout invalidation has no idiomatic Flutter shape (a scrollable moves its items by their paint offsets and lays out only those that come into view): the nearest is written, Flutter's own parallax recipe, a `Flow` whose delegate repaints on every scroll"
        case .cachedLayout:
            "cached layout: Flutter keeps the items' geometry while scrolling, and a `Flow` whose delegate repaints on every scroll changes nothing in the layout (Flutter's own parallax recipe, the shape scroll-callback writes too)"
        case .scrollCallback, .off:
            "scroll callback: a `Flow` whose delegate listens to the scroll position (`repaint:`), so every scroll repaints the items on screen, Flutter's own parallax recipe"
        }
    }

    public func readme() -> String {
        let size = vertical ? "height: 240" : "width: 240"
        return """
            # \(scene.title): parallax for Flutter

            Exported by `parallax-playground export --format flutter --strategy \(strategy.name) --physics \(physics.engine.rawValue)`
            from the \(scene.id.name) scene (\(MappingFormula.author(of: scene.mapping))) with a parallax amount of
            \(number(amount)) pt. One point is one logical pixel.

            - `\(Self.mappingFile)`: the mapping, a pure function of the item's frame and the visible bounds,
              with the name and argument order of the Swift export's `TunedParallax.displacement`.
            - `tuned_parallax_image.dart`: the \(shapeSentence).
            - `tuned_scroll_physics.dart`: `TunedScrollPhysics`, the scroll physics: \(coast.coastDescription) (its comment says what is exact and what stays Flutter's).

            ## Use

            ```dart
            \(vertical ? "ListView(" : "ListView(\n  scrollDirection: Axis.horizontal,")
              physics: const TunedScrollPhysics(),
              children: [
                for (final photo in photos)
                  SizedBox(
                    \(size),
                    child: TunedParallaxImage(child: Image.asset(photo, fit: BoxFit.cover)),
                  ),
              ],
            )
            ```

            An item needs a fixed \(vertical ? "height" : "width"): the image is laid out `2 × overscan` longer and
            clipped. For Leth's bars, pad the list by `contentInsetTop` and `contentInsetBottom`.

            ## Reduce motion

            \(reducedMotion.readmeParagraph(setting: "the platform's setting for less motion")) `TunedParallaxImage` reads two flags: `MediaQuery.disableAnimationsOf(context)` (Android's Remove animations; the browser's `prefers-reduced-motion` on the web), which rebuilds it when the setting changes while the app runs, and iOS's Reduce Motion, `AccessibilityFeatures.reduceMotion` from dart:ui (iOS only, in every Flutter this export supports), read each time it builds. Flutter SDKs that have `MediaQuery.reduceMotionOf(context)` also rebuild on a change of the iOS flag: use it in place of `View.of(context).platformDispatcher.accessibilityFeatures.reduceMotion` there. Not run here, like the rest of this export.

            ## Minimum

            Flutter 3.10 (Dart 3: `abstract final class`, `ScrollPhysics.toleranceFor`).

            ## What was verified, and how

            **Nothing of this export was compiled or run.** There is no Dart or Flutter SDK where the
            playground is tested: `\(Self.mappingFile)` is the same formula as the Swift and Kotlin
            exports (which are compiled and checked against `parallax-playground trace`), but its
            numbers are not checked. Golden-file tests pin the text of every file, so any change is
            seen. Run it, and check it against `trace`, before relying on it.

            """
    }
}
