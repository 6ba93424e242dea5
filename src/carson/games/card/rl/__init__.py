"""The card game's part of the learning interfaces: its encoder (``ENCODER``, named by the
plug-in as ``adapters["rl"]``) and its OpenSpiel game (:mod:`.openspiel`, which needs
``pyspiel``)."""

from __future__ import annotations

import carson.rl  # noqa: F401  first: without the rl extra, the one line that names it
from carson.games.card.rl.encoder import ENCODER, CardEncoder

__all__ = ["ENCODER", "CardEncoder"]
