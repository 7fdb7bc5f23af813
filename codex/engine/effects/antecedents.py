"""What a pronoun names when the clause before it named two things: the thing its verb acted on (its
patient) and the thing it was aimed at ("throw an artifact this carries at target nearby minion. It takes 2
damage.").

The engine's standing rule is that "it"/"they" names what the clause before acted on (`execute.run_sentence`
binds it after each clause). A clause that throws something at a unit or a site ("throw X at target unit":
what is thrown flies through the air to hit it, Codex "Fly": "Fly is synonymous with 'throw through the
air'"; the destination's words, `motion._move`) names a second thing, kept here as the pronoun's other
possible antecedent (`AIMED_AT`, bound per clause; `OTHER_IT`, paired with the "it" bound after it). Other
moves ("teleport it to target site") keep the one reading: what was moved is what the words go on about. A later verb that can only be done to some kinds of thing then decides between them, as English
does by what makes sense of the sentence: only units take damage (rulebook "Damage and Life Loss":
"Generally, units take damage from fighting and from the effects of spells and abilities"; Codex "Damage"
speaks of minions, Avatars and sites), so "It takes damage" after an artifact is thrown at a unit names the
unit hit, and the thrown artifact takes none. Where both can take it (a minion thrown at a unit), the words
do not decide: the standing rule is kept and an `ambiguity` note names both readings.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj

if TYPE_CHECKING:
    from codex.engine.effects.execute import Run

#: Bound by a clause to what it was aimed at (the units its destination's words named), for this clause only.
AIMED_AT = "aimed_at"
#: Bound after each clause beside "it": the other thing that clause named (what it was aimed at), if any.
OTHER_IT = "it.other"
#: The kinds of object damage can be dealt to (rulebook "Damage and Life Loss", Codex "Damage").
TAKES_DAMAGE = ("unit", "site", "player")
_PRONOUNS = ("it", "they", "them")


def is_pronoun(words: Any) -> bool:
    """Whether the words are a bare "it"/"they"/"them" (what the clause before named)."""
    return isinstance(words, A.Ref) and words.word.lower() in _PRONOUNS and not words.filters


def damaged(run: "Run", words: Any, named: list[Obj]) -> list[Obj]:
    """What a damage clause's pronoun object names: ``named`` (the standing reading) unless none of
    it can take damage and the clause before was aimed at things that can: then those (the reading
    said in a `pronoun` note). With both able to take it, ``named``, and an `ambiguity` note."""
    if not is_pronoun(words) or not named:
        return named
    other = [o for o in (run.ctx.lookup(OTHER_IT) or ()) if o not in named]
    takers = [o for o in other if o.kind in TAKES_DAMAGE]
    if not takers:
        return named
    from codex.engine.effects.select import describe
    word = words.word.lower()
    if not any(o.kind in TAKES_DAMAGE for o in named):
        run.note("pronoun", f"{run.ctx.source_name}: \u201c{word}\u201d is read as {describe(run.state, takers)}, "
                 f"what the clause before was aimed at: {describe(run.state, named)} cannot take damage (only "
                 "units, sites and players do), so the words cannot mean it.", ("damage.takers",),
                 card=run.ctx.source_name, taken=[str(o.key) for o in takers])
        return takers
    run.note("ambiguity", f"\u201c{word}\u201d in {run.ctx.source_name}'s ability can be read two ways: "
             f"{describe(run.state, named)}, what the clause before acted on (the reading this engine takes), or "
             f"{describe(run.state, takers)}, what it was aimed at; both can take damage and the card does not "
             "say which.", ("damage.takers",), card=run.ctx.source_name,
             taken=[str(o.key) for o in named], other=[str(o.key) for o in takers])
    return named


__all__ = ["AIMED_AT", "OTHER_IT", "TAKES_DAMAGE", "damaged", "is_pronoun"]
