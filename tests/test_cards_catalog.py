"""Catalog import (atomic, idempotent, precise errors), read API, search language, mention matching, CLI."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from codex.cards import CardCatalog, CatalogError, import_cards, match_mentions
from codex.cards.query import QueryError, compile_query
from codex.cli import main
from codex.paths import PROJECT_ROOT

FIX = Path(__file__).parent / "fixtures" / "cards"
SNAPSHOT = Path(os.environ.get("ARBITER_CARDS_JSON", PROJECT_ROOT.parent / "shared" / "cards" / "sorcery-cards.json"))


@pytest.fixture()
def catalog(tmp_path: Path) -> CardCatalog:
    import_cards(FIX / "invented.json", tmp_path / "cards.db")
    return CardCatalog.open(tmp_path / "cards.db")


def test_import_fields(catalog: CardCatalog) -> None:
    c = catalog.get("  ember   GOLEM ")
    assert c is not None and c["errata"] == 1 and c["rules_text"].startswith("Lance, Lance\n(2), Tap")
    assert c["th_fire"] == 2 and c["keywords"] == "lance" and c["printings"][0]["printed_text"].startswith("Lance\nTap")


def test_import_idempotent(tmp_path: Path) -> None:
    db = tmp_path / "cards.db"
    assert import_cards(FIX / "invented.json", db) == import_cards(FIX / "invented.json", db) == 3
    assert CardCatalog.open(db).names() == ["Ember Golem", "Glimmer Owl", "Mossy Cairn"]


@pytest.mark.parametrize("fixture,needle", [("malformed_cost.json", "card #0 ('Broken Card'): field 'guardian.cost'"),
                                            ("malformed_toplevel.json", "expected a JSON array"),
                                            ("malformed_name.json", "field 'name'")])
def test_malformed_input_keeps_old_catalog(tmp_path: Path, fixture: str, needle: str) -> None:
    db = tmp_path / "cards.db"
    import_cards(FIX / "invented.json", db)
    with pytest.raises(CatalogError, match=needle.replace("(", r"\(").replace(")", r"\)")):
        import_cards(FIX / fixture, db)
    assert len(CardCatalog.open(db).names()) == 3
    assert [p.name for p in tmp_path.iterdir()] == ["cards.db"]


@pytest.mark.parametrize("query,names", [
    ("t:minion kw:airborne cost<=3", ["Glimmer Owl"]),
    ("th>=ff e:fire -kw:stealth", ["Ember Golem"]),
    ('o:"less damage"', ["Mossy Cairn"]),
    ("pow>=3 r:elite name:golem", ["Ember Golem"]),
    ("owl", ["Glimmer Owl"]),
])
def test_search(catalog: CardCatalog, query: str, names: list[str]) -> None:
    assert [r["name"] for r in catalog.search(query)] == names


@pytest.mark.parametrize("query,column", [("cost<=x", 1), ("t:minion zz:1", 10), ('t:minion "open', 10)])
def test_bad_query(query: str, column: int) -> None:
    with pytest.raises(QueryError) as e:
        compile_query(query)
    assert e.value.column == column


def test_match_mentions(catalog: CardCatalog) -> None:
    assert match_mentions(["[[glimmer  owl]]", "Nope"], catalog) == {"[[glimmer  owl]]": "Glimmer Owl", "Nope": None}


def test_cli_import_search_show_validate(tmp_path: Path) -> None:
    r = CliRunner()
    base = ["--build-dir", str(tmp_path)]
    assert json.loads(r.invoke(main, base + ["cards", "import", str(FIX / "invented.json"), "--json"]).output)["imported"] == 3
    out = json.loads(r.invoke(main, base + ["cards", "search", "kw:lance", "--json"]).output)
    assert [c["name"] for c in out["cards"]] == ["Ember Golem"]
    bad = r.invoke(main, base + ["cards", "search", "cost<=x"])
    assert bad.exit_code == 2 and "bad query" in bad.output and "Traceback" not in bad.output
    assert json.loads(r.invoke(main, base + ["cards", "show", "Glimmer", "Owl", "--json"]).output)["ast"]["type"] == "CardText"
    v = r.invoke(main, ["validate", "Airbourne", "--json"])
    assert v.exit_code == 1 and json.loads(v.output)["errors"][0]["suggestions"] == ["Airborne"]
    missing = r.invoke(main, base + ["cards", "import", str(tmp_path / "none.json")])
    assert missing.exit_code == 2 and "file not found" in missing.output


@pytest.mark.skipif(not SNAPSHOT.exists(), reason=f"card snapshot not found at {SNAPSHOT} (set ARBITER_CARDS_JSON)")
def test_snapshot_coverage_floor() -> None:
    from codex.cardtext.coverage import measure

    report = measure(json.loads(SNAPSHOT.read_text(encoding="utf-8")))
    overall = report["overall"]
    assert overall["keyword_lines_parsed"] == overall["keyword_lines"]
    # mapped: every effect a typed primitive; parsed: every sentence read (generic Action allowed)
    assert overall["mapped_share"] >= FLOOR_MAPPED, overall
    assert overall["parsed_share"] >= FLOOR_PARSED, overall
    assert overall["overridden"] <= 0.05 * overall["cards"]  # the per-card overrides file stays small
    assert all(s["mapped_share"] >= FLOOR_MAPPED - 0.05 for s in report["sets"].values() if s["cards"] >= 50), report["sets"]


FLOOR_MAPPED = 0.90   # measured 0.904 (the goal: 0.90)
FLOOR_PARSED = 0.94   # measured 0.953


def test_cli_coverage_by_set(tmp_path: Path) -> None:
    cards = json.loads((FIX / "invented.json").read_text(encoding="utf-8"))
    cards[0]["sets"] = [{"name": "Alpha"}]
    cards[0]["guardian"]["rulesText"] = "Juggle three teacups while humming."  # a failure family
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    out = CliRunner().invoke(main, ["cards", "coverage", str(path), "--by-set", "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    assert report["overall"]["cards"] == 3 and report["overall"]["unparsed"] == 1
    assert report["sets"]["Alpha"]["cards"] == 1 and report["missing"] and report["overridden_cards"] == []
    text = CliRunner().invoke(main, ["cards", "coverage", str(path), "--by-set"]).output
    assert "mapped %" in text and "Alpha" in text and "unique cases missing" in text
    bad = CliRunner().invoke(main, ["cards", "coverage", str(tmp_path / "none.json")])
    assert bad.exit_code == 2 and "Traceback" not in bad.output
