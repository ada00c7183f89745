"""A scorekeeping session's settings: the checked config of a new session (preset, options,
names, rates, an imported rule file) and the ``settings`` changes made to it later."""

from __future__ import annotations

import tomllib
from typing import Any, Final

from jantaku.rules import PRESET_NAMES, RulesError, load_preset
from jantaku.rules.model import Preset

from .session_checks import session_options
from .session_errors import SessionError

MAX_NAME: Final = 24
MAX_TOML: Final = 16_000

# -- configuration --------------------------------------------------------------------------


def _toml_options(text: str) -> tuple[str, dict[str, Any]]:
    """An imported rule file: ``base = "gotou"`` and the knobs it changes."""
    if len(text) > MAX_TOML:
        raise SessionError(
            f"toml: a rule file of at most {MAX_TOML} characters",
            code="bad_toml",
            params={"detail": ""},
        )
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise SessionError(
            f"toml: not valid TOML: {e}", code="bad_toml", params={"detail": str(e)}
        ) from None
    base = data.pop("base", None)
    if base not in PRESET_NAMES:
        raise SessionError(
            f"toml: the file must name its base preset (base = one of {', '.join(PRESET_NAMES)})",
            code="bad_toml",
            params={"detail": "base"},
        )
    for k in ("name", "title", "title_ja", "players"):
        data.pop(k, None)
    return str(base), data


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in over.items():
        out[k] = _merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def make_config(body: dict[str, Any]) -> dict[str, Any]:
    """Check a new session's settings; the stored config. Raises :class:`SessionError`."""
    if not isinstance(body, dict):
        raise SessionError(
            "a session is an object with preset and names", code="bad_body", params={}
        )
    unknown = set(body) - {
        "preset",
        "options",
        "names",
        "toml",
        "start_points",
        "start_chips",
        "rotate",
        "title",
        "rates",
    }
    if unknown:
        raise SessionError(
            f"unknown field {sorted(unknown)[0]!r}",
            code="unknown_field",
            params={"field": str(sorted(unknown)[0])[:40]},
        )
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise SessionError(
            "options: an object of knob values", code="bad_options", params={"detail": "options"}
        )
    preset_name = body.get("preset", "riichi")
    if body.get("toml"):
        if not isinstance(body["toml"], str):
            raise SessionError(
                "toml: the text of a rule file", code="bad_toml", params={"detail": ""}
            )
        preset_name, file_options = _toml_options(body["toml"])
        options = _merge(file_options, options)
    if preset_name not in PRESET_NAMES:
        raise SessionError(
            f"preset: one of {', '.join(PRESET_NAMES)}, not {preset_name!r}",
            code="bad_preset",
            params={"preset": str(preset_name)[:40]},
        )
    for key in ("start_points", "start_chips"):
        v = body.get(key)
        if v is None:
            continue
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 10_000_000:
            raise SessionError(
                f"{key}: a whole number from 0", code="bad_number", params={"field": key}
            )
        options = _merge(options, {"game": {key: v}})
    try:
        options = session_options(preset_name, options)  # bounded like a table's knobs
    except ValueError as e:
        raise SessionError(str(e), code="bad_options", params={"detail": str(e)}) from None
    try:
        preset = load_preset(preset_name, options or None)
    except RulesError as e:
        raise SessionError(str(e), code="bad_options", params={"detail": str(e)}) from None
    names = _check_names(body.get("names"), preset.players, preset_name)
    title = body.get("title", "")
    if not isinstance(title, str) or len(title) > 60:
        raise SessionError("title: at most 60 characters", code="bad_title", params={})
    return {
        "preset": preset_name,
        "options": options,
        "names": names,
        "rotate": bool(body.get("rotate", True)),
        "title": title,
        **({"rates": _check_rates(body["rates"])} if body.get("rates") else {}),
    }


def _check_rates(rates: Any) -> dict[str, float]:
    """The table's rates: money per unit of the settlement (``unit``: per 1000 points,
    per chip or per Boo point, as the preset settles) and per chip where chips are settled
    apart (``chip``)."""
    if not isinstance(rates, dict) or set(rates) - {"unit", "chip"}:
        raise SessionError(
            'rates: an object {"unit": money per unit, "chip": money per chip}',
            code="bad_rates",
            params={},
        )
    out: dict[str, float] = {}
    for k, v in rates.items():
        if isinstance(v, bool) or not isinstance(v, int | float) or not 0 <= v <= 100_000:
            raise SessionError(f"rates.{k}: a number from 0 to 100000", code="bad_rates", params={})
        out[k] = float(v)
    return out


