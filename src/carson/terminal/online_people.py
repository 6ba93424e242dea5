"""Friends, blocks and invitations at the terminal (``carson play --server``'s menu, issue
48): one's friends with who is online and their games in progress (one watched), befriending
and unfriending, blocking and unblocking by name; inviting someone by name to one's table,
and the invitations received, one accepted (its seat taken, its game played here).

Every area lists what it is about, then a numbered choice of what to do; Enter goes back to
the menu. A refusal of the server (a block, a rate limit, no such account) is said in the
player's words (:func:`people_refusal`) and the area shown again.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TypeVar

from rich.console import Console

from carson.core.registry import HUMAN, game_kind, title_of
from carson.terminal.api_client import ApiError, JsonDict
from carson.terminal.asker import Asker, ask_number, ask_yes_no
from carson.terminal.online import refusal
from carson.terminal.people_api import PeopleApi
from carson.terminal.texts import Texts

T = TypeVar("T")

#: Refusals said in words and the area shown again (the others end the session).
SAID = (
    "not_found", "blocked", "follow_self", "block_self", "invite_self", "message_self",
    "too_many_follows", "too_many_blocks", "rate_limited", "guest", "not_seated",
    "already_seated", "no_free_seat", "table_closed", "rating_out_of_range", "forbidden",
    "empty_message", "message_too_long", "silenced", "validation_error", "started",
    "already_joined", "full", "not_playing", "on_vacation", "vacation_allowance",
    "vacation_start", "vacation_days", "no_vacation", "guest_limit", "conflict", "not_arena",
    "arena_over",
)  # fmt: skip


def people_refusal(texts: Texts, error: ApiError, **values: object) -> str:
    """The server's refusal in the player's words: the people's own (``people.err_…``),
    else the online game's (``online.err_…``)."""
    key = f"err_{error.code}"
    filled: dict[str, object] = {"id": "", "server": "", "user": "", **values}
    if not filled["user"]:  # no one named: the words that name nobody, if any
        if texts.has("people", f"{key}_nameless"):
            key = f"{key}_nameless"
        elif texts.has("people", key) and "{user}" in texts.template("people", key):
            key = ""
    if key and texts.has("people", key):
        return texts("people", key, detail=error.detail, **filled)
    return refusal(texts, error, **filled)


def local_date(stamp: str) -> str:
    """A server's time (ISO 8601) as the terminal's local date and time, to the minute."""
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


class Area:
    """One area of the people's menu, for one signed-in player."""

    def __init__(self, api: PeopleApi, asker: Asker, game: str, lang: str) -> None:
        self.api, self.asker, self.game, self.lang = api, asker, game, lang
        self.texts: Texts = asker.texts
        self.console: Console = asker.console

    def say(self, key: str, style: str = "bold", **values: object) -> None:
        text = self.texts("people", key, server=self.api.base, **values)
        self.console.print(text, style=style, markup=False)

    def line(self, text: str) -> None:
        self.console.print(text, markup=False)

    def action(self, keys: list[str]) -> int | None:
        """The number of the action the player picks among ``keys`` (shown numbered);
        ``None`` for Enter (back to the menu)."""
        for number, key in enumerate(keys, start=1):
            self.line(f"  {number}: {self.texts('people', key)}")
        return self.number(self.texts("people", "choose_action", count=len(keys)), len(keys))

    def number(self, question: str, count: int) -> int | None:
        """A number from 1 to ``count``, or ``None`` for Enter."""
        while True:
            answer = self.asker(question).strip()
            if not answer:
                return None
            if answer.isdigit() and 1 <= int(answer) <= count:
                return int(answer)
            self.asker.error(self.texts("ui", "err_choice", choices=f"1–{count}"))

    def name(self, key: str) -> str | None:
        """An account's name typed for ``key``'s question; ``None`` for Enter."""
        answer = self.asker(self.texts("people", key)).strip()
        return answer or None

    def attempt(self, call: Callable[[], T], **values: object) -> T | None:
        """What ``call`` answers; ``None`` for a refusal of :data:`SAID`, told in words."""
        try:
            return call()
        except ApiError as error:
            if error.code not in SAID:
                raise
            self.asker.error(people_refusal(self.texts, error, server=self.api.base, **values))
            return None


