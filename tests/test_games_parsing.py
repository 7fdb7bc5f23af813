"""The general rules that read a markdown rulebook (codex/corpus/ruleset.py), on small
invented books: each test is one rule, shaped as the three real books show it but with
other words, so what is tested is the rule, not a source."""
from __future__ import annotations

from pathlib import Path

import pytest

from codex.corpus.crossrefs import GameAliases, find_links
from codex.corpus.errors import SourceError
from codex.corpus.ruleset import parse_ruleset


def book(tmp_path: Path, text: str, name: str = "book.md") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def parse(tmp_path: Path, text: str):  # noqa: ANN201
    return parse_ruleset(book(tmp_path, text), "test")


PLAIN = """Quest Cards

Components

- 2 decks of 30 cards
- 1 die

Turn order

Each player takes a turn. On your turn you may play one card.

Scoreboard

The marker moves one space each round.

Track Name

Round Marker

Terms

Bounce: return a card to its owner's hand.

Exhaust: turn the card sideways. It can't act

until it is readied again.

Guard: this card must be attacked first. **Haste**: this card can attack at once.

Rulings

- A bounced card loses all counters.
- Guard does not stop spells.
"""


def test_a_book_without_hash_headings(tmp_path: Path) -> None:
    rs = parse(tmp_path, PLAIN)
    assert rs.title == "Quest Cards"                      # the first line names the book
    ids = [s.id for s in rs.sections]
    # a short line without closing punctuation that introduces prose is a heading; a
    # label followed by another label ("Track Name", "Round Marker") is a figure's, not one
    assert ids == ["components", "turn-order", "scoreboard", "terms", "rulings"]
    assert [p.text for p in rs.sections[2].paragraphs] == [
        "The marker moves one space each round.", "Track Name", "Round Marker"]
    assert all(s.level == 1 and s.parent_id is None and s.page is None for s in rs.sections)


def test_a_glossary_of_name_colon_definitions(tmp_path: Path) -> None:
    rs = parse(tmp_path, PLAIN)
    terms = [e for e in rs.entries if e.kind != "ruling"]
    assert [(e.id, e.parent_id) for e in terms] == [
        ("term:bounce", "terms"), ("term:exhaust", "terms"), ("term:guard", "terms"),
        ("term:haste", "terms")]
    assert terms[1].text == "turn the card sideways. It can't act until it is readied again."
    assert terms[2].text == "this card must be attacked first."
    assert terms[3].text == "this card can attack at once."
    kinds = sorted(r.kind for r in rs.repairs)
    assert kinds == ["rejoined-paragraph", "split-entry"]


def test_a_section_that_is_only_a_list_of_sentences_is_rulings(tmp_path: Path) -> None:
    rs = parse(tmp_path, PLAIN)
    rulings = [e for e in rs.entries if e.kind == "ruling"]
    assert [(r.id, r.text) for r in rulings] == [
        ("rulings#1", "A bounced card loses all counters."),
        ("rulings#2", "Guard does not stop spells.")]
    assert not any(e.kind == "ruling" and e.parent_id == "components" for e in rs.entries)


LEVELLED = """# The Book

## TABLE OF CONTENTS

<b>TABLE OF CONTENTS</b>\t<b>2</b>
<b>BASICS</b>\t<b>3</b>
Dice\t3
Cards &amp; Decks\t4

Moving\t5\t<b>GLOSSARY</b>\t<b>7</b>
Fighting\t6\tA-Z\t7

# BASICS

## Dice

Roll two dice.

### Example Roll

Roll a 3 and a 4: that is 7.

## Cards &amp; Decks

A deck has 20 cards.

## Moving

You move one square.

## Fighting

Compare <b>strength</b>.

## GLOSSARY

Terms used on cards.

## A-Z

### Burn

Deal 1 damage at the end of the turn.

### Fly (Airborne)

Ignore walls.

## Wall

Blocks movement and sight.
"""


