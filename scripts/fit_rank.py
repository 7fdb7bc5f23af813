#!/usr/bin/env python
"""Fit the search ranking's weights (codex/search/data/rank_weights.json) on the development
query sets, and measure them on the blind sets they never saw.

The ranker (``codex/search/rank.py``) is linear in a handful of general signals: how well
the text matches (BM25F), how much of the query the record and its title cover, whether
one sentence holds the question, the record's prior... Rounds 1-3 set their weights by
hand, one failing query at a time; this script sets them from every development query at
once (learning to rank), so no weight serves one example:

1. A fresh corpus and index are built in a temporary folder (``--build DIR`` reuses one),
   with the card snapshot when it is there, as scripts/bench_search.py does.
2. Every query of the development sets (``TRAIN``) is searched in its game; the signals of
   its candidates (the best 50 by BM25F, the ones the ranker re-orders) are recorded with
   which candidates are right answers.
3. The weights minimise a listwise loss: minus the log of the probability a softmax over the
   candidates' scores gives the right answers, plus an L2 penalty pulling them towards the
   hand weights (so a signal the data says little about keeps its hand weight). Weights
   stay non-negative: every signal is evidence for a record, never against it. The
   softmax's temperature and the penalty's strength are chosen by 5-fold cross-validation
   on the development queries (hit@1 + hit@3 of the folds held out).
4. The weights chosen are fitted on every development query, and measured, with the hand
   weights beside them, on the development sets and on every blind set (``MEASURE``): the
   blind figures are reported, never used to choose anything.

    .venv/bin/pip install -e '.[fit]'
    .venv/bin/python scripts/fit_rank.py [--build DIR] [--write]

Without ``--write`` the figures are printed and the weights file is left alone.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import bench_search  # noqa: E402
from bench_search import CARDS, SET_FILES, load_sets, open_searcher  # noqa: E402
from codex.paths import BuildPaths  # noqa: E402
from codex.pipeline import build_all  # noqa: E402
from codex.search import Searcher, rank  # noqa: E402

TRAIN = ["judge", "judge-held-out", "players", "players-held-out", "sentences",
         *(f"{g}{s}" for g in ("contracts", "sorcerer", "archmajesty") for s in ("", "-held-out"))]
MEASURE = [name for name in SET_FILES if "blind" in name]
# the one-sentence signal's validation set (development data since round 1)
bench_search.SET_FILES.setdefault("sentences", "search_queries_sentences.yaml")
TEMPERATURES = (3.0, 10.0, 30.0)
PENALTIES = (0.003, 0.03, 0.3)
FOLDS = 5
STEPS = 1500


@dataclass
class Query:
    """One query's candidates: their signals (rows), and which are right answers."""

    set: str
    q: str
    signals: np.ndarray        # candidates × features
    right: np.ndarray          # bool per candidate
    top: int


def collect(searcher: Searcher, sets: dict[str, list[dict[str, Any]]]) -> list[Query]:
    """The candidates of every query searched in its game, with their signals."""
    out = []
    for name, cases in sets.items():
        for case in cases:
            found = searcher.candidate_signals(case["q"], case["game"])
            wanted = case["expect"] if isinstance(case["expect"], list) else [case["expect"]]
            rows = np.array([list(sig) for _key, sig in found] or np.zeros((0, len(rank.FEATURES))),
                            dtype=float)
            right = np.array([key in wanted for key, _sig in found], dtype=bool)
            out.append(Query(name, case["q"], rows.reshape(-1, len(rank.FEATURES)), right,
                             case.get("top", 1)))
    return out


def ranks(queries: list[Query], w: np.ndarray) -> list[int]:
    """Rank of the first right answer of each query under weights ``w`` (99: not found).
    Ties keep BM25F's order, as the searcher keeps corpus order."""
    out = []
    for q in queries:
        if not q.right.any():
            out.append(99)
            continue
        scores = q.signals @ w
        order = np.argsort(-scores, kind="stable")
        out.append(int(np.flatnonzero(q.right[order])[0]) + 1)
    return out


def hits(rs: list[int]) -> tuple[float, float]:
    n = len(rs) or 1
    return 100 * sum(r <= 1 for r in rs) / n, 100 * sum(r <= 3 for r in rs) / n


def fit(queries: list[Query], temperature: float, penalty: float, start: np.ndarray) -> np.ndarray:
    """Weights minimising the listwise loss (see the module docstring), by Adam from the
    hand weights, projected onto w ≥ 0."""
    usable = [q for q in queries if q.right.any()]
    width = max(len(q.right) for q in usable)
    k = len(rank.FEATURES)
    x = np.zeros((len(usable), width, k))
    mask = np.zeros((len(usable), width), dtype=bool)
    right = np.zeros((len(usable), width), dtype=bool)
    for i, q in enumerate(usable):
        x[i, :len(q.right)] = q.signals
        mask[i, :len(q.right)] = True
        right[i, :len(q.right)] = q.right
    w = start.copy()
    m = np.zeros(k)
    v = np.zeros(k)
    lr, b1, b2 = 0.02, 0.9, 0.999
    for step in range(1, STEPS + 1):
        s = temperature * (x @ w)
        s = np.where(mask, s, -np.inf)
        s -= s.max(axis=1, keepdims=True)
        p = np.exp(s)
        p /= p.sum(axis=1, keepdims=True)
        p_right = np.where(right, p, 0.0)
        share = p_right.sum(axis=1, keepdims=True)
        # d(-log Σ_right p)/d score = p - p_right / Σ_right p
        d_score = p - p_right / share
        grad = temperature * np.einsum("qc,qck->k", d_score, x) / len(usable)
        grad += 2 * penalty * (w - start)
        m = b1 * m + (1 - b1) * grad
        v = b2 * v + (1 - b2) * grad ** 2
        w = w - lr * (m / (1 - b1 ** step)) / (np.sqrt(v / (1 - b2 ** step)) + 1e-9)
        w = np.maximum(w, 0.0)
    return w


