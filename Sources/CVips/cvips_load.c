#include "shim.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

struct cvips_function_table cvips_functions;

/// Copies `text` into `reason`, truncated to fit with its NUL.
static void cvips_set_reason(char *reason, size_t reason_size, const char *text) {
    if (reason == NULL || reason_size == 0) return;
    snprintf(reason, reason_size, "%s", text != NULL ? text : "unknown error");
}

int cvips_load(const char *library, char *reason, size_t reason_size) {
    // RTLD_NOW: a missing symbol in libvips' closure fails here, on the decode thread, not
    // later inside some decode. RTLD_LOCAL: libvips and GLib stay out of the global symbol
    // scope, so nothing loaded later binds to them by accident (libvips' own modules name
    // libvips.so.42 as a dependency and find it that way).
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        cvips_set_reason(reason, reason_size, dlerror());
        return 0;
    }
    // dlsym on a handle searches the library and then its dependencies, in load order: GLib's
    // and GObject's functions come from the copies libvips itself uses.
    struct cvips_function_table found;
    memset(&found, 0, sizeof found);
#define CVIPS_LOOKUP(ret, name, params)                                             \
    found.name = (ret (*) params)dlsym(handle, #name);                              \
    if (found.name == NULL) {                                                       \
        char text[512];                                                             \
        snprintf(text, sizeof text, "%s has no function %s", library, #name);       \
        cvips_set_reason(reason, reason_size, text);                                \
        dlclose(handle);                                                            \
        return 0;                                                                   \
    }
    CVIPS_FUNCTIONS(CVIPS_LOOKUP)
#undef CVIPS_LOOKUP
    // The handle stays open for the life of the process: libvips cannot be shut down and
    // loaded again (its GTypes stay registered).
    cvips_functions = found;
    return 1;
}
