"""Server-rendered pages: content, links, redirects, escaping, no external assets."""
from __future__ import annotations

import re

import pytest
from markupsafe import Markup

from service.board import board, centre
from service.markup import render_markup


def html(client, url: str, status: int = 200) -> str:
    resp = client.get(url)
    assert resp.status_code == status, (url, resp.status_code)
    assert resp.mimetype == "text/html"
    return resp.get_data(as_text=True)


def test_home_has_one_search_box(client):
    page = html(client, "/")
    assert page.count('type="search"') == 1
    assert 'name="q"' in page and 'action="/search"' in page


def test_search_works_without_javascript(client):
    page = html(client, "/?q=intercept")
    assert 'href="/entries/intercept"' in page
    assert "<mark>" in page.lower()
    assert 'class="hit-title"' in page


def test_search_fragment_is_only_the_results(client):
    frag = html(client, "/?q=intercept&fragment=1")
    assert "<html" not in frag and 'class="hit-title"' in frag


def test_search_query_is_escaped(client):
    page = html(client, "/?q=%3Cscript%3Ealert(1)%3C/script%3E")
    assert "<script>alert(1)" not in page
    assert "&lt;script&gt;alert(1)" in page


def test_entry_page(client):
    page = html(client, "/entries/intercept")
    assert "<h1>Intercept</h1>" in page
    assert 'id="the-final-location-is-key"' in page
    assert 'href="#the-final-location-is-key"' in page            # copyable deep link
    assert 'data-copy="/entries/intercept#the-final-location-is-key"' in page
    assert '<a class="card" href="/cards/Bosk%20Troll">Bosk Troll</a>' in page
    assert "Mentioned cards" in page
    assert "In the rulebook" in page and 'href="/rulebook/sections/intercept"' in page


def test_entry_links_become_anchors(client):
    page = html(client, "/entries/artifact")
    assert ('<a class="xref" href="/entries/casting-spells#casting-artifacts" '
            'title="Casting Artifacts">Casting Artifacts</a>') in page
    assert "See also" in page
    assert "((" not in page and "[[" not in page


def test_entry_with_conflict_shows_notice(client, corpus):
    conflict = corpus.conflicts()[0]
    page = html(client, "/entries/" + conflict["codex_id"].split("#")[0])
    assert "The sources disagree here." in page


def test_aliases_and_subentry_ids_redirect_to_canonical_urls(client):
    resp = client.get("/entries/Intercept")
    assert resp.status_code == 301 and resp.headers["Location"] == "/entries/intercept"
    resp = client.get("/entries/intercept%23the-final-location-is-key")
    assert resp.status_code == 301
    assert resp.headers["Location"] == "/entries/intercept#the-final-location-is-key"


def test_a_card_the_codex_names_is_found_by_its_slug(client):
    """Without a catalog too: /cards/bosk-troll, as every page's address is written."""
    resp = client.get("/cards/bosk-troll")
    assert resp.status_code == 301 and resp.headers["Location"] == "/cards/Bosk%20Troll"
    assert client.get("/cards/bosk-trol").status_code == 404


def test_unknown_entry_page_suggests(client):
    page = html(client, "/entries/intercpt", 404)
    assert 'href="/entries/Intercept"' in page and "intercpt" in page


def test_card_pages(client):
    page = html(client, "/cards/Bosk%20Troll")
    assert "Bosk Troll" in page and 'href="/entries/intercept#intercept-as-a-deterrent"' in page
    assert "Bosk Troll" in html(client, "/cards/bosk%20troll")
    assert "Bosk Troll" in html(client, "/cards/Bosk%20Trol", 404)
    index = html(client, "/cards")
    assert 'href="/cards/Bosk%20Troll"' in index


def test_rulebook_browser(client):
    toc = html(client, "/rulebook")
    assert 'href="/rulebook/sections/decks"' in toc and 'href="/rulebook/pages/32"' in toc
    section = html(client, "/rulebook/sections/decks")
    assert "For your first few games" in section
    page = html(client, "/rulebook/pages/32")
    assert 'id="glossary:airborne"' in page
    html(client, "/rulebook/pages/999", 404)
    html(client, "/rulebook/sections/nope", 404)


def test_keyword_index_is_a_to_z(client):
    page = html(client, "/keywords")
    titles = re.findall(r'<dt id="kw-[^"]+">(?:<a href="[^"]+">)?([^<]+)', page)
    assert "Airborne" in titles and titles == sorted(titles, key=str.casefold)
    assert titles.count("Airborne") == 1
    assert 'href="#letter-A"' in page


def test_entries_index_and_conflicts_page(client):
    assert 'href="/entries/intercept"' in html(client, "/entries")
    assert "disagree" in html(client, "/conflicts")


def test_unknown_page_is_html_404(client):
    page = html(client, "/no/such/page", 404)
    assert "Not Found" in page


def test_no_external_assets(client):
    for url in ["/", "/?q=intercept", "/entries/intercept", "/cards/Bosk%20Troll", "/keywords",
                "/rulebook", "/rulebook/pages/32"]:
        page = html(client, url)
        assert not re.search(r'(src|href)="(https?:)?//', page), url
    for asset in ["/static/arbiter.css", "/static/arbiter.js", "/static/favicon.svg"]:
        resp = client.get(asset)
        assert resp.status_code == 200 and b"http" not in resp.data.replace(
            b"http://www.w3.org/2000/svg", b"")


