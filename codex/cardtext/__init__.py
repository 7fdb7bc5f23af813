"""Sorcery card text: grammar-based parsing into a typed AST, printing, validation and coverage.

Public API: :func:`parse_card_text`, :func:`validate`, :func:`to_text`, :func:`keywords_of`.
"""
from __future__ import annotations

from codex.cardtext.ast import CardText, Unparsed, to_json
from codex.cardtext.keywords import keywords_of
from codex.cardtext.normalize import normalize
from codex.cardtext.parser import CardTextError, parse_card_text
from codex.cardtext.printer import to_text
from codex.cardtext.validate import ValidationError, ValidationResult, validate

__all__ = ["CardText", "CardTextError", "Unparsed", "ValidationError", "ValidationResult", "keywords_of",
           "normalize", "parse_card_text", "to_json", "to_text", "validate"]
