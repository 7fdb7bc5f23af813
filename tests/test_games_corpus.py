"""The other rule systems in the corpus (issue #13): Contracts, Sorcerer and Archmajesty.

Counts are checked against the sources themselves, counted here with plain patterns over
the raw files (not with the ingest's code), and specific records are spot-checked. The ids
of Contracts' records that the Contracts rules engine cites (/work/briefs/GAMES.md) are
asserted exactly.
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from codex.corpus import ChecksumError, Corpus, SourceError, ingest
from codex.paths import SOURCES_DIR, BuildPaths

RAW = {name: (SOURCES_DIR / name).read_text(encoding="utf-8") for name in (
    "contracts-rules.md", "sorcerer-rulebook.md", "archmajesty-alpha-core-rulebook.md")}

# GAMES.md: the records the Contracts rules engine (#15) cites. Do not change without
# updating every user.
CONTRACTS_SECTIONS = ["setup", "drawing-and-fetching", "starting-the-game", "turn-structure",
                      "playing-contracts", "spells", "runes", "creatures", "players-in-combat",
                      "orbs", "discard-pile", "victory", "keywords", "advanced-interactions"]
CONTRACTS_KEYWORDS = ["magnetized", "magnetic", "paramagnetic", "summon", "adrenaline",
                      "impetus", "recycling", "fog", "fade", "start-turn", "end-turn",
                      "magic-damage-x", "ambush", "disarm"]


def _between(text: str, start: str, end: str) -> str:
    """The text after ``start`` and before the next ``end``."""
    begin = text.index(start) + len(start)
    return text[begin:text.index(end, begin)]


def _records(corpus: Corpus, game: str, kind: str | None = None) -> list[dict]:
    sql = "select * from records where source = ?" + (" and kind = ?" if kind else "")
    return corpus.query(sql, (game, kind) if kind else (game,))


# -- the contract with the Contracts rules engine -------------------------------------------
def test_contracts_ids_the_rules_engine_cites_exist_exactly(corpus: Corpus) -> None:
    ids = {r["id"] for r in _records(corpus, "contracts")}
    assert set(CONTRACTS_SECTIONS) <= ids
    assert {f"keyword:{k}" for k in CONTRACTS_KEYWORDS} <= ids
    assert {f"advanced-interactions#{n}" for n in range(1, 7)} <= ids
    for rid in CONTRACTS_SECTIONS:
        assert corpus.record("contracts", rid)["kind"] == "section"
    rulings = corpus.game_entries("contracts", "ruling")
    bullets = [ln[2:].strip() for ln in RAW["contracts-rules.md"].split("\n")
               if ln.startswith("- ") and "Advanced interactions" in
               RAW["contracts-rules.md"][:RAW["contracts-rules.md"].index(ln)]]
    assert [r["id"] for r in rulings] == [f"advanced-interactions#{n}"
                                          for n in range(1, len(bullets) + 1)]
    for ruling, bullet in zip(rulings, bullets):        # in order, text as written
        assert ruling["text"] == bullet.replace("*", "")


def test_records_carry_game_and_source(corpus: Corpus) -> None:
    games = {r["source"]: r["game"] for r in corpus.records()}
    assert games == {"codex": "sorcery", "rulebook": "sorcery", "contracts": "contracts",
                     "sorcerer": "sorcerer", "archmajesty": "archmajesty"}


# -- Contracts -------------------------------------------------------------------------------
def test_contracts_counts_match_the_source(corpus: Corpus) -> None:
    raw = RAW["contracts-rules.md"]
    keywords = _between(raw, "\nKeywords\n", "\nAdvanced interactions\n")
    # a definition opens a line ("Name: …") or follows a sentence inside one ("**Name**: …")
    defined = re.findall(r"^[A-Z][\w +]*?:", keywords, re.M) + re.findall(r"\*\*\w+\*\*:", keywords)
    defined = [d for d in defined if not d.startswith("other")]
    assert len(corpus.game_entries("contracts", "keyword")) == len(defined) == 14
    headings = [ln for ln in raw.split("\n") if ln and len(ln) < 40 and ln[0].isupper()
                and not ln.endswith((".", ":")) and "(" not in ln and ":" not in ln]
    assert len(corpus.game_sections("contracts")) == len(headings) - 1 == 15   # minus the title


def test_magnetized_keeps_its_start_turn_clause_across_the_broken_line(corpus: Corpus) -> None:
    text = corpus.record_text("contracts", "keyword:magnetized")
    assert text == ("The opponent and their creatures can only attack this target (or other "
                    "Magnetized or Magnetic targets). Start turn: remove Magnetized.")
    recycling = corpus.record_text("contracts", "keyword:recycling")
    assert recycling.startswith("this effect is triggered when the contract goes from the field")
    assert "Recycling" not in corpus.record_text("contracts", "keyword:impetus")


def test_contracts_repairs_are_listed(corpus: Corpus) -> None:
    repairs = corpus.game_repairs("contracts")
    kinds = sorted(r["kind"] for r in repairs)
    assert kinds == ["rejoined-paragraph", "rejoined-paragraph", "split-entry"]
    assert {r["line"] for r in repairs} == {38, 113, 125}      # source lines
    assert "both the ones you just put aside" in corpus.record_text("contracts",
                                                                    "starting-the-game")


def test_contracts_has_no_pages_and_no_images(corpus: Corpus) -> None:
    assert all(r["page"] is None for r in _records(corpus, "contracts"))
    assert corpus.game_images("contracts") == []


# -- Sorcerer --------------------------------------------------------------------------------
def _sorcerer_contents() -> list[tuple[str, int]]:
    """Title/page pairs of Sorcerer's contents table, read column by column here."""
    rows = [ln.strip().strip("|").split("|") for ln in RAW["sorcerer-rulebook.md"].split("\n")
            if ln.startswith("| ") and not ln.startswith("| |")]
    out, pending = [], ""
    for col in (0, 2):
        for row in rows:
            title, page = row[col].strip(), row[col + 1].strip()
            title = re.sub(r"\.{2,}$|</?i>", "", title).strip()
            if title:
                pending = f"{pending} {title}".strip()
            if page.isdigit():
                out.append((pending, int(page)))
                pending = ""
    return out


