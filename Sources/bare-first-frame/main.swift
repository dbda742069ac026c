import CSDL2
import Glibc

// The floor under the window's start-up: a program that links SDL and nothing else, opens a
// window of the playground's size and flags with the renderer the playground asks for first
// (accelerated, vsync), clears it to the scenes' background and presents it, then prints the
// CLOCK_MONOTONIC time of that first present (the clock the playground's --stats-json
// `startup.first_frame_ns` uses). `bench` spawns it beside the playground: the gap between
// the two first frames is what the playground's own start-up costs.
//
// Usage: bare-first-frame [WIDTHxHEIGHT]   (default 1280x800, the playground's)

/// MonotonicTime's reading, copied: this program is the floor the playground's start-up is
/// measured against, so it links nothing but SDL, not even the package's smallest module.
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// Writes `line` to standard error (file descriptor 2: Glibc's `stderr` is a global Swift 6
/// will not share across threads).
func complain(_ line: String) {
    let text = Array((line + "\n").utf8)
    _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

func fail(_ what: String) -> Never {
    complain("bare-first-frame: \(what): \(String(cString: SDL_GetError()))")
    exit(1)
}

var width: Int32 = 1280, height: Int32 = 800
if CommandLine.arguments.count > 1 {
    let parts = CommandLine.arguments[1].split(separator: "x").compactMap { Int32($0) }
    guard parts.count == 2, (64...16_384).contains(parts[0]), (64...16_384).contains(parts[1]) else {
        complain("bare-first-frame: a size is WIDTHxHEIGHT, each 64 to 16384, got '\(CommandLine.arguments[1])'")
        exit(2)
    }
    width = parts[0]
    height = parts[1]
}

guard SDL_Init(SDL_INIT_VIDEO) == 0 else { fail("SDL_Init") }
// The playground's window: high-density aware, resizable, centred.
guard let window = SDL_CreateWindow("Parallax Playground", CSDL2_WINDOWPOS_CENTERED, CSDL2_WINDOWPOS_CENTERED, width, height,
                                    SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_RESIZABLE.rawValue)
else { fail("SDL_CreateWindow") }
let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
    ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
guard let renderer else { fail("SDL_CreateRenderer") }
// SceneRenderer.Palette.background: the colour of the playground's first frame.
SDL_SetRenderDrawColor(renderer, 18, 19, 24, 255)
SDL_RenderClear(renderer)
SDL_RenderPresent(renderer)
let presented = monotonicNanoseconds()
print("first_frame_ns \(presented)")
SDL_DestroyRenderer(renderer)
SDL_DestroyWindow(window)
SDL_Quit()
