"""Property tests: printing an AST and parsing the text gives the same AST (hypothesis builds the ASTs).

The ASTs are generated from the closed set of primitives and selectors, not from card text, so these
tests find printer/grammar disagreements that no golden case thought of.
"""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from codex.cardtext import ast as A
from codex.cardtext import parse_card_text, to_text

_SINGULAR = ["unit", "minion", "site", "artifact", "ally", "enemy", "aura", "avatar"]
_PLURAL = ["units", "minions", "sites", "artifacts", "allies", "enemies"]
_POSTS = st.lists(st.sampled_from([A.Post("here"), A.Post("nearby"), A.Post("there"), A.Post("adjacent")]),
                  max_size=1).map(tuple)
_MODS = st.lists(st.sampled_from(["allied", "tapped", "untapped", "random", "fire", "water"]), max_size=1).map(tuple)


def _selector(det: str, nouns: list[str]) -> st.SearchStrategy[A.Selector]:
    return st.builds(lambda n, mods, posts: A.Selector(det, (), mods, n, posts),
                     st.sampled_from(nouns), _MODS, _POSTS)


SELECTOR = st.one_of(*[_selector(d, _SINGULAR) for d in ("target", "each", "another")],
                     _selector("all", _PLURAL))
NUM = st.one_of(st.integers(1, 9).map(A.Num),
                st.sampled_from([(2, "two"), (3, "three")]).map(lambda p: A.Num(*p)))
ACTION = st.one_of(
    st.builds(A.Damage, NUM, SELECTOR),
    st.builds(A.Tap, SELECTOR), st.builds(lambda s: A.Tap(s, untap=True), SELECTOR),
    st.builds(A.Remove, st.sampled_from(["destroy", "banish", "kill"]), SELECTOR),
    st.builds(A.Silence, SELECTOR), st.builds(A.Dispel, SELECTOR),
    st.builds(A.GainLife, NUM), st.builds(A.LoseLife, NUM),
    st.builds(A.GainKeyword, st.lists(st.sampled_from([A.Keyword("airborne"), A.Keyword("stealth"),
                                                       A.PowerMod(2), A.PowerMod(-1)]),
                                      min_size=1, max_size=2, unique=True).map(tuple), SELECTOR),
)
CLAUSE = st.builds(lambda modal, action, dur: A.Clause(None, modal, action, dur),
                   st.sampled_from([None, "may"]), ACTION,
                   st.sampled_from([None, A.Duration("this_turn"), A.Duration("until_your_next_turn")]))


@st.composite
def sentences(draw: st.DrawFn) -> A.Sentence:
    clauses = draw(st.lists(CLAUSE, min_size=1, max_size=3))
    seps = draw(st.lists(st.sampled_from(["then", ", then", ", and"]), min_size=len(clauses) - 1,
                         max_size=len(clauses) - 1))
    return A.Sentence((), tuple(clauses), tuple(seps))


TRIGGER = st.builds(lambda phase, turn: A.Trigger("at", None, phase, turn),
                    st.sampled_from(["start", "end"]), st.sampled_from(["your_turn", "each_turn"]))
ABILITY = st.one_of(
    sentences().map(A.Statement),
    st.builds(A.Triggered, TRIGGER, sentences()),
    st.builds(lambda s: A.Genesis((s,)), sentences()),
    st.builds(lambda s: A.Activated((A.Cost("tap"),), (s,)), sentences()),
)


@settings(max_examples=150, deadline=None)
@given(ability=ABILITY)
def test_print_then_parse_gives_the_same_ast(ability: object) -> None:
    text = to_text(ability)
    card = parse_card_text(text)
    assert card.fully_parsed, (text, card.unparsed)
    assert card.lines == ((ability,),), text


@settings(max_examples=60, deadline=None)
@given(items=st.lists(st.sampled_from([A.Keyword("airborne"), A.Keyword("lethal"), A.Keyword("stealth"),
                                       A.Keyword("movement", 2), A.Keyword("ranged", 3),
                                       A.Keyword("spellcaster", "fire")]), min_size=1, max_size=3, unique=True))
def test_keyword_lines_round_trip(items: list[A.Keyword]) -> None:
    line = A.KeywordLine(tuple(items))
    assert parse_card_text(to_text(line)).lines == ((line,),)
