"""AST → canonical card text. Printing a parsed card and normalising the original should agree
(the round-trip check); reparsing printed text gives the same AST (property tests)."""
from __future__ import annotations

from typing import Any

from codex.cardtext import ast as A

_NUM = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
        10: "ten", 11: "eleven", 12: "twelve", 13: "thirteen"}


def _j(*parts: Any) -> str:
    return " ".join(str(p) for p in parts if p not in (None, ""))


def _num(n: Any) -> str:
    """A count as words (``two``) unless the card wrote digits (a :class:`Num` keeps what was written)."""
    if isinstance(n, A.Num):
        return n.word or str(int(n))
    return _NUM.get(n, str(n)) if isinstance(n, int) else str(n)


def _np(n: Any) -> str:
    if isinstance(n, int):
        return _num(n)
    if isinstance(n, A.Ref):
        return _j(n.word, *[_post(p) for p in n.posts])
    if isinstance(n, A.Group):
        items = [_np(i) for i in n.items]
        if len(items) == 2:
            return f"{items[0]}{',' if n.serial else ''} {n.conj} {items[1]}"
        return ", ".join(items[:-1]) + f"{',' if n.serial else ''} {n.conj} {items[-1]}"
    if isinstance(n, A.Selector):
        det = _np(n.det.owner) + n.det.mark if isinstance(n.det, A.Possessive) else n.det
        if n.quant == "partitive":
            return f"{_num(n.count)} of {_np(n.posts[0].arg)}"
        if n.quant == "det_counted":
            return _j(det, *n.pre, _num(n.count), *n.mods, n.noun, *[_post(p) for p in n.posts])
        head = {"counted": _num(n.count), "up_to": f"up to {_num(n.count)}", "any_number": "any number of"}
        return _j(head.get(n.quant or "", det), *n.pre, *n.mods, n.noun, *[_post(p) for p in n.posts])
    return str(n)


def _post(p: A.Post) -> str:
    simple = {"here": "here", "there": "there", "nearby": "nearby", "adjacent": "adjacent",
              "in_play": "in play", "along_path": "along its path"}
    if p.kind in simple:
        return simple[p.kind]
    if p.kind == "within":
        return f"up to {_num(p.arg)} steps away"
    if p.kind == "above_or_below":
        return f"above or below {_np(p.arg)}"
    if p.kind == "with_power":
        return f"with {_num(p.arg[0])} or {p.arg[1]} power"
    if p.kind in ("with_keyword", "without_keyword"):
        return f"{p.kind.split('_')[0]} {_kw(p.arg)}"
    if p.kind.endswith("_by"):
        return f"{p.kind.replace('_', ' ')} {_np(p.arg)}"
    if p.kind == "from_among":
        return f"from among {_np(p.arg)}"
    if p.kind == "adjacent_to":
        return f"adjacent to {_np(p.arg)}"
    if p.kind == "within_place":
        return f"within {_np(p.arg)}"
    if p.kind == "with_cost":
        return f"with mana cost {p.arg} or less"
    if p.kind == "that_costs":
        return f"that costs {p.arg} or less"
    if p.kind == "relative":
        return f"{_np(p.arg[0])} {p.arg[1]}"
    if p.kind == "relative_is":
        return f"{_np(p.arg[0])} is {_post(p.arg[1])}"
    return f"{p.kind} {_np(p.arg)}"


def _kw(k: A.Keyword) -> str:
    name = k.name.capitalize()
    if k.name == "movement":
        return f"Movement +{k.value}"
    if k.name == "ranged" and k.value is not None:
        return f"Ranged {k.value}"
    if k.name == "spellcaster" and k.value:
        return f"{k.value.capitalize()} Spellcaster"
    return name


def _grant(g: Any) -> str:
    if isinstance(g, A.PowerMod):
        return _j(f"{g.amount:+d} power", f"for each {_np(g.per)}" if g.per else None)
    if isinstance(g, A.RangeMod):
        return f"{g.amount:+d} range"
    if isinstance(g, A.Keyword):
        return _kw(g)
    if isinstance(g, A.GrantedAbility):
        return '"' + " ".join(_ability(a) for a in g.ability) + '"'
    return str(g)


