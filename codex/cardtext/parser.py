"""Card-text parser: normalise, split into lines and sentences, parse each sentence, build abilities.

A sentence is parsed with lark's LALR parser through its public interactive API
(``Lark.parse_interactive``, ``InteractiveParser.choices``/``feed_token``/``copy``). The lexer gives each
word its readings in preference order; the search feeds the first reading the parser accepts at that
point and remembers the others, so when the sentence later fails to parse, or parses into something
that means nothing (:class:`~codex.cardtext.meaning.MeaningError`), it resumes from the last choice
with the next reading (ordered choice with backtracking). The work per sentence is bounded
(:data:`MAX_FEEDS` tokens fed, :data:`MAX_PARSES` complete parses tried), whatever the input.

Sentences then become abilities (layer 1): a keyword line, ``COST → EFFECT``, ``Genesis →``, a
triggered ability or a statement; a sentence that starts no ability of its own attaches to the ability
before it on the same line (``At the start of your turn, look at ... You may put it on the bottom``).
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterator

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput
from lark.lexer import Lexer as LarkLexer

from codex.cardtext import ast as A
from codex.cardtext import lexicon as L
from codex.cardtext.lexer import Lexer, misprinted_in, self_aliases
from codex.cardtext.normalize import normalize, split_sentences
from codex.paths import PROJECT_ROOT

GRAMMAR_PATH = PROJECT_ROOT / "grammar" / "sorcery.lark"
STARTS = ["start", "arrow_left"]
#: Bounds on the search for one sentence, whatever its content (the snapshot's sentences that parse need
#: at most 224 feeds and 13 complete parses; most need a dozen feeds and one parse).
MAX_FEEDS = 1000
MAX_PARSES = 24


class _FeedOnly(LarkLexer):
    """The parser is fed token by token; lark never lexes text itself."""

    def __init__(self, lexer_conf: Any) -> None:
        pass

    def lex(self, lexer_state: Any, parser_state: Any) -> Iterator[Token]:  # pragma: no cover
        raise NotImplementedError("card text is parsed with Lark.parse_interactive and fed tokens")


@lru_cache(maxsize=1)
def grammar() -> Lark:
    """The LALR parser (built once per process). ``strict=True``: lark refuses any shift/reduce or
    reduce/reduce conflict, so the grammar never decides an attachment by table preference.
    ``cache=True``: lark keeps the analysed grammar in a temporary file keyed by the grammar's hash
    (a command-line ``arbiter validate`` starts in a twentieth of the time)."""
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), start=STARTS, parser="lalr", lexer=_FeedOnly,
                strict=True, maybe_placeholders=True, cache=True)


@lru_cache(maxsize=1)
def rule_names() -> frozenset[str]:
    """Every alternative's name in the grammar (its alias, else its rule name)."""
    return frozenset(str(r.alias or r.origin.name) for r in grammar().rules if not str(r.origin.name).startswith("_"))


@lru_cache(maxsize=1)
def general_rules() -> frozenset[str]:
    """Grammar alternatives (alias or rule name) marked ``// general: <reason>`` on their line: kept
    however few cards use them (the attestation test and the leave-one-set-out measure read this)."""
    import re

    marked = set()
    for line in GRAMMAR_PATH.read_text(encoding="utf-8").splitlines():
        code, _, comment = line.partition("//")
        if not re.match(r"\s*general:\s*\S", comment):
            continue
        alias = re.search(r"->\s*(\w+)", code)
        rule = re.match(r"\s*(\w+)\s*:", code)
        if alias or rule:
            marked.add((alias or rule).group(1))  # type: ignore[union-attr]
    return frozenset(marked)


# ---------------------------------------------------------------- names known to every parse

_NAMES = L.NameBook()


def names() -> L.NameBook:
    """The name book parses use: the lexicon's titles and the Codex's tokens, plus whatever
    :func:`register_names` added (the imported catalog, a card file being measured)."""
    if not _NAMES.names:
        for folded, (name, kind) in L.base_names().names.items():
            _NAMES.add(name, kind)
    return _NAMES


