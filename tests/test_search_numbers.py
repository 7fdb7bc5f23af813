"""Numbers in queries and records: digits are indexed, and a number is also searched in its
other spelling (``codex/search/numbers.py``, ``schema.BODY_ANALYZER``)."""
from __future__ import annotations

from codex.search.numbers import other_spelling
from codex.search.schema import BODY_ANALYZER


def test_the_body_analyzer_keeps_single_digits_and_drops_single_letters() -> None:
    tokens = [(t.text, t.pos) for t in BODY_ANALYZER("If a player has 9 cards and 0 health, "
                                                     "death's door", positions=True)]
    texts = [t for t, _p in tokens]
    assert "9" in texts and "0" in texts
    assert "s" not in texts and "a" not in texts
    positions = [p for _t, p in tokens]
    assert positions == list(range(positions[0], positions[0] + len(positions)))


def test_a_number_has_its_other_spelling() -> None:
    assert other_spelling("zero") == "0"
    assert other_spelling("Twelve") == "12"
    assert other_spelling("9") == "nine"
    assert other_spelling("40") == "forty"
    assert other_spelling("09") is None           # not how a number is written
    assert other_spelling("21") is None           # beyond the words kept
    assert other_spelling("zeros") is None


def test_digits_of_other_scripts_are_not_numbers_here() -> None:
    """'9³' and Arabic-Indic '٣' are digits to ``str.isdigit``, not to ``int``: the query is
    searched as typed (a fuzzed API query with '9³' was a 500)."""
    assert other_spelling("9³") is None
    assert other_spelling("٣") is None
    assert other_spelling("²") is None
