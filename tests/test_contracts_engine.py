"""The Contracts engine apart from its scenario files: the card-text grammar, the format and its
errors, the game switch of `codex.engine.rule`, bounded work, the docs tables, and the CLI, API and
rulings page answering a Contracts scenario."""
from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from codex.engine import ScenarioError, TooComplex, Verdict, rule
from codex.engine.contracts import ast as A
from codex.engine.contracts import document as D
from codex.engine.contracts import events as E
from codex.engine.contracts.actions import REGISTRY
from codex.engine.contracts.cardtext import parse, parser
from codex.engine.contracts.mana import Colours, Mana, default_payment, parse_cost
from codex.engine.contracts.reasons import ContractsReason
from codex.engine.contracts.scenario import packaged_schema, schema
from codex.engine.reasons import Reason, ReasonCode

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "scenarios" / "contracts"


def board(action: dict, p1: dict | None = None, p2: dict | None = None, phase: str = "main") -> dict:
    return {"format": "arbiter.scenario/1", "game": "contracts", "turn": {"active": "p1", "number": 3, "phase": phase},
            "players": [{"id": "p1", **(p1 or {})}, {"id": "p2", **(p2 or {})}], "action": action}


# ----------------------------------------------------------------------------- the card-text grammar

def test_the_grammar_has_no_conflicts() -> None:
    assert parser().options.parser == "lalr" and parser().options.strict


@pytest.mark.parametrize("text,check", [
    ("Summon: Disarm a player.", lambda t: t.triggers("summon")[0].effects == (
        A.Disarm(A.Target("player", choose=True, words="a player")),)),
    ("Magic Damage +2", lambda t: t.magic_damage == 2),
    ("Magnetic, Fog. Adrenaline", lambda t: t.keywords == {"magnetic", "fog", "adrenaline"}),
    ("Give +1 attack to adjacent Creatures.", lambda t: t.gives[0][0].target.adjacent and t.gives[0][0].attack == 1),
    ("Give +1/+2 and Fog to your other Creatures.", lambda t: (t.gives[0][0].attack, t.gives[0][0].health,
                                                               t.gives[0][0].keywords, t.gives[0][0].target.other,
                                                               t.gives[0][0].target.side) == (1, 2, ("fog",), True,
                                                                                              "allied")),
    ("Start turn: Deal 1 damage to all enemy Creatures. Fetch a contract.",
     lambda t: [type(e) for e in t.triggers("start_turn")[0].effects] == [A.Damage, A.Fetch]),
    ("Inflict 1 damage three times to a Creature.", lambda t: t.plain[0].effects[0].times == 3),
    ("Deal 1 damage to a creature twice.", lambda t: t.plain[0].effects[0].times == 2),
    ("You can fade this Creature.", lambda t: isinstance(t.plain[0].effects[0], A.YouCan)),
    ("Activation (1 red, 1 grey): Deal 2 damage to the opponent.",
     lambda t: t.activations[0].cost == Colours(red=1, grey=1)),
    ("Recycling: Fetch 2 contracts.", lambda t: t.triggers("recycling")[0].effects == (A.Fetch(2),)),
    ("Ambush: The opponent takes 2 damage.", lambda t: t.triggers("ambush")[0].effects[0].target.fixed == "opponent"),
    ("Summon two 1/1 Creature tokens.", lambda t: t.plain[0].effects == (A.Token(1, 1, 2),)),
    ("Deal 3 damage to one of the opponent's Creatures.", lambda t: t.plain[0].effects[0].target.side == "enemy"),
    ("This creature gains +1 attack and Fog.", lambda t: t.plain[0].effects[0] == A.Modify(
        A.Target("creature", "self", words="this creature"), attack=1, keywords=("fog",))),
])
def test_card_text_reads_the_rulebook_style(text: str, check) -> None:
    parsed = parse(text)
    assert not parsed.unreadable, parsed.unreadable
    assert check(parsed)


