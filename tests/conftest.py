"""Fixtures offered to every test: they live in tests/support/ beside the helpers, and are
imported here, which is how pytest finds a fixture defined in another module."""

from support.browser import browser, own_server, server
from support.db import db

__all__ = ["browser", "db", "own_server", "server"]
