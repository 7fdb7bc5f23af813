"""Zones: the pure operations on one zone, loading zones from a scenario (and the problems it
reports), and what the ruling shows of them. The rules of play with zones are in the scenario
suites (setup, draw, zones, tokens, ownership...)."""
from __future__ import annotations

from typing import Any

import pytest

from codex.engine import CardData, CardDict, ScenarioError, Verdict, load, rule
from codex.engine.state import Card, Zone
from codex.engine.zones import add, lose_game, remove, take_top


def doc(action: dict[str, Any], players: list[dict[str, Any]] | None = None, **extra: Any) -> dict[str, Any]:
    sites = [{"square": s, "controller": "p2" if s <= 10 else "p1", "affinity": "E"} for s in range(1, 21)]
    d = {"format": "arbiter.scenario/1", "turn": {"active": "p1", "number": 5},
         "players": players or [{"id": "p1"}, {"id": "p2"}], "sites": sites,
         "units": [{"id": "av1", "kind": "avatar", "controller": "p1", "at": 18, "power": 1},
                   {"id": "av2", "kind": "avatar", "controller": "p2", "at": 3, "power": 1}], "action": action}
    d.update(extra)
    return d


def problems(d: dict[str, Any], cards: Any = None) -> dict[str, str]:
    with pytest.raises(ScenarioError) as err:
        load(d, cards)
    return {p.pointer: p.problem for p in err.value.problems}


# ----------------------------------------------------------------------------- one zone

def test_a_deck_draws_its_named_top_then_unnamed_then_its_bottom() -> None:
    deck = Zone((Card("A", "p1", "spell"),), spells=1, sites=0, bottom=(Card("Z", "p1", "spell"),))
    drawn = []
    while (got := take_top(deck, "spell")) is not None:
        deck, item = got
        drawn.append(item if isinstance(item, str) else item.name)
    assert drawn == ["A", "spell", "Z"] and deck.size == 0


def test_an_untracked_deck_is_never_empty() -> None:
    deck = Zone(spells=None)
    for _ in range(100):
        got = take_top(deck, "spell")
        assert got is not None
        deck = got[0]
    assert deck.size is None


def test_remove_takes_a_listed_card_else_an_unnamed_one_of_its_kind_only_in_decks() -> None:
    hand = Zone((Card("Fireball", "p1", "magic"),), spells=2, sites=1)
    rest, item = remove(hand, "fireball", None)  # names are matched case-insensitively
    assert isinstance(item, Card) and item.name == "Fireball" and rest.size == 3
    assert remove(hand, "Bosk Troll", None) is None           # a tracked hand holds only what it lists
    rest, item = remove(Zone(spells=3), "Bosk Troll", "spell")  # a deck's unnamed card gets the name
    assert isinstance(item, Card) and item.name == "Bosk Troll" and rest.spells == 2
    assert remove(Zone(spells=0, sites=0), None, "site") is None
    assert remove(Zone(spells=None, sites=None), "Anything", None) is not None


def test_add_counts_unnamed_cards_and_lists_named_ones_on_top_or_bottom() -> None:
    z = add(Zone(spells=1), "spell")
    assert z.spells == 2
    z = add(z, Card("Top", "p1", "spell"), top=True)
    z = add(z, Card("Bottom", "p1", "spell"), bottom=True)
    assert [c.name for c in z.cards] == ["Top"] and [c.name for c in z.bottom] == ["Bottom"] and z.size == 4
    assert add(Zone(spells=None, sites=None), "site").size is None


def test_lose_game_makes_the_other_player_win_once() -> None:
    state, _ = load(doc({"do": "end_turn"}))
    state, events = lose_game(state, "p2", "effect", ("winning.effects",))
    assert state.winner == "p1" and events[0].text() == "p1 wins: an effect makes p2 lose."
    assert lose_game(state, "p1", "effect", ())[1] == []      # the game is already over


# ----------------------------------------------------------------------------- loading zones

