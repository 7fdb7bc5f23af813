"""What the API and the pages show of a search (issue #19): what was searched, the query
as typed on offer, players' terms explained, cards named."""
from __future__ import annotations

import json

import pytest

from codex.cards.catalog import import_cards
from codex.paths import BuildPaths
from service import create_app
from tests.test_search_understanding import FIXTURE_CARDS


@pytest.fixture(scope="module")
def cards_client(build_paths: BuildPaths, tmp_path_factory: pytest.TempPathFactory):
    """An app whose build has the invented fixture cards imported."""
    from tests.conftest import clone_build

    build = clone_build(build_paths, tmp_path_factory.mktemp("search-service") / "build")
    import_cards(FIXTURE_CARDS, build.cards_db)
    return create_app(build).test_client()


def test_api_says_what_was_searched_and_why(client) -> None:  # noqa: ANN001
    data = client.get("/api/v1/search?q=fliers+intercpt").get_json()
    assert data["searched"] == "airborne intercept" and data["rewritten"] is True
    assert data["corrected"] == "airborne intercept"
    assert data["corrections"] == [{"typed": "intercpt", "searched": "intercept"}]
    [m] = data["mappings"]
    assert m["label"] == "fliers → Airborne" and "Magic" in m["from"] and m["reason"]
    assert data["hits"][0]["id"] == "airborne"
    assert "fliers → Airborne" in data["hits"][0]["explain"]


def test_api_searches_as_typed_on_request(client) -> None:  # noqa: ANN001
    data = client.get("/api/v1/search?q=fliers+intercpt&correct=false").get_json()
    assert data["searched"] == "fliers intercpt" and data["rewritten"] is False
    assert data["corrected"] is None and data["mappings"] == [] and data["corrections"] == []


def test_api_lists_a_card_the_rules_never_name(cards_client) -> None:  # noqa: ANN001
    data = cards_client.get("/api/v1/search?q=glimmer+owl").get_json()
    [card] = data["cards"]
    assert card["note"] == "Glimmer Owl is a card; the rules never mention it by name"
    assert card["url"].endswith("/cards/Glimmer%20Owl")
    assert [e["title"] for e in card["entries"]][:1] == ["Airborne"]
    assert card["entries"][0]["url"] == "/entries/airborne"
    assert data["hits"][0]["id"] == "airborne"


def test_results_page_offers_the_query_as_typed(client) -> None:  # noqa: ANN001
    page = client.get("/search?q=exile").get_data(as_text=True)
    assert "Showing results for" in page and "exile → banish" in page
    assert 'class="as-typed" href="/search?q=exile&amp;correct=0"' in page
    as_typed = client.get("/search?q=exile&correct=0").get_data(as_text=True)
    assert "Showing results for" not in as_typed and "exile → banish" not in as_typed


def test_results_page_folds_the_players_terms_into_one_line(client) -> None:  # noqa: ANN001
    """On a judge's phone the explanations of players' words must not push the first hit
    off the screen: one summary line names every mapping, the reasons open on a tap."""
    import re

    page = client.get("/search?q=can+fliers+block").get_data(as_text=True)
    [details] = re.findall(r'<details class="mappings">(.*?)</details>', page, re.S)
    summary = re.search(r"<summary>(.*?)</summary>", details, re.S).group(1)
    assert "fliers → Airborne" in summary and "block → defend" in summary
    assert "Magic" not in summary                    # the reasons stay folded
    reasons = re.findall(r'<p class="mapping">(.*?)</p>', details, re.S)
    assert len(reasons) == 2 and all("Magic" in r for r in reasons)


def test_results_page_names_the_card(cards_client) -> None:  # noqa: ANN001
    page = cards_client.get("/search?q=glimmer+owl").get_data(as_text=True)
    assert page.index('<a class="card" href="/cards/Glimmer%20Owl">Glimmer Owl</a>') < \
        page.index('class="results"')                          # the card first, then the rules
    assert "Glimmer Owl is a card; the rules never mention it by name." in page
    assert "Airborne: a keyword of Glimmer Owl" in page


def test_card_page_of_a_card_the_rules_never_name(cards_client) -> None:  # noqa: ANN001
    resp = cards_client.get("/cards/Glimmer%20Owl")
    page = resp.get_data(as_text=True)
    assert resp.status_code == 200
    assert "the rules never mention it by name" in page and "Draw a spell" in page
    assert cards_client.get("/cards/No%20Such%20Card").status_code == 404


def test_cli_search_shows_mappings_and_cards(build_paths: BuildPaths) -> None:
    from click.testing import CliRunner

    from codex.cli import main

    out = CliRunner().invoke(main, ["--build-dir", str(build_paths.root), "search", "--json",
                                    "exile"])
    data = json.loads(out.output)
    assert data["mappings"][0]["label"] == "exile → banish"
    assert data["hits"][0]["key"] == "codex:banished"
