"""The server's QR codes (issue 37 item 8), read back as a scanner would: the format
information (level M and a mask, the same in both copies), the data modules unmasked in the
zigzag order, the blocks de-interleaved and each a Reed–Solomon codeword (all syndromes
zero), and the byte-mode segment decoded to the text that was drawn."""

from __future__ import annotations

import pytest

from jantaku.server import qr


def _gf_eval(poly: list[int], x: int) -> int:
    y = 0
    for c in poly:
        y = qr._mul(y, x) ^ c
    return y


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
    grid = qr._Grid(version)
    grid.draw_functions()
    bits: list[int] = []
    right = n - 1
    while right >= 1:
        if right == 6:
            right = 5
        upward = ((right + 1) & 2) == 0
        rows = range(n - 1, -1, -1) if upward else range(n)
        for y in rows:
            for x in (right, right - 1):
                if not grid.function[y][x]:
                    bits.append(bit(x, y) ^ int(qr._MASKS[mask](x, y)))
        right -= 2
    words = [int("".join(map(str, bits[i : i + 8])), 2) for i in range(0, len(bits) - 7, 8)]
    ec_n, groups = qr._BLOCKS_M[version]
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
        assert all(_gf_eval(block, qr._EXP[i]) == 0 for i in range(ec_n)), "not an RS codeword"
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
