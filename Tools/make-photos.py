#!/usr/bin/env python3
# One file on purpose: a standalone generator that make bench and the tests run by path with
# the system Python, so there is no package of its own to import from.
# Debian packages this script needs (apt-get install -y ...):
#     python3-numpy python3-pil icc-profiles-free
# (icc-profiles-free is only for the Adobe RGB ICC profile of IMG_0005;
# colord-data's AdobeRGB1998.icc is used instead if only that is present.)
# Nothing else: EXIF is written by this script itself, so neither exiftool
# nor vips is needed to generate. They are handy to check the result:
#     libimage-exiftool-perl (exiftool), libvips-tools (vipsheader, vipsthumbnail)
"""Generate a folder of camera-like test JPEGs for the photo pipeline.

    python3 Tools/make-photos.py OUTDIR --count N [--seed S]
                                 [--megapixels MIN-MAX] [--small]
                                 [--no-thumbnails] [--bad] [--huge] [--jobs J]

Writes OUTDIR/IMG_0001.jpg ... IMG_<N>.jpg. The same arguments always give
byte-identical files (same numpy/Pillow versions): every image draws from its
own RNG seeded by (seed, index), so IMG_0007 is the same whatever --count is,
and nothing is taken from the clock. OUTDIR is yours: never commit it.

Each picture is a textured landscape (gradients, fractal texture, sharp
shapes, sensor grain, vignetting) so that decoding costs what a real photo
costs, with markers for tests and people, all in the *displayed* (upright)
frame:
  - a bright yellow band (255,255,0) along the top edge, 4% of the height;
  - a magenta (255,0,255) square at the top-left corner, on that band;
  - a red up-arrow and the image's index in big white digits in the centre.
A viewer that honours the EXIF orientation shows the yellow band on top and
magenta top-left. (In the CMYK file they are pure yellow and magenta ink,
which come out near (255,238,0) and (235,30,132) once converted to sRGB.)

The first twelve images cover every case; the pattern repeats after that
(only the colour-space special cases do not repeat):
  index  shown   EXIF orientation        JPEG        colour
  1      3:2     1                       baseline    sRGB
  2      2:3     6 (stored rotated)      baseline    sRGB
  3      4:3     3 (stored upside down)  progressive sRGB
  4      3:4     8 (stored rotated)      baseline    sRGB
  5      3:2     1                       progressive Adobe RGB (ICC embedded)
  6      4:3     1                       baseline    CMYK (Adobe APP14)
  7      16:9    no tag                  baseline    sRGB
  8      9:16    1                       progressive sRGB
  9      2:3     6                       progressive sRGB
  10     16:9    3                       baseline    sRGB
  11     3:4     8                       progressive sRGB
  12     3:2     no tag                  baseline    sRGB
Every image but 6 and 12 (and their repeats) embeds a 160-pixel EXIF
thumbnail in IFD1, as cameras do; with --no-thumbnails none does, like a
folder that went through an editor or exporter that drops them (the pictures,
orientations, colour spaces, dates and encodings stay the same: only the EXIF
block loses its IFD1). Every image has EXIF DateTimeOriginal, in an order
unrelated to the file names; IMG_0008 has exactly the date of IMG_0003 (a tie,
for sort tests).
Chroma subsampling (4:2:0, 4:2:2, 4:4:4) and quality (88-95) vary too.

Sizes: --megapixels MIN-MAX (default 12-24; --small: 0.3-1). Dimensions are
even but not always multiples of 8 or 16, as with real cameras' odd modes.

--bad adds the files a pipeline must survive, into the same folder:
  bad-empty.jpg        zero bytes
  bad-truncated.jpg    a JPEG cut off in the middle of its scan data
  bad-text.jpg         plain text
  x.jpg/               a directory
  loop.jpg             a symlink to itself
  palette-alpha.png    a palette PNG with transparency (tRNS)
  .hidden.jpg          a valid JPEG that a folder scan should skip
--huge (with --bad) also writes huge-100mp.jpg, 100 megapixels (slow).
"""

import argparse
import datetime
import io
import math
import multiprocessing
import os
import signal
import struct
import sys
import time

SYSTEM_PYTHON = "/usr/bin/python3"

# glibc hands every array above 32 MB straight back to the kernel when it is
# freed, so each of the many 20-megapixel temporaries faults in fresh zeroed
# pages: that cost a third of the run time. Keeping freed memory in the heap
# removes it. These variables are only read at process start, hence re-exec.
MALLOC_ENV = {
    "MALLOC_MMAP_THRESHOLD_": str(1 << 32),
    "MALLOC_TRIM_THRESHOLD_": str(1 << 32),
    "MALLOC_TOP_PAD_": str(1 << 28),
}


def _modules_missing():
    try:
        import numpy  # noqa: F401
        from PIL import Image  # noqa: F401
        return None
    except ImportError as error:
        return error.name or "?"


