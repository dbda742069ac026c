import CImGui
import Foundation
import ParallaxKit

/// The panel's widgets, between `beginFrame` and `render`: each a call of the C face, its
/// rectangle noted when a test asks for them.
extension ImGuiLayer {

    /// A window at `origin`, `width` wide and as tall as `content`; returns its rectangle.
    @discardableResult
    public func window(_ title: String, at origin: Point, width: Double, _ content: () -> Void) -> Rect {
        if imgui_shim_begin(title, Float(origin.x), Float(origin.y), Float(width)) { content() }
        imgui_shim_end()
        return lastWindowFrame()
    }

    /// A window like `window`'s that takes no input and no focus (the explain card): its
    /// appearing under the pointer must not close an open list or take a click.
    @discardableResult
    public func overlayWindow(_ title: String, at origin: Point, width: Double, _ content: () -> Void) -> Rect {
        if imgui_shim_begin_overlay(title, Float(origin.x), Float(origin.y), Float(width)) { content() }
        imgui_shim_end()
        return lastWindowFrame()
    }

    /// The rectangle of the window just ended, in points.
    private func lastWindowFrame() -> Rect {
        var x: Float = 0, y: Float = 0, w: Float = 0, h: Float = 0
        imgui_shim_last_window(&x, &y, &w, &h)
        return Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h))
    }

    public func text(_ text: String) { imgui_shim_text(text) }
    /// A tooltip for the last widget, shown while the pointer rests on it.
    public func tooltip(_ text: String) { imgui_shim_tooltip(text) }

    /// Text wrapped at the window's edge.
    public func wrappedText(_ text: String, color: Color) {
        imgui_shim_text_wrapped(text, Float(color.r) / 255, Float(color.g) / 255, Float(color.b) / 255)
    }
    /// Text lined up with the buttons and fields on its row.
    public func rowText(_ text: String) {
        imgui_shim_align_text_to_frame_padding()
        imgui_shim_text(text)
    }
    public func text(_ text: String, color: Color) {
        imgui_shim_text_colored(text, Float(color.r) / 255, Float(color.g) / 255, Float(color.b) / 255)
    }
    public func separator() { imgui_shim_separator() }
    public func sameLine() { imgui_shim_same_line() }
    public func button(_ label: String) -> Bool {
        let pressed = imgui_shim_button(label)
        noteWidget(label)
        return pressed
    }
    /// A button `width` points wide: a label that changes ("Record", "Stop recording") moves
    /// nothing beside it.
    public func button(_ label: String, width: Double) -> Bool {
        let pressed = imgui_shim_button_sized(label, Float(width))
        noteWidget(label)
        return pressed
    }

    /// Draws `content` dimmed and deaf when `disabled`: a row that has nothing to do stays in
    /// place instead of vanishing, so nothing under it moves.
    public func disabled(_ disabled: Bool, _ content: () -> Void) {
        imgui_shim_begin_disabled(disabled)
        content()
        imgui_shim_end_disabled()
    }

    /// A one-line field `width` points wide editing `name` (letters, digits, '-', '_', '.', at
    /// most `maxBytes`); true when Enter is pressed in it. While it has the keyboard the
    /// window's keys go to it (`editsText`).
    public func nameField(_ label: String, _ name: inout String, hint: String, maxBytes: Int = 64, width: Double) -> Bool {
        var buffer = [CChar](repeating: 0, count: maxBytes + 1)
        for (i, byte) in name.utf8.prefix(maxBytes).enumerated() { buffer[i] = CChar(bitPattern: byte) }
        let entered = imgui_shim_name_field(label, hint, &buffer, Int32(buffer.count), Float(width))
        if imgui_shim_item_active() { fieldActiveThisFrame = true }
        noteWidget(label)
        name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return entered
    }

    public func checkbox(_ label: String, _ value: inout Bool) -> Bool {
        let changed = imgui_shim_checkbox(label, &value)
        noteWidget(label)
        return changed
    }

    /// A slider whose value is written beside its grab, never over it (`SliderValueText`).
    public func slider(_ label: String, _ value: inout Double, in range: ClosedRange<Double>, format: String,
                       logarithmic: Bool = false) -> Bool {
        var v = Float(value)
        var x: Float = 0, y: Float = 0, width: Float = 0, height: Float = 0
        // ImGui's own text is hidden ("##"), the format still setting its rounding and its
        // logarithmic scale's end at zero.
        let changed = imgui_shim_slider_float(label, &v, Float(range.lowerBound), Float(range.upperBound), "##" + format, logarithmic,
                                              &x, &y, &width, &height)
        noteWidget(label)
        if changed { value = min(max(Double(v), range.lowerBound), range.upperBound) }
        let frame = Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
        let shown = String(format: format, Double(v))
        let grabWidth = Double(imgui_shim_grab_min_size())
        let fraction = SliderValueText.fraction(of: Double(v), in: range, logarithmic: logarithmic, precision: SliderValueText.precision(of: format))
        let grab = SliderValueText.grabCentre(frame: frame, grabWidth: grabWidth, fraction: fraction)
        let textX = SliderValueText.textX(frame: frame, grabCentre: grab, grabWidth: grabWidth, textWidth: textWidth(shown))
        imgui_shim_frame_text(shown, Float(textX), x, y, width, height)
        return changed
    }

    public func combo(_ label: String, _ selected: inout Int, _ items: [String]) -> Bool {
        var current = Int32(selected)
        let cStrings = items.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        let changed = cStrings.map { UnsafePointer($0) }.withUnsafeBufferPointer { pointers in
            imgui_shim_combo(label, &current, pointers.baseAddress, Int32(items.count))
        }
        noteWidget(label)
        if changed { selected = Int(current) }
        return changed
    }

    /// A combo like `combo`'s in which the entries `unusable` names (by index) are dimmed and
    /// cannot be picked; the pointer resting on one shows its reason.
    public func combo(_ label: String, _ selected: inout Int, _ items: [String], unusable: [Int: String]) -> Bool {
        var current = Int32(selected)
        let names = items.map { strdup($0) }
        let reasons = items.indices.map { unusable[$0].map { strdup($0) } ?? nil }
        defer { (names + reasons).forEach { free($0) } }
        let changed = names.map { UnsafePointer($0) }.withUnsafeBufferPointer { namePointers in
            reasons.map { $0.map { UnsafePointer($0) } }.withUnsafeBufferPointer { reasonPointers in
                imgui_shim_combo_marked(label, &current, namePointers.baseAddress, reasonPointers.baseAddress, Int32(items.count))
            }
        }
        noteWidget(label)
        if changed { selected = Int(current) }
        return changed
    }

    /// How wide `text` is in the panel's font, in points.
    public func textWidth(_ text: String) -> Double { Double(imgui_shim_text_width(text)) }
    /// The width left for widgets on the current row, in points.
    public var availableWidth: Double { Double(imgui_shim_available_width()) }

    /// A line plot of `points` in a `size` box, with `dots` on it and a marked x.
    public func plot(size: Size, points: [Point], xRange: ClosedRange<Double>, yRange: ClosedRange<Double>,
                     dots: [Point] = [], markX: Double? = nil) {
        let xs = points.map { Float($0.x) }, ys = points.map { Float($0.y) }
        let dx = dots.map { Float($0.x) }, dy = dots.map { Float($0.y) }
        imgui_shim_plot(Float(size.width), Float(size.height), xs, ys, Int32(points.count),
                        Float(xRange.lowerBound), Float(xRange.upperBound), Float(yRange.lowerBound), Float(yRange.upperBound),
                        dx, dy, Int32(dots.count), markX.map(Float.init) ?? .nan)
    }
}
