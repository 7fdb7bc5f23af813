"""Benchmark rulings over the scenario suites: rulings/s, median and p99 per ruling, for Sorcery
(tests/scenarios) and, apart, for Contracts (tests/scenarios/contracts); then the card-effect
scenarios (invented card text) and the scenarios naming real cards (tests/scenarios_cards, ruled
against the card snapshot imported into a temporary catalog; skipped with a message without it).

Baselines measured in the same run:
- the cost of only loading each scenario (validation and state built), so the ratio of
  adjudication to loading is visible;
- with ``--against REF`` (a git ref, e.g. ``main`` or a commit), the same scenarios ruled by that
  build of the engine, extracted with ``git archive`` into a temporary folder and timed in a child
  process on the same machine, one after the other; the ratio of the medians is printed.

Usage: .venv/bin/python scripts/bench_rulings.py [--rounds N] [--against REF] [--json]
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent

#: Timing code run by both builds, so that they are measured the same way.
TIMER = r'''
import json, statistics, sys, time
from codex.engine import rule
docs = json.load(open(sys.argv[1], encoding="utf-8"))
rounds = int(sys.argv[2])
ok = []
for d in docs:
    try:
        rule(d)
        ok.append(d)
    except Exception:
        pass
times = []
for _ in range(rounds):
    for d in ok:
        t0 = time.perf_counter()
        rule(d)
        times.append(time.perf_counter() - t0)
times.sort()
print(json.dumps({"n": len(times), "accepted": len(ok), "of": len(docs),
                  "median_ms": statistics.median(times) * 1000 if times else None,
                  "p99_ms": times[min(len(times) - 1, int(len(times) * 0.99))] * 1000 if times else None}))
'''


#: Each game's scenario suite folder.
SUITES = {"sorcery": ROOT / "tests" / "scenarios", "contracts": ROOT / "tests" / "scenarios" / "contracts"}
#: Sorcery scenario files whose rulings execute card text (effects, triggers, statics): reported apart.
EFFECT_AREAS = ("effects",)


def scenarios(game: str = "sorcery", effects: bool | None = None) -> list[dict[str, Any]]:
    """A game's scenarios: all, only the effect-heavy ones (True), or only the others (False)."""
    out = []
    for path in sorted(SUITES[game].glob("*.json")):
        if effects is not None and (path.stem in EFFECT_AREAS) != effects:
            continue
        out += [c["scenario"] for c in json.loads(path.read_text("utf-8"))["cases"]]
    return out


#: The real-card scenarios and the card snapshot they are ruled against.
CARD_SCENARIOS = ROOT / "tests" / "scenarios_cards"
SHARED_CARDS = ROOT.parent / "shared" / "cards" / "sorcery-cards.json"


def card_scenarios() -> list[dict[str, Any]]:
    return [c["scenario"] for path in sorted(CARD_SCENARIOS.glob("*.json"))
            for c in json.loads(path.read_text("utf-8"))["cases"]]


def bench_real_cards(rounds: int) -> dict[str, Any] | None:
    """The real-card scenarios, ruled with the snapshot imported into a temporary catalog."""
    from codex.engine import rule
    if not SHARED_CARDS.exists():
        print(f"-- real cards: skipped, the card snapshot is not at {SHARED_CARDS}")
        return None
    from codex.cards import import_cards
    from codex.cards.catalog import CardCatalog
    from codex.cards.source import CatalogCards
    docs = card_scenarios()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "cards.db"
        import_cards(SHARED_CARDS, db)
        cards = CatalogCards(CardCatalog.open(db))
        print(f"-- sorcery real cards: {len(docs)} scenarios")
        measure(lambda d: rule(d, cards=cards), docs, 1)     # warm caches (card texts, parses)
        return report("rule(): real cards", measure(lambda d: rule(d, cards=cards), docs, rounds))


def measure(fn: Callable[[dict[str, Any]], Any], docs: list[dict[str, Any]], rounds: int) -> list[float]:
    times = []
    for _ in range(rounds):
        for doc in docs:
            t0 = time.perf_counter()
            fn(doc)
            times.append(time.perf_counter() - t0)
    return times