def _grants(gs: tuple[Any, ...]) -> str:
    items = [_grant(g) for g in gs]
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + ", and " + items[-1]


def _dest(d: Any) -> str | None:
    if not d:
        return None
    return d[0] if d[1] is None else f"{d[0]} {_np(d[1])}"


def _action(a: Any) -> str:
    t = type(a)
    if t is A.Damage:
        if a.quantity is not None:
            q = _quantity(a.quantity)
            return _j("deal damage equal to", q, f"to {_np(a.target)}" if a.target else None)
        amt = None if a.amount is None else _num(a.amount)
        return _j("deal", amt, "damage", f"to {_np(a.target)}" if a.target else None)
    simple = {A.TakeDamage: lambda: ("takes damage" if a.amount is None else f"takes {_num(a.amount)} damage")
              if a.quantity is None else
              f"takes damage equal to {_quantity(a.quantity)}",
              A.Cast: lambda: _j("cast", _np(a.what) if a.what is not None else None, _dest(a.dest)),
              A.Choose: lambda: f"{a.kind} {_np(a.what)}",
              A.Include: lambda: f"include {_np(a.what)}",
              A.Force: lambda: f"force {_np(a.who)} to {_action(a.action)}",
              A.CostChange: lambda: f"costs {a.mana} {a.direction}",
              A.IsA: lambda: _j("becomes" if a.become else "is", "also" if a.also else None, _np(a.what)),
              A.DamageReduction: lambda: _j(f"takes {_num(a.amount)} less damage", f"from {_np(a.source)}" if a.source else None),
              A.DamageImmunity: lambda: _j("takes no damage", f"from {_np(a.source)}" if a.source else None),
              A.Draw: lambda: f"draw {_np(a.what)}",
              A.Heal: lambda: f"heals {_num(a.amount)} life" if a.target is None else f"heals {_np(a.target)}",
              A.GainLife: lambda: f"gain {_num(a.amount)} life", A.LoseLife: lambda: f"lose {_num(a.amount)} life",
              A.GainMana: lambda: f"gain {a.mana}" if not a.choice else
              "gain " + ", ".join(a.choice[:-1]) + ", or " + a.choice[-1],
              A.NoThreshold: lambda: "requires no threshold",
              A.Provide: lambda: _j("only" if a.only else None, "provides", _provided(a),
                                    "for everyone" if a.to == A.Ref("everyone") else
                                    f"to {_np(a.to)}" if a.to else None),
              A.Pay: lambda: f"pay {a.mana}", A.Fill: lambda: f"fill {_np(a.target)}",
              A.Summon: lambda: _j("summon", _np(a.what), _dest(a.dest)),
              A.Move: lambda: _j(a.kind, _np(a.what) if a.what else None, *a.adverbs, _dest(a.dest),
                                 _steps(a.steps) if a.steps else None),
              A.Tap: lambda: _j("untap" if a.untap else "tap", _np(a.target) if a.target else None),
              A.Remove: lambda: f"{a.kind} {_np(a.target)}", A.Die: lambda: "dies",
              A.Has: lambda: _j("has", _grants(a.grants), f"for each {_np(a.per)}" if a.per else None),
              A.LoseKeyword: lambda: f"lose {_np(a.what)}" if a.what is not None else f"lose {_grants(a.grants)}",
              A.Drop: lambda: f"drop {_np(a.what)}", A.Prevent: lambda: f"prevent {_np(a.what)}",
              A.ShootProjectile: lambda: _j("shoot", _num(a.count) if a.count != 1 else "a",
                                            "piercing" if a.piercing else None,
                                            "projectile" if a.count == 1 else "projectiles"),
              A.IsState: lambda: f"is {a.state}", A.Flood: lambda: f"flood {_np(a.target)}",
              A.Relocate: lambda: _j(a.kind, _np(a.target) if a.target else None,
                                     f"on {_np(a.on)}" if a.on is not None else None),
              A.Search: lambda: f"search {_np(a.zones)} for {_np(a.what)}",
              A.ReturnTo: lambda: _j("return", _np(a.target) if a.target is not None else None,
                                     f"to {_np(a.dest)}"),
              A.Strike: lambda: "strikes first" if a.first else f"strike {_np(a.target)}",
              A.GainControl: lambda: f"control {_np(a.target)}" if a.static else f"gain control of {_np(a.target)}",
              A.Lasts: lambda: f"lasts {_num(a.turns)} of your turns",
              A.Discard: lambda: f"discard {_np(a.what)}",
              A.Look: lambda: f"reveal {_np(a.what)}" if a.reveal else f"look at {_np(a.what)}",
              A.Shuffle: lambda: _j("shuffle", _np(a.what) if a.what is not None else None, _dest(a.dest)),
              A.Conjure: lambda: _j("conjure", _np(a.what) if a.what is not None else None,
                                                          _dest(a.dest)),
              A.Dispel: lambda: _j("dispel", _np(a.target) if a.target is not None else None),
              A.Silence: lambda: f"silence {_np(a.target)}",
              A.Put: lambda: _j("put", _np(a.what), _dest(a.dest)), A.FallAsleep: lambda: "falls asleep",
              A.Transform: lambda: f"transform {_np(a.target)} into {_np(a.into)}",
              A.Play: lambda: ("play or draw " + _np(a.what)) if a.or_draw else _j("play", _np(a.what), _dest(a.dest)),
              A.Cant: lambda: "can't " + " or ".join(_action(x) for x in a.actions),
              # a passive verb ("be targeted", or "damaged" after "or") takes its agent with "by"
              A.Action: lambda: _j(a.verb, f"by {_np(a.arg)}" if a.arg and a.verb.startswith("be ") or
                                   a.arg and a.verb.endswith("ed") else
                                   (_np(a.arg) if a.arg else None), a.adverb, _dest(a.dest)),
              A.ImpactDamage: lambda: _j(f"deal {_num(a.amount)} damage on impact",
                                         f", and {_num(a.splash)} damage to {_np(a.splash_target)}"
                                         if a.splash is not None else None).replace(" ,", ","),
              A.Negated: lambda: _negated(a),
              A.SharedObject: lambda: f"{a.verb} and {_inflect(_action(a.action), 'base')}",
              A.Immune: lambda: f"is immune to {_grants(a.grants)}"}
    if t is A.TakeSteps:
        return _j("take", _steps(a.steps), f"toward {_np(a.toward)}" if a.toward is not None else None)
    if t is A.GainKeyword:
        if a.to_form:
            return f"give {_grants(a.grants)} to {_np(a.target)}"
        if a.target is not None:
            return f"give {_np(a.target)} {_grants(a.grants)}"
        return f"gains {_grants(a.grants)}"
    if t in simple:
        return simple[t]()
    raise TypeError(f"no printer for {t.__name__}")


