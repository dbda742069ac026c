#!/usr/bin/python3
"""Measures an exported page in headless Chromium, for the export tests.

Opens PAGE (an exported index.html) at each --run's WIDTHxHEIGHT and with each engine (css: the
scroll-driven animations; js: ?engine=js, the script fallback), scrolls the element marked
data-scroller to each offset (the app's content offset, in points = CSS px), waits two
animation frames, and prints JSON: for every cell that intersects the scrollport, its rect in
content coordinates, the centre of the box that clips its image, and the centre of its
parallax-image (and of each album layer). The Swift test compares these with the model.

Debian's chromium, chromium-driver and python3-selenium (scripts/install-deps.sh).
The window size is set with CDP's Emulation.setDeviceMetricsOverride: --window-size under
--headless=new gives a smaller inner height than asked for.

With --plan FILE instead of PAGE and --run, one browser measures several pages: FILE holds a
JSON list of {"page", "runs": ["WIDTHxHEIGHT=OFFSET,..."], "engines", "reduced_motion",
"iframe"} (all but page and runs optional, defaulting as the options do), and the JSON printed
is {"browser", "pages": [{"runs": [...]}, ...]} in the plan's order. Starting Chromium and its
driver costs about as much CPU as measuring one page, so the tests measure their pages together.
"""
import argparse
import json
import os
import sys

from selenium.webdriver.common.by import By

import headless_chromium

MEASURE = """
const done = arguments[arguments.length - 1];
const offset = arguments[0];
const s = document.querySelector('[data-scroller]');
const scene = JSON.parse(document.getElementById('scene').textContent);
const vertical = scene.axis === 'vertical';
if (vertical) s.scrollTop = offset + scene.insets.top; else s.scrollLeft = offset + scene.insets.left;
const snapshot = () => {
  const port = s.getBoundingClientRect();
  const content = s.querySelector('.content').getBoundingClientRect();
  const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];
  const cells = [];
  for (const cell of s.querySelectorAll('[data-item]')) {
    const r = cell.getBoundingClientRect();
    if (r.right <= port.left || r.left >= port.right || r.bottom <= port.top || r.top >= port.bottom) continue;
    const images = cell.querySelectorAll('.parallax-image');
    const clip = cell.querySelector('.parallax-clip') || (cell.classList.contains('parallax-clip') ? cell : cell);
    const layers = [...cell.querySelectorAll('[data-layer]')].map((e) => [Number(e.dataset.layer), ...centre(e.getBoundingClientRect())]);
    cells.push({
      item: Number(cell.dataset.item),
      rect: [r.left - content.left - scene.insets.left, r.top - content.top - scene.insets.top, r.width, r.height],
      images: images.length,
      clip: centre(clip.getBoundingClientRect()),
      image: images.length ? centre(images[0].getBoundingClientRect()) : null,
      layers,
    });
  }
  return { offset, scrollTop: s.scrollTop, scrollLeft: s.scrollLeft, cells };
};
// The page as it rests at the new offset: read at every frame from the second on, until a
// frame reads as the one before it (at most 120 frames). Two frames were enough on an idle
// machine; under load React's render of the scroll can land a frame or more later, and the
// first reads showed the images where the last offset had put them.
let frame = 0, last = null;
const step = () => requestAnimationFrame(() => {
  frame += 1;
  if (frame < 2) return step();
  const now = snapshot(), text = JSON.stringify(now);
  if (text === last || frame >= 120) return done(now);
  last = text;
  step();
});
step();
"""

WAIT_FOR_IMAGES = """
const done = arguments[arguments.length - 1];
const port = document.querySelector('[data-scroller]').getBoundingClientRect();
const shown = [...document.querySelectorAll('img')].filter((img) => {
  const r = img.getBoundingClientRect();
  return r.right > port.left && r.left < port.right && r.bottom > port.top && r.top < port.bottom;
});
Promise.all(shown.map((img) => img.decode().catch(() => null))).then(() =>
  requestAnimationFrame(() => requestAnimationFrame(() => done())));
"""


