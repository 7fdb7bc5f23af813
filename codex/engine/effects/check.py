"""Which abilities the engine executes, decided from the AST alone (no board needed).

`executed(ability)` is what the card-text adapter records on each `Ability`, what rulings report
("not executed yet") and what ``arbiter cards coverage --executable`` counts. It walks the
ability with the same tables the executor uses: the primitives registered in `execute.EXECUTORS`
(each with the roles it evaluates and its own `problems`), the selector vocabulary of `select.py`,
the conditions of `conditions.py`, the durations of `durations.py`, the static effects of
`statics.py`, the triggers of `triggers.py`; `missing` says what stopped it, so the most frequent
missing pieces can be listed.
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.abilities import Ability, AbilityKind

#: References the selectors resolve from context.
REFS = {"self", "itself", "you", "your", "yourself", "it", "they", "he", "she", "that", "those", "them", "each",
        "which", "themselves", "himself", "herself", "everyone", "anyone",
        "agent"}     # the engine's own: the unit whose participles these are (`ally_acts.participles`)


def sel_problems(node: Any) -> Iterator[str]:
    """What of a selector's words the evaluator does not know."""
    from codex.engine.effects.select import (ALL_DETS, CARD_NOUNS, MODS, NOUNS, ONE_DETS, ZONE_NOUNS, is_subtype,
                                             singular, zone_of)
    from codex.engine.keywords import FLAGS
    if node is None:
        return
    from codex.engine.effects.results import died_this_way
    if died_this_way(node):     # "each minion that died this way": the units the effect killed (`results`)
        return
    if isinstance(node, A.Ref):
        if node.word.lower() not in REFS:
            yield f"the reference '{node.word}'"
        for f in node.filters:
            yield from filter_problems(f)
        return
    if isinstance(node, A.Where):
        yield from filter_problems(node)
        return
    if isinstance(node, A.Group):
        for item in node.items:
            yield from sel_problems(item)
        return
    if isinstance(node, A.Partitive):
        if isinstance(node.of, A.Partitive) and node.of.of is None:
            yield "a number of things whose noun is left out ('all four')"
            return
        if node.count == "both" and isinstance(node.of, A.Ref):     # "they both": the two named before
            return
        if not (node.count in ("each", "all", None) or isinstance(node.count, int)):
            yield f"the partitive '{node.count}'"
        yield from sel_problems(node.of)
        return
    if isinstance(node, A.Mana):         # "Choose one: (F) or (W)": threshold symbols chosen
        from codex.engine.effects.provide import symbols_threshold
        if symbols_threshold(node.symbols) is None:
            yield "a role given as Mana"
        return
    if not isinstance(node, A.Selector):
        yield f"a role given as {type(node).__name__}"
        return
    from codex.engine.effects.select import held_in_hand
    node = held_in_hand(node)        # "every card you hold": the cards in your hand
    noun = singular(node.noun)
    if noun == "direction":          # "Choose a cardinal direction": read by the choice itself (`board._choose`)
        from codex.engine.effects.board import direction_problems
        yield from direction_problems(node)
        return
    from codex.engine.effects.select import is_the_rest, its_place, names_itself, paid_card, quality_among, water_sites
    if names_itself(node) or is_the_rest(node) or paid_card(node) is not None or its_place(node):
        return
    from codex.engine.effects.select import ordinal_of, rest_of
    if ordinal_of(node) is not None:     # "the first", "the second": of what was chosen before (`select`)
        return
    if rest_of(node) is not None:        # "the rest of the enemy minions there": those words, less "it"
        yield from sel_problems(rest_of(node))
        return
    if water_sites(node) is not None:           # "on water": the water sites
        return
    from codex.engine.effects.cast_cards import cast_clause, cast_problems
    if cast_clause(node) is not None:           # "spells you've cast this turn" (`cast_cards`)
        yield from cast_problems(node)
        return
    if quality_among(node) is not None:         # "each rarity among allied minions": counted among them
        yield from sel_problems(quality_among(node))
        return
    from codex.engine.effects.select import deck_end, deck_end_problems
    if deck_end(node) is not None:              # "the top card of your spellbook"
        yield from deck_end_problems(node)
        for f in node.filters:
            what = f.what if isinstance(f, A.Of) else getattr(f, "of", None)
            if isinstance(what, A.Selector) and isinstance(what.det, A.Possessive):
                yield from sel_problems(what.det.owner)
        return
    if noun not in NOUNS and not is_subtype(node.noun) and noun not in CARD_NOUNS and noun not in ZONE_NOUNS:
        yield f"the noun '{node.noun}'"
    det = node.det
    if isinstance(det, A.Possessive):
        yield from sel_problems(det.owner)
    elif not (det in ALL_DETS or (isinstance(det, str) and det.lower() in ONE_DETS | {
            "this", "that", "those", "your", "their", "its", "his", "her", "no"})):
        yield f"the determiner '{det}'"
    if node.quant not in (None, "up_to", "one_to", "any_number"):
        yield f"the quantity '{node.quant}'"
    for m in node.mods:
        low = m.lower().removeprefix("non-")
        if low == "defending" and noun != "player":
            yield f"the modifier '{m}' on a {noun}"
            continue
        if low not in MODS and not m[:1].isupper() and not (m.lower().startswith("non-") and m[4:5].isupper()):
            yield f"the modifier '{m}'"
        elif m[:1].isupper() and low.replace(" ", "_") not in FLAGS and " " in m:
            yield f"the modifier '{m}'"
    carded = noun in CARD_NOUNS or is_subtype(node.noun)
    from codex.engine.effects.select import AMONG, among_of
    from codex.engine.effects.select import carried_out_of
    for f in node.filters:
        if carried_out_of(f) is not None:       # "out of the hands of X": carried by X
            if noun != "artifact":
                yield "something other than an artifact out of a unit's hands"
            yield from sel_problems(carried_out_of(f))
            continue
        if carded and isinstance(f, (A.Where, A.Of)) and zone_of(f.of if isinstance(f, A.Where) else f.what):
            continue
        if isinstance(f, A.Where) and f.rel in AMONG and among_of(node) is not None:   # "from among them"
            continue
        if isinstance(f, A.Of) and noun in ("controller", "owner"):
            yield from sel_problems(f.what)
            continue
        yield from filter_problems(f)
    if noun in ("card", "spell") and among_of(node) is None and not any(m.lower() == "dead" for m in node.mods) and not any(
            isinstance(f, (A.Where, A.Of)) and zone_of(f.of if isinstance(f, A.Where) else f.what)
            for f in node.filters) and det not in ("that", "those", "this"):
        yield f"{noun}s with no zone named"


