"""Playing a game of a carson server from the terminal (``carson play --server``): the loop.

The server holds the game; the terminal only shows what the player's seat may see and
sends his choices. Each turn: the events since he last looked (``GET …/events?since=``),
his view (``GET /api/games/{id}``) and a numbered menu of the legal actions the server
lists, the choice sent with the view's ``seq`` (``POST …/actions``). Another move first
(409 ``stale_seq``) while the same question stands (a simultaneous step) sends the answer
again with the new seq; otherwise a refused move is said in the player's language and the
game shown again. Between turns the game's live stream (:mod:`carson.terminal.live_stream`) tells
each move's news as it comes and wakes the player; a server that refuses the stream (too
many open) is polled instead, as is a table still filling (to say who sits down). Once
the game is over, its record (which the server gives only then) is replayed here, so the
game's own kit shows the table and the score sheets as at the end of a local game.

Leaving (``quit``, Ctrl-C, Ctrl-D) sends nothing: the game goes on on the server, and the
player comes back with ``--join``. Nothing here names a game: the view, the events and the
actions are the server's JSON; the kit comes from the registry.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rich.console import Console

from carson.core.events import decode_event
from carson.core.game import JSON
from carson.core.record import GameRecord, RecordError
from carson.core.registry import GameSetupError
from carson.terminal.api_client import ApiClient, ApiError, JsonDict, game_view
from carson.terminal.asker import Asker, QuitGame, ask_number
from carson.terminal.generic import GenericNames, as_json, event_line, view_tree
from carson.terminal.kit import AnyKit
from carson.terminal.kits import kit_for
from carson.terminal.live_stream import MAX_RETRIES, LiveStream, StreamRefused
from carson.terminal.replay import winners_line
from carson.terminal.texts import Texts

#: Seconds between two looks at the game while others play.
POLL_SECONDS = 1.0
#: At most this many lines of news before a turn (older ones are summed up).
NEWS_LINES = 40
#: Refusals after which the game is shown again (the game moved on meanwhile).
SHOWN_AGAIN = ("stale_seq", "illegal_action", "not_your_turn", "malformed_action")
#: Times an answer refused as stale is sent again while its question stands.
MAX_RESENDS = 3


#: What a game's view says of the step it is at (the card game's era, phase and round; the
#: board game's round and decision): the same question needs the same of these.
STEP_KEYS = ("era", "phase", "round", "decision")


def same_question(before: JsonDict, now: JsonDict, action: JsonDict) -> bool:
    """Whether ``now`` asks the seat what ``before`` asked (the same step, the same legal
    actions) and ``action`` is still one of them."""
    if now["status"] != before["status"] or now["legal_actions"] != before["legal_actions"]:
        return False
    was, is_ = before["view"], now["view"]
    return action in now["legal_actions"] and all(
        _step(was.get(key)) == _step(is_.get(key)) for key in STEP_KEYS
    )


def awaited(before: JsonDict, now: JsonDict) -> bool:
    """Whether a wait for the player's turn that began at view ``before`` ends at ``now``:
    the player is asked something (a turn, or a step the server opened without a move) or
    the game's status changed (it ended)."""
    return bool(now["legal_actions"]) or now["status"] != before["status"]


def _step(value: Any) -> Any:
    """A decision by its kind (its awaited seats change as the others answer)."""
    return value.get("kind") if isinstance(value, dict) else value


def refusal(texts: Texts, error: ApiError, **values: Any) -> str:
    """The server's refusal in the player's language (its own words for an unknown code)."""
    key = f"err_{error.code}"
    if not texts.has("online", key):
        key = "err_other"
    return texts("online", key, status=error.status, detail=error.detail, **values)


class OnlineNames(GenericNames):
    """Seats as ``seat N · alice`` (the player holding it, ``you``, or the machine's kind)."""

    def __init__(self, seats: list[JsonDict], me: int, texts: Texts) -> None:
        super().__init__([str(seat.get("kind", "")) for seat in seats], texts)
        self._users = [seat.get("user") for seat in seats]
        self._me = me

    def kind(self, seat: int) -> str:
        if seat == self._me:
            return self._texts("ui", "you")
        user = self._users[seat] if 0 <= seat < len(self._users) else None
        return str(user) if user else super().kind(seat)


