"""Headless Chromium as the browser scripts start it, through Selenium: Debian's chromium and
chromium-driver (/usr/bin), a new-style headless window without sandbox, GPU, /dev/shm or
scroll bars, and the page's viewport set through CDP at a device scale of 1.

Imported by the scripts beside it (browser-probe.py, browser-scroll-cost.py,
browser-throttled-follow.py, browser-fling.py); Python finds it because a script's own folder
comes first on its path.
"""
import os
import shutil
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars")

# Resolves once the exported page has laid itself out (its script sets data-ready on <html>).
WAIT_FOR_READY = (
    "const done = arguments[0];"
    "const wait = () => document.documentElement.dataset.ready ? done() : setTimeout(wait, 10); wait();")


def start(extra_flags=(), script_timeout=60):
    """A driver for a new headless Chromium with FLAGS and `extra_flags`; the caller quits it.

    Chromium and its driver get a temporary folder of their own as TMPDIR, removed when the
    driver quits: Chromium leaves a folder with its singleton socket in TMPDIR at every run
    (hundreds in /tmp after a day of test runs)."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in FLAGS + tuple(extra_flags):
        options.add_argument(flag)
    folder = tempfile.mkdtemp(prefix="headless-chromium-")
    try:
        service = Service("/usr/bin/chromedriver", env=dict(os.environ, TMPDIR=folder))
        driver = webdriver.Chrome(service=service, options=options)
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    quit_driver = driver.quit

    def quit_and_remove_folder():
        try:
            quit_driver()
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    driver.quit = quit_and_remove_folder
    try:
        driver.set_script_timeout(script_timeout)
    except BaseException:
        driver.quit()
        raise
    return driver


def set_viewport(driver, width, height):
    """The page's viewport in CSS px, at one device pixel per px, not as a phone."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def wait_until_ready(driver):
    """Returns once the loaded page says it is ready (WAIT_FOR_READY)."""
    driver.execute_async_script(WAIT_FOR_READY)
