"""Whole classes of hostile input, generated: never a 500, never a traceback.

Each class of the attack report is a hypothesis strategy, sent to the JSON API, to the web
forms and to the command line: JSON nested past the depth bound, integers of thousands of
digits, lone UTF-16 surrogates (escaped in JSON, or as the bytes of invalid UTF-8), in values and
in keys, anywhere in an otherwise valid scenario. The API must answer a 400 problem that says
what and where; the web pages an HTML page with the problem; the CLI one ``error:`` line and exit
status 2. The work deadline is tested with an engine that never finishes.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codex.cli import main
from codex.paths import PROJECT_ROOT

SETTINGS = settings(max_examples=25, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))
SCENARIO = json.loads((PROJECT_ROOT / "tests" / "scenarios" / "movement.json").read_text())[
    "cases"][0]["scenario"]


# -- strategies: each builds the JSON *text* of an attack inside a real scenario ------------
def _splice(draw: st.DrawFn, payload: str) -> str:
    """The scenario's JSON with ``payload`` (JSON text) as the value of a new key somewhere."""
    doc = json.loads(json.dumps(SCENARIO))
    holders = [doc]
    stack = [doc]
    while stack:
        node = stack.pop()
        for value in (node.values() if isinstance(node, dict) else node):
            if isinstance(value, (dict, list)):
                stack.append(value)
                if isinstance(value, dict):
                    holders.append(value)
    target = draw(st.sampled_from(holders))
    target["__attack__"] = "PAYLOAD"
    return json.dumps(doc).replace('"PAYLOAD"', payload)


@st.composite
def deep_json(draw: st.DrawFn) -> str:
    depth = draw(st.integers(33, 3000))
    kinds = draw(st.lists(st.sampled_from(["[", '{"k":']), min_size=1, max_size=4))
    opens = "".join(kinds[i % len(kinds)] for i in range(depth))
    closes = "".join("]" if k == "[" else "}" for k in reversed(
        [kinds[i % len(kinds)] for i in range(depth)]))
    return _splice(draw, opens + "1" + closes)


@st.composite
def huge_integer(draw: st.DrawFn) -> str:
    digits = draw(st.integers(16, 6000))
    number = draw(st.sampled_from(["", "-"])) + "9" * digits
    return _splice(draw, draw(st.sampled_from([number, f"[{number}]", f'{{"n": {number}}}'])))


@st.composite
def lone_surrogate(draw: st.DrawFn) -> str:
    code = draw(st.integers(0xD800, 0xDFFF))
    escape = f"\\u{code:04x}"
    text = draw(st.sampled_from([f'"{escape}"', f'"ok {escape} ok"', f'{{"{escape}": 1}}']))
    if 0xD800 <= code <= 0xDBFF:   # a high surrogate followed by something other than a low one
        text = text.replace(escape, escape + draw(st.sampled_from(["", "x", "\\u0041"])))
    return _splice(draw, text)


CLASSES = {"deep": (deep_json(), "nested more than"),
           "integer": (huge_integer(), "digits"),
           "surrogate": (lone_surrogate(), "surrogate")}


def _assert_problem(resp, status: int, needle: str) -> dict:
    assert resp.status_code == status, resp.get_data(as_text=True)[:300]
    assert resp.mimetype == "application/problem+json"
    doc = resp.get_json()
    assert needle in doc["detail"], doc["detail"]
    assert doc["errors"][0]["where"], "says where"
    return doc


# -- the API and the web form -------------------------------------------------------------
@pytest.mark.parametrize("name", CLASSES)
def test_each_class_is_a_400_problem_on_the_api(client, name):
    strategy, needle = CLASSES[name]

    @SETTINGS
    @given(text=strategy)
    def run(text):
        for path in ("/api/v1/rulings", "/api/v1/cards/validate"):
            _assert_problem(client.post(path, data=text, content_type="application/json"),
                            400, needle)

    run()


@pytest.mark.parametrize("name", CLASSES)
def test_each_class_is_a_clear_page_on_the_web_form(client, name):
    strategy, needle = CLASSES[name]

    @SETTINGS
    @given(text=strategy)
    def run(text):
        resp = client.post("/rulings", data={"scenario": text})
        assert resp.status_code == 422 and resp.mimetype == "text/html"
        assert needle in resp.get_data(as_text=True)

    run()


def test_invalid_utf8_bodies_are_400_problems(client):
    @SETTINGS
    @given(bad=st.sampled_from([b"\xed\xa0\x80", b"\xff", b"\xc3", b"\xf4\x90\x80\x80"]),
           where=st.integers(0, 40))
    def run(bad, where):
        body = json.dumps(SCENARIO).encode()
        body = body[:where] + bad + body[where:]
        _assert_problem(client.post("/api/v1/rulings", data=body,
                                    content_type="application/json"), 400, "")

    run()


def test_no_get_route_fails_on_odd_query_text(app, client):
    """Every GET route (API and pages), with invalid percent-encoded UTF-8 and escapes."""
    samples = {"name": "intercept", "anchor": "x", "card": "Bosk Troll", "section_id": "setup",
               "page": "3", "filename": "arbiter.css"}
    routes = []
    for rule in app.url_map.iter_rules():
        if "GET" in rule.methods:
            routes.append(rule.rule.replace("<int:page>", "3").replace("<path:filename>",
                                                                     "arbiter.css"))
    paths = []
    for route in routes:
        for key, value in samples.items():
            route = route.replace(f"<{key}>", value)
        paths.append(route)

    @SETTINGS
    @given(path=st.sampled_from(paths),
           value=st.sampled_from(["%ED%A0%80", "%FF%FE", "\\ud800", "%00", "%25", "9" * 5000,
                                  "[[[[[[", "%C3"]),
           key=st.sampled_from(["q", "limit", "offset", "example", "text", "source", "kind"]))
    def run(path, value, key):
        resp = client.get(f"{path}?{key}={value}")
        assert resp.status_code < 500, (path, key, value, resp.status_code)

    run()


