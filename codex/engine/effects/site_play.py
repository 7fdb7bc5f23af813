"""An effect playing a site: from a zone (the hand by default, the top of the atlas, the cemetery)
to a place (the rules' default, a place the words name, or the square of a site it replaces).

The words are read once into a `SitePlay` (`read`), which says what the engine cannot run of them
(`problems`, for `check.py`) and what the executor needs (`_play`). The play itself is the engine's
`play_site` action (`actions/sites.py`), so a site an effect plays obeys every rule one played from
hand does (its own placement words, standing requirements, Genesis, mana on its controller's turn);
the effect names its zone (`from_zone`) and whether it replaces the site there (`replace`).

Codex "Play": sites "go directly from your hand (or your atlas) to the realm"; Codex "Site": a site
an effect plays "with some positional information" may ignore the "adjacent to your existing sites"
requirement; Codex "Rubble": a site "may replace a Rubble as if the Rubble were a void".
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine import document as D
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run, executes
from codex.engine.effects.select import NotExecutable, RELS, locations_of, select, select_all, singular
from codex.engine.events import Note
from codex.engine.geometry import Location, Region
from codex.engine.effects.played_sites import PLAYED
from codex.engine.zones import take_top

#: The zones an effect plays a site from, as the scenario's `play_site` names them.
ZONES = ("hand", "atlas", "cemetery")
#: What a destination may name: a square to play to, or (replacing) the site there.
DEST_NOUNS = ("void", "location", "square", "rubble", "site")
_TOP = ("top", "topmost")
#: The option naming one of a zone's unnamed sites, when a choice of the site to play offers it.
UNNAMED = "an unnamed site"


@dataclass(frozen=True)
class SitePlay:
    """What the words of a Play say: the zone (``top``: the zone's top site, the atlas's), the place
    filters on the site itself ("a site adjacent to this one"), the destinations ("to an adjacent void
    or Rubble"; replacing: the site replaced), and what of them the engine cannot run."""

    zone: str = "hand"
    top: bool = False
    filters: tuple[A.Where, ...] = ()
    dest: tuple[A.Selector, ...] = ()
    replace: bool = False
    problems: tuple[str, ...] = ()

    @property
    def where_named(self) -> bool:
        return bool(self.filters or self.dest)


def _place_filter(f: Any) -> bool:
    return isinstance(f, A.Where) and f.rel in RELS and f.rel not in ("from", "among", "to", "into", "there")


def _zone_word(node: Any) -> str | None:
    """"your cemetery", "your hand", "your atlas": the zone named (None: not one of the player's own
    zones this reads)."""
    if isinstance(node, A.Selector) and node.det == "your" and not node.mods and not node.filters \
            and singular(node.noun) in ZONES:
        return singular(node.noun)
    return None


def _top_site(sel: A.Selector) -> bool:
    """"the top(most) site of your atlas", "your topmost site" (a site's deck is the atlas)."""
    if tuple(m.lower() for m in sel.mods) not in tuple((t,) for t in _TOP) or sel.count not in (None, 1):
        return False
    if sel.det == "your" and not sel.filters:
        return True
    return sel.det == "the" and len(sel.filters) == 1 and isinstance(sel.filters[0], A.Of) \
        and _zone_word(sel.filters[0].what) == "atlas"


def _read_site(sel: Any, source: Any) -> tuple[str, bool, tuple[A.Where, ...], list[str]]:
    """The site the words play: (zone, top, place filters, problems)."""
    if not (isinstance(sel, A.Selector) and singular(sel.noun) == "site"):
        return "hand", False, (), ["playing something other than a site from a zone"]
    if _top_site(sel):
        problems = ["a zone named twice"] if source is not None else []
        return "atlas", True, (), problems
    zones = [f for f in sel.filters if isinstance(f, A.Where) and f.rel == "from"]
    filters = tuple(f for f in sel.filters if f not in zones)
    named = [source] if source is not None else [f.of for f in zones]
    problems = []
    if sel.det not in ("a", "an", None) or sel.mods or sel.count not in (None, 1) or len(named) > 1:
        problems.append("playing something other than one site of a zone")
    zone = _zone_word(named[0]) if named else "hand"
    if zone is None:
        problems.append("playing a site from a zone other than your hand, atlas or cemetery")
    elif zone == "atlas":
        problems.append("playing a chosen site from a deck")
    if not all(_place_filter(f) for f in filters):
        problems.append("a site to play named by more than its place")
    return zone or "hand", False, tuple(f for f in filters if isinstance(f, A.Where)), problems


def _read_dest(dest: Any) -> tuple[tuple[A.Selector, ...], list[str]]:
    """Where the words put the site: a void, a location, a Rubble or a site, or one of several
    ("an adjacent void or Rubble"), each with place filters only."""
    if dest is None:
        return (), []
    items = dest.items if isinstance(dest, A.Group) and dest.conj == "or" else (dest,)
    ok = all(isinstance(s, A.Selector) and singular(s.noun).lower() in DEST_NOUNS and s.det in ("a", "an", "target", "any")
             and not s.mods and s.count in (None, 1) and all(_place_filter(f) for f in s.filters) for s in items)
    if not ok:
        return (), ["a site played to a place other than a void, location or site named by its place"]
    return tuple(items), []


def read(act: A.Play) -> SitePlay:
    """The words of a Play read for the engine."""
    zone, top, filters, problems = _read_site(act.patient, act.source)
    dest, more = _read_dest(act.dest)
    if act.replace and not dest:
        more.append("replacing something other than a site")
    if top and act.agent is not None:
        more.append("another player playing the top site of an atlas")
    return SitePlay(zone, top, filters, dest, act.replace, tuple(problems + more))


def _players_in_turn(agent: Any) -> tuple[Any, ...]:
    """"Your opponent, then you, may play a site": the words naming who plays, in order."""
    if agent is None:
        return ()
    if isinstance(agent, A.Group) and agent.conj in ("then", "and"):
        return tuple(agent.items)
    return (agent,)


def _play_problems(act: A.Play) -> Iterator[str]:
    from codex.engine.effects.check import sel_problems
    plan = read(act)
    yield from plan.problems
    for f in plan.filters:
        yield from sel_problems(f.of)
    for sel in plan.dest:
        for f in sel.filters:
            yield from sel_problems(f.of)
    for who in _players_in_turn(act.agent):
        if not (isinstance(who, A.Ref) and who.word.lower() == "you" or isinstance(who, A.Selector) and
                who.noun.lower().rstrip("s") in ("player", "opponent")):
            yield "a site played by something other than a player"
        else:
            yield from sel_problems(who)


@executes(A.Play, problems=_play_problems, permission=True)
def _play(run: Run, act: A.Play, clause: A.Clause) -> list[Obj]:
    """Play a site (the Avatar's "Play or draw a site", or an effect that plays one) from the zone the
    words name, to a legal square or where the words say ("a site adjacent to this one", "to an
    adjacent void or Rubble": that place stands in for the usual "adjacent to a site you control",
    Codex "Site"), or replacing the site the words name. "Your opponent, then you, may play a
    site": each player named, in that order, chooses whether to."""
    plan = read(act)
    whose = _players_in_turn(act.agent)
    players = [run.ctx.controller] if not whose else [
        str(o.key) for who in whose for o in select(run.state, run.ctx, who, "player") if o.kind == "player"]
    played: list[Obj] = []
    for player in players:
        own = player == run.ctx.controller and len(players) == 1
        if clause.modal == "may" and not _may_play(run, player, own):
            continue
        name = _site_to_play(run, player, plan, own)
        if name is False:
            continue
        square = _square(run, player, plan, own)
        if square is None:
            continue
        run.act(D.PlaySite(do="play_site", square=square, by_effect=True, player=None if own else player,
                           where_named=plan.where_named, from_zone=plan.zone, replace=plan.replace,
                           site=D.SiteSpec(name=name) if isinstance(name, str) else D.SiteSpec()))
        played.append(Obj("site", square))
    run.ctx = run.ctx.bind(PLAYED, played)
    return played


def _may_play(run: Run, player: str, own: bool) -> bool:
    """A "may": its controller's answer (key ``may``), or each named player's (``may.<player>``)."""
    run.mays += 1
    role = ("may" if run.mays == 1 else f"may.{run.mays}") if own else f"may.{player}"
    run.did = run.ctx.may("play a site", role, who="its controller" if own else player)
    if not run.did:
        run.emit(Note("declined", f"{player} chooses not to play a site ({run.ctx.source_name}).",
                      {"card": run.ctx.source_name, "player": player}, rules=("may-and-can",)))
    return run.did


def _site_to_play(run: Run, player: str, plan: SitePlay, own: bool) -> str | None | bool:
    """The site ``player`` plays from the zone: its name (None: the zone's unnamed card, or the hand's
    as the `play_site` action takes it), or False when the zone has none (said in a `cannot` step).
    A zone the scenario does not give, with no site named in it, is not executed (never an invented
    card)."""
    zone = run.state.player(player).zone(plan.zone)  # type: ignore[arg-type]
    if plan.zone == "hand" and not zone.tracked:
        return None       # a hand the scenario does not give may hold any site (the rules' default play)
    if plan.top:
        if not zone.tracked and not zone.named:
            raise NotExecutable(f"the top site of {player}'s atlas, which the scenario does not give")
        got = take_top(zone, "site")
        if got is None:
            run.note("cannot", f"{run.ctx.source_name}: {player}'s atlas has no site to play.", player=player)
            return False
        return getattr(got[1], "name", None)
    names = list(dict.fromkeys(c.name for c in zone.named if c.kind == "site"))
    if not names and not zone.tracked:
        raise NotExecutable(f"a site from {player}'s {plan.zone}, which the scenario does not give")
    unnamed = [UNNAMED] if zone.sites else []
    if not names and not unnamed:
        run.note("cannot", f"{run.ctx.source_name}: {player}'s {plan.zone} has no site to play.", player=player)
        return False
    picked = run.ctx.choose("site" if own else f"site.{player}", names + unnamed,
                            why=f"choose which site of {player}'s {plan.zone} is played")
    return None if picked[0] == UNNAMED else str(picked[0])


def _square(run: Run, player: str, plan: SitePlay, own: bool) -> int | None:
    """The square the site goes to, chosen among those the words and the rules allow (key
    ``square``, or ``target`` for "replace target Rubble"); None, said in a `cannot` step, when
    there is none."""
    where = _squares(run, player, plan)
    role = "square" if own else f"square.{player}"
    targeted = any(s.det == "target" for s in plan.dest)
    chosen = run.ctx.choose(role, [Obj("location", Location(sq, Region.SURFACE)) for sq in where],
                            why=f"choose where {player} plays the site", also="target" if targeted else None)
    if not chosen:
        what = "no site to replace" if plan.replace else "nowhere to play a site"
        run.note("cannot", f"{run.ctx.source_name}: {player} has {what}.", player=player)
        return None
    square: int = chosen[0].key.square
    if plan.where_named:
        run.emit(Note("where_named", f"{run.ctx.source_name} names where the site goes: square {square} is one "
                      f"of {where}, {'a site it replaces' if plan.replace else 'a void or Rubble'}; the words stand "
                      f"in for the default place, adjacent to one of {player}'s own sites.",
                      {"player": player, "square": square, "squares": where},
                      rules=("site.play", "site.play.positional")))
    return square


def _squares(run: Run, player: str, plan: SitePlay) -> list[int]:
    """Where ``player`` may play the site: the usual legal squares, or every square the words name
    that holds a void or Rubble (a void only, when the words say "a void" of the atlas's top site),
    or, replacing, every square they name that holds a site."""
    from codex.engine.effects.select import places as place_locations
    from codex.engine.sites import legal_site_squares
    if not plan.where_named:
        return legal_site_squares(run.state, player)
    squares: set[int] | None = None
    for f in plan.filters:
        here = {loc.square for loc in place_locations(run.state, run.ctx, f)}
        squares = here if squares is None else squares & here
    if plan.dest:
        named = {sq for sel in plan.dest for sq in _dest_squares(run, sel)}
        squares = named if squares is None else squares & named
    out = []
    for sq in sorted(squares or ()):
        site = run.state.site_at(sq)
        if plan.replace and site is not None or not plan.replace and (site is None or site.rubble):
            out.append(sq)
    return out


def _dest_squares(run: Run, sel: A.Selector) -> set[int]:
    """The squares a destination names. A void, a location or a square is a square of the grid the
    site goes to, named by its place words ("an adjacent location": a square next to the card's, a
    void or a site's; Codex "Site": the "positional information"); a Rubble or a site is the square
    it stands on."""
    from codex.engine.effects.select import places as place_locations
    noun = singular(sel.noun).lower()
    if noun in ("void", "location", "square"):
        squares = set(range(1, 21))
        for f in sel.filters:
            squares &= {loc.square for loc in place_locations(run.state, run.ctx, f)}
        return {sq for sq in squares if run.state.site_at(sq) is None} if noun == "void" else squares
    found = select_all(run.state, run.ctx, A.replace(sel, det="each"))
    squares = {loc.square for o in found for loc in locations_of(run.state, o)}
    if noun == "rubble":
        squares = {sq for sq in squares if (s := run.state.site_at(sq)) is not None and s.rubble}
    return squares

