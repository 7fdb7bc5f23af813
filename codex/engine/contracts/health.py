"""Victory: players' health is checked only when a player could do something, i.e. once an action
has completely resolved (with everything it set off), never in the middle of an effect."""
from __future__ import annotations

from dataclasses import replace

from codex.engine.contracts.events import GameDrawn, GameWon
from codex.engine.contracts.ongoing import player_view
from codex.engine.contracts.resolution import Resolution
from codex.engine.events import Note


def check(res: Resolution, after: str) -> bool:
    """Check both players' health now; end the game (won or drawn) when one is at 0 or lower."""
    if res.state.over:
        return True
    healths = {p.id: player_view(res.state, p).health for p in res.state.players}
    down = [pid for pid, h in healths.items() if h <= 0]
    if not down:
        return False
    extra = tuple(dict.fromkeys(res.check_rules))
    res.emit(Note("health_check", f"{' and '.join(f'{pid} at {healths[pid]}' for pid in down)}: health is checked "
                  f"now, {after}.", {"health": healths}, rules=("adv.health-check",) + extra))
    if len(down) == 2:
        res.state = replace(res.state, draw=True)
        res.emit(GameDrawn(", ".join(f"{pid} {h}" for pid, h in healths.items()), rules=("victory.draw",)))
    else:
        loser = down[0]
        winner = res.state.opponent(loser).id
        res.state = replace(res.state, winner=winner)
        res.emit(GameWon(winner, loser, healths[loser], rules=("victory",)))
    return True
