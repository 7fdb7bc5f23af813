"""Transforming (Codex "Transform"): "Transform target nearby minion into a Frog token".

A transformed unit is the same game object in a new form: its name, printed power, abilities,
subtypes and elements become the new form's, and everything else stays (where it is, its
controller, damage, tapped or not, the artifacts it carries, whether it came into the realm this
turn, the lasting effects that name it, a Stealth token it had). The new form does not enter the
realm (no Genesis, no Stealth from its printed keyword) and the old one does not die (no
Deathrite); the original card is banished. The new form is a token the Codex defines, or a minion
card the ruling's catalog knows ("into Great Old One").
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj, card_data
from codex.engine.effects.execute import Run, executes
from codex.engine.effects.select import NotExecutable, select, singular
from codex.engine.events import Note
from codex.engine.ongoing import lasting_on
from codex.engine.state import Card, Unit
from codex.engine.tokens import TokenKind, token_kind


def _new_form(into: Any) -> TokenKind | Any:
    """What the words name as the new form: a Codex token ("a Frog token"), or a minion card by
    name ("into Great Old One"); None when they name something else."""
    if not isinstance(into, A.Selector):
        return None
    if singular(into.noun) == "token":
        return token_kind(" ".join(into.mods))
    data = card_data(into.noun) if into.noun[:1].isupper() and not into.mods else None
    return data if data is not None and data.type == "minion" and data.attack is not None else None


def _transform_problems(act: A.Transform) -> Iterator[str]:
    into = act.into
    if not isinstance(into, A.Selector):
        yield "transforming into something not named"
    elif singular(into.noun) == "token" and token_kind(" ".join(into.mods)) is None:
        yield "transforming into a token the Codex does not define"
    elif singular(into.noun) != "token" and not into.noun[:1].isupper():
        yield f"transforming into '{into.noun}'"
    if act.patient is None:
        yield "transforming nothing named"


def transformed(old: Unit, form: Any) -> Unit:
    """The unit in its new form: the form's printed facts, the old form's state (Codex "Transform")."""
    from codex.engine.abilities import abilities_of
    if isinstance(form, TokenKind):
        name, attack, defense, text = form.name, form.power, form.power, form.text
        subtypes, elements, cost, rarity, token = form.subtypes, (form.element,) if form.element else (), None, \
            form.rarity, True
    else:
        from codex.engine.effects.summon import doc_power
        attack, defense = doc_power(form)
        name, text, subtypes, elements = form.name, form.text, tuple(form.subtypes), tuple(form.elements)
        cost, rarity, token = form.cost, form.rarity, False
    abilities = abilities_of(text, name)
    # a Stealth token and an effect's disabling belong to the object, not to its printed keywords
    keywords = replace(abilities.keywords, stealth=old.keywords.stealth, disabled=old.keywords.disabled)
    return replace(old, name=name, attack=attack, defense=defense, text=text, keywords=keywords,
                   abilities=replace(abilities, keywords=keywords), subtypes=tuple(subtypes), elements=elements,
                   cost=cost, rarity=rarity, token=token, lethal_hit=False)


@executes(A.Transform, problems=_transform_problems)
def _transform(run: Run, act: A.Transform, clause: A.Clause) -> list[Obj]:
    form = _new_form(act.into)
    if form is None:
        raise NotExecutable("transforming into a card this ruling does not know")
    done: list[Obj] = []
    for obj in select(run.state, run.ctx, act.patient, "target"):
        old = run.state.unit(str(obj.key)) if obj.kind == "unit" else None
        if old is None or not old.is_minion:
            continue
        new = transformed(old, form)
        state = run.state.with_unit(new)
        if not old.token:      # the original card is banished (a token simply ceases to exist)
            from codex.engine.state import unit_card
            state = state.put_card(Card(old.name, old.owner, old.kind, False, old.id, data=unit_card(old)), "banished")
        run.state = state
        granted = bool(lasting_on(state, new))
        kept = [w for w, yes in (("tapped", old.tapped), (f"{old.damage} damage", old.damage > 0),
                                 ("its artifacts", any(a.bearer == old.id for a in state.artifacts))) if yes]
        run.settle([Note("transform", f"{old.name} transforms into {new.name} ({new.power_text()} power): the same "
                         f"minion, not entering the realm and not dying" + (f"; it keeps {', '.join(kept)}" if kept
                                                                             else "") + ".",
                         {"unit": old.id, "from": old.name, "into": new.name},
                         rules=("transform", "transform.no-enter", "transform.no-death", "transform.banished")
                         + (("transform.ongoing", "printed-ability", "printed-ability.gained") if granted else ())
                         + (("transform.keeps",) if kept else ())
                         + (("transform.stealth",) if new.keywords.stealth else ()))])
        done.append(Obj("unit", old.id))
    return done
