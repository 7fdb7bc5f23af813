"""What the rulings workbench's board editor reads: the scenario format (JSON Schema, and a
page describing it) and a compact index of the catalog's cards to pick from by name."""
from __future__ import annotations

import json
from typing import Any

from flask import Response, render_template

from service.cardpage import with_catalog
from service.web import web


@web.get("/rulings/schema.json")
def scenario_schema() -> Response:
    """The scenario format's JSON Schema (generated from the engine's models): the action
    picker builds each action's fields from it."""
    from codex.engine import schema

    return Response(json.dumps(schema(), separators=(",", ":")), mimetype="application/json")


@web.get("/rulings/format")
def scenario_format() -> str:
    """The scenario format, field by field, from the same JSON Schema."""
    from codex.engine import schema

    doc = schema()
    defs = doc.get("$defs", {})

    def describe(prop: dict[str, Any]) -> str:
        if "$ref" in prop:
            return prop["$ref"].rsplit("/", 1)[-1]
        if "const" in prop:
            return json.dumps(prop["const"])
        if "enum" in prop:
            return " | ".join(json.dumps(v) for v in prop["enum"])
        for key in ("anyOf", "oneOf"):
            if key in prop:
                return " or ".join(describe(p) for p in prop[key])
        kind = prop.get("type", "any")
        if kind == "array":
            items = prop.get("items") or prop.get("prefixItems")
            if isinstance(items, list):
                return "[" + ", ".join(describe(i) for i in items) + "]"
            return f"list of {describe(items or {})}"
        if kind == "object" and isinstance(prop.get("additionalProperties"), dict):
            return f"object of {describe(prop['additionalProperties'])}"
        bounds = [f"{k} {prop[k]}" for k in ("minimum", "maximum", "maxLength") if k in prop]
        return kind + (f" ({', '.join(bounds)})" if bounds else "")

    sections = []
    for name, body in [("Scenario", doc), *sorted(defs.items())]:
        props = body.get("properties") or {}
        if not props:
            continue
        required = set(body.get("required") or [])
        sections.append({"name": name, "description": body.get("description") or "",
                         "fields": [{"name": k, "type": describe(v), "required": k in required,
                                     "description": v.get("description") or ""}
                                    for k, v in props.items()]})
    return render_template("scenario_format.html", sections=sections)


@web.get("/cards/index.json")
def card_index() -> Response:
    """Every catalog card in a few fields (name, type, power, cost, subtypes): the board
    editor's card picker fills a unit's stats from it; the scenario then names the card and
    the engine reads the rest from the catalog."""
    def rows(cat: Any) -> list[dict[str, Any]]:
        return [{"name": r["name"], "type": (r["type"] or "").lower(), "attack": r["attack"],
                 "defence": r["defence"], "cost": r["cost"], "subtypes": r["subtypes"] or ""}
                for r in cat.db.query("select name, type, attack, defence, cost, subtypes "
                                      "from cards order by name")]

    cards = with_catalog(rows) or []
    return Response(json.dumps({"cards": cards}, separators=(",", ":")),
                    mimetype="application/json")
