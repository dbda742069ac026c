// Tests of the SDL backend arrive with the desktop playground.
import SDLBackend
