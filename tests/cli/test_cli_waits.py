"""`jantaku waits` as specified in shared/spec/interfaces.md."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from jantaku.cli import run_json


@pytest.mark.parametrize(
    ("preset", "hand", "waits", "infinite"),
    [
        ("mighty", "23456779s4577p", ["3p", "6p", "8s"], False),
        ("riichi", "1112345678999m", [f"{n}m" for n in range(1, 10)], False),
        (
            "riichi",
            "19m19p19s1234567z",
            ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"],
            False,
        ),
        (
            "sanma",
            "19m19p19s1234567z",
            ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"],
            False,
        ),
        ("riichi", "123m456p1z c312s p777z<", ["1z"], False),
    ],
)
def test_waits_json(preset: str, hand: str, waits: list[str], infinite: bool) -> None:
    code, out = run_json(["waits", "--rules", preset, "--json", hand])
    assert code == 0
    assert out == {"shanten": 0, "waits": waits, "infinite": infinite}


def test_a_wait_on_a_fifth_copy_is_no_wait() -> None:
    # 1111m + three sets: the 1m tanki would need a fifth 1m, so the hand is 1-shanten.
    code, out = run_json(["waits", "--json", "1111m234p567s789s"])
    assert (code, out) == (0, {"shanten": 1, "waits": [], "infinite": False})


def test_infinite_wait_under_mighty() -> None:
    code, out = run_json(["waits", "--rules", "mighty", "--json", "123p456p789s123s"])
    assert code == 0 and out["infinite"] is True
    assert len(out["waits"]) == 27  # every kind a mighty hand may hold


def test_not_tenpai_reports_shanten() -> None:
    code, out = run_json(["waits", "--json", "123m456p789s1234z"])
    assert (code, out) == (0, {"shanten": 2, "waits": [], "infinite": False})


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["waits", "--json", "1112345678999"], "no suit letter"),
        (["waits", "--json", "11123456789999m"], "13 concealed tiles"),
        (["waits", "--rules", "mighty", "--json", "1112345678999p"], "12 concealed tiles"),
        (["waits", "--rules", "sanma", "--json", "1234567m123456p"], "has no 2m"),
        (["waits", "--rules", "nope", "--json", "1m"], "neither a preset"),
        (["waits", "--json", "11111m234p567s789s"], "only 4 copies of 1m"),
    ],
)
def test_bad_input_exits_2_with_reason(args: list[str], fragment: str) -> None:
    code, out = run_json(args)
    assert code == 2
    assert fragment in out["error"]


def test_console_entry_point_prints_one_json_line() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "jantaku.cli", "waits", "--json", "bad!"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stderr == ""
    assert "error" in json.loads(proc.stdout)
