"""The judge's phone in a real Chromium (issue #14), on a phone (390x844) and a desktop
(1280x900): card search, card pages, search from any page, a ruling built by tapping and
opened by its link in a fresh browser, the board before and after, contents lists, offline
search after one visit, no sideways scrolling at 360 px, keyboard use, and axe-core on every
page type (served from the pinned ``axe-playwright-python`` package, never from the network)."""
from __future__ import annotations

import re
import threading

import pytest

from browser_wait import wait_until
from tests.test_browser_service import ARGS, chromium_path

pytestmark = pytest.mark.browser

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}


@pytest.fixture(scope="module")
def server(judge_build):
    """The app over the build with the invented catalog, on a free loopback port."""
    from werkzeug.serving import make_server

    from codex.cardtext.parser import names_added
    from service import create_app

    # the server's threads open the catalog (which teaches the parser its names) whenever a
    # request needs it, also between tests: forget them when the module is done
    with names_added():
        srv = make_server("127.0.0.1", 0, create_app(judge_build), threaded=True)
        thread = threading.Thread(target=srv.serve_forever, daemon=True)
        thread.start()
        yield f"http://127.0.0.1:{srv.server_port}"
        srv.shutdown()


@pytest.fixture(scope="module")
def browser():
    exe = chromium_path()
    if exe is None:
        pytest.skip("no Chromium binary (/usr/bin/chromium or on PATH)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=exe, headless=True, args=ARGS)
        yield b
        b.close()


@pytest.fixture(params=list(VIEWPORTS))
def page(request, browser, server):
    ctx = browser.new_context(viewport=VIEWPORTS[request.param])
    pg = ctx.new_page()
    errors: list[str] = []
    outside: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.on("request", lambda req: outside.append(req.url)
          if not req.url.startswith(server) and not req.url.startswith("data:") else None)
    pg.set_default_timeout(10_000)
    pg.viewport_name = request.param
    yield pg
    ctx.close()
    assert not errors, f"JavaScript errors: {errors}"
    assert not outside, f"requests outside the service: {outside}"


def test_a_card_name_search_shows_the_card_first(page, server):
    page.goto(server + "/entries/intercept")
    page.fill("#q", "Glimmer Owl")                 # the header box, from an entry page
    page.keyboard.press("Enter")
    page.wait_for_url("**/search?q=Glimmer+Owl")
    card = page.locator(".named-card").first
    assert "Glimmer Owl" in card.inner_text() and "Showing results for" not in page.content()
    card.locator("a.card").click()
    page.wait_for_url(server + "/cards/Glimmer%20Owl")
    assert page.locator("h1").inner_text() == "Glimmer Owl"


def test_card_page_for_a_card_the_codex_never_mentions(page, server):
    page.goto(server + "/cards/Glimmer%20Owl")
    facts = page.locator(".card-facts").inner_text()
    assert "Cost" in facts and "2" in facts and "Testset" in facts
    assert page.locator(".threshold svg").count() == 1
    page.locator("a.kw", has_text="Airborne").click()
    page.wait_for_url(server + "/entries/airborne")


def test_card_search_with_did_you_mean_and_sorting(page, server):
    page.goto(server + "/search?q=t:minon")        # card syntax in the one box
    page.wait_for_url(re.compile(r".*/cards\?q=t(:|%3A)minon$"))
    page.locator(".suggest a").first.click()
    page.wait_for_url(re.compile(r".*/cards\?q=t(:|%3A)minion$"))
    page.locator(".sorts a", has_text="cost").click()
    names = page.locator(".card-name").all_inner_texts()
    assert names == ["Glimmer Owl", "Reed Skimmer", "Ember Golem"]


def test_search_results_page_through_every_hit(page, server):
    page.goto(server + "/search?q=minion")
    first = page.locator("a.hit-title").all_inner_texts()
    page.locator(".pager a[rel=next]").click()
    page.wait_for_url("**page=2")
    assert page.locator("a.hit-title").count() > 0
    assert page.locator("a.hit-title").all_inner_texts() != first


def test_build_a_ruling_by_tapping_and_share_its_link(page, server, browser):
    page.goto(server + "/rulings")
    page.locator("#board-editor").wait_for()
    page.get_by_role("button", name="Start an empty board").click()
    page.locator('.realm-grid [data-square="18"]').click()
    page.get_by_role("button", name="Place a site").click()
    page.locator('.realm-grid [data-square="13"]').click()
    page.get_by_role("button", name="Place a site").click()
    page.locator('.realm-grid [data-square="18"]').click()
    page.get_by_label("New unit").fill("Ember Golem")
    page.get_by_role("button", name="Add a unit").click()
    assert '"card": "Ember Golem"' in page.locator("#scenario").input_value()
    assert "power 4/6" in page.locator(".square-panel").inner_text()    # stats from the catalog
    page.get_by_label("Damage").fill("1")
    page.get_by_label("Damage").press("Tab")
    page.locator(".action-panel select").first.select_option("move_and_attack")
    page.locator(".action-panel select").nth(1).select_option("ember-golem")
    page.get_by_role("button", name="Tap squares").click()
    page.locator('.realm-grid [data-square="13"]').click()
    doc = page.locator("#scenario").input_value()
    assert '"do": "move_and_attack"' in doc and '"path": [\n      13\n    ]' in doc
    assert '"damage": 1' in doc
    page.get_by_role("button", name="Rule and get a link").click()
    page.wait_for_url(re.compile(r".*/rulings/[0-9a-f]{16}$"))
    link = page.url
    assert "Verdict: resolved" in page.locator(".ruling h2").inner_text()
    fresh = browser.new_context(viewport=VIEWPORTS[page.viewport_name])
    other = fresh.new_page()
    other.goto(link)
    assert "Verdict: resolved" in other.locator(".ruling h2").inner_text()
    assert other.locator("svg.board").count() == 2
    assert "Ember Golem" in other.locator(".unit-legend").last.inner_text()
    assert "damage 1" in other.locator(".unit-legend").last.inner_text()
    other.get_by_role("link", name="Edit a copy").click()
    other.wait_for_url(re.compile(r".*/rulings\?from=[0-9a-f]{16}$"))
    assert "Ember Golem" in other.locator("#scenario").input_value()
    fresh.close()


def test_the_json_view_redraws_the_board(page, server):
    page.goto(server + "/rulings?example=movement/0")
    page.locator("#board-editor").wait_for()
    if not page.locator("#json-view").evaluate("d => d.open"):
        page.locator("#json-view summary").click()
    text = page.locator("#scenario").input_value().replace('"Site 13"', '"Mossy Cairn"', 1)
    page.locator("#scenario").fill(text)
    assert "Mossy Cairn" in page.locator('.realm-grid [data-square="13"]').inner_text() or \
        "Mossy Cairn" in page.locator(".realm-grid").inner_text()


def test_board_before_and_after(page, server):
    page.goto(server + "/rulings?example=movement/0")
    figs = page.locator("figure.board-fig")
    assert figs.count() == 2
    assert figs.first.locator("figcaption").inner_text() == "Before"
    assert figs.last.locator("polyline.path").count() == 1
    assert page.locator(".legend .tok").count() >= 2       # players' colours


def test_contents_list_jumps_to_a_sub_entry(page, server):
    page.goto(server + "/entries/intercept")
    toc = page.locator("nav.toc-list a")
    assert toc.count() >= 5
    toc.nth(1).click()
    target = page.evaluate("location.hash")
    assert target and page.locator(target).is_visible()


def test_offline_search_after_one_visit(browser, server):
    ctx = browser.new_context(viewport=VIEWPORTS["phone"])
    pg = ctx.new_page()
    pg.goto(server + "/")
    # the page marks itself once the service worker has saved every page (CSP forbids eval,
    # so this waits on the attribute rather than a predicate)
    pg.locator("html[data-offline-ready='1']").wait_for(state="attached", timeout=60_000)
    ctx.set_offline(True)
    pg.goto(server + "/search?q=intercept")
    pg.locator(".offline-banner").wait_for()
    assert "Intercept" in pg.locator("a.hit-title").all_inner_texts()
    assert "rules as of" in pg.locator(".offline-banner").inner_text()
    pg.locator("a.hit-title", has_text="Intercept").first.click()
    pg.wait_for_url(server + "/entries/intercept")
    assert pg.locator("h1").inner_text() == "Intercept"
    ctx.close()


PAGE_TYPES = ["/", "/search?q=intercept", "/search?q=Glimmer+Owl", "/entries", "/entries/intercept",
              "/keywords", "/cards", "/cards?q=t:minon", "/cards/Glimmer%20Owl", "/cards/Bosk%20Troll",
              "/cards/syntax", "/rulebook", "/rulebook/sections/avatars", "/rulebook/pages/32",
              "/conflicts", "/validate?text=Airbourne", "/rulings", "/rulings?example=movement/0",
              "/rulings/format", "/search/help", "/offline", "/no/such/page"]


@pytest.fixture(scope="module")
def shared_ruling(server):
    """The path of a shared ruling (a page type of its own)."""
    import json
    import urllib.parse
    import urllib.request

    from tests.test_service_judge import example

    body = urllib.parse.urlencode({"scenario": json.dumps(example("movement"))}).encode()

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):  # noqa: ANN002, ANN003
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        opener.open(server + "/rulings", data=body)
    except urllib.error.HTTPError as exc:
        assert exc.code == 303
        return exc.headers["Location"]
    raise AssertionError("no redirect to the shared ruling")