def filter_problems(f: Any) -> Iterator[str]:
    from codex.engine.effects.conditions import condition_problems
    from codex.engine.effects.select import RELS
    from codex.engine.effects.select import at_rest_phrase
    if at_rest_phrase(f):            # "at rest (at adjacent locations)", "... or one step in front of X"
        from codex.engine.effects.select import rest_parts
        filters, others = rest_parts(f)
        for g in filters:
            yield from filter_problems(g)
        for x in others:
            yield from sel_problems(x.filters[0].of)
        return
    from codex.engine.effects.select import on_arrival
    if on_arrival(f):           # "on arrival": when, not where (`select.on_arrival`)
        return
    from codex.engine.effects.select import EACH_OTHER_RELS, each_other
    if each_other(f) is not None:     # "adjacent to each other": a relation among the picks
        if each_other(f) not in EACH_OTHER_RELS:
            yield f"the relation '{f.rel}' among objects picked together"
        return
    if isinstance(f, A.Where):
        if f.rel not in RELS or f.rel in ("from", "among", "to", "into"):
            yield f"the place relation '{f.rel}'"
        from codex.engine.effects.select import range_of_motion_of
        if f.rel == "within" and not isinstance(f.steps, int) and range_of_motion_of(f.of) is None:
            yield "'within' without steps"
        if range_of_motion_of(f.of) is not None and f.rel == "within":    # read by `select.places`
            yield from sel_problems(range_of_motion_of(f.of))
        elif f.rel == "along":            # "along their entire path": the path moved before (`select._along`)
            from codex.engine.effects.select import moved_path
            if not moved_path(f.of):
                yield "'along' something other than a path moved before"
        else:
            yield from sel_problems(f.of)
    elif isinstance(f, A.With):
        from codex.engine.effects.select import amount_stat
        if isinstance(f.what, A.Group) and f.what.conj == "or":    # "with <a keyword> or N or less power"
            for item in f.what.items:
                yield from filter_problems(A.With(what=item))
        elif amount_stat(f.what) is not None:
            yield from filter_problems(amount_stat(f.what))
        elif isinstance(f.what, A.Selector):
            yield from sel_problems(f.what)
        elif not isinstance(f.what, (A.Keyword, A.Stat)):
            yield "a 'with' phrase that is not a keyword"
    elif isinstance(f, A.Stat):
        from codex.engine.effects.select import stat_value
        if f.combined:      # read by a search only (`combined.py`), the picks tested together
            yield f"a combined {f.stat} of objects picked together, other than by a search"
        elif f.stat not in ("power", "cost") or stat_value(f.value) is None:
            yield f"a comparison of {f.stat}"
    elif isinstance(f, A.Relative):
        from codex.engine.effects.select import shared_borders
        if shared_borders(f) is None:     # "sites that share no borders": a relation among the picks
            yield from condition_problems(f.clause)
    elif isinstance(f, A.Aside):      # "royalty (titles listed in parentheses)"
        items = f.what.items if isinstance(f.what, A.Group) else (f.what,)
        for item in items:
            if not isinstance(item, A.Selector) or item.filters or item.mods:
                yield "a parenthetical of words the engine does not read"
            else:
                yield from sel_problems(item)
    elif isinstance(f, A.Of):
        from codex.engine.effects.select import choice_of, of_the_realm, of_yours
        owner = choice_of(A.Selector(noun="x", filters=(f,)))
        if owner is not None:             # "of that player's choice": that player chooses
            yield from sel_problems(owner)
        elif not of_the_realm(f.what) and not of_yours(f.what):
            yield "the filter Of"
    else:
        yield f"the filter {type(f).__name__}"


