"""The message catalogues (web/i18n/<lang>/<namespace>.json): every key in both languages with
the same placeholders, every key a page names present, and the server answering in the
language asked for. The browser tests check the other half: no key a page asked for at run
time was missing (globalThis.jantakuI18n.missing())."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from jantaku.server import i18n
from jantaku.server.app import create_app

WEB = Path(i18n.I18N_DIR).parent
NAMESPACES = sorted({p.stem for lang in i18n.LANGS for p in (i18n.I18N_DIR / lang).glob("*.json")})


def test_every_namespace_has_a_file_in_every_language() -> None:
    assert {"common", "errors"} <= set(NAMESPACES)
    for lang in i18n.LANGS:
        have = {p.stem for p in (i18n.I18N_DIR / lang).glob("*.json")}
        assert have == set(NAMESPACES), f"{lang}: missing {set(NAMESPACES) - have}"


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_both_languages_have_the_same_keys_and_placeholders(namespace: str) -> None:
    files = {
        lang: json.loads((i18n.I18N_DIR / lang / f"{namespace}.json").read_text("utf-8"))
        for lang in i18n.LANGS
    }
    ja, en = files["ja"], files["en"]
    # English may add a singular form `key_one` of a key both have; nothing else differs.
    plural = {k for k in en if k.endswith("_one") and k[: -len("_one")] in en}
    assert set(ja) - set(en) == set(), f"{namespace}: only in Japanese"
    assert set(en) - set(ja) - plural == set(), f"{namespace}: only in English"
    for key, text in ja.items():
        assert text.strip(), f"{namespace}.{key} is empty in ja"
        assert en[key].strip(), f"{namespace}.{key} is empty in en"
        assert i18n.placeholders(text) == i18n.placeholders(en[key]), f"{namespace}.{key}"
    for key in plural:
        assert i18n.placeholders(en[key]) <= i18n.placeholders(en[key[: -len("_one")]]), key


def test_japanese_is_the_default_and_the_texts_differ() -> None:
    assert i18n.DEFAULT_LANG == "ja" and i18n.LANGS[0] == "ja"
    ja, en = i18n.catalogue("ja"), i18n.catalogue("en")
    assert ja["table.riichi"] == "立直" and en["table.riichi"] == "Riichi"
    # A Japanese catalogue that is the English one copied would pass the key checks.
    # (A command's name, "JSON (jantaku ledger)", reads the same in both.)
    same = [
        k for k in ja if ja[k] == en[k] and re.search(r"[a-z]{4}", ja[k]) and "jantaku" not in ja[k]
    ]
    assert same == [], same


def test_text_with_variables_and_the_singular() -> None:
    assert i18n.t("ja", "table.tiles_left", count=1) == "残り1枚"
    assert i18n.t("en", "table.tiles_left", count=1) == "1 tile left"
    assert i18n.t("en", "table.tiles_left", count=12) == "12 tiles left"
    assert i18n.t("en", "no.such_key") == "no.such_key"
    assert i18n.t("xx", "common.lobby") == "ロビー"  # an unknown language: Japanese


def test_accept_language_picks_the_language() -> None:
    assert i18n.negotiate("ja-JP,ja;q=0.9,en-US;q=0.8") == "ja"
    assert i18n.negotiate("en-US,en;q=0.9") == "en"
    assert i18n.negotiate("de-DE,de;q=0.9,en;q=0.7,ja;q=0.3") == "en"
    assert i18n.negotiate("ja;q=0.2, en;q=0.5") == "en"
    assert i18n.negotiate("en;q=0, ja") == "ja"
    assert i18n.negotiate("zh-CN") == "ja"
    assert i18n.negotiate("") == "ja"


# Keys a page names literally: t('ns.key'...), data-i18n="ns.key", data-i18n-attr="a:ns.key".
# Keys built at run time (t(`table.action.${type}`)) are checked in the browser tests instead.
USES = [
    re.compile(r"""\bt\(\s*['"]([a-z_]+\.[\w.-]+)['"]"""),
    re.compile(r"""data-i18n="([^"]+)\""""),
]
ATTR_USE = re.compile(r"""data-i18n-attr="([^"]+)\"""")


def page_keys() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in sorted([*WEB.glob("*.js"), *WEB.glob("*.html")]):
        text = path.read_text("utf-8")
        keys = {m.group(1) for pattern in USES for m in pattern.finditer(text)}
        for m in ATTR_USE.finditer(text):
            keys |= {pair.split(":")[1].strip() for pair in m.group(1).split(";") if ":" in pair}
        if keys:
            found[path.name] = keys
    return found


def test_every_key_a_page_names_is_in_the_catalogue() -> None:
    found = page_keys()
    assert "index.html" in found and "table.js" in found
    catalogue = i18n.catalogue("ja")
    absent = {name: sorted(keys - set(catalogue)) for name, keys in found.items()}
    assert {n: k for n, k in absent.items() if k} == {}


def test_the_server_serves_the_catalogues(tmp_path: Path) -> None:
    with TestClient(create_app(str(tmp_path / "db.sqlite3"))) as client:
        ja = client.get("/api/i18n/ja").json()
        assert ja == i18n.catalogue("ja") and ja["common.lobby"] == "ロビー"
        assert client.get("/api/i18n/en").json()["common.lobby"] == "Lobby"
        info = client.get("/api/i18n", headers={"Accept-Language": "en-US,en"}).json()
        assert info == {"langs": ["ja", "en"], "default": "ja", "negotiated": "en"}
        # An unknown language or preset: 404, said in the reader's language.
        r = client.get("/api/i18n/fr", headers={"Accept-Language": "ja"})
        assert r.status_code == 404 and r.json()["detail"] == "言語 fr はありません"
        r = client.get("/api/i18n/..%2Fja", headers={"Accept-Language": "en"})
        assert r.status_code == 404
        r = client.get("/api/presets/nope", headers={"Accept-Language": "en"})
        assert r.status_code == 404 and r.json()["detail"] == "No rule set 'nope'"


def test_every_knob_and_choice_has_a_name_in_both_languages() -> None:
    # The rule sheet names each option and each choice from the `rules` catalogue (a missing
    # one would show its key, e.g. "game.false_call", to a player).
    from jantaku.rules import PRESET_NAMES, load_preset
    from jantaku.rules.model import knobs

    for lang in i18n.LANGS:
        cat = i18n.catalogue(lang)
        missing = sorted(
            {
                key
                for name in PRESET_NAMES
                for k in knobs(load_preset(name))
                for key in [
                    f"rules.knob.{k.key}",
                    *(f"rules.choice.{k.key}.{c}" for c in k.choices),
                ]
                if key not in cat
            }
        )
        assert missing == [], (lang, missing)


def test_every_error_code_the_server_sends_has_a_message() -> None:
    """The server's refusals are shown from the catalogue by their code (server/errors.py)."""
    from jantaku.server.errors import ERROR_CODES

    for lang in i18n.LANGS:
        errors = json.loads((i18n.I18N_DIR / lang / "errors.json").read_text("utf-8"))
        assert set(errors) >= ERROR_CODES, f"{lang}: {sorted(ERROR_CODES - set(errors))}"
