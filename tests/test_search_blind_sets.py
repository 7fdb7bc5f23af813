"""The blind query sets of rounds 2 to 13 (``search_queries_*_blind.yaml``,
``search_queries_*_blind3.yaml``, ``search_queries_*_blind4.yaml``,
``search_queries_*_blind5.yaml``, ``search_queries_*_blind6.yaml``,
``search_queries_*_blind7.yaml``, ``search_queries_*_blind8.yaml``,
``search_queries_*_blind9.yaml``, ``search_queries_*_blind10.yaml``,
``search_queries_*_blind11.yaml``, ``search_queries_*_blind12.yaml``,
``search_queries_*_blind13.yaml``) are well formed.

They were written from the sources before the ranking work they measure and committed before
their first run; scripts/bench_search.py measures them and docs/search.md records the first
(blind) run. Their hit rates are deliberately not asserted anywhere: a test would invite
tuning on them. What is checked is that they can measure: big enough, every class present,
every expected record real and of the set's game, no query repeating one of the game's
development or earlier held-out sets.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from codex.corpus import Corpus

HERE = Path(__file__).parent
BLIND = {"sorcery": "search_queries_players_blind.yaml",
         "contracts": "search_queries_contracts_blind.yaml",
         "sorcerer": "search_queries_sorcerer_blind.yaml",
         "archmajesty": "search_queries_archmajesty_blind.yaml"}
EARLIER = {"sorcery": ["search_queries.yaml", "search_queries_heldout.yaml",
                       "search_queries_players.yaml", "search_queries_players_heldout.yaml",
                       "search_queries_sentences.yaml"],
           **{g: [f"search_queries_{g}.yaml", f"search_queries_{g}_heldout.yaml"]
              for g in ("contracts", "sorcerer", "archmajesty")}}
CLASSES = {"sorcery": {"typo", "card", "vocab", "question", "rulebook"},
           **{g: {"typo", "keyword", "question", "rules", "vocab"}
              for g in ("contracts", "sorcerer", "archmajesty")}}
MINIMUM = {"sorcery": 60, "contracts": 20, "sorcerer": 20, "archmajesty": 20}
# round 3: one more blind set per game, new against every earlier set (round 2's blind ones too)
BLIND3 = {"sorcery": "search_queries_players_blind3.yaml",
          **{g: f"search_queries_{g}_blind3.yaml" for g in ("contracts", "sorcerer", "archmajesty")}}
MINIMUM3 = 25
# round 4: one more per game, new against every earlier set (rounds 2 and 3 included)
BLIND4 = {"sorcery": "search_queries_players_blind4.yaml",
          **{g: f"search_queries_{g}_blind4.yaml" for g in ("contracts", "sorcerer", "archmajesty")}}
MINIMUM4 = {"sorcery": 60, "contracts": 30, "sorcerer": 30, "archmajesty": 30}
# round 5: one more per game, new against every earlier set (rounds 2, 3 and 4 included)
BLIND5 = {"sorcery": "search_queries_players_blind5.yaml",
          **{g: f"search_queries_{g}_blind5.yaml" for g in ("contracts", "sorcerer", "archmajesty")}}
MINIMUM5 = {"sorcery": 50, "contracts": 25, "sorcerer": 25, "archmajesty": 25}
# round 6 (the final blind measure of round 4's work): one more per game, new against every
# earlier set (rounds 2 to 5 included)
BLIND6 = {"sorcery": "search_queries_players_blind6.yaml",
          **{g: f"search_queries_{g}_blind6.yaml" for g in ("contracts", "sorcerer", "archmajesty")}}
MINIMUM6 = {"sorcery": 45, "contracts": 25, "sorcerer": 25, "archmajesty": 25}
# round 7 (the blind measure of round 5's work): one more per game, new against every earlier
# set (rounds 2 to 6 included)
BLIND7 = {"sorcery": "search_queries_players_blind7.yaml",
          **{g: f"search_queries_{g}_blind7.yaml" for g in ("contracts", "sorcerer", "archmajesty")}}
MINIMUM7 = {"sorcery": 45, "contracts": 25, "sorcerer": 25, "archmajesty": 25}
# round 8 (the blind measure of round 6's work): one more per game, new against every earlier
# set (rounds 2 to 7 included)
BLIND8 = {"sorcery": "search_queries_players_blind8.yaml",
          **{g: f"search_queries_{g}_blind8.yaml" for g in ("contracts", "sorcerer", "archmajesty")}}
MINIMUM8 = {"sorcery": 45, "contracts": 25, "sorcerer": 25, "archmajesty": 25}
# round 9 (the blind measure of round 7's work): one more per game, new against every earlier
# set (rounds 2 to 8 included)
BLIND9 = {"sorcery": "search_queries_players_blind9.yaml",
          **{g: f"search_queries_{g}_blind9.yaml" for g in ("contracts", "sorcerer", "archmajesty")}}
MINIMUM9 = {"sorcery": 45, "contracts": 25, "sorcerer": 25, "archmajesty": 25}
# round 10 (the blind measure of round 8's work): one more per game, new against every earlier
# set (rounds 2 to 9 included)
BLIND10 = {"sorcery": "search_queries_players_blind10.yaml",
           **{g: f"search_queries_{g}_blind10.yaml"
              for g in ("contracts", "sorcerer", "archmajesty")}}
MINIMUM10 = {"sorcery": 45, "contracts": 25, "sorcerer": 25, "archmajesty": 25}
# round 11 (the blind measure of round 9's work): one more per game, new against every earlier
# set (rounds 2 to 10 included)
BLIND11 = {"sorcery": "search_queries_players_blind11.yaml",
           **{g: f"search_queries_{g}_blind11.yaml"
              for g in ("contracts", "sorcerer", "archmajesty")}}
MINIMUM11 = {"sorcery": 45, "contracts": 25, "sorcerer": 25, "archmajesty": 25}
# round 12 (the blind measure of round 10's work): one more per game, new against every earlier
# set (rounds 2 to 11 included)
BLIND12 = {"sorcery": "search_queries_players_blind12.yaml",
           **{g: f"search_queries_{g}_blind12.yaml"
              for g in ("contracts", "sorcerer", "archmajesty")}}
MINIMUM12 = {"sorcery": 45, "contracts": 25, "sorcerer": 25, "archmajesty": 25}
# round 13 (the blind measure of the search work's next round, docs/search.md "Quality, round
# 10"): one more per game, new against every earlier set (rounds 2 to 12 included)
BLIND13 = {"sorcery": "search_queries_players_blind13.yaml",
           **{g: f"search_queries_{g}_blind13.yaml"
              for g in ("contracts", "sorcerer", "archmajesty")}}
MINIMUM13 = {"sorcery": 45, "contracts": 25, "sorcerer": 25, "archmajesty": 25}


def _load(name: str) -> dict:
    return yaml.safe_load((HERE / name).read_text())


@pytest.mark.parametrize("game,name,minimum,earlier_files",
                         [(g, BLIND[g], MINIMUM[g], EARLIER[g]) for g in BLIND]
                         + [(g, BLIND3[g], MINIMUM3, EARLIER[g] + [BLIND[g]]) for g in BLIND3]
                         + [(g, BLIND4[g], MINIMUM4[g], EARLIER[g] + [BLIND[g], BLIND3[g]])
                            for g in BLIND4]
                         + [(g, BLIND5[g], MINIMUM5[g],
                             EARLIER[g] + [BLIND[g], BLIND3[g], BLIND4[g]]) for g in BLIND5]
                         + [(g, BLIND6[g], MINIMUM6[g],
                             EARLIER[g] + [BLIND[g], BLIND3[g], BLIND4[g], BLIND5[g]])
                            for g in BLIND6]
                         + [(g, BLIND7[g], MINIMUM7[g],
                             EARLIER[g] + [BLIND[g], BLIND3[g], BLIND4[g], BLIND5[g], BLIND6[g]])
                            for g in BLIND7]
                         + [(g, BLIND8[g], MINIMUM8[g],
                             EARLIER[g] + [BLIND[g], BLIND3[g], BLIND4[g], BLIND5[g], BLIND6[g],
                                           BLIND7[g]])
                            for g in BLIND8]
                         + [(g, BLIND9[g], MINIMUM9[g],
                             EARLIER[g] + [BLIND[g], BLIND3[g], BLIND4[g], BLIND5[g], BLIND6[g],
                                           BLIND7[g], BLIND8[g]])
                            for g in BLIND9]
                         + [(g, BLIND10[g], MINIMUM10[g],
                             EARLIER[g] + [BLIND[g], BLIND3[g], BLIND4[g], BLIND5[g], BLIND6[g],
                                           BLIND7[g], BLIND8[g], BLIND9[g]])
                            for g in BLIND10]
                         + [(g, BLIND11[g], MINIMUM11[g],
                             EARLIER[g] + [BLIND[g], BLIND3[g], BLIND4[g], BLIND5[g], BLIND6[g],
                                           BLIND7[g], BLIND8[g], BLIND9[g], BLIND10[g]])
                            for g in BLIND11]
                         + [(g, BLIND12[g], MINIMUM12[g],
                             EARLIER[g] + [BLIND[g], BLIND3[g], BLIND4[g], BLIND5[g], BLIND6[g],
                                           BLIND7[g], BLIND8[g], BLIND9[g], BLIND10[g],
                                           BLIND11[g]])
                            for g in BLIND12]
                         + [(g, BLIND13[g], MINIMUM13[g],
                             EARLIER[g] + [BLIND[g], BLIND3[g], BLIND4[g], BLIND5[g], BLIND6[g],
                                           BLIND7[g], BLIND8[g], BLIND9[g], BLIND10[g],
                                           BLIND11[g], BLIND12[g]])
                            for g in BLIND13],
                         ids=[f"{g}-round2" for g in BLIND] + [f"{g}-round3" for g in BLIND3]
                         + [f"{g}-round4" for g in BLIND4] + [f"{g}-round5" for g in BLIND5]
                         + [f"{g}-round6" for g in BLIND6] + [f"{g}-round7" for g in BLIND7]
                         + [f"{g}-round8" for g in BLIND8] + [f"{g}-round9" for g in BLIND9]
                         + [f"{g}-round10" for g in BLIND10]
                         + [f"{g}-round11" for g in BLIND11]
                         + [f"{g}-round12" for g in BLIND12]
                         + [f"{g}-round13" for g in BLIND13])
def test_blind_set_is_new_big_and_real(game: str, name: str, minimum: int,
                                       earlier_files: list[str], corpus: Corpus) -> None:
    data = _load(name)
    assert data.get("game", "sorcery") == game
    queries = data["queries"]
    assert len(queries) >= minimum
    assert {q["class"] for q in queries} == CLASSES[game]
    earlier = {q["q"].lower() for f in earlier_files for q in _load(f)["queries"]}
    assert not [q["q"] for q in queries if q["q"].lower() in earlier]
    keys = {f"{r['source']}:{r['id']}": r["game"] for r in corpus.records()}
    for q in queries:
        assert q["top"] in (1, 3), q
        for key in q["expect"] if isinstance(q["expect"], list) else [q["expect"]]:
            assert keys.get(key) == game, f"{q['q']!r}: {key} is not a {game} record"


@pytest.mark.parametrize("name", [BLIND["sorcery"], BLIND4["sorcery"], BLIND5["sorcery"],
                                  BLIND6["sorcery"], BLIND7["sorcery"], BLIND8["sorcery"],
                                  BLIND9["sorcery"], BLIND10["sorcery"], BLIND11["sorcery"],
                                  BLIND12["sorcery"], BLIND13["sorcery"]],
                         ids=["round2", "round4", "round5", "round6", "round7", "round8",
                              "round9", "round10", "round11", "round12", "round13"])
def test_sorcery_blind_set_weighs_two_concept_questions(name: str) -> None:
    """The weak class of round 1 (two concepts, the record about their interaction) is
    well represented."""
    queries = _load(name)["queries"]
    assert sum(1 for q in queries if q.get("pair")) >= 15
    assert all(q["class"] == "question" for q in queries if q.get("pair"))
