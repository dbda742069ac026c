import Foundation
import ParallaxKit
import PhotoPipeline
import Testing
@testable import SDLBackend

/// A photo nothing is known of yet (no embedded thumbnail, first visit) reads as loading at
/// every moment of its pulse, and as a tile, not an empty cell, when it is still.
@Suite struct LoadingPlaceholderTests {
    /// WCAG's relative luminance of an sRGB colour.
    static func luminance(_ c: Color) -> Double {
        func linear(_ v: UInt8) -> Double {
            let s = Double(v) / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
    }

    static func contrast(_ a: Color, _ b: Color) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// The background is what the tile must stand apart from; the card colour (what the tile
    /// was) is 1.17 : 1 against it, which a person reads as nothing there.
    @Test func theLoadingTileStandsApartFromTheBackgroundThroughoutItsPulse() {
        let background = SceneRenderer.Palette.background
        let period = 1.2
        var lowest = Double.infinity, highest = 0.0
        for k in 0...24 {
            let colour = PhotoTileStyle.loadingColour(at: Double(k) / 24 * period, period: period)
            let ratio = Self.contrast(colour, background)
            lowest = min(lowest, ratio)
            highest = max(highest, ratio)
        }
        #expect(lowest >= 1.4, "at its dimmest \(lowest) : 1 against the background")
        #expect(highest - lowest >= 0.3, "a pulse one can see: \(lowest) to \(highest)")
        // Still (reduce motion, files): the tile is there too.
        let still = PhotoTileStyle.loadingColour(at: 0.6, period: 0)
        #expect(Self.contrast(still, background) >= 1.4)
        #expect(Self.contrast(SceneRenderer.Palette.card, background) < 1.4, "the measure can fail: the card colour does")
    }
}