def test_sorcerer_every_contents_title_is_a_record_with_its_page(corpus: Corpus) -> None:
    contents = _sorcerer_contents()
    assert len(contents) == 61
    by_title: dict[str, list[dict]] = {}
    for r in _records(corpus, "sorcerer"):
        row = corpus.game_section("sorcerer", r["id"]) or corpus.game_entry("sorcerer", r["id"])
        by_title.setdefault(r["title"].casefold(), []).append(row)
        if row.get("qualifier"):
            by_title.setdefault(f"{r['title']} ({row['qualifier']})".casefold(), []).append(row)
    for title, page in contents:         # a record of that title, located where the contents say
        rows = by_title[title.casefold()]
        assert any(r["page"] == page and r["page_from"] == "contents" for r in rows), title


def test_sorcerer_game_terms_are_the_glossary(corpus: Corpus) -> None:
    raw = _between(RAW["sorcerer-rulebook.md"], "\nGame Terms\n", "\nPartially Resolved")
    dashed = re.findall(r"^([A-Z][^—\n]{0,40})— ", raw, re.M)
    terms = corpus.game_entries("sorcerer", "term")
    assert [t["title"] for t in terms if t["title"] != "Ready and Exhausted"] == [
        re.sub(r"\s*\(.*\)$", "", d) for d in dashed]
    assert len(terms) == len(dashed) + 1 == 19             # + "Ready and Exhausted", a heading
    ready = corpus.game_entry("sorcerer", "term:ready-and-exhausted")
    assert ready["page"] == 20 and ready["text"].startswith("When a card is ready, it is upright")
    assert "rotate it 90 degrees clockwise" in ready["text"]
    playing = corpus.game_entry("sorcerer", "term:playing-a-card")
    assert playing["qualifier"] == "Cast a Spell" and playing["page"] == 20


