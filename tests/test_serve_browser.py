"""The web app in headless Chromium against a real ``storyline serve``: search, open a story,
and see a posted article appear in the open page without a reload.

Uses test_browser.py's Chromium set-up (skipped without Chromium, except in CI).
"""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx", reason="storyline serve needs the serve extra")
sys.path.insert(0, str(Path(__file__).parent))
from serve_process import free_port, kill, start, wait_up  # noqa: E402
from test_browser import _errors, driver  # noqa: E402,F401  (the Chromium fixture)
from test_serve_api import PIER_ARTICLE  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TOKEN = "browser-test-token"


@pytest.fixture()
def server(examples_built, tmp_path):
    out = tmp_path / "out"
    shutil.copytree(examples_built["out"], out)
    port = free_port()
    process = start(out, port, TOKEN)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_up(base)
        yield base
    finally:
        kill(process)


def _wait_for(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.25)
    raise AssertionError(f"{what} did not happen within {timeout} s")


def test_search_open_a_story_and_see_a_posted_article_arrive_live(driver, server):  # noqa: F811
    from selenium.webdriver.common.by import By

    driver.get_log("browser")
    driver.get(server + "/")
    assert driver.find_elements(By.CSS_SELECTOR, "#stories li[data-id]")
    box = driver.find_element(By.ID, "q")
    box.send_keys("ferry pier")
    box.submit()
    _wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#results li.result"), 10, "search results")
    first = driver.find_element(By.CSS_SELECTOR, "#results li.result")
    assert "ferry" in first.text.lower()
    first.find_element(By.CSS_SELECTOR, "a").click()
    _wait_for(lambda: "/stories/" in driver.current_url, 10, "opening the story")
    assert driver.find_elements(By.CSS_SELECTOR, "details.article")

    driver.execute_script("window.storylineMarker = 'same page';")
    time.sleep(1.5)  # let the page's change stream connect
    response = httpx.post(
        server + "/api/articles", json=PIER_ARTICLE, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=10
    )
    assert response.status_code in (201, 202)
    story_id = driver.current_url.rsplit("/", 1)[1]
    _wait_for(
        lambda: httpx.get(f"{server}/api/articles/{response.json()['id']}").json().get("story_id") == story_id,
        90,
        "the posted article joining this story",
    )
    _wait_for(
        lambda: PIER_ARTICLE["title"] in driver.execute_script("return document.body.textContent"),
        20,
        "the new article appearing in the open page",
    )
    assert driver.execute_script("return window.storylineMarker") == "same page"  # no reload
    note = driver.find_element(By.ID, "live-note")
    assert "1 new article" in note.text
    assert _errors(driver) == []

    person = driver.find_element(By.CSS_SELECTOR, "div.entity h4 a.across")
    name = person.find_element(By.XPATH, "./..").text.split(" all stories")[0]
    person.click()
    _wait_for(lambda: "/people/" in driver.current_url, 10, "opening the person's page")
    assert driver.find_element(By.TAG_NAME, "h1").text.startswith(name.split(" ")[0])
    assert _errors(driver) == []

    driver.get(server + "/")
    assert driver.find_elements(By.CSS_SELECTOR, "#stories li[data-id]")
    assert _errors(driver) == []
