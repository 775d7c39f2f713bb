"""How fast the class report's HTML page opens for a big class, in headless Chromium:

    python benchmarks/report_page.py                 # 20,000 students, 3 loads
    python benchmarks/report_page.py --students 2000

Writes the demo class's report (quizgen.report.demo) and prints the page's
``loadEventEnd`` (ms) for each load and its size. Needs selenium (the test
extras), chromium and chromium-driver. Target (docs/report.md): 20,000
students open in under 2 s."""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from quizgen.report import write_class_report
from quizgen.report.demo import demo_class

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"


def load_times(path: Path, loads: int) -> list:
    """``loadEventEnd`` of ``loads`` fresh loads of the page at ``path``."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--window-size=1280,1800"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        times = []
        for _ in range(loads):
            driver.get("about:blank")
            driver.get(path.as_uri())
            times.append(driver.execute_script(
                "return performance.getEntriesByType('navigation')[0].loadEventEnd;"))
        return times
    finally:
        driver.quit()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=20_000)
    parser.add_argument("--loads", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        parts, students = demo_class(args.students)
        path = write_class_report(parts, students, Path(folder), "big")["html"]
        times = load_times(path, args.loads)
        print(f"{args.students} students, page {path.stat().st_size / 1e6:.1f} MB: loadEventEnd "
              + ", ".join(f"{t:.0f} ms" for t in times))


if __name__ == "__main__":
    main()
