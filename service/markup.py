"""Entry markup → safe HTML: ``[[card]]`` to mention pages, ``((link))`` to resolved entries.

Corpus text is never trusted as HTML: each text run is escaped first and only the anchors built
here are inserted, so templates can render the result without ``|safe`` on corpus text.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from markupsafe import Markup, escape

from codex.corpus.text import fold

TOKEN = re.compile(r"\[\[(.+?)\]\]|\(\((.+?)\)\)")


def render_markup(markup: str, links: list[dict], entry_href: Callable[[str], str],
                  card_href: Callable[[str], str], highlight: str | None = None,
                  first_link: int = 0) -> Markup:
    """Render one entry's markup; ``links`` is ``Entry.links`` (in order of appearance).

    A ``((link))`` is matched to its resolved target by position, falling back to the target
    text; an unresolved link stays plain text (with a class so it can be styled as missing).
    """
    by_text = {l["target_text"]: l for l in links}
    out: list[str] = []
    last = 0
    link_no = first_link
    key = fold(highlight) if highlight else None
    for m in TOKEN.finditer(markup):
        out.append(str(escape(markup[last:m.start()])))
        card, link_text = m.group(1), m.group(2)
        if card is not None:
            anchor = f'<a class="card" href="{escape(card_href(card))}">{escape(card)}</a>'
            out.append(f"<mark>{anchor}</mark>" if key and fold(card) == key else anchor)
        else:
            link = links[link_no] if link_no < len(links) else None
            if link is None or link.get("target_text") != link_text:
                link = by_text.get(link_text)
            link_no += 1
            if link and link.get("target_id"):
                title = link.get("target_title") or link_text
                out.append(f'<a class="xref" href="{escape(entry_href(link["target_id"]))}" '
                           f'title="{escape(title)}">{escape(link_text)}</a>')
            else:
                out.append(f'<span class="xref missing">{escape(link_text)}</span>')
        last = m.end()
    out.append(str(escape(markup[last:])))
    return Markup("".join(out))
