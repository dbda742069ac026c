#!/usr/bin/env bash
# Installs the Debian packages the playground needs, and only those missing, in two sets:
#   scripts/install-deps.sh build         what building and running the app need (make build,
#                                         make run, make install)
#   scripts/install-deps.sh [test]        that and what the tests and benchmarks need (make test,
#                                         make bench); the default
#   scripts/install-deps.sh --list SET    prints the set, one package a line, installing nothing
#
# The build set:
# SDL2 and its image/font libraries (their -dev packages: headers and the libraries to link)
# build and run the app; DejaVu is its default font.
# libimgui-dev (Dear ImGui 1.86, with libstb-dev for its font packing) draws the tuning panel.
# libvips42 decodes photos for the PhotoPipeline module: the app opens it with dlopen on the
# first decode and declares what it calls in its own header (Sources/CVips), so the build
# needs no libvips-dev. It also makes the images of `export`'s web page (CroppedJPEGWriter).
# Mesa's drivers (libgl1-mesa-dri) give the window an OpenGL renderer (llvmpipe under Xvfb,
# which the window benchmark and its test measure beside SDL's software renderer).
# ffmpeg (with ffprobe) encodes `record`'s MP4, WebP and GIF files and the R key's videos from
# raw frames on a pipe; xdg-user-dirs' `xdg-user-dir PICTURES` / `VIDEOS` name the folders the
# window's P key's screenshots and R key's videos go to (else ~/Pictures and ~/Videos).
#
# The test set adds:
# Xvfb, xdotool and ImageMagick's `import` drive the end-to-end test of the real window;
# x11-utils' `xdpyinfo` tells when Xvfb is ready (the tests, scripts/with-display.sh) and its
# `xprop` reads the window's title.
# valgrind counts the benchmark's instructions per frame (make bench), on a copy of the binary
# that binutils' `objcopy --strip-debug` leaves without the DWARF 5 valgrind 3.19 cannot read.
# libvips-dev (with pkg-config for its flags) compiles the CVips header against libvips' own
# (ShimTests); the `vips` command of libvips-tools makes the test images, and its
# `vipsthumbnail` is the yardstick of photo-decode-bench;
# exiftool embeds EXIF thumbnails into test photos; Tools/make-photos.py (numpy, Pillow and
# an Adobe RGB profile from icc-profiles-free) generates camera-like photo folders.
# The record tests decode the videos again with ffmpeg and, for animated WebP, with Pillow.
# libheif-examples' `heif-enc` and `heif-convert` make the HEIC photos of the HEIC tests.
# desktop-file-utils (desktop-file-validate), appstream (appstreamcli) and man-db (man -l)
# check what `make install` puts in place: the menu entry, the AppStream metadata, the man pages.
# chromium, chromium-driver and python3-selenium run the exported web page headless in the
# export tests (scripts/browser-probe.py), which check it against the model: Chromium is the
# browser here with CSS scroll-driven animations.
# kotlin (kotlinc 1.3.31, on the JDK it depends on) compiles the exported TunedParallax.kt, which
# the export tests run against `trace`.
# node-typescript (tsc) type-checks `export --format react` against React 18's types, which
# node-react ships (with node-react-dom's, and node-csstype and node-prop-types, which those
# types import); esbuild bundles its demo with node-react and node-react-dom (under
# /usr/share/nodejs), which the export tests then run in Chromium.
set -euo pipefail

build_packages=(libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev fonts-dejavu-core libimgui-dev libstb-dev libvips42 libgl1-mesa-dri ffmpeg xdg-user-dirs)
test_packages=(xvfb xdotool x11-utils imagemagick valgrind binutils pkg-config libvips-dev libvips-tools libimage-exiftool-perl python3-numpy python3-pil icc-profiles-free desktop-file-utils appstream man-db chromium chromium-driver python3-selenium libheif-examples kotlin node-typescript node-react node-react-dom node-csstype node-prop-types esbuild)

usage() {
    echo "usage: install-deps.sh [--list] [build|test]" >&2
    exit 2
}
list=false
if [ "${1:-}" = --list ]; then list=true; shift; fi
[ $# -le 1 ] || usage
case "${1:-test}" in
    build) packages=("${build_packages[@]}") ;;
    test) packages=("${build_packages[@]}" "${test_packages[@]}") ;;
    *) usage ;;
esac
if $list; then
    printf '%s\n' "${packages[@]}"
    exit 0
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing Debian packages: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "error: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
