#ifndef PARALLAX_CVIPS_SHIM_H
#define PARALLAX_CVIPS_SHIM_H

// libvips 8.14 (Debian bookworm's libvips-dev), loaded at run time with dlopen and reached
// WITHOUT <vips/vips.h>.
//
// Why at run time: linking libvips makes the dynamic loader map and relocate its whole
// closure (GLib, GObject and some eighty codec libraries) before `main`, about a third of
// the window's start-up. Loaded by `cvips_load` on the first photo decode, it
// costs a decode thread instead, and a machine without libvips still opens the window.
//
// Why without the header: <vips/vips.h> includes <glib.h> and <glibconfig.h>, which live under
// /usr/include/glib-2.0 and /usr/lib/x86_64-linux-gnu/glib-2.0/include, outside the
// default include path. Reaching them needs either pkg-config (whose cflags carry -pthread,
// which SwiftPM refuses with a "prohibited flag(s)" warning on every build) or -I flags
// (unsafe flags). So this header lists, by hand, only the functions and enum values the
// PhotoPipeline module uses, with the exact prototypes of libvips' own headers.
//
// Those prototypes are checked against the real headers by the test
// `shimMatchesLibvipsHeaders` (it compiles this file after <vips/vips.h> with
// CVIPS_CHECK_AGAINST_REAL_HEADERS defined: a table entry whose type differs from the real
// function's, or a wrong enum value, fails a _Static_assert).
//
// Each function is reached through `cvips_functions`, a table `cvips_load` fills with dlsym.
// Swift calls the non-variadic ones by their own names: the static inline wrappers below
// forward to the table (static, so they never interpose on libvips' own symbols). Variadic
// libvips calls (vips_thumbnail, vips_image_new_from_file, ...) do not import into Swift,
// so each is wrapped in a static inline function with fixed parameters. Nothing here may be
// called before `cvips_load` has returned 1 (the table is all NULL until then).

#include <stddef.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>
#if defined(__linux__)
#include <malloc.h>
#include <sys/syscall.h>
#endif

typedef struct _VipsImage VipsImage;

