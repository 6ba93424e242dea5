"""A game's adapters come out of the registry as the layer's protocol (issue 43): the layer
names its protocol, the registry checks what the game names against it."""

from __future__ import annotations

import dataclasses

import pytest

from carson.core.registry import game_kind
from carson.rl.encoder import Encoder
from carson.terminal.kit import GameKit
from carson.web.kernel.adapter import WebGame
from toy import toy_installed


def test_each_layer_gets_its_protocol_or_none() -> None:
    card = game_kind("card")
    assert isinstance(card.adapter("web", WebGame), WebGame)
    assert isinstance(card.adapter("terminal", GameKit), GameKit)
    assert isinstance(card.adapter("rl", Encoder), Encoder)
    with toy_installed():
        toy = game_kind("toy")
        assert toy.adapter("web", WebGame) is None  # the generic pages then
        assert isinstance(toy.adapter("rl", Encoder), Encoder)


def test_an_adapter_that_is_not_the_layers_protocol_is_refused_by_name() -> None:
    card = game_kind("card")
    wrong = dataclasses.replace(
        card, adapters={**card.adapters, "web": "carson.core.i18n:LANGUAGES"}
    )
    with pytest.raises(TypeError, match=r"adapters\['web'\] of the game 'card' is not a WebGame"):
        wrong.adapter("web", WebGame)
