"""The web table: FastAPI server, SQLite persistence, static front end."""