def test_pages_are_cacheable_and_locked_down(client):
    resp = client.get("/entries/intercept")
    # kept, and asked for again before it is shown (a new build or import is never hidden)
    assert resp.headers["ETag"] and resp.headers["Cache-Control"] == "public, no-cache"
    again = client.get("/entries/intercept", headers={"If-None-Match": resp.headers["ETag"]})
    assert again.status_code == 304
    assert "default-src 'self'" in resp.headers["Content-Security-Policy"]
    assert resp.headers["X-Content-Type-Options"] == "nosniff"


def test_pages_are_mobile_ready(client):
    page = html(client, "/")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert 'class="skip" href="#main"' in page


# -- pieces -------------------------------------------------------------------------------
def test_render_markup_escapes_before_linking():
    links = [{"target_text": "b<i>", "target_id": "x#y", "target_title": "T\"q"}]
    out = render_markup('<script>&"[[C<d>]] ((b<i>)) ((missing))', links,
                        lambda i: "/e/" + i, lambda c: "/c/" + c)
    assert isinstance(out, Markup)
    assert out.startswith("&lt;script&gt;&amp;&#34;")
    assert '<a class="card" href="/c/C&lt;d&gt;">C&lt;d&gt;</a>' in out
    assert '<a class="xref" href="/e/x#y" title="T&#34;q">b&lt;i&gt;</a>' in out
    assert '<span class="xref missing">missing</span>' in out


def test_board_geometry_and_pieces():
    assert centre(1) < centre(2) and centre(1)[1] < centre(6)[1]
    state = {"sites": [{"square": 3, "water": True, "controller": "p1"},
                       {"square": 8, "controller": "p2"}],
             "voids": [4],
             "units": [{"id": "m", "name": "M", "at": [8, "surface"], "power": "2",
                        "damage": 1, "tapped": True, "controller": "p1"},
                       {"id": "n", "at": 8, "power": 3}],
             "paths": [{"unit": "m", "start": [3, "surface"], "taken": [[8, "surface"]]}]}
    b = board(state, after=True)
    kinds = {s["n"]: s["kind"] for s in b["squares"]}
    assert kinds[3] == "water" and kinds[8] == "land" and kinds[4] == "void" and kinds[1] == "void"
    assert [u["tapped"] for u in b["units"]] == [True, False]
    assert (b["units"][0]["x"], b["units"][0]["y"]) != (b["units"][1]["x"], b["units"][1]["y"])
    assert [u["num"] for u in b["units"]] == [1, 2]           # numbered tokens, named in the legend
    assert board(state)["paths"] == []                          # only the board after shows moves
    assert b["paths"][0]["points"] == "{},{} {},{}".format(*centre(3), *centre(8))
    assert board(None)["units"] == [] and board({"units": [{"at": "x"}, 5]})["units"] == []


def test_validate_page(client):
    pytest.importorskip("codex.cardtext.validate", reason="codex.cardtext not landed yet")
    page = html(client, "/validate?text=Airbourne.%20Deal%203%20damage%20to%20target%20minion.")
    assert "problem" in page and 'class="excerpt err-line"' in page and "Airborne" in page
    assert 'class="ast-type">CardText' in page
    ok = client.post("/validate", data={"text": "Airborne"}).get_data(as_text=True)
    assert "Parses cleanly" in ok


def test_rulings_page(client):
    pytest.importorskip("codex.engine.scenario", reason="codex.engine not landed yet")
    editor = html(client, "/rulings")
    assert "<textarea" in editor and "<option" in editor and 'class="board"' not in editor
    ruled = html(client, "/rulings?example=movement/0")
    assert "<svg" in ruled and "Verdict:" in ruled and 'class="path"' in ruled
    assert 'href="/entries/move-and-attack"' in ruled  # citations link to the Codex
    bad = client.post("/rulings", data={"scenario": '{"format": "arbiter.scenario/1"}'})
    assert bad.status_code == 422 and b"needs fixing" in bad.data
    assert client.post("/rulings", data={"scenario": "{oops"}).status_code == 422


def test_page_navigation_only_links_existing_pages(client):
    page = html(client, "/rulebook/pages/22")
    prev = re.search(r'href="/rulebook/pages/(\d+)" rel="prev"', page)
    nxt = re.search(r'href="/rulebook/pages/(\d+)" rel="next"', page)
    assert prev and nxt
    assert client.get(f"/rulebook/pages/{prev.group(1)}").status_code == 200
    assert client.get(f"/rulebook/pages/{nxt.group(1)}").status_code == 200
    assert nxt.group(1) == "24"  # page 23 has nothing on it


# -- no input makes a page fail -----------------------------------------------------------
from urllib.parse import quote  # noqa: E402

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

WEB_ROUTES = ["/entries/{}", "/cards/{}", "/rulebook/sections/{}", "/?q={}",
              "/search?q={}&fragment=1", "/search?q=a&source={}", "/validate?text={}",
              "/rulings?example={}"]


@given(route=st.sampled_from(WEB_ROUTES), text=st.text(min_size=1, max_size=300))
@settings(max_examples=120, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_pages_never_fail_on_any_text(app, route, text):
    resp = app.test_client().get(route.format(quote(text, safe="")))
    assert resp.status_code < 500, (route, text)


@given(body=st.one_of(st.text(max_size=200), st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids,
                                                               max_size=4), max_leaves=12)))
@settings(max_examples=60, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_rulings_page_never_fails_on_any_scenario(app, body):
    import json as _json

    pytest.importorskip("codex.engine.scenario", reason="codex.engine not landed yet")
    text = body if isinstance(body, str) else _json.dumps(body)
    resp = app.test_client().post("/rulings", data={"scenario": text})
    assert resp.status_code in (303, 422)
