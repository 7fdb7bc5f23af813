"""Full-text search of the Codex, the rulebook and the glossary (see docs/search.md).

No web framework here: the CLI and the service both call this library.
"""
from codex.search.index import IndexBuildError, build_index, index_exists
from codex.search.query import ParsedQuery, parse_query
from codex.search.results import Hit, SearchResult
from codex.search.searcher import IndexMissing, Searcher
from codex.search.snippet import Snippet

__all__ = ["build_index", "index_exists", "IndexBuildError", "IndexMissing", "Searcher",
           "SearchResult", "Hit", "Snippet", "ParsedQuery", "parse_query"]
