"""Every game in the service (issue #13): /games, /records and game records in the API,
``game`` on every list and on search, the OpenAPI document, and the pages (switcher on
every page, per-game homes, deep links, page numbers, marked image texts)."""
from __future__ import annotations

import json
import re

import pytest

from codex.paths import SOURCES_DIR

MANIFEST = json.loads((SOURCES_DIR / "manifest.json").read_text())["sources"]


# -- API --------------------------------------------------------------------------------------
def test_games_list_sources_checksums_and_counts(client) -> None:  # noqa: ANN001
    items = client.get("/api/v1/games").get_json()["items"]
    assert [g["game"] for g in items] == ["sorcery", "contracts", "sorcerer", "archmajesty"]
    for g in items:
        assert g["sources"] and g["url"] == f"/{g['game']}"
        for s in g["sources"]:
            assert s["sha256"] == MANIFEST[s["name"]]["sha256"]
            assert s["bytes"] == MANIFEST[s["name"]]["bytes"]
    counts = {g["game"]: g["counts"] for g in items}
    assert counts["contracts"]["keywords"] == 14 and counts["contracts"]["rulings"] == 8
    assert counts["archmajesty"]["status"] == 12 and counts["sorcerer"]["terms"] == 19
    one = client.get("/api/v1/games/sorcerer").get_json()
    assert one["label"] == "Sorcerer" and len(one["notes"]["placed_headings"]) == 4
    assert client.get("/api/v1/games/chess").status_code == 404


def test_a_record_of_any_game_by_id_or_name(client) -> None:  # noqa: ANN001
    rec = client.get("/api/v1/games/contracts/records/keyword:magnetized").get_json()
    assert rec["game"] == "contracts" and rec["kind"] == "keyword"
    assert rec["url"] == "/contracts/keywords/magnetized"
    assert rec["text"].endswith("Start turn: remove Magnetized.")
    assert {l["target_id"] for l in rec["links"]} == {"keyword:magnetic", "keyword:start-turn"}
    ruling = client.get("/api/v1/games/contracts/records/advanced-interactions%233").get_json()
    assert ruling["kind"] == "ruling" and ruling["url"] == "/contracts/sections/advanced-interactions#3"
    by_name = client.get("/api/v1/games/archmajesty/records/%5BKnell%2F10%5D").get_json()
    assert by_name["id"] == "keyword:knell-x" and by_name["page"] == 30
    section = client.get("/api/v1/games/archmajesty/records/aspects/example-aspects").get_json()
    assert section["kind"] == "section" and section["parent_id"] == "aspects"
    assert client.get("/api/v1/games/contracts/records/nothing-here").status_code == 404


def test_records_are_listed_by_game_and_kind(client) -> None:  # noqa: ANN001
    data = client.get("/api/v1/records?game=contracts&kind=keyword&limit=100").get_json()
    assert data["total"] == 14 and all(r["game"] == "contracts" for r in data["items"])
    assert all(r["url"].startswith("/contracts/keywords/") for r in data["items"])
    every = client.get("/api/v1/records?limit=1").get_json()
    assert every["total"] > 700


@pytest.mark.parametrize("url,game", [
    ("/api/v1/rulebook/sections?game=contracts", "contracts"),
    ("/api/v1/rulebook/sections", "sorcery"),
    ("/api/v1/keywords?game=archmajesty", "archmajesty"),
    ("/api/v1/keywords", "sorcery"),
])
def test_lists_take_a_game_and_their_records_carry_it(client, url: str, game: str) -> None:  # noqa: ANN001
    items = client.get(url).get_json()["items"]
    assert items and all(i["game"] == game for i in items)
    if game != "sorcery":
        assert all(i["url"].startswith(f"/{game}/") for i in items)


def test_sorcerys_own_lists_are_empty_for_another_game(client) -> None:  # noqa: ANN001
    assert client.get("/api/v1/entries?game=contracts").get_json()["items"] == []
    assert client.get("/api/v1/cards?game=sorcerer").get_json()["items"] == []
    assert client.get("/api/v1/conflicts?game=archmajesty").get_json()["items"] == []
    assert client.get("/api/v1/entries?limit=1").get_json()["items"][0]["game"] == "sorcery"
    assert client.get("/api/v1/entries/airborne").get_json()["game"] == "sorcery"


