"""Offline use: a service worker that keeps the rules on the device, a compact search index for
the browser, the list of pages to keep, and the corpus build date on every page.

A judge opens the site once with a signal; the service worker (``/sw.js``, scope ``/``) then
saves every entry, rulebook section and page, the keyword index, the conflicts and the search
index. Without a signal, pages come from that copy and a search runs in the browser over the
index (``arbiter.js``), with the build date of the copy shown. The worker's script names the
corpus build and the card catalog it saves (:func:`copy_id`), so a new build (a new generation
served) or a card import is a new script: the browser installs it, saves the new pages and
drops the old copy. Service workers need a secure context:
``localhost``/``127.0.0.1`` or HTTPS (not plain HTTP on a LAN address).
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

from flask import Response, render_template, url_for

from codex.corpus.text import plain
from service.resources import resources
from service.urls import entry_url, record_url
from service.web import web


@web.app_context_processor
def _build_info() -> dict[str, Any]:
    try:
        res = resources()
    except Exception:                # an error page rendered without a corpus
        return {"build_info": {"id": "", "built_at": "", "date": "unknown"}}
    built = res.built_at or ""
    return {"build_info": {"id": res.fingerprint, "built_at": built,
                           "date": built[:10] or "unknown"}}


def copy_id() -> str:
    """What the offline copy is of: the corpus build and the catalog file (its card names are
    in the search index the copy keeps), so that either changing makes a new copy."""
    res = resources()
    source = res.catalog_source
    catalog = source.version if source is not None else "-"
    return hashlib.sha256(f"{res.fingerprint}/{catalog}".encode()).hexdigest()[:16]


@web.get("/sw.js")
def service_worker() -> Response:
    """The service worker, named after the corpus build it keeps."""
    body = render_template("sw.js", build=copy_id(),
                           pages_url=url_for("web.offline_pages"),
                           offline_url=url_for("web.offline_page"))
    resp = Response(body, mimetype="text/javascript")
    resp.headers["Cache-Control"] = "no-cache"
    return resp


@web.get("/manifest.webmanifest")
def manifest() -> Response:
    data = {"name": "Arbiter: Sorcery rules", "short_name": "Arbiter", "start_url": "/",
            "display": "standalone", "background_color": "#fbf8f3", "theme_color": "#7a3b12",
            "icons": [{"src": url_for("static", filename="favicon.svg"), "sizes": "any",
                       "type": "image/svg+xml"}]}
    return Response(json.dumps(data), mimetype="application/manifest+json")


@web.get("/offline")
def offline_page() -> str:
    """The page an offline search lands on: the results are drawn by ``arbiter.js`` from the
    saved index (online, it simply says so)."""
    return render_template("offline.html")


@web.get("/offline/pages.json")
def offline_pages() -> Response:
    """Every page the service worker saves at install, and the build they belong to."""
    corpus = resources().corpus
    urls = [url_for("web.home"), url_for("web.offline_page"), url_for("web.entries"),
            url_for("web.keywords"), url_for("web.conflicts"), url_for("web.rulebook"),
            url_for("web.search_help"), url_for("web.card_syntax"), url_for("web.cards"),
            url_for("web.offline_index"), url_for("web.manifest"),
            url_for("static", filename="arbiter.css"), url_for("static", filename="arbiter.js"),
            url_for("static", filename="favicon.svg")]
    urls += [entry_url(r["id"]) for r in corpus.query(
        "select id from codex_entries where kind = 'entry' order by position")]
    urls += [url_for("web.section", section_id=s["id"]) for s in corpus.sections()]
    pages = sorted({r["page"] for r in corpus.records("rulebook") if r["page"] is not None})
    urls += [url_for("web.page", page=p) for p in pages]
    body = {"build": copy_id(), "built_at": resources().built_at,
            "urls": list(dict.fromkeys(urls))}
    return Response(json.dumps(body), mimetype="application/json")


@web.get("/offline/index.json")
def offline_index() -> Response:
    """The compact search index: one row per record (url, title, kind, parent, plain text),
    and the catalog's card names with their type lines, for searching without a server."""
    corpus = resources().corpus
    titles = {r["id"]: r["title"] for r in corpus.query("select id, title from codex_entries")}
    rows = []
    for rec in corpus.records():
        url = record_url(rec["source"], rec["id"], rec.get("kind"), rec.get("page"))
        parent = titles.get(rec.get("parent_id") or "") if rec["source"] == "codex" else None
        name = {"codex": "Codex", "rulebook": "Rulebook"}.get(rec["source"],
                                                            str(rec["source"]).capitalize())
        label = f"{name}, p. {rec['page']}" if rec.get("page") else name
        rows.append([url, rec["title"], label, parent or "", plain(rec["text"] or "")])
    from service.cardpage import with_catalog

    cards = with_catalog(lambda cat: [[url_for("web.card", name=r["name"]), r["name"],
                                       r["type"] or ""]
                                      for r in cat.db.query("select name, type from cards "
                                                            "order by name")]) or []
    body = {"build": copy_id(), "built_at": resources().built_at,
            "fields": ["url", "title", "source", "parent", "text"], "records": rows,
            "cards": cards}
    return Response(json.dumps(body, ensure_ascii=False, separators=(",", ":")),
                    mimetype="application/json")
