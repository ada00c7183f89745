"""One loader for every preset: built-in TOML files or a user's file that inherits one."""

from __future__ import annotations

import functools
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from jantaku.rules.model import KnobError, Preset


class RulesError(ValueError):
    """A preset that cannot be loaded: names the file and the key; ``knobs`` lists the knobs
    at fault (``section.name``) for a page to point at."""

    def __init__(self, message: str, knobs: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.knobs = knobs


PRESET_NAMES = ("riichi", "sanma", "gotou", "tokushima", "mighty", "kanto-boo")


def _builtin_text(name: str) -> str:
    return resources.files("jantaku.rules").joinpath("presets", f"{name}.toml").read_text("utf-8")


def _deep_merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _deep_merge(out[k], v)
        else:
            out[k] = v
    return out


def _raw(source: str, text: str, seen: tuple[str, ...]) -> dict[str, Any]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise RulesError(f"{source}: not valid TOML: {e}") from None
    base = data.get("base")
    if base is None:
        return data
    if not isinstance(base, str):
        raise RulesError(f"{source}: 'base' must be a preset name")
    if base in seen:
        raise RulesError(f"{source}: 'base' chain loops through {base!r}")
    if base not in PRESET_NAMES:
        raise RulesError(f"{source}: base = {base!r} is not a preset ({', '.join(PRESET_NAMES)})")
    parent = _raw(base, _builtin_text(base), (*seen, base))
    parent.pop("base", None)
    return _deep_merge(parent, data)


VALUE_ALIASES: dict[str, dict[str, tuple[str, dict[str, int]]]] = {
    "scoring.point_table": {"tokushima": ("no_bazoro", {})},
    "settlement.style": {"gotou_chips": ("rank_chips", {})},
    "game.chombo": {
        "each_3000": ("points_each", {"chombo_each": 3000}),
        "each_5000": ("points_each", {"chombo_each": 5000}),
        "chips_10": ("chips_each", {"chombo_each": 10}),
    },
}
"""Knob values once named after a preset or holding a number, by their new name (named by what
they do) and the knobs that now hold the number (unless the file sets them). A file, a saved
table or a rule set written with the old value still loads, as the new one."""


def _renamed(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with old knob values (:data:`VALUE_ALIASES`) read as their new names.

    >>> _renamed({"settlement": {"style": "gotou_chips", "kubi": 40000}})
    {'settlement': {'style': 'rank_chips', 'kubi': 40000}}
    """
    for key, names in VALUE_ALIASES.items():
        section, name = key.split(".")
        values = data.get(section)
        if isinstance(values, dict):
            old = values.get(name)
            if isinstance(old, str) and old in names:
                new, implied = names[old]
                data = {**data, section: {**implied, **values, name: new}}
    return data


def _validate(source: str, data: dict[str, Any]) -> Preset:
    try:
        return Preset.model_validate(_renamed(data))
    except ValidationError as e:
        problems = []
        knobs: list[str] = []
        for err in e.errors():
            loc = ".".join(str(p) for p in err["loc"]) or "(top level)"
            problems.append(f"{loc}: {err['msg']}")
            knobs += _knobs_of(err["loc"], err.get("ctx", {}).get("error"))
        at_fault = tuple(dict.fromkeys(knobs))
        raise RulesError(f"{source}: " + "; ".join(problems), at_fault) from None


def _knobs_of(loc: tuple[int | str, ...], error: object) -> list[str]:
    """The knobs (``section.name``) one validation error is about: those a :class:`KnobError`
    names (within the section it was raised in), else the error's own location."""
    if isinstance(error, KnobError):
        section = f"{loc[0]}." if loc else ""
        return [k if "." in k else section + k for k in error.knobs]
    if len(loc) >= 2 and loc[0] in Preset.model_fields:
        return [f"{loc[0]}.{loc[1]}"]
    return []


@functools.cache
def _builtin(name: str) -> Preset:
    return _validate(f"preset {name}", _raw(name, _builtin_text(name), (name,)))


def _sectioned(overrides: dict[str, Any]) -> dict[str, Any]:
    """Accept knob overrides either by section (``{"scoring": {"kuitan": false}}``) or flat
    (``{"kuitan": false}``), as long as the flat name belongs to exactly one section."""
    sections = {
        name: set(field.annotation.model_fields)
        for name, field in Preset.model_fields.items()
        if isinstance(field.annotation, type) and issubclass(field.annotation, BaseModel)
    }
    out: dict[str, Any] = {}
    for key, value in overrides.items():
        if key in sections or key in Preset.model_fields:
            out[key] = _deep_merge(out.get(key, {}), value) if isinstance(value, dict) else value
            continue
        owners = [s for s, knobs in sections.items() if key in knobs]
        if not owners:
            raise RulesError(f"options: no knob {key!r}")
        if len(owners) > 1:
            places = " and ".join(owners)
            raise RulesError(
                f"options: {key!r} is a knob of {places}; name the section, e.g. "
                f'{{"{owners[0]}": {{"{key}": ...}}}}'
            )
        out.setdefault(owners[0], {})[key] = value
    return out


def load_preset(name_or_path: str | Path, overrides: dict[str, Any] | None = None) -> Preset:
    """Load a built-in preset by name, or a TOML file by path (which may say
    ``base = "gotou"`` and change knobs). ``overrides`` are applied on top, with the same
    section names as the file (``{"hand": {"chiitoi_four": true}}``).

    >>> load_preset('mighty').hand.wildcards
    1
    >>> load_preset('nonesuch')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    jantaku.rules.loader.RulesError: 'nonesuch' is neither a preset (riichi, ...) nor a file
    """
    key = str(name_or_path)
    if key in PRESET_NAMES and not overrides:
        return _builtin(key)
    if key in PRESET_NAMES:
        data = _raw(key, _builtin_text(key), (key,))
        source = f"preset {key}"
    else:
        path = Path(key)
        if not path.is_file():
            raise RulesError(f"{key!r} is neither a preset ({', '.join(PRESET_NAMES)}) nor a file")
        source = str(path)
        data = _raw(source, path.read_text("utf-8"), ())
        data.pop("base", None)
    if overrides:
        data = _deep_merge(data, _sectioned(overrides))
        source += " with overrides"
    return _validate(source, data)


def knob_notes(name: str) -> dict[str, str]:
    """The comment a built-in preset file writes beside each knob (``section.name`` → text,
    often the seed's own Japanese words), its base's where it writes none.

    >>> knob_notes("gotou")["table.initial_dora"]
    '«表ドラ常時2枚めくり»'
    """
    if name not in PRESET_NAMES:
        return {}
    text = _builtin_text(name)
    notes: dict[str, str] = {}
    base = tomllib.loads(text).get("base")
    if isinstance(base, str) and base != name:
        notes.update(knob_notes(base))
    section = ""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("[") and stripped.endswith("]"):
            section = stripped[1:-1].strip()
            continue
        if "=" not in stripped or "#" not in stripped or stripped.startswith("#"):
            continue
        key = stripped.split("=", 1)[0].strip()
        comment = stripped.rsplit("#", 1)[1].strip()
        if section and key.isidentifier() and comment:
            notes[f"{section}.{key}"] = comment
    return notes
