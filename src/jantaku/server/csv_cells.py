"""CSV that a spreadsheet opens as data, never as formulas: a text cell that begins with
``=``, ``+``, ``-``, ``@`` (or a tab or carriage return, which some spreadsheets skip before
reading one) is written with a leading ``'``, which spreadsheets show as text. Numbers are
written as they are (a negative score stays a number); a player's name or a hand's
description is text, whatever it begins with."""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import Any, Final, Protocol

FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")


class _Rows(Protocol):
    def writerow(self, row: Iterable[Any]) -> Any: ...


def neutral(cell: Any) -> Any:
    """``cell`` as a spreadsheet must read it: a text that would start a formula quoted."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


class SafeWriter:
    """A :func:`csv.writer` whose rows are written through :func:`neutral`."""

    def __init__(self, out: Any) -> None:
        self._writer: _Rows = csv.writer(out)

    def writerow(self, row: Iterable[Any]) -> Any:
        return self._writer.writerow([neutral(c) for c in row])