def test_sorcerer_headings_lost_to_pictures_are_placed(corpus: Corpus) -> None:
    usir = corpus.game_section("sorcerer", "followers-of-usir")
    assert usir["placed"] == 1 and usir["page"] == 23 and usir["qualifier"] == "The Necromancer"
    assert usir["paragraphs"][0]["text"].startswith("The origin of this enigmatic order")
    lineages = corpus.game_section("sorcerer", "lineages")
    assert all("enigmatic" not in p["text"] for p in lineages["paragraphs"])
    notes = corpus.game("sorcerer")["notes"]
    assert len(notes["placed_headings"]) == 4 and "missing_headings" not in notes


# -- Archmajesty -----------------------------------------------------------------------------
def test_archmajesty_a_m_and_n_z_terms_are_each_a_record(corpus: Corpus) -> None:
    raw = RAW["archmajesty-alpha-core-rulebook.md"]
    a_m = re.findall(r"^#{2,3} (.+)$", _between(raw, "\n## A-M\n", "\n## N-Z\n"), re.M)
    n_z = re.findall(r"^#{2,3} (.+)$", _between(raw, "\n## N-Z\n", "\n# MINIONS"), re.M)
    assert (len(a_m), len(n_z)) == (18, 16)
    for section, names in (("a-m", a_m), ("n-z", n_z)):
        entries = [e for e in corpus.game_entries("archmajesty") if e["parent_id"] == section]
        assert [e["title"] for e in entries] == [re.sub(r"\s*\(.*\)$", "", n) for n in names]
        assert all(e["page"] == (30 if section == "a-m" else 32) for e in entries)
        assert all(e["text"] for e in entries)


def test_archmajesty_keywords_by_their_bracket_form(corpus: Corpus) -> None:
    knell = corpus.game_entry("archmajesty", "keyword:knell-x")
    assert knell["title"] == "Knell/X" and knell["kind"] == "keyword"
    assert knell["text"].startswith("If any damage dealt to an enemy by an attack with [Knell/X]")
    for name in ("[Knell/10]", "Knell", "knell/x", "KNELL", "[Knell]"):
        assert corpus.resolve_in("archmajesty", name) == "keyword:knell-x", name
    assert corpus.resolve_in("archmajesty", "[Pitch]") == "keyword:pitch-effects"
    assert corpus.game_entry("archmajesty", "term:summon")["kind"] == "term"   # no [Summon]


def test_archmajesty_status_effects(corpus: Corpus) -> None:
    raw = RAW["archmajesty-alpha-core-rulebook.md"]
    lines = re.findall(r"^◆ \*\*(\w+)\*\* \*(\w+) Status Effect\*$", raw, re.M)
    status = corpus.game_entries("archmajesty", "status")
    assert [(s["title"], s["category"].split()[0]) for s in status] == lines
    assert len(status) == 12
    stun = corpus.game_entry("archmajesty", "status:stun")
    assert "Basic: You make 2 less attacks" in stun["text"] and "Player:" in stun["text"]
    # a status and a term of one name are two records
    assert corpus.game_entry("archmajesty", "term:empower")["kind"] == "term"


