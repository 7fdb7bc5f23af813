"""The leave-one-set-out measure (scripts/loso.py): a lexicon without some entries reads a held-out set as
the grammar would read words it never saw."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from codex.cardtext import ast as A
from codex.cardtext import lexicon as L
from codex.cardtext import parse_card_text

ROOT = Path(__file__).resolve().parents[1]


def test_a_restricted_lexicon_does_not_know_the_removed_words() -> None:
    assert A.is_mapped(parse_card_text("Draw a card."))
    with L.restricted({"verbs:draw"}) as lex:
        assert "verbs:draw" not in lex.entries and L.load() is lex
        card = parse_card_text("Draw a card.")
        assert not A.is_mapped(card)  # "draw" is read by its ending: a verb with no primitive
    assert A.is_mapped(parse_card_text("Draw a card."))  # the full lexicon is back, cache dropped


def test_loso_script_reports_both_splits(tmp_path: Path) -> None:
    cards = json.loads((ROOT / "tests/fixtures/cards/invented.json").read_text(encoding="utf-8"))
    sets = ["Alpha", "Arthurian Legends", "Beta"]
    for card, name in zip(cards, sets):
        card["sets"] = [{"name": name, "releasedAt": "2023-01-01"}]
    cards[1]["guardian"]["rulesText"] = "Juggle the the teacups."   # a held-out card the grammar cannot read
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    out = subprocess.run([sys.executable, str(ROOT / "scripts/loso.py"), str(path), "--json"], capture_output=True,
                         text=True, check=True).stdout
    report = json.loads(out)
    assert len(report) == 4
    held = report["held out: Arthurian Legends"]
    assert held["held_out_cards"] == 1 and held["train_cards"] == 2
    assert 0 <= held["mapped_share"] <= held["parsed_share"] <= 1
    # the failure families of the held-out side, biggest first, each with a card it comes from
    assert [m["example"] for m in held["missing"]] == [cards[1]["name"]]
    for r in report.values():
        counts = [m["count"] for m in r["missing"]]
        assert counts == sorted(counts, reverse=True)
        assert all(m["example"] and m["family"] for m in r["missing"])
        assert sum(m["count"] for m in r["missing"]) >= r["held_out_cards"] - r["parsed"] - r["overridden"] \
            - sum(r["unattested_rules"].values())
    text = subprocess.run([sys.executable, str(ROOT / "scripts/loso.py"), str(path), "--families"], capture_output=True,
                          text=True, check=True).stdout
    assert "held out: Arthurian Legends" in text


def test_strict_measure_keeps_closed_class_words_and_removes_open_ones() -> None:
    """A word of a closed class belongs to the grammar: the strict measure keeps it whether its whole
    section is closed or the lexicon marks the single entry so ('once' among the adverbs, the four
    elements among the nouns); an open-class word is removed."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from loso import closed_class

    lex = L.load()
    sections = set(L.read_yaml(L.LEXICON_PATH).get("general_sections") or {})
    assert closed_class("prepositions:across", lex, sections)        # a closed section
    assert closed_class("adverbs:once", lex, sections)               # a single entry marked closed
    assert closed_class("nouns:water", lex, sections) and closed_class("adjectives:water", lex, sections)
    # directions of movement, the rarities, a keyword's own action and state: sets no card can extend
    for entry in ("adverbs:forward", "adverbs:back", "adjectives:Unique", "verbs:unburrow", "adjectives:submerged"):
        assert closed_class(entry, lex, sections), entry
    assert not closed_class("verbs:draw", lex, sections)             # open class
    assert not closed_class("nouns:body of water", lex, sections)
    # with the element's noun kept, a compound the split never saw still reads as a noun phrase
    with L.restricted({"nouns:body of water"}):
        card = parse_card_text("Each ally heals 1 for each site in its body of water.")
        assert not any(isinstance(part, A.Unparsed) for line in card.lines for part in line)
        assert "Of(what=Selector(noun='water'" in repr(card)
