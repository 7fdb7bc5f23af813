"""Pages of areas still being written (card validation, rulings): registered when importable."""
from __future__ import annotations
