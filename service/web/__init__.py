"""Server-rendered pages for judges and players (Jinja, autoescaped; JS only enhances)."""
from __future__ import annotations

from flask import Blueprint

# Templates and static files are the app's (service/templates, service/static at /static).
web = Blueprint("web", __name__)

from service.web import filters, games, pages  # noqa: E402,F401
from service.web import tools  # noqa: E402,F401  (validate / rulings pages)
from service.web import cards, offline, rulings  # noqa: E402,F401
