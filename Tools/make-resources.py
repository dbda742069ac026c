#!/usr/bin/env python3
"""Generate the bundled demo images of Parallax Playground.

Writes 12 landscape "photos" and 12 square album "covers" as PNG files.
Everything is drawn procedurally with the Python standard library only
(no PIL / numpy: CI does not install them), and the output is deterministic:
running the script twice gives byte-identical files, and `--check` verifies
that the committed images still match what the script produces.

Usage:
    python3 Tools/make-resources.py              # (re)write Resources/
    python3 Tools/make-resources.py OUT_DIR      # write somewhere else
    python3 Tools/make-resources.py --check      # compare with Resources/
"""

import argparse
import math
import os
import random
import struct
import sys
import tempfile
import time
import zlib

# --------------------------------------------------------------------------
# Constants
# --------------------------------------------------------------------------

# Arbitrary fixed seed. Every image derives its own random.Random from it, so
# editing one scene does not reshuffle the others.
SEED = 20240611

# Photo sizes for the demo grid: all photos share one
# width and the listed aspect ratios (width / height), in file order, so the
# grid gets a mix of landscape, square and portrait cells.
PHOTO_WIDTH = 960
PHOTO_RATIOS = [1.5, 4 / 3, 16 / 9, 1.25, 1.5, 1.0, 16 / 9, 4 / 3, 0.8, 1.5, 2.0, 4 / 3]

# Album covers are square; 480 px is plenty for a cover stack on screen.
COVER_SIZE = 480

# zlib level 9 (from the brief): slowest but smallest, keeps the repo light.
ZLIB_LEVEL = 9

PI = 3.141592653589793
TWO_PI = 6.283185307179586
HALF_PI = 1.5707963267948966


# --------------------------------------------------------------------------
# Portable maths
#
# Byte-identical output on every machine needs bit-identical floats. The basic
# IEEE operations (+ - * / and sqrt) are correctly rounded everywhere, but
# libm's sin/cos/exp/atan2/pow/hypot are not guaranteed to agree across
# platforms (glibc vs. macOS libm vs. musl), and a 1-ulp difference can flip a
# rounded pixel. So the few transcendental functions used here are built from
# basic operations only, and float `**` (which calls C pow) is avoided.
# --------------------------------------------------------------------------

# Taylor coefficients of sin up to x^15: on [-pi/2, pi/2] the truncation error
# is below (pi/2)^17 / 17! ~ 6e-12, far beyond what 8-bit pixels can show.
_SIN_COEFFS = [1.0]
for _k in range(1, 8):
    _SIN_COEFFS.append(-_SIN_COEFFS[-1] / ((2 * _k) * (2 * _k + 1)))
_SIN_COEFFS.reverse()


def dsin(x):
    """Deterministic sine (see the section comment above)."""
    x -= math.floor(x / TWO_PI + 0.5) * TWO_PI  # reduce to [-pi, pi]
    if x > HALF_PI:  # fold to [-pi/2, pi/2] using sin(pi - x) = sin(x)
        x = PI - x
    elif x < -HALF_PI:
        x = -PI - x
    x2 = x * x
    acc = 0.0
    for c in _SIN_COEFFS:
        acc = acc * x2 + c
    return acc * x


def dcos(x):
    return dsin(x + HALF_PI)


def datan2(y, x):
    """Deterministic atan2 in (-pi, pi], accurate to ~1e-5 rad (plenty for
    drawing wedges)."""
    ax, ay = abs(x), abs(y)
    if ax == 0.0 and ay == 0.0:
        return 0.0
    # atan on [0, 1] by the odd minimax polynomial from Abramowitz & Stegun
    # 4.4.49 (|error| <= 1e-5), then unfold octant / quadrant.
    swap = ay > ax
    z = ax / ay if swap else ay / ax
    z2 = z * z
    a = z * (0.9998660 + z2 * (-0.3302995 + z2 * (0.1801410 + z2 * (-0.0851330 + z2 * 0.0208351))))
    if swap:
        a = HALF_PI - a
    if x < 0.0:
        a = PI - a
    return -a if y < 0.0 else a


def clamp01(t):
    return 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)


def uniform(rng, a, b):
    # random.uniform is the same formula; spelled out so only rng.random()
    # (Mersenne Twister, stable across Python versions) is relied upon.
    return a + (b - a) * rng.random()


def pick(rng, seq):
    return seq[int(rng.random() * len(seq))]


def rgb(hexstr):
    h = hexstr.lstrip("#")
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


def mix(c0, c1, t):
    return (c0[0] + (c1[0] - c0[0]) * t,
            c0[1] + (c1[1] - c0[1]) * t,
            c0[2] + (c1[2] - c0[2]) * t)


def to_byte(v):
    v = int(v + 0.5)
    return 0 if v < 0 else (255 if v > 255 else v)


def gradient(stops, t):
    """Colour at t along [(t0, colour0), (t1, colour1), ...] (t ascending)."""
    if t <= stops[0][0]:
        return stops[0][1]
    for (t0, c0), (t1, c1) in zip(stops, stops[1:]):
        if t <= t1:
            return mix(c0, c1, (t - t0) / (t1 - t0))
    return stops[-1][1]


# --------------------------------------------------------------------------
# Canvas
#
# Pure-Python per-pixel loops are slow (~1 us per pixel), so the canvas keeps
# one bytearray per colour channel, row-major, and most drawing is done with
# C-speed bulk operations:
#   * whole-row fills (sky gradients),
#   * extended-slice assignment of a whole column span from a precomputed
#     vertical "source" column (hills, trees, clouds are all column spans),
#   * bytes.translate with a 256-entry lookup table to blend a row with a
#     constant colour (mist, water tint).
# Only small areas (sun glow, discs, stars) use per-pixel Python.
# --------------------------------------------------------------------------

_blend_table_cache = {}


def blend_table(value, alpha):
    """Lookup table mapping every byte v to v blended towards `value`."""
    key = (value, alpha)
    table = _blend_table_cache.get(key)
    if table is None:
        table = bytes(int(v + (value - v) * alpha + 0.5) for v in range(256))
        _blend_table_cache[key] = table
    return table


def vertical_source(h, stops):
    """Three full-height channel columns following a colour gradient given as
    [(row, colour), ...]; used as the paint for column spans."""
    cols = ([], [], [])
    for y in range(h):
        c = gradient(stops, y + 0.5)
        for i in range(3):
            cols[i].append(to_byte(c[i]))
    return tuple(bytes(col) for col in cols)


