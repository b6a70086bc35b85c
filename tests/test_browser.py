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
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        "--window-size=1280,900",
    ):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    drv = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    drv.set_page_load_timeout(30)
    yield drv
    drv.quit()


def _hostile_doc() -> dict:
    doc = make_doc()
    start = HOSTILE.index(CITED)
    doc["articles"].append(
        {
            "id": "h",
            "path": None,
            "url": None,
            "outlet": "Evil <b>Outlet</b>",
            "title": "<script>document.title='pwned'</script>Closure",
            "published": "2031-03-04",
            "published_source": "metadata",
            "duplicate_of": None,
            "text": HOSTILE,
        }
    )
    doc["story"]["title"] = "Harbour story"
    doc["timeline"].insert(
        1,
        {
            "date": "2031-03-04",
            "summary": "<img src=x onerror=alert(1)> closure",
            "sources": [
                {
                    "article_id": "h",
                    "sentence": CITED,
                    "char_start": start,
                    "char_end": start + len(CITED),
                    "time_expression": "on Friday",
                }
            ],
        },
    )
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
    link = next(
        a
        for a in driver.find_elements(By.CSS_SELECTOR, "#timeline a.src")
        if "Evil" in a.find_element(By.XPATH, "./..").text
    )
    target_id = link.get_attribute("href").split("#", 1)[1]
    link.click()
    time.sleep(0.3)
    mark = driver.find_element(By.ID, target_id)
    assert mark.text == CITED
    assert "active" in mark.get_attribute("class").split()  # set by the page's own script
    assert driver.execute_script("return arguments[0].closest('details').open", mark) is True
    in_view = driver.execute_script(
        "var r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight;", mark
    )
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


#: markup, script and URL tricks, each with ``{js}``: code that marks the page when it runs (``_ran``)
PAYLOADS = (
    "<script>{js}</script>",
    "<ScRiPt >{js}</ScRiPt >",
    "</script><script>{js}</script>",
    "</title><script>{js}</script>",
    "</textarea><script>{js}</script>",
    '"><script>{js}</script>',
    '\'><img src=x onerror="{js}">',
    '" onmouseover="{js}" autofocus onfocus="{js}" x="',
    "' onfocus='{js}' autofocus '",
    '<img src=x onerror="{js}">',
    '<svg onload="{js}"></svg>',
    "<svg><script>{js}</script></svg>",
    '<svg><a xlink:href="javascript:{js}"><text y="20">svg link</text></a></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror="{js}">',
    '<iframe srcdoc="<script>{js}</script>"></iframe>',
    '<iframe src="javascript:{js}"></iframe>',
    '<object data="javascript:{js}"></object>',
    '<embed src="javascript:{js}">',
    '<details open ontoggle="{js}">d</details>',
    '<input autofocus onfocus="{js}">',
    '<body onload="{js}">',
    '<video><source onerror="{js}"></video>',
    '<base href="javascript:{js}//">',
    '<meta http-equiv="refresh" content="0;url=javascript:{js}">',
    '<a href="javascript:{js}">link</a>',
    '<a href="  jav&#x09;ascript:{js}">link</a>',
    "javascript:{js}",
    "data:text/html,<script>{js}</script>",
    "&lt;script&gt;{js}&lt;/script&gt;",
    "[click me](javascript:{js})",
    '![x](x" onerror="{js})',
    '<https://example.org/" onmouseover="{js}>',
    "{{{{constructor.constructor('{js}')()}}}}",
    "<style>@import 'javascript:{js}';</style>",
    '<link rel="stylesheet" href="javascript:{js}">',
)
#: CSS that shows on the page when it applies (``_styled``)
STYLE_PAYLOADS = (
    "<style>html {{ --pwned-{n}: 1 }}</style>",
    '" style="--pwned-{n}: 1" x="',
    '<div style="--pwned-{n}: 1">styled</div>',
    "}} html {{ --pwned-{n}: 1 }} {{",
)
#: where article text and metadata reach the story page
FIELDS = (
    "story title",
    "article title",
    "article text",
    "outlet",
    "url",
    "quote",
    "speaker",
    "entity name",
    "alias",
    "role",
    "timeline summary",
    "summary",
    "figure subject",
)


def _marker(n: int) -> str:
    return f"top.document.documentElement.setAttribute('data-pwned-{n}', '1')"


def _payloads() -> list[tuple[int, str]]:
    """Every payload once for each field, each with its own number, so a run is traced to payload and field."""
    out = []
    for template in PAYLOADS + STYLE_PAYLOADS:
        for _ in FIELDS:
            n = len(out)
            out.append((n, template.format(js=_marker(n), n=n)))
    return out


