"""Template helpers: safe highlighting and entry markup, without ``|safe`` on corpus text."""
from __future__ import annotations

import re
from html import unescape

from markupsafe import Markup, escape

from service.markup import render_markup
from codex.corpus.text import links_in
from service.urls import card_url, entry_url, hit_url, split_id
from service.web import web

_MARK = re.compile(r"(</?mark>)")


@web.app_template_filter("marks")
def marks(snippet_html: str) -> Markup:
    """Re-escape a search snippet so that only ``<mark>``/``</mark>`` survive as tags.

    The search layer promises escaped text, but the page should not depend on that promise.
    """
    out = []
    for part in _MARK.split(snippet_html or ""):
        out.append(part if part in ("<mark>", "</mark>") else str(escape(unescape(part))))
    return Markup("".join(out))


def _see(name: str) -> str | None:
    """The URL of the entry a "see the 'X' entry" phrase names, if there is one."""
    from service.resources import resources

    found = resources().entry(name[:200])
    return entry_url(found.id) if found is not None else None


@web.app_template_filter("entry_html")
def entry_html(entry) -> Markup:  # noqa: ANN001 - codex.corpus.store.Entry
    """An entry's markup as HTML: paragraphs and the lists the ingest found (``blocks``),
    links, card mentions and "see the 'X' entry" phrases linked."""
    markup = entry.markup
    if not entry.blocks:
        return render_markup(markup, entry.links, entry_url, card_url, see=_see)

    def seg(a: int, b: int) -> str:
        return str(render_markup(markup[a:b], entry.links, entry_url, card_url,
                                 first_link=len(links_in(markup[:a])), see=_see))

    out = []
    for block in entry.blocks:
        if block["type"] == "p":
            out.append(f"<p>{seg(*block['span'])}</p>")
        else:
            tag = "ol" if block["type"] == "ol" else "ul"
            items = "".join(f"<li>{seg(a, b)}</li>" for a, b in block["items"])
            out.append(f'<{tag} class="source-list">{items}</{tag}>')
    return Markup("".join(out))


@web.app_template_filter("paragraph_blocks")
def paragraph_blocks(paragraphs: list) -> list[dict]:
    """Rulebook paragraphs (dicts with ``text`` and the ingest's ``list``, or plain strings)
    grouped into paragraphs and lists; list items lose their bullet or number."""
    from codex.corpus.lists import item_text, list_kind

    blocks: list[dict] = []
    for p in paragraphs:
        text = p if isinstance(p, str) else p.get("text") or ""
        kind = list_kind(text) if isinstance(p, str) else p.get("list")
        if kind and blocks and blocks[-1]["type"] == kind:
            blocks[-1]["items"].append(item_text(text))
        elif kind:
            blocks.append({"type": kind, "items": [item_text(text)]})
        else:
            blocks.append({"type": "p", "text": text})
    return blocks


@web.app_template_global("rulebook_record_url")
def _rulebook_record_url(record_id: str | None) -> str | None:
    """The page of a rulebook record (a conflict's rulebook quote links there)."""
    from service.resources import resources
    from service.urls import rulebook_url

    if not record_id:
        return None
    rec = resources().corpus.record("rulebook", record_id)
    return rulebook_url(record_id, rec.get("kind"), rec.get("page")) if rec else None


@web.app_template_global("entry_url")
def _entry_url(record_id: str) -> str:
    return entry_url(record_id)


@web.app_template_global("card_url")
def _card_url(card: str) -> str:
    return card_url(card)


@web.app_template_global("hit_url")
def _hit_url(hit: dict) -> str:
    return hit_url(hit)


@web.app_template_filter("fragment")
def fragment(record_id: str) -> str:
    """The HTML id of a record on its page (a sub-entry's anchor)."""
    return split_id(record_id)[1] or record_id