def _negated(n: A.Negated) -> str:
    """``doesn't untap``, ``isn't a water site``: the negation word, then the action in its base form
    (``is``/``are`` are part of the negation word)."""
    inner = _action(n.action)
    if inner.startswith("is "):
        return f"{n.written} {inner[3:]}"
    return f"{n.written} {_inflect(inner, 'base')}"


def _provided(p: A.Provide) -> str:
    fixed = {"all": "mana and threshold", "none": "no mana or threshold", "no_mana": "no mana"}
    if p.what == "no_threshold":
        return f"no {p.mana[0]} threshold"
    if p.what in fixed:
        return fixed[p.what]
    if p.what == "extra":
        return f"{_num(int(p.mana[0][1:-1]))} additional mana"
    if p.what == "threshold":
        return f"{p.mana[0]} threshold"
    if len(p.mana) > 1 and p.written_and:
        return "".join(p.mana[:-1]) + " and " + p.mana[-1]
    return "".join(p.mana)


def _steps(steps: tuple[str, Any]) -> str:
    kind, n = steps
    return {"a": "a step", "one": "one step", "up_to": f"up to {_num(n)} steps"}.get(kind, f"{_num(n)} steps")


def _quantity(q: tuple[str, Any]) -> str:
    if q[0] == "mana_cost":
        det, written = q[1]
        return f"{_np(det.owner) + det.mark if isinstance(det, A.Possessive) else det} {written}"
    return {"its_power": "its power"}.get(q[0]) or f"the number of {_np(q[1])}"