def register_names(card_names: list[str] | tuple[str, ...] = (), subtypes: list[str] | tuple[str, ...] = ()) -> None:
    """Teach the parser card names and subtypes (from a catalog or card file): ``Pigs of the Sounder``
    then reads as one name, ``Beasts`` as the subtype ``Beast``. Parses cached before are dropped when
    this adds a name."""
    book = names()
    before = book.version
    book.add_all(subtypes, "subtype")
    book.add_all(card_names, "card")
    if book.version != before:
        parse_sentence.cache_clear()
        _aliases_used.cache_clear()


def names_version() -> int:
    """A number that changes whenever the name book does: memos of readings key on it."""
    return names().version


@contextmanager
def names_added(card_names: list[str] | tuple[str, ...] = (), subtypes: list[str] | tuple[str, ...] = ()
                ) -> Iterator[None]:
    """:func:`register_names` for the duration of a block (measuring a card file must not change how
    later parses read): the name book is restored afterwards."""
    book = names()
    saved = (dict(book.names), {k: list(v) for k, v in book.by_first.items()})
    register_names(card_names, subtypes)
    try:
        yield
    finally:
        changed = book.names != saved[0]
        book.names, book.by_first = saved
        if changed:
            book.version += 1
            parse_sentence.cache_clear()
            _aliases_used.cache_clear()


# ---------------------------------------------------------------- search


@dataclass(frozen=True, slots=True)
class Tok:
    """A token fed to the parser: the reading chosen and where its piece is in the sentence."""

    reading: L.Reading
    start: int
    end: int
    text: str


@dataclass
class SyntaxFailure:
    """The furthest point the search reached: the piece that no reading fitted, and the categories
    the parser would have accepted there."""

    offset: int
    found: str
    choices: Any  # the parser's accepted terminals there (read only when the failure is reported)

    @property
    def expected(self) -> tuple[str, ...]:
        return tuple(sorted(k for k in self.choices if k.isupper()))


class Search:
    """Complete parses of a lexed sentence from rule ``start``, best reading first (module docstring).

    :meth:`next` gives the next parse (or None); after a parse that means nothing at offset ``o``,
    :meth:`backjump` drops the choices made after ``o`` (they cannot repair what went wrong there), so the
    search revisits the reading of the word where the meaning failed before anything later.
    ``failure`` is the furthest :class:`SyntaxFailure`."""

    def __init__(self, lx: Lexer, start: str) -> None:
        self.lx = lx
        self.n = len(lx.pieces)
        self.ip = grammar().parse_interactive(start=start)
        self.toks: list[Tok] = []
        self.stack: list[tuple[int, Any, int, list[L.Candidate]]] = []
        self.feeds = self.parses = 0
        self.pos = 0
        self.far = -1
        self.failure: SyntaxFailure | None = None
        self.advanced = True
        self.done = False
        #: (position, LR state stack) configurations from which no complete parse exists: the parser's
        #: future depends on nothing else, so another path reaching one fails at once (the search stays
        #: polynomial on sentences with many ambiguous words and no parse)
        self.dead: set[tuple[int, tuple[Any, ...]]] = set()

    def _fail_at(self, p: int, choices: dict[str, Any] | None) -> None:
        """Remember the furthest failure (``choices``: what the parser accepted there; None: ask it)."""
        if p > self.far:
            if choices is None:
                choices = self.ip.choices()
            self.far = p
            lx = self.lx
            piece = lx.pieces[p] if p < self.n else None
            self.failure = SyntaxFailure(piece.start if piece else (lx.pieces[-1].end if lx.pieces else 0),
                                         piece.text if piece else "end of sentence", choices)

    def _feed(self, cand: L.Candidate) -> bool:
        lx = self.lx
        first = lx.pieces[self.pos]
        last = lx.pieces[self.pos + cand.length - 1]
        for r in cand.readings:
            self.feeds += 1
            self.toks.append(Tok(r, first.start, last.end, lx.sentence[first.start:last.end]))
            try:
                self.ip.feed_token(Token(r.cat, self.toks[-1].text, len(self.toks) - 1))
            except UnexpectedInput:
                self._fail_at(self.pos, None)
                return False
        return True

    def backjump(self, offset: int) -> None:
        """Forget the choice points at pieces starting after ``offset``."""
        pieces = self.lx.pieces
        while self.stack and self.stack[-1][0] < self.n and pieces[self.stack[-1][0]].start > offset:
            self.stack.pop()

    def next(self) -> tuple[Tree, list[Tok]] | None:
        lx = self.lx
        while not self.done and self.feeds < MAX_FEEDS and self.parses < MAX_PARSES:
            if self.advanced:
                choices = self.ip.choices()
                if self.pos == self.n:
                    self.advanced = False
                    if "$END" in choices:
                        try:
                            tree = self.ip.feed_token(Token("$END", "", len(self.toks)))
                        except UnexpectedInput:
                            self._fail_at(self.pos, choices)
                        else:
                            self.parses += 1
                            return tree, list(self.toks)
                    else:
                        self._fail_at(self.pos, choices)
                    continue
                cands = [c for c in lx.candidates(self.pos) if c.readings[0].cat in choices and self.pos + c.length <= self.n]
                if not cands:
                    self._fail_at(self.pos, choices)
                    self.advanced = False
                    continue
                if len(cands) > 1:
                    key = (self.pos, tuple(self.ip.parser_state.state_stack))
                    if key in self.dead:  # explored before from another reading of the words so far: no parse
                        self.advanced = False
                        continue
                    self.stack.append((self.pos, None, key, self.parses))  # marks where this choice's subtree ends
                    self.stack.append((self.pos, self.ip.copy(deepcopy_values=False), len(self.toks), cands[1:]))
                if self._feed(cands[0]):
                    self.pos += cands[0].length
                else:
                    self.advanced = False
                continue
            # backtrack to the last choice point
            if not self.stack:
                self.done = True
                break
            pos, saved, ntoks, rest = self.stack.pop()
            if saved is None:  # every reading from this configuration was tried
                if rest == self.parses:  # ... and none gave a complete parse: a syntactic dead end
                    self.dead.add(ntoks)
                continue
            del self.toks[ntoks:]
            if len(rest) > 1:
                self.stack.append((pos, saved.copy(deepcopy_values=False), ntoks, rest[1:]))
            self.ip = saved
            self.pos = pos
            if self._feed(rest[0]):
                self.pos += rest[0].length
                self.advanced = True
        return None


