#!/usr/bin/python3
"""Whether an exported page's images follow the scroll when the page's main thread is slow.

For each engine (css: the scroll-driven animations; js: ?engine=js, the script fallback), loads
PAGE at WIDTHxHEIGHT in headless Chromium, slows its main thread with CDP's
Emulation.setCPUThrottlingRate (as DevTools' "low-tier mobile" preset does at 6), keeps it busy
(a task that spins BUSY ms out of every PERIOD ms), then scrolls with mouse-wheel input
(Input.dispatchMouseEvent: the compositor scrolls it) and takes a screenshot after each notch
(Page.captureScreenshot: what the compositor shows).

Every image is painted black with a red band across its centre and the page white (injected
CSS), so in a screenshot each fully visible cell is a black run of rows in the first column and
its image's centre is the red band. With the mapping linear in the cell's place in the viewport
(the animation's range: cover 0% to 100%), the band's offset from the cell's centre is a linear
function of where the cell is: fitted on the screenshots of the page at rest, each throttled
screenshot's cells are compared with it. A cell whose band is where the fit says follows the
scroll; the error in px says how far an image is behind. Prints JSON per engine.

Debian's chromium, chromium-driver, python3-selenium and python3-pil.
"""
import argparse
import base64
import io
import json
import sys
import time

from PIL import Image

import headless_chromium

MARKED = """
const style = document.createElement('style');
style.textContent = `
  html, body, [data-scroller], .content { background: #fff !important; }
  .parallax-clip { background: #000 !important; }
  .parallax-image { object-position: -99999px 0 !important;
    background: linear-gradient(to bottom, #000 0 calc(50% - 2px), #f00 calc(50% - 2px) calc(50% + 2px), #000 calc(50% + 2px)) !important; }
  .caption, .title, .label { visibility: hidden !important; }`;
document.head.appendChild(style);
"""

BUSY = """
const [busy, period] = arguments;
window.__busy = setInterval(() => { const t = performance.now(); while (performance.now() - t < busy) {} }, period);
"""


def cells_in(png, column, height):
    """Each fully visible cell's (centre y, band y) in the screenshot's column `column`."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    px = image.load()
    runs, start, band = [], None, []
    for y in range(height):
        r, g, b = px[column, y]
        dark_or_red = (r < 60 and g < 60 and b < 60) or (r > 180 and g < 80 and b < 80)
        if dark_or_red and start is None:
            start, band = y, []
        if dark_or_red and r > 180:
            band.append(y)
        if not dark_or_red and start is not None:
            if start > 0 and band:
                runs.append(((start + y - 1) / 2, sum(band) / len(band)))
            start = None
    return runs  # a run still open at the bottom edge is cut off: left out


def fit(points):
    """Least squares offset = a + b * centre over (centre, offset) points."""
    n = len(points)
    sx = sum(p[0] for p in points); sy = sum(p[1] for p in points)
    sxx = sum(p[0] * p[0] for p in points); sxy = sum(p[0] * p[1] for p in points)
    b = (n * sxy - sx * sy) / (n * sxx - sx * sx)
    return (sy - b * sx) / n, b


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("page")
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--column", type=int, default=200, help="the x of the screenshot column the cells are read in")
    parser.add_argument("--rate", type=float, default=6)
    parser.add_argument("--busy", type=float, default=40, help="ms of every --period the main thread spins")
    parser.add_argument("--period", type=float, default=50)
    parser.add_argument("--notches", type=int, default=20)
    parser.add_argument("--delta", type=float, default=100, help="px per wheel notch")
    parser.add_argument("--engines", default="css,js")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))

    driver = headless_chromium.start()
    shot = lambda: base64.b64decode(driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"])
    wheel = lambda: driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
        "type": "mouseWheel", "x": args.column, "y": height // 2, "deltaX": 0, "deltaY": args.delta})
    try:
        headless_chromium.set_viewport(driver, width, height)
        results = []
        for engine in args.engines.split(","):
            driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
            driver.get("file://" + args.page + "?engine=" + engine)
            headless_chromium.wait_until_ready(driver)
            driver.execute_script(MARKED)
            # The scroll-driven animations take effect once the list has scrolled and painted:
            # the first screenshots of the css page showed every image unshifted.
            for _ in range(3):
                wheel()
            driver.execute_async_script("const d = arguments[0]; setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(d)), 300);")
            shot()
            # At rest: each notch, then two animation frames, then the screenshot.
            rest = []
            for _ in range(args.notches // 2):
                wheel()
                driver.execute_async_script("const d = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(d, 50)));")
                rest += cells_in(shot(), args.column, height)
            points = [(c, band - c) for c, band in rest]
            a, b = fit(points)
            rest_error = max(abs(o - (a + b * c)) for c, o in points)
            # Throttled and busy: the notches one after another, a screenshot after each.
            driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": args.rate})
            driver.execute_script(BUSY, args.busy, args.period)
            errors, shots, started = [], 0, time.monotonic()
            for _ in range(args.notches):
                wheel()
                cells = cells_in(shot(), args.column, height)
                shots += 1
                errors += [abs((band - c) - (a + b * c)) for c, band in cells]
            seconds = time.monotonic() - started
            driver.execute_script("clearInterval(window.__busy)")
            errors.sort()
            results.append({
                "engine": driver.execute_script("return document.documentElement.dataset.engine"),
                "rest_cells": len(points), "rest_fit_px": [round(a, 2), round(b, 5)], "rest_max_error_px": round(rest_error, 2),
                "throttled_screenshots": shots, "throttled_cells": len(errors), "seconds": round(seconds, 2),
                "error_px_median": round(errors[len(errors) // 2], 2) if errors else None,
                "error_px_max": round(errors[-1], 2) if errors else None,
                "cells_off_by_more_than_2px": sum(1 for e in errors if e > 2),
            })
        json.dump({"browser": driver.capabilities.get("browserVersion", ""), "size": [width, height], "cpu_throttling_rate": args.rate,
                   "busy_ms_per_period": [args.busy, args.period], "results": results}, sys.stdout, indent=1)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
