"""Template helpers: safe highlighting and entry markup, without ``|safe`` on corpus text."""
from __future__ import annotations

import re
from html import unescape

from markupsafe import Markup, escape

from service.markup import render_markup
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


@web.app_template_filter("entry_html")
def entry_html(entry) -> Markup:  # noqa: ANN001 - codex.corpus.store.Entry
    return render_markup(entry.markup, entry.links, entry_url, card_url)


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