def search(lx: Lexer, start: str) -> Iterator[tuple[Tree, list[Tok]]]:
    """Every complete parse, best reading first (without backjumping; for tools and tests)."""
    s = Search(lx, start)
    while (got := s.next()) is not None:
        yield got
    lx.failure = s.failure  # type: ignore[attr-defined]


# ---------------------------------------------------------------- sentences


class CardTextError(ValueError):
    """Strict mode: a sentence did not parse. ``errors`` holds every :class:`SentenceError`."""

    def __init__(self, errors: list["SentenceError"]) -> None:
        self.errors = errors
        super().__init__("; ".join(e.message for e in errors))


@dataclass(frozen=True)
class SentenceError:
    """Where and why one sentence failed: ``offset`` into the normalised text, 1-based line/column;
    ``unknown``: words the lexicon does not know (read by their ending)."""

    line: int
    column: int
    offset: int
    sentence: str
    sentence_offset: int
    found: str
    expected: tuple[str, ...]
    message: str
    unknown: tuple[str, ...] = ()
    parsed: bool = False  # the sentence parsed; the error is only about unknown words


@dataclass(frozen=True)
class Failure:
    """A sentence that did not parse (cached like a success): ``offset`` relative to the sentence."""

    offset: int
    found: str
    expected: tuple[str, ...]
    message: str
    unknown: tuple[str, ...] = ()


def _split_arrow(s: str) -> int:
    """Offset of the first '→' outside double quotes, or -1."""
    if "\u2192" not in s:
        return -1
    quoted = False
    for i, ch in enumerate(s):
        if ch == '"':
            quoted = not quoted
        elif ch == "\u2192" and not quoted:
            return i
    return -1


#: While a pair of sets is on this stack, the rules and the lexicon entries of every accepted parse are
#: added to it.
_TRACE: list[tuple[set[str], set[str]]] = []