def _prepare_process():
    """Import numpy and Pillow, or say which Debian package is missing; make
    sure the malloc settings above are in force.

    Debian's python3-numpy/python3-pil install for /usr/bin/python3 only, and a
    pyenv or venv python3 earlier on PATH does not see them; rather than fail
    there, run this script again with the system interpreter.
    """
    missing = _modules_missing()
    again = os.environ.get("MAKE_PHOTOS_REEXEC") == "1"
    interpreter = sys.executable
    if missing:
        if again or not os.path.exists(SYSTEM_PYTHON) \
                or os.path.realpath(sys.executable) == os.path.realpath(SYSTEM_PYTHON):
            package = {"numpy": "python3-numpy"}.get(missing.split(".")[0], "python3-pil")
            sys.exit(f"make-photos: Python module '{missing}' not found; "
                     f"install it with: apt-get install -y {package}")
        interpreter = SYSTEM_PYTHON
    elif again:
        return
    env = dict(os.environ, MAKE_PHOTOS_REEXEC="1", **MALLOC_ENV)
    os.execve(interpreter, [interpreter, os.path.abspath(__file__)] + sys.argv[1:], env)


if __name__ == "__main__":
    # Let --help work even where the imports would fail.
    if not any(a in ("-h", "--help") for a in sys.argv[1:]):
        _prepare_process()

try:
    import numpy as np
    from PIL import Image, ImageCms, ImageDraw
except ImportError:  # only reached for --help without the packages
    np = Image = ImageCms = ImageDraw = None

# --------------------------------------------------------------------------
# What each index gets
# --------------------------------------------------------------------------

# (displayed width:height, EXIF orientation or None for no tag, progressive),
# for indices 1..12, repeating. Orientations 6 and 8 go with portrait
# pictures because that is what a camera turned on its side produces: a
# landscape sensor frame tagged to be shown portrait.
SCHEDULE = [
    ((3, 2), 1, False),
    ((2, 3), 6, False),
    ((4, 3), 3, True),
    ((3, 4), 8, False),
    ((3, 2), 1, True),
    ((4, 3), 1, False),
    ((16, 9), None, False),
    ((9, 16), 1, True),
    ((2, 3), 6, True),
    ((16, 9), 3, False),
    ((3, 4), 8, True),
    ((3, 2), None, False),
]
ADOBE_INDEX = 5
CMYK_INDEX = 6
# IMG_0008 copies the date of IMG_0003 so that a date sort meets a tie.
DATE_TIE = {8: 3}

# An ICC v2 profile, as cameras embed, with an English description; colord's
# is ICC v4 with a Ukrainian default description, kept as a fallback.
ICC_CANDIDATES = [
    ("/usr/share/color/icc/compatibleWithAdobeRGB1998.icc", "icc-profiles-free"),
    ("/usr/share/color/icc/colord/AdobeRGB1998.icc", "colord-data"),
]

YELLOW = (255, 255, 0)
MAGENTA = (255, 0, 255)
ARROW_RED = (225, 25, 25)

CAMERA_MAKE = "Parallax Playground"
CAMERA_MODEL = "make-photos test camera"


def find_icc_profile():
    for path, _package in ICC_CANDIDATES:
        if os.path.isfile(path):
            return path
    return None


# --------------------------------------------------------------------------
# EXIF, written by hand
#
# Pillow's Exif class guesses field types from Python values and its nested
# IFD handling changed between versions; a small explicit TIFF writer keeps
# the bytes stable and lets every field have the type the EXIF spec asks for
# (so `exiftool -validate` has nothing to complain about).
# --------------------------------------------------------------------------

ASCII, SHORT, LONG, RATIONAL, UNDEFINED = 2, 3, 4, 5, 7


def _encode_field(typ, value):
    """Return (raw bytes, count) of one IFD field, little-endian."""
    if typ == ASCII:
        raw = value.encode("ascii") + b"\0"
        return raw, len(raw)
    if typ == SHORT:
        return struct.pack(f"<{len(value)}H", *value), len(value)
    if typ == LONG:
        return struct.pack(f"<{len(value)}I", *value), len(value)
    if typ == RATIONAL:
        flat = [n for pair in value for n in pair]
        return struct.pack(f"<{len(flat)}I", *flat), len(value)
    if typ == UNDEFINED:
        return bytes(value), len(value)
    raise ValueError(typ)


def _ifd_bytes(entries, start):
    """One IFD at file offset `start`, followed by its out-of-line values."""
    entries = sorted(entries)  # TIFF requires ascending tag order
    data_start = start + 2 + 12 * len(entries) + 4
    table = struct.pack("<H", len(entries))
    data = b""
    for tag, typ, value in entries:
        raw, count = _encode_field(typ, value)
        if len(raw) <= 4:
            field = raw.ljust(4, b"\0")
        else:
            field = struct.pack("<I", data_start + len(data))
            data += raw
            if len(data) % 2:  # values start on word boundaries
                data += b"\0"
        table += struct.pack("<HHI", tag, typ, count) + field
    return table + struct.pack("<I", 0) + data