class Canvas:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self.ch = [bytearray(w * h) for _ in range(3)]

    # -- rows -------------------------------------------------------------
    def fill_row(self, y, color):
        w = self.w
        for i in range(3):
            self.ch[i][y * w:(y + 1) * w] = bytes((to_byte(color[i]),)) * w

    def tint_row(self, y, color, alpha, x0=0, x1=None):
        """Blend a row segment towards a constant colour (C-speed translate)."""
        if alpha <= 0.0:
            return
        w = self.w
        x1 = w if x1 is None else x1
        alpha = round(alpha, 3)  # quantise so blend tables get reused
        for i in range(3):
            buf = self.ch[i]
            a, b = y * w + x0, y * w + x1
            buf[a:b] = buf[a:b].translate(blend_table(to_byte(color[i]), alpha))

    def blend_segment(self, y, x0, alphas, color):
        """Per-pixel alpha blend of a constant colour onto row y from x0."""
        if not 0 <= y < self.h:
            return
        if x0 < 0:
            alphas = alphas[-x0:]
            x0 = 0
        alphas = alphas[:self.w - x0]
        n = len(alphas)
        if n <= 0:
            return
        start = y * self.w + x0
        for i in range(3):
            buf = self.ch[i]
            v = color[i]
            old = buf[start:start + n]
            buf[start:start + n] = bytes(
                [int(o + (v - o) * a + 0.5) for o, a in zip(old, alphas)])

    def blend_pixel(self, x, y, color, alpha):
        if 0 <= x < self.w and 0 <= y < self.h and alpha > 0.0:
            k = y * self.w + x
            for i in range(3):
                o = self.ch[i][k]
                self.ch[i][k] = int(o + (color[i] - o) * alpha + 0.5)

    # -- columns ------------------------------------------------------------
    def column(self, x, y0, y1, src):
        """Copy rows [y0, y1) of column x from the source columns `src`."""
        h, w = self.h, self.w
        y0 = max(0, y0)
        y1 = min(h, y1)
        if y1 <= y0 or not 0 <= x < w:
            return
        start = y0 * w + x
        stop = (y1 - 1) * w + x + 1
        for i in range(3):
            self.ch[i][start:stop:w] = src[i][y0:y1]

    def column_aa(self, x, top, bottom, src):
        """Column span whose top edge sits at fractional row `top`: the pixel
        straddling the edge gets partial coverage so silhouettes stay smooth."""
        yi = math.ceil(top)
        self.column(x, yi, bottom, src)
        cover = yi - top
        y = yi - 1
        if cover > 0.0 and 0 <= y < self.h and yi < bottom:
            yy = min(max(yi, 0), self.h - 1)
            self.blend_pixel(x, y, (src[0][yy], src[1][yy], src[2][yy]), cover)

    # -- discs (per pixel, small areas only) ----------------------------------
    def disc(self, cx, cy, r, color, alpha=1.0):
        y0 = max(0, int(math.floor(cy - r - 1)))
        y1 = min(self.h, int(math.ceil(cy + r + 2)))
        x0 = max(0, int(math.floor(cx - r - 1)))
        x1 = min(self.w, int(math.ceil(cx + r + 2)))
        rr = r + 0.5
        for y in range(y0, y1):
            dy = y + 0.5 - cy
            dy2 = dy * dy
            alphas = []
            for x in range(x0, x1):
                dx = x + 0.5 - cx
                cov = rr - math.sqrt(dx * dx + dy2)
                alphas.append(alpha * (0.0 if cov < 0.0 else (1.0 if cov > 1.0 else cov)))
            self.blend_segment(y, x0, alphas, color)

    def glow(self, cx, cy, radius, color, strength):
        """Soft radial glow: alpha = strength * (1 - d / radius)^2."""
        y0 = max(0, int(cy - radius))
        y1 = min(self.h, int(cy + radius) + 1)
        x0 = max(0, int(cx - radius))
        x1 = min(self.w, int(cx + radius) + 1)
        inv = 1.0 / radius
        dxs = [(x + 0.5 - cx) * (x + 0.5 - cx) for x in range(x0, x1)]
        for y in range(y0, y1):
            dy = y + 0.5 - cy
            dy2 = dy * dy
            alphas = []
            for dx2 in dxs:
                f = 1.0 - math.sqrt(dx2 + dy2) * inv
                alphas.append(strength * f * f if f > 0.0 else 0.0)
            self.blend_segment(y, x0, alphas, color)

    # -- output -------------------------------------------------------------
    def rgb_bytes(self):
        out = bytearray(self.w * self.h * 3)
        out[0::3] = self.ch[0]
        out[1::3] = self.ch[1]
        out[2::3] = self.ch[2]
        return bytes(out)


# --------------------------------------------------------------------------
# PNG writer
# --------------------------------------------------------------------------

def _bytewise_sub(a, b):
    """(a - b) mod 256 for every byte, at C speed.

    Each byte is widened into a 16-bit little-endian lane of one big integer,
    256 is added to every lane, and the two integers are subtracted. Every lane
    then holds a - b + 256 in [1, 511], so no borrow crosses lanes and the low
    byte of each lane is the wanted difference."""
    n = len(a)
    wa = bytearray(2 * n)
    wb = bytearray(2 * n)
    wa[0::2] = a
    wb[0::2] = b
    bias = int.from_bytes(b"\x00\x01" * n, "little")
    diff = int.from_bytes(wa, "little") + bias - int.from_bytes(wb, "little")
    return diff.to_bytes(2 * n, "little")[0::2]


# Filter choice heuristic recommended by the PNG spec (section 12.8): pick the
# filter with the smallest sum of absolute values, bytes read as signed.
_ABS_SIGNED = bytes(min(v, 256 - v) for v in range(256))


def encode_png(w, h, pixels):
    """8-bit RGB PNG. Each row uses None, Sub or Up, whichever the heuristic
    prefers (Paeth/Average need per-byte Python loops; too slow here)."""
    stride = w * 3
    left = bytearray(len(pixels))  # byte 3 positions to the left, 0 at row start
    left[3:] = pixels[:-3]
    for y in range(h):
        left[y * stride:y * stride + 3] = b"\x00\x00\x00"
    up = bytes(stride) + pixels[:-stride]
    sub_f = _bytewise_sub(pixels, left)
    up_f = _bytewise_sub(pixels, up)
    raw = bytearray()
    for y in range(h):
        a, b = y * stride, (y + 1) * stride
        candidates = ((0, pixels[a:b]), (1, sub_f[a:b]), (2, up_f[a:b]))
        best = min(candidates, key=lambda c: sum(c[1].translate(_ABS_SIGNED)))
        raw.append(best[0])
        raw += best[1]

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    # No tIME/tEXt chunks: they would make the output differ between runs.
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(bytes(raw), ZLIB_LEVEL))
            + chunk(b"IEND", b""))


def png_content(data):
    """(IHDR, decompressed image data) of a PNG: its pixels in filtered form,
    independent of which zlib produced the compressed bytes."""
    pos = 8
    ihdr, idat = b"", bytearray()
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            ihdr = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    try:
        return ihdr, zlib.decompress(bytes(idat))
    except zlib.error:
        return ihdr, None


# --------------------------------------------------------------------------
# Landscapes
#
# A scene is a list of drawing steps, painted back to front. Heights and
# vertical positions are fractions of the image height, horizontal ones
# fractions of the width, so one scene description works for any ratio.
# --------------------------------------------------------------------------

def step_sky(cv, rng, st, stops, to=0.7):
    """Vertical sky gradient; `to` is where the last stop (horizon) lands."""
    h = cv.h
    span = to * h
    stops = [(t, rgb(c)) for t, c in stops]
    for y in range(h):
        cv.fill_row(y, gradient(stops, (y + 0.5) / span))
    st["horizon"] = stops[-1][1]


def step_stars(cv, rng, st, n, bottom=0.6, color="#fffbe8"):
    c = rgb(color)
    for _ in range(n):
        x = int(rng.random() * cv.w)
        # Squaring biases stars towards the zenith, where the sky is darkest.
        u = rng.random()
        y = int(u * u * bottom * cv.h)
        b = uniform(rng, 0.25, 1.0)
        cv.blend_pixel(x, y, c, b)
        if b > 0.85:  # a few bright stars get a tiny cross
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                cv.blend_pixel(x + dx, y + dy, c, b * 0.35)