def cross_validate(queries: list[Query], start: np.ndarray) -> dict[tuple[float, float], tuple[float, float]]:
    """hit@1 / hit@3 of the held-out folds for each (temperature, penalty)."""
    rng = np.random.default_rng(19)
    fold_of = rng.permutation(len(queries)) % FOLDS
    out = {}
    for t in TEMPERATURES:
        for lam in PENALTIES:
            rs = [0] * len(queries)
            for f in range(FOLDS):
                train = [q for q, g in zip(queries, fold_of) if g != f]
                test_ix = [i for i, g in enumerate(fold_of) if g == f]
                w = fit(train, t, lam, start)
                for i, r in zip(test_ix, ranks([queries[i] for i in test_ix], w)):
                    rs[i] = r
            out[(t, lam)] = hits(rs)
            print(f"  cv temperature {t:>4} penalty {lam:<5}: hit@1 {out[(t, lam)][0]:5.1f} "
                  f"hit@3 {out[(t, lam)][1]:5.1f}", flush=True)
    return out


def report(queries: list[Query], weights: dict[str, np.ndarray]) -> dict[str, dict[str, list[float]]]:
    """hit@1 / hit@3 per set under each named weight vector."""
    table: dict[str, dict[str, list[float]]] = {}
    for name in dict.fromkeys(q.set for q in queries):
        in_set = [q for q in queries if q.set == name]
        table[name] = {label: list(hits(ranks(in_set, w))) for label, w in weights.items()}
        cells = "   ".join(f"{label} {h1:5.1f} / {h3:5.1f}"
                           for label, (h1, h3) in table[name].items())
        print(f"  {name:<24} {len(in_set):>3}   {cells}")
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", type=Path, help="reuse (or make) this build folder")
    parser.add_argument("--write", action="store_true", help="write the weights file")
    parser.add_argument("--train", default=",".join(TRAIN),
                        help="comma-separated query sets to fit on (default: the development sets)")
    parser.add_argument("--measure", default=",".join(MEASURE),
                        help="comma-separated query sets only measured (default: the blind sets)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        build = BuildPaths(args.build or Path(tmp))
        if not build.index.exists():
            build_all(build)
            if CARDS.exists():
                from codex.cards.catalog import import_cards
                import_cards(CARDS, build.cards_db)
        catalog = build.cards_db if build.cards_db.exists() else None
        searcher = open_searcher(build.index, catalog, 0)
        searcher.warm()
        train_sets = [x for x in args.train.split(",") if x]
        train = collect(searcher, load_sets(train_sets))
        measure = collect(searcher, load_sets([x for x in args.measure.split(",")
                                               if x and x not in train_sets]))
        searcher.close()
    hand = np.array([rank.HAND_WEIGHTS[f] for f in rank.FEATURES])
    print(f"{len(train)} development queries ({sum(q.right.any() for q in train)} with a right "
          f"answer among the candidates); {len(measure)} blind queries")
    print("cross-validation on the development queries (5 folds):")
    cv = cross_validate(train, hand)
    (t, lam), best = max(cv.items(), key=lambda kv: (kv[1][0] + kv[1][1], -kv[0][1]))
    print(f"chosen: temperature {t}, penalty {lam} (cv hit@1 {best[0]:.1f}, hit@3 {best[1]:.1f});"
          f" hand weights on the same folds: {hits(ranks(train, hand))}")
    fitted = fit(train, t, lam, hand)
    print("weights (hand → fitted):")
    for name, a, b in zip(rank.FEATURES, hand, fitted):
        print(f"  {name:<18} {a:6.3f} → {b:6.3f}")
    print("development sets (fitted on), hand / fitted:")
    dev = report(train, {"hand": hand, "fitted": fitted})
    print("blind sets (never fitted on), hand / fitted:")
    blind = report(measure, {"hand": hand, "fitted": fitted})
    if args.write:
        rank.WEIGHTS_FILE.write_text(json.dumps({
            "about": "Ranking weights fitted by scripts/fit_rank.py on the development query "
                     "sets (listwise softmax loss, L2 towards the hand weights, w >= 0; "
                     "temperature and penalty chosen by 5-fold cross-validation). The blind "
                     "sets were only measured.",
            "fitted_on": train_sets, "temperature": t, "penalty": lam,
            "cross_validation": {"hit@1": round(best[0], 1), "hit@3": round(best[1], 1)},
            "weights": {name: round(float(x), 4) for name, x in zip(rank.FEATURES, fitted)},
            "hand_weights": rank.HAND_WEIGHTS,
            "measured": {"development": dev, "blind": blind},
        }, indent=1) + "\n")
        print(f"wrote {rank.WEIGHTS_FILE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
