"""A game's rulebook (markdown export) → sections, glossary entries, rulings, image texts.

One set of general rules reads every such book (Contracts, Sorcerer, Archmajesty, and the
next one); nothing here names a source, a heading or a term. The rules, in the order they
apply (docs/corpus.md explains each with its examples):

1. **Blocks** (``mdblocks``): paragraphs, items, table rows, markdown headings.
2. **Contents** (``contents``): titles with pages; they give pages and, where the
   contents mark chapters, levels.
3. **Image descriptions** (``imagery``) are set apart before anything else reads the text.
4. **Broken paragraphs**: a paragraph that stops without ending its sentence, followed by
   one that starts in lower case, is one paragraph the export split (rejoined, reported).
5. **Headings**: ``#`` headings where the book uses them (it is then trusted to mark them
   all); otherwise a short line without closing punctuation that introduces prose. Every
   contents title is located in order among heading-like lines and glossary names
   (exact, then as a prefix, then fuzzy). A contents title the text lacks (its heading
   was an image) is placed at the widest run of blank lines between its neighbours; a
   heading-like line that introduces nothing is a figure label, not a heading.
6. **Outline**: levels from the contents (chapters, sections); a heading the contents do
   not list is a sub-section of the contents section before it if ``#`` marks it deeper;
   a book without levels is flat. Ids: the slug of the heading's name (a trailing
   parenthetical is a qualifier, not part of the name); a sub-section ``parent/slug``.
7. **Glossaries**: a section titled as one (keywords, terms, terminology, glossary,
   definitions; its sub-sections too) holds entries, each either a paragraph
   ``Name: definition`` / ``Name— definition`` (the form of the first entry), or a heading
   inside it in A–Z order (in a glossary of definitions, only a heading the contents list
   there); a bold ``**Name**:`` inside a definition starts the next entry (split,
   reported). A heading that breaks the A–Z order, or a contents title at a section level,
   ends the glossary. Anywhere, a line of a bold name and an italic
   category (``**Burn** *Negative Status Effect*``) is an entry of that category.
8. **Rulings**: a section whose text is only a list of full sentences is a list of
   rulings, each item a record ``section#n``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from rapidfuzz import fuzz

from codex.corpus.contents import Contents, ContentsEntry, find_contents
from codex.corpus.errors import SourceError
from codex.corpus.imagery import is_image_description
from codex.corpus.mdblocks import Block, Repair, Span, read_document
from codex.corpus.names import Name, split_heading
from codex.corpus.rulebook import heading_key
from codex.corpus.text import slugify

HEADING_MAX = 60
PROSE_WORDS = 6
FUZZY_MIN = 90
LOCATE_WINDOW = 400          # blocks ahead a contents title is looked for
GLOSSARY_TITLE = re.compile(r"\b(keywords?|terms|terminology|glossary|definitions)\b", re.I)
KEYWORD_TITLE = re.compile(r"\bkeywords?\b", re.I)
_DEFINITION = re.compile(r"^(?P<name>[A-Z][^—–:.!?\[\]]{0,48}?)\s*(?P<sep>—|–|:)\s*(?P<rest>\S.*)$")
_SENTENCE_END = re.compile(r"[.!?][\"'”’)]*$")
_OPEN_END = re.compile(r"[.!?:;][\"'”’)\]]*$")
_SERIES = re.compile(r",\s*(?:and|or|&)\s", re.I)     # "Might, Agility, and Will"
_BRACKETED = re.compile(r"\[\s*([A-Z][A-Za-z' -]*?)\s*(?:/[^\]]*)?\]")
MAX_NAME_WORDS = 6


@dataclass
class Paragraph:
    text: str
    line: int
    kind: str                      # para | item | row | table | name
    spans: list[Span] = field(default_factory=list)
    entry: str | None = None       # the entry or ruling this paragraph is part of


@dataclass
class RuleSection:
    id: str
    title: str
    qualifier: str | None
    level: int
    parent_id: str | None
    page: int | None
    page_from: str | None          # "contents" (its own line) | "section" (the one it is in)
    line: int | None               # None: the heading is not in the text
    position: int
    in_contents: bool
    page_end: int | None = None    # with page_from "section": the next contents page, if later
    glossary: bool = False
    placed: bool = False           # a contents title whose heading the text lacks, placed
    md_level: int | None = None
    paragraphs: list[Paragraph] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n\n".join(p.text for p in self.paragraphs)

    @property
    def display_title(self) -> str:
        return f"{self.title} ({self.qualifier})" if self.qualifier else self.title


@dataclass
class RuleEntry:
    """A glossary entry (keyword, term, status…) or one ruling of a list of rulings."""

    id: str
    kind: str                      # keyword | term | status | ruling
    title: str
    qualifier: str | None
    parent_id: str
    page: int | None
    page_from: str | None
    line: int
    position: int
    page_end: int | None = None
    category: str | None = None    # an entry's printed category ("Negative Status Effect")
    keyword_name: str | None = None   # the bracketed keyword it defines, when its name is longer
    form: str = "definition"       # definition | heading | category | item
    in_contents: bool = False
    paragraphs: list[Paragraph] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n\n".join(p.text for p in self.paragraphs)


@dataclass
class ImageText:
    id: str
    section_id: str | None
    text: str
    line: int


@dataclass
class Ruleset:
    game: str
    path: Path
    title: str | None
    preamble: list[Paragraph]
    sections: list[RuleSection]
    entries: list[RuleEntry]
    images: list[ImageText]
    repairs: list[Repair]
    contents: list[ContentsEntry]
    notes: dict[str, list[str]] = field(default_factory=dict)

    def note(self, kind: str, text: str) -> None:
        self.notes.setdefault(kind, []).append(text)


def parse_ruleset(path: Path, game: str) -> Ruleset:
    """Read one markdown rulebook; raise :class:`SourceError` if no structure is found."""
    doc = read_document(path)
    contents = find_contents(doc.blocks)
    toc_blocks = contents.blocks if contents else set()
    blocks = [b for i, b in enumerate(doc.blocks) if i not in toc_blocks]
    rs = Ruleset(game, path, None, [], [], [], [], list(doc.repairs),
                 contents.entries if contents else [])
    blocks = _rejoin_broken(blocks, rs)
    images = {id(b) for b in blocks if b.kind == "para" and is_image_description(b.text)}
    explicit = any(b.kind == "heading" for b in blocks)
    located = _locate_contents(rs.contents, blocks, images)
    blocks, located = _place_lost(rs, blocks, located, images)
    heads = _headings(blocks, located, explicit, images)
    _Outline(rs, blocks, located, heads, images).build()
    if not rs.sections:
        raise SourceError(path, "no headings found: cannot tell where sections begin",
                          fix="headings are lines of their own, with # or as short title lines")
    _rulings(rs)
    _page_ranges(rs)
    return rs


# -- 4. broken paragraphs ------------------------------------------------------------------
def _rejoin_broken(blocks: list[Block], rs: Ruleset) -> list[Block]:
    out: list[Block] = []
    for b in blocks:
        prev = out[-1] if out else None
        if (prev is not None and prev.kind == "para" and b.kind == "para"
                and b.text[:1].islower() and not _OPEN_END.search(prev.text)
                and not is_candidate(prev)):
            joined = f"{prev.text} {b.text}"
            shift = len(prev.text) + 1
            rs.repairs.append(Repair("rejoined-paragraph", prev.line,
                                     f"{prev.text} ¶ {b.text}", joined))
            prev.text = joined
            prev.spans = prev.spans + [Span(s.start + shift, s.end + shift, s.style)
                                       for s in b.spans]
            prev.end_line = b.end_line
            continue
        out.append(b)
    return out


# -- 5. headings ---------------------------------------------------------------------------
def _name(block: Block) -> Name:
    return split_heading(block.text)


def is_candidate(block: Block) -> bool:
    """A line that could be a heading: short, one line, no closing punctuation."""
    if block.kind not in ("para", "heading") or block.end_line > block.line:
        return False
    name = _name(block).name
    if not 0 < len(name) <= HEADING_MAX or not re.search(r"[^\W\d_]", name):
        return False
    if block.kind == "para" and not (name[:1].isupper() or name[:1] == "("):
        return False
    if block.kind == "para" and "," in name and not _SERIES.search(name):
        return False                                 # a list of names, not a heading
    if block.kind == "heading":
        return True
    return not re.search(r"[.,;:!?]$", name) and not _DEFINITION.match(block.text)


def is_prose(block: Block) -> bool:
    """Text a heading introduces: a list, a table, or a sentence."""
    if block.kind in ("item", "row", "table"):
        return True
    if block.kind != "para" or is_candidate(block):
        return False
    return bool(_OPEN_END.search(block.text)) or len(block.text.split()) >= PROSE_WORDS


def definition(block: Block) -> re.Match[str] | None:
    """``Name— definition`` / ``Name: definition`` at the start of a paragraph."""
    if block.kind != "para":
        return None
    m = _DEFINITION.match(block.text)
    if m and len(m.group("name").split()) <= MAX_NAME_WORDS:
        return m
    return None


def category_line(block: Block) -> tuple[str, str] | None:
    """A line made of a bold name and an italic category: ``**Burn** *Negative Status
    Effect*`` → ("Burn", "Negative Status Effect")."""
    if block.kind not in ("para", "item") or len(block.spans) != 2:
        return None
    bold, italic = block.spans
    if bold.style != "strong" or italic.style != "em" or bold.start != 0:
        return None
    if italic.end != len(block.text) or block.text[bold.end:italic.start].strip():
        return None
    return block.text[:bold.end].strip(), block.text[italic.start:].strip()


def _locate_contents(entries: list[ContentsEntry], blocks: list[Block], images: set[int]
                     ) -> dict[int, ContentsEntry]:
    """Block index of each contents title, located in order; lost titles are left out."""
    keys: list[tuple[int, str, str]] = []
    for i, b in enumerate(blocks):
        if id(b) in images:
            continue
        if is_candidate(b):
            keys.append((i, heading_key(b.text), heading_key(_name(b).name)))
        elif (m := definition(b)) is not None:
            name = m.group("name")
            keys.append((i, heading_key(name), heading_key(split_heading(name).name)))
    located: dict[int, ContentsEntry] = {}
    pos = 0
    for entry in entries:
        full, base = heading_key(entry.title), heading_key(entry.name.name)
        ahead = [(i, k, kb) for i, k, kb in keys if pos <= i < pos + LOCATE_WINDOW
                 and i not in located]
        hit = next((i for i, k, kb in ahead if k == full or kb == base), None)
        if hit is None:
            hit = next((i for i, k, kb in ahead if k.startswith(base + " ")), None)
        if hit is None:
            scored = [(fuzz.ratio(base, kb), -i, i) for i, k, kb in ahead[:40]]
            best = max(scored, default=(0, 0, None))
            hit = best[2] if best[0] >= FUZZY_MIN else None
        if hit is not None:
            located[hit] = entry
            pos = hit + 1
    return located


def _place_lost(rs: Ruleset, blocks: list[Block], located: dict[int, ContentsEntry],
                images: set[int]) -> tuple[list[Block], dict[int, ContentsEntry]]:
    """Contents titles the text lacks: a heading that was an image leaves a run of blank
    lines where it stood, so each is placed before the block after the widest run between
    its located neighbours (the later one on a tie: text before it stays with the section
    above). With no gap to go by, the section is kept empty, at its contents position."""
    found = {id(e): i for i, e in located.items()}
    inserts: dict[int, list[ContentsEntry]] = {}
    lower = -1
    for n, entry in enumerate(rs.contents):
        if id(entry) in found:
            lower = found[id(entry)]
            continue
        upper = next((found[id(e)] for e in rs.contents[n + 1:] if id(e) in found), len(blocks))
        gaps = [(blocks[i].gap_before, i) for i in range(lower + 1, upper)
                if id(blocks[i]) not in images]
        best = max(gaps, default=(0, None))
        if best[1] is not None and best[0] >= 2:
            at = max(i for g, i in gaps if g == best[0])
            inserts.setdefault(at, []).append(entry)
            rs.note("placed_headings", f"{entry.title} (p. {entry.page}): heading not in the "
                                       f"text; placed before line {blocks[at].line}")
            lower = at
        else:
            inserts.setdefault(upper, []).append(entry)
            rs.note("missing_headings", f"{entry.title} (p. {entry.page}): heading not in the "
                                        "text; its section is empty")
    if not inserts:
        return blocks, located
    out: list[Block] = []
    new_located: dict[int, ContentsEntry] = {}
    for i in range(len(blocks) + 1):
        for entry in inserts.get(i, []):
            synthetic = Block("heading", entry.title, blocks[i].line if i < len(blocks) else 0,
                              0, level=None)
            synthetic.end_line = -1                      # marks a placed heading
            new_located[len(out)] = entry
            out.append(synthetic)
        if i < len(blocks):
            if i in located:
                new_located[len(out)] = located[i]
            out.append(blocks[i])
    return out, new_located


def _headings(blocks: list[Block], located: dict[int, ContentsEntry], explicit: bool,
              images: set[int]) -> set[int]:
    """Indexes of the blocks that open a section (or a heading-form glossary entry)."""
    text_blocks = [i for i, b in enumerate(blocks) if id(b) not in images]
    nxt = {a: b for a, b in zip(text_blocks, text_blocks[1:])}
    heads: set[int] = set()
    for i in text_blocks:
        b = blocks[i]
        if b.kind == "heading" or (i in located and is_candidate(b)):
            heads.add(i)
        elif not explicit and is_candidate(b) and i in nxt and is_prose(blocks[nxt[i]]):
            heads.add(i)
    # a line that introduces nothing (the next block is a heading) is a figure label
    for i in sorted(heads):
        if blocks[i].kind != "heading" and i not in located and nxt.get(i) in heads:
            heads.discard(i)
    return heads


# -- 6, 7. outline and glossaries ----------------------------------------------------------
class _Outline:
    """One pass over the blocks, opening sections and glossary entries."""

    def __init__(self, rs: Ruleset, blocks: list[Block], located: dict[int, ContentsEntry],
                 heads: set[int], images: set[int]) -> None:
        self.rs, self.blocks, self.located, self.heads, self.images = (
            rs, blocks, located, heads, images)
        self.leveled = any(e.level is not None for e in rs.contents)
        self.section: RuleSection | None = None
        self.toc_section: RuleSection | None = None      # last section the contents list
        self.front: list[RuleSection] = []               # heading stack before any of those
        self.entry: RuleEntry | None = None
        self.form: str | None = None                      # "—" / ":" / "heading"
        self.last_letter = ""
        self.page: int | None = None
        self.bracketed = {m.group(1).casefold() for b in blocks
                          for m in _BRACKETED.finditer(b.text)}
        self.taken: dict[str, RuleSection] = {}
        self.entry_ids: set[str] = set()

    def build(self) -> None:
        first = next((i for i, b in enumerate(self.blocks) if id(b) not in self.images), None)
        for i, b in enumerate(self.blocks):
            if id(b) in self.images:
                self.rs.images.append(ImageText(f"image-{len(self.rs.images) + 1}",
                                                self.section.id if self.section else None,
                                                b.text, b.line))
                continue
            if i == first and (b.kind == "heading" or is_candidate(b)) and i not in self.located:
                self.rs.title = _name(b).name          # the book's own title
                continue
            if self.rs.title and b.kind in ("para", "heading") \
                    and b.text.casefold() == self.rs.title.casefold():
                self.rs.note("running_titles", f"line {b.line}: {b.text!r} repeats the title")
                continue
            if i in self.heads:
                self._heading(i, b)
            else:
                self._block(b)

    # headings
    def _heading(self, i: int, b: Block) -> None:
        toc = self.located.get(i)
        if self.section is not None and self.section.glossary and self._entry_heading(b, toc):
            self._open_entry(_name(b), "heading", b, toc)
            self._add_paragraph(Paragraph(_name(b).name, b.line, "name", [], self.entry.id))
            return
        self._open_section(i, b, toc)

    def _entry_heading(self, b: Block, toc: ContentsEntry | None) -> bool:
        """Whether a heading inside a glossary is one of its entries (else it ends it)."""
        if toc is not None and toc.level is not None:
            return False                                 # the contents make it a section
        if self.form not in (None, "heading") and (b.kind == "heading" or toc is None):
            return False          # a "Name: definition" glossary: only the contents vouch
                                  # for a heading among its terms ("Ready and Exhausted")
        letter = _letter(_name(b).name)
        return not self.last_letter or letter >= self.last_letter

    def _open_section(self, i: int, b: Block, toc: ContentsEntry | None) -> None:
        self.entry = None
        name = toc.name if toc is not None and b.end_line == -1 else _name(b)
        parent, level = self._place(b, toc)
        if toc is not None:
            self.page = toc.page
        section = RuleSection(
            id=slugify(name.name), title=name.name, qualifier=name.qualifier, level=level,
            parent_id=parent.id if parent else None, page=self.page,
            page_from=("contents" if toc is not None else "section") if self.page else None,
            line=None if b.end_line == -1 else b.line, position=len(self.rs.sections),
            in_contents=toc is not None, placed=b.end_line == -1,
            md_level=b.level)
        section.glossary = bool(GLOSSARY_TITLE.search(section.title)) or bool(
            parent and parent.glossary and toc is not None)
        if parent is not None and not section.in_contents:
            section.id = f"{parent.id}/{section.id}"
        section.id = self._unique_section_id(section)
        self.rs.sections.append(section)
        self.section = section
        self.form, self.last_letter = None, ""
        if toc is not None:
            self.toc_section = section
        elif self.toc_section is None:
            self.front = [s for s in self.front if (s.md_level or 0) < (b.level or 0)] + [section]

    def _unique_section_id(self, section: RuleSection) -> str:
        """A repeated heading gets ``-p<page>`` when on another page, else ``-2``, ``-3``."""
        first = self.taken.get(section.id)
        if first is None:
            self.taken[section.id] = section
            return section.id
        new = f"{section.id}-p{section.page}" if section.page and section.page != first.page \
            else None
        n = 2
        while new is None or new in self.taken:
            new, n = f"{section.id}-{n}", n + 1
        self.rs.note("repeated_headings", f"{section.title} (line {section.line}) repeats the "
                                          f"heading of line {first.line}: id {new}")
        self.taken[new] = section
        return new

    def _place(self, b: Block, toc: ContentsEntry | None) -> tuple[RuleSection | None, int]:
        """Parent and level of a new section."""
        if toc is not None:
            if toc.level is None:
                return None, 1
            parent = next((s for s in reversed(self.rs.sections)
                           if s.in_contents and s.level < toc.level), None)
            return parent, toc.level
        if b.kind != "heading":
            return None, 1                              # a book without heading levels is flat
        anchor = self.toc_section
        if anchor is None:                              # before the contents' first section
            parent = next((s for s in reversed(self.front)
                           if (s.md_level or 0) < (b.level or 0)), None)
            return parent, (parent.level + 1) if parent else 1
        if anchor.md_level is not None and (b.level or 0) > anchor.md_level:
            return anchor, anchor.level + 1
        parent = next((s for s in self.rs.sections if s.id == anchor.parent_id), None)
        return parent, anchor.level

    # paragraphs
    def _block(self, b: Block) -> None:
        if self.section is None:
            self.rs.preamble.append(_paragraph(b))
            return
        cat = category_line(b)
        if cat is not None:
            name, category = cat
            self._open_entry(split_heading(name), "category", b, None, category=category)
            self._add_paragraph(Paragraph(name, b.line, "name", [], self.entry.id))
            return
        if self.section.glossary and self.form != "heading":
            m = definition(b)
            if m is not None and (self.form is None or self.form == m.group("sep")) \
                    and _letter(m.group("name")) >= (self.last_letter or "") \
                    or m is not None and self.form == m.group("sep"):
                self.form = m.group("sep")
                self._definition_entries(b, m)
                return
        if self.entry is not None and self.entry.form == "category" and b.kind == "heading":
            self.entry = None
        self._add_paragraph(_paragraph(b, self.entry.id if self.entry else None))

    def _definition_entries(self, b: Block, m: re.Match[str]) -> None:
        """A ``Name: definition`` paragraph; a bold ``**Other**:`` inside it starts the next
        entry (the export ran two definitions into one line)."""
        pieces = self._split_inline(b, m.start("rest"), m.group("sep"))
        name = split_heading(m.group("name"))
        toc = self._toc_at(b)
        for n, (piece_name, start, end) in enumerate(pieces):
            if n:
                name = split_heading(piece_name)
                toc = None
                self.rs.repairs.append(Repair(
                    "split-entry", b.line, b.text,
                    f"{m.group('name')}{m.group('sep')} … ¶ {piece_name}{m.group('sep')} …"))
            self._open_entry(name, "definition", b, toc)
            spans = [Span(s.start - start, s.end - start, s.style) for s in b.spans
                     if s.start >= start and s.end <= end]
            self._add_paragraph(Paragraph(b.text[start:end].strip(), b.line, "para", spans,
                                          self.entry.id),
                                whole=(b.text, b.spans) if n == 0 else None)

    def _split_inline(self, b: Block, rest: int, sep: str) -> list[tuple[str, int, int]]:
        cuts: list[tuple[str, int, int]] = []         # (name, start of its definition, cut)
        for s in b.spans:
            if (s.style == "strong" and s.start > rest
                    and b.text[s.end:s.end + len(sep)] == sep
                    and re.search(r"[.!?]\s*$", b.text[:s.start])):
                cuts.append((b.text[s.start:s.end], s.end + len(sep), s.start))
        pieces = []
        start = rest
        name = ""
        for cut_name, def_start, cut in cuts:
            pieces.append((name, start, cut))
            name, start = cut_name, def_start
        pieces.append((name, start, len(b.text)))
        return pieces

    def _toc_at(self, b: Block) -> ContentsEntry | None:
        return next((e for i, e in self.located.items() if self.blocks[i] is b), None)

    def _open_entry(self, name: Name, form: str, b: Block, toc: ContentsEntry | None,
                    category: str | None = None) -> None:
        assert self.section is not None
        if toc is not None:
            self.page = toc.page
        kind = self._kind(name.name, category)
        entry_id, n = f"{kind}:{slugify(name.name)}", 2
        while entry_id in self.entry_ids:
            entry_id, n = f"{kind}:{slugify(name.name)}-{n}", n + 1
        if n > 2:
            self.rs.note("repeated_entries", f"{name.name} (line {b.line}): id {entry_id}")
        self.entry_ids.add(entry_id)
        entry = RuleEntry(id=entry_id, kind=kind, title=name.name,
                          qualifier=name.qualifier, parent_id=self.section.id, page=self.page,
                          page_from=("contents" if toc else "section") if self.page else None,
                          line=b.line, position=len(self.rs.entries), category=category,
                          form=form, in_contents=toc is not None)
        if kind == "keyword":
            entry.keyword_name = self._bracket_prefix(name.name)
        self.rs.entries.append(entry)
        self.entry = entry
        if form != "category":
            self.form = self.form or ("heading" if form == "heading" else None)
            self.last_letter = _letter(name.name)

    def _kind(self, name: str, category: str | None) -> str:
        if category is not None:
            return "status" if "status" in category.casefold() else (
                "keyword" if "keyword" in category.casefold() else "term")
        if any(KEYWORD_TITLE.search(s.title) for s in self._lineage()):
            return "keyword"
        return "keyword" if self._bracket_prefix(name) is not None else "term"

    def _bracket_prefix(self, name: str) -> str | None:
        """The bracketed keyword (``[Pitch]``) an entry's name starts with ("Pitch
        Effects"), if the book writes one; None when it is the whole name."""
        base = re.split(r"[/+]", name)[0].strip()
        words = base.split()
        for n in range(len(words), 0, -1):
            if " ".join(words[:n]).casefold() in self.bracketed:
                return " ".join(words[:n]) if n < len(words) else base
        return None

    def _lineage(self) -> list[RuleSection]:
        out, s = [], self.section
        by_id = {x.id: x for x in self.rs.sections}
        while s is not None:
            out.append(s)
            s = by_id.get(s.parent_id or "")
        return out

    def _add_paragraph(self, p: Paragraph,
                       whole: tuple[str, list[Span]] | None = None) -> None:
        """A paragraph of the section (and of the current entry); ``whole`` is the text (and
        emphasis) the section keeps when an entry takes only part of it (its definition)."""
        assert self.section is not None
        if self.entry is not None and p.entry == self.entry.id and p.kind != "name":
            self.entry.paragraphs.append(p)
        section_text, section_spans = whole if whole is not None else (p.text, p.spans)
        last = self.section.paragraphs[-1] if self.section.paragraphs else None
        if whole is None and last is not None and last.line == p.line and last.kind == "para" \
                and p.kind == "para" and p.entry and last.entry != p.entry:
            return                                  # second entry split out of one line
        self.section.paragraphs.append(Paragraph(section_text, p.line, p.kind, section_spans,
                                                 p.entry))


