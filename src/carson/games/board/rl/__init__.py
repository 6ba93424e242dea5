"""The board game's part of the learning interfaces: its encoder (``ENCODER``, named by the
plug-in as ``adapters["rl"]``) and its OpenSpiel game (:mod:`.openspiel`, which needs
``pyspiel``)."""

from __future__ import annotations

from carson.games.board.rl.encoder import ENCODER, BoardEncoder

__all__ = ["ENCODER", "BoardEncoder"]
