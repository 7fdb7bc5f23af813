"""The OpenAPI document says what the service does: every status it can answer, every limit.

apiflask generates the document from the views and their marshmallow schemas; this spec
processor adds what those cannot know:

- errors are ``application/problem+json`` (RFC 9457), as the server sends them;
- the statuses any request can meet before a view runs (400 unreadable body, 413, 414, 415,
  503) are documented on every operation they apply to;
- the rulings request body is the engine's own JSON Schema (``codex.engine.schema()``), so the
  document states every field and limit the engine enforces, not just ``format``;
- the request-level bounds (body bytes, query bytes, JSON depth, number digits, string length,
  the work deadline) are listed in ``info.description`` and, machine-readably, in
  ``x-arbiter-limits``.
"""
from __future__ import annotations

import copy
from typing import Any

from flask import current_app

from codex.inputs import DEFAULT as JSON_LIMITS

PROBLEM_REF = {"$ref": "#/components/schemas/Problem"}
SCENARIO = "Scenario"
RULINGS_PATH = "/api/v1/rulings"


def limits() -> dict[str, Any]:
    """The bounds every request is held to (the app's configuration)."""
    config = current_app.config
    return {"max_body_bytes": config["MAX_CONTENT_LENGTH"],
            "max_query_string_bytes": config["MAX_QUERY_STRING"],
            "max_json_depth": JSON_LIMITS.max_depth,
            "max_integer_digits": JSON_LIMITS.max_int_digits,
            "max_number_characters": JSON_LIMITS.max_number_chars,
            "max_string_characters": JSON_LIMITS.max_string,
            "work_seconds": config["ARBITER_WORK_SECONDS"]}


def document_limits(spec: dict[str, Any]) -> dict[str, Any]:
    """apiflask ``spec_processor``: problem content types, pre-view errors, scenario, limits."""
    bounds = limits()
    for path, item in spec.get("paths", {}).items():
        for method, op in item.items():
            responses = op.setdefault("responses", {})
            for code, response in responses.items():
                content = response.get("content", {})
                if code != "200" and "application/json" in content:
                    content["application/problem+json"] = content.pop("application/json")
            _problem(responses, "400", "The request could not be read: a body that is not "
                     "JSON, or JSON past a limit (depth, number size, string length, "
                     "invalid Unicode); `errors` says what and where.")
            _problem(responses, "414", f"The query string is longer than "
                     f"{bounds['max_query_string_bytes']:,} bytes (or the URL longer than the "
                     "server accepts).")
            _problem(responses, "503", "The corpus is being rebuilt or cannot be opened.")
            if "requestBody" in op:
                op["requestBody"]["required"] = True     # every body of this API is
                _problem(responses, "413", f"The body is larger than "
                         f"{bounds['max_body_bytes']:,} bytes (declared or chunked).")
                _problem(responses, "415", "The body is not `application/json`.")
                _problem(responses, "422", "A field fails validation, or the work took longer "
                         f"than {bounds['work_seconds']:g} s (too complex).")
    _embed_scenario_schema(spec)
    components = spec.get("components", {}).get("schemas", {})
    for name in _request_schemas(spec):
        components[name] = _bounded(components[name])
    info = spec.setdefault("info", {})
    info["description"] = (info.get("description", "") + "\n\n" + _limits_text(bounds)).strip()
    info["x-arbiter-limits"] = bounds
    return spec


def _problem(responses: dict[str, Any], code: str, description: str) -> None:
    responses.setdefault(code, {"description": description, "content": {
        "application/problem+json": {"schema": PROBLEM_REF}}})


