"""Codex card mentions link to imported cards when a catalog is present."""
from __future__ import annotations

import json

import pytest

from codex.cards.catalog import import_cards
from codex.paths import BuildPaths
from service import create_app
from tests.conftest import clone_build

# An invented card text under a name the Codex mentions (no real card text is committed).
INVENTED = [{
    "name": "Bosk Troll",
    "guardian": {"type": "Minion", "rarity": "Exceptional", "cost": 4, "attack": 4, "defence": 4,
                 "life": None, "thresholds": {"air": 0, "earth": 2, "fire": 0, "water": 0},
                 "rulesText": "Burrowing\r\nInvented text for a test: Takes 1 less damage."},
    "elements": "Earth", "subTypes": "Troll",
    "sets": [{"name": "Invented Set", "releasedAt": "2026-01-01", "metadata": {}, "variants": []}],
}]


@pytest.fixture(scope="module")
def with_catalog(build_paths: BuildPaths, tmp_path_factory: pytest.TempPathFactory) -> BuildPaths:
    build = clone_build(build_paths, tmp_path_factory.mktemp("with-catalog") / "build")
    cards = build.root / "cards.json"
    cards.write_text(json.dumps(INVENTED), encoding="utf-8")
    import_cards(cards, build.cards_db)
    return build


def test_mentions_include_the_imported_card(with_catalog: BuildPaths) -> None:
    client = create_app(with_catalog).test_client()
    body = client.get("/api/v1/mentions/bosk%20troll").get_json()
    assert body["imported"]["name"] == "Bosk Troll"
    assert body["imported"]["thresholds"]["earth"] == 2
    assert "Takes 1 less damage." in body["imported"]["rules_text"]
    page = client.get("/cards/Bosk%20Troll").get_data(as_text=True)
    assert "Takes 1 less damage." in page and "Exceptional" in page


def test_mentions_without_catalog_or_card(build_paths: BuildPaths, with_catalog: BuildPaths) -> None:
    assert create_app(build_paths).test_client().get(
        "/api/v1/mentions/Bosk%20Troll").get_json()["imported"] is None
    assert create_app(with_catalog).test_client().get(
        "/api/v1/mentions/Gnome%20Hollows").get_json()["imported"] is None


def test_cli_mentions_show_the_imported_card(with_catalog: BuildPaths) -> None:
    from click.testing import CliRunner

    from codex.cli import main

    result = CliRunner().invoke(main, ["--build-dir", str(with_catalog.root), "mentions",
                                       "Bosk Troll", "--json"])
    assert json.loads(result.output)["imported"]["rarity"] == "Exceptional"


def test_an_import_reaches_search_at_once(with_catalog: BuildPaths, tmp_path, monkeypatch) -> None:
    """After an import, the first search naming a new card shows it: the searcher reads the
    new catalog before answering, so the response cache never stores (under the new
    catalog's key) a page drawn from the old one."""
    import service.resources

    monkeypatch.setattr(service.resources, "RECHECK_SECONDS", 0.0)   # look at every request
    build = clone_build(with_catalog, tmp_path / "build")
    client = create_app(build).test_client()
    url = "/api/v1/search?q=Sedge+Wight"
    assert client.get(url).get_json()["cards"] == []
    assert client.get(url).get_json()["cards"] == []                   # from the cache
    card = dict(INVENTED[0], name="Sedge Wight")
    path = tmp_path / "more.json"
    path.write_text(json.dumps([card]), encoding="utf-8")
    import_cards(path, build.cards_db)
    for _ in range(2):                               # the first answer, and the cached one
        assert [c["name"] for c in client.get(url).get_json()["cards"]] == ["Sedge Wight"]
    page = client.get("/search?q=Sedge+Wight").get_data(as_text=True)
    assert 'class="named-card"' in page


def test_an_import_renews_the_offline_copy(with_catalog: BuildPaths, tmp_path, monkeypatch) -> None:
    """The offline copy keeps the catalog's card names: after an import the service worker is
    a new script (the browser saves a new copy), and the saved index has the new card."""
    import service.resources

    monkeypatch.setattr(service.resources, "RECHECK_SECONDS", 0.0)
    build = clone_build(with_catalog, tmp_path / "build")
    client = create_app(build).test_client()
    worker = client.get("/sw.js").get_data(as_text=True)
    path = tmp_path / "more.json"
    path.write_text(json.dumps([dict(INVENTED[0], name="Sedge Wight")]), encoding="utf-8")
    import_cards(path, build.cards_db)
    renewed = client.get("/sw.js").get_data(as_text=True)
    assert renewed != worker
    index = client.get("/offline/index.json").get_json()
    assert index["build"] in renewed and "Sedge Wight" in [c[1] for c in index["cards"]]
    assert client.get("/offline/pages.json").get_json()["build"] == index["build"]