def step_sun(cv, rng, st, x, y, r, color, glow=None, glow_r=5.0, glow_a=0.5,
             craters=False):
    cx, cy, rad = x * cv.w, y * cv.h, r * cv.w
    if glow:
        cv.glow(cx, cy, rad * glow_r, rgb(glow), glow_a)
    cv.disc(cx, cy, rad, rgb(color))
    if craters:  # moon: a few faint darker patches
        shade = mix(rgb(color), (90, 100, 130), 0.5)
        for _ in range(6):
            a = uniform(rng, 0, TWO_PI)
            d = uniform(rng, 0.1, 0.6) * rad
            cv.disc(cx + d * dcos(a), cy + d * dsin(a), uniform(rng, 0.1, 0.25) * rad,
                    shade, 0.22)


def step_clouds(cv, rng, st, n, y=(0.1, 0.3), size=0.18, color="#ffffff",
                shade=None, x=(0.0, 1.0)):
    """Flat-bottomed, stylised cumulus: a union of circles cut by a line."""
    top_c = rgb(color)
    bot_c = rgb(shade) if shade else mix(top_c, st["horizon"], 0.5)
    for _ in range(n):
        base = uniform(rng, y[0], y[1]) * cv.h
        width = uniform(rng, 0.6, 1.3) * size * cv.w
        cx = uniform(rng, x[0], x[1]) * cv.w
        circles = []
        k = 3 + int(rng.random() * 3)
        for j in range(k):
            t = (j + 0.5) / k - 0.5
            r = width * uniform(rng, 0.16, 0.26) * (1.0 - abs(t))
            circles.append((cx + t * width, base - r * 0.25, r + width * 0.04))
        top_row = min(c[1] - c[2] for c in circles)
        src = vertical_source(cv.h, [(top_row, top_c), (base, bot_c)])
        x0 = int(min(c[0] - c[2] for c in circles))
        x1 = int(max(c[0] + c[2] for c in circles)) + 1
        for px in range(max(0, x0), min(cv.w, x1)):
            xc = px + 0.5
            top = None
            for (ccx, ccy, r) in circles:
                dx = xc - ccx
                if -r < dx < r:
                    t = ccy - math.sqrt(r * r - dx * dx)
                    if top is None or t < top:
                        top = t
            if top is not None and top < base:
                cv.column_aa(px, top, int(base), src)


def _profile(cv, rng, kind, y, amp, octaves, bumps):
    """Top edge (fractional row) of a silhouette for every column."""
    w, h = cv.w, cv.h
    base, amp_px = y * h, amp * h
    if kind == "bumps":  # islands: smooth humps on a flat line
        tops = []
        detail = [(uniform(rng, 6, 12), uniform(rng, 0, TWO_PI)) for _ in range(2)]
        for x in range(w):
            u = (x + 0.5) / w
            hgt = 0.0
            for (bx, bw, bh) in bumps:
                t = (u - bx) / bw
                if -1.0 < t < 1.0:
                    f = 1.0 - t * t
                    v = bh * f * f * (1.0 + 0.06 * sum(dsin(fr * TWO_PI * u + p) for fr, p in detail))
                    hgt = max(hgt, v)
            tops.append(base - hgt * h)
        return tops
    # Sums of sines at roughly doubling frequencies ("octaves"), each weaker
    # than the last. Mountains use ridged terms 1 - 2|sin| for sharp peaks.
    f = uniform(rng, 0.8, 1.6)
    terms = []
    weight = 1.0
    for _ in range(octaves):
        terms.append((f, uniform(rng, 0, TWO_PI), weight))
        f *= uniform(rng, 1.9, 2.4)
        weight *= 0.45 if kind == "mountain" else 0.5
    total = sum(t[2] for t in terms)
    tops = []
    for x in range(w):
        u = (x + 0.5) / w
        s = 0.0
        for fr, ph, wt in terms:
            v = dsin(fr * TWO_PI * u + ph)
            s += wt * ((1.0 - 2.0 * abs(v)) if kind == "mountain" else v)
        tops.append(base - amp_px * s / total)
    return tops


def step_layer(cv, rng, st, color, y, amp=0.06, kind="hill", bottom=None,
               haze=0.0, depth=0.35, octaves=3, bumps=(), snow=None):
    """One silhouette range. `haze` mixes it towards the horizon colour (aerial
    perspective: farther ranges are lighter and bluer)."""
    hz = st["horizon"]
    top_c = mix(rgb(color), hz, haze)
    bot_c = mix(rgb(bottom), hz, haze * 0.6) if bottom else mix(top_c, (0, 0, 0), 0.25)
    tops = _profile(cv, rng, kind, y, amp, octaves, bumps)
    peak = min(tops)
    src = vertical_source(cv.h, [(peak, top_c), (peak + depth * cv.h, bot_c)])
    snow_src, snow_ph = None, 0.0
    if snow:
        line = snow["line"] * cv.h
        snow_c = rgb(snow.get("color", "#f4f7fb"))
        snow_src = vertical_source(cv.h, [(peak, snow_c), (line, mix(snow_c, top_c, 0.3))])
        snow_ph = uniform(rng, 0, TWO_PI)
    for x in range(cv.w):
        top = tops[x]
        cv.column_aa(x, top, cv.h, src)
        if snow_src and top < line:
            # Ragged snow line: slow wander plus fast streaks (gullies).
            edge = line + (line - top) * 0.08 + 0.01 * cv.h * (
                dsin(x * 0.045 + snow_ph) + 0.5 * dsin(x * 0.13 + 2 * snow_ph)
                + 0.6 * dsin(x * 0.41 + 3 * snow_ph))
            if edge > top + 1:
                cv.column_aa(x, top, int(edge), snow_src)
    st["profile"] = tops


def step_mist(cv, rng, st, y, h, a, color=None):
    """Horizontal band of fog: alpha peaks at row y and fades over +-h."""
    c = rgb(color) if color else st["horizon"]
    yc, hh = y * cv.h, h * cv.h
    for row in range(max(0, int(yc - hh)), min(cv.h, int(yc + hh) + 1)):
        t = (row + 0.5 - yc) / hh
        if -1.0 < t < 1.0:
            f = 1.0 - t * t
            cv.tint_row(row, c, a * f * f)


