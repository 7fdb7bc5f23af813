"""Property tests: printing an AST and parsing the text gives the same AST (hypothesis builds the ASTs).

The ASTs are generated from the closed set of primitives and selectors, not from card text, so these
tests find printer/grammar disagreements that no golden case thought of. The snapshot test measures the
same property on real cards (read at test time, never committed).
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codex.cardtext import ast as A
from codex.cardtext import parse_card_text, to_text

SNAPSHOT = Path(os.environ.get("ARBITER_CARDS_JSON", Path(__file__).parents[2] / "shared/cards/sorcery-cards.json"))

_SINGULAR = ["unit", "minion", "site", "artifact", "ally", "enemy", "aura", "avatar"]
_PLURAL = ["unit", "minion", "site", "artifact", "ally", "enemy"]
_PLACES = st.lists(st.sampled_from([A.Where("here"), A.Where("nearby"), A.Where("there"), A.Where("adjacent"),
                                    A.Where("at", A.Selector("location", "that"))]), max_size=1).map(tuple)
_MODS = st.lists(st.sampled_from(["tapped", "untapped", "random", "fire", "water", "dead"]), max_size=1).map(tuple)
_YOU_CONTROL = A.Relative(A.Clause(A.Control(A.Ref("which"), A.Ref("you"))))


def _selector(det: str | None, nouns: list[str], plural: bool) -> st.SearchStrategy[A.Selector]:
    filters = st.one_of(_PLACES, st.just((_YOU_CONTROL,)))
    return st.builds(lambda n, mods, f: A.Selector(n, det, mods=mods, filters=f, plural=plural),
                     st.sampled_from(nouns), _MODS, filters)


SELECTOR = st.one_of(*[_selector(d, _SINGULAR, False) for d in ("target", "each", "another")],
                     _selector("all", _PLURAL, True), _selector("your", _PLURAL, True))
CARDS = st.builds(lambda n, noun: A.Selector(noun, count=n, plural=n != 1),
                  st.integers(1, 4), st.sampled_from(["card", "spell", "site"]))
AMOUNT = st.integers(1, 9)
GRANTS = st.lists(st.sampled_from([A.Keyword("airborne"), A.Keyword("stealth"), A.PowerMod(2), A.PowerMod(-1)]),
                  min_size=1, max_size=2, unique=True).map(tuple)
ACTION = st.one_of(
    st.builds(A.Damage, AMOUNT, SELECTOR),
    st.builds(A.Tap, SELECTOR), st.builds(lambda s: A.Tap(s, untap=True), SELECTOR),
    st.builds(A.Remove, st.sampled_from(["destroy", "banish", "kill"]), SELECTOR),
    st.builds(A.GainLife, AMOUNT), st.builds(A.Draw, CARDS),
    st.builds(A.Grant, GRANTS, SELECTOR),
)
DURATION = st.sampled_from([None, A.Duration("this_turn"), A.Duration("until", A.Turn("your", "next"))])
CONDITION = st.sampled_from([(), (A.Condition("if", A.Clause(A.DoSo(A.Ref("you")))),)])
CLAUSE = st.builds(lambda modal, action, dur: A.Clause(A.replace(action, agent=A.Ref("you")) if modal else action,
                                                       modal, duration=dur),
                   st.sampled_from([None, "may"]), ACTION, DURATION)  # "you may ...": a modal needs a subject


_DOER_SUBJECT = (A.Damage, A.Tap, A.Remove, A.GainLife, A.Draw)  # printed with the agent as subject


def _continue_subjects(clauses: list[A.Clause], links: list[str]) -> list[A.Clause]:
    """The subject-continuation rule (codex.cardtext.meaning._inherits): a clause written with no
    subject continues a plural previous subject after "and", and "you" after "then" too."""
    out, subject = [], None
    for i, c in enumerate(clauses):
        a = c.action
        if isinstance(a, _DOER_SUBJECT) and a.agent is None and subject is not None and (
                subject == A.Ref("you") or links[i - 1] == "and" and getattr(subject, "plural", False)):
            c = A.replace(c, action=A.replace(a, agent=subject))
        a = c.action
        subject = a.agent if isinstance(a, _DOER_SUBJECT) or a.agent is not None else getattr(a, "patient", None)
        out.append(c)
    return out


@st.composite
def sentences(draw: st.DrawFn) -> A.Sentence:
    clauses = draw(st.lists(CLAUSE, min_size=1, max_size=3))
    links = draw(st.lists(st.sampled_from(["then", "and"]), min_size=len(clauses) - 1, max_size=len(clauses) - 1))
    return A.Sentence(tuple(_continue_subjects(clauses, links)), tuple(links), conditions=draw(CONDITION))


TRIGGER = st.one_of(
    st.builds(lambda phase, turn: A.Trigger("at", phase=phase, turn=turn),
              st.sampled_from(["start", "end"]), st.sampled_from([A.Turn("your"), A.Turn("each")])),
    st.builds(lambda kind, who: A.Trigger(kind, A.Clause(A.Attack(who))), st.sampled_from(["when", "whenever"]),
              st.sampled_from([A.Ref("SELF"), A.Selector("ally", "a")])),
)
ABILITY = st.one_of(
    st.builds(lambda s: A.Statement((s,)), sentences()),
    st.builds(lambda t, s: A.Triggered(t, (s,)), TRIGGER, sentences()),
    st.builds(lambda s: A.Genesis((s,)), sentences()),
    st.builds(lambda s: A.Activated((A.Cost("tap"),), (s,)), sentences()),
)


@settings(max_examples=150, deadline=None)
@given(ability=ABILITY)
def test_print_then_parse_gives_the_same_ast(ability: object) -> None:
    text = to_text(ability, "Ember Golem")
    card = parse_card_text(text, "Ember Golem")
    assert card.fully_parsed, (text, card.unparsed)
    assert card.lines == ((ability,),), text


@settings(max_examples=60, deadline=None)
@given(items=st.lists(st.sampled_from([A.Keyword("airborne"), A.Keyword("lethal"), A.Keyword("stealth"),
                                       A.Keyword("movement", 2), A.Keyword("ranged", 3),
                                       A.Keyword("spellcaster", "fire")]), min_size=1, max_size=3, unique=True))
def test_keyword_lines_round_trip(items: list[A.Keyword]) -> None:
    line = A.KeywordLine(tuple(items))
    assert parse_card_text(to_text(line)).lines == ((line,),)


@pytest.mark.skipif(not SNAPSHOT.exists(), reason=f"card snapshot not found at {SNAPSHOT} (set ARBITER_CARDS_JSON)")
def test_snapshot_cards_print_back_to_the_same_ast() -> None:
    from codex.cardtext.coverage import measure

    report = measure(json.loads(SNAPSHOT.read_text(encoding="utf-8")))["overall"]
    # of the cards that parse, the share whose printed text parses back to the same AST
    assert report["roundtrip_share"] >= FLOOR_ROUNDTRIP, report["roundtrip_share"]


FLOOR_ROUNDTRIP = 0.97  # measured 0.977 (round grammar12; 0.933 when the floor was set)


@pytest.mark.skipif(not SNAPSHOT.exists(), reason=f"card snapshot not found at {SNAPSHOT} (set ARBITER_CARDS_JSON)")
def test_snapshot_asts_are_well_formed() -> None:
    """Every snapshot card's AST is made of AST nodes only: it writes as an s-expression and reads back
    (``from_sexpr`` checks every node type and field), so the engine never meets a parser-internal value."""
    from codex.cardtext.coverage import catalog_names
    from codex.cardtext.parser import names_added
    from codex.cardtext.sexpr import from_sexpr, to_sexpr

    cards = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    with names_added(*catalog_names(cards)):
        for c in cards:
            card = parse_card_text(c["guardian"]["rulesText"] or "", c["name"])
            assert from_sexpr(to_sexpr(card)) == card, c["name"]