def test_a_labelled_ability_runs_to_the_end_of_its_line() -> None:
    t = parse("Summon: Fetch a contract. Deal 1 damage to the opponent.\nGive +1 attack to adjacent Creatures.")
    assert len(t.triggers("summon")[0].effects) == 2 and len(t.gives) == 1


def test_unreadable_sentences_are_kept_and_the_rest_read() -> None:
    t = parse("Fog. Swap two Creatures. Magic Damage +1")
    assert t.keywords == {"fog"} and t.magic_damage == 1 and t.unreadable == ("Swap two Creatures.",)


def test_a_card_naming_itself_is_this_contract() -> None:
    t = parse("Recycling: Deal 1 damage to Old Goblin.", "Old Goblin")
    assert t.triggers("recycling")[0].effects[0].target.fixed == "self"


# ----------------------------------------------------------------------------- rules

def _cited_ids(tree: "ast.AST") -> set[str]:
    """Rule ids written in the Contracts code: the strings of every ``rules=`` argument, every
    ``(ContractsReason.X, "rule id")`` pair a check returns, and every string of a tuple passed as
    the rules of a field change or trigger."""
    import ast

    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg in ("rules", "extra"):
            out |= {e.value for n in ast.walk(node.value) if isinstance(n, ast.Tuple)
                    for e in n.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
        if (isinstance(node, ast.Tuple) and len(node.elts) == 2 and isinstance(node.elts[0], ast.Attribute)
                and isinstance(node.elts[0].value, ast.Name) and node.elts[0].value.id in ("R", "ContractsReason")
                and isinstance(node.elts[1], ast.Constant) and isinstance(node.elts[1].value, str)):
            out.add(node.elts[1].value)
    return out


def test_every_rule_id_written_in_the_contracts_engine_is_registered() -> None:
    import ast

    from codex.engine.contracts.rules import RULES

    cited: set[str] = set()
    for path in (ROOT / "codex" / "engine" / "contracts").rglob("*.py"):
        cited |= _cited_ids(ast.parse(path.read_text("utf-8")))
    assert len(cited) > 40, "the scan found too little: it is broken"
    assert sorted(r for r in cited if r not in RULES) == []


# ----------------------------------------------------------------------------- mana

def test_costs_and_the_default_payment() -> None:
    assert parse_cost("2R 1G") == parse_cost("RRG") == parse_cost({"fire": 2, "pure": 1}) == Colours(red=2, grey=1)
    with pytest.raises(ValueError):
        parse_cost("2X")
    mana = Mana(Colours(red=1, blue=2), tanks_full=Colours(red=1))
    pay = default_payment(mana, Colours(red=2, grey=1))
    assert pay is not None and pay.extractors == Colours(red=1, blue=1) and pay.tanks == Colours(red=1)
    assert default_payment(Mana(Colours(grey=3)), Colours(red=1)) is None


# ----------------------------------------------------------------------------- the format, errors

def test_the_packaged_schema_is_the_generated_one() -> None:
    assert packaged_schema() == json.loads(json.dumps(schema()))


def test_every_action_record_has_a_handler() -> None:
    assert set(REGISTRY) == set(D.ACTION_RECORDS)


@pytest.mark.parametrize("mutate,pointer", [
    (lambda d: d["players"][1].update(id="p1"), "/players/1/id"),
    (lambda d: d["players"][0].update(creatures=[{"id": "x", "health": 1}, {"id": "x", "health": 1}]),
     "/players/0/creatures/1/id"),
    (lambda d: d["players"][0].update(extractors={"red": 8, "blue": 3}), "/players/0/extractors"),
    (lambda d: (d["players"][0].update(extractors={"grey": 1}), d["players"][1].update(extractors={"grey": 1})),
     "/players"),
    (lambda d: d.update(action={"do": "attack", "attacker": "ghost", "target": "p2"}), "/action/attacker"),
    (lambda d: d.update(action={"do": "play", "card": {"name": "X", "type": "spell", "cost": "2Q"}}),
     "/action/card/cost"),
    (lambda d: d.update(action={"do": "fly"}), "/action/do"),
    (lambda d: d["players"][0].update(hand=11), "/players/0/hand"),
    (lambda d: d["turn"].update(active="p9"), "/turn/active"),
])
def test_bad_scenarios_name_the_field(mutate, pointer: str) -> None:
    doc = board({"do": "fetch"})
    mutate(doc)
    with pytest.raises(ScenarioError) as err:
        rule(doc)
    assert pointer in [p.pointer for p in err.value.problems], err.value.problems
    assert all(p.fix for p in err.value.problems)


def test_the_game_field_picks_the_engine() -> None:
    sorcery = json.loads((ROOT / "tests/scenarios/movement.json").read_text())["cases"][0]["scenario"]
    assert rule(dict(sorcery, game="sorcery")).to_dict() == rule(sorcery).to_dict()
    with pytest.raises(ScenarioError) as err:
        rule(dict(sorcery, game="chess"))
    assert err.value.problems[0].pointer == "/game"
    assert rule(board({"do": "can_see", "player": "p1", "zone": "discard"})).verdict is Verdict.YES


def test_reasons_share_a_base_but_not_a_list() -> None:
    assert issubclass(ContractsReason, ReasonCode) and issubclass(Reason, ReasonCode)
    r = rule(board({"do": "attack", "attacker": "p1", "target": "p2"}))
    assert r.verdict is Verdict.ILLEGAL and r.reason == ContractsReason.NO_ATTACK_VALUE.value


def test_scenarios_are_not_mutated_by_rule() -> None:
    case = json.loads((SCENARIOS / "advanced.json").read_text())["cases"][0]["scenario"]
    before = json.dumps(case, sort_keys=True)
    rule(case)
    assert json.dumps(case, sort_keys=True) == before


def test_ruling_json_shape() -> None:
    r = rule(board({"do": "fetch"}, p1={"deck": 3, "hand": 1})).to_dict()
    assert set(r) == {"verdict", "summary", "steps", "state_after"}
    assert {"game", "turn", "players", "left", "winner", "draw", "outcome"} <= set(r["state_after"])
    assert {"health", "extractors", "tanks", "hand", "deck", "discard", "creatures", "rune", "orb", "burnout"} \
        <= set(r["state_after"]["players"][0])
    json.dumps(r)


# ----------------------------------------------------------------------------- bounded work

def test_long_sequences_of_effects_fit_the_budget() -> None:
    creatures = [{"id": f"c{i}", "attack": 1, "health": 9, "text": "Recycling: Deal 1 damage to all Creatures."}
                 for i in range(8)]
    action = {"do": "sequence", "actions": [
        {"do": "effect", "player": "p1", "text": "Deal 1 damage to all Creatures ten times."}] * 60}
    theirs = [dict(c, id=f"d{c['id']}") for c in creatures]
    r = rule(board(action, p1={"creatures": creatures}, p2={"creatures": theirs}))
    assert r.verdict in (Verdict.RESOLVED, Verdict.GAME_OVER)


def test_work_beyond_the_budget_is_refused_clearly() -> None:
    action = {"do": "effect", "player": "p1", "text": "Deal 1 damage to all Creatures ten times."}
    with pytest.raises(TooComplex) as err:
        rule(board(action, p1={"creatures": [{"id": f"c{i}", "attack": 1, "health": 50} for i in range(8)]}),
             work_limit=20)
    assert "limit 20" in str(err.value)


def _mutations(doc: object, path: tuple = ()):
    """Every scenario with one value replaced by something of the wrong kind, or one key dropped."""
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield path + (k,), "drop"
            yield path + (k,), None
            yield path + (k,), -1
            yield from _mutations(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield path + (i,), "x"
            yield from _mutations(v, path + (i,))


def _apply(doc: dict, path: tuple, value: object) -> dict:
    out = copy.deepcopy(doc)
    cur = out
    for k in path[:-1]:
        cur = cur[k]
    if value == "drop":
        del cur[path[-1]]
    else:
        cur[path[-1]] = value
    return out


def test_mutated_scenarios_never_crash() -> None:
    """Near-valid input: each scenario of two files with every value broken in turn gives a ruling
    or a ScenarioError, never another exception."""
    checked = 0
    for name in ("orbs.json", "draw.json"):
        for case in json.loads((SCENARIOS / name).read_text())["cases"][:6]:
            for path, value in _mutations(case["scenario"]):
                try:
                    rule(_apply(case["scenario"], path, value))
                except (ScenarioError, TooComplex):
                    pass
                checked += 1
    assert checked > 300


# ----------------------------------------------------------------------------- the docs say what the code does

def _table(heading: str) -> list[str]:
    text = (ROOT / "docs" / "contracts.md").read_text("utf-8")
    section = text.split(heading, 1)[1]
    rows = []
    for line in section.splitlines()[1:]:
        if line.startswith("#"):
            break
        m = re.match(r"\|\s*`([^`]+)`\s*\|", line)
        if m:
            rows.append(m.group(1))
    return rows


def test_docs_action_table_matches_the_registry() -> None:
    assert sorted(_table("## Actions and questions")) == sorted(s.do for s in REGISTRY.values())


def test_docs_reason_table_matches_the_enum() -> None:
    assert _table("## Reasons") == [r.value for r in ContractsReason]


def test_docs_event_table_lists_every_event() -> None:
    kinds = {c.kind for c in vars(E).values() if isinstance(c, type) and issubclass(c, E.Event) and c is not E.Event}
    assert set(_table("## Events")) == kinds


# ----------------------------------------------------------------------------- CLI, API, page

def test_cli_rules_a_contracts_suite_file() -> None:
    from codex.cli import main

    result = CliRunner().invoke(main, ["rule", str(SCENARIOS / "advanced.json")])
    assert result.exit_code == 0, result.output
    assert "PASS" in result.output and "FAIL" not in result.output


def test_cli_rules_one_contracts_scenario_as_json(tmp_path: Path) -> None:
    from codex.cli import main

    path = tmp_path / "s.json"
    path.write_text(json.dumps(board({"do": "orb", "target": "p2"}, p1={"orb": {"name": "O", "attack": 2,
                                                                                 "durability": 1}})))
    result = CliRunner().invoke(main, ["rule", str(path), "--json"])
    assert result.exit_code == 0, result.output
    body = json.loads(result.output)
    assert body["state_after"]["players"][1]["health"] == 28
    assert body["steps"][0]["citations"][0]["source"] == "contracts"


def test_api_rules_a_contracts_scenario(client) -> None:
    doc = json.loads((SCENARIOS / "orbs.json").read_text())["cases"][0]
    body = client.post("/api/v1/rulings", json=doc["scenario"]).get_json()
    assert body["verdict"] == doc["expect"]["verdict"] and body["state_after"]["game"] == "contracts"
    bad = client.post("/api/v1/rulings", json=board({"do": "attack", "attacker": "nobody", "target": "p2"}))
    assert bad.status_code == 422 and bad.get_json()["errors"][0]["pointer"] == "/action/attacker"


def test_rulings_page_draws_a_contracts_board(client) -> None:
    page = client.get("/rulings?example=contracts/orbs/0").get_data(as_text=True)
    assert 'class="cboard"' in page and "<svg" not in page and "Verdict:" in page
    assert page.count('class="cside') == 2 and "Flame Orb" in page and 'class="tank' in page
    sorcery = client.get("/rulings?example=movement/0").get_data(as_text=True)
    assert "<svg" in sorcery and 'class="cboard"' not in sorcery
