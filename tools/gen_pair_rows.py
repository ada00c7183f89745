"""Write ``src/jantaku/data/pair_rows.bin``: every merge of two single groups' vectors.

Run ``python tools/gen_pair_rows.py`` after ``tools/gen_tables.py`` changed the suit tables
(``tests/hand/test_hand_reference.py`` checks that the file matches them). The compiled kernels
of :mod:`jantaku.hand` read a hand's merged vectors from it instead of convolving them.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from jantaku.hand.tables import PAIR_FILE, pack_pair_tables, pair_tables

OUT = Path(__file__).resolve().parent.parent / "src" / "jantaku" / "data" / PAIR_FILE


def main() -> int:
    rows, pairs = pair_tables()
    OUT.write_bytes(pack_pair_tables(rows, pairs))
    print(f"wrote {OUT}: {len(rows)} rows, {len(pairs)} pairs", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
