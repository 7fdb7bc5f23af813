"""A markdown-ish rulebook → a flat list of normalised blocks (paragraphs, headings, items).

The three newer rule sources (Contracts, Sorcerer, Archmajesty) are markdown exports of
PDFs: some mark headings with ``#``, some do not; HTML tags and entities sit inside the
markdown (``<b>``, ``<i>``, ``&amp;``, ``<ul><li>``); tables of stats are tab-separated
lines; bullets are glyphs (``◆``, ``•``) as often as ``-``. markdown-it-py reads the
markdown (block structure, emphasis, escapes, entities, links); this module turns its
tokens into :class:`Block` s whose ``text`` is the normal form every record, citation and
snippet agrees on (GAMES.md): markup removed, entities decoded, whitespace collapsed. The
emphasis of each span is kept beside the text (``spans``), because emphasis is how these
books mark a term they name (cross-references) and a glossary entry's name.

What structure means (headings without ``#``, glossaries, rulings) is decided later, in
``ruleset.py``; this module only reads.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

from codex.corpus.errors import SourceError
import ftfy

from codex.corpus.text import _changed_spans

MAX_BYTES = 4 * 1024 * 1024
BULLETS = "◆♦•●▪■►"
_TAG = re.compile(r"<[^>]*>")
_TAG_NAME = re.compile(r"^<\s*(/?)\s*([a-zA-Z][a-zA-Z0-9]*)")
_WS = re.compile(r"[ \t\r\f\v\u00a0]+")
_RULE_LINE = re.compile(r"^\s*(?:\\?[_*-]\s*){3,}$")
_STRAY_MARK = re.compile(r"(?<![\w*])\*+(?=\s|$)|(?<=\s)\*+(?![\w*])|^\*+(?=\s)")


@dataclass(frozen=True)
class Span:
    """An emphasised run of a block's text: ``style`` is "strong" or "em"."""

    start: int
    end: int
    style: str


@dataclass
class Block:
    """One paragraph-level unit of a source, in reading order.

    ``kind``: ``heading`` (a ``#`` heading; ``level`` 1–6), ``para`` (a paragraph line or
    soft-wrapped lines), ``item`` (a list item, ``-``/``1.`` or a bullet glyph), ``row`` (a
    tab-separated table line; ``cells``), ``table`` (a markdown table; ``rows``).
    ``line`` is the 1-based line of the source where the block starts.
    """

    kind: str
    text: str
    line: int
    end_line: int
    level: int | None = None
    depth: int = 0
    ordered: bool = False
    spans: list[Span] = field(default_factory=list)
    cells: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    raw_cells: list[str] = field(default_factory=list)   # a row's cells with their markup
    raw_rows: list[list[str]] = field(default_factory=list)   # a table's, likewise
    gap_before: int = 0        # blank source lines between this block and the previous one

    def emphasised(self) -> list[tuple[str, str]]:
        """The emphasised words of the block, as ``(text, style)``."""
        return [(self.text[s.start:s.end], s.style) for s in self.spans]


@dataclass(frozen=True)
class Repair:
    """A change the reader made to the source text, listed in the ingest report."""

    kind: str
    line: int
    before: str
    after: str


@dataclass
class Document:
    path: Path
    lines: list[str]
    blocks: list[Block]
    repairs: list[Repair]


_MD = MarkdownIt("commonmark", {"html": True}).enable("table")


