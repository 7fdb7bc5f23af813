"""Numbers written as words and as digits are the same number.

Rules write numbers both ways ("reduced to 0", "two Kings of the Realm", "up to 10
contracts"), and so do players ("life reaches zero", "9 cards in hand"). A query's number is
also searched in its other spelling, like a declared synonym. English number words from
zero to twenty, the tens, and "hundred" are enough for the numbers rules use.
"""
from __future__ import annotations

_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
          "fourteen fifteen sixteen seventeen eighteen nineteen twenty").split()
_TENS = {"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90, "hundred": 100}
VALUE = {**{w: n for n, w in enumerate(_WORDS)}, **_TENS}
WORD = {n: w for w, n in VALUE.items()}


def other_spelling(word: str) -> str | None:
    """The same number spelt the other way ("zero" → "0", "9" → "nine"), else None."""
    w = word.lower()
    if w in VALUE:
        return str(VALUE[w])
    if w.isascii() and w.isdecimal() and int(w) in WORD and str(int(w)) == w:   # not '9³', '٣'
        return WORD[int(w)]
    return None
