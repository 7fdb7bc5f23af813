#!/usr/bin/env python3
"""Measure the real service: start ``arbiter serve`` on loopback, drive it with concurrent clients.

For each concurrency level (default 1, 8, 32) and each workload (search, entry lookups), every
client thread keeps one HTTP/1.1 keep-alive connection and sends requests back to back (a closed
loop: the harshest case, no think time). Prints requests/s, p50/p99/max latency and errors.
Bounded: at most ``--requests`` per client per level and ``--seconds`` per level.

    .venv/bin/python scripts/bench_service.py                      # 1, 8, 32 clients
    .venv/bin/python scripts/bench_service.py --clients 32 --seconds 5 --unique

``--unique`` makes every search query distinct (random page offsets and query mixes), so the
response cache never answers and the numbers show the full search path.

With a card snapshot (``--cards``, default ``../shared/cards/sorcery-cards.json`` when present)
the catalog is imported into the bench build and two more workloads run: ``cards`` (card
search pages, ``/cards?q=…`` with sorting and paging; distinct queries under ``--unique``) and
``card`` (every card's page). Before any load, one client opens every card page once (the
"first pass": no cache has seen them) and its latencies are printed too.
"""
from __future__ import annotations

import argparse
import http.client
import multiprocessing
import json
import os
import random
import shutil
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
PY = ROOT / ".venv" / "bin" / "python"

QUERIES = ["intercept", "airborne", "movement", "defend", "stealth", "burrowing", "submerge",
           "voidwalk", "ranged", "lethal", "charge", "spellcaster", "avatar", "death's door",
           "threshold", "mana", "site", "water site", "rubble", "flooded", "summoning sickness",
           "tap", "untap", "attack", "fight", "strike", "damage", "power", "minion", "artifact",
           "aura", "magic", "carry", "bosk troll", "move and attack", "intercpt", "airbourne",
           "deffend", "stelth", "realm", "void", "adjacent", "nearby", "region", "underground",
           "underwater", "projectile", "genesis", "deathrite", "ward"]


CARD_QUERIES = ["t:minion", "t:minion kw:airborne", "t:minion kw:airborne cost<=3", "kw:stealth",
                "t:site", "t:magic cost<=2", "t:aura", "t:artifact", "t:avatar", "e:fire",
                "e:water pow>=4", "th>=ff", "th>=ww", "r:unique", "r:elite t:minion",
                "s:beta", "o:damage", "o:\"draw a spell\"", "pow>=5", "cost>=6", "st:dragon",
                "kw:lance", "kw:burrowing", "kw:submerge", "-kw:airborne t:minion", "troll",
                "t:minon", "kw:airbrone", "e:fier", "name:king", "life>=20", "def>=5"]
CARD_SORTS = ["", "&sort=cost", "&sort=power&order=desc", "&sort=rarity", "&page=2"]


def start_server(build_dir: str, workers: int) -> tuple[subprocess.Popen, str]:
    cmd = [str(PY if PY.exists() else sys.executable), "-m", "codex", "--build-dir", build_dir,
           "serve", "--host", "127.0.0.1", "--port", "0", "--workers", str(workers)]
    # The server's stderr goes to a file: an unread pipe would fill up (the server logs queue
    # depth under load) and freeze the server mid-run.
    log = open(Path(build_dir) / "bench-server.log", "w")  # noqa: SIM115 - lives with proc
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=log, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line and proc.poll() is not None:
            sys.exit("server exited early; see " + log.name)
        match = re.search(r"http://([\d.]+):(\d+)/", line or "")
        if match:
            return proc, f"{match.group(1)}:{match.group(2)}"
    proc.kill()
    sys.exit("server did not print its URL within 120 s")


def client(host: str, paths: list[str], stop_at: float, max_requests: int,
           out: list[float], errors: list[str]) -> None:
    h, p = host.split(":")
    conn = http.client.HTTPConnection(h, int(p), timeout=10)
    rng = random.Random(os.getpid())
    for _ in range(max_requests):
        if time.monotonic() > stop_at:
            break
        path = rng.choice(paths)
        t0 = time.perf_counter()
        try:
            conn.request("GET", path, headers={"Accept": "application/json"})
            resp = conn.getresponse()
            resp.read()
            if resp.status != 200:
                errors.append(f"{resp.status} {path}")
        except (OSError, http.client.HTTPException) as exc:
            errors.append(f"{type(exc).__name__} {path}")
            conn.close()
            conn = http.client.HTTPConnection(h, int(p), timeout=10)
            continue
        out.append(time.perf_counter() - t0)
    conn.close()


