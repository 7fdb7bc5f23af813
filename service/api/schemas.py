"""Marshmallow models of the JSON API: they validate input and document every response.

The OpenAPI document at ``/api/openapi.json`` is generated from these, so the schema that
clients (and the schemathesis fuzzer) see is the one the code enforces.
"""
from __future__ import annotations

from apiflask import Schema
from apiflask.fields import Boolean, Dict, Float, Integer, List, Nested, Raw, String
from apiflask.validators import Length, OneOf, Range
from marshmallow import INCLUDE, ValidationError

from codex.inputs import InputError, check_text

from codex.corpus.games import game_names
from codex.paths import SOURCES_DIR

MAX_QUERY = 200
# The games of the embedded sources (the manifest), Sorcery first: what ``game`` accepts.
GAMES = game_names(SOURCES_DIR)
SOURCES = ["codex", "rulebook", *(g for g in GAMES if g != "sorcery")]
_GAME_DOC = {"description": "a game: " + ", ".join(GAMES)}
MAX_LIMIT = 100
MAX_OFFSET = 10_000
MAX_CARD_TEXT = 4000


class Problem(Schema):
    """RFC 9457 problem details."""

    type = String(required=True)
    title = String(required=True)
    status = Integer(required=True)
    detail = String(required=True)
    suggestions = List(String())
    errors = List(Dict())


# -- queries ------------------------------------------------------------------------------
class PageQuery(Schema):
    limit = Integer(load_default=50, validate=Range(1, MAX_LIMIT))
    offset = Integer(load_default=0, validate=Range(0, MAX_OFFSET))
    game = String(load_default="sorcery", validate=OneOf(GAMES), metadata={
        "description": "the game listed (default sorcery: the Codex is Sorcery's)"})


class GameQuery(Schema):
    game = String(load_default="sorcery", validate=OneOf(GAMES), metadata=_GAME_DOC)


class RecordQuery(Schema):
    game = String(load_default=None, validate=OneOf(GAMES), metadata={
        "description": "only this game (default: every game)"})
    kind = String(load_default=None, validate=OneOf(["entry", "subentry", "section", "term",
                                                     "keyword", "quickref", "status",
                                                     "ruling"]))
    limit = Integer(load_default=50, validate=Range(1, MAX_LIMIT))
    offset = Integer(load_default=0, validate=Range(0, MAX_OFFSET))


class SearchQuery(Schema):
    q = String(required=True, validate=Length(1, MAX_QUERY))
    game = String(load_default=None, validate=OneOf(GAMES), metadata={
        "description": "search this game only (default: every game); its vocabulary is used "
                       "for typo correction and players' terms"})
    source = String(load_default=None, validate=OneOf(SOURCES))
    kind = String(load_default=None, validate=Length(1, 40))
    limit = Integer(load_default=10, validate=Range(1, 50))
    offset = Integer(load_default=0, validate=Range(0, 1000))
    correct = Boolean(load_default=True, metadata={
        "description": "false: search the words exactly as typed (no typo correction, "
                       "no players' vocabulary)"})


# -- entries ------------------------------------------------------------------------------
class EntrySummary(Schema):
    id = String(required=True)
    game = String(required=True)
    kind = String(required=True)
    title = String(required=True)
    parent_id = String(allow_none=True)
    url = String(required=True, metadata={"description": "web page (with #anchor for sub-entries)"})
    api_url = String(required=True)


class EntryList(Schema):
    items = List(Nested(EntrySummary), required=True)
    total = Integer(required=True)
    limit = Integer(required=True)
    offset = Integer(required=True)
    next = String(allow_none=True)


class Link(Schema):
    target_text = String(required=True)
    target_id = String(allow_none=True)
    target_title = String(allow_none=True)
    url = String(allow_none=True)
    api_url = String(allow_none=True)


class CardRef(Schema):
    card = String(required=True)
    url = String(required=True)
    api_url = String(required=True)


class RecordRef(Schema):
    id = String(required=True)
    title = String(allow_none=True)
    kind = String(allow_none=True)
    page = Integer(allow_none=True)
    url = String(required=True)


class Conflict(Schema):
    id = String(required=True)
    game = String(allow_none=True)
    topic = String(allow_none=True)
    codex_id = String(allow_none=True)
    codex_quote = String(allow_none=True)
    rulebook_id = String(allow_none=True)
    rulebook_quote = String(allow_none=True)
    note = String(allow_none=True)


