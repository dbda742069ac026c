#ifndef PARALLAX_CSDL2_SHIM_H
#define PARALLAX_CSDL2_SHIM_H

// Through the SDL2/ folder of the system include path rather than pkg-config's cflags:
// pkg-config's sdl2 entry adds -D_REENTRANT, a flag SwiftPM refuses with a warning on every
// build (and glibc has not needed it for years).
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>

// Macros that do not import into Swift, exposed as constants and functions.
static const int CSDL2_WINDOWPOS_CENTERED = SDL_WINDOWPOS_CENTERED;
static const int CSDL2_WINDOWPOS_UNDEFINED = SDL_WINDOWPOS_UNDEFINED;
static const Uint32 CSDL2_BUTTON_LMASK = SDL_BUTTON_LMASK;
static const Uint32 CSDL2_INIT_EVERYTHING = SDL_INIT_EVERYTHING;
static inline Uint32 CSDL2_BUTTON(Uint32 x) { return SDL_BUTTON(x); }

#endif
