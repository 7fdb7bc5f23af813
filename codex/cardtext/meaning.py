"""Meaning: a parse tree (flat chunks) → the typed AST, by rules that are tested one by one.

The grammar leaves every attachment open: a clause is a subject, a verb group and a flat list of
chunks. These rules decide what belongs where:

- **Roles** (:func:`_assign`): the verb's frame (``grammar/lexicon.yaml``) says which slot fills which
  role. A bare noun phrase after the verb is its object (then its second object); a prepositional
  phrase whose preposition the frame names (``to``, ``from``, ``with``...) fills that role while it is
  free; a place adverb (``here``, ``there``) fills ``place`` when the frame has one. Passive voice
  swaps subject and ``by``. The first sense whose condition matches the object (``deal`` + damage,
  ``gain`` + life / mana / a keyword / control) gives the primitive.
- **Modifiers** (:class:`_Phrase`): any other place phrase, ``with``/``of`` phrase, participle,
  ``-ing`` phrase or relative clause modifies the nearest noun before it (the innermost: in ``each
  unit at target location nearby``, ``nearby`` is the location's). A phrase that is neither a role nor
  a modifier of an object or place is a clause adjunct, kept.
- **Coordination** (:func:`_group`): one template for every list (``A, B, and C``; ``A or B``) and one
  distribution rule: a headless item takes the next item's head noun (``Spirit or Undead minion``, ``an
  Ordinary or Exceptional site``); the first item's determiner, count and adjectives go to later items
  that have none (``all auras and artifacts``, ``other minions and locations``); modifiers written after
  the last item go to every item unless an earlier item has modifiers of its own (``... at target
  location`` modifies both auras and artifacts; in ``this site, minions atop it, and X`` nothing is shared).
- **Scope** (:func:`_fronted`, :func:`_clause_extra`): phrases before the first clause scope the
  sentence; the first of them may make the sentence a triggered ability (``When``, ``Whenever``,
  ``After``, ``At the start of``, ``The first time``). A statement of a repeated effect at a time of
  turn (``Untaps at the end of your turn``) is a triggered ability too. ``this turn`` is a duration of an
  effect but the scope of a past event (``if you cast a spell this turn``).
- **Abilities** (:func:`attach`): a sentence that starts no ability of its own (no trigger, arrow or
  keyword) belongs to the ability before it on the same line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from lark import Token, Tree

from codex.cardtext import ast as A
from codex.cardtext import lexicon as L
from codex.cardtext.lexer import INDEFINITE_PRONOUNS, SINGULAR_DETERMINERS


class MeaningError(Exception):
    """A parse that means nothing the rules know (the search then tries the next reading): ``offset``
    (in the sentence) and ``found`` say where."""

    def __init__(self, message: str, offset: int | None = None, found: str = "") -> None:
        super().__init__(message)
        self.offset = offset
        self.found = found


# =========================================================================== syntax objects


@dataclass
class NP:
    """A noun phrase as written (before it becomes a selector)."""

    kind: str                     # core, adj, amount, pron, self, mana, signed, keyword, quoted, manner
    start: int
    end: int
    det: Any = None               # a determiner lemma, or an NP (possessive)
    count: Any = None
    quant: str | None = None      # up_to, at_least, at_most, exactly
    cmp: str | None = None        # ">=" / "<=" ("3 or more")
    mods: list[str] = field(default_factory=list)
    places: list[str] = field(default_factory=list)  # pre-noun place words: nearby, adjacent
    direction: str | None = None  # after a superlative of distance: "the furthest forward"
    head: Any = None
    head_cat: str = ""            # NOUN, NAME
    number: str = "sg"
    text: str = ""
    entry: str = ""               # the head's lexicon entry (a name's kind: name:card, name:unknown...)
    stats: list[Any] = field(default_factory=list)  # a stat written before the noun: "a 1 power Spirit token"


@dataclass
class Chunk:
    """One chunk of a flat complement list: ``kind`` np, pp, particle, place, adv, pred, part, gerund,
    lc, conj, rel, sub, inf; ``value`` its content."""

    kind: str
    value: Any
    start: int
    end: int
    prep: str = ""
    text: str = ""


@dataclass
class VGroup:
    lemma: str
    form: str                     # base, third, past, part (perfect / passive), be
    modal: str | None = None
    negated: bool = False
    copula: bool = False
    perfect: bool = False
    advs: list[str] = field(default_factory=list)
    start: int = 0
    end: int = 0


@dataclass
class SClause:
    """A clause as written: subject chunks, verb group (None for a reduced clause), complement chunks."""

    subject: list[Chunk]
    vgroup: VGroup | None
    chunks: list[Chunk]
    start: int = 0
    end: int = 0
    gap: str | None = None        # relative clause: which slot the head noun fills (subject / object)
    caused: bool = False          # what a causative verb makes happen: a bare infinitive, agreeing with no subject


#: Adverbs of an effect's time ("permanently"). A relative clause in a present tense picks out a noun by
#: what is true of it now, which has no duration, so such an adverb written last in it (right before
#: the main verb, or ending the phrase) says how long the main clause's effect lasts.
_EFFECT_TIME_ADVERBS = frozenset({"permanently"})


def _effect_time_adverb(sc: Any) -> tuple[SClause, str] | None:
    """A present relative clause ending with an adverb of an effect's time: (the clause without it,
    the adverb); else None."""
    if not isinstance(sc, SClause) or sc.vgroup is None or not sc.chunks:
        return None
    last = sc.chunks[-1]
    vg = sc.vgroup
    if last.kind != "adv" or last.value not in _EFFECT_TIME_ADVERBS or vg.form not in ("base", "third") \
            or vg.perfect or vg.modal:
        return None
    return SClause(sc.subject, sc.vgroup, sc.chunks[:-1], sc.start, sc.end, sc.gap, sc.caused), last.value


#: Nouns that stand for a noun already named: they take a determiner and an ordinal, no modifier.
_PROFORMS = frozenset({"one"})


def _verb_too(word: str) -> bool:
    """Whether the lexicon reads ``word`` as a verb as well (``strike``, ``attack``, ``damage``)."""
    singles = L.load().single
    return any(c.readings[0].cat == "VERB" for c in singles.get(word, []) + singles.get(word.lower(), []))


def _unknown_word(word: str) -> bool:
    """Whether the lexicon has no reading of ``word`` at all (it was read by its ending: it may be a verb
    as well as a noun, "to evade the attack")."""
    singles = L.load().single
    return not singles.get(word) and not singles.get(word.lower())


def _refuse_to_verb_before_object(chunks: list[Chunk]) -> None:
    """``to`` + a bare singular noun that is also a verb, with a noun phrase right after it, is an
    infinitive, not a place or recipient: "Surface to strike each other unit nearby" strikes each
    other unit (the object belongs to "strike"); English puts no object after such a phrase ("immune
    to damage", "return it to hand" end theirs). Refusing the prepositional reading lets the search
    take the infinitive one."""
    for c, nxt in zip(chunks, chunks[1:]):
        if c.kind != "pp" or c.prep != "to" or nxt.kind != "np":
            continue
        np = c.value
        if (np.kind == "core" and np.det is None and np.count is None and not np.mods and not np.places
                and np.number == "sg" and np.head_cat == "NOUN" and isinstance(np.head, str)
                and (_verb_too(np.head) or _unknown_word(np.head))):
            raise MeaningError(f"'to {np.head}' before an object is an infinitive", c.start, "to")


class _Reader:
    """Reads a lark tree (whose tokens index ``toks``) into the syntax objects above."""

    def __init__(self, toks: list[Any]) -> None:
        self.toks = toks
        self.ends: dict[int, tuple[int, int] | None] = {}  # id(subtree) → (first, last) token index

    def tok(self, t: Token) -> Any:
        return self.toks[t.start_pos]

    def span(self, node: Any) -> tuple[int, int]:
        """Where a subtree is in the sentence (its first and last token; remembered per subtree, as the
        readers ask for the spans of nested subtrees)."""
        if isinstance(node, Token):
            tok = self.toks[node.start_pos]
            return (tok.start, tok.end)
        got = self._ends(node)
        if got is None:
            return (0, 0)
        return (self.toks[got[0]].start, self.toks[got[1]].end)

    def _ends(self, node: Tree) -> tuple[int, int] | None:
        key = id(node)
        if key in self.ends:
            return self.ends[key]
        first = last = None
        for c in node.children:
            if c is None:
                continue
            if isinstance(c, Token):
                a = b = c.start_pos
            else:
                got = self._ends(c)
                if got is None:
                    continue
                a, b = got
            if first is None:
                first = a
            last = b
        out = (first, last) if first is not None else None
        self.ends[key] = out
        return out

    # ---- sentences
    def segments(self, tree: Tree) -> list[tuple[str, Any, str | None]]:
        """``(kind, content, sep_before)`` for each segment, in order."""
        out: list[tuple[str, Any, str | None]] = []

        def walk(t: Tree) -> None:
            if len(t.children) == 1:
                out.append(self.segment(t.children[0]) + (None,))
            else:
                walk(t.children[0])
                sep = self.sep(t.children[1])
                out.append(self.segment(t.children[2]) + (sep,))
        walk(tree)
        return out

    def sep(self, t: Tree) -> str:
        words = [self.tok(x).reading.lemma for x in t.children if isinstance(x, Token)]
        has_comma = any(w == "," for w in words)
        conj = next((w for w in words if w in ("and", "or", "and_or", "but")), None)
        then = "then" in words
        if t.data == "sep_colon":
            return ":"
        link = "then" if then else (conj or "and")
        return (", " if has_comma else "") + link if (conj or then) else ","

    def segment(self, t: Tree) -> tuple[str, Any]:
        if t.data == "clause":
            subj, vg, comp = t.children
            start, end = self.span(t)
            return ("clause", SClause(self.subject(subj), self.vgroup(vg), self.chunks(comp), start, end))
        return ("adjunct", self.chunks(t.children[0]))

    def subject(self, t: Tree | None) -> list[Chunk]:
        """A clause's subject is read as any run of chunks is."""
        return self.chunks(t)

    def chunks(self, t: Tree | None) -> list[Chunk]:
        if t is None:
            return []
        out: list[Chunk] = []
        for c in t.children:
            if c is None:
                continue
            if c.data == "items":
                out += self.items(c)
            else:
                out.append(self.final(c))
        _refuse_to_verb_before_object(out)
        return out

    def items(self, t: Tree) -> list[Chunk]:
        out: list[Chunk] = []
        while True:
            if len(t.children) == 2:
                out.append(self.chunk(t.children[1]))
                t = t.children[0]
            else:
                out.append(self.chunk(t.children[0]))
                break
        out.reverse()
        _postpositive_adjectives(out)
        _superlative_directions(out)
        _direction_lines(out)
        _refuse_proform_before_noun(out)
        return out

    def chunk(self, t: Tree) -> Chunk:
        start, end = self.span(t)
        kind = t.data
        if kind == "aside":  # "(King, Queen, or Prince)": the chunks inside, read like any
            return Chunk("aside", self.items(t.children[1]), start, end)
        if kind == "chunk":  # chunk: np
            np = self.np(t.children[0].children[0])
            return Chunk("np", np, start, end)
        if kind == "pp":
            prep = self.tok(t.children[0]).reading.lemma
            return Chunk("pp", self.np(t.children[1].children[0]), start, end, prep)
        if kind == "pp_gerund":
            prep = self.tok(t.children[0]).reading.lemma
            return Chunk("pp_gerund", self.tok(t.children[1]).reading.lemma, start, end, prep)
        tok = self.tok(t.children[0])
        simple = {"list_comma": "lc", "conj": "conj", "particle": "particle", "place": "place", "adv": "adv",
                  "pred_adj": "pred", "participle": "part", "gerund": "gerund"}
        return Chunk(simple[kind], tok.reading.lemma, start, end, text=tok.text)

    def final(self, t: Tree) -> Chunk:
        if t.data in ("final", "rel_final"):
            t = t.children[0]
        start, end = self.span(t)
        if t.data == "relative":
            rel = self.tok(t.children[0]).reading.lemma
            body = self.body(t.children[1])
            body.gap = "place" if rel == "where" else ("object" if body.subject else "subject")
            return Chunk("rel", body, start, end, rel)
        if t.data == "contact_relative":
            # "spells your opponents cast": the relative clause's subject is a noun phrase, no relative word
            det, mods, head, body_t = t.children
            np = self.np(Tree("np_core", [Tree("det", [det]), None, None, mods, head]))
            if L.load().noun_class.get(str(np.head)) == "time":
                raise MeaningError("a time as the subject of a relative clause", np.start)  # "the turn ..."
            body = self.body(body_t)
            body.subject = [Chunk("np", np, np.start, np.end)]
            body.gap = "object"
            return Chunk("rel", body, start, end, "")
        if t.data == "contact_relative_self":
            # "all artifacts Ember Golem carries": the card's own name is the relative clause's subject
            me = self.tok(t.children[0])
            body = self.body(t.children[1])
            body.subject = [Chunk("np", NP("self", me.start, me.end, head="SELF"), me.start, me.end)]
            body.gap = "object"
            return Chunk("rel", body, start, end, "")
        if t.data == "reduced_relative":
            pron = self.tok(t.children[0])
            body = self.body(t.children[1])
            pron_np = NP("pron", pron.start, pron.end, head=pron.reading.lemma, text=pron.text)
            body.subject = [Chunk("np", pron_np, pron.start, pron.end)]
            body.gap = "object"
            return Chunk("rel", body, start, end, "")
        if t.data in ("prep_relative", "prep_relative_inf"):
            return self.prep_relative(t, start, end)
        if t.data == "subordinate":
            sub = self.tok(t.children[0]).reading.lemma
            return Chunk("sub", self.body(t.children[1]), start, end, sub)
        if t.data == "infinitival":
            vg = self.infinitive(t.children[2], self.span(t.children[2]))
            vg.advs = self.advs(t.children[1]) + vg.advs
            return Chunk("inf", SClause([], vg, self.chunks(t.children[3]), start, end), start, end, "to")
        raise MeaningError(f"unknown final {t.data}", start)

    def prep_relative(self, t: Tree, start: int, end: int) -> Chunk:
        """``the site on which it stands``: the relative clause with its preposition stranded at the end,
        as ``the site it stands on`` is read (the noun is that preposition's object). ``a void in which
        to play this``: an infinitival relative, a place where one may do it, read as ``a void you may
        play this in`` (its understood subject is the card's controller, as an imperative's is)."""
        prep = self.tok(t.children[0])
        rel = self.tok(t.children[1]).reading.lemma
        if rel not in ("which", "whom"):
            raise MeaningError(f"no relative clause starts '{prep.text} {rel}'", prep.start)
        if t.data == "prep_relative":
            body = self.body(t.children[2])
            if not body.subject:
                raise MeaningError("a relative clause after a preposition with no subject", prep.start)
        else:
            vg = self.infinitive(t.children[4], self.span(t.children[4]))
            vg.advs = self.advs(t.children[3]) + vg.advs
            vg.modal = "may"
            you = Chunk("np", NP("pron", prep.start, prep.start, head="you", text="you"), prep.start, prep.start)
            body = SClause([you], vg, self.chunks(t.children[5]), start, end)
        body.chunks = body.chunks + [Chunk("particle", prep.reading.lemma, prep.start, prep.end, text=prep.text)]
        body.gap = "object"
        return Chunk("rel", body, start, end, rel)

    def body(self, t: Tree) -> SClause:
        start, end = self.span(t)
        if t.data == "body_reduced":
            return SClause([], None, self.chunks(t.children[0]), start, end)
        kids = t.children
        if len(kids) == 2:  # rel_body_verb: vgroup [rel_tail]
            return SClause([], self.vgroup(kids[0]), self.tail(kids[1]), start, end)
        subj, vg, comp = kids
        comp_chunks = self.tail(comp) if comp is not None and comp.data in ("rel_tail", "subject_rel_tail") else self.chunks(comp)
        return SClause(self.subject(subj), self.vgroup(vg), comp_chunks, start, end)

    def tail(self, t: Tree | None) -> list[Chunk]:
        if t is None:
            return []
        out: list[Chunk] = []
        for c in t.children:
            if c is None:
                continue
            if c.data == "items":
                out += self.items(c)
            elif c.data == "rel_final":
                out.append(self.final(c.children[0]))
            elif c.data in ("relative", "reduced_relative"):
                out.append(self.final(c))
            else:
                out.append(self.final(c))
        return out

    # ---- verb groups
    def vgroup(self, t: Tree) -> VGroup:
        v = t.children[0]
        start, end = self.span(v)
        kids = v.children
        if v.data == "finite":
            r = self.tok(kids[0]).reading
            return VGroup(r.lemma, r.form, start=start, end=end)
        if v.data == "no_longer":
            r = self.tok(kids[1]).reading
            return VGroup(r.lemma, r.form, negated=True, advs=["no_longer"], start=start, end=end)
        if v.data == "modal":
            modal, neg, advs, inf = kids
            g = self.infinitive(inf, (start, end))
            g.modal = self.tok(modal).reading.lemma
            g.negated = neg is not None
            g.advs = self.advs(advs) + g.advs
            return g
        if v.data == "modal_alone":  # "if it can't": the verb of the clause before it, understood
            return VGroup("do", "base", modal=self.tok(kids[0]).reading.lemma, negated=kids[1] is not None,
                          start=start, end=end)
        if v.data == "modal_pair":
            m1, _and, m2, neg, advs, inf = kids
            g = self.infinitive(inf, (start, end))
            g.modal = f"{self.tok(m1).reading.lemma} and {self.tok(m2).reading.lemma}"
            g.negated = neg is not None
            g.advs = self.advs(advs)
            return g
        if v.data == "do_neg":
            _do, _neg, advs, verb = kids
            r = self.tok(verb).reading
            do_r = self.tok(_do).reading  # the auxiliary carries the person: "doesn't strike back"
            form = {"did": "past", "does": "third"}.get(do_r.form or str(do_r.lemma), "base")
            return VGroup(r.lemma, form, negated=True, advs=self.advs(advs), start=start, end=end)
        if v.data == "copula":
            be, neg = kids
            form = self.tok(be).reading.form
            return VGroup("be", "past" if form in ("was", "were") else "third", negated=neg is not None,
                          copula=True, start=start, end=end)
        if v.data == "perfect":
            _have, neg, advs, part = kids
            r = self.tok(part).reading
            return VGroup(r.lemma, "past", negated=neg is not None, perfect=True, advs=self.advs(advs),
                          start=start, end=end)
        if v.data == "perfect_be":
            _have, neg, advs, _been = kids
            return VGroup("be", "past", negated=neg is not None, copula=True, perfect=True, advs=self.advs(advs),
                          start=start, end=end)
        raise MeaningError(f"unknown verb group {v.data}", start)

    def infinitive(self, t: Tree, span: tuple[int, int]) -> VGroup:
        kids = t.children
        if t.data == "inf":
            r = self.tok(kids[0]).reading
            return VGroup(r.lemma, "base", start=span[0], end=span[1])
        if t.data == "inf_be":
            return VGroup("be", "base", copula=True, start=span[0], end=span[1])
        r = self.tok(kids[1]).reading
        return VGroup(r.lemma, "past", perfect=True, start=span[0], end=span[1])

    def advs(self, t: Tree | None) -> list[str]:
        if t is None:
            return []
        return [self.tok(x).reading.lemma for x in _leaves(t)]

    # ---- noun phrases
    def np(self, t: Tree) -> NP:
        start, end = self.span(t)
        kind = t.data
        if kind in ("np_core", "np_adj"):
            det, ordinal, qty, mods, head = t.children
            np = NP("core" if kind == "np_core" else "adj", start, end)
            self._det_qty(np, det, qty)
            if ordinal is not None:
                np.mods.append(str(self.tok(ordinal).reading.lemma))
            mod_cats = set()
            for m in self._mods(mods):
                r = self.tok(m).reading
                mod_cats.add("NOUN" if r.lemma in L.load().noun_class else r.cat)   # "enemy": an adjective or a noun
                if r.cat == "ADJ" and r.lemma in _PLACE_ADJ:
                    np.places.append(r.lemma)
                elif r.cat == "ADJ" and r.lemma == "only":
                    np.mods.append("only")
                else:
                    np.mods.append(_mod_word(r))
            if qty is not None and qty.data == "qty_stat":
                # "two 2 power Goblin tokens": a count, then a number the stat word after it names
                stat = self.tok(qty.children[1]).reading.lemma
                if np.mods[:1] != ["power"] or not isinstance(stat, int):
                    # (at the word after the numbers: its reading as the stat's modifier may repair it)
                    raise MeaningError("two numbers before a noun with no stat after them",
                                       self.span(mods)[0] if mods is not None else self.span(head)[0])
                np.stats.append(A.Stat("power", "=", stat))
                np.mods.pop(0)
            elif np.mods[:1] == ["power"] and isinstance(np.count, int) and np.quant is None and np.cmp is None:
                # general: a number and "power" before the noun are its power, not how many ("a 1 power
                # Spirit token", "target 3 power minion"; found by blind ruling round 14)
                np.stats.append(A.Stat("power", "=", np.count))
                np.mods.pop(0)
                np.count = None
            if kind == "np_core":
                r = self.tok(head.children[0]).reading
                np.head, np.head_cat, np.number, np.entry = r.lemma, r.cat, r.form or "sg", r.entry
                if r.lemma in _PROFORMS and mods is not None and not _proform_modified(np.det, mod_cats):
                    # "the previous one", "a new one"; never "target enemy one" (that is "target enemy, one step")
                    raise MeaningError(f"{r.lemma!r} with a modifier", self.span(mods)[0])
                if np.number == "pl" and isinstance(np.det, str) and np.det in SINGULAR_DETERMINERS and np.count is None \
                        and mods is not None and not set(np.mods) & _QUANTITY_MODS:
                    # "whenever an enemy attacks": a determiner of one thing never opens a plural noun, so
                    # the -s word is the verb (the search revisits that word, not the phrase's first)
                    raise MeaningError("a singular determiner before a plural noun", self.span(head)[0])
            else:
                np.head = self.tok(head).reading.lemma
            return np
        if kind == "np_amount":
            det, quant, amount, cmp = t.children
            np = NP("amount", start, end)
            if det is not None:
                np.det = self._det(det)
            if quant is not None:
                np.quant = self.tok(quant).reading.lemma
            number = self.tok(amount).reading
            np.count = number.lemma
            if cmp is not None:
                np.cmp = self.tok(cmp).reading.lemma
            elif number.form == "plus":   # "a 14+": the number or more, as a die result is printed
                np.cmp = ">="
            return np
        if kind == "np_mana_more":
            det, mods, mana = t.children
            words = [_mod_word(self.tok(m).reading) for m in _leaves(mods)]
            if self._det(det) not in ("a", "an") or not words or not set(words) <= _MORE_WORDS:
                # "an additional (A)": only a word saying "more" stands between the article and the symbols
                raise MeaningError("a mana symbol after words that do not say 'more'", start)
            return NP("mana", start, end, head=tuple(self.tok(mana).reading.lemma), mods=["extra"])
        if kind == "np_mana_owned":
            return self._threshold_owned(t, start, end)
        if kind == "np_signed_change":
            # "a +2 power boost": the change a signed stat names, the noun naming it as a change adds
            # nothing ("+2 power"); only nouns of change (lexicon class ``change``) are read so
            change = self.tok(t.children[3]).reading.lemma
            if L.load().noun_class.get(str(change)) != "change":
                raise MeaningError(f"{change!r} after a signed stat is no change of it", start)
            sign = self.tok(t.children[1]).reading.lemma
            return NP("signed", start, end, count=sign, head=self.tok(t.children[2]).reading.lemma)
        tok = self.tok(t.children[0])
        r = tok.reading
        if kind == "np_pron":
            return NP("pron", start, end, head=r.lemma, text=tok.text)
        if kind == "np_self":
            return NP("self", start, end, head="SELF")
        if kind == "np_mana":
            np = NP("mana", start, end, head=tuple(r.lemma))
            if t.children[1] is not None:
                np.cmp = self.tok(t.children[1]).reading.lemma
            return np
        if kind == "np_signed":
            noun = self.tok(t.children[1]).reading.lemma
            return NP("signed", start, end, count=r.lemma, head=noun)
        if kind == "np_keyword":
            return NP("keyword", start, end, head=r.lemma, text=r.form)
        if kind == "np_quoted":
            return NP("quoted", start, end, head=r.lemma)
        raise MeaningError(f"unknown noun phrase {kind}", start)

    def _threshold_owned(self, t: Tree, start: int, end: int) -> NP:
        """``their (F)``, ``its (W)``: the threshold of one element printed on the cards the possessive
        names, as ``their fire threshold`` reads; symbols of several elements, or generic mana, are
        not a threshold anyone owns."""
        det, mana = t.children
        owner = self._det(det)
        symbols = tuple(self.tok(mana).reading.lemma)
        if not isinstance(owner, str) or owner not in _OWNING_DETS:
            raise MeaningError("a mana symbol after a determiner that owns nothing", start)
        if len(symbols) != 1 or symbols[0] not in _ELEMENT_OF_SYMBOL:
            raise MeaningError("an owned mana symbol that is not the threshold of one element", start)
        return NP("core", start, end, det=owner, mods=[_ELEMENT_OF_SYMBOL[symbols[0]]], head="threshold",
                  head_cat="NOUN")

    def _det(self, det: Tree) -> Any:
        if det.data == "possessive":
            return self.np(det.children[0])
        if det.data == "predet":  # "all your": the determiner is what counts (every one of "your" ones)
            return (self.tok(det.children[0]).reading.lemma, self.tok(det.children[1]).reading.lemma)
        r = self.tok(det.children[0]).reading
        return r.lemma

    def _det_qty(self, np: NP, det: Tree | None, qty: Tree | None) -> None:
        if det is not None:
            np.det = self._det(det)
            if isinstance(np.det, tuple):  # "another target X": a target other than this; "all your X": your X
                pre, np.det = np.det
                if pre == "another":
                    np.mods.insert(0, "other")
                elif pre in ("half", "double"):   # "half its power": half of what the rest names
                    np.count = pre
        if qty is not None:
            if qty.data == "qty_quant":
                np.quant = self.tok(qty.children[0]).reading.lemma
                np.count = self.tok(qty.children[1]).reading.lemma
            elif qty.data == "qty_stat":   # the second number is read with the stat after it (``np``)
                np.count = self.tok(qty.children[0]).reading.lemma
            else:
                number = self.tok(qty.children[0]).reading
                np.count = number.lemma
                if qty.children[1] is not None:
                    np.cmp = self.tok(qty.children[1]).reading.lemma
                elif number.form == "plus":   # "a 14+": the number or more, as a die result is printed
                    np.cmp = ">="

    def _mods(self, t: Tree | None) -> list[Token]:
        out: list[Token] = []
        while t is not None:
            if len(t.children) == 2:
                out.append(t.children[1].children[0])
                t = t.children[0]
            else:
                out.append(t.children[0].children[0])
                t = None
        out.reverse()
        return out


def _threshold_of_symbols(chunks: list[Chunk], i: int) -> bool:
    """Whether chunk ``i`` is the bare noun ``threshold`` (or ``affinity``) right after threshold
    symbols, naming what they are (``(W)(W) threshold``, ``with (F) threshold``): it adds nothing to
    the symbols, which are read alone as ``If you have (W)(W)`` is; after ``an extra (F)`` too ("You
    have an extra (F) threshold": the symbols already say "more", and the noun only names them)."""
    np = chunks[i].value
    if i == 0 or not isinstance(np, NP) or np.kind != "core" or np.head not in ("threshold", "affinity") \
            or np.det is not None or np.mods or np.count is not None:
        return False
    prev = chunks[i - 1]
    sym = prev.value
    return prev.kind in ("np", "pp") and isinstance(sym, NP) and sym.kind == "mana" and set(sym.mods) <= {"extra"} \
        and bool(sym.head) and all(x in _ELEMENT_OF_SYMBOL for x in sym.head) and sym.end <= np.start


def _mana(np: NP) -> A.Mana:
    """The mana or threshold a noun phrase of symbols names (``an additional (A)``: more of it)."""
    return A.Mana(tuple(np.head), extra="extra" in np.mods)


def _leaves(node: Any):
    if isinstance(node, Token):
        yield node
    elif isinstance(node, Tree):
        for c in node.children:
            yield from _leaves(c)


_PLACE_ADJ = {"nearby", "adjacent"}

#: Words saying a mana or threshold is more than there is: "an additional (A)", "an extra (1)".
_MORE_WORDS = frozenset({"additional", "extra"})
#: Possessive determiners that can own a threshold (``their (F)``) and the element each symbol stands for.
_OWNING_DETS = frozenset({"its", "their", "his", "her", "your"})
_ELEMENT_OF_SYMBOL = {"(A)": "air", "(E)": "earth", "(F)": "fire", "(W)": "water"}
_ELEMENT_NOUNS = frozenset(_ELEMENT_OF_SYMBOL.values())
#: Prepositions of where a thing is, after "remain" ("remains in the realm", "remains at this site").
_REMAIN_PREPS = frozenset({"in", "at", "on", "atop", "within", "under", "beneath"})
#: Verbs of state that, with one place, say where the subject is ("remains in the realm", "lie in your cemetery").
_LOCATIVE_VERBS = frozenset({"remain", "lie"})
#: Adjectives that stand for a noun of their own ("the first", "the last", "the strongest"; "the other":
#: the second of a pair the sentence named, "from one edge to the other", only after "the").
_NOMINAL_ADJ = {"first", "last", "next", "strongest", "weakest", "closest", "nearest", "furthest", "farthest", "previous",
                "final", "rest", "other"}
#: Superlatives of distance: measured from a point ("nearest to you") or along a direction ("furthest forward").
_DISTANCE_SUPERLATIVES = {"closest", "nearest", "furthest", "farthest"}
#: Directions of movement a superlative of distance may be measured along (adverbs of the lexicon).
_DIRECTIONS = {"forward", "back", "backward", "sideways", "up", "down"}


#: Determiners before which the pro-form "one" takes adjectives ("the other one", "a new one", "each such one").
_PROFORM_DETS = {"the", "a", "each", "this", "that", "another", "any", "no"}


def _proform_modified(det: Any, mod_cats: set[str]) -> bool:
    """Whether the pro-form "one" may take these modifiers: adjectives that cannot be a noun themselves
    (``the previous one``, ``a different one``, ``your other one``), after a determiner that picks one
    out. A word that may be the noun (``the enemy one step``), a name, or ``target`` or no determiner
    before it: "one" is a count ("target enemy, one step")."""
    return mod_cats <= {"ADJ"} and (isinstance(det, NP) or det in _PROFORM_DETS)


def _nominal(np: NP) -> bool:
    """A headless adjective that stands for a noun of its own (see :data:`_NOMINAL_ADJ`)."""
    return np.head in _NOMINAL_ADJ and (np.head != "other" or (np.det == "the" and not np.mods and np.count is None))


def _mod_word(r: L.Reading) -> str:
    return str(r.lemma)


# =========================================================================== selectors

#: Characteristics a value may follow ("mana cost (2) or less", "power equal to X").
_STAT_NOUNS = {"power", "cost", "mana cost", "life", "damage", "range"}
def _measure_np(np: NP) -> bool:
    """``its power``, ``Ember Golem's power``: a stat a possessive names, a value to compare with."""
    return np.kind == "core" and np.head in _STAT_NOUNS and np.count is None and not np.mods \
        and (isinstance(np.det, NP) or np.det in ("its", "his", "her", "their", "your"))


#: Comparatives before "than" after a stat noun, and the comparison each makes ("power less than 3").
#: Modifiers that make a quantity of a plural noun ("that many spells"): a singular determiner before them
#: opens a plural noun.
_QUANTITY_MODS = frozenset({"many", "few", "much", "more", "fewer", "less"})
_COMPARE_THAN = {"less": "<", "fewer": "<", "more": ">", "greater": ">"}

#: Prepositions a reduced relative (a participle after a noun) leaves to the verb outside it when it
#: has no role for them: they name where the outer action sends or takes something.
_HOISTED_PREPS = frozenset({"into", "onto", "to", "from", "out_of"})
#: Prepositions that make a place, zone or object phrase a modifier of the noun before it.
_FILTER_PREPS = {"than", "at", "atop", "on", "in", "under", "underneath", "beneath", "above", "below", "over",
                 "near", "nearby", "within", "adjacent_to", "from", "among", "along", "between", "through", "outside",
                 "in_front_of", "around", "across", "behind", "inside", "except", "including", "onto",
                 "out_of", "away_from", "of", "with", "without", "by", "toward", "against", "into",
                 "above_or_below", "from_among", "nearest_to", "furthest_from",
                 "line_north", "line_south", "line_east", "line_west"}   # `_direction_lines`


def _det_word(det: Any, r: "_Interp") -> Any:
    if isinstance(det, NP):
        return A.Possessive(r.node(det))
    return det


def _noun(np: NP) -> str:
    return str(np.head)


def _refuse_proform_before_noun(chunks: list[Chunk]) -> None:
    """The pro-form "one" with adjectives ends its noun phrase: followed by a bare noun ("the attacking
    one step") the "one" is that noun's count, so this reading is refused (the parser tries the next)."""
    for here, nxt in zip(chunks, chunks[1:]):
        np, after = here.value, nxt.value
        if here.kind in ("np", "pp") and isinstance(np, NP) and np.head in _PROFORMS and np.mods \
                and nxt.kind == "np" and isinstance(after, NP) and after.kind == "core" and after.det is None \
                and after.count is None and not after.mods:
            raise MeaningError(f"{np.head!r} with a modifier before a noun", here.start)


#: The realm's compass directions (north is the top row, docs/engine.md): a move "two steps south" goes that way.
COMPASS = ("north", "south", "east", "west")


def _compass_direction(action: A.Move, adverbs: list[str]) -> A.Move:
    """A move with a compass adverb goes in that fixed direction (``Push target minion two steps
    south``): the adverb is the move's ``direction``, the same field a player's choice of direction
    fills, so the engine moves it that way rather than asking. Two compass adverbs are no one direction:
    the move is left as it was (the adverbs stay, and the engine names what it does not read)."""
    named = [a for a in adverbs if a in COMPASS]
    if len(named) != 1:
        return action
    adverbs.remove(named[0])
    return A.replace(action, direction=named[0])


def _superlative_directions(chunks: list[Chunk]) -> None:
    """A superlative of distance standing for its noun takes the direction adverb right after it as the
    direction it is measured along (``the furthest forward of your units``: of your units, the one
    furthest forward), not as an adverb of the clause; the adverb is taken out of ``chunks``. Only a
    direction (``forward``, ``back``, ``sideways``, ``up``, ``down``) before the ``of`` phrase naming
    the set it picks from: without it (``push the closest forward``) the adverb may be the verb's, and
    stays the clause's."""
    k = 0
    while k + 1 < len(chunks):
        host, nxt = chunks[k].value, chunks[k + 1]
        if chunks[k].kind in ("np", "pp") and isinstance(host, NP) and host.kind in ("core", "adj") and host.direction is None \
                and str(host.head).lower() in _DISTANCE_SUPERLATIVES and nxt.kind == "adv" and nxt.value in _DIRECTIONS \
                and k + 2 < len(chunks) and chunks[k + 2].kind == "pp" and chunks[k + 2].prep == "of":
            host.direction = str(nxt.value)
            host.end = chunks[k].end = nxt.end
            del chunks[k + 1]
        k += 1


def _direction_lines(chunks: list[Chunk]) -> None:
    """``in a (straight) line north of this minion``: the locations in that compass direction from X, to
    the realm's edge, at any distance (one phrase, ``Where("line_north", X)``), not a place ``line``
    with the adverb ``north`` of the clause. Only ``a line`` (``straight`` or nothing before it), a
    compass direction and an ``of`` phrase; ``north of X`` alone is left as it reads (a half of the
    realm, or the line: ambiguous). Rewrites ``chunks`` in place."""
    k = 0
    while k + 2 < len(chunks):
        line, way, of = chunks[k], chunks[k + 1], chunks[k + 2]
        if line.kind == "pp" and line.prep == "in" and isinstance(line.value, NP) and line.value.kind == "core" \
                and line.value.head == "line" and line.value.det in ("a", "an") and line.value.count is None \
                and set(line.value.mods) <= {"straight"} and way.kind == "adv" and way.value in COMPASS \
                and of.kind == "pp" and of.prep == "of" and isinstance(of.value, NP):
            chunks[k:k + 3] = [Chunk("pp", of.value, line.start, of.end, f"line_{way.value}")]
        k += 1


def _postpositive_adjectives(chunks: list[Chunk]) -> None:
    """An indefinite pronoun's adjectives come after it (``everything Unique``, ``anything Unique or
    Elite``): the adjective becomes the pronoun's modifier, and each adjective listed after it another
    item of the same pronoun (``everything Unique or everything Elite``), so the list's trailing
    modifiers distribute over both as in any list. Rewrites ``chunks`` in place."""
    k = 0
    while k + 1 < len(chunks):
        host, nxt = chunks[k].value, chunks[k + 1].value
        if not (chunks[k].kind in ("np", "pp") and isinstance(host, NP) and host.kind in ("core", "pron") and not host.mods
                and str(host.head).lower() in INDEFINITE_PRONOUNS and _bare_adjective(chunks[k + 1])):
            k += 1
            continue
        host.kind, host.head_cat = "core", "NOUN"  # "anything Elite": a pronoun with modifiers selects like a noun
        host.mods = [str(nxt.head)]
        host.end = chunks[k].end = chunks[k + 1].end
        del chunks[k + 1]
        j = k + 1
        while True:
            sep = j
            while sep < len(chunks) and chunks[sep].kind in ("conj", "lc"):
                sep += 1  # ", or": one separator
            if sep == j or sep >= len(chunks) or not _bare_adjective(chunks[sep]):
                break
            adj = chunks[sep]
            item = replace(host, start=adj.start, end=adj.end, mods=[str(adj.value.head)], places=list(host.places))
            chunks[sep] = Chunk("np", item, adj.start, adj.end)
            j = sep + 1
        k = j


def _bare_adjective(ch: Chunk) -> bool:
    """A headless adjective alone (no determiner, count or other modifier): ``Unique``."""
    np = ch.value
    return ch.kind == "np" and isinstance(np, NP) and np.kind == "adj" and np.det is None and np.count is None \
        and not np.mods and not np.places


#: Quantifiers that may float after the plural noun phrase they count ("they both", "the two allies each").
_FLOATING = ("each", "both", "all")


def _floated_quantifier(rest: list[Chunk]) -> str | None:
    """A floating quantifier after a plural subject ("they both take a step", "minions here all gain
    Airborne"): English lets ``each``/``both``/``all`` stand after the noun phrase they count (and its
    place words or prepositional phrases), meaning what ``each of them`` / ``all of those`` means; the
    subject is read as that partitive. The word is taken out of ``rest`` and returned. A singular noun
    phrase is no plural to count, so there the word is left to fail as a second noun phrase."""
    first = rest[0].value if rest else None
    if not isinstance(first, NP):
        return None
    j = 1
    if len(rest) > 2 and first.kind == "amount" and rest[1].kind == "conj" and rest[1].value == "or" \
            and isinstance(rest[2].value, NP):
        first, j = rest[2].value, 3      # "one or two target minions ... each": the range's noun phrase counts
    plural = first.head in ("they", "them", "these", "those") if first.kind == "pron" else \
        first.kind == "core" and first.number == "pl"
    while j < len(rest) and rest[j].kind in ("place", "pp"):
        j += 1
    last = rest[j - 1]
    if plural and j > 1 and j == len(rest) and last.kind == "pp" and last.prep in _PLACE_ADJ \
            and isinstance(last.value, NP) and last.value.kind == "pron" and last.value.head in _FLOATING:
        # "two target minions nearby each take 2 damage": a place word that is also a preposition
        # took the floating quantifier as its object ("nearby each"); a quantifier is no place to be
        # near, so the word stands alone and the quantifier floats
        rest[j - 1] = Chunk("place", last.prep, last.start, last.end, text=last.prep)
        return str(last.value.head)
    q = rest[j].value if j < len(rest) and rest[j].kind == "np" else None
    if not (plural and isinstance(q, NP) and q.kind == "pron" and q.head in _FLOATING):
        return None
    del rest[j]
    return str(q.head)


#: Focus words that may float after a pronoun subject ("they alone are the strongest": only they).
_FOCUS = ("alone",)


def _floated_focus(rest: list[Chunk]) -> bool:
    """A focus word right after a pronoun subject ("they alone", "it alone"): a pronoun takes no
    restrictive modifier, so the word is no state of the pronoun ("they that are alone") but limits the
    clause to it, as ``only they`` does. The word is taken out of ``rest``. After a noun phrase the
    word stays a postposed adjective ("an Avatar here alone": one that is alone)."""
    first = rest[0].value if rest else None
    if not (isinstance(first, NP) and first.kind == "pron" and len(rest) > 1):
        return False
    nxt = rest[1]
    if nxt.kind == "pred" and nxt.value in _FOCUS:
        del rest[1]
        return True
    return False


class _Interp:
    """Interpretation of one sentence: turns syntax objects into AST nodes."""

    def __init__(self, lexicon: L.Lexicon, sentence_len: int = 0, text: str = "") -> None:
        self.lex = lexicon
        self.sentence_len = sentence_len
        self.text = text  # the sentence (where a failed reading is blamed on a word, see _open_list_end)

    # ---- noun phrases
    def node(self, np: NP, filters: tuple[Any, ...] = ()) -> Any:
        """An NP → a selector, reference, amount, grant or mana node."""
        k = np.kind
        of = [f for f in filters if isinstance(f, A.Of)]
        if k in ("pron", "amount") and len(of) == 1 and filters and filters[0] is of[0] and (
                k == "amount" or np.head in ("each", "all", "one", "any", "none", "both")):
            # "each of those spells", "one of them", "three of your allies": so many of a set
            count = np.count if k == "amount" else ({"one": 1}.get(np.head, np.head))
            return A.Partitive(count, of[0].what)
        if k == "pron":
            word = "SELF" if np.head == "SELF" else np.head
            return A.Ref(word, filters)
        if k == "self":
            return A.Ref("SELF", filters)
        if k == "mana":
            return _mana(np)
        if k == "manner":  # "clockwise or counterclockwise": the ways offered, named (see _manner_object)
            return A.Group(tuple(A.Selector(w) for w in np.head), {"and_or": "and/or"}.get(str(np.count), str(np.count)))
        if k == "signed":
            change = np.count if isinstance(np.count, str) else int(np.count)   # "+X power": "X"; "-X": "-X"
            if np.head == "power":
                return A.PowerMod(change)
            if np.head == "range":
                return A.RangeMod(change)
            raise MeaningError(f"{np.count} {np.head}: only power and range take a signed number", np.start)
        if k == "keyword":
            return _keyword(np)
        if k == "quoted":
            from codex.cardtext.parser import parse_quoted

            inner = str(np.head)[1:-1] if str(np.head).endswith('"') else str(np.head)[1:]
            return A.GrantedAbility(parse_quoted(inner))
        if k == "amount":
            if filters or (np.det is not None and np.det not in ("all", "the", "any")):
                raise MeaningError("a bare number with modifiers", np.start)
            if np.det == "all" and isinstance(np.count, int):
                # "if they have all four": the whole of a set of so many the context names (its noun
                # left out), not any four
                return A.Partitive("all", A.Partitive(np.count, None))
            return np.count
        if np.head in _GRANTED_MEASURES and np.det is None and np.count is None and not np.mods and len(filters) == 1 \
                and isinstance(filters[0], tuple) and filters[0][0] == "equal":
            return A.PowerMod(filters[0][1])   # "power equal to X": as much power as X (a grant's bonus)
        if np.kind == "core" and str(np.entry).startswith("place_adverbs:") and np.det is None and not np.mods \
                and not filters and np.count is None:
            return A.Where(str(np.head))   # "from here", "from anywhere": the place the word names
        if np.kind == "core" and np.number == "pl" and np.det is None and np.count is None and not np.mods \
                and len(filters) == 1 and isinstance(filters[0], tuple) and filters[0][0] == "equal" \
                and np.head not in _AMOUNT_NOUNS and isinstance(filters[0][1], A.Quantity):
            # "draw cards equal to the number of sites you control": so many of them as the amount
            return A.Selector(_noun(np), None, filters[0][1], None, (), (), True)
        if np.head not in _AMOUNT_NOUNS and any(isinstance(f, tuple) for f in filters):
            # "equal to X" only after an amount ("damage equal to its power"), read by the verb's amount role
            raise MeaningError("'equal to' after a noun that is no amount", np.start)
        det = _det_word(np.det, self)
        quant = np.quant
        if det == "any_number":
            det, quant = None, "any_number"
        places = tuple(A.Where(p) for p in np.places)
        if np.direction is not None:   # "the furthest forward": the direction the superlative is measured along
            places += (A.Where("direction", np.direction),)
        if np.cmp and np.count is not None and quant is None:
            quant = "at_least" if np.cmp == ">=" else "at_most"
        return A.Selector(_noun(np), det, np.count, quant, tuple(np.mods), tuple(np.stats) + places + tuple(filters),
                          np.number == "pl")

    def is_grant(self, np: NP) -> bool:
        return np.kind in ("keyword", "quoted") or (np.kind == "signed" and np.head in ("power", "range"))


def _keyword(np: NP) -> A.Keyword:
    name = str(np.head)
    value: Any = None
    if np.text:
        value = int(np.text)
    lname = name.lower()
    if lname.endswith(" spellcaster"):
        value = lname.split()[0]
        lname = "spellcaster"
    if lname == "ranged" and value is not None:
        value = abs(int(value))
    return A.Keyword(lname, value)


# =========================================================================== phrases and coordination


@dataclass
class _Item:
    np: NP
    posts: list[Any] = field(default_factory=list)   # filter nodes written after this item


@dataclass
class _Phrase:
    """A noun phrase being built from the chunk list: one item, or a list joined by commas and a
    conjunction, each item with the modifiers written after it."""

    items: list[_Item]
    conj: str | None = None
    open_sep: bool = False        # a list comma or conjunction was read: the next NP is another item
    sep_at: int | None = None     # where the last open separator starts
    trailing: list[Any] = field(default_factory=list)

    @property
    def last(self) -> _Item:
        return self.items[-1]


#: The deeds of a player, not of a unit, by the primitive a verb maps to: "whoever controls this" is a
#: player (its controller), "whoever carries this" a unit (its bearer). A closed list of what the rules
#: let a player do to a card (own, control, cast, play, draw, discard, summon, pay, reveal, look).
_PLAYER_DEEDS = frozenset({"Own", "Control", "Cast", "Play", "Draw", "Discard", "Summon", "Pay",
                           "Look", "Search", "GainLife", "LoseLife"})
#: The deeds of a unit in the realm (what a minion or an avatar does there): carry, attack, defend,
#: strike, occupy, intercept (not kill, damage or move: a spell or a player does those too).
_UNIT_DEEDS = frozenset({"Carry", "Attack", "Defend", "Strike", "Occupy", "Intercept"})


def _free_relative_head(np: NP, posts: list[Any]) -> str:
    """The noun a free relative stands for (``whoever``, ``whatever`` = "the one that ..."): the doer
    its verb names, a ``player`` for a player's deed (``whoever controls this``), a ``unit`` for a unit's
    (``whoever carries this``); ``whatever`` never names a player. ``whatever`` as its verb's object is
    ``everything`` the doer does it to (``whatever this carries``). Anything else (no relative clause,
    ``whoever`` as the verb's object, a verb whose doer may be either) is no reading: the sentence is
    named as not read rather than guessed."""
    # (no offset: what may repair the reading is the relative clause's verb, after the pronoun, so the
    # search must not backjump past it)
    rels = [p for p in posts if isinstance(p, A.Relative)]
    action = rels[0].clause.action if len(rels) == 1 and isinstance(rels[0].clause, A.Clause) else None
    if np.head == "whatever" and action is not None and getattr(action, "patient", None) == A.Ref("which") \
            and getattr(action, "agent", None) not in (None, A.Ref("which")):
        # "whatever this carries": the free-choice relative as its verb's object is everything that
        # verb's doer does it to, whatever its kind ("everything this carries"); "whoever" there could
        # be a player or a unit and stays unread
        return "everything"
    if action is None or getattr(action, "agent", A.Ref("which")) != A.Ref("which"):
        raise MeaningError(f"{np.head!r}: a free relative is read as the doer of its verb only", None, str(np.head))
    kind = type(action).__name__
    if kind in _PLAYER_DEEDS and np.head == "whoever":
        return "player"
    if kind in _UNIT_DEEDS:
        return "unit"
    raise MeaningError(f"{np.head!r}: the verb does not say whether it picks a player or a unit", None, str(np.head))


def _count_range(ph: _Phrase) -> Any:
    """"One or two target minions": a bare number joined by "or" to a counted noun phrase is a range of
    counts of that noun, not two things (a number alone names nothing); the item, its count the
    larger, with ``quant`` ``one_to`` (one up to that many) for a range from one, else None. Any other
    range ("two or three") is left to fail: no wording of that shape is known to need it."""
    if ph.conj != "or" or len(ph.items) != 2 or ph.items[0].posts:
        return None
    low, high = ph.items[0].np, ph.items[1].np
    if not (low.kind == "amount" and low.count == 1 and high.kind == "core" and isinstance(high.count, int)
            and high.count > 1 and high.quant is None and high.cmp is None and high.det is None):
        return None
    high.quant = "one_to"
    return ph.items[1]


def _group(r: _Interp, ph: _Phrase) -> Any:
    """The node of a phrase: one item, or a :class:`~codex.cardtext.ast.Group` after distributing the
    words the items share (see the module docstring)."""
    if ph.open_sep:
        raise MeaningError("a list ends with a comma or conjunction", _open_list_end(r, ph))
    items = ph.items
    if len(items) == 1:
        it = items[0]
        if it.np.kind == "adj" and not _nominal(it.np):
            raise MeaningError(f"the adjective {it.np.head!r} without a noun", None)
        return r.node(it.np, tuple(it.posts))
    if ph.conj is None:
        raise MeaningError("a list without a conjunction", items[-1].np.start)
    ranged = _count_range(ph)
    if ranged is not None:
        return r.node(ranged.np, tuple(ranged.posts))
    nps = [it.np for it in items]
    classes = {_np_class(r, np) for np in nps} - {None}
    if "time" in classes and len(classes) > 1:
        # "until your next turn, and you may ...": a time is never listed with things or players
        raise MeaningError("a time listed with something that is not a time", ph.sep_at)
    # 1. head noun backward: a headless item, or a bare name/adjective before an item with modifiers and a
    #    common noun, takes the next head ("Spirit or Undead minion", "an Ordinary or Exceptional site")
    for i in range(len(nps) - 2, -1, -1):
        nxt = nps[i + 1]
        cur = nps[i]
        if nxt.kind not in ("core", "adj") or items[i].posts:
            continue
        element = cur.kind == "core" and cur.head in _ELEMENT_NOUNS and cur.count is None and nxt.head_cat == "NOUN" \
            and bool(set(nxt.mods) & _ELEMENT_NOUNS)     # "fire and water sites": the element is an adjective too
        if cur.kind == "adj" or element or (cur.kind == "core" and cur.head_cat == "NAME" and nxt.head_cat == "NOUN"
                                            and nxt.mods and not cur.mods):
            word = cur.head
            cur.mods = cur.mods + [str(word)] if cur.kind == "core" else cur.mods + [str(word)]
            cur.kind, cur.head, cur.head_cat, cur.number = "core", nxt.head, nxt.head_cat, nxt.number
    if any(np.kind == "adj" for np in nps):
        raise MeaningError("an adjective without a noun in a list", None)
    # 3 (decided first). modifiers after the last item go to every item unless an earlier item has its own
    shared: list[Any] = []
    if items[-1].posts and not any(it.posts for it in items[:-1]) and all(
            np.kind in ("core", "pron", "self") for np in nps) and not _refers_back(items[-1].posts) \
            and not any(isinstance(p, A.Aside) for p in items[-1].posts):  # an aside explains its own noun
        shared = list(items[-1].posts)
        items[-1].posts = []
    # 2. determiner, count and adjectives forward to later bare items
    first = nps[0]
    if first.kind == "core":
        for np, it in zip(nps[1:], items[1:]):
            if np.kind != "core" or _restricted(it) or np.det is not None or np.count is not None:
                continue
            if not _agrees(first.det, np.number):  # "this site and minions here": "this" is one site's
                continue
            np.det, np.count, np.quant, np.cmp = first.det, first.count, first.quant, first.cmp
            if not np.mods and not np.places:
                np.mods = list(first.mods)
                np.places = list(first.places)
    if ph.conj == "and" and all(np.kind == "mana" for np in nps) and not shared:
        return A.Mana(tuple(sym for np in nps for sym in np.head))  # "(A) and (1)": both symbols
    nodes = tuple(r.node(it.np, tuple(it.posts) + tuple(p for p in shared if not (_choice(p) and _identified(it.np))))
                  for it in items)
    conj = {"and_or": "and/or"}.get(ph.conj, ph.conj)
    return A.Group(nodes, conj)


def _next_gerund(chunks: list[Chunk], j: int) -> bool:
    """A conjunction (``and``, ``or``, optionally with ``then``) at ``j`` that another -ing word follows:
    the start of the next clause-level -ing phrase."""
    if chunks[j].kind != "conj" or j + 1 >= len(chunks):
        return False
    nxt = chunks[j + 1]
    if nxt.kind == "adv" and nxt.value == "then" and j + 2 < len(chunks):
        nxt = chunks[j + 2]
    return nxt.kind == "gerund"


#: Adjectives that make "a time" one more repetition ("an extra time", "one more time").
_ONE_MORE = {"extra", "additional", "more"}


def _gerund_adjunct(a: Any) -> bool:
    """A clause-level -ing phrase (``Adjunct("while", clause)``)."""
    return isinstance(a, A.Adjunct) and a.prep == "while" and isinstance(a.what, A.Clause)


def _restricted(it: _Item) -> bool:
    """A list item with modifiers of its own after it (an aside only explains the word: it restricts
    nothing, so the list's shared words still reach the item)."""
    return any(not isinstance(p, A.Aside) for p in it.posts)


def _manner_object(chunks: list[Chunk]) -> list[Chunk]:
    """Adverbs listed with a conjunction right after a verb that still wants an object ("choose clockwise
    or counterclockwise", "choose up or down"): the list is the object, the ways offered as a choice (an
    adverb alone stays the clause's adverb). The run becomes one noun phrase of kind ``manner``."""
    j = 0
    words: list[str] = []
    conj = None
    while j < len(chunks) and chunks[j].kind == "adv":
        words.append(str(chunks[j].value))
        j += 1
        if conj is not None:
            break  # the item after the conjunction is the last
        while j < len(chunks) and chunks[j].kind in ("lc", "conj"):
            if chunks[j].kind == "conj":
                conj = str(chunks[j].value)
            j += 1
    if conj is None or len(words) < 2 or chunks[j - 1].kind != "adv":
        return chunks
    first, last = chunks[0], chunks[j - 1]
    np = NP("manner", first.start, last.end, head=tuple(words), count=conj)
    return [Chunk("np", np, first.start, last.end)] + chunks[j:]


def _or_equal(chunks: list[Chunk], i: int) -> tuple[str, NP, int] | None:
    """``equal to or less than X`` / ``less than or equal to X`` from chunk ``i``: the inclusive
    comparison (``<=``, ``>=``), the value's noun phrase and the index after it; None otherwise."""
    def kinds(*want: tuple[str, Any]) -> bool:
        return i + len(want) <= len(chunks) and all(
            chunks[i + n].kind == kind and (value is None or chunks[i + n].value == value or chunks[i + n].prep == value)
            for n, (kind, value) in enumerate(want))

    def measured(c: Chunk) -> bool:
        return isinstance(c.value, NP) and (c.value.kind in ("amount", "mana") or _measure_np(c.value) or (
            c.value.kind == "core" and c.value.det == "the" and c.value.head in ("number", "sum")))

    if kinds(("pred", "equal"), ("particle", "to"), ("conj", "or"), ("adv", None), ("pp", "than")) \
            and chunks[i + 3].value in _COMPARE_THAN and measured(chunks[i + 4]):
        return _COMPARE_THAN[chunks[i + 3].value] + "=", chunks[i + 4].value, i + 5
    if kinds(("adv", None), ("particle", "than"), ("conj", "or"), ("pred", "equal"), ("pp", "to")) \
            and chunks[i].value in _COMPARE_THAN and measured(chunks[i + 4]):
        return _COMPARE_THAN[chunks[i].value] + "=", chunks[i + 4].value, i + 5
    return None


def _open_list_end(r: "_Interp", ph: _Phrase) -> int:
    """Where a list left open by a comma went wrong: the comma, or the ``then`` after it (``3, then 2``:
    the search then revisits that word's reading first, the adverb that orders a list, rather than the
    comma's)."""
    at = ph.sep_at if ph.sep_at is not None else ph.last.np.end
    m = _COMMA_THEN.match(r.text, at)
    if m:
        return m.start(1)
    # the word after the separator, read as something that is no list item ("Sites and towers that
    # you control": an unknown "towers" read as a verb first): revisit that word too, not the separator only
    m = _SEP_NEXT.match(r.text, at)
    return m.start(1) if m and ph.sep_at is not None else at


_COMMA_THEN = re.compile(r",\s*(then)\b")
_SEP_NEXT = re.compile(r"(?:,|and/or|and|or)\s+(\w)")
_THEN_BEFORE = re.compile(r",\s*(then)\s*$")


def _np_class(r: "_Interp", np: NP) -> str | None:
    """The lexicon's class of a noun phrase's head (``time``, ``player``, ``object``...), if known."""
    if np.kind == "core" and np.head_cat == "NOUN":
        return r.lex.noun_class.get(str(np.head))
    if np.kind == "pron" and np.head in ("you", "opponent"):
        return "player"
    return None


_SINGULAR_DETS = {"a", "an", "this", "that", "target", "another", "each", "every"}
_PLURAL_DETS = {"these", "those", "all", "both"}


def _agrees(det: Any, number: str) -> bool:
    """A determiner given to a later list item must suit its number (``this`` a singular, ``all`` a plural)."""
    if isinstance(det, str) and det in _SINGULAR_DETS:
        return number != "pl"
    if isinstance(det, str) and det in _PLURAL_DETS:
        return number == "pl"
    return True


#: Determiners that identify one thing already (a possessive, a demonstrative, ``the``).
_IDENTIFYING_DETS = frozenset({"the", "this", "that", "its", "his", "her", "their", "your", "my", "our"})


_QUANT_CMP = {"at_least": ">=", "at_most": "<=", None: "="}
#: The comparison a quantifier before a number makes ("at least 3 power", "up to 2 cost").
_QUANT_BOUND = {"at_least": ">=", "at_most": "<=", "up_to": "<=", "exactly": "="}


def _cmp_of(np: Any) -> str:
    """The comparison a number makes, whichever side of it the words are on: "3 or more" (``cmp``)
    and "at least 3" (``quant``) are one comparison, so a filter never reads the bound as "exactly"."""
    return np.cmp or _QUANT_BOUND.get(np.quant, "=")


def _stat_item(node: Any) -> Any:
    """A list item of a ``with`` phrase that counts a characteristic (``2 or less power``, ``cost 3``)
    is the comparison it makes (:class:`~codex.cardtext.ast.Stat`), as the same words alone are."""
    if isinstance(node, A.Selector) and node.noun in _STAT_NOUNS and node.count is not None and node.det is None \
            and node.quant in _QUANT_CMP and not node.mods and not node.filters:
        return A.Stat("cost" if node.noun == "mana cost" else node.noun, _QUANT_CMP[node.quant], node.count)
    return node


#: Modifiers that make a characteristic one of several objects summed ("a combined mana cost of X or less").
_SUMMED_MODS = frozenset({"combined", "total"})


def _combined_stat(sub: Any) -> Any:
    """``with a combined mana cost of X or less``: a comparison on the stat summed over the objects
    picked together (:class:`~codex.cardtext.ast.Stat` with ``combined``), its bound and comparison
    kept (None: other words)."""
    if len(sub.items) != 1:
        return None
    head, posts = sub.items[0].np, sub.items[0].posts
    if head.kind != "core" or head.head not in _STAT_NOUNS or not set(head.mods) & _SUMMED_MODS or len(posts) != 1:
        return None
    post = posts[0]
    if not (isinstance(post, tuple) and post[0] == "pp" and post[1] == "of" and len(post[2].items) == 1):
        return None
    bound = post[2].items[0].np
    if bound.count is None or post[2].items[0].posts:
        return None
    return A.Stat("cost" if head.head == "mana cost" else str(head.head), _cmp_of(bound), bound.count, combined=True)


def _choice(post: Any) -> bool:
    """``of your choice``, ``of that player's choice``: a modifier saying who picks the thing."""
    return isinstance(post, A.Of) and isinstance(post.what, A.Selector) and post.what.noun == "choice"


def _identified(np: NP) -> bool:
    """A list item that names one thing already (``its location``, ``this site``, ``it``): nothing is left
    to choose, so a shared ``of X's choice`` is not its (``its location and another location of that
    player's choice``: the choice is the second location's)."""
    if np.kind in ("pron", "self"):
        return True
    return np.kind == "core" and np.number != "pl" and (
        isinstance(np.det, NP) or (isinstance(np.det, str) and np.det in _IDENTIFYING_DETS))


def _refers_back(posts: list[Any]) -> bool:
    """A modifier naming an earlier item with a pronoun (``affected sites and units atop them``) stays
    with its own item."""
    for p in posts:
        if isinstance(p, A.Where) and isinstance(p.of, A.Ref) and p.of.word in ("they", "it"):
            return True
        if isinstance(p, A.Relative) and any(isinstance(n, A.Ref) and n.word in ("it", "them", "they")
                                             for n in A.walk(p.clause)):
            return True   # "target minion and all minions that share a location with it"
    return False


def _quantity_of(node: Any) -> Any:
    """``equal to X``: the amount X names (its power, its cost, the number of Y)."""
    if isinstance(node, A.Selector) and node.noun in ("power", "cost", "mana cost", "life", "damage", "sum", "number",
                                                       "difference", "amount", "level", "healing", "life total"):
        owner = node.det.owner if isinstance(node.det, A.Possessive) else (A.Ref(node.det.rstrip("s")) if node.det in ("its", "his", "her", "their") else None)
        of = next((f.what for f in node.filters if isinstance(f, A.Of)), None)
        rest = tuple(f for f in node.filters if not isinstance(f, A.Of))
        if rest and of is not None:
            of = _measured_where(of, rest)
        kind = {"mana cost": "cost", "number": "count", "life total": "life"}.get(node.noun, node.noun)
        if kind == "damage" and of is None and owner is None and _dealt_this_way(rest):
            return A.Quantity("damage_this_way")     # exec36: "the damage dealt this way": by this effect
        if node.det in ("its", "his", "her", "their", "your"):
            owner = A.Ref({"its": "it", "his": "he", "her": "she", "their": "they", "your": "you"}[node.det])
        amount = A.Quantity(kind, of if of is not None else owner)
        # "half its power": the measure halved, never the measure alone (a card dealing
        # half would deal all)
        return A.Quantity(node.count, amount) if node.count in ("half", "double") else amount
    return node


def _dealt_this_way(filters: tuple[Any, ...]) -> bool:
    """``the damage dealt this way``: one relative clause, the participle "dealt" of the damage, with
    "this way" its only adjunct (the damage the effect being resolved dealt; exec36)."""
    if len(filters) != 1 or not isinstance(filters[0], A.Relative) or not isinstance(filters[0].clause, A.Clause):
        return False
    clause = filters[0].clause
    act = clause.action
    way = clause.adjuncts[0].what if len(clause.adjuncts) == 1 else None
    return isinstance(act, A.Damage) and isinstance(act.amount, A.Ref) and act.amount.word == "which" \
        and act.patient is None and act.agent is None and isinstance(way, A.Selector) and way.noun == "way" \
        and way.det == "this" and clause.adjuncts[0].prep == "" and not clause.conditions and not clause.adverbs \
        and clause.modal is None and not clause.negated


def _measured_where(of: Any, filters: tuple[Any, ...]) -> Any:
    """``the sum of (F) on spells you've cast this turn``: a modifier after the measured thing narrows
    what is measured (the air threshold on those spells), never the measure; an element's symbol so
    narrowed is that element's threshold. A measured thing that cannot carry it is no reading."""
    if isinstance(of, A.Mana) and len(of.symbols) == 1 and of.symbols[0] in _ELEMENT_OF_SYMBOL:
        return A.Selector("threshold", mods=(_ELEMENT_OF_SYMBOL[of.symbols[0]],), filters=filters)
    if isinstance(of, A.Selector):
        return replace(of, filters=of.filters + filters)
    raise MeaningError("a modifier after an amount that it cannot narrow")


# =========================================================================== clauses: roles and scope


@dataclass
class _Extras:
    """Clause-level phrases: conditions, duration, per, adverbs, adjuncts, purpose, scope, instead."""

    conditions: list[A.Condition] = field(default_factory=list)
    duration: A.Duration | None = None
    per: Any = None
    adverbs: list[str] = field(default_factory=list)
    adjuncts: list[A.Adjunct] = field(default_factory=list)
    purpose: Any = None
    instead: bool = False
    scope: A.Turn | None = None
    time: Any = None            # ("at", phase, Turn): "at the end of your turn" after a verb
    limit: A.Limit | None = None
    this_turn: bool = False     # "this turn" seen: a duration, or the scope of a past event


_OBJECT_KINDS = {"damage": "damage", "strike damage": "damage", "life": "life", "control": "control", "amount": "amount",
                 "step": "step", "strike": "strike", "ability": "ability", "threshold": "threshold",
                 "threshold requirement": "threshold", "projectile": "projectile", "place": "place", "mana": "mana",
                 "game": "game", "minion type": "type"}


#: Light verbs: ``give X a push`` is ``push X`` (see ``_Interp._light_verb``).
_LIGHT_VERBS = frozenset({"give"})


def _np_kind(np: NP | None, r: _Interp) -> str:
    """What a verb's object is, for choosing the verb's sense."""
    if np is None:
        return "none"
    if np.kind == "mana":
        return "mana"
    if r.is_grant(np):
        return "grant"
    if np.kind == "amount":
        return "amount"
    if np.kind == "core" and np.head_cat == "NAME" and np.head in r.lex.keywords and np.det is None:
        return "grant"
    if np.kind == "core" and np.head in ("damage", "strike damage") and (
            np.det == "no" or {"less", "more"} & set(np.mods) or np.count in ("double", "half") or _extra_damage(np)):
        return "damage_change"
    if np.kind == "signed" and np.head in ("damage", "strike damage"):
        return "damage_change"
    if np.kind == "core" and {"more", "less", "fewer"} & set(np.mods):
        return "comparison"
    if np.kind == "core":
        return _OBJECT_KINDS.get(str(np.head), "thing")
    return "thing"


#: Objects that are amounts: a verb repeated with a second amount and its own complements is gapping.
_AMOUNT_KINDS = frozenset({"damage", "life", "mana", "amount"})


def _gapping(chunks: list[Chunk], r: "_Interp") -> tuple[list[Chunk], list[Chunk]] | None:
    """``deal 4 damage on impact, and 2 damage to each other unit``: when a conjunction is followed by
    an amount of the same kind as the verb's first object and both amounts have complements of their
    own, the verb is shared (gapping) and the clause is two actions; else None."""
    if not chunks or chunks[0].kind != "np":
        return None
    kind = _np_kind(chunks[0].value, r)
    things = kind in ("thing", "amount") and _gap_thing(chunks[0].value, r)
    if kind not in _AMOUNT_KINDS and not things:
        return None
    for k, ch in enumerate(chunks):
        if ch.kind != "conj" or k + 1 >= len(chunks) or chunks[k + 1].kind != "np":
            continue
        left = chunks[:k - 1] if k and chunks[k - 1].kind == "lc" else chunks[:k]
        right = chunks[k + 1:]
        if things:
            # "put one into your hand and the rest on the bottom": two things, each with where it goes
            if len(left) == 2 and len(right) == 2 and left[1].kind == "pp" and right[1].kind == "pp" \
                    and left[1].prep in _GAP_PLACES and right[1].prep in _GAP_PLACES \
                    and _np_kind(right[0].value, r) in ("thing", "amount") and _gap_thing(right[0].value, r):
                return left, right
            if kind != "amount":
                continue
        if _np_kind(right[0].value, r) == kind and len(left) > 1 and len(right) > 1 \
                and left[1].kind in ("pp", "place") and right[1].kind in ("pp", "place"):
            return left, right
    return None


#: Nouns "this <noun>" names the card itself with.
_THIS_CARD_NOUNS = frozenset({"spell", "card", "magic", "minion", "aura", "artifact", "site"})


def _names_this_card(np: Any) -> bool:
    """Whether a noun phrase is this card: its name (``SELF``), ``this``, ``this spell``."""
    if not isinstance(np, NP):
        return False
    if np.kind == "self":
        return True
    if np.kind == "pron":
        return str(np.head) == "SELF" or str(np.head).lower() == "this"
    return np.kind == "core" and np.det == "this" and not np.mods and np.count is None \
        and str(np.head) in _THIS_CARD_NOUNS


def _or_instead(chunks: list[Chunk]) -> tuple[list[Chunk], list[Chunk]] | None:
    """``deal 2 damage to target minion, or 4 damage instead if it has Airborne``, ``draw a card, or two
    cards instead if ...``, ``gain 3 life, or 5 instead unless ...``: after the verb's complements, ``or``,
    an amount (a number, or a counted noun phrase of the same noun as one the verb took), ``instead``
    and one ``if``/``unless`` clause is the same verb with that amount, done in place of the first when
    the condition holds (an amount replaced by a condition). The complements the alternative leaves out
    are the first's (written out, the alternative keeps its own: ``or 4 damage to it instead if ...``).
    Returns the first's chunks and the alternative's (ending with ``instead`` and the condition), or None."""
    for k, ch in enumerate(chunks):
        if ch.kind != "conj" or ch.value != "or" or k + 1 >= len(chunks) or chunks[k + 1].kind != "np":
            continue
        right = chunks[k + 1:]
        at = next((i for i, c in enumerate(right) if c.kind == "adv" and c.value == "instead"), None)
        if at is None or any(c.kind in ("lc", "conj") for c in right[:at]):
            continue
        tail = right[at + 1:]
        if len(tail) != 1 or tail[0].kind != "sub" or tail[0].prep not in ("if", "unless"):
            continue
        left = chunks[:k - 1] if k and chunks[k - 1].kind == "lc" else chunks[:k]
        alt = right[0].value
        i = _replaced_amount(left, alt)
        if i is None:
            continue
        if at == 1:      # nothing but the amount: the other complements are the first's
            new = replace(left[i].value, count=alt.count, cmp=alt.cmp, number="pl" if alt.count != 1 else "sg") \
                if alt.kind == "amount" else alt
            right = left[:i] + [replace(left[i], value=new)] + left[i + 1:] + right[at:]
        return left, right
    return None


def _replaced_amount(left: list[Chunk], alt: NP) -> int | None:
    """The index of the verb's object the alternative amount ``alt`` replaces: with a noun, the object of
    the same noun; a bare number, the first counted object. None when there is none."""
    if not isinstance(alt, NP) or not isinstance(alt.count, int) or alt.det is not None:
        return None
    for i, c in enumerate(left):
        if c.kind != "np" or not isinstance(c.value, NP) or c.value.kind not in ("core", "amount"):
            continue
        if alt.kind == "amount" and c.value.kind == "core" and (isinstance(c.value.count, int) or c.value.det in ("a", "an")):
            return i
        if alt.kind == "core" and c.value.kind == "core" and alt.head == c.value.head:
            return i
    return None


#: Prepositions of where a thing is put, for gapping over things ("one into your hand and the rest on
#: the bottom").
_GAP_PLACES = frozenset({"to", "into", "onto", "on", "in", "under", "beneath", "atop"})


def _gap_thing(np: NP, r: "_Interp") -> bool:
    """Whether a noun phrase is a thing a verb may place (a count, a pronoun, "the rest", a unit or
    card), not a place or a zone, which a list of destinations would be."""
    if np.kind in ("amount", "pron", "self"):
        return True
    return np.kind in ("core", "adj") and r.lex.noun_class.get(str(np.head)) not in ("place", "zone", "time", "player")


class _Frame:
    """One verb being assigned its roles (a clause's verb, or a participle/gerund modifying a noun)."""

    def __init__(self, lemma: str, roles: dict[str, str], voice: str = "active") -> None:
        self.lemma = lemma
        self.roles = dict(roles)
        self.voice = voice
        if voice == "passive":  # the subject plays the object's role, "by" the subject's
            # (a verb whose object is its amount, "take damage", makes the amount the subject: "damage taken")
            subj, obj = self.roles.get("subject"), self.roles.get("object") or self.roles.get("amount")
            self.roles.pop("object", None)
            if obj is not None and "object" not in roles:
                self.roles.pop("amount", None)
            if obj:
                self.roles["subject"] = obj
            else:
                self.roles.pop("subject", None)
            if subj:  # "moved by force": when subject and object play one role, "by" names the agent
                self.roles["by"] = subj if subj != obj else "agent"
        self.filled: dict[str, Any] = {}
        self.slot_of: dict[str, str] = {}   # role -> the slot (preposition) that filled it
        self.slots_used: set[str] = set()
        self.objects: list[_Phrase] = []

    def slot_free(self, slot: str) -> bool:
        return slot in self.roles and slot not in self.slots_used and self.roles[slot] not in self.filled

    def fill(self, slot: str, value: Any) -> None:
        self.slots_used.add(slot)
        self.filled[self.roles[slot]] = value
        self.slot_of[self.roles[slot]] = slot


class _Builder:
    """Assigns a clause's complements (module docstring: roles, modifiers, coordination, scope)."""

    def __init__(self, r: _Interp, extras: _Extras) -> None:
        self.r = r
        self.extras = extras
        self.current: _Phrase | None = None
        self.frames: list[_Frame] = []
        # inside "equal to <measure>": a phrase there restricts the measure's noun ("the number of
        # counters on X"), never a role of the verb outside it
        self.in_measure = False

    # ---- phrases
    def new_phrase(self, np: NP, amount: bool = False) -> _Phrase:
        ph = _Phrase([_Item(np)])
        ph.amount = amount  # type: ignore[attr-defined]
        self.current = ph
        return ph

    def attach_post(self, post: Any) -> bool:
        """Add a modifier to the noun before it (the current phrase's last item); a noun that takes no
        modifier (a keyword, an amount) passes it to the noun it belongs to."""
        ph = self.current
        while ph is not None:
            if self._attach_to(ph, post):
                return True
            ph = getattr(ph, "parent", None)
        return False

    def _attach_to(self, ph: _Phrase, post: Any) -> bool:
        saved, self.current = self.current, ph
        try:
            return self._attach(post)
        finally:
            self.current = saved if not self.current is ph else saved

    def _attach(self, post: Any) -> bool:
        if self.current is None or self.current.open_sep:
            return False
        if getattr(self.current, "amount", False) and not (isinstance(post, tuple) and post[0] == "equal"):
            return False  # "2 damage" is an amount, not a thing a place or relative can restrict
        target = self.current.last.np
        if target.kind in ("mana", "signed", "keyword", "quoted", "amount") and not (
                isinstance(post, tuple) and post[0] == "pp" and post[1] == "of"):
            return False
        self.current.last.posts.append(post)
        return True

    def aside(self, chunks: list[Chunk], i: int, ch: Chunk) -> int:
        """A parenthetical right after a noun phrase, itself noun phrases (``royalty (King, Queen, or
        Prince)``): it says what the noun takes in, an :class:`~codex.cardtext.ast.Aside` of that noun
        alone (never shared with the list the noun is in). Anything else in parentheses means nothing
        the rules know."""
        inner: list[Chunk] = ch.value
        if not inner or any(c.kind not in ("np", "lc", "conj") for c in inner) or i == 0 \
                or chunks[i - 1].kind not in ("np", "place", "pp"):
            raise MeaningError("a parenthetical that is not noun phrases after a noun", ch.start, "(")
        sub = _Builder(self.r, _Extras())
        if inner[0].kind != "np":
            raise MeaningError("a parenthetical that starts with a list comma", ch.start, "(")
        sub.new_phrase(inner[0].value)
        j = 1
        while j < len(inner):
            j = sub.one(inner, j, inner[j])
        if sub.current is None or not self.attach_post(A.Aside(_group(self.r, sub.current))):
            raise MeaningError("a parenthetical with no noun before it", ch.start, "(")
        return i + 1

    # ---- the main loop
    def run(self, chunks: list[Chunk], frame: _Frame | None) -> None:
        if frame is not None:
            self.frames.append(frame)
            if frame.slot_free("object"):
                chunks = _manner_object(chunks)
        i = 0
        while i < len(chunks):
            ch = chunks[i]
            i = self.one(chunks, i, ch)

    def top(self) -> _Frame | None:
        return self.frames[-1] if self.frames else None

    def _measure_tail(self, chunks: list[Chunk], j: int) -> int:
        """Read from ``j`` the phrases that belong to a measure into the current phrase ("the number
        of allies here", "equal to the number of sites you control"): places, relative clauses and
        "of/in/on/among/at" phrases, with ``in_measure`` set while they are read. The next index."""
        outer, self.in_measure = self.in_measure, True
        try:
            while j < len(chunks) and chunks[j].kind in ("pp", "place", "rel", "part", "gerund") and (
                    chunks[j].kind != "pp" or chunks[j].prep in ("of", "in", "on", "among", "at")):
                j = self.one(chunks, j, chunks[j])
        finally:
            self.in_measure = outer
        return j

    def one(self, chunks: list[Chunk], i: int, ch: Chunk) -> int:
        r = self.r
        k = ch.kind
        if k in ("lc", "conj"):
            if self.current is None:
                raise MeaningError("a list comma or conjunction with nothing before it", ch.start)
            # "this site, minions atop it, and X": inside an unfinished list (items, no conjunction yet), a
            # comma or conjunction after a modifier's noun continues that list
            outer = getattr(self.current, "parent", None)
            while outer is not None and not (len(outer.items) > 1 and outer.conj is None):
                outer = getattr(outer, "parent", None)
            if outer is not None and len(self.current.items) == 1:
                self.current = outer
            if k == "conj":
                self.current.conj = ch.value
            if not self.current.open_sep:
                self.current.sep_at = ch.start
            self.current.open_sep = True
            return i + 1
        if k == "adv" and ch.value == "then" and self.current is not None and self.current.open_sep \
                and self.current.conj in (None, "then") and chunks[i - 1].kind == "lc":
            # "3, then 2, then 1 damage", "target opponent, then you": a list in order, each item after
            # the one before (its conjunction is "then")
            self.current.conj = "then"
            return i + 1
        if self.current is not None and self.current.open_sep and k not in ("np", "lc", "conj"):
            cur = self.current
            if k == "rel" and ch.prep in ("which", "who") and cur.conj is None and chunks[i - 1].kind == "lc":
                # ", which only she can cast": a relative clause set off by a comma still restricts the noun
                cur.open_sep = False
            elif k == "pp" and cur.conj in ("and", "or") and chunks[i - 1].kind == "conj":
                # "conjure Weapons and Armor here, and for (1) less": the conjunction joins a phrase to the
                # clause, not another item to the list
                cur.open_sep = False
                if len(cur.items) == 1:
                    cur.conj = None
                self.current = None
            else:
                raise MeaningError("a list comma or conjunction before something that is no list item", ch.start)
        if k == "aside":
            return self.aside(chunks, i, ch)
        if k == "np":
            np: NP = ch.value
            if _threshold_of_symbols(chunks, i):
                return i + 1
            if self.current is not None and self.current.open_sep:
                self.current.items.append(_Item(np))
                self.current.open_sep = False
                return i + 1
            if self.time_np(np, chunks, i):
                return i + 1
            event = self.turn_of_event(np, chunks, i)
            if event is not None:   # "can attack the turn it is summoned": a time, as "on the turn ..." is
                self.extras.duration = event
                return i + 2
            how_often = self.r.text[np.start:np.end].lower() if np.kind == "amount" else ""
            if how_often in ("once", "twice") and self.extras.limit is None and self.current is None \
                    and _limit_follows(chunks, i + 1):
                self.adverb(how_often)  # "use only once per turn": how often, not an object
                return i + 1
            if np.kind in ("mana", "amount") and self.current is not None and not self.current.open_sep \
                    and self.current.last.np.kind == "core" and self.current.last.np.head in _STAT_NOUNS \
                    and not self.current.last.posts:
                value = _mana(np) if np.kind == "mana" else np.count
                self.current.last.posts.append(("value", value, np.cmp, ch.start))
                return i + 1
            # "up to two steps away": a distance modifying the noun before it
            if np.kind == "core" and (np.head == "step" or _distance(np)) and i + 1 < len(chunks) \
                    and chunks[i + 1].kind == "place" and chunks[i + 1].value == "away":
                post = A.Where("within", None, np.count) if np.quant == "up_to" else A.Where("away", None, np.count)
                if not self.attach_post(post):
                    self.extras.adjuncts.append(A.Adjunct("away", np.count))
                return i + 2
            for f in reversed(self.frames):
                if f.slot_free("amount") and (np.kind == "amount" or (np.kind in ("core", "signed") and np.head in _AMOUNT_NOUNS)
                                              or f.roles["amount"] == "steps" and _distance(np)):
                    f.fill("amount", self.new_phrase(np, amount=True))
                    return i + 1
                if f.slot_free("object"):
                    f.objects.append(self.new_phrase(np))
                    f.fill("object", f.objects[-1])
                    return i + 1
                if f.slot_free("object2") or (f.objects and "object2" in f.roles and "object2" not in f.slots_used):
                    f.objects.append(self.new_phrase(np))
                    f.fill("object2", f.objects[-1])
                    return i + 1
                if f is self.frames[-1] and len(self.frames) > 1:
                    continue
            raise MeaningError(f"no place for the noun phrase {np.head!r}", ch.start, str(np.head))
        if k == "pp":
            return self.pp(chunks, i, ch)
        if k == "place" and self.r.object_gap is not None and i == len(chunks) - 1 \
                and any(r.cat == "PREP" for c in self.r.lex.single.get(str(ch.value), ()) for r in c.readings):
            # a place word that is also a preposition, ending a relative clause whose gap is still open,
            # is that clause's stranded preposition: "the border this wall sits atop" (atop which), as
            # "the site it lands on"
            return self.one(chunks, i, Chunk("particle", ch.value, ch.start, ch.end, text=ch.text))
        if k == "place":
            word = ch.value
            for f in reversed(self.frames):
                if f.slot_free("place") and word in ("here", "there", "anywhere", "away", "in_play", "atop", "nearby",
                                                     "adjacent") and self.place_is_destination(f):
                    f.fill("place", A.Where(word))
                    return i + 1
                break
            if word in ("here", "there", "nearby", "adjacent", "anywhere", "in_play", "in_realm", "atop", "below",
                        "above", "underneath", "in_front") and self.attach_post(A.Where(word)):
                return i + 1
            if word in ("at_random", "on_ground"):
                self.extras.adverbs.append(word)
                return i + 1
            self.extras.adjuncts.append(A.Adjunct(word))
            return i + 1
        if k == "particle" and self.r.object_gap is not None:
            # a stranded preposition in a relative clause: "the site it lands on" (on which)
            gap_np = NP("pron", ch.start, ch.end, head="which")
            self.r.object_gap = None
            return self.pp(chunks, i, Chunk("pp", gap_np, ch.start, ch.end, ch.value))
        if k == "adv" and ch.value == "not" and i + 1 < len(chunks) and chunks[i + 1].kind in ("part", "gerund") \
                and self.current is not None:
            host = self.current.last
            j = self.participle(chunks, i + 1, chunks[i + 1])
            post = host.posts[-1] if host.posts else None
            if isinstance(post, tuple) and post[0] == "reduced":
                post[1]["negated"] = True  # "land sites not occupied by other units"
            return j
        if (k == "adv" and ch.value in _COMPARE_THAN or k == "pred" and ch.value == "equal") \
                and (inclusive := _or_equal(chunks, i)) is not None and self.current is not None \
                and not self.current.open_sep and self.current.last.np.kind == "core" \
                and self.current.last.np.head in _STAT_NOUNS and not self.current.last.posts:
            # "with cost equal to or less than 3", "power less than or equal to 2": the comparison and
            # equality together (<=, >=)
            cmp, v, j = inclusive
            if v.kind in ("mana", "amount"):
                value = _mana(v) if v.kind == "mana" else v.count
            else:   # "the number of allies here": the measure's own phrases go with it, as after "equal to"
                host, sub = self.current, _Phrase([_Item(v)])
                self.current = sub
                try:
                    j = self._measure_tail(chunks, j)
                finally:
                    self.current = host
                value = sub   # read with the noun's other modifiers (`post`)
            self.current.last.posts.append(("value", value, cmp, ch.start))
            return j
        if k == "adv" and ch.value in _COMPARE_THAN and i + 1 < len(chunks) and chunks[i + 1].kind == "pp" \
                and chunks[i + 1].prep == "than" and isinstance(chunks[i + 1].value, NP) \
                and (chunks[i + 1].value.kind in ("amount", "mana") or _measure_np(chunks[i + 1].value)) \
                and not (i + 2 < len(chunks) and chunks[i + 2].kind == "pp" and chunks[i + 2].prep == "of") \
                and self.current is not None \
                and not self.current.open_sep and self.current.last.np.kind == "core" \
                and self.current.last.np.head in _STAT_NOUNS and not self.current.last.posts:
            # "with power less than 3", "cost greater than (2)", "power less than Ember Golem's power": a
            # strict comparison of the stat
            v = chunks[i + 1].value
            value = _mana(v) if v.kind == "mana" else v.count if v.kind == "amount" else _quantity_of(self.r.node(v))
            self.current.last.posts.append(("value", value, _COMPARE_THAN[ch.value], ch.start))
            return i + 2
        if k == "particle" and not _adverb_word(self.r.lex, ch.value):
            # a preposition with no object that no phrasal verb takes ("To draw a card, ..." read as
            # "draw a card to"): no reading, the search goes on
            raise MeaningError(f"a stranded preposition {ch.value!r} no verb takes", ch.start)
        if k in ("adv", "particle"):
            self.adverb(ch.value)
            return i + 1
        if k == "pred":
            return self.pred(chunks, i, ch)
        if k in ("part", "gerund"):
            return self.participle(chunks, i, ch)
        if k == "rel":
            host = self.current if self.current is not None and not self.current.open_sep else None
            tail = _trailing_filter(ch.value, self.r) if host is not None else []
            if tail:
                # "minions you control with power 2 or less": a "with" phrase the relative clause's verb
                # takes no role for picks out the noun, as written before the clause
                sc = ch.value
                ch = Chunk(ch.kind, SClause(sc.subject, sc.vgroup, sc.chunks[:len(sc.chunks) - len(tail)], sc.start,
                                            sc.end, sc.gap, sc.caused), ch.start, ch.end, ch.prep, ch.text)
            self.r.hosts.append(host)
            self.r.nested.append([])
            try:
                rel = self.r.relative(ch, self)
            finally:
                self.r.hosts.pop()
                nested = self.r.nested.pop()
            if self.attach_post(rel):
                self.current.last.posts.extend(nested)  # type: ignore[union-attr]
                j = 0
                while j < len(tail):
                    j = self.one(tail, j, tail[j])
                return i + 1
            if nested:
                raise MeaningError("a relative clause inside one with no noun", ch.start)
            # "each site you control that borders an enemy site": the second relative clause is inside the
            # first, which has no noun of its own; it restricts the same head
            outer = next((h for h in reversed(self.r.hosts) if h is not None), None)
            if outer is None or not self.r.nested:
                raise MeaningError("a relative clause with no noun before it", ch.start)
            self.r.nested[-1].append(rel)
            return i + 1
        if k == "sub":
            self.r.subordinate(ch, self.extras)
            return i + 1
        if k == "pp_gerund":  # "without losing Stealth", "by extending a pseudopod": the rest is its clause
            sc = SClause([], VGroup(ch.value, "ing", start=ch.start, end=ch.end), chunks[i + 1:], ch.start, chunks[-1].end)
            self.extras.adjuncts.append(A.Adjunct(ch.prep, self.r.clause(sc, None)))
            return len(chunks)
        if k == "inf":
            sc: SClause = ch.value
            for f in reversed(self.frames):
                if f.slot_free("to_vp"):
                    f.fill("to_vp", ("clause", sc))
                    return i + 1
            self.extras.purpose = self.r.clause(sc, None)
            return i + 1
        raise MeaningError(f"unexpected {k}", ch.start)

    def place_is_destination(self, f: "_Frame") -> bool:
        """``summon a token here``, ``drag it here``, ``move there``: the destination. ``push a unit here``:
        the unit that is here. A place right after a noun object picks that object out, except for what is
        being brought into play (summoned, conjured, cast, played), which has no place yet."""
        if self.current is None or self.current.open_sep or f.lemma in _CREATION_VERBS:
            return True
        np = self.current.last.np
        return np.kind in ("pron", "self") or self.current.last.posts != []

    def adverb(self, word: str) -> None:
        ex = self.extras
        if word == "instead":
            ex.instead = True
        elif word == "permanently":
            ex.duration = A.Duration("permanently")
        elif word in ("once", "twice") and ex.limit is None:
            ex.limit = A.Limit(1 if word == "once" else 2)  # "cast it once this turn": the turn is read next
        else:
            ex.adverbs.append(word)

    def turn_of_event(self, np: NP, chunks: list[Chunk], i: int) -> A.Duration | None:
        """``the turn it enters the realm``: the turn an event happens in (a relative clause with no
        relative word whose noun is only its time), as a duration; None for anything else."""
        if not (np.kind == "core" and np.head == "turn" and np.det == "the" and not np.mods and np.count is None
                and i + 1 < len(chunks) and chunks[i + 1].kind == "rel" and not chunks[i + 1].prep):
            return None
        sc: SClause = chunks[i + 1].value
        if not sc.subject or sc.vgroup is None:
            return None
        event = self.r.clause(SClause(sc.subject, sc.vgroup, sc.chunks, sc.start, sc.end), None)
        return A.Duration("during", A.Turn("the"), event=event)

    def time_np(self, np: NP, chunks: list[Chunk], i: int) -> bool:
        """``this turn``, ``each turn``, ``your next turn``, ``any number of times``: time, not an object;
        ``this way``: a manner (an adjunct with no preposition)."""
        if np.kind == "core" and np.head == "way" and np.det in ("this", "that") and not np.mods:
            self.extras.adjuncts.append(A.Adjunct("", self.r.node(np)))
            return True
        if np.kind != "core" or np.head not in ("turn", "time"):
            return False
        if np.head == "time":
            if np.det in ("any_number",) or np.quant == "any_number":
                self.extras.limit = A.Limit("any_number")  # type: ignore[arg-type]
                return True
            if np.number == "sg" and np.mods and set(np.mods) <= _ONE_MORE and np.det in (None, "a", "an") \
                    and np.count in (None, 1) and not np.places:
                self.extras.adverbs.append("again")  # "an extra time", "one more time": once again
                return True
            if np.number == "pl" and not np.mods and np.det is None and isinstance(np.count, int) \
                    and not isinstance(np.count, bool) and np.count >= 2 and not np.places \
                    and self.extras.limit is None and not _limit_follows(chunks, i + 1):
                # "three times": how often, as "twice" says 2 (a limit per turn is not read this way)
                self.extras.limit = A.Limit(np.count)
                return True
            times = how_many_times(np)
            if times is not None and self.extras.limit is None and self.current is None \
                    and _limit_follows(chunks, i + 1):
                # "use only three times per turn", "up to three times each turn": how often, as "twice"
                # is; the turn it counts in is read next
                self.extras.limit = A.Limit(times, None, np.quant == "up_to")
                return True
            return False
        if np.det == "this" and not np.mods:
            if self.extras.limit is not None and self.extras.limit.turn is None:
                self.extras.limit = A.Limit(self.extras.limit.count, A.Turn(which="this"), self.extras.limit.up_to)
                return True
            self.extras.this_turn = True
            return True
        if np.det == "each" and not np.mods:
            if self.extras.limit is not None and self.extras.limit.turn is None \
                    and isinstance(self.extras.limit.count, int) and self.extras.limit.count >= 1:
                self.extras.limit = A.Limit(self.extras.limit.count, A.Turn("each"),  # "once each turn"
                                            self.extras.limit.up_to)
                return True
            self.extras.scope = A.Turn("each")
            return True
        return False

    def pp(self, chunks: list[Chunk], i: int, ch: Chunk) -> int:
        r = self.r
        prep, np = ch.prep, ch.value
        ex = self.extras
        if self.current is not None and self.current.open_sep:
            raise MeaningError("a list item that is a prepositional phrase", ch.start)
        # time and scope phrases
        if prep in _PLACE_ADJ and np.kind == "core" and np.head == "turn" and np.det in ("each", "this") \
                and not np.mods:
            # "dies nearby each turn": a place word standing alone, then a time (a turn is no place
            # to be near: the word is not the preposition of "a unit nearby the caster")
            self.one(chunks, i, Chunk("place", prep, ch.start, ch.end, text=prep))
            self.time_np(np, chunks, i)
            return i + 1
        if prep == "on" and _arrival_np(np):
            # "tap all other units there on arrival": a time (when the move before it arrives), not a place
            ex.conditions.append(A.Condition("when", A.Clause(A.Enter())))
            return i + 1
        if prep == "to" and ex.adverbs and ex.adverbs[-1] == "up" and ex.limit is None \
                and how_many_times(times_np := replace(np, quant="up_to")) is not None and _limit_follows(chunks, i + 1):
            # "use this ability up to three times each turn": "up" read as the verb's particle, then "to
            # three times"; the words are the quantifier "up to" of a frequency, a use limit
            ex.adverbs.pop()
            ex.limit = A.Limit(how_many_times(times_np) or 1, None, True)
            return i + 1
        turn = _turn_of(np)
        if prep in ("on", "per", "during") and turn is not None and ex.limit is not None and ex.limit.turn is None \
                and isinstance(ex.limit.count, int) and ex.limit.count >= 1:
            # "once per turn", "twice on your turn", "once during your turn": the turn the limit counts in
            # (as when fronted)
            ex.limit = A.Limit(ex.limit.count, A.Turn(turn.whose or "each", turn.which) if prep == "per" else turn,
                               ex.limit.up_to)
            return i + 1
        if prep in ("on", "during") and turn is not None and turn.whose == "the" and turn.which is None \
                and i + 1 < len(chunks) and chunks[i + 1].kind == "rel" and not chunks[i + 1].prep:
            # "on the turn it enters the realm": the turn an event happens in (a relative clause with no
            # relative word whose noun is no role of its verb, only its time)
            sc: SClause = chunks[i + 1].value
            event = r.clause(SClause(sc.subject, sc.vgroup, sc.chunks, sc.start, sc.end), None)
            ex.duration = A.Duration("during", turn, event=event)
            return i + 2
        if prep in ("until", "during") and (turn is not None or _phase_np(np)):
            ex.duration = _until_or_during(prep, np, chunks, i)
            return i + 1 + (1 if _phase_np(np) and i + 1 < len(chunks) and chunks[i + 1].kind == "pp" and chunks[i + 1].prep == "of" else 0)
        if prep == "on" and turn is not None:
            ex.duration = A.Duration("during", turn)
            return i + 1
        if prep in ("at",) and _phase_np(np) and i + 1 < len(chunks) and chunks[i + 1].kind == "pp" and chunks[i + 1].prep == "of":
            t = _turn_of(chunks[i + 1].value)
            if t is not None:
                ex.time = ("at", _phase_word(np), t)
                return i + 2
        if prep == "for" and np.kind == "pron" and np.head == "each":  # "for each": each of those just named
            if i + 1 < len(chunks) and chunks[i + 1].kind == "pp" and chunks[i + 1].prep == "of":
                ex.per = self.phrase_node(chunks, i + 2, chunks[i + 1].value, "of")
                ex.per = ("partitive", "each", ex.per)
                return self._consumed
            ex.per = A.Ref("each")
            return i + 1
        if prep == "for" and np.kind in ("core", "adj") and np.det in ("each",) and np.head not in ("turn",):
            ex.per = self.phrase_node(chunks, i + 1, np, prep)
            return self._consumed
        if prep == "for" and np.kind == "amount" and i + 1 < len(chunks) and chunks[i + 1].kind == "pp" and chunks[i + 1].prep == "of":
            t = _turn_of(chunks[i + 1].value)
            if t is not None:
                ex.duration = A.Duration("for", t, count=np.count)
                return i + 2
        if prep == "per" and turn is not None:
            ex.scope = turn
            return i + 1
        rest_of = _for_the_turn(np, chunks, i) if prep == "for" else 0
        if rest_of:
            # "for the turn", "for the rest of the turn", "for the rest of this turn": what "this turn"
            # says of a lasting effect (the turn it happens in, from now on)
            ex.this_turn = True
            return i + rest_of
        if prep in ("at", "atop", "in") and prep in _FILTER_PREPS and i + 1 < len(chunks) \
                and chunks[i + 1].kind == "pp" and chunks[i + 1].prep in ("to", "into", "onto") \
                and self.frames and not self.frames[-1].slot_free("object") and self.frames[-1].slot_free(chunks[i + 1].prep):
            # exec36: "Return each minion at target site to their owners' hands": a place right before
            # the destination says where the object is (a modifier of it), the "to" phrase where it goes
            sub = _Phrase([_Item(np)])
            sub.parent = self.current  # type: ignore[attr-defined]
            if self.attach_post(("pp", prep, sub)):
                self.current = sub
                return i + 1
        # a role of the verb (the innermost frame first)
        for f in ([] if self.in_measure else reversed(self.frames)):
            if f.slot_free(prep) and self.fits_role(f, prep, np):
                f.fill(prep, self.new_phrase(np))
                return i + 1
            break
        # a modifier of the noun before it
        if prep in _FILTER_PREPS:
            sub = _Phrase([_Item(np)])
            sub.parent = self.current  # type: ignore[attr-defined]
            if self.attach_post(("pp", prep, sub)):
                self.current = sub
                return i + 1
        # a role of an outer frame
        for f in reversed(self.frames[:-1]):
            if f.slot_free(prep) and self.fits_role(f, prep, np):
                f.fill(prep, self.new_phrase(np))
                return i + 1
        sub = self.new_phrase(np)
        ex.adjuncts.append(("adjunct", prep, sub))  # type: ignore[arg-type]
        return i + 1

    _consumed = 0

    def phrase_node(self, chunks: list[Chunk], i: int, np: NP, prep: str) -> Any:
        """A phrase standing outside the frame ("for each X here"): its own modifiers follow it."""
        saved = self.current
        ph = self.new_phrase(np)
        j = i
        while j < len(chunks) and chunks[j].kind in ("pp", "place", "rel", "part", "gerund", "lc", "conj", "np") and (
                chunks[j].kind != "np" or ph.open_sep):
            if chunks[j].kind == "pp" and chunks[j].prep not in _FILTER_PREPS:
                break
            if chunks[j].kind == "pp" and chunks[j].prep in ("for",):
                break
            j = self.one(chunks, j, chunks[j])
        self._consumed = j
        self.current = saved
        return ("phrase", ph)

    def _outer_takes(self, inner: _Frame, c: Chunk) -> bool:
        """Whether a phrase after a reduced relative belongs to a verb outside it, as ``hoist`` decides for
        a relative clause: the participle has no role for its preposition and an outer verb has that
        role free, for a destination or source (``into``, ``onto``, ``to``, ``from``); a place that only
        locates (``in``, ``at``, ``on``) stays with the noun before it."""
        if c.prep not in _HOISTED_PREPS:
            return False
        return any(f is not inner and f.slot_free(c.prep) and self.fits_role(f, c.prep, c.value)
                   for f in self.frames)

    def fits_role(self, f: _Frame, prep: str, np: NP) -> bool:
        """A phrase fits a place role (dest, source, path) only when it names a place, zone or object."""
        role = f.roles[prep]
        if role in f.filled:
            return False
        if role in ("dest", "path") and np.kind == "core" and np.head_cat == "NOUN":
            cls = self.r.lex.noun_class.get(str(np.head), "object")
            return cls in ("place", "zone", "object", "player")
        return True

    def pred(self, chunks: list[Chunk], i: int, ch: Chunk) -> int:
        word = ch.value
        if word == "equal" and i + 1 < len(chunks) and chunks[i + 1].kind == "pp" and chunks[i + 1].prep == "to":
            target = self.current
            amount = next((f.filled.get("amount") for f in reversed(self.frames) if isinstance(f.filled.get("amount"), _Phrase)), None)
            if amount is not None:  # "deal damage to X equal to Y": it is the damage that equals Y
                target = amount
            nxt = chunks[i + 1]
            saved = self.current
            sub = _Phrase([_Item(nxt.value)])
            self.current = sub
            j = self._measure_tail(chunks, i + 2)
            if target is not None:
                target.last.posts.append(("equal", sub))
                self.current = saved
            else:
                self.extras.adjuncts.append(("adjunct", "equal_to", sub))  # type: ignore[arg-type]
            return j
        if self.attach_post(("state", word)):
            return i + 1
        self.extras.adverbs.append(word)
        return i + 1

    def gerund_clauses(self, chunks: list[Chunk], i: int) -> int:
        """Clause-level -ing phrases from ``chunks[i]`` to the end, each an adjunct of the clause: one takes
        everything after it, up to a conjunction (and a ``then``) before another -ing word, which starts
        the next (``destroying an artifact and then striking it``)."""
        while True:
            ch = chunks[i]
            j = i + 1
            while j < len(chunks) and not _next_gerund(chunks, j):
                j += 1
            mine = chunks[i + 1:j]
            if mine and mine[-1].kind == "lc":
                mine = mine[:-1]  # "tapping it, and drawing a card"
            sc = SClause([], VGroup(ch.value, "ing", start=ch.start, end=ch.end), mine, ch.start,
                         mine[-1].end if mine else ch.end)
            self.extras.adjuncts.append(("gerund", self.r.clause(sc, None)))  # type: ignore[arg-type]
            if j == len(chunks):
                return j
            i = j + (2 if chunks[j + 1].kind == "adv" else 1)

    def participle(self, chunks: list[Chunk], i: int, ch: Chunk) -> int:
        """A participle or ``-ing`` word after a noun: a reduced relative clause (``an artifact carried by
        the caster``, ``minions occupying affected sites``) taking the complements its frame takes."""
        if self.current is None or self.current.open_sep:
            if ch.kind == "gerund":  # a clause-level -ing phrase: "ignoring threshold"
                return self.gerund_clauses(chunks, i)
            # a bare participle after the verb's complements: a state ("summon X ..., tapped")
            self.extras.adverbs.append(ch.text or str(ch.value))
            return i + 1
        host = self.current
        voice = "passive" if ch.kind == "part" else "active"
        senses = self.r.lex.verbs.get(ch.value) or []
        if voice == "passive" and senses and all(s.when.get("voice") == "active" for s in senses):
            # "spells cast by you cost nothing": "cost" has no passive, so it is no participle here
            raise MeaningError(f"{ch.value!r} has no passive", ch.start)
        kind = _np_kind(host.last.np, self.r) if voice == "passive" else None
        sense = self.r._passive_sense(ch.value, None, kind) if voice == "passive" else self.r.sense(ch.value, None, voice)
        frame = _Frame(ch.value, sense.roles if sense else {"subject": "agent", "object": "patient"}, voice)
        holder = {"frame": frame, "sense": sense, "voice": voice, "vg": VGroup(ch.value, "part" if voice == "passive" else "ing")}
        host.last.posts.append(("reduced", holder))
        self.frames.append(frame)
        saved = self.current
        self.current = None
        j = i + 1
        while j < len(chunks):
            c = chunks[j]
            if c.kind == "np" and voice == "passive" and _participle_time(c.value):
                # "a minion killed this turn", "damage taken this way": the participle's own time or manner
                holder.setdefault("times", []).append(c.value)
                j += 1
                continue
            if c.kind == "np" and not frame.slot_free("object") and not (self.current and self.current.open_sep):
                break
            if c.kind == "pp" and not frame.slot_free(c.prep) and not (self.current is not None and c.prep in _FILTER_PREPS):
                break
            if c.kind == "pp" and c.prep not in frame.roles and self._outer_takes(frame, c):
                break   # "shuffle a minion occupying X into its owner's spellbook": the outer verb's place
            if c.kind in ("sub", "inf", "adv"):
                break
            if c.kind == "pp" and frame.slot_free(c.prep) and self.fits_role(frame, c.prep, c.value):
                j = self.one(chunks, j, c)
                continue
            if c.kind == "pp" and self.current is None:
                break
            j = self.one(chunks, j, c)
        self.frames.pop()
        self.current = saved if self.current is None else self.current
        return j


# =========================================================================== time phrases


#: Verbs of harm that name no amount of their own, whose "for N" is the damage ("hits X for 1", "wound
#: X for 2"), as "hurt ... for 2" is in the lexicon: the primitive each maps to without it.
_HARM_FOR = {A.Hit: None, A.SetState: "wounded"}


def _hit_for(action: Any, adjuncts: list[Any]) -> tuple[Any, list[Any]]:
    """``X hits Y for 1``, ``wound Y for 2``: English's "for N" after a verb of harm is the damage
    dealt (N damage to Y, X the source); anything else is returned unchanged."""
    kind = type(action)
    if kind not in _HARM_FOR or (kind is A.SetState and action.state != _HARM_FOR[kind]):
        return action, adjuncts
    amounts = [a for a in adjuncts if isinstance(a, A.Adjunct) and a.prep == "for"
               and (isinstance(a.what, int) and not isinstance(a.what, bool) or a.what == "X")]
    if len(amounts) != 1 or action.patient is None:
        return action, adjuncts
    rest = [a for a in adjuncts if a is not amounts[0]]
    return A.Damage(amount=amounts[0].what, patient=action.patient, agent=action.agent), rest


def _for_the_turn(np: Any, chunks: list[Chunk], i: int) -> int:
    """How many chunks from ``i`` make the object of "for" a span of this turn: ``the turn``, ``this
    turn`` (1), ``the rest of the turn`` / ``of this turn`` (2); 0 for anything else."""
    def this_turn(n: Any) -> bool:
        return isinstance(n, NP) and n.kind == "core" and n.head == "turn" and n.det in ("the", "this") \
            and not n.mods and n.count is None and n.number == "sg"
    if this_turn(np):
        return 1
    if isinstance(np, NP) and np.kind == "core" and np.head == "rest" and np.det == "the" and not np.mods \
            and i + 1 < len(chunks) and chunks[i + 1].kind == "pp" and chunks[i + 1].prep == "of" \
            and this_turn(chunks[i + 1].value):
        return 2
    return 0


def _arrival_np(np: NP) -> bool:
    """``arrival`` alone (``on arrival``): the moment a move before it ends, a time."""
    return np.kind == "core" and np.head == "arrival" and np.det is None and not np.mods and np.count is None \
        and not np.places


def _participle_time(np: NP) -> bool:
    """``this turn`` and ``this way`` after a past participle belong to it."""
    return np.kind == "core" and not np.mods and np.det in ("this", "that") and np.head in ("turn", "way")


def _limit_follows(chunks: list[Chunk], i: int) -> bool:
    """Whether ``chunks[i]`` names the turn a limit counts in ("[once] per turn", "[twice] on your
    turn", "[once] this turn"): then "once"/"twice" before it says how often, not how many."""
    if i >= len(chunks):
        return False
    ch = chunks[i]
    if ch.kind == "pp" and ch.prep in ("on", "per", "during") and isinstance(ch.value, NP):
        return _turn_of(ch.value) is not None
    return ch.kind == "np" and isinstance(ch.value, NP) and ch.value.kind == "core" and ch.value.head == "turn" \
        and ch.value.det in ("this", "each") and not ch.value.mods


def _turn_owner(det: NP) -> Any:
    """Whose turn a possessive names (``its controller's next turn``): the owner kept, so the turn is
    not just 'someone's'. A noun phrase with its determiner and adjectives, or a pronoun."""
    if det.kind == "pron":
        return A.Ref(str(det.head))
    if det.kind == "core" and isinstance(det.det, (str, type(None))) and det.count is None:
        return A.Selector(str(det.head), det.det, None, None, tuple(det.mods), (), det.number == "pl")
    raise MeaningError("a turn owned by a noun phrase the grammar cannot keep", det.start)


def _turn_of(np: NP) -> A.Turn | None:
    """``your turn``, ``their next turn``, ``each player's turn``, ``enemy turns``, ``the turn`` → a Turn."""
    if np.kind != "core" or np.head != "turn":
        return None
    whose: str | None = None
    owner: Any = None
    det = np.det
    if isinstance(det, NP):
        if det.kind == "core" and det.head == "player" and det.det == "each":
            whose = "each_player"
        elif det.kind == "core" and det.head == "opponent":
            whose = "opponent"
        else:
            whose = "possessed"
            owner = _turn_owner(det)
    elif det is not None:
        whose = {"a": None, "every": "each"}.get(det, det)
    which = None
    for m in np.mods:
        if m in ("next", "last", "current"):
            which = m
        elif m == "enemy":
            whose = "enemy"
    if det == "this":
        whose, which = None, "this"
    return A.Turn(whose, which, owner)


#: A turn's own events, as the phase they are: "When your next turn begins" is at its start ("end" is
#: no verb of the lexicon, so "when your turn ends" is not read yet).
_TURN_EVENT_PHASE = {"begin": "start", "start": "start"}


def _phase_np(np: NP) -> bool:
    return np.kind == "core" and np.head in ("start", "end", "end phase", "start phase")


def _phase_word(np: NP) -> str:
    return {"end phase": "end", "start phase": "start"}.get(str(np.head), str(np.head))


def _turn_of_phase(np: NP) -> A.Turn | None:
    """The turn a phase named with its owner belongs to: ``its controller's next start phase`` is the
    start phase of its controller's next turn (the phase's determiner and "next" are the turn's)."""
    if not (np.kind == "core" and np.head in ("start phase", "end phase")) or np.det in (None, "the", "this"):
        return None
    from dataclasses import replace as dc_replace
    return _turn_of(dc_replace(np, head="turn"))


def _until_or_during(prep: str, np: NP, chunks: list[Chunk], i: int) -> A.Duration:
    turn = _turn_of(np)
    if turn is not None:
        return A.Duration(prep, turn)
    owned = _turn_of_phase(np)
    if owned is not None:      # "during its controller's next start phase"
        return A.Duration(prep, owned, _phase_word(np))
    # "until the end of turn", "until the end of your turn"
    nxt = chunks[i + 1] if i + 1 < len(chunks) else None
    t = _turn_of(nxt.value) if nxt is not None and nxt.kind == "pp" and nxt.prep == "of" else None
    return A.Duration(prep, t or A.Turn("the"), _phase_word(np))


# =========================================================================== the interpreter



def _primitive(name: str) -> type:
    cls = getattr(A, name, None)
    if cls is None or not isinstance(cls, type) or not issubclass(cls, A.Node):
        raise KeyError(f"lexicon names an unknown primitive {name!r}")
    return cls


class _Clauses(_Interp):
    """Clauses, relative and subordinate clauses, and primitives."""

    implicit_self = False
    condition_time: Any = None

    def __init__(self, lexicon: L.Lexicon, sentence_len: int = 0, text: str = "") -> None:
        super().__init__(lexicon, sentence_len, text)
        self.hosts: list[Any] = []  # the nouns relative clauses being read restrict, outermost first
        self.nested: list[list[Any]] = []  # relative clauses found inside the one being read

    def sense(self, lemma: str, kind: str | None, voice: str = "active", kind2: str | None = None) -> L.Sense | None:
        senses = self.lex.verbs.get(lemma)
        if not senses:
            return None
        for s in senses:
            want = s.when.get("object")
            if want is not None and kind is not None and want != kind and not (want == "none" and kind == "none"):
                continue
            if want is not None and kind is None:
                continue
            want2 = s.when.get("object2")
            if want2 is not None and want2 != kind2:
                continue
            return s
        return None

    # ---- phrases → nodes
    def phrase(self, value: Any) -> Any:
        if isinstance(value, _Phrase):
            return self._phrase(value)
        if isinstance(value, tuple) and value and value[0] == "phrase":
            return self._phrase(value[1])
        if isinstance(value, tuple) and value and value[0] == "steps":
            return value[1].count
        if isinstance(value, tuple) and value and value[0] == "clause":
            return self.clause(value[1], None)
        return value

    def _phrase(self, ph: _Phrase) -> Any:
        for it in ph.items:
            posts = []
            for p in it.posts:
                got = self.post(p, it.np)
                if isinstance(got, list):  # "with Airborne and mana cost (2) or less": one filter each
                    posts += got
                elif got is not None:
                    posts.append(got)
            it.posts = posts
            if it.np.entry.startswith("free_relatives:") and it.np.kind == "core":
                head = _free_relative_head(it.np, posts)
                it.np = replace(it.np, head=head, det=None if head == "everything" else it.np.det)
        got = _group(self, ph)
        return self._side_of_player(got) if isinstance(got, A.Selector) else got

    def _side_of_player(self, sel: A.Selector) -> A.Selector:
        """A player noun read by its context (gram30): ``opponent`` (and its synonym ``foe``) before a noun
        of objects is the adjective of that side (``target foe minion``: an enemy minion), and standing at
        a place it is that player's units there (``each foe here``, ``every foe near this minion``: a
        player stands nowhere; enemy units do, the enemy Avatar among them). Alone it stays the player."""
        if sel.noun != "opponent" and "opponent" in sel.mods and self.lex.noun_class.get(str(sel.noun)) == "object":
            return A.replace(sel, mods=tuple("enemy" if m == "opponent" else m for m in sel.mods))
        if sel.noun == "opponent" and any(isinstance(f, A.Where) and f.rel not in ("from",) for f in sel.filters):
            return A.replace(sel, noun="unit", mods=("enemy", *sel.mods))
        return sel

    def post(self, p: Any, host: NP) -> Any:
        if isinstance(p, A.Node):
            return p
        kind = p[0]
        if kind == "pp":
            _, prep, sub = p
            if prep == "with" and len(sub.items) > 1 and sub.conj == "and" and not sub.trailing:
                # "a Beast with Airborne and mana cost (2) or less": each item is a filter of its own
                return [self.post(("pp", prep, _Phrase([it])), host) for it in sub.items]
            equal = [x for x in sub.items[0].posts if isinstance(x, tuple) and x[0] == "equal"] if len(sub.items) == 1 else []
            head = sub.items[0].np
            if prep == "with" and head.kind == "core" and head.head in _STAT_NOUNS and (equal or head.count is not None
                                                                                      or sub.items[0].posts):
                stat = "cost" if head.head == "mana cost" else str(head.head)
                amount = [x for x in sub.items[0].posts if isinstance(x, tuple) and x[0] == "value"]
                found: Any = None
                if equal:
                    found = A.Stat(stat, "=", _quantity_of(self._phrase(equal[0][1])))
                elif head.count is not None:
                    found = A.Stat(stat, _cmp_of(head), head.count)
                elif amount:
                    value = amount[0][1]
                    if isinstance(value, _Phrase):   # "less than or equal to the number of allies here"
                        value = _quantity_of(self._phrase(value))
                    found = A.Stat(stat, amount[0][2] or "=", value)
                if found is not None:
                    # "a token with power equal to 1 with Airborne": a phrase after the stat's value is the
                    # host's too (it had been dropped with the stat's noun)
                    rest = [x for x in sub.items[0].posts if not (isinstance(x, tuple) and x[0] in ("equal", "value"))]
                    if not rest:
                        return found
                    more = [self.post(x, host) for x in rest]
                    return [found] + [m for x in more for m in (x if isinstance(x, list) else [x])]
            combined = _combined_stat(sub) if prep == "with" else None
            if combined is not None:
                return combined
            node = self._phrase(sub)
            if prep == "with" and isinstance(node, A.Selector) and node.noun in ("cost", "mana cost") and sub.items[0].posts:
                return A.With(node)
            if prep in ("with", "without"):
                if isinstance(node, A.Group) and node.conj == "or":
                    # "with Airborne or 2 or less power": each item is one test, a comparison as alone
                    node = A.replace(node, items=tuple(_stat_item(i) for i in node.items))
                return A.With(node, prep == "without")
            if prep == "of":
                return A.Of(node)
            if prep == "within":
                counted = _counted_range(node)
                if counted is not None:
                    return counted
            return A.Where(prep, node)
        if kind == "equal":
            return ("equal", _quantity_of(self._phrase(p[1])))
        if kind == "value":
            raise MeaningError("a value after a noun that is no characteristic", p[3])
        if kind == "state":
            return A.Relative(A.Clause(A.SetState(p[1], A.Ref("which"))))
        if kind == "rel":
            return p[1]
        if kind == "reduced":
            h = p[1]
            frame: _Frame = h["frame"]
            subject_role = frame.roles.get("subject")
            prim = self.build(frame.lemma, h["sense"], frame, h["voice"], gap_role=subject_role)
            times = h.get("times", [])
            scope = A.Turn(which="this") if any(t.head == "turn" for t in times) else None
            adjuncts = tuple(A.Adjunct("", self.node(t)) for t in times if t.head == "way")
            return A.Relative(A.Clause(prim, negated=h.get("negated", False), tense="past" if scope else None,
                                       adjuncts=adjuncts, scope=scope))
        raise MeaningError(f"unknown modifier {kind}")

    def _per(self, per: Any) -> Any:
        if per is None:
            return None
        if isinstance(per, tuple) and per[0] == "partitive":
            return A.Partitive(per[1], self.phrase(per[2]))
        return self.phrase(per)

    # ---- clauses
    def clause(self, sc: SClause, inherited: Any, imperative_ok: bool = True) -> A.Clause:
        """A clause's meaning; ``imperative_ok`` False in a subordinate clause or an event, where a bare
        verb with no subject is no command ("If cast": the participle)."""
        caused = _caused_clause(sc)
        if caused is not None:
            # "to have you gain 1 life": what the causative verb makes happen is the clause
            return self.clause(caused, None, imperative_ok)
        extra = self.extra_cost(sc)
        if extra is not None:
            self.clause_subject, self.clause_time, self.clause_limit = None, None, None
            return extra
        ex = _Extras()
        vg = sc.vgroup
        if not imperative_ok and not sc.subject and inherited is None and vg is not None and vg.form == "base" \
                and not vg.modal and not vg.negated and not vg.copula:
            raise MeaningError("a bare verb in a subordinate clause", vg.start)
        if len(sc.subject) == 1 and sc.subject[0].kind == "np" and sc.subject[0].value.kind == "amount" \
                and sc.subject[0].value.count in ("double", "half"):
            # "Double target minion's power": a multiplier is an amount of something, never a doer (it had
            # read "double" as the one who targets)
            raise MeaningError("a multiplier as a subject", sc.subject[0].start)
        b = _Builder(self, ex)
        explicit = self.subject(sc.subject, ex, b) if sc.subject else None
        self.clause_subject = explicit
        subject = explicit if explicit is not None else inherited
        if explicit is None and vg is not None and vg.form == "past" and not vg.perfect and not vg.copula \
                and not (isinstance(inherited, A.Ref) and inherited.word == "which"):
            raise MeaningError("a past-tense verb without a subject", vg.start)
        if explicit is not None and vg is not None and not vg.modal and not vg.copula and not vg.perfect and not vg.negated \
                and not sc.caused \
                and vg.form in ("base", "third") and _number(sc.subject) not in (None, "pl" if vg.form == "base" else "sg"):
            # "Silence target nearby minion": a singular subject takes "targets"; the words are read otherwise
            raise MeaningError("a verb that does not agree with its subject", vg.start)
        if explicit is None and inherited is None and vg is not None:
            if vg.form == "third" or vg.modal:
                # a statement with no subject is about this card: "Takes 1 less damage", "Can't defend"
                subject = A.Ref("SELF")
                self.implicit_self = True
        if vg is None:
            out = self.reduced(sc, ex, b, subject)
            self.clause_subject = explicit
            return out
        chunks = list(sc.chunks)
        for a in vg.advs:
            b.adverb(a)
        tense = "past" if vg.form == "past" or vg.perfect else None
        alternative = None if vg.copula else _or_instead(chunks)
        if alternative is not None:
            # "deals 2 damage to target minion, or 4 damage instead if it has Airborne": the same verb with
            # another amount, which replaces the first when the condition holds (`_or_instead`)
            first = self.clause(SClause(sc.subject, vg, alternative[0], sc.start, sc.end), inherited, imperative_ok)
            second = self.clause(SClause([], vg, alternative[1], sc.start, sc.end), subject)
            self.clause_subject = explicit
            return A.Clause(A.Group((first, second), "or"))
        gap = None if vg.copula else _gapping(chunks, self)
        if gap is not None:
            # "deals 4 damage on impact, and 2 damage to each other unit": one verb, two sets of complements
            first = self.clause(SClause(sc.subject, vg, gap[0], sc.start, sc.end), inherited, imperative_ok)
            second = self.clause(SClause([], vg, gap[1], sc.start, sc.end), subject)
            self.clause_subject = explicit
            return A.Clause(A.Group((first, second), "and"))
        if vg.copula:
            action = self.copula(sc, chunks, subject, ex, b, vg)
        elif vg.lemma in _LOCATIVE_VERBS and len(chunks) == 1 and (chunks[0].kind == "place" or chunks[0].kind == "pp"
                                                              and chunks[0].prep in _REMAIN_PREPS):
            # "as long as this remains in the realm", "while it remains here": where the subject still is,
            # what "is in the realm" says (a verb of state with a place; "if none remain" stays the verb);
            # "while five minions lie in your cemetery" alike
            action = self.copula(sc, chunks, subject, ex, b, vg)
        elif vg.lemma == "become" and len(chunks) >= 2 and chunks[0].kind == "np" and chunks[0].value.kind == "core" \
                and chunks[0].value.head == "target" and chunks[0].value.det == "the" and not chunks[0].value.mods \
                and chunks[1].kind == "pp" and chunks[1].prep == "of":
            # "whenever this becomes the target of a spell": what "is targeted by a spell" says (it had read
            # as this being a kind of thing, "the target of a spell")
            by = Chunk("pp", chunks[1].value, chunks[1].start, chunks[1].end, "by")
            action = self.copula(sc, [Chunk("part", "target", chunks[0].start, chunks[0].end, text="targeted"), by]
                                 + chunks[2:], subject, ex, b, vg)
        elif vg.lemma in _BECOME and chunks and (chunks[0].kind in ("part", "pred")
                                                  or _power_comparative(chunks[0], chunks[1:]) is not None):
            # "whenever this becomes tapped", "becomes silenced": coming to be in that state, what the
            # passive or the state with "is" says
            action = self.copula(sc, chunks, subject, ex, b, vg)
        elif vg.lemma == "roll" and not vg.modal and not vg.negated and len(chunks) == 1 and chunks[0].kind == "np" \
                and _roll_result(chunks[0].value) is not None:
            # "if you roll 14 or more", "if you roll a 6": what the die shows, as "if the roll is ..." says
            action = A.IsA(_roll_result(chunks[0].value), A.Selector("roll", "the"))
        elif vg.lemma == "have" and not vg.modal and not vg.negated and subject is not None and _stat_value(chunks):
            # "This has base power 1", "target minion has power 3 this turn": the characteristic is set to
            # that value, as "set the base power of X to 1" says (the rest of the clause read as usual)
            stat, value = chunks[0].value, chunks[1].value
            b.run(chunks[2:], None)
            action = A.ChangeAmount("set", A.Selector(str(stat.head), "the", mods=tuple(stat.mods),
                                                      filters=(A.Of(subject),)), value.count)
        else:
            lemma, sense, frame, chunks = self.active_frame(vg.lemma, chunks)
            if lemma != vg.lemma:
                vg = VGroup(lemma, vg.form, vg.modal, vg.negated, vg.copula, vg.perfect, vg.advs, vg.start, vg.end)
            b.run(chunks, frame)
            if subject is not None or "subject" in frame.roles:
                self.fill_subject(frame, subject, vg)
            action = self.build(vg.lemma, sense, frame, "active")
            if isinstance(action, A.Move) and action.dest is None:
                action = _adjacent_destination(action, ex.adjuncts, self.phrase)
            if isinstance(action, A.CostChange):  # "costs (1) less": the adverb is the direction
                direction = next((a for a in ex.adverbs if a in ("less", "more")), None)
                if direction is None and action.amount == A.Ref("nothing"):
                    # "costs nothing (to cast)": no mana at all, whatever it costs otherwise
                    action = A.replace(action, amount=None, direction="nothing")
                elif direction is None and isinstance(action.amount, A.Mana) and action.amount.extra:
                    # "costs an additional (2)": the same as "costs (2) more"
                    action = A.replace(action, amount=A.replace(action.amount, extra=False), direction="more")
                elif direction is None:
                    raise MeaningError("'cost' without 'more' or 'less'")
                else:
                    ex.adverbs.remove(direction)
                    action = A.replace(action, direction=direction)
        out = self.finish(action, vg, ex, tense)
        self.clause_subject = explicit  # clauses read inside this one (relative, purpose) set it too
        return out

    def extra_cost(self, sc: SClause) -> A.Clause | None:
        """An additional cost written as a sentence about this card's cost: ``Casting this spell also costs
        3 life``, ``This spell costs 3 more life (to cast)``: what "As an additional cost to cast this
        spell, pay 3 life" says (``Pay`` under the condition ``additional_cost``, which the sentence
        takes: `sentence`); ``This also costs 2 mana`` is more mana in its cost, ``costs (2) more``. Only for this card (its name, ``this``,
        ``this spell``...), only life or mana, and only when ``also`` or ``more`` says it is more than
        its cost (``costs (1) more`` stays the cost change it is); None for any other clause."""
        vg = sc.vgroup
        if vg is None or vg.lemma != "cost" or vg.modal or vg.negated or vg.copula or vg.perfect or vg.form != "third":
            return None
        subject = [c for c in sc.subject if c.kind != "adv"]
        also = "also" in vg.advs or any(c.kind == "adv" and c.value == "also" for c in sc.subject)
        if len(subject) == 2 and subject[0].kind == "gerund" and subject[0].value == "cast":
            subject = subject[1:]      # "Casting this spell costs ...": the card's casting
        if len(subject) != 1 or subject[0].kind != "np" or not _names_this_card(subject[0].value):
            return None
        chunks = list(sc.chunks)
        if chunks and chunks[-1].kind == "inf" and chunks[-1].value.vgroup is not None \
                and chunks[-1].value.vgroup.lemma == "cast" and not chunks[-1].value.chunks \
                and not chunks[-1].value.subject:
            chunks = chunks[:-1]       # "... to cast"
        if len(chunks) != 1 or chunks[0].kind != "np":
            return None
        np = chunks[0].value
        if not (isinstance(np, NP) and np.kind == "core" and np.head in ("life", "mana") and isinstance(np.count, int)
                and np.det is None and set(np.mods) <= {"more", "additional", "extra"}):
            return None
        if not (also or np.mods):
            return None
        card = self.node(subject[0].value)
        if np.head == "mana":
            # "also costs 2 mana": more mana in its total cost (Codex "Cost"), what "costs (2) more" says
            return A.Clause(A.CostChange(amount=A.Mana((f"({np.count})",)), direction="more", patient=card))
        cost = A.Clause(A.Pay(patient=A.Selector("life", count=np.count)))
        return A.replace(cost, conditions=(A.Condition("additional_cost", A.Clause(A.Cast(patient=card))),))

    def active_frame(self, lemma: str, chunks: list[Chunk]) -> tuple[str, L.Sense | None, _Frame, list[Chunk]]:
        """An active verb's sense and frame, chosen by its complements: a phrasal verb takes its particle
        ("wake it up"), the kind of the first noun phrase picks the sense ("deal damage" vs "deal a card"),
        and a sense whose object is part of the verb ("gain control of", "perform a strike") takes it."""
        particles = [c for c in chunks if c.kind in ("adv", "particle") and f"{lemma} {c.value}" in self.lex.verbs]
        if particles:
            lemma = f"{lemma} {particles[0].value}"
            chunks = [c for c in chunks if c is not particles[0]]
        light = self._light_verb(lemma, chunks)
        if light is not None:
            return self.active_frame(*light)
        nps = [c.value for c in chunks if c.kind == "np"]
        kind = _np_kind(nps[0] if nps else None, self)
        kind2 = _np_kind(nps[1], self) if len(nps) > 1 else None
        if chunks and chunks[0].kind == "pred" and chunks[0].value == "asleep":
            kind = "asleep"
            chunks = chunks[1:]
        sense = self.sense(lemma, kind, "active", kind2)
        if sense is None and nps and nps[0].kind == "pron" and nps[0].head in ("it", "them"):
            # "loses Airborne and can't gain it": a pronoun stands for what the verb takes, a grant too
            sense = self.sense(lemma, "grant", "active", kind2)
        if sense is None and nps and _power_measure(nps[0]):
            # "gains its power", "gains power equal to X": a computed power bonus, when the verb grants
            sense = self.sense(lemma, "grant", "active", kind2)
        if sense is None and any(s.primitive for s in self.lex.verbs.get(lemma, ())):
            # a verb the rules type, with an object none of its senses takes, is a misreading ("Spells cast
            # (2) more" is "spells cast by X cost (2) more"); verbs with no primitive stay generic
            raise MeaningError(f"{lemma!r} does not take {kind} as its object", nps[0].start if nps else None)
        roles = dict(sense.roles if sense else _GENERIC)
        if sense is not None and sense.when.get("object") not in (None, "thing", "none", "amount", "grant", "mana",
                                                                  "comparison") \
                and "object" not in roles and "amount" not in roles:
            roles["object"] = "_idiom"  # "gain control of", "require no threshold": the object is part of the verb
        return lemma, sense, _Frame(lemma, roles), chunks

    def _light_verb(self, lemma: str, chunks: list[Chunk]) -> tuple[str, list[Chunk]] | None:
        """``give X a push``: a light verb whose second object is a bare singular noun that is also a verb
        the rules type is that verb done to the first object (``push X``); the noun phrase is taken out
        of the complements. Only ``give``, only ``a``/``an`` before the noun with nothing else on it, and
        only when ``give`` itself has no sense for that object (a grant stays a grant: ``give X
        Airborne``)."""
        if lemma not in _LIGHT_VERBS:
            return None
        at = [i for i, c in enumerate(chunks) if c.kind == "np"]
        if len(at) < 2 or at[1] != at[0] + 1:
            return None
        noun = chunks[at[1]].value
        if not (isinstance(noun, NP) and noun.kind == "core" and noun.det == "a" and noun.count is None
                and not noun.mods and noun.number == "sg" and _np_kind(noun, self) == "thing"):
            return None
        verb = str(noun.head)
        if verb == lemma or not any(sense.primitive for sense in self.lex.verbs.get(verb, ())):
            return None
        return verb, chunks[:at[1]] + chunks[at[1] + 1:]

    def fill_subject(self, frame: _Frame, subject: Any, vg: VGroup) -> None:
        """The subject fills its role; when the object already holds that role (a motion verb used
        transitively: "you may fly a unit"), the subject is the agent that causes it."""
        if subject is None or "subject" not in frame.roles or "subject" in frame.slots_used:
            return
        role = frame.roles["subject"]
        if role in frame.filled:
            frame.slots_used.add("subject")
            frame.filled.setdefault("agent", subject)
            return
        frame.fill("subject", subject)

    def finish(self, action: Any, vg: VGroup | None, ex: _Extras, tense: str | None) -> A.Clause:
        if isinstance(action, A.Move) and action.direction is None:   # "two steps south", "is pushed north"
            action = _compass_direction(action, ex.adverbs)
        if isinstance(action, A.Damage) and action.amount == 2 and action.agent is not None and _as_much_damage(ex):
            # "X deals twice as much damage to Y": X's damage to Y doubled, as "deals double damage"
            # (exec29; only "twice": the damage changes the Codex names are double, more and less)
            ex.adjuncts = [a for a in ex.adjuncts if not _as_much(a)]
            action = A.ModifyDamage(change="double", patient=action.patient, agent=action.agent)
        if isinstance(action, A.Damage) and action.amount is None and "as_badly" in ex.adverbs:
            # "that enemy gets hurt just as badly": the damage is as much as the damage named before
            # (exec29; "that much damage" says the same)
            action = A.replace(action, amount=A.Quantity("that_much"))
            ex.adverbs = [a for a in ex.adverbs if a != "as_badly"]
        modal = vg.modal if vg else None
        negated = vg.negated if vg else False
        duration = ex.duration
        scope = ex.scope
        if ex.this_turn:
            if tense == "past":
                scope = A.Turn(which="this")
            elif duration is None:
                duration = A.Duration("this_turn")
        adjuncts = []
        for a in ex.adjuncts:
            if isinstance(a, tuple) and a[0] == "adjunct":
                adjuncts.append(A.Adjunct(a[1], self.phrase(a[2])))
            elif isinstance(a, tuple) and a[0] == "gerund":
                adjuncts.append(A.Adjunct("while", a[1]))
            else:
                adjuncts.append(a)
        action, adjuncts = _hit_for(action, adjuncts)
        per = self._per(ex.per)
        self.clause_time, self.clause_limit = ex.time, ex.limit
        purpose = ex.purpose
        if isinstance(purpose, A.Clause) and not ex.conditions and any(c.kind in ("if", "unless") for c in purpose.conditions):
            # "costs (1) less to cast if you have more life": the condition is the clause's, not the casting's
            moved = tuple(c for c in purpose.conditions if c.kind in ("if", "unless"))
            ex.conditions.extend(moved)
            purpose = A.replace(purpose, conditions=tuple(c for c in purpose.conditions if c not in moved))
        if isinstance(purpose, A.Clause) and purpose.duration is not None and duration is None \
                and purpose.duration.kind != "permanently" and _lasting(action):
            # "cost (1) more to cast on their next turn": a state holds over a time, so the time is the
            # clause's, not only the casting's; an event happens once and its purpose may come later
            # ("spend your mana to give to you on your next turn": the giving is then, the spending now;
            # late closure), so the infinitive keeps its time ("to permanently gain" always does)
            duration, purpose = purpose.duration, A.replace(purpose, duration=None)
        return A.Clause(action, modal, negated, tense, tuple(ex.conditions), duration, per, purpose,
                        tuple(ex.adverbs), tuple(adjuncts), ex.instead, scope)

    def subject(self, chunks: list[Chunk], ex: _Extras, b: _Builder) -> Any:
        """The subject: leading adverbs and time phrases go to the clause; the rest is one phrase."""
        i = 0
        while i < len(chunks) and chunks[i].kind in ("adv", "particle"):
            if chunks[i].kind == "particle" and not _adverb_word(self.lex, chunks[i].value):
                # "To draw a card, ...": a bare preposition is no subject's adverb
                raise MeaningError(f"a stranded preposition {chunks[i].value!r} before a verb", chunks[i].start)
            b.adverb(chunks[i].value)
            i += 1
        if i < len(chunks) and chunks[i].kind == "np" and b.time_np(chunks[i].value, chunks, i):
            i += 1
        rest = chunks[i:]
        tail_advs = []
        while rest and rest[-1].kind == "adv":
            tail_advs.insert(0, rest.pop().value)
        if rest and rest[-1].kind == "rel" and (moved := _effect_time_adverb(rest[-1].value)) is not None:
            # "Target site you control permanently provides (W)": the adverb before the main verb is the
            # effect's time, not the relative clause's
            rest[-1] = Chunk(rest[-1].kind, moved[0], rest[-1].start, rest[-1].end, rest[-1].prep, rest[-1].text)
            tail_advs.insert(0, moved[1])
        if not rest:
            for a in tail_advs:
                b.adverb(a)
            return None
        if rest[0].kind == "place" and rest[0].value == "there" and len(rest) == 1:
            return A.Ref("there")
        # a bad subject is most often a fronted phrase whose comma was read as a list comma: the search
        # revisits that comma first
        commas = [c.start for c in rest if c.kind == "lc"] or [c.start for c in rest if c.kind == "conj"]
        at = commas[-1] if commas else None
        if rest[0].kind != "np":
            raise MeaningError("a subject that is not a noun phrase", at)
        if rest[-1].kind == "lc":
            if len(rest) > 3 and any(a.kind == "lc" and b.kind == "adv" and b.value == "then"
                                     for a, b in zip(rest, rest[1:])):
                rest = rest[:-1]  # "target opponent, then you, may play": the comma closing the ordered list
            elif (m := _THEN_BEFORE.search(self.text, 0, rest[0].start)) is not None:
                # "X, then you, may play" read as two clauses: the "then" before this subject orders a list
                raise MeaningError("a list in order read as two clauses", m.start(1), "then")
        floated = _floated_quantifier(rest)
        focus = _floated_focus(rest)
        sb = _Builder(self, ex)
        ph = sb.new_phrase(rest[0].value)
        sb.frames = []
        j = 1
        while j < len(rest):
            c = rest[j]
            if c.kind == "np" and not (sb.current and sb.current.open_sep):
                if _threshold_of_symbols(rest, j):
                    j += 1
                    continue
                if sb.time_np(c.value, rest, j):
                    j += 1
                    continue
                if c.value.kind == "core" and c.value.head == "step" and j + 1 < len(rest) and rest[j + 1].kind == "place":
                    j = sb.one(rest, j, c)  # "at a location up to two steps away"
                    continue
                if c.value.kind in ("mana", "amount") and sb.current is not None and not sb.current.open_sep \
                        and sb.current.last.np.kind == "core" and sb.current.last.np.head in _STAT_NOUNS \
                        and not sb.current.last.posts:
                    j = sb.one(rest, j, c)  # "an ally with power 3 or more attacks": the stat's value, as after a verb
                    continue
                raise MeaningError("two noun phrases in a subject", c.start, str(c.value.head))
            if c.kind == "pp" and not (c.prep in _FILTER_PREPS) and c.prep not in ("for", "until", "during"):
                raise MeaningError(f"'{c.prep}' phrase in a subject", at)
            j = sb.one(rest, j, c)
        for a in tail_advs:
            b.adverb(a)
        node = self._phrase(ph)
        if focus:
            node = A.Only(node)
        return node if floated is None else A.Partitive(floated, node)

    # ---- the copula: state, type, place, passive
    def copula(self, sc: SClause, chunks: list[Chunk], subject: Any, ex: _Extras, b: _Builder, vg: VGroup) -> Any:
        if len(chunks) == 2 and chunks[0].kind == "adv" and chunks[0].value in _COMPARE_THAN and chunks[1].kind == "pp" \
                and chunks[1].prep == "than" and isinstance(chunks[1].value, NP) and chunks[1].value.kind == "amount" \
                and isinstance(chunks[1].value.count, int) and chunks[1].value.det is None and subject is not None:
            # "if its power is less than 3", "if the total is greater than 7": a comparison, as "is 2 or
            # less" is (it had read "than 3" as a place and "less" as an adverb)
            cmp, n = _COMPARE_THAN[chunks[0].value], chunks[1].value.count
            owner = _stat_owner(subject)
            if owner is not None:
                return A.IsA(A.Stat("cost" if subject.noun == "mana cost" else subject.noun, cmp, n), owner)
            return A.IsA(A.Stat("amount", cmp, n), subject)
        i = 0
        while i < len(chunks) and chunks[i].kind in ("adv",):
            b.adverb(chunks[i].value)
            i += 1
        if i >= len(chunks):
            if subject is None:
                raise MeaningError("'is' without a complement", sc.end)
            return A.Exists(subject)  # "wherever she is"
        first = chunks[i]
        rest = chunks[i + 1:]
        power = _power_comparative(first, rest)
        if power is not None and subject is not None:
            # "your minions are 1 stronger until the turn ends", "it gets 2 weaker": so much more (less)
            # power, what "+1 power" given says (the clause's duration is the grant's)
            b.run(rest[1:], None)
            return A.Grant((A.PowerMod(power),), subject)
        if first.kind == "gerund":  # "it is carrying": the verb itself, in progress
            lemma, sense, frame, rest = self.active_frame(first.value, rest)
            b.run(rest, frame)
            if subject is not None:
                self.fill_subject(frame, subject, vg)
            return self.build(lemma, sense, frame, "active")
        if first.kind == "part" and not rest and not self.lex.verbs.get(first.value) and _has_states(subject, self):
            # "the edges of the realm are connected", "if this is abandoned": a participle the lexicon does
            # not know, with no doer and nothing after it, names the state its subject is in (English's
            # stative passive), as a known adjective would ("is disabled"); the engine names states it lacks
            return A.SetState(first.text.lower(), subject)
        listed = _participle_list_at(rest)
        if first.kind == "part" and listed is not None:
            # "is pushed or teleported", "is picked up or dropped": participles coordinated after one "is",
            # each a passive action of the same subject (as "can't be moved, destroyed, or modified" is
            # across segments, `more_participles`); phrases that would belong to the whole clause
            # (a time, a condition) leave this reading to the others
            one = A.Clause(self.copula(sc, [first] + rest[:listed], subject, ex, b, vg))
            many = self.more_participles(one, rest[listed:], None)
            if A.replace(many, action=one.action) != one:
                raise MeaningError("a passive list with phrases of its own", rest[-1].start)
            return many.action
        if first.kind == "part":  # passive: "can't be attacked", "is summoned as a copy of X"
            shifted = _damage_that_would(subject) if first.value == "deal" else None
            if shifted is not None:
                # "Damage that would be dealt to your Avatar is dealt to this minion instead": the one
                # dealt it takes the damage for the one named in the subject's relative clause, as
                # "this minion takes damage for your Avatar" says (exec29, blind ruling round 28)
                ex.adjuncts.append(A.Adjunct("for", shifted))
                subject = None
            recipient = self._recipient_passive(first.value, rest)
            if recipient is not None:       # "is dealt 2 damage", "is given +1 power": the subject received it
                sense, frame = recipient
            else:
                amount = self._amount_passive(first.value, subject)
                if amount is not None:      # "2 life is gained by you": the amount is the subject
                    sense, frame = amount
                else:
                    sense = self._passive_sense(first.value, subject)
                    frame = _Frame(first.value, sense.roles if sense else _GENERIC, "passive")
            b.run(rest, frame)
            if subject is not None and frame.slot_free("subject"):
                frame.fill("subject", subject)
            return self.build(first.value, sense, frame, "passive")
        if first.kind == "pred":
            word = first.value
            if word == "immune" and rest and rest[0].kind == "pp" and rest[0].prep == "to":
                b.run(rest[1:], None)
                return A.Immune(subject, self._grants_or_node(rest[0].value))
            if word == "adjacent" and rest and rest[0].kind == "pp" and rest[0].prep == "to":
                b.run(rest[1:], None)
                return A.Located(A.Where("adjacent_to", self.node(rest[0].value)), subject)
            if word == "adjacent" and rest and rest[0].kind == "particle" and rest[0].value == "to" \
                    and self.object_gap is not None:  # "a unit it is adjacent to"
                gap, self.object_gap = self.object_gap, None
                b.run(rest[1:], None)
                return A.Located(A.Where("adjacent_to", gap), subject)
            b.run(rest, None)
            return A.SetState(word, subject)
        if first.kind == "np":
            np = first.value
            if isinstance(subject, A.Ref) and subject.word == "there":
                b.current = None
                ph = b.new_phrase(np)
                b.run(rest, None)
                return A.Exists(self._phrase(ph))
            if self.is_grant(np) or _np_kind(np, self) == "grant":
                ph = b.new_phrase(np)
                b.run(rest, None)
                return A.Grant(_grants(self._phrase(ph)), subject)
            owner = _stat_owner(subject)
            if np.kind == "amount" and not rest and owner is not None and isinstance(np.count, int):
                # "if its power is 3 or more": a comparison of its power (it had become "is 3")
                return A.IsA(A.Stat("cost" if subject.noun == "mana cost" else subject.noun, _cmp_of(np), np.count),
                             owner)
            if np.kind == "amount" and np.cmp and not rest and isinstance(np.count, int) and subject is not None:
                # "if the total is 3 or more": the amount the subject names, compared (not "is 3")
                return A.IsA(A.Stat("amount", np.cmp, np.count), subject)
            ph = b.new_phrase(np)
            b.run(rest, None)
            return A.IsA(self._phrase(ph), subject)
        if first.kind == "particle" and self.object_gap is not None and not rest \
                and first.value in ("on", "upon", "in", "at", "under", "beneath"):
            # "the border that this fence is on": a stranded preposition of place after the copula is where
            # the subject is, the relative clause's noun its object (as "is atop" is)
            gap, self.object_gap = self.object_gap, None
            return A.Located(A.Where(str(first.value), gap), subject)
        if first.kind == "place" and self.object_gap is not None:
            gap, self.object_gap = self.object_gap, None
            rel = first.value
            if rel == "adjacent" and rest and rest[0].kind == "particle" and rest[0].value == "to":
                rel, rest = "adjacent_to", rest[1:]  # "a unit it is adjacent to"
            b.run(rest, None)
            return A.Located(A.Where(rel, gap), subject)
        if first.kind in ("pp", "place"):
            inner = _Builder(self, ex)
            holder = _Phrase([_Item(NP("core", first.start, first.end, head="place"))])
            inner.current = holder
            inner.run(chunks[i:], None)
            posts = [self.post(p, holder.items[0].np) for p in holder.items[0].posts]
            if not posts:
                raise MeaningError("'is' with a place that is no place", first.start)
            where = posts[0] if len(posts) == 1 else A.Group(tuple(posts), "and")
            return A.Located(where, subject)
        raise MeaningError(f"'is' followed by {first.kind}", first.start)

    def _recipient_passive(self, lemma: str, rest: list[Chunk]) -> tuple[L.Sense, _Frame] | None:
        """The passive of a verb with two objects, whose subject is the one that receives ("this minion
        is dealt 2 damage by X", "each ally is given +1 power"): English moves the recipient, not the
        thing given, to the subject. When a noun phrase follows the participle at once and the verb has
        a sense taking it with a ``to`` role, the subject fills that role, the noun phrase keeps its
        own (the amount dealt, the grant given) and "by" names the doer; else None (the ordinary
        passive, "damage dealt to it", whose subject is the thing given)."""
        if not rest or rest[0].kind != "np" or self.lex.noun_class.get(str(rest[0].value.head)) == "time":
            return None         # "minions that were summoned this turn": a time, not a thing given
        nps = [c.value for c in rest if c.kind == "np"]
        kind = _np_kind(nps[0], self)
        if kind == "amount" and len(nps) > 1:      # "is dealt 2 damage" read as "2" then "damage"
            kind = _np_kind(nps[1], self)
        sense = self.sense(lemma, kind, "active")
        if sense is None or "to" not in sense.roles or "subject" not in sense.roles:
            return None
        roles = {slot: role for slot, role in sense.roles.items() if slot not in ("subject", "to", "among")}
        roles["subject"] = sense.roles["to"]
        roles["by"] = sense.roles["subject"]
        return sense, _Frame(lemma, roles)

    def _amount_passive(self, lemma: str, subject: Any) -> tuple[L.Sense, _Frame] | None:
        """The passive of a verb whose object is an amount ("2 life is gained by you", "3 damage is dealt
        to X"): English makes the amount the subject, so the subject fills the sense's ``amount`` role
        and "by" names the doer (the sense is the one the amount's noun picks, as in the active: "gain 2
        life"); None when the subject is no counted amount or no sense takes that noun."""
        if not (isinstance(subject, A.Selector) and subject.noun in _AMOUNT_KINDS and subject.count is not None
                and subject.det is None and not subject.filters):
            return None
        sense = next((s for s in self.lex.verbs.get(lemma) or [] if s.when.get("object") == subject.noun
                      and "amount" in s.roles and "subject" in s.roles), None)
        if sense is None:
            return None
        return sense, _Frame(lemma, sense.roles, "passive")   # the passive frame makes the amount the subject

    def _passive_sense(self, lemma: str, subject: Any, kind: str | None = None) -> L.Sense | None:
        """A passive verb's sense; ``kind``: what its subject (the noun a participle modifies) is, when
        known ("damage taken": the sense of taking damage)."""
        senses = self.lex.verbs.get(lemma) or []
        if kind is not None:
            for s in senses:
                if s.when.get("object") == kind and s.when.get("voice") in (None, "passive"):
                    return s
        for s in senses:
            if s.when.get("voice") not in (None, "passive"):
                continue
            if s.when.get("object") in (None, "thing"):
                return s
        return senses[-1] if senses else None

    def _motion_construction(self, lemma: str, values: dict[str, Any], frame: "_Frame"
                             ) -> tuple[L.Sense, dict[str, Any]] | None:
        """A verb the lexicon does not know, written with a thing and a place it goes to, is a motion
        whatever its manner (English's caused-motion construction: "hurl target minion to a nearby site"
        moves the minion there; without an object, "this site may soar to a nearby void" moves its
        subject). The manner is the verb's, kept as the Move's ``kind``: the engine executes the kinds it
        knows and names the others as not executed. Only "to", "into", "onto" and a place word ("there")
        make the destination, and it must be a place (a site, a location, a void...): "give it to an ally"
        or "send it to the cemetery" are not motions in the realm. None when the clause is not that."""
        dest = values.get("dest")
        if dest is None or frame.slot_of.get("dest") not in ("to", "into", "onto", "place") \
                or not self._names_place(dest):
            return None
        if not set(values) <= {"agent", "patient", "dest", "source"}:
            return None
        values = dict(values)
        if "patient" not in values:        # "X soars to Y": the subject is what moves
            if "agent" not in values:
                return None
            values["patient"] = values.pop("agent")
        if not self._names_thing(values["patient"]):
            return None
        return L.Sense({}, "Move", {"kind": lemma}, {}), values

    def _names_place(self, ph: Any) -> bool:
        """Whether a phrase is one place or a list of places (``a nearby void``, ``this location``,
        ``there``)."""
        if not isinstance(ph, _Phrase) or not ph.items:
            return False
        for it in ph.items:
            np = it.np
            if np.kind == "place":
                continue
            if np.kind != "core" or self.lex.noun_class.get(str(np.head)) != "place":
                return False
        return True

    def _names_thing(self, ph: Any) -> bool:
        """Whether a phrase names things on the board a motion can move (a unit, an artifact, a site, a
        pronoun for one), not an amount, a zone or a player."""
        if isinstance(ph, A.Ref):        # a subject already read: "it", "this"
            return True
        if isinstance(ph, A.Selector):
            return self._movable_noun(ph.noun)
        if not isinstance(ph, _Phrase) or not ph.items:
            return False
        for it in ph.items:
            np = it.np
            if np.kind in ("pron", "self") or np.kind == "core" and np.head_cat == "NAME":
                continue
            if np.kind != "core" or not self._movable_noun(np.head):
                return False
        return True

    def _movable_noun(self, noun: Any) -> bool:
        """A noun for a board object or a place (a site moves too), not a card in a zone or a spell."""
        return isinstance(noun, str) and noun not in ("card", "spell") \
            and self.lex.noun_class.get(noun, "object") in ("object", "place")

    def _grants_or_node(self, np: NP) -> Any:
        node = self.node(np)
        return node

    # ---- reduced clauses: "if able", "when played", "while attacking", "while in your back row"
    def reduced(self, sc: SClause, ex: _Extras, b: _Builder, subject: Any) -> A.Clause:
        chunks = sc.chunks
        negated = False
        i = 0
        while i < len(chunks) and chunks[i].kind == "adv":
            if chunks[i].value == "not":
                negated = True
            else:
                b.adverb(chunks[i].value)
            i += 1
        if i >= len(chunks):
            raise MeaningError("an empty clause", sc.start)
        first, rest = chunks[i], chunks[i + 1:]
        if first.kind == "part":
            sense = self._passive_sense(first.value, subject)
            frame = _Frame(first.value, sense.roles if sense else _GENERIC, "passive")
            b.run(rest, frame)
            if subject is not None and frame.slot_free("subject"):
                frame.fill("subject", subject)
            action = self.build(first.value, sense, frame, "passive")
        elif first.kind == "gerund":
            lemma, sense, frame, rest = self.active_frame(first.value, rest)
            b.run(rest, frame)
            if subject is not None and frame.slot_free("subject"):
                frame.fill("subject", subject)
            action = self.build(lemma, sense, frame, "active")
        elif first.kind == "pred":
            b.run(rest, None)
            action = A.SetState(first.value, subject)
        elif first.kind in ("pp", "place"):
            holder = _Phrase([_Item(NP("core", first.start, first.end, head="place"))])
            b.current = holder
            b.run(chunks[i:], None)
            posts = [self.post(p, holder.items[0].np) for p in holder.items[0].posts]
            if not posts:
                raise MeaningError("a clause that is only a phrase", first.start)
            action = A.Located(posts[0] if len(posts) == 1 else A.Group(tuple(posts), "and"), subject)
        else:
            # a later word may be the verb, read otherwise ("if they name a card": "name" a noun first):
            # the search revisits from the clause's last word, not from its first
            raise MeaningError("a clause without a verb", chunks[-1].start)
        vg = VGroup("", "base", negated=negated)
        out = self.finish(action, vg, ex, None)
        # "If cast", "when played": a participle with no subject says what is done to the thing the
        # context names (the printer writes it back as a participle, not an -ing form)
        return A.replace(out, voice="passive") if first.kind == "part" and subject is None else out

    # ---- relative and subordinate clauses
    def relative(self, ch: Chunk, outer: "_Builder | None" = None) -> Any:
        sc: SClause = ch.value
        which = A.Ref("which")
        if outer is not None and outer.frames:
            sc = self.hoist(sc, outer)
        if sc.gap == "subject" and sc.vgroup is not None and sc.vgroup.lemma == "cost" and not sc.vgroup.negated:
            # "an artifact that costs (1) or less": a comparison on its cost
            values = [c.value for c in sc.chunks if c.kind == "np"]
            if len(values) == 1 and values[0].kind in ("mana", "amount"):
                v = values[0]
                return A.Stat("cost", _cmp_of(v), _mana(v) if v.kind == "mana" else v.count)
        if sc.gap == "subject":
            return A.Relative(self.clause(sc, which))
        if sc.gap == "place":
            return A.Relative(self.clause(sc, None))
        self.object_gap = which
        try:
            return A.Relative(self.clause(sc, None))
        finally:
            self.object_gap = None

    object_gap: Any = None

    def hoist(self, sc: SClause, outer: "_Builder") -> SClause:
        """Give the clause outside what a relative clause wrote after its verb but cannot take: a phrase
        whose preposition names a free role of the outer verb and no role of the relative's (``throws an
        artifact he carries at target unit``: at → the throw's destination), and an infinitive of purpose
        (``return a site you own to your hand to play this site``)."""
        if sc.vgroup is None:
            return sc
        inner = {r for s in self.lex.verbs.get(sc.vgroup.lemma, []) for r in s.roles}
        present = sc.vgroup.form in ("base", "third") and not sc.vgroup.perfect and not sc.vgroup.modal
        keep: list[Chunk] = []
        for k, c in enumerate(sc.chunks):
            if present and k == len(sc.chunks) - 1 and c.kind == "np" and c.value.kind == "core" \
                    and c.value.head == "turn" and c.value.det == "this" and not c.value.mods:
                # "tap a unit you control this turn": a duration ends the effect, not the relative clause
                # (a past one keeps it as its scope: "a minion that attacked this turn")
                outer.extras.this_turn = True
                continue
            if present and k == len(sc.chunks) - 1 and c.kind == "adv" and c.value in _EFFECT_TIME_ADVERBS:
                outer.adverb(c.value)      # "give a minion you control permanently ...": the effect's time
                continue
            if present and k == len(sc.chunks) - 1 and c.kind == "pp" and c.prep in ("until", "during"):
                outer.pp([c], 0, c)
                continue
            if c.kind == "pp" and c.prep not in inner and any(f.slot_free(c.prep) and outer.fits_role(f, c.prep, c.value)
                                                               for f in outer.frames):
                f = next(f for f in reversed(outer.frames) if f.slot_free(c.prep))
                f.fill(c.prep, _Phrase([_Item(c.value)]))
                continue
            if c.kind == "sub" and k == len(sc.chunks) - 1 and c.value.vgroup is not None and c.value.subject:
                # "each minion that attacked this turn if it is tapped": a condition with a subject of its
                # own is the effect's; a reduced one shares the relative clause's subject and stays
                # ("each spell they've cast while holding this")
                self.subordinate(c, outer.extras)
                continue
            if c.kind == "inf" and "to_vp" not in inner and outer.extras.purpose is None:
                outer.extras.purpose = self.clause(c.value, None)
                continue
            keep.append(c)
        return SClause(sc.subject, sc.vgroup, keep, sc.start, sc.end, sc.gap)

    def subordinate(self, ch: Chunk, ex: _Extras) -> None:
        kind = ch.prep
        sc: SClause = ch.value
        if sc.vgroup is None and len(sc.chunks) == 1 and sc.chunks[0].kind in ("pred", "part") and \
                sc.chunks[0].value in ("able", "need") and kind == "if":
            ex.conditions.append(A.Condition("if_able" if sc.chunks[0].value == "able" else "if_needed"))
            return
        if kind == "as":    # only "As this minion enters the realm / attacks," (a trigger, `upon_trigger`) is read
            # the readings of the clause's own words are tried again first ("As this attacks": "attacks" a
            # verb, not a plural noun), then "as" as a preposition ("As an additional cost, ...")
            raise MeaningError("a clause opened by 'as' that is no trigger on entering the realm or attacking",
                               max(ch.start, sc.end - 1))
        clause = self.clause(sc, None, imperative_ok=False)
        subject = self.clause_subject
        if self.clause_time is not None:
            self.condition_time = self.clause_time
        if kind == "until":
            ex.duration = A.Duration("until", event=clause)
            return
        extra = getattr(ch, "extra", None)
        if extra is not None:  # "if X is Y and would Z": the second clause shares the subject
            second = self.clause(extra[1], subject)
            link = _link(extra[0])
            if link == "and" and kind != "unless":
                ex.conditions.append(A.Condition(kind, clause))   # both must hold: two conditions
                clause = second
            else:   # "if A or B"; "unless A and B" (one "unless" over the pair): one condition
                clause = A.Clause(A.Group((clause, second), link))
        ex.conditions.append(A.Condition(kind, clause))

    def _compare(self, frame: "_Frame", kwargs: dict[str, Any]) -> A.Compare:
        """``you have more life than each opponent``: what is counted, the comparison and the other side
        (written as ``than X`` after the counted noun)."""
        ph = frame.objects[0] if frame.objects else None
        if ph is None:
            raise MeaningError("a comparison without what is compared")
        np = ph.items[0].np
        cmp = next(m for m in np.mods if m in ("more", "less", "fewer"))
        than = None
        posts = []
        for p in ph.items[0].posts:
            if isinstance(p, tuple) and p[0] == "pp" and p[1] == "than":
                than = self._phrase(p[2])
            else:
                posts.append(p)
        if than is None:
            raise MeaningError("a comparison without 'than'")
        np.mods = [m for m in np.mods if m != cmp]
        ph.items[0].posts = posts
        agent = frame.filled.get("agent")
        return A.Compare(cmp, self._phrase(ph), than, self.phrase(agent) if agent is not None else None,
                         kwargs.get("verb", "have"))

    # ---- primitives
    def build(self, lemma: str, sense: L.Sense | None, frame: _Frame, voice: str, gap_role: str | None = None) -> Any:
        values: dict[str, Any] = {}
        idiom_kind: str | None = None
        for role, v in frame.filled.items():
            if role == "_idiom":
                if len(v.items) > 1 or v.items[0].posts or v.open_sep:
                    raise MeaningError(f"{lemma}: the object of the idiom has a list or modifiers")
                if v.items[0].np.mods:
                    idiom_kind = " ".join(v.items[0].np.mods)   # "perform a ranged strike": its kind
                continue
            values[role] = v
        if gap_role and gap_role not in values:
            values[gap_role] = A.Ref("which")
        if self.object_gap is not None and "object" in frame.roles and "object" not in frame.slots_used and voice == "active":
            values.setdefault(frame.roles["object"], self.object_gap)
            self.object_gap = None
        for role in [r for r in values if r == "agent" and frame.slot_of.get(r) == "by"]:
            if not isinstance(self.phrase(values[role]), (int, A.Mana)):
                continue
            # "is reduced by 1", "increased by two", "by (1)": a number or mana after "by" is how much, never who
            takes = sense is None or sense.primitive is None or "amount" in {n for n, _ in A.node_fields(_primitive(sense.primitive))}
            if "amount" in values or not takes:
                raise MeaningError(f"{lemma}: a number after 'by' as the doer",
                                   values[role].items[0].np.start if isinstance(values[role], _Phrase) else None)
            values["amount"] = values.pop(role)
            if sense is not None and sense.args.get("how") == "reduce_to":
                sense = next((s for s in self.lex.verbs.get(lemma) or [] if s.args.get("how") == "reduce_by"), sense)
        if sense is None and voice == "active" and not self.lex.verbs.get(lemma):
            motion = self._motion_construction(lemma, values, frame)
            if motion is not None:
                sense, values = motion
        if sense is None or sense.primitive is None:
            roles = tuple((role, _as_thing(role, self.phrase(v))) for role, v in values.items())
            return A.Action(lemma, tuple(sorted(roles, key=lambda rv: _ROLE_ORDER.get(rv[0], 99))))
        cls = _primitive(sense.primitive)
        kwargs: dict[str, Any] = dict(sense.args)
        rel = kwargs.pop("rel", None) if cls is A.Located else None
        if cls is A.Compare:
            return self._compare(frame, kwargs)
        if cls is A.ModifyDamage:
            values, kwargs = _damage_change(self, values, kwargs)
        if cls is A.Damage and isinstance(values.get("amount"), _Phrase):
            dnp = values["amount"].items[0].np
            kind = _damage_kind(dnp)
            if kind:
                kwargs["kind"] = kind
            if _divided(values["amount"].items[0]):
                # "5 damage divided (as you choose) among X": split among them, not dealt to each
                kwargs["divided"] = True
        if idiom_kind is not None:
            # the object of an idiom names the action; a modifier of it is the action's kind, where the
            # primitive has one ("a ranged strike"), else a misreading
            if cls is not A.Strike:
                raise MeaningError(f"{lemma}: the object of the idiom has modifiers")
            kwargs["kind"] = idiom_kind
        if cls is A.Shoot and "count" in values:
            kwargs["piercing"] = _has_mod(values["count"], "piercing")
        if cls is A.Move and isinstance(values.get("steps"), _Phrase):
            kwargs["up_to"] = values["steps"].items[0].np.quant == "up_to"
        if cls is A.Move and voice == "passive" and sense.roles.get("subject") == sense.roles.get("object"):
            # "X moves" and "move X" fill one role; only the voice tells "can't move" (its own steps)
            # from "can't be moved" (moved by something else)
            kwargs["voice"] = "passive"
        fields = {name for name, _ in A.node_fields(cls)}
        for role, v in values.items():
            node = self.phrase(v)
            role, node = _special_role(cls, role, node, v)
            if role not in ("amount", "count", "steps", "grants") and (isinstance(node, int) or node == "X"):
                node = A.Partitive(node, None)  # "choose one", "put three": so many of those the context names
            if role is None:
                continue
            if role not in fields:
                raise MeaningError(f"{lemma}: {cls.__name__} has no role {role!r}")
            if role == "patient" and isinstance(node, A.Partitive) and node.of == A.Selector("following", "the"):
                # "choose two of the following: A, B, or C": the options are the list after the colon, as
                # in "choose two: A, B, or C"
                node = A.Partitive(node.count, None)
            if role == "agent" and lemma in _CREATION_VERBS and _cast_kind(node):
                # "Spells cast by your Avatar cost nothing": what is cast, summoned or played is never the
                # one casting it (a player or a unit does), so "spells cast nothing" is a misreading
                raise MeaningError(f"{lemma}: a card as the one who {lemma}s",
                                   v.items[0].np.start if isinstance(v, _Phrase) else None)
            if role == "agent" and not _can_act(node):
                # "Bearer has Spellcaster and +1 power for each spell they've cast": a bonus casts nothing
                raise MeaningError(f"{lemma}: {type(node).__name__} as the doer",
                                   v.items[0].np.start if isinstance(v, _Phrase) else None)
            if role == "dest" and frame.slot_of.get(role) in _BELOW and isinstance(node, (A.Selector, A.Ref, A.Group)):
                node = A.Where("under", node)   # "conjure this under a site": below it, not onto it
            if role == "dest" and frame.slot_of.get(role) == "between" and "source" in fields and "source" not in values:
                kwargs["source"] = node         # "move between X": from one of X to another, both ends among X
            kwargs[role] = node
        if rel == "preposition":
            # a verb of position ("sits atop X", "sits on X"): the relation is the preposition's own
            rel = frame.slot_of.get("where")
            if rel is None or "where" not in kwargs:
                raise MeaningError(f"{lemma}: a position with no place")
        if rel is not None:  # "a site that borders X": the verb names a place relation to its object
            kwargs["where"] = A.Where(rel, kwargs.get("where"))
        try:
            return cls(**kwargs)
        except TypeError as e:
            raise MeaningError(f"{lemma}: {e}") from None


_GENERIC = {"subject": "agent", "object": "patient", "object2": "recipient", "to": "dest", "into": "dest",
            "onto": "dest", "from": "source", "with": "instrument", "place": "dest", "by": "agent", "at": "at",
            "on": "on", "for": "for", "through": "path", "toward": "dest", "over": "over", "as": "as",
            "in": "in", "out_of": "source", "under": "under", "beneath": "beneath",
            "among": "among", "between": "between", "of": "of", "off": "off", "against": "against"}
#: A destination below its noun (a buried or sunken place), which the place it names is not: kept as a
#: ``Where("under", ...)``; "on", "atop", "at", "in" name the place itself.
_BELOW = frozenset({"under", "beneath", "underneath"})
_ROLE_ORDER = {r: i for i, r in enumerate(["agent", "patient", "recipient", "amount", "dest", "source", "instrument",
                                           "path", "action"])}



def _as_thing(role: str, node: Any) -> Any:
    if role != "amount" and (isinstance(node, int) and not isinstance(node, bool) or node == "X"):
        return A.Partitive(node, None)
    return node


def _has_mod(value: Any, mod: str) -> bool:
    return isinstance(value, _Phrase) and mod in value.items[0].np.mods


def _damage_change(r: "_Clauses", values: dict[str, Any], kwargs: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``takes 1 less damage``, ``take no damage``, ``deal double damage``: the change and its amount."""
    ph = values.pop("amount", None)
    np = ph.items[0].np if isinstance(ph, _Phrase) else None
    if np is None:
        raise MeaningError("a change of damage without the damage")
    if len(ph.items) > 1:  # "deals +1 damage and strikes first": "and" joins clauses here
        raise MeaningError("a list as a change of damage", ph.sep_at)
    if np.kind == "signed" and isinstance(np.count, str):  # "deals +X damage": X more
        kwargs["change"], kwargs["amount"] = ("less" if np.count.startswith("-") else "more"), "X"
    elif np.kind == "signed":  # "deals +1 damage": one more; "-1 damage": one less
        kwargs["change"], kwargs["amount"] = ("more" if int(np.count) > 0 else "less"), abs(int(np.count))
    elif np.det == "no":
        kwargs["change"] = "none"
    elif np.count == "double" or "double" in np.mods:
        kwargs["change"] = "double"
    elif "less" in np.mods:
        kwargs["change"], kwargs["amount"] = "less", np.count
    elif "more" in np.mods or _extra_damage(np):
        kwargs["change"], kwargs["amount"] = "more", np.count
    kind = _damage_kind(np)
    if kind:
        kwargs["kind"] = kind
    return values, kwargs


def _extra_damage(np: Any) -> bool:
    """``deals 1 extra damage`` / ``1 additional damage``: a counted damage with ``extra`` is that much
    more damage, as ``1 more damage`` and ``+1 damage`` are (it had read as dealing 1 damage, the word
    ``extra`` lost: found by the guard against dropped phrases, gram29)."""
    return isinstance(np.count, int) and not isinstance(np.count, bool) and bool({"extra", "additional"} & set(np.mods))


def _damage_kind(np: Any) -> str | None:
    """Which damage a damage noun phrase names: ``strike`` ("strike damage"), an element ("fire
    damage") or None (all damage). Shared by dealing damage and changing it, so "takes and deals
    double strike damage" keeps "strike" in both clauses."""
    if np.head == "strike damage":
        return "strike"
    return next((m for m in np.mods if m in ("fire", "water", "air", "earth", "strike")), None)



def _define_x(clause: A.Clause, value: Any) -> A.Clause:
    """The clause with every amount ``X`` (``X damage``, ``+X power``) replaced by the amount a ``where
    X is ...`` phrase defines (printed as ``equal to`` it, which reads back the same)."""
    def put(node: Any) -> Any:
        if isinstance(node, A.Node) and "amount" in node.__struct_fields__ and getattr(node, "amount") == "X":
            return A.replace(node, amount=value)
        return node
    out: A.Clause = A.transform(clause, put)
    return out


def _uses_x(clause: A.Clause) -> bool:
    """Whether an ``X`` is left in the clause (a count, ``-X``: no amount a definition replaces)."""
    return any(getattr(n, f, None) in ("X", "-X") for n in A.walk(clause) for f in ("amount", "count"))


def _power_measure(np: Any) -> bool:
    """``its power``, ``power`` (before ``equal to X``): the power a grant may add, as a computed amount
    (no count, no adjective: ``+1 power`` and ``double its power`` are read otherwise)."""
    return isinstance(np, NP) and np.kind == "core" and np.head in _GRANTED_MEASURES and np.count is None \
        and not np.mods and (np.det is None or isinstance(np.det, NP) or np.det in _POSSESSIVE_PRONOUNS)


_POSSESSIVE_PRONOUNS = frozenset({"its", "his", "her", "their", "your"})
#: Measures a grant adds as an amount computed when it is granted (``gains power equal to X``).
_GRANTED_MEASURES = frozenset({"power"})


def _power_mod(node: A.Selector) -> A.PowerMod:
    """``its power`` → ``PowerMod(Quantity(power, it))`` (``power equal to X`` is read as ``PowerMod(X)``
    where the noun phrase is read); a bare ``power`` adds no amount and is no reading."""
    if not node.filters and node.det is not None:
        return A.PowerMod(_quantity_of(node))
    raise MeaningError("power granted with no amount")


def _grants(node: Any) -> tuple[Any, ...]:
    """Grants as a tuple: a list of keywords and modifiers, or one. A list joined by ``or`` is one choice
    among them (``gains Airborne or Stealth``: one grant, a ``Group`` with ``or``), not all of them; a
    measure of power is a computed power bonus (``gains its power``)."""
    if isinstance(node, A.Group) and node.conj in ("or", "and/or") and len(node.items) > 1:
        return (A.Group(_grants(A.Group(node.items)), node.conj),)
    items = node.items if isinstance(node, A.Group) else (node,)
    out = []
    for it in items:
        if isinstance(it, A.Selector) and it.noun in ("Spellcaster",) and it.det is None:
            value = next((m for m in it.mods), None)
            out.append(A.Keyword("spellcaster", value))
        elif isinstance(it, A.Selector) and it.det is None and not it.mods and not it.filters and it.noun[:1].isupper():
            out.append(A.Keyword(it.noun.lower()))
        elif isinstance(it, A.Selector) and it.noun in _GRANTED_MEASURES and not it.mods and it.count is None:
            out.append(_power_mod(it))
        else:
            out.append(it)
    return tuple(out)


def _special_role(cls: type, role: str, node: Any, raw: Any) -> tuple[str | None, Any]:
    """Roles that read the object's parts rather than the object itself (``2 damage`` → amount 2, the
    grants of ``gain Airborne``, the count of ``shoot three projectiles``)."""
    if role == "grants":
        return role, _grants(node)
    if role == "amount" and isinstance(node, A.Group) and _amount_list(node):
        # "3 or 2 damage", "3, then 2, then 1 damage": the unit written once, after the last amount
        return role, A.Group(tuple(_special_role(cls, role, i, raw)[1] for i in node.items), node.conj)
    if role == "amount" and isinstance(node, A.Selector) and node.noun in _AMOUNT_NOUNS:
        equal = next((f for f in node.filters if isinstance(f, tuple) and f[0] == "equal"), None)
        if equal is not None:
            return role, equal[1]
        if "lethal" in node.mods or "Lethal" in node.mods:
            return role, "lethal"
        if node.det == "that" and tuple(node.mods) == ("much",) and node.count is None and not node.filters:
            return role, A.Quantity("that_much")     # "loses that much life": the amount named before
        if node.count in ("half", "double") and (node.det is not None or node.filters):
            # "lose half your life", "gain double its power": half (double) of a measure, not a number
            return role, _quantity_of(node)
        return role, node.count
    if role == "count" and isinstance(node, A.Selector):
        return role, node.count if node.count is not None else 1
    if role == "turn" and isinstance(node, A.Selector) and node.noun == "turn":
        return role, A.Turn(node.det if isinstance(node.det, str) else None)
    if role == "steps" and isinstance(node, A.Selector):
        return role, node.count if node.count is not None else 1
    return role, node


def _trailing_filter(sc: Any, r: "_Interp") -> list[Chunk]:
    """The chunks ending a relative clause from a ``with``/``without`` phrase on, when its verb takes no
    role for that preposition and only noun phrases and lists follow (empty otherwise)."""
    if not isinstance(sc, SClause) or sc.vgroup is None or sc.gap == "place":
        return []
    roles = {role for s in r.lex.verbs.get(sc.vgroup.lemma) or [] for role in s.roles}
    for k, c in enumerate(sc.chunks):
        if c.kind == "pp" and c.prep in ("with", "without") and c.prep not in roles:
            rest = sc.chunks[k:]
            return rest if all(x.kind in ("pp", "np", "lc", "conj") for x in rest) else []
    return []


#: Verbs of change of state: before a participle or a state they say what the copula says.
_BECOME = frozenset({"become", "get"})

#: Comparatives of power: "N stronger" is N more power, "N weaker" N less.
_POWER_COMPARATIVES = {"stronger": 1, "weaker": -1}


def _power_comparative(first: Chunk, rest: list[Chunk]) -> int | None:
    """``1 stronger``, ``2 weaker`` after a copula: the power added (negative: taken away), or None.
    Plain English for ``+1 power`` / ``-2 power``; only a bare number before the comparative (``much
    stronger`` says no amount)."""
    if first.kind != "np" or not isinstance(first.value, NP) or first.value.kind != "amount" \
            or not isinstance(first.value.count, int) or first.value.det is not None or not rest \
            or rest[0].kind not in ("pred", "adv") or rest[0].value not in _POWER_COMPARATIVES:
        return None
    return first.value.count * _POWER_COMPARATIVES[rest[0].value]

#: Possessive determiners and the pronoun each stands for.
_POSSESSORS = {"its": "it", "their": "they", "his": "he", "her": "she", "your": "you"}


def _stat_owner(subject: Any) -> Any:
    """``its power``, ``Ember Golem's cost``: who has the stat a subject names (None if it names none)."""
    if not (isinstance(subject, A.Selector) and subject.noun in _STAT_NOUNS and not subject.filters
            and not subject.mods and subject.count is None):
        return None
    if isinstance(subject.det, A.Possessive):
        return subject.det.owner
    return A.Ref(_POSSESSORS[subject.det]) if subject.det in _POSSESSORS else None


#: Verbs of sharing out, as a participle after an amount ("5 damage divided among ...").
_DIVIDING = frozenset({"divide", "split", "distribute"})


def _divided(item: "_Item") -> bool:
    """Whether an amount's item carries a participle of sharing out (``damage divided``, ``split``),
    with no phrase of its own: the phrase after it (``among X``) is the verb's."""
    found = [p for p in item.posts if isinstance(p, tuple) and p[0] == "reduced" and p[1]["vg"].lemma in _DIVIDING
             and not p[1]["frame"].filled]
    for p in found:
        item.posts.remove(p)
    return bool(found)


#: Qualities a thing has, never a doer: a power bonus, a keyword, mana, a number.
_QUALITIES = (A.PowerMod, A.Keyword, A.Mana, int)


def _can_act(node: Any) -> bool:
    """Whether ``node`` may be the agent of a verb: a quality (``+1 power``, ``Airborne``, ``(2)``) is
    what a thing has, never who does something, in a list too."""
    if isinstance(node, A.Group):
        return all(_can_act(i) for i in node.items)
    return not isinstance(node, _QUALITIES)


def _amount_list(g: A.Group) -> bool:
    """A list of amounts of one unit (``3, 2, or 1 damage``): bare numbers, the last with the unit."""
    *firsts, last = g.items
    return all(isinstance(i, int) and not isinstance(i, bool) for i in firsts) and isinstance(last, A.Selector) \
        and last.noun in _AMOUNT_NOUNS and isinstance(last.count, int) and not last.filters and not last.mods \
        and last.det is None


_CREATION_VERBS = {"summon", "conjure", "cast", "play", "fill"}
def _stat_value(chunks: list[Chunk]) -> bool:
    """``power 1``, ``base power 3`` after "has": a unit's power and a number right after it (no
    comparison: ``power 3 or more`` is no value it has but a test)."""
    if len(chunks) < 2 or chunks[0].kind != "np" or chunks[1].kind != "np":
        return False
    stat, value = chunks[0].value, chunks[1].value
    return isinstance(stat, NP) and stat.kind == "core" and stat.head == "power" and set(stat.mods) <= {"base"} \
        and stat.det is None and stat.count is None and not stat.places and isinstance(value, NP) \
        and value.kind == "amount" and value.cmp is None and value.quant is None \
        and (isinstance(value.count, int) or value.count == "X")


#: Nouns of what is cast or played, never of who does it (a player or a unit).
_CAST_NOUNS = {"spell", "card", "site", "artifact", "aura", "magic"}


def _cast_kind(node: Any) -> bool:
    """Whether ``node`` names cards by their kind (``spells``, ``sites``, ``a card``), in a list too."""
    if isinstance(node, A.Group):
        return all(_cast_kind(i) for i in node.items)
    return isinstance(node, A.Selector) and node.noun.lower() in _CAST_NOUNS
_AMOUNT_NOUNS = {"damage", "strike damage", "life", "step", "projectile", "mana", "amount"}
#: Nouns that, counted, measure a distance on the grid: "push X two squares" is two steps (Codex
#: "Movement": a step goes "between two adjacent surface locations", one square to the next).
_DISTANCE_NOUNS = {"square"}


def _adjacent_destination(action: A.Move, adjuncts: list[Any], phrase: Any) -> A.Move:
    """"An enemy moves next to (adjacent to) this minion": the move's destination is a location
    adjacent to it, as "moves to a location adjacent to this minion" says ("next to" read as the Codex's
    adjacent; the other reading, any move ending nearby or at the same location, is not taken). The
    adjunct is taken out of ``adjuncts`` (the clause's raw ``("adjunct", prep, phrase)`` entries; ``phrase``
    builds its node); a move with no such adjunct is returned as it is."""
    found = [a for a in adjuncts if isinstance(a, tuple) and len(a) == 3 and a[0] == "adjunct"
             and a[1] == "adjacent_to" and a[2] is not None]
    if len(found) != 1:
        return action
    adjuncts.remove(found[0])
    dest = A.Selector("location", "a", filters=(A.Where("adjacent_to", phrase(found[0][2])),))
    return A.replace(action, dest=dest)


def _counted_range(node: Any) -> A.Where | None:
    """"within two squares (of this minion)": a range counted in squares (or steps), the same as "up to
    two steps away (from it)" (Codex "Step": a step is one square), the origin the "of" phrase or, with
    none, this card; None for any other object of "within" (a place: "within this body of water")."""
    if not (isinstance(node, A.Selector) and node.noun in ("square", "step")
            and isinstance(node.count, int) and node.det is None and not node.mods and node.quant is None):
        return None
    if not node.filters:
        return A.Where("within", None, node.count)
    if len(node.filters) == 1 and isinstance(node.filters[0], A.Of):
        return A.Where("within", node.filters[0].what, node.count)
    return None


def _distance(np: Any) -> bool:
    """A bare counted grid distance ("two squares", "one square"): a motion's number of steps; a
    determiner ("this square", "a square") or no count names a place instead."""
    return np.kind == "core" and np.head in _DISTANCE_NOUNS and isinstance(np.count, int) and np.det is None \
        and not np.mods


# =========================================================================== sentences and abilities

_TRIGGER_SUBS = {"when", "whenever", "after", "first_time", "next_time"}
# Subordinate clauses two states may share ("if A and B": both must hold, as a clause's conditions do;
# "unless A and B" is one condition over the pair, not "unless A, unless B": see ``subordinate``)
_CONDITION_SUBS = {"if", "while"}
_SHARED_SUBS = _CONDITION_SUBS | {"unless"}
# Primitives that state how things are, not what happens: a clause of one of these verbs after
# "if A and" is a second state, not an effect ("if you control a tower and you have no spells")
_STATE_PRIMITIVES = frozenset({"Control", "Own", "Compare", "Located", "IsA", "Exists", "Occupy"})
#: Primitives whose effect holds over a time rather than happening once (a static, a grant, a state):
#: a time phrase written after their infinitive of purpose says when they hold (see ``finish``).
_LASTING_PRIMITIVES = _STATE_PRIMITIVES | frozenset({
    "CostChange", "ModifyDamage", "ChangeAmount", "NoThreshold", "Immune", "Provide", "Grant", "LoseGrant",
    "SetState", "Include", "Lasts"})


def _lasting(action: Any) -> bool:
    """Whether a clause's action holds over a time (every item of a list of them does)."""
    if isinstance(action, A.Group):
        return bool(action.items) and all(_lasting(i) for i in action.items)
    if isinstance(action, A.Clause):
        return _lasting(action.action)
    return type(action).__name__ in _LASTING_PRIMITIVES


def _stative(vg: "VGroup") -> bool:
    """A verb group that states a condition: the copula, or a plain present-tense verb every sense of
    which is a state (``control``, ``own``; ``have``, whose grants are the static "has Airborne",
    counts by its sense of possession). Modal and perfect forms, and past forms of other verbs, report
    events."""
    if vg.modal or vg.perfect:
        return False
    if vg.copula:
        return True
    if vg.form not in ("base", "third"):
        return False
    senses = L.load().verbs.get(vg.lemma) or []
    prims = {s.primitive for s in senses}
    if "Own" in prims:
        prims.discard("Grant")
    return bool(prims) and prims <= _STATE_PRIMITIVES


class _Sentences(_Clauses):
    """A sentence's segments → clauses, links and fronted phrases; the ability it starts."""

    def parts(self, tree: Tree, toks: list[Any], allow_trigger: bool) -> dict[str, Any]:
        reader = _Reader(toks)
        sentence = tree.children[0] if tree.data == "start" else tree
        threshold_t, segs_t, _end = sentence.children
        threshold = tuple(self_threshold(reader, threshold_t))
        segs = _conditions_with_two_clauses(_share_objects(_colon_options(_aside_then_complement(
            reader.segments(segs_t), self)), self))
        fronted: list[list[Chunk]] = []
        clauses: list[A.Clause] = []
        links: list[str] = []
        forward: list[list[Chunk]] = []
        subject: Any = None
        trigger: A.Trigger | None = None
        sentence_ex = _Extras()
        times: list[Any] = []
        pending_link: str | None = None
        last_sc: SClause | None = None
        for kind, content, sep in segs:
            if kind == "adjunct":
                if clauses and last_sc is not None and _passive_participle(last_sc) and _participles_only(content):
                    # "can't be moved, destroyed, or modified": more participles of the same passive clause
                    clauses[-1] = self.more_participles(clauses[-1], content, sep)
                    continue
                if not clauses and fronted and _participles_only(content) and (merged := _more_in_sub(fronted[-1], content, sep)):
                    # "Whenever a unit is pushed, teleported or dragged, ...": the participles after the
                    # fronted clause's are more of its passive verbs (`copula` reads the list), not a state
                    # of the sentence's clause
                    fronted[-1] = merged
                    continue
                if not clauses:
                    fronted.append(content)
                elif sep == ":" and isinstance(clauses[-1].action, A.Choose) and _options(content):
                    # "Choose one: (A), (E), (F), (W).": the phrases after the colon are what is chosen from
                    items = tuple(self.node(c.value) for c in content if c.kind == "np")
                    clauses[-1] = A.replace(clauses[-1], action=A.replace(clauses[-1].action,
                                                                          patient=A.Group(items, "or")))
                elif sep is not None and any(w in sep for w in ("and", "or", "then")) and content[0].kind == "gerund" \
                        and clauses[-1].adjuncts and _gerund_adjunct(clauses[-1].adjuncts[-1]):
                    # "..., destroying X and then striking Y": another -ing phrase of the same clause
                    clauses[-1] = self.merge_trailing(clauses[-1], content)
                elif sep is not None and any(w in sep for w in ("and", "or", "then", "but")):
                    # "..., and/but if you control a Dragon, you win": the phrase after the conjunction
                    # opens the next clause (a "but" had left it on the clause before)
                    forward.append(content)
                    pending_link = _link(sep)
                elif (defined := self.x_definition(content)) is not None:
                    # "Deal X damage to target minion, where X is the number of allies here": X is that amount
                    clauses = [_define_x(c, defined) for c in clauses]
                    if any(_uses_x(c) for c in clauses):
                        raise MeaningError("an X the definition after it does not reach", content[0].start)
                else:
                    clauses[-1] = self.merge_trailing(clauses[-1], content)
                continue
            sc: SClause = content
            if clauses and clauses[-1].purpose is not None and _continues_purpose(sc, sep):
                # "wake it to search your spellbook for a card and put it into your hand": a bare verb
                # after an infinitive of purpose, joined by "and" with no comma, is a second verb of it
                more = self.clause(sc, None)
                if _bare(more):
                    purpose = clauses[-1].purpose
                    items = (purpose.action.items if isinstance(purpose.action, A.Group) and purpose.action.conj == _link(sep)
                             else (purpose.action,)) + (more.action,)
                    clauses[-1] = A.replace(clauses[-1], purpose=A.replace(purpose, action=A.Group(items, _link(sep))))
                    last_sc = sc
                    continue
            shares = bool(clauses) and last_sc is not None and _shares_modal(clauses[-1], last_sc, sc, sep)
            inherited = subject if shares or _inherits(subject, sc, sep) else None
            self.implicit_self = False
            if not clauses and sc.subject and sc.subject[0].kind == "adv" and sc.subject[0].value == "then":
                sentence_ex.adverbs.append("then")  # "Then burrow ...": after the previous sentence
                sc = SClause(sc.subject[1:], sc.vgroup, sc.chunks, sc.start, sc.end)
            clause = self.clause(sc, inherited)
            explicit = self.clause_subject
            if self.implicit_self:
                subject = A.Ref("SELF")
            times.append(self.clause_time)
            if self.clause_limit is not None:
                sentence_ex.limit = self.clause_limit
            if forward:
                extra = _Extras()
                for chunks in forward:
                    self.fronted_into(chunks, extra, None)
                clause = A.replace(clause, conditions=tuple(extra.conditions) + clause.conditions)
                forward = []
            if shares:
                # "can't submerge or surface", "you may search X and summon it": one modal over both verbs
                prev = clauses[-1]
                items = (prev.action.items if isinstance(prev.action, A.Group) else (prev.action,)) + (clause.action,)
                conj = _link(sep) if _link(sep) in ("or", "and/or") else "and"
                clauses[-1] = A.replace(prev, action=A.Group(items, conj), conditions=prev.conditions + clause.conditions,
                                        duration=prev.duration or clause.duration,
                                        adverbs=prev.adverbs + clause.adverbs, adjuncts=prev.adjuncts + clause.adjuncts)
                last_sc = sc
                continue
            if clauses:
                links.append(pending_link or _link(sep))
                pending_link = None
            clauses.append(clause)
            last_sc = sc
            if explicit is not None:
                subject = _subject_of(clause)
            elif inherited is None and not self.implicit_self:
                subject = None  # an imperative: the next bare verb has no subject to continue either
        if forward:
            # the phrase after the conjunction is no clause: one of its words may be a verb read otherwise
            # ("and its next magic costs (3) less"): the search revisits the words up to its end
            raise MeaningError("a phrase joined by a conjunction to no clause", forward[-1][-1].end if forward[-1] else None)
        if not clauses:
            return {"keywords": segs, "threshold": threshold}
        if fronted and allow_trigger:
            try:
                kw = self.keyword_line([("adjunct", c, None) for c in fronted], A.Span(0, 0))
            except MeaningError:
                kw = None
            if kw is not None and all(c.conditions == () and c.action is not None for c in clauses):
                return {"clauses": clauses, "links": links, "ex": sentence_ex, "trigger": None, "times": times,
                        "threshold": threshold, "fronted_keywords": kw.items}
        delay: A.Trigger | None = None
        for chunks in fronted:
            want = "trigger" if trigger is None and allow_trigger else "time" if delay is None else None
            t = self.fronted_into(chunks, sentence_ex, want)
            if isinstance(t, A.Trigger) and want == "trigger":
                trigger = t
            elif isinstance(t, A.Trigger):
                delay = t       # "At the end of this turn, return it": the effect waits for that time
        return {"clauses": clauses, "links": _serial_links(links), "ex": sentence_ex, "trigger": trigger,
                "times": times, "threshold": threshold, "delay": delay}

    def x_definition(self, content: list[Chunk]) -> Any:
        """``where X is <amount>`` after a clause: the amount X stands for (``the number of allies here``:
        ``Quantity(count, ...)``), read as a copula clause is; None for any other phrase."""
        if len(content) != 1 or content[0].kind != "rel" or content[0].prep != "where":
            return None
        sc: SClause = content[0].value
        if sc.vgroup is None or not sc.vgroup.copula or sc.vgroup.negated or sc.vgroup.modal or len(sc.subject) != 1:
            return None
        x = sc.subject[0]
        if not (x.kind == "np" and isinstance(x.value, NP) and x.value.kind == "amount" and x.value.count == "X"):
            return None
        clause = self.clause(SClause(sc.subject, sc.vgroup, sc.chunks, sc.start, sc.end), None)
        if not isinstance(clause.action, A.IsA) or clause.conditions or clause.duration is not None:
            raise MeaningError("'where X is' with no amount", content[0].start)
        return _quantity_of(clause.action.type)

    def more_participles(self, clause: A.Clause, chunks: list[Chunk], sep: str | None) -> A.Clause:
        """Add the participles of ``, destroyed, or modified`` to a passive clause: one action each, the
        clause's subject as their patient; a ``by`` phrase after the last goes to every one (``targeted or
        damaged by spells``, ``by magic``), except a bare singular abstract noun, which says how, not who
        (``disabled or moved by force``: only the moving is by force)."""
        first = clause.action.items[0] if isinstance(clause.action, A.Group) else clause.action
        patient = getattr(first, "patient", None)
        parts = [c for c in chunks if c.kind == "part"]
        rest = [c for c in chunks if c.kind not in ("part", "lc", "conj")]
        new = []
        agent = None
        ex = _Extras()     # the last participle's phrases that are the clause's: "until your next turn"
        for c in parts:
            sense = self._passive_sense(c.value, patient)
            frame = _Frame(c.value, sense.roles if sense else _GENERIC, "passive")
            b = _Builder(self, ex if c is parts[-1] else _Extras())
            if c is parts[-1]:
                b.run(rest, frame)
            if patient is not None and frame.slot_free("subject"):
                frame.fill("subject", patient)
            action = self.build(c.value, sense, frame, "passive")
            agent = getattr(action, "agent", None) or agent
            new.append(action)
        items = (clause.action.items if isinstance(clause.action, A.Group) else (clause.action,)) + tuple(new)
        if agent is not None and not (A.is_manner(agent) and self.lex.noun_class.get(agent.noun) == "abstract"):
            items = tuple(A.replace(a, agent=agent) if hasattr(a, "agent") and a.agent is None else a for a in items)
        conj = "or" if (sep and "or" in sep) or any(c.kind == "conj" and c.value == "or" for c in chunks) else "and"
        tail = self.finish(clause.action, None, ex, None)
        if (tail.duration is not None and clause.duration is not None) or (tail.per is not None and clause.per is not None) \
                or tail.purpose is not None:
            raise MeaningError("two times or counts for one passive list", chunks[-1].start)
        # "can't be moved or destroyed until your next turn": the time was lost with the last participle
        return A.replace(clause, action=A.Group(items, conj), duration=clause.duration or tail.duration,
                         per=clause.per or tail.per, conditions=clause.conditions + tail.conditions,
                         adverbs=clause.adverbs + tail.adverbs, adjuncts=clause.adjuncts + tail.adjuncts)

    def clause_subject_of(self, sc: SClause, clause: A.Clause) -> Any:
        return _subject_of(clause) if sc.subject else None

    def merge_trailing(self, clause: A.Clause, chunks: list[Chunk]) -> A.Clause:
        """``X, if able``; ``X, tapped``; ``X, ignoring threshold``; ``X, to strike Y``: phrases after a
        comma belong to the clause before them."""
        ex = _Extras()
        b = _Builder(self, ex)
        b.run(chunks, None)
        leftover = b.current
        if leftover is not None and chunks and chunks[0].kind == "np":
            raise MeaningError("a noun phrase after a clause", chunks[0].start)
        extra = self.finish(A.DoSo(), None, ex, None)
        return A.replace(clause, conditions=clause.conditions + extra.conditions,
                         duration=clause.duration or extra.duration, per=clause.per or extra.per,
                         purpose=clause.purpose or extra.purpose, adverbs=clause.adverbs + extra.adverbs,
                         adjuncts=clause.adjuncts + extra.adjuncts, instead=clause.instead or extra.instead)

    def fronted_into(self, chunks: list[Chunk], ex: _Extras, want: str | None) -> Any:
        """Interpret a phrase written before the first clause into ``ex``; return a Trigger when it is one
        and ``want`` asks for it."""
        advs = [c.value for c in chunks if c.kind == "adv"]
        core = [c for c in chunks if c.kind != "adv"]
        if want == "trigger" and core:
            t = self.trigger(core, advs)
            if t is not None:
                return t
        if want == "time" and core and not advs:
            # inside an effect, only a time is a trigger (a delayed one): "When X," stays a condition
            t = self.time_trigger(core)
            if t is not None:
                return t
        # "Once on your turn", "once per turn"
        limit = use_limit(core)
        if limit is not None:
            ex.limit = limit
            core = core[2:]
            if not core:
                ex.adverbs += advs
                return None
        # "As an additional cost to cast X,"
        if core and core[0].kind == "pp" and core[0].prep == "as" and core[0].value.head == "cost" and len(core) == 2 \
                and core[1].kind == "inf":
            ex.conditions.append(A.Condition("additional_cost", self.clause(core[1].value, None)))
            return None
        if len(core) == 1 and core[0].kind == "pp" and core[0].prep == "as" and isinstance(core[0].value, NP) \
                and core[0].value.kind == "core" and core[0].value.head == "cost" and core[0].value.det in ("a", "an") \
                and core[0].value.mods == ["additional"]:
            # "As an additional cost, pay 3 life.": to cast this card, what "As an additional cost to cast
            # this," says (a card's own sentence; printed back with "to cast this")
            ex.conditions.append(A.Condition("additional_cost", A.Clause(A.Cast(patient=A.Ref("SELF")))))
            ex.adverbs += advs
            return None
        # "At level 8 or more,": while this card's stat is that value (a stat named bare after "at")
        if len(core) == 2 and core[0].kind == "pp" and core[0].prep == "at" and isinstance(core[0].value, NP) \
                and core[0].value.kind == "core" and core[0].value.det is None and not core[0].value.mods \
                and self.lex.noun_class.get(str(core[0].value.head)) == "stat" and core[1].kind == "np" \
                and core[1].value.kind == "amount" and isinstance(core[1].value.count, int) and core[1].value.det is None:
            stat = A.Stat(str(core[0].value.head), _cmp_of(core[1].value), core[1].value.count)
            ex.conditions.append(A.Condition("while", A.Clause(A.IsA(stat, A.Ref("SELF")))))
            ex.adverbs += advs
            return None
        # "On a 14+,", "On a roll of 14 or more,": the die result, what "If the roll is 14 or more," says
        result = _die_result(core)
        if result is not None:
            ex.conditions.append(A.Condition("if", A.Clause(A.IsA(result, A.Selector("roll", "the")))))
            ex.adverbs += advs
            return None
        # "Any time during your turn,"
        if core and core[0].kind == "np" and core[0].value.head == "time" and core[0].value.det == "any":
            core = core[1:]
        # "Staying within this body of water,"
        if core and core[0].kind == "gerund":
            sc = SClause([], VGroup(core[0].value, "ing"), core[1:])
            ex.conditions.append(A.Condition("while", self.clause(sc, None)))
            ex.adverbs += advs
            return None
        b = _Builder(self, ex)
        for a in advs:
            b.adverb(a)
        b.run(core, None)
        if b.current is not None and core and core[0].kind == "np" and not ex.this_turn and ex.scope is None \
                and ex.limit is None:
            raise MeaningError("a noun phrase before the clause", core[0].start)
        if ex.this_turn and ex.duration is None:
            ex.duration = A.Duration("this_turn")
            ex.this_turn = False
        return None

    def trigger(self, core: list[Chunk], advs: list[str]) -> A.Trigger | None:
        first = core[0]
        upon = self.upon_trigger(core)
        if upon is not None:
            return upon
        timed = self.time_trigger(core)
        if timed is not None:
            return timed
        if first.kind == "sub" and first.prep in _TRIGGER_SUBS and len(core) == 1:
            kind = first.prep
            if kind == "after" and "immediately" in advs:
                kind = "immediately_after"
            extra = getattr(first, "extra", None)
            event = None
            if extra is not None and not first.value.chunks and extra[1].chunks and extra[1].chunks[0].kind == "np":
                # "enters or leaves this site", "attacks and kills an enemy": a bare verb shares the object
                shared = SClause(first.value.subject, first.value.vgroup, [extra[1].chunks[0]], first.value.start,
                                 first.value.end)
                try:
                    event = self.clause(shared, None)
                except MeaningError:
                    event = None
            if event is None:
                event = self.clause(first.value, None)
            scope = event.scope
            event = A.replace(event, scope=None)
            if extra is not None:
                second = self.clause(extra[1], self.clause_subject_of(first.value, event))
                if second.scope is not None:
                    scope = second.scope
                    second = A.replace(second, scope=None)
                last = second
            else:
                last = event
            if any(isinstance(a, A.Adjunct) and a.prep == "for" and _first_time(a.what) for a in last.adjuncts):
                last = A.replace(last, adjuncts=tuple(a for a in last.adjuncts if not (
                    isinstance(a, A.Adjunct) and a.prep == "for" and _first_time(a.what))))
                kind = "first_time"
            if extra is not None:
                event = A.Group((event, last), _link(extra[0]) if _link(extra[0]) == "or" else "and")
            else:
                event = last
            if kind == "first_time" and scope is None and isinstance(event, A.Clause) and _in_turns(event.duration):
                # "The first time you cast a spell during your turn": the first time in each such turn (the
                # turns it counts in, as "each turn" does), not a duration of the event
                scope, event = event.duration.turn, A.replace(event, duration=None)
            return A.Trigger(kind, _one_event_each(event), scope=scope)
        if first.kind == "pp" and first.prep == "after" and len(core) == 1:
            turn = _turn_of(first.value)
            if turn is not None:
                return A.Trigger("after_turn", turn=turn)
        return None

    def time_trigger(self, core: list[Chunk]) -> A.Trigger | None:
        """A moment of a turn written before a clause: ``At the start of your turn`` (``at`` a phase of a
        turn), and the same said as an event of the turn, ``When your next turn begins`` / ``... starts``
        (a turn beginning is its start phase, Codex "Start Phase").
        None for any other phrase."""
        first = core[0]
        if first.kind == "pp" and first.prep == "at" and _phase_np(first.value):
            phase = _phase_word(first.value)
            rest = core[1:]
            # "At the start and end of your turn"
            if rest and rest[0].kind == "conj" and len(rest) >= 2 and rest[1].kind == "np" and _phase_np(rest[1].value):
                phase = f"{phase}_and_{_phase_word(rest[1].value)}"
                rest = rest[2:]
            if len(rest) == 1 and rest[0].kind == "pp" and rest[0].prep == "of":
                turn = _turn_of(rest[0].value)
                if turn is not None:
                    return A.Trigger("at", phase=phase, turn=turn)
        if len(core) == 1 and first.kind == "sub" and first.prep in ("when", "as") \
                and getattr(first, "extra", None) is None:
            sc: SClause = first.value
            vg = sc.vgroup
            phase = _TURN_EVENT_PHASE.get(vg.lemma) if vg is not None else None
            if phase is not None and vg is not None and not sc.chunks and not vg.negated and vg.modal is None \
                    and not vg.perfect and len(sc.subject) == 1 and sc.subject[0].kind == "np":
                turn = _turn_of(sc.subject[0].value)
                if turn is not None:
                    return A.Trigger("at", phase=phase, turn=turn)
        return None

    def upon_trigger(self, core: list[Chunk]) -> A.Trigger | None:
        """Triggers in other words than "When": "Upon entering the realm," / "On attacking," (the card
        itself does it: "When this enters the realm"), "Upon death," / "Upon this minion's death,"
        ("When this dies", "When this minion dies"), "As this minion enters the realm," (read as a
        trigger on its entering: a simplification of a replacement effect, docs/cardtext.md), "As this
        minion attacks," (read as a trigger on its attacking, the same simplification). None for
        any other fronted phrase ("On your turn," is a time)."""
        first = core[0]
        if first.kind == "sub" and first.prep == "as" and len(core) == 1 and getattr(first, "extra", None) is None:
            try:
                event = self.clause(first.value, None)
            except MeaningError:
                return None
            act = event.action
            if isinstance(act, A.Enter) and _the_realm(act.dest) and act.patient is not None and not event.negated \
                    and event.modal is None:
                return A.Trigger("when", event)
            if isinstance(act, A.Attack) and act.agent is not None and not event.negated and event.modal is None \
                    and not event.conditions and event.tense is None:
                # "As this minion attacks, ...": read as "When this minion attacks" (the same simplification)
                return A.Trigger("when", event)
            return None
        if first.kind == "pp_gerund" and first.prep == "on":
            me = NP("self", first.start, first.start, head="SELF")
            sc = SClause([Chunk("np", me, first.start, first.start)], VGroup(first.value, "third", start=first.start,
                         end=first.end), core[1:], first.start, core[-1].end)
            try:
                return A.Trigger("when", self.clause(sc, None))
            except MeaningError:
                return None
        if len(core) == 1 and first.kind == "pp" and first.prep == "on" and isinstance(first.value, NP) \
                and first.value.kind == "core" and first.value.head == "death" and not first.value.mods \
                and first.value.count is None:
            det = first.value.det
            if det is None:
                whose: Any = A.Ref("SELF")
            elif isinstance(det, NP):
                whose = self.node(det)
            else:
                return None
            return A.Trigger("when", A.Clause(A.Die(patient=whose)))
        return None

    # ---- abilities
    def sentence(self, parts: dict[str, Any], span: A.Span) -> A.Sentence:
        ex: _Extras = parts["ex"]
        clauses = parts["clauses"]
        if len(clauses) == 1 and isinstance(clauses[0], A.Clause) and len(clauses[0].conditions) == 1 \
                and clauses[0].conditions[0].kind == "additional_cost" and not ex.conditions:
            # "Casting this spell also costs 3 life" (`extra_cost`): the sentence's condition, as the fronted
            # "As an additional cost to cast this spell," is
            ex.conditions.append(clauses[0].conditions[0])
            parts = dict(parts, clauses=[A.replace(clauses[0], conditions=())])
        adjuncts = []
        for a in ex.adjuncts:
            if isinstance(a, tuple) and a[0] == "adjunct":
                adjuncts.append(A.Adjunct(a[1], self.phrase(a[2])))
            elif isinstance(a, tuple) and a[0] == "gerund":
                adjuncts.append(A.Adjunct("while", a[1]))
            else:
                adjuncts.append(a)
        if ex.purpose is not None:
            parts = dict(parts, clauses=_fronted_purpose(parts["clauses"], ex.purpose))
        if adjuncts and len(parts["clauses"]) == 1:
            clause, adjuncts = self._fronted_argument(parts["clauses"][0], adjuncts)
            parts = dict(parts, clauses=[clause])
        if ex.scope is not None and ex.limit is None and parts["clauses"]:
            parts = self._fronted_each_turn(parts, ex)
        per = self._per(ex.per)
        duration = ex.duration
        return A.Sentence(tuple(parts["clauses"]), tuple(parts["links"]), tuple(ex.conditions), duration, per,
                          ex.limit, tuple(ex.adverbs), tuple(adjuncts), span, parts.get("delay"))

    def _fronted_argument(self, clause: Any, adjuncts: list[Any]) -> tuple[Any, list[Any]]:
        """A fronted prepositional phrase that is an argument of the sentence's one verb (``To each enemy
        here, deal 1 damage``: English topicalises the object of "to" before the clause): it fills the
        role the preposition takes in a sense of a verb mapping to the clause's primitive, when that role
        is empty; other fronted phrases stay adjuncts."""
        if not isinstance(clause, A.Clause) or not isinstance(clause.action, A.Node):
            return clause, adjuncts
        action = clause.action
        prim = type(action).__name__
        fields = {name for name, _ in A.node_fields(type(action))}
        kept = []
        for a in adjuncts:
            role = None
            if isinstance(a, A.Adjunct) and isinstance(a.what, (A.Selector, A.Ref)):
                roles = {s.roles.get(a.prep) for senses in self.lex.verbs.values() for s in senses
                         if s.primitive == prim and a.prep in s.roles}
                role = roles.pop() if len(roles) == 1 else None
            if role in fields and getattr(action, role) is None:
                action = A.replace(action, **{role: a.what})
            else:
                kept.append(a)
        return A.replace(clause, action=action), kept

    def _fronted_each_turn(self, parts: dict[str, Any], ex: "_Extras") -> dict[str, Any]:
        """A fronted "Each turn," before a sentence that is no trigger is a limit per turn, which it
        had scoped nothing (exec35): "Each turn, the first minion you summon costs (1) less" restricts
        the ordinal's relative clause, as "the first minion you summon each turn" does (`_first_each_turn`);
        a permission is given once in each turn, "Each turn, you may play an additional site" read as
        "Once per turn, ..." (`Limit(1, Turn(each))`). Another sentence ("Each turn, you gain 1 life")
        names no moment it happens at: the phrase stays unread and the guard reports it."""
        scope = ex.scope
        if not (isinstance(scope, A.Turn) and scope.whose == "each" and scope.which is None and scope.owner is None):
            return parts
        clauses = list(parts["clauses"])
        moved = _first_each_turn(clauses[0], scope)
        ex.scope = None
        if moved is not None:
            clauses[0] = moved
            return dict(parts, clauses=clauses)
        if all(isinstance(c, A.Clause) and c.modal in ("may", "can") and not c.negated for c in clauses):
            ex.limit = A.Limit(1, scope)     # a permission once in each turn
            return parts
        ex.scope = scope       # "Each turn, you gain 1 life": no moment named; the guard reports it
        return parts

    def keyword_line(self, segs: list[Any], span: A.Span) -> A.KeywordLine:
        # a sentence with no main clause that is no keyword line most often swallowed a comma into a
        # list or a subordinate clause: the search revisits the first list comma
        self.no_clause_at = _first_list_comma(segs)
        items: list[Any] = []
        for kind, content, _sep in segs:
            if kind != "adjunct":
                raise MeaningError("a keyword line with a clause")
            for c in content:
                if c.kind in ("lc", "conj"):
                    continue
                if c.kind != "np":
                    raise MeaningError("not a keyword", self.no_clause_at)
                np = c.value
                if np.kind == "keyword":
                    items.append(_keyword(np))
                elif np.kind == "core" and np.head_cat == "NAME" and np.head in self.lex.keywords and np.det is None \
                        and all(m.lower() in ("air", "earth", "fire", "water") or m.lower().startswith("non-") for m in np.mods):
                    items.append(A.Keyword(str(np.head).lower(), np.mods[0].lower() if np.mods else None))
                else:
                    # a name read where a verb was meant ("Swap the location of ..." on the card Swap): the
                    # search revisits that word's reading
                    named = np.kind == "self" or (np.kind == "core" and np.head_cat == "NAME")
                    at = c.start if self.no_clause_at is None and named else self.no_clause_at
                    raise MeaningError(f"{np.head!r} is not a keyword", at, str(np.head))
        if not items:
            raise MeaningError("an empty sentence")
        return A.KeywordLine(tuple(items), span)


def _first_list_comma(segs: list[Any]) -> int | None:
    """Where the first list comma of a sentence's segments is (None: there is none)."""
    commas = [c.start for _k, content, _s in segs if isinstance(content, list) for c in _walk_chunks(content)
              if c.kind == "lc"]
    return commas[0] if commas else None


#: Prepositions whose phrase after a place picks it out (``sites in this body of water``).
_PLACE_MODIFIER_PREPS = frozenset({"in", "at", "atop", "of", "within", "adjacent_to"})


def _object_role_of_pp(r: "_Sentences", lemma: str, next_lemma: str, prep: str) -> bool:
    """Whether ``lemma``'s object plays the role a ``prep`` phrase plays for ``next_lemma`` (``enter``'s
    object and ``move``'s ``between`` phrase are both the destination); never an agent or a patient."""
    objects = {s.roles["object"] for s in r.lex.verbs.get(lemma) or [] if "object" in s.roles}
    via = {s.roles[prep] for s in r.lex.verbs.get(next_lemma) or [] if prep in s.roles}
    return bool(objects & via - {"agent", "patient"})


def _aside_then_complement(segs: list[Any], r: "_Sentences") -> list[Any]:
    """``deals damage equal to half its power, rounded up, to each enemy``: a phrase of adverbs set off
    by commas (an aside) does not end the clause: a prepositional phrase after it that the verb has a
    role for (``to`` of ``deal``) is still the verb's complement, as it is without the aside; the aside
    stays an adverb of the clause (exec29, found by blind ruling round 28)."""
    out = list(segs)
    i = 0
    while i + 2 < len(out):
        kind, sc, _sep = out[i]
        akind, aside, asep = out[i + 1]
        pkind, tail, psep = out[i + 2]
        if kind == "clause" and akind == "adjunct" and pkind == "adjunct" and asep == "," and psep == "," \
                and aside and all(c.kind == "adv" for c in aside) and tail and tail[0].kind == "pp" \
                and sc.vgroup is not None and not sc.vgroup.copula \
                and any(tail[0].prep in s.roles for s in r.lex.verbs.get(sc.vgroup.lemma) or []):
            out[i] = (kind, SClause(sc.subject, sc.vgroup, sc.chunks + tail, sc.start, tail[-1].end, sc.gap,
                                    sc.caused), _sep)
            del out[i + 2]
        i += 1
    return out


def _share_objects(segs: list[Any], r: "_Sentences") -> list[Any]:
    """``Play or draw a site``, ``Reveal and play your topmost site``: a bare transitive verb joined by
    ``and``/``or`` to a clause with an object shares that object (the first noun phrase); so does the
    verb of a fronted subordinate clause (``Whenever a unit enters or moves between sites in X``)."""
    out = list(segs)
    for i in range(len(out) - 1):
        kind, sc, sep = out[i]
        nkind, nsc, nsep = out[i + 1]
        if nkind != "clause" or nsep is None or nsep.startswith(",") or nsep not in ("and", "or", "and_or") or nsc.subject:
            continue
        if kind == "clause":
            shared = _shared_object(sc, nsc, r)
            if shared is not None:
                out[i] = (kind, SClause(sc.subject, sc.vgroup, shared, sc.start, sc.end), sep)
        elif kind == "adjunct" and sc and sc[-1].kind == "sub" and isinstance(sc[-1].value, SClause):
            sub, inner = sc[-1], sc[-1].value
            shared = _shared_object(inner, nsc, r)
            if shared is not None:
                inner = SClause(inner.subject, inner.vgroup, shared, inner.start, inner.end, inner.gap)
                out[i] = (kind, sc[:-1] + [Chunk("sub", inner, sub.start, sub.end, sub.prep, sub.text)], sep)
    return out


def _shared_object(sc: SClause, nsc: SClause, r: "_Sentences") -> list[Chunk] | None:
    """The chunks a bare verb (``sc``, no complements) joined to the next clause ``nsc`` shares as its
    object, or None."""
    if sc.chunks or sc.vgroup is None or sc.vgroup.copula or not nsc.chunks:
        return None
    senses = r.lex.verbs.get(sc.vgroup.lemma) or []
    if not any("object" in s.roles for s in senses):
        return None
    first = nsc.chunks[0]
    if first.kind == "pp" and nsc.vgroup is not None and _object_role_of_pp(r, sc.vgroup.lemma, nsc.vgroup.lemma, first.prep):
        # "enters or moves between sites in X": the first verb's object is the place the second's
        # phrase names, when its object plays the role that phrase plays for the second verb
        shared = [Chunk("np", first.value, first.start, first.end, "", first.text)]
        for c in nsc.chunks[1:]:   # the place's own modifiers ("in this body of water") go with it
            if c.kind != "place" and not (c.kind == "pp" and c.prep in _PLACE_MODIFIER_PREPS):
                break
            shared.append(c)
        return shared
    if first.kind != "np":
        return None
    if nsc.vgroup is not None and _same_primitive(r, sc.vgroup.lemma, nsc.vgroup.lemma):
        # "burrow and/or unburrow any combination of artifacts and minions at this site": two verbs of
        # one action (its opposites) take the same roles, so the first shares all the second's complements
        return list(nsc.chunks)
    shared = [first]
    for c in nsc.chunks[1:]:  # a place word after the object picks it out for both verbs ("... each minion here")
        if c.kind != "place":
            break
        shared.append(c)
    return shared


def _adverb_word(lex: Any, word: str) -> bool:
    """Whether the lexicon reads ``word`` as an adverb or a place word (``up``, ``away``, ``along``),
    not only as a preposition."""
    return any(r.cat in ("ADV", "PLACE") for c in lex.single.get(word, ()) for r in c.readings)


def _fronted_purpose(clauses: list[Any], purpose: A.Clause) -> list[Any]:
    """A fronted infinitive of purpose (``To draw a spell, you may sacrifice a minion``) is the purpose
    of the clause it opens, as written after the verb (``... sacrifice a minion to draw a spell``): the
    clause is done for it. Over several clauses (``To X, do Y and Z``) it could serve the last or all of
    them: no reading is taken, the sentence fails (named as not read), as it does when the clause has
    a purpose of its own already."""
    if len(clauses) != 1 or not isinstance(clauses[0], A.Clause) or clauses[0].purpose is not None:
        raise MeaningError("a fronted infinitive of purpose over several clauses, or a clause with a purpose already")
    return [A.replace(clauses[0], purpose=purpose)]


def _continues_purpose(sc: SClause, sep: str | None) -> bool:
    """Whether a clause after one ending with an infinitive of purpose continues that infinitive: a bare
    verb with no subject, modal or negation, joined by ``and`` or ``and then`` with no comma."""
    vg = sc.vgroup
    return not sc.subject and vg is not None and vg.form == "base" and not (vg.modal or vg.negated or vg.copula
                                                                          or vg.perfect) \
        and sep is not None and "," not in sep and _link(sep) in ("and", "then")


def _bare(clause: A.Clause) -> bool:
    """A clause that is its action alone (no condition, time, modal...): it may join another's verbs."""
    return clause == A.Clause(clause.action)


def _same_primitive(r: "_Sentences", a: str, b: str) -> bool:
    """Whether two verbs are one typed action (``tap``/``untap``, ``burrow``/``unburrow``): every sense
    of each names the same primitive."""
    prims = {s.primitive for lemma in (a, b) for s in r.lex.verbs.get(lemma) or []}
    return len(prims) == 1 and None not in prims


def _conditions_with_two_clauses(segs: list[Any]) -> list[Any]:
    """``If bearer is a minion and would die, ...``: a subjectless clause joined by ``and``/``or`` to a
    fronted subordinate clause, and followed by a comma, continues that subordinate clause (its subject
    is the subordinate clause's)."""
    out = list(segs)
    i = 0
    while i + 2 < len(out) or (i + 1 < len(out)):
        if i + 1 >= len(out):
            break
        kind, content, sep = out[i]
        nkind, nsc, nsep = out[i + 1]
        after = out[i + 2][2] if i + 2 < len(out) else None
        if kind == "adjunct" and content and content[-1].kind == "sub" and nkind == "clause" \
                and (not nsc.subject or content[-1].prep in _SHARED_SUBS) \
                and (nsep in ("and", "or") or nsep == "but" and not nsc.subject) and after is not None \
                and after.startswith(","):
            # ("Whenever this minion takes damage but survives, ...": "but" joins as "and" does)
            sub = content[-1]
            inner: SClause = sub.value
            merged = Chunk("sub", inner, sub.start, nsc.end, sub.prep)
            merged.extra = (nsep, nsc)  # type: ignore[attr-defined]
            out[i] = ("adjunct", content[:-1] + [merged], sep)
            del out[i + 1]
            continue
        # "Has +1 power while here and no enemy is nearby": a state with a subject of its own joined by a
        # bare "and" to a trailing condition is a second condition (a state is no effect; a comma before
        # "and" would end the condition: "..., and its controller loses 1 life")
        if kind == "clause" and nkind == "clause" and content.chunks and content.chunks[-1].kind == "sub" \
                and content.chunks[-1].prep in _SHARED_SUBS and nsep in ("and", "or") and nsc.subject \
                and not _ends_with_comma(content.chunks[-1]) \
                and nsc.vgroup is not None and _stative(nsc.vgroup) \
                and (after is None or after.startswith(",")):
            _join_into_last_sub(out, i, content, nsep, nsc, sep)
            continue
        # "Untap X whenever he attacks and kills an enemy": after an imperative ending in a subordinate
        # clause, a subjectless third-person verb cannot be another imperative: it continues that clause
        if kind == "clause" and nkind == "clause" and content.chunks and content.chunks[-1].kind == "sub" \
                and not content.subject and content.vgroup is not None and content.vgroup.form == "base" \
                and not content.vgroup.modal and not nsc.subject and nsc.vgroup is not None \
                and nsc.vgroup.form == "third" and nsep in ("and", "or"):
            _join_into_last_sub(out, i, content, nsep, nsc, sep)
            continue
        i += 1
    return out


def _join_into_last_sub(out: list[Any], i: int, content: SClause, nsep: str, nsc: SClause,
                        sep: Any) -> None:
    """Make the clause after ``out[i]`` (``nsc``, joined by ``nsep``) part of that clause's
    last subordinate clause, in place: the two segments become one."""
    sub = content.chunks[-1]
    merged = Chunk("sub", sub.value, sub.start, nsc.end, sub.prep)
    merged.extra = (nsep, nsc)  # type: ignore[attr-defined]
    out[i] = ("clause", SClause(content.subject, content.vgroup, content.chunks[:-1] + [merged],
                                content.start, nsc.end, content.gap), sep)
    del out[i + 1]


def _ends_with_comma(sub: Chunk) -> bool:
    """Whether a subordinate clause's last chunk is a comma (read as a list comma inside it)."""
    inner = sub.value.chunks if isinstance(sub.value, SClause) else []
    return bool(inner) and inner[-1].kind == "lc"


def _walk_chunks(chunks: list[Chunk]):
    """Every chunk, those inside subordinate and relative clauses included."""
    for c in chunks:
        yield c
        if isinstance(c.value, SClause):
            yield from _walk_chunks(c.value.subject)
            yield from _walk_chunks(c.value.chunks)


def _number(subject: list[Chunk]) -> str | None:
    """``sg``/``pl`` when a subject's number is plain: one noun phrase headed by a common noun, a known
    name (a card, subtype or token: not an unknown capitalised word, whose number is unknown) or a
    personal pronoun. None for lists, this card's own name (``Vanguard Knights have``) and the rest."""
    nps = [c.value for c in subject if c.kind == "np"]
    conjs = {c.value for c in subject if c.kind == "conj"}
    if len(nps) > 1 and conjs == {"and"} and all(c.kind in ("np", "lc", "conj") for c in subject) \
            and nps[0].det not in ("each", "every"):
        return "pl"     # "target minion and this swap places": two things joined by "and" are plural
    if len(nps) != 1 or any(c.kind in ("lc", "conj") for c in subject):
        return None
    np = nps[0]
    if np.kind == "pron":
        return {"it": "sg", "he": "sg", "she": "sg", "they": "pl", "you": "pl", "we": "pl"}.get(str(np.head))
    if np.kind != "core" or (np.count not in (None, 1)) or np.det in ("all", "these", "those", "both"):
        return "pl" if np.kind == "core" and np.det in ("all", "these", "those", "both") else None
    if np.head_cat == "NOUN" or (np.head_cat == "NAME" and np.entry in ("name:card", "name:subtype", "name:token")):
        return np.number
    return None


def _inherits(subject: Any, sc: SClause, sep: str | None) -> bool:
    """Whether a clause with no subject of its own continues the previous clause's subject. A bare verb
    that does not agree with it (``Target unit gains +2 power, then draw a card``), or any bare verb after
    ``then`` when the subject is not the player (``Your minions gain +2 power, then draw a card``), is an
    imperative instead."""
    if subject is None or sc.subject or sc.vgroup is None or sc.vgroup.form != "base" or sc.vgroup.modal:
        return True
    plural = isinstance(subject, A.Ref) and subject.word in ("you", "they", "we") or (
        isinstance(subject, A.Selector) and subject.plural) or (isinstance(subject, A.Group) and subject.conj == "and")
    if not plural:
        return False
    return not (sep and "then" in sep and not (isinstance(subject, A.Ref) and subject.word == "you"))


#: Verbs that make another do something: "have/make/let X <verb>".
_CAUSATIVE = frozenset({"have", "make", "let"})


def _caused_clause(sc: SClause) -> SClause | None:
    """``have you gain 1 life``: a causative verb with no subject of its own whose only complement is a
    clause with its own subject and a bare verb (read as a reduced relative clause with no noun before
    it) means that clause; None otherwise."""
    if sc.vgroup is None or sc.vgroup.lemma not in _CAUSATIVE or sc.vgroup.negated or sc.vgroup.form != "base" \
            or len(sc.chunks) != 1 or sc.chunks[0].kind != "rel" or sc.chunks[0].prep:
        return None
    if sc.subject and not (len(sc.subject) == 1 and sc.subject[0].kind == "np"
                           and isinstance(sc.subject[0].value, NP) and sc.subject[0].value.kind == "pron"
                           and sc.subject[0].value.head == "you"):
        return None   # "you may have it deal 2 damage": only the controller causes; the caused clause is what happens
    if sc.vgroup.modal not in (None, "may"):
        return None
    inner = sc.chunks[0].value
    if not isinstance(inner, SClause) or inner.vgroup is None or inner.vgroup.form != "base" or inner.vgroup.modal \
            or not inner.subject:
        return None
    vg = inner.vgroup
    if sc.vgroup.modal:   # "you may have it deal ...": the choice stays the controller's, on what is caused
        vg = replace(vg, modal=sc.vgroup.modal)
    return SClause(inner.subject, vg, inner.chunks, inner.start, inner.end, caused=True)


def _colon_options(segs: list[Any]) -> list[Any]:
    """``gains a random mutation: Airborne, Ranged, or +3 power``: a list after a colon names the options
    an indefinite object stands for (``a`` or ``a random`` and a noun), so the list is the object, one of
    its items (picked ``at random`` when the object says so), as ``gains Airborne, Ranged, or +3 power at
    random`` reads. ``Choose one: A, B`` keeps its own reading (an amount, not a noun)."""
    out = list(segs)
    for i in range(len(out) - 1, 0, -1):
        kind, content, sep = out[i]
        pkind, prev, psep = out[i - 1]
        if kind != "adjunct" or sep != ":" or not _options(content) or pkind != "clause" or prev.vgroup is None:
            continue
        k = next((j for j, c in enumerate(prev.chunks) if c.kind == "np" and isinstance(c.value, NP)
                  and c.value.kind == "core" and c.value.det in ("a", "an") and set(c.value.mods) <= {"random"}
                  and not c.value.places and c.value.count is None), None)
        if k is None:
            continue
        obj = prev.chunks[k]
        chunks = prev.chunks[:k] + list(content) + prev.chunks[k + 1:]
        if "random" in obj.value.mods:
            chunks.append(Chunk("adv", "at_random", obj.start, obj.end, text="at random"))
        out[i - 1] = (pkind, SClause(prev.subject, prev.vgroup, chunks, prev.start, content[-1].end, prev.gap), psep)
        del out[i]
    return out


def _options(chunks: list[Chunk]) -> bool:
    """Whether a segment is only a list of noun phrases (the options of a choice)."""
    return bool(chunks) and all(c.kind in ("np", "lc", "conj") for c in chunks) and chunks[0].kind == "np"


def _serial_links(links: list[str]) -> list[str]:
    """Bare commas between clauses are ``and``, except in a list of clauses ending in ``or`` (``A, B,
    or C``), where they are ``or`` too."""
    out = list(links)
    nxt = "and"
    for i in range(len(out) - 1, -1, -1):
        if out[i] == ",":
            out[i] = nxt
        else:
            nxt = "or" if out[i] == "or" else "and"
    return out


def _as_much(a: Any) -> bool:
    """The "as much damage" of "twice as much damage" (a builder adjunct or a node)."""
    if isinstance(a, tuple) and len(a) == 3 and a[0] == "adjunct" and a[1] == "as":
        items = getattr(a[2], "items", [])
        np = items[0].np if len(items) == 1 else None
        return np is not None and str(np.head) == "damage" and list(np.mods) == ["much"] and np.det is None \
            and np.count is None and not items[0].posts
    return False


def _as_much_damage(ex: Any) -> bool:
    return sum(_as_much(a) for a in ex.adjuncts) == 1


def _damage_that_would(subject: Any) -> Any:
    """"(All) damage that would be dealt to X", "damage dealt to X": X, the one the damage was headed
    for; None for any other subject (a dealer, an amount named, a kind of damage keep the ordinary
    passive)."""
    if not (isinstance(subject, A.Selector) and subject.noun == "damage" and subject.det in (None, "all")
            and not subject.mods and subject.count is None and len(subject.filters) == 1
            and isinstance(subject.filters[0], A.Relative)):
        return None
    clause = subject.filters[0].clause
    act = getattr(clause, "action", None)
    if not (isinstance(clause, A.Clause) and clause.modal in ("would", None) and not clause.negated
            and isinstance(act, A.Damage) and act.agent is None and act.kind is None and act.patient is not None
            and not clause.conditions and not clause.adjuncts and not clause.adverbs and clause.duration is None):
        return None
    return act.patient


def _passive_participle(sc: SClause) -> bool:
    return bool(sc.vgroup is not None and sc.vgroup.copula and sc.chunks and sc.chunks[0].kind == "part")


def _participles_only(chunks: list[Chunk]) -> bool:
    parts = [c for c in chunks if c.kind == "part"]
    return bool(parts) and chunks[0].kind in ("part", "conj", "lc") and all(
        c.kind in ("part", "conj", "lc", "pp", "place") or (c.kind == "np" and c is chunks[-1] and _time_np(c.value))
        for c in chunks)


def _one_event_each(event: Any) -> Any:
    """"Whenever a unit is pushed or teleported": one clause whose action is a list of passive verbs of
    one subject is, as a trigger's event, a list of clauses (each event heard alone, as "dies or is
    banished" is), everything else about the clause shared."""
    if not isinstance(event, A.Clause) or not isinstance(event.action, A.Group):
        return event
    return A.Group(tuple(A.replace(event, action=a) for a in event.action.items), event.action.conj)


def _more_in_sub(chunks: list[Chunk], content: list[Chunk], sep: str | None) -> list[Chunk] | None:
    """``chunks`` (a fronted phrase ending in a passive subordinate clause, ``Whenever a unit is pushed``)
    with ``content`` (``, teleported``) added to that clause after its separator; None if it does not end so."""
    sub = chunks[-1] if chunks else None
    if sub is None or sub.kind != "sub" or not isinstance(sub.value, SClause) or not _passive_participle(sub.value) \
            or sep is None or _link(sep) not in (",", "or", "and"):
        return None
    inner: SClause = sub.value
    joint = [Chunk("lc", ",", content[0].start, content[0].start, text=",")] if sep.startswith(",") else []
    if _link(sep) in ("or", "and"):
        joint.append(Chunk("conj", _link(sep), content[0].start, content[0].start, text=_link(sep)))
    more = SClause(inner.subject, inner.vgroup, inner.chunks + joint + content, inner.start, content[-1].end, inner.gap)
    merged = Chunk("sub", more, sub.start, content[-1].end, sub.prep, sub.text)
    extra = getattr(sub, "extra", None)
    if extra is not None:
        return None
    return chunks[:-1] + [merged]


def _participle_list_at(rest: list[Chunk]) -> int | None:
    """Where, after a passive participle, a list of more participles starts (``pushed or teleported``:
    the ``or``), when everything from there is participles and what may follow them; else None."""
    for k, c in enumerate(rest):
        if c.kind in ("lc", "conj") and k + 1 < len(rest) and rest[k + 1].kind == "part":
            return k if _participles_only(rest[k:]) else None
        if c.kind in ("lc", "conj", "sub", "rel"):
            return None
    return None


def _time_np(np: Any) -> bool:
    """``this turn``: a time written as a bare noun phrase."""
    return isinstance(np, NP) and np.kind == "core" and np.head == "turn" and np.det == "this" and not np.mods


def _shares_modal(prev: A.Clause, prev_sc: SClause, sc: SClause, sep: str | None) -> bool:
    """A subjectless bare verb joined by ``and``/``or`` to a clause with a modal or negation shares them.
    A negated copula does not: ``aren't water sites, and provide no threshold`` negates the first only
    (``be`` takes a predicate, not a verb)."""
    if not (prev.modal or prev.negated) or sc.subject or sc.vgroup is None:
        return False
    if prev_sc.vgroup is not None and prev_sc.vgroup.copula and not prev.modal:
        return False
    vg = sc.vgroup
    if vg.modal or vg.copula or vg.perfect or vg.negated or vg.form not in ("base",):
        return False
    return sep in ("and", "or", "and_or", ", or")  # ", and" starts a clause of its own: "You may A, and B"


def self_threshold(reader: _Reader, t: Tree | None) -> list[str]:
    if t is None:
        return []
    return list(reader.tok(t.children[0]).reading.lemma)


def _link(sep: str | None) -> str:
    if sep is None:
        return "and"
    if sep == ":":
        return ":"
    if "then" in sep:
        return "then"
    if "or" in sep.split():
        return "or"
    if "and_or" in sep:
        return "and/or"
    if sep == ",":
        return ","
    return "and"


def _subject_of(clause: A.Clause) -> Any:
    """The subject a following subjectless clause inherits: the role the subject filled."""
    act = clause.action
    for role in ("agent", "patient"):
        v = getattr(act, role, None)
        if v is not None:
            return v
    if isinstance(act, A.Action):
        for role, v in act.roles:
            if role in ("agent", "patient"):
                return v
    return None


def _in_turns(duration: Any) -> bool:
    """``during your turn``, ``during each turn``: every turn of some player, no single one."""
    return isinstance(duration, A.Duration) and duration.kind == "during" and duration.turn is not None \
        and duration.turn.which is None and duration.turn.owner is None and duration.event is None \
        and duration.phase is None and duration.turn.whose not in (None, "the", "possessed")


def _the_realm(node: Any) -> bool:
    """``the realm`` (where a card enters play)."""
    return isinstance(node, A.Selector) and node.noun == "realm" and not node.mods and not node.filters


def _first_time(node: Any) -> bool:
    return isinstance(node, A.Selector) and node.noun == "time" and "first" in node.mods


# =========================================================================== entry points (parser.py)


def _interp(lx: Any) -> _Sentences:
    return _Sentences(L.load(), len(lx.sentence), lx.sentence)


def sentence_ability(tree: Tree, toks: list[Any], lx: Any) -> Any:
    """A sentence (no arrow) → a keyword line, a triggered ability or a statement."""
    r = _interp(lx)
    span = A.Span(0, len(lx.sentence))
    parts = r.parts(tree, toks, allow_trigger=True)
    threshold = parts["threshold"]
    if "keywords" in parts:
        return r.keyword_line(parts["keywords"], span)
    trigger = parts["trigger"]
    clauses = parts["clauses"]
    times = parts["times"]
    keywords = parts.get("fronted_keywords")
    if keywords:
        # "Charge, Can't attack sites": keywords and bare statements about this card on one line
        return A.KeywordLine(tuple(keywords) + tuple(clauses), span)
    if trigger is not None:
        parts = _trailing_delay(parts)      # "When X, return it to its owner's hand at the end of the turn"
    if trigger is None and len(clauses) == 1 and times and times[0] is not None and times[0][0] == "at":
        # a repeated effect at a time of turn: "Untaps at the end of your turn" is a triggered ability
        _, phase, turn = times[0]
        trigger = A.Trigger("at", phase=phase, turn=turn)
    if trigger is None and r.condition_time is not None and r.condition_time[0] == "at":
        _, phase, turn = r.condition_time
        trigger = A.Trigger("at", phase=phase, turn=turn)
    sentences = split_trailing_delay(r.sentence(parts, span), times)
    if trigger is not None:
        return A.Triggered(trigger, sentences, threshold, span)
    # a keyword line may hold bare statements: "Charge, Can't attack sites"
    return A.Statement(sentences, threshold, span)


def sentence_body(tree: Tree, toks: list[Any], lx: Any) -> A.Sentence:
    """The effect after an arrow: a sentence (a fronted ``When X`` is a condition here)."""
    r = _interp(lx)
    parts = r.parts(tree, toks, allow_trigger=False)
    if "keywords" in parts:
        # no main clause: most often a comma was read into a list or a subordinate clause (the search
        # revisits the first list comma)
        raise MeaningError("an arrow followed by keywords only", _first_list_comma(parts["keywords"]))
    sentences = split_trailing_delay(r.sentence(_trailing_delay(parts), A.Span(0, len(lx.sentence))),
                                     parts.get("times") or [])
    return sentences[0] if len(sentences) == 1 else sentences    # type: ignore[return-value]


def _first_each_turn(clause: Any, scope: A.Turn) -> Any:
    """The clause with ``scope`` put on the relative clause of its first role that is an ordinal
    selector ("the first minion you summon"), if it has one with no time of its own; else None."""
    if not isinstance(clause, A.Clause) or clause.action is None:
        return None
    act = clause.action
    for name, _default in A.node_fields(act):
        sel = getattr(act, name)
        if not isinstance(sel, A.Selector) or not any(m in ("first", "next") for m in sel.mods):
            continue
        for k, f in enumerate(sel.filters):
            if isinstance(f, A.Relative) and isinstance(f.clause, A.Clause) and f.clause.scope is None:
                filters = sel.filters[:k] + (A.Relative(A.replace(f.clause, scope=scope)),) + sel.filters[k + 1:]
                return A.replace(clause, action=A.replace(act, **{name: A.replace(sel, filters=filters)}))
        return None
    return None


def split_trailing_delay(sentence: A.Sentence, times: list[Any]) -> tuple[A.Sentence, ...]:
    """Coordinated clauses whose last one ends with a time of a turn ("Banish target minion and return
    it at the start of your next turn"): the time is that clause's alone (the nearest it can modify), so
    the clauses before it happen as the effect resolves and the last is a sentence of its own with the
    time as its ``delay`` ("Banish target minion. At the start of your next turn, return it."). Only
    when nothing else scopes the whole sentence (a fronted condition, duration, limit...: one time
    split from them would change what they cover) and the clauses are joined by "and"/"then"; otherwise
    the sentence is returned unchanged and the guard against dropped phrases reports the time."""
    clauses = sentence.clauses
    if len(clauses) < 2 or len(times) != len(clauses) or sentence.delay is not None or any(times[:-1]) \
            or times[-1] is None or times[-1][0] != "at" or sentence.links[-1] not in ("and", "then") \
            or sentence.conditions or sentence.duration or sentence.per or sentence.limit or sentence.adverbs \
            or sentence.adjuncts:
        return (sentence,)
    _, phase, turn = times[-1]
    first = A.replace(sentence, clauses=clauses[:-1], links=sentence.links[:-1])
    later = A.Sentence(clauses[-1:], span=sentence.span, delay=A.Trigger("at", phase=phase, turn=turn))
    return (first, later)


def _trailing_delay(parts: dict[str, Any]) -> dict[str, Any]:
    """An effect whose only clause ends with a time of a turn ("Return this minion to its owner's hand
    at the end of this turn") happens then, not as the effect resolves: the sentence's ``delay``, as
    the same time written first is. (On a card's own line with no trigger the time is the trigger of a
    repeated effect instead, `sentence_ability`.)"""
    times = parts.get("times") or []
    if parts.get("delay") is not None or len(parts["clauses"]) != 1 or len(times) != 1 or times[0] is None \
            or times[0][0] != "at":
        return parts
    _, phase, turn = times[0]
    return dict(parts, delay=A.Trigger("at", phase=phase, turn=turn))




_STATELESS_CLASSES = frozenset({"stat", "abstract", "time", "zone"})


def _has_states(node: Any, r: Any) -> bool:
    """Whether ``node`` names things a state can hold (units, cards, sites, edges, players, a name, a
    pronoun for one; a noun the lexicon does not know is taken for a thing, as a newer set's nouns
    mostly are), not an amount, a deed, a time or a zone ("all healing is halved" is arithmetic, not a
    state)."""
    if isinstance(node, A.Group):
        return all(_has_states(i, r) for i in node.items)
    if isinstance(node, A.Ref):
        return node.word in ("SELF", "it", "they", "them", "this", "he", "she", "which") and not node.filters
    if isinstance(node, A.Selector):
        return r.lex.noun_class.get(node.noun) not in _STATELESS_CLASSES
    return False


def _die_result(core: list[Chunk]) -> Any:
    """The die result a fronted phrase names: "On a 14+," / "On 14 or more," (a number after "on" is what
    a die shows: no other count stands after it alone) and "On a roll of 14 or more,"; the result as
    a stat of the roll (``If the roll is 14 or more`` reads the same). None if the phrase is none."""
    if not core or core[0].kind != "pp" or core[0].prep != "on" or not isinstance(core[0].value, NP):
        return None
    np, rest = core[0].value, core[1:]
    if np.kind == "core" and np.head == "roll" and np.det in ("a", "the") and not np.mods and len(rest) == 1 \
            and rest[0].kind == "pp" and rest[0].prep == "of" and isinstance(rest[0].value, NP):
        np, rest = rest[0].value, []      # "On a roll of 14 or more"
    return None if rest else _roll_result(np)


def _roll_result(np: NP) -> Any:
    """What the roll is when a die shows ``np`` ("a 14+", "14 or more", "a 6"): a stat of the roll for a
    threshold, the bare number for one face (what "If the roll is 6" reads as); None if ``np`` is no
    die result."""
    if np.kind != "amount" or not isinstance(np.count, int) or np.det not in (None, "a") or np.quant:
        return None
    return A.Stat("amount", np.cmp, np.count) if np.cmp else np.count


def how_many_times(np: Any) -> int | None:
    """How many times a frequency phrase allows: "once" 1, "twice" 2, "three times" and "up to
    three times" 3 (a limit is always at most so many: "up to" adds nothing); None for anything else."""
    if not isinstance(np, NP) or isinstance(np.count, bool) or not isinstance(np.count, int) or np.count < 1 \
            or np.cmp:
        return None
    if np.kind == "amount" and np.quant is None:
        return np.count
    if np.kind == "core" and np.head == "time" and not np.mods and not np.places and np.det is None \
            and np.quant in (None, "up_to") and (np.number == "pl" or np.count == 1):
        return np.count
    return None


def use_limit(chunks: list[Any]) -> A.Limit | None:
    """The use limit the chunks open with: "Once on your turn" (that player's turns), "once per
    turn", "twice per turn", "three times each turn", "up to three times per turn" (every turn),
    read from their first two chunks; None if they do not."""
    if len(chunks) < 2 or chunks[0].kind != "np":
        return None
    count = how_many_times(chunks[0].value)
    if count is None:
        return None
    second = chunks[1]
    up_to = chunks[0].value.quant == "up_to"
    if second.kind == "np" and isinstance(second.value, NP) and second.value.kind == "core" \
            and second.value.head == "turn" and second.value.det == "each" and not second.value.mods:
        return A.Limit(count, A.Turn("each"), up_to)          # "twice each turn"
    if second.kind != "pp" or second.prep not in ("on", "per"):
        return None
    turn = _turn_of(second.value)
    if turn is None:
        return None
    return A.Limit(count, A.Turn(turn.whose or "each", turn.which) if second.prep == "per" else turn, up_to)


def arrow_left(tree: Tree, toks: list[Any], lx: Any) -> tuple[str, Any, tuple[str, ...]]:
    """The left of an arrow: costs, or ``Genesis`` / ``Deathrite`` / ``Genesis & Deathrite``. A use
    limit written before the costs ("Once on your turn, (1) → X", as the Codex words the limit of an
    ability with no cost) limits the ability as it would written after the arrow: it is returned
    among the costs as a ``Limit`` and put on the effect's first sentence (``arrow_ability``)."""
    r = _interp(lx)
    reader = _Reader(toks)
    kind = tree.data
    if kind == "ability_words":
        return ("genesis_deathrite", None, ())
    threshold = tuple(self_threshold(reader, tree.children[0]))
    if kind == "ability_word":
        word = reader.tok(tree.children[1]).reading.lemma
        return (str(word).lower(), None, threshold)
    segs = reader.segments(tree.children[1])
    costs: list[A.Cost] = []
    for seg_kind, content, _sep in segs:
        limit = use_limit(content) if seg_kind == "adjunct" and not costs else None
        if limit is not None:       # "Twice per turn, (1) → ...": the mana after the comma is a cost still
            costs.append(limit)
            content = content[2:]
            if not content:
                continue
        if seg_kind == "adjunct":
            for c in content:
                if c.kind == "np" and c.value.kind == "mana":
                    costs.append(A.Cost("mana", _mana(c.value)))
                elif c.kind in ("lc", "conj"):
                    continue
                else:
                    raise MeaningError("a cost that is not an action or mana", c.start)
            continue
        clause = r.clause(content, None)
        costs.append(_cost(clause))
    return ("costs", tuple(costs), threshold)


def _cost(clause: A.Clause) -> A.Cost:
    act = clause.action
    if isinstance(act, A.Tap) and not act.untap:
        return A.Cost("tap", act.patient)
    if isinstance(act, A.Remove) and act.kind in ("sacrifice", "banish"):
        return A.Cost(act.kind, act.patient)
    if isinstance(act, A.Discard):
        return A.Cost("discard", act.patient)
    if isinstance(act, A.Look) and act.reveal:
        return A.Cost("reveal", act.patient)
    if isinstance(act, A.LoseLife):
        return A.Cost("life", act.amount)
    if isinstance(act, A.LoseGrant):
        return A.Cost("lose", act.grants)
    if isinstance(act, A.Pay):
        life = _life_amount(act.patient)
        if life is not None:         # "Pay 2 life →": the life cost "Lose 2 life →" is
            return A.Cost("life", life)
        return A.Cost("pay", act.patient)
    return A.Cost("action", act if isinstance(act, A.Action) else clause)


def _life_amount(words: Any) -> int | None:
    """N of "N life" (paid as a cost), else None."""
    if isinstance(words, A.Selector) and words.noun == "life" and isinstance(words.count, int) and not words.det \
            and not words.mods and not words.filters:
        return words.count
    return None


def arrow_ability(left: tuple[str, Any, tuple[str, ...]], body: A.Sentence | tuple[A.Sentence, ...],
                  span: A.Span) -> Any:
    """The ability an arrow makes: its left (costs, or Genesis/Deathrite) and its effect (one sentence,
    or the two `split_trailing_delay` makes of one)."""
    kind, costs, threshold = left
    sentences = body if isinstance(body, tuple) else (body,)
    if kind == "costs":
        limits = [c for c in costs if isinstance(c, A.Limit)]
        costs = tuple(c for c in costs if not isinstance(c, A.Limit))
        if limits and sentences[0].limit is None:
            sentences = (A.replace(sentences[0], limit=limits[0]),) + sentences[1:]
        return A.Activated(costs, sentences, threshold, span)
    if kind == "deathrite":
        return A.Deathrite(sentences, threshold, span)
    return A.Genesis(sentences, kind == "genesis_deathrite", threshold, span)


def shift_spans(node: Any, offset: int) -> Any:
    """The same node with every span moved by ``offset`` (a sentence parsed alone → the card's text)."""
    if not offset:
        return node
    if isinstance(node, tuple):
        return tuple(shift_spans(n, offset) for n in node)
    if isinstance(node, A.Sentence):
        return A.replace(node, span=A.Span(node.span[0] + offset, node.span[1] + offset)) if node.span else node
    if isinstance(node, (A.Activated, A.Genesis, A.Deathrite, A.Triggered, A.Statement)):
        body = tuple(shift_spans(s, offset) for s in node.body)
        span = A.Span(node.span[0] + offset, node.span[1] + offset) if node.span else None
        return A.replace(node, body=body, span=span)
    if isinstance(node, A.KeywordLine):
        return A.replace(node, span=A.Span(node.span[0] + offset, node.span[1] + offset)) if node.span else node
    return node


_BODY_ABILITIES = (A.Activated, A.Genesis, A.Deathrite, A.Triggered, A.Statement)


def attach(abilities: list[Any], node: Any) -> None:
    """Add a sentence's ability to its line: a statement with no marker of its own (trigger, arrow,
    keyword) continues the ability before it (its sentences run in order)."""
    if limit_last(abilities, node):
        return
    last = abilities[-1] if abilities else None
    if isinstance(node, A.Statement) and not node.threshold and isinstance(last, _BODY_ABILITIES):
        span = A.Span(last.span[0], node.span[1]) if last.span and node.span else last.span
        abilities[-1] = A.replace(last, body=last.body + node.body, span=span)
        return
    abilities.append(node)


#: The pronouns that open a sentence as its subject, read by `it_as_previous_subject`.
_SUBJECT_PRONOUNS = ("It",)


def _the_card_itself(node: Any) -> bool:
    """Whether words name the card itself as a singular thing "it" can stand for: "this minion", "this
    site", "this artifact". The card's name (SELF) is left out: a name may be "he", "she" or plural
    ("Far East Assassin throws ... he carries", a card named for a band that "shoot"), and the pronoun
    must agree with its antecedent."""
    return isinstance(node, A.Selector) and node.det == "this" and not node.filters and not node.plural \
        and node.count is None and not node.mods and node.noun in ("minion", "site", "artifact", "unit", "card",
                                                                    "aura", "creature", "monument", "relic")


def it_as_previous_subject(abilities: list[Any], first_word: str) -> None:
    """A sentence opening with "It" as its subject, after a sentence whose subject is the card
    itself ("This minion picks up another target minion. It carries that minion ..."): English reads
    the pronoun as that subject (a subject pronoun continues the topic, the previous subject), not as
    the previous sentence's object, which the engine's standing rule would bind. The pronoun is
    replaced by the card's own words, so the tree says which it is. After an imperative (no
    third-person subject: "Deal 2 damage to target minion. It can't move.") the object reading is the
    only one and nothing changes; after a subject that is another selector the standing reading is kept
    (docs/cardtext.md names this as not built)."""
    if first_word not in _SUBJECT_PRONOUNS or not abilities:
        return
    last = abilities[-1]
    body = getattr(last, "body", ())
    if len(body) < 2 or not all(isinstance(x, A.Sentence) for x in body[-2:]):
        return
    prev, cur = body[-2], body[-1]
    if not prev.clauses or not cur.clauses or not isinstance(prev.clauses[0], A.Clause) \
            or not isinstance(cur.clauses[0], A.Clause):
        return
    subject = getattr(prev.clauses[0].action, "agent", None)
    if not _the_card_itself(subject):
        return
    act = cur.clauses[0].action
    pronoun = A.Ref(first_word.lower())
    agent = getattr(act, "agent", None)
    if agent == pronoun:
        act = A.replace(act, agent=subject)
    elif agent is None and getattr(act, "patient", None) == pronoun:
        act = A.replace(act, patient=subject)       # "It gains Stealth": the subject of a verb with no doer
    else:
        return
    clause = A.replace(cur.clauses[0], action=act, pronoun=first_word.lower())
    cur = A.replace(cur, clauses=(clause,) + cur.clauses[1:])
    abilities[-1] = A.replace(last, body=body[:-1] + (cur,))


def limit_last(abilities: list[Any], node: Any) -> bool:
    """Whether ``node`` is a use limit ("Use only once per turn.", "This ability triggers only twice per
    turn.") and was put on the activated or triggered ability that ends ``abilities``: how often the
    ability may be used (fire), not an effect; written as the limit of its first sentence ("Tap → Once
    per turn, X", "Whenever ..., twice per turn, X"), which the engine reads."""
    last = abilities[-1] if abilities else None
    limit = _use_limit(node)
    if isinstance(last, A.Triggered) and not _says_it_triggers(node):
        return False        # "Use only once per turn" names a use, which a triggered ability has not
    if limit is None or not isinstance(last, (A.Activated, A.Triggered)) or not last.body \
            or not isinstance(last.body[0], A.Sentence) or last.body[0].limit is not None:
        return False
    span = A.Span(last.span[0], node.span[1]) if last.span and node.span else last.span
    first = A.replace(last.body[0], limit=limit)
    abilities[-1] = A.replace(last, body=(first,) + last.body[1:], span=span)
    return True


def limit_previous_line(lines: list[tuple[Any, ...]], node: Any) -> bool:
    """Whether ``node``, the first sentence of its line, is a use limit put on the activated ability
    ending the nearest line above with text: a limit printed on a line of its own under its ability
    ("Tap → X." then "Use only once per turn.") limits that ability as it would on the same line. The
    line that held only the limit then holds nothing (the caller drops it)."""
    index = next((i for i in range(len(lines) - 1, -1, -1) if lines[i]), None)
    if index is None:
        return False
    abilities = list(lines[index])
    if not limit_last(abilities, node):
        return False
    lines[index] = tuple(abilities)
    return True


def _says_it_triggers(node: Any) -> bool:
    """Whether a limit sentence has the ability as its subject ("This ability triggers only twice per
    turn", "This triggers ..."), as a limit on a triggered ability is written (not "Use only ...")."""
    sentence = node.body[0] if isinstance(node, A.Statement) and node.body else None
    clauses = getattr(sentence, "clauses", ())
    act = clauses[0].action if len(clauses) == 1 else None
    return isinstance(act, A.Reactivate) and act.patient is None \
        and act.agent in (A.Ref("SELF"), A.Selector("ability", "this"))


def _use_limit(node: Any) -> A.Limit | None:
    """The limit a sentence "Use (this ability) only once per turn" puts on the ability before it, or
    None when the sentence says anything else."""
    if not isinstance(node, A.Statement) or node.threshold or len(node.body) != 1:
        return None
    sentence = node.body[0]
    if not isinstance(sentence, A.Sentence) or sentence.limit is None or len(sentence.clauses) != 1 \
            or sentence.conditions or sentence.duration or sentence.per or sentence.adverbs or sentence.adjuncts:
        return None
    clause = sentence.clauses[0]
    act = clause.action
    this_ability = A.Selector("ability", "this")
    if isinstance(act, A.Reactivate) and act.patient is None and act.agent in (A.Ref("SELF"), this_ability):
        # "This ability triggers only twice per turn": the ability its own subject (`limit_last`)
        act = A.replace(act, agent=None, patient=act.agent)
    if not isinstance(act, A.Reactivate) or act.agent not in (None, A.Ref("you")) \
            or clause.modal not in (None, "may", "can") or clause.negated \
            or clause.conditions or clause.duration or clause.adjuncts or set(clause.adverbs) - {"only"}:
        return None   # "You may use this ability only once on your turn" is the same limit
    this = act.patient is None or act.patient == A.Ref("SELF") or (
        isinstance(act.patient, A.Selector) and act.patient.noun == "ability" and act.patient.det == "this"
        and not act.patient.filters and not act.patient.mods)
    return sentence.limit if this else None

