"""What a card's page shows: its catalog data, its rules text with keywords linked to their
entries, its parsed abilities, the Codex sentences that name it, and the conflicts and rulings
that concern it. Pure data for ``card.html`` (and the catalog API); no markup from card or
corpus text is trusted: every run is escaped here and only the anchors built here are added.
"""
from __future__ import annotations

import json
import re
import threading
from collections import OrderedDict
from functools import lru_cache
from typing import Any, Callable, TypeVar

from markupsafe import Markup, escape

from codex.cards.browse import card_facts, vocabulary
from codex.cards.catalog import CardCatalog
from codex.corpus.text import fold, mentions_in
from service.markup import render_markup
from service.resources import resources
from service.urls import card_url, entry_url, rulebook_url

T = TypeVar("T")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z\[(“\"'])")


def with_catalog(fn: Callable[[CardCatalog], T]) -> T | None:
    """Call ``fn`` with the imported catalog (serialised: one connection per worker), or
    return None when no catalog is imported.

    With corpus generations (issue #18) the catalog is a ``CatalogSource`` that re-opens the
    file when an import replaces it; its ``read`` gives the current catalog under its lock, so
    card pages show a new import without a restart.
    """
    res = resources()
    source = getattr(res, "catalog_source", None)
    if source is not None:
        if hasattr(source, "read"):
            return source.read(fn)
        with source._lock:                  # the same steps as CatalogSource.get
            source._refresh()
            return fn(source.catalog) if source.catalog is not None else None
    if res.catalog is None:
        return None
    with res._catalog_lock:
        return fn(res.catalog)


_vocab_lock = threading.Lock()
_vocab: "OrderedDict[int, tuple[CardCatalog, dict[str, list[str]]]]" = OrderedDict()


def catalog_vocabulary(catalog: CardCatalog) -> dict[str, list[str]]:
    """``codex.cards.browse.vocabulary`` memoised per opened catalog (a re-import is a new one)."""
    with _vocab_lock:
        hit = _vocab.get(id(catalog))
        if hit is not None and hit[0] is catalog:
            return hit[1]
    vocab = vocabulary(catalog)
    with _vocab_lock:
        _vocab[id(catalog)] = (catalog, vocab)
        while len(_vocab) > 2:
            _vocab.popitem(last=False)
    return vocab


# -- keywords in the rules text -----------------------------------------------------------
def _keyword_target(name: str) -> str | None:
    """The Codex entry (or rulebook record) of a keyword as printed: ``Movement +1`` is the entry
    *Movement +X*, ``Ranged 2`` the entry of Ranged; tried as printed, with numbers read as X,
    then by its first word."""
    corpus = resources().corpus
    tries = [name, re.sub(r"\d+", "X", name), name.split()[0] if name.split() else name]
    for attempt in tries:
        found = resources().entry(attempt)
        if found is not None:
            return entry_url(found.id)
    for rec in corpus.keywords():
        if fold(rec["title"]) in {fold(t) for t in tries}:
            return rulebook_url(rec["id"], rec.get("kind"), rec.get("page"))
    return None


def _keyword_pattern(name: str) -> str:
    """A keyword title as a pattern over card text: ``X`` matches a number too."""
    parts = [r"(?:X|\d+)" if p == "X" else re.escape(p) for p in re.split(r"(X)", name) if p]
    return r"(?<![\w+])" + "".join(parts) + r"(?![\w])"


def linked_text(text: str, card_keywords: list[str]) -> Markup:
    """The rules text, escaped, with every keyword (the card's own and the rulebook's keyword
    list, e.g. Genesis) linked to its entry; line breaks kept."""
    names = {k.strip() for k in card_keywords if k.strip()}
    names |= {r["title"] for r in resources().corpus.keywords()}
    spans: list[tuple[int, int, str]] = []
    for name in sorted(names, key=len, reverse=True):
        for m in re.finditer(_keyword_pattern(name), text, re.IGNORECASE):
            if any(s < m.end() and m.start() < e for s, e, _ in spans):
                continue
            target = _keyword_target(m.group(0))
            if target:
                spans.append((m.start(), m.end(), target))
    out, last = [], 0
    for start, end, url in sorted(spans):
        out.append(str(escape(text[last:start])))
        out.append(f'<a class="kw" href="{escape(url)}">{escape(text[start:end])}</a>')
        last = end
    out.append(str(escape(text[last:])))
    return Markup("".join(out).replace("\n", "<br>"))


# -- parsed abilities ---------------------------------------------------------------------
def abilities(card: dict[str, Any]) -> dict[str, Any]:
    """The engine's reading of the card text: keywords, abilities by kind (and whether this
    engine version applies them), sentences the grammar cannot read."""
    from codex.engine import abilities_of

    text = card.get("rules_text") or ""
    try:
        ab = abilities_of(text, card.get("name"), spell=str(card.get("type")).lower() == "magic")
    except Exception:        # the grammar must not take the card page down with it
        return {"keywords": [], "abilities": [], "unreadable": [text] if text else []}
    return {"keywords": list(ab.keywords.names()),
            "abilities": [{"kind": a.kind.value, "text": a.text, "executed": a.executed}
                          for a in ab.abilities],
            "unreadable": list(ab.unreadable)}


# -- the rules that name the card --------------------------------------------------------
def mention_sentences(card: str) -> list[dict[str, Any]]:
    """Each Codex record that names the card, with the sentence(s) naming it (card marked)."""
    out = []
    key = fold(card)
    for rec in resources().corpus.mentions(card):
        entry = resources().entry(rec["id"])
        if entry is None:
            continue
        sentences = [s for s in _SENTENCE.split(entry.markup)
                     if any(fold(m) == key for m in mentions_in(s))]
        out.append({"id": rec["id"], "title": rec["title"], "url": entry_url(rec["id"]),
                    "parent_title": entry.parent_title,
                    "sentences": [render_markup(s, entry.links, entry_url, card_url,
                                                highlight=card) for s in sentences]})
    return out


def concerning_conflicts(card: str, record_ids: list[str], keyword_ids: list[str]
                         ) -> list[dict[str, Any]]:
    """Conflicts on a record that names the card or on one of its keywords' entries, or whose
    quotes or note name it."""
    ids = set(record_ids) | set(keyword_ids)
    parents = {i.partition("#")[0] for i in ids}
    key = fold(card)
    out = []
    for c in resources().corpus.conflicts():
        cid = c.get("codex_id") or ""
        text = fold(" ".join(str(c.get(k) or "") for k in ("codex_quote", "rulebook_quote",
                                                           "note")))
        if cid in ids or cid.partition("#")[0] in parents or re.search(
                r"\b" + re.escape(key) + r"\b", text):
            out.append(c)
    return out


@lru_cache(maxsize=1)
def _example_cards() -> dict[str, list[dict[str, str]]]:
    """Card name (folded) → the example scenarios that name it."""
    from codex.rulings_store import named_cards
    from service.web.tools import examples

    index: dict[str, list[dict[str, str]]] = {}
    for ex in examples():
        for name in named_cards(json.loads(ex["scenario"])):
            index.setdefault(name, []).append({"key": ex["key"], "title": f"{ex['area']}: {ex['name']}"})
    return index


def concerning_rulings(card: str) -> dict[str, list[dict[str, str]]]:
    """Example rulings and shared rulings whose scenario names the card."""
    from flask import current_app, url_for

    from service.rulings import store

    key = " ".join(card.split()).casefold()
    examples = [{**e, "url": url_for("web.rulings", example=e["key"])}
                for e in _example_cards().get(key, [])]
    shared = [{"key": k, "url": url_for("web.shared_ruling", key=k)}
              for k in store(current_app).keys_naming([card], limit=10)]
    return {"examples": examples[:20], "shared": shared}


def card_page(card: dict[str, Any]) -> dict[str, Any]:
    """Everything the card page shows, from the catalog row (with printings)."""
    facts = card_facts(card)
    facts["text_html"] = linked_text(card.get("rules_text") or "", facts["keywords"])
    facts["abilities"] = abilities(card)
    mentions = mention_sentences(facts["name"])
    keyword_ids = [e.id for e in (resources().entry(k) for k in facts["keywords"]) if e]
    facts["mentions"] = mentions
    facts["conflicts"] = concerning_conflicts(facts["name"], [m["id"] for m in mentions],
                                              keyword_ids)
    facts["rulings"] = concerning_rulings(facts["name"])
    return facts