def test_contents_give_levels_pages_and_sub_sections(tmp_path: Path) -> None:
    rs = parse(tmp_path, LEVELLED)
    rows = [(s.id, s.level, s.parent_id, s.page, s.page_from) for s in rs.sections]
    assert rows[:6] == [
        ("basics", 1, None, 3, "contents"),
        ("dice", 2, "basics", 3, "contents"),
        ("dice/example-roll", 3, "dice", 3, "section"),     # deeper '#', not in the contents
        ("cards-decks", 2, "basics", 4, "contents"),        # &amp; decoded, & dropped in the id
        ("moving", 2, "basics", 5, "contents"),             # the second column after the first
        ("fighting", 2, "basics", 6, "contents")]
    assert rs.sections[3].title == "Cards & Decks"
    assert rs.sections[5].text == "Compare strength."
    assert ("glossary", 1, None, 7, "contents") in rows and ("a-z", 2, "glossary", 7,
                                                              "contents") in rows


def test_a_glossary_of_headings_in_a_to_z_order(tmp_path: Path) -> None:
    rs = parse(tmp_path, LEVELLED)
    assert [(e.id, e.title, e.qualifier, e.page) for e in rs.entries] == [
        ("term:burn", "Burn", None, 7), ("term:fly", "Fly", "Airborne", 7),
        ("term:wall", "Wall", None, 7)]
    assert rs.entries[1].text == "Ignore walls."


def test_a_heading_out_of_a_to_z_order_ends_a_glossary(tmp_path: Path) -> None:
    text = ("GAME\n\nContents\n\n| | | | |\n|---|---|---|---|\n| Glossary | 2 | Gamma | 3 |\n"
            "| Alpha | 2 | Afterword | 4 |\n| Beta | 2 | | |\n\nGlossary\n\nAlpha— first.\n\n"
            "Beta— second.\n\nGamma\n\nThird, a heading the contents list among the terms."
            "\n\nAfterword\n\nThis closes the book, not a term.\n")
    rs = parse(tmp_path, text)
    assert [(e.title, e.page) for e in rs.entries] == [("Alpha", 2), ("Beta", 2), ("Gamma", 3)]
    assert [s.id for s in rs.sections] == ["glossary", "afterword"]


def test_without_contents_a_heading_ends_a_glossary_of_definitions(tmp_path: Path) -> None:
    text = ("Game\n\nGlossary\n\nAlpha: first.\n\nBeta: second.\n\nZeta notes\n\nNot a "
            "term: a section after the glossary.\n")
    rs = parse(tmp_path, text)
    assert [e.title for e in rs.entries] == ["Alpha", "Beta"]
    assert [s.id for s in rs.sections] == ["glossary", "zeta-notes"]


def test_a_markdown_contents_table_with_a_title_over_two_rows(tmp_path: Path) -> None:
    text = """GAME

Table of Contents

| | | | |
|---|---|---|---|
| Setup..... | 2 | Scoring | 5 |
| Long Rule Name | | Ending | 6 |
| Continued | 3 | | |
| Playing | 4 | | |

Setup

Shuffle the deck.

Long Rule Name Continued

Some rule.

Playing

Play cards.

Scoring

Count points.

Ending

The game ends.
"""
    rs = parse(tmp_path, text)
    assert [(s.id, s.page) for s in rs.sections] == [
        ("setup", 2), ("long-rule-name-continued", 3), ("playing", 4), ("scoring", 5),
        ("ending", 6)]


def test_a_heading_that_was_a_picture_is_placed_at_the_widest_gap(tmp_path: Path) -> None:
    text = ("GAME\n\nContents\n\n| | | | |\n|---|---|---|---|\n| Houses | 2 | Blue House | 3 |\n"
            "| Red House | 2 | Green House | 4 |\n\nHouses\n\nThere are two houses.\n\n"
            "Each has a colour.\n\n\n\n\n\nRed House lore, the heading above was an image.\n\n"
            "Red members start first.\n\nBlue House\n\nBlue members go last.\n\n"
            "Green House\n\nGreen text.\n")
    rs = parse(tmp_path, text)
    red = next(s for s in rs.sections if s.id == "red-house")
    assert red.placed and red.line is None and red.page == 2
    assert red.paragraphs[0].text.startswith("Red House lore")
    houses = next(s for s in rs.sections if s.id == "houses")
    assert [p.text for p in houses.paragraphs] == ["There are two houses.", "Each has a colour."]
    assert rs.notes["placed_headings"]


