#!/usr/bin/python3
"""What scrolling an exported page costs in script, in headless Chromium.

For each engine, loads PAGE?engine=E&stats at WIDTHxHEIGHT, counts (from a wrapper installed
before the page's own script runs) every scroll-event callback and every requestAnimationFrame
call the page makes, then scrolls DISTANCE px, STEP px per animation frame (from a requestAnimationFrame loop of
its own that the counters do not see; CDP's Input.synthesizeScrollGesture was tried first and
hung for minutes on this busy machine), and prints JSON per engine:
the calls made during the gesture, the scroll distance covered, and the script engine's own
time per update (window.parallaxStats, kept by parallax.js under ?stats).
"""
import argparse
import json
import sys

import headless_chromium

COUNTERS = """
window.__calls = { scrollCallbacks: 0, animationFrames: 0 };
const addListener = EventTarget.prototype.addEventListener;
EventTarget.prototype.addEventListener = function (type, listener, options) {
  if (type === 'scroll' && typeof listener === 'function') {
    const counted = function (event) { window.__calls.scrollCallbacks++; return listener.call(this, event); };
    return addListener.call(this, type, counted, options);
  }
  return addListener.call(this, type, listener, options);
};
const raf = window.requestAnimationFrame.bind(window);
window.__uncountedAnimationFrame = raf;
window.requestAnimationFrame = (callback) => { window.__calls.animationFrames++; return raf(callback); };
"""

# Scrolls by `distance` in steps of `step` px, one per frame, then waits three more frames so
# the last scroll event and any frame it asked for have run.
SCROLL = """
const [distance, step, vertical, done] = arguments;
const s = document.querySelector('[data-scroller]');
const frame = window.__uncountedAnimationFrame;
let moved = 0;
const tick = () => {
  if (moved < distance) {
    const d = Math.min(step, distance - moved);
    if (vertical) s.scrollTop += d; else s.scrollLeft += d;
    moved += d;
    frame(tick);
  } else {
    frame(() => frame(() => frame(() => done())));
  }
};
frame(tick);
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("page")
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--distance", type=int, default=6000)
    parser.add_argument("--step", type=int, default=40, help="px per animation frame (2,400 px/s at 60 Hz)")
    parser.add_argument("--engines", default="css,js")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))

    driver = headless_chromium.start()
    try:
        headless_chromium.set_viewport(driver, width, height)
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNTERS})
        results = []
        for engine in args.engines.split(","):
            driver.get("file://" + args.page + "?stats&engine=" + engine)
            headless_chromium.wait_until_ready(driver)
            before = driver.execute_script(
                "const s = document.querySelector('[data-scroller]');"
                "if (window.parallaxStats) window.parallaxStats.maxMs = 0;"
                "return {calls: {...window.__calls}, stats: window.parallaxStats && {...window.parallaxStats},"
                " position: s.scrollTop + s.scrollLeft, vertical: s.scrollHeight > s.clientHeight};")
            driver.execute_async_script(SCROLL, args.distance, args.step, before["vertical"])
            after = driver.execute_script(
                "const s = document.querySelector('[data-scroller]');"
                "return {calls: {...window.__calls}, stats: window.parallaxStats && {...window.parallaxStats},"
                " position: s.scrollTop + s.scrollLeft, engine: document.documentElement.dataset.engine,"
                " items: document.querySelectorAll('[data-item]').length};")
            updates = after["stats"]["updates"] - before["stats"]["updates"]
            total = after["stats"]["totalMs"] - before["stats"]["totalMs"]
            results.append({
                "engine": after["engine"],
                "items": after["items"],
                "scrolled": after["position"] - before["position"],
                "scrollCallbacks": after["calls"]["scrollCallbacks"] - before["calls"]["scrollCallbacks"],
                "animationFrames": after["calls"]["animationFrames"] - before["calls"]["animationFrames"],
                "updates": updates,
                "scriptMsPerUpdate": total / updates if updates else 0,
                "scriptMsMax": after["stats"]["maxMs"],
            })
        json.dump({"browser": driver.capabilities.get("browserVersion", ""), "size": [width, height], "results": results}, sys.stdout)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
