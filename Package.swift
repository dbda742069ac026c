// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ParallaxPlayground",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "parallax-playground", targets: ["parallax-playground"]),
        // The benchmark, apart from the app: `parallax-playground bench` becomes it.
        .executable(name: "parallax-bench", targets: ["parallax-bench"]),
        .library(name: "ParallaxKit", targets: ["ParallaxKit"]),
        .library(name: "PhotoPipeline", targets: ["PhotoPipeline"]),
        .executable(name: "photo-decode-bench", targets: ["photo-decode-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-numerics.git", from: "1.0.0"),
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", from: "1.6.1"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
    ],
    targets: [
        // SDL2, SDL2_image and SDL2_ttf headers plus a shim for
        // the macros that do not import into Swift.
        // No pkgConfig: its cflags carry -D_REENTRANT, which SwiftPM warns about on every
        // build; the headers are found under the default include path (see shim.h).
        .systemLibrary(
            name: "CSDL2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"]), .brew(["sdl2", "sdl2_image", "sdl2_ttf"])]),
        // libvips 8.14 (Debian libvips42; libvips-dev only for the shim's header test) for
        // decoding photos, opened with dlopen on the first decode: the executable does not link
        // it, so its closure (GLib and ~80 codec libraries) costs nothing before the first
        // frame. shim.h declares what is used; cvips_load.c fills a table of them with dlsym.
        .target(name: "CVips", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // Dear ImGui 1.86 (Debian's libimgui-dev: libimgui.a, with stb's font packing from
        // libstb) behind a C header, for the tuning panel. Only SDLBackend imports it.
        .target(
            name: "CImGui",
            linkerSettings: [.linkedLibrary("imgui"), .linkedLibrary("stb"), .linkedLibrary("stdc++")]),
        // Photos from a folder: scanning, headers, shrink-on-load decoding, a worker pool, and
        // the policy of which photos become textures when (scheduling, a byte-bounded cache,
        // previews, fades, failures), generic over who makes the textures. No SDL.
        .target(name: "PhotoPipeline", dependencies: ["CVips", "FileOutput", "ParallaxKit", "RunHarness"]),
        // The floor under the window's start-up: SDL alone opening the same window and
        // presenting one cleared frame (`parallax-bench` times it beside the playground).
        .executableTarget(name: "bare-first-frame", dependencies: ["CSDL2"]),
        // Measures the pool's decode speed on a folder of JPEGs (not a test).
        .executableTarget(name: "photo-decode-bench", dependencies: ["ParallaxKit", "PhotoPipeline"]),
        // Pure Swift core: no SDL, no clock reads. Time is always passed in.
        .target(
            name: "ParallaxKit",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")]
        ),
        // What runs the model and checks it, apart from the model: the fixed-step replay
        // (Replay, ReplayRun), the built-in scripts, the trace writer, the monkey and its
        // invariants, the window's frame pacing and --stats-json's RunReport. Pure like the core:
        // no SDL, no clock reads.
        .target(name: "RunHarness", dependencies: ["ParallaxKit"]),
        // What a person reads: the overlay, the help panel, titles and number formatting,
        // above the model and apart from it.
        .target(name: "Presentation", dependencies: ["ParallaxKit"]),
        // Files written whole: a temporary file beside the destination, renamed into place.
        .target(name: "FileOutput"),
        // `export`: a tuned scene as a web page (HTML, CSS scroll-driven animations, a script
        // fallback, images made by libvips' vipsthumbnail), as Swift source, or as a React
        // component (its demo bundled by esbuild, a child process). No SDL.
        .target(name: "Export", dependencies: ["ParallaxKit", "FileOutput", "ChildProcesses", "PhotoPipeline"]),
        // The process clock (CLOCK_MONOTONIC) the app and the bench read; the core reads none.
        .target(name: "MonotonicTime"),
        // The one module that talks to SDL; photos reach it as pixels (Rendering makes them so).
        .target(name: "SDLBackend", dependencies: ["MonotonicTime", "CSDL2", "CImGui", "ParallaxKit", "FileOutput"]),
        // From composed draw lists to a surface: the executor (draw commands to SDL calls),
        // the image libraries (bundled images and the photo pipelines), the renderer as the
        // photo policy's texture maker, and the presenter (the one path every surface draws
        // through). SDLBackend keeps the wrappers of SDL itself and knows nothing of photos.
        .target(name: "Rendering", dependencies: ["MonotonicTime", "SDLBackend", "ParallaxKit", "PhotoPipeline"]),
        // The tuning panel's widgets: Presentation's panel and explain card drawn with
        // SDLBackend's Dear ImGui layer (the window shows it; the window bench times it).
        // The panes a session shows: each pane's composer, caption, statistics and history
        // around the session's steps (PaneGroup), their phase clocks, and the compare strip.
        .target(name: "Panes", dependencies: ["ParallaxKit", "Presentation"]),
        .target(name: "TuningUI", dependencies: ["ParallaxKit", "Presentation", "SDLBackend"]),
        // The `bench` command's options and their checks, and nothing of the measuring: read by
        // `parallax-bench`, and by the app's `bench`, which checks them and hands over to it.
        .target(
            name: "BenchOptions",
            dependencies: ["ParallaxKit", "Presentation", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The bench's measurements, statistics and reports; the app's modules know nothing of
        // it, and the app does not link it (nor the malloc interposer nor hdrhistogram): only
        // parallax-bench does.
        .target(
            name: "Benchmarks",
            dependencies: [
                "MonotonicTime",
                "BenchOptions",
                "FileOutput",
                "ParallaxKit",
                "PhotoPipeline",
                "PlaygroundWindow",
                "Panes", "Presentation",
                "RunHarness",
                "SDLBackend",
                "Rendering",
                "TuningUI",
                "VideoRecording",
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]
        ),
        // What the window remembers between runs: a value that reads and writes itself as
        // JSON, and its file under $XDG_CONFIG_HOME. No SDL.
        // Programs started with posix_spawn (Foundation's Process took ~60 ms a start).
        .target(name: "ChildProcesses"),
        .target(name: "DesktopSettings", dependencies: ["ParallaxKit", "Presentation", "FileOutput", "ChildProcesses"]),
        // Video: ffmpeg found and fed raw frames (from a thread of its own for the window's R
        // key), the formats' arguments, a recording's files put in place whole; the R key's
        // folder by DesktopSettings' rule for the user's folders.
        // What a recording's file is: its format by the --out name, ffmpeg's arguments for it,
        // where ffmpeg is found. No SDL: the command line's declarations name the formats.
        .target(name: "VideoFormats", dependencies: ["ChildProcesses"]),
        .target(name: "VideoRecording", dependencies: ["MonotonicTime", "FileOutput", "ParallaxKit", "SDLBackend", "ChildProcesses", "DesktopSettings", "VideoFormats"]),
        // The window's frame loop (keys, tuning panel, drops, the R key's recording, the stats
        // file) and the offscreen canvas and replay panes `shot` and `record` draw with: what
        // the commands run, apart from how they are asked.
        .target(
            name: "PlaygroundWindow",
            dependencies: [
                "MonotonicTime",
                "DesktopSettings",
                "FileOutput",
                "ParallaxKit",
                "PhotoPipeline",
                "Panes", "Presentation",
                "RunHarness",
                "SDLBackend",
                "Rendering",
                "TuningUI",
                "VideoRecording",
            ]
        ),
        // The command tree as argument-parser parses it: every command's options, help and
        // checks (window, shot, record, trace, bench, monkey, export), and trace's and bench's
        // running, which need nothing more, and the source exports' help. No SDL: the fuzzer parses
        // through it.
        .target(
            name: "PlaygroundCommands",
            dependencies: [
                "BenchOptions",
                "DesktopSettings",
                "Export",
                "FileOutput",
                "ParallaxKit",
                "PhotoPipeline",
                "Presentation",
                "RunHarness",
                "VideoFormats",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The commands' running (window, shot, record, monkey, export: `RunnableCommand`) and
        // how the programs start and end.
        .target(
            name: "PlaygroundCLI",
            dependencies: [
                "MonotonicTime",
                "DesktopSettings",
                "Export",
                "FileOutput",
                "ParallaxKit",
                "PhotoPipeline",
                "PlaygroundCommands",
                "PlaygroundWindow",
                "Panes", "Presentation",
                "RunHarness",
                "SDLBackend",
                "Rendering",
                "VideoFormats",
                "VideoRecording",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "parallax-playground", dependencies: ["PlaygroundCLI", "PlaygroundCommands"]),
        // The benchmark's program: the measuring, with the interposer and hdrhistogram. It
        // starts the parallax-playground and bare-first-frame beside it.
        .executableTarget(
            name: "parallax-bench",
            dependencies: [
                "BenchOptions",
                "Benchmarks",
                "FileOutput",
                "ParallaxKit",
                "PlaygroundCLI",
                "PlaygroundCommands",
                "SDLBackend",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What `make install`'s man pages are made from, with argument-parser's generate-manual:
        // the command's description with the default (window) command's options at its root,
        // and a KEYS section from the help panel's own list (see its main.swift).
        .executableTarget(name: "man-page-source", dependencies: ["FileOutput", "Presentation"]),
        // The fuzzer's targets (script parser, command-line parsing) and its entry: libFuzzer's
        // under `make fuzz`, a corpus runner otherwise. It parses PlaygroundCommands' tree and
        // links none of SDL, ImGui or the malloc interposer.
        .target(
            name: "Fuzzing",
            dependencies: ["ParallaxKit", "PlaygroundCommands", "RunHarness", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(name: "parallax-fuzz", dependencies: ["Fuzzing", "FileOutput"]),
        // What every test that starts a program starts it with: folders of its own for HOME
        // and the XDG folders, so no test reads or writes the user's.
        .target(name: "SpawnIsolation", path: "Tests/SpawnIsolation"),
        .testTarget(
            name: "ParallaxKitTests",
            dependencies: [
                "ParallaxKit",
                "RunHarness",
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "RealModule", package: "swift-numerics"),
            ]
        ),
        .testTarget(name: "PresentationTests", dependencies: ["Panes", "Presentation", "ParallaxKit", "RunHarness"]),
        .testTarget(name: "FileOutputTests", dependencies: ["FileOutput"]),
        .testTarget(name: "ChildProcessesTests", dependencies: ["ChildProcesses"]),
        .testTarget(name: "DesktopSettingsTests", dependencies: ["DesktopSettings", "ParallaxKit", "Presentation"]),
        .testTarget(name: "FuzzingTests", dependencies: ["Fuzzing"]),
        .testTarget(name: "PhotoPipelineTests", dependencies: ["PhotoPipeline", "CVips", "ParallaxKit", "RunHarness", "SpawnIsolation"]),
        // The tuning panel's widgets (TuningUI) are tested here too: ImGui's context and SDL are
        // global, and this target's SDL tests run one at a time in one suite.
        .testTarget(name: "SDLBackendTests", dependencies: ["SDLBackend", "Rendering", "ParallaxKit", "PhotoPipeline", "Panes", "Presentation", "RunHarness", "TuningUI", "SpawnIsolation"]),
        // The R key's writer thread against a real ffmpeg (writing to its null muxer).
        .testTarget(name: "VideoRecordingTests", dependencies: ["VideoRecording", "VideoFormats", "ParallaxKit"]),
        .testTarget(name: "BenchmarksTests", dependencies: ["Benchmarks", "ParallaxKit", "RunHarness", "SpawnIsolation"]),
        // Runs the built `parallax-playground` binary as a user would.
        .testTarget(name: "EndToEnd", dependencies: ["MonotonicTime", "DesktopSettings", "ParallaxKit", "PhotoPipeline", "Presentation", "RunHarness", "SDLBackend", "Rendering", "SpawnIsolation"], resources: [.copy("Golden")]),
    ]
)