def _duration(d: A.Duration) -> str:
    if d.kind == "until_leaves":
        return f"until {_np(d.arg)} leaves the realm"
    if d.kind == "until_end_of_turn":
        return "until the end of turn"
    if d.kind == "until_again":
        return "until you do so again"
    if d.kind == "until_damaged":
        return f"until {_np(d.arg)} takes damage"
    if d.kind == "until_no_longer_has":
        return f"until {_np(d.arg[0])} no longer has {_grants(d.arg[1])}"
    if d.kind == "during":
        return "during " + {"enemy_turns": "enemy turns"}.get(d.arg, str(d.arg).replace("_", " "))
    if d.kind in ("at_end_of", "at_start_of"):
        turn = {"each_players_turn": "each player's turn"}.get(d.arg, str(d.arg).replace("_", " "))
        return f"at the {d.kind[3:-3]} of {turn}"
    return d.kind.replace("_", " ")


def _cond(c: A.Condition) -> str:
    fixed = {"you_do": "you do", "attacking": "attacking", "defending": "defending", "back_row": "in your back row"}
    if c.kind in fixed:
        return fixed[c.kind]
    if c.kind == "not_place":
        return f"not {_post(c.arg)}"
    if c.kind == "place":
        return _post(c.arg)
    if c.kind == "attacking_successfully":
        return f"successfully attacking {_np(c.arg)}"
    if c.kind in ("compare", "control_compare"):
        comp, what, than = c.arg
        verb = "control" if c.kind == "control_compare" else ("has" if not _plural(c.subject) else "have")
        return f"{_np(c.subject)} {verb} {comp} {_np(what)} than {_np(than)}"
    if c.kind == "were":
        return f"{_np(c.subject)} were {c.arg}"
    if c.kind == "event":
        return _j(_np(c.subject), c.arg.verb, _np(c.arg.obj) if c.arg.obj is not None else None,
                  c.arg.scope.replace("_", " ") if c.arg.scope else None)
    if c.kind == "would_again":
        return f"{_np(c.subject)} would"
    if c.kind == "passive":
        return f"{_np(c.subject)} {c.arg}"
    if c.kind == "control":
        return f"you control {_np(c.arg)}"
    if c.kind == "hits":
        return f"it hits {_np(c.arg)}"
    if c.kind in ("there_is", "there_are"):
        return f"there {c.kind[6:]} {_np(c.arg)}"
    if c.kind == "would":
        return f"{_np(c.subject)} would {_inflect(_action(c.arg), 'base')}"
    if c.kind == "has":
        return f"{_np(c.subject)} has {_grants(c.arg)}"
    arg = c.arg
    shown = _post(arg) if isinstance(arg, A.Post) else _kw(arg) if isinstance(arg, A.Keyword) else \
        _np(arg) if isinstance(arg, (A.Selector, A.Ref, A.Group)) else str(arg)
    return f"{_np(c.subject)} is {shown}"


#: Verbs the printer writes in the third person by default (statics of the card itself: ``Takes no
#: damage``), mapped to their base form.
_BASE = {"doesn't": "don't", "isn't": "aren't", "becomes": "become", "requires": "require", "takes": "take", "heals": "heal", "has": "have", "dies": "die",
         "strikes": "strike",
         "provides": "provide", "falls": "fall", "costs": "cost", "gains": "gain", "is": "be"}
_THIRD = {"don't": "doesn't", "aren't": "isn't", "have": "has", "be": "is", "can't": "can't", "cannot": "cannot"}


def _plural(subject: Any) -> bool:
    """Plural subjects take the base verb form (``Nearby allies have``)."""
    if isinstance(subject, A.Group):
        return subject.conj == "and"
    if isinstance(subject, A.Selector):
        return subject.noun.endswith("s") and subject.det not in ("a", "an", "each", "another", "target")
    return isinstance(subject, A.Ref) and subject.word in ("they", "them", "themselves", "you")