def _client_process(args: tuple) -> tuple[list[float], list[str]]:
    out: list[float] = []
    errors: list[str] = []
    client(*args, out, errors)
    return out, errors


def run_level(host: str, paths: list[str], clients: int, seconds: float,
              max_requests: int) -> dict:
    """One closed-loop client per *process*.

    Threads in one Python process would queue on that process's GIL (a 5 ms switch
    interval), and the benchmark would measure its own clients; separate processes, like
    separate users, measure the server.
    """
    stop_at = time.monotonic() + seconds
    ctx = multiprocessing.get_context("fork")
    t0 = time.perf_counter()
    with ctx.Pool(clients) as pool:
        results = pool.map(_client_process,
                           [(host, paths, stop_at, max_requests)] * clients, chunksize=1)
    wall = time.perf_counter() - t0
    latencies = [r[0] for r in results]
    errors = [e for r in results for e in r[1]]
    lat = sorted(x for sub in latencies for x in sub)
    if not lat:
        return {"clients": clients, "requests": 0, "errors": len(errors)}
    pct = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] * 1000  # noqa: E731
    return {"clients": clients, "requests": len(lat), "errors": len(errors),
            "rps": len(lat) / wall, "p50_ms": pct(0.50), "p99_ms": pct(0.99),
            "max_ms": lat[-1] * 1000, "mean_ms": statistics.fmean(lat) * 1000,
            "first_errors": errors[:3]}


WRK_SCRIPT = """
local paths = {}
for line in io.lines(os.getenv("ARBITER_PATHS")) do paths[#paths + 1] = line end
math.randomseed(os.time())
request = function() return wrk.format("GET", paths[math.random(#paths)]) end
"""
_UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3}


def _ms(text: str) -> float:
    m = re.fullmatch(r"([\d.]+)(us|ms|s)", text.strip())
    if not m:
        raise ValueError(f"unexpected wrk latency {text!r}")
    return float(m.group(1)) * _UNITS[m.group(2)]


def run_level_wrk(host: str, paths: list[str], clients: int, seconds: float) -> dict:
    """The same level driven by ``wrk`` (C, epoll): the load generator costs the server
    almost no CPU, so on a 2-core machine the numbers are the server's, not the clients'."""
    with tempfile.TemporaryDirectory() as tmp:
        script, listing = Path(tmp, "paths.lua"), Path(tmp, "paths.txt")
        script.write_text(WRK_SCRIPT)
        listing.write_text("\n".join(paths) + "\n")
        done = subprocess.run(
            ["wrk", f"-t{min(2, clients)}", f"-c{clients}", f"-d{max(1, int(seconds))}s",
             "--latency", "-s", str(script), f"http://{host}"],
            capture_output=True, text=True, env=dict(os.environ, ARBITER_PATHS=str(listing)),
            timeout=seconds + 30, check=True)
    out = done.stdout
    pct = dict(re.findall(r"^\s+(50|99)%\s+(\S+)$", out, re.M))
    total = int(re.search(r"(\d+) requests in", out).group(1))
    bad = sum(int(n) for n in re.findall(r"(?:Non-2xx or 3xx responses|connect|read|write|"
                                        r"timeout):? (\d+)", out))
    return {"clients": clients, "requests": total, "errors": bad,
            "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
            "p50_ms": _ms(pct["50"]), "p99_ms": _ms(pct["99"]),
            "max_ms": _ms(re.search(r"Latency\s+\S+\s+\S+\s+(\S+)", out).group(1)),
            "first_errors": []}


def workloads(host: str, unique: bool) -> dict[str, list[str]]:
    h, p = host.split(":")
    conn = http.client.HTTPConnection(h, int(p), timeout=10)
    ids: list[str] = []
    offset = 0
    while True:
        conn.request("GET", f"/api/v1/entries?limit=100&offset={offset}")
        page = json.loads(conn.getresponse().read())
        ids += [item["api_url"] for item in page["items"]]
        if not page["next"]:
            break
        offset += 100
    conn.close()
    if unique:  # thousands of distinct URLs: the response cache cannot answer them
        rng = random.Random(7)
        search = [f"/api/v1/search?q={quote(rng.choice(QUERIES) + ' ' + rng.choice(QUERIES))}"
                  f"&limit=10&offset={rng.randrange(0, 5)}" for _ in range(20000)]
    else:
        search = [f"/api/v1/search?q={quote(q)}&limit=10" for q in QUERIES]
    loads = {"search": search, "entry": ids}
    conn = http.client.HTTPConnection(h, int(p), timeout=10)
    conn.request("GET", "/cards/index.json")
    names = [c["name"] for c in json.loads(conn.getresponse().read())["cards"]]
    conn.close()
    if names:
        if unique:
            rng = random.Random(11)
            loads["cards"] = [f"/cards?q={quote(rng.choice(CARD_QUERIES) + ' ' + rng.choice(CARD_QUERIES))}"
                              f"{rng.choice(CARD_SORTS)}" for _ in range(20000)]
        else:
            loads["cards"] = [f"/cards?q={quote(q)}{s}" for q in CARD_QUERIES for s in CARD_SORTS]
        loads["card"] = [f"/cards/{quote(n)}" for n in names]
    return loads


