"""The online terminal's clocks and news (issue 46): the clocks counted down between two
views, the table's news told once in the player's words, and the news heard while a
question is open giving it up only when it changed the question."""

from __future__ import annotations

from typing import Any

from carson.terminal.api_client import ApiClient
from carson.terminal.live_feed import Item, LiveFeed
from carson.terminal.online_clock import ClockLine, TableNews, shown_time
from carson.terminal.online_live import GameWatch
from carson.terminal.texts import Texts


def view(seq: int, legal: list[Any], running: tuple[bool, bool] = (True, False),
         **more: Any) -> dict[str, Any]:  # fmt: skip
    clock = {"control": "1+5", "kind": "live", "left": [61.0, 30.0], "running": list(running)}
    seats = [{"seat": 0, "kind": "human", "user": "ann"}, {"seat": 1, "kind": "human",
             "user": "bob"}, {"seat": 2, "kind": "ai-easy", "user": None}]  # fmt: skip
    return {"seq": seq, "status": "playing", "seat": 0, "seats": seats, "legal_actions": legal,
            "view": {"round": 1}, "clock": clock, **more}  # fmt: skip


def test_times_as_clocks_show_them() -> None:
    assert shown_time(245.9, False) == "4:05" and shown_time(3723, False) == "1:02:03"
    assert shown_time(-3, False) == "0:00" and shown_time(2 * 86_400 + 3 * 3600, True) == "2d 3h"


def test_the_running_clocks_count_down_between_two_views() -> None:
    now = [100.0]
    line = ClockLine(Texts("de"), monotonic=lambda: now[0])
    assert line.line() == ""  # no view yet
    line.update(view(3, []), ["du", "bob", "ai-easy"])
    assert line.line() == "Bedenkzeit 1+5 · du 1:01 ◂ · bob 0:30"  # machines have none
    now[0] += 2.5
    assert line.line() == "Bedenkzeit 1+5 · du 0:58 ◂ · bob 0:30"
    line.update(view(3, [], clock=None), ["du", "bob", "ai-easy"])
    assert line.line() == ""  # a game without a clock


def test_the_tables_news_is_told_once_in_the_readers_words() -> None:
    news = TableNews(Texts("en"))
    items = [{"seq": 4, "seat": 1, "kind": "timeout_move"}, {"seq": 9, "seat": 0,
             "kind": "resigned"}, {"seq": 9, "seat": None, "kind": "unknown"}]  # fmt: skip
    assert news.lines(items, view(9, []), 0) == [
        "Move 4: bob's time ran out: a machine moved for them.",
        "Move 9: you resigned: a machine plays your seat to the end.",
    ]
    assert news.lines(items, view(9, []), 0) == []  # told already
    german = TableNews(Texts("de")).lines(items[:1], view(9, []), 1)
    assert german == ["Zug 4: deine Zeit ist abgelaufen: eine Maschine hat für dich gezogen."]


class Told:
    def __init__(self) -> None:
        self.said: list[tuple[str, dict[str, Any]]] = []

    def __call__(self, what: str, data: dict[str, Any]) -> None:
        self.said.append((what, data))


def watch_of(*items: Item) -> tuple[GameWatch, Told]:
    feed = LiveFeed(ApiClient("http://127.0.0.1:9"), "g", 0)  # never started: items by hand
    for item in items:
        feed.items.put(item)
    told = Told()
    names = lambda shown: ["you", "bob", "ai"]  # noqa: E731
    return GameWatch(feed, ClockLine(Texts("en")), TableNews(Texts("en")), told, names), told


def test_news_gives_a_question_up_only_when_it_changed_it() -> None:
    bid = [{"kind": "bid", "amount": 1}]
    watch, told = watch_of(Item("move", {"seq": 5, "events": []}), Item("view", view(5, bid)))
    watch.shows(view(4, bid), waiting=False)
    assert watch.pending() and not watch.drain()  # another's bid: the same question stands
    assert watch.latest["seq"] == 5 and told.said == [("move", {"seq": 5, "events": []})]
    # A timeout made the player's move: the question is gone, and said why.
    watch.feed.items.put(Item("view", view(6, [])))
    watch.feed.items.put(Item("news", news=[{"seq": 5, "seat": 0, "kind": "timeout_move"}]))
    assert watch.drain() and watch.latest["seq"] == 6
    assert told.said[-1] == ("line", {"text": "Move 5: your time ran out: a machine moved "
                                              "for you."})  # fmt: skip
    # An answer typed as that news came was taken: the change is not lost with it, the
    # next question gives way at once, until the screen shows the new view.
    assert watch.pending() and watch.drain()
    watch.shows(view(6, []), waiting=True)
    assert not watch.pending() and not watch.drain()


def test_a_wait_ends_at_a_question_and_views_older_than_the_screen_are_ignored() -> None:
    watch, _ = watch_of(Item("view", view(3, [{"kind": "take"}])), Item("view", view(7, [])),
                        Item("view", view(8, [{"kind": "take"}])))  # fmt: skip
    watch.shows(view(6, []), waiting=True)
    assert watch.next()["seq"] == 8  # seq 3 came before the player's own move: not asked
    assert watch.clock.line().startswith("Clock 1+5 · you ")  # the latest view's clocks


def test_the_server_given_up_ends_a_question_and_a_wait() -> None:
    from carson.terminal.api_client import ApiError

    lost = ApiError(0, "unreachable", "gone")
    watch, _ = watch_of(Item("failed", error=lost))
    watch.shows(view(1, []), waiting=True)
    try:
        watch.next()
    except ApiError as error:
        assert error is lost
    else:
        raise AssertionError("the wait did not end")