def _embed_scenario_schema(spec: dict[str, Any]) -> None:
    """Replace the rulings body schema with the engine's JSON Schema (its ``$defs`` hoisted)."""
    op = spec.get("paths", {}).get(RULINGS_PATH, {}).get("post")
    if op is None:
        return
    from codex import engine

    schema = copy.deepcopy(engine.schema())
    for key in ("$schema", "$id"):
        schema.pop(key, None)
    defs = schema.pop("$defs", {})
    components = spec.setdefault("components", {}).setdefault("schemas", {})
    rename = {f"#/$defs/{name}": f"#/components/schemas/{SCENARIO}_{name}" for name in defs}
    for name, sub in defs.items():
        components[f"{SCENARIO}_{name}"] = _rewrite_refs(sub, rename)
    components[SCENARIO] = _rewrite_refs(schema, rename)
    content = op.get("requestBody", {}).get("content", {})
    for media in content.values():
        media["schema"] = {"$ref": f"#/components/schemas/{SCENARIO}"}


def _request_schemas(spec: dict[str, Any]) -> list[str]:
    """Names of the component schemas that request bodies use (with what they refer to)."""
    components = spec.get("components", {}).get("schemas", {})
    todo = [media.get("schema", {}) for item in spec.get("paths", {}).values()
            for op in item.values() for media in
            op.get("requestBody", {}).get("content", {}).values()]
    seen: list[str] = []
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            ref = node.get("$ref", "")
            if ref.startswith("#/components/schemas/"):
                name = ref.rsplit("/", 1)[1]
                if name not in seen and name in components:
                    seen.append(name)
                    todo.append(components[name])
            todo.extend(v for k, v in node.items() if k != "$ref")
        elif isinstance(node, list):
            todo.extend(node)
    return seen


_SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "dependentSchemas")
_SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
_SCHEMAS = ("items", "additionalProperties", "not", "if", "then", "else", "contains",
            "propertyNames", "unevaluatedProperties", "unevaluatedItems")


def _bounded(schema: Any) -> Any:
    """A request schema with the request-level bounds where it states none tighter: every
    integer or number within ±(10**15 - 1), every string at most the string limit."""
    if not isinstance(schema, dict):
        return schema
    out = dict(schema)
    for key in _SCHEMA_MAPS:
        if isinstance(out.get(key), dict):
            out[key] = {name: _bounded(sub) for name, sub in out[key].items()}
    for key in _SCHEMA_LISTS:
        if isinstance(out.get(key), list):
            out[key] = [_bounded(sub) for sub in out[key]]
    for key in _SCHEMAS:
        if isinstance(out.get(key), dict):
            out[key] = _bounded(out[key])
    kind = out.get("type")
    types = set(kind) if isinstance(kind, list) else {kind}
    biggest = 10 ** JSON_LIMITS.max_int_digits - 1
    if types & {"integer", "number"}:
        out["maximum"] = min(out.get("maximum", biggest), biggest)
        out["minimum"] = max(out.get("minimum", -biggest), -biggest)
    if "string" in types:
        out["maxLength"] = min(out.get("maxLength", JSON_LIMITS.max_string),
                               JSON_LIMITS.max_string)
    return out


def _rewrite_refs(node: Any, rename: dict[str, str]) -> Any:
    if isinstance(node, dict):
        return {k: (rename.get(v, v) if k == "$ref" and isinstance(v, str)
                    else _rewrite_refs(v, rename)) for k, v in node.items()}
    if isinstance(node, list):
        return [_rewrite_refs(v, rename) for v in node]
    return node


def _limits_text(bounds: dict[str, Any]) -> str:
    return (
        "**Limits.** Every request does bounded work, whatever its content: a body of at most "
        f"{bounds['max_body_bytes']:,} bytes (413 beyond, chunked or not), a query string of at "
        f"most {bounds['max_query_string_bytes']:,} bytes (414), JSON nested at most "
        f"{bounds['max_json_depth']} levels, integers of at most "
        f"{bounds['max_integer_digits']} digits, numbers of at most "
        f"{bounds['max_number_characters']} characters, strings of at most "
        f"{bounds['max_string_characters']:,} characters and valid Unicode (400 with `errors` "
        "saying what and where), and at most "
        f"{bounds['work_seconds']:g} s of computation for a ruling or a card-text parse "
        "(422, too complex). Scenario limits (units, actions, text, numbers) are in the "
        "`Scenario` schema. Errors are RFC 9457 problems.")