def _pine(cv, x, base, size, src):
    """Three stacked triangles on a short trunk, as column spans."""
    width = size * 0.36
    for i, (apex, foot, half) in enumerate(((0.0, 0.45, 0.55), (0.2, 0.72, 0.78), (0.42, 0.94, 1.0))):
        ya, yf, hw = base - size * (1.0 - apex), base - size * (1.0 - foot), width * half
        for px in range(int(x - hw), int(x + hw) + 2):
            d = abs(px + 0.5 - x) / hw
            if d < 1.0:
                cv.column_aa(px, ya + d * (yf - ya), int(yf), src)
    tw = max(1, int(size * 0.05))
    for px in range(int(x) - tw // 2, int(x) - tw // 2 + tw):
        cv.column(px, int(base - size * 0.08), int(base) + 1, src)


def _round_tree(cv, x, base, size, src, crown):
    tw = max(2, int(size * 0.08))
    for px in range(int(x) - tw // 2, int(x) - tw // 2 + tw):
        cv.column(px, int(base - size * 0.5), int(base) + 1, src)
    r = size * 0.34
    cy = base - size + r
    for (ox, oy, rf) in ((0.0, 0.0, 1.0), (-0.45, 0.35, 0.7), (0.45, 0.3, 0.72)):
        cc = rgb(crown) if isinstance(crown, str) else crown
        cv.disc(x + ox * r, cy + oy * r, r * rf, cc)


def _cactus(cv, x, base, size, src):
    def bar(x0, x1, y0, y1):
        for px in range(int(x0), int(x1) + 1):
            cv.column_aa(px, y0, int(y1), src)
    t = size * 0.14
    bar(x - t / 2, x + t / 2, base - size, base + 1)
    bar(x - t * 2.2, x - t * 2.2 + t * 0.8, base - size * 0.72, base - size * 0.38)
    bar(x - t * 2.2, x, base - size * 0.42, base - size * 0.34)
    bar(x + t * 1.4, x + t * 2.2, base - size * 0.82, base - size * 0.5)
    bar(x, x + t * 2.2, base - size * 0.54, base - size * 0.46)


def step_trees(cv, rng, st, n, size, color, kind="pine", x=(0.0, 1.0), sink=0.05,
               crowns=None, haze=0.0):
    """Trees standing on the most recently drawn layer."""
    tops = st["profile"]
    c = mix(rgb(color), st["horizon"], haze)
    src = vertical_source(cv.h, [(0, c), (cv.h, c)])
    trees = []
    for _ in range(n):
        px = uniform(rng, x[0], x[1]) * cv.w
        s = uniform(rng, size[0], size[1]) * cv.h
        col = int(min(max(px, 0), cv.w - 1))
        crown = pick(rng, crowns) if crowns else None
        trees.append((tops[col] + sink * s, px, s, crown))
    for base, px, s, crown in sorted(trees):  # farther (higher) first
        if kind == "pine":
            _pine(cv, px, base, s, src)
        elif kind == "round":
            _round_tree(cv, px, base, s, src, mix(rgb(crown), st["horizon"], haze))
        else:
            _cactus(cv, px, base, s, src)


def step_grass(cv, rng, st, n, height, color):
    """Thin blades poking above the last layer's edge."""
    tops = st["profile"]
    c = rgb(color)
    src = vertical_source(cv.h, [(0, c), (cv.h, c)])
    for _ in range(n):
        x = int(rng.random() * cv.w)
        hgt = uniform(rng, 0.3, 1.0) * height * cv.h
        cv.column_aa(x, tops[x] - hgt, int(tops[x]) + 2, src)


def step_water(cv, rng, st, y, color, a=(0.3, 0.65), ripple=3.0, glints=0,
               glint="#ffffff"):
    """Mirror everything above the waterline, wobble the rows, tint them."""
    w, h = cv.w, cv.h
    wl = int(y * h)
    c = rgb(color)
    ph = uniform(rng, 0, TWO_PI)
    for row in range(wl, h):
        t = (row - wl) / max(1, h - wl)
        src = max(0, 2 * wl - 1 - row)
        # Ripple offset grows towards the viewer (perspective).
        dx = int(round(ripple * (0.4 + 2.0 * t) * dsin(row * 0.61 + ph)
                       * dsin(row * 0.137 + 2.0 * ph)))
        for i in range(3):
            buf = cv.ch[i]
            line = buf[src * w:(src + 1) * w]
            if dx > 0:
                line = line[dx:] + line[-1:] * dx
            elif dx < 0:
                line = line[:1] * (-dx) + line[:dx]
            buf[row * w:(row + 1) * w] = line
        cv.tint_row(row, c, a[0] + (a[1] - a[0]) * t)
    g = rgb(glint)
    for _ in range(glints):
        row = wl + 2 + int(rng.random() * (h - wl - 2))
        t = (row - wl) / max(1, h - wl)
        length = int(uniform(rng, 20, 70) * (0.5 + 1.5 * t))
        x0 = int(rng.random() * w) - length // 2
        alpha = uniform(rng, 0.12, 0.3)
        alphas = [alpha * (1.0 - abs(2.0 * (i + 0.5) / length - 1.0)) for i in range(length)]
        cv.blend_segment(row, x0, alphas, g)


def step_field(cv, rng, st, y0, vx, vy, k, c1, c2, far, near):
    """Rows of a crop field converging on a vanishing point (vx, vy): stripe
    phase is (x - vx) / (y - vy). Per-pixel, with analytic anti-aliasing."""
    w, h = cv.w, cv.h
    a, b = rgb(c1), rgb(c2)
    a_dark = mix(a, (40, 20, 70), 0.45)
    far_c, near_c = rgb(far), rgb(near)
    vxp, vyp = vx * w, vy * h
    xs = [x + 0.5 - vxp for x in range(w)]
    for row in range(int(y0 * h), h):
        dy = row + 0.5 - vyp
        t = (row - y0 * h) / (h - y0 * h)
        scale = k / dy  # stripes per pixel along this row
        px_w = scale  # width of one pixel in stripe units
        cols = ([], [], [])
        shade = mix(far_c, near_c, t)
        for x in xs:
            s = x * scale
            s -= math.floor(s)
            # distance (in stripe units) into the c1 part, which is s < 0.55
            d = min(s, 0.55 - s) if s < 0.55 else -min(s - 0.55, 1.0 - s)
            cov = clamp01(0.5 + d / px_w) if px_w < 0.5 else 0.55
            # shade each row of bushes as a rounded ridge: bright crest,
            # darker flanks (parabola across the row's width)
            q = s / 0.55 * 2.0 - 1.0 if s < 0.55 else 1.0
            c = mix(b, mix(a, a_dark, q * q), cov)
            for i in range(3):
                cols[i].append(to_byte(c[i] * shade[i] / 255.0))
        for i in range(3):
            cv.ch[i][row * w:(row + 1) * w] = bytes(cols[i])
    st["profile"] = [y0 * h] * w


def step_aurora(cv, rng, st, y, length, colors, strength=0.55):
    """Curtains of light: for each column a bright lower edge at base(x) that
    fades upwards over `length`; intensity varies along x in soft folds."""
    w, h = cv.w, cv.h
    c_low, c_high = rgb(colors[0]), rgb(colors[1])
    ph = [uniform(rng, 0, TWO_PI) for _ in range(6)]
    base, inten = [], []
    for x in range(w):
        u = x / w
        base.append(h * (y + 0.035 * dsin(u * TWO_PI * 1.3 + ph[0])
                         + 0.015 * dsin(u * TWO_PI * 3.1 + ph[1])))
        # broad folds times fine vertical rays
        v = 0.5 + 0.5 * dsin(u * TWO_PI * 2.2 + ph[2])
        v2 = 0.5 + 0.5 * dsin(u * TWO_PI * 23.0 + ph[3])
        v3 = 0.5 + 0.5 * dsin(u * TWO_PI * 57.0 + ph[4])
        inten.append(strength * (0.25 + 0.75 * v) * (0.55 + 0.3 * v2 + 0.15 * v3))
    L = length * h
    y0 = max(0, int(min(base) - L))
    soft = 0.02 * h  # fade-out below the bright lower edge
    y1 = min(h, int(max(base) + soft) + 2)
    for row in range(y0, y1):
        alphas_low, alphas_high = [], []
        for x in range(w):
            d = base[x] - (row + 0.5)  # >0 above the lower edge
            if d < -soft or d > L:
                alphas_low.append(0.0)
                alphas_high.append(0.0)
                continue
            if d < 0.0:
                f = 1.0 + d / soft
                f *= f
            else:
                f = 1.0 - d / L
                f = f * f
            q = d / L if d > 0.0 else 0.0
            a = inten[x] * f
            alphas_low.append(a * (1.0 - q))
            alphas_high.append(a * q * 1.6)
        cv.blend_segment(row, 0, alphas_low, c_low)
        cv.blend_segment(row, 0, alphas_high, c_high)


STEPS = {
    "sky": step_sky, "stars": step_stars, "sun": step_sun, "clouds": step_clouds,
    "layer": step_layer, "mist": step_mist, "trees": step_trees, "grass": step_grass,
    "water": step_water, "field": step_field, "aurora": step_aurora,
}

# The twelve scenes, one per photo, in file order. Palettes are picked so the
# thumbnails differ at a glance: dawn, noon, dusk lake, moonlit pines, alpine,
# desert, twilight sea, autumn, aurora (portrait), tropical sunset, misty
# ranges (panorama), lavender field.
SCENES = [
    # 00 dawn meadow
    [("sky", dict(stops=[(0, "#6f7fb8"), (0.45, "#e7a6b4"), (0.85, "#ffd2a1"), (1, "#ffe7c2")], to=0.62)),
     ("sun", dict(x=0.68, y=0.53, r=0.045, color="#fff3d6", glow="#ffe0b0", glow_r=6, glow_a=0.55)),
     ("layer", dict(color="#a78fb8", y=0.52, amp=0.07, kind="mountain", haze=0.45, octaves=4)),
     ("mist", dict(y=0.58, h=0.07, a=0.5)),
     ("layer", dict(color="#7f6f9f", y=0.62, amp=0.05, haze=0.2)),
     ("mist", dict(y=0.66, h=0.05, a=0.35)),
     ("layer", dict(color="#5d8a57", bottom="#2e5a32", y=0.74, amp=0.04, octaves=2)),
     ("trees", dict(n=5, size=(0.07, 0.12), color="#27472b", kind="round", x=(0.05, 0.45),
                    crowns=["#2f5a33", "#3a6b3b"])),
     ("grass", dict(n=260, height=0.018, color="#3e6e3c"))],
    # 01 bright noon, rolling green hills
    [("sky", dict(stops=[(0, "#2f76d2"), (0.7, "#7fb6ef"), (1, "#cfe6fb")], to=0.6)),
     ("sun", dict(x=0.2, y=0.12, r=0.035, color="#ffffff", glow="#ffffff", glow_r=5, glow_a=0.45)),
     ("clouds", dict(n=5, y=(0.12, 0.36), size=0.2, color="#ffffff", shade="#dbe7f4")),
     ("layer", dict(color="#6f9fbf", y=0.5, amp=0.08, kind="mountain", haze=0.5, octaves=4)),
     ("layer", dict(color="#7fb45a", y=0.6, amp=0.05, haze=0.15)),
     ("trees", dict(n=12, size=(0.03, 0.05), color="#3c6e2e", kind="round", sink=0.1,
                    crowns=["#4f8a36", "#5e9a3c"], haze=0.1)),
     ("layer", dict(color="#5f9a3a", bottom="#2f6420", y=0.76, amp=0.05, octaves=2)),
     ("trees", dict(n=3, size=(0.12, 0.18), color="#3b2a1a", kind="round", x=(0.55, 0.95),
                    crowns=["#3f7a2a", "#4a8a30"])),
     ("grass", dict(n=300, height=0.02, color="#4f8a30"))],
    # 02 dusk over a lake
    [("sky", dict(stops=[(0, "#2b1d4f"), (0.45, "#9c3f6e"), (0.8, "#f08a4b"), (1, "#ffc46b")], to=0.58)),
     ("sun", dict(x=0.42, y=0.55, r=0.06, color="#ffe39a", glow="#ffb060", glow_r=5, glow_a=0.6)),
     ("layer", dict(color="#6e3a6b", y=0.52, amp=0.06, kind="mountain", haze=0.35, octaves=4)),
     ("layer", dict(color="#3d2148", y=0.57, amp=0.035, haze=0.1)),
     ("trees", dict(n=14, size=(0.03, 0.06), color="#2a1735", x=(0.0, 0.3), sink=0.2)),
     ("water", dict(y=0.6, color="#3a2050", a=(0.25, 0.6), ripple=2.5, glints=40, glint="#ffd9a0")),
     ("layer", dict(color="#1e1024", y=0.95, amp=0.03, octaves=2)),
     ("grass", dict(n=140, height=0.06, color="#1e1024"))],
    # 03 night, full moon over pines
    [("sky", dict(stops=[(0, "#070b1f"), (0.6, "#142a55"), (1, "#2d5479")], to=0.62)),
     ("stars", dict(n=420, bottom=0.6)),
     ("sun", dict(x=0.74, y=0.2, r=0.05, color="#f3f0dc", glow="#9fb6d8", glow_r=4, glow_a=0.35,
                  craters=True)),
     ("layer", dict(color="#3b5a80", y=0.55, amp=0.09, kind="mountain", haze=0.25, octaves=4,
                    snow=dict(line=0.54, color="#c8d6ea"))),
     ("mist", dict(y=0.63, h=0.05, a=0.3)),
     ("layer", dict(color="#1d3352", y=0.66, amp=0.05, haze=0.05)),
     ("trees", dict(n=40, size=(0.05, 0.09), color="#0f1f33", sink=0.15)),
     ("layer", dict(color="#0b1526", y=0.86, amp=0.03, octaves=2)),
     ("trees", dict(n=4, size=(0.2, 0.3), color="#070e1a", x=(0.0, 0.3), sink=0.1)),
     ("trees", dict(n=3, size=(0.16, 0.26), color="#070e1a", x=(0.8, 1.0), sink=0.1))],
    # 04 alpine valley
    [("sky", dict(stops=[(0, "#1f5fbf"), (1, "#a8d4f5")], to=0.5)),
     ("clouds", dict(n=3, y=(0.08, 0.2), size=0.16, color="#ffffff", shade="#d8e6f5")),
     ("layer", dict(color="#7d8ca8", y=0.42, amp=0.15, kind="mountain", haze=0.25, octaves=5,
                    snow=dict(line=0.42))),
     ("mist", dict(y=0.5, h=0.06, a=0.35)),
     ("layer", dict(color="#51708a", y=0.56, amp=0.1, kind="mountain", haze=0.1, octaves=4,
                    snow=dict(line=0.53))),
     ("layer", dict(color="#6da84a", bottom="#3e7a2e", y=0.72, amp=0.04)),
     ("trees", dict(n=30, size=(0.04, 0.08), color="#1f4a2a", sink=0.1)),
     ("layer", dict(color="#4a8a33", bottom="#24501c", y=0.88, amp=0.03, octaves=2)),
     ("grass", dict(n=260, height=0.02, color="#3b7a2a"))],
    # 05 desert dunes, square
    [("sky", dict(stops=[(0, "#3d8fd0"), (0.4, "#9cc9e6"), (0.75, "#f6d3a8"), (1, "#fbe3c0")], to=0.5)),
     ("sun", dict(x=0.3, y=0.3, r=0.07, color="#fff8e6", glow="#fff8ea", glow_r=4, glow_a=0.35)),
     ("layer", dict(color="#d7a37a", y=0.5, amp=0.05, kind="mountain", haze=0.45, octaves=3)),
     ("layer", dict(color="#e2a15e", bottom="#c2773c", y=0.6, amp=0.05, octaves=2, haze=0.1)),
     ("layer", dict(color="#d98a45", bottom="#a9592a", y=0.74, amp=0.06, octaves=2)),
     ("trees", dict(n=3, size=(0.06, 0.1), color="#4f6b36", kind="cactus", sink=0.05)),
     ("layer", dict(color="#b8652e", bottom="#7c3a18", y=0.9, amp=0.05, octaves=2)),
     ("trees", dict(n=1, size=(0.2, 0.24), color="#3e5a2a", kind="cactus", x=(0.7, 0.85), sink=0.05))],
    # 06 twilight sea with islands and the moon
    [("sky", dict(stops=[(0, "#2a2a6a"), (0.5, "#6a5fa8"), (0.85, "#d89bb8"), (1, "#f3c2c0")], to=0.6)),
     ("stars", dict(n=120, bottom=0.35)),
     ("sun", dict(x=0.62, y=0.28, r=0.03, color="#fff6e8", glow="#f6d8e8", glow_r=5, glow_a=0.4)),
     ("layer", dict(color="#5a4f8a", y=0.6, kind="bumps", haze=0.35,
                    bumps=[(0.12, 0.16, 0.09), (0.3, 0.08, 0.04), (0.85, 0.2, 0.12)])),
     ("layer", dict(color="#2f2a5a", y=0.6, kind="bumps",
                    bumps=[(0.02, 0.1, 0.05), (0.95, 0.1, 0.06)])),
     ("water", dict(y=0.6, color="#2c2f6a", a=(0.2, 0.55), ripple=4.0, glints=70, glint="#ffe8f0"))],
    # 07 autumn hills
    [("sky", dict(stops=[(0, "#8fa8c0"), (0.7, "#e8d2b0"), (1, "#f5e2c0")], to=0.55)),
     ("clouds", dict(n=4, y=(0.1, 0.3), size=0.22, color="#fbf3e6", shade="#d9c9b4")),
     ("layer", dict(color="#9a7a7a", y=0.48, amp=0.06, haze=0.5)),
     ("layer", dict(color="#c46a35", y=0.58, amp=0.06, haze=0.2)),
     ("trees", dict(n=14, size=(0.04, 0.06), color="#4a2e1e", kind="round", sink=0.1,
                    crowns=["#d9822b", "#b8452a", "#e0b040"], haze=0.2)),
     ("layer", dict(color="#8f4a22", bottom="#5a2c14", y=0.73, amp=0.05)),
     ("trees", dict(n=5, size=(0.14, 0.22), color="#3a2416", kind="round", sink=0.08,
                    crowns=["#e07a20", "#c23b22", "#f0b43a"])),
     ("layer", dict(color="#6a3416", bottom="#3a1c0c", y=0.92, amp=0.03, octaves=2)),
     ("grass", dict(n=200, height=0.02, color="#7a4018"))],
    # 08 aurora over snowy mountains (portrait 0.8)
    [("sky", dict(stops=[(0, "#020814"), (0.6, "#081a30"), (1, "#143448")], to=0.64)),
     ("stars", dict(n=600, bottom=0.62)),
     ("aurora", dict(y=0.34, length=0.24, colors=["#4dff9a", "#7a5cff"])),
     ("layer", dict(color="#5f7f99", y=0.6, amp=0.1, kind="mountain", haze=0.2, octaves=5,
                    snow=dict(line=0.61, color="#d8e6f0"))),
     ("layer", dict(color="#1f3448", y=0.7, amp=0.05, haze=0.05)),
     ("trees", dict(n=24, size=(0.03, 0.05), color="#0c1826", sink=0.15)),
     ("layer", dict(color="#c6d6e6", bottom="#7f98b0", y=0.82, amp=0.025, octaves=2)),
     ("trees", dict(n=3, size=(0.14, 0.2), color="#08111c", x=(0.6, 0.95), sink=0.05))],
    # 09 tropical sunset over the sea
    [("sky", dict(stops=[(0, "#1d8a9a"), (0.5, "#8fcdb8"), (0.85, "#ffb07a"), (1, "#ff8a5a")], to=0.6)),
     ("sun", dict(x=0.5, y=0.56, r=0.07, color="#fff0b0", glow="#ffd080", glow_r=4.5, glow_a=0.55)),
     ("clouds", dict(n=3, y=(0.17, 0.2), size=0.18, color="#ffd2b0", shade="#f0a080")),
     ("layer", dict(color="#2f6f70", y=0.6, kind="bumps", haze=0.3,
                    bumps=[(0.05, 0.25, 0.12), (0.2, 0.1, 0.05)])),
     ("layer", dict(color="#1f4f50", y=0.6, kind="bumps", bumps=[(1.0, 0.18, 0.18)])),
     ("water", dict(y=0.6, color="#0f5a6a", a=(0.2, 0.55), ripple=3.5, glints=80, glint="#fff0c0"))],
    # 10 misty blue ranges (panorama 2:1)
    [("sky", dict(stops=[(0, "#a9c1d9"), (1, "#eef1f2")], to=0.55)),
     ("sun", dict(x=0.78, y=0.22, r=0.03, color="#fffdf5", glow="#ffffff", glow_r=6, glow_a=0.5)),
     ("layer", dict(color="#8aa2bd", y=0.4, amp=0.1, kind="mountain", haze=0.5, octaves=4)),
     ("mist", dict(y=0.52, h=0.08, a=0.6)),
     ("layer", dict(color="#6b87a6", y=0.55, amp=0.08, kind="mountain", haze=0.35, octaves=4)),
     ("mist", dict(y=0.64, h=0.07, a=0.55)),
     ("layer", dict(color="#4d6b8c", y=0.68, amp=0.07, kind="mountain", haze=0.2, octaves=3)),
     ("mist", dict(y=0.76, h=0.06, a=0.5)),
     ("layer", dict(color="#2f4a69", y=0.8, amp=0.05, haze=0.05)),
     ("trees", dict(n=30, size=(0.06, 0.1), color="#223a55", sink=0.15)),
     ("layer", dict(color="#1a2c42", y=0.93, amp=0.04, octaves=2))],
    # 11 lavender field, spring morning
    [("sky", dict(stops=[(0, "#8ec9e8"), (0.7, "#e8f0d8"), (1, "#fff6d8")], to=0.5)),
     ("sun", dict(x=0.15, y=0.2, r=0.04, color="#fffbe8", glow="#fff6c8", glow_r=5, glow_a=0.5)),
     ("clouds", dict(n=3, y=(0.1, 0.3), size=0.16, color="#ffffff", shade="#e6eef0", x=(0.4, 1.0))),
     ("layer", dict(color="#9fb4a0", y=0.45, amp=0.04, haze=0.45)),
     ("layer", dict(color="#7fa36a", y=0.5, amp=0.025, haze=0.15)),
     ("trees", dict(n=6, size=(0.04, 0.06), color="#3e5e3a", kind="round", sink=0.1,
                    crowns=["#55804a", "#4a7442"], x=(0.5, 0.9), haze=0.15)),
     ("field", dict(y0=0.53, vx=0.55, vy=0.46, k=2.6, c1="#9a6fd0", c2="#4f7a3c",
                    far="#d8d0e8", near="#ffffff"))],
]


def render_photo(index):
    w = PHOTO_WIDTH
    h = int(round(w / PHOTO_RATIOS[index]))
    cv = Canvas(w, h)
    rng = random.Random(SEED * 100 + index)
    st = {}
    for name, args in SCENES[index]:
        STEPS[name](cv, rng, st, **args)
    return w, h, cv.rgb_bytes()


# --------------------------------------------------------------------------
# Album covers
#
# Each design is a function f(x, y) -> (r, g, b) over pixel centres, built
# from signed distances so edges can be anti-aliased analytically
# (coverage = clamp(0.5 - distance_in_pixels)) instead of by supersampling,
# which would cost 4x the slow per-pixel Python.
# --------------------------------------------------------------------------

def cov(d):
    """Coverage of a pixel whose centre is at signed distance d (px) from an
    edge; d < 0 is inside."""
    return 0.0 if d >= 0.5 else (1.0 if d <= -0.5 else 0.5 - d)


def bands(v, width, palette, offset=0):
    """Colour of repeating bands along a 1-D coordinate v (px), anti-aliased
    at the band boundaries."""
    f = v / width
    i = math.floor(f)
    frac = f - i
    own = palette[(i + offset) % len(palette)]
    if frac < 0.5:
        other = palette[(i - 1 + offset) % len(palette)]
        edge = frac * width
    else:
        other = palette[(i + 1 + offset) % len(palette)]
        edge = (1.0 - frac) * width
    return mix(other, own, clamp01(0.5 + edge))


def cover_rings(n, rng):
    bg = rgb("#f3ead8")
    pal = [rgb(c) for c in ("#e63b2e", "#f3ead8", "#1d3557", "#f3ead8", "#f4a261", "#f3ead8")]
    cx, cy = n * 0.38, n * 0.6

    def f(x, y):
        d = math.sqrt((x - cx) * (x - cx) + (y - cy) * (y - cy))
        if d > n * 0.36:
            return mix(bg, pal[0], cov(d - n * 0.36 - 9) if d < n * 0.36 + 12 else 0.0)
        return bands(d, 18.0, pal)
    return f


def cover_diagonal(n, rng):
    pal = [rgb("#0f8b8d"), rgb("#f2c14e")]
    disc = rgb("#111111")
    cx, cy, r = n * 0.62, n * 0.4, n * 0.24
    k = 1.0 / math.sqrt(2.0)

    def f(x, y):
        c = bands((x + y) * k, 34.0, pal)
        d = math.sqrt((x - cx) * (x - cx) + (y - cy) * (y - cy)) - r
        return mix(c, disc, cov(d))
    return f


def cover_synthwave(n, rng):
    sky = [(0.0, rgb("#1a0938")), (0.6, rgb("#7b1fa2")), (1.0, rgb("#ff4f8b"))]
    sun = [(0.0, rgb("#ffe66d")), (1.0, rgb("#ff3d7f"))]
    floor_c, line_c = rgb("#12052a"), rgb("#ff4fd8")
    hz, cx, cy, r = n * 0.66, n * 0.5, n * 0.5, n * 0.3

    def f(x, y):
        if y > hz:
            # Perspective grid on a floor plane: a row dy pixels below the
            # horizon sees depth ~ 1 / dy, so horizontal lines sit where
            # 400 / dy is an integer and verticals where (x - cx) * 2.4 / dy
            # is (400 and 2.4 just set the grid spacing by eye).
            dy = y - hz
            u = 400.0 / dy
            fu = u - math.floor(u)
            dh = min(fu, 1.0 - fu) * dy * dy / 400.0  # distance in pixels
            v = (x - cx) * 2.4 / dy
            fv = v - math.floor(v)
            dv = min(fv, 1.0 - fv) * dy / 2.4
            fade = clamp01(dy / (n - hz) * 2.5)
            return mix(floor_c, line_c, max(cov(dh - 0.8), cov(dv - 0.8)) * fade)
        c = gradient(sky, y / hz)
        d = math.sqrt((x - cx) * (x - cx) + (y - cy) * (y - cy)) - r
        if d < 1.0:
            t = (y - (cy - r)) / (2 * r)
            sc = gradient(sun, t)
            # slits through the lower half, thicker towards the horizon
            if t > 0.5:
                p = (t - 0.5) * 10.0
                fr = p - math.floor(p)
                gap = 0.15 + (t - 0.5) * 1.1
                dd = (fr - gap) * (2 * r / 10.0)
                sc = mix(c, sc, clamp01(0.5 + dd))
            c = mix(c, sc, cov(d))
        return c
    return f


def cover_dots(n, rng):
    bg = rgb("#14213d")
    pal = [rgb("#fca311"), rgb("#e5e5e5"), rgb("#ef476f")]
    cells = 8
    cs = n / cells

    def f(x, y):
        i, j = int(x / cs), int(y / cs)
        lx, ly = x - (i + 0.5) * cs, y - (j + 0.5) * cs
        t = (i + j) / (2.0 * (cells - 1))
        r = cs * (0.1 + 0.35 * t)
        d = math.sqrt(lx * lx + ly * ly) - r
        return mix(bg, pal[(i * 3 + j) % 3 if (i + j) % 5 == 0 else 0], cov(d))
    return f


def cover_triangle(n, rng):
    bg, tri, dot, bar = rgb("#f4c430"), rgb("#161616"), rgb("#d7263d"), rgb("#fefae0")
    pts = [(n * 0.5, n * 0.12), (n * 0.9, n * 0.86), (n * 0.1, n * 0.86)]
    edges = []
    for k in range(3):
        (x0, y0), (x1, y1) = pts[k], pts[(k + 1) % 3]
        ex, ey = x1 - x0, y1 - y0
        ln = math.sqrt(ex * ex + ey * ey)
        edges.append((x0, y0, ey / ln, -ex / ln))  # outward normal (clockwise)

    def f(x, y):
        c = bar if n * 0.9 < y < n * 0.94 else bg
        d = max((x - x0) * nx + (y - y0) * ny for x0, y0, nx, ny in edges)
        c = mix(c, tri, cov(d))
        dd = math.sqrt((x - n * 0.5) * (x - n * 0.5) + (y - n * 0.6) * (y - n * 0.6)) - n * 0.1
        return mix(c, dot, cov(dd))
    return f


def cover_truchet(n, rng):
    bg, fg = rgb("#ffd6e0"), rgb("#1b998b")
    cells = 6
    cs = n / cells
    flips = [[rng.random() < 0.5 for _ in range(cells)] for _ in range(cells)]
    half = cs * 0.16

    def f(x, y):
        i, j = min(int(x / cs), cells - 1), min(int(y / cs), cells - 1)
        lx, ly = x - i * cs, y - j * cs
        if flips[j][i]:
            lx = cs - lx
        # distance to the nearer of the two quarter-circle arcs centred on
        # opposite corners
        d1 = abs(math.sqrt(lx * lx + ly * ly) - cs * 0.5)
        ax, ay = cs - lx, cs - ly
        d2 = abs(math.sqrt(ax * ax + ay * ay) - cs * 0.5)
        return mix(bg, fg, cov(min(d1, d2) - half))
    return f


def cover_bauhaus(n, rng):
    pal = [rgb(c) for c in ("#264653", "#2a9d8f", "#e9c46a", "#f4a261", "#e76f51", "#f1faee")]
    cells = 3
    cs = n / cells
    tiles = []
    for _ in range(cells * cells):
        a = int(rng.random() * len(pal))
        b = (a + 1 + int(rng.random() * (len(pal) - 1))) % len(pal)
        corner = (int(rng.random() * 2), int(rng.random() * 2))
        kind = int(rng.random() * 3)
        tiles.append((pal[a], pal[b], corner, kind))

    def f(x, y):
        i, j = min(int(x / cs), cells - 1), min(int(y / cs), cells - 1)
        bg, fg, (ci, cj), kind = tiles[j * cells + i]
        lx, ly = x - i * cs, y - j * cs
        if kind == 0:  # quarter disc anchored in a corner
            ox, oy = ci * cs, cj * cs
            d = math.sqrt((lx - ox) * (lx - ox) + (ly - oy) * (ly - oy)) - cs
        elif kind == 1:  # half disc on an edge
            ox, oy = cs * 0.5, cj * cs
            d = math.sqrt((lx - ox) * (lx - ox) + (ly - oy) * (ly - oy)) - cs * 0.5
        else:  # centred disc
            d = math.sqrt((lx - cs / 2) * (lx - cs / 2) + (ly - cs / 2) * (ly - cs / 2)) - cs * 0.36
        return mix(bg, fg, cov(d))
    return f


def cover_sunburst(n, rng):
    pal = [rgb("#ff7b00"), rgb("#ffb700")]
    centre = rgb("#6a040f")
    cx, cy = n * 0.5, n * 0.5
    rays = 24
    wedge = TWO_PI / rays

    def f(x, y):
        dx, dy = x - cx, y - cy
        r = math.sqrt(dx * dx + dy * dy)
        a = datan2(dy, dx) + PI
        # wedge boundaries are anti-aliased by arc length (angle * radius)
        c = bands(a * r, wedge * r, pal) if r > 1.0 else pal[0]
        return mix(c, centre, cov(r - n * 0.16))
    return f


def cover_rothko(n, rng):
    bg = rgb("#5c0f14")
    blocks = [(0.08, 0.46, rgb("#e0522c")), (0.52, 0.9, rgb("#f2a541"))]
    soft = 10.0

    def f(x, y):
        c = bg
        for y0, y1, col in blocks:
            # feathered rectangle: soft edges give the painted look
            d = max(n * 0.08 - x, x - n * 0.92, n * y0 - y, y - n * y1)
            c = mix(c, col, clamp01(0.5 - d / soft))
        return c
    return f


def cover_albers(n, rng):
    sq = [rgb(c) for c in ("#3a5a40", "#588157", "#a3b18a", "#dad7cd")]
    # Nested squares sit low in the frame, as in Albers' "Homage to the Square".
    sizes = [(0.5, 0.5, 0.5), (0.5, 0.56, 0.38), (0.5, 0.62, 0.26), (0.5, 0.68, 0.14)]

    def f(x, y):
        c = sq[0]
        for k in range(1, 4):
            cx, cy, half = sizes[k]
            d = max(abs(x - cx * n), abs(y - cy * n)) - half * n
            c = mix(c, sq[k], cov(d))
        return c
    return f


def cover_waves(n, rng):
    pal = [rgb(c) for c in ("#03045e", "#0077b6", "#00b4d8", "#caf0f8")]
    amp, freq = n * 0.04, TWO_PI * 2.0 / n

    def f(x, y):
        s = dsin(x * freq + y * 0.004)
        slope = amp * freq * dcos(x * freq + y * 0.004)
        # dividing by the gradient length keeps edges ~1 px soft on slopes
        return bands((y + amp * s) / math.sqrt(1.0 + slope * slope), 24.0, pal)
    return f


def cover_plaid(n, rng):
    base = rgb("#2b193d")
    bars = [(0.15, 0.1, rgb("#ff7eb6"), 0.55), (0.5, 0.2, rgb("#7ae7c7"), 0.5),
            (0.82, 0.06, rgb("#f9f871"), 0.6)]

    def f(x, y):
        c = base
        for pos, wdt, col, a in bars:
            for v in (x, y):  # the same bars run both ways and overlap
                d = abs(v - pos * n) - wdt * n * 0.5
                c = mix(c, col, a * cov(d))
        return c
    return f


COVERS = [cover_rings, cover_diagonal, cover_synthwave, cover_dots, cover_triangle,
          cover_truchet, cover_bauhaus, cover_sunburst, cover_rothko, cover_albers,
          cover_waves, cover_plaid]


def render_cover(index):
    n = COVER_SIZE
    f = COVERS[index](n, random.Random(SEED * 100 + 50 + index))
    out = bytearray()
    for y in range(n):
        yc = y + 0.5
        for x in range(n):
            c = f(x + 0.5, yc)
            out += bytes((to_byte(c[0]), to_byte(c[1]), to_byte(c[2])))
    return n, n, bytes(out)


# --------------------------------------------------------------------------
# Driver
# --------------------------------------------------------------------------

def jobs():
    """(relative path, render function, index) for every generated file."""
    for i in range(len(PHOTO_RATIOS)):
        yield os.path.join("photos", "photo-%02d.png" % i), render_photo, i
    for i in range(len(COVERS)):
        yield os.path.join("covers", "cover-%02d.png" % i), render_cover, i


def generate(out_dir, verbose=True):
    written = []
    for rel, render, i in jobs():
        t0 = time.time()
        w, h, pixels = render(i)
        data = encode_png(w, h, pixels)
        path = os.path.join(out_dir, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as fh:
            fh.write(data)
        written.append(rel)
        if verbose:
            print("%-24s %4dx%-4d %7d bytes  %.1fs" % (rel, w, h, len(data), time.time() - t0))
    return written


def check(committed_dir):
    """Regenerate into a temp dir and compare with the committed files."""
    differ, note = [], []
    with tempfile.TemporaryDirectory() as tmp:
        expected = generate(tmp, verbose=False)
        for rel in expected:
            with open(os.path.join(tmp, rel), "rb") as fh:
                fresh = fh.read()
            path = os.path.join(committed_dir, rel)
            if not os.path.exists(path):
                differ.append(rel + " (missing)")
                continue
            with open(path, "rb") as fh:
                old = fh.read()
            if old == fresh:
                continue
            # A different zlib build (e.g. zlib-ng) may compress identical
            # pixels to different bytes; that is not a stale image.
            if png_content(old) == png_content(fresh) and png_content(old)[1] is not None:
                note.append(rel)
            else:
                differ.append(rel)
    # Stray images that the script would not produce are stale as well.
    for sub in ("photos", "covers"):
        folder = os.path.join(committed_dir, sub)
        if os.path.isdir(folder):
            for name in sorted(os.listdir(folder)):
                rel = os.path.join(sub, name)
                if name.endswith(".png") and rel not in expected:
                    differ.append(rel + " (not generated by this script)")
    for rel in note:
        print("same pixels, different zlib output: %s" % rel)
    if differ:
        print("Resources differ from Tools/make-resources.py output:")
        for rel in differ:
            print("  " + rel)
        print("Run: python3 Tools/make-resources.py")
        return 1
    print("All %d images identical to the generator output." % len(expected))
    return 0


def main(argv=None):
    repo_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    default_out = os.path.join(repo_root, "Resources")
    parser = argparse.ArgumentParser(
        description="Generate the demo photos and album covers bundled with "
                    "Parallax Playground (deterministic, standard library only).")
    parser.add_argument("out_dir", nargs="?", default=default_out,
                        help="output directory (default: Resources/ at the repository "
                             "root, found relative to this script)")
    parser.add_argument("--check", action="store_true",
                        help="regenerate into a temporary directory and compare with "
                             "the files in OUT_DIR; exit 1 and list them if any differ. "
                             "Files whose bytes differ only because another zlib build "
                             "compressed the same pixels differently are reported but "
                             "pass")
    args = parser.parse_args(argv)
    if args.check:
        return check(args.out_dir)
    t0 = time.time()
    files = generate(args.out_dir)
    print("wrote %d files to %s in %.1fs" % (len(files), args.out_dir, time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
