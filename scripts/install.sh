#!/usr/bin/env bash
# Installs (or, with `uninstall`, removes) Parallax Playground under $PREFIX, staged under
# $DESTDIR when set, as `make install`, `make install-bench` and `make uninstall` call it:
#   scripts/install.sh install|install-bench|uninstall BUILD_DIR
# BUILD_DIR holds the built `parallax-playground`, `generate-manual` and `man-page-source`
# (and for install-bench `parallax-bench` and `bare-first-frame`; the Makefile builds them
# first). What goes where follows the freedesktop and XDG conventions:
#   bin/parallax-playground                       a symbolic link to
#   lib/parallax-playground/parallax-playground   the app
#   lib/parallax-playground/parallax-bench        install-bench only: the benchmark, which
#                                                 `parallax-playground bench` becomes, and what it
#                                                 needs beside it (RUNPATH $ORIGIN): the window it
#                                                 times is the app beside it, bare-first-frame its
#                                                 floor, and libMallocInterposerSwift.so counts
#                                                 its allocations (the app links none of these)
#   share/parallax-playground/{photos,covers}     the bundled images (found relative to bin/)
#   share/applications/ID.desktop                 the menu entry (Desktop Entry Specification)
#   share/metainfo/ID.metainfo.xml                AppStream metadata for software centres
#   share/icons/hicolor/*/apps/parallax-playground.{svg,png}   (Icon Theme Specification)
#   share/man/man1/parallax-playground*.1         one page per subcommand (generate-manual)
#   share/bash-completion/completions/parallax-playground      (bash-completion's folder)
#   share/zsh/site-functions/_parallax-playground              (zsh's fpath for add-ons)
#   share/fish/vendor_completions.d/parallax-playground.fish   (fish's vendor folder)
set -euo pipefail

action=${1:?usage: install.sh install|install-bench|uninstall BUILD_DIR}
build=${2:-}
prefix=${PREFIX:-/usr/local}
# `make install PREFIX=~/.local` reaches here with the tilde unexpanded under shells that
# do not expand it after `=` (zsh, sh).
case "$prefix" in "~") prefix=$HOME ;; "~/"*) prefix=$HOME/${prefix#"~/"} ;; esac
case "$prefix" in /*) ;; *) echo "error: PREFIX must be an absolute path, got '$prefix'" >&2; exit 2 ;; esac
root=${DESTDIR:-}$prefix
repo=$(cd "$(dirname "$0")/.." && pwd)
id=org.parallaxplayground.Playground
name=parallax-playground

files_of_share=(
    "applications/$id.desktop"
    "metainfo/$id.metainfo.xml"
    "bash-completion/completions/$name"
    "zsh/site-functions/_$name"
    "fish/vendor_completions.d/$name.fish"
)

# Refreshes the desktop's caches after a live (not a staged DESTDIR) install or removal:
# the MIME cache "Open With" reads, and hicolor's icon cache only where one exists already
# (creating one would hide icons that later installs add without refreshing it).
refresh_caches() {
    [ -z "${DESTDIR:-}" ] || return 0
    if command -v update-desktop-database >/dev/null && [ -d "$root/share/applications" ]; then
        update-desktop-database -q "$root/share/applications" || true
    fi
    if command -v gtk-update-icon-cache >/dev/null && [ -f "$root/share/icons/hicolor/icon-theme.cache" ]; then
        gtk-update-icon-cache -q "$root/share/icons/hicolor" || true
    fi
}

if [ "$action" = uninstall ]; then
    rm -f "$root/bin/$name"
    rm -rf "$root/lib/$name" "$root/share/$name"
    for f in "${files_of_share[@]}"; do rm -f "$root/share/$f"; done
    rm -f "$root"/share/icons/hicolor/*/apps/$name.png "$root/share/icons/hicolor/scalable/apps/$name.svg"
    rm -f "$root"/share/man/man1/$name.1 "$root"/share/man/man1/$name.*.1
    refresh_caches
    echo "removed Parallax Playground from $root"
    exit 0
fi
case "$action" in install|install-bench) ;; *) echo "error: unknown action '$action' (install, install-bench or uninstall)" >&2; exit 2 ;; esac

