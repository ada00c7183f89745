"""The errors the server answers with, and how a client's value is quoted in them."""

from __future__ import annotations


class TableError(ValueError):
    """A request the server refuses (bad input, unknown table...); the message says why."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class StaleAction(TableError):
    """An action chosen from options the seat no longer has (another tab acted first, or the
    game moved on); the client gets its current options again."""


def short(value: object) -> str:
    """A client's value in an error message, cut short (it may be huge)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**40:
        return "a huge number"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
