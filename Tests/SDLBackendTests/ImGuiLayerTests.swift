import Foundation
import ParallaxKit
import Testing
@testable import SDLBackend

/// Keeps the panel's geometry calls for reissuing.
private final class GeometryListener: DrawCallSink {
    var calls: [(Texture?, GeometryVertices, Int, [UInt16], TexelRect)] = []
    func fill(rect: PixelRect, color: Color) {}
    func stroke(rect: PixelRect, color: Color) {}
    func line(from start: PixelPoint, to end: PixelPoint, color: Color) {}
    func copy(texture: Texture, source: TexelRect, destination: PixelRect, alpha: UInt8) {}
    func copy(texture: Texture, destination: TexelRect) {}
    func geometry(texture: Texture?, vertices: GeometryVertices, firstVertex: Int, indices: [UInt16], clip: TexelRect) {
        calls.append((texture, vertices, firstVertex, indices, clip))
    }
}

/// Dear ImGui's triangles: drawn from ImGui's own buffers when nobody records them, from a
/// copy when a sink does (the bench's recording); both must give the same pixels, and the
/// recorded calls reissued must too (the bare loop draws from them).
extension HeadlessSDLTests {
    @Test func thePanelDrawnInPlaceEqualsItsRecordedCopy() throws {
        let sdl = try Headless(size: Size(width: 320, height: 200))
        let layer = try ImGuiLayer(renderer: sdl.renderer, fontPath: FontFiles.locate().regular)
        func drawPanel(frame k: Int) -> Int {
            layer.beginFrame(size: Size(width: 320, height: 200), time: Double(k) / 60)
            var amount = 42.0, on = true
            layer.window("Panel", at: Point(x: 10, y: 10), width: 260) {
                _ = layer.slider("amount", &amount, in: 0...120, format: "%.1f pt")
                _ = layer.checkbox("on", &on)
                layer.text("− 12.5 pt × 3", color: Color(r: 255, g: 214, b: 120))
                _ = layer.button("Reset")
            }
            return layer.render()
        }
        // ImGui settles its layout over the first frames; compare later ones.
        for k in 0..<3 { sdl.renderer.clear(.black); _ = drawPanel(frame: k) }
        sdl.renderer.clear(.black)
        let callsInPlace = drawPanel(frame: 3)
        let inPlace = try sdl.renderer.readPixels()
        let listener = GeometryListener()
        layer.drawCallSink = listener
        sdl.renderer.clear(.black)
        let callsCopied = drawPanel(frame: 4)
        let copied = try sdl.renderer.readPixels()
        layer.drawCallSink = nil
        sdl.renderer.clear(.black)
        for (texture, vertices, first, indices, clip) in listener.calls {
            try sdl.renderer.geometry(texture: texture, vertices: vertices, firstVertex: first, indices: indices[...], clip: clip)
        }
        let reissued = try sdl.renderer.readPixels()
        sdl.renderer.clear(.black)
        let blank = try sdl.renderer.readPixels()
        #expect(callsInPlace > 0 && callsInPlace == callsCopied && listener.calls.count == callsCopied)
        #expect(inPlace.bytes != blank.bytes, "the panel drew something")
        #expect(inPlace.bytes == copied.bytes, "ImGui's buffers drawn in place give the copy's pixels")
        #expect(copied.bytes == reissued.bytes, "and the recorded calls reissued give them too")
    }
}

extension HeadlessSDLTests {
    /// A drag's last move and its release in one frame (a quick hand on a busy machine, whose
    /// frames come slower than the pointer's events) still move the slider there: Dear ImGui
    /// 1.86 moves a slider only while its button is down, so the release waits a frame when a
    /// move came before it. A loaded test run's slider stopped at its second-last point.
    @Test func aDragsLastMoveAndItsReleaseInOneFrameMoveTheSlider() throws {
        let sdl = try Headless(size: Size(width: 320, height: 200))
        let layer = try ImGuiLayer(renderer: sdl.renderer, fontPath: FontFiles.locate().regular)
        layer.recordsWidgetFrames = true
        let panel = Rect(x: 0, y: 0, width: 320, height: 200)
        var amount = 10.0
        func frame(_ k: Int) {
            layer.beginFrame(size: Size(width: 320, height: 200), time: Double(k) / 60)
            layer.window("Panel", at: Point(x: 10, y: 10), width: 260) {
                _ = layer.slider("amount", &amount, in: 0...120, format: "%.1f pt")
            }
            layer.render()
        }
        for k in 0..<3 { frame(k) }
        let slider = try #require(layer.widgetFrames["amount"])
        #expect(layer.handle(.pointerDown(Point(x: slider.minX + 4, y: slider.midY)), over: panel))
        frame(3)
        let pressedAt = amount
        // Two moves and the release, all before the next frame.
        layer.handle(.pointerMoved(Point(x: slider.midX, y: slider.midY)), over: panel)
        layer.handle(.pointerMoved(Point(x: slider.maxX - 2, y: slider.midY)), over: panel)
        layer.handle(.pointerUp(Point(x: slider.maxX - 2, y: slider.midY)), over: panel)
        for k in 4..<8 { frame(k) }
        #expect(pressedAt < 20, "the press near the left end: \(pressedAt)")
        #expect(amount > 110, "the slider followed the pointer to its right end: \(amount)")
        #expect(!layer.hasPendingInput)
    }
}
