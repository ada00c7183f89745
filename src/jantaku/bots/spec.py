"""The ``--bots`` spec: which bot plays each seat, shared by ``jantaku simulate``, the lab
and anything else that seats bots from a string.

A spec is one entry for every seat or one entry per seat, comma separated. An entry is a
built-in bot's name (:data:`jantaku.bots.BOT_KINDS`), ``mjai:CMD``, an external program
spoken to over the mjai protocol (:mod:`jantaku.bots.mjai`; CMD is run with the shell and
may hold commas: a piece after an ``mjai:`` entry that is not a bot's name belongs to its
command), or ``py:FILE.py:CLASS`` / ``py:module.name:CLASS``, a Python bot class of your own
(docs/bots.md), made as ``CLASS(seed)``.

>>> parse_bots("baseline", 4)
['baseline', 'baseline', 'baseline', 'baseline']
>>> parse_bots("mjai:python bot.py {seat} --a,b,random,baseline", 3)
['mjai:python bot.py {seat} --a,b', 'random', 'baseline']
>>> parse_bots("baseline,random", 4)
Traceback (most recent call last):
...
ValueError: 2 bots for a 4-player game: give one kind or one per seat
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from jantaku.bots import Bot

MJAI_PREFIX: Final = "mjai:"
PY_PREFIX: Final = "py:"


def _kinds() -> tuple[str, ...]:
    from jantaku.bots import BOT_KINDS

    return tuple(BOT_KINDS)


def split_bots(spec: str) -> list[str]:
    """The entries of a spec string (commas inside an ``mjai:`` command kept)."""
    kinds = _kinds()
    out: list[str] = []
    for piece in spec.split(","):
        name = piece.strip()
        if (
            out
            and out[-1].startswith(MJAI_PREFIX)
            and name not in kinds
            and not name.startswith((MJAI_PREFIX, PY_PREFIX))
        ):
            out[-1] = f"{out[-1]},{piece}"
        else:
            out.append(name)
    return out


def check_bot(entry: str) -> str:
    """``entry`` if it names a bot, else ValueError saying what would."""
    if entry.startswith(MJAI_PREFIX):
        if not entry[len(MJAI_PREFIX) :].strip():
            raise ValueError("mjai: needs a command, as in 'mjai:python mybot.py {seat}'")
        return entry
    if entry.startswith(PY_PREFIX):
        where, _, name = entry[len(PY_PREFIX) :].rpartition(":")
        if not where or not name.isidentifier():
            raise ValueError(f"{entry!r}: a Python bot is py:FILE.py:CLASS or py:module.name:CLASS")
        return entry
    kinds = _kinds()
    if entry not in kinds:
        raise ValueError(f"unknown bot {entry!r}; choose from {', '.join(kinds)} or mjai:COMMAND")
    return entry


def parse_bots(bots: str | Sequence[str], seats: int) -> list[str]:
    """One checked bot entry per seat from a spec string or a sequence of entries (one
    for every seat, or one per seat); ValueError names what is wrong."""
    names = split_bots(bots) if isinstance(bots, str) else [b.strip() for b in bots]
    names = [check_bot(n) for n in names]
    if len(names) == 1:
        return names * seats
    if len(names) != seats:
        raise ValueError(
            f"{len(names)} bots for a {seats}-player game: give one kind or one per seat"
        )
    return names


def make_player(entry: str, seed: int = 0, *, timeout: float | None = None) -> Bot:
    """The bot of one entry: a built-in one, or an :class:`~jantaku.bots.mjai.MjaiBot`
    (``timeout``: seconds a decision, by default the module's)."""
    from jantaku.bots import make_bot

    if entry.startswith(MJAI_PREFIX):
        from jantaku.bots.mjai import DEFAULT_TIMEOUT, MjaiBot

        return MjaiBot(
            entry[len(MJAI_PREFIX) :],
            seed,
            timeout=DEFAULT_TIMEOUT if timeout is None else timeout,
        )
    if entry.startswith(PY_PREFIX):
        return _python_bot(check_bot(entry), seed)
    return make_bot(check_bot(entry), seed)


def _python_bot(entry: str, seed: int) -> Bot:
    """``CLASS(seed)`` of a ``py:FILE.py:CLASS`` or ``py:module.name:CLASS`` entry."""
    import importlib
    import importlib.util
    import sys
    from pathlib import Path

    where, _, name = entry[len(PY_PREFIX) :].rpartition(":")
    if where.endswith(".py"):
        path = Path(where).resolve()
        key = f"jantaku_user_bot_{abs(hash(str(path)))}"
        module = sys.modules.get(key)
        if module is None:
            spec = importlib.util.spec_from_file_location(key, path)
            if spec is None or spec.loader is None or not path.is_file():
                raise ValueError(f"{entry!r}: no Python file {where}")
            module = importlib.util.module_from_spec(spec)
            sys.modules[key] = module
            spec.loader.exec_module(module)
    else:
        try:
            module = importlib.import_module(where)
        except ImportError as e:
            raise ValueError(f"{entry!r}: cannot import {where}: {e}") from None
    cls = getattr(module, name, None)
    if cls is None or not callable(cls):
        raise ValueError(f"{entry!r}: {where} has no class {name}")
    bot = cls(seed)
    if not callable(getattr(bot, "choose", None)):
        raise ValueError(f"{entry!r}: {name} has no choose(view, seat, legal) method")
    return bot  # type: ignore[no-any-return]


def close_players(players: Iterable[object]) -> None:
    """End the external programs of these bots (those that have a ``close``)."""
    for p in players:
        close = getattr(p, "close", None)
        if callable(close):
            close()
