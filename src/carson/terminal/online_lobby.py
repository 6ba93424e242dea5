"""Taking a table from a server's lobby at the terminal (``carson play --server --lobby``):
the public tables waiting for players (``GET /api/lobby``), one picked by its number and
joined (``POST /api/games/{id}/join``). A join the server refuses (the table's rating
range, a table that closed or filled meanwhile) is said in words and the list shown again.
"""

from __future__ import annotations

from rich.console import Console

from carson.core.registry import title_of
from carson.terminal.api_client import ApiClient, ApiError, JsonDict
from carson.terminal.asker import Asker, ask_number
from carson.terminal.online import refusal
from carson.terminal.texts import Texts

#: Refusals of a join after which another table may be chosen.
TRY_ANOTHER = ("rating_out_of_range", "table_closed", "no_free_seat", "not_found")
#: The answers that look at the lobby again.
REFRESH = ("", "r")


def table_line(table: JsonDict, texts: Texts) -> str:
    """One table of the lobby: its game, host, seats and settings."""
    control = table.get("time_control") or texts("online", "lobby_no_clock")
    rated = texts("online", "lobby_rated" if table["rated"] else "lobby_unrated")
    low, high = table.get("rating_min"), table.get("rating_max")
    line = texts(
        "online", "lobby_table", game=title_of(str(table["game"]), texts.lang), host=table["host"],
        seats=len(table["seats"]), free=table["free"], control=control, rated=rated,
    )  # fmt: skip
    if low is not None or high is not None:
        low_text, high_text = ("…" if low is None else low), ("…" if high is None else high)
        line += " · " + texts("online", "lobby_range", low=low_text, high=high_text)
    return line


class Lobby:
    """The lobby of one server, for one signed-in player."""

    def __init__(
        self, client: ApiClient, asker: Asker, console: Console, game: str | None = None,
        control: str | None = None,
    ) -> None:  # fmt: skip
        self.client, self.asker, self.console = client, asker, console
        self.texts: Texts = asker.texts
        self.game, self.control = game, control

    def choose(self) -> str:
        """The id of the table the player picked and joined."""
        while True:
            tables = self.client.lobby(self.game, self.control)
            self._show(tables)
            picked = self._pick(tables)
            if picked is None:
                continue
            try:
                self.client.join(str(picked["id"]))
            except ApiError as error:
                if error.code not in TRY_ANOTHER:
                    raise
                self.asker.error(refusal(self.texts, error, server=self.client.base,
                                         id=picked["id"]))  # fmt: skip
                continue
            self._say("lobby_joined", host=picked["host"], id=picked["id"])
            return str(picked["id"])

    def _show(self, tables: list[JsonDict]) -> None:
        if not tables:
            self._say("lobby_empty")
            return
        self._say("lobby_title")
        for number, table in enumerate(tables, start=1):
            self.console.print(f"{number:>3}: {table_line(table, self.texts)}", markup=False)

    def _pick(self, tables: list[JsonDict]) -> JsonDict | None:
        """The table whose number the player types; ``None`` to look again."""
        if not tables:
            self.asker(self.texts("online", "lobby_again"))
            return None
        question = self.texts("online", "lobby_choose", count=len(tables))
        while True:
            answer = self.asker(question)
            if answer.strip().lower() in REFRESH:
                return None
            try:
                number = int(answer)
            except ValueError:
                number = 0
            if 1 <= number <= len(tables):
                return tables[number - 1]
            self.asker.error(self.texts("ui", "err_choice",
                                        choices=f"1–{len(tables)}"))  # fmt: skip

    def _say(self, key: str, **values: object) -> None:
        text = self.texts("online", key, server=self.client.base, **values)
        self.console.print(text, style="bold", markup=False)


#: The start menu's choices, in the order it lists them.
MENU = ("new", "lobby", "quick")


def start_menu(asker: Asker, server: str, game: str) -> str:
    """What the player wants when he named nothing: ``"new"``, ``"lobby"`` or ``"quick"``."""
    texts = asker.texts
    asker.console.print(texts("online", "menu", server=server, game=title_of(game, texts.lang)),
                        markup=False)  # fmt: skip
    return MENU[ask_number(asker, texts("online", "menu_choose"), [1, 2, 3]) - 1]


def your_games(client: ApiClient, asker: Asker) -> str | None:
    """The player's games in progress on the server, offered first: the id of the one he
    goes back to, or ``None`` (Enter: something new; none in progress: not asked)."""
    texts = asker.texts
    going = [game for game in client.games() if game.get("status") in ("playing", "waiting")]
    if not going:
        return None
    lines = [texts("online", "your_games", server=client.base)]
    for number, game in enumerate(going, 1):
        state = "your_game_turn" if game.get("your_turn") else f"your_game_{game['status']}"
        lines.append(texts("online", "your_game", number=number, id=game["id"],
                           game=title_of(str(game["game"]), texts.lang), seq=game["seq"],
                           state=texts("online", state)))  # fmt: skip
    asker.console.print("\n".join(lines), markup=False)
    while True:
        answer = asker(texts("online", "your_games_choose"))
        if not answer:
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(going):
            return str(going[int(answer) - 1]["id"])
        asker.error(texts("ui", "err_choice", choices=f"1–{len(going)}"))