class SubEntry(Schema):
    id = String(required=True)
    game = String(required=True)
    kind = String(required=True)
    title = String(required=True)
    anchor = String(required=True, metadata={"description": "fragment of the parent's page"})
    parent_id = String(allow_none=True)
    parent_title = String(allow_none=True)
    text = String(required=True)
    markup = String(required=True)
    csv_row = Integer(allow_none=True)
    url = String(required=True)
    api_url = String(required=True)
    links = List(Nested(Link), required=True)
    mentions = List(Nested(CardRef), required=True)
    linked_from = List(Nested(RecordRef), required=True)
    rulebook = List(Nested(RecordRef), required=True)
    conflicts = List(Nested(Conflict), required=True)


class EntryOut(SubEntry):
    subentries = List(Nested(SubEntry), required=True)


class SubEntryOut(SubEntry):
    """A sub-entry on its own (same fields; a separate name keeps the OpenAPI refs unique)."""


# -- search -------------------------------------------------------------------------------
class Definition(Schema):
    """One game's record of a name several games define."""

    game = String(required=True)
    key = String(required=True)
    id = String(required=True)
    source = String(required=True)
    kind = String(required=True)
    title = String(required=True)
    page = Integer(allow_none=True)
    text = String(required=True, metadata={"description": "its first sentence"})
    url = String(required=True)


class Hit(Schema):
    id = String(required=True)
    title = String(required=True)
    parent = String(allow_none=True)
    parent_title = String(allow_none=True)
    codex_id = String(allow_none=True, metadata={"description": "Codex entry a glossary line defines"})
    source = String(required=True)
    kind = String(allow_none=True)
    page = Integer(allow_none=True)
    anchor = String(allow_none=True)
    score = Float(required=True)
    snippet = String(required=True)
    snippet_html = String(required=True, metadata={
        "description": "HTML-escaped snippet with <mark> around matches"})
    url = String(required=True)
    explain = List(String(), required=True, metadata={
        "description": "why the hit is here when the words typed are not its words: "
                       "'flier → Airborne', 'mentions Bosk Troll'"})
    game = String(required=True, metadata=_GAME_DOC)


class Correction(Schema):
    typed = String(required=True)
    searched = String(required=True)


class VocabularyMapping(Schema):
    typed = String(required=True, metadata={"description": "the players' term typed"})
    means = String(required=True, metadata={"description": "the Sorcery term searched"})
    label = String(required=True, metadata={"description": "e.g. 'flier → Airborne'"})
    from_ = List(String(), required=True, data_key="from", attribute="from",
                 metadata={"description": "games (or table slang) the term comes from"})
    reason = String(required=True)


class KeywordEntry(Schema):
    key = String(required=True)
    title = String(required=True)
    id = String(required=True)
    source = String(required=True)
    kind = String(required=True)
    page = Integer(allow_none=True)
    url = String(required=True)


class NamedCard(Schema):
    name = String(required=True)
    typed = String(required=True)
    exact = Boolean(required=True, metadata={"description": "false: a typo was mended"})
    mentions = Integer(required=True, metadata={"description": "records naming the card"})
    type = String(allow_none=True)
    keywords = List(String(), required=True)
    entries = List(Nested(KeywordEntry), required=True, metadata={
        "description": "entries of the card's keywords (or of its type, if it has none)"})
    note = String(allow_none=True, metadata={
        "description": "e.g. 'Blood Ravens is a card; the rules never mention it by name'"})
    url = String(allow_none=True, metadata={"description": "the card's page"})


class SearchOut(Schema):
    query = String(required=True)
    corrected = String(allow_none=True, metadata={"description": "showing results for"})
    searched = String(required=True, metadata={"description": "what was searched"})
    did_you_mean = String(allow_none=True, metadata={
        "description": "offered, not searched: the query with a real word the rules do not "
                       "use replaced by a rules word one letter away ('borrowing minion' → "
                       "'burrowing minion')"})
    rewritten = Boolean(required=True, metadata={
        "description": "the query was changed (typos, players' terms): repeat with "
                       "correct=false to search it as typed"})
    corrections = List(Nested(Correction), required=True)
    mappings = List(Nested(VocabularyMapping), required=True)
    cards = List(Nested(NamedCard), required=True)
    suggestions = List(String(), required=True)
    total = Integer(required=True)
    limit = Integer(required=True)
    offset = Integer(required=True)
    engine = String(required=True)
    game = String(allow_none=True, metadata={"description": "the game searched (null: every game)"})
    facets = Dict(keys=String(), values=Dict(keys=String(), values=Integer()), required=True,
                  metadata={"description": "{'game': {name: matches}}, counted without the "
                                           "game filter"})
    definitions = List(Nested(Definition), required=True, metadata={
        "description": "each game's definition of a term the whole query names, when two or "
                       "more games define it"})
    best_by_game = Dict(keys=String(), values=Nested(Hit), required=True, metadata={
        "description": "searching every game: each game's first record (what searching that "
                       "game alone shows first); empty when one game is searched"})
    hits = List(Nested(Hit), required=True)