def test_form_fields_with_invalid_bytes(client):
    for path, field in (("/validate", "text"), ("/validate", "name"), ("/rulings", "scenario")):
        resp = client.post(path, data=f"{field}=Airborne%ED%A0%80%FF".encode(),
                           content_type="application/x-www-form-urlencoded")
        assert resp.status_code in (200, 422), (path, field)


def test_card_text_numbers_are_bounded(client):
    resp = client.post("/api/v1/cards/validate", json={"text": "Movement +" + "9" * 3990})
    assert resp.status_code == 422 and "digits" in resp.get_json()["detail"]
    page = client.post("/validate", data={"text": "Movement +" + "9" * 3990})
    assert page.status_code == 422 and "digits" in page.get_data(as_text=True)


# -- the work deadline --------------------------------------------------------------------
def test_a_ruling_that_never_ends_is_stopped_with_a_422(build_paths, monkeypatch):
    from codex import engine
    from service import create_app

    def forever(scenario, **_options):
        while True:
            pass

    client = create_app(build_paths, {"ARBITER_WORK_SECONDS": 0.2}).test_client()
    monkeypatch.setattr(engine, "rule", forever)
    started = time.monotonic()
    resp = client.post("/api/v1/rulings", json=SCENARIO)
    assert time.monotonic() - started < 2
    assert resp.status_code == 422
    assert resp.get_json()["detail"].startswith("scenario too complex: stopped after 0.2 s")
    page = client.post("/rulings", data={"scenario": json.dumps(SCENARIO)})
    assert page.status_code == 422 and "scenario too complex" in page.get_data(as_text=True)
    assert client.get("/api/v1/health").status_code == 200


# -- the command line ---------------------------------------------------------------------
def _one_line_exit_2(result) -> str:
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    assert "Traceback" not in result.output
    return lines[0]


@pytest.mark.parametrize("name", CLASSES)
def test_each_class_is_one_error_line_from_the_cli(name, tmp_path, build_paths):
    strategy, needle = CLASSES[name]
    runner = CliRunner()

    @settings(max_examples=10, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(text=strategy)
    def run(text):
        path = tmp_path / "input.json"
        path.write_text(text, encoding="utf-8")
        line = _one_line_exit_2(runner.invoke(main, ["rule", str(path)]))
        assert needle in line and str(path) in line
        cards = tmp_path / "cards.json"
        cards.write_text(f"[{text}]", encoding="utf-8")
        line = _one_line_exit_2(runner.invoke(main, ["--build-dir", str(tmp_path / "b"),
                                                     "cards", "import", str(cards)]))
        assert needle in line and str(cards) in line

    run()


@pytest.mark.parametrize("args", [
    ["validate", "Movement +" + "9" * 5000],
    ["validate", "Genesis → Deal " + "7" * 20 + " damage"],
    ["validate", "Airborne \udced\udca0"],
    ["show", "inter\ud800cept"],
    ["mentions", "Bosk \udcff"],
    ["search", "air\udcc3"],
    ["cards", "search", "kw:\ud800"],
    ["cards", "show", "\udfff"],
    ["rule", "-"],
])
def test_bad_arguments_are_one_error_line(args, build_paths):
    result = CliRunner().invoke(main, ["--build-dir", str(build_paths.root), *args],
                                input="[" * 5000)
    line = _one_line_exit_2(result)
    assert any(word in line for word in ("column", "line", "characters", "UTF-8"))


def test_cli_card_file_with_a_huge_number_in_card_text(tmp_path):
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps([{"name": "X", "guardian": {"rulesText": "Movement +" + "9" * 3000}}]))
    line = _one_line_exit_2(CliRunner().invoke(main, ["--build-dir", str(tmp_path), "cards",
                                                      "import", str(cards)]))
    assert "card #0 ('X')" in line and "rulesText" in line and "digits" in line


def test_digits_that_are_not_decimal_are_not_numbers(client):
    """Superscripts and the like are digits to Python's ``isdigit`` but not numbers ``int``
    reads (found by schemathesis: it was a 500)."""
    for text in ("Deal ¹ damage", "Deal ² damage to each enemy", "Movement +³"):
        resp = client.post("/api/v1/cards/validate", json={"text": text})
        assert resp.status_code == 200 and resp.get_json()["ok"] is False


def test_the_deadline_survives_code_that_swallows_one_exception(build_paths, monkeypatch):
    """A library that catches every exception once (lark does, around its grammar cache) must
    not turn a 1 s deadline into an unbounded run."""
    from codex import engine
    from service import create_app

    def spin(seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            pass

    def swallowing(scenario, **_options):
        try:
            spin(10)
        except Exception:  # noqa: BLE001 - the point of the test
            spin(10)

    client = create_app(build_paths, {"ARBITER_WORK_SECONDS": 0.2}).test_client()
    monkeypatch.setattr(engine, "rule", swallowing)
    started = time.monotonic()
    resp = client.post("/api/v1/rulings", json=SCENARIO)
    assert resp.status_code == 422 and time.monotonic() - started < 2
