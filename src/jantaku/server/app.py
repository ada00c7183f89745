"""The web table server. Until the table exists this serves a lobby placeholder."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.responses import HTMLResponse

from jantaku import __version__
from jantaku.rules import PRESET_NAMES, load_preset


def create_app(db: str = "jantaku.sqlite3") -> FastAPI:
    app = FastAPI(title="jantaku", version=__version__)

    @app.get("/", response_class=HTMLResponse)
    def lobby() -> str:
        rows = "".join(
            f"<li><b>{n}</b> — {load_preset(n).title} ({load_preset(n).title_ja})</li>"
            for n in PRESET_NAMES
        )
        return (
            "<!doctype html><meta charset=utf-8><title>jantaku</title>"
            "<h1>jantaku 雀卓</h1><p>The web table is being built. Presets:</p>"
            f"<ul>{rows}</ul>"
        )

    @app.get("/api/presets")
    def presets() -> list[dict[str, str]]:
        return [
            {"name": n, "title": load_preset(n).title, "title_ja": load_preset(n).title_ja}
            for n in PRESET_NAMES
        ]

    return app


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = "jantaku.sqlite3") -> None:
    import uvicorn

    uvicorn.run(create_app(db), host=host, port=port)
