"""The ``db`` fixture: a path for a fresh SQLite database in the test's own temporary folder,
for the server and the score sessions to create (tests/conftest.py offers it to every test)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def db(tmp_path: Path) -> str:
    """A database file that does not exist yet; the code under test creates it."""
    return str(tmp_path / "jantaku.sqlite3")
