"""Leave-one-set-out: card-text coverage on sets as if the grammar had never seen them.

The cards are split by the set each first appeared in. For each split, the lexicon is cut down to the
entries the *other* cards use (plus entries marked general and words of the Codex's own rules text), and
the held-out cards are parsed with that lexicon: a word only the held-out set uses is unknown to the
parser (it is read by its ending, as a new word would be). A held-out card whose parse needs a grammar
alternative that no other card uses (and that is not marked general) counts as unparsed. Card names and
subtypes of every card stay known: a newer set comes with its catalog, which the parser reads.

What this cannot remove: the meaning rules in codex/cardtext/meaning.py were written looking at every
set; the split measures the lexicon and the grammar, not them.

Splits: hold out everything first released after Beta (Arthurian Legends, the promos, Gothic...), train
on Alpha/Beta; and the reverse. Each is run twice: as above, and strict (an open-class word stays only if
the training cards use it: the Codex and the general marks do not keep it).

Usage: python scripts/loso.py [FILE.json] [--json] [--families] [--new-subtypes]

``--families``: each split's failure families on the held-out side (why, at which word; biggest
groups first) and the verbs read with no primitive: what to generalise next.

``--new-subtypes``: the held-out side's own subtypes (those no training card carries) are left out of
the name book, as a newer set's new subtypes would be before its catalog is imported: how the parser
reads a subtype it has never seen (at the start of a sentence, a capitalised English word is tried as
the ordinary word first; see docs/cardtext.md). Reports each split's mapped share with the held-out
side's new subtypes unknown and how many held-out cards' ASTs differ from their ASTs with the catalog.
"""
from __future__ import annotations

import json
import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from codex.cardtext import lexicon as L  # noqa: E402
from codex.cardtext.coverage import card_status, catalog_names, first_set  # noqa: E402
from codex.cardtext.normalize import normalize  # noqa: E402
from codex.cardtext.overrides import override_for  # noqa: E402
from codex.cardtext.parser import general_rules, names_added, usage  # noqa: E402
from codex.paths import PROJECT_ROOT  # noqa: E402

#: The development sets: the grammar and the lexicon grew on these first.
DEVELOPMENT = ("Alpha", "Beta")


def _attested(cards: list[dict[str, Any]]) -> tuple[set[str], set[str]]:
    """Grammar rules and lexicon entries the cards' parses use (with the full lexicon)."""
    rules: set[str] = set()
    entries: set[str] = set()
    for c in cards:
        text = (c.get("guardian") or {}).get("rulesText") or ""
        if override_for(c["name"], normalize(text).text) is not None:
            continue
        r, e = usage(text, c["name"])
        rules |= r
        entries |= e
    return rules, entries


def closed_class(entry_id: str, lex: L.Lexicon, sections: set[str]) -> bool:
    """Whether an entry is a closed-class word, which the strict measure keeps: its whole section is one
    (determiners, prepositions...), or the lexicon marks the entry itself so (``general: closed class
    ...``: 'once', the pronoun 'one', the four elements). A closed class belongs to the grammar: a newer
    set cannot add a member to it, so removing one because a training split happens not to use it
    measures the split, not the grammar."""
    return entry_id.split(":", 1)[0] in sections or lex.general.get(entry_id, "").startswith("closed class")


def held_out_coverage(train: list[dict[str, Any]], held: list[dict[str, Any]], strict: bool = False) -> dict[str, Any]:
    """Coverage of ``held`` parsed with the lexicon entries and grammar rules ``train`` attests.
    ``strict``: an open-class word (noun, verb, adjective, adverb) stays only if ``train`` uses it, even
    when the Codex uses it or it is marked general (closed classes, sections or single entries marked so,
    and keywords stay)."""
    rules, entries = _attested(train)
    full = L.load()
    allowed_rules = rules | general_rules()
    sections = set(L.read_yaml(L.LEXICON_PATH).get("general_sections") or {})
    if strict:
        exclude = {e for e in full.entries if e not in entries and not closed_class(e, full, sections)}
    else:
        exclude = {e for e in full.entries if e not in entries and e not in full.general and not L.codex_attested(e)}
    counts: Counter[str] = Counter()
    unattested_rules: Counter[str] = Counter()
    families: Counter[str] = Counter()
    examples: dict[str, str] = {}
    verbs: Counter[str] = Counter()
    with L.restricted(exclude):
        for c in held:
            st = card_status(c)
            status = st["status"]
            if status in ("parsed", "mapped"):
                missing = usage((c.get("guardian") or {}).get("rulesText") or "", c["name"])[0] - allowed_rules
                if missing:
                    unattested_rules.update(missing)
                    status = "unparsed"
            counts[status] += 1
            for f in st["failures"]:
                families[f] += 1
                examples.setdefault(f, c["name"])
            verbs.update(st["actions"])
    n = len(held) or 1
    return {"train_cards": len(train), "held_out_cards": len(held), "entries_removed": len(exclude),
            "mapped": counts["mapped"], "parsed": counts["mapped"] + counts["parsed"],
            "overridden": counts["overridden"], "mapped_share": round(counts["mapped"] / n, 4),
            "parsed_share": round((counts["mapped"] + counts["parsed"]) / n, 4),
            "unattested_rules": dict(unattested_rules.most_common()),
            "missing": [{"family": f, "count": k, "example": examples[f]} for f, k in families.most_common()],
            "verbs_without_primitive": dict(verbs.most_common())}