#: Focus adverbs of a clause that add nothing to what it does: "also", and "too" (the lexicon's
#: "also") closing a clause ("Each enemy there takes that much damage too": exec36).
FOCUS_ADVERBS = frozenset({"also"})


def clause_problems(clause: Any) -> Iterator[str]:
    """What of one clause the executor does not run."""
    from codex.engine.effects.amounts import per_problems
    from codex.engine.effects.conditions import condition_problems
    from codex.engine.effects.durations import duration_problems
    from codex.engine.effects.execute import EXECUTORS
    from codex.engine.effects.purpose import purpose_problems
    if not isinstance(clause, A.Clause):
        yield f"a clause given as {type(clause).__name__}"
        return
    from codex.engine.effects.links import is_link, link_problems
    if is_link(clause):
        yield from link_problems(clause)
        return
    from codex.engine.effects.durations import realm_while
    clause = realm_while(clause)     # "for as long as X remains in the realm": the effect's duration
    from codex.engine.untapping import holds_untapped, skips_next_untap
    if skips_next_untap(clause):
        yield from sel_problems(clause.action.patient)
        return
    if holds_untapped(clause):
        yield from sel_problems(clause.action.patient)
        yield from duration_problems(clause.duration)
        return
    from codex.engine.restraints import restraint, restraint_problems
    if restraint(clause) is not None:
        yield from restraint_problems(clause)
        return
    from codex.engine.life_bans import life_ban, life_ban_problems
    if life_ban(clause) is not None:        # "This turn, your opponents can't gain life"
        yield from life_ban_problems(clause)
        return
    from codex.engine.effects.unless_offer import offer, offer_problems
    if offer(clause) is not None:           # "... unless its controller pays (2)" (`unless_offer.py`)
        yield from offer_problems(clause)
        return
    from codex.engine.effects.whenever import whenever_clause, whenever_problems
    if whenever_clause(clause):
        yield from whenever_problems(clause)
        return
    if clause.negated or clause.modal not in (None, "may", "must"):
        yield f"a clause with '{clause.modal or 'not'}'"
    from codex.engine.effects.ally_acts import swap_problems, swap_steps
    if swap_steps(clause):           # "they both take a step to swap places": `ally_acts`
        yield from swap_problems(clause)
        return
    from codex.engine.effects.execute import has_own_purpose
    if (clause.purpose is not None and not has_own_purpose(clause)) or clause.instead or clause.scope is not None:
        yield from purpose_problems(clause)
        return
    if clause.per is not None:
        yield from per_problems(clause.action)
        yield from sel_problems(clause.per)
    if not during_on_casting(clause.duration, (clause,)):
        yield from duration_problems(clause.duration)
    for cond in clause.conditions:
        if isinstance(cond, A.Condition) and cond.kind == "while" and isinstance(
                clause.action, (A.Grant, A.SetState, A.LoseGrant)) and not (
                isinstance(cond.clause, A.Clause) and isinstance(cond.clause.action, (A.Located, A.Occupy))):
            yield "an effect lasting while something else holds"
        yield from condition_problems(cond)
    act = clause.action
    if isinstance(act, A.Group) and act.conj == "and" and all(isinstance(c, A.Clause) for c in act.items):
        for item in act.items:
            yield from clause_problems(item)
        return
    from codex.engine.effects.execute import shared_actions
    if shared_actions(act):            # "search ... and summon it": each action as a clause of its own
        for item in act.items:
            yield from clause_problems(A.replace(clause, action=item, modal=None))
        return
    from codex.engine.effects.execute import primitive_of
    primitive = primitive_of(act)
    if primitive is None:
        yield f"the primitive {type(act).__name__}" + (f" ({act.lemma})" if isinstance(act, A.Action) else "")
        return
    if isinstance(act, A.Action) and any(True for _ in primitive.problems(act)):
        # the grammar's catch-all verb: its executor runs a few lemmas only ("remove a counter")
        yield from primitive.problems(act)
        return
    for role in primitive.roles:
        yield from sel_problems(getattr(act, role, None))
    if any(isinstance(n, A.Selector) and isinstance(n.count, A.Quantity) for n in A.walk(act)):
        # "draw cards equal to the number of ...": executors read an int count (else one), so never run it
        yield "a number of objects computed ('cards equal to the number of ...')"
    yield from primitive.problems(act)
    if primitive.clause_problems is not None:
        yield from primitive.clause_problems(clause)
    from codex.engine.effects.execute import CLAUSE_ADJUNCTS, repeats
    from codex.engine.effects.amounts import ROUNDING, halves
    for adverb in clause.adverbs:
        if adverb in ROUNDING and halves(act):     # "lose half your life, rounding up": read by `amounts.halve`
            continue
        if adverb not in primitive.adverbs and adverb not in FOCUS_ADVERBS:
            yield f"the adverb '{adverb}' on {type(act).__name__}"
    for adj in clause.adjuncts:
        if adj.prep in CLAUSE_ADJUNCTS and repeats(clause) is not None:
            yield from sel_problems(repeats(clause))
        elif adj.prep not in primitive.adjuncts:
            yield f"the adjunct '{adj.prep} ...' on {type(act).__name__}"


