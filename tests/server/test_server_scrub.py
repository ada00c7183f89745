"""No token reaches the server's logs, whichever query string carries it: a seat's ``token``,
the scorekeeper editor link's ``e``, in the access log as in the server's own lines."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from jantaku.server.app import create_app

SECRET = "Zq8vSECRETtoken0123456789"


@pytest.mark.parametrize(
    ("logger", "path"),
    [
        ("uvicorn.access", f"/score?s=abcdef&e={SECRET}"),
        ("uvicorn.access", f"/table.html?table=3&token={SECRET}"),
        ("uvicorn.access", f"/score?e={SECRET}&s=abcdef"),
        ("jantaku.server.score", f"/score#s=abcdef&e={SECRET}"),
        ("jantaku.server", f'{{"type": "join", "token": "{SECRET}"}}'),
    ],
)
def test_a_token_in_any_query_string_is_scrubbed_from_the_logs(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, logger: str, path: str
) -> None:
    create_app(str(tmp_path / "scrub.sqlite3"))  # puts the scrubbers on the server's loggers
    with caplog.at_level(logging.INFO, logger=logger):
        # As uvicorn writes its access line: the path and query are an argument.
        logging.getLogger(logger).info(
            '%s - "%s %s HTTP/%s" %d', "1.2.3.4", "GET", path, "1.1", 200
        )
    text = caplog.text
    assert "GET" in text and "[hidden]" in text
    assert SECRET not in text
