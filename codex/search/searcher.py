"""``Searcher``: one open Whoosh searcher, shared by every request, with typo correction.

Opening reads the index once: the Whoosh searcher, every stored document (410 small
records fit easily in memory, and reading them from Python dicts is much faster than
Whoosh's stored-field access), the vocabulary for correction and the stem → surface-word
map for highlighting. A lock serialises searches (Whoosh searchers and the stemmer cache
are not documented as thread-safe, and a search takes about a millisecond), and a small
LRU cache answers repeated queries without searching again.

Scoring sums Whoosh's BM25F figures from in-memory tables (``memory.py``); the positions
of query words in candidate records are memoised per (record, stem). A rebuilt index is
noticed (``meta.json`` checked at most once a second), opened and warmed in a background
thread, and swapped in under the lock.
"""
from __future__ import annotations

import gc
import heapq
import json
import os
import re
from bisect import bisect_right
from math import log
import threading
import time
from collections import Counter, OrderedDict
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Sequence

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA
from whoosh import index as whoosh_index
from whoosh import query as wq
from whoosh.index import EmptyIndexError

from codex.corpus.text import fold, slugify
from codex.search import rank
from codex.search.asks import asks_quantity, gives_quantity
from codex.search.cards import CardNames, CardTexts, catalog_names
from codex.search.correct import Correction, Corrector
from codex.search.federate import GameVocabulary, lead_game, merge
from codex.search.kinds import asked_kinds, kind_first, part_of
from codex.search.index import DOCSTEMS_FILE, INDEX_NAME, META_FILE, SIDE_FILE, index_exists
from codex.search.lexicon import ENGLISH, FUNCTION_ZIPF
from codex.search.memory import Collection, MemoryScorer
from codex.search.numbers import other_spelling
from codex.search.query import ParsedQuery, parse_query, words_of
from codex.search.results import CardResult, Hit, SearchResult
from codex.search.schema import BODY_ANALYZER, HIDDEN_KINDS, TITLE_ANALYZER, stems
from codex.search.scopes import SORCERY, Lexicon, build_lexicon, game_vocabulary
from codex.search.snippet import Match, highlighter, make_snippet, merge_matches, sentences
from codex.search.understand import Understanding, understand
from codex.search.vocabulary import Vocabulary

CANDIDATES = 50      # re-ranked; a long question's answer can sit ~40th by BM25F alone
NAMED_CANDIDATES = 10  # more: records naming a card the query names, outside the first 50
COMPLETE_LETTERS = 3      # a clipped word completed (offered) when a search finds nothing ("cap")
COMPLETE_WORDS = 8        # at most this many words completed in one query
DID_YOU_MEAN_LETTERS = 6  # a real word this long, one letter from a title word, gets a "did you mean"
OTHER_GAME_CANDIDATES = 10   # re-ranked in a game that does not lead an every-game search
PROXIMITY_CHARS = 12    # "summoning sickness", "life loss", "can't defend" ≈ a short word apart
CACHE_SIZE = 256
# Field weights: a word in the title or an alias says far more about a record than one
# in its body. (A sub-entry's parent title counts in re-ranking, not here: one clause
# fewer per word keeps Whoosh fast.)
BOOST_TITLE = 4.0
BOOST_ALIAS = 2.5
BOOST_BODY = 1.0
BOOST_SYNONYM = 0.5     # declared synonyms count, but less than the word typed
BOOST_MENTION = 2.5     # a record that names the card typed, like a word in an alias
BOOST_CARD_KEYWORD = 0.5   # the keywords of a card typed, like a synonym
# In the games whose rules are one book (every game but Sorcery) a section's title names a
# chapter ("Battlefields", "Omen Counters", "Runes"), and a question of four content words
# or more is mostly answered inside another chapter that uses them ("which battlefield do we
# fight in first": the Battle Phase; "does everyone get an omen every round": the Ready
# Phase). There the title's words count for a quarter in BM25F: the ``title``, ``full`` and
# ``lead`` signals still weigh them, so BM25F stops counting them a second time. Measured on
# the 2,190 queries seen before search round 10 (docs/search.md): those games' sets +21 / +3
# at hit@1 / hit@3 (Sorcerer +13, Archmajesty +5, Contracts +3, its hit@3 -2); a half +16 / +2,
# nothing -2 / -8, from three words on +15 / +5. Sorcery's Codex is a glossary whose titles are
# the terms judges type: there the same change cost its sets 5 queries, so it keeps full titles.
LONG_QUESTION_WORDS = 4
LONG_QUESTION_TITLE = 0.25
RECHECK_SECONDS = 1.0   # how often ``search`` looks whether the index was rebuilt
OPEN_RETRIES = (0.001, 0.002, 0.004, 0.008, 0.016)   # waits while an index swap is under way
FILTER_MEMO = 256
FOUND_MEMO = 50_000      # (record, stem) positions kept (a few MB); emptied when full
_NOT_FOUND: tuple[list, frozenset[int]] = ([], frozenset())
# A whole word of a record body, as the highlighting patterns see words: not inside a word,
# nor right after an apostrophe inside one ("death’s" gives "death", not "s").
_BODY_WORD = re.compile(r"(?<![\w])(?<!\w['’])[A-Za-z0-9]+(?:'[A-Za-z]+)?(?![\w])")
_now = time.monotonic    # the clock of the rebuild check (tests replace it)
# Attributes of a Searcher that are its own, not read from the index (kept on re-open).
_OWN_STATE = frozenset({"index_dir", "cache_size", "freeze_gc", "_lock", "_cache", "_closed",
                        "_reloader", "_next_check", "catalog"})
# Words of a judge's question that say nothing about the topic ("how many cards in a
# spellbook", "who gets credit for the kill"). Dropped from the search when the query has
# other words; a query made only of them is searched as typed (the Codex has an entry "You").
QUESTION_WORDS = frozenset({"how", "many", "much", "what", "whats", "what's", "which", "who",
                            "whom", "whose", "why", "where", "do", "does", "did", "doesn't",
                            "doesn", "i", "me", "my", "i'm", "im"})
# How alike (rapidfuzz's ratio, 0-100, case and accents folded) a query that found nothing and
# a title must be for the title to be offered: "lethl" and Lethal 91, "magnetised" and
# Magnetized 90; a word that only shares letters with titles ("army": Disarm 60) gets none.
SUGGEST_SPELLING = 75


@dataclass
class _Part:
    """One scope's search: how it understood the query and what it found."""

    scope: str | None
    u: Understanding
    cards: list[CardResult]
    searched: ParsedQuery          # what was searched (with the scope's ``game`` filter)
    shown: str                     # what the user is told was searched
    ranked: list[tuple[int, float]]
    total: int
    facets: Counter[str]           # matches per game (when asked for)
    wanted: frozenset[str]         # stems to highlight
    did_you_mean: str | None = None


class IndexMissing(FileNotFoundError):
    """No search index at the given folder: run ``arbiter ingest``."""