def counted_limit(limit: Any) -> bool:
    """Whether a use limit is one the engine counts (`use_limits.py`): a number of times (once,
    twice, three times, up to three times) in each turn, or on your turn."""
    if limit is None or isinstance(limit.count, bool) or not isinstance(limit.count, int) or limit.count < 1:
        return False
    turn = limit.turn
    return turn is not None and turn.whose in ("each", "your") and turn.which is None and turn.owner is None


def _limit_problems(limit: Any) -> Iterator[str]:
    if limit.count != 1 or (limit.turn is not None and limit.turn.whose not in ("your", None, "each")):
        yield "a limit other than once a turn"


def during_on_casting(duration: Any, clauses: Any) -> bool:
    """"On your opponent's next turn, their spells cost (1) more": a duration only effects on casting
    run (`casting_effects`)."""
    from codex.engine.effects.casting_effects import during_turn
    return duration is not None and during_turn(duration) is not None and all(
        isinstance(c, A.Clause) and isinstance(c.action, (A.CostChange, A.NoThreshold)) for c in clauses)


#: Adverbs of a whole sentence the engine reads: "Then ...", "Afterwards, ..." and "After that, ..." (after
#: the sentence before resolves, reading the board it left), "Otherwise, ..." (the else branch of the
#: condition before: `sequence.py`) and "one at a time" (`shoot.py`). Any other (a word the grammar left
#: over) is named, never ignored.
SENTENCE_ADVERBS = frozenset({"then", "afterwards", "otherwise", "one_at_a_time"})


