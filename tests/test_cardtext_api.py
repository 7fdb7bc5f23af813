"""Public card-text API: normalisation, strict/lenient parsing, validation errors, keywords_of, round trip."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codex.cardtext import CardTextError, keywords_of, normalize, parse_card_text, to_text, validate
from codex.cardtext import ast as A
from codex.cardtext.ast import Unparsed


def test_normalize_errata_crlf_circled_digits() -> None:
    n = normalize("UPDATED: Lance\r\n\r\n\u2461, Tap \u2192 Draw a card. ")
    assert n.errata and n.text == "Lance\n(2), Tap \u2192 Draw a card."


def test_lenient_keeps_unparsed_and_rest_of_card() -> None:
    card = parse_card_text("Airborne\nJuggle the the teacups.")
    assert isinstance(card.lines[1][0], Unparsed) and tuple(card.lines[1][0].span) == (9, 32)
    assert keywords_of(card) == {"airborne": True}


def test_strict_raises() -> None:
    with pytest.raises(CardTextError):
        parse_card_text("Juggle the the teacups.", strict=True)


def test_validate_reports_position_expected_and_suggestion() -> None:
    r = validate("Airbourne, Charge")
    assert not r.ok
    e = r.errors[0]
    assert (e.line, e.column) == (1, 10) and "Airborne" in e.suggestions and e.excerpt.endswith("^")
    json.dumps(r.to_dict())


def test_validate_ok_has_ast() -> None:
    d = validate("Deal 2 damage to each enemy here.").to_dict()
    assert d["ok"] and d["ast"]["type"] == "CardText"


def test_keywords_of_keys() -> None:
    assert keywords_of("Airborne, Movement +2\nLance, Lance\nRanged 3\nWater Spellcaster") == {
        "airborne": True, "movement": 2, "lance": 2, "ranged": 3, "spellcaster": "water"}
    assert keywords_of("Ranged, Spellcaster") == {"ranged": 1, "spellcaster": True}


def test_self_recognised() -> None:
    card = parse_card_text("Whenever Grumbling Ox attacks, it gains Charge.", name="Grumbling Ox")
    assert card.fully_parsed and "SELF" in repr(card)


_KW = st.sampled_from(["Airborne", "Stealth", "Lethal", "Charge", "Burrowing", "Movement +1", "Ranged 2"])
_EFFECT = st.sampled_from(["Draw a spell.", "Deal 2 damage to target unit nearby.", "Untap all allies here.",
                           "Give an ally +2 power this turn.", "Banish target minion nearby."])


@settings(max_examples=40, deadline=None)
@given(kws=st.lists(_KW, min_size=1, max_size=3), effect=_EFFECT,
       lead=st.sampled_from(["", "Genesis \u2192 ", "Tap \u2192 ", "At the start of your turn, "]))
def test_print_reparse_gives_same_ast(kws: list[str], effect: str, lead: str) -> None:
    text = ", ".join(kws) + "\n" + lead + (effect if not lead.startswith("At") else effect[0].lower() + effect[1:])
    card = parse_card_text(text)
    assert card.fully_parsed
    assert parse_card_text(to_text(card)) == card


def test_card_named_like_a_grammar_word_is_read_as_the_word_when_self_fails() -> None:
    # "Give an ally Charge" on a card named Charge: Charge is the keyword here, not the card itself
    card = parse_card_text("Give an ally Charge this turn.", name="Charge")
    assert card.fully_parsed
    grant = card.abilities[0].body[0].clauses[0].action
    assert grant == A.Grant((A.Keyword("charge"),), A.Selector("ally", "a"))
    assert parse_card_text(to_text(card), name="Charge") == card


def test_every_character_normalize_translates_is_non_ascii() -> None:
    # normalize() skips str.translate for ASCII texts; that is only right while no mapped character is ASCII
    from codex.cardtext.normalize import _TRANSLATE

    assert _TRANSLATE and all(code > 127 for code in _TRANSLATE)
    assert normalize("Deal \u2461 damage \u2014 it\u2019s here.").text == "Deal (2) damage \u2014 it is here."


def test_ast_nodes_are_immutable_values() -> None:
    """AST nodes (msgspec Structs) behave as frozen dataclasses did: keyword or positional construction
    with the declared defaults, equality and hashing by value, no assignment, ``replace``."""
    import inspect

    from codex.cardtext import ast as A

    classes = [c for c in vars(A).values() if isinstance(c, type) and issubclass(c, A.Node) and c is not A.Node]
    assert len(classes) > 50
    for cls in classes:
        fields = A.node_fields(cls)
        params = list(inspect.signature(cls).parameters.values())
        assert [p.name for p in params] == [name for name, _ in fields], cls
        values = {name: (name,) for name, _ in fields}
        node, twin = cls(**values), cls(*values.values())
        assert node == twin and hash(node) == hash(twin)
        assert all(getattr(node, name) == (name,) for name, _ in fields)
        if fields:
            with pytest.raises(AttributeError):
                setattr(node, fields[0][0], None)
            assert A.replace(node, **{fields[0][0]: 1}) != node


def test_a_per_card_override_applies_to_its_text_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from codex.cardtext import overrides
    from codex.cardtext.coverage import measure

    text = "Juggle three teacups while humming."
    entry = {"name": "Juggling Imp", "reason": "a test", "text_sha256": overrides.text_digest(text),
             "ast": "[[(Statement body=[(Sentence clauses=[(Clause action=(Action lemma=juggle))])])]]"}
    path = tmp_path / "overrides.yaml"
    path.write_text(json.dumps([entry]), encoding="utf-8")  # JSON is YAML
    read = overrides.load.__wrapped__  # the file reader under the cache
    monkeypatch.setattr(overrides, "load", lambda: read(path))
    card = parse_card_text(text, "Juggling Imp")
    assert card.overridden and card.fully_parsed and card.lines[0][0].body[0].clauses[0].action == A.Action("juggle")
    assert not parse_card_text(text + " Draw a card.", "Juggling Imp").overridden  # errata: parsed again
    assert not parse_card_text(text, "Another Imp").overridden
    report = measure([{"name": "Juggling Imp", "guardian": {"rulesText": text}}])["overall"]
    assert report["overridden"] == 1 and report["mapped"] == report["parsed"] == 0  # reported apart


def test_the_overrides_file_is_well_formed_and_stores_no_card_text() -> None:
    import yaml

    from codex.cardtext import overrides

    data = yaml.safe_load(overrides.OVERRIDES_PATH.read_text(encoding="utf-8"))
    assert {"name", "reason", "text_sha256", "ast"} == set().union(*(e.keys() for e in data))
    assert all(len(e["reason"].split()) >= 5 and len(str(e["text_sha256"])) == 16 for e in data)
    assert len(overrides.load()) == len(data)  # every AST reads back


def test_every_ast_node_is_documented_for_the_engine() -> None:
    """docs/cardtext.md names every node class (what the engine does with it)."""
    doc = (Path(__file__).parents[1] / "docs" / "cardtext.md").read_text(encoding="utf-8")
    classes = [n for n, c in vars(A).items() if isinstance(c, type) and issubclass(c, A.Node) and c is not A.Node]
    missing = [n for n in classes if f"`{n}(" not in doc and f"`{n}`" not in doc]
    assert not missing, missing
    assert all(c.__doc__ for c in (getattr(A, n) for n in classes))


def test_abilities_and_sentences_quote_the_card_verbatim() -> None:
    """Each ability and each sentence of its body has a span into the normalised text, so a ruling can
    quote the card's own words; spans do not take part in equality."""
    text = ("Airborne\nAt the start of your turn, look at your topmost spell. You may put it on the bottom "
            "of your atlas.\nTap \u2192 Draw a card. Then discard a card.")
    card = parse_card_text(text, "Ember Golem")
    norm = normalize(text).text
    quote = [(type(a).__name__, norm[a.span[0]:a.span[1]], [norm[s.span[0]:s.span[1]] for s in getattr(a, "body", ())])
             for a in card.abilities]
    assert quote == [
        ("KeywordLine", "Airborne", []),
        ("Triggered", "At the start of your turn, look at your topmost spell. You may put it on the bottom of "
                      "your atlas.", ["At the start of your turn, look at your topmost spell.",
                                      "You may put it on the bottom of your atlas."]),
        ("Activated", "Tap \u2192 Draw a card. Then discard a card.", ["Draw a card.", "Then discard a card."]),
    ]
    assert card.abilities[1] == A.replace(card.abilities[1], span=A.Span(0, 0))


def test_every_role_a_verb_frame_names_is_a_field_of_its_primitive() -> None:
    """A frame that maps a phrase to a role its primitive has no field for makes every sentence using
    that phrase fail ('throw X as a projectile', 'play a site from your cemetery' did)."""
    from codex.cardtext import lexicon as L
    lex = L.load()
    missing = []
    for lemma, senses in lex.verbs.items():
        for s in senses:
            if not s.primitive:
                continue
            fields = {n for n, _ in A.node_fields(getattr(A, s.primitive))}
            missing += [(lemma, slot, role) for slot, role in s.roles.items()
                        if role not in fields and role not in ("grants", "object") and not role.startswith("_")]
    assert not missing, missing
