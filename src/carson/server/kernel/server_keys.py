"""The server's own keys and secrets, made on first start and kept in the database (table
``server_keys``), so that every process of one server uses the same: web push's VAPID key
pair (``vapid``), the secret that signs unsubscribe links (``unsubscribe``), the one that
keys spectators' marks (``watchers``). Never logged nor served, save a public key."""

from __future__ import annotations

import secrets
from datetime import datetime

from sqlalchemy import DateTime, String, Text
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Mapped, mapped_column, sessionmaker

from carson.server.kernel.db import Base, now


class ServerKey(Base):
    """A key the server made itself on first start, by name (``vapid``: the private key in
    PEM and the public key as web push's base64url; the others: a secret)."""

    __tablename__ = "server_keys"
    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    secret: Mapped[str] = mapped_column(Text)
    public: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


def shared_secret(engine: Engine, name: str) -> str:
    """The secret named ``name``, made now if this is the first start (racing processes
    keep the one stored first)."""
    sessions = sessionmaker(engine)
    with sessions() as session:
        row = session.get(ServerKey, name)
        if row is not None:
            return row.secret
    made = {"name": name, "secret": secrets.token_urlsafe(32), "public": "", "created_at": now()}
    dialect = postgresql if engine.dialect.name == "postgresql" else sqlite
    with sessions.begin() as session:
        session.execute(dialect.insert(ServerKey).values(made).on_conflict_do_nothing())
    with sessions() as session:
        row = session.get(ServerKey, name)
        assert row is not None
        return row.secret