def test_a_game_section_and_page_through_the_rulebook_api(client) -> None:  # noqa: ANN001
    section = client.get("/api/v1/rulebook/sections/a-m?game=archmajesty").get_json()
    assert section["page"] == 30 and section["paragraphs"][0]["id"] == "a-m/1"
    page = client.get("/api/v1/rulebook/pages/20?game=sorcerer").get_json()
    assert "term:ready-and-exhausted" in [r["id"] for r in page["records"]]


def test_search_takes_a_game_and_reports_facets_and_definitions(client) -> None:  # noqa: ANN001
    data = client.get("/api/v1/search?q=summon").get_json()
    assert data["game"] is None and set(data["facets"]["game"]) == {"sorcery", "contracts",
                                                                     "archmajesty"}
    assert [d["game"] for d in data["definitions"]] == ["sorcery", "contracts", "archmajesty"]
    assert data["definitions"][1]["url"] == "/contracts/keywords/summon"
    assert all("game" in h for h in data["hits"])
    scoped = client.get("/api/v1/search?q=magnetizd&game=contracts").get_json()
    assert scoped["game"] == "contracts" and scoped["corrected"] == "magnetized"
    assert scoped["hits"][0]["url"] == "/contracts/keywords/magnetized"
    assert client.get("/api/v1/search?q=x&game=chess").status_code == 422
    assert client.get("/api/v1/search?q=knell&source=archmajesty").get_json()["hits"][0]["id"] \
        == "keyword:knell-x"


def test_search_names_each_games_first_record_across_every_game(client) -> None:  # noqa: ANN001
    data = client.get("/api/v1/search?q=hand+size+limit").get_json()
    assert data["best_by_game"]["contracts"]["url"] == "/contracts/sections/drawing-and-fetching"
    assert {g for g, h in data["best_by_game"].items() if h["game"] == g} == set(
        data["best_by_game"]) >= {"sorcery", "contracts"}
    assert client.get("/api/v1/search?q=hand+size+limit&game=sorcerer").get_json()[
        "best_by_game"] == {}


def test_openapi_documents_games(client) -> None:  # noqa: ANN001
    spec = client.get("/api/openapi.json").get_json()
    paths = spec["paths"]
    for path in ("/api/v1/games", "/api/v1/games/{game}", "/api/v1/records",
                 "/api/v1/games/{game}/records/{record_id}"):
        assert path in paths, path
    for path in ("/api/v1/search", "/api/v1/entries", "/api/v1/rulebook/sections",
                 "/api/v1/keywords", "/api/v1/cards", "/api/v1/conflicts", "/api/v1/records"):
        params = {p["name"]: p for p in paths[path]["get"]["parameters"]}
        assert set(params["game"]["schema"]["enum"]) - {None} == {
            "sorcery", "contracts", "sorcerer", "archmajesty"}, path
    hit = spec["components"]["schemas"]["Hit"]
    assert "game" in hit["properties"] and "game" in hit["required"]
    assert "best_by_game" in spec["components"]["schemas"]["SearchOut"]["required"]


# -- pages -----------------------------------------------------------------------------------
SWITCHED = ["/", "/search?q=destroy", "/entries/airborne", "/rulebook", "/keywords", "/cards",
            "/contracts", "/sorcerer/terms/ready-and-exhausted",
            "/archmajesty/sections/a-m", "/validate"]


@pytest.mark.parametrize("url", SWITCHED)
def test_every_page_has_the_game_switcher(client, url: str) -> None:  # noqa: ANN001
    html = client.get(url).get_data(as_text=True)
    nav = re.search(r'<nav class="games".*?</nav>', html, re.S).group(0)
    for game in ("/contracts", "/sorcerer", "/archmajesty", "/sorcery"):
        assert f'href="{game}"' in nav
    current = re.findall(r'href="([^"]+)" aria-current="page">([^<]+)<', nav)
    if url in ("/", "/search?q=destroy"):
        assert [text for _href, text in current] == ["All games"]
        return
    current = [href for href, _text in current]
    expected = None
    if url.startswith(("/contracts", "/sorcerer", "/archmajesty")):
        expected = "/" + url.split("/")[1]
    elif url in ("/entries/airborne", "/rulebook", "/keywords", "/cards"):
        expected = "/sorcery"
    if expected:
        assert current == [expected], url