def sentence_problems(sentences: Any, limited: bool = False) -> Iterator[str]:
    from codex.engine.effects.conditions import condition_problems
    from codex.engine.effects.durations import duration_problems
    from codex.engine.effects.results import without_results
    if isinstance(sentences, tuple):      # "If tied, choose one", "if none die": read by `results`
        sentences = without_results(sentences)
    from codex.engine.effects.instead import is_alternative, plain, split_alternatives
    if isinstance(sentences, tuple):      # "X, or N instead if C": two sentences, "X. If C, ... instead."
        sentences = split_alternatives(sentences)
    for n, sentence in enumerate(sentences if isinstance(sentences, tuple) else (sentences,)):
        from codex.engine.effects.modes import all_instead, is_modal, modal_count, options
        if n and all_instead(sentence) and is_modal(sentences[n - 1]):
            # "If C, choose both instead." after the options (`modes.py`): only its condition is read
            yield from condition_problems(sentence.conditions[0])
            continue
        if modal_count(sentence) is not None:     # "Choose two: A; B; or C.": the options (`modes.py`)
            sentence = options(sentence)
        if n and is_alternative(sentence):      # "If C, Y instead." after a sentence (`instead.py`)
            yield from condition_problems(sentence.conditions[0])
            sentence = plain(sentence)
        if isinstance(sentence, A.Unparsed):
            yield "an unreadable sentence"
            continue
        if isinstance(sentence, A.Clause):
            yield from clause_problems(sentence)
            continue
        if not isinstance(sentence, A.Sentence):
            yield f"a body given as {type(sentence).__name__}"
            continue
        if sentence.delay is not None:       # "At the end of this turn, ...": a delayed trigger (`delayed`)
            from codex.engine.effects.delayed import delay_problems
            yield from delay_problems(sentence)
            continue
        if sentence.conditions:
            from codex.engine.effects.next_prevention import next_prevention, next_prevention_problems
            if next_prevention(sentence) is not None:    # "The next time X would take damage, prevent ..."
                yield from next_prevention_problems(sentence)
                continue
        from codex.engine.effects.repeat import repeat_problems, repeats_at
        if isinstance(sentences, tuple) and repeats_at(sentences, n, limited):
            # "Any number of times, you may pay (1) to ...": repeated as its player chooses (`repeat.py`)
            yield from repeat_problems(sentence, sentences[:n])
            continue
        from codex.engine.effects.casting_effects import limited_permission
        if limited and n == 0 and sentence.limit is not None:
            yield from _limit_problems(sentence.limit)
        elif limited_permission(sentence):       # "You may cast that spell once this turn": lasts this turn
            sentence = A.replace(sentence, limit=None, duration=sentence.duration or A.Duration(kind="this_turn"))
        elif sentence.limit is not None:
            yield "a sentence with a limit"
        if sentence.per is not None:
            yield from sel_problems(sentence.per)
        for adj in sentence.adjuncts:     # "Here, ...": a fronted phrase over the whole sentence
            yield f"the sentence's fronted phrase '{adj.prep.replace('_', ' ')} ...'"
        for adverb in sentence.adverbs:   # "Then ...", "one at a time": the only ones a sentence is read with
            if adverb not in SENTENCE_ADVERBS:
                yield f"the sentence's adverb '{adverb}'"
        from codex.engine.effects.sequence import otherwise_problems
        yield from otherwise_problems(sentences, n)

        if not during_on_casting(sentence.duration, sentence.clauses):
            yield from duration_problems(sentence.duration)
        from codex.engine.effects.motion import staying_within, within_problems
        yield from within_problems(sentence)
        for cond in sentence.conditions:
            if staying_within(cond) is None:
                yield from condition_problems(cond)
        if "or" in sentence.links and set(sentence.links) != {"or"}:
            yield "clauses joined by both 'and' and 'or'"
        if any(isinstance(c, A.Clause) and isinstance(c.action, A.Animate) for c in sentence.clauses):
            from codex.engine.effects.animate import form_of
            following = sentences[n + 1] if isinstance(sentences, tuple) and n + 1 < len(sentences) else None
            if form_of(following) is None:
                yield "animating a card without saying what minion it becomes"
        for clause in sentence.clauses:
            if isinstance(clause, A.Clause) and clause.duration is None and sentence.duration is not None:
                clause = A.replace(clause, duration=sentence.duration)      # as `execute.run_sentence` reads it
            yield from clause_problems(clause)


