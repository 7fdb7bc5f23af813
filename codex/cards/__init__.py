"""The imported card catalog (official card API JSON → SQLite) and its search language."""
from codex.cards.catalog import CardCatalog, CatalogError, import_cards, match_mentions, normalize_name

__all__ = ["CardCatalog", "CatalogError", "import_cards", "match_mentions", "normalize_name"]