def test_a_games_home_lists_sections_with_pages_and_its_glossary(client) -> None:  # noqa: ANN001
    html = client.get("/sorcerer").get_data(as_text=True)
    assert '<a href="/sorcerer/sections/omen-counters">Omen Counters (Omens)</a> <span class="src">p. 12' in html
    assert '<a href="/sorcerer/terms/blanked">Blanked</a>' in html
    assert 'id="letter-B"' in html and 'name="game" value="sorcerer"' in html
    contracts = client.get("/contracts").get_data(as_text=True)
    assert "/contracts/sections/advanced-interactions#1" in contracts
    sorcery = client.get("/sorcery").get_data(as_text=True)
    assert "/rulebook/sections/" in sorcery and "/entries" in sorcery


def test_deep_links(client) -> None:  # noqa: ANN001
    entry = client.get("/contracts/keywords/magnetized").get_data(as_text=True)
    assert "Start turn: remove Magnetized." in entry
    assert 'href="/contracts/sections/keywords#keyword:magnetized"' in entry
    keywords = client.get("/contracts/sections/keywords").get_data(as_text=True)
    assert 'id="keyword:magnetized"' in keywords and 'id="keyword:recycling"' in keywords
    rulings = client.get("/contracts/sections/advanced-interactions").get_data(as_text=True)
    assert all(f'id="{n}"' in rulings for n in range(1, 9))
    a_m = client.get("/archmajesty/sections/a-m").get_data(as_text=True)
    assert 'id="keyword:knell-x"' in a_m and "· p. 30" in a_m
    knell = client.get("/archmajesty/keywords/knell-x").get_data(as_text=True)
    assert "p. 30–32" in knell and 'href="/archmajesty/sections/a-m#keyword:knell-x"' in knell
    sub = client.get("/archmajesty/sections/aspects/example-aspects")
    assert sub.status_code == 200 and "Charming Troubadour" in sub.get_data(as_text=True)


def test_other_names_redirect_and_unknown_names_suggest(client) -> None:  # noqa: ANN001
    r = client.get("/contracts/keywords/Magnetized")
    assert r.status_code == 301 and r.headers["Location"].endswith("/contracts/keywords/magnetized")
    r = client.get("/archmajesty/sections/the-stack")
    assert r.status_code == 301 and r.headers["Location"].endswith("/archmajesty/sections/interruption")
    missing = client.get("/contracts/keywords/magnetizd")
    assert missing.status_code == 404
    assert 'href="/contracts/keywords/magnetized"' in missing.get_data(as_text=True)
    assert client.get("/chess").status_code == 404


def test_image_descriptions_are_marked_on_their_page(client) -> None:  # noqa: ANN001
    home = client.get("/archmajesty").get_data(as_text=True)
    marked = re.search(r'<details class="image-text" id="image-1">.*?</details>', home, re.S)
    assert marked and "Image description (not rules text)" in marked.group(0)
    outside = home.replace(marked.group(0), "")
    assert "brushstroke" in marked.group(0) and "brushstroke" not in outside
    hits = client.get("/api/v1/search?q=brushstroke&kind=image").get_json()["hits"]
    assert hits and hits[0]["kind"] == "image"


def test_search_page_labels_games_and_offers_each_game(client) -> None:  # noqa: ANN001
    html = client.get("/search?q=destroy").get_data(as_text=True)
    assert "Defined in 2 games" in html
    assert 'href="/search?q=destroy&amp;game=sorcerer"' in html
    assert '<span class="game-label">Sorcerer</span>' in html
    scoped = client.get("/search?q=destroy&game=sorcerer").get_data(as_text=True)
    assert 'name="game" value="sorcerer"' in scoped
    assert '<span class="game-label">' not in scoped.split('<ol class="results"')[1]


def test_search_page_names_each_games_first_record_when_the_list_does_not(client) -> None:  # noqa: ANN001
    html = client.get("/search?q=hand+size+limit").get_data(as_text=True)
    line = html.split('<p class="also-first">')[1].split("</p>")[0]
    assert '<a href="/contracts/sections/drawing-and-fetching">Drawing and fetching</a>' in line
    assert '<span class="game-label">Sorcery</span>' not in line     # its first is the first hit
    for scoped in ("/search?q=hand+size+limit&game=contracts",
                   "/search?q=hand+size+limit&page=2"):
        assert 'class="also-first"' not in client.get(scoped).get_data(as_text=True), scoped


def test_game_pages_escape_what_they_show(client) -> None:  # noqa: ANN001
    r = client.get("/contracts/sections/<script>alert(1)</script>")
    assert r.status_code == 404 and "<script>alert" not in r.get_data(as_text=True)
    html = client.get("/search?q=%3Cb%3Ex%3C/b%3E&game=contracts").get_data(as_text=True)
    assert "<b>x</b>" not in html
