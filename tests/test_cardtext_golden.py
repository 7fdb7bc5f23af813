"""Golden tests from tests/grammar/*.txt: each input parses and prints back to the expected text."""
from __future__ import annotations

from pathlib import Path

import pytest

from codex.cardtext import parse_card_text, to_text

GOLDEN = Path(__file__).parent / "grammar"


def _cases() -> list[tuple[str, dict[str, str]]]:
    out = []
    for f in sorted(GOLDEN.glob("*.txt")):
        for block in f.read_text(encoding="utf-8").split("\n\n"):
            fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line and not line.startswith("#"))
            if "input" in fields:
                out.append((f"{f.stem}:{fields['name']}", fields))
    return out


@pytest.mark.parametrize("case", [c for _, c in _cases()], ids=[i for i, _ in _cases()])
def test_golden(case: dict[str, str]) -> None:
    card = parse_card_text(case["input"], case.get("card"))
    if case["expect"] == "UNPARSED":
        assert not card.fully_parsed
    else:
        assert card.fully_parsed, card.unparsed
        assert to_text(card) == case["expect"]
