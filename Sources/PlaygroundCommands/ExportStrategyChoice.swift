import ParallaxKit

/// The strategy `export` writes, and why: `--strategy`, else the preset's, else the one last
/// chosen in the window (the remembered settings), else the scene's own. A default export
/// follows the window, so that the shape a person watched there is the shape taken home.
package struct ExportStrategyChoice: Equatable {
    package enum Source: Equatable {
        /// `--strategy`.
        case option
        /// The preset's `strategy`.
        case preset
        /// The window's last choice, kept in the settings file at `settingsPath`.
        case window(settingsPath: String)
        /// The scene's own, for a reason.
        case scene(SceneReason)
    }

    /// Why a default export writes the scene's own strategy.
    package enum SceneReason: Equatable {
        /// No strategy remembered (no settings file, or none chosen in the window).
        case noneRemembered
        /// `--no-settings`.
        case settingsIgnored
        /// The window was last on `off`: a default export carries the motion.
        case windowWasOff
    }

    /// The strategy written, nil for the scene's own (known once the scene is made).
    package let strategy: ParallaxStrategy?
    package let source: Source

    /// `option`, else `preset`, else `remembered` (`off` skipped), else the scene's own.
    package init(option: ParallaxStrategy?, preset: ParallaxStrategy?, remembered: ParallaxStrategy?, settingsPath: String?,
                 readsSettings: Bool) {
        if let option {
            (strategy, source) = (option, .option)
        } else if let preset {
            (strategy, source) = (preset, .preset)
        } else if !readsSettings {
            (strategy, source) = (nil, .scene(.settingsIgnored))
        } else if let remembered, remembered != .off, let settingsPath {
            (strategy, source) = (remembered, .window(settingsPath: settingsPath))
        } else {
            (strategy, source) = (nil, .scene(remembered == .off ? .windowWasOff : .noneRemembered))
        }
    }

    /// The line `export` says on standard error after writing `written` for `scene` in
    /// `format`, or nil when there is nothing to say: the strategy was given with
    /// `--strategy`, or the format's output is the same for every moving strategy (the web
    /// page, SwiftUI) and the window's `off` was not passed over.
    package func note(written: ParallaxStrategy, scene: SceneID, format: ExportCommand.Format) -> String? {
        let shaped = format.hasShapePerStrategy
        if !shaped, source != .scene(.windowWasOff) { return nil }
        let what = shaped ? "the \(written.name) shape" : format == .web ? "a moving page" : "a moving list"
        let why: String
        switch source {
        case .option: return nil
        case .preset: why = "the preset's strategy"
        case .window(let path): why = "the strategy last chosen in the window (\(path)); --no-settings writes the \(scene.name) scene's own"
        case .scene(.noneRemembered): why = "the \(scene.name) scene's own strategy (none chosen in the window yet)"
        case .scene(.settingsIgnored): why = "the \(scene.name) scene's own strategy (--no-settings)"
        case .scene(.windowWasOff):
            let still = format == .web ? "; --strategy off writes a still page" : format == .react ? "; --strategy off writes a still list" : ""
            why = "the \(scene.name) scene's own strategy: the window was last on off, which a default export passes over" + still
        }
        var sentence = "wrote \(what), \(why)"
        if let cheaper = format.cheaperShape(than: written) {
            sentence += "; \(written.name) is the costly shape (every scroll lays the list out again): --strategy \(cheaper.name) writes the cheaper one"
        }
        return sentence
    }
}

extension ExportCommand.Format {
    /// Whether the written source takes the strategy's shape (`docs/export.md`'s table): the
    /// web page and SwiftUI have one shape for every moving strategy.
    package var hasShapePerStrategy: Bool {
        switch self {
        case .uikit, .react, .compose, .androidView, .flutter: true
        case .web, .swiftui: false
        }
    }

    /// The cheaper shape to name when `strategy` is this format's costly one (`docs/export.md`'s
    /// table): UIKit's and React's cached layout keeps the geometry; Compose's layout
    /// invalidation places every visible item again on a scroll, where its scroll callback
    /// (its cached layout too) only draws; Android views' layout manager touches only the
    /// children on screen, and Flutter writes one `Flow` for every strategy: neither is costly.
    package func cheaperShape(than strategy: ParallaxStrategy) -> ParallaxStrategy? {
        guard strategy == .layoutInvalidation else { return nil }
        switch self {
        case .uikit, .react: return .cachedLayout
        case .compose: return .scrollCallback
        case .androidView, .flutter, .web, .swiftui: return nil
        }
    }
}