def test_archmajesty_outline_levels_and_contents(corpus: Corpus) -> None:
    raw = _between(RAW["archmajesty-alpha-core-rulebook.md"], "## TABLE OF CONTENTS",
                   "\n# INTRODUCTION")
    contents = re.findall(r"^(?:<b>)?([^<\t\n]+?)(?:</b>)?\t(?:<b>)?(\d+)", raw, re.M)
    contents += re.findall(r"\t(?:<b>)?\d+(?:</b>)?\t(?:<b>)?([^<\t\n]+?)(?:</b>)?\t(?:<b>)?(\d+)", raw)
    contents = [(t.replace("&amp;", "&"), int(p)) for t, p in contents
                if t != "TABLE OF CONTENTS"]
    sections = corpus.game_sections("archmajesty")
    listed = [s for s in corpus.query("select * from rules_sections where game = ? and "
                                      "in_contents = 1 order by position", ("archmajesty",))]
    assert len(listed) == len(contents) == 136
    assert sorted((s["title"], s["page"]) for s in listed) == sorted(contents)
    chapters = [s["title"] for s in sections if s["level"] == 1 and s["page"]]
    assert chapters == ["INTRODUCTION", "CREATING A MAGE", "COMBAT", "SPELL CARDS",
                        "STATUS EFFECTS", "EFFECT TERMINOLOGY", "MINIONS & OBJECTS",
                        "PERSONAL EQUIPMENT"]
    sub = corpus.game_section("archmajesty", "aspects/example-aspects")
    assert sub["parent_id"] == "aspects" and sub["level"] == 3 and sub["page"] == 19
    assert corpus.game_section("archmajesty", "design-transparency")["parent_id"] == "introduction"
    # a heading the book repeats keeps both, told apart by page or number
    assert corpus.game_section("archmajesty", "armour-p37")["page"] == 37
    assert corpus.game_section("archmajesty", "allied-turns-2")["paragraphs"][0]["text"] \
        .startswith("At the start of an enemy turn")


def test_archmajesty_image_description_is_kept_apart(corpus: Corpus) -> None:
    images = corpus.game_images("archmajesty")
    assert len(images) == 1 and images[0]["text"].startswith("The title 'ARCHMAJESTY' is rendered")
    texts = " ".join(r["text"] for r in corpus.records())
    assert "brushstroke" not in texts                  # not in any citable record


def test_html_and_entities_are_gone(corpus: Corpus) -> None:
    for r in _records(corpus, "archmajesty"):
        assert not re.search(r"</?[bi]>|&amp;|<li>|\*\*", r["text"]), r["id"]
        assert not re.search(r"</?[bi]>|&amp;", r["title"]), r["id"]
    assert corpus.game_section("archmajesty", "minions-objects")["title"] == "MINIONS & OBJECTS"


# -- names and links -------------------------------------------------------------------------
@pytest.mark.parametrize("game,name,record", [
    ("contracts", "Magnetized", "keyword:magnetized"),
    ("contracts", "MAGNETIZED", "keyword:magnetized"),
    ("contracts", "creature", "creatures"),                      # singular of a title
    ("contracts", "Rune", "runes"),
    ("contracts", "magic damage", "keyword:magic-damage-x"),     # parameter dropped
    ("sorcerer", "omens", "omen-counters"),                      # the heading's qualifier
    ("sorcerer", "The Necromancer", "followers-of-usir"),
    ("sorcerer", "exhausted", "term:ready-and-exhausted"),       # one of joined terms
    ("sorcerer", "discard pile", "graveyard"),                   # italic gloss: graveyard (*discard pile*)
    ("archmajesty", "airborne", "earthbound-airborne"),
    ("archmajesty", "guard tokens", "term:strike-guard-and-protect-tokens"),
    ("archmajesty", "damage bonus", "term:attack-damage-bonuses"),
    ("archmajesty", "HP", "health-points"),                      # initialism the book writes
    ("archmajesty", "AoE", "area-of-effect"),                    # "area of effect or “AoE”"
    ("archmajesty", "the stack", "interruption"),                # referred to as the "stack"
    ("archmajesty", "card name", "1-card-name"),                 # enumerator dropped
])
def test_names_resolve(corpus: Corpus, game: str, name: str, record: str) -> None:
    assert corpus.resolve_in(game, name) == record


