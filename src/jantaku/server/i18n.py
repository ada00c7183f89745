"""The message catalogues every page and the server's player-facing messages share.

One JSON file per language and namespace, ``jantaku/web/i18n/<lang>/<namespace>.json``, each a
flat object of ``key: text``; a message's full key is ``<namespace>.<key>`` (``table.riichi``).
Texts may hold ``{name}`` placeholders, filled from the variables given (the same syntax as the
browser's ``i18n.js``). An English key ending in ``_one`` is the singular form used when the
variable ``count`` is 1; Japanese needs none. Japanese is the default language.

>>> t("ja", "errors.no_table", id=7)
'卓 7 はありません'
>>> t("en", "errors.no_table", id=7)
'No table 7'
>>> negotiate("en-GB,en;q=0.9,ja;q=0.5"), negotiate("fr-FR, ja;q=0.8"), negotiate(None)
('en', 'ja', 'ja')
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

LANGS = ("ja", "en")
DEFAULT_LANG = "ja"
I18N_DIR = Path(__file__).resolve().parent.parent / "web" / "i18n"
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@cache
def catalogue(lang: str) -> dict[str, str]:
    """Every message of ``lang`` by full key (all its namespace files merged)."""
    if lang not in LANGS:
        raise KeyError(f"no language {lang!r}; one of {', '.join(LANGS)}")
    merged: dict[str, str] = {}
    for path in sorted((I18N_DIR / lang).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError(f"{path}: a catalogue is a JSON object of key: text")
        for key, text in data.items():
            if not isinstance(text, str):
                raise ValueError(f"{path}: {key!r} is not a text")
            merged[f"{path.stem}.{key}"] = text
    return merged


def placeholders(text: str) -> set[str]:
    """The ``{name}`` variables a text uses."""
    return set(_PLACEHOLDER.findall(text))


def t(lang: str, key: str, /, **variables: object) -> str:
    """The message ``key`` in ``lang`` with its variables filled in (the key itself if the
    catalogue lacks it, so a missing message shows what is missing rather than nothing)."""
    messages = catalogue(lang if lang in LANGS else DEFAULT_LANG)
    text = messages.get(key)
    if variables.get("count") == 1:
        text = messages.get(f"{key}_one", text)
    if text is None:
        return key
    return _PLACEHOLDER.sub(
        lambda m: str(variables[m.group(1)]) if m.group(1) in variables else m.group(0), text
    )


def negotiate(accept_language: str | None) -> str:
    """The language to answer in for an ``Accept-Language`` header: the first of ours by the
    header's preference, else Japanese."""
    best: tuple[float, int, str] | None = None
    for i, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        base = tag.strip().lower().split("-")[0]
        if base not in LANGS:
            continue
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if q > 0 and (best is None or (-q, i) < (-best[0], best[1])):
            best = (q, i, base)
    return best[2] if best else DEFAULT_LANG