def first_pass(host: str, paths: list[str]) -> dict:
    """One client, every path once, nothing cached yet: what the first visitor of each page
    meets."""
    out: list[float] = []
    errors: list[str] = []
    h, p = host.split(":")
    conn = http.client.HTTPConnection(h, int(p), timeout=10)
    for path in paths:
        t0 = time.perf_counter()
        conn.request("GET", path)
        resp = conn.getresponse()
        resp.read()
        if resp.status != 200:
            errors.append(f"{resp.status} {path}")
        out.append(time.perf_counter() - t0)
    conn.close()
    lat = sorted(out)
    pct = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] * 1000  # noqa: E731
    return {"requests": len(lat), "errors": len(errors), "p50_ms": pct(0.5), "p99_ms": pct(0.99),
            "max_ms": lat[-1] * 1000, "first_errors": errors[:3]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clients", default="1,8,32", help="comma-separated concurrency levels")
    ap.add_argument("--seconds", type=float, default=6.0, help="time cap per level and workload")
    ap.add_argument("--requests", type=int, default=3000, help="cap per client per level")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2,
                    help="server worker processes")
    ap.add_argument("--build-dir", default=None, help="corpus build (default: a fresh temp one)")
    ap.add_argument("--unique", action="store_true", help="distinct search URLs (no cache hits)")
    ap.add_argument("--json", action="store_true", help="print results as JSON")
    default_cards = ROOT.parent / "shared" / "cards" / "sorcery-cards.json"
    ap.add_argument("--cards", default=str(default_cards) if default_cards.exists() else None,
                    help="card JSON to import for the card workloads (default: the shared "
                         "snapshot when present)")
    ap.add_argument("--generator", choices=("auto", "wrk", "python"), default="auto",
                    help="load generator: wrk (Debian's package) when installed, else Python "
                         "client processes")
    args = ap.parse_args(argv)
    use_wrk = args.generator == "wrk" or (args.generator == "auto" and shutil.which("wrk"))
    if args.generator == "wrk" and not shutil.which("wrk"):
        sys.exit("wrk is not installed (apt-get install wrk)")
    if not args.json:
        print(f"load generator: {'wrk' if use_wrk else 'Python client processes'}", flush=True)
    build_dir = args.build_dir or tempfile.mkdtemp(prefix="arbiter-bench-")
    if args.cards:
        subprocess.run([str(PY if PY.exists() else sys.executable), "-m", "codex", "--build-dir",
                        build_dir, "cards", "import", args.cards], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    proc, host = start_server(build_dir, args.workers)
    results = []
    try:
        loads = workloads(host, args.unique)
        if "card" in loads:
            fp = first_pass(host, loads["card"])
            fp.update(workload="card first pass", clients=1)
            results.append(fp)
            if not args.json:
                print(f"card pages, first pass (1 client, each of {fp['requests']} once): "
                      f"errors={fp['errors']} p50={fp['p50_ms']:.2f}ms p99={fp['p99_ms']:.2f}ms "
                      f"max={fp['max_ms']:.1f}ms", flush=True)
        for name, paths in loads.items():  # warm-up: first requests open caches and pages
            run_level(host, paths[:200], 4, 2.0, 60)
        for clients in [int(c) for c in args.clients.split(",")]:
            for name, paths in loads.items():
                res = (run_level_wrk(host, paths, clients, args.seconds) if use_wrk
                       else run_level(host, paths, clients, args.seconds, args.requests))
                res["workload"] = name
                results.append(res)
                if not args.json:
                    print(f"{name:6} clients={clients:3} requests={res['requests']:6} "
                          f"errors={res['errors']} rps={res.get('rps', 0):8.1f} "
                          f"p50={res.get('p50_ms', 0):6.2f}ms p99={res.get('p99_ms', 0):6.2f}ms "
                          f"max={res.get('max_ms', 0):6.1f}ms", flush=True)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
    if args.json:
        print(json.dumps({"cpus": os.cpu_count(), "unique": args.unique,
                          "generator": "wrk" if use_wrk else "python",
                          "workers": args.workers, "worker": "gevent",
                          "results": results}, indent=2))
    return 1 if any(r["errors"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