def read_document(path: Path) -> Document:
    """Read and tokenise a markdown rule source; raise :class:`SourceError` if unreadable."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SourceError(path, f"cannot read the file: {exc}") from None
    if len(data) > MAX_BYTES:
        raise SourceError(path, f"the file is {len(data):,} bytes, over the limit of "
                                f"{MAX_BYTES:,}", fix="is this really a rulebook export?")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise SourceError(path, f"invalid UTF-8 at byte {exc.start} (line {line})",
                          fix="save the export as UTF-8") from None
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        raise SourceError(path, "the file is empty")
    reader = _Reader(text.split("\n"))
    reader.run(_MD.parse(text))
    return Document(path, reader.lines, reader.blocks, reader.repairs)


class _Reader:
    """Walks markdown-it's block tokens, emitting :class:`Block` s."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.blocks: list[Block] = []
        self.repairs: list[Repair] = []
        self._depth = 0
        self._ordered: list[bool] = []
        self._last_end = 0

    # -- block level ----------------------------------------------------------------------
    def run(self, tokens: list[Token]) -> None:
        i = 0
        while i < len(tokens):
            tok = tokens[i]
            if tok.type in ("bullet_list_open", "ordered_list_open"):
                self._depth += 1
                self._ordered.append(tok.type == "ordered_list_open")
            elif tok.type in ("bullet_list_close", "ordered_list_close"):
                self._depth -= 1
                self._ordered.pop()
            elif tok.type == "heading_open":
                inline = tokens[i + 1]
                self._inline_block("heading", inline, tok.map, level=int(tok.tag[1:]))
                i += 2
            elif tok.type == "paragraph_open":
                inline = tokens[i + 1]
                self._inline_block("item" if self._depth else "para", inline, tok.map)
                i += 2
            elif tok.type == "table_open":
                i = self._table(tokens, i)
                continue
            elif tok.type == "html_block":
                self._html_block(tok)
            elif tok.type in ("fence", "code_block"):
                self._plain_block(tok.content, tok.map)
            i += 1

    def _gap(self, start: int) -> int:
        gap = sum(1 for n in range(self._last_end, start) if not self.lines[n].strip())
        return gap

    def _add(self, block: Block, span: list[int] | None) -> None:
        if span:
            block.gap_before = self._gap(span[0])
            self._last_end = max(self._last_end, span[1])
        self.blocks.append(block)

    def _table(self, tokens: list[Token], i: int) -> int:
        start = tokens[i].map
        rows: list[list[str]] = []
        row: list[str] = []
        while tokens[i].type != "table_close":
            tok = tokens[i]
            if tok.type == "tr_open":
                row = []
            elif tok.type == "inline":
                row.append(_collapse(self._render(tok)[0]))
            elif tok.type == "tr_close":
                rows.append(row)
            i += 1
        line = (start[0] + 1) if start else 0
        end = start[1] if start else line
        self._add(Block("table", "", line, end, rows=rows,
                        raw_rows=_raw_table_rows(self.lines, start)), start)
        return i + 1

    def _html_block(self, tok: Token) -> None:
        text = html.unescape(_TAG.sub(" ", tok.content))
        if text.strip():
            self._plain_block(text, tok.map)

    def _plain_block(self, content: str, span: list[int] | None) -> None:
        line = (span[0] + 1) if span else 0
        for n, part in enumerate(p for p in content.split("\n") if p.strip()):
            self._add(Block("para", _collapse(part), line + n, line + n), span if n == 0 else None)

    # -- paragraphs, items, rows --------------------------------------------------------------
    def _inline_block(self, kind: str, inline: Token, span: list[int] | None,
                      level: int | None = None) -> None:
        text, spans, raw_lines = self._render(inline)
        first = (span[0] + 1) if span else 0
        last = span[1] if span else first
        if kind == "heading":
            self._add(self._make("heading", text, spans, first, last, level=level), span)
            return
        if kind == "para" and _RULE_LINE.match(inline.content or ""):
            self._last_end = max(self._last_end, last)
            return                                            # "\_\_\_\_" drawn as a rule
        pieces = _split_rows(text, spans, raw_lines)
        for n, (piece_text, piece_spans, cells, offset) in enumerate(pieces):
            line = first + min(offset, max(0, len(raw_lines) - 1))
            raw = raw_lines[offset] if offset < len(raw_lines) else ""
            if cells is not None:
                block = self._make("row", piece_text, piece_spans, line, line)
                block.cells = cells
                block.raw_cells = raw.split("\t")
            elif n == 0 and kind == "item":
                block = self._make("item", piece_text, piece_spans, line, last)
                block.depth = self._depth
                block.ordered = bool(self._ordered and self._ordered[-1])
            elif piece_text[:1] in BULLETS:
                block = self._make("item", piece_text, piece_spans, line, line)
                block.depth = max(1, self._depth)
            else:
                block = self._make(kind, piece_text, piece_spans, line, last)
                if kind == "item":
                    block.depth = self._depth
            self._add(block, span if n == 0 else None)

    def _make(self, kind: str, text: str, spans: list[Span], line: int, end: int,
              level: int | None = None) -> Block:
        text, spans = self._strip_bullet(text, spans)
        text, spans = self._strip_strays(text, spans, line)
        fixed = ftfy.fix_encoding(text)       # mojibake only: quotes and dashes stay as written
        if fixed != text:
            for before, after in _changed_spans(text, fixed):
                self.repairs.append(Repair("mojibake", line, before, after))
            if len(fixed) != len(text):
                spans = []                    # offsets moved: emphasis of this block is lost
        return Block(kind, fixed, line, end, level=level, spans=spans)

    @staticmethod
    def _strip_bullet(text: str, spans: list[Span]) -> tuple[str, list[Span]]:
        """A bullet glyph opening a line is list markup, not text."""
        stripped = text.lstrip(BULLETS + " ")
        cut = len(text) - len(stripped)
        if not cut:
            return text, spans
        return stripped, [Span(max(0, s.start - cut), max(0, s.end - cut), s.style)
                          for s in spans if s.end > cut]

    def _strip_strays(self, text: str, spans: list[Span], line: int) -> tuple[str, list[Span]]:
        """An unbalanced ``*`` the export left behind ("**No attacks ….*") is dropped."""
        if "*" not in text:
            return text, spans
        out = text
        for m in reversed(list(_STRAY_MARK.finditer(text))):
            a, b = m.span()
            out = out[:a] + out[b:]
            spans = [Span(s.start - (b - a) if s.start >= b else s.start,
                          s.end - (b - a) if s.end >= b else s.end, s.style) for s in spans]
        if out != text:
            cleaned, spans = _collapse_with_spans(out, spans)
            self.repairs.append(Repair("stray-emphasis-marker", line, text, cleaned))
            return cleaned, spans
        return text, spans

    # -- inline ---------------------------------------------------------------------------
    def _render(self, inline: Token) -> tuple[str, list[Span], list[str]]:
        """Text of an inline token (markup dropped, entities decoded), its emphasis spans,
        and its source lines with markup (for row splitting)."""
        parts: list[str] = []
        spans: list[Span] = []
        open_at: dict[str, list[int]] = {"strong": [], "em": []}
        pos = 0

        def emit(s: str) -> None:
            nonlocal pos
            parts.append(s)
            pos += len(s)

        for child in inline.children or []:
            t = child.type
            if t == "text" or t == "code_inline":
                emit(child.content)
            elif t in ("softbreak", "hardbreak"):
                emit("\n")
            elif t in ("strong_open", "em_open"):
                open_at[t[:-5]].append(pos)
            elif t in ("strong_close", "em_close"):
                style = t[:-6]
                if open_at[style]:
                    start = open_at[style].pop()
                    if pos > start:
                        spans.append(Span(start, pos, style))
            elif t == "html_inline":
                closing, name = _tag(child.content)
                style = {"b": "strong", "strong": "strong", "i": "em", "em": "em"}.get(name)
                if style:
                    if not closing:
                        open_at[style].append(pos)
                    elif open_at[style]:
                        start = open_at[style].pop()
                        if pos > start:
                            spans.append(Span(start, pos, style))
                elif name in ("li", "br", "p") and not closing:
                    emit("\n")
            elif t == "image":
                emit(child.content or "")
        raw = (inline.content or "").split("\n")
        return "".join(parts), spans, raw