def exif_bytes(width, height, orientation, when, shot, uncalibrated, thumbnail=None):
    """APP1 payload ("Exif\\0\\0" + TIFF) for a camera-like JPEG; `thumbnail`,
    when given, is a small JPEG stored in IFD1 as cameras do (in the stored
    orientation: a viewer turns it by the same tag as the photo)."""
    stamp = when.strftime("%Y:%m:%d %H:%M:%S")
    ifd0 = [
        (0x010F, ASCII, CAMERA_MAKE),
        (0x0110, ASCII, CAMERA_MODEL),
        (0x011A, RATIONAL, [(72, 1)]),
        (0x011B, RATIONAL, [(72, 1)]),
        (0x0128, SHORT, [2]),
        (0x0132, ASCII, stamp),
        (0x0213, SHORT, [1]),
    ]
    if orientation is not None:
        ifd0.append((0x0112, SHORT, [orientation]))
    exif_ifd = [
        (0x829A, RATIONAL, [(1, shot["shutter"])]),
        (0x829D, RATIONAL, [(shot["fnumber10"], 10)]),
        (0x8827, SHORT, [shot["iso"]]),
        (0x9000, UNDEFINED, b"0232"),
        (0x9003, ASCII, stamp),
        (0x9004, ASCII, stamp),
        (0x9101, UNDEFINED, b"\x01\x02\x03\x00"),
        (0x920A, RATIONAL, [(shot["focal"], 1)]),
        (0xA000, UNDEFINED, b"0100"),
        # 0xFFFF "uncalibrated": what cameras write for Adobe RGB shots, and
        # editors for CMYK; 1 means sRGB.
        (0xA001, SHORT, [0xFFFF if uncalibrated else 1]),
        (0xA002, LONG, [width]),
        (0xA003, LONG, [height]),
    ]
    # The Exif IFD follows IFD0, whose length does not depend on the pointer
    # value: lay IFD0 out once to learn where the Exif IFD lands.
    pointer = (0x8769, LONG, [0])
    exif_start = 8 + len(_ifd_bytes(ifd0 + [pointer], 8))
    head = bytearray(_ifd_bytes(ifd0 + [(0x8769, LONG, [exif_start])], 8))
    exif = _ifd_bytes(exif_ifd, exif_start)
    tail = b""
    if thumbnail is not None:
        # IFD1 describes the thumbnail (JPEG compression, its offset and length);
        # its size does not depend on the offset, so lay it out once to learn
        # where the thumbnail's bytes land, right after it.
        ifd1_start = exif_start + len(exif)
        def ifd1(offset):
            return _ifd_bytes([
                (0x0103, SHORT, [6]),
                (0x011A, RATIONAL, [(72, 1)]),
                (0x011B, RATIONAL, [(72, 1)]),
                (0x0128, SHORT, [2]),
                (0x0201, LONG, [offset]),
                (0x0202, LONG, [len(thumbnail)]),
            ], ifd1_start)
        thumb_start = ifd1_start + len(ifd1(0))
        tail = ifd1(thumb_start) + thumbnail
        # IFD0's "next IFD" field, after its count and 12-byte entries.
        entries = len(ifd0) + 1
        struct.pack_into("<I", head, 2 + 12 * entries, ifd1_start)
    tiff = b"II*\0" + struct.pack("<I", 8) + bytes(head) + exif + tail
    return b"Exif\0\0" + tiff


# Every photo but these carries an EXIF thumbnail, as camera files do; these
# two (an untagged one and the CMYK one) have none, like files that went
# through an editor that strips it.
NO_THUMBNAIL = {6, 12}
THUMBNAIL_SIDE = 160  # the size EXIF 2.32 recommends (160 x 120)


def thumbnail_jpeg(image):
    """A baseline JPEG of `image` (as stored) fitting 160 x 160."""
    small = image.convert("RGB")
    small.thumbnail((THUMBNAIL_SIDE, THUMBNAIL_SIDE))
    out = io.BytesIO()
    small.save(out, "JPEG", quality=80)
    return out.getvalue()


# --------------------------------------------------------------------------
# Drawing
# --------------------------------------------------------------------------

def hsv(h, s, v):
    """HSV in [0,1] to an RGB triple in [0,255] floats."""
    i = int(h * 6) % 6
    f = h * 6 - math.floor(h * 6)
    p, q, t = v * (1 - s), v * (1 - s * f), v * (1 - s * (1 - f))
    r, g, b = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
    return np.array([r * 255, g * 255, b * 255], dtype=np.float32)