def cost_problems(costs: Any) -> Iterator[str]:
    from codex.engine.effects.costs import COSTS
    for cost in costs:
        check = COSTS.get(cost.kind)
        if check is None:
            yield f"the cost '{cost.kind}'"
        else:
            yield from check(cost)


def missing(ability: Ability) -> list[str]:
    """What keeps the engine from executing ``ability`` (empty: it executes it)."""
    from codex.engine.effects.context import Ctx, Obj
    from codex.engine.effects.statics import Unsupported, fronted_instead, statics_of
    from codex.engine.effects.triggers import trigger_problems
    node = ability.node
    problems: list[str] = []
    from codex.engine.effects.lasting_wounds import kept_problems, kept_wounds
    if kept_wounds(node) is not None:       # "Damage on this minion doesn't wear off ...": a rule, read at the end phase
        return list(kept_problems(node))
    if getattr(node, "threshold", ()):
        from codex.engine.effects.costs import threshold_problems
        problems += list(threshold_problems(node.threshold))
    if ability.kind is AbilityKind.STATIC:
        problems += [f"the sentence's fronted phrase '{adj.prep.replace('_', ' ')} ...'"   # "Here, ..."
                     for sentence in getattr(node, "body", ()) if isinstance(sentence, A.Sentence)
                     and not fronted_instead(sentence) for adj in sentence.adjuncts]
        try:
            if not statics_of(ability, Ctx(Obj("unit", ""), "", "", ability, ""), 0):
                problems.append("a static ability with no effect the engine knows")
        except Unsupported as e:
            problems.append(str(e))
        return list(dict.fromkeys(problems))
    if ability.kind is AbilityKind.TRIGGERED:
        problems += trigger_problems(node.trigger)
        from codex.engine.effects.strike_hooks import changes_its_strike, hook_problems, strike_hook
        hook = strike_hook(node)
        if hook is not None:     # "the next time <a unit> strikes ..., it deals double damage"
            return list(dict.fromkeys(problems + hook_problems(hook)))
        if changes_its_strike(node):
            problems.append("a trigger on a strike that changes that strike otherwise than its damage alone")
    if ability.kind is AbilityKind.ACTIVATED:
        problems += list(cost_problems(getattr(node, "costs", ())))
    body = getattr(node, "body", ())
    if ability.kind is AbilityKind.ACTIVATED and body and counted_limit(getattr(body[0], "limit", None)):
        # "Twice per turn, (1) → ...", "Use only three times each turn": how often it may be used
        # (`use_limits.py`, read by `actions.activate`)
        body = (A.replace(body[0], limit=None),) + tuple(body[1:])
    if ability.kind is AbilityKind.TRIGGERED and body:
        from codex.engine.effects.triggers import trigger_limit
        if trigger_limit(node) is not None:   # "Once per turn, whenever ...": how often it fires (`once_key`)
            body = (A.replace(body[0], limit=None),) + tuple(body[1:])
    problems += list(sentence_problems(body, limited=usage_limited(ability)))
    return list(dict.fromkeys(problems))


def usage_limited(ability: Ability) -> bool:
    """Whether the first sentence's limit of ``ability`` is how often it may be used ("Once on your
    turn, ..." opening an activated ability or a statement of a card in the realm), not a repetition
    a magic's effect makes ("Any number of times, you may ...": `repeat.py`)."""
    node = ability.node
    return isinstance(node, A.Activated) or isinstance(node, A.Statement) and ability.kind is not AbilityKind.SPELL


def executed(ability: Ability) -> bool:
    """Whether this engine version executes the ability."""
    return not missing(ability)