def _third(base: str) -> str:
    if base in _THIRD:
        return _THIRD[base]
    if base.endswith(("s", "sh", "ch", "x", "z")):
        return base + "es"
    if base.endswith("y") and base[-2:-1] not in "aeiou":
        return base[:-1] + "ies"
    return base + "s"


def _inflect(action: str, form: str) -> str:
    """Put the first word (the verb) of a printed action in ``form``: ``base`` (after a modal, ``would``
    or a plural subject; ``be`` becomes ``are``), ``plural_be``, or ``third`` (singular subject)."""
    first, _, rest = action.partition(" ")
    if first in ("only", "successfully"):  # "only provides ...": the verb is the second word
        return first + " " + _inflect(rest, form)
    base = _BASE.get(first, first)
    if form == "base":
        word = base
    elif form == "plural":
        word = "are" if base == "be" else base
    else:
        word = _third(base)
    return _j(word, rest)


def _per(per: Any) -> str | None:
    if per is None:
        return None
    if per == A.Ref("each"):  # "for each." with the counted objects left implicit
        return "for each"
    if isinstance(per, A.Selector) and per.quant == "partitive":
        return f"for {_np(per)}"
    return f"for each {_np(per)}"


def _clause(c: A.Clause, implied: Any = None) -> str:
    post = None
    if c.condition:
        k = c.condition.kind
        post = {"instead": "instead", "if_able": "if able", "if_needed": "if needed",
                "the_next_time": "the next time"}.get(k) or \
            f"{k.replace('_', ' ')} {_cond(c.condition.cond)}"
        if k == "the_next_time":
            post = f"the next time {_cond(c.condition.cond)}"
        if c.condition.comma:
            post = ", " + post
    if c.action is None:
        return _j(_np(c.subject), c.modal)
    action = _action(c.action)
    if c.modal:
        action = _inflect(action, "base")
    elif c.subject is not None or implied is not None:
        subject = c.subject if c.subject is not None else implied
        action = _inflect(action, "plural" if _plural(subject) else "third")
    duration = _duration(c.duration) if c.duration else None
    manner = {"any_order": "in any order", "random_order": "in random order", "a_random_order": "in a random order",
              "same_direction": "in the same direction", "cardinal_direction": "in a cardinal direction",
              "same_direction_one_at_a_time": "in the same direction, one at a time",
              "on_the_ground": "on the ground", "on_arrival": "on arrival"}.get(c.manner or "")
    text = _j(_np(c.subject) if c.subject is not None else None, c.modal,
              duration if c.duration_first else None, action,
              f"to {_action(c.purpose)}" if c.purpose is not None else None,
              None if c.duration_first else duration, _per(c.per),
              manner, post)
    return text.replace(" ,", ",")


def _sentence(s: A.Sentence, cap: bool = True) -> str:
    leads = []
    for lead in s.leads:
        leads.append({"if": lambda: f"if {_cond(lead.arg)},", "duration": lambda: f"{_duration(lead.arg)},",
                      "once": lambda: "once on your turn,", "foreach": lambda: f"for each {_np(lead.arg)},",
                      "while": lambda: f"while {_cond(lead.arg)},", "then": lambda: "then",
                      "if_passive": lambda: f"if {lead.arg},", "when_passive": lambda: f"when {lead.arg},",
                      "extra_cost": lambda: f"as an additional cost to cast {_np(lead.arg)},"}[lead.kind]())
    body = _clause(s.clauses[0])
    subject = s.clauses[0].subject
    for sep, clause in zip(s.seps, s.clauses[1:]):
        # "Minions ... lose Airborne and are Immobile": a clause joined by "and" or a comma shares the subject
        implied = subject if sep in ("and", ",", ", and") and clause.subject is None else None
        body += ("" if sep.startswith(",") else " ") + sep.replace(" ,", ",") + " " + _clause(clause, implied)
        subject = clause.subject if clause.subject is not None else subject
    text = _j(*leads, body)
    return (_cap(text) if cap else text) + s.end


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _trigger(t: A.Trigger) -> str:
    if t.kind == "at":
        phase = {"start_and_end": "the start and end"}.get(t.phase or "", f"the {t.phase}")
        turn = {"each_players_turn": "each player's turn"}.get(t.turn or "", (t.turn or "").replace("_", " "))
        return f"At {phase} of {turn}"
    e = t.event
    if t.kind == "after" and e is None:
        turn = t.turn or ""
        return "After " + {"each_players_turn": "each player's turn"}.get(turn, turn.replace("_", " "))
    if t.kind == "whenever_first":
        scope = {"each_turn": " each turn", "this_turn": " this turn"}.get(t.turn or "", "")
        return f"Whenever {_event(t.event)} for the first time{scope}"
    assert e is not None
    if t.kind in ("first_time", "next_time"):
        scope = {"each_turn": " each turn", "this_turn": " this turn"}.get(t.turn or "", "")
        return f"The {t.kind.split('_')[0]} time {_event(e)}{scope}"
    return _cap(f"{t.kind.replace('_', ' ')} {_event(e)}")