// --- The functions used, as X(return type, name, parameters), in the shape of libvips
// 8.14's headers (GType is gsize, an unsigned long here; gpointer is void *; GLogLevelFlags
// an enum whose values include negative ones, so int) -----------------------------------
#define CVIPS_FUNCTIONS(X) \
    /* vips.h */ \
    X(int, vips_init, (const char *argv0)) \
    X(void, vips_thread_shutdown, (void)) \
    /* object.h */ \
    X(unsigned long, vips_type_find, (const char *basename, const char *nickname)) \
    /* error.h */ \
    X(char *, vips_error_buffer_copy, (void)) \
    X(void, vips_error_clear, (void)) \
    /* operation.h */ \
    X(void, vips_cache_set_max, (int max)) \
    X(void, vips_cache_set_max_mem, (size_t max_mem)) \
    X(void, vips_cache_set_max_files, (int max_files)) \
    X(void, vips_concurrency_set, (int concurrency)) \
    /* foreign.h */ \
    X(const char *, vips_foreign_find_load, (const char *filename)) \
    /* image.h */ \
    X(VipsImage *, vips_image_new_from_file, (const char *name, ...)) \
    X(int, vips_image_write_to_file, (VipsImage *image, const char *name, ...)) \
    X(void *, vips_image_write_to_memory, (VipsImage *in, size_t *size)) \
    X(int, vips_image_hasalpha, (VipsImage *image)) \
    X(VipsImage *, vips_image_new_from_buffer, (const void *buf, size_t len, const char *option_string, ...)) \
    X(VipsImage *, vips_image_new_from_memory_copy, (const void *data, size_t size, int width, int height, int bands, int format)) \
    /* header.h */ \
    X(int, vips_image_get_width, (const VipsImage *image)) \
    X(int, vips_image_get_height, (const VipsImage *image)) \
    X(int, vips_image_get_bands, (const VipsImage *image)) \
    X(int, vips_image_get_orientation, (VipsImage *image)) \
    X(unsigned long, vips_image_get_typeof, (const VipsImage *image, const char *name)) \
    X(int, vips_image_get_string, (const VipsImage *image, const char *name, const char **out)) \
    X(void, vips_image_set_int, (VipsImage *image, const char *name, int i)) \
    X(void, vips_image_set_string, (VipsImage *image, const char *name, const char *str)) \
    X(int, vips_image_get_blob, (const VipsImage *image, const char *name, const void **data, size_t *length)) \
    /* resample.h, colour.h, conversion.h */ \
    X(int, vips_thumbnail, (const char *filename, VipsImage **out, int width, ...)) \
    X(int, vips_thumbnail_image, (VipsImage *in, VipsImage **out, int width, ...)) \
    X(int, vips_copy, (VipsImage *in, VipsImage **out, ...)) \
    X(int, vips_addalpha, (VipsImage *in, VipsImage **out, ...)) \
    X(int, vips_extract_band, (VipsImage *in, VipsImage **out, int band, ...)) \
    X(int, vips_autorot, (VipsImage *in, VipsImage **out, ...)) \
    /* These four return or take enums in libvips' headers, whose type is compatible with */ \
    /* int (each has a negative member, or is declared so); called through the wrappers. */ \
    X(int, vips_colourspace, (VipsImage *in, VipsImage **out, int space, ...)) \
    X(int, vips_cast, (VipsImage *in, VipsImage **out, int format, ...)) \
    X(int, vips_image_get_format, (const VipsImage *image)) \
    X(int, vips_image_get_interpretation, (const VipsImage *image)) \
    /* glib: gobject.h, gmem.h and gmessages.h */ \
    X(void, g_object_unref, (void *object)) \
    X(void, g_free, (void *mem)) \
    X(unsigned int, g_log_set_handler, (const char *log_domain, int log_levels, \
                                        void (*log_func)(const char *, int, const char *, void *), \
                                        void *user_data))

/// The libvips functions this project calls, filled by `cvips_load`.
struct cvips_function_table {
#define CVIPS_FIELD(ret, name, params) ret (*name) params;
    CVIPS_FUNCTIONS(CVIPS_FIELD)
#undef CVIPS_FIELD
};

/// The table; all NULL until `cvips_load` succeeds (Sources/CVips/cvips_load.c).
extern struct cvips_function_table cvips_functions;

/// Opens `library` (a file name such as "libvips.so.42", or a path) with dlopen and fills
/// the table from it (GLib's and GObject's functions from its dependencies). Returns 1 on
/// success; on failure 0, the table untouched and the reason (dlerror's text, or the
/// missing function's name) in `reason`, truncated to `reason_size` bytes with its NUL.
/// Not thread-safe: call it once (Swift's `Vips.start` does, from a lazy global).
int cvips_load(const char *library, char *reason, size_t reason_size);

// --- Enum values (VipsSize, VipsInteresting, VipsFailOn, VipsAccess, VipsInterpretation,
// VipsBandFormat) ----------------------------------------------------------------------
enum {
    CVIPS_SIZE_BOTH = 0,
    CVIPS_SIZE_DOWN = 2,
    CVIPS_INTERESTING_NONE = 0,
    CVIPS_INTERESTING_CENTRE = 1,
    CVIPS_FAIL_ON_NONE = 0,
    CVIPS_FAIL_ON_TRUNCATED = 1,
    CVIPS_FAIL_ON_ERROR = 2,
    CVIPS_ACCESS_SEQUENTIAL = 1,
    CVIPS_INTERPRETATION_SRGB = 22,
    CVIPS_FORMAT_UCHAR = 0,
    CVIPS_LOG_LEVEL_WARNING = 1 << 4,
};

