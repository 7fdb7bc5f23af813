"""Sentences placed after another one by a sequence word, or against its condition.

* "Then ...", "Afterwards, ...", "After that, ..." (the grammar reads "after that," as the adverb
  "afterwards"): the sentence happens once the one before has resolved, and reads the board that
  one left ("Deal 1 damage to target minion. Afterwards, if it has 2 or more damage, destroy it."
  tests the damage after the 1 is dealt). Sentences already run in order, each on the state the one
  before left, so the word adds no step; it is read so that it is not named as unknown.
* "Otherwise, ...": the else branch of the condition of the sentence just before ("If it dies, draw
  a spell. Otherwise, you gain 2 life."): it runs exactly when that condition did not hold. A
  sentence before with no condition leaves nothing for "otherwise" to oppose, so it is named as not
  executed rather than run always or never.
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A

OTHERWISE = "otherwise"


def is_otherwise(sentence: Any) -> bool:
    """Whether the sentence opens with "Otherwise,"."""
    return isinstance(sentence, A.Sentence) and OTHERWISE in sentence.adverbs


def otherwise_problems(sentences: Any, n: int) -> Iterator[str]:
    """"Otherwise" needs a sentence before it with a condition of its own."""
    if not isinstance(sentences, tuple) or not is_otherwise(sentences[n]):
        return
    before = sentences[n - 1] if n else None
    if not (isinstance(before, A.Sentence) and before.conditions):
        yield "'otherwise' with no condition in the sentence before"
    if sentences[n].conditions:
        yield "'otherwise' with a condition of its own"


def otherwise_runs(held: bool | None) -> bool:
    """Whether an "Otherwise" sentence runs: the condition of the sentence just before it did not
    hold (``held``: `Run.held` as that sentence left it; None when it tested no condition)."""
    from codex.engine.effects.select import NotExecutable
    if held is None:
        raise NotExecutable("'otherwise' with no condition tested before it")
    return not held
