"""AST → canonical card text: the English the grammar reads back into the same AST (the round trip).

The printer is driven by the same lexicon as the parser: a primitive is printed with the verb whose
sense maps to it (``Remove(kind=destroy)`` → *destroy*, ``Move(kind=teleport)`` → *teleport*), each role
in the slot that verb's frame gives it (subject, object, ``to`` phrase...). Voice follows the roles: an
agent is the subject; with no agent, an imperative (``Destroy X``) when the clause has no modal, a
passive (``X can't be attacked``) when it has one; a statement about this card (``Ref("SELF")`` as
subject) is printed without a subject (``Takes 1 less damage``), which the grammar reads back as SELF.
Printing is canonical, not a copy of the card: ``An ally teleports`` may come back as ``An ally
teleports`` or ``Teleport an ally`` depending on the roles, and parsing either gives the same AST.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from codex.cardtext import ast as A
from codex.cardtext import lexicon as L
from codex.cardtext.lexer import INDEFINITE_PRONOUNS

#: Kinds of motion a thing does by itself (the mover is the subject: "it rolls", "this moves") and kinds
#: only an agent causes (the mover is the object, even when it is this card: "push this").
_MOTION_ALONE = frozenset({"move", "teleport", "fly", "roll", "leap"})
_CAUSED_MOTION = frozenset({"push", "pull", "drag", "throw"})
_NUM = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
        10: "ten", 11: "eleven", 12: "twelve", 13: "thirteen"}


class PrintError(ValueError):
    """An AST the printer has no canonical English for."""


def to_text(node: Any, name: str | None = None) -> str:
    """Canonical text of a :class:`~codex.cardtext.ast.CardText`, an ability, a sentence or a clause.
    ``name``: the card's name, printed where the AST says SELF (default: the CardText's name)."""
    if name is None and isinstance(node, A.CardText):
        name = node.name
    return _articles(_Printer(name).text(node))


def _articles(text: str) -> str:
    """``a``/``an`` by the sound of the next word (a vowel letter: ``an``)."""
    import re

    return re.sub(r"\b([Aa])n? (?=([\w(+-]+))", lambda m: m.group(1) + ("n " if _vowel_sound(m.group(2)) else " "), text)


def _vowel_sound(word: str) -> bool:
    """``an`` before a vowel sound: ``an ally``, ``a unit``, ``a one-shot``, ``an (A)`` is not a word."""
    w = word.lower()
    return w[:1] in "aeiou" and not w.startswith(("uni", "use", "one", "eu"))


def _j(*parts: Any) -> str:
    return " ".join(str(p) for p in parts if p not in (None, ""))


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


@lru_cache(maxsize=1)
def _verbs() -> dict[tuple[str, tuple[tuple[str, Any], ...]], list[tuple[str, L.Sense]]]:
    """Verb senses by the primitive (and fixed arguments) they map to, in lexicon order."""
    lex = L.load()
    out: dict[tuple[str, tuple[tuple[str, Any], ...]], list[tuple[str, L.Sense]]] = {}
    for lemma, senses in lex.verbs.items():
        for s in senses:
            if s.primitive:
                out.setdefault((s.primitive, tuple(sorted(s.args.items()))), []).append((lemma, s))
    return out


@lru_cache(maxsize=1)
def _forms() -> dict[str, dict[str, str]]:
    data = L.read_yaml(L.LEXICON_PATH)
    return {k: L._verb_forms(k, (v or {}).get("forms") or {}) for k, v in (data.get("verbs") or {}).items()}


def _form(lemma: str, form: str) -> str:
    forms = _forms().get(lemma) or L._verb_forms(lemma, {})
    return forms[form]


@lru_cache(maxsize=1)
def _surfaces() -> dict[str, str]:
    """Adverbs and place words by lemma → how they are written (``in_cardinal_direction`` → ``in a
    cardinal direction``)."""
    data = L.read_yaml(L.LEXICON_PATH)
    out: dict[str, str] = {}
    for section in ("adverbs", "place_adverbs"):
        for key, entry in (data.get(section) or {}).items():
            lemma = (entry or {}).get("lemma", key)
            out.setdefault(lemma, key)
    return out


def _adverb(word: str) -> str:
    return _surfaces().get(word, word.replace("_", " "))


class _Printer:
    def __init__(self, name: str | None = None) -> None:
        self.name = name
        self.subordinate = 0  # inside a trigger event or a condition: no imperative
        self.host_plural = False  # the number of the noun whose relative clause is being printed
        self.main: Any = None  # the clause being printed at sentence level, its subject once printed
        self.main_subject: Any = None
        self.elide: Any = None
        self.infinitive: Any = None  # the purpose clause being printed after "to": no subject of its own
        self.after_verb_for: Any = None  # the clause whose adverbs were written right after its verb

    # ---------------------------------------------------------------- abilities
    def text(self, node: Any) -> str:
        if isinstance(node, A.CardText):
            return "\n".join(self.line(line) for line in node.lines)
        if isinstance(node, A.ABILITY_TYPES):
            return self.ability(node)
        if isinstance(node, A.Sentence):
            return self.sentence(node)
        if isinstance(node, A.Clause):
            return _cap(self.clause(node)) + "."
        return self.np(node)

    def line(self, line: tuple[Any, ...]) -> str:
        """One line of abilities; a keyword line with more after it on the line ends with a period."""
        out = [self.ability(a) + ("." if isinstance(a, A.KeywordLine) and i + 1 < len(line) else "")
               for i, a in enumerate(line)]
        return " ".join(out)

    def ability(self, a: Any) -> str:
        if isinstance(a, A.KeywordLine):
            return ", ".join(self.keyword(k) if isinstance(k, A.Keyword) else _cap(self.clause(k)) for k in a.items)
        if isinstance(a, A.Unparsed):
            return a.text
        prefix = "".join(getattr(a, "threshold", ())) + " \u2014 " if getattr(a, "threshold", ()) else ""
        if isinstance(a, A.Activated):
            # a use limit the meaning layer carries among the costs before moving it onto the first
            # sentence ("Twice per turn, (1) → ...": `meaning.arrow_left`) prints where it was written
            costs = ", ".join(self.limit(c) if isinstance(c, A.Limit) else self.cost(c) for c in a.costs)
            return prefix + f"{_cap(costs)} \u2192 " + self.body(a.body)
        if isinstance(a, A.Genesis):
            word = "Genesis & Deathrite" if a.deathrite else "Genesis"
            return prefix + f"{word} \u2192 " + self.body(a.body)
        if isinstance(a, A.Deathrite):
            return prefix + "Deathrite \u2192 " + self.body(a.body)
        if isinstance(a, A.Triggered):
            first, *rest = a.body
            delayed = ""
            if rest and _split_delay(first, rest[0]):     # "..., draw a spell and discard a card at the end of your turn"
                first = A.replace(first, clauses=first.clauses + rest[0].clauses, links=first.links + ("and",))
                delayed = " " + self.trigger(rest[0].delay)
                rest = rest[1:]
            said = self.sentence(first, lead=True)
            if delayed:
                said = said[:-1] + delayed + said[-1]
            head = self.trigger(a.trigger) + ", " + said
            return prefix + " ".join([_cap(head)] + ([self.body(tuple(rest))] if rest else []))
        if isinstance(a, A.Statement):
            return prefix + self.body(a.body)
        raise PrintError(f"not an ability: {type(a).__name__}")

    def pronoun_subject(self, s: A.Sentence, text: str) -> str:
        """A sentence whose subject was written "It" (`A.Clause.pronoun`) prints that pronoun again, so
        the text reads back to the same tree."""
        first = s.clauses[0] if s.clauses and isinstance(s.clauses[0], A.Clause) else None
        if first is None or not first.pronoun:
            return text
        act = first.action
        subject = getattr(act, "agent", None) or getattr(act, "patient", None)
        words = self.np(subject) if subject is not None else ""
        if words and text.lower().startswith(words.lower() + " "):
            return first.pronoun.capitalize() + text[len(words):]
        return text

    def body(self, body: tuple[Any, ...]) -> str:
        out: list[str] = []
        i = 0
        while i < len(body):
            s = body[i]
            later = body[i + 1] if i + 1 < len(body) else None
            if _split_delay(s, later):
                # the two sentences `meaning.split_trailing_delay` made of one ("Banish X and return it at the
                # start of your next turn") print as that one: written apart, the timed sentence on a card's
                # line of its own would read as a triggered ability of the card
                joined = A.replace(s, clauses=s.clauses + later.clauses, links=s.links + ("and",))
                text = self.sentence(joined)
                out.append(f"{text[:-1]} {self.trigger(later.delay)}{text[-1]}")
                i += 2
                continue
            out.append(self.pronoun_subject(s, self.sentence(s)) if isinstance(s, A.Sentence) else self.sentence(s))
            i += 1
        return " ".join(out)

    def keyword(self, k: A.Keyword) -> str:
        name = k.name.capitalize()
        if k.name == "spellcaster" and k.value:
            v = str(k.value)
            return f"{v.capitalize()} Spellcaster"
        if k.name == "movement" and k.value is not None:
            return f"Movement +{int(k.value)}"
        if k.name == "ranged" and k.value is not None:
            return f"Ranged {int(k.value)}"
        if k.name == "range" and k.value is not None:
            return f"{int(k.value):+d} Range"
        return name

    def cost(self, c: A.Cost) -> str:
        if c.kind == "mana":
            return "".join(c.arg.symbols)
        if c.kind == "tap":
            return _j("tap", self.np(c.arg) if c.arg is not None else None)
        if c.kind in ("sacrifice", "discard", "banish"):
            return _j(c.kind, self.np(c.arg))
        if c.kind == "reveal":
            return "reveal from hand" if c.arg is None else _j("reveal", self.np(c.arg))
        if c.kind == "life":
            return f"pay {self.num(c.arg)} life"
        if c.kind == "pay":
            return _j("pay", self.np(c.arg))
        if c.kind == "lose":
            return _j("lose", self.grants(c.arg))
        if c.kind == "action":
            return self.clause(c.arg) if isinstance(c.arg, A.Clause) else self.clause(A.Clause(c.arg))
        raise PrintError(f"cost {c.kind}")

    def trigger(self, t: A.Trigger) -> str:
        if t.kind == "at":
            phase = "start and end" if t.phase == "start_and_end" else t.phase
            return f"at the {phase} of {self.turn(t.turn)}"
        if t.kind == "after_turn":
            return f"after {self.turn(t.turn)}"
        scope = f" {self.turn(t.scope)}" if t.scope is not None else ""
        if t.scope is not None and t.scope.whose not in ("each", None) and t.scope.which is None:
            scope = f" during{scope}"      # "the first time ... during your turn": in each of those turns
        self.subordinate += 1
        try:
            event = self.event(t.event)
        finally:
            self.subordinate -= 1
        word = {"first_time": "the first time", "next_time": "the next time", "immediately_after": "immediately after"}.get(t.kind, t.kind)
        if t.kind in ("first_time", "next_time") and scope:
            return f"{word} {event}{scope}"
        return f"{word} {event}{scope}"

    def event(self, e: Any) -> str:
        if isinstance(e, A.Group):  # "another unit enters or leaves this site": one subject
            first, *rest = e.items
            return f" {e.conj} ".join([self.clause(first)] + [self.clause(c, shared="third") for c in rest])
        return self.clause(e)

    # ---------------------------------------------------------------- sentences
    def sentence(self, s: A.Sentence, lead: bool = False) -> str:
        fronted: list[str] = []
        if "then" in s.adverbs:
            fronted.append("then")
        if s.delay is not None:      # "At the end of this turn, ...": the effect waits for that time
            fronted.append(self.trigger(s.delay))
        if s.limit is not None:
            fronted.append(self.limit(s.limit))
        previous: A.Condition | None = None
        for c in s.conditions:
            if previous is not None and c.kind == previous.kind and c.kind in ("if", "while") \
                    and c.clause is not None and _state_with_subject(c.clause):
                self.subordinate += 1   # "If an ally is here and an enemy is nearby, ...": one "if", two states
                try:
                    fronted[-1] += " and " + self.clause(c.clause)
                finally:
                    self.subordinate -= 1
            else:
                fronted.append(self.condition(c))
            previous = c
        if s.duration is not None:
            fronted.append(self.duration(s.duration))
        if s.per is not None:
            fronted.append(f"for {self.per(s.per)}")
        for a in s.adverbs:
            if a != "then":
                fronted.append(_adverb(a))
        for adj in s.adjuncts:
            fronted.append(self.adjunct(adj))
        parts = [self.clause(s.clauses[0])]
        subjects = [self.main_subject]
        serial = len(s.links) > 1 and all(link == "and" for link in s.links)  # "A, B, and C"
        for k, (link, c) in enumerate(zip(s.links, s.clauses[1:])):
            sep = {"and": ", and", "then": ", then", "or": ", or", "and/or": ", and/or", ":": ":"}.get(link, f", {link}")
            if serial and k + 1 < len(s.links):
                sep = ","
            prev = subjects[-1]  # left out when the parser continues it (meaning._inherits)
            elide = prev if link == "and" or prev == A.Ref("you") or not _plural(prev) else None
            parts.append(f"{sep} {self.clause(c, elide=elide)}")
            subjects.append(self.main_subject)
        body = "".join(parts[:1]) + "".join(parts[1:])
        text = ""
        head = [f for f in fronted if f != "then"]
        if "then" in fronted:
            text = "then "
        if head:
            text += ", ".join(head) + ", "
        text += body
        return (text if lead else _cap(text)) + "."

    # ---------------------------------------------------------------- clauses
    def clause(self, c: A.Clause, gapped: bool = False, shared: str | None = None, elide: Any = None) -> str:
        """A clause; ``elide``: the previous clause's subject, left out when this one's is the same
        (``They are water sites, provide ..., and lose ...``)."""
        action = c.action
        self.main, self.main_subject, self.elide = c, None, elide
        tail = self.clause_tail(c)
        self.after_verb_for = None
        if gapped or shared:
            core = _Verb(self, action, c, gapped=gapped, shared=shared).text()
        else:
            core = self.verb_phrase(action, c)
        if _after_verb(c) and self.after_verb_for is not c:
            # the verb was written in no form that takes them after it (a copula, a modal...): last, as before
            subject = self.main_subject
            tail = self.clause_tail(c, after_verb=False)
            self.main_subject = subject
        text = _j(core, *tail).replace(" ,", ",")
        if c.purpose is not None and isinstance(getattr(c.purpose.action, "agent", None), A.Ref) \
                and c.purpose.action.agent.word == "you" and not c.purpose.modal and not c.purpose.negated:
            text += " to have " + self.clause(c.purpose)   # "to have you gain 1 life": a doer of its own
        elif c.purpose is not None:
            self.infinitive = c.purpose
            text += " to " + self.clause(c.purpose).removeprefix("you ")
        previous = None
        for cond in c.conditions:
            if previous is not None and cond.kind == previous.kind and cond.kind in ("if", "while") \
                    and cond.clause is not None and _state_with_subject(cond.clause):
                # "while here and no enemy is nearby": a second state of the same condition
                self.subordinate += 1
                try:
                    text += " and " + self.clause(cond.clause)
                finally:
                    self.subordinate -= 1
            elif previous is not None and cond.kind == previous.kind and cond.clause is not None \
                    and _doer(cond.clause) == _doer(previous.clause) is not None:
                # "whenever he attacks and kills an enemy": two conditions of one kind, one subject
                self.subordinate += 1
                try:
                    text += " and " + self.clause(cond.clause, shared="third")
                finally:
                    self.subordinate -= 1
            else:
                text += (", " if cond.kind in ("if_able", "if_needed") else " ") + self.condition(cond)
            previous = cond
        return text

    def clause_tail(self, c: A.Clause, after_verb: bool = True) -> list[str]:
        """What follows a clause's verb phrase: its duration, scope, per, adverbs, adjuncts, instead."""
        tail: list[str] = []
        if c.duration is not None:
            tail.append(self.duration(c.duration))
        if c.scope is not None:
            tail.append(self.turn(c.scope))
        if c.per is not None:
            tail.append(f"for {self.per(c.per)}")
        for a in c.adverbs:
            if a in _PREVERBAL or (after_verb and a in _after_verb(c)):
                continue
            tail.append(("," if a.endswith("ed") and a not in _surfaces() else "") + _adverb(a))
        gerunds = []
        for adj in c.adjuncts:
            if adj.prep == "while" and isinstance(adj.what, A.Clause):
                # "draw a card, discarding a spell": a clause-level -ing phrase, set off by a comma, takes
                # everything after it, so it is written last
                gerunds.append(", " + self.adjunct(adj))
            else:
                tail.append(self.adjunct(adj))
        if c.instead:
            tail.append("instead")
        return tail + gerunds

    def verb_phrase(self, action: Any, c: A.Clause) -> str:
        if isinstance(action, A.Group) and all(isinstance(i, A.Clause) for i in action.items):
            # gapping: "deals 3 damage on arrival, and 1 to each other unit" (the verb written once);
            # with "or", an amount replaced: "deals 2 damage to X, or 4 damage to X instead if C"
            first, *rest = action.items
            return f", {action.conj} ".join([self.clause(first)] + [self.clause(i, gapped=True) for i in rest])
        if isinstance(action, A.Group):  # "can't attack or intercept": one subject and modal over the verbs
            first, *rest = action.items
            verbs = [_Verb(self, first, A.replace(c, action=first))]
            verbs += [_Verb(self, a, A.replace(c, action=a), shared="base") for a in rest]
            parts = [v.text() for v in verbs]
            if any(v.passive for v in verbs) and not all(v.passive for v in verbs):
                # "can't be moved, destroyed, or modified": one voice over the list; a verb of motion
                # with no agent reads the same either way
                for k, v in enumerate(verbs):
                    if not v.passive:
                        forced = _Verb(self, v.a, v.c, shared=v.shared)
                        forced.force_passive = True
                        text = forced.text()
                        if forced.passive:
                            parts[k] = text
            return f" {action.conj} ".join(parts)
        return _Verb(self, action, c).text()

    def condition(self, c: A.Condition) -> str:
        self.subordinate += 1
        try:
            return self._condition(c)
        finally:
            self.subordinate -= 1

    def _condition(self, c: A.Condition) -> str:
        if c.kind == "if_able":
            return "if able"
        if c.kind == "if_needed":
            return "if needed"
        if c.kind == "when" and c.clause == A.Clause(A.Enter()):
            return "on arrival"   # the time a move before it ends, whatever moved
        if c.kind == "while" and c.clause is not None and isinstance(c.clause.action, A.IsA) \
                and isinstance(c.clause.action.type, A.Stat) and _is_self(c.clause.action.patient) \
                and isinstance(c.clause.action.type.value, int) and c.clause.action.type.cmp in ("=", ">=", "<=") \
                and c.clause == A.Clause(c.clause.action):
            st = c.clause.action.type   # "at level 8 or more": this card's own stat, named bare
            return _j("at", st.stat, str(st.value), {"=": None, ">=": "or more", "<=": "or less"}[st.cmp])
        word = {"as_if": "as if", "first_time": "the first time", "next_time": "the next time"}.get(c.kind, c.kind)
        if c.kind == "additional_cost":
            self.subordinate, saved = 0, self.subordinate
            try:
                return "as an additional cost to " + self.clause(c.clause)
            finally:
                self.subordinate = saved
        if _clause_list(c.clause):
            return f"{word} {self.clause_list(c.clause.action)}"
        return f"{word} {self.clause(c.clause)}"

    def clause_list(self, g: A.Group) -> str:
        """One condition over two or more clauses (``unless you control a tower and an enemy is nearby``,
        ``if bearer is a minion or would die``): a later clause about the same subject leaves it out
        unless it is a state (the parser reads a state back only with its subject)."""
        first, *rest = g.items
        parts = [self.clause(first)]
        for item in rest:
            if not _state_with_subject(item) and _doer(item) == _doer(first) is not None \
                    and not (item.modal or item.negated or item.tense):   # an auxiliary needs its subject
                parts.append(self.clause(item, shared="third"))
            else:
                parts.append(self.clause(item))
        return f" {g.conj} ".join(parts)

    def duration(self, d: A.Duration) -> str:
        if d.kind == "this_turn":
            return "this turn"
        if d.kind == "permanently":
            return "permanently"
        if d.kind == "until" and d.event is not None:
            self.subordinate += 1
            try:
                return "until " + self.clause(d.event)
            finally:
                self.subordinate -= 1
        if d.kind == "during" and d.event is not None:   # "during the turn it enters the realm"
            self.subordinate += 1
            try:
                return f"during {self.turn(d.turn)} " + self.clause(d.event)
            finally:
                self.subordinate -= 1
        if d.kind == "until" and d.phase:
            return f"until the {d.phase} of {self.turn(d.turn)}"
        if d.kind == "during" and d.phase in ("start", "end"):   # "during its controller's next start phase"
            turn = self.turn(d.turn)
            return f"during {turn[:-len('turn')] if turn.endswith('turn') else turn + ' '}{d.phase} phase"
        if d.kind in ("until", "during"):
            return f"{d.kind} {self.turn(d.turn)}"
        if d.kind == "for":
            return f"for {self.word(d.count)} of {self.turn(d.turn, plural=True)}"
        raise PrintError(f"duration {d.kind}")

    def turn(self, t: A.Turn | None, plural: bool = False) -> str:
        if t is None or (t.whose is None and t.which is None):
            return "turn"  # "until the end of turn"
        noun = "turns" if plural else "turn"
        if t.which == "this" and t.whose is None:
            return "this turn"
        whose = {"each_player": "each player's", "opponent": "an opponent's", None: "the"}.get(t.whose, t.whose)
        if t.whose == "possessed" and t.owner is not None:   # "its controller's next turn"
            owner = self.np(t.owner)
            whose = owner + ("'" if owner.endswith("s") and not owner.endswith("'s") else "'s")
        if t.whose == "enemy":
            return _j("enemy", "turns")
        return _j(whose, t.which, noun)

    def limit(self, lim: A.Limit) -> str:
        times = {1: "once", 2: "twice", "any_number": "any number of times"}.get(lim.count, f"{self.word(lim.count)} times")
        if lim.up_to:
            times = f"up to {self.word(lim.count)} times"
        if lim.turn is None:  # "any number of times", "twice": no turn named
            return times
        if lim.turn.whose == "each":
            return f"{times} per turn"
        return f"{times} on {self.turn(lim.turn)}"

    def per(self, p: Any) -> str:
        if isinstance(p, A.Ref) and p.word == "each":
            return "each"
        return self.np(p)

    def adjunct(self, a: A.Adjunct) -> str:
        if a.prep == "while" and isinstance(a.what, A.Clause):
            return self.gerund(a.what)
        if isinstance(a.what, A.Clause):  # "without losing Stealth"
            return _j(a.prep.replace("_", " "), self.gerund(a.what))
        prep = a.prep.replace("_", " ")
        if a.what is None:
            return prep
        return _j(prep, self.np(a.what))

    def gerund(self, c: A.Clause) -> str:
        """An -ing phrase with its own tail (``repeating for each site in your hand``, ``gaining Voidwalk
        until leaving it``: the per and the duration were lost)."""
        return _j(_Verb(self, c.action, c, gerund=True).text(), *self.clause_tail(c)).replace(" ,", ",")

    # ---------------------------------------------------------------- noun phrases
    def num(self, n: Any) -> str:
        if isinstance(n, bool):
            raise PrintError("a boolean where a number goes")
        if isinstance(n, int):
            return str(n)
        if _that_much(n):
            return "that much"
        if isinstance(n, A.Group) and all(isinstance(i, int) for i in n.items):
            return self.listing([self.num(i) for i in n.items], n.conj)  # "3, then 2, then 1" (damage)
        return str(n)

    def word(self, n: Any) -> str:
        """A count of objects or steps, written as a word as cards do (``two spells``, ``one step``)."""
        return _NUM.get(n, self.num(n)) if isinstance(n, int) and not isinstance(n, bool) else self.num(n)

    def grants(self, grants: tuple[Any, ...]) -> str:
        return self.listing([self.grant(g) for g in grants], "and")

    def grant(self, g: Any) -> str:
        if isinstance(g, A.Keyword):
            return self.keyword(g)
        if isinstance(g, A.PowerMod) and _measured(g.amount):   # "power equal to its power"
            return "power equal to " + self.np(g.amount)
        if isinstance(g, (A.PowerMod, A.RangeMod)):
            noun = "power" if isinstance(g, A.PowerMod) else "range"
            if isinstance(g.amount, str):   # "+X power", "-X power"
                return f"{g.amount if g.amount.startswith('-') else '+' + g.amount} {noun}"
            return f"{g.amount:+d} {noun}"
        if isinstance(g, A.GrantedAbility):
            return '"' + " ".join(self.ability(a) for a in g.abilities) + '"'
        return self.np(g)

    def listing(self, items: list[str], conj: str) -> str:
        if len(items) == 1:
            return items[0]
        if conj == "then":  # an ordered list: "3, then 2, then 1"
            return ", then ".join(items)
        if len(items) == 2:
            return f"{items[0]} {conj} {items[1]}"
        return ", ".join(items[:-1]) + f", {conj} {items[-1]}"

    def np(self, n: Any) -> str:
        if n is None:
            return ""
        if isinstance(n, A.Ref) and n.word == "which" and not n.filters:
            return ""  # the noun a relative clause restricts: written by the clause's place, not a word
        if isinstance(n, A.Ref):
            word = {"SELF": self.name or "this", "they": "them", "he": "him", "she": "her"}.get(n.word, n.word)
            return _j(word, *[self.filter(f) for f in n.filters])
        if isinstance(n, A.Group):
            if all(isinstance(i, A.Clause) for i in n.items):
                return f" {n.conj} ".join(self.clause(i) for i in n.items)
            factored = self.factored(n)
            if factored is not None:
                return factored
            last = len(n.items) - 1   # the last item's place word may stay before it: no item follows to share it
            return self.listing([self.selector(i, post_places=k < last) if isinstance(i, A.Selector) else self.np(i)
                                 for k, i in enumerate(n.items)], n.conj)
        if isinstance(n, A.Mana) and n.extra:   # "an additional (A)"
            return "an additional " + "".join(n.symbols)
        if isinstance(n, A.Mana):
            return "".join(n.symbols) if len(n.symbols) != 2 or n.symbols[0][1].isdigit() == n.symbols[1][1].isdigit() else " and ".join(n.symbols)
        if isinstance(n, A.Partitive):
            count = n.count if isinstance(n.count, str) else self.word(n.count)
            if n.count == "all" and isinstance(n.of, A.Partitive) and n.of.of is None:
                return f"all {self.word(n.of.count)}"   # "all four": its noun left out
            return count if n.of is None else f"{count} of {self.np(n.of)}"
        if isinstance(n, A.Only):
            return f"{self.subject_np(n.of)} alone"
        if isinstance(n, A.Quantity):
            return self.quantity(n)
        if isinstance(n, (A.Keyword, A.PowerMod, A.RangeMod, A.GrantedAbility)):
            return self.grant(n)
        if isinstance(n, A.Where):
            return self.filter(n)
        if isinstance(n, A.Stat):   # an item of a list of tests: "with Airborne or 2 or less power"
            return self.stat(n)
        if isinstance(n, A.Selector):
            return self.selector(n)
        if isinstance(n, (int, str)):
            return str(n)
        raise PrintError(f"no noun phrase for {type(n).__name__}")

    def subject_np(self, n: Any) -> str:
        """A noun phrase as a subject (``they``, not ``them``)."""
        if isinstance(n, A.Ref) and n.word in ("they", "he", "she") and not n.filters:
            return n.word
        if isinstance(n, A.Group) and n.conj == "then":  # "target opponent, then you, may play": commas around
            return self.np(n) + ","
        return self.np(n)

    def factored(self, g: A.Group) -> str | None:
        """The inverse of the distribution rule: ``all auras and artifacts at X`` for two selectors that
        share their determiner and trailing modifiers; ``Demon and Undead minions`` for one noun with a
        different modifier each."""
        items = g.items
        if not all(isinstance(i, A.Selector) for i in items):
            return None
        first = items[0]
        if any(i.det != first.det or i.count != first.count or i.quant != first.quant or i.filters != first.filters
               for i in items):
            return None
        if all(i.noun == first.noun for i in items) and all(len(i.mods) == 1 for i in items) and len({i.mods for i in items}) == len(items):
            if first.noun in INDEFINITE_PRONOUNS and first.det is None and first.count is None:
                # "everything Unique or Elite in the realm"
                return _j(first.noun, self.listing([i.mods[0] for i in items], g.conj), *[self.filter(f) for f in first.filters])
            last = A.replace(items[-1], filters=())
            if first.det in ("a", "target", "another"):  # "a Spirit or an Undead minion": one of either
                head = self.listing([f"{first.det} {i.mods[0]}" for i in items[:-1]] + [self.selector(last)], g.conj)
            else:  # "each Unique or Elite minion", "your Ordinary or Exceptional sites": the determiner once
                head = self.selector(A.replace(last, mods=(self.listing([i.mods[0] for i in items], g.conj),)))
            return _j(head, *[self.filter(f) for f in first.filters]) if first.filters else head
        if first.filters and len({i.mods for i in items}) >= 1:
            names = [self.selector(A.replace(i, filters=())) for i in items]
            return _j(self.listing(names, g.conj), *[self.filter(f) for f in first.filters])
        return None

    def selector(self, s: A.Selector, post_places: bool = False) -> str:
        """``det ordinal count places mods noun filters``; a place word (``nearby``) goes after the noun
        inside a list (but in its last item), where before it it would read as shared by the next items."""
        det: str | None
        if isinstance(s.det, A.Possessive):
            owner = self.np(s.det.owner)
            det = owner + ("'" if owner.endswith("s") and not owner.endswith("'s") and isinstance(s.det.owner, A.Selector) and (s.det.owner.det is None or s.det.owner.plural) else "'s")
            if isinstance(s.det.owner, A.Ref) and s.det.owner.word == "SELF":
                det = (self.name + ("'" if self.name.endswith("s") else "'s")) if self.name else "its"
        else:
            det = s.det
        noun = _noun_form(s.noun, s.plural)
        qty = None
        if s.quant == "up_to":
            qty = f"up to {self.word(s.count)}"
        elif s.quant == "one_to":
            qty = f"one or {self.word(s.count)}"
        elif s.quant == "any_number":
            det, qty = "any number of", None
        elif s.quant in ("at_least", "at_most") and s.count is not None:
            qty = f"{self.num(s.count)} or {'more' if s.quant == 'at_least' else 'less'}"
        elif isinstance(s.count, A.Quantity):   # "cards equal to the number of ...": the count after the noun
            return _j(det, noun, "equal to", self.np(s.count))
        elif s.count is not None:
            qty = self.word(s.count)
        pre = [f for f in s.filters if not post_places and isinstance(f, A.Where) and f.of is None and f.steps is None
               and f.rel in ("nearby", "adjacent")]
        posts = [f for f in s.filters if f not in pre]
        places = [f.rel for f in pre]
        ords = [m for m in s.mods if m in _ORDINALS]
        mods = [m for m in s.mods if m not in _ORDINALS]
        if "other" in mods and det == "target":
            mods.remove("other")
            det = "another target"
        saved, self.host_plural = self.host_plural, s.plural
        try:
            filters = [self.filter(f) for f in posts]
        finally:
            self.host_plural = saved
        if s.noun in INDEFINITE_PRONOUNS:  # "everything Unique": an indefinite pronoun's adjectives follow it
            return _j(det, *ords, qty, noun, *mods, *places, *filters)
        return _j(det, *ords, qty, *places, *mods, noun, *filters)

    def filter(self, f: Any) -> str:
        if isinstance(f, A.Where):
            if f.rel == "within" and f.steps is not None and f.of is not None:   # a range from an origin
                return f"within {self.word(f.steps)} {'step' if f.steps == 1 else 'steps'} of {self.np(f.of)}"
            if f.rel == "within" and f.steps is not None:
                return f"up to {self.word(f.steps)} {'step' if f.steps == 1 else 'steps'} away"
            if f.rel == "direction":   # "the furthest forward": the direction word alone
                return str(f.of)
            if f.rel == "away":
                return f"{self.word(f.steps)} steps away" if f.steps is not None else "away"
            if f.rel.startswith("line_") and f.of is not None:    # "in a straight line north of X"
                return f"in a straight line {f.rel.removeprefix('line_')} of {self.np(f.of)}"
            rel = {"adjacent_to": "adjacent to", "above_or_below": "above or below", "from_among": "from among",
                   "in_play": "in play", "in_realm": "in the realm", "in_front": "in front", "on_ground": "on the ground"}.get(
                f.rel, f.rel.replace("_", " "))
            return _j(rel, self.np(f.of) if f.of is not None else None)
        if isinstance(f, A.With):
            return _j("without" if f.negated else "with", self.np(f.what) if not isinstance(f.what, A.Stat) else self.stat(f.what))
        if isinstance(f, A.Stat):
            return "with " + self.stat(f)
        if isinstance(f, A.Of):
            return "of " + self.np(f.what)
        if isinstance(f, A.Relative):
            return self.relative(f.clause)
        if isinstance(f, A.Aside):
            return f"({self.np(f.what)})"
        raise PrintError(f"no modifier for {type(f).__name__}")

    def stat(self, st: A.Stat) -> str:
        value = self.np(st.value) if not isinstance(st.value, int) else str(st.value)
        if st.combined:      # "a combined mana cost of X or less": the objects picked together
            bound = {"=": "", ">=": " or more", "<=": " or less"}.get(st.cmp, "")
            return f"a combined {'mana cost' if st.stat == 'cost' else st.stat} of {value}{bound}"
        if st.cmp == "=":
            return f"{st.stat} equal to {value}"
        if st.cmp in ("<", ">"):   # "power less than 3"
            return f"{st.stat} {'less' if st.cmp == '<' else 'more'} than {value}"
        word = "or more" if st.cmp == ">=" else "or less"
        if isinstance(st.value, A.Quantity):   # "power equal to or less than its cost": a computed bound
            return f"{st.stat} equal to {word.replace('or ', 'or ', 1)} than {value}"
        if st.stat == "cost":
            return f"cost {value} {word}"
        return f"{value} {word} {st.stat}"

    def relative(self, c: A.Clause) -> str:
        """``that borders X`` (the noun does the verb); ``you control`` / ``it is nearby`` (the noun is
        the object or the place, written without it: a stranded preposition ends it, ``you may play
        this to``)."""
        return self._relative(c).rstrip()

    def _relative(self, c: A.Clause) -> str:
        if _object_gap_with_agent(c):  # "spells cast by a nearby Spellcaster" (its tail: "this turn")
            return _j(_Verb(self, c.action, c, relative=True, reduced=True).text(), *self.clause_tail(c))
        if isinstance(c.action, A.Damage) and _is_which(c.action.amount) and not (c.modal or c.negated):
            return _j(_Verb(self, c.action, c, relative=True).text(), *self.clause_tail(c))
        # the relative clause's own tail too ("that you've cast this turn", "that attacked this turn"),
        # and its own condition ("that they've cast while carrying this")
        return _j("that " + _Verb(self, c.action, c, relative=True).text(), *self.clause_tail(c),
                  *self._relative_conditions(c))

    def _relative_conditions(self, c: A.Clause) -> list[str]:
        saved = (self.main, self.main_subject, self.elide)
        try:
            # a condition with no doer shares the relative clause's subject: an -ing phrase ("while
            # holding this"); written with a subject, the parser would give it to the clause outside
            return [f"{cond.kind} {self.gerund(cond.clause)}" if cond.kind in ("while", "when")
                    and cond.clause is not None and getattr(cond.clause.action, "agent", 1) is None and cond.clause.voice is None
                    else self.condition(cond) for cond in c.conditions]
        finally:
            self.main, self.main_subject, self.elide = saved

    def quantity(self, q: A.Quantity) -> str:
        if q.kind in ("half", "double") and isinstance(q.of, A.Quantity):
            return f"{q.kind} {self.quantity(q.of)}"
        if q.kind == "damage_this_way" and q.of is None:     # exec36: the damage the effect dealt
            return "the damage dealt this way"
        of = self.np(q.of) if q.of is not None else "its"
        if q.kind == "count":
            return f"the number of {of}"
        if isinstance(q.of, A.Ref) and q.of.word in ("it", "they", "he", "she", "you"):
            poss = {"it": "its", "they": "their", "he": "his", "she": "her", "you": "your"}[q.of.word]
            return f"{poss} {q.kind}"
        if _is_self(q.of) and self.name:   # "Ember Golem's power", as cards write it
            return f"{self.name}{chr(39) if self.name.endswith('s') else chr(39) + 's'} {q.kind}"
        return f"the {q.kind} of {of}"