def _event(e: A.Event) -> str:
    if e.verb == "would":
        return f"{_np(e.subject)} would {_inflect(_action(e.obj), 'base')}"
    if e.verb == "can_attack":
        return _j(_np(e.subject), "can attack", _np(e.obj) if e.obj is not None else None)
    if isinstance(e.dest, tuple):  # "enters here"
        return _j(_np(e.subject), e.verb, _dest(e.dest))
    if isinstance(e.dest, A.Post):
        return f"{_np(e.subject)} {e.verb.replace('_', ' ')} {_post(e.dest)}"
    if e.dest is not None:
        return f"{_np(e.subject)} {e.verb.replace('_', ' ')} to {_np(e.dest)}"
    if e.verb == "performing_ranged_strike":
        ev = "performing a ranged strike"
    else:
        verb = {"attacks_and_kills": "attacks and kills"}.get(e.verb) or \
            (e.verb.replace("_", " ", 1) if e.verb.startswith(("is_", "are_")) else e.verb)
        ev = _j(_np(e.subject), verb, _np(e.obj) if e.obj is not None else None)
    return ev


def _threshold(node: Any) -> str:
    th = getattr(node, "threshold", ())
    return "".join(th) + " \u2014 " if th else ""


def _ability(a: Any) -> str:
    if isinstance(a, A.Unparsed):
        return a.text
    if isinstance(a, A.KeywordLine):
        return ", ".join(_kw(i) if isinstance(i, A.Keyword) else _cap(_clause(i)) for i in a.items) + a.end
    if isinstance(a, A.Statement):
        return _threshold(a) + _sentence(a.body)
    if isinstance(a, A.Triggered):
        return _threshold(a) + _trigger(a.trigger) + ", " + _sentence(a.body, cap=False)
    if isinstance(a, (A.Activated, A.Genesis, A.Deathrite)):
        if isinstance(a, A.Activated):
            left = ", ".join(_cost(c) for c in a.costs)
        elif isinstance(a, A.Genesis):
            left = "Genesis & Deathrite" if a.deathrite else "Genesis"
        else:
            left = "Deathrite"
        body = " ".join(_sentence(s) if isinstance(s, A.Sentence) else s.text for s in a.body)
        return _threshold(a) + f"{left} \u2192 {body}"
    raise TypeError(f"not an ability: {type(a).__name__}")


def _cost(c: A.Cost) -> str:
    if c.kind == "tap":
        return _j("Tap", _np(c.arg) if c.arg else None)
    if c.kind == "mana":
        return c.arg
    if c.kind == "life":
        return f"Pay {_num(c.arg)} life"
    if c.kind == "reveal":
        return "Reveal from hand"
    return f"{c.kind.capitalize()} {_np(c.arg)}"


def to_text(card: A.CardText | Any) -> str:
    """Canonical text of a CardText (one line per ability line) or of a single ability node.
    ``SELF`` is printed as the card's name when the CardText knows it."""
    if isinstance(card, A.CardText):
        text = "\n".join(" ".join(_ability(a) for a in line) for line in card.lines)
        return text.replace("SELF", card.name) if card.name else text
    return _ability(card)
