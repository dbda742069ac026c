#!/usr/bin/env bash
# Recording speed: frames encoded per second of wall-clock time for each of record's formats
# at 1280x800 and 640x400, with the release build (make bench-record builds it first).
# Each run records the built-in fling of the photos scene (247 frames at 60 fps; a GIF is 30
# fps, so 124 frames, each rendered twice: once for its palette, once for the GIF). The rate
# includes everything: start-up, rendering offscreen, the pipe and ffmpeg's encoding.
# Usage: scripts/bench-record.sh [BINARY] (default .build/release/parallax-playground)
set -euo pipefail

binary=${1:-.build/release/parallax-playground}
[ -x "$binary" ] || { echo "error: no $binary; run: swift build -c release" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

echo "| size | format | frames | seconds | frames per second |"
echo "|---|---|---:|---:|---:|"
for size in 1280x800 640x400; do
    for format in mp4 webp gif png; do
        name="clip.$format"
        [ "$format" = png ] && name="frame-%05d.png"
        start=$(date +%s.%N)
        log=$("$binary" record --scene photos --script fling --size "$size" --out "$out/$name" 2>&1 >/dev/null)
        end=$(date +%s.%N)
        frames=$(sed -n 's/^recorded \([0-9]*\) frames.*/\1/p' <<<"$log")
        [ -n "$frames" ] || { echo "error: record $size $format failed: $log" >&2; exit 1; }
        awk -v s="$size" -v f="$format" -v n="$frames" -v a="$start" -v b="$end" \
            'BEGIN { printf "| %s | %s | %d | %.1f | %.1f |\n", s, f, n, b - a, n / (b - a) }'
        rm -rf "${out:?}"/*
    done
done
