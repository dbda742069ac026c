extension Playground {
    /// Carries out a key command that changes the model (scene, strategy, knobs); returns
    /// false for the ones only the app can do (overlay, outlines, vsync, help, screenshot, quit).
    @discardableResult
    public func apply(_ command: AppCommand) -> Bool {
        switch command {
        case .nextScene: setScene(scene.id.next())
        case .previousScene: setScene(scene.id.next(by: -1))
        case .scene(let id): setScene(id)
        case .strategy(let strategy): setStrategy(strategy)
        case .adjustParallax(let step): setParallaxAmount(steppedParallaxAmount(step))
        case .scaleItemCount(let step): scaleItemCount(step)
        case .toggleReduceMotion: setReduceMotion(!reduceMotion)
        case .setParallax(let amount):
            guard amount.isFinite else { return true }
            setParallaxAmount(min(max(amount, 0), Playground.largestParallaxAmount))
        case .setItemCount(let count):
            setItemCount(min(max(count, Playground.itemCountRange.lowerBound), Playground.itemCountRange.upperBound))
        case .setReduceMotion(let on): setReduceMotion(on)
        case .setReducedAmount(let fraction): setReducedAmountFraction(fraction)
        case .setTechnique(let mapping): setMapping(mapping)
        case .setViewingDistance(let centimetres):
            viewingGeometry = viewingGeometry.setting(ViewingGeometry.distanceKnob, to: centimetres)
        case .setDisplayDensity(let pixelsPerInch):
            viewingGeometry = viewingGeometry.setting(ViewingGeometry.densityKnob, to: pixelsPerInch)
        case .setPhysics(let knob, let value):
            var tuned = physics
            tuned[knob] = value
            setPhysics(tuned.clamped)
        case .setScrollEngine(let engine):
            var tuned = physics
            tuned.engine = engine
            setPhysics(tuned)
        case .setCellLayout(let knob, let value):
            var shaped = cellLayout
            shaped[knob] = value
            setCellLayout(shaped)
        case .resetToDefaults:
            // UIKit's constants; the engine is a choice of platform, not of the scene's look.
            var defaults = ScrollPhysics.uikit
            defaults.engine = physics.engine
            setPhysics(defaults)
            setCellLayout(.sceneDefaults)
            setReduceMotion(false)
            setReducedAmountFraction(0)
            setItemCount(scene.defaultItemCount)
            setParallaxAmount(scene.defaultParallaxAmount)
            setStrategy(scene.defaultStrategy)
        case .toggleWillDisplay: updatesOnWillDisplay.toggle()
        case .toggleOverlay, .toggleDebugOutlines, .toggleVSync, .toggleHelp, .screenshot, .toggleRecording,
             .cycleComparison, .toggleCompareStrip, .toggleTuningPanel, .dismiss, .quit,
             .setCPUSlowdown, .setRefresh:
            return false
        }
        return true
    }

    /// The next parallax amount for `+` (step +1) or `−` (−1): steps of a fifth of the scene's
    /// default, from 0 up to four times the default, so every scene has the same number of steps.
    public func steppedParallaxAmount(_ step: Int) -> Double {
        let unit = scene.defaultParallaxAmount / 5
        guard unit > 0 else { return parallaxAmount }
        let current = (parallaxAmount / unit).rounded()
        let next = min(max(current + Double(step), 0), 20)
        return next * unit
    }

    /// The next item count for `]` (×10) or `[` (÷10), within 1…1,000,000. Each first undoes
    /// the presses of the other before it, so `[` then `]` comes back where it was (36 → 3 →
    /// 36, not 30), and so does `]` then `[` (200,000 → 1,000,000 → 200,000, not 100,000).
    public func scaledItemCount(_ step: Int) -> Int {
        let range = Playground.itemCountRange
        if step != 0, let latest = countsBeforeScaling.last, latest.step == -step.signum() { return latest.count }
        var count = max(itemCount, range.lowerBound)
        if step > 0 { count = count > range.upperBound / 10 ? range.upperBound : count * 10 }
        if step < 0 { count = max(range.lowerBound, count / 10) }
        return min(count, range.upperBound)
    }
}