def test_zones_are_untracked_unless_given() -> None:
    after = rule(doc({"do": "end_turn"})).state_after
    p1 = after["players"][0]
    assert p1["hand"] == {"size": None, "spells": None, "sites": None, "cards": []}
    assert p1["spellbook"]["size"] is None and p1["atlas"]["size"] is None and p1["cemetery"]["size"] is None


def test_zone_shapes_load() -> None:
    state, _ = load(doc({"do": "end_turn"}, [
        {"id": "p1", "hand": {"cards": ["Fireball", {"name": "Bog", "type": "site"}], "spells": 1, "sites": 2},
         "spellbook": {"top": ["Bosk Troll"], "count": 10, "bottom": ["Wildfire"]}, "atlas": 20,
         "cemetery": ["Squire"], "banished": {"spells": 1}},
        {"id": "p2", "spellbook": ["A", "B"]}]))
    p1, p2 = state.player("p1"), state.player("p2")
    assert (p1.hand.size, p1.hand.count("spell"), p1.hand.count("site")) == (5, 1, 3)
    assert (p1.spellbook.size, p1.atlas.size, p1.cemetery.size, p1.banished.size) == (12, 20, 1, 1)
    assert [c.type for c in p2.spellbook.cards] == ["spell", "spell"]
    assert all(c.owner == "p1" for c in p1.hand.cards)


@pytest.mark.parametrize("player,pointer,word", [
    ({"id": "p1", "spellbook": [{"name": "Bog", "type": "site"}]}, "/players/0/spellbook/0", "only spells"),
    ({"id": "p1", "atlas": {"top": [{"name": "Fireball", "type": "magic"}]}}, "/players/0/atlas/top/0", "only sites"),
    ({"id": "p1", "hand": [{"name": "Seer", "type": "avatar"}]}, "/players/0/hand/0", "Avatar"),
    ({"id": "p1", "cemetery": [{"type": "minion"}]}, "/players/0/cemetery/0/name", "needs its name"),
])
def test_impossible_zones_are_scenario_errors(player: dict[str, Any], pointer: str, word: str) -> None:
    found = problems(doc({"do": "end_turn"}, [player, {"id": "p2"}]))
    assert pointer in found and word in found[pointer]


def test_zone_cards_take_their_type_from_the_catalog() -> None:
    cards = CardDict([CardData("Bog", "site"), CardData("Bosk Troll", "minion", 3, {}, 3, 3)])
    state, _ = load(doc({"do": "end_turn"}, [{"id": "p1", "hand": ["Bog", "Bosk Troll", "Homebrew"]}, {"id": "p2"}]), cards)
    assert [c.type for c in state.player("p1").hand.cards] == ["site", "minion", None]
    assert "/players/0/atlas/0/card" in problems(doc({"do": "end_turn"}, [{"id": "p1", "atlas": [{"card": "Bogg"}]},
                                                                         {"id": "p2"}]), cards)


def test_a_named_card_in_a_deck_of_the_wrong_kind_is_refused_via_the_catalog() -> None:
    cards = CardDict([CardData("Bog", "site")])
    found = problems(doc({"do": "end_turn"}, [{"id": "p1", "spellbook": ["Bog"]}, {"id": "p2"}]), cards)
    assert "/players/0/spellbook/0" in found


def test_tokens_and_lasting_effects_are_checked() -> None:
    d = doc({"do": "end_turn"})
    d["units"].append({"id": "t", "token": "Dragon", "controller": "p1", "at": 13})
    d["lasting"] = [{"controller": "p1", "until": "end_of_turn", "units": ["nobody"], "keywords": ["flying"]}]
    found = problems(d)
    assert {"/units/2/token", "/lasting/0/units/0", "/lasting/0/keywords"} <= set(found)


def test_a_codex_token_takes_its_power_and_text() -> None:
    d = doc({"do": "end_turn"})
    d["units"].append({"id": "t", "token": "tawny token", "controller": "p1", "at": 13})
    state, _ = load(d)
    t = state.unit("t")
    assert t is not None and (t.name, t.attack, t.token) == ("Tawny", 1, True)
    assert t.keywords.airborne and t.keywords.spellcaster