class OnlineGame:
    """One game of a server at the terminal, as the client's user."""

    def __init__(
        self,
        client: ApiClient,
        game_id: str,
        lang: str,
        console: Console,
        ask: Callable[[str], str],
        poll: float = POLL_SECONDS,
        sleep: Callable[[float], None] = time.sleep,
        live: bool = True,
    ) -> None:
        self.client, self.game_id, self.console = client, game_id, console
        #: Whether the game's live stream wakes the player (else: polling every ``poll``).
        self.live = live
        self.poll, self._sleep = poll, sleep
        self._lang, self._ask = lang, ask
        self.texts = Texts(lang)
        self.kit: AnyKit | None = None
        self.asker = Asker(ask, console, self.texts, ("online", "help"))
        self._seen: int | None = None  # the seq up to which the player has seen the news

    def run(self) -> int:
        """Play until the game ends (0), the player leaves (3) or the server fails (1)."""
        try:
            view = self._start()
            while view["status"] != "over":
                view = self._turn(view) if view["legal_actions"] else self._wait(view)
            self._finish(view)
            return 0
        except (QuitGame, KeyboardInterrupt, EOFError):
            self._say("left")
            return 3
        except ApiError as error:
            self.console.print(self._refusal(error), style="bold red", markup=False)
            return 1
        except GameSetupError:
            return 1

    # ------------------------------------------------------------------ the loop

    def _start(self) -> JsonDict:
        view = self.client.view(self.game_id)
        try:
            self.kit = kit_for(str(view["game"]))
        except GameSetupError:
            self.console.print(
                self.texts("online", "game_missing", game=view["game"]), style="bold red"
            )
            raise
        self.texts = self.kit.texts(self._lang)
        self.asker = Asker(self._ask, self.console, self.texts, ("online", "help"))
        self._say("seated", seat=int(view["seat"]) + 1)
        if view["status"] == "waiting":
            free = sum(1 for seat in view["seats"] if seat["kind"] == "human" and not seat["user"])
            self._say("waiting_players", style="italic", free=free)
            seated = self._seated(view, set())
            while view["status"] == "waiting":
                self._sleep(self.poll)
                view = self.client.view(self.game_id)
                seated = self._seated(view, seated)
        return view

    def _seated(self, view: JsonDict, told: set[int]) -> set[int]:
        """Says who took a seat since ``told`` (the seats already said); the seats said."""
        taken = {int(seat["seat"]) for seat in view["seats"] if seat.get("user")}
        for seat in view["seats"]:
            number = int(seat["seat"])
            if number in taken - told and number != view["seat"]:
                self._say("joined", style="", user=seat["user"], seat=number + 1)
        return taken

    def _turn(self, view: JsonDict) -> JsonDict:
        """Show the game, ask the player's choice and send it; the view after it."""
        self._show(view)
        assert self.kit is not None
        presenter = self.kit.presenter()
        if presenter is not None:
            seat, names = int(view["seat"]), self._kit_names(view)
            legal = view["legal_actions"]
            self.asker.commands = presenter.commands(view["view"], legal, seat, names, self.texts)
            action = presenter.ask(self.asker, view["view"], legal, seat, names)
        else:
            action = self._choose(view["legal_actions"])
        return self._send(view, action)

    def _send(self, view: JsonDict, action: JsonDict) -> JsonDict:
        """Sends ``action`` with ``view``'s seq; the view after it. Refused as stale (another
        seat's move came first: at a simultaneous step, its own secret choice), it is sent
        again with the new seq when the same question is still asked and the answer still
        legal, at most :data:`MAX_RESENDS` times (others moving on and on must not keep the
        player waiting unseen); else the refusal is said and the game shown as it is now."""
        resends = 0
        while True:
            try:
                return self.client.act(self.game_id, int(view["seq"]), action)
            except ApiError as error:
                if error.code not in SHOWN_AGAIN:
                    raise
                now = self.client.view(self.game_id)
                again = error.code == "stale_seq" and resends < MAX_RESENDS
                if not (again and same_question(view, now, action)):
                    self.console.print(self._refusal(error), style="bold red", markup=False)
                    return now
                view, resends = now, resends + 1

    def _wait(self, view: JsonDict) -> JsonDict:
        """Until the game moves on: woken by the live stream, else (refused) by polling."""
        self._say("waiting_turn", style="italic")
        if self.live:
            try:
                return self._wait_live(view)
            except StreamRefused:
                self.live = False
                self._say("polling", style="dim")
        return self._wait_polling(view)

    def _wait_live(self, view: JsonDict) -> JsonDict:
        """Reads the game's stream from the view's move on: each move's news as it comes,
        until a view that asks the player something or ends the game. Other players' and
        machines' moves in between are told as news on the same stream: one connection per
        wait, not one per move."""
        if self._seen is None:  # the news so far, before the stream's
            self._print_news(view)
        stream = LiveStream(self.client, self.game_id, sleep=self._sleep, on_retry=self._retry)
        # From the last move the player was told of (the news may have reached past the
        # view): his own move's news (the bids it revealed, the round it ended) comes
        # first, then the others' as they move.
        assert self._seen is not None  # told just above, if never before
        messages = stream.messages(min(self._seen, int(view["seq"])))
        try:
            for event, data in messages:
                if event == "move":
                    self._live_news(data, view)
                elif event == "view":
                    now = game_view(data)
                    if awaited(view, now):
                        return now
        finally:
            messages.close()
        raise ApiError(0, "bad_answer", "the stream ended")  # messages() never ends

    def _retry(self, failures: int, reason: str) -> None:
        """The live stream lost the server: say so, and that it tries again."""
        self._say("reconnecting", style="yellow", detail=reason, attempt=failures,
                  most=MAX_RETRIES)  # fmt: skip

    def _live_news(self, move: JsonDict, view: JsonDict) -> None:
        """The lines of one move's events, unless the player saw them already."""
        seq, events = move.get("seq"), move.get("events")
        if not isinstance(seq, int) or not isinstance(events, list):
            raise ApiError(0, "bad_answer", "a move message without its seq and events")
        if self._seen is not None and seq <= self._seen:
            return
        for line in self._news_lines(events, view):
            self.console.print(f"• {line}", markup=False)
        self._seen = seq

    def _wait_polling(self, view: JsonDict) -> JsonDict:
        """Look again every :data:`POLL_SECONDS` until the player is asked something or the
        game ends (the news of the moves between is told at the player's turn)."""
        while True:
            self._sleep(self.poll)
            now = self.client.view(self.game_id)
            if awaited(view, now):
                return now

    def _show(self, view: JsonDict) -> None:
        assert self.kit is not None
        names = self._names(view)
        self.console.rule(self.kit.title(self.texts))
        self._print_news(view)
        seat = int(view["seat"])
        presenter = self.kit.presenter()
        if presenter is not None:
            legal, names = view["legal_actions"], self._kit_names(view)
            screen = presenter.screen(view["view"], legal, seat, names, self.texts)
            self.console.print(screen, markup=False)
        else:
            label = self.texts("ui", "view_of", who=names.seat(seat))
            self.console.print(view_tree(label, view["view"]), markup=False)
        self.console.print(
            self.texts("ui", "your_turn", who=names.seat(int(view["seat"]))),
            style="bold",
            markup=False,
        )

    def _print_news(self, view: JsonDict) -> None:
        """The lines of the events the player's seat may see since he last looked (the
        news may reach a move newer than the view: it is not shown twice)."""
        events, self._seen = self.client.events(self.game_id, self._seen)
        lines = self._news_lines(events, view)
        if len(lines) > NEWS_LINES:
            skipped = len(lines) - NEWS_LINES
            self.console.print(self.texts("ui", "news_skipped", count=skipped), style="dim")
            lines = lines[skipped:]
        for line in lines:
            self.console.print(f"• {line}", markup=False)

    def _choose(self, legal: list[JsonDict]) -> JsonDict:
        """A numbered menu of the legal actions the server listed."""
        self.console.print(self.texts("ui", "actions"), style="bold", markup=False)
        for number, action in enumerate(legal, start=1):
            self.console.print(f"{number:>3}: {as_json(action)}", markup=False)
        question = self.texts("ui", "prompt_menu", count=len(legal))
        return legal[ask_number(self.asker, question, list(range(1, len(legal) + 1))) - 1]

    def _finish(self, view: JsonDict) -> None:
        """The end: the last news, then the game replayed from its record by the game's kit
        (its table and score sheets); the last view if the record cannot be had."""
        assert self.kit is not None
        self._print_news(view)
        try:
            record = GameRecord.from_json(self.client.record(self.game_id))
            state = self.kit.replay_record(record)
        except (ApiError, RecordError, ValueError):
            self.console.print(view_tree(self.texts("ui", "view_public"), view["view"]))
        else:
            kinds = [str(seat["kind"]) for seat in view["seats"]]
            own = self.kit.names(state, kinds, self.texts)
            self.console.print(self.kit.screen(state, None, own, self.texts), markup=False)
            self.console.print(self.kit.final(state, own, self.texts), markup=False)
            self.console.print(winners_line(state, own, self.texts), style="bold green",
                               markup=False)  # fmt: skip
        self._say("over")

    # ------------------------------------------------------------------ words

    def _names(self, view: JsonDict) -> OnlineNames:
        return OnlineNames(list(view["seats"]), int(view["seat"]), self.texts)

    def _kit_names(self, view: JsonDict) -> Any:
        """The game's own names of the seats (a presenter's), the people by their names."""
        assert self.kit is not None
        presenter = self.kit.presenter()
        assert presenter is not None
        kinds = [str(seat.get("kind", "")) for seat in view["seats"]]
        me = int(view["seat"])
        people = {int(s["seat"]): str(s["user"]) for s in view["seats"] if s.get("user")}
        people[me] = self.texts("ui", "you")
        return presenter.names(view["view"], kinds, people, self.texts)

    def _news_lines(self, events: list[JsonDict], view: JsonDict) -> list[str]:
        """The lines of ``events``: as a local game prints them (the public ones, in the
        game's words) when the game has its screens, else each event as its data."""
        assert self.kit is not None
        decoded = [decode_event(event) for event in events]
        if self.kit.presenter() is None:
            names = self._names(view)
            return [event_line(event, names) for event in decoded]
        names = self._kit_names(view)
        lines = []
        for event in decoded:
            if event.visible_to(None):
                line = self.kit.describe(event, names, self.texts)
                if line:
                    lines.append(line)
        return lines

    def _values(self) -> JSON:
        return {"id": self.game_id, "server": self.client.base}

    def _say(self, key: str, style: str = "bold", **values: Any) -> None:
        text = self.texts("online", key, **self._values(), **values)
        self.console.print(text, style=style, markup=False)

    def _refusal(self, error: ApiError) -> str:
        return refusal(self.texts, error, **self._values())