def _paragraph(b: Block, entry: str | None = None) -> Paragraph:
    kind = {"heading": "para"}.get(b.kind, b.kind)
    text = b.text if b.kind != "table" else "\n".join(" · ".join(c for c in r if c)
                                                      for r in b.rows if any(r))
    return Paragraph(text, b.line, kind, list(b.spans), entry)


def _letter(name: str) -> str:
    letters = re.sub(r"[^a-z]", "", name.casefold())
    return letters[:1]


# -- 8. rulings ----------------------------------------------------------------------------
def _rulings(rs: Ruleset) -> None:
    """A section that is only a list of full sentences is a list of rulings."""
    for section in rs.sections:
        paras = section.paragraphs
        if len(paras) < 2 or section.glossary or any(p.entry for p in paras):
            continue
        if not all(p.kind == "item" for p in paras):
            continue
        if sum(bool(_SENTENCE_END.search(p.text)) for p in paras) < 0.8 * len(paras):
            continue
        for n, p in enumerate(paras, 1):
            entry = RuleEntry(id=f"{section.id}#{n}", kind="ruling",
                              title=f"{section.title} #{n}", qualifier=None,
                              parent_id=section.id, page=section.page,
                              page_from="section" if section.page else None, line=p.line,
                              position=len(rs.entries), form="item")
            p.entry = entry.id
            entry.paragraphs.append(p)
            rs.entries.append(entry)


def _page_ranges(rs: Ruleset) -> None:
    """A record whose page comes from the section it sits in lies between that page and
    the next page the contents give: ``page_end`` says so ("p. 7–8")."""
    order = sorted([*rs.sections, *rs.entries],
                   key=lambda r: (r.line if r.line is not None else 0, r.position))
    following: int | None = None
    for record in reversed(order):
        if record.page_from == "contents":
            following = record.page
        elif record.page_from == "section" and following and record.page \
                and following > record.page:
            record.page_end = following
