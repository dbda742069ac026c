import ParallaxKit

extension KotlinExport {
    /// The strategy's shape on this platform, in a sentence for the README.
    private func shapeSentence(format: Format) -> String {
        switch (format, strategy) {
        case (.compose, .layoutInvalidation):
            "layout invalidation: `Modifier.tunedParallax` is a `layout` modifier reading the list's state in its placement block, so every scroll places each item on screen again"
        case (.compose, .cachedLayout):
            "cached layout has no Compose equivalent (a lazy list already keeps its measured items and only places them again on a scroll): the scroll-callback shape is written, `graphicsLayer` reading the list's state, which changes only how the items on screen are drawn"
        case (.compose, _):
            "scroll callback: `Modifier.tunedParallax` is a `graphicsLayer` reading the list's state in its layer block, so a scroll re-runs only that block for the items on screen"
        case (.androidView, .layoutInvalidation):
            "layout invalidation: `ParallaxLayoutManager` (a `LinearLayoutManager`) recomputes every child's shift after each layout pass and each scroll"
        case (.androidView, .cachedLayout):
            "cached layout has no RecyclerView equivalent (no invalidation context; a layout manager's scroll already offsets its children without measuring them again): the layout-invalidation shape is written, `ParallaxLayoutManager`"
        case (.androidView, _):
            "scroll callback: `ParallaxScrollListener` (a `RecyclerView.OnScrollListener`) shifts the children on screen on each scroll, and `onBindViewHolder` shifts a rebound item before it draws"
        }
    }

    private func usage(format: Format) -> String {
        let list = vertical ? "LazyColumn" : "LazyRow"
        switch format {
        case .compose:
            return """
                ```kotlin
                val state = rememberLazyListState()
                val reduceMotion = rememberReduceMotion()
                \(list)(state = state, flingBehavior = rememberTunedFlingBehavior()) {
                    itemsIndexed(photos) { index, photo ->
                        Box(Modifier.\(vertical ? "fillMaxWidth().height(240.dp)" : "fillMaxHeight().width(240.dp)").clipToBounds()) {
                            Image(painterResource(photo), contentDescription = null, contentScale = ContentScale.Crop,
                                  modifier = Modifier.fillMaxSize().tunedParallax(state, index, reduceMotion).parallaxOverscan())
                        }
                    }
                }
                ```

                An item needs a fixed \(vertical ? "height" : "width") (the image is measured `2 × OVERSCAN` longer than it) and
                must clip. For Leth's bars, give the list `contentPadding` of `CONTENT_INSET_TOP` and
                `CONTENT_INSET_BOTTOM` dp.

                Written for a \(list), one item across. In a grid (`LazyVerticalGrid`), read
                `LazyGridState.layoutInfo` the same way: its items' `offset` and `size` are an
                `IntOffset` and an `IntSize`, of which the \(vertical ? "y and height" : "x and width") are the ones used here.
                """
        case .androidView:
            let manager = strategy == .scrollCallback || strategy == .off
                ? "LinearLayoutManager(context\(vertical ? "" : ", RecyclerView.HORIZONTAL, false"))" : "ParallaxLayoutManager(context)"
            let listener = strategy == .scrollCallback || strategy == .off ? "\nrecyclerView.addOnScrollListener(ParallaxScrollListener())" : ""
            return """
                ```kotlin
                recyclerView.layoutManager = \(manager)
                recyclerView.adapter = ParallaxAdapter(photos, itemLengthPx = (240 * resources.displayMetrics.density).toInt())\(listener)
                recyclerView.useTunedFling()
                ParallaxMotion.follow(recyclerView)
                ```

                An item needs a fixed \(vertical ? "height" : "width") (`ParallaxAdapter` gives it one); the image is measured
                `2 × OVERSCAN` longer. For Leth's bars, pad the list by `CONTENT_INSET_TOP` and
                `CONTENT_INSET_BOTTOM` dp with `clipToPadding = false`.

                The shift is computed from each child's place in the RecyclerView, so it holds for any
                layout manager\(strategy == .scrollCallback ? "" : "; for a grid, derive `ParallaxLayoutManager` from `GridLayoutManager` instead, the overrides unchanged").
                """
        }
    }

