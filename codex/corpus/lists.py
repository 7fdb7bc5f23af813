"""Lists the sources wrote as lists, found again after export.

The rulebook's text keeps its bullets (``- Each Avatar has a name.``) one to a line, so a
paragraph that starts with a bullet or ``1.`` is a list item (:func:`list_kind`). The Codex CSV
export flattened its lists into running text, but two shapes survive and are read back:

* a numbered run ``1) … 2) … 3) …`` (consecutive numbers from 1): an ordered list;
* after ``the following …:``, a run of short items each starting with a capital right after a
  word without punctuation ("Card name Rarity Power, which may be zero Cost, …"): a list,
  as long as every item is short and none ends a sentence. A capital within a known multi-word
  name (an entry title such as "Move and Attack", a card the Codex names) does not start an item.

What neither rule can tell apart stays prose (a list whose items are whole sentences, as in
*Fight*, or one that continues after a note, as the fourth bullet of *Interact*): the structure
is a reading aid, never a guess presented as the source. ``text`` and ``markup`` are untouched;
the blocks are offsets into ``markup``, so citations and links are unaffected.
"""
from __future__ import annotations

import re
from typing import Any, Iterable

_BULLET = re.compile(r"^[-•*▪●]\s+")
_NUMBER = re.compile(r"^\d{1,2}[.)]\s+")
_NUMBERED_ITEM = re.compile(r"(?:(?<=\s)|^)(\d{1,2})\)\s+")
_FOLLOWING = re.compile(r"\bthe following(?: [\w'-]+){0,4}:\s+")
_WORD = re.compile(r"\S+")
MAX_ITEM_WORDS = 24


def list_kind(paragraph: str) -> str | None:
    """``ul`` for a bulleted line, ``ol`` for a numbered one, None for prose."""
    if _BULLET.match(paragraph):
        return "ul"
    if _NUMBER.match(paragraph):
        return "ol"
    return None


def item_text(paragraph: str) -> str:
    """A list line without its bullet or number."""
    return _NUMBER.sub("", _BULLET.sub("", paragraph, count=1), count=1)


def codex_blocks(markup: str, names: Iterable[str] = ()) -> list[dict[str, Any]] | None:
    """The markup as blocks (``{"type": "p", "span": [a, b]}`` or ``{"type": "ul"|"ol",
    "items": [[a, b], …]}``, offsets into ``markup``), or None when it has no list."""
    multiword = sorted({n for n in names if " " in n.strip()}, key=len, reverse=True)
    lists = _numbered(markup) or _following(markup, multiword)
    if not lists:
        return None
    blocks: list[dict[str, Any]] = []
    pos = 0
    for kind, items in lists:
        if items[0][0] > pos:
            blocks.append({"type": "p", "span": [pos, _trim_end(markup, pos, items[0][0])]})
        blocks.append({"type": kind, "items": [list(i) for i in items]})
        pos = items[-1][1]
    rest = markup[pos:].strip()
    if rest:
        start = len(markup) - len(markup[pos:].lstrip())
        blocks.append({"type": "p", "span": [start, len(markup)]})
    return blocks


def _trim_end(text: str, start: int, end: int) -> int:
    while end > start and text[end - 1].isspace():
        end -= 1
    return end


def _numbered(markup: str) -> list[tuple[str, list[tuple[int, int]]]]:
    """``1) … 2) …`` runs numbered from 1 without gaps (at least two items)."""
    marks = list(_NUMBERED_ITEM.finditer(markup))
    run: list[re.Match[str]] = []
    for m in marks:
        if int(m.group(1)) == len(run) + 1:
            run.append(m)
        elif int(m.group(1)) == 1:
            run = [m]
    if len(run) < 2:
        return []
    items = []
    for i, m in enumerate(run):
        end = run[i + 1].start() if i + 1 < len(run) else len(markup)
        items.append((m.end(), _trim_end(markup, m.end(), end)))
    return [("ol", items)]


def _following(markup: str, multiword: list[str]) -> list[tuple[str, list[tuple[int, int]]]]:
    """Short items after ``the following …:``, split where a capital follows a bare word."""
    found: list[tuple[str, list[tuple[int, int]]]] = []
    for intro in _FOLLOWING.finditer(markup):
        start = intro.end()
        words = list(_WORD.finditer(markup, start))
        spans = [(m.start(), m.start() + len(name)) for name in multiword
                 for m in re.finditer(re.escape(name), markup)]
        cuts = [start]
        for prev, word in zip(words, words[1:]):
            if _starts_item(prev.group(0), markup, word.start(), spans):
                cuts.append(word.start())
        cuts.append(len(markup))
        items: list[tuple[int, int]] = []
        for a, b in zip(cuts, cuts[1:]):
            chunk = markup[a:b].strip()
            if re.search(r"[.!?:;]['’\")\]]*$|[.!?]\s", chunk) or \
                    len(chunk.split()) > MAX_ITEM_WORDS:
                break
            items.append((a, _trim_end(markup, a, b)))
        if len(items) >= 2:
            found.append(("ul", items))
    return found


#: Words an item never ends with: a capital after one continues the phrase ("the Nomads").
_FUNCTION = frozenset("""a an the of in on at to into onto by for from with as than that and or
    but nor is are was were be been has have had do does its their his her your my our no not
    any each every this these those which who whose""".split())


def _starts_item(prev: str, text: str, at: int, spans: list[tuple[int, int]]) -> bool:
    """Whether the word at ``at`` starts a new item: a capitalised word (not a single letter
    or an acronym, not inside a ``[[card]]``/``((link))``) right after a word that ends
    without punctuation and is not a function word, and not the start of a known name."""
    if not re.match(r"[A-Z][a-z]", text[at:at + 2]):
        return False
    if not (prev[-1].islower() or prev[-1] in ")]" or prev[-1].isdigit()):
        return False
    if prev.strip("'\"").lower() in _FUNCTION or _inside_markup(text, at):
        return False
    # a capital that starts or continues a known multi-word name ("used Move and Attack",
    # "Rimland Nomads", "Moves Freely") continues the item
    return not any(a <= at < b for a, b in spans)


def _inside_markup(text: str, at: int) -> bool:
    before = text[:at]
    return before.rfind("[[") > before.rfind("]]") or before.rfind("((") > before.rfind("))")