def report(label: str, times: list[float]) -> dict[str, Any]:
    times = sorted(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    out = {"label": label, "n": len(times), "per_second": len(times) / sum(times),
           "median_ms": statistics.median(times) * 1000, "p99_ms": p99 * 1000}
    print(f"{label:<34} n={out['n']:<6} {out['per_second']:>9.0f}/s  median {out['median_ms']:.3f} ms  "
          f"p99 {out['p99_ms']:.3f} ms")
    return out


def timed_in_child(source: Path, docs_file: Path, rounds: int) -> dict[str, Any]:
    """Rule the scenarios with the engine found under ``source``, in a fresh interpreter."""
    proc = subprocess.run([sys.executable, "-c", TIMER, str(docs_file), str(rounds)], cwd=source,
                          env={"PYTHONPATH": str(source), "ARBITER_PURE_PYTHON": "1", "PATH": ""},
                          capture_output=True, text=True, timeout=1800)
    if proc.returncode != 0:
        raise SystemExit(f"the timing run failed in {source}:\n{proc.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def extract(ref: str, dest: Path) -> None:
    """The library of ``ref`` (codex/ and grammar/) into ``dest``, via ``git archive``."""
    dest.mkdir(parents=True, exist_ok=True)
    archive = dest / "src.tar"
    with archive.open("wb") as out:
        subprocess.run(["git", "archive", ref, "codex", "grammar"], cwd=ROOT, stdout=out, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(dest, filter="data")


def bench_game(game: str, docs: list[dict[str, Any]], loader: Callable[[dict[str, Any]], Any],
               rounds: int) -> dict[str, Any]:
    from codex.engine import rule

    print(f"-- {game}: {len(docs)} scenarios")
    measure(rule, docs, 1)  # warm caches (card-text parses, citations)
    base = report("baseline: load (validate + state)", measure(loader, docs, rounds))
    full = report("rule(): full ruling", measure(rule, docs, rounds))
    dicts = report("rule().to_dict()", measure(lambda d: rule(d).to_dict(), docs, rounds))
    print(f"ruling/load median ratio: {full['median_ms'] / base['median_ms']:.2f}x over {len(docs)} scenarios")
    return {"load": base, "rule": full, "to_dict": dicts}


def against(ref: str, games: dict[str, list[dict[str, Any]]], rounds: int) -> dict[str, Any]:
    """Each game's scenarios ruled by this build and by ``ref``, in child processes, in turn."""
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        extract(ref, folder / "ref")
        for game, docs in games.items():
            docs_file = folder / f"{game}.json"
            docs_file.write_text(json.dumps(docs), "utf-8")
            here = timed_in_child(ROOT, docs_file, rounds)
            then = timed_in_child(folder / "ref", docs_file, rounds)
            print(f"-- {game} against {ref}")
            for label, r in (("this build (child process)", here), (f"{ref} (child process)", then)):
                median = "n/a" if r["median_ms"] is None else f"{r['median_ms']:.3f} ms"
                p99 = "n/a" if r["p99_ms"] is None else f"{r['p99_ms']:.3f} ms"
                print(f"{label:<34} n={r['n']:<6} median {median}  p99 {p99}  "
                      f"({r['accepted']}/{r['of']} scenarios accepted)")
            ratio = here["median_ms"] / then["median_ms"] if here["median_ms"] and then["median_ms"] else None
            print(f"median ratio this build / {ref}: " + (f"{ratio:.2f}x" if ratio else f"n/a ({ref} cannot rule them)"))
            out[game] = {"ref": ref, "this": here, "ref_result": then, "ratio": ratio}
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--against", metavar="REF", help="also time the engine of this git ref, in the same run")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    from codex.engine import load
    from codex.engine.contracts import load as load_contracts

    games = {"sorcery": scenarios("sorcery"), "contracts": scenarios("contracts")}
    results: dict[str, Any] = bench_game("sorcery", games["sorcery"], load, args.rounds)
    results["contracts"] = bench_game("contracts", games["contracts"], load_contracts, args.rounds)
    from codex.engine import rule
    effect_docs = scenarios("sorcery", effects=True)
    print(f"-- sorcery card effects: {len(effect_docs)} scenarios")
    results["effects"] = report("rule(): card effects only", measure(rule, effect_docs, args.rounds))
    results["real_cards"] = bench_real_cards(args.rounds)
    if args.against:
        compared = against(args.against, games, args.rounds)
        results["against"] = compared["sorcery"]
        results["contracts"]["against"] = compared["contracts"]
    if args.json:
        print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