    /// How the glue reads the setting and follows a change, for the README.
    private func motionSentence(format: Format) -> String {
        switch format {
        case .compose:
            "Compose has no API for this setting: `rememberReduceMotion()` reads the animator duration scale from `Settings.Global.ANIMATOR_DURATION_SCALE`, the number `ValueAnimator.areAnimatorsEnabled()` tests, because it reads the same on every API level Compose runs on (that call needs API 26), and reads it again each time the activity resumes (the setting is changed in the Settings app, so the activity resumes after a change)."
        case .androidView:
            "`ParallaxMotion` asks `ValueAnimator.areAnimatorsEnabled()` on API 26 and later and, below API 26, which lacks it, reads the same scale from `Settings.Global.ANIMATOR_DURATION_SCALE`. On API 33 and later it follows a change as it happens (`ValueAnimator.registerDurationScaleChangeListener`); before that it reads the setting again when the list's window regains focus, as it does when the viewer comes back from the Settings app. Either way the items on screen are shifted again at once."
        }
    }

    public func readme(format: Format) -> String {
        let title = format == .compose ? "Jetpack Compose" : "Android views"
        let glueFile = format == .compose ? "ParallaxCompose.kt" : "ParallaxRecyclerView.kt"
        let minimum = format == .compose
            ? "Android 5.0 (API 21, Compose's minimum) with Compose Foundation 1.2 or later (`LazyListLayoutInfo.viewportSize`); `rememberReduceMotion` uses Compose UI's `LocalLifecycleOwner` (deprecated in Compose UI 1.7 for lifecycle-runtime-compose's, which works the same)."
            : "Android 5.0 (API 21) with androidx RecyclerView 1.0, core-ktx 1.0\(coast.androidFrictionMultiplier == nil ? "" : " and dynamicanimation 1.0 (`FlingAnimation`)")."
        return """
            # \(scene.title): parallax for \(title)

            Exported by `parallax-playground export --format \(format.rawValue) --strategy \(strategy.name) --physics \(physics.engine.rawValue)`
            from the \(scene.id.name) scene (\(MappingFormula.author(of: scene.mapping))) with a parallax amount of
            \(number(amount)) pt. One point is one dp: the code converts pixels to dp and back.

            - `\(Self.mappingFile)`: the mapping, a pure function of the item's frame and the visible bounds,
              with the name and argument order of the Swift export's `TunedParallax.displacement`.
            - `\(glueFile)`: the \(shapeSentence(format: format)).
            - `TunedFling.kt`: the scroll physics. \(coast.androidFrictionMultiplier != nil
                ? "\(coast.coastDescription.prefix(1).uppercased() + coast.coastDescription.dropFirst()), written exactly as an exponential decay."
                : "Android's own fling is kept (\(physics.engine == .android ? "it is the engine the playground ran" : "no decay of the platform's libraries follows \(coast.coastDescription), and this export writes no custom one").")

            Every file declares `package \(Self.package)`: change it to your app's.

            ## Use

            \(usage(format: format))

            ## Remove animations

            \(reducedMotion.readmeParagraph(setting: "Remove animations (Settings › Accessibility; it sets the animator duration scale to 0, as turning every animation scale off in the developer options does)")) \(motionSentence(format: format))

            ## Minimum

            \(minimum) `\(Self.mappingFile)` alone needs only Kotlin 1.3.

            ## What was verified, and how

            - `\(Self.mappingFile)`: the playground's tests compile it with Debian's `kotlinc` 1.3.31 on OpenJDK 17
              and check it, on the JDK, against every row of `parallax-playground trace --script fling`
              for each of the five scenes (to 1e-9 pt).
            - The glue and `TunedFling.kt`: **not compiled**. They need the Android SDK, which the machine
              that tests the playground does not have; golden-file tests pin their text, so any change
              is seen. Build them in Android Studio before relying on them.

            """
    }
}
