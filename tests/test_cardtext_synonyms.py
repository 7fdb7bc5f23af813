"""The lexicon's synonym table: a word of another game or of plain English for one of the Codex's own
relations reads as the Codex word it means (same AST), is an entry of its own (removable, attested on
its own), and a table row naming no entry is a clear error."""
from __future__ import annotations

from pathlib import Path

import pytest

from codex.cardtext import lexicon as L
from codex.cardtext import parse_card_text


def _same(synonym_text: str, codex_text: str) -> None:
    a, b = parse_card_text(synonym_text), parse_card_text(codex_text)
    assert a.fully_parsed and b.fully_parsed, (a.unparsed, b.unparsed)
    assert a.lines == b.lines


@pytest.mark.parametrize("synonym_text,codex_text", [
    ("Banish each rival artifact here.", "Banish each enemy artifact here."),
    ("Opposing units nearby can't untap.", "Enemy units nearby can't untap."),
    ("Untap each friendly minion here.", "Untap each allied minion here."),
    ("Each of your foes draws a spell.", "Each of your opponents draws a spell."),
    ("Slay each minion with 1 power.", "Kill each minion with 1 power."),
    ("Whenever a minion here is slain, you gain 1 life.", "Whenever a minion here is killed, you gain 1 life."),
])
def test_a_synonym_reads_as_the_codex_word(synonym_text: str, codex_text: str) -> None:
    _same(synonym_text, codex_text)


def test_a_synonym_is_its_own_entry() -> None:
    with L.restricted({"synonyms:rival"}) as lex:
        assert "synonyms:rival" not in lex.entries and "adjectives:enemy" in lex.entries
        assert "mods=('enemy',)" not in repr(parse_card_text("Banish each rival artifact here."))
    assert "synonyms:rival" in L.load().entries


def test_a_synonym_of_no_entry_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "lexicon.yaml"
    bad.write_text("adjectives:\n  enemy: {}\nsynonyms:\n  rival: {means: 'adjectives:foe'}\n", encoding="utf-8")
    with pytest.raises(ValueError, match="rival.*adjectives:foe.*no entry"):
        L._load(bad)
