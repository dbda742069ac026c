#!/usr/bin/env bash
# Installs the Debian packages the playground needs, and only those missing.
# SDL2 and its image/font libraries build and run the app; DejaVu is its default font;
# Xvfb, xdotool and ImageMagick's `import` drive the end-to-end test of the real window;
# valgrind counts the benchmark's instructions per frame (make bench).
# libvips decodes photos for the PhotoPipeline module; libvips-tools' `vips` command makes
# the test images, and its `vipsthumbnail` is the yardstick of photo-decode-bench;
# exiftool embeds EXIF thumbnails into test photos; Tools/make-photos.py (numpy, Pillow and
# an Adobe RGB profile from icc-profiles-free) generates camera-like photo folders.
# Mesa's drivers (libgl1-mesa-dri) give the window an OpenGL renderer under Xvfb (llvmpipe),
# which the window benchmark and its test measure beside SDL's software renderer.
# ffmpeg (with ffprobe) encodes `record`'s MP4, WebP and GIF files from raw frames on a pipe;
# the record tests decode them again with ffmpeg and, for animated WebP, with Pillow.
# xdg-user-dirs' `xdg-user-dir PICTURES` / `VIDEOS` name the folders the window's P key's
# screenshots and R key's videos go to (else ~/Pictures and ~/Videos).
# desktop-file-utils (desktop-file-validate), appstream (appstreamcli) and man-db (man -l)
# check what `make install` puts in place: the menu entry, the AppStream metadata, the man pages.
# chromium, chromium-driver and python3-selenium run the exported web page headless in the
# export tests (scripts/browser-probe.py), which check it against the model: Chromium is the
# browser here with CSS scroll-driven animations.
# libimgui-dev (Dear ImGui 1.86, with libstb-dev for its font packing) draws the tuning panel.
set -euo pipefail

packages=(pkg-config libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev fonts-dejavu-core xvfb xdotool x11-utils imagemagick valgrind libvips-dev libvips-tools libimage-exiftool-perl python3-numpy python3-pil icc-profiles-free libgl1-mesa-dri ffmpeg xdg-user-dirs desktop-file-utils appstream man-db chromium chromium-driver python3-selenium libimgui-dev libstb-dev)

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
