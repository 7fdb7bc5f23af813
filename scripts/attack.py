#!/usr/bin/env python3
"""Attack a real ``arbiter serve`` the way issue 18 did, and print what held.

Starts ``arbiter serve`` on 127.0.0.1 (2 gevent worker processes, as in production on this
machine) over a freshly built corpus, then measures, in order:

1. **Pathological input**: the scenarios that used to run for seconds or minutes (Movement
   +10000 and +100000, 200 defenders with +100, a 3,000-action sequence) and the inputs that
   used to crash (JSON 1,000 deep, a 5,000-digit integer, lone surrogates in the API and the
   web form, URLs of 5 KB and 70 KB, a 100 KB chunked body, 150 headers): status, content
   type, seconds, and the worker's peak memory growth (``VmHWM``).
2. **Slow clients**: p50/p99 of first-time searches alone, then with 50 connections that send
   their headers a byte at a time, 50 that send a body a byte at a time, and 50 that never
   read their answers. The ratio to the unloaded p99 is the figure (target: within 2x).
3. **Load**: closed-loop clients for a few seconds (``wrk`` when installed, else Python client
   processes): requests per second, p99, errors.
4. **Memory under junk**: 60 s of unique queries padded with random unused parameters; each
   worker's RSS at the start, its peak and at the end (target: flat).

Everything goes to 127.0.0.1 only; every loop is bounded in count and time. Usage:
``python3 scripts/attack.py [--memory-seconds 60] [--json]``.
"""
from __future__ import annotations

import argparse
import copy
import http.client
import json
import os
import random
import re
import shutil
import socket
import statistics
import string
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SCENARIOS = ROOT / "tests" / "scenarios"
CLIENT_TIMEOUT = 90.0     # seconds a pathological request may take before we call it a hang
WORDS = ("intercept attack defend airborne burrowing movement spell site avatar minion "
         "artifact aura damage death door carry ranged voidwalk submerge stealth lethal "
         "charge genesis deathrite tap untap mana threshold realm void water land").split()


# -- the server ---------------------------------------------------------------------------
def start_server(build_dir: str, workers: int) -> tuple[subprocess.Popen, int, Path]:
    log = Path(build_dir) / "attack-server.log"
    cmd = [sys.executable, "-m", "codex", "--build-dir", build_dir, "serve", "--host",
           "127.0.0.1", "--port", "0", "--workers", str(workers)]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=log.open("w"), text=True)
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line and proc.poll() is not None:
            sys.exit("the server exited early; see " + str(log))
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if match:
            port = int(match.group(1))
            for _ in range(400):
                try:
                    if get(port, "/api/v1/health")[0] == 200:
                        return proc, port, log
                except OSError:
                    time.sleep(0.05)
    proc.kill()
    sys.exit("the server did not start within 180 s")


