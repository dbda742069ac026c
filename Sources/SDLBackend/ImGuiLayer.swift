import CImGui
import CSDL2
import ParallaxKit

/// Dear ImGui in the window: its context, fed the app's own input events (a script's pointer
/// moves a slider as a person's does, and a replay repeats it), its font atlas as a texture,
/// and its triangles drawn with `SDL_RenderGeometryRaw`. Debian's libimgui.a has no
/// SDL_Renderer backend (only its header), and its SDL2 platform backend reads the mouse from
/// SDL's global state, which synthetic events never reach; both jobs are short enough to do
/// here. One layer per process: ImGui's context is global.
public final class ImGuiLayer {
    let renderer: Renderer
    private let fontTexture: Texture
    /// Whether the panel took the last pointer press (a drag that began on it stays with it).
    public private(set) var holdsPointer = false
    private var lastFrameTime: Double?

    /// Loads `fontPath` at `pointSize` (scaled to the renderer's pixels) into ImGui's atlas.
    public init(renderer: Renderer, fontPath: String, pointSize: Double = 15) throws(SDLError) {
        self.renderer = renderer
        guard imgui_shim_create(fontPath, Float(pointSize)) else {
            throw .failed(call: "ImFontAtlas::AddFontFromFileTTF", message: "Dear ImGui could not load \(fontPath)")
        }
        var pixels: UnsafePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        imgui_shim_font_atlas(&pixels, &width, &height)
        guard let pixels, width > 0, height > 0 else {
            imgui_shim_destroy()
            throw .failed(call: "ImFontAtlas::GetTexDataAsRGBA32", message: "Dear ImGui made no font atlas")
        }
        let bytes = Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4))
        fontTexture = try renderer.makeTexture(from: RGBAImage(width: Int(width), height: Int(height), bytes: bytes))
        SDL_SetTextureBlendMode(fontTexture.handle, SDL_BLENDMODE_BLEND)
        imgui_shim_set_font_texture(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(fontTexture.handle))))
    }

    deinit { imgui_shim_destroy() }

    /// Input waiting for the frame that gives it to ImGui. Dear ImGui 1.86 has no input queue:
    /// it reads the button's and the keys' state once a frame, so a press and its release in
    /// one frame (`xdotool click`, a touchpad's tap) were a click it never saw. Here each
    /// button change and each key press gets a frame of its own.
    private enum Pending {
        case move(Point), button(down: Bool, at: Point), key(ImGuiShimKey, KeyModifiers), text(String), wheel(Double)
    }
    private var pending: [Pending] = []
    /// Input held at most: a stalled frame loop must not grow it without bound (the oldest go).
    static let largestPending = 512
    /// The keys pressed for the current frame, released at the next.
    private var keysDown: [ImGuiShimKey] = []
    /// Whether a text field had the keyboard at the end of the last frame: its keys and typed
    /// text are the panel's then, not the playground's.
    public private(set) var editsText = false
    /// Whether a text field had the keyboard in the frame being built (the widgets set it).
    var fieldActiveThisFrame = false

    /// Feeds one input event (points); true if the panel takes it, so the list must not.
    /// A press over the panel, and every move and release of a drag that began there, are
    /// the panel's; while a popup is open (a combo's list, which hangs past the panel's edge)
    /// every press is; wheels over either too; keys and typed text while a field edits text.
    @discardableResult
    public func handle(_ event: InputEvent, over panel: Rect?) -> Bool {
        switch event {
        case .pointerDown(let p):
            holdsPointer = panel != nil && (panel!.contains(p) || imgui_shim_popup_open())
            if holdsPointer {
                enqueue(.button(down: true, at: p))
            } else if editsText {
                // A click elsewhere ends the editing, as in any text field (ImGui releases a
                // field on a click outside it); the click still goes to the list.
                enqueue(.button(down: true, at: p))
                enqueue(.button(down: false, at: p))
            }
            return holdsPointer
        case .pointerMoved(let p), .hover(let p):
            enqueue(.move(p))
            return holdsPointer
        case .pointerUp(let p):
            let held = holdsPointer
            enqueue(held ? .button(down: false, at: p) : .move(p))
            holdsPointer = false
            return held
        case .wheel(let delta):
            let takes = panel != nil && (imgui_shim_any_window_hovered() || imgui_shim_popup_open()) && delta.dy != 0
            // ImGui's +1 scrolls up, as SDL's dy > 0 (away from the user) does.
            if takes { enqueue(.wheel(delta.normalized.dy)) }
            return takes
        case .key(let key, let modifiers):
            guard editsText else { return false }
            if let editing = Self.editingKey(key, modifiers) { enqueue(.key(editing, modifiers)) }
            return true
        case .text(let text):
            guard editsText else { return false }
            enqueue(.text(text))
            return true
        case .command, .fling:
            return false
        }
    }

    /// Drops what waits and lets go of the button and keys (the panel closed).
    public func releaseAll() {
        pending.removeAll()
        holdsPointer = false
        imgui_shim_mouse_button(false)
        for key in keysDown { imgui_shim_key(key, false) }
        keysDown.removeAll()
        editsText = false
    }

    private func enqueue(_ input: Pending) {
        if pending.count >= Self.largestPending { pending.removeFirst(pending.count - Self.largestPending + 1) }
        pending.append(input)
    }

    private static func editingKey(_ key: Key, _ modifiers: KeyModifiers) -> ImGuiShimKey? {
        switch key {
        // Ctrl+A selects the whole name, to type a new one over it.
        case .character("a") where modifiers.contains(.control): IMGUI_SHIM_KEY_A
        case .backspace: IMGUI_SHIM_KEY_BACKSPACE
        case .delete: IMGUI_SHIM_KEY_DELETE
        case .enter: IMGUI_SHIM_KEY_ENTER
        case .escape: IMGUI_SHIM_KEY_ESCAPE
        case .left: IMGUI_SHIM_KEY_LEFT
        case .right: IMGUI_SHIM_KEY_RIGHT
        case .home: IMGUI_SHIM_KEY_HOME
        case .end: IMGUI_SHIM_KEY_END
        case .tab: IMGUI_SHIM_KEY_TAB
        default: nil
        }
    }

    /// Gives ImGui what waits, up to the second button change, a release after a move, or
    /// past the first key: those wait for the next frame. Text typed before a key goes first
    /// (ImGui's field reads a frame's characters before its keys). A key pressed for the last frame is released for
    /// this one, and the next key waits a frame more: ImGui sees a press only as a key that
    /// was up in the frame before (Backspace four times is four presses, not one held).
    private func deliverPending() {
        let releasedKeys = !keysDown.isEmpty
        for key in keysDown { imgui_shim_key(key, false) }
        keysDown.removeAll()
        imgui_shim_key_modifiers(false, false)
        var buttonChanged = false, moved = false
        var delivered = 0
        deliver: for input in pending {
            switch input {
            case .move(let p):
                imgui_shim_mouse_position(Float(p.x), Float(p.y))
                moved = true
            case .button(let down, let p):
                // A release after a move waits a frame too: ImGui moves a slider (or a drag)
                // only while the button is down, so a drag's last move and its release in one
                // frame (a quick hand, a slow frame) left the slider short of the pointer.
                if buttonChanged || (moved && !down) { break deliver }
                imgui_shim_mouse_position(Float(p.x), Float(p.y))
                imgui_shim_mouse_button(down)
                buttonChanged = true
            case .key(let key, let modifiers):
                if releasedKeys { break deliver }
                imgui_shim_key_modifiers(modifiers.contains(.control), modifiers.contains(.shift))
                imgui_shim_key(key, true)
                keysDown.append(key)
                delivered += 1
                break deliver
            case .text(let text):
                imgui_shim_text_input(text)
            case .wheel(let notches):
                imgui_shim_mouse_wheel(Float(notches))
            }
            delivered += 1
        }
        pending.removeFirst(delivered)
    }

    /// Whether input waits for a frame (the window must draw one soon).
    public var hasPendingInput: Bool { !pending.isEmpty || !keysDown.isEmpty }

    /// Starts a frame of `size` points at `time` seconds.
    public func beginFrame(size: Size, time: Double) {
        let step = lastFrameTime.map { max(0, time - $0) } ?? 1.0 / 60
        lastFrameTime = time
        deliverPending()
        fieldActiveThisFrame = false
        widgetFrames.removeAll(keepingCapacity: true)
        imgui_shim_new_frame(Float(size.width), Float(size.height), Float(step))
    }

    /// Set to keep each widget's rectangle (points) by its label, for the frame being built:
    /// tests check with it that a panel's rows stay where a pointer aims.
    public var recordsWidgetFrames = false
    public private(set) var widgetFrames: [String: Rect] = [:]

    func noteWidget(_ label: String) {
        guard recordsWidgetFrames else { return }
        var x: Float = 0, y: Float = 0, w: Float = 0, h: Float = 0
        imgui_shim_last_item_rect(&x, &y, &w, &h)
        widgetFrames[label] = Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h))
    }

    /// Whether a popup (a combo's list) is open: the pointer is the panel's until it closes.
    public var popupIsOpen: Bool { imgui_shim_popup_open() }
    /// Whether the pointer is over one of ImGui's windows (the panel, a popup).
    public var pointerIsOverPanel: Bool { imgui_shim_any_window_hovered() }

    /// Hears each geometry call before it is made, as the executor's sink hears its calls.
    public weak var drawCallSink: DrawCallSink?

    /// Ends the frame and draws its triangles over what is on the renderer (points scaled to
    /// pixels); returns the number of SDL geometry calls.
    @discardableResult
    public func render() -> Int {
        imgui_shim_render()
        editsText = fieldActiveThisFrame
        let scale = Float(renderer.scale)
        var calls = 0
        for l in 0..<imgui_shim_list_count() {
            let list = imgui_shim_list(l)
            guard let source = list.vertices, let indexSource = list.indices, list.vertexCount > 0 else { continue }
            // At one pixel a point and with nobody recording the calls, SDL reads ImGui's own
            // buffers (as ImGui's SDL_Renderer backend does): no per-frame copy of a few
            // thousand vertices. Else one copy in SDL's layout, positions scaled to pixels,
            // that every command of the list draws from (and a recording keeps).
            if scale == 1, drawCallSink == nil {
                calls += drawInPlace(list, vertices: source, indices: indexSource, listIndex: l, scale: scale)
                continue
            }
            let n = Int(list.vertexCount)
            var positions = [Float](repeating: 0, count: 2 * n), uv = [Float](repeating: 0, count: 2 * n)
            var colors = [UInt8](repeating: 0, count: 4 * n)
            for i in 0..<n {
                let v = source[i]
                positions[2 * i] = v.x * scale
                positions[2 * i + 1] = v.y * scale
                uv[2 * i] = v.u
                uv[2 * i + 1] = v.v
                // ImU32 is r | g << 8 | b << 16 | a << 24: bytes r, g, b, a in memory.
                colors[4 * i] = UInt8(truncatingIfNeeded: v.rgba)
                colors[4 * i + 1] = UInt8(truncatingIfNeeded: v.rgba >> 8)
                colors[4 * i + 2] = UInt8(truncatingIfNeeded: v.rgba >> 16)
                colors[4 * i + 3] = UInt8(truncatingIfNeeded: v.rgba >> 24)
            }
            let vertices = GeometryVertices(positions: positions, colors: colors, textureCoordinates: uv)
            let indices = Array(UnsafeBufferPointer(start: indexSource, count: Int(list.indexCount)))
            for c in 0..<list.commandCount {
                let command = imgui_shim_command(l, c)
                let start = Int(command.indexOffset), end = start + Int(command.indexCount)
                guard end <= indices.count, let clip = Self.clip(of: command, scale: scale) else { continue }
                let texture = command.texture == 0 ? nil : fontTexture
                drawCallSink?.geometry(texture: texture, vertices: vertices, firstVertex: Int(command.vertexOffset),
                                       indices: Array(indices[start..<end]), clip: clip)
                try? renderer.geometry(texture: texture, vertices: vertices, firstVertex: Int(command.vertexOffset),
                                       indices: indices[start..<end], clip: clip)
                calls += 1
            }
        }
        return calls
    }

    /// The clip rectangle of `command` in pixels, or nil for one that draws nothing or has
    /// coordinates no renderer should see.
    private static func clip(of command: ImGuiShimCommand, scale: Float) -> TexelRect? {
        guard command.indexCount > 0,
              [command.clipX1, command.clipY1, command.clipX2, command.clipY2].allSatisfy({ $0.isFinite && abs($0) < 1e6 })
        else { return nil }
        let left = (command.clipX1 * scale).rounded(.down), top = (command.clipY1 * scale).rounded(.down)
        let clip = TexelRect(x: Double(left).clampedInteger(Int32.self), y: Double(top).clampedInteger(Int32.self),
                             width: Double((command.clipX2 * scale).rounded(.up) - left).clampedInteger(Int32.self),
                             height: Double((command.clipY2 * scale).rounded(.up) - top).clampedInteger(Int32.self))
        return clip.width > 0 && clip.height > 0 ? clip : nil
    }

    /// Draws list `listIndex`'s commands straight from ImGui's buffers; returns the calls made.
    private func drawInPlace(_ list: ImGuiShimList, vertices: UnsafePointer<ImGuiShimVertex>, indices: UnsafePointer<UInt16>,
                             listIndex: Int32, scale: Float) -> Int {
        let stride = MemoryLayout<ImGuiShimVertex>.stride
        let vertexCount = Int(list.vertexCount), indexCount = Int(list.indexCount)
        var calls = 0
        for c in 0..<list.commandCount {
            let command = imgui_shim_command(listIndex, c)
            let start = Int(command.indexOffset), end = start + Int(command.indexCount), first = Int(command.vertexOffset)
            guard end <= indexCount, first < vertexCount, let clip = Self.clip(of: command, scale: scale) else { continue }
            try? renderer.geometry(
                texture: command.texture == 0 ? nil : fontTexture, interleaved: UnsafeRawPointer(vertices + first), stride: stride,
                positionOffset: MemoryLayout<ImGuiShimVertex>.offset(of: \.x)!, uvOffset: MemoryLayout<ImGuiShimVertex>.offset(of: \.u)!,
                colorOffset: MemoryLayout<ImGuiShimVertex>.offset(of: \.rgba)!, count: vertexCount - first,
                indices: UnsafeBufferPointer(start: indices + start, count: end - start), clip: clip)
            calls += 1
        }
        return calls
    }
}