class Searcher:
    """Full-text search over the Codex, the rulebook and the glossary."""

    def __init__(self, index_dir: Path, cache_size: int = CACHE_SIZE,
                 freeze_gc: bool = False, catalog: Path | None = None) -> None:
        self.index_dir = Path(index_dir)
        self.cache_size = cache_size
        self.freeze_gc = freeze_gc
        self.catalog = Path(catalog) if catalog is not None else None
        self._lock = threading.Lock()
        self._cache: OrderedDict[tuple, SearchResult] = OrderedDict()
        self._closed = False
        self._reloader: threading.Thread | None = None   # background re-open under way
        # candidate_signals(): the signals of each ranking done while it searches
        self._collect: list[list[tuple[str, rank.Signals]]] | None = None
        self._load()
        self._next_check = _now() + RECHECK_SECONDS
        if freeze_gc:
            _freeze_gc()

    def _load(self) -> None:
        """Read everything that depends on the index files (again, on ``reopen``)."""
        self._generation = _generation(self.index_dir, self.catalog)
        self._ix = whoosh_index.open_dir(str(self.index_dir), indexname=INDEX_NAME)
        try:
            self._read()
        except BaseException:
            self._ix.close()
            raise

    def _read(self) -> None:
        self._searcher = self._ix.searcher()
        self.meta: dict[str, Any] = json.loads((self.index_dir / META_FILE).read_text())
        side = json.loads((self.index_dir / SIDE_FILE).read_text())
        docstems = json.loads((self.index_dir / DOCSTEMS_FILE).read_text())
        self._docs = [dict(f) for f in self._searcher.all_stored_fields()]
        self._by_docnum = {self._searcher.document_number(key=d["key"]): i
                           for i, d in enumerate(self._docs)}
        self._docnum_of = {d["key"]: n for n, i in self._by_docnum.items()
                           for d in (self._docs[i],)}
        self._position = {n: self._docs[i]["position"] for n, i in self._by_docnum.items()}
        self._features = [self._doc_features(d, docstems[d["key"]]) for d in self._docs]
        self._sentences = [sentences(d.get("body") or "") for d in self._docs]
        self._sentence_starts = [[a for a, _b in spans] for spans in self._sentences]
        # per record, the sentences stating a number (what "how many" questions ask for)
        self._numbered = [frozenset(k for k, (a, b) in enumerate(spans)
                                    if gives_quantity((d.get("body") or "")[a:b]))
                          for d, spans in zip(self._docs, self._sentences)]
        self._surfaces: dict[str, list[str]] = side["surfaces"]
        self._stem_of = {w: s for s, ws in self._surfaces.items() for w in ws}
        self._stems_with_surface: dict[str, list[str]] = {}
        for stem, words in self._surfaces.items():
            for w in words:
                self._stems_with_surface.setdefault(w, []).append(stem)
        self._patterns: dict[str, Any] = {}        # stem → pattern of its surface words
        # (docnum, stem) → where the stem's words stand in the body, and in which sentences;
        # complete (every pair that occurs) once ``warm`` has indexed every body
        self._found: dict[tuple[int, str], tuple[list[Match], frozenset[int]]] = {}
        self._found_complete = False
        self._synonyms: list[list[str]] = side["synonyms"]
        self._cards: dict[str, str] = side["cards"]
        reader = self._searcher.reader()
        self._known_stems = {t for f in ("title", "aliases", "body")
                             for t in reader.field_terms(f)}
        self._title_stems = {t for t in reader.field_terms("title")}
        players = Vocabulary.load()
        # the catalog's spelling first: it is the card's name ("Coral-Reef Kelpie"), the
        # Codex's mention may differ in case or punctuation ("Coral-reef Kelpie")
        cards = CardNames(catalog_names(self.catalog) + list(self._cards.values()))
        self._read_games(side, players, cards)
        self._mentions = [frozenset((d.get("mentions") or "").split("|")) - {""}
                          for d in self._docs]
        self._keyword_tagged = frozenset(self._by_docnum[n] for n in self._searcher.docs_for_query(
            wq.Term("tags", "keyword")))
        self._keyword_docs = self._keyword_entries()
        self._card_texts = CardTexts(self.catalog, {
            self._docs[i]["title"].lower(): self._docs[i]["title"].lower()
            for i in self._keyword_docs.values() if i in self._keyword_tagged})
        self._scorer = self._collection_scorer(side)
        self._filter_docs: dict[tuple, frozenset[int]] = {}

    def _collection_scorer(self, side: dict[str, Any]) -> MemoryScorer:
        """A scorer that scores each game's records with that game's statistics (an index
        built before the games were (``side.json`` without ``stats``) is one collection)."""
        stats = side.get("stats")
        if not stats:
            return MemoryScorer(self._searcher)
        games = list(stats)
        collections = [Collection(stats[g]["docs"], stats[g]["lengths"]) for g in games]
        at = {g: n for n, g in enumerate(games)}
        of = {n: at.get(self._game_of[i], 0) for n, i in self._by_docnum.items()}
        return MemoryScorer(self._searcher, collections=collections, collection_of=of)

    def _read_games(self, side: dict[str, Any], players: Vocabulary, cards: CardNames) -> None:
        """Which game each record belongs to, and one lexicon per scope (``scopes.py``).

        The lexicon in use is the scope-less one except while a search of one game runs
        (``_use``, under the lock).
        """
        self._game_of = [d.get("game") or SORCERY for d in self._docs]
        self._games = list(dict.fromkeys(self._game_of))
        self._game_docs = {g: frozenset(n for n, i in self._by_docnum.items()
                                        if self._game_of[i] == g) for g in self._games}
        self._hidden = frozenset(n for n, i in self._by_docnum.items()
                                 if self._docs[i]["kind"] in HIDDEN_KINDS)
        self._visible = frozenset(self._by_docnum) - self._hidden
        by_game = side.get("vocabulary_by_game") or {SORCERY: side["vocabulary"]}
        titles: dict[str | None, list[str]] = {None: []}
        for d, game in zip(self._docs, self._game_of):
            if d["kind"] not in HIDDEN_KINDS:
                titles[None].append(d["title"])
                titles.setdefault(game, []).append(d["title"])
        self._lexicons: dict[str | None, Lexicon] = {None: build_lexicon(
            None, side["vocabulary"], self._stem_known, players, side["synonyms"], cards,
            titles[None])}
        for game in self._games:
            if game == SORCERY:
                self._lexicons[game] = build_lexicon(game, by_game.get(game, {}),
                                                     self._stem_known, players,
                                                     side["synonyms"], cards, titles[game])
            else:
                vocabulary = game_vocabulary(game)
                self._lexicons[game] = build_lexicon(game, by_game.get(game, {}),
                                                     self._stem_known, vocabulary,
                                                     vocabulary.synonyms, CardNames([]),
                                                     titles.get(game, []))
        self._name_index = self._names_by_stems()
        self._idf_by_scope = self._stem_specificity()
        self._game_vocabulary = GameVocabulary.build(
            (game, self._features[i].terms,
             {t for name in [d["title"], d.get("name") or ""] + (d.get("aliases") or "").split(" ; ")
              for t in stems(BODY_ANALYZER, name)})
            for i, (d, game) in enumerate(zip(self._docs, self._game_of))
            if d["kind"] not in HIDDEN_KINDS)
        # the words each scope knows (a typo is corrected only if its scope does not know
        # it) and the stems of its titles (a very common word is kept if a title uses it)
        self._known_by_scope: dict[str | None, set[str]] = {None: self._known_stems}
        self._title_stems_by_scope: dict[str | None, set[str]] = {None: self._title_stems}
        for i, game in enumerate(self._game_of):
            self._known_by_scope.setdefault(game, set()).update(self._features[i].terms)
        # A very common word is kept in a question when a title uses it ("first", "turn"):
        # a word naming a rules concept. Sorcery's 400 titles say which words do; a smaller
        # book's few dozen titles miss most, so its scope also keeps the content words (not
        # "in", "do", "to") of every game's titles.
        own: dict[str, set[str]] = {}
        concepts: set[str] = set()
        for d, game in zip(self._docs, self._game_of):
            own.setdefault(game, set()).update(stems(TITLE_ANALYZER, d["title"]))
            concepts.update(stems(BODY_ANALYZER, d["title"]))
        for game in self._games:
            self._title_stems_by_scope[game] = own[game] | (concepts if game != SORCERY
                                                            else set())
        self._own_title_stems: dict[str | None, set[str]] = {
            **own, None: set().union(*own.values())}
        self._use(None)

    def _stem_specificity(self) -> dict[str | None, dict[str, float]]:
        """Per scope (each game, and every game): stem → how specific it is there,
        log((records + 1) / (records using it + 0.5)); a stem no record uses gets the
        scope's highest figure (it is at least as specific as any)."""
        out: dict[str | None, dict[str, float]] = {}
        for scope in [None] + self._games:
            df: Counter[str] = Counter()
            n = 0
            for i, game in enumerate(self._game_of):
                if self._docs[i]["kind"] in HIDDEN_KINDS or (scope and game != scope):
                    continue
                n += 1
                df.update(self._features[i].terms)
            out[scope] = {t: log((n + 1) / (c + 0.5)) for t, c in df.items()}
            out[scope][""] = log((n + 1) / 0.5)
        return out

    @property
    def games(self) -> list[str]:
        """The games of the index, Sorcery first."""
        return list(self._games)

    def _use(self, scope: str | None) -> None:
        """Under the lock: understand queries with the lexicon of ``scope``."""
        lex = self._lexicons.get(scope) or self._lexicons[None]
        self._lexicon = lex
        self._known_stems = self._known_by_scope.get(lex.scope, self._known_by_scope[None])
        self._title_stems = self._title_stems_by_scope.get(lex.scope,
                                                           self._title_stems_by_scope[None])
        self._corrector, self._vocabulary = lex.corrector, lex.vocabulary
        self._idf = self._idf_by_scope.get(lex.scope, self._idf_by_scope[None])
        self._synonyms, self._card_names, self._titles = lex.synonyms, lex.cards, lex.titles

    def _names_by_stems(self) -> dict[frozenset[str], list[int]]:
        """Title and alias stem sets → records named so (for definitions across games)."""
        out: dict[frozenset[str], list[int]] = {}
        for n, i in self._by_docnum.items():
            if self._docs[i]["kind"] in HIDDEN_KINDS:
                continue
            for name in self._features[i].names:
                if name:
                    out.setdefault(name, []).append(n)
        return out

    def _keyword_entries(self) -> dict[str, int]:
        """Keyword name → index of its entry: "airborne" → Airborne, "movement" →
        Movement +X, "ward" → the rulebook's Ward (the Codex has no entry for it).

        A Codex entry whose title starts with the name wins (keyword-tagged first), then a
        rulebook glossary record titled by it.
        """
        out: dict[str, int] = {}
        ranked = sorted(range(len(self._docs)), key=lambda i: (
            self._docs[i]["source"] != "codex", self._docs[i]["kind"] != "entry",
            i not in self._keyword_tagged,
            self._docs[i]["position"]))
        for i in ranked:
            d = self._docs[i]
            if d["kind"] not in ("entry", "term", "keyword") or d.get("game", SORCERY) != SORCERY:
                continue
            title = d["title"].lower()
            out.setdefault(title, i)
            first = title.replace(",", " ").split()[0]
            out.setdefault(first, i)
        return out

    @classmethod
    def open(cls, index_dir: Path | str, cache_size: int = CACHE_SIZE,
             freeze_gc: bool = False, catalog: Path | str | None = None) -> "Searcher":
        """Open the index in ``index_dir``; raise ``IndexMissing`` if there is none.

        ``catalog``: the imported card catalog (``cards.db``, optional), so every card name
        in it is recognised in queries and never corrected; a re-import is noticed like a
        rebuilt index. ``cache_size`` results are kept for repeated queries (0 disables the
        cache).
        ``freeze_gc`` calls ``gc.freeze()`` once the index is read, so the garbage collector
        never rescans its ~100k long-lived objects (a full collection then takes ~5 ms
        instead of ~35 ms); it affects the whole process, so it is the caller's choice (a
        long-running server, once, at start-up).
        """
        index_dir = Path(index_dir)
        for wait in OPEN_RETRIES + (None,):
            # ``build_index`` swaps folders with two renames: for a few microseconds there
            # is no folder (or a half-read one), so a missing index is retried briefly.
            try:
                if index_exists(index_dir):
                    return cls(index_dir, cache_size, freeze_gc, catalog)
            except (FileNotFoundError, EmptyIndexError):
                pass
            if wait is None:
                break
            time.sleep(wait)
        raise IndexMissing(f"no search index at {index_dir}: run `arbiter ingest` first")

    def reopen_if_changed(self, warm: bool = False) -> bool:
        """Re-open the index if it was rebuilt since it was opened; True if it was.

        The check is one ``stat`` of ``meta.json`` (written last by every build, in a fresh
        folder), so it is cheap. The new index is opened (and warmed, if ``warm``) outside
        the lock, so searches go on against the old one meanwhile; then it is swapped in
        and the result cache emptied. If it cannot be opened the old one keeps serving.
        ``search`` does the same by itself, in a background thread, when its check (at
        most once every ``RECHECK_SECONDS``) sees a new build.
        """
        generation = _generation(self.index_dir, self.catalog)
        with self._lock:
            if generation is None or generation == self._generation or self._closed:
                return False
        fresh = self._open_fresh(warm)
        if fresh is None:
            return False
        with self._lock:
            return self._swap(fresh)

    def _check_for_rebuild(self) -> None:
        """Under the lock: start a background re-open if the index was rebuilt."""
        self._next_check = _now() + RECHECK_SECONDS
        if self._reloader is not None and self._reloader.is_alive():
            return
        generation = _generation(self.index_dir, self.catalog)
        if generation is None or generation == self._generation:
            return
        self._reloader = threading.Thread(target=self._reload, name="search-index-reload",
                                          daemon=True)
        self._reloader.start()

    def _reload(self) -> None:
        fresh = self._open_fresh(warm=True)
        if fresh is None:
            return
        with self._lock:
            self._swap(fresh)

    def _open_fresh(self, warm: bool) -> "Searcher | None":
        try:
            fresh = Searcher.open(self.index_dir, cache_size=0, catalog=self.catalog)
        except (IndexMissing, OSError, EmptyIndexError, ValueError):
            return None
        if warm:
            fresh.warm()
        return fresh

    def _swap(self, fresh: "Searcher") -> bool:
        """Under the lock: take over ``fresh``'s index state, close the old one."""
        if self._closed or fresh._generation == self._generation:
            fresh.close()
            return False
        old_searcher, old_ix, old_texts = self._searcher, self._ix, self._card_texts
        for name, value in vars(fresh).items():
            if name not in _OWN_STATE:
                setattr(self, name, value)
        self._cache.clear()
        old_searcher.close()
        old_ix.close()
        old_texts.close()
        if self.freeze_gc:      # let the old index's objects be collected, freeze the new
            gc.unfreeze()
            _freeze_gc()
        return True

    def warm(self, chunk: int = 64) -> float:
        """Do now what searches otherwise do on first use; return the seconds it took.

        After it, a query the process has never seen reads only memory prepared here:

        * every term's BM25F table (without it the first search using a term reads its
          postings then, ≈0.1 ms a term);
        * where every stem's words stand in every record body and in which sentence, for
          the proximity and sentence features and snippets (one pass over each body,
          instead of a regular expression per record and stem on first need);
        * the analysed stems of every index word, the phrase tables of the declared
          synonyms, the English word list, the card-name typo index and the keywords of
          every catalog card.

        Works in small steps under the lock, so it can run in a background thread while
        searches are served.
        """
        started = time.perf_counter()
        ENGLISH.load()                 # shared by the process; outside the lock
        with self._lock:
            reader = self._searcher.reader()
            terms = [(f, t.decode("utf-8")) for f in ("title", "aliases", "body")
                     for t in reader.lexicon(f)]
        for i in range(0, len(terms), chunk):
            with self._lock:
                for field, text in terms[i:i + chunk]:
                    self._scorer.term(field, text)
        docnums = sorted(self._by_docnum)
        positions: dict[tuple[int, str], tuple[list[Match], frozenset[int]]] = {}
        for i in range(0, len(docnums), chunk):
            with self._lock:
                for n in docnums[i:i + chunk]:
                    positions.update(self._index_body(n))
        with self._lock:
            self._found = positions
            self._found_complete = True
            for word in self._stem_of:          # every index word's stems, memoised
                stems(BODY_ANALYZER, word)
                stems(TITLE_ANALYZER, word)
            for lex in self._lexicons.values():
                for word in lex.vocabulary.words | lex.vocabulary.means_words:
                    stems(BODY_ANALYZER, word)
                    stems(TITLE_ANALYZER, word)
            for group in self._synonyms:
                for phrase in group:
                    for q in self._word_clauses(phrase.split()):
                        self._scorer.clause(q)
            self._card_names.prepare()
        names = self._card_names.names()
        for i in range(0, len(names), chunk):
            with self._lock:
                self._card_texts.warm(names[i:i + chunk])
        if self.freeze_gc:       # the tables just built are long-lived too
            _freeze_gc()
        return time.perf_counter() - started

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._searcher.close()
            self._ix.close()
            self._card_texts.close()

    def __enter__(self) -> "Searcher":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- public ---------------------------------------------------------------------------
    def search(self, q: str, source: str | None = None, kind: str | None = None,
               limit: int = 10, offset: int = 0, correct: bool = True,
               game: str | None = None) -> SearchResult:
        """Search ``q`` (words, "phrases", ``field:value`` filters); never raises on bad syntax.

        ``source``/``kind``/``game`` add filters like ``source:``/``kind:``/``game:`` in the
        query text. Without a game every game is searched; the result counts the matches of
        each (``facets``) and lists each game's definition of a term several games define
        (``definitions``). Unknown words are corrected when ``correct`` is true, with the
        vocabulary of the game searched; the result then says what was searched instead
        (``showing_results_for``).
        """
        key = (q, source, kind, limit, offset, correct, game)
        with self._lock:
            if _now() >= self._next_check:
                self._check_for_rebuild()
            cached = self._cache.get(key)
            if cached is not None:
                self._cache.move_to_end(key)
                return cached
            started = time.perf_counter()
            result = self._search(q, source, kind, max(0, limit), max(0, offset), correct,
                                  game)
            result.took_ms = round((time.perf_counter() - started) * 1000, 3)
            self._cache[key] = result
            if len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
            return result

    def candidate_signals(self, q: str, game: str) -> list[tuple[str, rank.Signals]]:
        """The candidates ``q`` re-ranks when searched in ``game``, each record's key with its
        ranking signals (what scripts/fit_rank.py fits the weights on; the order is BM25F's).
        Empty when nothing matches."""
        with self._lock:
            self._collect = []
            try:
                self._search(q, None, None, 10, 0, True, game)
                return self._collect[-1] if self._collect else []
            finally:
                self._collect = None

    # -- steps ----------------------------------------------------------------------------
    def _search(self, q: str, source: str | None, kind: str | None, limit: int, offset: int,
                correct: bool, game: str | None = None) -> SearchResult:
        """The search of ``q``; one that finds nothing offers its clipped words completed
        (``_completed``)."""
        result = self._search_once(q, source, kind, limit, offset, correct, game)
        if result.total == 0 and correct:
            return self._completed(q, result, source, kind, limit, offset, game)
        return result

    def _completed(self, q: str, empty: SearchResult, source: str | None, kind: str | None,
                   limit: int, offset: int, game: str | None) -> SearchResult:
        """A search that found nothing (``empty``), with the query whose clipped words are
        completed offered first among its suggestions: each word the rules never use, of
        three letters or more, completed to the most frequent rules word it begins ("army
        cap" → army capacity), when that query finds something.

        Players on a phone clip words, and typo correction cannot mend a prefix (too many
        letters are missing) nor touch a real word ("cap"). A completion is offered, never
        searched in its place: a real word is never rewritten (issue #19; "moth" is no
        clipped "mother"), and the player sees at once whether it is what was meant."""
        parsed = parse_query(q)
        scope = (parsed.filters.get("game") or game or "").lower() or None
        try:
            self._use(scope if scope in self._lexicons else None)
            swaps: dict[str, str] = {}
            for w in dict.fromkeys(self._meaningful(parsed.words)):
                if len(swaps) == COMPLETE_WORDS:       # bounded work, whatever is typed
                    break
                if len(w) >= COMPLETE_LETTERS and w.isalpha() and not self._stem_known(w):
                    options = self._corrector.completions(w)
                    if options:
                        swaps[w] = options[0]
        finally:
            self._use(None)
        if not swaps:
            return empty
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, swaps)) + r")\b", re.IGNORECASE)
        completed = pattern.sub(lambda m: swaps[m.group(1).lower()], q)
        if self._search_once(completed, source, kind, 1, 0, True, game).total:
            empty.suggestions = list(dict.fromkeys([completed] + empty.suggestions))
        return empty

    def _search_once(self, q: str, source: str | None, kind: str | None, limit: int,
                     offset: int, correct: bool, game: str | None = None) -> SearchResult:
        parsed = parse_query(q)
        if source:
            parsed.filters["source"] = source
        if kind:
            parsed.filters["kind"] = kind
        if "game" in parsed.filters:                # typed: part of the query as shown
            parsed.filters["game"] = parsed.filters["game"].lower()
        # a ``game`` argument is the scope of the page searched from, not something typed:
        # it restricts the search without being shown as part of it
        scope = parsed.filters.get("game") or (game.lower() if game else None)
        try:
            if scope is None and len(self._games) > 1 and not parsed.empty:
                return self._search_every(q, parsed, limit, offset, correct)
            part = self._part(parsed, correct, scope, facets=True)
            return self._result(q, parsed, part, part.ranked, part.total, limit, offset,
                                part.facets, {part.scope: part})
        finally:
            self._use(None)

    def _part(self, parsed: ParsedQuery, correct: bool, scope: str | None,
              facets: bool) -> _Part:
        """One scope's search: the query understood with the scope's lexicon, its records
        ranked. ``facets``: also count every game's matches (what switching game shows)."""
        return self._rank_part(self._read_part(parsed, correct, scope), facets, CANDIDATES)

    def _read_part(self, parsed: ParsedQuery, correct: bool, scope: str | None,
                   keep: frozenset[str] = frozenset(), every: bool = False) -> _Part:
        """How ``scope`` understands the query (nothing ranked yet). ``keep``: words
        searched as typed (a card's, found by another scope); ``every``: every game is
        searched, so a word any game's rules use is no typo in this one."""
        self._use(scope)
        u = self._understand(parsed, correct, keep,
                             also_real=self._known_in_a_game if every else None)
        searched = u.searched
        cards = [self._card_result(m) for m in u.cards]
        # A card the rules never name is searched through its keywords ("Blood Ravens
        # intercept" asks what "airborne intercept" asks); one they name, through the
        # records that name it (a clause of ``_ranked``).
        extra = [w for c, m, taken in zip(cards, u.cards, u.consumed)
                 if taken and not c.mentions and searched.words
                 for kw in c.keywords for w in kw.split()]
        if extra:
            searched = ParsedQuery(searched.words + [w for w in dict.fromkeys(extra)
                                                     if w not in searched.words],
                                   searched.phrases, searched.filters)
        if scope:
            searched = ParsedQuery(searched.words, searched.phrases,
                                   {**searched.filters, "game": scope})
        shown = str(self._shown(u, parsed))
        offer = self._did_you_mean(u.searched.words, shown, every) if correct else None
        return _Part(scope, u, cards, searched, shown, [], 0,
                     Counter(), self._highlighting(searched, u), offer)

    def _did_you_mean(self, words: list[str], shown: str, every: bool) -> str | None:
        """``shown`` with each real word the rules searched do not use replaced by the one
        title word a letter away that starts alike and is rarer English ("borrowing minion
        can it attack": Burrowing). A phone's autocorrect turns a rare word into a common
        one, so a common word typed for a rarer rules word is the likely slip, not the other
        way ("attach equipment" is not "attack"). Typo correction leaves real words as typed
        (issue #19: "hide" is not "side"), so this is only offered. Words of six letters or
        more: one letter of a short word is too much of it."""
        lex = self._lexicon
        swaps: dict[str, str] = {}
        for w in dict.fromkeys(words):
            if (len(w) < DID_YOU_MEAN_LETTERS or not w.isalpha() or self._stem_known(w)
                    or (every and self._known_in_a_game(w)) or w in lex.cards.words
                    or w in lex.vocabulary.words or w in lex.vocabulary.source_words):
                continue
            close = [t for t in lex.title_words if t[0] == w[0] and abs(len(t) - len(w)) <= 1
                     and OSA.distance(w, t) == 1
                     and (ENGLISH.zipf(t) < ENGLISH.zipf(w) or not ENGLISH.is_word(w))]
            if len(close) == 1:
                swaps[w] = close[0]
        if not swaps:
            return None
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, swaps)) + r")\b")
        return pattern.sub(lambda m: swaps[m.group(1)], shown)

    def _rank_part(self, part: _Part, facets: bool, candidates: int) -> _Part:
        """``part`` with its records ranked (the best ``candidates`` by BM25F re-ranked)."""
        self._use(part.scope)
        counts: Counter[str] | None = Counter() if facets else None
        searched, u, cards = part.searched, part.u, part.cards
        ranked, total = self._ranked(searched, u, cards, counts, candidates)
        if total == 0 and searched.phrases:           # a phrase not found: try its words
            loose = ParsedQuery(searched.all_words(), [], dict(searched.filters))
            if counts is not None:
                counts.clear()
            ranked, total = self._ranked(loose, u, cards, counts, candidates)
        return replace(part, ranked=ranked, total=total, facets=counts or Counter())

    def _search_every(self, q: str, parsed: ParsedQuery, limit: int, offset: int,
                      correct: bool) -> SearchResult:
        """Every game searched, each as its own collection with its own understanding of
        the query, the ranked lists merged with the lead game first (``federate.py``)."""
        home = self._games[0]
        read = {home: self._read_part(parsed, correct, home, every=True)}
        # Cards are the home game's. The words of a card the rules never name are the
        # card's, not words to look for in other books ("Blood Ravens" is no Blood Pool);
        # those of a card the rules name are searched as typed everywhere (the others
        # must not read "Men of Leng" as "men of long").
        u_home = read[home].u
        taken = {w for m, consumed in zip(u_home.cards, u_home.consumed) if consumed
                 for w in words_of(m.typed)}
        keep = frozenset(w for m in u_home.cards for w in words_of(m.typed)) - taken
        rest = ParsedQuery([w for w in parsed.words if w not in taken], parsed.phrases,
                           parsed.filters)
        for g in self._games[1:]:
            if not rest.empty:
                read[g] = self._read_part(rest, correct, g, keep, every=True)
        self._use(None)
        players_terms = {w for part in read.values() for m in part.u.mappings
                         for w in m.typed.split()}
        typed = [w for w in self._meaningful(parsed.all_words()) if w not in players_terms]
        lead = lead_game(typed, self._game_vocabulary, home,
                         lambda w: stems(BODY_ANALYZER, w), card_named=bool(u_home.cards),
                         corrections={g: {c.typed: c.searched for c in part.u.corrections}
                                      for g, part in read.items()})
        # the games that do not lead count less: their few best candidates are enough
        parts = {g: self._rank_part(part, False,
                                    CANDIDATES if g == lead else OTHER_GAME_CANDIDATES)
                 for g, part in read.items()}
        self._use(None)
        merged = merge({g: part.ranked for g, part in parts.items()}, lead, self._position,
                       translated=[g for g, part in parts.items() if part.u.mappings])
        counts = Counter({g: part.total for g, part in parts.items() if part.total})
        shown = self._game_of[self._by_docnum[merged[0][0]]] if merged else lead
        if u_home.cards:                # the cards named are the home game's reading
            shown = home
        result = self._result(q, parsed, parts[shown], [(n, round(s, 4)) for n, s in merged],
                              sum(counts.values()), limit, offset, counts, parts,
                              cards=parts[home].cards)
        result.best_by_game = self._best_by_game(parts)
        return result

    def _best_by_game(self, parts: dict[str | None, _Part]) -> dict[str, Hit]:
        """Each game's first record in an every-game search, in the index's game order.

        The merged list puts the lead game first (``federate.py``); a question that uses
        no word of its own game ("how many cards can I hold in my hand") is led by the home
        game, so a player of another game finds its answer here, one line, instead of pages
        down. Measured on the other games' query sets searched across every game: the right
        record is first in the merged list for about half of them and first of its own game
        for five in six (docs/search.md, "Quality, round 6")."""
        out: dict[str, Hit] = {}
        for game in self._games:
            part = parts.get(game)
            if part is not None and part.ranked:
                docnum, score = part.ranked[0]
                out[game] = self._hit(docnum, round(score, 4), part.wanted, part.u, part.cards)
        return out

    def _result(self, q: str, parsed: ParsedQuery, part: _Part,
                ranked: list[tuple[int, float]], total: int, limit: int, offset: int,
                facets: Counter[str], parts: dict[str | None, _Part],
                cards: list[CardResult] | None = None) -> SearchResult:
        """The result of a search whose understanding is ``part``'s (the first hit's game,
        in an every-game search) and whose hits are ``ranked``, each explained and
        highlighted by the understanding of its own game's part."""
        u = part.u
        shown = part.shown
        corrected = shown if u.rewritten and shown != str(parsed) else None
        cards = part.cards if cards is None else cards
        result = SearchResult(query=q, searched=shown, corrected_query=corrected,
                              did_you_mean=part.did_you_mean,
                              total=total, limit=limit, offset=offset, cards=cards,
                              mappings=[m.to_dict() for m in u.mappings],
                              corrections=[c.to_dict() for c in u.corrections],
                              rewritten=u.rewritten, game=part.scope if len(parts) == 1 else None,
                              facets={"game": {g: facets[g] for g in self._games if facets[g]}},
                              definitions=self._definitions(part.searched))
        for docnum, score in ranked[offset:offset + limit]:
            own = parts.get(self._game_of[self._by_docnum[docnum]], part)
            result.hits.append(self._hit(docnum, score, own.wanted, own.u, own.cards))
        if total == 0:
            result.suggestions = self._suggestions(part.searched, elsewhere=any(facets.values()))
        return result

    def _understand(self, parsed: ParsedQuery, correct: bool,
                    keep: frozenset[str] = frozenset(),
                    also_real: Callable[[str], bool] | None = None) -> Understanding:
        """Cards named, players' terms mapped, typos mended (see ``understand.py``)."""
        filters = dict(parsed.filters)
        card = filters.get("mentions")
        if correct and card is not None and fold(card) not in self._cards:
            best = process.extractOne(fold(card), list(self._cards), scorer=fuzz.WRatio,
                                      score_cutoff=85)
            if best:
                filters["mentions"] = self._cards[best[0]]
        fixed = ParsedQuery(parsed.words, parsed.phrases, filters)
        # the players' vocabulary maps into Sorcery: whether a typed word is a rules word
        # that must not be mapped by its stem is Sorcery's question even when every game
        # is searched
        home = self._lexicons.get(SORCERY) if self._lexicon.scope is None else None
        u = understand(fixed, cards=self._card_names, vocabulary=self._vocabulary,
                       corrector=self._corrector,
                       rules_word=(home or self._lexicon).corrector.in_rules_text,
                       searched_word=self._corrector.in_vocabulary,
                       mentioned=lambda name: fold(name) in self._cards, correct=correct,
                       keep=keep, also_real=also_real,
                       title_spans=self._lexicon.title_spans)
        if filters.get("mentions") != parsed.filters.get("mentions"):
            u.corrections.insert(0, Correction(f"mentions:{parsed.filters['mentions']}",
                                               f"mentions:{filters['mentions']}"))
        return u

    @staticmethod
    def _shown(u: Understanding, parsed: ParsedQuery) -> ParsedQuery:
        """What the user is told was searched: the searched words, with each card named
        (and taken out of the words) put back by its name."""
        names = [m.name for m, taken in zip(u.cards, u.consumed) if taken]
        words = [w for n in names for w in words_of(n)] + u.searched.words
        return ParsedQuery(words, u.searched.phrases, u.searched.filters)

    def _card_result(self, match: Any) -> CardResult:
        """What the result says about a card named in the query."""
        key = fold(match.name)
        mentions = sum(1 for m in self._mentions if key in m)
        info = self._card_texts.info(match.name)
        keywords = info.keywords if info else []
        found = [self._keyword_docs.get(kw.lower(), self._keyword_docs.get(kw.split()[0]))
                 for kw in keywords]
        if not any(i is not None for i in found) and info and info.type:
            found = [self._keyword_docs.get(info.type.lower())]   # no keyword: its card type
        entries = [{k: self._docs[i].get(k) for k in ("key", "title", "id", "source", "kind",
                                                      "page")}
                   for i in dict.fromkeys(i for i in found if i is not None)]
        return CardResult(match.name, match.typed, match.exact, mentions, list(keywords),
                          entries, info.type if info else None)

    def _known_in_a_game(self, word: str) -> bool:
        """Whether any game's records use ``word`` (its stems), whatever the scope in use."""
        every = self._known_by_scope[None]
        return any(s in every for s in stems(BODY_ANALYZER, word) + stems(TITLE_ANALYZER, word))

    def _stem_known(self, word: str) -> bool:
        return any(s in self._known_stems
                   for s in stems(BODY_ANALYZER, word) + stems(TITLE_ANALYZER, word))

    def _ranked(self, parsed: ParsedQuery, u: Understanding | None = None,
                cards: list[CardResult] = (), facets: Counter[str] | None = None,
                candidates: int = CANDIDATES) -> tuple[list[tuple[int, float]], int]:
        """Candidates in final order as ``(docnum, score)``, and the number of matches.

        ``facets``, if given, receives the number of matches in each game, counted without
        the query's ``game:`` filter (what switching game would show).
        """
        unscoped = {k: v for k, v in parsed.filters.items() if k != "game"}
        everywhere = self._allowed(unscoped)
        allowed = self._allowed(parsed.filters)
        if parsed.empty:
            if cards:                                    # only card names: about the cards
                return self._card_ranked(cards, allowed)
            if not parsed.filters:                       # nothing at all
                return [], 0
            if facets is not None:
                facets.update(self._game_of[self._by_docnum[n]] for n in everywhere)
            hits = sorted(allowed, key=lambda n: self._docs[self._by_docnum[n]]["position"])
            return [(n, 0.0) for n in hits], len(hits)
        # Every match is scored (the total is exact), from in-memory BM25F tables.
        optional, required, title_weight = self._clauses(parsed, u)
        for card in cards:        # records naming a card typed, and its keywords' entries
            optional.append(wq.Term("mentions", fold(card.name), boost=BOOST_MENTION))
            for kw in card.keywords:
                optional += self._word_clauses(kw.split(), BOOST_CARD_KEYWORD,
                                               title_weight=title_weight)
        matched = self._scorer.run(optional, required,
                                   everywhere if facets is not None else allowed)
        if facets is not None:
            facets.update(self._game_of[self._by_docnum[n]] for n in matched)
        if allowed is not everywhere:
            matched = {n: sc for n, sc in matched.items() if n in allowed}
        total = len(matched)
        if not total:
            return [], 0
        best = heapq.nlargest(candidates, ((sc, n) for n, sc in matched.items()),
                              key=lambda t: (t[0], -t[1]))
        top = best[0][0] or 1.0
        qf = self._query_features(parsed, u)
        near = self._proximity(parsed)
        sentence = self._sentence_cover(parsed)
        names = self._names_not_words(cards)
        mentions = self._mentions
        best += self._naming(matched, best, names)
        signals = [(n, rank.signals(sc / top, self._features[i], qf, near(n), *sentence(n),
                                    named=not names.isdisjoint(mentions[i])))
                   for sc, n in best for i in (self._by_docnum[n],)]
        if self._collect is not None:
            self._collect.append([(self._docs[self._by_docnum[n]]["key"], sig)
                                  for n, sig in signals])
        scored = [(n, rank.combine(sig)) for n, sig in signals]
        scored.sort(key=lambda s: (-s[1], self._docs[self._by_docnum[s[0]]]["position"]))
        kinds, used = asked_kinds(parsed.words)
        if kinds and len(self._meaningful(parsed.words)) > used:
            scored = kind_first(scored, kinds,
                                lambda n: part_of(self._docs[self._by_docnum[n]]["id"]))
        return [(n, round(s, 4)) for n, s in scored], total

    def _naming(self, matched: dict[int, float], best: list[tuple[float, int]],
                names: frozenset[str]) -> list[tuple[float, int]]:
        """Matches that mention a card the query names by a name but did not make the
        candidates: a long question about a card ("does sea raider trigger twice if …")
        spreads BM25F over its other words, and the one record ruling on that card must
        still be ranked (issue #19: a search naming a card finds the entries that mention
        it). At most ``NAMED_CANDIDATES`` more, best BM25F first, so the work stays bounded."""
        if not names:
            return []
        taken = {n for _sc, n in best}
        mentions = self._mentions
        extra = ((sc, n) for n, sc in matched.items()
                 if n not in taken and not names.isdisjoint(mentions[self._by_docnum[n]]))
        return heapq.nlargest(NAMED_CANDIDATES, extra, key=lambda t: (t[0], -t[1]))

    def _names_not_words(self, cards: Sequence[CardResult]) -> frozenset[str]:
        """The cards named by a name, not by a word: typed exactly, and of two words or
        more or not English ("Leap Attack", "Belfry"; not "Silence" or "Fade", as likely the
        word as the card, which the query's reading searches as typed too)."""
        return frozenset(fold(card.name) for card in cards if card.exact and (
            len(words := words_of(card.name)) > 1 or not ENGLISH.is_word(words[0])))

    def _card_ranked(self, cards: list[CardResult], allowed: frozenset[int]
                     ) -> tuple[list[tuple[int, float]], int]:
        """A query naming only cards: the records that mention them (corpus order), then
        the entries of their keywords (or card type), so a card the rules never name
        still leads somewhere useful."""
        keys = {fold(c.name) for c in cards}
        mentioning = sorted((n for n, i in self._by_docnum.items() if self._mentions[i] & keys),
                            key=lambda n: self._docs[self._by_docnum[n]]["position"])
        pointed = [self._docnum_of[e["key"]] for c in cards for e in c.entries]
        order = [n for n in dict.fromkeys(mentioning + pointed) if n in allowed]
        return [(n, 0.0) for n in order], len(order)

    # -- query construction ---------------------------------------------------------------
    def _word_clauses(self, words: list[str], boost: float = 1.0,
                      fields: tuple[str, ...] | None = None, title_weight: float = 1.0
                      ) -> list[wq.Query]:
        """One word or a multi-word synonym, in every text field with its weight
        (``title_weight`` scales the title's and aliases': see ``LONG_QUESTION_TITLE``).

        Clauses are returned flat (not nested in an ``Or`` per word): Whoosh builds one
        matcher per compound query, and a single flat ``Or`` is several times faster.
        """
        parts: list[wq.Query] = []
        title = [s for w in words for s in stems(TITLE_ANALYZER, w)]
        body = [s for w in words for s in stems(BODY_ANALYZER, w)]
        for field, terms, weight in (("title", title, BOOST_TITLE * title_weight),
                                     ("aliases", title, BOOST_ALIAS * title_weight),
                                     ("body", body, BOOST_BODY)):
            if fields is not None and field not in fields:
                continue
            if len(terms) == 1:
                parts.append(wq.Term(field, terms[0], boost=weight * boost))
            elif terms:
                parts.append(wq.Phrase(field, terms, boost=weight * boost))
        return parts

    def _synonym_words(self, words: list[str], u: Understanding | None = None
                       ) -> list[list[str]]:
        """Other phrasings of ``words``: declared synonyms, and compounds written apart.

        "spell caster" also searches "spellcaster" (a known word); the words typed are kept,
        so this widens the search without correcting anything away. A players' term that
        the rules text also uses ("creature" → minion) is searched as such a phrasing too.
        """
        text = f" {' '.join(words)} "
        out = [[a + b] for a, b in zip(words, words[1:]) if self._corrector.known(a + b)]
        for w in words:               # "deathblow" (rare English): also "death blow"
            if len(w) >= 7 and not self._corrector.known(w):
                parts = self._corrector.split(w, english=True)
                if parts:
                    out.append(parts)
        for group in self._synonyms:
            if any(f" {p} " in text for p in group):
                out.extend(p.split() for p in group if f" {p} " not in text)
        if u is not None:
            out.extend(phrasing for _words, phrasing in u.also)
        return out

    def _title_weight(self, words: list[str]) -> float:
        """How much a title's words count in BM25F for a query of these content words
        (``LONG_QUESTION_TITLE``)."""
        if self._lexicon.scope in (None, SORCERY) or len(words) < LONG_QUESTION_WORDS:
            return 1.0
        return LONG_QUESTION_TITLE

    def _clauses(self, parsed: ParsedQuery, u: Understanding | None = None
                 ) -> tuple[list[wq.Query], list[list[wq.Query]], float]:
        """Leaf clauses of a query: optional ones, one required group per phrase, and the
        weight of title words they use (for the clauses a caller adds: a card's keywords)."""
        words = self._meaningful(parsed.all_words())
        title_weight = self._title_weight(words)
        optional = [c for w in words
                    for c in self._word_clauses([w], title_weight=title_weight)]
        # a game's declared synonyms are words of its text, not names of its records: the
        # body only ("cards" also finds "contracts", but not the section "Playing contracts")
        fields = ("body",) if self._lexicon.scope not in (None, SORCERY) else None
        optional += [c for syn in self._synonym_words(words, u)
                     for c in self._word_clauses(syn, BOOST_SYNONYM, fields, title_weight)]
        # a number in its other spelling ("zero" also searches "0"), in the text only: a
        # title's digits number a list ("Advanced interactions #1"), they are not its topic
        optional += [c for w in words for n in (other_spelling(w),) if n
                     for c in self._word_clauses([n], BOOST_SYNONYM, ("body",))]
        required = [self._word_clauses(p, title_weight=title_weight) for p in parsed.phrases]
        return optional, required, title_weight

    def _whoosh_query(self, parsed: ParsedQuery) -> wq.Query:
        """The same query as one Whoosh query (reference for the in-memory scorer's tests)."""
        optional, required, _weight = self._clauses(parsed)
        should = _flat_or(optional)
        if not required:
            return should
        return wq.AndMaybe(wq.And([_flat_or(g) for g in required]), should)

    def _allowed(self, filters: dict[str, str]) -> frozenset[int]:
        """The records a filter lets through (memoised). Texts describing pictures
        (``HIDDEN_KINDS``) only when the filter asks for their kind."""
        filter_q = self._filter(filters)
        if filter_q is None:
            return self._visible
        key = tuple(sorted(filters.items()))
        found = self._filter_docs.get(key)
        if found is None:
            found = frozenset(self._searcher.docs_for_query(filter_q))
            if filters.get("kind", "").lower() not in HIDDEN_KINDS:
                found -= self._hidden
            if len(self._filter_docs) >= FILTER_MEMO:
                self._filter_docs.clear()
            self._filter_docs[key] = found
        return found

    def _filter(self, filters: dict[str, str]) -> wq.Query | None:
        terms = []
        for name, value in filters.items():
            if name == "mentions":
                terms.append(wq.Term("mentions", fold(value)))
            elif name == "parent":
                terms.append(wq.Term("parent", slugify(value)))
            elif name == "kind":
                terms.append(wq.Term("tags", value.lower()))
            else:
                terms.append(wq.Term(name, value.lower()))
        return wq.And(terms) if terms else None

    def _query_features(self, parsed: ParsedQuery, u: Understanding | None = None
                        ) -> rank.QueryFeatures:
        typed = parsed.all_words()
        words = self._meaningful(typed)
        content = [w for w in words if stems(BODY_ANALYZER, w)] or words
        synonyms = self._synonym_words(words, u)
        per_word = []
        for w in content:
            own = set(stems(TITLE_ANALYZER, w)) | set(stems(BODY_ANALYZER, w))
            for syn in synonyms:   # a word is covered if the record uses a synonym instead
                own |= {s for x in syn for s in stems(TITLE_ANALYZER, x)}
            per_word.append(frozenset(own))

        def title_stems(ws: list[str]) -> frozenset[str]:
            return frozenset(s for w in ws for s in stems(TITLE_ANALYZER, w))

        phrasings = [words] + [_joined(words, i) for i in range(len(words) - 1)
                               if self._corrector.known(words[i] + words[i + 1])]
        if u is not None:       # "battlefield" (a card's name, kept) read as "realm" too
            phrasings += [_replaced(words, typed, phrasing) for typed, phrasing in u.also
                          if set(typed) <= set(words)]
        idf, rare = self._idf, self._idf[""]
        everywhere = self._idf_by_scope[None]
        return rank.QueryFeatures(
            stem_weight={s: idf.get(s, rare) for p in phrasings for w in p
                         for s in stems(TITLE_ANALYZER, w)},
            words=tuple(per_word),
            titles=tuple(title_stems([w for w in p if stems(BODY_ANALYZER, w)] or p)
                         for p in phrasings),
            names=tuple(title_stems(p) for p in phrasings) + (title_stems(typed),),
            lead=self._lead(content), text=" ".join(typed),
            word_weights=tuple(max((everywhere.get(s, everywhere[""])
                                    for s in stems(BODY_ANALYZER, w)), default=1.0)
                               for w in content))

    def _lead(self, content: list[str]) -> frozenset[str]:
        """Stems of the topic typed first (the lead signal): the first content word that a
        title of the scope uses ("what happens when two Lethal minions fight": lethal, not
        "happens"), else the first content word."""
        own = self._own_title_stems.get(self._lexicon.scope, self._own_title_stems[None])
        return rank.topic([frozenset(stems(TITLE_ANALYZER, w)) for w in content], own)

    def _proximity(self, parsed: ParsedQuery) -> Any:
        """A function docnum → share of adjacent query-word pairs found close in the body.

        Adjacent pairs are consecutive matches of query words at most ``PROXIMITY_CHARS``
        apart, found from the memoised positions of each query stem in the record.
        """
        body = [s for w in self._meaningful(parsed.all_words()) for s in stems(BODY_ANALYZER, w)]
        pairs = {(a, b) for a, b in zip(body, body[1:]) if a != b}
        if not pairs:
            return lambda _n: 0.0
        wanted = tuple(dict.fromkeys(body))

        def near(docnum: int) -> float:
            found = sorted((a, b, stem) for stem in wanted
                           for a, b, _k in self._stem_found(docnum, stem)[0])
            close = {(x[2], y[2]) for x, y in zip(found, found[1:])
                     if y[0] - x[1] <= PROXIMITY_CHARS}
            return len(close & pairs) / len(pairs)

        return near

    def _sentence_cover(self, parsed: ParsedQuery) -> Callable[[int], tuple[float, float]]:
        """A function docnum → (largest share of the content words found in one sentence,
        that share again if such a sentence states the number the question asks for).

        A judge's question is usually answered by one sentence that uses most of its words
        ("avatar in the void must play a site"), even in a record whose title shares none:
        the first share is for queries of two or more content words. The second is for
        questions asking how many or how much (``asks.py``): "how many cards can I hold"
        is answered by the sentence that gives the number.
        """
        typed = parsed.all_words()
        words: list[frozenset[str]] = []
        for w in self._meaningful(typed):     # synonyms typed together are one concept
            own = frozenset(stems(BODY_ANALYZER, w))
            if own and not any(own <= seen for seen in words):
                words.append(own | self._synonym_stems(w))
        quantity = bool(words) and asks_quantity([w.lower() for w in typed])
        if len(words) < 2 and not quantity:
            return lambda _n: (0.0, 0.0)
        several = len(words) >= 2
        numbered = self._numbered

        def cover(docnum: int) -> tuple[float, float]:
            per_sentence: dict[int, int] = {}
            get = per_sentence.get
            for w in words:
                found = (self._stem_found(docnum, next(iter(w)))[1] if len(w) == 1 else
                         frozenset().union(*(self._stem_found(docnum, s)[1] for s in w)))
                for i in found:
                    per_sentence[i] = get(i, 0) + 1
            most = max(per_sentence.values(), default=0)
            share = most / len(words)
            stated = quantity and most and not numbered[self._by_docnum[docnum]].isdisjoint(
                i for i, c in per_sentence.items() if c == most)
            return (share if several else 0.0), (share if stated else 0.0)

        return cover

    def _synonym_stems(self, word: str) -> frozenset[str]:
        """Body stems of the one-word synonyms declared for ``word``: a sentence that says
        "contracts" holds the "cards" a Contracts player asks about, as coverage already
        counts it."""
        return frozenset(s for other in self._lexicon.one_word_synonyms.get(word, ())
                         for s in stems(BODY_ANALYZER, other))

    def _stem_found(self, docnum: int, stem: str) -> tuple[list[Match], frozenset[int]]:
        """Where words of ``stem`` stand in a record's body, and their sentences.

        After ``warm`` every pair is in the table (``_index_body``); before it, one regular
        expression of the stem's surface words ("defend": defend, defends, defending,
        defended, defender…) over one body finds them on first need, memoised.
        """
        key = (docnum, stem)
        found = self._found.get(key)
        if found is not None:
            return found
        if self._found_complete:
            return _NOT_FOUND
        pattern = self._patterns.get(stem)
        if pattern is None:
            pattern = self._patterns[stem] = highlighter(self._surfaces.get(stem, ())) or 0
        if not pattern:
            found = _NOT_FOUND
        else:
            i = self._by_docnum[docnum]
            text = self._docs[i].get("body") or ""
            stem_of = self._stem_of
            matches = [(m.start(), m.end(),
                        stem_of.get(m.group(0).lower().replace("’", "'"), stem))
                       for m in pattern.finditer(text)]
            found = self._with_sentences(i, matches) if matches else _NOT_FOUND
        if len(self._found) >= FOUND_MEMO:
            self._found.clear()
        self._found[key] = found
        return found

    def _with_sentences(self, i: int, matches: list[Match]
                        ) -> tuple[list[Match], frozenset[int]]:
        starts = self._sentence_starts[i]
        return matches, frozenset(bisect_right(starts, a) - 1 for a, _b, _k in matches)

    def _index_body(self, docnum: int) -> dict[tuple[int, str], tuple[list[Match], frozenset[int]]]:
        """Every ``(docnum, stem)`` entry of ``_stem_found`` for one record, in one pass.

        The same matches as the per-stem regular expressions: a whole word (not inside a
        word, nor after an apostrophe inside one) whose lower-case form is a surface word
        of the stem, keyed by the stem that surface word counts as.
        """
        i = self._by_docnum[docnum]
        text = self._docs[i].get("body") or ""
        stems_with = self._stems_with_surface
        stem_of = self._stem_of
        per_stem: dict[str, list[Match]] = {}
        for m in _BODY_WORD.finditer(text):
            surface = m.group(0).lower()
            owners = stems_with.get(surface)
            if not owners:
                continue
            match = (m.start(), m.end(), stem_of.get(surface, ""))
            for stem in owners:
                per_stem.setdefault(stem, []).append(
                    match if match[2] else (match[0], match[1], stem))
        return {(docnum, stem): self._with_sentences(i, matches)
                for stem, matches in per_stem.items()}

    def _meaningful(self, words: list[str]) -> list[str]:
        """``words`` without the ones that say nothing about a rules topic.

        Question words ("how", "what", "does") and very common English words that name no
        record ("then", "same", "still", "would": Zipf ≥ ``FUNCTION_ZIPF``) are dropped,
        unless nothing else is left. Words of a record title ("play", "turn", "top",
        "here") are always kept: the Codex defines them. The name of another game the rules
        do not use is dropped too ("lorcana ward": ``_names_a_game``).
        """
        keep = [w for w in words if w not in QUESTION_WORDS and not self._function_word(w)
                and not self._names_a_game(w)]
        return keep or [w for w in words if w not in QUESTION_WORDS] or words

    def _names_a_game(self, word: str) -> bool:
        """A word of another game's name ("lorcana", "hearthstone") that the rules searched
        do not use: the player's context, not a topic ("Magic", "Kill Team" are rules words
        and stay)."""
        return word in self._vocabulary.source_words and not self._stem_known(word)

    def _function_word(self, word: str) -> bool:
        return (ENGLISH.zipf(word) >= FUNCTION_ZIPF
                and not any(s in self._title_stems for s in stems(TITLE_ANALYZER, word)))

    @staticmethod
    def _doc_features(doc: dict[str, Any], terms: list[str]) -> rank.DocFeatures:
        title = frozenset(stems(TITLE_ANALYZER, doc["title"]))
        parent = frozenset(stems(TITLE_ANALYZER, doc.get("parent_title") or ""))
        # a name typed with "and" is the name written with "&" ("surface and subsurface"
        # names Surface & Subsurface): the analyzer drops "&" but keeps "and"
        written = [doc["title"]] + [a for a in (doc.get("aliases") or "").split(" ; ") if a]
        names = [title] + [frozenset(stems(TITLE_ANALYZER, n.replace("&", " and ")))
                           for n in written if "&" in n] \
            + [frozenset(stems(TITLE_ANALYZER, a)) for a in written[1:]]
        return rank.DocFeatures(doc["source"], doc["kind"], title, title | parent,
                                frozenset(names), frozenset(terms),
                                " ".join(words_of(doc["title"])))

    # -- output ---------------------------------------------------------------------------
    def _highlighting(self, parsed: ParsedQuery, u: Understanding | None = None
                      ) -> frozenset[str]:
        """The stems to highlight: the query's content words and their synonyms.

        A very common word kept for ranking because some title uses it ("its" of "Its
        Location", "you") is not highlighted unless nothing else is asked: in "can a minion
        attack the turn its summoned" every "it" of a snippet would be marked, and the
        snippet chosen for them.
        """
        meaningful = self._meaningful(parsed.all_words())
        words = [w for w in meaningful if ENGLISH.zipf(w) < FUNCTION_ZIPF] or meaningful
        for syn in self._synonym_words(words, u):
            words = words + syn
        if u is not None:
            for card in u.cards:
                words = words + card.name.lower().split()
        return frozenset({s for w in words for s in stems(BODY_ANALYZER, w)} or
                         {s for w in words for s in stems(TITLE_ANALYZER, w)})

    def _hit(self, docnum: int, score: float, wanted: frozenset[str],
             u: Understanding | None = None, cards: list[CardResult] = ()) -> Hit:
        i = self._by_docnum[docnum]
        doc = self._docs[i]
        matches = merge_matches(self._stem_found(docnum, s)[0] for s in wanted)
        return Hit(key=doc["key"], id=doc["id"], source=doc["source"], kind=doc["kind"],
                   game=self._game_of[i],
                   title=doc.get("name") or doc["title"], parent_id=doc.get("parent"),
                   parent_title=doc.get("parent_title"), page=doc.get("page"),
                   anchor=doc["anchor"], codex_id=doc.get("codex_id"), score=score,
                   snippet=make_snippet(doc.get("body") or "", None, spans=self._sentences[i],
                                        found_matches=matches),
                   explain=self._explain(i, u, cards))

    def _explain(self, i: int, u: Understanding | None, cards: list[CardResult]) -> list[str]:
        """Why a hit is here when the words typed are not its words: "flier → Airborne",
        "mentions Bosk Troll", "Airborne: a keyword of Blood Ravens"."""
        out: list[str] = []
        terms = self._features[i].terms
        if u is not None:
            for m in u.mappings:
                if any(s in terms for w in m.entry.words for s in stems(TITLE_ANALYZER, w)):
                    out.append(m.label)
        key = self._docs[i]["key"]
        for card in cards:
            if fold(card.name) in self._mentions[i]:
                out.append(f"mentions {card.name}")
            elif any(e["key"] == key for e in card.entries):
                kind = "a keyword" if card.keywords else "the card type"
                out.append(f"{self._docs[i]['title']}: {kind} of {card.name}")
        return out

    def _suggestions(self, parsed: ParsedQuery, elsewhere: bool = False) -> list[str]:
        """What to try when nothing matched: titles spelled like the query, then the query
        without the filters typed with it (searched in the same game). A title is offered
        only when the query as a whole is spelled like it (a letter or two away): a title
        that merely contains the query's letters ("ties" in "Abilities") is no answer. The
        game searched is no filter to drop: the result's game facet says which other games
        match (``elsewhere``), so the examples of a query are shown only when none does."""
        out: list[str] = []
        text = " ".join(parsed.all_words())
        if text:
            out += [t for t, _s, _i in process.extract(
                text, self._titles, scorer=fuzz.ratio, processor=fold,
                limit=5, score_cutoff=SUGGEST_SPELLING)]
        if any(k != "game" for k in parsed.filters) and not parsed.empty:
            unfiltered = ParsedQuery(parsed.words, parsed.phrases, {})
            if self._ranked(unfiltered)[1]:
                out.append(str(unfiltered))
        if not out and not elsewhere:                    # show what a query looks like
            scope = self._lexicon.scope
            out = (["airborne", "intercept", "death's door"] if scope in (None, SORCERY)
                   else [t.lower() for t in self._titles[:3]])
        return list(dict.fromkeys(out))

    def _definitions(self, parsed: ParsedQuery) -> list[dict[str, Any]]:
        """Each game's record that the whole query names, when two or more games name one
        so ("destroy": Sorcery's Kill and Sorcerer's Destroy; "summon": three games), best
        record per game (a definition before a section), games in corpus order."""
        words = self._meaningful(parsed.all_words())
        if not words or len(words) > 4:
            return []
        name = frozenset(s for w in words for s in stems(TITLE_ANALYZER, w))
        best: dict[str, int] = {}
        for n in self._name_index.get(name, ()):
            i = self._by_docnum[n]
            game = self._game_of[i]
            if game not in best or _definition_rank(self._docs[i]) < \
                    _definition_rank(self._docs[best[game]]):
                best[game] = i
        if len(best) < 2:
            return []
        out = []
        for game in self._games:
            if game in best:
                d = self._docs[best[game]]
                text = d.get("body") or ""
                spans = self._sentences[best[game]]
                first = text[:spans[0][1]] if spans else text
                out.append({"game": game, "key": d["key"], "id": d["id"], "source": d["source"],
                            "kind": d["kind"], "title": d.get("name") or d["title"],
                            "page": d.get("page"),
                            "text": first[:300] + ("…" if len(first) > 300 else "")})
        return out


