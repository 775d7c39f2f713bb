"""Headless Chromium for the class report's page tests: where it is, why a
test skips when it is not, and one driver per test module (the ``browser`` fixture, tests/conftest.py), and which charts a page shows (``charts_shown``)."""

import importlib.util
import os
import shutil

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


def browser_missing() -> str:
    """Why the page cannot be opened here ("" when it can)."""
    if importlib.util.find_spec("selenium") is None:
        return "selenium is not installed (pip install -e '.[test]')"
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            return f"{path} is missing (apt-get install chromium chromium-driver)"
    return ""


needs_browser = pytest.mark.skipif(bool(browser_missing()), reason=browser_missing() or "browser present")


def open_browser(profile):
    """A headless Chromium driver with its profile in ``profile``, logging the console and network."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=1280,1800",
                 f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.get("about:blank")
    return driver


_CHARTS_SHOWN = """var prefix = arguments[0];
return Array.from(document.querySelectorAll('svg')).filter(function (s) {
  return s.getBoundingClientRect().height > 0 && s.id.indexOf(prefix) === 0; }).map(function (s) {
  return [s.id, s.getBoundingClientRect().height, getComputedStyle(s).breakInside]; });"""


def charts_shown(driver, prefix: str, media: str = "") -> list:
    """``[id, height, break-inside]`` of each chart drawn on the open page whose id starts with
    ``prefix``, as the page shows it under ``media`` (``"print"`` emulated, then put back; "" the screen)."""
    if not media:
        return driver.execute_script(_CHARTS_SHOWN, prefix)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": media})
    try:
        return driver.execute_script(_CHARTS_SHOWN, prefix)
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
