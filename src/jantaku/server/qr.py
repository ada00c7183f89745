"""QR codes for the 点数記録 links, drawn on the server as SVG from the standard (ISO/IEC
18004): byte mode, error correction level M, versions 1 to 10 (up to 213 bytes: a share link
is well under 100). No dependency: the project's list has no QR library, and the page must
not fetch one from a CDN.

The steps are the standard's: the bit stream (mode, count, data, terminator, pad bytes), the
Reed–Solomon error correction of each block over GF(256) (polynomial 0x11D), the blocks
interleaved, the function patterns (finders, separators, timing, alignment, the dark module,
version information from version 7), the codewords placed in the two-column zigzag, and the
one of the eight masks with the lowest penalty, with its format information.

>>> m = matrix("https://example.com/score#s=abc")
>>> len(m), m[0][:7], m[6][:7]
(29, [True, True, True, True, True, True, True], [True, True, True, True, True, True, True])
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Final

# Level M: (EC codewords per block, [(blocks, data codewords per block), ...]) by version.
_BLOCKS_M: Final = {
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
_ALIGN: Final = {
    1: [],
    2: [6, 18],
    3: [6, 22],
    4: [6, 26],
    5: [6, 30],
    6: [6, 34],
    7: [6, 22, 38],
    8: [6, 24, 42],
    9: [6, 26, 46],
    10: [6, 28, 50],
}
_REMAINDER_BITS: Final = {1: 0, 2: 7, 3: 7, 4: 7, 5: 7, 6: 7, 7: 0, 8: 0, 9: 0, 10: 0}
_FORMAT_M: Final = 0b00  # level M's two format bits
MAX_BYTES: Final = 213


class QRError(ValueError):
    """Text too long for these versions."""


# -- GF(256) and Reed–Solomon ----------------------------------------------------------------

_EXP = [0] * 512
_LOG = [0] * 256
_x = 1
for _i in range(255):
    _EXP[_i] = _x
    _LOG[_x] = _i
    _x <<= 1
    if _x & 0x100:
        _x ^= 0x11D
for _i in range(255, 512):
    _EXP[_i] = _EXP[_i - 255]


def _mul(a: int, b: int) -> int:
    return 0 if a == 0 or b == 0 else _EXP[_LOG[a] + _LOG[b]]


def _generator(n: int) -> list[int]:
    """(x - α^0)(x - α^1)...(x - α^(n-1)), highest power first."""
    g = [1]
    for i in range(n):
        out = [0] * (len(g) + 1)
        for j, c in enumerate(g):
            out[j] ^= c
            out[j + 1] ^= _mul(c, _EXP[i])
        g = out
    return g


def rs_ecc(data: list[int], n: int) -> list[int]:
    """The ``n`` error correction codewords of ``data`` (the remainder of data·x^n by the
    generator).

    >>> rs_ecc([32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17], 10)
    [196, 35, 39, 119, 235, 215, 231, 226, 93, 23]
    """
    gen = _generator(n)
    rem = list(data) + [0] * n
    for i in range(len(data)):
        c = rem[i]
        if c:
            for j in range(1, len(gen)):
                rem[i + j] ^= _mul(gen[j], c)
    return rem[len(data) :]


# -- the codewords ------------------------------------------------------------------------------


def _capacity(version: int) -> int:
    _, groups = _BLOCKS_M[version]
    return sum(b * d for b, d in groups)


def codewords(text: str) -> tuple[int, list[int]]:
    """(version, the final codeword sequence) of ``text`` in byte mode at level M."""
    data = text.encode("utf-8")
    for version in _BLOCKS_M:
        count_bits = 8 if version <= 9 else 16
        if 4 + count_bits + 8 * len(data) <= 8 * _capacity(version):
            break
    else:
        raise QRError(f"text: at most {MAX_BYTES} bytes for a QR code here")
    bits: list[int] = []

    def put(value: int, n: int) -> None:
        bits.extend((value >> (n - 1 - i)) & 1 for i in range(n))

    put(0b0100, 4)
    put(len(data), count_bits)
    for b in data:
        put(b, 8)
    cap = 8 * _capacity(version)
    put(0, min(4, cap - len(bits)))
    while len(bits) % 8:
        bits.append(0)
    stream = [int("".join(map(str, bits[i : i + 8])), 2) for i in range(0, len(bits), 8)]
    pad = [0xEC, 0x11]
    while len(stream) < cap // 8:
        stream.append(pad[(len(stream) - len(bits) // 8) % 2])
    ec_n, groups = _BLOCKS_M[version]
    blocks: list[list[int]] = []
    at = 0
    for count, size in groups:
        for _ in range(count):
            blocks.append(stream[at : at + size])
            at += size
    eccs = [rs_ecc(b, ec_n) for b in blocks]
    out: list[int] = []
    for i in range(max(len(b) for b in blocks)):
        out.extend(b[i] for b in blocks if i < len(b))
    for i in range(ec_n):
        out.extend(e[i] for e in eccs)
    return version, out


# -- the matrix ---------------------------------------------------------------------------------


def format_bits(mask: int) -> int:
    """The 15 format bits of level M with ``mask`` (BCH(15,5), masked with 0x5412).

    >>> f"{format_bits(0):015b}"
    '101010000010010'
    """
    data = (_FORMAT_M << 3) | mask
    rem = data
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    return ((data << 10) | rem) ^ 0x5412


def version_bits(version: int) -> int:
    """The 18 version information bits (BCH(18,6), generator 0x1F25).

    >>> f"{version_bits(7):018b}"
    '000111110010010100'
    """
    rem = version
    for _ in range(12):
        rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
    return (version << 12) | rem


_MASKS: Final[tuple[Callable[[int, int], bool], ...]] = (
    lambda x, y: (x + y) % 2 == 0,
    lambda x, y: y % 2 == 0,
    lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0,
    lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
)


class _Grid:
    def __init__(self, version: int) -> None:
        self.version = version
        self.size = 17 + 4 * version
        n = self.size
        self.dark = [[False] * n for _ in range(n)]
        self.function = [[False] * n for _ in range(n)]

    def set(self, x: int, y: int, dark: bool) -> None:
        self.dark[y][x] = dark
        self.function[y][x] = True

    def draw_functions(self) -> None:
        n = self.size
        for i in range(n):  # timing patterns
            self.set(6, i, i % 2 == 0)
            self.set(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (n - 4, 3), (3, n - 4)):  # finders with their separators
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    x, y = cx + dx, cy + dy
                    if 0 <= x < n and 0 <= y < n:
                        d = max(abs(dx), abs(dy))
                        self.set(x, y, d not in (2, 4))
        pos = _ALIGN[self.version]
        for i, ax in enumerate(pos):
            for j, ay in enumerate(pos):
                corner = (i == 0 and j == 0) or (i == 0 and j == len(pos) - 1)
                if corner or (i == len(pos) - 1 and j == 0):
                    continue
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        self.set(ax + dx, ay + dy, max(abs(dx), abs(dy)) != 1)
        self.draw_format(0)  # reserved now, written once the mask is chosen
        if self.version >= 7:
            bits = version_bits(self.version)
            for i in range(18):
                bit = (bits >> i) & 1 == 1
                a, b = n - 11 + i % 3, i // 3
                self.set(a, b, bit)
                self.set(b, a, bit)

    def draw_format(self, mask: int) -> None:
        n = self.size
        bits = format_bits(mask)

        def bit(i: int) -> bool:
            return (bits >> i) & 1 == 1

        for i in range(6):
            self.set(8, i, bit(i))
        self.set(8, 7, bit(6))
        self.set(8, 8, bit(7))
        self.set(7, 8, bit(8))
        for i in range(9, 15):
            self.set(14 - i, 8, bit(i))
        for i in range(8):
            self.set(n - 1 - i, 8, bit(i))
        for i in range(8, 15):
            self.set(8, n - 15 + i, bit(i))
        self.set(8, n - 8, True)  # the dark module

    def draw_codewords(self, data: list[int]) -> None:
        n = self.size
        i = 0
        total = len(data) * 8
        right = n - 1
        while right >= 1:
            if right == 6:
                right = 5
            for vert in range(n):
                for j in range(2):
                    x = right - j
                    upward = ((right + 1) & 2) == 0
                    y = n - 1 - vert if upward else vert
                    if not self.function[y][x]:
                        # Past the codewords: the remainder bits, light.
                        self.dark[y][x] = i < total and (data[i >> 3] >> (7 - (i & 7))) & 1 == 1
                        i += 1
            right -= 2

    def apply_mask(self, mask: int) -> None:
        test = _MASKS[mask]
        for y in range(self.size):
            for x in range(self.size):
                if not self.function[y][x] and test(x, y):
                    self.dark[y][x] = not self.dark[y][x]

    def penalty(self) -> int:
        n = self.size
        m = self.dark
        score = 0
        lines = [list(row) for row in m] + [[m[y][x] for y in range(n)] for x in range(n)]
        for line in lines:
            run = 1
            for a, b in itertools.pairwise(line):
                if a == b:
                    run += 1
                else:
                    score += 3 + run - 5 if run >= 5 else 0
                    run = 1
            score += 3 + run - 5 if run >= 5 else 0
            text = "".join("1" if v else "0" for v in line)
            score += 40 * (text.count("00001011101") + text.count("10111010000"))
        for y in range(n - 1):
            for x in range(n - 1):
                if m[y][x] == m[y][x + 1] == m[y + 1][x] == m[y + 1][x + 1]:
                    score += 3
        dark = sum(sum(row) for row in m)
        score += 10 * (abs(dark * 20 - n * n * 10) // (n * n))
        return score


def matrix(text: str) -> list[list[bool]]:
    """The QR code of ``text``: rows of modules, True for dark (no quiet zone)."""
    version, data = codewords(text)
    best: tuple[int, list[list[bool]]] | None = None
    for mask in range(8):
        g = _Grid(version)
        g.draw_functions()
        g.draw_codewords(data)
        g.apply_mask(mask)
        g.draw_format(mask)
        p = g.penalty()
        if best is None or p < best[0]:
            best = (p, g.dark)
    assert best is not None
    return best[1]


def svg(text: str, module: int = 4) -> str:
    """The QR code of ``text`` as an SVG image with a quiet zone of four modules."""
    m = matrix(text)
    n = len(m) + 8
    path = "".join(
        f"M{x + 4},{y + 4}h1v1h-1z" for y, row in enumerate(m) for x, dark in enumerate(row) if dark
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {n} {n}" '
        f'width="{n * module}" height="{n * module}" shape-rendering="crispEdges">'
        f'<rect width="{n}" height="{n}" fill="#fff"/><path d="{path}" fill="#000"/></svg>'
    )