#ifdef CVIPS_CHECK_AGAINST_REAL_HEADERS
// Each table entry has the type of a pointer to the real function (C's compatibility rules,
// which a "conflicting types" redeclaration would apply).
#define CVIPS_CHECK(ret, name, params) \
    _Static_assert(__builtin_types_compatible_p(__typeof__(&name), ret (*) params), #name);
CVIPS_FUNCTIONS(CVIPS_CHECK)
#undef CVIPS_CHECK
_Static_assert((int)CVIPS_SIZE_BOTH == (int)VIPS_SIZE_BOTH, "VipsSize");
_Static_assert((int)CVIPS_SIZE_DOWN == (int)VIPS_SIZE_DOWN, "VipsSize");
_Static_assert((int)CVIPS_INTERESTING_NONE == (int)VIPS_INTERESTING_NONE, "VipsInteresting");
_Static_assert((int)CVIPS_INTERESTING_CENTRE == (int)VIPS_INTERESTING_CENTRE, "VipsInteresting");
_Static_assert((int)CVIPS_FAIL_ON_NONE == (int)VIPS_FAIL_ON_NONE, "VipsFailOn");
_Static_assert((int)CVIPS_FAIL_ON_TRUNCATED == (int)VIPS_FAIL_ON_TRUNCATED, "VipsFailOn");
_Static_assert((int)CVIPS_FAIL_ON_ERROR == (int)VIPS_FAIL_ON_ERROR, "VipsFailOn");
_Static_assert((int)CVIPS_ACCESS_SEQUENTIAL == (int)VIPS_ACCESS_SEQUENTIAL, "VipsAccess");
_Static_assert((int)CVIPS_INTERPRETATION_SRGB == (int)VIPS_INTERPRETATION_sRGB, "VipsInterpretation");
_Static_assert((int)CVIPS_FORMAT_UCHAR == (int)VIPS_FORMAT_UCHAR, "VipsBandFormat");
_Static_assert((int)CVIPS_LOG_LEVEL_WARNING == (int)G_LOG_LEVEL_WARNING, "GLogLevelFlags");
#else
// --- The non-variadic functions under their own names, for Swift (left out when checking:
// they would redefine the real headers' functions) --------------------------------------
static inline int vips_init(const char *argv0) { return cvips_functions.vips_init(argv0); }
static inline void vips_thread_shutdown(void) { cvips_functions.vips_thread_shutdown(); }
static inline unsigned long vips_type_find(const char *basename, const char *nickname) {
    return cvips_functions.vips_type_find(basename, nickname);
}
static inline char *vips_error_buffer_copy(void) { return cvips_functions.vips_error_buffer_copy(); }
static inline void vips_error_clear(void) { cvips_functions.vips_error_clear(); }
static inline void vips_cache_set_max(int max) { cvips_functions.vips_cache_set_max(max); }
static inline void vips_cache_set_max_mem(size_t max_mem) { cvips_functions.vips_cache_set_max_mem(max_mem); }
static inline void vips_cache_set_max_files(int max_files) { cvips_functions.vips_cache_set_max_files(max_files); }
static inline void vips_concurrency_set(int concurrency) { cvips_functions.vips_concurrency_set(concurrency); }
static inline const char *vips_foreign_find_load(const char *filename) {
    return cvips_functions.vips_foreign_find_load(filename);
}
static inline void *vips_image_write_to_memory(VipsImage *in, size_t *size) {
    return cvips_functions.vips_image_write_to_memory(in, size);
}
static inline int vips_image_hasalpha(VipsImage *image) { return cvips_functions.vips_image_hasalpha(image); }
static inline VipsImage *vips_image_new_from_memory_copy(const void *data, size_t size, int width, int height,
                                                         int bands, int format) {
    return cvips_functions.vips_image_new_from_memory_copy(data, size, width, height, bands, format);
}
static inline int vips_image_get_width(const VipsImage *image) { return cvips_functions.vips_image_get_width(image); }
static inline int vips_image_get_height(const VipsImage *image) { return cvips_functions.vips_image_get_height(image); }
static inline int vips_image_get_bands(const VipsImage *image) { return cvips_functions.vips_image_get_bands(image); }
static inline int vips_image_get_orientation(VipsImage *image) {
    return cvips_functions.vips_image_get_orientation(image);
}
static inline unsigned long vips_image_get_typeof(const VipsImage *image, const char *name) {
    return cvips_functions.vips_image_get_typeof(image, name);
}
static inline int vips_image_get_string(const VipsImage *image, const char *name, const char **out) {
    return cvips_functions.vips_image_get_string(image, name, out);
}
static inline void vips_image_set_int(VipsImage *image, const char *name, int i) {
    cvips_functions.vips_image_set_int(image, name, i);
}
static inline void vips_image_set_string(VipsImage *image, const char *name, const char *str) {
    cvips_functions.vips_image_set_string(image, name, str);
}
static inline int vips_image_get_blob(const VipsImage *image, const char *name, const void **data, size_t *length) {
    return cvips_functions.vips_image_get_blob(image, name, data, length);
}
static inline int vips_image_get_format(const VipsImage *image) { return cvips_functions.vips_image_get_format(image); }
static inline int vips_image_get_interpretation(const VipsImage *image) {
    return cvips_functions.vips_image_get_interpretation(image);
}
static inline void g_object_unref(void *object) { cvips_functions.g_object_unref(object); }
static inline void g_free(void *mem) { cvips_functions.g_free(mem); }
#endif

// --- Fixed-parameter wrappers ------------------------------------------------------------

static inline void cvips_ignore_log(const char *domain, int level, const char *message, void *data) {
    (void)domain; (void)level; (void)message; (void)data;
}

/// Silences libvips' warnings (GLib log domain "VIPS"), which GLib would print on stderr.
/// The same as starting libvips with VIPS_WARNING set, without touching the environment
/// (setenv races with any other thread's getenv).
static inline void cvips_quiet_warnings(void) {
    cvips_functions.g_log_set_handler("VIPS", CVIPS_LOG_LEVEL_WARNING, cvips_ignore_log, NULL);
}

/// Drops a reference to a libvips image (a GObject).
static inline void cvips_unref(VipsImage *image) { g_object_unref(image); }

/// Opens a file lazily: libvips reads the header now and the pixels only when asked.
static inline VipsImage *cvips_open_header(const char *path) {
    return cvips_functions.vips_image_new_from_file(path, "access", CVIPS_ACCESS_SEQUENTIAL, NULL);
}

/// vips_thumbnail with every option this project sets; a NULL export profile is left out
/// (libvips then keeps the image's own space, which is right for untagged sRGB files).
static inline int cvips_thumbnail(const char *path, VipsImage **out, int width, int height,
                                  int size, int crop, int fail_on, const char *export_profile) {
    if (export_profile != NULL) {
        return cvips_functions.vips_thumbnail(path, out, width, "height", height, "size", size, "crop", crop,
                              "fail_on", fail_on, "export_profile", export_profile, NULL);
    }
    return cvips_functions.vips_thumbnail(path, out, width, "height", height, "size", size, "crop", crop,
                          "fail_on", fail_on, NULL);
}

/// Shrinks a decoded image to fit inside width × height, aspect kept, never enlarged (a
/// shared thumbnail made from pixels already decoded for a cell).
static inline int cvips_fit_inside(VipsImage *in, VipsImage **out, int width, int height) {
    return cvips_functions.vips_thumbnail_image(in, out, width, "height", height, "size", CVIPS_SIZE_DOWN, NULL);
}

/// Turns any decoded image into 4-band 8-bit sRGB (RGBA): colour space to sRGB, a cast for
/// 16-bit and float inputs, an opaque alpha band added when there is none, extra bands
/// dropped. Returns 0 on success like libvips; `*out` then holds a new reference.
static inline int cvips_to_rgba8(VipsImage *in, VipsImage **out) {
    VipsImage *srgb = NULL, *uchar = NULL, *four = NULL;
    if (cvips_functions.vips_colourspace(in, &srgb, CVIPS_INTERPRETATION_SRGB, NULL)) return -1;
    if ((int)vips_image_get_format(srgb) != (int)CVIPS_FORMAT_UCHAR) {
        int failed = cvips_functions.vips_cast(srgb, &uchar, CVIPS_FORMAT_UCHAR, NULL);
        g_object_unref(srgb);
        if (failed) return -1;
    } else {
        uchar = srgb;
    }
    int bands = vips_image_get_bands(uchar);
    int failed = 0;
    if (bands == 3) {
        failed = cvips_functions.vips_addalpha(uchar, &four, NULL);
    } else if (bands > 4) {
        failed = cvips_functions.vips_extract_band(uchar, &four, 0, "n", 4, NULL);
    } else if (bands == 4) {
        four = uchar;
        uchar = NULL;
    } else {
        failed = -1;
    }
    if (uchar != NULL) g_object_unref(uchar);
    if (failed) return -1;
    *out = four;
    return 0;
}

/// Opens an encoded image held in memory, lazily; `buf` must outlive the image.
static inline VipsImage *cvips_open_buffer(const void *buf, size_t len) {
    return cvips_functions.vips_image_new_from_buffer(buf, len, "", NULL);
}

/// Turns `in` upright by its "orientation" field. Returns 0 on success.
static inline int cvips_autorot(VipsImage *in, VipsImage **out) {
    return cvips_functions.vips_autorot(in, out, NULL);
}

/// A string metadata field, or NULL when the image has none. Owned by the image.
static inline const char *cvips_get_string(VipsImage *image, const char *name) {
    const char *value = NULL;
    if (vips_image_get_typeof(image, name) == 0) return NULL;
    if (vips_image_get_string(image, name, &value) != 0) {
        vips_error_clear();
        return NULL;
    }
    return value;
}

/// Whether the image carries a field (any type) of this name.
static inline int cvips_has_field(VipsImage *image, const char *name) {
    return vips_image_get_typeof(image, name) != 0;
}

/// A private copy whose metadata may be changed (used by tests to tag images).
static inline VipsImage *cvips_copy(VipsImage *in) {
    VipsImage *out = NULL;
    if (cvips_functions.vips_copy(in, &out, NULL)) return NULL;
    return out;
}

/// Writes an image; the format and its options come from the name, e.g. "a.jpg[Q=90]".
static inline int cvips_write_to_file(VipsImage *image, const char *path) {
    return cvips_functions.vips_image_write_to_file(image, path, NULL);
}

// --- Process and thread settings the pipeline needs (glibc; not libvips) -------------

#if defined(__linux__)
// unistd.h declares syscall only with _GNU_SOURCE or _DEFAULT_SOURCE, which a strict C11
// build of this header (the shim test) does not set; this is glibc's own prototype.
long syscall(long number, ...);

/// Sets the calling thread's nice value (Linux keeps one per thread). 0 on success.
static inline int cvips_set_thread_niceness(int niceness) {
    return setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), niceness);
}

/// Fixes glibc's threshold above which malloc maps (and free unmaps) memory. 1 on success.
static inline int cvips_set_mmap_threshold(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes);
}
#elif defined(__APPLE__)
/// macOS has no per-thread nice value; a positive one puts the thread in the background
/// band instead (setpriority(2): PRIO_DARWIN_THREAD, PRIO_DARWIN_BG). Untested here.
static inline int cvips_set_thread_niceness(int niceness) {
    return setpriority(PRIO_DARWIN_THREAD, 0, niceness > 0 ? PRIO_DARWIN_BG : 0);
}

/// macOS's malloc returns large blocks to the system by itself: nothing to set.
static inline int cvips_set_mmap_threshold(int bytes) {
    (void)bytes;
    return 1;
}
#endif

#endif
