"""One spelling for words that British and American English spell apart.

Players write "armor" for the Archmajesty rulebook's "Armour", "defense" for its
"Defence", "artifact" for its "Artefacts", "color" for Contracts' "colored"; Sorcery's
Codex writes "artifact" and a British player types "artefact". The analyzer (``schema.py``)
reads every British spelling as the American one before stemming, in the index and in the
query alike, so each spelling finds the other in both directions, and a title in one
spelling ("Armour Points") is a title match for the other ("armor points").

The pairs come from breame (pinned in pyproject.toml: a list of ~1,700 British → American
spellings with their inflections, "colours" → "colors", "travelled" → "traveled"), not from
a hand list. Only the British form is rewritten: an American word is never changed, so a
word that is American and also means something else is read as typed.
"""
from __future__ import annotations

from breame.spelling import BRITISH_ENGLISH_SPELLINGS

_AMERICAN: dict[str, str] = dict(BRITISH_ENGLISH_SPELLINGS)


def american(word: str) -> str:
    """``word`` (lower case) in its American spelling when it is a British one, else itself."""
    return _AMERICAN.get(word, word)
