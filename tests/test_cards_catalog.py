"""Catalog import (atomic, idempotent, precise errors), read API, search language, mention matching, CLI."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

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
    first = import_cards(FIX / "invented.json", db)
    assert sorted(first.added) == ["Ember Golem", "Glimmer Owl", "Mossy Cairn"]
    mtime = db.stat().st_mtime_ns
    again = import_cards(FIX / "invented.json", db)
    assert (again.imported, again.added, again.updated, again.unchanged) == (3, [], [], 3)
    assert db.stat().st_mtime_ns == mtime, "an import that changes nothing writes nothing"
    assert CardCatalog.open(db).names() == ["Ember Golem", "Glimmer Owl", "Mossy Cairn"]


def _cards(tmp_path: Path, name: str, cards: list[dict]) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(cards), encoding="utf-8")
    return path


def _invented(name: str, text: str, cost: int = 2) -> dict:
    return {"name": name, "guardian": {"type": "Minion", "rarity": "Ordinary", "cost": cost,
                                       "attack": 1, "defence": 1, "thresholds": {"fire": 1},
                                       "rulesText": text},
            "elements": "Fire", "sets": [{"name": "Invented Set", "metadata": {}, "variants": []}]}


def test_a_second_set_adds_and_updates_by_name(tmp_path: Path) -> None:
    db = tmp_path / "cards.db"
    import_cards(FIX / "invented.json", db)
    second = _cards(tmp_path, "second.json", [
        _invented("Cinder Imp", "Airborne"),                        # new
        next(c for c in json.loads((FIX / "invented.json").read_text())
             if c["name"] == "Glimmer Owl"),                        # the same card again
        _invented("mossy  CAIRN", "Burrowing", cost=5),             # changed (matched by name)
    ])
    report = import_cards(second, db)
    assert report.added == ["Cinder Imp"] and report.updated == ["mossy  CAIRN"]
    assert report.unchanged == 1 and report.removed == []
    catalog = CardCatalog.open(db)
    assert catalog.names() == ["Cinder Imp", "Ember Golem", "Glimmer Owl", "mossy  CAIRN"]
    assert catalog.get("Mossy Cairn")["cost"] == 5 and catalog.get("Ember Golem") is not None


def test_replace_is_explicit_and_reports_removals(tmp_path: Path) -> None:
    db = tmp_path / "cards.db"
    import_cards(FIX / "invented.json", db)
    only = _cards(tmp_path, "only.json", [_invented("Cinder Imp", "Airborne")])
    report = import_cards(only, db, replace=True)
    assert report.added == ["Cinder Imp"]
    assert report.removed == ["Ember Golem", "Glimmer Owl", "Mossy Cairn"]
    assert CardCatalog.open(db).names() == ["Cinder Imp"]


def test_catalog_has_ordinary_permissions(tmp_path: Path) -> None:
    db = tmp_path / "cards.db"
    import_cards(FIX / "invented.json", db)
    umask = os.umask(0o022)
    os.umask(umask)
    assert db.stat().st_mode & 0o777 == 0o666 & ~umask


@pytest.mark.parametrize("step", ["catalog-written", "catalog-replaced"])
def test_a_failed_import_keeps_the_previous_catalog(tmp_path: Path, monkeypatch, step) -> None:
    from codex.cards import catalog as module

    db = tmp_path / "cards.db"
    import_cards(FIX / "invented.json", db)

    def fail(at: str) -> None:
        if at == step:
            raise KeyboardInterrupt

    monkeypatch.setattr(module, "checkpoint", fail)
    more = _cards(tmp_path, "more.json", [_invented("Cinder Imp", "Airborne")])
    with pytest.raises(KeyboardInterrupt):
        import_cards(more, db)
    names = CardCatalog.open(db).names()
    # all or nothing: before the rename the old catalog, after it the new one
    assert names == (["Ember Golem", "Glimmer Owl", "Mossy Cairn"] if step == "catalog-written"
                     else ["Cinder Imp", "Ember Golem", "Glimmer Owl", "Mossy Cairn"])
    assert sorted(p.name for p in tmp_path.iterdir()) == [".cards.db.lock", "cards.db", "more.json"]


@pytest.mark.parametrize("fixture,needle", [("malformed_cost.json", "card #0 ('Broken Card'): field 'guardian.cost'"),
                                            ("malformed_toplevel.json", "expected a JSON array"),
                                            ("malformed_name.json", "field 'name'")])
def test_malformed_input_keeps_old_catalog(tmp_path: Path, fixture: str, needle: str) -> None:
    db = tmp_path / "cards.db"
    import_cards(FIX / "invented.json", db)
    with pytest.raises(CatalogError, match=needle.replace("(", r"\(").replace(")", r"\)")):
        import_cards(FIX / fixture, db)
    assert len(CardCatalog.open(db).names()) == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == [".cards.db.lock", "cards.db"]


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
    again = r.invoke(main, base + ["cards", "import", str(FIX / "invented.json")])
    assert again.exit_code == 0 and "0 added, 0 updated, 3 unchanged" in again.output
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
    cards[0]["guardian"]["rulesText"] = "Juggle the the teacups while humming."  # a failure family
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


@pytest.mark.parametrize("step", ["catalog-written", "catalog-replaced"])
def test_kill_9_during_an_import_keeps_a_whole_catalog(tmp_path: Path, step: str) -> None:
    import signal

    from codex.cards import catalog as module

    db = tmp_path / "cards.db"
    import_cards(FIX / "invented.json", db)
    more = _cards(tmp_path, "more.json", [_invented("Cinder Imp", "Airborne")])
    pid = os.fork()
    if pid == 0:
        try:
            module.checkpoint = lambda at: os.kill(os.getpid(), signal.SIGKILL) if at == step else None
            import_cards(more, db)
        finally:
            os._exit(3)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status)
    names = CardCatalog.open(db).names()
    assert names in (["Ember Golem", "Glimmer Owl", "Mossy Cairn"],
                     ["Cinder Imp", "Ember Golem", "Glimmer Owl", "Mossy Cairn"])
    import_cards(more, db)                 # the next import: whole, and nothing left behind
    assert CardCatalog.open(db).names()[0] == "Cinder Imp"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".cards.db.lock", "cards.db", "more.json"]


def test_concurrent_imports_keep_every_card(tmp_path: Path) -> None:
    """Three writers at once, each adding its own cards: the lock serialises the merges."""
    db = tmp_path / "cards.db"
    files = [_cards(tmp_path, f"set{w}.json", [_invented(f"Card {w}-{i}", "Airborne")
                                               for i in range(5)]) for w in range(3)]
    pids = []
    for path in files:
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                for _ in range(5):
                    import_cards(path, db)
            except BaseException:  # noqa: BLE001 - the parent checks the exit status
                code = 1
            finally:
                os._exit(code)
        pids.append(pid)
    assert all(os.waitpid(pid, 0)[1] == 0 for pid in pids)
    assert len(CardCatalog.open(db).names()) == 15


def test_an_opened_catalog_teaches_the_parser_its_names_and_subtypes(tmp_path: Path) -> None:
    """A plural subtype only the catalog knows ("Mirelings") reads as that subtype, singular and
    plural, once the catalog is open; before, it is a name nobody knows."""
    from codex.cardtext import parse_card_text
    from codex.cardtext.parser import names_added

    def patient(text: str) -> Any:
        return parse_card_text(text).lines[0][0].body[0].clauses[0].action.patient

    mireling = _invented("Bog Whisperer of the Fen", "Airborne")
    mireling["guardian"]["subTypes"] = "Mireling"
    mireling["subTypes"] = "Mireling"
    db = tmp_path / "cards.db"
    import_cards(_cards(tmp_path, "mire.json", [mireling]), db)
    text = "Other Mirelings you control have Airborne."
    with names_added():
        assert (patient(text).noun, patient(text).plural) == ("Mirelings", False)
        CardCatalog.open(db)
        assert (patient(text).noun, patient(text).plural) == ("Mireling", True)
