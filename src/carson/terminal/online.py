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

from rich.console import Console, RenderableType

from carson.core.events import decode_event
from carson.core.game import JSON
from carson.core.record import GameRecord, RecordError
from carson.core.registry import GameSetupError
from carson.terminal.api_client import ApiClient, ApiError, JsonDict
from carson.terminal.asker import Asker, QuitGame, ask_number
from carson.terminal.generic import GenericNames, as_json, event_line, view_tree
from carson.terminal.kit import AnyKit
from carson.terminal.kits import kit_for
from carson.terminal.line_input import LineInput, Superseded
from carson.terminal.live_feed import LiveFeed
from carson.terminal.live_stream import BACKOFF, MAX_RETRIES
from carson.terminal.online_clock import ClockLine, TableNews
from carson.terminal.online_live import GameWatch, same_step
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


def same_question(before: JsonDict, now: JsonDict, action: JsonDict) -> bool:
    """Whether ``now`` asks the seat what ``before`` asked (the same step, the same legal
    actions) and ``action`` is still one of them."""
    return same_step(before, now) and action in now["legal_actions"]


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
    """One game of a server at the terminal, as the client's user. ``line``: the terminal's
    own questions (:class:`~carson.terminal.line_input.LineInput`), which tell the news and
    tick the clocks while open; without it ``ask`` answers, and the news waits for the
    next question."""

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
        line: LineInput | None = None,
    ) -> None:
        self.client, self.game_id, self.console = client, game_id, console
        #: Whether the game's live stream wakes the player (else: polling every ``poll``).
        self.live = live
        self.poll, self._sleep = poll, sleep
        self._lang, self._line = lang, line
        self._ask = line if line is not None else ask
        self.texts = Texts(lang)
        self.kit: AnyKit | None = None
        self.asker = Asker(self._ask, console, self.texts, ("online", "help"))
        self._seen: int | None = None  # the seq up to which the player has seen the news
        self.watch: GameWatch | None = None

    def run(self) -> int:
        """Play until the game ends (0), the player leaves (3) or the server fails (1)."""
        try:
            view = self._start()
            self.watch = self._watching(view)
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
        finally:
            if self.watch is not None:
                self.watch.feed.stop()

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

    def _watching(self, view: JsonDict) -> GameWatch:
        """The game's news heard from the view's move on, in a thread of its own; at a real
        terminal its questions tell them and tick the clocks."""
        feed = LiveFeed(self.client, self.game_id, int(view["seq"]), self.live, self.poll,
                        self._sleep)  # fmt: skip
        watch = GameWatch(feed.start(), ClockLine(self.texts), TableNews(self.texts),
                          self._heard, self._clock_names)  # fmt: skip
        watch.shows(view, waiting=not view["legal_actions"])
        if self._line is not None:
            self._line.status, self._line.watcher = watch.clock.line, watch
        return watch

    def _seated(self, view: JsonDict, told: set[int]) -> set[int]:
        """Says who took a seat since ``told`` (the seats already said); the seats said."""
        taken = {int(seat["seat"]) for seat in view["seats"] if seat.get("user")}
        for seat in view["seats"]:
            number = int(seat["seat"])
            if number in taken - told and number != view["seat"]:
                self._say("joined", style="", user=seat["user"], seat=number + 1)
        return taken

    def _turn(self, view: JsonDict) -> JsonDict:
        """Show the game, ask the player's choice and send it; the view after it. News that
        changes the question while it is open gives it up: the game as it is now."""
        watch = self.watch
        assert self.kit is not None and watch is not None
        watch.shows(view, waiting=False)
        if watch.drain():  # heard since the view came: is the question still the one?
            return self._moved_on(watch)
        self._show(view)
        presenter = self.kit.presenter()
        try:
            if presenter is not None:
                seat, names = int(view["seat"]), self._kit_names(view)
                legal = view["legal_actions"]
                self.asker.commands = presenter.commands(view["view"], legal, seat, names,
                                                         self.texts)  # fmt: skip
                self.asker.commands |= self._news_commands(view)
                action = presenter.ask(self.asker, view["view"], legal, seat, names)
            else:
                action = self._choose(view["legal_actions"])
        except Superseded:
            return self._moved_on(watch)
        now = watch.latest  # the same question, maybe at a later seq (another's bid)
        return self._send(now if same_question(view, now, action) else view, action)

    def _moved_on(self, watch: GameWatch) -> JsonDict:
        """The game as the news left it (the server given up meanwhile: said)."""
        if watch.failure is not None:
            raise watch.failure
        return watch.latest

    def _send(self, view: JsonDict, action: JsonDict) -> JsonDict:
        """Sends ``action`` with ``view``'s seq; the view after it. Refused as stale (another
        seat's move came first: at a simultaneous step, its own secret choice), it is sent
        again with the new seq when the same question is still asked and the answer still
        legal, at most :data:`MAX_RESENDS` times (others moving on and on must not keep the
        player waiting unseen); else the refusal is said and the game shown as it is now.
        A server that does not answer is tried again, with growing pauses, up to
        :data:`~carson.terminal.live_stream.MAX_RETRIES` times; the move is kept meanwhile
        (refused as stale after that, it may have arrived: the game is shown as it is)."""
        resends = lost = 0
        while True:
            try:
                return self.client.act(self.game_id, int(view["seq"]), action)
            except ApiError as error:
                if error.code == "unreachable" and lost < MAX_RETRIES:
                    lost += 1  # the move kept, sent again after a pause
                    self._say("sending_again", style="yellow", detail=error.detail,
                              attempt=lost, most=MAX_RETRIES)  # fmt: skip
                    self._sleep(BACKOFF[min(lost, len(BACKOFF)) - 1])
                    continue
                if error.code not in SHOWN_AGAIN:
                    raise
                now = self.client.view(self.game_id)
                again = error.code == "stale_seq" and resends < MAX_RESENDS
                if not (again and same_question(view, now, action)):
                    if not (lost and error.code == "stale_seq"):  # else: maybe it went through
                        self.console.print(self._refusal(error), style="bold red", markup=False)
                    return now
                view, resends = now, resends + 1

    def _wait(self, view: JsonDict) -> JsonDict:
        """Until the game moves on to the player's question or its end, telling what
        happens meanwhile. At a real terminal a line stays open meanwhile for ``quit``,
        ``help`` and the game's words (anything else is not taken for a later question)."""
        watch = self.watch
        assert watch is not None
        if self._seen is None:  # the news so far, before the feed's
            self._print_news(view)
        watch.shows(view, waiting=True)
        if watch.drain():
            return self._moved_on(watch)
        if self._line is None:
            self._say("waiting_turn", style="italic")
            return watch.next()
        self.asker.commands = self._idle_commands(view)
        while True:
            try:
                waiting = self.texts("online", "waiting_prompt")  # not a question's "> "
                self.asker(self.texts("online", "waiting_turn"), prompt=waiting)
            except Superseded:
                return self._moved_on(watch)
            self.asker.error(self.texts("online", "not_asked"))

    def _idle_commands(self, view: JsonDict) -> dict[str, Callable[[], RenderableType]]:
        """The game's words (``table``, …) while the player waits: the game as it is."""
        assert self.kit is not None
        presenter = self.kit.presenter()
        if presenter is None:
            return {}
        return presenter.commands(view["view"], [], int(view["seat"]), self._kit_names(view),
                                  self.texts) | self._news_commands(view)  # fmt: skip

    def _news_commands(self, view: JsonDict) -> dict[str, Callable[[], RenderableType]]:
        """The game's ``news`` (if it has one): the table's events and news, fetched when
        asked."""
        assert self.kit is not None
        presenter = self.kit.presenter()
        assert presenter is not None
        return presenter.news_commands(lambda: self._all_news(view), self.texts)

    def _all_news(self, view: JsonDict) -> list[str]:
        """Every line of what happened at the table, oldest first: its events (as the live
        news tells them) and its news (timeouts, resignations), in the order of their moves."""
        events = self.client.events(self.game_id, None)[0]
        told: list[tuple[int, str]] = []
        for event in events:
            told += [(int(event.get("seq") or 0), line) for line in self._news_lines([event], view)]
        table = TableNews(self.texts)
        for item in self.client.news(self.game_id):
            lines = table.lines([item], view, int(view["seat"]))
            told += [(int(item["seq"]), line) for line in lines]
        return [line for _, line in sorted(told, key=lambda pair: pair[0])]

    def _heard(self, what: str, data: JsonDict) -> None:
        """One thing the feed heard, said (see :class:`GameWatch`)."""
        if what == "move":
            self._live_news(data, self.watch.latest if self.watch else data)
        elif what == "line":
            self.console.print(f"• {data['text']}", style="bold yellow", markup=False)
        elif what == "retry":
            self._say("reconnecting", style="yellow", detail=data["detail"],
                      attempt=data["attempt"], most=data["most"])  # fmt: skip
        elif what == "polling":
            self._say("polling", style="dim")

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
        news may reach a move newer than the view: it is not shown twice). The live news may
        have told the player's own drafted moves, which the events do not count yet."""
        public = int(view["seq"]) - int(view.get("drafted") or 0)
        since = None if self._seen is None else min(self._seen, public)
        events, self._seen = self.client.events(self.game_id, since)
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

    def _clock_names(self, view: JsonDict) -> list[str]:
        names = self._names(view)
        return [names.kind(seat) for seat in range(len(view["seats"]))]

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
