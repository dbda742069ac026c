import CVips
import Foundation
import Synchronization

/// The one place that starts and configures libvips; every other file goes through it.
enum Vips {
    /// libvips threads per operation. One: the loader runs several decodes at once, which
    /// scales better for many small thumbnails than one decode on many threads (libvips'
    /// own advice for thumbnail servers; DESIGN.md, "Photos from a real folder").
    static let threadsPerOperation: Int32 = 1
    /// Operations libvips may keep cached. Small, so a long-lived app does not hold decoded
    /// images or open files; vips_thumbnail itself is never cached (it is flagged nocache),
    /// only header opens are.
    static let cachedOperations: Int32 = 8
    /// Memory libvips' operation cache may hold (its default is 100 MB).
    static let cacheBytes = 8 << 20
    /// Files libvips' operation cache may keep open (its default is 100).
    static let cacheFiles: Int32 = 8

    /// The environment variable naming the libvips to load instead of `defaultLibraries` (a
    /// file name the dynamic loader searches for, or a path). Pointing it at a file that does
    /// not exist shows what a machine without libvips sees.
    static let libraryVariable = "PARALLAX_PLAYGROUND_LIBVIPS"
    /// libvips 8's shared library (soname 42 since libvips 8.0; Debian's libvips42), tried in
    /// order. On macOS, dlopen's default search has neither of Homebrew's prefixes, which
    /// linking with -lvips had found (untested here).
    #if os(macOS)
    static let defaultLibraries = ["libvips.42.dylib", "/opt/homebrew/lib/libvips.42.dylib", "/usr/local/lib/libvips.42.dylib"]
    #else
    static let defaultLibraries = ["libvips.so.42"]
    #endif

    /// Loads and starts libvips once, from whichever thread gets here first (Swift runs a
    /// global's initializer exactly once, thread-safely). False if it could not be loaded or
    /// did not start; `unavailableReason` then says why. Loading maps libvips' closure (tens
    /// of milliseconds): call it from a decode thread, never before the window's first frame.
    static func start() -> Bool { startup == nil }

    /// Why libvips cannot be used ("libvips could not be loaded: …"), or nil once it runs.
    /// Loads it if no one has tried yet.
    static var unavailableReason: String? { startup }

    /// nil once libvips runs; else why not.
    private static let startup: String? = {
        let environment = ProcessInfo.processInfo.environment
        let libraries = environment[libraryVariable].flatMap { $0.isEmpty ? nil : [$0] } ?? defaultLibraries
        var reasons: [String] = []
        for library in libraries {
            var reason = [CChar](repeating: 0, count: 1024)
            if cvips_load(library, &reason, reason.count) == 1 { break }
            reasons.append(String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        // The first candidate's reason is the one told: any others are guesses at a place.
        if reasons.count == libraries.count { return "\(PhotoProblem.libvipsMissingPrefix): \(reasons[0])" }
        guard vips_init("parallax-playground") == 0 else { return "libvips did not start: \(takeError())" }
        // libvips prints loader warnings ("read gave 2 warnings", "ignoring nclx profile")
        // on stderr through GLib. The decoder turns what matters (truncation) into errors
        // instead, so the noise goes.
        cvips_quiet_warnings()
        vips_concurrency_set(threadsPerOperation)
        vips_cache_set_max(cachedOperations)
        vips_cache_set_max_mem(cacheBytes)
        vips_cache_set_max_files(cacheFiles)
        isRunning.store(true, ordering: .releasing)
        return nil
    }()

    /// Whether libvips is loaded and started, without loading or starting it.
    static var isLoaded: Bool { isRunning.load(ordering: .acquiring) }

    /// Set once libvips has started; read without starting it.
    private static let isRunning = Atomic<Bool>(false)

    /// libvips' error text since the last call, cleared. The buffer is process-wide, so
    /// under concurrent failures it may also hold another thread's message.
    /// Only once libvips is loaded (after `start()`, or inside it).
    static func takeError() -> String {
        guard let copy = vips_error_buffer_copy() else { return "" }
        defer { g_free(copy) }
        return String(cString: copy).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether this libvips has a loader of that nickname (e.g. "heifload").
    static func hasOperation(_ nickname: String) -> Bool {
        guard start() else { return false }
        return vips_type_find("VipsOperation", nickname) != 0
    }

    /// Frees libvips' per-thread buffers; call as a worker thread ends. Does nothing if
    /// libvips never started (vips_thread_shutdown crashes then).
    static func threadEnded() {
        if isRunning.load(ordering: .acquiring) { vips_thread_shutdown() }
    }
}

/// Owns one libvips image reference and drops it in `deinit`.
final class VipsImageRef {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { cvips_unref(pointer) }

    var width: Int { Int(vips_image_get_width(pointer)) }
    var height: Int { Int(vips_image_get_height(pointer)) }
    var bands: Int { Int(vips_image_get_bands(pointer)) }

    /// A string metadata field such as "exif-ifd2-DateTimeOriginal", if present.
    func string(_ name: String) -> String? {
        guard let value = cvips_get_string(pointer, name) else { return nil }
        return String(cString: value)
    }

    /// Whether a metadata field of that name exists.
    func has(_ name: String) -> Bool { cvips_has_field(pointer, name) != 0 }
}
