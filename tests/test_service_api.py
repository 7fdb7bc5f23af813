"""JSON API: every endpoint, its errors (problem details), paging, caching and limits."""
from __future__ import annotations

import json

import pytest

from service import create_app

PROBLEM = "application/problem+json"


def assert_problem(resp, status: int) -> dict:
    assert resp.status_code == status, resp.get_data(as_text=True)
    assert resp.mimetype == PROBLEM
    body = resp.get_json(force=True)
    assert body["status"] == status
    assert {"type", "title", "status", "detail"} <= body.keys()
    assert body["type"].startswith("https://") and body["detail"]
    assert resp.headers["Cache-Control"] == "no-store"
    return body


# -- entries ------------------------------------------------------------------------------
def test_entries_are_paged_with_a_next_link(client):
    first = client.get("/api/v1/entries?limit=5").get_json()
    assert len(first["items"]) == 5 and first["offset"] == 0
    assert first["total"] > 200
    assert first["next"] == "/api/v1/entries?limit=5&offset=5"
    second = client.get(first["next"]).get_json()
    assert second["items"][0]["id"] != first["items"][0]["id"]
    last = client.get(f"/api/v1/entries?limit=5&offset={first['total'] - 2}").get_json()
    assert len(last["items"]) == 2 and last["next"] is None
    item = first["items"][0]
    assert item["url"].startswith("/entries/") and item["api_url"].startswith("/api/v1/entries/")


@pytest.mark.parametrize("query", ["limit=0", "limit=101", "limit=abc", "offset=-1",
                                   "offset=99999999"])
def test_bad_paging_is_a_422_with_field_errors(client, query):
    body = assert_problem(client.get(f"/api/v1/entries?{query}"), 422)
    assert body["errors"][0]["location"] == "query"
    assert body["errors"][0]["field"] in {"limit", "offset"}


def test_entry_by_slug_has_subentries_links_and_mentions(client):
    body = client.get("/api/v1/entries/intercept").get_json()
    assert body["id"] == "intercept" and body["title"] == "Intercept"
    anchors = [s["anchor"] for s in body["subentries"]]
    assert "the-final-location-is-key" in anchors
    sub = next(s for s in body["subentries"] if s["anchor"] == "the-final-location-is-key")
    assert sub["url"] == "/entries/intercept#the-final-location-is-key"
    assert sub["api_url"] == "/api/v1/entries/intercept/subentries/the-final-location-is-key"
    mention = next(m for s in body["subentries"] for m in s["mentions"]
                   if m["card"] == "Bosk Troll")
    assert mention["url"] == "/cards/Bosk%20Troll"
    assert mention["api_url"] == "/api/v1/mentions/Bosk%20Troll"


def test_entry_links_are_resolved_with_urls(client):
    body = client.get("/api/v1/entries/artifact").get_json()
    link = next(l for l in body["links"] if l["target_text"] == "Casting Artifacts")
    assert link["target_id"] == "casting-spells#casting-artifacts"
    assert link["url"] == "/entries/casting-spells#casting-artifacts"
    assert link["api_url"] == "/api/v1/entries/casting-spells/subentries/casting-artifacts"
    assert client.get(link["api_url"]).status_code == 200


@pytest.mark.parametrize("name", ["Intercept", "INTERCEPT", "  intercept  "])
def test_entry_by_any_spelling_of_its_title(client, name):
    assert client.get(f"/api/v1/entries/{name}").get_json()["id"] == "intercept"


def test_entry_by_subentry_id(client):
    body = client.get("/api/v1/entries/intercept%23the-final-location-is-key").get_json()
    assert body["kind"] == "subentry" and body["parent_id"] == "intercept"


def test_entry_lists_rulebook_records_with_urls(client):
    body = client.get("/api/v1/entries/airborne").get_json()
    assert body["rulebook"], "airborne is defined in the rulebook glossary"
    assert all(r["url"].startswith("/rulebook/") for r in body["rulebook"])


def test_unknown_entry_is_404_with_suggestions(client):
    body = assert_problem(client.get("/api/v1/entries/intercpt"), 404)
    assert "Intercept" in body["suggestions"]
    assert "intercpt" in body["detail"]


