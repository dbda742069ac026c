#!/usr/bin/python3
"""Flings a page in headless Chromium with a real touch gesture and records its coast, for the
physics tests (ChromeFlingInChromiumTests).

For each --speed (px/s, the finger's speed) the page is put back at the top, a touch is pressed,
moved up in 10 steps 8 ms apart at that speed and released (CDP's
Emulation.setEmitTouchEventsForMouse with the mobile configuration, then
Input.emulateTouchFromMouseEvent: Input.synthesizeScrollGesture does not fling in headless mode).
The page records window.scrollY at every animation frame with the frame's timestamp
(performance.now() clock), and the time of the release (the last touchend), until the offset
has not changed for 0.6 s. Prints JSON: Chromium's version, the viewport, and for each speed
the release time and the [time in ms, scrollY] samples from the last touch move on.

--disable-fling-animation starts Chromium with --disable-features=ExperimentalFlingAnimation,
which turns Linux's default PhysicsBasedFlingCurve back into FlingCurve.

Debian's chromium, chromium-driver and python3-selenium (scripts/install-deps.sh).
"""
import argparse
import json
import os
import sys
import tempfile
import time

import headless_chromium

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<style>html, body { margin: 0; } #tall { height: 200000px;
background: repeating-linear-gradient(#eee 0 50px, #ccc 50px 100px); }</style></head>
<body><div id="tall"></div>
<script>
window.samples = [];
window.releases = [];
window.lastTouch = null;
addEventListener('touchmove', (e) => { window.lastTouch = e.timeStamp; }, { passive: true });
addEventListener('touchend', (e) => { window.releases.push(e.timeStamp); }, { passive: true });
function frame(t) { window.samples.push([t, window.scrollY]); requestAnimationFrame(frame); }
requestAnimationFrame(frame);
</script></body></html>
"""

WAIT_FOR_REST = """
const done = arguments[arguments.length - 1];
const start = performance.now();
function check() {
  const s = window.samples;
  const n = s.length;
  const last = n ? s[n - 1] : null;
  let still = 0;
  for (let i = n - 1; i > 0 && s[i][1] === last[1]; i--) still = last[0] - s[i - 1][0];
  if ((window.releases.length && still > 600) || performance.now() - start > 8000) {
    done({ samples: s, releases: window.releases, lastTouch: window.lastTouch });
  } else {
    setTimeout(check, 50);
  }
}
check();
"""


RESTART = """
const done = arguments[0];
window.scrollTo(0, 0);
window.samples = [];
window.releases = [];
window.lastTouch = null;
requestAnimationFrame(() => requestAnimationFrame(() => done()));
"""


def touch(driver, kind, x, y, timestamp):
    params = {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1 if kind != "mouseMoved" else 0,
              "timestamp": timestamp}
    driver.execute_cdp_cmd("Input.emulateTouchFromMouseEvent", params)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--speed", action="append", type=float, required=True, help="the finger's speed, px/s (repeatable)")
    parser.add_argument("--size", default="800x600", help="the viewport, WIDTHxHEIGHT")
    parser.add_argument("--disable-fling-animation", action="store_true")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))

    folder = tempfile.mkdtemp(prefix="browser-fling-")
    page = os.path.join(folder, "fling.html")
    with open(page, "w") as f:
        f.write(PAGE)

    flags = ["--force-device-scale-factor=1", "--disable-threaded-scrolling"]
    if args.disable_fling_animation:
        flags.append("--disable-features=ExperimentalFlingAnimation")
    driver = headless_chromium.start(flags, script_timeout=30)
    try:
        headless_chromium.set_viewport(driver, width, height)
        driver.execute_cdp_cmd("Emulation.setEmitTouchEventsForMouse", {"enabled": True, "configuration": "mobile"})
        flings = []
        driver.get("file://" + page)
        for speed in args.speed:
            driver.execute_async_script(RESTART)
            x, y = width / 2, height - 10.0
            step = speed * 0.008
            # Each event carries its own time, 8 ms apart, so the gesture's speed does not depend
            # on how long the protocol's round trips take.
            stamp = time.time()
            touch(driver, "mousePressed", x, y, stamp)
            for _ in range(10):
                time.sleep(0.008)
                stamp += 0.008
                y -= step
                touch(driver, "mouseMoved", x, y, stamp)
            touch(driver, "mouseReleased", x, y, stamp)
            recorded = driver.execute_async_script(WAIT_FOR_REST)
            flings.append({"speed": speed, "release": recorded["releases"][-1] if recorded["releases"] else None,
                           "lastTouch": recorded["lastTouch"], "samples": recorded["samples"]})
        print(json.dumps({"chromium": driver.capabilities.get("browserVersion", ""), "viewport": [width, height],
                          "flingAnimation": not args.disable_fling_animation, "flings": flings}))
    finally:
        driver.quit()
        os.remove(page)
        os.rmdir(folder)


if __name__ == "__main__":
    sys.exit(main())
