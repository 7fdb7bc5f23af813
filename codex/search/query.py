"""Parse what a judge types: plain words, quoted phrases and ``field:value`` filters.

The parser never fails. Anything it cannot read as a filter or a balanced phrase (an
unknown ``field:``, a stray ``:``, an unbalanced quote, HTML) is searched as plain words,
because a judge mid-tournament must get results, not a syntax error.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

FILTERS = ("source", "kind", "mentions", "parent", "game")
_TOKEN = re.compile(
    r'(?P<field>[A-Za-z_]+):(?:"(?P<qvalue>[^"]*)"|(?P<value>[^\s"]+))'
    r'|"(?P<phrase>[^"]*)"'
    r'|(?P<other>\S+)')
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")


@dataclass
class ParsedQuery:
    """A user query split into its parts; ``str()`` gives it back in canonical form."""

    words: list[str] = field(default_factory=list)
    phrases: list[list[str]] = field(default_factory=list)
    filters: dict[str, str] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not self.words and not self.phrases

    def all_words(self) -> list[str]:
        """Plain words and phrase words, in query order within each group."""
        return self.words + [w for p in self.phrases for w in p]

    def text(self) -> str:
        """The searched words and phrases only (no filters)."""
        parts = list(self.words) + [f'"{" ".join(p)}"' for p in self.phrases]
        return " ".join(parts)

    def __str__(self) -> str:
        parts = [self.text()] if not self.empty else []
        for name, value in self.filters.items():
            parts.append(f'{name}:"{value}"' if " " in value else f"{name}:{value}")
        return " ".join(parts)


def words_of(text: str) -> list[str]:
    """Lower-cased words of free text (apostrophes inside words kept: ``death's``)."""
    return [w.replace("’", "'") for w in _WORD.findall(text.lower())]


def parse_query(text: str) -> ParsedQuery:
    """Split ``text`` into words, phrases and known filters; bad syntax becomes plain words."""
    parsed = ParsedQuery()
    text = text or ""
    if text.count('"') % 2:
        text = text.replace('"', " ")   # unbalanced: read every quoted part as plain words
    for m in _TOKEN.finditer(text):
        name = (m.group("field") or "").lower()
        if name in FILTERS:
            value = (m.group("qvalue") if m.group("qvalue") is not None
                     else m.group("value")) or ""
            value = " ".join(value.split())
            if value:
                parsed.filters[name] = value
                continue
        if m.group("phrase") is not None:
            words = words_of(m.group("phrase"))
            if len(words) > 1:
                parsed.phrases.append(words)
            else:
                parsed.words.extend(words)
            continue
        parsed.words.extend(words_of(m.group(0)))
    return parsed
