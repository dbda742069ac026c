#!/usr/bin/env python3
"""Generate Parallax Playground's application icon: one SVG and PNGs of the sizes the
freedesktop Icon Theme Specification's hicolor theme looks up (16 to 256 pixels).

The picture: three photo cells of a list on the app's dark background, each showing the
same sky with a sun and a hill, shifted up or down inside its cell by how far the cell is
from the middle — parallax scrolling as the photos scene draws it.

The SVG and the PNGs come from the same shapes below; the PNGs are rasterised here with
the Python standard library only (4 x 4 samples a pixel, no PIL), so the output is
deterministic: `--check` verifies that the committed files still match.

Usage:
    python3 Tools/make-icon.py              # (re)write desktop/icons/
    python3 Tools/make-icon.py OUT_DIR      # write somewhere else
    python3 Tools/make-icon.py --check      # compare with desktop/icons/
"""

import argparse
import os
import struct
import sys
import tempfile
import zlib

NAME = "parallax-playground"
# The sizes hicolor's index.theme lists as fixed-size application folders and that
# desktops ask for (menus 16-48, docks and app grids 64-256).
SIZES = [16, 24, 32, 48, 64, 128, 256]
CANVAS = 256.0

# Colours: the background is SceneRenderer.Palette.background (18, 19, 24); the cells'
# skies go from warm to cool so the three read as different photos.
BACKGROUND = (18, 19, 24)
SKIES = [(236, 140, 84), (92, 150, 214), (64, 170, 150)]
SUN = (255, 226, 150)
HILL = (30, 46, 58)

# Shapes in the 256-unit canvas: a rounded square, three cells with rounded corners.
BACKGROUND_RECT = (8.0, 8.0, 248.0, 248.0)
BACKGROUND_RADIUS = 52.0
CELL_X = (32.0, 224.0)
CELL_HEIGHT = 52.0
CELL_GAP = 14.0
CELL_RADIUS = 10.0
# How far each cell's picture is shifted: up for the top cell, down for the bottom one,
# as the photos scene's mapping shifts images by their distance from the viewport's middle.
SHIFTS = [-10.0, 0.0, 10.0]


def cells():
    top = (CANVAS - (3 * CELL_HEIGHT + 2 * CELL_GAP)) / 2
    for i in range(3):
        y0 = top + i * (CELL_HEIGHT + CELL_GAP)
        yield (CELL_X[0], y0, CELL_X[1], y0 + CELL_HEIGHT), SKIES[i], SHIFTS[i]


def sun_of(cell, shift):
    x0, y0, x1, y1 = cell
    return (x0 + 0.72 * (x1 - x0), (y0 + y1) / 2 - 6 + shift, 11.0)


def hill_of(cell, shift):
    """A wide ellipse whose top shows in the lower part of the cell: centre and radii."""
    x0, y0, x1, y1 = cell
    return ((x0 + x1) / 2 - 30, y1 + 26 + shift, 110.0, 46.0)


def inside_rounded(x, y, rect, r):
    x0, y0, x1, y1 = rect
    if x < x0 or x > x1 or y < y0 or y > y1:
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def colour_at(x, y, shapes):
    """The colour at canvas point (x, y), or None outside the icon."""
    if not inside_rounded(x, y, BACKGROUND_RECT, BACKGROUND_RADIUS):
        return None
    for cell, sky, sun, hill in shapes:
        if inside_rounded(x, y, cell, CELL_RADIUS):
            hx, hy, hrx, hry = hill
            if ((x - hx) / hrx) ** 2 + ((y - hy) / hry) ** 2 <= 1:
                return HILL
            sx, sy, sr = sun
            if (x - sx) ** 2 + (y - sy) ** 2 <= sr * sr:
                return SUN
            return sky
    return BACKGROUND