class Friends(Area):
    """One's friends and blocks; a friend's game watched."""

    def run(self, watch: Callable[[str], None]) -> None:
        while True:
            friends = self.api.friends()
            self._show(friends, self.api.blocks())
            games = [(str(f["username"]), str(g)) for f in friends for g in f["playing"]]
            keys = ["friends_add", "friends_remove", "friends_block", "friends_unblock"]
            chosen = self.action([*keys, "friends_watch"] if games else keys)
            if chosen is None:
                return
            if chosen == 5:
                picked = self._game(games)
                if picked is not None:
                    watch(picked)
                continue
            self._change(keys[chosen - 1])

    def _show(self, friends: list[JsonDict], blocked: list[str]) -> None:
        if not friends:
            self.say("friends_none")
        else:
            self.say("friends_title")
        for friend in friends:
            state = self.texts("people", "online" if friend["online"] else "offline")
            playing = [str(game) for game in friend["playing"]]
            games = (
                self.texts("people", "friend_games", games=", ".join(playing)) if playing else ""
            )
            self.line(self.texts("people", "friend", user=friend["username"], state=state,
                                 games=games).rstrip())  # fmt: skip
        if blocked:
            self.say("blocked", style="", users=", ".join(blocked))

    def _game(self, games: list[tuple[str, str]]) -> str | None:
        for number, (user, game_id) in enumerate(games, start=1):
            self.line(self.texts("people", "watch_line", number=number, user=user, id=game_id))
        picked = self.number(self.texts("people", "watch_choose", count=len(games)), len(games))
        return None if picked is None else games[picked - 1][1]

    def _change(self, key: str) -> None:
        calls = {
            "friends_add": self.api.follow,
            "friends_remove": self.api.unfollow,
            "friends_block": self.api.block,
            "friends_unblock": self.api.unblock,
        }
        name = self.name(f"{key}_who")
        if name is None:
            return
        done = self.attempt(lambda: calls[key](name), user=name)
        if done is not None:
            self.say(f"{key}_done", user=done)


class Invitations(Area):
    """Invitations by name: one's own to a table, those received (one accepted)."""

    def run(self) -> str | None:
        """The id of the game whose seat the player took (to play it), or ``None``."""
        while True:
            received = self._received()
            self._show(received)
            keys = ["invite_someone", "invite_accept"] if received else ["invite_someone"]
            chosen = self.action(keys)
            if chosen is None:
                return None
            found = self._invite() if chosen == 1 else self._accept(received)
            if found is not None:
                return found

    def _received(self) -> list[JsonDict]:
        """The invitations to tables that still wait, where the player holds no seat."""
        found, seen = [], set()
        for invitation in self.api.invitations():
            game_id = str(invitation["game"])
            if game_id in seen:
                continue
            seen.add(game_id)
            try:
                table = self.api.table(game_id)
            except ApiError as error:
                if error.code not in ("not_found", "forbidden"):
                    raise
                continue
            if table["status"] == "waiting" and table.get("seat") is None:
                found.append({**invitation, "title": title_of(str(table["game"]), self.lang)})
        return found

    def _show(self, received: list[JsonDict]) -> None:
        if not received:
            self.say("invitations_none")
            return
        self.say("invitations_title")
        for number, item in enumerate(received, start=1):
            self.line(self.texts("people", "invitation", number=number, user=item["by"],
                                 game=item["title"], id=item["game"]))  # fmt: skip

    def _accept(self, received: list[JsonDict]) -> str | None:
        question = self.texts("people", "invitation_choose", count=len(received))
        picked = self.number(question, len(received))
        if picked is None:
            return None
        game_id = str(received[picked - 1]["game"])
        if self.attempt(lambda: self.api.client.join(game_id), id=game_id) is None:
            return None
        self.say("invitation_taken", id=game_id)
        return game_id

    def _invite(self) -> str | None:
        """Someone invited to one of the player's tables waiting for players (a new one,
        if he says so, when he has none); the table's id if he sits down at it now."""
        table = self._table()
        if table is None:
            return None
        name = self.name("invite_who")
        if name is None:
            return None
        done = self.attempt(lambda: self.api.invite(table, name), user=name, id=table)
        if done is None:
            return None
        self.say("invite_done", user=done, id=table)
        return table if ask_yes_no(self.asker, self.texts("people", "invite_sit")) else None

    def _table(self) -> str | None:
        waiting = [g for g in self.api.client.games() if g.get("status") == "waiting"]
        if not waiting:
            self.say("invite_no_table", style="", game=title_of(self.game, self.lang))
            if not ask_yes_no(self.asker, self.texts("people", "invite_new_table")):
                return None
            return self._new_table()
        self.say("invite_tables")
        for number, game in enumerate(waiting, start=1):
            self.line(self.texts("people", "invite_table", number=number, id=game["id"],
                                 game=title_of(str(game["game"]), self.lang)))  # fmt: skip
        picked = self.number(self.texts("people", "invite_table_choose", count=len(waiting)),
                             len(waiting))  # fmt: skip
        return None if picked is None else str(waiting[picked - 1]["id"])

    def _new_table(self) -> str:
        """A new table of the menu's game, all its seats for people, the player's first."""
        kind = game_kind(self.game)
        counts = list(range(max(2, kind.min_seats), kind.max_seats + 1))
        question = self.texts("online", "quick_seats", low=counts[0], high=counts[-1])
        seats = ask_number(self.asker, question, counts)
        view = self.api.client.create_game(self.game, [HUMAN] * seats, [], self.lang, None)
        self.say("invite_table_new", id=view["id"])
        return str(view["id"])