def test_subentry_by_anchor_and_unknown_anchor(client):
    ok = client.get("/api/v1/entries/intercept/subentries/the-final-location-is-key")
    assert ok.get_json()["title"] == "The Final Location is Key"
    body = assert_problem(client.get("/api/v1/entries/intercept/subentries/nope"), 404)
    assert "the-final-location-is-key" in body["suggestions"]
    assert_problem(client.get("/api/v1/entries/nope/subentries/x"), 404)


def test_entry_with_a_conflict_reports_it(client, corpus):
    conflict = corpus.conflicts()[0]
    body = client.get(f"/api/v1/entries/{conflict['codex_id'].split('#')[0]}").get_json()
    found = body["conflicts"] + [c for s in body["subentries"] for c in s["conflicts"]]
    assert conflict["id"] in {c["id"] for c in found}


# -- search -------------------------------------------------------------------------------
def test_search_returns_hits_with_snippets_and_urls(client):
    body = client.get("/api/v1/search?q=intercept&limit=3").get_json()
    assert body["engine"] == "index"
    assert body["total"] >= 3 and len(body["hits"]) == 3
    top = body["hits"][0]
    assert top["title"] == "Intercept" and top["url"] == "/entries/intercept"
    assert "<mark>" in top["snippet_html"].lower() and "<mark>" not in top["snippet"]


def test_search_corrects_typos(client):
    body = client.get("/api/v1/search?q=intercpt").get_json()
    assert body["corrected"] == "intercept" and body["hits"]


def test_search_offers_the_rules_word_a_real_word_was_typed_for(client):
    """A real word is never rewritten ("borrowing" stays searched), but the rules word a
    letter away is offered; a rarer English word typed for a common one is not."""
    body = client.get("/api/v1/search?q=borrowing+minion+can+it+attack&game=sorcery").get_json()
    assert body["searched"].startswith("borrowing") and not body["corrected"]
    assert body["did_you_mean"] == "burrowing minion can it attack"
    other = client.get("/api/v1/search?q=attach+a+relic+to+a+minion&game=sorcery").get_json()
    assert other["did_you_mean"] is None
    page = client.get("/search?q=borrowing+minion&game=sorcery").get_data(as_text=True)
    assert 'class="did-you-mean"' in page and "q=burrowing+minion" in page


def test_search_source_filter_and_paging(client):
    book = client.get("/api/v1/search?q=intercept&source=rulebook").get_json()
    assert book["hits"] and {h["source"] for h in book["hits"]} == {"rulebook"}
    assert all(h["url"].startswith("/rulebook/") for h in book["hits"])
    p1 = client.get("/api/v1/search?q=intercept&limit=2").get_json()["hits"]
    p2 = client.get("/api/v1/search?q=intercept&limit=2&offset=2").get_json()["hits"]
    assert [h["id"] for h in p1] != [h["id"] for h in p2]


def test_search_snippets_escape_markup(client):
    body = client.get("/api/v1/search?q=%3Cscript%3Eintercept").get_json()
    for hit in body["hits"]:
        assert "<script" not in hit["snippet_html"]


@pytest.mark.parametrize("query", ["", "q=", "q=" + "x" * 201, "q=a&source=web",
                                   "q=a&limit=0", "q=a&limit=51", "q=a&offset=-3"])
def test_bad_search_requests_are_422(client, query):
    assert_problem(client.get(f"/api/v1/search?{query}"), 422)


def test_app_without_a_search_index_fails_clearly(build_paths, tmp_path):
    from codex.corpus import ingest
    from codex.paths import BuildPaths
    from codex.search import IndexMissing

    bare = BuildPaths(tmp_path / "bare")
    ingest(bare)  # a generation with the corpus, but no search index
    with pytest.raises(IndexMissing, match="run `arbiter ingest`"):
        create_app(bare)


