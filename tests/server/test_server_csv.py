"""CSV exports neutralise the cells a spreadsheet would read as formulas: a player named
``=HYPERLINK(...)`` is text in the scorekeeper's export, while scores stay numbers."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from jantaku.server.csv_cells import FORMULA_STARTS
from support.server import client_for

NAMES = ['=HYPERLINK("x")', "+SUM(A1)", "-2+3", "@cmd"]
NUMBER = re.compile(r"^-?\d+(\.\d+)?$")


def test_the_scorekeepers_csv_has_no_formula_cells(tmp_path: Path) -> None:
    client = client_for(str(tmp_path / "csv.sqlite3"))
    made = client.post("/api/sessions", json={"preset": "riichi", "names": NAMES}).json()
    auth = {"Authorization": f"Bearer {made['editor']}"}
    hand = {"events": [{"type": "win", "winner": 1, "from": 0, "han": 3, "fu": 30}]}
    change = {"type": "add", "at": 0, "cid": "h1", "hand": hand}
    assert client.post(f"/api/sessions/{made['id']}/changes", headers=auth, json=change).is_success
    for lang in ("ja", "en"):
        r = client.get(f"/api/sessions/{made['id']}/export.csv?lang={lang}")
        assert r.status_code == 200, r.text
        rows = list(csv.reader(io.StringIO(r.text.lstrip("\ufeff"))))
        cells = [c for row in rows for c in row]
        formulas = [c for c in cells if c.startswith(FORMULA_STARTS) and not NUMBER.match(c)]
        assert formulas == []
        dealer = rows[1][5]
        assert dealer == "'" + NAMES[0]  # shown as the name it is, not run
        assert any(NUMBER.match(c) and c.startswith("-") for c in rows[1])  # a loss: a number