def usage(text: str, name: str | None = None) -> tuple[set[str], set[str]]:
    """The grammar rules (alternative names, as :func:`rule_names`) and the lexicon entries (``section:
    lemma``) that the accepted parses of a card's sentences used. Uncached: the grammar's tests check
    that every rule has a golden case and that every rule and entry is attested or marked general."""
    used: tuple[set[str], set[str]] = (set(), set())
    _TRACE.append(used)
    parse_sentence.cache_clear()
    _aliases_used.cache_clear()
    try:
        parse_card_text(text, name)
    finally:
        _TRACE.pop()
        parse_sentence.cache_clear()
        _aliases_used.cache_clear()
    return used


def rules_used(text: str, name: str | None = None) -> set[str]:
    """The grammar rules the accepted parses of a card's sentences used (see :func:`usage`)."""
    return usage(text, name)[0]


def _interpret(text: str, start: str, aliases: tuple[str, ...], build: Any) -> Any:
    """Parse ``text`` from ``start`` and give the first reading ``build(tree, toks, lexer)`` accepts
    and the guard against dropped phrases (:func:`_guard`) passes."""
    from codex.cardtext.dropped import DroppedPhrase
    from codex.cardtext.meaning import MeaningError

    lx = Lexer(text, L.load(), names(), aliases)
    first_error: MeaningError | None = None
    dropped_error: MeaningError | None = None
    s = Search(lx, start)
    while (got := s.next()) is not None:
        tree, toks = got
        try:
            node = build(tree, toks, lx)
            _guard(node, toks, text)
        except MeaningError as e:
            first_error = first_error or e
            if isinstance(e, DroppedPhrase):
                dropped_error = dropped_error or e
            if e.offset is not None:
                s.backjump(e.offset)
            continue
        if _TRACE:
            _TRACE[-1][0].update(str(t.data) for t in tree.iter_subtrees())
            _TRACE[-1][1].update(t.reading.entry for t in toks)
        return Parsed(node, tuple(t.text for t in toks if t.reading.entry.startswith("oov:")))
    unknown = tuple(lx.pieces[i].text for i in sorted(set(lx.unknown)))
    f = s.failure
    # a reading that lost words is the best the grammar found: name the words, not an earlier refusal
    first_error = dropped_error or first_error
    if first_error is not None:
        # the sentence is grammatical but means nothing the rules know: say why (a syntax error further on
        # would only be a symptom of a word read the wrong way)
        unknown = unknown + tuple(dict.fromkeys(_unknown_names(first_error)))
        return Failure(first_error.offset or 0, first_error.found, (), str(first_error), unknown)
    if f is None:
        return Failure(0, text[:1], (), "empty sentence", unknown)
    return Failure(f.offset, f.found, f.expected, f"unexpected {f.found!r}", unknown)


@dataclass(frozen=True)
class Parsed:
    """A sentence that parsed: its node (spans relative to the sentence) and the words in it the
    lexicon does not know (read by their ending; validation reports them)."""

    node: Any
    unknown: tuple[str, ...] = ()


def _unknown_names(e: Any) -> list[str]:
    return [e.found] if e.found and e.found[:1].isupper() and "keyword" in str(e) else []


@lru_cache(maxsize=1 << 15)
def _aliases_used(raw: str, aliases: tuple[str, ...], version: int) -> tuple[str, ...]:
    """The card's names ``raw`` uses, as written or misprinted (``Tuft Turtles`` on Tufted Turtles)."""
    if not aliases:
        return ()
    folded = L.fold(raw)
    exact = tuple(a for a in aliases if L.fold(a) in folded)
    loose = misprinted_in(raw, tuple(a for a in aliases if a not in exact), names(), L.load())
    return tuple(a for a in aliases if a in exact or a in loose)


