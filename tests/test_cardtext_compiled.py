"""The compiled card-text hot path: built when a compiler is present, never stale, same results as the source."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from codex.cardtext import compiled, parse_card_text, to_json
from codex.paths import PROJECT_ROOT

TEXTS = [("Airborne, Movement +2\nGenesis \u2192 Deal 2 damage to each enemy nearby.", "Storm Hawk"),
         ("Tap \u2192 Draw a spell. Takes 1 less damage.", None),
         ("Bearer flummoxes the void.", None)]


_NO_COMPILER = not (shutil.which("cc") or shutil.which("gcc"))


@pytest.mark.skipif(bool(os.environ.get(compiled.PURE_ENV)) or _NO_COMPILER,
                    reason="built without the compiled modules (ARBITER_PURE_PYTHON set, or no C compiler)")
def test_the_build_compiled_the_hot_path_from_the_current_sources() -> None:
    # a compiled module that no longer matches its source reports "source" (it runs the .py instead)
    assert set(compiled.implementation().values()) == {"compiled"}, (
        "rebuild with `python3 scripts/dev.py setup` (pip install -e .)")


def test_pure_python_switch_runs_the_source_with_the_same_asts() -> None:
    script = textwrap.dedent(f"""
        import json
        from codex.cardtext import compiled, parse_card_text, to_json
        print(json.dumps({{"impl": sorted(set(compiled.implementation().values())),
                          "asts": [to_json(parse_card_text(t, n)) for t, n in {TEXTS!r}]}}))
    """)
    env = dict(os.environ, **{compiled.PURE_ENV: "1"})
    out = subprocess.run([sys.executable, "-c", script], env=env, cwd=PROJECT_ROOT, capture_output=True, text=True,
                         check=True)
    result = json.loads(out.stdout)
    assert result["impl"] == ["source"]
    assert result["asts"] == [json.loads(json.dumps(to_json(parse_card_text(t, n)))) for t, n in TEXTS]


def test_a_stale_compiled_module_runs_its_source_and_warns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "probe_mod.py").write_text("VALUE = 'from source'\n", encoding="utf-8")
    monkeypatch.delenv(compiled.PURE_ENV, raising=False)
    monkeypatch.delitem(sys.modules, "probe_mod", raising=False)
    fake = {"__name__": "probe_mod", "__file__": str(tmp_path / "probe_mod.cpython-311-x86_64-linux-gnu.so"),
            "COMPILED_FROM": "0" * 64}
    with pytest.warns(RuntimeWarning, match="older than probe_mod.py"):
        compiled.use_source_if_stale(fake)
    assert sys.modules["probe_mod"].VALUE == "from source"


def test_a_current_compiled_module_stays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "probe_mod2.py"
    source.write_text("VALUE = 'from source'\n", encoding="utf-8")
    monkeypatch.delenv(compiled.PURE_ENV, raising=False)
    monkeypatch.delitem(sys.modules, "probe_mod2", raising=False)
    fake = {"__name__": "probe_mod2", "__file__": str(tmp_path / "probe_mod2.so"),
            "COMPILED_FROM": compiled.source_digest(source)}
    compiled.use_source_if_stale(fake)
    assert "probe_mod2" not in sys.modules


def test_every_compiled_module_has_the_marker_the_build_stamps() -> None:
    setup_py = (PROJECT_ROOT / "setup.py").read_text(encoding="utf-8")
    assert repr(compiled.MARKER) in setup_py or f'"{compiled.MARKER}"' in setup_py
    for name in compiled.MODULES:
        assert f'"{name}"' in setup_py, f"setup.py does not compile {name}"
        source = PROJECT_ROOT / Path(*name.split(".")).with_suffix(".py")
        assert source.read_text(encoding="utf-8").count(compiled.MARKER) == 1, source