def chips_apart(preset: Preset) -> bool:
    """Whether the preset's settlement leaves chips out of its result (chips paid apart)."""
    return (
        preset.chips.enabled and preset.settlement.style == "uma" and not preset.chips.point_value
    )


def money(
    preset: Preset, config: dict[str, Any], result: list[float], chips_won: list[int]
) -> list[float] | None:
    """A game's result in money at the table's rates (None without rates): the settlement's
    result times the unit rate, plus the chips won times the chip rate where chips are
    settled apart."""
    rates = config.get("rates")
    if not rates:
        return None
    unit, chip = rates.get("unit", 0.0), rates.get("chip", 0.0)
    apart = chips_apart(preset)
    return [
        round(r * unit + (c * chip if apart else 0.0), 2)
        for r, c in zip(result, chips_won, strict=True)
    ]


def _check_names(names: Any, players: int, preset_name: str) -> list[str]:
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise SessionError("names: a list of the players' names", code="bad_names", params={})
    out: list[str] = [n.strip() for n in names]
    if len(out) not in (3, 4) or len(out) < players:
        raise SessionError(
            f"names: {players} players for {preset_name}"
            + (" (or 4 rotating)" if players == 3 else "")
            + f", not {len(out)}",
            code="names_count",
            params={"players": players, "count": len(out)},
        )
    for i, n in enumerate(out):
        if not n or len(n) > MAX_NAME:
            raise SessionError(
                f"names[{i}]: 1 to {MAX_NAME} characters",
                code="name_length",
                params={"n": i + 1, "max": MAX_NAME},
            )
    if len(set(out)) != len(out):
        raise SessionError("names: two players have the same name", code="same_name", params={})
    return out


def settings(
    config: dict[str, Any], msg: dict[str, Any], next_game: int | None = None
) -> dict[str, Any]:
    """A ``settings`` change: the players renamed (the same number of them: the hands name
    people by their place), the rates changed, the session ended or reopened. The new
    config."""
    unknown = set(msg) - {
        "type",
        "at",
        "names",
        "ended",
        "rates",
        "first_dealer",
        "seating",
        "req",
        "cid",
    }
    if unknown:
        raise SessionError(
            f"unknown field {sorted(unknown)[0]!r}",
            code="unknown_field",
            params={"field": str(sorted(unknown)[0])[:40]},
        )
    out = dict(config)
    if "names" in msg:
        names = _check_names(msg["names"], len(config["names"]), config["preset"])
        if len(names) != len(config["names"]):
            raise SessionError(
                f"names: {len(config['names'])} names, as the session has",
                code="names_count",
                params={"players": len(config["names"]), "count": len(names)},
            )
        out["names"] = names
    if "first_dealer" in msg:
        # The next game's 起家 (席決め between games); ``next_game`` None: a game is under way.
        p = msg["first_dealer"]
        n = len(config["names"])
        if next_game is None:
            raise SessionError(
                "first_dealer: only between games (the next game's first dealer)",
                code="not_between_games",
                params={},
            )
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < n:
            raise SessionError(
                f"first_dealer: a person 0 to {n - 1}", code="bad_first_dealer", params={"max": n}
            )
        out["first_dealers"] = {**config.get("first_dealers", {}), str(next_game): p}
    if "seating" in msg:
        # 席替え between games: the people in their seats' order around the table (each sits
        # before the next in turn; at a three-player table with four, the one before the
        # dealer sits out).
        order = msg["seating"]
        n = len(config["names"])
        if (
            next_game is None
            or not isinstance(order, list)
            or sorted(x for x in order if isinstance(x, int) and not isinstance(x, bool))
            != list(range(n))
        ):
            raise SessionError(
                "seating: every person once, in seat order, between games only",
                code="not_seats",
                params={},
            )
        out["seatings"] = {**config.get("seatings", {}), str(next_game): list(order)}
    if "rates" in msg:
        if msg["rates"]:
            out["rates"] = _check_rates(msg["rates"])
        else:
            out.pop("rates", None)
    if "ended" in msg:
        if not isinstance(msg["ended"], bool):
            raise SessionError("ended: true or false", code="bad_ended", params={})
        out["ended"] = msg["ended"]
    return out


def config_preset(config: dict[str, Any]) -> Preset:
    return load_preset(config["preset"], config["options"] or None)
