"""Re-ranking signals (``codex/search/rank.py``) on invented records and queries."""
from __future__ import annotations

import pytest

from codex.search import rank


def doc(title: set[str], terms: set[str] | None = None, kind: str = "entry") -> rank.DocFeatures:
    t = frozenset(title)
    return rank.DocFeatures("codex", kind, t, t, frozenset({t}), frozenset(terms or title))


def query(words: list[str], weight: dict[str, float] | None = None) -> rank.QueryFeatures:
    stems = frozenset(words)
    return rank.QueryFeatures(words=tuple(frozenset({w}) for w in words), titles=(stems,),
                              names=(stems,), stem_weight=weight or {})


def test_a_title_naming_the_rarer_word_of_the_query_covers_more_of_it() -> None:
    # "burn counters": every status record says "counters"; one is titled by "burn"
    burn = doc({"burn"}, {"burn", "counter"})
    counters = doc({"counter"}, {"burn", "counter"})
    plain = query(["burn", "counter"])
    assert rank.score(1.0, burn, plain) == rank.score(1.0, counters, plain)
    weighted = query(["burn", "counter"], {"burn": 3.0, "counter": 0.5})
    assert rank.score(1.0, burn, weighted) > rank.score(1.0, counters, weighted)
    assert rank._title_score(frozenset({"burn", "counter"}), burn,
                             {"burn": 3.0, "counter": 1.0}) == 0.75


def test_a_stem_without_a_weight_counts_as_one() -> None:
    d = doc({"fight"})
    assert rank._title_score(frozenset({"fight", "lethal"}), d, {}) == 0.5
    assert rank._title_score(frozenset({"fight", "lethal"}), d, {"lethal": 3.0}) == 0.25


def test_a_title_holding_every_word_asked_about_passes_one_holding_the_rarer_word() -> None:
    # "play site": the Codex entry "Play" names the rarer word; the rulebook section
    # "Playing Sites" names both (and is named exactly), despite its lower prior
    play = doc({"plai"}, {"plai", "site"})
    section = rank.DocFeatures("rulebook", "section", frozenset({"plai", "site"}),
                               frozenset({"plai", "site"}),
                               frozenset({frozenset({"plai", "site"})}),
                               frozenset({"plai", "site"}))
    q = query(["plai", "site"], {"plai": 2.2, "site": 1.1})
    assert rank.score(0.9, section, q) > rank.score(1.0, play, q)




def test_a_sentence_holding_a_long_question_weighs_more_than_one_holding_a_short_one() -> None:
    d = doc({"fight"}, {"decid", "strike", "damag", "defend", "fight"})

    def sentence_part(q: rank.QueryFeatures) -> float:
        return rank.score(1.0, d, q, 0, 1.0) - rank.score(1.0, d, q, 0, 0.0)

    two = query(["strike", "decid"])
    five = query(["decid", "strike", "damag", "split", "defend"])
    assert abs(sentence_part(two) - rank.WEIGHTS["sentence"]) < 1e-9
    # (and a sentence holding all five answers the question)
    assert abs(sentence_part(five) - 2 * rank.WEIGHTS["sentence"] - rank.WEIGHTS["answer"]) < 1e-9


def test_the_topic_is_the_first_word_a_title_uses() -> None:
    titles = {"lethal", "fight", "minion"}
    words = [frozenset({"happen"}), frozenset({"lethal"}), frozenset({"fight"})]
    assert rank.topic(words, titles) == frozenset({"lethal"})
    assert rank.topic([frozenset({"happen"}), frozenset({"two"})], titles) == {"happen"}
    assert rank.topic([], titles) == frozenset()


