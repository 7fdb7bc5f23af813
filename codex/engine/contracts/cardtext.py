"""Contracts card text → typed AST (`ast.CardText`), with the grammar `grammar/contracts.lark`.

The front end normalises the text (typographic quotes, spaces), replaces the card's own name with
"this contract", and parses one line at a time. A labelled ability ("Summon:", "Recycling:",
"Activation (1 red):") runs to the end of its line: the sentences after it on the same line are
part of it. A line the grammar cannot read is retried sentence by sentence, so one unknown word
costs only its sentence, which is kept in ``unreadable`` (the engine reports it; it never guesses).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from lark import Lark, Token as LexToken, Transformer, v_args
from lark.exceptions import LarkError

from codex.engine.contracts import ast as A
from codex.engine.contracts.mana import NONE, Colours, colour_of
from codex.paths import PROJECT_ROOT

GRAMMAR_PATH = PROJECT_ROOT / "grammar" / "contracts.lark"

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10}
_REPEAT = {"once": 1, "twice": 2, "thrice": 3}
_TRIGGERS: dict[str, A.Trigger] = {"SUMMON": "summon", "START_TURN": "start_turn", "END_TURN": "end_turn",
                                   "RECYCLING": "recycling", "AMBUSH": "ambush"}
_NOUNS: dict[str, A.TargetKind] = {"CREATURE": "creature", "PLAYER": "player", "ORB": "orb", "RUNE": "rune",
                                   "TARGET": "creature_or_player", "CONTRACT": "contract",
                                   "ENEMY": "creature_or_player"}
#: Upper bounds that keep an effect's work bounded whatever the text says.
MAX_AMOUNT = 99
MAX_TIMES = 10


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The LALR parser of the Contracts grammar (built once; strict: no conflicts allowed)."""
    return Lark(GRAMMAR_PATH.read_text("utf-8"), parser="lalr", strict=True, propagate_positions=True,
                maybe_placeholders=False)


class _Modifier:
    """A parsed modifier before it knows its target."""

    def __init__(self, attack: int = 0, health: int = 0, heal: int = 0, keywords: tuple[str, ...] = ()):
        self.attack, self.health, self.heal, self.keywords = attack, health, heal, keywords

    def merged(self, other: "_Modifier") -> "_Modifier":
        return _Modifier(self.attack + other.attack, self.health + other.health, self.heal + other.heal,
                         self.keywords + other.keywords)

    def on(self, target: A.Target) -> A.Modify:
        return A.Modify(target, self.attack, self.health, self.heal, tuple(dict.fromkeys(self.keywords)))


def _int(token: Any) -> int:
    return max(-MAX_AMOUNT, min(MAX_AMOUNT, int(str(token))))


def _words(children: list[Any]) -> str:
    return " ".join(str(c) for c in children if isinstance(c, LexToken)).lower()