#: Possessive determiners and the pronoun each stands for ("its power": the power of it).
_POSSESSORS = {"its": "it", "their": "they", "his": "he", "her": "she", "your": "you"}

_ORDINALS = {"next", "topmost", "bottommost", "top", "bottom", "first", "last", "final", "previous"}


class _Verb:
    """One primitive printed as a verb phrase (see the module docstring for voice)."""

    def __init__(self, p: _Printer, action: Any, c: A.Clause, relative: bool = False, gerund: bool = False,
                 gapped: bool = False, shared: str | None = None, reduced: bool = False) -> None:
        self.p = p
        self.a = action
        self.c = c
        self.relative = relative
        self.gerund = gerund
        self.gapped = gapped
        self.shared = shared  # "base"/"third": the subject (and modal) are the previous verb's
        self.reduced = reduced  # a reduced passive relative: the participle alone
        self.force_passive = False  # a verb of motion written passive ("can't be moved, destroyed, ...")
        self.passive = False        # whether the text printed was passive

    def text(self) -> str:
        a = self.a
        special = getattr(self, "_" + type(a).__name__, None)
        if special is not None:
            return special()
        return self.generic()

    # ---- helpers
    def plural(self, subject: Any) -> bool:
        """Number agreement; a relative clause's gap agrees with the noun the clause restricts."""
        return self.p.host_plural if _is_which(subject) else _plural(subject)

    def subject_and_verb(self, subject: Any, lemma: str, passive: bool = False) -> str:
        if self.gapped:
            return ""
        if self.reduced and passive:
            return _form(lemma, "part")
        c = self.c
        main = c is self.p.main
        if main:
            self.p.main_subject = subject
        if main and subject is not None and subject == self.p.elide and not self.relative and not self.gerund:
            if passive or c.modal or c.negated or c.tense:
                pass  # the auxiliary carries the subject: written out
            else:
                return _form(lemma, "third") if not self.plural(subject) else lemma
        if self.shared:
            if passive:
                return _form(lemma, "part")
            return _form(lemma, "third") if self.shared == "third" and not self.plural(subject) else lemma
        neg = c.negated
        modal = c.modal
        subj = self.p.subject_np(subject) if subject is not None else ""
        if self.relative:
            subj = "" if _is_which(subject) else subj
        if self.gerund:
            return _form(lemma, "ing") if not passive else "being " + _form(lemma, "part")
        if passive:
            verb_part = _form(lemma, "part")
            if modal:
                head = f"{modal} not be" if neg and modal not in ("can",) else (f"can't be" if neg else f"{modal} be")
                return _j(subj, head, verb_part)
            if c.tense == "past":
                return _j(subj, "were" if self.plural(subject) else "was", verb_part)
            if self.plural(subject):
                return _j(subj, "aren't" if neg else "are", verb_part)
            return _j(subj, "isn't" if neg else "is", verb_part)
        if modal:
            head = "can't" if (neg and modal == "can") else (f"{modal} not" if neg else modal)
            if c.tense == "past":  # "would have died"
                return _j(subj, head, "have", _form(lemma, "part"))
            return _j(subj, head, lemma)
        if c.tense == "past" and neg:  # "if it hasn't attacked"
            return _j(subj, "haven't" if self.plural(subject) else "hasn't", _form(lemma, "part"))
        if c.tense == "past" and _form(lemma, "past") == lemma:
            # a past written as the base ("you cast"): the perfect says it is past ("you have cast")
            have = "have" if self.plural(subject) or (isinstance(subject, A.Ref) and subject.word in ("you", "they")) \
                else "has"
            return _j(subj, have, _form(lemma, "part"))
        if c.tense == "past":
            return _j(subj, _form(lemma, "past"))
        pre = next((a for a in c.adverbs if a in _PREVERBAL), None)
        if not subj and subject is None and self.p.subordinate and not self.relative and not neg:
            # a reduced clause: "while defending", "after attacking"; "if cast", "when played"
            return _form(lemma, "part" if c.voice == "passive" else "ing")
        third = bool(subj or (self.relative and _is_which(subject))) and not self.plural(subject)
        if neg and pre:  # "no longer has", "never moves"
            return _j(subj, _adverb(pre), _form(lemma, "third") if third else lemma)
        if neg:
            return _j(subj, "doesn't" if third else "don't", lemma)
        after = [_adverb(a) for a in _after_verb(c)] if main and not (self.relative or self.gerund) else []
        if after:
            self.p.after_verb_for = c   # written here: the clause's tail leaves them out
        return _j(subj, _form(lemma, "third") if third else lemma, *after)

    def generic(self) -> str:
        a = self.a
        if isinstance(a, A.Action):
            roles = dict(a.roles)
            # the verb's own untyped sense when it names every role ("give X to Y": to is the recipient)
            own = next((sense.roles for sense in L.load().verbs.get(a.lemma, ()) if sense.primitive is None
                        and "subject" in sense.roles and all(r in sense.roles.values() for r in roles)), None)
            return self.frame_print(a.lemma, own or _GENERIC_PRINT, roles)
        name = type(a).__name__
        args = {f: getattr(a, f) for f, _ in A.node_fields(a)}
        ordered = sorted(_verbs().items(), key=lambda kv: kv[0][0] != name)
        for (prim, fixed), senses in ordered:
            if prim != name:
                continue
            senses = sorted(senses, key=lambda ls: ls[0] != name.lower())
            fixed_d = dict(fixed)
            if any(args.get(k) != v for k, v in fixed_d.items()):
                continue
            for lemma, sense in senses:
                if sense.when.get("object") not in (None, "thing", "none"):
                    continue
                roles = {k: v for k, v in args.items() if k not in fixed_d and not (v is None or v is False or v == ()) and k != "kind"}
                if all(r in sense.roles.values() for r in roles):
                    return self.frame_print(lemma, sense.roles, roles)
        raise PrintError(f"no verb prints {name} with roles {sorted(k for k, v in args.items() if v is not None)}")

    def frame_print(self, lemma: str, frame: dict[str, str], roles: dict[str, Any]) -> str:
        slot_of: dict[str, str] = {}
        for slot, role in frame.items():
            slot_of.setdefault(role, slot)
        subj_role = frame.get("subject")
        obj_role = frame.get("object")
        subject = roles.get(subj_role) if subj_role else None
        passive = False
        by_amount = roles.get("amount") is not None and "amount" not in slot_of   # "increased by 2"
        if (subject is None or self.reduced) and obj_role and roles.get(obj_role) is not None and subj_role != obj_role \
                and (self.c.modal or self.c.negated or self.p.subordinate or self.reduced or by_amount
                     or self.relative and _is_which(roles.get(obj_role))):
            # a relative clause whose noun is the object and which names no doer is passive: "the next
            # Beast cast to this site" (it printed "that cast to this site": the Beast casting)
            passive = True
            subject = roles[obj_role]
        elif self.force_passive and subj_role == obj_role and subject is not None and roles.get("agent") is None:
            passive = True   # "X can't move" and "X can't be moved" read the same: passive, as its list is
        self.passive = passive
        if subj_role == obj_role and subject is not None and roles.get("agent") is not None and frame.get("subject") == obj_role:
            # a motion verb used transitively: the agent is the subject, the patient the object
            subject = roles["agent"]
        head = self.subject_and_verb(subject, lemma, passive)
        rest: list[str] = []
        used = {subj_role} if subject is not None and not passive else set()
        if passive:
            used.add(obj_role)
        if obj_role and obj_role not in used and roles.get(obj_role) is not None and obj_role in roles:
            rest.append(self.p.np(roles[obj_role]))
            used.add(obj_role)
        for role, value in roles.items():
            if role in used or value is None:
                continue
            slot = slot_of.get(role)
            if slot in (None, "subject", "object"):
                if role == "agent" and passive:
                    rest.append("by " + self.p.np(value))
                    continue
                if slot == "subject" and subject is not None:
                    continue
                if role == "amount" and slot is None and isinstance(value, (int, A.Mana)):
                    rest.append(f"by {self.p.np(value) if isinstance(value, A.Mana) else value}")   # how much, after "by"
                    continue
                raise PrintError(f"{lemma}: no slot for {role}")
            if slot == "from" and isinstance(value, A.Where) and value.of is None and value.steps is None:
                rest.append(f"from {self.p.np(value)}")   # "from anywhere", "from here": where it comes from
            elif slot == "place" or isinstance(value, A.Where):
                rest.append(self.p.np(value))
            elif slot == "amount":
                rest.append(f"{self.p.word(value)} steps" if role == "steps" else self.p.np(value))
            elif slot == "to_vp":
                rest.append("to " + self.p.clause(value))
            else:
                rest.append(f"{slot.replace('_', ' ')} {self.p.np(value)}")
            used.add(role)
        return _j(head, *rest)

    # ---- primitives with their own English
    def _Damage(self) -> str:
        a = self.a
        if self.relative and _is_which(a.amount):
            return self.damage_gap()
        if self.c.voice == "passive" and a.agent is None and a.patient is None and a.amount is None:
            return "damaged"  # "until hurt", "when damaged"
        amount = "" if a.amount is None else (self.amount(a.amount))
        noun = "strike damage" if a.kind == "strike" else _j(a.kind if a.kind not in (None, "strike") else None, "damage")
        if _measured(a.amount):
            noun += " equal to " + self.p.np(a.amount)
        if self.gapped and a.agent is None and a.patient is not None and not _is_self(a.patient):
            # "deal 2 damage to X and 1 damage to Y": the verb written once, each amount with its patient
            return _j(amount, noun, f"to {self.p.np(a.patient)}")
        imperative = a.agent is None and a.patient is not None and not (
            self.c.modal or self.c.negated or self.c.tense or self.p.subordinate or self.relative or self.gerund
            or self.gapped or self.shared or _is_self(a.patient))
        if a.divided:   # "5 damage divided among X": split among them
            noun += " divided"
        to = "among" if a.divided else "to"
        if a.agent is not None or a.patient is None or imperative or self.relative and _is_which(a.agent):
            head = self.subject_and_verb(a.agent, "deal")
            return _j(head, amount, noun, f"{to} {self.p.np(a.patient)}" if a.patient is not None else None)
        head = self.subject_and_verb(a.patient, "take")
        return _j(head, amount, noun)

    def damage_gap(self) -> str:
        """The damage itself restricted by a relative clause: ``damage dealt to minions nearby``,
        ``damage taken this way``, ``damage that would be dealt to allies`` (a modal's passive)."""
        a = self.a
        if self.c.modal:   # "damage that would be dealt (to allies) this turn"
            head = f"{self.c.modal} not be dealt" if self.c.negated else f"{self.c.modal} be dealt"
            return _j(head, f"by {self.p.np(a.agent)}" if a.agent is not None else None,
                      f"to {self.p.np(a.patient)}" if a.patient is not None else None)
        if a.agent is not None:
            return _j("dealt by", self.p.np(a.agent), f"to {self.p.np(a.patient)}" if a.patient is not None else None)
        if a.patient is not None:
            return _j("dealt to", self.p.np(a.patient))
        return "taken"

    def amount(self, n: Any) -> str:
        if _measured(n):
            return ""
        return self.p.num(n)

    def _GainControl(self) -> str:
        a = self.a
        return _j(self.subject_and_verb(a.agent, "gain"), "control of", self.p.np(a.patient))

    def _Control(self) -> str:
        a = self.a
        return _j(self.subject_and_verb(a.agent, "control"), self.p.np(a.patient))

    def _NoThreshold(self) -> str:
        a = self.a
        if a.patient is None:
            return "ignoring threshold" if self.gerund else "ignore threshold"
        return _j(self.subject_and_verb(a.patient, "require"), "no threshold")

    def _ModifyDamage(self) -> str:
        a = self.a
        damage = "strike damage" if a.kind == "strike" else _j(a.kind, "damage")
        noun = {"none": f"no {damage}", "double": f"double {damage}", "less": f"{a.amount} less {damage}",
                "more": f"{a.amount} more {damage}", "lethal": f"lethal {damage}"}[a.change]
        if a.agent is not None:
            return _j(self.subject_and_verb(a.agent, "deal"), noun, f"to {self.p.np(a.patient)}" if a.patient else None)
        return _j(self.subject_and_verb(a.patient, "take"), noun, f"from {self.p.np(a.source)}" if a.source else None)

    def _Grant(self) -> str:
        a = self.a
        grants = self.p.grants(a.grants)
        if a.agent is not None:  # "you may give an ally Stealth"
            return _j(self.subject_and_verb(a.agent, "give"), grants, "to", self.p.np(a.patient))
        if self.c is self.p.infinitive and a.patient is not None and not self.c.modal and not self.c.negated:
            # "pay (1) to give each ally Stealth": the infinitive's doer is the clause's, the patient its object
            return _j("give", self.p.np(a.patient), grants)
        if self.c.duration is not None or self.c.modal or any(
                isinstance(g, A.PowerMod) and _measured(g.amount) or isinstance(g, A.Ref) for g in a.grants):
            # a computed bonus is gained ("has power equal to X" would set the power, not add to it); so is
            # a pronoun for an ability ("gains it again": "has it" would be owning it)
            return _j(self.subject_and_verb(a.patient, "gain"), grants)
        return _j(self.subject_and_verb(a.patient, "have"), grants)

    def _LoseGrant(self) -> str:
        a = self.a
        what = self.p.grants(a.grants) if a.grants else self.p.np(a.abilities)
        return _j(self.subject_and_verb(a.patient, "lose"), what)

    def _SetState(self) -> str:
        a = self.a
        verbs = {"silenced": "silence", "disabled": "disable", "flooded": "flood"}
        if a.state in verbs and a.agent is None and _chosen(a.patient) and not self.c.modal and not self.c.negated \
                and self.c.tense is None and not self.relative and not self.gerund and not self.p.subordinate:
            return _j(self.subject_and_verb(None, verbs[a.state]), self.p.np(a.patient))  # "flood target site"
        if a.state in verbs and a.agent is None and a.patient is not None and not self.c.modal:
            return _j(self.copula(a.patient), a.state)
        if a.state in verbs:
            return self.frame_print(verbs[a.state], {"subject": "agent", "object": "patient"},
                                    {k: v for k, v in (("agent", a.agent), ("patient", a.patient)) if v is not None})
        if a.state == "awake" and a.patient is not None and (a.agent is not None or (
                _chosen(a.patient) and not self.c.modal and not self.c.negated and self.c.tense is None
                and not self.relative and not self.gerund)):
            # "you may wake it up": someone ends another's sleep (the particle after the object)
            return _j(self.subject_and_verb(a.agent, "wake"), self.p.np(a.patient), "up")
        if a.state == "asleep" and a.patient is None:
            return _j(self.subject_and_verb(a.patient, "fall"), "asleep")
        return _j(self.copula(a.patient), a.state)

    def copula(self, subject: Any) -> str:
        c = self.c
        if subject is None and not self.relative and not c.modal and c.tense is None:
            return "not" if c.negated else ""  # a reduced clause: "while atop X", "if not adjacent to Y"
        if c is self.p.main:
            self.p.main_subject = subject
        subj = "" if subject is None or (self.relative and _is_which(subject)) else self.p.subject_np(subject)
        plural = self.plural(subject)
        if c.modal:
            return _j(subj, "can't be" if c.negated and c.modal == "can" else _j(c.modal, "not" if c.negated else None, "be"))
        if c.tense == "past":
            return _j(subj, ("weren't" if c.negated else "were") if plural else ("wasn't" if c.negated else "was"))
        return _j(subj, ("aren't" if c.negated else "are") if plural else ("isn't" if c.negated else "is"))

    def _ChangeAmount(self) -> str:
        a = self.a
        if a.how == "reduce_by" and a.agent is None and a.patient is not None and isinstance(a.amount, (int, A.Mana)):
            # "damage dealt to this is reduced by 1": the passive, where "by" + a number reads as how much
            return _j(self.copula(a.patient), "reduced by", self.p.np(a.amount) if isinstance(a.amount, A.Mana) else str(a.amount))
        return self.generic()

    def _IsA(self) -> str:
        st = self.a.type
        if isinstance(st, A.Stat) and st.cmp in ("=", ">=", "<=", "<", ">") and isinstance(st.value, int):
            # "its power is 3 or more", "is less than 3": the stat of its owner, compared
            owner = self.a.patient
            det = {v: k for k, v in _POSSESSORS.items()}.get(owner.word) if isinstance(owner, A.Ref) else None
            stat = owner if st.stat == "amount" else A.Selector(st.stat, det if det is not None else A.Possessive(owner))
            if st.cmp in ("<", ">"):
                return _j(self.copula(stat), "less than" if st.cmp == "<" else "greater than", str(st.value))
            return _j(self.copula(stat), str(st.value), {"=": None, ">=": "or more", "<=": "or less"}[st.cmp])
        p = self.a.patient
        t = self.a.type
        if isinstance(t, A.Partitive) and t.of is None and isinstance(t.count, int) and isinstance(p, A.Selector) \
                and p.noun in ("power", "cost", "life") and not (self.c.modal or self.c.negated or self.c.tense):
            # "its power becomes 0": "is 0" reads back as the comparison of a stat
            return _j(self.subject_and_verb(p, "become"), str(t.count))
        return _j(self.copula(self.a.patient), self.p.np(self.a.type))

    def _Located(self) -> str:
        return _j(self.copula(self.a.patient), self.p.np(self.a.where))

    def _Exists(self) -> str:
        return _j("there", "isn't" if self.c.negated else "is", self.p.np(self.a.patient))

    def _Immune(self) -> str:
        return _j(self.copula(self.a.patient), "immune to", self.p.np(self.a.what))

    def _DoSo(self) -> str:
        if self.c.modal:   # "if you can", "if it can't", "they may do so" (the verb is written before "so")
            modal = self.c.modal
            if self.c.negated and modal in ("do", "does"):   # "if you don't", "if it doesn't"
                third = self.a.agent is not None and not self.plural(self.a.agent) and not (
                    isinstance(self.a.agent, A.Ref) and self.a.agent.word in ("you", "they", "we"))
                modal = "doesn't" if modal == "does" or third else "don't"
            elif self.c.negated:
                modal = "can't" if modal == "can" else f"{modal} not"
            return _j(self.p.subject_np(self.a.agent) if self.a.agent is not None else "", modal,
                      "do" if "so" in self.c.adverbs else None)
        return self.subject_and_verb(self.a.agent, "do")

    def _Shoot(self) -> str:
        a = self.a
        count = "a" if a.count == 1 else self.p.word(a.count)
        noun = "projectile" if a.count == 1 else "projectiles"
        return _j(self.subject_and_verb(a.agent, "shoot"), count, "piercing" if a.piercing else None, noun)

    def _Provide(self) -> str:
        a = self.a
        return _j(self.subject_and_verb(a.agent, "provide"), self.p.np(a.patient),
                  f"to {self.p.np(a.recipient)}" if a.recipient is not None else None)

    def _GainMana(self) -> str:
        return _j(self.subject_and_verb(self.a.agent, "gain"), self.p.np(self.a.mana))

    def _GainLife(self) -> str:
        if _measured(self.a.amount):      # "gain life equal to its power"
            return _j(self.subject_and_verb(self.a.agent, "gain"), "life equal to", self.p.np(self.a.amount))
        return _j(self.subject_and_verb(self.a.agent, "gain"), self.p.num(self.a.amount) if self.a.amount is not None else None, "life")

    def _LoseLife(self) -> str:
        if _measured(self.a.amount):      # "lose life equal to half your life"
            return _j(self.subject_and_verb(self.a.agent, "lose"), "life equal to", self.p.np(self.a.amount))
        return _j(self.subject_and_verb(self.a.agent, "lose"), self.p.num(self.a.amount) if self.a.amount is not None else None, "life")

    def _Heal(self) -> str:
        a = self.a
        if a.agent is not None:
            return _j(self.subject_and_verb(a.agent, "heal"), self.p.np(a.patient))
        if _measured(a.amount):   # "heals an amount equal to the number of ..."
            amount: str | None = "an amount equal to " + self.p.np(a.amount)
        else:
            amount = f"{self.p.num(a.amount)} life" if a.amount is not None else None
        return _j(self.subject_and_verb(a.patient, "heal"), amount,
                  f"from {self.p.np(a.source)}" if a.source is not None else None)

    def _CostChange(self) -> str:
        a = self.a
        return _j(self.subject_and_verb(a.patient, "cost"), self.p.np(a.amount), a.direction)

    def _Compare(self) -> str:
        a = self.a
        what = self.p.np(a.patient)
        return _j(self.subject_and_verb(a.agent, a.verb), a.cmp, what, "than", self.p.np(a.than))

    def _Lasts(self) -> str:
        return _j(self.subject_and_verb(A.Ref("SELF"), "last"), self.p.word(self.a.count), "of", self.p.turn(self.a.turn, plural=True))

    def _Move(self) -> str:
        a = self.a
        lemma = {"move": "move", "teleport": "teleport", "push": "push", "pull": "pull", "drag": "drag", "fly": "fly",
                 "throw": "throw", "roll": "roll", "leap": "leap"}.get(a.kind)
        if lemma is None and a.kind.isalpha() and a.kind.islower() and a.kind != "step":
            lemma = a.kind   # a verb the lexicon does not know, read as a motion by its construction
        if a.kind == "step":
            steps = "a step" if a.steps in (None, 1) and not a.up_to else f"{'up to ' if a.up_to else ''}{self.p.word(a.steps)} steps"
            return _j(self.subject_and_verb(a.patient, "take"), steps,
                      a.direction if isinstance(a.direction, str) else None,
                      f"toward {self.p.np(a.dest)}" if a.dest is not None else None)
        if lemma is None:
            raise PrintError(f"move kind {a.kind}")
        told = self.c.modal or self.c.negated or self.c.tense or self.p.subordinate or self.relative or self.gerund
        if a.agent is not None and (A.is_manner(a.agent) or a.voice == "passive") and a.patient is not None \
                and (told or a.voice == "passive"):
            # "can't be moved by force": a manner is no subject; the mover stays the subject, passive
            self.passive = True
            head, obj = self.subject_and_verb(a.patient, lemma, True), "by " + self.p.np(a.agent)
        elif a.agent is not None:
            head = self.subject_and_verb(a.agent, lemma)
            obj = self.p.np(a.patient)
        elif a.patient is not None and not told and a.kind not in _MOTION_ALONE and a.voice != "passive" \
                and (not _is_self(a.patient) or a.kind in _CAUSED_MOTION):
            head, obj = lemma, self.p.np(a.patient)   # "Push this": a motion only an agent causes
        else:
            # "can't be moved, destroyed, ...": a list written passive; a motion only an agent causes is
            # passive whenever its mover is the subject ("can't be pushed", "whenever a minion is pushed")
            # a Move keeps its voice: "can't be moved" (moved by something else) is not "can't move"
            self.passive = a.patient is not None and (a.voice == "passive" or a.kind in _CAUSED_MOTION
                                                      or self.force_passive and a.kind != "move")
            head, obj = self.subject_and_verb(a.patient, lemma, self.passive), ""
        dest = None
        between = a.source is not None and a.source == a.dest and not isinstance(a.dest, A.Where)
        if between:   # both ends among the same places: "move between X"
            dest = "between " + self.p.np(a.dest)
        elif isinstance(a.dest, A.Where):
            dest = self.p.np(a.dest)
        elif a.dest is not None:
            dest = ("at " if a.kind == "throw" else "to ") + self.p.np(a.dest)
        steps = f"{self.p.word(a.steps)} step{'s' if a.steps != 1 else ''}" if a.steps is not None else None
        if a.up_to and steps:
            steps = "up to " + steps
        source = f"from {self.p.np(a.source)}" if a.source is not None and not between else None
        if source is not None and dest is not None and dest.startswith("to "):
            # "from one edge to the other": English order, and a destination written last cannot be read
            # as a modifier of the source's noun
            dest, source = source, dest
        path = None
        if a.path is not None:   # a leap goes over what it passes, any other motion through it
            path = f"{'over' if a.kind == 'leap' else 'through'} {self.p.np(a.path)}"
        as_what = f"as {self.p.np(a.instrument)}" if a.instrument is not None else None  # "as a projectile"
        # a compass direction is written after the steps it counts ("two steps south"); a direction of
        # another kind (a player's choice) is no word of the move's own
        compass = a.direction if isinstance(a.direction, str) else None
        return _j(head, obj, as_what, dest, steps, compass, source, path)

    def _Strike(self) -> str:
        a = self.a
        if a.kind is None and a.source is None:
            return self.generic()
        if a.patient is not None:
            raise PrintError("a strike of a kind or from a place at a named target")
        strike = f"a {a.kind} strike" if a.kind else "a strike"   # "perform a ranged strike from X"
        return _j(self.subject_and_verb(a.agent, "perform"), strike,
                  f"from {self.p.np(a.source)}" if a.source is not None else None)

    def _Tap(self) -> str:
        a = self.a
        lemma = "untap" if a.untap else "tap"
        if self.gerund and a.agent is None and a.patient is not None and not _is_self(a.patient):
            return _j(self.subject_and_verb(None, lemma), self.p.np(a.patient))  # "tapping itself"
        if a.agent is None and a.patient is not None and (self.c.modal or self.c.negated or self.c.tense
                                                          or self.p.subordinate or self.relative or self.gerund):
            self.passive = self.force_passive   # in a passive list: "can't be tapped or pushed"
            return self.subject_and_verb(a.patient, lemma, self.passive)
        return _j(self.subject_and_verb(a.agent, lemma), self.p.np(a.patient))

    def _Relocate(self) -> str:
        a = self.a
        if a.agent is not None:
            return _j(self.subject_and_verb(a.agent, a.kind), self.p.np(a.patient))
        if self.c.modal or self.c.negated or _is_self(a.patient):
            return self.subject_and_verb(a.patient, a.kind)
        return _j(a.kind, self.p.np(a.patient))

    def _Choose(self) -> str:
        a = self.a
        lemma = {"choose": "choose", "name": "name", "target": "target"}[a.kind]
        if a.agent is None and a.patient is not None and a.action is None and (self.c.modal or self.c.negated) \
                and not (self.relative or self.gerund or self.gapped or self.shared):
            # "allies here can't be targeted": no chooser named, the chosen is the subject (it printed
            # "can't target allies here", this card doing the targeting)
            self.passive = True
            return self.subject_and_verb(a.patient, lemma, True)
        return _j(self.subject_and_verb(a.agent, lemma), self.p.np(a.patient),
                  "to " + self.p.clause(a.action) if a.action is not None else None)


