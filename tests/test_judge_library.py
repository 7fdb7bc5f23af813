"""Library parts of issue #14: card browsing (query terms, did-you-mean, paging, sorting,
cost and type line), shared-rulings storage, and the lists the ingest keeps."""
from __future__ import annotations

from pathlib import Path

import pytest

from codex.cards.browse import card_facts, cost_text, search_page, type_line, vocabulary
from codex.cards.catalog import CardCatalog, import_cards
from codex.cards.query import QueryError, parse_terms, suggest_values
from codex.corpus.lists import codex_blocks, item_text, list_kind
from codex.rulings_store import MAX_BYTES, RulingStore, StoreError, is_key, key_of, named_cards

FIX = Path(__file__).parent / "fixtures" / "cards"


@pytest.fixture()
def catalog(tmp_path: Path) -> CardCatalog:
    import_cards(FIX / "judge.json", tmp_path / "cards.db")
    return CardCatalog.open(tmp_path / "cards.db")


# -- card query terms and did-you-mean ------------------------------------------------------
def test_terms_know_their_place_and_canonical_field():
    terms = parse_terms('t:minion -kw:lance cost<=3 "glimmer owl"')
    assert [(t.field, t.op, t.value, t.negated) for t in terms] == [
        ("type", ":", "minion", False), ("keyword", ":", "lance", True), ("cost", "<=", "3", False),
        ("name", ":", "glimmer owl", False)]
    q = 't:minion -kw:lance cost<=3 "glimmer owl"'
    assert [q[t.start:t.end] for t in terms] == ["t:minion", "-kw:lance", "cost<=3", '"glimmer owl"']


def test_unknown_field_names_the_closest_and_its_column():
    with pytest.raises(QueryError) as err:
        parse_terms("kw:lance tpe:minion")
    assert err.value.column == 10 and "did you mean 'type'" in str(err.value)


def test_values_get_a_whole_corrected_query(catalog):
    vocab = vocabulary(catalog)
    assert "Minion" in vocab["type"] and "airborne" in vocab["keyword"] and "Testset" in vocab["set"]
    out = suggest_values("t:minon cost<=3 kw:airbrone", vocab)
    assert [s["query"] for s in out] == ["t:minion cost<=3 kw:airbrone",
                                         "t:minon cost<=3 kw:airborne"]
    assert suggest_values("t:minion kw:airborne", vocab) == []
    assert suggest_values("t:mag", vocab) == []          # a prefix that matches is no typo
    assert suggest_values("e:zzzzzz", vocab) == []       # nothing close: no suggestion


def test_search_pages_sorts_and_reports_errors(catalog):
    page = search_page(catalog, "t:minion", sort="cost", order="desc", limit=2)
    assert page.total == 3 and [c["name"] for c in page.cards] == ["Ember Golem", "Reed Skimmer"]
    second = search_page(catalog, "t:minion", sort="cost", order="desc", limit=2, offset=2)
    assert [c["name"] for c in second.cards] == ["Glimmer Owl"]
    by_power = search_page(catalog, "", sort="power")
    assert by_power.cards[-1]["power"] is None          # no power sorts last
    bad = search_page(catalog, "cost<=x")
    assert bad.error and bad.column == 1 and bad.cards == []
    typo = search_page(catalog, "t:minon")
    assert typo.total == 0 and typo.suggestions[0]["query"] == "t:minion"


def test_card_facts_cost_threshold_power_type_line(catalog):
    owl = card_facts(catalog.get("Glimmer Owl"))
    assert owl["cost_text"] == "2" and owl["threshold"] == [{"element": "air", "count": 1}]
    assert owl["power"] == "1" and owl["type_line"] == "An Ordinary Beast of the night air"
    assert owl["keywords"][:1] == ["airborne"]
    golem = card_facts(catalog.get("Ember Golem"))
    assert golem["power"] == "4/6" and golem["type_line"] == "Elite Minion — Automaton"
    assert cost_text(catalog.get("Fickle Tide")) == "X"          # the catalog has no number for X
    assert cost_text(catalog.get("Mossy Cairn")) is None          # a site has no cost
    assert type_line({"type": "Site"}) == "Site"


# -- shared rulings ---------------------------------------------------------------------------
def test_store_keys_are_content_hashes(tmp_path):
    store = RulingStore(tmp_path / "rulings.db")
    a = {"format": "arbiter.scenario/1", "units": [{"id": "u", "card": "Glimmer Owl"}]}
    key = store.put(a)
    assert is_key(key) and key == key_of(dict(reversed(list(a.items()))))  # key order is no matter
    assert store.put(a) == key and store.get(key) == a
    other = store.put({**a, "x": 1})
    assert other != key
    assert store.get("0" * 16) is None and store.get("not-a-key") is None
    assert set(store.keys_naming(["glimmer  OWL"])) == {key, other}
    assert store.keys_naming(["Bosk Troll"]) == []
    assert RulingStore(tmp_path / "rulings.db").get(key) == a     # another process reads it


def test_store_is_bounded(tmp_path):
    store = RulingStore(tmp_path / "r.db", max_rulings=2)
    store.put({"n": 1})
    store.put({"n": 2})
    with pytest.raises(StoreError, match="full"):
        store.put({"n": 3})
    assert store.put({"n": 1})          # an existing one is still found
    with pytest.raises(StoreError, match="at most"):
        RulingStore(tmp_path / "s.db").put({"t": "x" * MAX_BYTES})


def test_named_cards_reads_every_naming_field():
    doc = {"units": [{"card": "Bosk Troll"}, {"name": "Rimland  Nomads"}],
           "players": [{"hand": {"cards": ["Fireball", {"card": "Bury"}]}}], "id": "ignored"}
    assert named_cards(doc) == {"bosk troll", "rimland nomads", "fireball", "bury"}


# -- lists kept by the ingest -----------------------------------------------------------------
def test_rulebook_list_lines():
    assert list_kind("- Each Avatar has a name.") == "ul" and list_kind("2. Main Phase") == "ol"
    assert list_kind("Avatars have some key characteristics:") is None
    assert item_text("- Each Avatar has a name.") == "Each Avatar has a name."


def test_codex_lists_found_again_and_prose_left_alone():
    text = ("Golems have the following parts: Stone head Iron heart, which may be cracked Clay "
            "feet Rune of binding")
    blocks = codex_blocks(text)
    items = [text[a:b] for a, b in blocks[1]["items"]]
    assert items == ["Stone head", "Iron heart, which may be cracked", "Clay feet",
                     "Rune of binding"]
    numbered = "The order is: 1) Draw a card. 2) Untap. 3) Play a site."
    assert [numbered[a:b] for a, b in codex_blocks(numbered)[1]["items"]] == [
        "Draw a card.", "Untap.", "Play a site."]
    # items that are sentences, or a capital inside a known name, are not list items
    assert codex_blocks("Apply the following sequence: First strikes resolve. Then the rest.") is None
    assert codex_blocks("If both of the following are true: The enemy used Move and Attack",
                        ["Move and Attack"]) is None


def test_corpus_keeps_lists_without_touching_text(corpus):
    interact = corpus.entry("interact")
    assert interact.blocks and [b["type"] for b in interact.blocks] == ["p", "ul", "p"]
    items = [interact.markup[a:b] for a, b in interact.blocks[1]["items"]]
    assert items == ["Strikes", "Casts a spell", "Activates a special ability"]
    assert "Strikes Casts a spell" in interact.text          # citations read the same text
    avatars = corpus.section("avatars")
    assert [p["list"] for p in avatars["paragraphs"]].count("ul") >= 4