def render(size, samples=4):
    """RGBA rows of the icon at size x size pixels, each pixel the mean of samples² points."""
    shapes = [(cell, sky, sun_of(cell, s), hill_of(cell, s)) for cell, sky, s in cells()]
    scale = CANVAS / size
    rows = []
    for py in range(size):
        row = bytearray()
        for px in range(size):
            r = g = b = a = 0
            for sy in range(samples):
                for sx in range(samples):
                    c = colour_at((px + (sx + 0.5) / samples) * scale, (py + (sy + 0.5) / samples) * scale, shapes)
                    if c is not None:
                        r += c[0]; g += c[1]; b += c[2]; a += 1
            n = samples * samples
            if a == 0:
                row += bytes(4)
            else:
                # Colour averaged over the covered samples (straight alpha), coverage as alpha.
                row += bytes((round(r / a), round(g / a), round(b / a), round(255 * a / n)))
        rows.append(bytes(row))
    return rows


def png(rows, size):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def svg():
    def rounded(rect, r, fill, extra=""):
        x0, y0, x1, y1 = rect
        return (f'<rect x="{x0:g}" y="{y0:g}" width="{x1 - x0:g}" height="{y1 - y0:g}" rx="{r:g}" '
                f'fill="{fill}"{extra}/>')

    def hexcolour(c):
        return "#%02x%02x%02x" % c

    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<!-- Made by Tools/make-icon.py; edit that, not this. -->',
             '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">',
             '  <defs>']
    for i, (cell, _, _) in enumerate(cells()):
        lines.append(f'    <clipPath id="cell{i}">{rounded(cell, CELL_RADIUS, "#000")}</clipPath>')
    lines.append('  </defs>')
    lines.append('  ' + rounded(BACKGROUND_RECT, BACKGROUND_RADIUS, hexcolour(BACKGROUND)))
    for i, (cell, sky, shift) in enumerate(cells()):
        sx, sy, sr = sun_of(cell, shift)
        hx, hy, hrx, hry = hill_of(cell, shift)
        lines.append(f'  <g clip-path="url(#cell{i})">')
        lines.append('    ' + rounded(cell, CELL_RADIUS, hexcolour(sky)))
        lines.append(f'    <circle cx="{sx:g}" cy="{sy:g}" r="{sr:g}" fill="{hexcolour(SUN)}"/>')
        lines.append(f'    <ellipse cx="{hx:g}" cy="{hy:g}" rx="{hrx:g}" ry="{hry:g}" fill="{hexcolour(HILL)}"/>')
        lines.append('  </g>')
    lines.append('</svg>')
    return ("\n".join(lines) + "\n").encode()


def files():
    """Relative path under the icons folder -> bytes, for every file the generator makes."""
    out = {f"hicolor/scalable/apps/{NAME}.svg": svg()}
    for size in SIZES:
        out[f"hicolor/{size}x{size}/apps/{NAME}.png"] = png(render(size), size)
    return out


def main():
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    default_out = os.path.join(repo, "desktop", "icons")
    parser = argparse.ArgumentParser(description="Generate the application icon (SVG and PNGs).")
    parser.add_argument("out", nargs="?", default=default_out, help="icons folder to write (default: desktop/icons)")
    parser.add_argument("--check", action="store_true", help="compare with the committed icons instead of writing")
    args = parser.parse_args()

    made = files()
    if args.check:
        stale = [p for p, data in made.items()
                 if not os.path.isfile(os.path.join(args.out, p)) or open(os.path.join(args.out, p), "rb").read() != data]
        if stale:
            print("icons differ from Tools/make-icon.py's output: " + ", ".join(stale), file=sys.stderr)
            return 1
        print(f"{len(made)} icon files match")
        return 0
    for path, data in made.items():
        target = os.path.join(args.out, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        # Written whole: a temporary file beside it, renamed over it.
        fd, temporary = tempfile.mkstemp(dir=os.path.dirname(target), prefix=".icon-")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    print(f"wrote {len(made)} icon files under {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