#: Primitives the printer writes with their own English (not through a verb frame).
_OWN_ENGLISH = frozenset(n[1:] for n in dir(_Verb) if n[:1] == "_" and n[1:2].isupper())

#: Adverbs written before the verb (with negation: ``no longer has``).
_PREVERBAL = frozenset({"no_longer", "never"})

_GENERIC_PRINT = {"subject": "agent", "object": "patient", "to": "dest", "from": "source", "with": "instrument",
                  "place": "dest", "through": "path", "to_vp": "action",
                  # a verb with no typed primitive keeps a phrase under its preposition's name (the meaning
                  # layer's generic roles): written back with that preposition ("bury X beneath Y")
                  **{p: p for p in ("at", "on", "for", "over", "as", "in", "under", "beneath", "among", "between",
                                    "of", "off", "against")}}


def _roles(action: Any) -> list[tuple[str, Any]]:
    if isinstance(action, A.Action):
        return list(action.roles)
    if isinstance(action, A.Node):
        return [(f, getattr(action, f)) for f in action.__struct_fields__]
    return []


def _object_gap_with_agent(c: A.Clause) -> bool:
    """A relative clause whose noun is the object and which names the doer, with no modal or negation:
    printed as a reduced passive (``cast by X``)."""
    if c.modal or c.negated or c.tense or c.duration is not None or c.scope is not None \
            or not isinstance(c.action, A.Node) \
            or isinstance(c.action, A.Group):
        return False   # a duration reads back as a past participle's scope: "that you cast this turn"
    roles = dict(_roles(c.action))
    return _is_which(roles.get("patient")) and roles.get("agent") is not None and not _is_which(roles.get("agent")) \
        and type(c.action).__name__ not in _OWN_ENGLISH


