"""A table's rule set as the TOML file the CLI reads: a built-in preset named by ``base`` and
the knobs changed from it, by section. The lobby exports and imports these files.

>>> text = dump_ruleset("gotou", {"settlement": {"kubi": 35000}, "scoring": {"kuitan": False}},
...                     title="水曜会")
>>> print(text)
# jantaku rule set: 水曜会
# Play it with: jantaku ... --rules this-file.toml
base = "gotou"
<BLANKLINE>
[scoring]
kuitan = false
<BLANKLINE>
[settlement]
kubi = 35000
<BLANKLINE>
>>> parse_ruleset(text)
('gotou', {'scoring': {'kuitan': False}, 'settlement': {'kubi': 35000}})
>>> parse_ruleset('base = "gotou"\\n[scoring]\\nkuitan = 3')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
jantaku.rules.loader.RulesError: preset gotou with overrides: scoring.kuitan: ...
"""

from __future__ import annotations

import json
import math
import tomllib
from typing import Any

from jantaku.rules.loader import PRESET_NAMES, RulesError, load_preset
from jantaku.rules.model import knobs

_TOP_LEVEL = {"base", "name", "title", "title_ja", "players"}


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if not math.isfinite(v):
            raise RulesError(f"{v!r} cannot be written in TOML")
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)  # a TOML basic string is JSON's
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        inner = ", ".join(
            f"{json.dumps(str(k), ensure_ascii=False)} = {_toml_value(x)}" for k, x in v.items()
        )
        return "{ " + inner + " }" if inner else "{}"
    raise RulesError(f"{v!r} cannot be written in TOML")


def changed_knobs(base: str, options: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The knobs of ``base`` with ``options`` applied that differ from ``base``'s own, by
    section (validated: a bad knob is a RulesError naming it)."""
    before = {k.key: k.value for k in knobs(load_preset(base))}
    after = knobs(load_preset(base, options)) if options else []
    out: dict[str, dict[str, Any]] = {}
    for k in after:
        if k.value != before[k.key]:
            section, name = k.key.split(".", 1)
            out.setdefault(section, {})[name] = k.value
    return out


def dump_ruleset(base: str, options: dict[str, Any], title: str = "") -> str:
    """The TOML text of ``base`` with ``options`` (only the knobs that differ are written)."""
    if base not in PRESET_NAMES:
        raise RulesError(f"base = {base!r} is not a preset ({', '.join(PRESET_NAMES)})")
    lines = []
    if title:
        lines.append(f"# jantaku rule set: {' '.join(title.split())}")
    lines += ["# Play it with: jantaku ... --rules this-file.toml", f"base = {_toml_value(base)}"]
    for section, values in sorted(changed_knobs(base, options).items()):
        lines += ["", f"[{section}]"]
        lines += [f"{name} = {_toml_value(v)}" for name, v in values.items()]
    return "\n".join(lines) + "\n"


def parse_ruleset(text: str) -> tuple[str, dict[str, dict[str, Any]]]:
    """``(base, changed knobs by section)`` of a rule set file: one with ``base = "<preset>"``,
    or a built-in preset's own file (``name = "<preset>"``)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise RulesError(f"not valid TOML: {e}") from None
    base = data.get("base", data.get("name"))
    if not isinstance(base, str) or base not in PRESET_NAMES:
        raise RulesError(
            f"the file names no preset: base = {base!r} is not one of {', '.join(PRESET_NAMES)}"
        )
    options: dict[str, Any] = {}
    for key, value in data.items():
        if key in _TOP_LEVEL:
            continue
        if not isinstance(value, dict):
            raise RulesError(f"{key!r}: expected a [section] of knobs")
        options[key] = value
    return base, changed_knobs(base, options)