def test_no_sideways_scrolling_at_360px(browser, server, shared_ruling):
    ctx = browser.new_context(viewport={"width": 360, "height": 800})
    pg = ctx.new_page()
    for path in PAGE_TYPES + [shared_ruling]:
        pg.goto(server + path)
        pg.wait_for_load_state("load")
        overflow = pg.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{path} scrolls sideways by {overflow}px at 360px"
    ctx.close()


def test_keyboard_reaches_search_and_the_board_editor(page, server):
    page.goto(server + "/entries/airborne")
    page.keyboard.press("Tab")                   # skip link
    page.keyboard.press("Tab")                   # brand
    page.keyboard.press("Tab")                   # the search box
    assert page.evaluate("document.activeElement.id") == "q"
    page.keyboard.type("stealth")
    page.keyboard.press("Enter")
    page.wait_for_url("**/search?q=stealth")
    page.goto(server + "/rulings")
    page.locator('.realm-grid [data-square="7"]').focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.square") == "8"
    page.keyboard.press("Enter")
    assert page.locator(".square-panel h2").first.inner_text() == "Square 8"


def test_accessibility_of_every_page_type(browser, server, shared_ruling):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    failures = []
    for name, viewport in VIEWPORTS.items():
        ctx = browser.new_context(viewport=viewport)
        pg = ctx.new_page()
        for path in PAGE_TYPES + [shared_ruling]:
            pg.goto(server + path)
            pg.wait_for_load_state("load")
            if path.startswith("/rulings"):          # the board editor is drawn by script
                pg.wait_for_timeout(300)
            result = axe.run(pg)
            serious = [v for v in result.response["violations"]
                       if v.get("impact") in ("serious", "critical")]
            failures += [f"{name} {path}: {v['id']} ({v['impact']}): "
                         f"{[n['target'] for n in v['nodes']][:3]}" for v in serious]
        # the board editor with a square's panel open (every field it draws)
        pg.goto(server + "/rulings?example=movement/0")
        pg.locator('.realm-grid [data-square="18"]').click()
        pg.locator(".action-panel select").first.wait_for()
        result = axe.run(pg)
        failures += [f"{name} editor panel: {v['id']} ({v['impact']}): "
                     f"{[n['target'] for n in v['nodes']][:3]}" for v in result.response["violations"]
                     if v.get("impact") in ("serious", "critical")]
        ctx.close()
    assert not failures, "\n".join(failures)