@lru_cache(maxsize=4096)
def _after_verb(c: A.Clause) -> tuple[str, ...]:
    """A plain present clause's adverbs written right after its verb (``moves freely between sites that
    ...``), not last: its complements (or its ``for each``) end in a relative clause, which would take
    an adverb written after it. Only a single-verb clause with no modal, negation or tense (the verb is written in one word)."""
    if c.modal or c.negated or c.tense or isinstance(c.action, A.Group) or not c.adverbs:
        return ()
    if not any(isinstance(n, A.Relative) for n in A.walk((c.action, c.per))):
        return ()
    return tuple(a for a in c.adverbs if a not in _PREVERBAL and a.isalpha())


def _measured(n: Any) -> bool:
    """An amount a noun phrase measures rather than a number (``equal to its power``, a `Quantity`;
    ``equal to its (W)``, the selector of an element's threshold): written ``equal to`` it, never as
    a number before the noun it counts."""
    return isinstance(n, (A.Quantity, A.Selector)) and not _that_much(n)


def _that_much(n: Any) -> bool:
    """"that much" (the amount named before): written before its noun, as a number is."""
    return isinstance(n, A.Quantity) and n.kind == "that_much"


def _noun_form(noun: str, plural: bool) -> str:
    """How a noun lemma is written: its plural form from the lexicon (``bodies of water``), a name's
    plural by the spelling rule."""
    if not plural:
        return noun
    return _noun_plurals().get(noun) or L.plural(noun)