def _tag(markup: str) -> tuple[bool, str]:
    m = _TAG_NAME.match(markup)
    return (bool(m.group(1)), m.group(2).lower()) if m else (False, "")


def _collapse(text: str) -> str:
    return " ".join(text.split())


def _collapse_with_spans(text: str, spans: list[Span]) -> tuple[str, list[Span]]:
    """Collapse white space and keep the spans on the same characters."""
    if not spans:
        return _collapse(text), []
    keep: list[int] = []                    # new index of every old character (-1: dropped)
    out: list[str] = []
    prev_space = True
    for ch in text:
        if ch.isspace():
            if prev_space:
                keep.append(-1)
                continue
            out.append(" ")
            prev_space = True
        else:
            out.append(ch)
            prev_space = False
        keep.append(len(out) - 1)
    while out and out[-1] == " ":
        out.pop()
    n = len(out)

    def at(i: int) -> int:
        while i < len(keep) and keep[i] < 0:
            i += 1
        return min(keep[i], n) if i < len(keep) else n

    new = []
    for s in spans:
        a, b = at(s.start), at(s.end) if s.end < len(keep) else n
        if b > a:
            new.append(Span(a, b, s.style))
    return "".join(out), new


def _split_rows(text: str, spans: list[Span], raw_lines: list[str]
                ) -> list[tuple[str, list[Span], list[str] | None, int]]:
    """Split one markdown paragraph into its pieces.

    Soft-wrapped lines join into one piece; a line holding a tab is a table row of its
    own (cells split on tabs), and a line that opens with a bullet glyph starts a new
    piece (an item): exports write stat blocks and glyph lists without blank lines.
    """
    lines = text.split("\n")
    offsets = []
    pos = 0
    for ln in lines:
        offsets.append(pos)
        pos += len(ln) + 1
    groups: list[list[int]] = []
    for n, ln in enumerate(lines):
        starts_new = ("\t" in ln or ln.lstrip()[:1] in BULLETS
                      or (groups and "\t" in lines[groups[-1][-1]]))
        if not groups or starts_new:
            groups.append([n])
        else:
            groups[-1].append(n)
    out = []
    for g in groups:
        a = offsets[g[0]]
        b = offsets[g[-1]] + len(lines[g[-1]])
        piece = text[a:b]
        piece_spans = [Span(max(s.start, a) - a, min(s.end, b) - a, s.style)
                       for s in spans if s.end > a and s.start < b]
        if "\t" in piece:
            cells = [_collapse(c) for c in piece.split("\t")]
            cells = [c for c in cells if c]
            out.append((" · ".join(cells), [], cells, g[0]))
        else:
            flat, flat_spans = _collapse_with_spans(piece.replace("\n", " "), piece_spans)
            if flat:
                out.append((flat, flat_spans, None, g[0]))
    return out


def _raw_table_rows(lines: list[str], span: list[int] | None) -> list[list[str]]:
    if not span:
        return []
    return [[c.strip() for c in ln.strip().strip("|").split("|")]
            for ln in lines[span[0]:span[1]]]
