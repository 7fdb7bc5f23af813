"""Modal effects: "Choose two: A; B; or C." and "Choose one: A, or B. If C, choose both instead."

A modal sentence offers its options (the clauses after the colon, joined by "or"); its controller
picks as many as the words say, each option at most once, and the chosen ones happen in the order
written (Codex "Casting Magics": the choices of a magic are made as it is cast, so the modes are the
scenario's `<spell>.<ability>.which` answer, a list of option numbers for more than one: ["1", "3"]).
"Choose one:" alone is read by `abilities.choose_one_as_or` (the options as clauses joined by "or").

"If C, choose both (all) instead." after a modal sentence replaces the choice: when C holds, every
option happens and no one chooses; otherwise the choice stands. C is read as the effect resolves,
which for a magic with no casting trigger is the board it was cast on.

A pick that names an option twice, too few or too many options, or a number that is no option is
not taken: the choice is asked again with the options (docs/scenarios.md "Choices").
"""
from __future__ import annotations

from typing import Any

from codex.cardtext import ast as A


def modal_count(sentence: Any) -> int | None:
    """How many options "Choose N: A; B; or C." picks (N no more than the options); None for any other
    sentence."""
    if not isinstance(sentence, A.Sentence) or len(sentence.clauses) < 3 or sentence.links[:1] != (":",):
        return None
    first = sentence.clauses[0]
    act = first.action if isinstance(first, A.Clause) else None
    if not (isinstance(act, A.Choose) and act.kind == "choose" and act.agent is None and act.action is None
            and isinstance(act.patient, A.Partitive) and act.patient.of is None
            and isinstance(act.patient.count, int) and act.patient.count >= 1):
        return None
    if first.conditions or first.adjuncts or first.adverbs or first.negated or first.modal:
        return None
    if any(link != "or" for link in sentence.links[1:]) or act.patient.count > len(sentence.clauses) - 1:
        return None
    return act.patient.count


def options(sentence: A.Sentence) -> A.Sentence:
    """The modal sentence's options alone, joined by "or" (what is checked and run)."""
    return A.replace(sentence, clauses=sentence.clauses[1:], links=sentence.links[1:])


def all_instead(sentence: Any) -> bool:
    """Whether ``sentence`` is "If C, choose both (all) instead." (every option in place of a choice)."""
    from codex.engine.effects.instead import is_alternative
    if not is_alternative(sentence):
        return False
    act = sentence.clauses[0].action
    if not (isinstance(act, A.Choose) and act.kind == "choose" and act.agent is None and act.action is None):
        return False
    who = act.patient
    return (isinstance(who, A.Ref) and who.word.lower() in ("both", "all") and not who.filters) or \
        (isinstance(who, A.Partitive) and who.count in ("both", "all") and who.of is None)


def is_modal(sentence: Any) -> bool:
    """Whether ``sentence`` offers options joined by "or" (after "Choose one:" was read away) or is a
    "Choose N:" sentence."""
    if modal_count(sentence) is not None:
        return True
    return isinstance(sentence, A.Sentence) and len(sentence.clauses) >= 2 and bool(sentence.links) \
        and set(sentence.links) == {"or"}


def every_option(sentence: A.Sentence) -> A.Sentence:
    """The modal sentence with every option happening, in the order written (joined by "and")."""
    opts = options(sentence) if modal_count(sentence) is not None else sentence
    return A.replace(opts, links=("and",) * (len(opts.clauses) - 1))


def picked(run: Any, sentence: A.Sentence, count: int) -> list[A.Clause]:
    """The options its controller picked (``which``: a list of option numbers), in the order written."""
    from codex.engine.effects.execute import _option_label
    clauses = list(options(sentence).clauses)
    labels = [_option_label(i + 1, c) for i, c in enumerate(clauses)]
    given = run.ctx.answer("which")
    numbers = _numbers(given, len(clauses))
    if numbers is None or len(numbers) != count:
        chosen = run.ctx.choose("which", labels, count=count, why=f"choose {count} of its effects (different ones)")
        numbers = _numbers(chosen, len(clauses)) or []
    return [clauses[n - 1] for n in sorted(numbers)]


def _numbers(given: Any, most: int) -> list[int] | None:
    """The distinct option numbers an answer names ("1", 2, "3: deal 1 damage ..."), None when it names
    one twice or one that is no option."""
    items = given if isinstance(given, (list, tuple)) else [given] if given is not None else []
    out: list[int] = []
    for item in items:
        if isinstance(item, bool) or not isinstance(item, (str, int)):
            return None
        head = str(item).split(":")[0].strip()
        if not head.isdigit() or not 1 <= int(head) <= most or int(head) in out:
            return None
        out.append(int(head))
    return out or None