@lru_cache(maxsize=1 << 15)
def parse_sentence(raw: str, aliases: tuple[str, ...], version: int = 0) -> Any:
    """One normalised sentence → :class:`Parsed` (an ability node, spans relative to the sentence), or a
    :class:`Failure`.

    Cached by sentence, the self-names that occur in it and the name book's version: card texts repeat
    sentences (``Shuffle your spellbook.``), and the AST is immutable."""
    from codex.cardtext import meaning as M

    text = raw
    arrow = _split_arrow(text)
    if arrow < 0:
        return _interpret(text, "start", aliases, M.sentence_ability)
    left = _interpret(text[:arrow].rstrip(), "arrow_left", aliases, M.arrow_left)
    if isinstance(left, Failure):
        return left
    body_text = text[arrow + 1:]
    body_offset = arrow + 1 + (len(body_text) - len(body_text.lstrip()))
    body = _interpret(body_text.strip(), "start", aliases, M.sentence_body)
    if isinstance(body, Failure):
        return Failure(body.offset + body_offset, body.found, body.expected, body.message, body.unknown)
    node = M.arrow_ability(left.node, M.shift_spans(body.node, body_offset), A.Span(0, len(raw)))
    return Parsed(node, left.unknown + body.unknown)


# ---------------------------------------------------------------- the guard against dropped phrases

#: How a sentence refused by the guard is named (validate, ``Unparsed.reason``, the engine's
#: not-executed list): the reading the grammar found lost these words.
DROPPED_REASON = "a phrase the grammar did not read"

def dropped_words(reason: str) -> str:
    """The words a reason given by the guard names as lost (``'end', 'turn'``); '' for another reason."""
    if DROPPED_REASON not in reason:
        return ""
    return reason.split(DROPPED_REASON + ": ", 1)[1].split(" (the reading kept", 1)[0]


#: While a list is on this stack, every reading the guard refuses is appended to it as (sentence,
#: printed AST, lost words): ``scripts/dropped.py`` groups them into families.
GUARD_LOG: list[list[tuple[str, str, tuple[str, ...]]]] = []


def _printable(node: Any) -> Any:
    """The node a reading gives, as something the printer prints (the left of an arrow is a tuple of
    costs or an ability word: printed as the ability with no effect; an effect read as several
    sentences, `meaning.split_trailing_delay`, is printed as a statement of them)."""
    if isinstance(node, tuple) and node and all(isinstance(n, A.Sentence) for n in node):
        return A.Statement(node, (), None)
    if isinstance(node, tuple):
        kind, costs, threshold = node
        if kind == "costs":
            return A.Activated(tuple(costs), (), tuple(threshold), None)
        return A.Genesis((), kind == "genesis_deathrite", tuple(threshold), None) if kind.startswith("genesis") \
            else A.Deathrite((), tuple(threshold), None)
    return node


def _guard(node: Any, toks: list[Tok], text: str) -> None:
    """Refuse a reading whose AST does not represent every content word of the sentence
    (:mod:`codex.cardtext.dropped`): the search then tries the sentence's other readings, and if none
    keeps every word the sentence is reported, never executed with a phrase missing. Runs once per
    reading accepted by the meaning layer (the parse is cached per sentence)."""
    from codex.cardtext.dropped import DroppedPhrase, lost_at
    from codex.cardtext.printer import to_text

    printable = _printable(node)
    words = [(t.reading.cat, t.reading.lemma, t.text, t.reading.form) for t in toks]
    if not lost_at(words, "", printable):   # the AST's own words hold every word: no need to print it
        return
    try:
        printed = to_text(printable)
    except Exception:  # noqa: BLE001 - a node the printer cannot write: judged on the AST's own words
        printed = ""
    lost = lost_at(words, printed, printable)
    if not lost:
        return
    # a piece read as several tokens (a contraction) is one word
    texts = tuple(dict.fromkeys(toks[i].text for i in lost))
    if GUARD_LOG:
        GUARD_LOG[-1].append((text, printed, texts))
    first = toks[lost[0]]
    raise DroppedPhrase(f"{DROPPED_REASON}: {', '.join(repr(t) for t in texts)} (the reading kept no word for it)",
                        first.start, first.text)



#: The card being parsed (a quoted ability inside it names the card as SELF too).
_CARD_NAME: list[str | None] = [None]


def parse_quoted(inner: str) -> tuple[Any, ...]:
    """A granted ability in quotes (``Bearer has "Tap → ..."``): its abilities, parsed like card text
    (the card's own name in it is SELF). Raises :class:`~codex.cardtext.meaning.MeaningError` when a
    sentence inside does not parse."""
    from codex.cardtext.meaning import MeaningError

    card, errors = parse_normalized(inner, _CARD_NAME[-1])
    errors = [e for e in errors if not e.parsed]
    if errors:
        e = errors[0]
        raise MeaningError(f"in the quoted ability: {e.message}", e.offset, e.found)
    return tuple(card.abilities)


