"""The embedded corpus: counts, ids, repairs, links, mentions, aliases, rulebook structure."""
from __future__ import annotations

import re

import pytest

from codex.corpus import Corpus
from codex.corpus.text import SUSPICIOUS


def test_codex_counts(corpus: Corpus) -> None:
    counts = corpus.stats()["counts"]
    assert counts["codex_main_entries"] == 186
    assert counts["codex_subentries"] == 60
    assert counts["codex_entries"] == 246


@pytest.mark.parametrize("anchor, title, parent", [
    ("airborne", "Airborne", None),
    ("storyline#simultaneous-triggers", "Simultaneous Triggers", "storyline"),
    ("intercept#the-final-location-is-key", "The Final Location is Key", "intercept"),
    ("deaths-door", "Death's Door", None),
])
def test_every_record_is_addressable(corpus: Corpus, anchor: str, title: str, parent) -> None:
    entry = corpus.entry(anchor)
    assert (entry.id, entry.title, entry.parent_id) == (anchor, title, parent)


def test_subentries_keep_order_and_parent(corpus: Corpus) -> None:
    intercept = corpus.entry("Intercept")
    assert [s.title for s in intercept.subentries] == [
        "Intercept as a Deterrent", "Intercept vs. Movement +X", "The Final Location is Key",
        "Only 'Move and Attack' can Trigger Intercept", "Intercept Without Moving"]
    assert all(s.parent_id == "intercept" for s in intercept.subentries)


def test_text_is_normalised_and_raw_kept(corpus: Corpus) -> None:
    row = corpus.query("select text, raw, csv_row from codex_entries where id = 'activated-ability'")[0]
    assert "  " not in row["text"] and "\n" not in row["text"]
    assert "Queen Guinevere has an activated ability" in row["text"]
    assert "[[Queen \nGuinevere]]" in row["raw"]
    assert row["csv_row"] == 3


@pytest.mark.parametrize("record, expected", [
    ("as-if-connected", "Maelström"),
    ("tap", "90°"),
    ("ranged-ranged-x-and-x-range", "Tap → Shoot"),
])
def test_mojibake_repaired(corpus: Corpus, record: str, expected: str) -> None:
    assert expected in corpus.record_text("codex", record)


def test_every_repair_is_reported(corpus: Corpus) -> None:
    repairs = corpus.query("select record, kind, before, after from repairs")
    kinds = {r["kind"] for r in repairs}
    assert kinds == {"mojibake", "damaged-arrow", "inverted-marker"}
    assert {"record": "tap", "kind": "mojibake", "before": "90Â°", "after": "90°"} in repairs
    assert any(r["before"] == "))below((" and r["after"] == "below" for r in repairs)


def test_no_record_keeps_mojibake_or_markers(corpus: Corpus) -> None:
    for rec in corpus.records():
        assert not SUSPICIOUS.search(rec["text"]), rec["id"]
        assert not re.search(r"\)\)|\(\(|\[\[|\]\]", rec["text"]), rec["id"]


def test_all_links_resolve(corpus: Corpus) -> None:
    assert corpus.query("select count(*) n from links where target_id is null")[0]["n"] == 0
    assert corpus.query("select count(*) n from links")[0]["n"] == 57


@pytest.mark.parametrize("link, target", [
    ("die", "die"),
    ("Carriable Artifacts", "carriable-artifact"),
    ("simultaneous triggers", "storyline#simultaneous-triggers"),
    ("Casting Artifacts", "casting-spells#casting-artifacts"),
    ("activated abilities", "activated-ability"),
    ("Multiple Simultaneous Triggers", "storyline#simultaneous-triggers"),
])
def test_specific_links(corpus: Corpus, link: str, target: str) -> None:
    rows = corpus.query("select distinct target_id from links where target_text = ?", (link,))
    assert rows == [{"target_id": target}]


def test_card_mentions(corpus: Corpus) -> None:
    # 273 distinct raw spellings (wrapped differently) are 252 cards once whitespace is normalised.
    assert corpus.stats()["counts"]["cards_mentioned"] == 252
    assert corpus.query("select count(*) n from mentions")[0]["n"] == 503
    ids = [r["id"] for r in corpus.mentions("Gnome Hollows")]
    assert "range-of-motion" in ids and "summon" in ids
    assert corpus.mentions("gnome   HOLLOWS") == corpus.mentions("Gnome Hollows")
    assert corpus.mentions("Salmon of Knowledge")  # wrapped across lines in the export


@pytest.mark.parametrize("name, record", [
    ("AIRBORNE", "airborne"), ("carriable artifacts", "carriable-artifact"),
    ("Destroy", "kill"), ("Above", "atop"), ("Near", "near"), ("Nearby", "nearby"),
    ("throw through the air", "fly"), ("Leave", "traverse"), ("Onto the ground", "on-the-ground"),
    ("Death's Door", "deaths-door"), ("death’s door", "deaths-door"),
])
def test_aliases(corpus: Corpus, name: str, record: str) -> None:
    assert corpus.resolve(name) == record


def test_unknown_name_suggests(corpus: Corpus) -> None:
    assert corpus.entry("airbourne") is None
    assert corpus.suggest("airbourne")[0] == "Airborne"


def test_rulebook_sections_with_pages(corpus: Corpus) -> None:
    sections = {s["id"]: s for s in corpus.sections()}
    assert sections["attacking-the-enemy"]["page"] == 22
    assert sections["attacking-the-enemy"]["parent_id"] == "basic-abilities"
    assert sections["intercept"]["page"] == 25
    assert sections["building-your-own-decks"]["level"] == 1
    attack = corpus.section("attacking-the-enemy")
    assert attack["paragraphs"][0]["text"].startswith("You may only attack enemy units")
    assert "**" not in attack["text"] and "<i>" not in attack["text"]
    assert [s["id"] for s in corpus.sections_on_page(25)] == ["intercept", "pick-up-or-drop-artifacts"]


def test_glossary_and_quick_reference(corpus: Corpus) -> None:
    glossary = {g["id"]: g for g in corpus.glossary()}
    assert glossary["glossary:airborne"]["codex_id"] == "airborne"
    assert glossary["glossary:airborne"]["kind"] == "keyword"
    assert glossary["glossary:deaths-door"]["codex_id"] == "deaths-door"
    assert glossary["glossary:storyline"]["title"] == "Storyline"  # "(see page 31)" dropped
    assert len(glossary) == 73
    keywords = {k["title"] for k in corpus.keywords()}
    assert {"Airborne", "Lethal", "Stealth", "Voidwalk", "Movement +X"} <= keywords
    assert corpus.record("rulebook", "quickref:turn-sequence")["page"] == 36


def test_sources_recorded_with_checksums(corpus: Corpus) -> None:
    sources = {s["name"]: s for s in corpus.stats()["sources"]}
    assert sources["sorcery-codex.csv"]["sha256"].startswith("e5db153f4cd7")
    assert sources["sorcery-rulebook-2025-12.txt"]["sha256"].startswith("f94e8847a1dc")


def test_entries_know_their_rulebook_sections(corpus: Corpus) -> None:
    related = corpus.entry("Move and Attack").rulebook
    assert {"id": "move-attack", "title": "Move & Attack", "page": 21, "kind": "section"} in related
    assert {r["id"] for r in corpus.entry("Airborne").rulebook} == {"glossary:airborne", "quickref:airborne"}
