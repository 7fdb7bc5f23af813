"""Nothing in the grammar or the lexicon serves one card: every grammar alternative and every lexicon entry
is used by at least two snapshot cards, or is marked general with the reason it belongs to the effect
language (``// general: ...`` on the alternative's line in grammar/sorcery.lark; ``general:`` on the
entry, or its whole section under ``general_sections``, in grammar/lexicon.yaml). An open-class word the
Codex's own rules text uses at least twice counts as attested (the rules' vocabulary is the language's).

The card text is read from the snapshot at test time; the test skips when it is absent.
"""
from __future__ import annotations

import json
import os
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from codex.cardtext import lexicon as L
from codex.cardtext.coverage import catalog_names
from codex.cardtext.normalize import normalize
from codex.cardtext.overrides import override_for
from codex.cardtext.parser import general_rules, names_added, rule_names, usage

SNAPSHOT = Path(os.environ.get("ARBITER_CARDS_JSON", Path(__file__).parents[2] / "shared/cards/sorcery-cards.json"))
pytestmark = pytest.mark.skipif(not SNAPSHOT.exists(),
                                reason=f"card snapshot not found at {SNAPSHOT} (set ARBITER_CARDS_JSON)")


@lru_cache(maxsize=1)
def attestation() -> tuple[Counter[str], Counter[str]]:
    """How many snapshot cards use each grammar rule and each lexicon entry (overridden cards not counted)."""
    cards = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    rules: Counter[str] = Counter()
    entries: Counter[str] = Counter()
    with names_added(*catalog_names(cards)):
        for c in cards:
            text = c["guardian"]["rulesText"] or ""
            if override_for(c["name"], normalize(text).text) is not None:
                continue
            r, e = usage(text, c["name"])
            rules.update(r)
            entries.update(e)
    return rules, entries


def test_every_grammar_alternative_is_attested_or_general() -> None:
    rules, _ = attestation()
    general = general_rules()
    weak = sorted(r for r in rule_names() if rules[r] < 2 and r not in general)
    assert not weak, f"grammar alternatives used by fewer than two snapshot cards, not marked general: {weak}"


def test_every_lexicon_entry_is_attested_or_general() -> None:
    _, entries = attestation()
    lex = L.load()
    weak = sorted(e for e in lex.entries
                  if entries[e] < 2 and e not in lex.general and not L.codex_attested(e))
    assert not weak, f"lexicon entries used by fewer than two snapshot cards, not general: {weak}"


def test_general_marks_give_a_reason() -> None:
    lex = L.load()
    assert all(len(reason.split()) >= 2 for reason in lex.general.values())
    assert general_rules()  # the grammar's marks are found (the comment syntax did not drift)
