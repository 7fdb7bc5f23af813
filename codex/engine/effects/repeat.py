"""Repeated optional costs: "Any number of times, you may pay COST to EFFECT" (and "Twice, ...",
"Once, ...": a sentence's `Limit` with no turn), and additional targets ("... to additionally target a
new unit nearby the previous one").

How many times is the player's choice, answered by the scenario (docs/scenarios.md "Choices"): the
key ``<key>.times`` (a whole number), or, when the effect is an additional target, the targets
themselves, in order: those a cast declared after the targets of the sentences before (Codex "Casting
Magics": "To cast a magic spell, you must declare all targets of the magic"), else the choice
``<key>.additional`` (a list; ``[]`` for none). Each repetition pays its cost first (mana or life,
`purpose.shortfall`); a repetition its controller cannot pay, or more than the words allow, or an
additional target the words refuse, makes the action illegal (`not_enough_mana`, `not_enough_life`,
`too_many_repetitions`, `not_a_legal_target`) and nothing of it happens (`IllegalAction.never_taken`):
the scenario chose what the rules do not let the player choose. An additional target is "new" when this ability has not targeted it before, and "the
previous one" is what it targeted most recently (`select.targeted_so_far`); the sentence before is
then applied to it again, as its words say, with that target in place of its own.

A "Once, ..." or "Twice, ..." that opens a non-spell statement or an activated ability is its usage
limit ("Once on your turn", `abilities.kind_of`), not a repetition; `repeats_at` draws that line for
the check and the executor alike.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj, _label
from codex.engine.effects.execute import Run, run_clause, run_sentence
from codex.engine.effects.select import NotExecutable, name_of, record_targeted, select, targeted_so_far
from codex.engine.errors import AmbiguousAction, IllegalAction, Problem, ScenarioError
from codex.engine.reasons import Reason

ANY_NUMBER = "any_number"
#: The word an additional target is bound to while the sentence before is applied to it again.
AGAIN = "additional"
#: The word "the previous one" is bound to while an additional target is tested.
PREVIOUS = "previous"
#: At most this many repetitions are offered when the scenario must say how many (any number).
MAX_OFFERED = 10


# ----------------------------------------------------------------------------- the words

def is_repeat(sentence: Any) -> bool:
    """A sentence its player may repeat: a limit with no turn ("Any number of times", "Twice")."""
    limit = getattr(sentence, "limit", None)
    return isinstance(sentence, A.Sentence) and limit is not None and limit.turn is None and (
        limit.count == ANY_NUMBER or isinstance(limit.count, int) and not isinstance(limit.count, bool)
        and limit.count >= 1)


def repeats_at(sentences: tuple[Any, ...], n: int, limited: bool) -> bool:
    """Whether ``sentences[n]`` is repeated; ``limited``: the body is a statement's or an activated
    ability's, whose first sentence's limit is how often the ability may be used."""
    return is_repeat(sentences[n]) and not (limited and n == 0)


def most_times(limit: Any) -> int | None:
    """The most repetitions the words allow (None: any number)."""
    return None if limit.count == ANY_NUMBER else int(limit.count)


def additional_target(purpose: Any) -> A.Selector | None:
    """The words of "additionally target <X>" (None when the purpose is another effect)."""
    if isinstance(purpose, A.Clause) and isinstance(purpose.action, A.Choose) and purpose.action.kind == "target" \
            and "additionally" in purpose.adverbs and isinstance(purpose.action.patient, A.Selector):
        return purpose.action.patient
    return None


def _is_previous(node: Any) -> bool:
    """"the previous one", "the previous unit": what was targeted most recently."""
    return isinstance(node, A.Selector) and node.det == "the" and "previous" in node.mods and not node.filters


def reading(words: A.Selector, previous: A.Ref = A.Ref(word=PREVIOUS)) -> A.Selector:
    """The words of an additional target as the selectors read them: "new" left to `_allowed` (not
    targeted before), "the previous one" the object bound to ``previous``."""
    out: A.Selector = A.transform(words, lambda n: previous if _is_previous(n) else n)
    return A.replace(out, mods=tuple(m for m in out.mods if m.lower() != "new"))


def target_words(node: Any) -> list[A.Selector]:
    """The selectors of ``node`` that target ("target unit nearby", "another target minion")."""
    return [n for n in A.walk(node) if isinstance(n, A.Selector) and (n.det == "target" or "target" in n.mods)]


def leading_targets(sentences: tuple[Any, ...]) -> int | None:
    """How many targets the sentences before an additional target declare (None when the words
    leave the number to the player: "up to two target minions")."""
    total = 0
    for sel in target_words(sentences):
        if sel.quant is not None or not (sel.count is None or isinstance(sel.count, int)):
            return None
        total += sel.count or 1
    return total


# ----------------------------------------------------------------------------- what is not read

def fixed_times(sentence: Any) -> int | None:
    """"X hits Y twice", "deal 1 damage to it three times": a sentence whose every clause is a plain
    effect (no "may", no cost to pay for it) and whose limit is a number of times is done that many
    times, no choice in it (exec29); None for any other sentence (a player's optional repetition)."""
    limit = getattr(sentence, "limit", None)
    if not (isinstance(sentence, A.Sentence) and limit is not None and limit.turn is None
            and isinstance(limit.count, int) and not isinstance(limit.count, bool) and limit.count >= 2):
        return None
    if not sentence.clauses or not all(isinstance(c, A.Clause) and c.modal is None and c.purpose is None
                                       and not c.negated for c in sentence.clauses):
        return None
    return int(limit.count)


def repeat_problems(sentence: A.Sentence, before: tuple[Any, ...]) -> Iterator[str]:
    """What of a repeated sentence the engine does not run (``before``: the sentences before it)."""
    from codex.engine.effects.check import clause_problems, sel_problems, sentence_problems
    if fixed_times(sentence) is not None:
        yield from sentence_problems((A.replace(sentence, limit=None),))
        return
    if sentence.conditions or sentence.per is not None or sentence.duration is not None or sentence.adjuncts:
        yield "a repeated sentence with a condition, a duration or a fronted phrase"
    clause = sentence.clauses[0] if len(sentence.clauses) == 1 else None
    if not isinstance(clause, A.Clause) or clause.modal != "may" or clause.negated \
            or not isinstance(clause.purpose, A.Clause) or clause.conditions or clause.per is not None \
            or clause.instead or clause.scope is not None or clause.duration is not None:
        yield "a repeated sentence other than 'you may <pay a cost> to <do something>'"
        return
    if not isinstance(clause.action, A.Pay):
        yield "repeating a cost other than paying mana or life"
    else:
        yield from clause_problems(A.replace(clause, purpose=None, modal=None))
    words = additional_target(clause.purpose)
    if words is None:
        yield from clause_problems(clause.purpose)
        return
    purpose = clause.purpose
    if purpose.modal is not None or purpose.negated or purpose.conditions or purpose.purpose is not None \
            or purpose.adjuncts or set(purpose.adverbs) != {"additionally"} or purpose.action.agent is not None:
        yield "an additional target with more words than the target"
    last = before[-1] if before else None
    if not isinstance(last, A.Sentence) or last.limit is not None or len(target_words(last)) != 1:
        yield "an additional target with no sentence before it that targets one object"
    elif leading_targets(before) is None:
        yield "an additional target after a number of targets left to the player"
    else:
        sel = target_words(last)[0]
        if sel.count not in (None, 1):
            yield "an additional target after a sentence that targets several objects"
    yield from sel_problems(reading(words, A.Ref(word="it")))


# ----------------------------------------------------------------------------- running it

def split_declared(run: Run, body: tuple[Any, ...], limited: bool) -> None:
    """A cast that declared targets for an ability with additional targets: the sentences before
    the repetition take the first ones (as many as their words target), the repetitions the rest,
    in order (`Run.additional`), so a later target never answers the first sentence's words."""
    if not run.ctx.targets:
        return
    for n in range(len(body)):
        clause = body[n].clauses[0] if repeats_at(body, n, limited) and body[n].clauses else None
        if isinstance(clause, A.Clause) and additional_target(clause.purpose) is not None:
            lead = leading_targets(body[:n])
            if lead is None:
                return
            run.additional = run.ctx.targets[lead:]
            run.ctx = replace(run.ctx, targets=run.ctx.targets[:lead])
            return


def run_repeat(run: Run, sentence: A.Sentence, before: Any) -> None:
    """A repeated sentence: how many times its player chose, each time paying its cost and then
    doing its effect (an additional target: the sentence ``before`` applied to it again)."""
    n = fixed_times(sentence)
    if n is not None:       # "X hits Y twice": done that many times, the same targets each time
        once = A.replace(sentence, limit=None)
        for i in range(n):
            run.note("repeat", f"{run.ctx.source_name}: {_count(n)}, as its words say: time {i + 1} of {n}.",
                     (), card=run.ctx.source_name, repetition=i + 1)
            run_sentence(run, once)
        return
    clause = sentence.clauses[0]
    most = most_times(sentence.limit)
    words = additional_target(clause.purpose)
    if words is not None and not isinstance(before, A.Sentence):
        raise NotExecutable("an additional target with no sentence before it")
    picks, pointers = _picks(run, clause, most) if words is not None else _times(run, clause, most)
    if most is not None and len(picks) > most:
        raise IllegalAction(Reason.TOO_MANY_REPETITIONS, f"{run.ctx.source_name}: {len(picks)} repetitions chosen, "
                            f"its words allow {most}", None, pointers[most], never_taken=True)
    times = len(picks)
    what = "additionally target" if words is not None else _told(clause.purpose)
    run.note("repeat", f"{run.ctx.source_name}: {run.ctx.controller} " + (
        f"chooses to pay to {what} {_count(times)}" + (" (the most its words allow)" if times == most else "")
        if times else f"does not pay to {what}: it is not repeated") + ".",
        ("may-and-can.optional",) + (("casting.magic",) if run.additional is not None else ()),
        card=run.ctx.source_name, times=times)
    pay = A.replace(clause, purpose=None, modal=None)
    for i, pick in enumerate(picks):
        if words is None:
            run.note("repeat", f"{run.ctx.source_name}, repetition {i + 1} of {times}: {what}.",
                     ("may-and-can.optional",), card=run.ctx.source_name, repetition=i + 1)
            _pay_once(run, pay, i, times, pointers[i])
            run_clause(run, clause.purpose)
        else:           # its target declared (and tested), then its cost paid
            target = _pick(run, words, pick, pointers[i], i, times)
            _pay_once(run, pay, i, times, pointers[i])
            _again(run, before, target)
    if run.additional is not None:          # the sentences after it see every declared target again
        run.ctx = replace(run.ctx, targets=run.ctx.targets + run.additional)
        run.additional = None


def _count(times: int) -> str:
    return {1: "once", 2: "twice"}.get(times, f"{times} times")


def _told(purpose: Any) -> str:
    """The effect's words as the grammar prints them ("gain 2 life")."""
    from codex.cardtext.printer import PrintError, to_text
    try:
        words = to_text(purpose).rstrip(".")
    except PrintError:
        return type(getattr(purpose, "action", purpose)).__name__.lower()
    return words[:1].lower() + words[1:]


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _times(run: Run, clause: A.Clause, most: int | None) -> tuple[list[Any], list[str]]:
    """How many times the player repeats a repeated effect: the choice ``<key>.times``."""
    key = f"{run.ctx.key}.times"
    given = run.ctx.answer("times")
    if given is None:
        bound = most if most is not None else min(MAX_OFFERED, _affordable(run, clause.action))
        raise AmbiguousAction(f"{run.ctx.source_name}: its controller may pay to {_told(clause.purpose)} "
                              + ("any number of times" if most is None else f"up to {most} time(s)")
                              + "; say how many times", key, list(range(bound + 1)), f"/choices/{key}")
    if not _whole(given):
        raise ScenarioError([Problem(f"/choices/{key}", f"{given!r} is not a number of times",
                                     "give a whole number, 0 for none")])
    return [None] * int(given), [f"/choices/{key}"] * int(given)


def _picks(run: Run, clause: A.Clause, most: int | None) -> tuple[list[Any], list[str]]:
    """The additional targets, in order: those the cast declared after the first sentence's, else
    the choice ``<key>.additional``; with their pointers in the scenario."""
    key = f"{run.ctx.key}.additional"
    given = run.ctx.answer("additional")
    listed = None if given is None else [str(x) for x in (given if isinstance(given, list) else [given])]
    times = run.ctx.answer("times")
    if times is not None and not _whole(times):
        raise ScenarioError([Problem(f"/choices/{run.ctx.key}.times", f"{times!r} is not a number of times",
                                     "give a whole number, 0 for none")])
    if run.additional is not None:
        picks = list(run.additional)
        first = len(run.ctx.targets)
        if listed is not None and listed != picks:
            raise ScenarioError([Problem(f"/choices/{key}", f"the cast declares the additional targets {picks}, "
                                         f"the choice names {listed}", "declare every target in the cast's "
                                         "targets (Codex: all of a magic's targets are declared as it is cast) "
                                         "and leave this choice out")])
        if times is not None and times != len(picks):
            raise ScenarioError([Problem(f"/choices/{run.ctx.key}.times", f"{times} repetitions, but the cast "
                                         f"declares {len(picks)} additional target(s)",
                                         "leave the count out: the declared targets say it")])
        return picks, [f"/action/targets/{first + i}" for i in range(len(picks))]
    if listed is None:
        if times == 0:
            return [], []
        options = [_label(o) for o in _allowed(run, clause.purpose.action.patient)]
        raise AmbiguousAction(f"{run.ctx.source_name}: its controller may pay to additionally target "
                              + ("any number of times" if most is None else f"up to {most} time(s)")
                              + "; say which, in order ([] for none)", key, options, f"/choices/{key}")
    if times is not None and times != len(listed):
        raise ScenarioError([Problem(f"/choices/{run.ctx.key}.times", f"{times} repetitions, but {key} names "
                                     f"{len(listed)} target(s)", "give one of the two")])
    return list(listed), [f"/choices/{key}"] * len(listed)


def _affordable(run: Run, act: Any) -> int:
    """How many times the controller could pay ``act`` now (the options offered)."""
    from codex.engine.effects.purpose import life_paid, mana_cost
    player = run.state.player(run.ctx.controller)
    life = life_paid(act) if isinstance(act, A.Pay) else None
    if life:
        return max(0, (player.life - 1) // life) if player.life > 0 else 0
    cost = mana_cost(run, act) if isinstance(act, A.Pay) else 0
    return player.mana // cost if cost else MAX_OFFERED


def _pay_once(run: Run, pay: A.Clause, i: int, times: int, pointer: str) -> None:
    """Repetition ``i``'s cost, paid; one its controller cannot pay makes the action illegal."""
    from codex.engine.effects.purpose import shortfall
    short = shortfall(run, pay.action)
    if short is not None:
        what, has, cost = short
        spell = run.ctx.ability.kind.value == "spell"
        found = (Reason.NOT_ENOUGH_LIFE, "life.cost") if what == "life" else (
            Reason.NOT_ENOUGH_MANA, "casting.cost" if spell else "mana")
        raise IllegalAction(found[0], f"{run.ctx.source_name}: repetition {i + 1} of {times} costs {cost} {what}, "
                            f"and {run.ctx.controller} has {has} left", found[1], pointer, never_taken=True)
    run_clause(run, pay)


def _allowed(run: Run, words: A.Selector) -> list[Obj]:
    """What an additional target's words allow: measured from the previous target, not one targeted
    before when they say "new", and not what can't be targeted (Stealth, "can't be targeted by
    ..."). Targets are declared as the spell is cast or the ability used, all of them before any of
    its effect (Codex "Casting Magics", "Target"), so they are tested on the board as the effect
    began to resolve (`Run.start`): a previous target the first damage killed is still where it was."""
    from codex.engine.effects.select import untargetable_removed
    seen = targeted_so_far()
    if not seen:
        raise NotExecutable("an additional target with nothing targeted before it")
    ctx = run.ctx.bind(PREVIOUS, seen[-1:]).bind("other", seen)
    found = select(run.start, ctx, A.replace(reading(words), det=None if words.det in ("a", "an") else words.det),
                   "additional", choose=False)
    if any(m.lower() == "new" for m in words.mods):
        found = [o for o in found if o not in seen]
    return untargetable_removed(run.start, ctx, found)


def _pick(run: Run, words: A.Selector, label: str, pointer: str, i: int, times: int) -> Obj:
    """Repetition ``i``'s additional target, named by ``label``: one the words allow, or the action is
    illegal, saying which of the words it fails."""
    allowed = _allowed(run, words)
    seen = targeted_so_far()
    target = next((o for o in allowed if _label(o) == str(label)), None)
    if target is None:
        if run.ctx.rechecked and run.start.unit(str(label)) is not None:
            # declared legal as it was cast; something since made it one the words no longer allow
            target = Obj("unit", str(label))
            run.note("target", f"{name_of(run.start, target)} is no longer a target {run.ctx.source_name}'s words "
                     "allow, checked again as it resolves: it is left alone.", ("target.declared",),
                     unit=target.key)
            record_targeted([target])
            return target
        raise IllegalAction(Reason.NOT_A_LEGAL_TARGET, f"{run.ctx.source_name} cannot additionally target "
                            f"{_why_not(run, words, str(label), seen)}", "target.declared", pointer)
    previous = seen[-1]
    run.note("repeat", f"{run.ctx.source_name}, repetition {i + 1} of {times}: it additionally targets "
             f"{name_of(run.start, target)}, {_told_words(words)} (the previous one: "
             f"{name_of(run.start, previous)}).", ("target.declared",), card=run.ctx.source_name,
             repetition=i + 1, target=target.key, previous=previous.key)
    record_targeted([target])
    return target


def _told_words(words: A.Selector) -> str:
    from codex.cardtext.printer import PrintError, to_text
    try:
        return to_text(words)
    except PrintError:
        return words.noun


def _why_not(run: Run, words: A.Selector, label: str, seen: list[Obj]) -> str:
    """Why the object ``label`` names is not an additional target the words allow."""
    obj = next((o for o in seen if _label(o) == label), None)
    if obj is not None and any(m.lower() == "new" for m in words.mods):
        return f"{name_of(run.start, obj)}: it was targeted before, and the words ask for a new one"
    unit = run.start.unit(label)
    if unit is None:
        return f"{label}: no such {words.noun} in the realm"
    return f"{unit.name}: it is not {_told_words(words)} (the previous one: {name_of(run.start, seen[-1])})"


def _again(run: Run, before: A.Sentence, target: Obj) -> None:
    """The sentence before, applied again to the additional target in place of its own target."""
    if target.kind == "unit" and run.state.unit(str(target.key)) is None:
        run.note("target", f"{name_of(run.start, target)} has left the realm: the effect does not reach it.",
                 ("target.declared",), unit=target.key)
        return
    if target.kind == "unit" and target.key in run.ctx.shielded:
        run.note("target", f"{name_of(run.state, target)}'s Ward broke instead: the effect does not reach it.",
                 ("ward",), unit=target.key)
        return
    own = target_words(before)[0]
    again = A.transform(before, lambda n: A.Ref(word=AGAIN) if n == own else n)
    run.ctx = run.ctx.bind(AGAIN, [target])
    run_sentence(run, again)
