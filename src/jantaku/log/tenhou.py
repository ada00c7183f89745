"""Readers for real game records: mjlog XML and tenhou.net/6 JSON (and kobalab paipu), chosen
by content; the records they make are :mod:`jantaku.log.record`'s.

The readers themselves: :mod:`jantaku.log.tenhou_xml`, :mod:`jantaku.log.tenhou6`,
:mod:`jantaku.log.kobalab`. Scoring every win of a record: :mod:`jantaku.log.check`; playing a
record through the engine: :mod:`jantaku.log.replay`.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from .record import (
    NUKIDORA_YAKU_ID,
    RED_IDS,
    Call,
    CallType,
    Discard,
    Draw,
    DrawKind,
    ExhaustiveOrAbortiveDraw,
    GameRecord,
    NewDora,
    Owari,
    RecordError,
    RecordEvent,
    RecordFormat,
    Result,
    Riichi,
    RoundRecord,
    RuleInfo,
    UnscoredWin,
    UnsupportedRecordError,
    Win,
    decode_text,
    read_bytes,
)
from .tenhou6 import json_yaku_id, load_json, parse_tenhou6
from .tenhou_xml import parse_mjlog

__all__ = [
    "NUKIDORA_YAKU_ID",
    "RED_IDS",
    "Call",
    "CallType",
    "Discard",
    "Draw",
    "DrawKind",
    "ExhaustiveOrAbortiveDraw",
    "GameRecord",
    "NewDora",
    "Owari",
    "RecordError",
    "RecordEvent",
    "RecordFormat",
    "Result",
    "Riichi",
    "RoundRecord",
    "RuleInfo",
    "UnscoredWin",
    "UnsupportedRecordError",
    "Win",
    "iter_records",
    "json_yaku_id",
    "read_json_record",
    "read_mjlog",
    "read_record",
    "read_tenhou6",
]


def read_record(path: str | Path) -> GameRecord:
    """Read a Tenhou record, choosing the reader by content.

    XML (starting with ``<``, possibly gzip-compressed, any extension including MahjongLM's
    ``.txt``) is read as mjlog; JSON as tenhou.net/6, or as kobalab "majiang" paipu (rewritten
    as the tenhou.net/6 document it describes, :mod:`jantaku.log.kobalab`). Anything else
    raises :class:`UnsupportedRecordError`.
    """
    p = Path(path)
    text = decode_text(p, read_bytes(p)).lstrip()
    if text.startswith("<"):
        return parse_mjlog(p, text)
    if text.startswith("{"):
        return parse_tenhou6(p, load_json(p, text))
    raise UnsupportedRecordError(f"{p}: neither mjlog XML nor tenhou.net/6 JSON")


def read_json_record(text: str, name: str = "upload.json") -> GameRecord:
    """Read a tenhou.net/6 or kobalab paipu JSON document given as text (an upload);
    ``name`` stands for the file in messages."""
    path = Path(name)
    stripped = text.lstrip("\ufeff").lstrip()
    if not stripped.startswith("{"):
        raise UnsupportedRecordError(f"{name}: not a JSON object")
    return parse_tenhou6(path, load_json(path, stripped))


def read_mjlog(path: str | Path) -> GameRecord:
    """Read a Tenhou mjlog XML record (plain or gzip-compressed)."""
    p = Path(path)
    return parse_mjlog(p, decode_text(p, read_bytes(p)))


def read_tenhou6(path: str | Path) -> GameRecord:
    """Read a tenhou.net/6 JSON record (Tenhou's converter, or Mahjong Soul in that layout)."""
    p = Path(path)
    return parse_tenhou6(p, load_json(p, decode_text(p, read_bytes(p))))


_SKIP_NAMES = frozenset({"FORMAT.md", "SOURCES.md", "MANIFEST.csv"})
_RECORD_SUFFIXES = frozenset({".mjlog", ".xml", ".json", ".txt", ".gz"})


def iter_records(root: str | Path) -> Iterator[tuple[Path, GameRecord | Exception]]:
    """Walk ``root`` (sorted) and read every record file.

    Yields ``(path, record)`` or ``(path, exception)`` when reading failed (including
    :class:`UnsupportedRecordError` for kobalab JSON). Files named FORMAT.md, SOURCES.md,
    MANIFEST.csv and files whose suffix is not .mjlog/.xml/.json/.txt/.gz are skipped; so are
    .txt files that are neither XML nor JSON.
    """
    for path in sorted(Path(root).rglob("*")):
        if not path.is_file() or path.name in _SKIP_NAMES:
            continue
        if path.suffix.lower() not in _RECORD_SUFFIXES:
            continue
        if path.suffix.lower() == ".txt":
            head = read_bytes(path)[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
            if not head.startswith((b"<", b"{")):
                continue
        try:
            yield path, read_record(path)
        except (ValueError, OSError) as exc:
            yield path, exc