# ----------------------------------------------------------------------------- what rulings show

def test_removed_keeps_its_shape_and_adds_owner_and_zone() -> None:
    d = doc({"do": "damage", "target": "m", "amount": 3})
    d["units"].append({"id": "m", "name": "Squire", "controller": "p1", "owner": "p2", "at": 13, "power": 2})
    removed = rule(d).state_after["removed"]
    assert removed == [{"id": "m", "name": "Squire", "fate": "died", "at": [13, "surface"], "controller": "p1",
                        "owner": "p2", "zone": "cemetery", "killed_by": []}]


def test_a_draw_with_the_hand_tracked_needs_the_deck_even_if_the_decks_are_not() -> None:
    r = rule(doc({"do": "draw", "player": "p1"}, [{"id": "p1", "hand": {"spells": 1}}, {"id": "p2"}]))
    assert r.verdict is Verdict.AMBIGUOUS and r.state_after["outcome"]["pointer"] == "/action/spellbook"


def test_gaining_control_of_an_avatar_is_not_supported_and_says_so() -> None:
    with pytest.raises(ScenarioError) as err:
        rule(doc({"do": "gain_control", "player": "p1", "unit": "av2"}))
    assert err.value.problems[0].pointer == "/action/unit"


def test_zone_limits_are_part_of_the_format() -> None:
    found = problems(doc({"do": "end_turn"}, [{"id": "p1", "cemetery": [f"Card {i}" for i in range(201)]}, {"id": "p2"}]))
    assert "/players/0/cemetery" in found


def test_a_card_of_the_wrong_kind_put_into_a_deck_is_ignored() -> None:
    from codex.engine.zones import move
    state, _ = load(doc({"do": "end_turn"}, [{"id": "p1", "spellbook": 5}, {"id": "p2"}]))
    state, events = move(state, "p1", [Card("Bog", "p1", "site")], "hand", "spellbook", "shuffled in", ())
    assert state.player("p1").spellbook.size == 5
    assert "only spells go into a spellbook" in events[0].text() and events[0].rules == ("spellbook.only-spells",)


def test_a_zone_card_given_with_its_text_needs_its_type_and_keeps_its_text() -> None:
    card = {"name": "Bog Risen", "text": "Whenever an allied minion dies, draw a spell."}
    found = problems(doc({"do": "end_turn"}, [{"id": "p1", "cemetery": [card]}, {"id": "p2"}]))
    assert "type" in found["/players/0/cemetery/0/type"]
    state, _ = load(doc({"do": "end_turn"}, [{"id": "p1", "cemetery": [dict(card, type="minion", power=2)]},
                                             {"id": "p2"}]))
    data = state.player("p1").cemetery.named[0].data
    assert data is not None and data.text == card["text"] and data.attack == 2


@pytest.mark.parametrize("zone,shape", [("hand", lambda c: [c]), ("cemetery", lambda c: {"cards": [c]}),
                                        ("spellbook", lambda c: {"top": [c], "count": 3})])
@pytest.mark.parametrize("bad", ["XX", "(F)(Q)", 3, ["F"]])
def test_a_bad_threshold_on_an_invented_zone_card_is_named_where_it_is(zone: str, shape: Any, bad: Any) -> None:
    """The card list is the shape meant (not "a PileDoc"): the problem is the threshold itself, at
    its own pointer, and the fix says what a threshold looks like."""
    card = {"name": "Odd Relic", "type": "artifact", "threshold": bad}
    with pytest.raises(ScenarioError) as err:
        load(doc({"do": "end_turn"}, [{"id": "p1", zone: shape(card)}, {"id": "p2"}]))
    [p] = err.value.problems
    assert p.pointer.startswith(f"/players/0/{zone}/") and p.pointer.endswith("/0/threshold")
    assert '"(F)(F)"' in p.fix and "PileDoc" not in p.problem + p.fix