# ---------------------------------------------------------------- cards


class _Session:
    """Parses the sentences of one card, collecting errors."""

    def __init__(self, name: str | None) -> None:
        book = names()
        self.name = name
        self.aliases = self_aliases(name, L.load(), book)
        self.version = book.version
        self.errors: list[SentenceError] = []

    def sentence(self, raw: str) -> Any:
        # the card's names the sentence uses, as written or misprinted ("Tuft Turtles" on Tufted Turtles)
        aliases = _aliases_used(raw, self.aliases, self.version)
        _CARD_NAME.append(self.name)
        try:
            return parse_sentence(raw, aliases, self.version)
        finally:
            _CARD_NAME.pop()

    def error(self, f: Failure, sentence: str, sentence_offset: int, line_no: int, line_offset: int) -> SentenceError:
        col_in_sentence = f.offset
        offset = line_offset + sentence_offset + col_in_sentence
        err = SentenceError(line_no, sentence_offset + col_in_sentence + 1, offset, sentence, sentence_offset,
                            f.found, f.expected, f.message, f.unknown)
        self.errors.append(err)
        return err


def parse_normalized(text: str, name: str | None = None, errata: bool = False
                     ) -> tuple[A.CardText, list[SentenceError]]:
    """Parse normalised text; a sentence that does not parse becomes an :class:`~codex.cardtext.ast.Unparsed`
    node (and an error) and the rest of the card still parses."""
    from codex.cardtext import meaning as M

    session = _Session(name)
    lines: list[tuple[Any, ...]] = []
    line_offset = 0
    for line_no, line in enumerate(text.split("\n") if text else [], start=1):
        abilities: list[Any] = []
        moved_up = False   # the line's first sentence was a use limit put on the ability above it
        for off, sentence in split_sentences(line):
            node = session.sentence(sentence)
            start = line_offset + off
            if isinstance(node, Failure):
                err = session.error(node, sentence, off, line_no, line_offset)
                abilities.append(A.Unparsed(sentence, A.Span(start, start + len(sentence)),
                                            f"{err.message} at column {err.column}"))
                continue
            unknown = node.unknown
            node = node.node
            if unknown:
                word = unknown[0]
                col = sentence.find(word)
                session.errors.append(SentenceError(line_no, off + max(col, 0) + 1, start + max(col, 0), sentence, off,
                                                    word, (), f"unknown word {word!r}", unknown, parsed=True))
            node = M.shift_spans(node, start)
            if not abilities and not moved_up and M.limit_previous_line(lines, node):
                moved_up = True
                continue
            M.attach(abilities, node)
            M.it_as_previous_subject(abilities, sentence.split(" ", 1)[0])
        if abilities or not moved_up:
            lines.append(tuple(abilities))
        line_offset += len(line) + 1
    return A.CardText(name, tuple(lines), errata), session.errors


def parse_card_text(text: str, name: str | None = None, strict: bool = False) -> A.CardText:
    """Parse raw card text (normalised first). Lenient: failures become ``Unparsed`` nodes; strict:
    raises :class:`CardTextError` listing every failing sentence. A card listed in the overrides file
    (``grammar/overrides.yaml``) gets its AST from there, marked ``overridden``."""
    from codex.cardtext.overrides import override_for

    norm = normalize(text)
    override = override_for(name, norm.text)
    if override is not None:
        return A.replace(override, errata=norm.errata)
    card, errors = parse_normalized(norm.text, name, norm.errata)
    if strict and errors:
        raise CardTextError(errors)
    return card


def clear_caches() -> None:
    """Empty the parser's caches (benchmarks measure cold parses; the grammar and lexicon stay loaded)."""
    from codex.cardtext import dropped, lexer

    dropped.clear_caches()
    parse_sentence.cache_clear()
    _aliases_used.cache_clear()
    lexer.clear_cache()
    L.fold.cache_clear()
