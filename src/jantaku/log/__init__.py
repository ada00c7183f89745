"""Readers for recorded games (real Tenhou game records).

See :mod:`jantaku.log.tenhou` for the mjlog XML and tenhou.net/6 JSON readers.
"""
