"""Text repair and normalisation shared by every source.

The Codex export is wrapped mid-sentence, double-encoded in places and carries markup
(``[[Card]]`` mentions, ``((entry))`` links, inverted ``))word((`` export artefacts). Every
consumer downstream (search snippets, citations, the engine's quotes) must agree on one
normal form, so it is defined here, once, and every repair is reported rather than silent.
"""
from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass

import ftfy

_WS = re.compile(r"\s+")
# ``((link))`` or the inverted export artefact ``))word((``; scanned left to right so that
# ``((A))' and '((B))`` yields two links, not one inverted marker.
_MARKUP = re.compile(r"\(\((?P<link>[^()]+?)\)\)|\)\)(?P<inverted>[^()]+?)\(\(")
_MENTION = re.compile(r"\[\[(?P<card>[^\[\]]+?)\]\]")
# What is left of "→" (E2 86 92) after a cp1252 round trip lost its last two bytes.
_DAMAGED_ARROW = re.compile(r"â(?=\s)")
_SLUG_DROP = re.compile(r"['’`]")
_SLUG_SEP = re.compile(r"[^0-9a-z]+")
SUSPICIOUS = re.compile(r"Ã|Â|â\s")


@dataclass(frozen=True)
class Repair:
    """One change made to source text, kept for the ingest report and provenance."""

    kind: str  # "mojibake" | "damaged-arrow" | "inverted-marker"
    before: str
    after: str


def collapse_whitespace(text: str) -> str:
    """Join wrapped lines and runs of spaces into single spaces."""
    return _WS.sub(" ", text).strip()


def repair_encoding(raw: str) -> tuple[str, list[Repair]]:
    """Undo double encoding (``MaelstrÃ¶m`` → ``Maelström``) and restore the damaged arrow.

    ftfy handles the generic mojibake; the arrow lost two of its three bytes, which no
    generic repair can recover, so a lone ``â`` before white space is read as ``→``.
    """
    fixed = ftfy.fix_text(raw, normalization="NFC", unescape_html=False)
    repairs = [Repair("mojibake", b, a) for b, a in _changed_spans(raw, fixed)]
    arrowed = _DAMAGED_ARROW.sub("→", fixed)
    if arrowed != fixed:
        repairs += [Repair("damaged-arrow", "â", "→")] * len(_DAMAGED_ARROW.findall(fixed))
    return arrowed, repairs


def clean_inverted_markers(text: str) -> tuple[str, list[Repair]]:
    """Drop the ``))word((`` artefacts of the export, keeping the word itself."""
    repairs: list[Repair] = []

    def fix(m: re.Match[str]) -> str:
        if m.group("inverted") is None:
            return m.group(0)
        repairs.append(Repair("inverted-marker", m.group(0), m.group("inverted")))
        return m.group("inverted")

    return _MARKUP.sub(fix, text), repairs


def links_in(markup: str) -> list[str]:
    """The ``((target))`` texts of a cleaned markup string, in order."""
    return [m.group("link") for m in _MARKUP.finditer(markup) if m.group("link") is not None]


def mentions_in(markup: str) -> list[str]:
    """The ``[[Card Name]]`` names of a markup string, in order, whitespace-normalised."""
    return [collapse_whitespace(m.group("card")) for m in _MENTION.finditer(markup)]


def plain(markup: str) -> str:
    """The reading text: markup delimiters removed, their words kept."""
    text = _MENTION.sub(lambda m: m.group("card"), markup)
    return _MARKUP.sub(lambda m: m.group("link") or m.group("inverted"), text)


def normalise(raw: str) -> tuple[str, list[Repair]]:
    """Repair and normalise one raw cell into markup text (links and mentions kept)."""
    fixed, repairs = repair_encoding(raw)
    cleaned, marker_repairs = clean_inverted_markers(fixed)
    return collapse_whitespace(cleaned), repairs + marker_repairs


def slugify(title: str) -> str:
    """A stable URL-safe id: ``Death's Door`` → ``deaths-door``, ``Move & Attack`` → ``move-attack``."""
    ascii_ = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    return _SLUG_SEP.sub("-", _SLUG_DROP.sub("", ascii_.lower())).strip("-") or "untitled"


def fold(name: str) -> str:
    """Key for case-, spacing- and quote-insensitive name comparison."""
    name = name.replace("’", "'").replace("“", '"').replace("”", '"')
    return collapse_whitespace(name).casefold()


def _changed_spans(before: str, after: str) -> list[tuple[str, str]]:
    """Word-level spans that differ between two strings (for readable repair reports)."""
    if before == after:
        return []
    a, b = before.split(" "), after.split(" ")
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    return [(" ".join(a[i1:i2]), " ".join(b[j1:j2]))
            for op, i1, i2, j1, j2 in matcher.get_opcodes() if op != "equal"]
