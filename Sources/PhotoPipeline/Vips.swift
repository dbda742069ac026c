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

    /// Starts libvips once, from whichever thread gets here first (Swift runs a global's
    /// initializer exactly once, thread-safely). False if libvips could not start.
    static func start() -> Bool { started }

    private static let started: Bool = {
        guard vips_init("parallax-playground") == 0 else { return false }
        // libvips prints loader warnings ("read gave 2 warnings", "ignoring nclx profile")
        // on stderr through GLib. The decoder turns what matters (truncation) into errors
        // instead, so the noise goes.
        cvips_quiet_warnings()
        vips_concurrency_set(threadsPerOperation)
        vips_cache_set_max(cachedOperations)
        vips_cache_set_max_mem(cacheBytes)
        vips_cache_set_max_files(cacheFiles)
        isRunning.store(true, ordering: .releasing)
        return true
    }()

    /// Set once libvips has started; read without starting it.
    private static let isRunning = Atomic<Bool>(false)

    /// libvips' error text since the last call, cleared. The buffer is process-wide, so
    /// under concurrent failures it may also hold another thread's message.
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
