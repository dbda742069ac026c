import ParallaxKit
import Presentation

extension PaneGroup {
    /// What lies over the panes, across the whole surface, and belongs to the picture: with
    /// compared panes the strip (when shown) and the help. A window's screenshot and video
    /// keep it, and `shot` draws the same. The window's own marks (the fps badges, the toasts,
    /// the REC badge, the Tune button) are not here: the window draws them after its captures
    /// (`PlaygroundApp.captureThenDrawWindowChrome`), so no picture carries them.
    public func composeOverPanes(showsStrip: Bool) -> DrawList {
        var over = DrawList()
        guard panes.count > 1 else { return over }
        if showsStrip {
            CompareStrip.draw(panes, surfaceSize: surfaceSize, offsets: comparison?.axis == .physics, into: &over)
        }
        if decorations.help && !decorations.helpOverEverything { FrameComposer.drawHelp(overPanesOf: surfaceSize, into: &over) }
        return over
    }

    /// The help over the whole surface, when the surface's owner draws it over everything
    /// (`FrameDecorations.helpOverEverything`) and it shows; empty otherwise.
    public func composeHelpOverEverything() -> DrawList {
        var help = DrawList()
        if decorations.help && decorations.helpOverEverything { FrameComposer.drawHelp(overPanesOf: surfaceSize, into: &help) }
        return help
    }
}
