"""Card-text normalisation: one canonical spelling of every card text before it is parsed or stored.

The official card API carries Windows line ends, stray spaces, curly quotes, circled-digit mana
(``②``) and an ``UPDATED:`` prefix on errata. Parsing, round-trip checks and storage all compare
normalised text, so every layer sees the same characters.
"""
from __future__ import annotations

import re
from dataclasses import dataclass


ERRATA_PREFIX = "UPDATED:"

#: Circled digits ⓪①…⑳ are generic mana costs: they become ``(N)``.
_CIRCLED = {chr(0x2460 + i): f"({i + 1})" for i in range(20)} | {"\u24ea": "(0)"}
#: Alchemical / threshold glyphs some sources use instead of ``(A)`` etc.
_THRESHOLD_GLYPHS = {"\U0001F701": "(A)", "\U0001F703": "(E)", "\U0001F702": "(F)", "\U0001F704": "(W)"}
_PUNCT = {"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2013": "\u2014",
          "\u00a0": " ", "\u2009": " ", "->": "\u2192"}
_TRANSLATE = str.maketrans({k: v for k, v in (_CIRCLED | _THRESHOLD_GLYPHS | _PUNCT).items() if len(k) == 1})
#: ``str.translate`` with a dict costs a dictionary lookup per character (measured: more than the rest of
#: ``normalize``). Every character it maps is non-ASCII, so an ASCII text skips it, and so does a text
#: whose only non-ASCII characters are arrows and dashes (a character-class search says which).
_TRANSLATED = re.compile("[" + re.escape("".join(map(chr, _TRANSLATE))) + "]")
_SPACES = re.compile(r"[ \t]+")
_SPACE_BEFORE_PUNCT = re.compile(r" +([.,:!])")
#: Pronoun contractions are spelled out (and ``towards`` becomes ``toward``), so the grammar has one
#: form and printing gives the same text.
_CONTRACTIONS = {"there's": "there is", "There's": "There is", "towards": "toward", "it's": "it is", "they're": "they are", "you're": "you are", "they've": "they have",
                 "you've": "you have", "It's": "It is", "They're": "They are", "You're": "You are"}
_CONTRACTION = re.compile(r"\b(" + "|".join(map(re.escape, _CONTRACTIONS)) + r")\b")
#: A piece of every contraction (the apostrophe with a letter either side, or the whole word): a line with
#: none of them needs no regex pass (most apostrophes are possessives).
_CONTRACTION_HINTS = tuple({k[k.index("'") - 1:k.index("'") + 2] if "'" in k else k for k in _CONTRACTIONS})
# Sentence ends: '.', '!' or ':' followed by a space, outside double quotes.
_SENTENCE_BREAK = re.compile(r"[.!] ")
_SENTENCE_END = re.compile(r'(?<=[.!])\s+(?=[A-Z(\u2192"])')


@dataclass(frozen=True)
class NormalizedText:
    """Normalised card text: ``text`` has one ability paragraph per line; ``errata`` is True for ``UPDATED:``."""

    text: str
    errata: bool

    @property
    def lines(self) -> list[str]:
        return self.text.split("\n") if self.text else []


def normalize(raw: str | None) -> NormalizedText:
    """Normalise raw card text (API ``rulesText``) to the canonical form the grammar parses."""
    text = (raw or "").replace("\r\n", "\n").replace("\r", "\n").replace("->", "\u2192")
    if not text.isascii() and _TRANSLATED.search(text):
        text = text.translate(_TRANSLATE)
    errata = False
    stripped = text.lstrip()
    if stripped[:len(ERRATA_PREFIX)].upper() == ERRATA_PREFIX:
        errata = True
        text = stripped[len(ERRATA_PREFIX):]
    lines = []
    for line in text.split("\n"):
        if "  " in line or "\t" in line:
            line = _SPACES.sub(" ", line)
        line = line.strip()
        if " ." in line or " ," in line or " :" in line or " !" in line:
            line = _SPACE_BEFORE_PUNCT.sub(r"\1", line)
        if ("'" in line or "towards" in line) and any(h in line for h in _CONTRACTION_HINTS):
            line = _CONTRACTION.sub(lambda m: _CONTRACTIONS[m.group(1)], line)
        if line:
            if lines and _continues(lines[-1], line):
                lines[-1] = f"{lines[-1]} {line}"
            else:
                lines.append(line)
    return NormalizedText("\n".join(lines), errata)


#: Words that never end a sentence: a line ending in one is broken mid-sentence.
_OPEN_ENDINGS = {"a", "an", "the", "this", "that", "to", "of", "at", "on", "in", "and", "or", "each", "your",
                 "their", "its", "with", "from", "into", "onto", "for", "by"}


def _continues(prev: str, line: str) -> bool:
    """A line break inside a sentence (``summon a`` / ``Foot Soldier token``; ``this wall`` / ``on the
    ground``): the previous line has no closing punctuation and ends with a word that cannot end a
    sentence, or the next line starts in lower case."""
    if not prev or prev[-1] in ".!:\"":
        return False
    last = prev.rsplit(" ", 1)[-1].lower()
    return last in _OPEN_ENDINGS or line[0].islower()


def split_sentences(line: str) -> list[tuple[int, str]]:
    """Split one normalised line into ``(offset, sentence)`` pairs; quoted text is never split.

    A cheap split keeps each LALR parse short and lets one unparseable sentence fail alone.
    """
    out: list[tuple[int, str]] = []
    start = 0
    if '"' not in line:  # nothing quoted: every ". "/"! " ends a sentence (one regex scan, not a char loop)
        for m in _SENTENCE_BREAK.finditer(line):
            out.append((start, line[start:m.start() + 1]))
            start = m.end()
        if start < len(line):
            out.append((start, line[start:]))
        return out
    quoted = False
    i = 0
    n = len(line)
    while i < n:
        ch = line[i]
        if ch == '"':
            quoted = not quoted
        elif ch in ".!" and not quoted and i + 1 < n and line[i + 1] == " ":
            out.append((start, line[start:i + 1]))
            start = i + 2
            i += 1
        i += 1
    if start < n:
        out.append((start, line[start:]))
    return out
