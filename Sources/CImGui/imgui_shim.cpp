// The C face of Dear ImGui for the tuning panel: see include/imgui_shim.h.
#include "imgui_shim.h"

#include <cmath>
#include <imgui/imgui.h>
#include <vector>

static_assert(sizeof(ImDrawVert) == sizeof(ImGuiShimVertex), "ImDrawVert's layout is position, uv, colour");
static_assert(sizeof(ImDrawIdx) == sizeof(uint16_t), "16-bit indices (Debian's default build)");

bool imgui_shim_create(const char *fontPath, float pixelSize) {
    if (ImGui::GetCurrentContext() == nullptr) ImGui::CreateContext();
    ImGuiIO &io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.LogFilename = nullptr;
    // Vertex offsets let one list pass 65,535 vertices with 16-bit indices.
    io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;
    io.BackendRendererName = "parallax-playground SDL_RenderGeometry";
    io.Fonts->Clear();
    // Latin-1 and the punctuation the panel writes (− U+2212, – … ‘ ’ “ ” · ×, arrows):
    // ImGui's default range stops at U+00FF and draws '?' for the minus sign.
    static const ImWchar ranges[] = {0x0020, 0x00FF, 0x2010, 0x2027, 0x2190, 0x2193, 0x2212, 0x2212, 0};
    ImFont *font = io.Fonts->AddFontFromFileTTF(fontPath, pixelSize, nullptr, ranges);
    if (font == nullptr) return false;
    // Indices into io.KeysDown for the keys a text field reads (ImGui 1.86 has no key events:
    // the app sets each key's state per frame).
    io.KeyMap[ImGuiKey_Backspace] = IMGUI_SHIM_KEY_BACKSPACE;
    io.KeyMap[ImGuiKey_Delete] = IMGUI_SHIM_KEY_DELETE;
    io.KeyMap[ImGuiKey_Enter] = IMGUI_SHIM_KEY_ENTER;
    io.KeyMap[ImGuiKey_KeyPadEnter] = IMGUI_SHIM_KEY_ENTER;
    io.KeyMap[ImGuiKey_Escape] = IMGUI_SHIM_KEY_ESCAPE;
    io.KeyMap[ImGuiKey_LeftArrow] = IMGUI_SHIM_KEY_LEFT;
    io.KeyMap[ImGuiKey_RightArrow] = IMGUI_SHIM_KEY_RIGHT;
    io.KeyMap[ImGuiKey_Home] = IMGUI_SHIM_KEY_HOME;
    io.KeyMap[ImGuiKey_End] = IMGUI_SHIM_KEY_END;
    io.KeyMap[ImGuiKey_Tab] = IMGUI_SHIM_KEY_TAB;
    io.KeyMap[ImGuiKey_A] = IMGUI_SHIM_KEY_A;
    ImGuiStyle &style = ImGui::GetStyle();
    style.WindowRounding = 6;
    style.FrameRounding = 4;
    style.GrabRounding = 4;
    style.WindowBorderSize = 0;
    // Opaque: the scene's lines must not show through the panel's text.
    style.Colors[ImGuiCol_WindowBg].w = 0.96f;
    return true;
}

void imgui_shim_destroy(void) {
    if (ImGui::GetCurrentContext() != nullptr) ImGui::DestroyContext();
}

void imgui_shim_font_atlas(const unsigned char **pixels, int *width, int *height) {
    unsigned char *data = nullptr;
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&data, width, height);
    *pixels = data;
}

void imgui_shim_set_font_texture(uintptr_t texture) {
    ImGui::GetIO().Fonts->SetTexID(reinterpret_cast<ImTextureID>(texture));
}

void imgui_shim_mouse_position(float x, float y) { ImGui::GetIO().MousePos = ImVec2(x, y); }
void imgui_shim_mouse_button(bool down) { ImGui::GetIO().MouseDown[0] = down; }
void imgui_shim_mouse_wheel(float vertical) { ImGui::GetIO().MouseWheel += vertical; }
bool imgui_shim_popup_open(void) {
    return ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
}
bool imgui_shim_any_window_hovered(void) { return ImGui::IsWindowHovered(ImGuiHoveredFlags_AnyWindow); }

void imgui_shim_key(ImGuiShimKey key, bool down) {
    ImGuiIO &io = ImGui::GetIO();
    const int index = static_cast<int>(key);
    if (index > 0 && index < static_cast<int>(IM_ARRAYSIZE(io.KeysDown))) io.KeysDown[index] = down;
}
void imgui_shim_key_modifiers(bool control, bool shift) {
    ImGuiIO &io = ImGui::GetIO();
    io.KeyCtrl = control;
    io.KeyShift = shift;
}
void imgui_shim_text_input(const char *utf8) { ImGui::GetIO().AddInputCharactersUTF8(utf8); }