_DEFINITION_KINDS = {"entry": 0, "keyword": 0, "term": 0, "status": 0, "subentry": 1,
                     "section": 2, "quickref": 3, "ruling": 4}


def _definition_rank(doc: dict[str, Any]) -> tuple[int, int, int]:
    """Which of a game's records named alike defines the term: a Codex entry or glossary
    definition first, then a section; the Codex before the rulebook; then corpus order."""
    return (_DEFINITION_KINDS.get(doc["kind"], 5), doc["source"] == "rulebook",
            doc.get("position") or 0)


def _joined(words: list[str], i: int) -> list[str]:
    """``words`` with words ``i`` and ``i + 1`` written as one ("spell caster")."""
    return words[:i] + [words[i] + words[i + 1]] + words[i + 2:]


def _replaced(words: list[str], old: list[str], new: list[str]) -> list[str]:
    """``words`` with the words of ``old`` replaced by ``new`` (at the first of them)."""
    out: list[str] = []
    for w in words:
        if w in old:
            if w == old[0]:
                out.extend(new)
        else:
            out.append(w)
    return out


def _flat_or(clauses: list[wq.Query]) -> wq.Query:
    """One ``Or`` over leaf clauses, matched with a binary tree of unions.

    Whoosh pre-loads an array per ``Or`` on small indexes; with a few dozen sparse term
    clauses the union tree is faster.
    """
    if not clauses:
        return wq.NullQuery
    if len(clauses) == 1:
        return clauses[0]
    q = wq.Or(clauses)
    q.matcher_type = wq.Or.DEFAULT_MATCHER
    return q


def _generation(index_dir: Path, catalog: Path | None = None) -> tuple | None:
    """What identifies one build of the index (``meta.json``'s inode, mtime and size) and
    of the card catalog (the same of ``cards.db``; an import replaces the file)."""
    try:
        st = os.stat(Path(index_dir) / META_FILE)
    except OSError:
        return None
    cards: tuple[int, int, int] | None = None
    if catalog is not None:
        try:
            ct = os.stat(catalog)
            cards = (ct.st_ino, ct.st_mtime_ns, ct.st_size)
        except OSError:
            cards = None
    return (st.st_ino, st.st_mtime_ns, st.st_size, cards)


def _freeze_gc() -> None:
    gc.collect()
    gc.freeze()
