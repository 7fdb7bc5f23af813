"""Deck construction validity: reading deck lists, the rules over resolved entries, the CLI over an
imported catalog, and real card names from the snapshot (skipped without it)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from codex.cli import main
from codex.engine.cards import CardData, CardDict
from codex.engine.deck import DeckListError, Entry, check, parse_deck_list, resolve
from codex.engine.reasons import Reason

from conftest import SHARED_CARDS


def entries(spells: int = 60, sites: int = 30, avatars: int = 1, rarity: str = "ordinary") -> list[Entry]:
    out = [Entry("avatar", f"Avatar {i}", 1, "avatar") for i in range(avatars)]
    out += [Entry("spellbook", f"Spell {i}", 1, "minion", rarity) for i in range(spells)]
    out += [Entry("atlas", f"Site {i}", 1, "site", rarity) for i in range(sites)]
    return out


# ----------------------------------------------------------------------------- reading deck lists

def test_text_deck_lists_with_sections_and_type_headers() -> None:
    text = """# my deck
Avatar: Sorcerer
Minion (5)
4 Bosk Troll
Magic Missile
Magic
1x Fireball
Site (3)
3 Arid Desert
Collection
2 Spare Card
"""
    got = [(e.section, e.name, e.count) for e in parse_deck_list(text)]
    assert got == [("avatar", "Sorcerer", 1), ("spellbook", "Bosk Troll", 4), ("spellbook", "Magic Missile", 1),
                   ("spellbook", "Fireball", 1), ("atlas", "Arid Desert", 3), ("collection", "Spare Card", 2)]


@pytest.mark.parametrize("text", [
    '{"avatar": "Sorcerer", "spellbook": ["4 Bosk Troll"], "atlas": {"Arid Desert": 3}}',
    "avatar: Sorcerer\nspellbook:\n  - 4 Bosk Troll\natlas:\n  Arid Desert: 3\n",
])
def test_json_and_yaml_deck_lists(text: str) -> None:
    got = [(e.section, e.name, e.count) for e in parse_deck_list(text)]
    assert got == [("avatar", "Sorcerer", 1), ("spellbook", "Bosk Troll", 4), ("atlas", "Arid Desert", 3)]


@pytest.mark.parametrize("text,word", [
    ("4 Bosk Troll\n", "line 1"),
    ('{"avatar": "A", "sideboard": ["B"]}', "unknown section"),
    ('{"avatar": "A", "spellbook": {"B": "two"}}', "copies"),
    ("Spellbook\n0 Bosk Troll\n", "0 copies"),
    ("", "no cards"),
    ("{not json", "not valid JSON"),
])
def test_bad_deck_lists_say_where_and_what(text: str, word: str) -> None:
    with pytest.raises(DeckListError) as err:
        parse_deck_list(text)
    assert word in str(err.value)


# ----------------------------------------------------------------------------- the rules

def test_a_legal_constructed_deck() -> None:
    report = check(entries())
    assert report.legal and report.sizes == {"avatar": 1, "spellbook": 60, "atlas": 30, "collection": 0}


@pytest.mark.parametrize("spells,fmt,level", [(49, "constructed", "error"), (50, "constructed", "conflict"),
                                              (59, "constructed", "conflict"), (60, "constructed", "ok"),
                                              (23, "limited", "error"), (24, "limited", "conflict")])
def test_spellbook_minimums_show_the_codex_and_the_rulebook(spells: int, fmt: str, level: str) -> None:
    report = check(entries(spells=spells), fmt)  # type: ignore[arg-type]
    size = next(f for f in report.findings if f.check == "spellbook size")
    assert size.level == level
    if level != "ok":
        assert {"deck.spellbook.rulebook"} <= set(size.rules)


def test_copies_count_by_name_across_decks_and_collection() -> None:
    deck = entries() + [Entry("spellbook", "Spell 0", 3, "minion", "ordinary"),
                        Entry("collection", "Spell 0", 1, "minion", "ordinary")]
    report = check(deck)
    assert not report.legal and report.first_error is not None
    assert report.first_error.reason is Reason.TOO_MANY_COPIES and "5 copies of Spell 0" in report.first_error.message


def test_the_avatar_is_not_counted_against_rarity() -> None:
    deck = [Entry("avatar", "Templar", 1, "avatar", "elite")] + entries(avatars=0)
    assert check(deck).legal


def test_resolve_fills_types_and_rarities_and_reports_unknown_names() -> None:
    cards = CardDict([CardData("Bosk Troll", "minion", rarity="Ordinary"), CardData("Sorcerer", "avatar")])
    known, unknown = resolve([Entry("avatar", "sorcerer"), Entry("spellbook", "Bosk Trol", 4)], cards)
    assert [(e.name, e.type) for e in known] == [("Sorcerer", "avatar")]
    assert unknown[0].name == "Bosk Trol" and "Bosk Troll" in unknown[0].suggestions


# ----------------------------------------------------------------------------- the CLI

def _card(name: str, type_: str, rarity: str | None) -> dict[str, Any]:
    return {"name": name, "guardian": {"type": type_, "rarity": rarity, "cost": None if type_ in ("Site", "Avatar") else 1,
                                       "attack": 1 if type_ in ("Minion", "Avatar") else None, "defence": None,
                                       "life": 20 if type_ == "Avatar" else None, "thresholds": {}, "rulesText": ""},
            "elements": "", "subTypes": "", "sets": []}


def _catalog(tmp_path: Path) -> list[str]:
    cards = [_card("Test Avatar", "Avatar", None)]
    cards += [_card(f"Test Minion {i}", "Minion", "Ordinary") for i in range(15)]
    cards += [_card(f"Test Site {i}", "Site", "Exceptional") for i in range(10)]
    cards += [_card("Test Unique", "Magic", "Unique")]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards), "utf-8")
    base = ["--build-dir", str(tmp_path / "build")]
    assert CliRunner().invoke(main, base + ["cards", "import", str(path)]).exit_code == 0
    return base


def test_the_cli_checks_a_deck_list(tmp_path: Path) -> None:
    base = _catalog(tmp_path)
    lines = ["Avatar: Test Avatar", "Spellbook"] + [f"4 Test Minion {i}" for i in range(15)]
    lines += ["Atlas"] + [f"3 Test Site {i}" for i in range(10)]
    deck = tmp_path / "deck.txt"
    deck.write_text("\n".join(lines), "utf-8")
    runner = CliRunner()
    ok = runner.invoke(main, base + ["deck", "check", str(deck), "--json"])
    assert ok.exit_code == 0, ok.output
    data = json.loads(ok.output)
    assert data["legal"] and data["findings"][0]["citations"][0]["quote"] == "Every deck must contain exactly 1 Avatar."
    deck.write_text("\n".join(lines + ["Spellbook", "2 Test Unique"]), "utf-8")
    bad = runner.invoke(main, base + ["deck", "check", str(deck)])
    assert bad.exit_code == 1 and "Unique" in bad.output and "Not legal" in bad.output
    deck.write_text("\n".join(lines + ["Spellbook", "1 Test Minon 3"]), "utf-8")
    unknown = runner.invoke(main, base + ["deck", "check", str(deck)])
    assert unknown.exit_code == 2 and "Test Minion 3" in unknown.output and "did you mean" in unknown.output


def test_the_cli_says_how_to_import_a_catalog(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("Avatar: Someone\n", "utf-8")
    r = CliRunner().invoke(main, ["--build-dir", str(tmp_path / "empty"), "deck", "check", str(deck)])
    assert r.exit_code == 2 and "arbiter cards import" in r.output


def test_the_cli_refuses_unreadable_files(tmp_path: Path) -> None:
    base = ["--build-dir", str(tmp_path)]
    assert CliRunner().invoke(main, base + ["deck", "check", str(tmp_path / "missing.txt")]).exit_code == 2
    binary = tmp_path / "deck.bin"
    binary.write_bytes(b"\xff\xfe\x00junk")
    r = CliRunner().invoke(main, base + ["deck", "check", str(binary)])
    assert r.exit_code == 2 and "UTF-8" in r.output


# ----------------------------------------------------------------------------- real cards

@pytest.fixture(scope="module")
def real_cards(tmp_path_factory: pytest.TempPathFactory) -> Any:
    if not SHARED_CARDS.exists():
        pytest.skip(f"the real card snapshot is not at {SHARED_CARDS}")
    from codex.cards import import_cards
    from codex.cards.catalog import CardCatalog
    from codex.cards.source import CatalogCards

    db = tmp_path_factory.mktemp("cards") / "cards.db"
    import_cards(SHARED_CARDS, db)
    raw = json.loads(SHARED_CARDS.read_text("utf-8"))
    return CatalogCards(CardCatalog.open(db)), raw


def _real_deck(raw: list[dict[str, Any]]) -> list[str]:
    by = lambda t, r: [c["name"] for c in raw if c["guardian"]["type"] == t and c["guardian"]["rarity"] == r]
    lines = ["Avatar: " + by("Avatar", None)[0], "Spellbook"]
    lines += [f"4 {n}" for n in by("Minion", "Ordinary")[:15]]
    lines += ["Atlas"] + [f"3 {n}" for n in by("Site", "Exceptional")[:10]]
    return lines


def test_a_deck_of_real_cards(real_cards: Any) -> None:
    source, raw = real_cards
    known, unknown = resolve(parse_deck_list("\n".join(_real_deck(raw))), source)
    assert not unknown and check(known).legal


def test_real_cards_over_their_rarity_in_the_wrong_deck_and_tokens(real_cards: Any) -> None:
    source, raw = real_cards
    unique = next(c["name"] for c in raw if c["guardian"]["rarity"] == "Unique" and c["guardian"]["type"] == "Magic")
    site = next(c["name"] for c in raw if c["guardian"]["type"] == "Site")
    lines = _real_deck(raw) + ["Spellbook", f"2 {unique}", f"1 {site}", "Atlas", "1 Lance"]
    known, unknown = resolve(parse_deck_list("\n".join(lines)), source)
    assert not unknown
    reasons = {f.reason for f in check(known).findings if f.level == "error"}
    assert {Reason.TOO_MANY_COPIES, Reason.WRONG_DECK, Reason.TOKEN_IN_DECK} <= reasons