void imgui_shim_new_frame(float width, float height, float seconds) {
    ImGuiIO &io = ImGui::GetIO();
    io.DisplaySize = ImVec2(width, height);
    // ImGui asserts on a zero step; a replay's first frame has none.
    io.DeltaTime = seconds > 0 ? seconds : 1.0f / 60;
    ImGui::NewFrame();
}

void imgui_shim_render(void) { ImGui::Render(); }

bool imgui_shim_begin(const char *title, float x, float y, float width) {
    ImGui::SetNextWindowPos(ImVec2(x, y), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(width, 0), ImGuiCond_Always);
    return ImGui::Begin(title, nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings);
}

bool imgui_shim_begin_overlay(const char *title, float x, float y, float width) {
    ImGui::SetNextWindowPos(ImVec2(x, y), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(width, 0), ImGuiCond_Always);
    return ImGui::Begin(title, nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings
                                            | ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoFocusOnAppearing
                                            | ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoNav);
}

static ImVec2 lastWindowPos, lastWindowSize;

void imgui_shim_end(void) {
    lastWindowPos = ImGui::GetWindowPos();
    lastWindowSize = ImGui::GetWindowSize();
    ImGui::End();
}

void imgui_shim_last_window(float *x, float *y, float *width, float *height) {
    *x = lastWindowPos.x;
    *y = lastWindowPos.y;
    *width = lastWindowSize.x;
    *height = lastWindowSize.y;
}
void imgui_shim_text(const char *text) { ImGui::TextUnformatted(text); }

void imgui_shim_text_colored(const char *text, float r, float g, float b) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(r, g, b, 1));
    ImGui::TextUnformatted(text);
    ImGui::PopStyleColor();
}

void imgui_shim_text_wrapped(const char *text, float r, float g, float b) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(r, g, b, 1));
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
}

void imgui_shim_separator(void) { ImGui::Separator(); }
void imgui_shim_same_line(void) { ImGui::SameLine(); }
bool imgui_shim_button(const char *label) { return ImGui::Button(label); }
bool imgui_shim_button_sized(const char *label, float width) { return ImGui::Button(label, ImVec2(width, 0)); }
void imgui_shim_begin_disabled(bool disabled) { ImGui::BeginDisabled(disabled); }
void imgui_shim_end_disabled(void) { ImGui::EndDisabled(); }
void imgui_shim_align_text_to_frame_padding(void) { ImGui::AlignTextToFramePadding(); }

// A preset's name is a file name: letters, digits, '-', '_' and '.' (PresetStore.isValidName).
static int nameCharacterFilter(ImGuiInputTextCallbackData *data) {
    const ImWchar c = data->EventChar;
    const bool allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
    return allowed ? 0 : 1;
}

bool imgui_shim_name_field(const char *label, const char *hint, char *buffer, int capacity, float width) {
    ImGui::PushItemWidth(width);
    const bool entered = ImGui::InputTextWithHint(label, hint, buffer, static_cast<size_t>(capacity),
                                          ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_CallbackCharFilter,
                                          nameCharacterFilter);
    ImGui::PopItemWidth();
    return entered;
}

bool imgui_shim_checkbox(const char *label, bool *value) { return ImGui::Checkbox(label, value); }

bool imgui_shim_slider_float(const char *label, float *value, float minimum, float maximum, const char *format, bool logarithmic,
                             float *frameX, float *frameY, float *frameWidth, float *frameHeight) {
    // The frame SliderFloat lays out: the item's width, one frame high, at the item's corner.
    const float width = ImGui::CalcItemWidth();
    const bool changed = ImGui::SliderFloat(label, value, minimum, maximum, format, logarithmic ? ImGuiSliderFlags_Logarithmic : 0);
    const ImVec2 corner = ImGui::GetItemRectMin();
    *frameX = corner.x;
    *frameY = corner.y;
    *frameWidth = width;
    *frameHeight = ImGui::GetFrameHeight();
    return changed;
}

float imgui_shim_grab_min_size(void) { return ImGui::GetStyle().GrabMinSize; }

void imgui_shim_frame_text(const char *text, float x, float frameX, float frameY, float frameWidth, float frameHeight) {
    const float y = frameY + (frameHeight - ImGui::CalcTextSize(text).y) * 0.5f;
    const ImVec4 clip(frameX, frameY, frameX + frameWidth, frameY + frameHeight);
    ImGui::GetWindowDrawList()->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(x, y), ImGui::GetColorU32(ImGuiCol_Text),
                                        text, nullptr, 0, &clip);
}

