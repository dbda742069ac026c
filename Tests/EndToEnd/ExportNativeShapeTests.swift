import Foundation
import ParallaxKit
import SpawnIsolation
import Testing

/// Each strategy reaches the exported code in its own shape, the tuned physics in the right
/// constant, and what cannot be verified is said (the golden files pin the whole text).
@Suite(.onThreadsOfTheirOwn) struct ExportNativeShapeTests {
    func export(_ format: String, _ arguments: [String]) throws -> URL {
        let out = try temporaryFolder().appendingPathComponent(format)
        let result = try run(["export", "--format", format, "--out", out.path] + arguments)
        try #require(result.status == 0, "\(result.stderr)")
        return out
    }

    func text(_ folder: URL, _ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// The UIKit glue per strategy: the scroll callback never invalidates the layout for a
    /// scroll, layout invalidation always does, and the cached layout invalidates only the
    /// visible items through a context of its own. Each parses (`swiftc -parse`: UIKit is not
    /// on Linux).
    @Test func theUIKitGlueHasEachStrategysShape() throws {
        var glues: [String: String] = [:]
        for strategy in ["scroll-callback", "layout-invalidation", "cached-layout"] {
            let out = try export("uikit", ["--strategy", strategy])
            glues[strategy] = try text(out, "ParallaxUIKit.swift")
            let parsed = try Isolated.run(URL(fileURLWithPath: "/usr/bin/env"),
                                          ["swiftc", "-parse", out.appendingPathComponent("ParallaxUIKit.swift").path,
                                           out.appendingPathComponent("TunedParallax.swift").path])
            #expect(parsed.status == 0, "\(strategy): \(parsed.stderr)")
        }
        let callback = try #require(glues["scroll-callback"])
        #expect(callback.contains("func scrollViewDidScroll(_ scrollView: UIScrollView)") && callback.contains("willDisplay cell:"))
        #expect(callback.contains("newBounds.size != collectionView?.bounds.size") && !callback.contains("-> Bool { true }"))
        #expect(callback.contains("never invalidated by a scroll") && !callback.contains("invalidates on every bounds change"))
        let invalidating = try #require(glues["layout-invalidation"])
        #expect(invalidating.contains("shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }"))
        #expect(!invalidating.contains("InvalidationContext") && !invalidating.contains("scrollViewDidScroll"))
        let cached = try #require(glues["cached-layout"])
        #expect(cached.contains("class ParallaxInvalidationContext: UICollectionViewFlowLayoutInvalidationContext"))
        #expect(cached.contains("context.invalidateItems(at:") && cached.contains("invalidateFlowLayoutAttributes = false"))
        #expect(cached.contains("override class var invalidationContextClass"))
    }

    /// Compose: the layer block for the scroll callback (and the cached layout, which says it
    /// has no shape of its own), the placement block for layout invalidation.
    @Test func composeMapsEachStrategyToAPhase() throws {
        let callback = try text(try export("compose", ["--strategy", "scroll-callback"]), "ParallaxCompose.kt")
        let invalidating = try text(try export("compose", ["--strategy", "layout-invalidation"]), "ParallaxCompose.kt")
        let cached = try text(try export("compose", ["--strategy", "cached-layout"]), "ParallaxCompose.kt")
        #expect(callback.contains("= graphicsLayer {") && callback.contains("translationY = state.layoutInfo.parallaxShiftPx"))
        #expect(invalidating.contains("Modifier.tunedParallax(state: LazyListState, index: Int, reduceMotion: Boolean): Modifier = layout {"))
        #expect(!invalidating.contains("graphicsLayer"))
        #expect(cached.contains("Compose has no") && cached.contains("= graphicsLayer {"))
        #expect(callback.contains("visibleItemsInfo"))
    }

    /// Every native export reads its platform's own reduce-motion setting, follows a change while
    /// the app runs, moves by `reducedAmount` while it is on, and its README says what the setting does.
    @Test(arguments: [
        ("uikit", "ParallaxUIKit.swift", ["UIAccessibility.isReduceMotionEnabled", "UIAccessibility.reduceMotionStatusDidChangeNotification",
                                          "amount: ParallaxMotion.amount"]),
        ("swiftui", "ParallaxSwiftUI.swift", ["@Environment(\\.accessibilityReduceMotion)", "TunedParallax.amount(reduceMotion: reduceMotion)"]),
        ("android-view", "ParallaxRecyclerView.kt", ["ValueAnimator.areAnimatorsEnabled()", "Build.VERSION.SDK_INT >= 26",
                                                     "registerDurationScaleChangeListener", "Settings.Global.ANIMATOR_DURATION_SCALE",
                                                     "amount = ParallaxMotion.amount"]),
        ("compose", "ParallaxCompose.kt", ["Settings.Global.ANIMATOR_DURATION_SCALE", "Lifecycle.Event.ON_RESUME",
                                           "TunedParallax.amount(reduceMotion)"]),
        ("flutter", "tuned_parallax_image.dart", ["MediaQuery.disableAnimationsOf(context)", "accessibilityFeatures.reduceMotion",
                                                  "TunedParallax.amountFor(reduceMotion: reduceMotion)"]),
    ])
    func everyNativeExportFollowsThePlatformsReduceMotionSetting(format: String, glue: String, reads: [String]) throws {
        for strategy in ["scroll-callback", "layout-invalidation"] {
            let out = try export(format, ["--strategy", strategy, "--reduced-amount", "0.2"])
            let source = try text(out, glue)
            for call in reads { #expect(source.contains(call), "\(format) \(strategy): no \(call)") }
            let readme = try text(out, "README.md")
            #expect(readme.contains("the images move by `reducedAmount`, 6 pt, 0.2 of the tuned 30 pt"), "\(format): the README says what the setting does")
            #expect(readme.contains("## Use"), "\(format): the README has a Use snippet")
        }
        let still = try text(try export(format, ["--strategy", "scroll-callback"]), "README.md")
        #expect(still.contains("the images stay centred in their cells"))
    }

    /// Android views: a scroll listener plus `onBindViewHolder` for the scroll callback, a
    /// layout manager for layout invalidation and (said) for the cached layout.
    @Test func androidViewsMapEachStrategyToItsShape() throws {
        let callback = try text(try export("android-view", ["--strategy", "scroll-callback"]), "ParallaxRecyclerView.kt")
        let invalidating = try text(try export("android-view", ["--strategy", "layout-invalidation"]), "ParallaxRecyclerView.kt")
        let cached = try text(try export("android-view", ["--strategy", "cached-layout"]), "ParallaxRecyclerView.kt")
        #expect(callback.contains(": RecyclerView.OnScrollListener()") && callback.contains("doOnPreDraw"))
        #expect(!callback.contains("LayoutManager("))
        #expect(invalidating.contains(": LinearLayoutManager(") && invalidating.contains("override fun scrollVerticallyBy"))
        #expect(cached.contains("has no invalidation context") && cached.contains(": LinearLayoutManager("))
        let albums = try text(try export("android-view", ["--scene", "albums", "--strategy", "layout-invalidation"]), "ParallaxRecyclerView.kt")
        #expect(albums.contains("override fun scrollHorizontallyBy") && albums.contains("imageView.translationX"))
    }

    /// The tuned coast's constant: Compose's and FlingAnimation's friction multiplier is
    /// −ln(kept per second)/4.2, Flutter's drag the share kept per second.
    @Test func theTunedCoastIsWrittenWithItsConstant() throws {
        let uikitRate = 0.995
        let kept = pow(uikitRate, 1000)
        let compose = try text(try export("compose", ["--deceleration-rate", "\(uikitRate)"]), "TunedFling.kt")
        #expect(compose.contains("const val TUNED_FRICTION_MULTIPLIER = \(Float(-log(kept) / 4.2))f"), "\(compose)")
        let gtk = try text(try export("android-view", ["--physics", "gtk"]), "TunedFling.kt")
        #expect(gtk.contains("const val TUNED_FRICTION = \(Float(4.0 / 4.2))f"), "\(gtk)")
        let android = try text(try export("compose", ["--physics", "android"]), "TunedFling.kt")
        #expect(android.contains("ScrollableDefaults.flingBehavior()") && !android.contains("exponentialDecay"))
        let flutter = try text(try export("flutter", ["--deceleration-rate", "\(uikitRate)"]), "tuned_scroll_physics.dart")
        #expect(flutter.contains("static const double drag = \(kept);") && flutter.contains("extends BouncingScrollPhysics"))
        let flutterAndroid = try text(try export("flutter", ["--physics", "flutter-android"]), "tuned_scroll_physics.dart")
        #expect(flutterAndroid.contains("extends ClampingScrollPhysics") && !flutterAndroid.contains("FrictionSimulation("))
        // Chrome's desktop curve has no building block in either: the platform's own is kept, said.
        let chromeFlutter = try text(try export("flutter", ["--physics", "chrome-desktop"]), "tuned_scroll_physics.dart")
        #expect(chromeFlutter.contains("Chrome's desktop fling (physics_based_fling_curve.cc") && chromeFlutter.contains("extends ClampingScrollPhysics"),
                "\(chromeFlutter)")
        let chromeCompose = try text(try export("compose", ["--physics", "chrome-desktop"]), "TunedFling.kt")
        #expect(chromeCompose.contains("Chrome's desktop fling") && !chromeCompose.contains("exponentialDecay"), "\(chromeCompose)")
    }

    /// What was not verified is said where a reader looks: each README, and `export --help`.
    @Test func whatIsNotVerifiedIsSaid() throws {
        let flutter = try text(try export("flutter", []), "README.md")
        #expect(flutter.contains("Nothing of this export was compiled or run") && flutter.contains("no Dart or Flutter SDK"))
        for format in ["compose", "android-view"] {
            let readme = try text(try export(format, []), "README.md")
            #expect(readme.contains("kotlinc") && readme.contains("**not compiled**"), "\(format)")
        }
        let uikit = try text(try export("uikit", []), "README.md")
        #expect(uikit.contains("swiftc -parse"))
        let help = try run(["export", "--help"])
        #expect(help.status == 0)
        let flat = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("no Dart SDK here, so none of it is compiled and its numbers are not checked"), "\(help.stdout)")
        #expect(flat.contains("the glue needs the Android SDK and is never compiled here"), "\(help.stdout)")
        #expect(flat.contains("checked with swiftc -parse only"), "\(help.stdout)")
    }

    /// Bad input is refused with a message that names the option, and nothing is written.
    @Test(arguments: [
        (["--format", "compose", "--strategy", "off"], "--strategy off"),
        (["--format", "flutter", "--strategy", "off"], "--strategy off"),
        (["--format", "uikit", "--strategy", "off"], "--strategy off"),
        (["--format", "kotlin"], "--format"),
        (["--format", "android-view", "--physics", "qt"], "--physics"),
    ])
    func badInputIsRefused(arguments: [String], mentions: String) throws {
        let out = try temporaryFolder().appendingPathComponent("native")
        let result = try run(["export", "--out", out.path] + arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(mentions), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