# The lab, apart from the product: the benchmark and what it needs go beside an installed app
# (it times the app beside it), and only when asked. What is installed into
# lib/parallax-playground, by name: a library SwiftPM happens to build for another product (a
# test's, a tool's) stays out. The bench's one shared library is the malloc interposer's
# (SwiftPM builds that package's product as a dynamic library).
if [ "$action" = install-bench ]; then
    case "$(uname -s)" in Darwin) library_suffix=dylib ;; *) library_suffix=so ;; esac
    [ -x "$root/lib/$name/$name" ] || { echo "error: no $root/lib/$name/$name: install the app first (make install)" >&2; exit 1; }
    bench_programs=(parallax-bench bare-first-frame)
    libraries=("libMallocInterposerSwift.$library_suffix")
    for program in "${bench_programs[@]}"; do
        [ -x "$build/$program" ] || { echo "error: no $build/$program: build it first (make install-bench does)" >&2; exit 1; }
    done
    for library in "${libraries[@]}"; do
        [ -f "$build/$library" ] || { echo "error: no $build/$library: build parallax-bench first (make install-bench does)" >&2; exit 1; }
    done
    for program in "${bench_programs[@]}"; do install -m 755 "$build/$program" "$root/lib/$name/$program"; done
    for library in "${libraries[@]}"; do install -m 644 "$build/$library" "$root/lib/$name/$library"; done
    echo "installed the benchmark beside Parallax Playground under $root/lib/$name"
    exit 0
fi

for program in "$name" generate-manual man-page-source; do
    [ -x "$build/$program" ] || { echo "error: no $build/$program: build it first (make install does)" >&2; exit 1; }
done

install -d "$root/bin" "$root/lib/$name" "$root/share/$name"
install -m 755 "$build/$name" "$root/lib/$name/$name"
ln -sfn "../lib/$name/$name" "$root/bin/$name"
for kind in photos covers; do
    install -d "$root/share/$name/$kind"
    install -m 644 "$repo/Resources/$kind"/* "$root/share/$name/$kind/"
done
# The menu entry runs the binary by its installed path: a desktop session's PATH may lack
# ~/.local/bin (PREFIX=~/.local) or /usr/local/bin. A prefix with characters the Desktop Entry
# Specification would need quoted (spaces, quotes, $) keeps the bare name, found on PATH.
install -d "$root/share/applications"
command_path=$name
case "$prefix" in *[!A-Za-z0-9_./+-]*) ;; *) command_path=$prefix/bin/$name ;; esac
sed -e "s|^Exec=$name |Exec=$command_path |" -e "s|^TryExec=$name\$|TryExec=$command_path|" \
    "$repo/desktop/$id.desktop" > "$root/share/applications/$id.desktop"
chmod 644 "$root/share/applications/$id.desktop"
install -D -m 644 "$repo/desktop/$id.metainfo.xml" "$root/share/metainfo/$id.metainfo.xml"
(cd "$repo/desktop/icons" && find hicolor -type f) | while read -r icon; do
    install -D -m 644 "$repo/desktop/icons/$icon" "$root/share/icons/$icon"
done

# Man pages: swift-argument-parser's generate-manual reads a command's
# --experimental-dump-help and writes one page per subcommand. (Its `swift package
# generate-manual` plugin would run it on every executable that links ArgumentParser, and
# stops at parallax-fuzz, a libFuzzer corpus runner that does not answer that option; so the
# same tool is run here.) It reads the binary's description through man-page-source, which
# gives the root page the window's options (the command without a subcommand is the window)
# and keeps the characters beyond ASCII that generate-manual drops; `man-page-source --finish`
# then adds the window's keys (the H help panel's list) to the root's and the window's pages.
# The pages' date is the last commit's (or SOURCE_DATE_EPOCH's), so reinstalling the same
# source gives the same pages.
man_tmp=$(mktemp -d)
trap 'rm -rf "$man_tmp"' EXIT
epoch=${SOURCE_DATE_EPOCH:-$(git -C "$repo" log -1 --format=%ct 2>/dev/null || date +%s)}
# GNU date takes -d @EPOCH, BSD (macOS) date -r EPOCH.
day=$(date -u -d "@$epoch" +%Y-%m-%d 2>/dev/null || date -u -r "$epoch" +%Y-%m-%d)
"$build/generate-manual" "$build/man-page-source" --multi-page --output-directory "$man_tmp" --date "$day"
"$build/man-page-source" --finish "$man_tmp"
install -d "$root/share/man/man1"
install -m 644 "$man_tmp"/*.1 "$root/share/man/man1/"

# Completions from the binary itself (argument-parser's --generate-completion-script).
for shell in bash zsh fish; do
    case $shell in
        bash) target="bash-completion/completions/$name" ;;
        zsh) target="zsh/site-functions/_$name" ;;
        fish) target="fish/vendor_completions.d/$name.fish" ;;
    esac
    install -d "$(dirname "$root/share/$target")"
    "$build/$name" --generate-completion-script "$shell" > "$man_tmp/completion"
    install -m 644 "$man_tmp/completion" "$root/share/$target"
done

refresh_caches
echo "installed Parallax Playground under $root"