def _subtypes(cards: list[dict[str, Any]]) -> set[str]:
    return set(catalog_names(cards)[1])


def new_subtypes_report(cards: list[dict[str, Any]], train: list[dict[str, Any]], held: list[dict[str, Any]],
                        strict: bool) -> dict[str, Any]:
    """The held-out coverage with the held-out side's new subtypes unknown, and the held-out cards whose
    AST changes when they are (the cards a new subtype is read differently on, before its catalog)."""
    from codex.cardtext.parser import parse_card_text

    names, _ = catalog_names(cards)
    known = sorted(_subtypes(train))
    new = sorted(_subtypes(held) - set(known))
    texts = [((c.get("guardian") or {}).get("rulesText") or "", c["name"]) for c in held]
    with names_added(names, sorted(_subtypes(cards))):
        with_catalog = [parse_card_text(t, n) for t, n in texts]
    with names_added(names, known):
        r = held_out_coverage(train, held, strict)
        without = [parse_card_text(t, n) for t, n in texts]
    changed = [n for (t, n), a, b in zip(texts, with_catalog, without) if a != b]
    r["new_subtypes"] = len(new)
    r["cards_read_differently"] = changed
    return r


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    default = os.environ.get("ARBITER_CARDS_JSON", str(PROJECT_ROOT.parent / "shared/cards/sorcery-cards.json"))
    path = Path(args[0] if args else default)
    if not path.exists():
        print(f"card file not found: {path} (pass a path or set ARBITER_CARDS_JSON)", file=sys.stderr)
        return 2
    cards = [c for c in json.loads(path.read_text(encoding="utf-8")) if isinstance(c, dict) and c.get("name")]
    dev = [c for c in cards if first_set(c) in DEVELOPMENT]
    later = [c for c in cards if first_set(c) not in DEVELOPMENT]
    later_sets = sorted({first_set(c) for c in later})
    report = {}
    if "--new-subtypes" in argv:
        for strict in (False, True):
            tag = " (strict)" if strict else ""
            for train, held, sets in ((dev, later, later_sets), (later, dev, list(DEVELOPMENT))):
                r = new_subtypes_report(cards, train, held, strict)
                print(f"held out: {', '.join(sets)}{tag}, its {r['new_subtypes']} new subtypes unknown: mapped "
                      f"{r['mapped_share']:.1%}, parsed {r['parsed_share']:.1%}; cards read otherwise than with the "
                      f"catalog: {len(r['cards_read_differently'])} {r['cards_read_differently'][:12]}")
        return 0
    with names_added(*catalog_names(cards)):
        for strict in (False, True):
            tag = " (strict)" if strict else ""
            report["held out: " + ", ".join(later_sets) + tag] = held_out_coverage(dev, later, strict)
            report["held out: " + ", ".join(DEVELOPMENT) + tag] = held_out_coverage(later, dev, strict)
    if "--json" in argv:
        print(json.dumps(report, indent=2))
        return 0
    print(f"cards: {len(cards)} ({path.name}); goal: >= 75% mapped on the held-out side")
    for split, r in report.items():
        print(f"{split}: {r['held_out_cards']} cards (trained on {r['train_cards']}); lexicon entries removed "
              f"{r['entries_removed']}; mapped {r['mapped_share']:.1%}, parsed {r['parsed_share']:.1%}, "
              f"overridden {r['overridden']}")
        if r["unattested_rules"]:
            print(f"  grammar rules only the held-out side uses: {r['unattested_rules']}")
        if "--families" in argv:   # the held-out cases the grammar misses, biggest groups first
            for m in r["missing"][:15]:
                print(f"  {m['count']:3d}  {m['family']}  (e.g. {m['example']})")
            if r["verbs_without_primitive"]:
                print(f"  verbs read with no primitive: {r['verbs_without_primitive']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