# -- cards, rulebook, keywords, conflicts, stats ------------------------------------------
def test_mentions_of_a_card_any_case(client):
    body = client.get("/api/v1/mentions/bosk%20TROLL").get_json()
    assert body["card"] == "Bosk Troll"
    ids = [r["id"] for r in body["records"]]
    assert "intercept#intercept-as-a-deterrent" in ids
    rec = body["records"][ids.index("intercept#intercept-as-a-deterrent")]
    assert rec["url"] == "/entries/intercept#intercept-as-a-deterrent"


def test_unknown_card_is_404_with_suggestions(client):
    body = assert_problem(client.get("/api/v1/mentions/Bosk%20Trol"), 404)
    assert "Bosk Troll" in body["suggestions"]


def test_cards_list(client, corpus):
    items = client.get("/api/v1/cards").get_json()["items"]
    assert len(items) == len(corpus.cards())
    assert all(i["records"] >= 1 and i["url"].startswith("/cards/") for i in items)


def test_rulebook_sections_by_id_and_page(client):
    items = client.get("/api/v1/rulebook/sections").get_json()["items"]
    assert items[0]["id"] == "introduction"
    decks = client.get("/api/v1/rulebook/sections/decks").get_json()
    assert decks["page"] == 3 and decks["paragraphs"][0]["text"].startswith("For your first")
    page = client.get("/api/v1/rulebook/pages/32").get_json()
    assert page["page"] == 32 and page["sections"]
    assert any(r["id"] == "glossary:airborne" for r in page["records"])
    assert_problem(client.get("/api/v1/rulebook/sections/nope"), 404)
    assert_problem(client.get("/api/v1/rulebook/pages/999"), 404)
    assert_problem(client.get("/api/v1/rulebook/pages/0"), 404)
    assert_problem(client.get("/api/v1/rulebook/pages/99999999999999999999999"), 404)
    assert_problem(client.get("/api/v1/rulebook/pages/-1"), 404)


def test_keywords_and_conflicts(client, corpus):
    keywords = client.get("/api/v1/keywords").get_json()["items"]
    assert "Airborne" in {k["title"] for k in keywords}
    airborne = next(k for k in keywords if k["title"] == "Airborne")
    assert airborne["entry_url"] == "/entries/airborne"
    conflicts = client.get("/api/v1/conflicts").get_json()["items"]
    assert len(conflicts) == len(corpus.conflicts()) > 0


def test_stats_carry_checksums_and_build_time(client, corpus):
    body = client.get("/api/v1/stats").get_json()
    assert body["built_at"] == corpus.stats()["meta"]["built_at"]
    assert {s["name"] for s in body["sources"]} >= {"sorcery-codex.csv"}
    assert all(len(s["sha256"]) == 64 for s in body["sources"])
    assert body["counts"]["codex_entries"] > 200
    assert body["search_engine"] == "index"


# -- card validation and rulings ----------------------------------------------------------


def test_validate_card_text(client):
    ok = client.post("/api/v1/cards/validate", json={"text": "Airborne", "name": "X"})
    assert ok.status_code == 200 and ok.get_json()["ok"] is True
    assert ok.get_json()["ast"]["type"] == "CardText"
    bad = client.post("/api/v1/cards/validate", json={"text": "Airbourne"}).get_json()
    assert bad["ok"] is False and bad["errors"][0]["line"] == 1
    assert_problem(client.post("/api/v1/cards/validate", json={}), 422)
    assert_problem(client.post("/api/v1/cards/validate", json={"text": "x" * 4001}), 422)


def test_rulings_rule_a_scenario(client):
    from codex.paths import PROJECT_ROOT

    case = json.loads((PROJECT_ROOT / "tests/scenarios/movement.json").read_text())["cases"][0]
    body = client.post("/api/v1/rulings", json=case["scenario"]).get_json()
    assert body["verdict"] == case["expect"].get("verdict", body["verdict"])
    assert body["summary"] and body["steps"][0]["citations"][0]["quote"]


def test_bad_scenario_is_422_listing_each_problem(client):
    body = assert_problem(client.post("/api/v1/rulings",
                                      json={"format": "arbiter.scenario/1"}), 422)
    assert body["errors"] and {"pointer", "problem", "fix"} <= body["errors"][0].keys()
    assert "turn" in body["detail"]