class _ToAst(Transformer[LexToken, Any]):
    """Parse tree → AST nodes (sentences come out as (label, payload, text) for the grouping pass)."""

    def __init__(self, text: str):
        super().__init__()
        self.text = text

    # -- sentences -----------------------------------------------------------------------------
    def _span(self, meta: Any) -> str:
        return self.text[meta.start_pos:meta.end_pos].strip() if not meta.empty else ""

    @v_args(meta=True)
    def triggered(self, meta: Any, children: list[Any]) -> tuple[str, Any, str]:
        return ("trigger", (children[0], tuple(children[1])), self._span(meta))

    @v_args(meta=True)
    def activated(self, meta: Any, children: list[Any]) -> tuple[str, Any, str]:
        return ("activation", (children[0], tuple(children[1])), self._span(meta))

    @v_args(meta=True)
    def keywords(self, meta: Any, children: list[Any]) -> tuple[str, Any, str]:
        return ("keywords", children, self._span(meta))

    @v_args(meta=True)
    def plain(self, meta: Any, children: list[Any]) -> tuple[str, Any, str]:
        return ("plain", tuple(children[0]), self._span(meta))

    def start(self, children: list[Any]) -> list[Any]:
        return children

    def trigger_label(self, children: list[Any]) -> A.Trigger:
        return _TRIGGERS[children[0].type]

    def activation_label(self, children: list[Any]) -> Colours | None:
        return next((c for c in children if isinstance(c, Colours)), None)

    def cost(self, children: list[Any]) -> Colours:
        out = NONE
        for part in children:
            out = out.add(part)
        return out

    def cost_part(self, children: list[Any]) -> Colours:
        return NONE.plus(colour_of(str(children[1])), _int(children[0]))

    # -- keywords ------------------------------------------------------------------------------
    def kw_name(self, children: list[Any]) -> str:
        name = str(children[0]).lower()
        return "magnetized" if name.startswith("magneti") and name != "magnetic" else name

    def keyword(self, children: list[Any]) -> str:
        return str(children[0])

    def magic_damage(self, children: list[Any]) -> tuple[str, int]:
        return ("magic_damage", _int(children[1]))

    # -- effects -------------------------------------------------------------------------------
    def effects(self, children: list[Any]) -> list[A.Effect]:
        out: list[A.Effect] = []
        for c in children:
            if isinstance(c, _Modifier):   # "gains +1 attack and Fog": belongs to the effect before
                last = out[-1] if out else None
                inner = last.effect if isinstance(last, A.YouCan) else last
                if isinstance(inner, A.Modify):
                    merged = A.Modify(inner.target, inner.attack + c.attack, inner.health + c.health,
                                      inner.heal + c.heal, tuple(dict.fromkeys(inner.keywords + c.keywords)))
                    out[-1] = A.YouCan(merged) if isinstance(last, A.YouCan) else merged
                    continue
                raise LarkError("a modifier without an effect to belong to")
            out.append(c)
        return out

    def effect(self, children: list[Any]) -> A.Effect:
        effect: A.Effect = children[0]
        return effect

    def optional(self, children: list[Any]) -> A.YouCan:
        return A.YouCan(children[-1])

    def amount(self, children: list[Any]) -> int:
        word = str(children[0]).lower()
        return _NUMBERS[word] if word in _NUMBERS else _int(word)

    def repeat(self, children: list[Any]) -> int:
        if isinstance(children[0], int):
            return min(MAX_TIMES, children[0])
        return _REPEAT[str(children[0]).lower()]

    def damage(self, children: list[Any]) -> A.Damage:
        amount = next(c for c in children if isinstance(c, int))
        target = next(c for c in children if isinstance(c, A.Target))
        times = [c for c in children if isinstance(c, int)][1:]
        return A.Damage(amount, target, times[0] if times else 1)

    damage_repeat_first = damage

    def take_self(self, children: list[Any]) -> A.Damage:
        return A.Damage(children[1], A.Target("player", "you", words="you"))

    def take(self, children: list[Any]) -> A.Damage:
        return A.Damage(children[2], children[0])

    def lose_self(self, children: list[Any]) -> A.LoseHealth:
        return A.LoseHealth(children[1], A.Target("player", "you", words="you"))

    def lose(self, children: list[Any]) -> A.LoseHealth:
        return A.LoseHealth(children[2], children[0])

    def modifiers(self, children: list[Any]) -> _Modifier:
        out = _Modifier()
        for c in children:
            out = out.merged(c)
        return out

    def attack_mod(self, children: list[Any]) -> _Modifier:
        return _Modifier(attack=_int(children[0]))

    def health_mod(self, children: list[Any]) -> _Modifier:
        return _Modifier(health=_int(children[0]))

    def heal_mod(self, children: list[Any]) -> _Modifier:
        return _Modifier(heal=_int(children[0]))

    def stats_mod(self, children: list[Any]) -> _Modifier:
        a, h = str(children[0]).split("/")
        return _Modifier(attack=_int(a), health=_int(h))

    def keyword_mod(self, children: list[Any]) -> _Modifier:
        return _Modifier(keywords=(children[0],))

    def give(self, children: list[Any]) -> A.Modify:
        modifier: _Modifier = children[1]
        return modifier.on(children[2])

    def give_target_first(self, children: list[Any]) -> A.Modify:
        modifier: _Modifier = children[2]
        return modifier.on(children[1])

    def restore(self, children: list[Any]) -> A.Modify:
        amount = next(c for c in children if isinstance(c, int))
        return _Modifier(heal=amount).on(next(c for c in children if isinstance(c, A.Target)))

    def gains(self, children: list[Any]) -> A.Modify:
        modifier: _Modifier = children[2]
        return modifier.on(children[0])

    def fade(self, children: list[Any]) -> A.Fade:
        return A.Fade(next(c for c in children if isinstance(c, A.Target)))

    def destroy(self, children: list[Any]) -> A.Destroy:
        return A.Destroy(children[1])

    def disarm(self, children: list[Any]) -> A.Disarm:
        if len(children) > 1:
            return A.Disarm(children[1])
        return A.Disarm(A.Target("orb", choose=True, words="an Orb"))

    def fetch(self, children: list[Any]) -> A.Fetch:
        return A.Fetch(min(MAX_TIMES, children[1]))

    def draw(self, children: list[Any]) -> A.Draw:
        counts = [c for c in children if isinstance(c, int)]
        return A.Draw(min(MAX_TIMES, counts[-1]) if counts else 1)

    def gain_self(self, children: list[Any]) -> A.Modify:
        modifier: _Modifier = children[1]
        return modifier.on(A.Target("player", "you", words="you"))

    def magnetize(self, children: list[Any]) -> A.Modify:
        return A.Modify(children[1], keywords=("magnetized",))

    def token(self, children: list[Any]) -> A.Token:
        count = next((c for c in children if isinstance(c, int)), 1)
        stats = next(c for c in children if isinstance(c, LexToken) and c.type == "STATS")
        a, h = str(stats).split("/")
        return A.Token(_int(a), _int(h), min(count, 8))

    def discard(self, children: list[Any]) -> A.Discard:
        return A.Discard(min(MAX_TIMES, children[1]))

    # -- targets -------------------------------------------------------------------------------
    def noun(self, children: list[Any]) -> tuple[A.TargetKind, str, bool]:
        kinds = {c.type for c in children}
        plural = str(children[-1]).lower().endswith(("s", "ies"))
        if {"CREATURE", "PLAYER"} <= kinds:
            return "creature_or_player", _words(children), plural
        return _NOUNS[children[0].type], _words(children), plural

    def quant(self, children: list[Any]) -> tuple[bool, str]:
        word = str(children[0]).lower()
        return word in ("a", "an", "one", "another", "any", "target"), _words(children)

    def side(self, children: list[Any]) -> str:
        return str(children[-1].type)

    def t_you(self, children: list[Any]) -> A.Target:
        return A.Target("player", "you", words="you")

    def t_opponent(self, children: list[Any]) -> A.Target:
        return A.Target("player", "opponent", words=_words(children))

    def t_self(self, children: list[Any]) -> A.Target:
        noun = next((c for c in children if isinstance(c, tuple)), ("contract", "it"))
        return A.Target(noun[0], "self", words=("this " + noun[1]) if isinstance(children[0], LexToken)
                        and children[0].type in ("THIS", "THAT") else "it")

    def _select(self, choose: bool, quant_words: str, sides: list[str], noun: tuple[A.TargetKind, str, bool],
                another: bool) -> A.Target:
        side: A.Side = "any"
        if noun[1] in ("enemy", "enemies"):
            sides = sides + ["ENEMY"]
        if any(s in ("ENEMY", "OPPOSING", "OPPONENTS") for s in sides):
            side = "enemy"
        elif any(s in ("ALLIED", "FRIENDLY", "YOUR") for s in sides):
            side = "allied"
        words = " ".join(w for w in (quant_words, " ".join(s.lower().replace("opponents", "opponent's")
                                                             for s in sides), noun[1]) if w)
        return A.Target(noun[0], "", choose, side, other=another or "OTHER" in sides,
                        adjacent="ADJACENT" in sides, words=words, definite=quant_words == "the", plural=noun[2])

    def t_select(self, children: list[Any]) -> A.Target:
        choose, quant_words = children[0]
        sides = [c for c in children[1:-1] if isinstance(c, str)]
        return self._select(choose, quant_words, sides, children[-1], quant_words == "another")

    def t_all(self, children: list[Any]) -> A.Target:
        return self._select(False, "", [c for c in children[:-1] if isinstance(c, str)], children[-1], False)


