"""Why a scorekeeping session refused a request: :class:`SessionError`, its codes (each
``score.err_<code>`` in web/i18n/*/score.json) and the ledger refusals mapped to them."""

from __future__ import annotations

import logging
import re
from typing import Any, Final


class SessionError(ValueError):
    """A request refused (bad input, stale revision, unknown session...): nothing changed.
    ``code`` and ``params`` say why for the page's catalogue (``score.err_<code>`` in
    web/i18n/*/score.json); the message says it in English."""

    def __init__(
        self,
        message: str,
        status: int = 400,
        code: str = "invalid",
        params: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        assert code in SESSION_CODES, code
        self.status = status
        self.code = code
        self.params: dict[str, Any] = params if params is not None else {"detail": message}

    def as_json(self) -> dict[str, Any]:
        return {"error": str(self), "status": self.status, "code": self.code, "params": self.params}


# The ledger's refusals and errors a table meets, by the words of their message: the code the
# page shows in the player's language, the message's named parts its params (anything else:
# ``hand_invalid``, said without the English detail).
HAND_REASONS: Final = tuple(
    (re.compile(words), code)
    for words, code in (
        ("マルシー", "refused_marushii"),
        ("winner still sunk", "refused_winner_sunk"),
        ("floating winner", "refused_floating_top"),
        ("may not win this hand", "refused_dead"),
        ("already used their シュバリー", "shuba_used"),
        ("sits out this hand", "sits_out"),
        ("the game is over", "game_over"),
        (r"has no (?P<kind>\w+) draw", "no_draw_kind"),
        (r"^(?P<field>\w+): a person 0 to", "bad_person"),
        ("pays nothing for 1m and 9m", "no_terminal_bonus"),
        ("has no open riichi", "no_open_riichi"),
        ("must also be listed in riichi", "needs_riichi"),
        ("cannot ron their own discard", "own_discard"),
        ("share one discarder", "double_one_discarder"),
        ("has no サイコロチャンス", "no_dice"),
        ("pairs of numbers 1 to 6", "bad_dice"),
        ("have no シュバリー", "no_shuba"),
        ("is noten this hand", "noten_dead"),
        ("has no penalty for", "no_penalty"),
        ("cannot win from themself", "self_deal_in"),
        ("a rinshan win is a tsumo", "rinshan_ron"),
        (r"^chips\.(?P<item>\w+): \S+ pays no chips for it", "no_chip_item"),
        ("plays without chips", "no_chips"),
        ("^situation:", "bad_situation"),
    )
)

SESSION_CODES: Final = frozenset(
    {code for _, code in HAND_REASONS}
    | {
        "hand_invalid",
        "invalid",
        "no_double_ron",
        "stale",
        "watch_only",
        "no_session",
        "broken_session",
        "session_ended",
        "same_name",
        "names_count",
        "name_length",
        "not_between_games",
        "bad_toml",
        "bad_preset",
        "bad_number",
        "bad_options",
        "unknown_field",
        "bad_rates",
        "bad_names",
        "bad_title",
        "bad_hand",
        "bad_index",
        "bad_at",
        "bad_cid",
        "too_many_hands",
        "bad_type",
        "bad_first_dealer",
        "bad_ended",
        "bad_join",
        "bad_editor_link",
        "bad_body",
        "body_too_large",
        "bad_lang",
        "bad_qr_text",
        "rules_refused",
        "not_seats",
        "db_busy",
        "internal",
    }
)
"""Every ``code`` a session's refusal carries: each is ``score.err_<code>`` in both catalogues
(tests/scoring/test_score_sessions.py)."""


def broken_session(sid: str, error: Exception) -> SessionError:
    """The refusal of a session whose stored rows do not read or replay (edited, damaged):
    logged once a read with its id, kept for inspection, never a 500."""
    logging.getLogger("jantaku.server").error(
        "session %s: its stored rows do not read or replay (%s: %s); skipped",
        sid,
        type(error).__name__,
        str(error)[:200],
    )
    return SessionError(
        f"session {sid} could not be restored from its stored rows; it is kept for inspection",
        404,
        "broken_session",
        {"id": sid},
    )


def hand_error(index: int, message: str, status: int = 400) -> SessionError:
    """The error of hand ``index`` (0-based) the ledger refused or could not take."""
    params: dict[str, Any] = {"hand": index + 1, "detail": message}
    for words, c in HAND_REASONS:
        found = words.search(message)
        if found:
            return SessionError(
                f"hand {index + 1}: {message}", status, c, params | found.groupdict()
            )
    return SessionError(f"hand {index + 1}: {message}", status, "hand_invalid", params)
