"""A WSGI response cache in front of Flask for corpus-derived GETs.

A generation of the corpus never changes, so a successful GET with a public Cache-Control is
a pure function of its path and of the query parameters the view *read*: serving the stored
bytes skips routing, validation and serialisation (the bulk of a request's cost on a 2-core
machine).

Keys are normalised. The app's request class records which query parameters a view looked at
(:class:`ReadTrackingArgs`), so ``/api/v1/search?q=x&junk=1`` and ``?junk=2&q=x`` are the same
entry as ``?q=x``: random unused parameters cannot make every request a new entry. The cache is
bounded in bytes (bodies, headers and keys counted), evicts least recently used entries, never
stores errors, POSTs, ``no-store`` answers or the answers of a view that iterated over all
parameters, and empties itself when the service starts serving a new generation.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any

from werkzeug.datastructures import ImmutableMultiDict
from werkzeug.wrappers import Request

WSGIApp = Callable[[dict, Callable], Iterable[bytes]]
READ_PARAMS = "arbiter.read_params"   # environ key: frozenset of the parameter names read
ALL = "*"                             # a view that iterated over every parameter
ENTRY_OVERHEAD = 300                  # bytes of bookkeeping per entry (tuples, dict slot)

Key = tuple[str, frozenset, tuple]


class ReadTrackingArgs(ImmutableMultiDict):
    """Query (or form) parameters that remember which names were read (``parameter_storage_class``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.read: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None, type: Any = None) -> Any:  # noqa: A002
        self.read.add(key)
        return super().get(key, default, type)

    def getlist(self, key: str, type: Any = None) -> list[Any]:  # noqa: A002
        self.read.add(key)
        return super().getlist(key, type)

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str):
            self.read.add(key)
        return super().__contains__(key)

    def _read_all(self) -> None:
        self.read.add(ALL)

    def __iter__(self):  # noqa: ANN204
        self._read_all()
        return super().__iter__()

    def keys(self):  # noqa: ANN201
        self._read_all()
        return super().keys()

    def items(self, multi: bool = False):  # noqa: ANN201
        self._read_all()
        return super().items(multi)

    def values(self):  # noqa: ANN201
        self._read_all()
        return super().values()

    def lists(self):  # noqa: ANN201
        self._read_all()
        return super().lists()

    def to_dict(self, flat: bool = True) -> dict:
        self._read_all()
        return super().to_dict(flat)


class ResponseCache:
    """LRU of ``key → (status, headers, body, etag)``, at most ``max_bytes`` in all."""

    def __init__(self, app: WSGIApp, max_bytes: int = 32 * 1024 * 1024,
                 max_body: int = 256 * 1024, generation: Callable[[], str] = lambda: "") -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.max_body = max_body
        self.generation = generation
        self._store: OrderedDict[Key, tuple[str, list, bytes, str | None, int]] = OrderedDict()
        self._by_path: dict[str, dict[frozenset, int]] = {}  # path → readset → entries
        self._bytes = 0
        self._generation = generation()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    @property
    def size(self) -> int:
        """Bytes held (bodies, headers, keys and a fixed overhead per entry)."""
        return self._bytes

    def __len__(self) -> int:
        return len(self._store)

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        method = environ.get("REQUEST_METHOD", "GET")
        if method not in ("GET", "HEAD"):
            return self.app(environ, start_response)
        path = environ.get("PATH_INFO", "")
        args = Request(environ, populate_request=False, shallow=True).args \
            if environ.get("QUERY_STRING") else ImmutableMultiDict()
        cached = self._lookup(path, args)
        if cached is not None:
            status, headers, body, etag, _size = cached
            if etag and etag in environ.get("HTTP_IF_NONE_MATCH", ""):
                keep = [(k, v) for k, v in headers if k.lower() in ("etag", "cache-control",
                                                                     "vary")]
                start_response("304 Not Modified", keep)
                return [b""]
            start_response(status, list(headers))
            return [b""] if method == "HEAD" else [body]
        self.misses += 1
        if method == "HEAD" or environ.get("HTTP_IF_NONE_MATCH"):
            return self.app(environ, start_response)  # do not store partial/conditional answers
        return self._fill(path, args, environ, start_response)

    def _lookup(self, path: str, args: Any) -> tuple | None:
        with self._lock:
            generation = self.generation()
            if generation != self._generation:     # a new generation: everything is stale
                self._store.clear()
                self._by_path.clear()
                self._bytes = 0
                self._generation = generation
                return None
            for readset in self._by_path.get(path, ()):
                key = _key(path, readset, args)
                cached = self._store.get(key)
                if cached is not None:
                    self._store.move_to_end(key)
                    self.hits += 1
                    return cached
        return None

    def _fill(self, path: str, args: Any, environ: dict,
              start_response: Callable) -> Iterable[bytes]:
        captured: dict[str, Any] = {}

        def capture(status: str, headers: list, exc_info: Any = None) -> Callable:
            captured["status"], captured["headers"] = status, headers
            return start_response(status, headers, exc_info) if exc_info else \
                start_response(status, headers)

        generation = self.generation()
        result = self.app(environ, capture)
        try:
            body = b"".join(result)
        finally:
            close = getattr(result, "close", None)
            if close:
                close()
        status, headers = captured.get("status", ""), captured.get("headers", [])
        cache_control = next((v for k, v in headers if k.lower() == "cache-control"), "")
        readset = environ.get(READ_PARAMS)
        if status.startswith("200") and "public" in cache_control and readset is not None \
                and ALL not in readset and len(body) <= self.max_body:
            self._store_entry(path, readset, args, status, headers, body, generation)
        return [body]

    def _store_entry(self, path: str, readset: frozenset, args: Any, status: str, headers: list,
                     body: bytes, generation: str) -> None:
        key = _key(path, readset, args)
        size = (len(body) + sum(len(k) + len(v) for k, v in headers) + len(path)
                + sum(len(n) + sum(map(len, vs)) for n, vs in key[2]) + ENTRY_OVERHEAD)
        if size > self.max_bytes:
            return
        etag = next((v for k, v in headers if k.lower() == "etag"), None)
        with self._lock:
            if generation != self._generation:
                return          # answered from a generation that is no longer served
            old = self._store.pop(key, None)
            if old is not None:
                self._forget(key, old)
            self._store[key] = (status, list(headers), body, etag, size)
            self._bytes += size
            readsets = self._by_path.setdefault(path, {})
            readsets[readset] = readsets.get(readset, 0) + 1
            while self._bytes > self.max_bytes:
                self._forget(*self._store.popitem(last=False))

    def _forget(self, key: Key, entry: tuple) -> None:
        """Account for an entry that left the store (under the lock)."""
        self._bytes -= entry[4]
        path, readset, _values = key
        readsets = self._by_path[path]
        readsets[readset] -= 1
        if not readsets[readset]:
            del readsets[readset]
            if not readsets:
                del self._by_path[path]


def _key(path: str, readset: frozenset, args: Any) -> Key:
    return (path, readset, tuple((name, tuple(args.getlist(name))) for name in sorted(readset)))
