"""The Contracts rulebook's records read straight from its source file, for the citation tests.

The corpus (issue #13) builds these records under the ids of /work/briefs/GAMES.md; until it does,
the engine's quotes are checked against this small, independent reading of the same file, normalised
the way GAMES.md says the corpus normalises a record's text: markdown emphasis (``*``, ``**``)
removed, whitespace collapsed, and the two paragraphs the export broke rejoined (Magnetized's
definition, split by a blank line, and "both the ones you / just put aside"), with Recycling's
definition split off the end of Impetus's line.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent / "corpus" / "sources" / "contracts-rules.md"

_BOLD_TERM_MID_LINE = re.compile(r"(?<=\.)\s+(?=\*\*[A-Z][^*]*\*\*:)")


def clean(text: str) -> str:
    """A record's normalised text: emphasis markers removed, whitespace collapsed."""
    return " ".join(text.replace("**", "").replace("*", "").split())


def slug(title: str) -> str:
    """A heading's id: lower case, punctuation dropped, words joined by ``-``."""
    return "-".join(re.sub(r"[^a-z0-9\s]", "", title.lower()).split())


def _paragraphs(text: str) -> list[str]:
    paras = []
    for block in re.split(r"\n\s*\n", text):
        # a list is one item per line starting with "- "
        paras += [item.strip() for item in re.split(r"\n(?=- )", block) if item.strip()]
    joined: list[str] = []
    for p in paras:
        # a paragraph the export broke: the next one starts mid-sentence, in lower case
        if joined and p[0].islower() and not joined[-1].startswith("-") and not _is_heading(joined[-1]):
            joined[-1] = joined[-1] + " " + p
        else:
            joined.append(p)
    return joined


def _is_heading(p: str) -> bool:
    return ("\n" not in p and len(p.split()) <= 4 and p[0].isupper() and p[-1] not in ".:;,)"
            and not p.startswith("-"))


@lru_cache(maxsize=1)
def records() -> dict[str, str]:
    """Record id → normalised text: sections by heading, keywords, and the advanced rulings."""
    out: dict[str, str] = {}
    section = ""
    bodies: dict[str, list[str]] = {}
    for p in _paragraphs(SOURCE.read_text("utf-8")):
        if _is_heading(p):
            section = slug(p)
            bodies.setdefault(section, [])
            continue
        parts = _BOLD_TERM_MID_LINE.split(p) if section == "keywords" else [p]
        for part in parts:
            bodies.setdefault(section, []).append(part)
    for sec, paras in bodies.items():
        out[sec] = clean(" ".join(q.removeprefix("- ") for q in paras))
        items = [q for q in paras if q.startswith("- ")]
        if sec == "advanced-interactions":
            for n, item in enumerate(items, 1):
                out[f"{sec}#{n}"] = clean(item.removeprefix("- "))
        if sec == "keywords":
            for q in paras:
                name, _, definition = clean(q).partition(":")
                out[f"keyword:{slug(name)}"] = definition.strip()
    return out