def _hostile_everywhere() -> tuple[dict, int]:
    """A story document with a payload in every field that reaches the page; and how many payloads it holds."""
    doc = make_doc()
    tried = _payloads()
    by_field: dict[str, list[str]] = {field: [] for field in FIELDS}
    for n, payload in tried:
        by_field[FIELDS[n % len(FIELDS)]].append(payload)
    joined = {field: " ".join(texts) for field, texts in by_field.items()}
    text = f"{CITED}\n\n" + "\n\n".join(f"{p} is in the text." for p in by_field["article text"])
    quote = joined["quote"]
    text += f"\n\n“{quote}”, she said."
    start = text.index(quote)
    doc["story"]["title"] = joined["story title"]
    doc["articles"].append(
        {
            "id": "h",
            "path": None,
            "url": joined["url"],
            "outlet": joined["outlet"],
            "title": joined["article title"],
            "published": "2031-03-04",
            "published_source": "metadata",
            "duplicate_of": None,
            "text": text,
        }
    )
    doc["timeline"].insert(
        1,
        {
            "date": "2031-03-04",
            "summary": joined["timeline summary"],
            "sources": [
                {
                    "article_id": "h",
                    "sentence": CITED,
                    "char_start": 0,
                    "char_end": len(CITED),
                    "time_expression": "on Friday",
                }
            ],
        },
    )
    doc["entities"].append(
        {
            "id": "e9",
            "name": joined["entity name"],
            "type": "PERSON",
            "aliases": by_field["alias"],
            "mentions": 1,
            "roles": [
                {
                    "role": joined["role"],
                    "source": {
                        "article_id": "h",
                        "sentence": None,
                        "char_start": start,
                        "char_end": start + len(quote),
                    },
                }
            ],
        }
    )
    doc["quotes"].append(
        {
            "text": quote,
            "speaker": "e9",
            "speaker_name": joined["speaker"],
            "article_id": "h",
            "char_start": start,
            "char_end": start + len(quote),
        }
    )
    doc["summary"].append(
        {
            "text": joined["summary"],
            "sources": [{"article_id": "h", "sentence": CITED, "char_start": 0, "char_end": len(CITED)}],
        }
    )
    doc["claims"].append(
        {
            "subject": joined["figure subject"],
            "value": 1.0,
            "unit": None,
            "text": quote,
            "article_id": "h",
            "char_start": start,
            "char_end": start + len(quote),
            "status": "single",
            "group": 9,
        }
    )
    return doc, len(tried)


def _ran(driver) -> list[str]:
    return driver.execute_script(
        "var found = [];"
        "[document].concat(Array.from(document.querySelectorAll('iframe'), function (f) {"
        "  try { return f.contentDocument; } catch (e) { return null; } })).forEach(function (d) {"
        "  if (d && d.documentElement) { Array.from(d.documentElement.attributes).forEach(function (a) {"
        "    if (a.name.indexOf('data-pwned-') === 0) { found.push(a.name); } }); } });"
        "return found;"
    )


def _styled(driver, count: int) -> list[int]:
    return driver.execute_script(
        "var found = [], els = [document.documentElement].concat(Array.from(document.querySelectorAll('*')));"
        "for (var n = 0; n < arguments[0]; n++) { for (var i = 0; i < els.length; i++) {"
        "  if (getComputedStyle(els[i]).getPropertyValue('--pwned-' + n)) { found.push(n); break; } } }"
        "return found;",
        count,
    )


def _interact(driver) -> None:
    """What a reader does: open every folded part, follow every in-page link, move over and focus everything."""
    driver.execute_script(
        "document.querySelectorAll('details').forEach(function (d) { d.open = true; });"
        "document.querySelectorAll('a[href^=\"#\"]').forEach(function (a) { a.click(); });"
        "document.querySelectorAll('*').forEach(function (el) {"
        "  ['mouseover', 'mouseenter', 'focus', 'click'].forEach(function (type) {"
        "    if (type !== 'click' || el.tagName !== 'A' || (el.getAttribute('href') || '').charAt(0) === '#') {"
        "      el.dispatchEvent(new Event(type)); } }); });"
    )
    time.sleep(0.5)  # timers, iframes and refreshes a payload may have started


@pytest.mark.parametrize("csp", [True, False], ids=["with the CSP", "without the CSP"])
def test_no_hostile_payload_runs_or_styles_the_page(driver, tmp_path, csp):
    """Without the CSP the escaping alone must hold.  Prints how many payloads were tried."""
    doc, tried = _hostile_everywhere()
    pages = {"story": render_story_html(doc), "index": render_index_html([doc])}
    ran: list[str] = []
    styled: list[int] = []
    for name, html in pages.items():
        if not csp:
            start = html.index('<meta http-equiv="Content-Security-Policy"')
            html = html[:start] + html[html.index(">", start) + 1 :]
        _open(driver, tmp_path / f"{name}.html", html)
        if name == "story":
            assert driver.execute_script("return document.scripts.length") == 1  # the page's own script
        _interact(driver)
        # no refresh or link took the page away (in-page links only change the fragment)
        assert driver.current_url.split("#")[0] == (tmp_path / f"{name}.html").as_uri()
        ran += _ran(driver)
        styled += _styled(driver, tried)
    print(
        f"\nChromium ({'with' if csp else 'without'} the CSP): {tried} hostile payloads "
        f"({len(PAYLOADS)} script and {len(STYLE_PAYLOADS)} style tricks in {len(FIELDS)} fields) on the story "
        f"and index pages; script executions: {len(ran)}, style injections: {len(styled)}"
    )
    assert tried == (len(PAYLOADS) + len(STYLE_PAYLOADS)) * len(FIELDS) > 400
    assert ran == [] and styled == []
    if not csp:  # the detectors see a payload that is not escaped
        raw = f'<img src=x onerror="{_marker(tried)}"><style>html {{ --pwned-{tried}: 1 }}</style></body>'
        _open(driver, tmp_path / "control.html", html.replace("</body>", raw))
        _interact(driver)
        assert _ran(driver) == [f"data-pwned-{tried}"] and _styled(driver, tried + 1) == [tried]
