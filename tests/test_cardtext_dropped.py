"""The guard against dropped phrases (codex/cardtext/dropped.py, parser._guard): a reading whose AST
does not represent every content word of its sentence is refused, and a sentence no reading keeps whole
is reported, never executed without its words. Invented sentences only."""
from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

import pytest

from codex.cardtext import ast as A
from codex.cardtext import lexicon as L
from codex.cardtext import meaning as M
from codex.cardtext import parse_card_text, to_text, validate
from codex.cardtext.dropped import dropped, lost_at
from codex.cardtext.lexer import Lexer
from codex.cardtext.parser import DROPPED_REASON, Search, names, names_added
from codex.engine.abilities import abilities_of

ROOT = Path(__file__).resolve().parents[1]
SNAPSHOT = Path(os.environ.get("ARBITER_CARDS_JSON", ROOT.parents[0] / "shared/cards/sorcery-cards.json"))


def _reading(sentence: str) -> tuple[list[tuple[str, object, str, str]], A.Statement]:
    """The first reading of ``sentence``: its tokens and the ability the meaning layer builds."""
    lx = Lexer(sentence, L.load(), names(), ())
    search = Search(lx, "start")
    got = search.next()
    assert got is not None
    tree, toks = got
    node = M.sentence_ability(tree, toks, lx)
    return [(t.reading.cat, t.reading.lemma, t.text, t.reading.form) for t in toks], node


def _without_purpose(node: A.Statement) -> A.Statement:
    sentence = node.body[0]
    clause = A.replace(sentence.clauses[0], purpose=None)
    return A.replace(node, body=(A.replace(sentence, clauses=(clause,)),))


def test_a_reading_that_loses_a_phrase_is_caught() -> None:
    words, node = _reading("Discard a spell to gain 2 life.")
    assert lost_at(words, to_text(node), node) == []
    lossy = _without_purpose(node)        # the same words, an AST that kept no purpose
    assert dropped(words, to_text(lossy), lossy) == ("gain", "2", "life")


def test_a_canonical_rewording_is_no_loss() -> None:
    """The printer writes the Codex's words; a verb is represented by its primitive, a count by its
    number, a synonym by what it means."""
    for sentence in ("Return target minion to its owner's hand.", "Slay two rival minions.",
                     "Target minion takes 2 damage.", "Whoever carries this has Airborne."):
        words, node = _reading(sentence)
        assert lost_at(words, to_text(node), node) == [], sentence


def test_a_sentence_no_reading_keeps_whole_is_reported() -> None:
    card = parse_card_text("Genesis → Each turn, you gain 1 life.")
    assert not card.fully_parsed
    assert DROPPED_REASON in card.unparsed[0].reason and "'turn'" in card.unparsed[0].reason
    result = validate("Each turn, you gain 1 life.")
    assert not result.ok and DROPPED_REASON in result.errors[0].message


def test_the_engine_names_a_dropped_phrase_and_executes_nothing_of_it() -> None:
    abilities = abilities_of("Genesis → Each turn, you gain 1 life.", "Slow Healer", spell=False)
    assert not abilities.abilities
    assert any(DROPPED_REASON in part and "'turn'" in part for part in abilities.not_executed())


def test_fronted_purpose_keeps_its_words() -> None:
    fronted = parse_card_text("Genesis → To gain 2 life, you may discard a spell.")
    trailing = parse_card_text("Genesis → You may discard a spell to gain 2 life.")
    assert fronted.fully_parsed and fronted == trailing


def _refused(cards: list[tuple[str | None, str]]) -> list[tuple[str | None, str, str]]:
    out = []
    for name, text in cards:
        for u in parse_card_text(text, name).unparsed:
            if DROPPED_REASON in u.reason:
                out.append((name, u.text, u.reason))
    return out


def test_the_golden_cases_lose_no_phrase() -> None:
    from test_cardtext_golden import PARSED

    assert _refused([(c.get("card"), c["input"]) for c in PARSED]) == []


def _script() -> object:
    spec = importlib.util.spec_from_file_location("dropped_script", ROOT / "scripts" / "dropped.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.skipif(not SNAPSHOT.exists(), reason="card snapshot not found")
def test_the_snapshot_and_the_scenarios_pass_but_for_the_reported_families() -> None:
    """No snapshot card loses a phrase; the invented scenario cards that do are the families the
    grammar does not read yet (a time phrase it cannot place, a phase of a possessed turn, exec33's
    deliberately unread threshold waiver)."""
    from codex.cardtext.coverage import catalog_names

    cards = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    script = _script()
    with names_added(*catalog_names(cards)):
        assert _refused([(c.get("name"), (c.get("guardian") or {}).get("rulesText") or "") for c in cards]) == []
        scenarios = _refused(list(script.scenario_texts()))  # type: ignore[attr-defined]
    families = {script.family(reason) for _, _, reason in scenarios}  # type: ignore[attr-defined]
    # "lost: spell": exec33's invented threshold waiver the engine must name unread on an illegal cast
    # ("This spell ignores threshold if ..."): reported, as intended
    # "lost: air spells cast": blind round 36's "Air spells you cast ignore threshold." (a threshold waiver on a
    # class of spells the grammar reads only for "this spell"): reported and named as not executed, as it should be
    assert families <= {"a time phrase", "lost: controller next", "lost: spell", "lost: air spells cast"}, scenarios
