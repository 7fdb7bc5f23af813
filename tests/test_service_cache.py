"""The WSGI response cache: stores successful public GETs only, honours If-None-Match."""
from __future__ import annotations


from service import create_app
from service.respcache import ResponseCache


def cache_of(app) -> ResponseCache:
    assert isinstance(app.wsgi_app, ResponseCache)
    return app.wsgi_app


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
    assert ("/api/v1/entries/nope-nope", "") not in cache._store
    client.post("/api/v1/cards/validate", json={"text": "Airborne"})
    assert not any(k[0] == "/api/v1/cards/validate" for k in cache._store)


def test_cache_is_bounded(build_paths):
    app = create_app(build_paths, {"RESPONSE_CACHE_ENTRIES": 3})
    client = app.test_client()
    for name in ["defend", "intercept", "airborne", "stealth", "burrowing"]:
        client.get(f"/api/v1/entries/{name}")
    assert len(cache_of(app)._store) == 3


def test_cache_can_be_turned_off(build_paths):
    app = create_app(build_paths, {"RESPONSE_CACHE_ENTRIES": 0})
    assert not isinstance(app.wsgi_app, ResponseCache)
    assert app.test_client().get("/api/v1/entries/defend").status_code == 200
