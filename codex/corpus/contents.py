"""A rulebook's table of contents: titles with pages, from a markdown or tab-separated table.

PDF exports keep page numbers only in the contents, so the contents are what lets a judge
cite "p. 20, Ready and Exhausted". Two layouts occur and are read by one rule: rows whose
cells pair a title with a page number, in one or more column pairs (a markdown table, or
lines of tab-separated cells), read column by column (a two-column contents page lists the
first column top to bottom first). A title whose page cell is empty continues on the next
row ("Partially Resolved Effects" / "and Sorceries 22"). Bold or upper-case titles among
plain ones are chapters (level 1) and the plain ones their sections (level 2); a contents
list with no such difference is flat (level None).
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass

from codex.corpus.mdblocks import Block
from codex.corpus.names import Name, split_heading
from codex.corpus.text import collapse_whitespace

_LEADERS = re.compile(r"\s*\.{2,}\s*$")
_TAG = re.compile(r"<[^>]*>")
_BOLD = re.compile(r"^\s*(?:<b>|<strong>|\*\*)", re.I)
_SEPARATOR = re.compile(r"^\s*:?-{3,}:?\s*$")
_SELF = re.compile(r"^(?:table of )?contents$", re.I)   # the contents listing itself
_PAGE = re.compile(r"^\s*(?:<[^>]+>|\*\*)*\s*(\d{1,4})\s*(?:<[^>]+>|\*\*)*\s*$")
CONTENTS_WORDS = ("contents",)
MIN_ENTRIES = 2         # after a line naming the contents, two title/page rows are a list
SEARCH_AHEAD = 3        # blocks between the "contents" heading and the table


@dataclass
class ContentsEntry:
    """One line of the contents."""

    title: str            # as printed, markup removed ("Omen Counters (Omens)")
    name: Name            # split into name and qualifier
    page: int
    level: int | None     # 1 chapter, 2 section; None when the contents are flat
    line: int             # source line of the row
    chapter_style: bool = False


@dataclass
class Contents:
    entries: list[ContentsEntry]
    blocks: set[int]      # indexes of the blocks the contents occupy (heading included)


def find_contents(blocks: list[Block]) -> Contents | None:
    """The contents of a book: the first table of title/page rows after a heading or line
    naming the contents. None when the book has no contents (Contracts)."""
    for i, block in enumerate(blocks):
        if block.kind not in ("heading", "para") or len(block.text) > 40:
            continue
        if not any(w in block.text.casefold() for w in CONTENTS_WORDS):
            continue
        rows: list[tuple[list[str], int]] = []
        used = {i}
        j = i + 1
        while j < len(blocks) and j <= i + SEARCH_AHEAD + len(used):
            b = blocks[j]
            if b.kind == "table":
                rows += [(r, b.line + n) for n, r in enumerate(b.raw_rows)]
                used.add(j)
            elif b.kind == "row":
                rows.append((b.raw_cells, b.line))
                used.add(j)
            elif rows:
                break
            j += 1
        entries = _entries(rows)
        if len(entries) >= MIN_ENTRIES:
            return Contents(entries, used)
    return None


def _entries(rows: list[tuple[list[str], int]]) -> list[ContentsEntry]:
    width = max((len(r) for r, _ in rows), default=0)
    pairs = width // 2
    found: list[ContentsEntry] = []
    for col in range(pairs):
        pending, pending_bold, pending_line = "", False, 0
        for cells, line in rows:
            cells = cells + [""] * (width - len(cells))
            title_cell, page_cell = cells[2 * col], cells[2 * col + 1]
            if _SEPARATOR.match(title_cell) and _SEPARATOR.match(page_cell):
                continue                              # a markdown table's |---|---| row
            title = _clean(title_cell)
            if not title and not page_cell.strip():
                continue
            if title and not pending:
                pending_bold, pending_line = bool(_BOLD.match(title_cell)), line
            pending = f"{pending} {title}".strip()
            page = _PAGE.match(page_cell)
            if page and pending:
                found.append(ContentsEntry(pending, split_heading(pending), int(page.group(1)),
                                           None, pending_line, pending_bold))
                pending = ""
    found = [e for e in found if not _SELF.match(e.title)]
    _levels(found)
    return found


def _clean(cell: str) -> str:
    text = html.unescape(_TAG.sub("", cell)).replace("**", "").replace("\\", "")
    text = re.sub(r"(?<!\w)\*|\*(?!\w)", "", text)
    return _LEADERS.sub("", collapse_whitespace(text))


def _levels(entries: list[ContentsEntry]) -> None:
    """Chapters at level 1 and the rest at 2, if the contents mark chapters at all.

    Bold marks chapters where the contents use bold; otherwise titles in capitals do
    (a word of four or more letters, so "A-M" is not a chapter by its capitals).
    """
    if not any(e.chapter_style for e in entries):
        for e in entries:
            words = re.findall(r"[^\W\d_]+", e.name.name)
            e.chapter_style = (any(len(w) >= 4 for w in words)
                               and all(w.isupper() for w in words))
    kinds = {e.chapter_style for e in entries}
    for e in entries:
        e.level = (1 if e.chapter_style else 2) if len(kinds) == 2 else None
