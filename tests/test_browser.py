"""The story page in a real browser: headless Chromium driven through chromedriver.

Checks what a parser cannot: the page runs without console errors from file://, its own
script runs under the page's Content-Security-Policy, article markup stays text, and a
source link opens the article with the cited sentence highlighted.

Needs /usr/bin/chromium and /usr/bin/chromedriver (``bash scripts/install-browser.sh``) and
selenium (the ``test`` extra).  Skipped when they are missing, except in CI (CI=true),
where their absence fails the run.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path

import pytest

from storyline.render.html import render_index_html, render_story_html

sys.path.insert(0, str(Path(__file__).parent))
from test_render_html import make_doc  # noqa: E402  (the story documents written for the HTML tests)

pytestmark = pytest.mark.browser

CHROMIUM = os.environ.get("STORYLINE_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("STORYLINE_CHROMEDRIVER", "/usr/bin/chromedriver")

HOSTILE = (
    "The mayor spoke at noon. <script>document.title='pwned'</script>\n\n"
    "<img src=x onerror=\"document.body.setAttribute('data-pwned','1')\"> "
    "Officials confirmed the closure on Friday.\n\n"
    "<a href=\"javascript:document.title='clicked'\">click me</a> was in the text."
)
CITED = "Officials confirmed the closure on Friday."


def _unavailable(reason: str) -> None:
    message = f"browser test needs {reason}; run `bash scripts/install-browser.sh` and `pip install -e .[test]`"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message + " (required in CI)")
    pytest.skip(message)


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _unavailable("selenium")
    for path in (CHROMIUM, CHROMEDRIVER):
        if not (os.path.isfile(path) and os.access(path, os.X_OK)) and not shutil.which(path):
            _unavailable(f"{os.path.basename(path)} at {path}")
    profile = tmp_path_factory.mktemp("chromium-profile")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", f"--user-data-dir={profile}", "--window-size=1280,900"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    drv = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    drv.set_page_load_timeout(30)
    yield drv
    drv.quit()


def _hostile_doc() -> dict:
    doc = make_doc()
    start = HOSTILE.index(CITED)
    doc["articles"].append({
        "id": "h", "path": None, "url": None, "outlet": "Evil <b>Outlet</b>",
        "title": "<script>document.title='pwned'</script>Closure", "published": "2031-03-04",
        "published_source": "metadata", "duplicate_of": None, "text": HOSTILE})
    doc["story"]["title"] = "Harbour story"
    doc["timeline"].insert(1, {"date": "2031-03-04", "summary": "<img src=x onerror=alert(1)> closure",
                               "sources": [{"article_id": "h", "sentence": CITED, "char_start": start,
                                            "char_end": start + len(CITED), "time_expression": "on Friday"}]})
    return doc


def _open(driver, path: Path, html: str):
    path.write_text(html, encoding="utf-8")
    driver.get_log("browser")  # drop anything left from an earlier page
    driver.get(path.as_uri())


def _errors(driver) -> list[dict]:
    return [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


def test_hostile_article_markup_is_shown_not_run(driver, tmp_path):
    _open(driver, tmp_path / "index.html", render_story_html(_hostile_doc()))
    assert driver.title == "Harbour story · storyline"
    assert driver.execute_script("return document.scripts.length") == 1
    assert driver.execute_script("return document.querySelectorAll('article img, main img').length") == 0
    assert driver.execute_script("return document.body.getAttribute('data-pwned')") is None
    driver.execute_script("document.querySelectorAll('details').forEach(function (d) { d.open = true; })")
    body = driver.execute_script("return document.body.innerText")
    assert "<script>document.title='pwned'</script>" in body
    assert "<img src=x onerror=" in body
    assert "Evil <b>Outlet</b>" in body
    assert driver.execute_script("return document.querySelectorAll('a[href^=\"javascript:\"]').length") == 0
    assert _errors(driver) == []


def test_source_link_opens_article_and_highlights_sentence(driver, tmp_path):
    from selenium.webdriver.common.by import By

    _open(driver, tmp_path / "index.html", render_story_html(_hostile_doc()))
    article = driver.find_element(By.CSS_SELECTOR, "details.article:last-of-type")
    assert article.get_attribute("open") is None
    link = next(a for a in driver.find_elements(By.CSS_SELECTOR, "#timeline a.src")
                if "Evil" in a.find_element(By.XPATH, "./..").text)
    target_id = link.get_attribute("href").split("#", 1)[1]
    link.click()
    time.sleep(0.3)
    mark = driver.find_element(By.ID, target_id)
    assert mark.text == CITED
    assert "active" in mark.get_attribute("class").split()  # set by the page's own script
    assert driver.execute_script("return arguments[0].closest('details').open", mark) is True
    in_view = driver.execute_script(
        "var r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight;", mark)
    assert in_view
    back = driver.find_element(By.ID, "back")
    assert back.is_displayed()
    back.click()
    time.sleep(0.2)
    assert not back.is_displayed()
    assert _errors(driver) == []


def test_print_opens_every_article(driver, tmp_path):
    _open(driver, tmp_path / "index.html", render_story_html(make_doc()))
    closed = "return Array.from(document.querySelectorAll('details.article')).filter(d => !d.open).length"
    assert driver.execute_script(closed) > 0
    driver.execute_script("window.dispatchEvent(new Event('beforeprint'))")
    assert driver.execute_script(closed) == 0
    driver.execute_script("window.dispatchEvent(new Event('afterprint'))")
    assert driver.execute_script(closed) > 0
    assert _errors(driver) == []


def test_index_page_and_screenshot(driver, tmp_path):
    _open(driver, tmp_path / "index.html", render_index_html([make_doc(), _hostile_doc()]))
    assert driver.title == "Stories · storyline"
    assert len(driver.find_elements("css selector", "ul.stories a.title")) == 2
    shot = tmp_path / "index.png"
    assert driver.save_screenshot(str(shot))
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert _errors(driver) == []
