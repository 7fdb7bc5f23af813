"""Endpoints of areas still being written (card validation, rulings): registered on import.

Each block checks that its library is importable, so the API grows the moment it lands and
the service still starts before then.
"""
from __future__ import annotations
