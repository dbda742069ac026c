// A C face for the few Dear ImGui (1.86, Debian's libimgui-dev) calls the tuning panel makes.
// ImGui is C++ with default arguments and variadic text functions, none of which Swift can
// call; this header is plain C and names no SDL type: the panel is fed the app's own input
// events (so scripts and replays drive it as they drive the list) and its triangles are drawn
// by SDLBackend with SDL_RenderGeometry.
#ifndef IMGUI_SHIM_H
#define IMGUI_SHIM_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One vertex as ImGui lays it out (ImDrawVert: position, texture coordinate, RGBA colour).
typedef struct {
    float x, y;
    float u, v;
    uint32_t rgba;  // bytes in memory: r, g, b, a (SDL_Color's order)
} ImGuiShimVertex;

/// One draw command of a list: indices [indexOffset, indexOffset + indexCount) of the list,
/// added to vertexOffset, clipped to (clipX1, clipY1)–(clipX2, clipY2), textured by texture.
typedef struct {
    float clipX1, clipY1, clipX2, clipY2;
    uintptr_t texture;
    unsigned int vertexOffset;
    unsigned int indexOffset;
    unsigned int indexCount;
} ImGuiShimCommand;

typedef struct {
    const ImGuiShimVertex *vertices;
    int vertexCount;
    const uint16_t *indices;
    int indexCount;
    int commandCount;
} ImGuiShimList;

/// Makes the context and loads `fontPath` (a TTF) at `pixelSize`; false if the font could not
/// be read. The ini file is off: nothing is written behind the user's back.
bool imgui_shim_create(const char *fontPath, float pixelSize);
void imgui_shim_destroy(void);
/// The font atlas as RGBA pixels (owned by ImGui), to upload as a texture.
void imgui_shim_font_atlas(const unsigned char **pixels, int *width, int *height);
void imgui_shim_set_font_texture(uintptr_t texture);

/// Input, in points, as the app's events report it.
void imgui_shim_mouse_position(float x, float y);
void imgui_shim_mouse_button(bool down);
void imgui_shim_mouse_wheel(float vertical);
/// Whether a popup (a combo's list) is open: until it closes, the pointer is the panel's.
bool imgui_shim_popup_open(void);
/// Whether the pointer was over any of ImGui's windows (a panel, a popup) in the last frame.
bool imgui_shim_any_window_hovered(void);

/// The editing keys a text field reads, as indices into ImGui's key state.
typedef enum {
    IMGUI_SHIM_KEY_BACKSPACE = 1, IMGUI_SHIM_KEY_DELETE, IMGUI_SHIM_KEY_ENTER, IMGUI_SHIM_KEY_ESCAPE,
    IMGUI_SHIM_KEY_LEFT, IMGUI_SHIM_KEY_RIGHT, IMGUI_SHIM_KEY_HOME, IMGUI_SHIM_KEY_END, IMGUI_SHIM_KEY_TAB,
    IMGUI_SHIM_KEY_A,
} ImGuiShimKey;
void imgui_shim_key(ImGuiShimKey key, bool down);
/// Whether Ctrl and Shift are held with the keys of this frame.
void imgui_shim_key_modifiers(bool control, bool shift);
/// Typed text (UTF-8) for the focused text field.
void imgui_shim_text_input(const char *utf8);

void imgui_shim_new_frame(float width, float height, float seconds);
void imgui_shim_render(void);

/// A window at (x, y), `width` wide, as tall as its contents; false when collapsed.
bool imgui_shim_begin(const char *title, float x, float y, float width);
void imgui_shim_end(void);
/// A window that shows and takes no input and never takes focus (the explain card beside the
/// pointer): appearing, it must not close an open popup or take the pointer.
bool imgui_shim_begin_overlay(const char *title, float x, float y, float width);
/// The rectangle of the last window ended, in points (for routing the pointer to it).
void imgui_shim_last_window(float *x, float *y, float *width, float *height);
void imgui_shim_text(const char *text);
/// Text wrapped at the window's edge (a long path).
void imgui_shim_text_wrapped(const char *text, float r, float g, float b);
void imgui_shim_text_colored(const char *text, float r, float g, float b);
void imgui_shim_separator(void);
void imgui_shim_same_line(void);
bool imgui_shim_button(const char *label);
/// A button `width` points wide (0: as wide as its label), so a label that changes moves nothing.
bool imgui_shim_button_sized(const char *label, float width);
/// Widgets between these are drawn dimmed and take no input.
void imgui_shim_begin_disabled(bool disabled);
void imgui_shim_end_disabled(void);
/// Lines text up with the framed widgets (buttons, fields) on its row.
void imgui_shim_align_text_to_frame_padding(void);
/// A one-line text field `width` points wide editing `buffer` (`capacity` bytes with the NUL)
/// that takes only letters, digits, '-', '_' and '.', showing `hint` greyed while empty; true
/// when Enter is pressed in it.
bool imgui_shim_name_field(const char *label, const char *hint, char *buffer, int capacity, float width);
bool imgui_shim_checkbox(const char *label, bool *value);
/// A slider drawing `format`'s text (ImGui hides what follows "##"); the frame's rectangle
/// (without the label) comes back in points.
bool imgui_shim_slider_float(const char *label, float *value, float minimum, float maximum, const char *format, bool logarithmic,
                             float *frameX, float *frameY, float *frameWidth, float *frameHeight);
/// The style's smallest grab, the width of a float slider's grab, in points.
float imgui_shim_grab_min_size(void);
/// `text` from `x`, centred down the frame (frameX, frameY, frameWidth, frameHeight) and
/// clipped to it, in the window's text colour (dimmed inside a disabled block).
void imgui_shim_frame_text(const char *text, float x, float frameX, float frameY, float frameWidth, float frameHeight);
bool imgui_shim_combo(const char *label, int *current, const char *const *items, int count);
/// A combo like `imgui_shim_combo`'s whose entries with a `reasons[i]` (not NULL) are drawn
/// dimmed, cannot be picked, and show their reason in a tooltip while the pointer rests on them.
bool imgui_shim_combo_marked(const char *label, int *current, const char *const *items, const char *const *reasons, int count);
/// Shows `text` in a tooltip while the pointer rests on the last widget.
void imgui_shim_tooltip(const char *text);
/// How wide `text` is in the panel's font, in points.
float imgui_shim_text_width(const char *text);
/// The width left for widgets on the current row, in points.
float imgui_shim_available_width(void);
/// The last widget's rectangle, in points.
void imgui_shim_last_item_rect(float *x, float *y, float *width, float *height);
/// Whether the last widget is active (being dragged or held).
bool imgui_shim_item_active(void);

/// A plot in the current window: `count` points of (xs[i], ys[i]) in the box of
/// `width`×`height` spanning x in [xMin, xMax] and y in [yMin, yMax], as a line, with `dots`
/// dots (dotX, dotY) on it and a marked x (markX, NaN for none).
void imgui_shim_plot(float width, float height, const float *xs, const float *ys, int count,
                     float xMin, float xMax, float yMin, float yMax,
                     const float *dotX, const float *dotY, int dots, float markX);

int imgui_shim_list_count(void);
ImGuiShimList imgui_shim_list(int index);
ImGuiShimCommand imgui_shim_command(int list, int index);

#ifdef __cplusplus
}
#endif

#endif