# -- cards --------------------------------------------------------------------------------
class MentionRecord(Schema):
    id = String(required=True)
    game = String(required=True)
    title = String(required=True)
    kind = String(required=True)
    parent_id = String(allow_none=True)
    url = String(required=True)
    api_url = String(required=True)


class ImportedCard(Schema):
    """A card from the imported catalog (`arbiter cards import`)."""
    name = String(required=True)
    type = String(allow_none=True)
    rarity = String(allow_none=True)
    cost = Integer(allow_none=True)
    attack = Integer(allow_none=True)
    defence = Integer(allow_none=True)
    life = Integer(allow_none=True)
    rules_text = String(allow_none=True)
    elements = String(allow_none=True)
    subtypes = String(allow_none=True)
    sets = String(allow_none=True)
    keywords = String(allow_none=True)
    errata = Integer(allow_none=True)
    thresholds = Dict(keys=String(), values=Integer())


class MentionsOut(Schema):
    card = String(required=True)
    imported = Nested(ImportedCard, allow_none=True)
    records = List(Nested(MentionRecord), required=True)


class CardSummary(Schema):
    card = String(required=True)
    records = Integer(required=True)
    url = String(required=True)
    api_url = String(required=True)


class CardList(Schema):
    items = List(Nested(CardSummary), required=True)


# -- rulebook -----------------------------------------------------------------------------
class SectionSummary(Schema):
    id = String(required=True)
    game = String(required=True)
    qualifier = String(allow_none=True, metadata={
        "description": "a heading's parenthetical, e.g. 'Omens' of 'Omen Counters (Omens)'"})
    page_end = Integer(allow_none=True, metadata={
        "description": "when the page is that of the section the record sits in: the next "
                       "page the contents give (p. page–page_end)"})
    title = String(required=True)
    level = Integer(allow_none=True)
    page = Integer(allow_none=True)
    parent_id = String(allow_none=True)
    url = String(required=True)
    api_url = String(required=True)


class SectionList(Schema):
    items = List(Nested(SectionSummary), required=True)


class Paragraph(Schema):
    id = String(required=True)
    position = Integer(allow_none=True)
    text = String(required=True)
    line = Integer(allow_none=True)


class SectionOut(SectionSummary):
    text = String(allow_none=True)
    line = Integer(allow_none=True)
    paragraphs = List(Nested(Paragraph), required=True)


class RulebookRecord(Schema):
    id = String(required=True)
    game = String(required=True)
    title = String(allow_none=True)
    kind = String(allow_none=True)
    page = Integer(allow_none=True)
    parent_id = String(allow_none=True)
    text = String(allow_none=True)
    codex_id = String(allow_none=True)
    url = String(required=True)
    entry_url = String(allow_none=True)


class PageOut(Schema):
    page = Integer(required=True)
    sections = List(Nested(SectionSummary), required=True)
    records = List(Nested(RulebookRecord), required=True)


class KeywordList(Schema):
    items = List(Nested(RulebookRecord), required=True)


class ConflictList(Schema):
    items = List(Nested(Conflict), required=True)


# -- stats --------------------------------------------------------------------------------
class SourceOut(Schema):
    name = String(required=True)
    sha256 = String(required=True)
    bytes = Integer(allow_none=True)
    role = String(allow_none=True)
    game = String(allow_none=True)


class StatsOut(Schema):
    built_at = String(allow_none=True)
    schema_version = String(allow_none=True)
    fingerprint = String(required=True)
    search_engine = String(required=True)
    meta = Dict(keys=String(), values=String(), required=True)
    counts = Dict(keys=String(), values=Integer(), required=True)
    sources = List(Nested(SourceOut), required=True)


class Health(Schema):
    ok = Boolean(required=True)