def measure_page(driver, page, plans, engines, reduced_motion, iframe, screenshot=None):
    """Every run of one page: for each plan's size, each engine's frames at its offsets."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-reduced-motion", "value": "reduce" if reduced_motion else ""}]})
    runs = []
    for plan in plans:
        size, _, listed = plan.partition("=")
        offsets = [float(o) for o in listed.split(",") if o]
        width, height = (int(v) for v in size.split("x"))
        headless_chromium.set_viewport(driver, width, height)
        for engine in engines.split(","):
            if iframe:
                host = os.path.join(os.path.dirname(page), "..", "iframe-host-%dx%d-%s.html" % (width, height, engine))
                with open(host, "w") as f:
                    f.write('<!doctype html><body style="margin:40px"><p>Host page</p>'
                            '<iframe src="%s?engine=%s" width="%d" height="%d" style="border:0"></iframe>'
                            % (os.path.relpath(page, os.path.dirname(host)), engine, width, height))
                headless_chromium.set_viewport(driver, width + 200, height + 200)
                driver.switch_to.default_content()
                driver.get("file://" + os.path.abspath(host))
                driver.switch_to.frame(driver.find_element(By.TAG_NAME, "iframe"))
            else:
                driver.switch_to.default_content()
                driver.get("file://" + page + "?engine=" + engine)
            headless_chromium.wait_until_ready(driver)
            info = driver.execute_script(
                "const s = document.querySelector('[data-scroller]');"
                "return {engine: document.documentElement.dataset.engine,"
                " supportsViewTimeline: CSS.supports('animation-timeline: view()'),"
                " viewport: [s.clientWidth, s.clientHeight], inner: [innerWidth, innerHeight]};")
            frames = [driver.execute_async_script(MEASURE, offset) for offset in offsets]
            if screenshot and not runs:
                driver.execute_async_script(WAIT_FOR_IMAGES)
                driver.save_screenshot(screenshot)
            runs.append({"size": [width, height], "requested": engine, **info, "frames": frames})
    return runs


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("page", nargs="?")
    parser.add_argument("--run", action="append", metavar="WIDTHxHEIGHT=OFFSET,OFFSET,...",
                        help="a window size and the content offsets to measure at it (repeatable)")
    parser.add_argument("--engines", default="css,js")
    parser.add_argument("--reduced-motion", action="store_true", help="emulate prefers-reduced-motion: reduce")
    parser.add_argument("--iframe", action="store_true",
                        help="measure the page inside an <iframe> of each --run's size, on a host page of its own")
    parser.add_argument("--screenshot", help="save a PNG of the first size and engine at the last offset, photos loaded")
    parser.add_argument("--plan", help="a JSON file listing several pages to measure in one browser (see above)")
    args = parser.parse_args()
    if args.plan:
        if args.page or args.run:
            parser.error("--plan lists the pages and their runs: give no PAGE or --run beside it")
        with open(args.plan) as f:
            plan = json.load(f)
        if not isinstance(plan, list) or not all(isinstance(p, dict) and "page" in p and p.get("runs") for p in plan):
            parser.error("--plan: expected a JSON list of objects with \"page\" and \"runs\"")
    elif not args.page or not args.run:
        parser.error("give PAGE and at least one --run, or --plan")

    driver = headless_chromium.start(["--allow-file-access-from-files", "--force-device-scale-factor=1"], script_timeout=30)
    try:
        version = driver.capabilities.get("browserVersion", "")
        if args.plan:
            pages = [{"runs": measure_page(driver, p["page"], p["runs"], p.get("engines", "css,js"),
                                           p.get("reduced_motion", False), p.get("iframe", False))} for p in plan]
            json.dump({"browser": version, "pages": pages}, sys.stdout)
        else:
            runs = measure_page(driver, args.page, args.run, args.engines, args.reduced_motion, args.iframe, args.screenshot)
            json.dump({"browser": version, "runs": runs}, sys.stdout)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