_SENTENCE_END = re.compile(r"(?<=[.!])\s+")


def normalise(text: str, name: str = "") -> str:
    """Typographic quotes and dashes made plain, spaces collapsed within lines, the card's own name
    replaced by "this contract" (a card naming itself: "Goblin deals 1 damage" is "this contract")."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u2013", "-").replace("\u2014", "-")
    lines = [" ".join(line.split()) for line in text.splitlines()]
    out = "\n".join(line for line in lines if line)
    if name.strip():
        out = re.sub(rf"(?<![\w']){re.escape(name.strip())}(?![\w])", "this contract", out, flags=re.IGNORECASE)
    return out


def _parse_line(line: str) -> tuple[list[Any], list[str]]:
    """(sentences, unreadable): the whole line, or sentence by sentence when the whole fails."""
    try:
        return _ToAst(line).transform(parser().parse(line)), []
    except LarkError:
        pass
    sentences: list[Any] = []
    bad: list[str] = []
    for part in _SENTENCE_END.split(line):
        if not part.strip():
            continue
        try:
            sentences += _ToAst(part).transform(parser().parse(part))
        except LarkError:
            bad.append(part.strip())
    return sentences, bad


@lru_cache(maxsize=4096)
def parse(text: str, name: str = "") -> A.CardText:
    """Read a card's text into its abilities (cached: the same card is read once)."""
    clean = normalise(text, name)
    keywords: set[str] = set()
    magic = 0
    triggered: list[A.Triggered] = []
    activations: list[A.Activation] = []
    plain: list[A.Plain] = []
    unreadable: list[str] = []
    for line in clean.splitlines():
        sentences, bad = _parse_line(line)
        unreadable += bad
        open_label: tuple[str, int] | None = None       # the labelled ability this line is in
        for kind, payload, words in sentences:
            if kind == "keywords":
                for k in payload:
                    if isinstance(k, tuple):
                        magic += k[1]
                    else:
                        keywords.add(k)
                open_label = None
            elif kind == "trigger":
                triggered.append(A.Triggered(payload[0], payload[1], words))
                open_label = ("trigger", len(triggered) - 1)
            elif kind == "activation":
                activations.append(A.Activation(payload[0], payload[1], words))
                open_label = ("activation", len(activations) - 1)
            elif open_label is not None and open_label[0] == "trigger":
                t = triggered[open_label[1]]
                triggered[open_label[1]] = A.Triggered(t.trigger, t.effects + payload, f"{t.text}. {words}")
            elif open_label is not None:
                a = activations[open_label[1]]
                activations[open_label[1]] = A.Activation(a.cost, a.effects + payload, f"{a.text}. {words}")
            else:
                plain.append(A.Plain(payload, words))
    return A.CardText(clean, frozenset(keywords), magic, tuple(triggered), tuple(activations), tuple(plain),
                      tuple(unreadable))
