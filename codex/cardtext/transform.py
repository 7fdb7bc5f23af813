"""Lark parse tree → typed AST (:mod:`codex.cardtext.ast`). One method per grammar rule alias."""
from __future__ import annotations

from typing import Any, Callable

from lark import Token, Transformer

from codex.cardtext import ast as A


_NUMWORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
             "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13}


#: Terminals whose type the callbacks read (list commas, numbers, clause joiners, mana symbols): the parse
#: driver hands these over as lark Tokens, every other terminal as its plain text.
TYPED_TERMINALS = frozenset({"LC", "NUMBER", "AND_CLAUSE", "MANA"})


def _words(children: list[Any]) -> str:
    if len(children) == 1:  # most word classes are one token: skip the generator and join
        c = children[0]
        return c.value if c.__class__ is Token else str(c)
    return " ".join(str(c) for c in children)


def _real(children: list[Any]) -> list[Any]:
    """Children without separator tokens (list commas)."""
    return [c for c in children if not (isinstance(c, Token) and c.type == "LC")]


def base_verb(word: str) -> str:
    """The base form of a verb written in the third person (``teleports`` → ``teleport``,
    ``pushes`` → ``push``): the AST names actions by their base form."""
    if word.endswith(("shes", "ches", "sses", "xes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


class ToAst(Transformer):
    """Builds AST nodes bottom-up. ``parse_quoted`` parses a quoted granted ability recursively."""

    #: Rule methods that return their single child unchanged: the parse driver skips calling them.
    PASS_THROUGH = frozenset({"start", "ability", "np", "post", "pre", "mod_word", "mod_element", "event_verb",
                              "cant_action", "may_action", "fixed_damage", "grant", "state_is_word", "state_place",
                              "state_np", "state_keyword"})

    def __init__(self, parse_quoted: Callable[[str], Any]) -> None:
        super().__init__()
        self._parse_quoted = parse_quoted

    # ---- word classes (``!`` rules keep their tokens) -> plain strings
    def _word(self, c: list[Any]) -> str:
        return _words(c)

    general_verb = by_word = not_do = not_be = shared_verb = _word
    modal = ev_verb_word = move_verb = remove_verb = relocate_verb = state_word = passive_verb = _word
    seq_adj = comparison = rel_verb = pronoun_word = cant_verb_word = rarity = be = adverb = as_if_state = done_by_word = _word
    projectile = det_word = pre_adj = mod_adj = noun = ref_word = element = kw_name = conj = more_less = _word

    def det(self, c: list[Any]) -> tuple[str, Any]:
        if len(c) == 2 and not isinstance(c[0], str):  # possessive: "the caster's" (a node, then 's)
            return ("det", A.Possessive(c[0], str(c[1])))
        return ("det", _words(c))

    def numword(self, c: list[Any]) -> int | str:
        w = str(c[0])
        return A.Num(_NUMWORDS[w], w) if w in _NUMWORDS else w

    def amount(self, c: list[Any]) -> int | str:
        if not c:
            return "X"
        v = c[0]
        return A.Num(int(v)) if isinstance(v, Token) and v.type == "NUMBER" else v

    def sep(self, c: list[Any]) -> str:
        return " ".join("and" if isinstance(t, Token) and t.type == "AND_CLAUSE" else str(t) for t in c)

    # ---- top level
    def start(self, c: list[Any]) -> Any:
        return c[0]

    ability = start

    def keyword_line(self, c: list[Any]) -> A.KeywordLine:
        *items, end = c
        return A.KeywordLine(tuple(items), end or "")

    def kw_item(self, c: list[Any]) -> Any:
        return c[0]

    def bare_passive(self, c: list[Any]) -> A.Clause:
        return A.Clause(None, c[0], c[1])

    def cost_left(self, c: list[Any]) -> tuple[str, tuple[A.Cost, ...]]:
        return ("costs", c[0])

    def genesis(self, c: list[Any]) -> tuple[str, None]:
        return ("genesis", None)

    def deathrite(self, c: list[Any]) -> tuple[str, None]:
        return ("deathrite", None)

    def genesis_deathrite(self, c: list[Any]) -> tuple[str, None]:
        return ("genesis_deathrite", None)

    def costs(self, c: list[Any]) -> tuple[A.Cost, ...]:
        return tuple(c)

    def tap_cost(self, c: list[Any]) -> A.Cost:
        return A.Cost("tap", c[0])

    def mana_cost(self, c: list[Any]) -> A.Cost:
        return A.Cost("mana", str(c[0]))

    def sacrifice_cost(self, c: list[Any]) -> A.Cost:
        return A.Cost("sacrifice", c[0])

    def discard_cost(self, c: list[Any]) -> A.Cost:
        return A.Cost("discard", c[0])

    def life_cost(self, c: list[Any]) -> A.Cost:
        return A.Cost("life", c[0])

    def reveal_cost(self, c: list[Any]) -> A.Cost:
        return A.Cost("reveal")

    def triggered(self, c: list[Any]) -> A.Triggered:
        return A.Triggered(c[0], c[1])

    def sentence_body(self, c: list[Any]) -> A.Sentence:
        *leads, (clauses, seps), end = c
        return A.Sentence(tuple(leads), clauses, seps, end or "")

    def full_stop(self, c: list[Any]) -> str:
        return "."

    def colon(self, c: list[Any]) -> str:
        return ":"

    def lead_then(self, c: list[Any]) -> A.Lead:
        return A.Lead("then")

    def include(self, c: list[Any]) -> A.Include:
        return A.Include(c[0])

    def fight(self, c: list[Any]) -> A.Action:
        return A.Action("fight", c[0])

    def targets(self, c: list[Any]) -> A.Choose:
        return A.Choose(c[0], "target")

    def force(self, c: list[Any]) -> A.Force:
        return A.Force(c[0], c[1])

    def a_random_order(self, c: list[Any]) -> str:
        return "a_random_order"

    def chain(self, c: list[Any]) -> tuple[tuple[A.Clause, ...], tuple[str, ...]]:
        clauses, seps = [c[0]], []
        for kind, a, b in c[1:]:
            if kind == "clause":
                seps.append(a)
                clauses.append(b)
            else:  # ", if ...": the condition of the clause before it
                clauses[-1] = A.replace(clauses[-1], condition=A.replace(a, comma=True))
        return tuple(clauses), tuple(seps)

    def next_clause(self, c: list[Any]) -> tuple[str, Any, Any]:
        return ("clause", c[0], c[1])

    def comma_cond(self, c: list[Any]) -> tuple[str, Any, Any]:
        return ("cond", c[0], None)

    def clause(self, c: list[Any]) -> A.Clause:
        subject, modal, pre_duration, action, purpose, duration, per, manner, cond = c
        return A.Clause(subject, modal, action, pre_duration or duration, cond, purpose, manner,
                        pre_duration is not None, per)

    def purpose(self, c: list[Any]) -> Any:
        return c[1]

    def any_order(self, c: list[Any]) -> str:
        return "any_order"

    def random_order(self, c: list[Any]) -> str:
        return "random_order"

    # ---- leads, triggers, events
    def lead_if(self, c: list[Any]) -> A.Lead:
        return A.Lead("if", c[0])

    def lead_duration(self, c: list[Any]) -> A.Lead:
        return A.Lead("duration", c[0])

    def heal_you(self, c: list[Any]) -> A.Heal:
        return A.Heal(None, A.Ref("you"))

    def lead_if_passive(self, c: list[Any]) -> A.Lead:
        return A.Lead("if_passive", c[0])

    def lead_when_passive(self, c: list[Any]) -> A.Lead:
        return A.Lead("when_passive", c[0])

    def banish_cost(self, c: list[Any]) -> A.Cost:
        return A.Cost("banish", c[0])

    def can_attack_event(self, c: list[Any]) -> A.Event:
        return A.Event(c[0], "can_attack", c[1])

    def passive_to_event(self, c: list[Any]) -> A.Event:
        return A.Event(c[0], f"{c[1]}_{c[2]}", None, c[3])

    def passive_event(self, c: list[Any]) -> A.Event:
        return A.Event(c[0], f"{c[1]}_{c[2]}")

    def passive_place_event(self, c: list[Any]) -> A.Event:
        return A.Event(c[0], f"{c[1]}_{c[2]}", None, c[3])

    def post_when(self, c: list[Any]) -> A.PostCondition:
        return A.PostCondition("when", A.Condition("passive", c[0], f"{c[1]} {c[2]}"))

    def elliptic_clause(self, c: list[Any]) -> A.Clause:
        return A.Clause(c[0], c[1], None)

    def lead_while(self, c: list[Any]) -> A.Lead:
        return A.Lead("while", c[0])

    def lead_once(self, c: list[Any]) -> A.Lead:
        return A.Lead("once")

    def lead_foreach(self, c: list[Any]) -> A.Lead:
        return A.Lead("foreach", c[0])

    def when(self, c: list[Any]) -> A.Trigger:
        return A.Trigger("when", c[0])

    def whenever(self, c: list[Any]) -> A.Trigger:
        return A.Trigger("whenever", c[0])

    def immediately_after(self, c: list[Any]) -> A.Trigger:
        return A.Trigger("immediately_after", c[0])

    def after(self, c: list[Any]) -> A.Trigger:
        return A.Trigger("after", c[0])

    def at_phase(self, c: list[Any]) -> A.Trigger:
        return A.Trigger("at", None, c[0], c[1])

    def first_time(self, c: list[Any]) -> A.Trigger:
        return A.Trigger("first_time", c[1], None, c[2])

    def next_time(self, c: list[Any]) -> A.Trigger:
        return A.Trigger("next_time", c[1], None, c[2])

    def this_turn_scope(self, c: list[Any]) -> str:
        return "this_turn"

    def would_event(self, c: list[Any]) -> A.Event:
        return A.Event(c[0], "would", c[1])

    def start_phase(self, c: list[Any]) -> str:
        return "start"

    def end_phase(self, c: list[Any]) -> str:
        return "end"

    def start_end_phase(self, c: list[Any]) -> str:
        return "start_and_end"

    def your_turn(self, c: list[Any]) -> str:
        return "your_turn"

    def each_turn(self, c: list[Any]) -> str:
        return "each_turn"

    def each_players_turn(self, c: list[Any]) -> str:
        return "each_players_turn"

    def your_next_turn(self, c: list[Any]) -> str:
        return "your_next_turn"

    def event(self, c: list[Any]) -> A.Event:
        return A.Event(c[0], c[1], c[2])

    def performing_ranged_strike(self, c: list[Any]) -> A.Event:
        return A.Event(None, "performing_ranged_strike")

    def event_verb(self, c: list[Any]) -> str:
        return c[0]

    def is_struck(self, c: list[Any]) -> str:
        return "is_struck"

    def attacks_and_kills(self, c: list[Any]) -> str:
        return "attacks_and_kills"

    # ---- conditions
    def post_if(self, c: list[Any]) -> A.PostCondition:
        return A.PostCondition("if", c[0])

    def post_while(self, c: list[Any]) -> A.PostCondition:
        return A.PostCondition("while", c[0])

    def post_unless(self, c: list[Any]) -> A.PostCondition:
        return A.PostCondition("unless", c[0])

    def post_instead(self, c: list[Any]) -> A.PostCondition:
        return A.PostCondition("instead")

    def if_able(self, c: list[Any]) -> A.PostCondition:
        return A.PostCondition("if_able")

    def if_needed(self, c: list[Any]) -> A.PostCondition:
        return A.PostCondition("if_needed")

    def cond_is(self, c: list[Any]) -> A.Condition:
        return A.Condition("is", c[0], c[1])

    def cond_has(self, c: list[Any]) -> A.Condition:
        return A.Condition("has", c[0], c[1])

    def cond_control(self, c: list[Any]) -> A.Condition:
        return A.Condition("control", A.Ref("you"), c[0])

    def cond_hits(self, c: list[Any]) -> A.Condition:
        return A.Condition("hits", A.Ref("it"), c[0])

    def cond_you_do(self, c: list[Any]) -> A.Condition:
        return A.Condition("you_do")

    def cond_attacking(self, c: list[Any]) -> A.Condition:
        return A.Condition("attacking")

    def cond_defending(self, c: list[Any]) -> A.Condition:
        return A.Condition("defending")

    def cond_there_is(self, c: list[Any]) -> A.Condition:
        return A.Condition("there_is" if c[0] == "is" else "there_are", None, c[1])

    def cond_back_row(self, c: list[Any]) -> A.Condition:
        return A.Condition("back_row")

    def cond_would(self, c: list[Any]) -> A.Condition:
        return A.Condition("would", c[0], c[1])

    def _first(self, c: list[Any]) -> Any:
        return c[0]

    state_is_word = state_place = state_np = state_keyword = _first

    # ---- verb phrases -> primitives
    def damage(self, c: list[Any]) -> A.Damage:
        return A.Damage(c[0], c[1])

    def damage_equal(self, c: list[Any]) -> A.Damage:
        return A.Damage(None, c[1], c[0])

    def fixed_damage(self, c: list[Any]) -> Any:
        return c[0]

    def lethal_damage(self, c: list[Any]) -> str:
        return "lethal"

    def take_damage(self, c: list[Any]) -> A.TakeDamage:
        return A.TakeDamage(c[0])

    def take_damage_any(self, c: list[Any]) -> A.TakeDamage:
        return A.TakeDamage(None)

    def take_damage_equal(self, c: list[Any]) -> A.TakeDamage:
        return A.TakeDamage(None, c[0])

    def give_to(self, c: list[Any]) -> A.GainKeyword:
        return A.GainKeyword(c[0], c[1], to_form=True)

    def is_a(self, c: list[Any]) -> A.IsA:
        return A.IsA(c[0])

    def cost_change(self, c: list[Any]) -> A.CostChange:
        return A.CostChange(str(c[0]), c[1])

    def cast(self, c: list[Any]) -> A.Cast:
        return A.Cast(c[0], c[1])

    def cast_to(self, c: list[Any]) -> A.Cast:
        return A.Cast(None, c[0])

    def choose(self, c: list[Any]) -> A.Choose:
        return A.Choose(c[0])

    def name_card(self, c: list[Any]) -> A.Choose:
        return A.Choose(c[0], "name")

    def target(self, c: list[Any]) -> A.Choose:
        return A.Choose(c[1], "target")

    def return_self(self, c: list[Any]) -> A.ReturnTo:
        return A.ReturnTo(None, c[0])

    def conjure_atop(self, c: list[Any]) -> A.Conjure:
        return A.Conjure(None, ("atop", c[0]))

    def move_self_steps(self, c: list[Any]) -> A.Move:
        return A.Move(base_verb(c[0]), None, None, c[1])

    def adjacent_to(self, c: list[Any]) -> A.Post:
        return A.Post("adjacent_to", c[-1])

    def lose_np(self, c: list[Any]) -> A.LoseKeyword:
        return A.LoseKeyword((), self.selector(c))

    def drop(self, c: list[Any]) -> A.Drop:
        return A.Drop(c[0])

    def cant_verb(self, c: list[Any]) -> A.Action:
        return A.Action(c[0])

    def cant_verb_dest(self, c: list[Any]) -> A.Action:
        return A.Action(c[0], None, c[1])

    def cant_action(self, c: list[Any]) -> A.Action:
        return c[0]

    def duration(self, c: list[Any]) -> A.Duration:
        return c[0]

    def at_end_of(self, c: list[Any]) -> A.Duration:
        return A.Duration("at_end_of", c[1])

    def at_start_of(self, c: list[Any]) -> A.Duration:
        return A.Duration("at_start_of", c[1])

    def mod_non_word(self, c: list[Any]) -> str:
        return "non-" + c[0]

    def mod_non_keyword(self, c: list[Any]) -> str:
        return "non-" + str(c[0])

    def partitive(self, c: list[Any]) -> A.Selector:
        head, of = c
        return A.Selector(None, (), (), "of", (A.Post("of", of),), "partitive", head)

    def each_of(self, c: list[Any]) -> str:
        return "each"

    def all_of(self, c: list[Any]) -> str:
        return "all"

    def partitive_head(self, c: list[Any]) -> Any:
        return c[0]

    def lasts(self, c: list[Any]) -> A.Lasts:
        return A.Lasts(c[0])

    def control(self, c: list[Any]) -> A.GainControl:
        return A.GainControl(c[0], static=True)

    def only_selector(self, c: list[Any]) -> A.Selector:
        sel = self.selector(c)
        return A.replace(sel, pre=("only",) + sel.pre)

    def relative_is(self, c: list[Any]) -> A.Post:
        return A.Post("relative_is", (c[0], c[1]))

    def det_counted(self, c: list[Any]) -> A.Selector:
        det, mod, count, *rest = c
        sel = self._sel(det[1], rest, "det_counted", count)
        return A.replace(sel, pre=(mod,) + sel.pre)

    def ev_either(self, c: list[Any]) -> str:
        return f"{c[0]} or {c[1]}"

    def move_steps(self, c: list[Any]) -> A.Move:
        return A.Move(base_verb(c[0]), c[1], None, c[2])

    def put_counted(self, c: list[Any]) -> A.Put:
        return A.Put(c[0], c[1])

    def the_turn(self, c: list[Any]) -> str:
        return "the_turn"

    def damage_reduction(self, c: list[Any]) -> A.DamageReduction:
        return A.DamageReduction(c[0], c[1])

    def damage_immunity(self, c: list[Any]) -> A.DamageImmunity:
        return A.DamageImmunity(c[0])

    def damage_from(self, c: list[Any]) -> Any:
        return c[0]

    for_each = damage_from

    def draw(self, c: list[Any]) -> A.Draw:
        return A.Draw(c[0])

    def heal_life(self, c: list[Any]) -> A.Heal:
        return A.Heal(c[0])

    def gain_life(self, c: list[Any]) -> A.GainLife:
        return A.GainLife(c[0])

    def lose_life(self, c: list[Any]) -> A.LoseLife:
        return A.LoseLife(c[0])

    def gain_mana(self, c: list[Any]) -> A.GainMana:
        return A.GainMana(str(c[0]))

    def summon(self, c: list[Any]) -> A.Summon:
        return A.Summon(c[0], c[1])

    def move(self, c: list[Any]) -> A.Move:
        return A.Move(base_verb(c[0]), c[1], c[2])

    def move_self(self, c: list[Any]) -> A.Move:
        return A.Move(base_verb(c[0]), None, c[-1], None, tuple(c[1:-1]))

    def dest_between(self, c: list[Any]) -> tuple[str, Any]:
        return ("between", c[0])

    def choose_count(self, c: list[Any]) -> A.Choose:
        return A.Choose(c[0])

    def on_the_ground(self, c: list[Any]) -> str:
        return "on_the_ground"

    def until_again(self, c: list[Any]) -> A.Duration:
        return A.Duration("until_again")

    def until_hurt(self, c: list[Any]) -> A.Duration:
        return A.Duration("until_hurt")

    def lead_extra_cost(self, c: list[Any]) -> A.Lead:
        return A.Lead("extra_cost", c[-1])

    def traverse(self, c: list[Any]) -> A.Action:
        return A.Action("traverse", c[0])

    def the_surface(self, c: list[Any]) -> A.Ref:
        return A.Ref("the surface")

    def cond_attacking_successfully(self, c: list[Any]) -> A.Condition:
        return A.Condition("attacking_successfully", None, c[0])

    def attack_successfully(self, c: list[Any]) -> A.Action:
        return A.Action("successfully attack", c[0])

    def cond_compare(self, c: list[Any]) -> A.Condition:
        subject, comp, (mods, noun), than = c
        return A.Condition("compare", subject, (comp, A.Selector(None, (), mods, noun), than))

    def cond_control_compare(self, c: list[Any]) -> A.Condition:
        comp, (mods, noun), than = c
        return A.Condition("control_compare", A.Ref("you"), (comp, A.Selector(None, (), mods, noun), than))

    def become(self, c: list[Any]) -> A.IsA:
        return A.IsA(c[0], become=True)

    def event_place(self, c: list[Any]) -> A.Event:
        return A.Event(c[0], c[1], None, c[2])

    event_dest = event_place  # "enters or moves between sites": the dest is a (preposition, place) pair

    def relocate_on(self, c: list[Any]) -> A.Relocate:
        return A.Relocate(c[0], c[1], c[2])

    def relocate_either(self, c: list[Any]) -> A.Relocate:
        return A.Relocate(f"{c[0]} or {c[1]}", c[2])

    def is_also(self, c: list[Any]) -> A.IsA:
        return A.IsA(c[0], also=True)

    def move_adverb(self, c: list[Any]) -> A.Move:
        return A.Move(base_verb(c[0]), c[1], None, None, tuple(c[2:]))

    def for_each_bare(self, c: list[Any]) -> A.Ref:
        return A.Ref("each")

    def after_turn(self, c: list[Any]) -> A.Trigger:
        return A.Trigger("after", None, None, c[0])

    def whenever_first(self, c: list[Any]) -> A.Trigger:
        return A.Trigger("whenever_first", c[0], None, c[2])

    def provide_extra(self, c: list[Any]) -> tuple[str, tuple[str, ...]]:
        return ("extra", (f"({int(c[0])})",))

    def provide_threshold(self, c: list[Any]) -> tuple[str, tuple[str, ...]]:
        return ("threshold", (c[0],))

    def done_by(self, c: list[Any]) -> A.Post:
        return A.Post(c[0].replace(" ", "_"), c[1])

    def det_one(self, c: list[Any]) -> A.Selector:
        return A.Selector(c[0][1], (), (), "one")

    def prevent(self, c: list[Any]) -> A.Prevent:
        return A.Prevent(c[0])

    def post_as_if(self, c: list[Any]) -> A.PostCondition:
        return A.PostCondition("as_if", A.Condition("were", c[1], c[2]))

    def cond_event(self, c: list[Any]) -> A.Condition:
        return A.Condition("event", c[0], A.Event(None, c[1], c[2], scope=c[3]))

    def post_when_event(self, c: list[Any]) -> A.PostCondition:
        return A.PostCondition("when", A.Condition("event", c[0], A.Event(None, c[1], c[2])))

    def post_next_time(self, c: list[Any]) -> A.PostCondition:
        return A.PostCondition("the_next_time", A.Condition("would_again", c[1]))

    def on_arrival(self, c: list[Any]) -> str:
        return "on_arrival"

    def provide_for_everyone(self, c: list[Any]) -> A.Provide:
        (what, mana), = c
        return A.Provide(mana, A.Ref("everyone"), what)

    def strike_adverb(self, c: list[Any]) -> A.Action:
        return A.Action("strike", None, None, c[0])

    def shared_object(self, c: list[Any]) -> A.SharedObject:
        return A.SharedObject(base_verb(c[0]), c[2])

    def dest_to_here(self, c: list[Any]) -> tuple[str, Any]:
        return ("to here", None)

    def dest_through(self, c: list[Any]) -> tuple[str, Any]:
        return ("through", c[0])

    def until_damaged(self, c: list[Any]) -> A.Duration:
        return A.Duration("until_damaged", c[0])

    def until_no_longer_has(self, c: list[Any]) -> A.Duration:
        return A.Duration("until_no_longer_has", (c[0], c[1]))

    def relative_carrying(self, c: list[Any]) -> A.Post:
        return A.Post("relative", (c[0], f"{c[1]} carrying"))

    def among(self, c: list[Any]) -> A.Post:
        return A.Post("among", c[0])

    def occupy(self, c: list[Any]) -> A.Action:
        return A.Action("occupy", c[0])

    def of_element(self, c: list[Any]) -> A.Post:
        return A.Post("of", c[0])

    def dest_here(self, c: list[Any]) -> tuple[str, Any]:
        return ("here", None)

    def dest_there(self, c: list[Any]) -> tuple[str, Any]:
        return ("there", None)

    def take_steps(self, c: list[Any]) -> A.TakeSteps:
        return A.TakeSteps(c[0], c[1])

    def piercing(self, c: list[Any]) -> bool:
        return True

    def toward(self, c: list[Any]) -> Any:
        return c[0]

    def gain_mana_choice(self, c: list[Any]) -> A.GainMana:
        return A.GainMana("", tuple(str(m) for m in c if isinstance(m, Token) and m.type == "MANA"))

    def no_threshold(self, c: list[Any]) -> A.NoThreshold:
        return A.NoThreshold()

    def for_each_of(self, c: list[Any]) -> Any:
        return A.Selector(None, (), (), "of", (A.Post("of", c[0]),), "partitive", "each")

    def same_direction(self, c: list[Any]) -> str:
        return "same_direction"

    def same_direction_one_at_a_time(self, c: list[Any]) -> str:
        return "same_direction_one_at_a_time"

    def cardinal_direction(self, c: list[Any]) -> str:
        return "cardinal_direction"

    def cond_place(self, c: list[Any]) -> A.Condition:
        return A.Condition("place", None, c[0])

    def by_agent(self, c: list[Any]) -> Any:
        return c[0]

    def by_both(self, c: list[Any]) -> A.Group:
        return A.Group((c[0], c[1]), "and")

    def mod_either(self, c: list[Any]) -> str:
        return f"{c[0]} or {c[1]}"

    def one_step(self, c: list[Any]) -> tuple[str, int]:
        return ("one", 1)

    def a_step(self, c: list[Any]) -> tuple[str, int]:
        return ("a", 1)

    def up_to_steps(self, c: list[Any]) -> tuple[str, Any]:
        return ("up_to", c[0])

    def n_steps(self, c: list[Any]) -> tuple[str, Any]:
        return ("exactly", c[0])

    def tap(self, c: list[Any]) -> A.Tap:
        return A.Tap(c[0])

    def untap(self, c: list[Any]) -> A.Tap:
        return A.Tap(c[0], untap=True)

    def remove(self, c: list[Any]) -> A.Remove:
        verb = c[0]
        kind = verb[:-2] if verb.endswith("es") and verb[:-2] in ("banish",) else verb.rstrip("s")
        return A.Remove(kind, c[1])

    def die(self, c: list[Any]) -> A.Die:
        return A.Die()

    def give(self, c: list[Any]) -> A.GainKeyword:
        return A.GainKeyword(c[1], c[0])

    def has(self, c: list[Any]) -> A.Has:
        return A.Has(c[0])

    def gain_keyword(self, c: list[Any]) -> A.GainKeyword:
        return A.GainKeyword(c[0])

    def lose_keyword(self, c: list[Any]) -> A.LoseKeyword:
        return A.LoseKeyword(c[0])

    def shoot(self, c: list[Any]) -> A.ShootProjectile:
        return A.ShootProjectile(c[0], c[1] is not None)

    def shoot_one(self, c: list[Any]) -> A.ShootProjectile:
        return A.ShootProjectile(1, c[0] is not None)

    def is_state(self, c: list[Any]) -> A.IsState:
        return A.IsState(c[0])

    def provide(self, c: list[Any]) -> A.Provide:
        (what, mana), to = c
        if what == "mana_and":
            return A.Provide(mana, to, "mana", written_and=True)
        return A.Provide(mana, to, what)

    def provide_only(self, c: list[Any]) -> A.Provide:
        return A.replace(self.provide(c), only=True)

    def provide_mana(self, c: list[Any]) -> tuple[str, tuple[str, ...]]:
        return ("mana", tuple(str(m) for m in c if isinstance(m, Token) and m.type == "MANA"))

    def provide_mana_and(self, c: list[Any]) -> tuple[str, tuple[str, ...]]:
        return ("mana_and", self.provide_mana(c)[1])

    def provide_all(self, c: list[Any]) -> tuple[str, tuple[str, ...]]:
        return ("all", ())

    def provide_none(self, c: list[Any]) -> tuple[str, tuple[str, ...]]:
        return ("none", ())

    def provide_no_mana(self, c: list[Any]) -> tuple[str, tuple[str, ...]]:
        return ("no_mana", ())

    def flood(self, c: list[Any]) -> A.Flood:
        return A.Flood(c[0])

    def relocate(self, c: list[Any]) -> A.Relocate:
        return A.Relocate(c[0], c[1])

    def search(self, c: list[Any]) -> A.Search:
        return A.Search(c[0], c[1])

    def return_to(self, c: list[Any]) -> A.ReturnTo:
        return A.ReturnTo(c[0], c[1])

    def strike(self, c: list[Any]) -> A.Strike:
        return A.Strike(c[0])

    def strike_first(self, c: list[Any]) -> A.Strike:
        return A.Strike(None, True)

    def gain_control(self, c: list[Any]) -> A.GainControl:
        return A.GainControl(c[0])

    def discard(self, c: list[Any]) -> A.Discard:
        return A.Discard(c[0])

    def look(self, c: list[Any]) -> A.Look:
        return A.Look(c[0])

    def reveal(self, c: list[Any]) -> A.Look:
        return A.Look(c[0], reveal=True)

    def shuffle(self, c: list[Any]) -> A.Shuffle:
        return A.Shuffle(c[0], c[1])

    def pay(self, c: list[Any]) -> A.Pay:
        return A.Pay(str(c[0]))

    def fill(self, c: list[Any]) -> A.Fill:
        return A.Fill(c[0])

    def conjure(self, c: list[Any]) -> A.Conjure:
        return A.Conjure(c[0], c[1])

    def dispel(self, c: list[Any]) -> A.Dispel:
        return A.Dispel(c[0])

    def silence(self, c: list[Any]) -> A.Silence:
        return A.Silence(c[0])

    def put(self, c: list[Any]) -> A.Put:
        return A.Put(c[0], c[1])

    def fall_asleep(self, c: list[Any]) -> A.FallAsleep:
        return A.FallAsleep()

    def cant(self, c: list[Any]) -> A.Cant:
        return A.Cant(tuple(x for x in _real(c) if x is not None))

    def transform_into(self, c: list[Any]) -> A.Transform:
        return A.Transform(c[0], c[1])

    def play(self, c: list[Any]) -> A.Play:
        return A.Play(c[0], c[1])

    def play_or_draw(self, c: list[Any]) -> A.Play:
        return A.Play(c[0], None, or_draw=True)

    def may_action(self, c: list[Any]) -> A.Action:
        return c[0]

    def be_passive(self, c: list[Any]) -> A.Action:
        return A.Action("be " + c[0], c[1])

    def be_passive_from(self, c: list[Any]) -> A.Action:
        return A.Action("be " + c[0], None, ("from", c[1]))

    def be_passive_to(self, c: list[Any]) -> A.Action:
        return A.Action("be " + c[0], None, ("to", c[1]))

    def and_passive(self, c: list[Any]) -> A.Action:
        return A.Action(c[0], c[1])

    # ---- general verb class, negation, immunity, impact damage
    def general(self, c: list[Any]) -> A.Action:
        return A.Action(base_verb(c[0]), c[1], c[3], c[2])

    def general_bare(self, c: list[Any]) -> A.Action:
        return A.Action(base_verb(c[0]), None, c[2], c[1])

    def general_from(self, c: list[Any]) -> A.Action:
        return A.Action(base_verb(c[0]), None, ("from", c[1]))

    def enter_place(self, c: list[Any]) -> A.Action:
        return A.Action("enter", None, c[0])

    def negated(self, c: list[Any]) -> A.Negated:
        return A.Negated(c[1], str(c[0]))

    def is_not_state(self, c: list[Any]) -> A.Negated:
        return A.Negated(A.IsState(c[1]), str(c[0]))

    def is_not_a(self, c: list[Any]) -> A.Negated:
        return A.Negated(A.IsA(c[1]), str(c[0]))

    def immune_to(self, c: list[Any]) -> A.Immune:
        return A.Immune(c[-1])

    def damage_on_impact(self, c: list[Any]) -> A.ImpactDamage:
        amount, splash, target = [x for x in c if not (isinstance(x, Token) and x.type == "LC")][:3]
        return A.ImpactDamage(amount, splash, target)

    def post_whenever_both(self, c: list[Any]) -> A.PostCondition:
        who, first, _and, second, obj = c
        return A.PostCondition("whenever", A.Condition("event", who, A.Event(None, f"{first} and {second}", obj)))

    def during(self, c: list[Any]) -> A.Duration:
        return A.Duration("during", c[0])

    def enemy_turns(self, c: list[Any]) -> str:
        return "enemy_turns"

    def provide_no_threshold(self, c: list[Any]) -> tuple[str, tuple[str, ...]]:
        return ("no_threshold", (str(c[0]),))

    def defend(self, c: list[Any]) -> A.Action:
        return A.Action("defend")

    def attack(self, c: list[Any]) -> A.Action:
        return A.Action("attack", c[0])

    def intercept(self, c: list[Any]) -> A.Action:
        return A.Action("intercept")

    def enter(self, c: list[Any]) -> A.Action:
        return A.Action("enter", c[0])

    def carry(self, c: list[Any]) -> A.Action:
        return A.Action("carry", c[0])

    def dest_to(self, c: list[Any]) -> tuple[str, Any]:
        return ("to", c[0])

    def dest_into(self, c: list[Any]) -> tuple[str, Any]:
        return ("into", c[0])

    def dest_on(self, c: list[Any]) -> tuple[str, Any]:
        return ("on", c[0])

    def q_its_power(self, c: list[Any]) -> tuple[str, Any]:
        return ("its_power", None)

    def q_number_of(self, c: list[Any]) -> tuple[str, Any]:
        return ("number_of", c[0])

    def q_mana_cost(self, c: list[Any]) -> tuple[str, Any]:
        """``its mana cost``, ``the artifact's mana cost``, ``that card's cost``: the engine reads the
        generic mana cost of the card the determiner names."""
        written = "mana cost" if len(c) > 1 else "cost"
        return ("mana_cost", (c[0][1], written))

    def enter_as(self, c: list[Any]) -> A.Action:
        return A.Action("enter", c[0], ("as", c[1]))

    def be_passive_as(self, c: list[Any]) -> A.Action:
        return A.Action("be " + c[0], None, ("as", c[1]))

    def cond_not_place(self, c: list[Any]) -> A.Condition:
        return A.Condition("not_place", None, c[0])

    # ---- grants and keywords
    def grants(self, c: list[Any]) -> tuple[Any, ...]:
        return tuple(x for x in _real(c) if x is not None)

    def grant(self, c: list[Any]) -> Any:
        return c[0]

    def power_mod(self, c: list[Any]) -> A.PowerMod:
        return A.PowerMod(int(c[0]))

    def range_mod(self, c: list[Any]) -> A.RangeMod:
        return A.RangeMod(int(c[0]))

    def granted_ability(self, c: list[Any]) -> A.GrantedAbility:
        return A.GrantedAbility(self._parse_quoted(str(c[0])[1:-1]))

    def simple_keyword(self, c: list[Any]) -> A.Keyword:
        return A.Keyword(c[0].lower())

    def movement(self, c: list[Any]) -> A.Keyword:
        return A.Keyword("movement", int(c[0]))

    def ranged(self, c: list[Any]) -> A.Keyword:
        return A.Keyword("ranged", int(c[0]) if c[0] is not None else None)

    def spellcaster(self, c: list[Any]) -> A.Keyword:
        return A.Keyword("spellcaster")

    def element_spellcaster(self, c: list[Any]) -> A.Keyword:
        return A.Keyword("spellcaster", str(c[0]).split()[0].lower())

    # ---- durations
    def this_turn(self, c: list[Any]) -> A.Duration:
        return A.Duration("this_turn")

    def until_your_next_turn(self, c: list[Any]) -> A.Duration:
        return A.Duration("until_your_next_turn")

    def until_end_of_turn(self, c: list[Any]) -> A.Duration:
        return A.Duration("until_end_of_turn")

    def until_leaves(self, c: list[Any]) -> A.Duration:
        return A.Duration("until_leaves", c[0])

    def permanently(self, c: list[Any]) -> A.Duration:
        return A.Duration("permanently")

    # ---- selectors
    def np(self, c: list[Any]) -> Any:
        return c[0]

    def np_list(self, c: list[Any]) -> A.Group:
        items = _real(c)
        conj = items[-2]
        members = tuple(items[:-2] + items[-1:])
        commas = len(c) - len(items)
        return A.Group(members, conj, commas == len(members) - 1)  # serial: a comma before the conjunction

    def np_item(self, c: list[Any]) -> Any:
        base, posts = c[0], tuple(c[1:])
        if not posts:
            return base
        if isinstance(base, A.Ref):
            return A.Ref(base.word, posts)
        return A.Selector(base.det, base.pre, base.mods, base.noun, posts, base.quant, base.count)

    @staticmethod
    def _sel(det: str | None, rest: list[Any], quant: str | None = None, count: Any = None) -> A.Selector:
        *pre, (mods, noun) = rest
        return A.Selector(det, tuple(pre), mods, noun, (), quant, count)

    def selector(self, c: list[Any]) -> A.Selector:
        if c and isinstance(c[0], tuple) and c[0] and c[0][0] == "det":
            return self._sel(c[0][1], c[1:])
        return self._sel(None, c)

    def ref(self, c: list[Any]) -> A.Ref:
        return A.Ref(c[0])

    def self_ref(self, c: list[Any]) -> A.Ref:
        return A.Ref("SELF")

    def you_ref(self, c: list[Any]) -> A.Ref:
        return A.Ref("you")

    def counted(self, c: list[Any]) -> A.Selector:
        return self._sel(None, c[1:], "counted", c[0])

    def up_to(self, c: list[Any]) -> A.Selector:
        return self._sel(None, c[1:], "up_to", c[0])

    def any_number(self, c: list[Any]) -> A.Selector:
        return self._sel(None, c, "any_number")

    def pre(self, c: list[Any]) -> str:
        return c[0]

    def core_mod(self, c: list[Any]) -> tuple[tuple[str, ...], str]:
        mods, noun = c[1]
        return (c[0],) + mods, noun

    def core_noun(self, c: list[Any]) -> tuple[tuple[str, ...], str]:
        return (), c[0]

    def core_subtype(self, c: list[Any]) -> tuple[tuple[str, ...], str]:
        return (), str(c[0])

    def mod_word(self, c: list[Any]) -> str:
        return c[0]

    def mod_subtype(self, c: list[Any]) -> str:
        return str(c[0])

    mod_element = mod_word

    def mod_non_element(self, c: list[Any]) -> str:
        return "non-" + c[0]

    def mod_non_subtype(self, c: list[Any]) -> str:
        return "non-" + str(c[0])

    def np_base(self, c: list[Any]) -> Any:
        return c[0]

    # ---- posts
    def post(self, c: list[Any]) -> A.Post:
        return c[0]

    def _place(kind: str) -> Callable[..., A.Post]:  # type: ignore[misc]
        def build(self: "ToAst", c: list[Any]) -> A.Post:
            return A.Post(kind, c[0] if c else None)
        return build

    here = _place("here")
    there = _place("there")
    nearby = _place("nearby")
    adjacent = _place("adjacent")
    within_steps = _place("within")
    atop = _place("atop")
    at = _place("at")
    occupying = _place("occupying")
    above_or_below = _place("above_or_below")
    under = _place("under")
    in_ = _place("in")
    near = _place("near")
    with_keyword = _place("with_keyword")
    without_keyword = _place("without_keyword")
    without_np = _place("without")
    from_among = _place("from_among")
    against = _place("against")
    within_np = _place("within_place")

    in_play = _place("in_play")
    along_path = _place("along_path")
    from_np = _place("from")
    of_np = _place("of")
    with_np = _place("with")
    del _place

    def place(self, c: list[Any]) -> A.Post:
        return c[0]

    def relative(self, c: list[Any]) -> A.Post:
        return A.Post("relative", (c[0], c[1]))

    def possessor(self, c: list[Any]) -> Any:
        return c[0]

    def with_power(self, c: list[Any]) -> A.Post:
        return A.Post("with_power", (c[0], c[1]))

    def with_cost(self, c: list[Any]) -> A.Post:
        return A.Post("with_cost", str(c[-1]))

    def that_costs(self, c: list[Any]) -> A.Post:
        return A.Post("that_costs", str(c[0]))