# -- card validation (codex.cardtext) -----------------------------------------------------
def _bounded_card_text(text: str) -> None:
    """Valid Unicode, no number past the JSON bound (a card never prints one)."""
    try:
        check_text(text, "text", max(len(text), MAX_CARD_TEXT))  # Length reports length
    except InputError as exc:
        raise ValidationError(f"{exc.problem} ({exc.where})") from None


class ValidateIn(Schema):
    text = String(required=True, validate=[Length(1, MAX_CARD_TEXT), _bounded_card_text],
                  metadata={"description": "card text: at most 4,000 characters, numbers of "
                                           "at most 15 digits",
                            "pattern": r"^(?![\s\S]*[0-9]{16})"})
    name = String(load_default=None, allow_none=True, validate=Length(0, 200))


class CardTextError(Schema):
    line = Integer(allow_none=True)
    column = Integer(allow_none=True)
    message = String(required=True)
    expected = List(String())
    excerpt = String(allow_none=True)
    suggestions = List(String())


class ValidateOut(Schema):
    ok = Boolean(required=True)
    text = String(required=True)
    errata = Raw(allow_none=True)
    ast = Raw(allow_none=True, metadata={"description": "typed AST as JSON ({type: ..., ...})"})
    errors = List(Nested(CardTextError), required=True)


# -- rulings (codex.engine) ---------------------------------------------------------------
class ScenarioIn(Schema):
    """An ``arbiter.scenario/1`` document; the engine's JSON Schema checks it in full."""

    class Meta:
        unknown = INCLUDE

    format = String(required=True, metadata={"example": "arbiter.scenario/1"})


class Citation(Schema):
    id = String(required=True)
    source = String(allow_none=True)
    title = String(allow_none=True)
    anchor = String(allow_none=True)
    quote = String(allow_none=True)
    url = String(allow_none=True)


class Step(Schema):
    event = String(required=True)
    rule = String(allow_none=True)
    kind = String(allow_none=True)
    citations = List(Nested(Citation), required=True)
    rule_ids = List(String())
    data = Raw(allow_none=True)


class RulingOut(Schema):
    verdict = String(required=True)
    summary = String(required=True)
    steps = List(Nested(Step), required=True)
    state_after = Raw(allow_none=True)


# -- games --------------------------------------------------------------------------------
class GameSource(Schema):
    name = String(required=True)
    sha256 = String(required=True)
    bytes = Integer(allow_none=True)
    role = String(allow_none=True)


class GameOut(Schema):
    game = String(required=True)
    label = String(required=True)
    title = String(allow_none=True, metadata={"description": "the book's own title"})
    position = Integer(required=True)
    sources = List(Nested(GameSource), required=True)
    counts = Dict(keys=String(), values=Integer(), required=True)
    notes = Dict(keys=String(), values=List(String()), required=True, metadata={
        "description": "what the ingest noted: headings placed or missing, repeated headings"})
    url = String(required=True)
    api_url = String(required=True)


class GameList(Schema):
    items = List(Nested(GameOut), required=True)


class GameDetail(GameOut):
    """One game (same fields; a separate name keeps the OpenAPI refs unique)."""


class GameRecordOut(Schema):
    """Any record of a game other than Sorcery: a section, glossary entry or ruling."""

    class Meta:
        unknown = INCLUDE

    game = String(required=True)
    id = String(required=True)
    kind = String(required=True)
    title = String(required=True)
    qualifier = String(allow_none=True)
    category = String(allow_none=True)
    parent_id = String(allow_none=True)
    page = Integer(allow_none=True)
    page_end = Integer(allow_none=True)
    text = String(required=True)
    line = Integer(allow_none=True)
    url = String(required=True)
    api_url = String(required=True)
    paragraphs = List(Dict(), metadata={"description": "a section's paragraphs"})
    entries = List(Dict(), metadata={"description": "a section's glossary entries and rulings"})
    children = List(Dict(), metadata={"description": "a section's sub-sections"})
    images = List(Dict(), metadata={"description": "texts describing pictures of a section"})
    links = List(Dict(), required=True)
    linked_from = List(Dict(), required=True)


class RecordSummary(Schema):
    source = String(required=True)
    id = String(required=True)
    game = String(required=True)
    kind = String(required=True)
    title = String(allow_none=True)
    parent_id = String(allow_none=True)
    page = Integer(allow_none=True)
    url = String(required=True)


class RecordList(Schema):
    items = List(Nested(RecordSummary), required=True)
    total = Integer(required=True)
    limit = Integer(required=True)
    offset = Integer(required=True)
