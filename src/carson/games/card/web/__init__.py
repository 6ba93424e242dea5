"""The card game in the browser: its table, replay, rules part and scoring assistant."""

#: The catalog of this game's sentences on its pages (``locale/<lang>/LC_MESSAGES/web.po`` of
#: the game's package), read before the platform's.
MESSAGES = ("carson.games.card", "web")
