"""Before an online game (``carson play --server``): signing in, then creating or joining
the game.

Signing in uses the token kept for the server and user (:mod:`carson.terminal.credentials`)
while the server still takes it; else the password is asked (never echoed) and a new
token kept. A username the server does not know with that password may become a new
account, once the player says so and types the password twice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console

from carson.terminal.api_client import ApiClient, ApiError, game_id_of
from carson.terminal.asker import Asker, QuitGame, ask_yes_no
from carson.terminal.credentials import TokenStore
from carson.terminal.online import refusal
from carson.terminal.texts import Texts

#: Passwords asked at most this many times before giving up.
PASSWORD_TRIES = 3
#: What a session's token is refused with: log in again.
TOKEN_REFUSED = ("invalid_token", "unauthorized")
#: The server's refusals of a new account, said before the password is asked again (a
#: password too short or too long, a name taken or not of the allowed form).
ACCOUNT_REFUSED = ("username_taken", "invalid_account", "bad_password", "validation_error")


class SignInFailed(Exception):
    """The player could not sign in (said to him already)."""


@dataclass
class SignIn:
    """Signing in to one server at the terminal."""

    client: ApiClient
    store: TokenStore
    texts: Texts
    console: Console
    ask: Callable[[str], str]
    #: Asks without echoing what is typed (the password).
    ask_secret: Callable[[str], str]
    asker: Asker = field(init=False)

    def __post_init__(self) -> None:
        self.asker = Asker(self.ask, self.console, self.texts, ("online", "help"))

    def __call__(self, username: str | None) -> str:
        """Signs the client in; its username. :class:`SignInFailed` after too many wrong
        passwords, :class:`QuitGame` if the player leaves."""
        server = self.client.base
        username = username or self.store.last_user(server) or self._username()
        token = self.store.token(server, username)
        if token is not None and self._still_valid(username, token):
            return username
        self.client.token = None
        for _ in range(PASSWORD_TRIES):
            password = self.ask_secret(self.texts("online", "password", user=username) + ": ")
            try:
                token = self.client.login(username, password)
            except ApiError as error:
                if error.code != "wrong_credentials":
                    raise
                token = self._offer_account(username, password, error)
                if token is None:
                    continue
            self.store.save(server, username, token)
            self._say("logged_in", user=username)
            return username
        raise SignInFailed

    def _username(self) -> str:
        while True:
            name = self.asker(self.texts("online", "username", server=self.client.base)).strip()
            if name:
                return name

    def _still_valid(self, username: str, token: str) -> bool:
        """Whether the server still takes the kept token (a refused one is forgotten)."""
        self.client.token = token
        try:
            self.client.me()
        except ApiError as error:
            if error.code not in TOKEN_REFUSED:
                raise
            self.store.forget(self.client.base, username)
            return False
        return True

    def _offer_account(self, username: str, password: str, refused: ApiError) -> str | None:
        """A new account if the player wants one (its token), else ``None``. The offer says
        why first ("No account … with this password"): the server's ``refused`` (wrong
        credentials) is shown only to a player who declines it (a mistyped password)."""
        question = self.texts("online", "register_offer", user=username, server=self.client.base)
        if not ask_yes_no(self.asker, question):
            self._error(refused, username)
            return None
        again = self.ask_secret(self.texts("online", "password_again") + ": ")
        if again != password:
            self._say("password_mismatch", style="bold red")
            return None
        try:
            return self.client.register(username, password)
        except ApiError as error:
            if error.code not in ACCOUNT_REFUSED:
                raise
            if error.code == "validation_error":  # the name's or the password's form
                form = "password" if "password" in error.detail else "username"
                self._say(f"err_{form}_form", style="bold red")  # not the server's field name
                return None
            self._error(error, username)
            return None

    def _error(self, error: ApiError, username: str) -> None:
        text = refusal(self.texts, error, user=username, server=self.client.base, id="")
        self.console.print(text, style="bold red", markup=False)

    def _say(self, key: str, style: str = "bold", **values: Any) -> None:
        text = self.texts("online", key, server=self.client.base, **values)
        self.console.print(text, style=style, markup=False)


@dataclass(frozen=True)
class NewOnlineGame:
    """What the player asks for when he creates a game on the server."""

    game: str
    seats: list[str]
    variants: list[str]
    lang: str
    seed: int | None = None
    #: Listed in the lobby for anyone to join.
    public: bool = False


def open_game(
    client: ApiClient, join: str | None, new: NewOnlineGame | None, texts: Texts, console: Console
) -> str:
    """The id of the game to play: the one ``join`` names (an id or an invitation link;
    taking a seat in it unless the player holds one), or a new one as ``new`` says."""
    if join is not None:
        game_id = game_id_of(join)
        if client.seat_of(game_id) is None:  # no seat yet: take one
            client.join(game_id)
        return game_id
    assert new is not None
    table = {"public": True} if new.public else None
    view = client.create_game(new.game, new.seats, new.variants, new.lang, new.seed, table)
    game_id = str(view["id"])
    link = f"{client.base}/games/{game_id}"
    console.print(texts("online", "created", id=game_id, link=link, server=client.base),
                  style="bold", markup=False)  # fmt: skip
    if new.public:
        console.print(texts("online", "listed", server=client.base), markup=False)
    return game_id


__all__ = ["NewOnlineGame", "QuitGame", "SignIn", "SignInFailed", "open_game"]
