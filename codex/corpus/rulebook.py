"""Parse the rulebook text (extracted from the PDF) into sections, paragraphs, glossary terms
and quick-reference records.

The table of contents is the only place page numbers survive the PDF extraction, so it
drives the parse: every TOC entry (with its page and level) is located, in order, among the
body's heading lines, and everything up to the next one becomes its paragraphs. Judges cite
the rulebook by page and section ("p. 22, Attacking the Enemy"); this keeps that possible.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from rapidfuzz import fuzz

from codex.corpus.errors import SourceError
from codex.corpus.text import collapse_whitespace, slugify

_CIRCLED = re.compile(r"\s?[\u2460-\u2473\u24f5-\u24fe\u2776-\u277f]")
_MARKUP = re.compile(r"\*\*|</?i>|\*")
_LEADERS = re.compile(r"\s*\.{2,}\s*$")
_LIST_NUMBER = re.compile(r"^\d+\.\s+")
_SEE_PAGE = re.compile(r"\s*\(see page \d+\)\s*$", re.I)
_FURNITURE = {"sorcery: contested realm", "quick reference guide"}
_HEADING_MAX = 60
_WINDOW = 120  # lines searched for a prefix or fuzzy match
_EXACT_WINDOW = 500
_FUZZY_MIN = 80
GLOSSARY_TITLE = "glossary of terms and keywords"
QUICKREF_TITLE = "quick reference guide"


@dataclass
class TocEntry:
    title: str
    page: int
    level: int  # 1 = chapter (upper case), 2 = section, 3 = sub-section (italic)


@dataclass
class Section:
    id: str
    title: str
    page: int
    level: int
    parent_id: str | None
    position: int
    line: int | None  # None: the heading was lost in the PDF extraction
    paragraphs: list[str] = field(default_factory=list)
    raw_lines: list[int] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n\n".join(self.paragraphs)


@dataclass
class Term:
    """A glossary term or a quick-reference record."""

    id: str
    title: str
    kind: str  # "term" | "keyword" | "quickref"
    page: int
    position: int
    line: int
    text: str
    parent_id: str | None = None


@dataclass
class Rulebook:
    sections: list[Section]
    glossary: list[Term]
    quickref: list[Term]


def clean_line(line: str) -> str:
    """Strip PDF markup (bold, italics, circled picture callouts) and collapse spaces."""
    return collapse_whitespace(_MARKUP.sub("", _CIRCLED.sub("", line)))


def heading_key(text: str) -> str:
    """Comparable form of a heading: ``Move & Attack`` and ``MOVE AND ATTACK`` agree."""
    text = _LEADERS.sub("", clean_line(text)).replace("&", " and ")
    return collapse_whitespace(re.sub(r"[^0-9a-z]+", " ", text.casefold()))


def parse_toc(lines: list[str], path: Path) -> tuple[list[TocEntry], int]:
    """The TOC entries in reading order (column by column) and the first body line index."""
    try:
        start = next(i for i, l in enumerate(lines) if l.strip().casefold() == "table of contents")
    except StopIteration:
        raise SourceError(path, "no 'Table of Contents' found",
                          fix="the rulebook text must keep its table of contents") from None
    rows: list[list[str]] = []
    i = start + 1
    while i < len(lines) and (not rows or "\t" in lines[i] or not lines[i].strip()):
        if "\t" in lines[i]:
            rows.append(lines[i].rstrip("\n").split("\t"))
        elif rows and not lines[i].strip() and i + 1 < len(lines) and "\t" not in lines[i + 1]:
            break
        i += 1
    columns = max(len(r) for r in rows) // 2
    entries: list[TocEntry] = []
    for col in range(columns):
        pending = ""
        for row in rows:
            name, page = (row + ["", ""] * columns)[2 * col: 2 * col + 2]
            if not name.strip() and not page.strip():
                continue
            pending = f"{pending} {name}".strip()
            if page.strip().isdecimal():
                entries.append(_toc_entry(pending, int(page)))
                pending = ""
    if not entries:
        raise SourceError(path, "the table of contents has no entries with page numbers")
    return entries, i


def _toc_entry(cell: str, page: int) -> TocEntry:
    italic = "<i>" in cell
    title = _LIST_NUMBER.sub("", _LEADERS.sub("", clean_line(cell)))
    letters = [c for c in title if c.isalpha()]
    level = 3 if italic else 1 if letters and all(c.isupper() for c in letters) else 2
    return TocEntry(title, page, level)


def _is_heading_candidate(line: str) -> bool:
    text = clean_line(line)
    return 0 < len(text) <= _HEADING_MAX and not text.endswith((".", ",", ":", ";")) \
        and not text.startswith("-")


def locate_headings(toc: list[TocEntry], lines: list[str], body_start: int) -> list[int | None]:
    """Line index of each TOC entry in the body (exact, then prefix, then fuzzy), in order.

    A heading the PDF extraction lost is ``None``: its section is kept, empty, and reported.
    """
    found: list[int | None] = []
    pos = body_start
    keys = [(i, heading_key(l)) for i, l in enumerate(lines) if _is_heading_candidate(l)]
    for entry in toc:
        want = heading_key(entry.title)
        ahead = [(i, k) for i, k in keys if pos <= i < pos + _EXACT_WINDOW]
        near = [(i, k) for i, k in ahead if i < pos + _WINDOW]
        hit = next((i for i, k in ahead if k == want), None)
        if hit is None:
            hit = next((i for i, k in near if k.startswith(want + " ")), None)
        if hit is None:
            best = max(((fuzz.ratio(want, k), -i, i) for i, k in near),
                       default=(0, 0, None))
            hit = best[2] if best[0] >= _FUZZY_MIN else None
        found.append(hit)
        if hit is not None:
            pos = hit + 1
    return found


def parse_rulebook(path: Path) -> Rulebook:
    """Parse the rulebook text file; raise :class:`SourceError` if its structure is not found."""
    try:
        lines = path.read_text(encoding="utf-8-sig").replace("\r\n", "\n").split("\n")
    except (OSError, UnicodeDecodeError) as exc:
        raise SourceError(path, f"cannot read the rulebook as UTF-8 text: {exc}") from None
    toc, body_start = parse_toc(lines, path)
    starts = locate_headings(toc, lines, body_start)
    if all(s is None for s in starts):
        raise SourceError(path, "none of the table of contents headings occur in the text")
    sections = _sections(toc, starts, lines)
    glossary = _terms(_section_by_key(sections, GLOSSARY_TITLE), "term")
    guide = _section_by_key(sections, QUICKREF_TITLE)
    quickref = _quickref([s for s in sections if guide and (s is guide or s.parent_id == guide.id)])
    keyword_titles = {heading_key(t.title) for t in quickref if t.kind == "keyword"}
    for term in glossary:
        if heading_key(term.title) in keyword_titles or re.match(r"(this|when this) (unit|card)\b",
                                                                  term.text, re.I):
            term.kind = "keyword"
    return Rulebook(sections, glossary, quickref)


def _sections(toc: list[TocEntry], starts: list[int], lines: list[str]) -> list[Section]:
    sections: list[Section] = []
    taken: set[str] = set()
    parents: dict[int, str] = {}
    located = [s for s in starts if s is not None] + [len(lines)]
    for pos, (entry, start) in enumerate(zip(toc, starts)):
        end = next((l for l in located if start is not None and l > start), len(lines))
        sid = slugify(entry.title)
        if sid in taken:
            sid = f"{sid}-p{entry.page}"
        taken.add(sid)
        parent = next((parents[l] for l in range(entry.level - 1, 0, -1) if l in parents), None)
        parents[entry.level] = sid
        for deeper in [l for l in parents if l > entry.level]:
            del parents[deeper]
        section = Section(sid, entry.title, entry.page, entry.level, parent, pos,
                          None if start is None else start + 1)
        for n in range(end if start is None else start + 1, end):
            text = clean_line(lines[n])
            if text and text.casefold() not in _FURNITURE:
                section.paragraphs.append(text)
                section.raw_lines.append(n + 1)
        sections.append(section)
    return sections


def _section_by_key(sections: list[Section], key: str) -> Section | None:
    return next((s for s in sections if heading_key(s.title) == key), None)


def _terms(section: Section | None, kind: str) -> list[Term]:
    """Split a section into term records: a heading-like line, then its definition lines."""
    if section is None:
        return []
    terms: list[Term] = []
    for text, line in zip(section.paragraphs, section.raw_lines):
        if _is_heading_candidate(text):
            title = _SEE_PAGE.sub("", text)
            terms.append(Term(f"glossary:{slugify(title)}", title, kind, section.page, len(terms),
                              line, ""))
        elif terms:
            terms[-1].text = f"{terms[-1].text}\n\n{text}".strip()
    return [t for t in terms if t.text]


def _quickref(sections: list[Section]) -> list[Term]:
    """Quick reference: upper-case headings group their lines; each keyword gets a record.

    ``sections`` are the quick reference guide and its sub-sections (the keyword list is
    one), in order.
    """
    records: list[Term] = []
    for section in sections:
        in_keywords = "keyword" in section.title.casefold()
        group = Term(f"quickref:{section.id}", section.title, "quickref", section.page,
                     len(records), section.line or 0, "")
        records.append(group)
        for text, line in zip(section.paragraphs, section.raw_lines):
            heading = _is_heading_candidate(text)
            if heading and text.isupper():
                in_keywords = in_keywords or "KEYWORD" in text
                group = Term(f"quickref:{slugify(text)}", text.title(), "quickref",
                             section.page, len(records), line, "")
                records.append(group)
            elif heading and in_keywords:
                records.append(Term(f"quickref:{slugify(text)}", text, "keyword", section.page,
                                    len(records), line, "", parent_id=group.id))
            else:
                records[-1].text = f"{records[-1].text}\n\n{text}".strip()
    taken: set[str] = set()
    for record in records:  # "NEARBY" and the keyword list may share a slug
        base, n = record.id, 2
        while record.id in taken:
            record.id, n = f"{base}-{n}", n + 1
        taken.add(record.id)
    return [r for r in records if r.text]