# -- errors, limits, caching, OpenAPI -----------------------------------------------------
def test_routing_errors_are_problems(client):
    assert_problem(client.get("/api/v1/nothing-here"), 404)
    body = assert_problem(client.post("/api/v1/entries"), 405)
    assert "POST" in body["detail"]
    assert_problem(client.delete("/api/v1/search?q=a"), 405)


def test_body_limits_and_malformed_json(client):
    big = client.post("/api/v1/rulings", data="x" * (65 * 1024), content_type="application/json")
    assert_problem(big, 413)
    assert_problem(client.post("/api/v1/rulings", data="{nope",
                               content_type="application/json"), 400)
    assert_problem(client.post("/api/v1/rulings", json=[1, 2]), 422)


@pytest.mark.parametrize("length", ["³", "٣", "1" * 40, "-1", "12abc"])
def test_a_content_length_that_is_no_plain_number_is_a_400(client, length):
    """Superscripts and other scripts' digits are digits to ``str.isdigit`` but not to ``int``."""
    got = client.post("/api/v1/rulings", data="{}", content_type="application/json",
                      environ_overrides={"CONTENT_LENGTH": length})
    assert "Content-Length" in assert_problem(got, 400)["detail"]


def test_query_string_limit(client):
    assert_problem(client.get("/api/v1/search?q=a&pad=" + "x" * 3000), 414)


def test_etag_and_cache_control(client):
    first = client.get("/api/v1/entries/intercept")
    etag = first.headers["ETag"]
    assert "max-age" in first.headers["Cache-Control"]
    again = client.get("/api/v1/entries/intercept", headers={"If-None-Match": etag})
    assert again.status_code == 304 and not again.data
    other = client.get("/api/v1/entries/airborne")
    assert other.headers["ETag"] != etag


def test_openapi_document(client):
    spec = client.get("/api/openapi.json").get_json()
    assert spec["openapi"].startswith("3.")
    paths = spec["paths"]
    for path in ["/api/v1/entries", "/api/v1/entries/{name}",
                 "/api/v1/entries/{name}/subentries/{anchor}", "/api/v1/search",
                 "/api/v1/mentions/{card}", "/api/v1/rulebook/sections/{section_id}",
                 "/api/v1/rulebook/pages/{page}", "/api/v1/keywords", "/api/v1/conflicts",
                 "/api/v1/stats"]:
        assert path in paths, path
    params = {p["name"] for p in paths["/api/v1/search"]["get"]["parameters"]}
    assert {"q", "source", "limit", "offset"} <= params
    not_found = paths["/api/v1/entries/{name}"]["get"]["responses"]["404"]
    assert PROBLEM in not_found["content"]
    assert not any(p.startswith("/entries") for p in paths), "web pages stay out of the API doc"


def test_openapi_states_every_limit_and_status(client):
    spec = client.get("/api/openapi.json").get_json()
    limits = spec["info"]["x-arbiter-limits"]
    assert limits == {"max_body_bytes": 65536, "max_query_string_bytes": 2048,
                      "max_json_depth": 32, "max_integer_digits": 15,
                      "max_number_characters": 40, "max_string_characters": 10000,
                      "work_seconds": 1.0}
    assert "**Limits.**" in spec["info"]["description"]
    rulings = spec["paths"]["/api/v1/rulings"]["post"]
    assert {"400", "413", "414", "415", "422", "503"} <= set(rulings["responses"])
    assert rulings["requestBody"]["required"] is True
    body = rulings["requestBody"]["content"]["application/json"]["schema"]
    scenario = spec["components"]["schemas"][body["$ref"].rsplit("/", 1)[1]]
    assert {"format", "turn", "players", "action"} <= set(scenario["required"])
    units = scenario["properties"]["units"]
    assert "maxItems" in units, "the engine's limits are in the document"
    assert all(ref.startswith("#/components/schemas/")
               for ref in _refs(spec["components"]["schemas"]))
    search = spec["paths"]["/api/v1/search"]["get"]["responses"]
    assert {"400", "414", "422"} <= set(search)


def _refs(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref":
                yield value
            else:
                yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)