@lru_cache(maxsize=1)
def _noun_plurals() -> dict[str, str]:
    data = L.read_yaml(L.LEXICON_PATH)
    return {k: ((v or {}).get("forms") or {}).get("plural") or L.plural(k) for k, v in (data.get("nouns") or {}).items()}


def _plural(n: Any) -> bool:
    """Whether a subject takes a plural verb (``allies have``, ``you gain``, ``X and Y are``)."""
    if isinstance(n, A.Ref):
        return n.word in ("you", "they", "we", "them", "themselves", "those", "these")
    if isinstance(n, A.Group):
        return n.conj == "and"
    if isinstance(n, A.Selector):
        return n.plural
    if isinstance(n, A.Partitive):
        return n.count not in (1, "each", "one")
    if isinstance(n, A.Only):
        return _plural(n.of)
    return False


def _state_with_subject(c: Any) -> bool:
    """Whether a condition's clause is a state written with a subject of its own ("no enemy is nearby",
    "it is a minion", "you control a tower"): joined to the condition before it by a bare "and", the
    parser reads it back as a second condition (meaning._conditions_with_two_clauses)."""
    if not isinstance(c, A.Clause) or c.modal or c.tense:
        return False
    a = c.action
    if isinstance(a, (A.Located, A.IsA, A.Exists)):
        return getattr(a, "patient", None) is not None
    return isinstance(a, (A.Control, A.Own, A.Compare, A.Occupy)) and getattr(a, "agent", None) is not None


