"""The web game: an authoritative Starlette server with WebSocket play and a browser client.

Layers: :mod:`.store` (SQLAlchemy persistence, Alembic migrations), :mod:`.tables` (the live
tables: engine rounds, bots, seats and tokens), :mod:`.app` (HTTP API, WebSocket protocol,
static client), :mod:`.command` (``binokel serve``).
"""
