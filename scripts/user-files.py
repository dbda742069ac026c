#!/usr/bin/env python3
"""The user's own folders that the app writes to, before and after `swift test`.

    user-files.py snapshot FILE   lists them into FILE
    user-files.py check FILE      lists them again; status 1, naming each difference, when
                                  anything differs from FILE

`make test` runs both around `swift test`: no test may read or write the user's settings,
caches, thumbnails, presets, Pictures or Videos (every program a test starts gets folders
of its own, see Tests/SpawnIsolation). A test that leaked, as WindowTests' `--size 320x200`
once did into settings.json, then fails the whole run by name.

The folders are those of the environment `make test` runs in: the app's folders under
$XDG_CONFIG_HOME, $XDG_CACHE_HOME and $XDG_DATA_HOME (each defaulting under $HOME), the
shared thumbnails, and the pictures and videos folders (~/Pictures, ~/Videos and what
xdg-user-dir or XDG_PICTURES_DIR / XDG_VIDEOS_DIR name). Each is listed whole: every entry's
type, mode, size, modification and status-change times (nanoseconds) and inode, a link's
target, and a SHA-256 of each regular file up to 64 KiB (settings, presets, indexes). Larger
files (photos, videos, disk copies) are compared without reading them: a write always moves
the status-change time, which no program can set back, and hashing a photo library twice a
run would take minutes. A folder that does not exist is listed as absent.
"""

import hashlib
import os
import stat
import subprocess
import sys

HASHED_BYTES = 64 * 1024


def absolute_or(value, default):
    """An XDG variable as the specification reads it: only an absolute path counts."""
    return value if value and value.startswith("/") else default


def roots(environment):
    """The folders to watch, in a stable order, without repeats."""
    home = environment.get("HOME", "")
    if not home.startswith("/"):
        return []
    config = absolute_or(environment.get("XDG_CONFIG_HOME"), home + "/.config")
    cache = absolute_or(environment.get("XDG_CACHE_HOME"), home + "/.cache")
    data = absolute_or(environment.get("XDG_DATA_HOME"), home + "/.local/share")
    found = [
        home + "/.config/parallax-playground", config + "/parallax-playground",
        home + "/.cache/parallax-playground", cache + "/parallax-playground",
        home + "/.cache/thumbnails", cache + "/thumbnails",
        home + "/.local/share/parallax-playground", data + "/parallax-playground",
        home + "/Pictures", home + "/Videos",
    ]
    for kind in ("PICTURES", "VIDEOS"):
        variable = environment.get("XDG_%s_DIR" % kind, "")
        if variable.startswith("/"):
            found.append(variable)
        try:
            answer = subprocess.run(["xdg-user-dir", kind], capture_output=True, text=True, env=environment,
                                    timeout=10).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            answer = ""
        # xdg-user-dir answers $HOME itself when no folder is set: not a folder to list whole.
        if answer.startswith("/") and os.path.normpath(answer) != os.path.normpath(home):
            found.append(answer)
    unique = []
    for path in (os.path.normpath(p) for p in found):
        if path not in unique:
            unique.append(path)
    return unique


def describe(path):
    """One entry's line: what it is, and everything a write changes."""
    try:
        info = os.lstat(path)
    except OSError as error:
        return "unreadable (%s)" % error.strerror
    mode = info.st_mode
    fields = ["mode=%o" % stat.S_IMODE(mode), "mtime=%d" % info.st_mtime_ns, "ctime=%d" % info.st_ctime_ns,
              "inode=%d" % info.st_ino]
    if stat.S_ISLNK(mode):
        return " ".join(["link", "to=%s" % os.readlink(path)] + fields)
    if stat.S_ISDIR(mode):
        return " ".join(["folder"] + fields)
    if stat.S_ISREG(mode):
        fields.insert(0, "size=%d" % info.st_size)
        if info.st_size <= HASHED_BYTES:
            try:
                with open(path, "rb") as f:
                    fields.append("sha256=" + hashlib.sha256(f.read()).hexdigest())
            except OSError as error:
                fields.append("unreadable=%s" % error.strerror)
        return " ".join(["file"] + fields)
    return " ".join(["other"] + fields)


def listing(environment):
    """Every watched folder's entries as {path: line}; a missing folder is 'absent'."""
    entries = {}
    for root in roots(environment):
        # The folder itself may be a link (~/Pictures to another disk): followed, as the app
        # follows it; links inside are listed as links.
        if not os.path.exists(root):
            entries[root] = "absent"
            continue
        real = os.path.realpath(root)
        entries[root] = describe(real)
        if not os.path.isdir(real):
            continue
        for folder, subfolders, files in os.walk(real, onerror=lambda error: None):
            subfolders.sort()
            for name in sorted(subfolders + files):
                path = os.path.join(folder, name)
                entries[root + path[len(real):]] = describe(path)
    return entries


def write(entries, destination):
    with open(destination, "w", encoding="utf-8", errors="surrogateescape") as f:
        for path in sorted(entries):
            f.write("%s\t%s\n" % (path.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t"), entries[path]))


def read(source):
    entries = {}
    with open(source, encoding="utf-8", errors="surrogateescape") as f:
        for line in f:
            path, _, description = line.rstrip("\n").partition("\t")
            path = path.replace("\\t", "\t").replace("\\n", "\n").replace("\\\\", "\\")
            entries[path] = description
    return entries


def differences(before, after):
    """One line per path that changed, was made or went away."""
    lines = []
    for path in sorted(set(before) | set(after)):
        old, new = before.get(path), after.get(path)
        if old == new:
            continue
        if old is None or old == "absent":
            lines.append("made: %s (%s)" % (path, new))
        elif new is None or new == "absent":
            lines.append("removed: %s (was %s)" % (path, old))
        else:
            lines.append("changed: %s\n    before: %s\n    after:  %s" % (path, old, new))
    return lines


def main(arguments):
    if len(arguments) != 2 or arguments[0] not in ("snapshot", "check"):
        sys.stderr.write("usage: user-files.py snapshot|check FILE\n")
        return 2
    command, path = arguments
    now = listing(dict(os.environ))
    if command == "snapshot":
        write(now, path)
        return 0
    changed = differences(read(path), now)
    if not changed:
        return 0
    sys.stderr.write("the tests changed the user's own files (every program a test starts must go through "
                     "Tests/SpawnIsolation with folders of its own):\n")
    for line in changed:
        sys.stderr.write("  " + line + "\n")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