def test_cross_references_are_resolved(corpus: Corpus) -> None:
    magnetized = corpus.game_entry("contracts", "keyword:magnetized")
    assert {l["target_id"] for l in magnetized["links"]} == {"keyword:magnetic",
                                                             "keyword:start-turn"}
    runes = corpus.game_section("contracts", "runes")
    assert {"setup", "starting-the-game"} <= {l["target_id"] for l in runes["links"]}
    tactics_refs = corpus.query("select source_id from rules_links where game = 'sorcerer' "
                                "and target_id = 'term:tactics'")
    assert {"domain-skill-cards", "battle-phase"} <= {r["source_id"] for r in tactics_refs}
    expose = corpus.game_entry("archmajesty", "status:expose")
    assert {"keyword:piercing", "keyword:overwhelm"} <= {l["target_id"] for l in expose["links"]}
    assert corpus.game("sorcerer")["notes"].get("unresolved_references") is None


def test_the_same_name_in_several_games(corpus: Corpus) -> None:
    summon = {r["game"]: r["id"] for r in corpus.find_everywhere("summon")}
    assert summon == {"sorcery": "summon", "contracts": "keyword:summon",
                      "archmajesty": "term:summon"}
    destroy = {r["game"]: r["id"] for r in corpus.find_everywhere("Destroy")}
    assert destroy == {"sorcery": "kill", "sorcerer": "term:destroy"}


# -- sources and atomic ingest ---------------------------------------------------------------
def test_each_game_records_its_sources_checksum(corpus: Corpus) -> None:
    manifest = json.loads((SOURCES_DIR / "manifest.json").read_text())["sources"]
    for game in corpus.games():
        for source in game["sources"]:
            assert manifest[source["name"]]["sha256"] == source["sha256"]
            assert manifest[source["name"]]["game"] == game["game"]
    assert [g["game"] for g in corpus.games()] == ["sorcery", "contracts", "sorcerer",
                                                   "archmajesty"]


def test_a_changed_game_source_stops_the_build_and_keeps_the_corpus(
        build_paths: BuildPaths, sources_copy: Path, tmp_path: Path) -> None:
    build = BuildPaths(tmp_path / "build")
    ingest(build, sources_dir=sources_copy)
    before = build.db.read_bytes()
    (sources_copy / "sorcerer-rulebook.md").write_text("tampered\n", encoding="utf-8")
    with pytest.raises(ChecksumError) as err:
        ingest(build, sources_dir=sources_copy)
    assert "sorcerer-rulebook.md" in str(err.value)
    assert build.db.read_bytes() == before
    assert not list(build.root.glob(".*.tmp"))


def test_a_rulebook_without_structure_is_refused_clearly(sources_copy: Path,
                                                         tmp_path: Path) -> None:
    path = sources_copy / "contracts-rules.md"
    path.write_text("just one long line of text without any heading at all, ending here.\n",
                    encoding="utf-8")
    manifest = json.loads((sources_copy / "manifest.json").read_text())
    from codex.corpus.sources import sha256_of
    manifest["sources"]["contracts-rules.md"]["sha256"] = sha256_of(path)
    (sources_copy / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(SourceError) as err:
        ingest(BuildPaths(tmp_path / "b"), sources_dir=sources_copy)
    assert "contracts-rules.md" in str(err.value) and "no headings" in str(err.value)


def test_two_builds_give_the_same_records(tmp_path: Path, corpus: Corpus) -> None:
    build = BuildPaths(tmp_path / "again")
    ingest(build)
    again = Corpus.open(build.db)
    try:
        for table in ("rules_sections", "rules_entries", "rules_aliases", "rules_links"):
            assert corpus.query(f"select * from {table} order by 1, 2") == \
                   again.query(f"select * from {table} order by 1, 2")
    finally:
        again.close()
    shutil.rmtree(tmp_path / "again", ignore_errors=True)
