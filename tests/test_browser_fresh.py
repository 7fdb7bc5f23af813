"""Fresh data without restart (issue #14, point 10) in a real Chromium, on a phone (390x844)
and a desktop (1280x900): with the server running, `arbiter cards import` (a real process,
into the build folder the server reads) and `arbiter ingest --codex` (a new corpus generation)
are served without a restart, and no page the response cache held before is served stale.

The server is the app in this process (as in ``test_browser_judge``), so the test can see its
response cache answer a page before the change; the import and the ingest are the command line,
as a judge's organiser would run them. No request may leave the service.
"""
from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote

import pytest

from codex.paths import PROJECT_ROOT, BuildPaths
from service.app import RESPONSE_CACHE_KEY
from service.resources import RECHECK_SECONDS
from tests.conftest import clone_build
from tests.test_browser_judge import browser, page  # noqa: F401 - fixtures used by name
from tests.test_corpus_generation import _newer_codex

pytestmark = pytest.mark.browser

FIXTURE = Path(__file__).parent / "fixtures" / "cards" / "judge.json"
# One invented card and one invented Codex change per viewport: each run changes the data anew.
NEW_CARD = {"phone": "Quillfeather Lark", "desktop": "Quillfeather Heron"}
NEW_WORD = {"phone": "zyzzophonic", "desktop": "zyzzodesktopic"}
CHANGED_ENTRY = "Airborne"           # an existing entry whose text the newer Codex changes


@pytest.fixture(scope="module")
def build(judge_build: BuildPaths, tmp_path_factory: pytest.TempPathFactory) -> BuildPaths:
    """A private copy of the build with the invented catalog: this module changes it."""
    return clone_build(judge_build, tmp_path_factory.mktemp("fresh") / "build")


@pytest.fixture(scope="module")
def served(build: BuildPaths):
    """The app over ``build`` on a free loopback port: (base URL, app)."""
    from werkzeug.serving import make_server

    from codex.cardtext.parser import names_added
    from service import create_app

    with names_added():
        app = create_app(build)
        srv = make_server("127.0.0.1", 0, app, threaded=True)
        thread = threading.Thread(target=srv.serve_forever, daemon=True)
        thread.start()
        yield f"http://127.0.0.1:{srv.server_port}", app
        srv.shutdown()


@pytest.fixture(scope="module")
def server(served) -> str:
    """The base URL (the name the shared ``page`` fixture asks for)."""
    return served[0]


def arbiter(build: BuildPaths, *args: str) -> str:
    """Run the command line on ``build``, as an organiser would while the server runs."""
    done = subprocess.run([sys.executable, "-m", "codex", "--build-dir", str(build.root), *args],
                          cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def cache_hits(app) -> int:  # noqa: ANN001
    return app.extensions[RESPONSE_CACHE_KEY].hits


def visit_twice(page, url: str, app) -> str:  # noqa: ANN001
    """Open ``url``, then open it again and check that the response cache answered it; the
    page's text."""
    page.goto(url)
    hits = cache_hits(app)
    page.goto(url)
    assert cache_hits(app) > hits, f"{url} was not answered from the response cache"
    return page.locator("main").inner_text()


def noticed() -> None:
    """Wait out the server's check interval: the next request must see the change."""
    time.sleep(RECHECK_SECONDS + 0.2)


def refreshed_until(page, shown, seconds: float = 15) -> bool:  # noqa: ANN001
    """Refresh the page (as a judge pulls to refresh) until ``shown()``; False after
    ``seconds``."""
    deadline = time.monotonic() + seconds
    while not shown():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.25)
        page.reload()
    return True


def invented_card(name: str) -> dict:
    """An invented card (the judge fixture's first card, renamed and given its own text)."""
    card = json.loads(FIXTURE.read_text(encoding="utf-8"))[0]
    card["name"] = name
    card["guardian"].update({"cost": 7, "rulesText": "Airborne\r\n\r\nGenesis → Draw a spell."})
    card["sets"][0]["variants"][0].update({"slug": "tst-quill", "typeText": "An invented bird"})
    return card