def test_of_two_titles_of_one_stem_the_one_written_as_typed_comes_first() -> None:
    # "what does magnetic mean": Magnetic and Magnetized are both stem "magnet"
    def titled(surface: str) -> rank.DocFeatures:
        t = frozenset({"magnet"})
        return rank.DocFeatures("contracts", "keyword", t, t, frozenset({t}),
                                frozenset({"magnet", "mean"}), surface)

    q = rank.QueryFeatures(words=(frozenset({"magnet"}), frozenset({"mean"})),
                           titles=(frozenset({"magnet", "mean"}),),
                           names=(frozenset({"magnet", "mean"}),), text="magnetic mean")
    magnetic, magnetized = titled("magnetic"), titled("magnetized")
    assert rank.score(1.0, magnetic, q) - rank.score(1.0, magnetized, q) == \
        pytest.approx(rank.WEIGHTS["written"])
    # one spelling: "armor" typed is "Armour" as written
    armour = rank.DocFeatures("archmajesty", "section", frozenset({"armor"}),
                              frozenset({"armor"}), frozenset(), frozenset({"armor"}), "armour")
    typed = rank.QueryFeatures(words=(frozenset({"armor"}),), titles=(frozenset({"armor"}),),
                               names=(), text="armor")
    plain = rank.DocFeatures("archmajesty", "section", frozenset({"armor"}),
                             frozenset({"armor"}), frozenset(), frozenset({"armor"}), "armory")
    assert rank.score(1.0, armour, typed) > rank.score(1.0, plain, typed)


def test_a_sentence_holding_every_word_of_a_question_answers_it() -> None:
    # "do we skip the ready phase in the first round": Setup's sentence holds all of it
    words = ["skip", "readi", "phase", "first", "round"]
    q = query(words)
    setup = doc({"setup"}, set(words))
    assert rank.score(0.3, setup, q, 0, 1.0) - rank.score(0.3, setup, q, 0, 0.8) == \
        pytest.approx(rank.WEIGHTS["answer"] + 0.2 * rank.WEIGHTS["sentence"] * len(words) / rank.SENTENCE_WORDS)
    two = query(["readi", "phase"])                    # not a question of three words
    assert rank.score(0.3, setup, two, 0, 1.0) - rank.score(0.3, setup, two, 0, 0.5) == \
        pytest.approx(0.5 * rank.WEIGHTS["sentence"])


def test_an_inflection_typed_counts_for_the_title_it_inflects_not_for_one_of_its_stem() -> None:
    # "defending": Defend (which it inflects) before Defender (which only shares its stem)
    def titled(surface: str) -> rank.DocFeatures:
        t = frozenset({"defend"})
        return rank.DocFeatures("codex", "entry", t, t, frozenset({t}), t, surface)

    q = rank.QueryFeatures(words=(frozenset({"defend"}),), titles=(frozenset({"defend"}),),
                           names=(frozenset({"defend"}),), text="defending")
    assert rank.score(1.0, titled("defend"), q) > rank.score(1.0, titled("defender"), q)
    plural = rank.QueryFeatures(words=q.words, titles=q.titles, names=q.names, text="defenders")
    assert rank.score(1.0, titled("defender"), plural) > rank.score(1.0, titled("defend"), plural)
    assert rank._bare_forms("tapping") >= {"tap"} and "exile" in rank._bare_forms("exiled")


def test_a_rulebook_section_comes_nearer_the_codex_for_a_topic_than_for_a_term() -> None:
    """A term looked up ("hand size") keeps the Codex entry's prior well above the rulebook
    section's; a topic of three content words or more ("no limit minions site") brings the
    section's prior up to ``SECTION_TOPIC_PRIOR``."""
    section = rank.DocFeatures("rulebook", "section", frozenset({"hand"}), frozenset({"hand"}),
                               frozenset(), frozenset({"hand", "size", "limit", "minion", "site"}))
    term = rank.signals(1.0, section, query(["hand", "size"]))
    topic = rank.signals(1.0, section, query(["limit", "minion", "site"]))
    assert term.base == pytest.approx(rank.PRIORS[("rulebook", "section")])
    assert topic.base == pytest.approx(rank.SECTION_TOPIC_PRIOR)
    assert topic.base > term.base
    codex = rank.DocFeatures("codex", "entry", frozenset({"hand"}), frozenset({"hand"}),
                             frozenset(), frozenset({"hand"}))
    assert rank.signals(1.0, codex, query(["limit", "minion", "site"])).base == 1.0