def fractal(rng, width, height, octaves, base_cells):
    """Smooth multi-octave noise of shape (height, width), roughly in [-1, 1].

    Each octave is a small random grid enlarged bicubically. They are summed
    at a quarter of the final size and enlarged once, because enlarging every
    octave to 20+ megapixels would cost several times as much, and the finest
    detail comes from the per-pixel grain added later anyway.
    """
    qw, qh = max(2, width // 4), max(2, height // 4)
    total = np.zeros((qh, qw), dtype=np.float32)
    amplitude, weight = 1.0, 0.0
    for octave in range(octaves):
        cells = base_cells * (2 ** octave)
        cx = max(1, round(cells * width / max(width, height)))
        cy = max(1, round(cells * height / max(width, height)))
        grid = rng.standard_normal((cy + 3, cx + 3)).astype(np.float32)
        layer = Image.fromarray(grid, mode="F").resize(
            (qw, qh), Image.BICUBIC, box=(1, 1, cx + 1, cy + 1))
        total += np.asarray(layer) * amplitude
        weight += amplitude
        amplitude *= 0.55
    total *= 1.0 / (weight * 0.8)
    full = Image.fromarray(total, mode="F").resize((width, height), Image.BICUBIC)
    return np.asarray(full)


def ridge_line(rng, width, height):
    """A mountain/skyline y coordinate for every column (sharp horizon edge)."""
    xs = np.arange(width, dtype=np.float32)
    y = np.full(width, height * rng.uniform(0.42, 0.62), dtype=np.float32)
    amplitude = height * 0.12
    for points in (4, 9, 23, 61, 160):
        knots = rng.uniform(-1, 1, points + 1).astype(np.float32)
        y += np.interp(xs, np.linspace(0, width - 1, points + 1), knots) * amplitude
        amplitude *= 0.45
    return y


def draw_shapes(rng, draw, width, height, horizon):
    """Flat-coloured objects with hard edges: houses, poles, rocks, a sun."""
    unit = min(width, height)
    sun_r = unit * rng.uniform(0.03, 0.07)
    sx, sy = rng.uniform(0.1, 0.9) * width, rng.uniform(0.08, 0.3) * height
    draw.ellipse([sx - sun_r, sy - sun_r, sx + sun_r, sy + sun_r],
                 fill=(255, 246, 214))
    for _ in range(int(rng.integers(6, 16))):  # buildings standing on the ridge
        x = rng.uniform(0, width)
        w = unit * rng.uniform(0.03, 0.12)
        h = unit * rng.uniform(0.05, 0.25)
        base = float(horizon[min(width - 1, max(0, int(x)))]) + unit * 0.02
        colour = tuple(int(c) for c in hsv(rng.uniform(), rng.uniform(0.1, 0.6),
                                           rng.uniform(0.3, 0.95)))
        draw.rectangle([x, base - h, x + w, base], fill=colour)
        win = max(2.0, w / 9)
        dark = tuple(int(c * 0.35) for c in colour)
        yy = base - h + win
        while yy + win < base - win:  # window grid: many small edges
            xx = x + win
            while xx + win < x + w - win / 2:
                draw.rectangle([xx, yy, xx + win, yy + win], fill=dark)
                xx += 2 * win
            yy += 2 * win
    for _ in range(int(rng.integers(3, 8))):  # poles and wires
        x = rng.uniform(0, width)
        top = rng.uniform(0.2, 0.5) * height
        draw.line([x, top, x, height], fill=(40, 34, 30), width=max(1, int(unit * 0.006)))
    for _ in range(int(rng.integers(10, 30))):  # rocks and bushes in the foreground
        cx = rng.uniform(0, width)
        cy = rng.uniform(0.7, 1.05) * height
        rx, ry = unit * rng.uniform(0.01, 0.08), unit * rng.uniform(0.01, 0.05)
        colour = tuple(int(c) for c in hsv(rng.uniform(0.05, 0.35), rng.uniform(0.2, 0.7),
                                           rng.uniform(0.15, 0.7)))
        draw.ellipse([cx - rx, cy - ry, cx + rx, cy + ry], fill=colour)


# Seven-segment digits: drawn from polygons so no font package is needed and
# the result does not depend on a font version.
SEGMENTS = {
    "0": "abcdef", "1": "bc", "2": "abged", "3": "abgcd", "4": "fgbc",
    "5": "afgcd", "6": "afgedc", "7": "abc", "8": "abcdefg", "9": "abcdfg",
}


def _segment(x0, y0, x1, y1, t):
    """Hexagonal bar from (x0,y0) to (x1,y1), horizontal or vertical."""
    h = t / 2
    if y0 == y1:
        return [(x0, y0), (x0 + h, y0 - h), (x1 - h, y0 - h), (x1, y0),
                (x1 - h, y0 + h), (x0 + h, y0 + h)]
    return [(x0, y0), (x0 + h, y0 + h), (x0 + h, y1 - h), (x0, y1),
            (x0 - h, y1 - h), (x0 - h, y0 + h)]


def draw_number(draw, text, cx, cy, digit_h, fill):
    dw = digit_h * 0.55
    t = digit_h * 0.13
    gap = t * 0.15
    step = dw + t * 1.6
    left = cx - (step * len(text) - t * 1.6) / 2
    top = cy - digit_h / 2
    for k, ch in enumerate(text):
        x0 = left + k * step
        x1, ym, y1 = x0 + dw, top + digit_h / 2, top + digit_h
        bars = {
            "a": (x0 + gap, top, x1 - gap, top),
            "g": (x0 + gap, ym, x1 - gap, ym),
            "d": (x0 + gap, y1, x1 - gap, y1),
            "f": (x0, top + gap, x0, ym - gap),
            "b": (x1, top + gap, x1, ym - gap),
            "e": (x0, ym + gap, x0, y1 - gap),
            "c": (x1, ym + gap, x1, y1 - gap),
        }
        for name in SEGMENTS[ch]:
            draw.polygon(_segment(*bars[name], t), fill=fill)
    return step * len(text)


def draw_markers(image, label):
    """Draw the orientation markers and the label, in the upright frame.

    Drawn after the grain so their colours stay exact for tests. The plate
    behind the label darkens the picture rather than covering it, so the
    centre keeps its texture.
    """
    width, height = image.size
    unit = min(width, height)
    band = max(4, round(height * 0.04))
    digit_h = unit * 0.26
    arrow_h = unit * 0.22
    text_w = digit_h * (0.55 + 0.208) * len(label)
    plate_w = max(text_w, arrow_h * 0.9) + unit * 0.08
    plate_h = arrow_h + digit_h + unit * 0.12
    cx, cy = width / 2, height / 2 + band / 2
    box = (int(max(0, cx - plate_w / 2)), int(max(band, cy - plate_h / 2)),
           int(min(width, cx + plate_w / 2)), int(min(height, cy + plate_h / 2)))
    image.paste(image.crop(box).point(lambda v: v * 90 // 256), box)

    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 0, width - 1, band - 1], fill=YELLOW)
    draw.rectangle([0, 0, band * 2 - 1, band * 2 - 1], fill=MAGENTA)

    top = box[1] + unit * 0.04
    aw = arrow_h * 0.8
    shaft = aw * 0.36
    head = arrow_h * 0.5
    draw.polygon([
        (cx, top), (cx + aw / 2, top + head), (cx + shaft / 2, top + head),
        (cx + shaft / 2, top + arrow_h), (cx - shaft / 2, top + arrow_h),
        (cx - shaft / 2, top + head), (cx - aw / 2, top + head),
    ], fill=ARROW_RED)
    draw_number(draw, label, cx, top + arrow_h + unit * 0.04 + digit_h / 2,
                digit_h, (250, 250, 250))
    return image


def to_plane(values):
    """float32 (H, W) to an 8-bit Pillow band; Pillow rounds and clips in C,
    cheaper than np.clip + astype on 20-megapixel arrays."""
    return Image.fromarray(np.ascontiguousarray(values, dtype=np.float32), "F").convert("L")


def render(rng, width, height, label):
    """An upright RGB picture of width x height, as a PIL image.

    Works one colour plane at a time on (H, W) float32 arrays: numpy is
    several times slower on (H, W, 3) arrays, whose innermost loop is only
    three elements long.
    """
    ys = np.linspace(0.0, 1.0, height, dtype=np.float32)[:, None]
    xs = np.linspace(0.0, 1.0, width, dtype=np.float32)[None, :]

    hue = rng.uniform()
    sky_top = hsv((hue + 0.55) % 1.0, rng.uniform(0.4, 0.8), rng.uniform(0.45, 0.8))
    sky_low = hsv((hue + 0.5 + rng.uniform(-0.1, 0.1)) % 1.0, rng.uniform(0.1, 0.4),
                  rng.uniform(0.8, 1.0))
    ground_a = hsv((hue + rng.uniform(0.1, 0.3)) % 1.0, rng.uniform(0.3, 0.8),
                   rng.uniform(0.3, 0.7))
    ground_b = hsv((hue + rng.uniform(0.3, 0.6)) % 1.0, rng.uniform(0.2, 0.7),
                   rng.uniform(0.2, 0.6))

    horizon = ridge_line(rng, width, height)
    clouds = fractal(rng, width, height, 5, 3)
    detail = fractal(rng, width, height, 6, 6)
    mix = fractal(rng, width, height, 4, 2)

    # Sky: vertical gradient, lifted towards white where the clouds are.
    t = np.clip(ys * 1.6, 0.0, 1.0)
    cloud = np.clip(clouds * 1.4 - 0.2, 0.0, 1.0)
    cloud *= 0.8
    # Ground: two colours mixed by one noise field, shaded by a finer one.
    is_ground = (ys * (height - 1)) > horizon[None, :]
    blend = np.clip(mix * 0.7 + 0.5, 0.0, 1.0)
    shade = 1.0 + 0.35 * detail
    # Fine texture (grass, gravel: 2-6 px blobs) on the ground, where real
    # photos spend most of their bits; enlarging byte noise is cheap.
    fine = Image.fromarray(
        rng.integers(0, 256, (height // 3 + 1, width // 3 + 1), dtype=np.uint8), "L")
    fine = np.asarray(fine.resize((width, height), Image.BICUBIC), dtype=np.float32)
    fine -= 127.5
    fine *= 0.3 / 127.5
    shade += fine
    del clouds, mix, fine
    planes = []
    for c in range(3):
        sky_column = sky_top[c] + (sky_low[c] - sky_top[c]) * t
        sky = (250.0 - sky_column) * cloud
        sky += sky_column
        ground = blend * (ground_b[c] - ground_a[c])
        ground += ground_a[c]
        ground *= shade
        planes.append(to_plane(np.where(is_ground, ground, sky)))
        del sky, ground
    del cloud, blend, shade, is_ground
    image = Image.merge("RGB", planes)
    draw_shapes(rng, ImageDraw.Draw(image), width, height, horizon)

    # Light falloff and sensor grain apply to everything, shapes included.
    light = (xs - 0.5) ** 2 + (ys - 0.5) ** 2
    light *= -0.7
    light += 1.0
    light *= 1.0 + 0.12 * detail
    del detail
    # Uniform byte noise is far cheaper than Gaussian and looks the same to
    # a JPEG coder. Two spare rows let each channel read the field shifted by
    # one row, so at each pixel the three channels get independent noise
    # (chroma noise too, as from a real sensor) without drawing three fields.
    grain = rng.integers(0, 256, (height + 2, width), dtype=np.uint8).astype(np.float32)
    grain -= 127.5
    grain *= rng.uniform(4.0, 8.0) * math.sqrt(12.0) / 256.0  # sigma in levels
    planes = []
    for c, band in enumerate(image.split()):
        value = np.asarray(band, dtype=np.float32) * light
        value += grain[c:c + height]
        planes.append(to_plane(value))
        del value
    return draw_markers(Image.merge("RGB", planes), label)


def to_cmyk(image):
    """Naive RGB to CMYK with full grey replacement (K takes the shared ink)."""
    rgb = np.asarray(image, dtype=np.float32) / 255.0
    k = 1.0 - rgb.max(axis=2)
    room = np.maximum(1.0 - k, 1e-6)[..., None]
    cmy = (1.0 - rgb - k[..., None]) / room
    cmyk = np.concatenate([cmy, k[..., None]], axis=2)
    return Image.fromarray(np.round(cmyk * 255).astype(np.uint8), "CMYK")


# Storing pixels so that a viewer applying the EXIF orientation shows them
# upright: the stored image is the upright one turned the opposite way.
STORE_TRANSPOSE = {3: "ROTATE_180", 6: "ROTATE_90", 8: "ROTATE_270"}


def shape_for(rng, aspect, mp_range):
    mp = rng.uniform(*mp_range) if mp_range[1] > mp_range[0] else mp_range[0]
    a = aspect[0] / aspect[1]
    width = max(16, 2 * round(math.sqrt(mp * 1e6 * a) / 2))
    height = max(16, 2 * round(width / a / 2))
    return width, height


def base_date(seed):
    """A start date chosen by the seed, never by the clock."""
    rng = np.random.default_rng([seed, 0])
    return datetime.datetime(2016, 1, 1) + datetime.timedelta(days=int(rng.integers(0, 2500)))


def shot_date(seed, index):
    rng = np.random.default_rng([seed, index, 7])
    seconds = int(rng.integers(0, 400 * 86400))
    return base_date(seed) + datetime.timedelta(seconds=seconds)


def make_photo(job):
    """Render, orient, encode and write one IMG_NNNN.jpg; returns a summary."""
    outdir, seed, index, mp_range, icc_path, thumbnails = job
    aspect, orientation, progressive = SCHEDULE[(index - 1) % len(SCHEDULE)]
    rng = np.random.default_rng([seed, index])
    width, height = shape_for(rng, aspect, mp_range)
    image = render(rng, width, height, str(index))

    colour = "sRGB"
    icc = None
    if index == ADOBE_INDEX:
        # Convert so that a colour-managed viewer shows the same picture as
        # the sRGB ones; an unmanaged one shows it duller.
        with open(icc_path, "rb") as f:
            icc = f.read()
        image = ImageCms.profileToProfile(
            image, ImageCms.createProfile("sRGB"), ImageCms.ImageCmsProfile(io.BytesIO(icc)),
            renderingIntent=1, outputMode="RGB")  # 1: relative colorimetric
        colour = "AdobeRGB"
    if orientation in STORE_TRANSPOSE:
        image = image.transpose(getattr(Image.Transpose, STORE_TRANSPOSE[orientation]))
    if index == CMYK_INDEX:
        image = to_cmyk(image)
        colour = "CMYK"

    when = shot_date(seed, DATE_TIE.get(index, index))
    shot = {
        "shutter": int(rng.choice([30, 60, 125, 250, 500, 1000])),
        "fnumber10": int(rng.choice([18, 28, 40, 56, 80, 110])),
        "iso": int(rng.choice([100, 200, 400, 800, 1600])),
        "focal": int(rng.choice([18, 24, 35, 50, 85, 135])),
    }
    subsampling = int(rng.choice([2, 2, 1, 0]))  # 4:2:0 most, like phones
    quality = int(rng.integers(88, 96))
    # Decided after every draw from rng, and drawing nothing itself, so the
    # pictures are the same with and without --no-thumbnails.
    with_thumbnail = thumbnails and (index - 1) % len(SCHEDULE) + 1 not in NO_THUMBNAIL
    exif = exif_bytes(image.width, image.height, orientation, when, shot,
                      uncalibrated=(colour != "sRGB"),
                      thumbnail=thumbnail_jpeg(image) if with_thumbnail else None)
    options = dict(quality=quality, progressive=progressive, exif=exif, optimize=False)
    if colour != "CMYK":
        options["subsampling"] = subsampling
    if icc:
        options["icc_profile"] = icc
    name = f"IMG_{index:04d}.jpg"
    write_image(outdir, name, image, "JPEG", options)
    return (f"{name}  {image.width}x{image.height}  "
            f"orientation={orientation if orientation else '-'}  "
            f"{'progressive' if progressive else 'baseline'}  "
            f"{['4:4:4', '4:2:2', '4:2:0'][subsampling] if colour != 'CMYK' else '-'}  "
            f"q{quality}  {colour}  {when:%Y-%m-%d %H:%M:%S}")


def write_image(outdir, name, image, fmt, options):
    """Write through a temporary name so a reader never sees half a file."""
    temp = os.path.join(outdir, f".tmp-{os.getpid()}-{name}")
    image.save(temp, fmt, **options)
    os.replace(temp, os.path.join(outdir, name))


def write_bytes(outdir, name, data):
    temp = os.path.join(outdir, f".tmp-{os.getpid()}-{name}")
    with open(temp, "wb") as f:
        f.write(data)
    os.replace(temp, os.path.join(outdir, name))


def clear(path):
    """Remove whatever a previous run left at path (file, symlink or dir)."""
    if os.path.islink(path) or os.path.isfile(path):
        os.unlink(path)
    elif os.path.isdir(path):
        for entry in os.listdir(path):
            clear(os.path.join(path, entry))
        os.rmdir(path)


def small_jpeg(seed, tag, label):
    rng = np.random.default_rng([seed, tag])
    image = render(rng, 800, 600, label)
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=90)
    return buffer.getvalue()


def make_bad(outdir, seed, huge):
    """The broken and odd entries a folder scan must survive."""
    lines = []
    write_bytes(outdir, "bad-empty.jpg", b"")
    lines.append("bad-empty.jpg  0 bytes")

    whole = small_jpeg(seed, 1001, "0")
    cut = len(whole) * 6 // 10  # inside the entropy-coded scan, past all headers
    write_bytes(outdir, "bad-truncated.jpg", whole[:cut])
    lines.append(f"bad-truncated.jpg  {cut} of {len(whole)} bytes")

    write_bytes(outdir, "bad-text.jpg",
                b"This is not a JPEG. make-photos.py wrote it to test that a\n"
                b"photo scanner reports a bad file and carries on.\n")
    lines.append("bad-text.jpg  plain text")

    folder = os.path.join(outdir, "x.jpg")
    clear(folder)
    os.mkdir(folder)
    lines.append("x.jpg/  directory")

    loop = os.path.join(outdir, "loop.jpg")
    clear(loop)
    os.symlink("loop.jpg", loop)
    lines.append("loop.jpg -> loop.jpg")

    # A palette PNG with a tRNS chunk: the picture quantised to 255 colours,
    # palette entry 255 fully transparent for a margin on the left, right and
    # bottom (not the top, which keeps the yellow "up" band).
    rng = np.random.default_rng([seed, 1002])
    picture = render(rng, 640, 480, "0")
    paletted = picture.quantize(colors=255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    palette = paletted.getpalette()[:255 * 3] + [0, 0, 0]
    indices = np.array(paletted, dtype=np.uint8)
    indices[-24:, :] = 255
    indices[:, :24] = 255
    indices[:, -24:] = 255
    png = Image.fromarray(indices, "P")
    png.putpalette(palette)
    alpha = bytes([255] * 255 + [0])
    write_image(outdir, "palette-alpha.png", png, "PNG", {"transparency": alpha})
    lines.append("palette-alpha.png  640x480 palette, tRNS")

    write_bytes(outdir, ".hidden.jpg", small_jpeg(seed, 1003, "0"))
    lines.append(".hidden.jpg  valid 800x600 JPEG, hidden")

    if huge:
        rng = np.random.default_rng([seed, 1004])
        width, height = 11548, 8660  # 4:3, 100.0 megapixels
        image = render(rng, width, height, "100")
        write_image(outdir, "huge-100mp.jpg", image, "JPEG",
                    {"quality": 90, "exif": exif_bytes(
                        width, height, 1, shot_date(seed, 1004),
                        {"shutter": 125, "fnumber10": 80, "iso": 100, "focal": 35}, False)})
        lines.append(f"huge-100mp.jpg  {width}x{height}")
    return lines


def parse_megapixels(text):
    try:
        if "-" in text:
            low, high = (float(v) for v in text.split("-", 1))
        else:
            low = high = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected MIN-MAX or a number, not {text!r}")
    if not 0.001 <= low <= high <= 200:
        raise argparse.ArgumentTypeError(f"megapixels must satisfy 0.001 <= MIN <= MAX <= 200: {text}")
    return low, high


def warn_if_in_repository(outdir):
    """The photos are scratch data: say so if OUTDIR sits in a git work tree."""
    path = os.path.abspath(outdir)
    while True:
        if os.path.exists(os.path.join(path, ".git")):
            print(f"make-photos: note: {outdir} is inside the git work tree {path}; "
                  "do not commit the generated photos", file=sys.stderr)
            return
        parent = os.path.dirname(path)
        if parent == path:
            return
        path = parent


def main():
    parser = argparse.ArgumentParser(
        prog="make-photos.py",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("outdir", metavar="OUTDIR", help="folder to write into (created if missing)")
    parser.add_argument("--count", type=int, required=True, metavar="N",
                        help="number of photos, IMG_0001.jpg to IMG_<N>.jpg")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="random seed (default 1)")
    parser.add_argument("--megapixels", type=parse_megapixels, metavar="MIN-MAX",
                        help="size range in megapixels (default 12-24, or 0.3-1 with --small)")
    parser.add_argument("--small", action="store_true", help="small photos for fast tests")
    parser.add_argument("--no-thumbnails", action="store_true",
                        help="no image embeds an EXIF thumbnail (everything else unchanged)")
    parser.add_argument("--bad", action="store_true", help="also write the broken and odd files")
    parser.add_argument("--huge", action="store_true",
                        help="with --bad: also a 100-megapixel JPEG (slow, ~2 GB of memory)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="J",
                        help="parallel workers (default: number of CPUs)")
    args = parser.parse_args()
    if args.count < 0 or args.count > 9999:
        parser.error("--count must be between 0 and 9999")
    if args.seed < 0:
        parser.error("--seed must be 0 or more")  # numpy seeds are unsigned
    if args.huge and not args.bad:
        parser.error("--huge goes with --bad")
    mp_range = args.megapixels or ((0.3, 1.0) if args.small else (12.0, 24.0))

    icc_path = None
    if args.count >= ADOBE_INDEX:
        icc_path = find_icc_profile()
        if icc_path is None:
            sys.exit("make-photos: no Adobe RGB ICC profile found "
                     f"({ICC_CANDIDATES[0][0]}); install it with: apt-get install -y icc-profiles-free")

    # A parent may hand down a blocked SIGTERM or SIGINT (Foundation's Process does); unblock
    # them so that this script and its workers can be stopped.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    os.makedirs(args.outdir, exist_ok=True)
    warn_if_in_repository(args.outdir)
    started = time.monotonic()
    jobs = [(args.outdir, args.seed, i, mp_range, icc_path, not args.no_thumbnails)
            for i in range(1, args.count + 1)]
    workers = max(1, min(args.jobs, len(jobs)))
    if workers > 1:
        # fork: workers inherit the imported modules, nothing to re-import.
        # Close and join before leaving the block: its exit calls terminate(), which stops
        # workers with SIGTERM, and a parent that inherited SIGTERM blocked (a test runner's
        # child) would wait forever on a worker it cannot stop.
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for line in pool.imap(make_photo, jobs):
                print(line, flush=True)
            pool.close()
            pool.join()
    else:
        for job in jobs:
            print(make_photo(job), flush=True)
    if args.bad:
        # After the pool, alone: the 100-megapixel render needs the memory.
        for line in make_bad(args.outdir, args.seed, args.huge):
            print(line, flush=True)
    print(f"make-photos: {args.count} photos{' + bad files' if args.bad else ''} "
          f"in {args.outdir} ({time.monotonic() - started:.1f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
