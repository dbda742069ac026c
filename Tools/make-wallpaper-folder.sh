#!/usr/bin/env bash
# Makes a folder of real photographs for the photo-library bench's big-file first look
# (`bench --big-photos DIR`): every JPEG of 4 to 24 megapixels that Debian's wallpaper
# packages install, copied, with the EXIF thumbnail of those that embed one stripped (the
# case is about photos whose previews must come from decoding them). Never commit DIR.
#
#   bash Tools/make-wallpaper-folder.sh DIR
#
# Debian packages (apt-get install -y --no-install-recommends ...): the wallpapers
#     plasma-workspace-wallpapers mate-backgrounds ukui-wallpapers
# (on Debian 12: 33 JPEGs from 2560 x 1600 to 5640 x 3172, 4.1 to 17.9 megapixels), and
#     libvips-tools (vipsheader) libimage-exiftool-perl (exiftool)
# which `scripts/install-deps.sh test` installs.
set -euo pipefail

[ $# -eq 1 ] || { echo "usage: make-wallpaper-folder.sh DIR" >&2; exit 2; }
out=$1
mkdir -p "$out"
count=0
while IFS= read -r -d '' file; do
    width=$(vipsheader -f width "$file" 2>/dev/null) || continue
    height=$(vipsheader -f height "$file" 2>/dev/null) || continue
    pixels=$((width * height))
    # 4 to 24 megapixels, as BigFileFirstLook.megapixels (Sources/Benchmarks/PhotoLibrary).
    [ "$pixels" -ge 4000000 ] && [ "$pixels" -le 24000000 ] || continue
    # /usr/share/wallpapers/Flow/contents/images/5120x2880.jpg -> wallpapers-Flow-5120x2880.jpg
    name=$(printf '%s' "${file#/usr/share/}" | sed 's|/contents/images||; s|/|-|g')
    cp "$file" "$out/$name"
    count=$((count + 1))
done < <(find /usr/share/backgrounds /usr/share/wallpapers -type f \( -iname '*.jpg' -o -iname '*.jpeg' \) -print0 2>/dev/null | sort -z)
[ "$count" -gt 0 ] || { echo "no JPEG of 4 to 24 megapixels under /usr/share/backgrounds or /usr/share/wallpapers: install plasma-workspace-wallpapers mate-backgrounds ukui-wallpapers" >&2; exit 1; }
# IFD1 holds the EXIF thumbnail; the rest of each file is left as it was.
exiftool -q -q -overwrite_original -IFD1:all= "$out" >/dev/null || true
echo "$count photos in $out"
