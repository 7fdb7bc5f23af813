"""What a question asks for, and whether a sentence of the rules gives it.

Question answering calls this the answer type: "how many cards can I hold in my hand" asks
for a quantity, so of two sentences that use its words, the one stating a number ("You may
have at most seven cards in your hand") answers it and the one that only mentions a hand
does not. The search uses it as one more ranking signal (``rank.Signals.quantity``); it
reads the question's form, never its topic, so it applies to any game and any wording.

Only the quantity type is recognised: it is the one a sentence shows plainly (a numeral, a
number word, "once", "twice", "half"). "When" and "who" questions were measured too
(docs/search.md, round 5): the words that would mark their answers ("turn", "player") are
in most sentences of any rulebook.
"""
from __future__ import annotations

import re

from codex.search.numbers import VALUE

# "how many", "how much", "how far", "how often", "what is the maximum / limit / number of",
# "what's the most…", "is there a limit on…", "up to how many", and the same asked as a
# look-up that starts with it ("max copies of the same card", "minimum atlas size")
_ASKS_QUANTITY = re.compile(
    r"\bhow (many|much|far|often)\b"
    r"|\bwhat(?:'s| is| are) the (max|maximum|min|minimum|limit|number|most|fewest|least)\b"
    r"|\bis there (a|any) (limit|maximum|minimum|max|cap)\b"
    r"|^(max|maximum|min|minimum|number of)\b")
_GIVES_QUANTITY = re.compile(
    r"\b(\d+|" + "|".join(sorted(VALUE, key=len, reverse=True)) + r"|once|twice|half)\b",
    re.IGNORECASE)


def asks_quantity(words: list[str]) -> bool:
    """Whether a question (its words, lower case, in order) asks how many or how much."""
    return bool(_ASKS_QUANTITY.search(" ".join(words)))


def gives_quantity(sentence: str) -> bool:
    """Whether a sentence states a number (a numeral or a number word)."""
    return bool(_GIVES_QUANTITY.search(sentence))
