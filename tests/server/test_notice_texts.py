"""A notification names its game in its person's language: the game's own title there."""

from __future__ import annotations

from carson.server.notify.notices import YOUR_TURN, NoticeGame
from carson.server.notify.texts import game_text, notice_line


def test_the_game_is_named_by_its_title_in_the_persons_language() -> None:
    card = NoticeGame("card", ("alice",), 2)
    assert game_text("de", card) == "In deiner Partie Carson City: Das Kartenspiel mit alice."
    assert game_text("fr", NoticeGame("card", (), 3)) == (
        "Dans votre partie de Carson City : Le jeu de cartes contre les machines."
    )
    assert notice_line("en", YOUR_TURN, {}, card) == (
        "It is your turn. In your game of Carson City: The Card Game with alice."
    )


def test_a_game_not_installed_here_is_named_by_its_name() -> None:
    assert game_text("it", NoticeGame("gone", ("bo",), 0)) == "Nella tua partita a gone con bo."