def workers_of(master: int) -> list[int]:
    """The worker processes of a gunicorn master (its children)."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == master:
                out.append(int(entry.name))
    return sorted(out)


def memory_kib(pid: int, field: str = "VmRSS") -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


# -- clients ------------------------------------------------------------------------------
def get(port: int, path: str, timeout: float = 10) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


def raw(port: int, data: bytes, timeout: float = CLIENT_TIMEOUT,
        ) -> tuple[int, str, bytes, float]:
    """Send raw bytes; read the answer: status (0 = none), content type, body, and the seconds
    until its first byte (the answer to a refused body comes at once; the server then keeps
    the connection for its keep-alive time to drain what the client still sends)."""
    started = time.perf_counter()
    first = None
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        try:
            sock.sendall(data)
        except OSError:
            pass
        chunks = []
        try:
            while chunk := sock.recv(65536):
                first = first or time.perf_counter() - started
                chunks.append(chunk)
                if _complete(b"".join(chunks)):
                    break
        except (ConnectionResetError, socket.timeout):
            pass
    first = first if first is not None else time.perf_counter() - started
    head, _, body = b"".join(chunks).partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    try:
        status = int(lines[0].split()[1])
    except (IndexError, ValueError):
        return 0, "", b"", first
    ctype = next((line.split(":", 1)[1].strip() for line in lines[1:]
                  if line.lower().startswith("content-type:")), "")
    return status, ctype, body, first


def _complete(data: bytes) -> bool:
    """Whether ``data`` holds a whole answer with a Content-Length."""
    head, sep, body = data.partition(b"\r\n\r\n")
    match = re.search(rb"(?i)content-length:\s*(\d+)", head)
    return bool(sep and match and len(body) >= int(match.group(1)))


def post(path: str, body: bytes, ctype: str = "application/json") -> bytes:
    return (f"POST {path} HTTP/1.1\r\nHost: bench\r\nContent-Type: {ctype}\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body


def request_get(path: str, extra: bytes = b"") -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: bench\r\n".encode() + extra + \
        b"Connection: close\r\n\r\n"


# -- 1. pathological input ----------------------------------------------------------------
def _base() -> dict:
    return json.loads((SCENARIOS / "range_of_motion.json").read_text())["cases"][0]["scenario"]


def movement(bonus: int) -> dict:
    s = _base()
    s["units"][0]["text"] = f"Movement +{bonus}"
    return s


def defenders(count: int, bonus: int) -> dict:
    s = _base()
    s["units"] = [{"id": "a", "name": "A", "controller": "p1", "at": 8, "power": 2}] + [
        {"id": f"d{i}", "name": f"D{i}", "controller": "p2", "at": 1 + i % 20, "power": 1,
         "text": f"Movement +{bonus}"} for i in range(count)]
    s["action"] = {"do": "attack", "unit": "a", "target": {"site": 8},
                   "defenders": [f"d{i}" for i in range(count)]}
    return s


def sequence(count: int) -> dict:
    s = copy.deepcopy(_base())
    s["action"] = {"do": "sequence",
                   "actions": [{"do": "end_turn"}, {"do": "start_turn"}] * (count // 2)}
    return s


def chunked(path: str, size: int) -> bytes:
    part = b" " * 8192
    body = b"".join(b"%x\r\n%s\r\n" % (len(part), part) for _ in range(size // len(part)))
    return (f"POST {path} HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\n"
            "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n").encode() + body + \
        b"0\r\n\r\n"


def pathological_cases() -> list[tuple[str, bytes]]:
    from urllib.parse import quote

    surrogate_scenario = json.dumps(_base()).replace('"name": "M"', '"name": "\\ud800"')
    return [
        ("scenario: Movement +10000", post("/api/v1/rulings", json.dumps(movement(10_000)).encode())),
        ("scenario: Movement +100000", post("/api/v1/rulings", json.dumps(movement(100_000)).encode())),
        ("scenario: 200 defenders, Movement +100",
         post("/api/v1/rulings", json.dumps(defenders(200, 100)).encode())),
        ("scenario: 3,000-action sequence", post("/api/v1/rulings", json.dumps(sequence(3000)).encode())),
        ("JSON nested 1,000 deep (API)", post("/api/v1/rulings", b"[" * 1000 + b"]" * 1000)),
        ("JSON nested 1,000 deep (web form)", post(
            "/rulings", b"scenario=" + quote("[" * 1000 + "]" * 1000).encode(),
            "application/x-www-form-urlencoded")),
        ("integer of 5,000 digits", post("/api/v1/cards/validate",
                                         b'{"text": "x", "n": ' + b"9" * 5000 + b"}")),
        ("lone surrogate (API)", post("/api/v1/rulings", surrogate_scenario.encode())),
        ("lone surrogate (web form)", post(
            "/rulings", b"scenario=" + quote(surrogate_scenario).encode(),
            "application/x-www-form-urlencoded")),
        ("invalid UTF-8 body", post("/api/v1/cards/validate", b'{"text": "\xed\xa0\x80"}')),
        ("card text: Movement +<3,990 digits>", post(
            "/api/v1/cards/validate", json.dumps({"text": "Movement +" + "9" * 3990}).encode())),
        ("URL of 5 KB", request_get("/api/v1/search?q=" + "a" * 5000)),
        ("URL of 70 KB", request_get("/api/v1/search?q=" + "a" * 70_000)),
        ("query string of 3 KB", request_get("/api/v1/search?q=a&pad=" + "x" * 3000)),
        ("150 header fields", request_get("/", b"".join(b"X-H%d: v\r\n" % i for i in range(150)))),
        ("chunked body of 100 KB", chunked("/api/v1/rulings", 100 * 1024)),
        ("Content-Length: 10 GB", (b"POST /api/v1/rulings HTTP/1.1\r\nHost: b\r\nContent-Type: "
                                   b"application/json\r\nContent-Length: 10000000000\r\n\r\n{")),
    ]


def run_pathological(port: int, master: int) -> list[dict]:
    rows = []
    for name, data in pathological_cases():
        before = {pid: memory_kib(pid, "VmHWM") for pid in workers_of(master)}
        try:
            status, ctype, body, seconds = raw(port, data)
        except OSError as exc:
            status, ctype, body, seconds = 0, type(exc).__name__, b"", CLIENT_TIMEOUT
        after = {pid: memory_kib(pid, "VmHWM") for pid in workers_of(master)}
        growth = max((after[p] - before.get(p, after[p]) for p in after), default=0)
        detail = ""
        if ctype.startswith("application/problem+json"):
            try:
                detail = json.loads(body)["detail"]
            except ValueError:
                pass
        rows.append({"case": name, "status": status, "type": ctype.split(";")[0],
                     "seconds": round(seconds, 3), "peak_growth_mib": round(growth / 1024, 1),
                     "detail": detail[:90]})
        healthy = get(port, "/api/v1/health")[0] == 200
        rows[-1]["healthy_after"] = healthy
    return rows


# -- 2. slow clients ----------------------------------------------------------------------
_asked: set[str] = set()


def timed_searches(port: int, n: int, tag: str) -> list[float]:
    """First-time searches: no URL is asked twice in a run, so neither cache answers."""
    rng = random.Random(tag)
    out = []
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    for i in range(n):
        path = None
        while path is None or path in _asked:
            path = f"/api/v1/search?q={'+'.join(rng.sample(WORDS, 2))}&limit={rng.randint(1, 20)}"
        _asked.add(path)
        started = time.perf_counter()
        try:
            conn.request("GET", path)
            resp = conn.getresponse()
            resp.read()
            ok = resp.status == 200
        except (OSError, http.client.HTTPException):
            ok = False
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        out.append(time.perf_counter() - started if ok else float("inf"))
    conn.close()
    return out


def slow_clients(port: int, count: int, kind: str, stop: threading.Event) -> None:
    """``count`` connections: slow headers, slow bodies (a byte every 50 ms), or non-readers."""
    if kind == "headers":
        request = b"GET /api/v1/entries HTTP/1.1\r\nHost: b\r\nX-Pad: " + b"p" * 100_000
    elif kind == "body":
        request = (b"POST /api/v1/cards/validate HTTP/1.1\r\nHost: b\r\nContent-Type: "
                   b"application/json\r\nContent-Length: 60000\r\n\r\n" + b" " * 60000)
    else:  # readers that never read: ask for large answers again and again
        request = b"GET /api/v1/cards HTTP/1.1\r\nHost: b\r\n\r\n" * 2000

    def connect() -> list:
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.setblocking(False)
        return [s, 0]

    socks = [connect() for _ in range(count)]
    try:
        while not stop.is_set():
            for entry in socks:
                s, sent = entry
                step = 4096 if kind == "readers" else 1
                try:
                    n = s.send(request[sent:sent + step])
                    entry[1] += n
                except BlockingIOError:
                    pass        # a non-reader's buffers are full: exactly the point
                except OSError:
                    s.close()   # the server dropped a too-slow client: come back
                    entry[:] = connect()
            stop.wait(0.05)
    finally:
        for s, _ in socks:
            s.close()


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def run_slow(port: int, n: int) -> list[dict]:
    timed_searches(port, 50, "warm")
    alone = timed_searches(port, n, "alone")
    rows = [{"load": "none", "p50_ms": round(pct(alone, 0.5), 2), "p99_ms": round(pct(alone, 0.99), 2),
             "failed": sum(x == float("inf") for x in alone), "ratio_p99": 1.0}]
    for kind in ("headers", "body", "readers"):
        stop = threading.Event()
        thread = threading.Thread(target=slow_clients, args=(port, 50, kind, stop))
        thread.start()
        time.sleep(1.5)
        loaded = timed_searches(port, n, kind)
        stop.set()
        thread.join(15)
        rows.append({"load": f"50 slow {kind}", "p50_ms": round(pct(loaded, 0.5), 2),
                     "p99_ms": round(pct(loaded, 0.99), 2),
                     "failed": sum(x == float("inf") for x in loaded),
                     "ratio_p99": round(pct(loaded, 0.99) / pct(alone, 0.99), 2)})
        time.sleep(0.5)
    return rows


# -- 3. load ------------------------------------------------------------------------------
def run_load(port: int, seconds: float, clients: int) -> dict:
    rng = random.Random(7)
    paths = [f"/api/v1/search?q={'+'.join(rng.sample(WORDS, 2))}" for _ in range(400)]
    paths += [f"/api/v1/entries/{w}" for w in ("intercept", "airborne", "defend", "attack")]
    wrk = shutil.which("wrk")
    if wrk:
        script = Path(tempfile.mkdtemp()) / "paths.lua"
        script.write_text("local paths = {" + ",".join(json.dumps(p) for p in paths) + "}\n"
                          "local i = 0\nrequest = function()\n  i = i % #paths + 1\n"
                          "  return wrk.format('GET', paths[i])\nend\n")
        out = subprocess.run([wrk, "-t", "2", "-c", str(clients), "-d", f"{int(seconds)}s",
                              "--latency", "-s", str(script), f"http://127.0.0.1:{port}"],
                             capture_output=True, text=True, timeout=seconds + 60).stdout
        rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
        p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", out)
        scale = {"us": 0.001, "ms": 1, "s": 1000}[p99.group(2)]
        errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
        socket_errors = re.search(r"Socket errors: (.*)", out)
        return {"tool": "wrk", "clients": clients, "rps": round(rps), "p99_ms":
                round(float(p99.group(1)) * scale, 2),
                "errors": int(errors.group(1)) if errors else 0,
                "socket_errors": socket_errors.group(1) if socket_errors else "none"}
    import multiprocessing

    stop_at = time.monotonic() + seconds
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(clients) as pool:
        results = pool.starmap(_load_client, [(port, paths, stop_at, i) for i in range(clients)])
    lat = [x for r in results for x in r[0]]
    return {"tool": "python", "clients": clients, "rps": round(len(lat) / seconds),
            "p99_ms": round(pct(lat, 0.99), 2), "errors": sum(r[1] for r in results),
            "socket_errors": "n/a"}


def _load_client(port: int, paths: list[str], stop_at: float, seed: int) -> tuple[list, int]:
    rng = random.Random(seed)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    out, errors = [], 0
    while time.monotonic() < stop_at:
        started = time.perf_counter()
        try:
            conn.request("GET", rng.choice(paths))
            resp = conn.getresponse()
            resp.read()
            errors += resp.status >= 500
        except (OSError, http.client.HTTPException):
            errors += 1
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            continue
        out.append(time.perf_counter() - started)
    return out, errors


# -- 4. memory under junk parameters -------------------------------------------------------
def run_memory(port: int, master: int, seconds: float) -> dict:
    pids = workers_of(master)
    start = {p: memory_kib(p) for p in pids}
    peak = dict(start)
    rng = random.Random(11)
    stop_at = time.monotonic() + seconds
    count = errors = 0
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    next_sample = time.monotonic()
    while time.monotonic() < stop_at:
        junk = "&".join(f"{''.join(rng.choices(string.ascii_lowercase, k=8))}="
                        f"{''.join(rng.choices(string.ascii_letters, k=40))}" for _ in range(8))
        path = rng.choice([
            f"/api/v1/search?q={'+'.join(rng.sample(WORDS, 2))}&{junk}",
            f"/api/v1/entries?limit={rng.randint(1, 100)}&offset={rng.randint(0, 250)}&{junk}",
            f"/api/v1/cards?{junk}", f"/api/v1/keywords?{junk}", f"/search?q={rng.choice(WORDS)}&{junk}",
            f"/api/v1/entries/{rng.choice(WORDS)}?{junk}",
        ])
        try:
            conn.request("GET", path)
            resp = conn.getresponse()
            resp.read()
            errors += resp.status >= 500
        except (OSError, http.client.HTTPException):
            errors += 1
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        count += 1
        if time.monotonic() >= next_sample:
            for p in pids:
                peak[p] = max(peak[p], memory_kib(p))
            next_sample = time.monotonic() + 1
    conn.close()
    end = {p: memory_kib(p) for p in pids}
    mib = lambda d: [round(d[p] / 1024, 1) for p in pids]  # noqa: E731
    return {"seconds": seconds, "requests": count, "errors": errors,
            "rss_start_mib": mib(start), "rss_peak_mib": mib(peak), "rss_end_mib": mib(end)}


# -- main ---------------------------------------------------------------------------------
def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--memory-seconds", type=float, default=60)
    ap.add_argument("--load-seconds", type=float, default=10)
    ap.add_argument("--load-clients", type=int, default=32)
    ap.add_argument("--samples", type=int, default=300, help="searches per slow-client level")
    ap.add_argument("--build-dir", help="serve this build (default: a fresh one in a temp dir)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    tmp = None
    build_dir = args.build_dir
    if build_dir is None:
        from codex.paths import BuildPaths
        from codex.pipeline import build_all

        tmp = tempfile.mkdtemp(prefix="arbiter-attack-")
        build_dir = tmp
        build_all(BuildPaths(Path(tmp)))
    proc, port, log = start_server(build_dir, args.workers)
    results: dict = {"workers": args.workers, "worker_class": "gevent (service.worker)"}
    try:
        results["pathological"] = run_pathological(port, proc.pid)
        results["slow_clients"] = run_slow(port, args.samples)
        results["load"] = run_load(port, args.load_seconds, args.load_clients)
        results["memory"] = run_memory(port, proc.pid, args.memory_seconds)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
    text = log.read_text(errors="replace")
    results["server_log"] = {"tracebacks": text.count("Traceback"),
                             "errors_500": len(re.findall(r"unhandled error", text))}
    if tmp:
        shutil.rmtree(tmp, ignore_errors=True)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        report(results)
    return 0


def report(r: dict) -> None:
    print(f"arbiter serve: {r['workers']} workers, {r['worker_class']}\n")
    print("1. Pathological input")
    print(f"   {'case':40} {'status':>6} {'seconds':>8} {'peak +MiB':>9}  answer "
          "(seconds: to the first byte of the answer)")
    for row in r["pathological"]:
        ok = "" if row["healthy_after"] else "  (server unhealthy after!)"
        print(f"   {row['case']:40} {row['status']:>6} {row['seconds']:>8.3f} "
              f"{row['peak_growth_mib']:>9.1f}  {row['type']} {row['detail']}{ok}")
    print("\n2. Slow clients (first-time searches, 50 slow connections each)")
    print(f"   {'load':20} {'p50 ms':>8} {'p99 ms':>8} {'x p99':>6} {'failed':>6}")
    for row in r["slow_clients"]:
        print(f"   {row['load']:20} {row['p50_ms']:>8.2f} {row['p99_ms']:>8.2f} "
              f"{row['ratio_p99']:>6.2f} {row['failed']:>6}")
    load = r["load"]
    print(f"\n3. Load ({load['tool']}, {load['clients']} connections): {load['rps']} req/s, "
          f"p99 {load['p99_ms']} ms, {load['errors']} errors (5xx), socket errors: "
          f"{load['socket_errors']}")
    m = r["memory"]
    print(f"\n4. Memory under {m['seconds']:.0f} s of unique junk queries ({m['requests']} "
          f"requests, {m['errors']} errors): worker RSS MiB start {m['rss_start_mib']}, "
          f"peak {m['rss_peak_mib']}, end {m['rss_end_mib']}")
    log = r["server_log"]
    print(f"\nServer log: {log['tracebacks']} tracebacks, {log['errors_500']} unhandled errors")


if __name__ == "__main__":
    sys.exit(main())