def _clause_list(c: Any) -> bool:
    """A condition's clause that is a list of clauses (one ``unless`` over two states, ``if A or B``)."""
    return isinstance(c, A.Clause) and isinstance(c.action, A.Group) and len(c.action.items) > 1 \
        and all(isinstance(i, A.Clause) for i in c.action.items) and c.modal is None and not c.negated \
        and not c.conditions and c.duration is None and not c.adverbs and not c.adjuncts


def _doer(c: A.Clause | None) -> Any:
    """Who does a clause's action (its agent, else its patient), for telling two clauses share a subject."""
    a = c.action if c is not None else None
    return getattr(a, "agent", None) or getattr(a, "patient", None)


def _chosen(n: Any) -> bool:
    """A patient an effect picks (``target site``, ``each minion``): printed as the object of an
    imperative, not the subject of a state."""
    return isinstance(n, A.Selector) and n.det in ("target", "a", "each", "another", "all") or (
        isinstance(n, A.Ref) and n.word in ("it", "they", "them"))


def _is_self(n: Any) -> bool:
    return isinstance(n, A.Ref) and n.word == "SELF" and not n.filters


def _is_which(n: Any) -> bool:
    return isinstance(n, A.Ref) and n.word == "which"


def _plain(s: Any) -> bool:
    """A sentence with nothing written before its clauses (no condition, time, limit, adverb...)."""
    return isinstance(s, A.Sentence) and not (s.conditions or s.duration or s.per or s.limit or s.adverbs
                                              or s.adjuncts)


def _split_delay(s: Any, later: Any) -> bool:
    """Whether ``later`` is the delayed last clause `meaning.split_trailing_delay` split off ``s``."""
    return _plain(s) and _plain(later) and s.delay is None and later.delay is not None \
        and later.delay.kind == "at" and len(later.clauses) == 1 and bool(s.clauses) and not any(
            c.conditions for c in later.clauses)
