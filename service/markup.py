"""Entry markup → safe HTML: ``[[card]]`` to mention pages, ``((link))`` to resolved entries.

Corpus text is never trusted as HTML: each text run is escaped first and only the anchors built
here are inserted, so templates can render the result without ``|safe`` on corpus text.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from markupsafe import Markup, escape

from codex.corpus.text import fold

TOKEN = re.compile(r"\[\[(.+?)\]\]|\(\((.+?)\)\)|\x00(.+?)\x00")
#: "See the 'death blow' codex entry", "see the 'Pick Up' and 'Interact' codex entries": the
#: quoted names of such a phrase are entries the reader is sent to.
SEE = re.compile(r"\b[Ss]ee (?:the )?((?:'[^'\x00]{2,60}'(?:,? (?:and|or) |, )?)+) (?:codex |Codex )?entr(?:y|ies)")
_QUOTED = re.compile(r"'([^'\x00]{2,60})'")


def mark_see_phrases(markup: str, resolve: Callable[[str], str | None]) -> str:
    """Mark the names of "see the 'X' entry" phrases that name a real entry (``resolve`` gives
    its URL), so :func:`render_markup` links them; names already ``((linked))`` are left."""
    def one(m: re.Match[str]) -> str:
        names = m.group(1)
        marked = _QUOTED.sub(lambda q: f"'\x00{q.group(1)}\x00'" if "((" not in q.group(1)
                             and resolve(q.group(1)) else q.group(0), names)
        return m.group(0).replace(names, marked, 1)
    return SEE.sub(one, markup)


def render_markup(markup: str, links: list[dict], entry_href: Callable[[str], str],
                  card_href: Callable[[str], str], highlight: str | None = None,
                  first_link: int = 0, see: Callable[[str], str | None] | None = None) -> Markup:
    """Render one entry's markup; ``links`` is ``Entry.links`` (in order of appearance).

    A ``((link))`` is matched to its resolved target by position, falling back to the target
    text; an unresolved link stays plain text (with a class so it can be styled as missing).
    ``highlight``: a card whose mentions are marked (the card page quotes the sentence naming
    it); ``first_link``: the position in ``links`` of the first link of ``markup`` (one block
    of a longer entry); ``see``: resolves the names of "see the 'X' entry" phrases to URLs,
    which are then linked.
    """
    if see is not None:
        markup = mark_see_phrases(markup, see)
    by_text = {l["target_text"]: l for l in links}
    out: list[str] = []
    last = 0
    link_no = first_link
    key = fold(highlight) if highlight else None
    for m in TOKEN.finditer(markup):
        out.append(str(escape(markup[last:m.start()])))
        card, link_text, see_name = m.group(1), m.group(2), m.group(3)
        if see_name is not None:
            url = see(see_name) if see is not None else None
            out.append(f'<a class="xref see" href="{escape(url)}">{escape(see_name)}</a>' if url
                       else str(escape(see_name)))
        elif card is not None:
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