def test_category_entries_and_image_descriptions(tmp_path: Path) -> None:
    text = ("# Game\n\nThe logo is rendered in a bold serif font, centered on a gradient "
            "background.\n\n## Conditions\n\n◆ **Poisoned** *Negative Condition*\n\n"
            "Lose 1 life each turn.\n\n◆ **Blessed** *Positive Status Effect*\n\n"
            "Gain 1 life.\n")
    rs = parse(tmp_path, text)
    assert [(e.id, e.category) for e in rs.entries] == [
        ("term:poisoned", "Negative Condition"), ("status:blessed", "Positive Status Effect")]
    assert rs.entries[0].text == "Lose 1 life each turn."
    assert [i.text[:8] for i in rs.images] == ["The logo"]
    assert all("serif" not in s.text for s in rs.sections)


def test_markup_entities_and_stray_markers_are_removed(tmp_path: Path) -> None:
    text = ("# Game\n\n## Rules\n\nYou **must** attack <i>first</i> &amp; then "
            "[*defend*](#).\n\n**Note:** walls stop you.*\n\nMT\tAG\tHP\n+1\t+0\t10\n")
    rs = parse(tmp_path, text)
    texts = [p.text for p in rs.sections[0].paragraphs]
    assert texts == ["You must attack first & then defend.", "Note: walls stop you.",
                     "MT · AG · HP", "+1 · +0 · 10"]
    assert [r.kind for r in rs.repairs] == ["stray-emphasis-marker"]


def test_the_books_own_names_and_references(tmp_path: Path) -> None:
    text = ("# Game\n\n## Health Points\n\nAt 0 HP your health points are gone.\n\n"
            "## Responses\n\nThe order of responses is referred to as the \"chain\".\n\n"
            "## Graveyard\n\nYour graveyard (*discard pile*) is open. See \"Responses\" "
            "below; a *Health Point* is lost to [Burn/2].\n\n## Burn/X\n\nLose X.\n")
    rs = parse(tmp_path, text)
    aliases = GameAliases(rs.sections, rs.entries)
    assert aliases.resolve("HP") == "health-points"          # an initialism the book writes
    assert aliases.resolve("the chain") == "responses"       # a term the book defines
    assert aliases.resolve("discard pile") == "graveyard"    # an italic gloss of a name
    assert aliases.resolve("[Burn/4]") == "burn-x"           # a parameterised bracket form
    links, unresolved = find_links(rs, aliases)
    assert {(l.source_id, l.target_id, l.form) for l in links} == {
        ("graveyard", "responses", "quote"), ("graveyard", "health-points", "emphasis"),
        ("graveyard", "burn-x", "bracket")}
    assert unresolved == []


def test_a_running_title_is_not_a_section(tmp_path: Path) -> None:
    text = "KINGDOMS\n\nRules\n\nPlay well.\n\nKINGDOMS\n\nMore rules text here, in full.\n"
    rs = parse(tmp_path, text)
    assert [s.id for s in rs.sections] == ["rules"]
    assert rs.notes["running_titles"]


@pytest.mark.parametrize("content,problem", [
    (b"", "the file is empty"),
    (b"\xff\xfe not utf-8", "invalid UTF-8"),
    (b"one paragraph of text that never names a heading, so nothing begins.\n",
     "no headings found"),
])
def test_bad_input_is_refused_with_the_file_and_the_problem(tmp_path: Path, content: bytes,
                                                            problem: str) -> None:
    path = tmp_path / "bad.md"
    path.write_bytes(content)
    with pytest.raises(SourceError) as err:
        parse_ruleset(path, "test")
    assert str(path) in str(err.value) and problem in str(err.value)
