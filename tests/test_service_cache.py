"""The WSGI response cache: successful public GETs only, keyed on the parameters a view reads,
bounded in bytes, emptied when a new generation is served; honours If-None-Match."""
from __future__ import annotations

import random
import string

from service import create_app
from service.app import RESPONSE_CACHE_KEY
from service.respcache import ResponseCache


def cache_of(app) -> ResponseCache:
    cache = app.extensions.get(RESPONSE_CACHE_KEY)
    assert isinstance(cache, ResponseCache)
    return cache


def test_repeated_get_is_served_from_the_cache(app):
    client, cache = app.test_client(), cache_of(app)
    first = client.get("/api/v1/entries/defend?x=1")
    hits = cache.hits
    second = client.get("/api/v1/entries/defend?x=1")
    assert cache.hits == hits + 1
    assert second.data == first.data and second.headers["ETag"] == first.headers["ETag"]
    assert second.mimetype == "application/json"
    cond = client.get("/api/v1/entries/defend?x=1", headers={"If-None-Match": first.headers["ETag"]})
    assert cond.status_code == 304 and cond.data == b""
    head = client.head("/api/v1/entries/defend?x=1")
    assert head.status_code == 200 and head.data == b""


def test_errors_and_posts_are_not_stored(app):
    client, cache = app.test_client(), cache_of(app)
    client.get("/api/v1/entries/nope-nope")
    client.get("/api/v1/entries/nope-nope")
    assert not any(k[0] == "/api/v1/entries/nope-nope" for k in cache._store)
    client.post("/api/v1/cards/validate", json={"text": "Airborne"})
    assert not any(k[0] == "/api/v1/cards/validate" for k in cache._store)


def test_unused_parameters_do_not_make_new_entries(build_paths):
    app = create_app(build_paths)
    client, cache = app.test_client(), cache_of(app)
    first = client.get("/api/v1/search?q=intercept&limit=3")
    stored = len(cache)
    for i in range(50):
        junk = "".join(random.Random(i).choices(string.ascii_lowercase, k=8))
        again = client.get(f"/api/v1/search?{junk}={i}&limit=3&q=intercept&{junk}x=y")
        assert again.data == first.data
    assert len(cache) == stored, "junk parameters are not part of the key"
    assert cache.hits >= 50
    # parameters that matter do make distinct entries, and their answers differ
    other = client.get("/api/v1/search?q=intercept&limit=4")
    assert other.data != first.data and len(cache) == stored + 1
    # web pages too: the search page reads q, source and fragment only
    page = client.get("/search?q=airborne&utm_source=x")
    assert client.get("/search?utm_campaign=y&q=airborne").data == page.data


def test_cache_is_bounded_in_bytes(build_paths):
    app = create_app(build_paths, {"RESPONSE_CACHE_BYTES": 15_000})
    client, cache = app.test_client(), cache_of(app)
    for offset in range(0, 200, 5):
        client.get(f"/api/v1/entries?limit=5&offset={offset}")
        assert cache.size <= 15_000
    assert 0 < len(cache) < 40
    for name in ["defend", "intercept", "airborne", "stealth", "burrowing"]:
        client.get(f"/api/v1/entries/{name}")
        assert cache.size <= 15_000


def test_cache_can_be_turned_off(build_paths):
    app = create_app(build_paths, {"RESPONSE_CACHE_BYTES": 0})
    assert RESPONSE_CACHE_KEY not in app.extensions
    assert app.test_client().get("/api/v1/entries/defend").status_code == 200