def test_a_card_import_is_served_without_a_restart(page, served, build, tmp_path):
    server, app = served
    name = NEW_CARD[page.viewport_name]
    card_url = f"{server}/cards/{quote(name)}"
    search_url = f"{server}/search?q={quote(name)}"
    cards_url = f"{server}/cards?q=" + quote("t:minion cost>=7")
    # before: no such card; the pages that will show it are in the response cache
    assert page.goto(card_url).status == 404
    visit_twice(page, cards_url, app)
    assert name not in page.locator(".card-name").all_inner_texts()
    visit_twice(page, search_url, app)
    assert page.locator(".named-card").count() == 0

    path = tmp_path / "new-cards.json"
    path.write_text(json.dumps([invented_card(name)]), encoding="utf-8")
    assert "1" in arbiter(build, "cards", "import", str(path))
    noticed()

    # the card's page, first request after the import
    response = page.goto(card_url)
    assert response.status == 200 and page.locator("h1").inner_text() == name
    assert "An invented bird" in page.locator("main").inner_text()
    # card search and the one search box: the pages cached before (by the server, and by
    # the browser, which asks again before it shows a page) are not shown again
    page.goto(cards_url)
    assert name in page.locator(".card-name").all_inner_texts()
    page.goto(search_url)
    card = page.locator(".named-card").first
    assert name in card.inner_text() and "Showing results for" not in page.content()
    # typed in the header box, as a judge would
    page.goto(server + "/entries/intercept")
    page.fill("#q", name)
    page.keyboard.press("Enter")
    page.wait_for_url("**/search?q=*")
    page.locator(".named-card a.card").first.click()
    page.wait_for_url(card_url)


def newer_codex(tmp_path: Path, word: str) -> Path:
    """The embedded Codex plus an invented entry (``test_corpus_generation``'s), with
    ``word`` in it and added to an existing entry's text."""
    import csv
    import io

    from tests.test_corpus_generation import MARKER_WORD

    rows = list(csv.reader(io.StringIO(_newer_codex(tmp_path).read_text(encoding="utf-8"))))
    rows[-1][1] = rows[-1][1].replace(MARKER_WORD, word)
    changed = next(r for r in rows if r[0] == CHANGED_ENTRY)
    changed[1] += f" An invented closing sentence about the {word}, for tests."
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    path = tmp_path / "newer-changed.csv"
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


def test_a_new_corpus_generation_is_served_without_a_restart(page, served, build, tmp_path):
    from tests.test_corpus_generation import MARKER_TITLE

    server, app = served
    word = NEW_WORD[page.viewport_name]
    entry_url = f"{server}/entries/airborne"
    search_url = f"{server}/search?q={word}"
    before = visit_twice(page, entry_url, app)
    built_before = page.locator("footer .build time").get_attribute("datetime")
    assert word not in before
    assert "No results" in visit_twice(page, search_url, app) or \
        page.locator("a.hit-title").count() == 0

    arbiter(build, "ingest", "--codex", str(newer_codex(tmp_path, word)))
    noticed()

    # the worker loads the new generation in the background while the old one answers:
    # refreshing the page shows the new text within seconds, not after a restart
    page.goto(entry_url)
    sentence = f"An invented closing sentence about the {word}"
    assert refreshed_until(page, lambda: sentence in page.locator("main").inner_text())
    # "Rules as of" the new build
    assert page.locator("footer .build time").get_attribute("datetime") != built_before
    page.goto(search_url)
    titles = page.locator("a.hit-title").all_inner_texts()
    assert MARKER_TITLE in titles and CHANGED_ENTRY in titles
    page.locator("a.hit-title", has_text=MARKER_TITLE).first.click()
    assert page.locator("h1").inner_text() == MARKER_TITLE
