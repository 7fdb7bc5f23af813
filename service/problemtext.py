"""Scenario problems in words for the web pages.

The engine reports a problem as ``{pointer, problem, fix}`` in the validator's terms ("Input
should be a valid tuple", "see docs/scenarios.md"), which suits a programmer reading the API.
A judge on the rulings page gets the same problem said plainly: where (``units › 1 › at``),
what was expected in everyday words, what was given, and a link to the format's reference
page instead of a file in the repository.
"""
from __future__ import annotations

import json
import re
from typing import Any

from codex.inputs import value_at

_EXPECTED = [
    (re.compile(r"valid (tuple|list|array)"), "a list, written [ … ]"),
    (re.compile(r"valid (dictionary|object)|model_type|valid model"), "an object, written { … }"),
    (re.compile(r"valid integer"), "a whole number"),
    (re.compile(r"valid (string)"), "text in double quotes"),
    (re.compile(r"valid boolean"), "true or false"),
    (re.compile(r"is not of type 'array'"), "a list, written [ … ]"),
    (re.compile(r"is not of type 'object'"), "an object, written { … }"),
    (re.compile(r"is not of type 'integer'"), "a whole number"),
    (re.compile(r"is not of type 'string'"), "text in double quotes"),
]


def where(pointer: str) -> str:
    """A JSON pointer as a path a person reads: ``/units/0/at`` → ``units › 1 › at`` (lists
    counted from 1)."""
    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]
    return " › ".join(str(int(p) + 1) if p.isascii() and p.isdecimal() else p for p in parts) or "the scenario"


def plain_problem(problem: dict[str, Any], doc: Any = None) -> dict[str, Any]:
    """The problem with ``where`` (readable place), ``problem`` in plain words, ``given`` (the
    value found there, shortened) and ``fix`` without repository paths; ``pointer`` kept."""
    text = str(problem.get("problem") or "")
    fix = str(problem.get("fix") or "")
    for pattern, expected in _EXPECTED:
        if pattern.search(text):
            text = f"should be {expected}"
            break
    tag = re.match(r"Input tag '(.*)' found using '(\w+)' does not match any of the expected "
                   r"tags: (.*)$", text)
    if tag:
        text = f"“{tag.group(1)}” is not a known value of “{tag.group(2)}”"
        fix = "choose one of: " + tag.group(3).replace("'", "")
    fix = re.sub(r"(see |listed in )?docs/scenarios\.md( for this field)?",
                 "see the scenario format page", fix)
    out = {**problem, "where": where(str(problem.get("pointer") or "")), "problem": text,
           "fix": fix}
    found, value = value_at(doc, str(problem.get("pointer") or "")) if doc is not None \
        else (False, None)
    if found:
        given = json.dumps(value, ensure_ascii=False)
        out["given"] = given if len(given) <= 60 else given[:57] + "…"
    return out
