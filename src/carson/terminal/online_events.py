"""Tournaments and vacation at the terminal (``carson play --server``'s menu, issue 48): the
tournaments open, running and lately finished, one's standings, joining and withdrawing;
one's vacation days left this year, a vacation begun from today or ended early. Refusals
(a tournament started or full, no days left, a vacation already taken) are said in words."""

from __future__ import annotations

from functools import partial

from carson.core.registry import title_of
from carson.terminal.api_client import JsonDict
from carson.terminal.online_people import Area, local_date

#: What is said once an action of a tournament's page is done.
DONE = {
    "tournament_join": "tournament_joined",
    "tournament_withdraw": "tournament_withdrawn",
    "tournament_pause": "tournament_paused",
    "tournament_resume": "tournament_resumed",
}


class Tournaments(Area):
    """The server's tournaments: standings, joining, withdrawing."""

    def run(self) -> None:
        while True:
            found = self.api.tournaments()
            if not found:
                self.say("tournaments_none")
            else:
                self.say("tournaments_title")
            for number, item in enumerate(found, start=1):
                self.line(f"{number:>3}: {self._line(item)}")
            if not found:
                self.asker(self.texts("people", "back"))
                return
            question = self.texts("people", "tournaments_choose", count=len(found))
            picked = self.number(question, len(found))
            if picked is None:
                return
            self.one(str(found[picked - 1]["id"]))

    def _line(self, item: JsonDict) -> str:
        status = str(item["status"])
        arena = item.get("mode") == "arena"
        # An arena has no rounds: while it runs, it says until when people are seated.
        running_arena = arena and status == "running"
        key = "tournament_arena_running" if running_arena else f"tournament_{status}"
        when = self.texts("people", key, round=item["round"], rounds=item["rounds"],
                          at=local_date(str(item["starts_at"])),
                          until=local_date(str(item.get("ends_at") or "")))  # fmt: skip
        return self.texts("people", "tournament_arena" if arena else "tournament",
                          name=item["name"], seats=item["seats"], rounds=item["rounds"],
                          game=title_of(str(item["game"]), self.lang),
                          control=item["time_control"], state=when)  # fmt: skip

    def one(self, tournament_id: str) -> None:
        """One tournament's standings, then joining or withdrawing (Enter: back)."""
        standings = self.api.tournament(tournament_id)
        while True:
            self._standings(standings)
            # An arena's players also pause (not seated again) and come back.
            keys = ["tournament_join", "tournament_withdraw"]
            if standings.get("mode") == "arena":
                keys += ["tournament_pause", "tournament_resume"]
            chosen = self.action(keys)
            if chosen is None:
                return
            calls = {"tournament_join": self.api.join_tournament,
                     "tournament_withdraw": self.api.withdraw_tournament,
                     "tournament_pause": self.api.pause_tournament,
                     "tournament_resume": self.api.resume_tournament}  # fmt: skip
            key = keys[chosen - 1]
            got = self.attempt(partial(calls[key], tournament_id), id=tournament_id)
            if got is not None:
                self.say(DONE[key], name=standings["name"])
                standings = got

    def _standings(self, standings: JsonDict) -> None:
        self.say("standings_title", name=standings["name"], line=self._line(standings))
        if not standings["players"]:
            self.say("standings_none", style="")
        for player in standings["players"]:
            gone = " " + self.texts("people", "standing_withdrawn") if player["withdrawn"] else ""
            if player.get("paused") and not player["withdrawn"]:
                gone = " " + self.texts("people", "standing_paused")
            points = f"{float(player['points']):g}"
            self.line(self.texts("people", "standing", rank=player["rank"], user=player["user"],
                                 points=points, score=player.get("score", 0),
                                 played=player["played"]) + gone)  # fmt: skip


class Vacation(Area):
    """One's vacation: the days left this year, one taken from today, one ended early."""

    def run(self) -> None:
        allowance = self.api.vacation()
        while True:
            self._show(allowance)
            held = allowance.get("vacation")
            chosen = self.action(["vacation_end" if held else "vacation_take"])
            if chosen is None:
                return
            if held:
                got = self.attempt(self.api.end_vacation)
                if got is not None:
                    self.say("vacation_ended")
            else:
                days = self._days(int(allowance["left"]))
                got = None if days is None else self.attempt(partial(self.api.take_vacation, days))
                if got is not None:
                    self.say("vacation_taken", days=days)
            allowance = allowance if got is None else got

    def _show(self, allowance: JsonDict) -> None:
        self.say("vacation_left", left=allowance["left"], allowance=allowance["allowance"],
                 used=allowance["used"], year=allowance.get("year", ""))  # fmt: skip
        held = allowance.get("vacation")
        if isinstance(held, dict):
            key = "vacation_current" if held.get("current") else "vacation_planned"
            self.say(key, style="", days=held.get("days"),
                     start=local_date(str(held.get("starts_at"))),
                     end=local_date(str(held.get("ends_at"))))  # fmt: skip

    def _days(self, left: int) -> int | None:
        """How many days, from today (Enter: none), at most those ``left``."""
        while True:
            answer = self.asker(self.texts("people", "vacation_days", left=left)).strip()
            if not answer:
                return None
            if not answer.isdigit() or int(answer) < 1:
                self.asker.error(self.texts("ui", "err_number"))
            elif int(answer) > left:
                self.asker.error(self.texts("people", "vacation_too_many", left=left))
            else:
                return int(answer)
