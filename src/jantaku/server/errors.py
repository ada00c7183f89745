"""The errors the server answers with, and how a client's value is quoted in them.

Every refusal carries a ``code`` and its ``params`` beside the English message: the pages
show ``errors.<code>`` of their own catalogue (web/i18n/{ja,en}/errors.json) in the player's
language, and scripts read the code instead of parsing words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

ERROR_CODES = frozenset(
    {
        "bad_request",
        "bad_knob",
        "no_table",
        "no_preset",
        "bad_token",
        "join_first",
        "already_joined",
        "game_over",
        "game_not_over",
        "not_your_turn",
        "stale_action",
        "illegal_action",
        "malformed",
        "too_large",
        "seat_count",
        "seed_with_humans",
        "server_full",
        "address_full",
        "bots_busy",
        "mjai_busy",
        "rate_limited",
        "db_busy",
        "cannot_restore",
        "internal",
        "not_found",
        "invalid_request",
        "method_not_allowed",
        "conflict",
        "unsupported_type",
        "disk_full",
    }
)
"""Every ``code`` the server sends (tests/server/test_i18n.py: each is in both catalogues)."""


class TableError(ValueError):
    """A request the server refuses (bad input, unknown table...); the message says why in
    English, ``code`` and ``params`` say it for the catalogues (default: ``bad_request``
    with the message as its detail)."""

    def __init__(
        self,
        message: str,
        status: int = 400,
        *,
        code: str = "bad_request",
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        assert code in ERROR_CODES, code
        self.status = status
        self.code = code
        self.params: dict[str, Any] = dict(params) if params is not None else {"detail": message}
        self.retry_after: int | None = 30 if status == 503 else None
        """Seconds an HTTP client is told to wait before trying again (``Retry-After``)."""

    def payload(self) -> dict[str, Any]:
        """The error as a client gets it: the message, its code and the code's params."""
        return error_payload(str(self), self.code, self.params)


def error_payload(
    message: str, code: str = "bad_request", params: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """``{"error": message, "code": code, "params": {...}}`` (a WebSocket message adds its
    ``type``; an HTTP answer names the message ``detail``)."""
    assert code in ERROR_CODES, code
    return {
        "error": message,
        "code": code,
        "params": dict(params) if params is not None else {"detail": message},
    }


def no_table(table_id: int) -> TableError:
    return TableError(f"no table {table_id}", 404, code="no_table", params={"id": table_id})


class StaleAction(TableError):
    """An action chosen from options the seat no longer has (another tab acted first, or the
    game moved on); the client gets its current options again."""


def short(value: object) -> str:
    """A client's value in an error message, cut short (it may be huge)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**40:
        return "a huge number"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
