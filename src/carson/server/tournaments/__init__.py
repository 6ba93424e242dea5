"""Tournaments of free-for-all games (issue 48): a creator sets the game, its variants, the
seats per table, the time control, the number of rounds and the start; people join until
then. Each round the server seats the players by score, Swiss-style
(:mod:`carson.core.swiss`), and starts their games with clocks; a finished game gives each
person a point for every seat they finished ahead of; when a round's games are all over, the
next round starts (a durable job, once, whichever process runs it); after the last, the
standings are final. A no-show's clock runs out and a machine plays their seat; a withdrawn
player resigns their game in progress and is seated no more. The second mode, an arena
(:mod:`.arena`): people join any time during a window and are seated as soon as enough of
them are free, until the window closes.
"""