def _overflow(pg) -> int:  # noqa: ANN001
    """How far the page scrolls sideways (0: not at all)."""
    return pg.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def _on_screen_sideways(pg, locator) -> bool:  # noqa: ANN001
    """Whether the element lies inside the viewport's width (scrolled to vertically)."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    width = pg.viewport_size["width"]
    return box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width


def test_validate_marks_an_error_far_along_a_long_line_on_screen(page, server):
    text = "Genesis → Deal 3 damage to each enemy minion here and to each enemy minon nearby."
    column = text.index("minon") + 1                      # 69: far past a phone's ~38 columns
    page.goto(server + "/validate")
    page.fill("#text", text)
    page.get_by_role("button", name="Validate").click()
    page.wait_for_url("**/validate")
    line = page.locator(".err-line code").first
    mark = line.locator("mark.err-at")
    assert mark.inner_text() == "m"
    assert line.inner_text().index(mark.inner_text() + "inon") == column - 1
    # the line wraps with its mark: the mark is inside the screen, nothing scrolls sideways
    assert _on_screen_sideways(page, mark), mark.bounding_box()
    assert _overflow(page) <= 0 and page.evaluate("window.scrollX") == 0
    assert "minion" in page.locator(".parse-error").first.inner_text()   # did you mean


def test_validate_page_never_scrolls_sideways_at_360px_with_a_long_word(browser, server):
    outside: list[str] = []
    ctx = browser.new_context(viewport={"width": 360, "height": 800})
    pg = ctx.new_page()
    pg.on("request", lambda req: outside.append(req.url)
          if not req.url.startswith(server) and not req.url.startswith("data:") else None)
    word = "Quixotically" * 25                                # 300 letters, no break anywhere
    texts = {f"Genesis → Deal 2 damage to each {word.lower()} nearby.": 1,    # the error in it,
             f"Airborne. Genesis → Deal 2 damage to each enemy nearby and {word} it.": 1,
             f"Genesis → Deal 2 damage to {word} nearby.": 0}    # a name: parses, in the tree
    for text, errors in texts.items():
        pg.goto(server + "/validate")
        pg.fill("#text", text)
        pg.get_by_role("button", name="Validate").click()
        pg.locator(".validation").wait_for()
        pg.wait_for_load_state("load")     # the stylesheet applied before any width is measured
        assert pg.locator(".parse-error").count() == errors, text
        assert _overflow(pg) <= 0, f"{text[:40]}: scrolls sideways by {_overflow(pg)}px"
        if errors:
            assert _on_screen_sideways(pg, pg.locator("mark.err-at").first)
            assert _on_screen_sideways(pg, pg.locator(".parse-error p").nth(1))   # the message
        else:
            assert word in pg.locator(".ast").inner_text()
            # the tree wraps the long name too, rather than scrolling inside its box
            assert pg.evaluate("(e => e.scrollWidth - e.clientWidth)(document.querySelector('.ast'))") <= 0
    pg.goto(server + "/validate?text=" + word)               # the same as a link
    assert _overflow(pg) <= 0
    ctx.close()
    assert not outside, f"requests outside the service: {outside}"


# -- the rest of the ten points, each in the browser -----------------------------------------
def test_entries_lists_see_links_and_conflicts_with_their_quotes_linked(page, server):
    page.goto(server + "/entries/interact")              # the Codex's flattened list, as a list
    items = page.locator("ul.source-list").first.locator("li").all_inner_texts()
    assert items[:3] == ["Strikes", "Casts a spell", "Activates a special ability"]
    page.goto(server + "/rulebook/sections/avatars")     # the rulebook's bullets, one list
    assert page.locator("ul.source-list li").first.inner_text() == "Each Avatar has a name."
    page.goto(server + "/entries/deaths-door")           # "see the 'death blow' entry"
    page.locator("a.xref.see", has_text="death blow").click()
    page.wait_for_url(server + "/entries/death-blow")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Conflicts").click()
    page.wait_for_url(server + "/conflicts")             # reachable from every page
    page.goto(server + "/entries/spellbook")             # a conflict notice on the entry
    notice = page.locator("aside.conflict")
    quote = notice.locator("blockquote", has_text="Rulebook").first.inner_text()
    quoted = quote.split("“", 1)[1].rstrip("”")
    notice.get_by_role("link", name="Rulebook").first.click()
    page.wait_for_url(re.compile(r".*/rulebook/(sections|pages)/.+"))
    words = " ".join(quoted.split()[:6])                 # the page holds what was quoted
    assert words in " ".join(page.locator("main").inner_text().split())


def test_the_unit_that_died_is_drawn_gone_after_and_alive_before(page, server):
    page.goto(server + "/rulings?example=attack/0")      # "bigger unit kills smaller"
    before, after = page.locator("figure.board-fig").first, page.locator("figure.board-fig").last
    gone = after.locator(".unit-legend li.gone")
    assert gone.count() == 1 and "died" in gone.locator("strong").inner_text()
    name, number = gone.locator(".u-name").inner_text(), gone.locator(".tok").inner_text()
    token = after.locator("svg g.unit.gone")                # drawn where it was, crossed out
    assert token.count() == 1 and token.locator("path.cross").count() == 1 and token.is_visible()
    assert (token.locator("text").text_content() or "").strip() == number
    alive = before.locator(".unit-legend li", has=page.locator(".u-name", has_text=name))
    assert alive.count() == 1 and "gone" not in (alive.get_attribute("class") or "")
    assert alive.locator(".tok").inner_text() == number     # the same number on both boards
    assert before.locator("svg g.unit.gone").count() == 0


def test_an_edited_example_is_shared_as_edited_and_the_menu_stays(page, server):
    page.goto(server + "/rulings?example=movement/0")
    page.locator("#board-editor").wait_for()
    if not page.locator("#json-view").evaluate("d => d.open"):
        page.locator("#json-view summary").click()
    edited = page.locator("#scenario").input_value().replace('"Site 13"', '"Harrowed Glen"', 1)
    assert "Harrowed Glen" in edited
    page.locator("#scenario").fill(edited)
    assert page.locator("#example").input_value() == "movement/0"   # no jump after an edit
    page.get_by_role("button", name="Rule and get a link").click()
    page.wait_for_url(re.compile(r".*/rulings/[0-9a-f]{16}$"))
    page.locator("details.json-view summary").click()
    assert "Harrowed Glen" in page.locator("pre.scenario-json").inner_text()
    page.get_by_role("link", name="Edit a copy").click()
    page.wait_for_url(re.compile(r".*/rulings\?from=[0-9a-f]{16}$"))
    assert "Harrowed Glen" in page.locator("#scenario").input_value()
    assert page.locator("#example").input_value() == ""         # not some other example


def test_scenario_problems_in_plain_words(page, server):
    page.goto(server + "/rulings")
    if not page.locator("#json-view").evaluate("d => d.open"):
        page.locator("#json-view summary").click()
    bad = {"format": "arbiter.scenario/1", "turn": {"active": "p1"}, "players": [{"id": "p1"}],
           "units": 25, "action": {"do": "end_turn"}}
    import json

    page.locator("#scenario").fill(json.dumps(bad))
    with page.expect_navigation() as nav:
        page.get_by_role("button", name="Rule and get a link").click()
    assert nav.value.status == 422
    problems = page.locator("main").inner_text()
    assert "should be a list" in problems and "is not of type" not in problems
    page.locator("main").get_by_role("link", name=re.compile("format", re.I)).first.click()
    page.wait_for_url(server + "/rulings/format")


def test_copy_link_works_over_plain_http_on_a_lan_name(browser, server):
    """A phone on the venue's LAN reaches the server by a name, over plain HTTP: no secure
    context, so no clipboard API and no service worker. The Copy link button still shows, and
    copies (or selects the link for copying). The name is mapped to loopback inside Chromium."""
    port = server.rsplit(":", 1)[1]
    lan = f"http://arbiter.lan:{port}"
    outside: list[str] = []
    b = browser.browser_type.launch(executable_path=chromium_path(), headless=True,
                                    args=[*ARGS, "--host-resolver-rules=MAP arbiter.lan 127.0.0.1"])
    try:
        pg = b.new_context(viewport=VIEWPORTS["phone"]).new_page()
        pg.on("request", lambda req: outside.append(req.url)
              if not req.url.startswith(lan) and not req.url.startswith("data:") else None)
        pg.goto(lan + "/entries/intercept")
        assert pg.evaluate("window.isSecureContext") is False
        button = pg.locator("button.copy[data-copy]").first
        assert button.is_visible()
        link = lan + button.get_attribute("data-copy")
        button.click()
        field = pg.locator("input.copy-field")
        wait_until(pg, """document.querySelector('button.copy').textContent === 'Copied'
                         || document.querySelector('input.copy-field') !== null""")
        if field.count():                                   # not copied: selected for the user
            assert field.input_value() == link and pg.evaluate(
                "document.activeElement.classList.contains('copy-field')")
        assert pg.locator("html[data-offline-ready]").count() == 0   # no service worker here
    finally:
        b.close()
    assert not outside, f"requests outside the service: {outside}"
