"""The server's QR codes (issue 37 item 8), read back as a scanner would: the format
information (level M and a mask, the same in both copies), the data modules unmasked in the
zigzag order, the blocks de-interleaved and each a Reed–Solomon codeword (all syndromes
zero), and the byte-mode segment decoded to the text that was drawn."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from jantaku.server import qr

# The reader's own tables, from ISO/IEC 18004 (level M, versions 1 to 10), not the writer's: a
# wrong entry on either side shows as a code that does not read back.
BLOCKS_M = {  # EC codewords per block, [(blocks, data codewords per block), ...]
    1: (10, [(1, 16)]),
    2: (16, [(1, 28)]),
    3: (26, [(1, 44)]),
    4: (18, [(2, 32)]),
    5: (24, [(2, 43)]),
    6: (16, [(4, 27)]),
    7: (18, [(4, 31)]),
    8: (22, [(2, 38), (2, 39)]),
    9: (22, [(3, 36), (2, 37)]),
    10: (26, [(4, 43), (1, 44)]),
}
ALIGN = {1: [], 2: [6, 18], 3: [6, 22], 4: [6, 26], 5: [6, 30], 6: [6, 34]}
ALIGN |= {7: [6, 22, 38], 8: [6, 24, 42], 9: [6, 26, 46], 10: [6, 28, 50]}
MASKS: tuple[Callable[[int, int], bool], ...] = (  # as the standard writes them: (row, column)
    lambda i, j: (i + j) % 2 == 0,
    lambda i, j: i % 2 == 0,
    lambda i, j: j % 3 == 0,
    lambda i, j: (i + j) % 3 == 0,
    lambda i, j: (i // 2 + j // 3) % 2 == 0,
    lambda i, j: i * j % 2 + i * j % 3 == 0,
    lambda i, j: (i * j % 2 + i * j % 3) % 2 == 0,
    lambda i, j: ((i + j) % 2 + i * j % 3) % 2 == 0,
)

GF_EXP: list[int] = []  # powers of α in GF(256) modulo x^8 + x^4 + x^3 + x^2 + 1
for _ in range(255):
    GF_EXP.append(1 if not GF_EXP else (GF_EXP[-1] << 1) ^ (0x11D if GF_EXP[-1] & 0x80 else 0))
GF_LOG = {v: i for i, v in enumerate(GF_EXP)}


def gf_mul(a: int, b: int) -> int:
    return 0 if a == 0 or b == 0 else GF_EXP[(GF_LOG[a] + GF_LOG[b]) % 255]


def gf_eval(poly: list[int], x: int) -> int:
    y = 0
    for c in poly:
        y = gf_mul(y, x) ^ c
    return y


def function_modules(version: int) -> set[tuple[int, int]]:
    """The (x, y) of every module that holds no data: timing patterns, finders with their
    separators, alignment patterns, both copies of the format information, the dark module
    and, from version 7, both copies of the version information."""
    n = 17 + 4 * version
    found = {(6, i) for i in range(n)} | {(i, 6) for i in range(n)}
    for cx, cy in ((3, 3), (n - 4, 3), (3, n - 4)):
        found |= {
            (cx + dx, cy + dy)
            for dx in range(-4, 5)
            for dy in range(-4, 5)
            if 0 <= cx + dx < n and 0 <= cy + dy < n
        }
    pos = ALIGN[version]
    for ax in pos:
        for ay in pos:
            if (ax, ay) in ((6, 6), (6, pos[-1]), (pos[-1], 6)):
                continue  # where a finder is
            found |= {(ax + dx, ay + dy) for dx in range(-2, 3) for dy in range(-2, 3)}
    found |= {(8, i) for i in range(9)} | {(i, 8) for i in range(9)}
    found |= {(n - 1 - i, 8) for i in range(8)} | {(8, n - 1 - i) for i in range(8)}
    if version >= 7:
        for i in range(18):
            found |= {(n - 11 + i % 3, i // 3), (i // 3, n - 11 + i % 3)}
    return found


def read(m: list[list[bool]]) -> str:
    n = len(m)
    version = (n - 17) // 4

    def bit(x: int, y: int) -> int:
        return int(m[y][x])

    first = [bit(8, i) for i in range(6)] + [bit(8, 7), bit(8, 8), bit(7, 8)]
    first += [bit(14 - i, 8) for i in range(9, 15)]
    second = [bit(n - 1 - i, 8) for i in range(8)] + [bit(8, n - 15 + i) for i in range(8, 15)]
    assert first == second, "the two copies of the format information differ"
    fmt = sum(b << i for i, b in enumerate(first))
    (mask,) = [k for k in range(8) if qr.format_bits(k) == fmt]  # level M, one mask
    assert bit(8, n - 8) == 1  # the dark module
    functions = function_modules(version)
    bits: list[int] = []
    right = n - 1
    while right >= 1:
        if right == 6:
            right = 5
        upward = ((right + 1) & 2) == 0
        rows = range(n - 1, -1, -1) if upward else range(n)
        for y in rows:
            for x in (right, right - 1):
                if (x, y) not in functions:
                    bits.append(bit(x, y) ^ int(MASKS[mask](y, x)))
        right -= 2
    words = [int("".join(map(str, bits[i : i + 8])), 2) for i in range(0, len(bits) - 7, 8)]
    ec_n, groups = BLOCKS_M[version]
    sizes = [size for count, size in groups for _ in range(count)]
    blocks: list[list[int]] = [[] for _ in sizes]
    at = 0
    for i in range(max(sizes)):
        for b, size in enumerate(sizes):
            if i < size:
                blocks[b].append(words[at])
                at += 1
    for _ in range(ec_n):
        for b in range(len(sizes)):
            blocks[b].append(words[at])
            at += 1
    for block in blocks:
        assert all(gf_eval(block, GF_EXP[i]) == 0 for i in range(ec_n)), "not an RS codeword"
    data = [w for block, size in zip(blocks, sizes, strict=True) for w in block[:size]]
    stream = "".join(f"{w:08b}" for w in data)
    assert stream[:4] == "0100"  # byte mode
    count_bits = 8 if version <= 9 else 16
    length = int(stream[4 : 4 + count_bits], 2)
    start = 4 + count_bits
    raw = bytes(int(stream[start + 8 * i : start + 8 * i + 8], 2) for i in range(length))
    return raw.decode("utf-8")


@pytest.mark.parametrize(
    "text",
    [
        "https://example.com/score#s=abcdef",
        "http://192.168.1.20:8000/score#s=Zx8_kq2LmN0p&e=Qw3rTy_uIoP4aSdF5gHjK6lZ",
        "点数記録 " + "x" * 120,  # version 7 and over: version information too
        "a" * qr.MAX_BYTES,
    ],
)
def test_a_qr_code_reads_back_as_its_text(text: str) -> None:
    m = qr.matrix(text)
    assert read(m) == text
    version = (len(m) - 17) // 4
    if version >= 7:
        bits = qr.version_bits(version)
        n = len(m)
        for i in range(18):
            assert m[i // 3][n - 11 + i % 3] == bool((bits >> i) & 1)


def test_too_long_a_text_is_refused() -> None:
    with pytest.raises(qr.QRError, match="at most 213 bytes"):
        qr.matrix("a" * (qr.MAX_BYTES + 1))


def test_the_qr_route_draws_a_link_and_refuses_anything_else(tmp_path: object) -> None:
    from fastapi.testclient import TestClient

    from jantaku.server.app import create_app

    c = TestClient(create_app(str(tmp_path) + "/s.sqlite3"))
    link = "http://testserver/score#s=abcdefgh"
    r = c.post("/api/qr", json={"text": link})
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert r.text == qr.svg(link) and "<path" in r.text
    assert c.post("/api/qr", json={"text": "javascript:alert(1)"}).status_code == 400
    assert c.post("/api/qr", json={"text": "http://x/" + "a" * 300}).status_code == 422