bool imgui_shim_combo(const char *label, int *current, const char *const *items, int count) {
    return ImGui::Combo(label, current, items, count);
}

bool imgui_shim_combo_marked(const char *label, int *current, const char *const *items, const char *const *reasons, int count) {
    const char *preview = *current >= 0 && *current < count ? items[*current] : "";
    bool changed = false;
    // ImGui::Combo's own list (BeginCombo, a Selectable per entry, EndCombo): the same
    // geometry, with the marked entries disabled.
    if (ImGui::BeginCombo(label, preview)) {
        for (int i = 0; i < count; i++) {
            const bool unusable = reasons[i] != nullptr;
            ImGui::PushID(i);
            ImGui::BeginDisabled(unusable);
            if (ImGui::Selectable(items[i], i == *current) && !unusable) {
                *current = i;
                changed = true;
            }
            ImGui::EndDisabled();
            if (unusable && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", reasons[i]);
            if (i == *current) ImGui::SetItemDefaultFocus();
            ImGui::PopID();
        }
        ImGui::EndCombo();
    }
    return changed;
}

float imgui_shim_text_width(const char *text) { return ImGui::CalcTextSize(text).x; }
float imgui_shim_available_width(void) { return ImGui::GetContentRegionAvail().x; }

bool imgui_shim_item_active(void) { return ImGui::IsItemActive(); }

void imgui_shim_tooltip(const char *text) {
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text);
}

void imgui_shim_last_item_rect(float *x, float *y, float *width, float *height) {
    const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
    *x = min.x;
    *y = min.y;
    *width = max.x - min.x;
    *height = max.y - min.y;
}

void imgui_shim_plot(float width, float height, const float *xs, const float *ys, int count,
                     float xMin, float xMax, float yMin, float yMax,
                     const float *dotX, const float *dotY, int dots, float markX) {
    ImDrawList *draw = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float spanX = xMax > xMin ? xMax - xMin : 1, spanY = yMax > yMin ? yMax - yMin : 1;
    auto place = [&](float x, float y) {
        // +y up in the plot: larger values higher.
        return ImVec2(origin.x + (x - xMin) / spanX * width, origin.y + height - (y - yMin) / spanY * height);
    };
    draw->AddRectFilled(origin, ImVec2(origin.x + width, origin.y + height), IM_COL32(20, 22, 28, 255), 3);
    if (yMin < 0 && yMax > 0) {
        draw->AddLine(place(xMin, 0), place(xMax, 0), IM_COL32(90, 96, 110, 255));
    }
    std::vector<ImVec2> points;
    points.reserve(count > 0 ? count : 0);
    for (int i = 0; i < count; i++) points.push_back(place(xs[i], ys[i]));
    if (points.size() > 1) draw->AddPolyline(points.data(), static_cast<int>(points.size()), IM_COL32(120, 170, 255, 255), 0, 1.5f);
    if (!std::isnan(markX)) {
        draw->AddLine(place(markX, yMin), place(markX, yMax), IM_COL32(255, 200, 90, 255), 1.5f);
    }
    for (int i = 0; i < dots; i++) draw->AddCircleFilled(place(dotX[i], dotY[i]), 3.5f, IM_COL32(255, 255, 255, 255));
    ImGui::Dummy(ImVec2(width, height));
}

int imgui_shim_list_count(void) {
    ImDrawData *data = ImGui::GetDrawData();
    return data != nullptr && data->Valid ? data->CmdListsCount : 0;
}

ImGuiShimList imgui_shim_list(int index) {
    const ImDrawList *list = ImGui::GetDrawData()->CmdLists[index];
    return ImGuiShimList{
        reinterpret_cast<const ImGuiShimVertex *>(list->VtxBuffer.Data), list->VtxBuffer.Size,
        list->IdxBuffer.Data, list->IdxBuffer.Size, list->CmdBuffer.Size};
}

ImGuiShimCommand imgui_shim_command(int list, int index) {
    const ImDrawCmd &command = ImGui::GetDrawData()->CmdLists[list]->CmdBuffer[index];
    return ImGuiShimCommand{
        command.ClipRect.x, command.ClipRect.y, command.ClipRect.z, command.ClipRect.w,
        reinterpret_cast<uintptr_t>(command.GetTexID()), command.VtxOffset, command.IdxOffset, command.ElemCount};
}
