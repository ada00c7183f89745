"""The static side of 点数記録 and 点数計算: pages, scripts and the service worker served, every
module the pages import kept by the worker, their imports resolve, and every message key the
scripts use is in both catalogues (ja, en)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from jantaku.server.app import WEB_DIR, create_app
from jantaku.server.static import KEPT_PLAIN

SCRIPTS = [
    "score.js",
    "score-state.js",
    "score-entry.js",
    "score-start.js",
    "scorekit.js",
    "calc.js",
    "calc-page.js",
]


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(str(tmp_path / "s.sqlite3")))


def test_pages_and_service_worker_are_served(client: TestClient) -> None:
    for path, script in (("/score", "/static/score.js"), ("/calc", "/static/calc-page.js")):
        r = client.get(path)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
        assert script in r.text and "Xhokir" in r.text  # the tile art's credit
    sw = client.get("/score-sw.js")
    assert sw.headers["content-type"].startswith("text/javascript")
    # Everything the worker keeps for offline use exists.
    for path in re.findall(r"'(/static/[\w./-]+)'", sw.text):
        assert client.get(path).status_code == 200, path


def test_the_worker_keeps_every_module_the_pages_import(client: TestClient) -> None:
    # Offline, a module the worker did not keep fails the page's whole import graph.
    kept = set(re.findall(r"'/static/([\w./-]+\.js)'", client.get("/score-sw.js").text))
    seen: set[str] = set()
    todo = ["score.js", "calc-page.js"]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        text = (WEB_DIR / name).read_text(encoding="utf-8")
        todo += [t[2:] for t in re.findall(r"""\bfrom\s+['"](\./[\w./-]+\.js)['"]""", text)]
    assert seen <= kept, sorted(seen - kept)
    # The score page's own modules import each other by the plain URLs the worker keeps.
    assert {n for n in seen if n.startswith("score")} <= KEPT_PLAIN


def test_module_imports_resolve(client: TestClient) -> None:
    for name in SCRIPTS:
        text = (WEB_DIR / name).read_text(encoding="utf-8")
        for target in re.findall(r"""from\s+['"](\./[\w./-]+)['"]""", text):
            r = client.get(f"/static/{target[2:]}")
            assert r.status_code == 200, (name, target)
            assert "javascript" in r.headers["content-type"]


def catalogue(lang: str, ns: str) -> dict[str, str]:
    data = json.loads((WEB_DIR / "i18n" / lang / f"{ns}.json").read_text(encoding="utf-8"))
    return {f"{ns}.{k}": v for k, v in data.items()}


def test_every_message_key_is_in_both_languages() -> None:
    ja = catalogue("ja", "score") | catalogue("ja", "calc")
    en = catalogue("en", "score") | catalogue("en", "calc")
    # English may add a singular form (key_one, used when count is 1); Japanese needs none.
    singular = {k for k in en if k.endswith("_one")}
    assert set(ja) == set(en) - singular
    for k in singular:
        assert k.removesuffix("_one") in ja and "{count}" in ja[k.removesuffix("_one")], k
    for key in ja:  # the same placeholders in both
        assert set(re.findall(r"\{\w+\}", ja[key])) == set(re.findall(r"\{\w+\}", en[key])), key
    used: set[str] = set()
    for name in [*SCRIPTS, "score.html", "calc.html"]:
        text = (WEB_DIR / name).read_text(encoding="utf-8")
        used |= set(re.findall(r"""t\(['"]((?:score|calc)\.\w+)['"]""", text))
        used |= set(re.findall(r"""data-i18n="((?:score|calc)\.\w+)\"""", text))
        used |= set(re.findall(r""":\s*((?:score|calc)\.\w+)\"""", text))
    assert used and not used - set(ja), sorted(used - set(ja))
    # Keys built from a value: every value they take.
    for prefix, values in {
        "score.wind_": "ESWN",
        "calc.riichi_": ["none", "riichi", "double", "open", "shuba", "open_shuba"],
        "calc.limit_": ["mangan", "haneman", "baiman", "sanbaiman", "yakuman"],
        "score.draw_": ["exhaustive", "nine_terminals", "nagashi"],
        "score.penalty_": ["chombo", "false_pon", "false_kan", "abandon"],
        "calc.target_": ["hand", "pon", "chi", "minkan", "ankan", "extracted", "dora", "ura"],
        "calc.meld_": ["pon", "chi", "minkan", "ankan"],
        "score.entry_": ["win", "draw", "chombo", "chips"],
    }.items():
        for v in values:
            assert prefix + v in ja, prefix + v
