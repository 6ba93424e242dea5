"""The bodies of the JSON API's requests and answers, as the OpenAPI document shows them.

A game's own part — an action, the engine's per-seat view — is described by the game
(:attr:`carson.core.registry.GameKind.action_schema`, ``view_schema``);
:mod:`carson.server.kernel.openapi` puts those schemas in the document in place of the generic
objects here.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from carson.core.game import JSON
from carson.server.play.event_log import MAX_PAGE_MOVES
from carson.server.play.integrity import MAX_SEED
from carson.server.play.table_settings import RATING_BOUNDS

GameStatus = Literal["waiting", "playing", "over"]


class NewGame(BaseModel):
    game: str = Field(
        default="card", description="'card' (the card game, 4–6 seats) or 'board' (2–5 seats)"
    )
    seats: list[str] = Field(
        description="seat kinds in order: 'human', an AI level (ai-easy, ai-medium, ai-hard), "
        "'greedy' or 'random'; in the card game also ai-master and a virtual level (beginner, "
        "advanced, expert)"
    )
    variants: list[str] = Field(
        default_factory=list,
        description="board game only: red-sides | random-sides | vote-sides, duel-tiles, "
        "river, new-beginning",
    )
    seed: int | None = Field(
        default=None,
        strict=True,
        ge=0,
        le=MAX_SEED - 1,
        description="practice games only (one human seat): the seed of the deal, to replay "
        "a game; otherwise the server draws one in secret (422 if given)",
    )
    lang: str | None = None
    public: bool = Field(
        default=False, strict=True, description="listed in the lobby for anyone to join"
    )
    rated: bool = Field(
        default=False,
        strict=True,
        description="ratings change after the game (two or more human seats)",
    )
    time_control: str | None = Field(
        default=None,
        max_length=8,
        description="live: minutes per game + seconds per move ('10+5'); correspondence: "
        "days per move ('1d', '2d', '3d', '7d'); null: no clock",
    )
    on_timeout: Literal["move", "takeover"] = Field(
        default="move",
        description="when a clock runs out: 'move' — a machine makes that move and the "
        "player may come back; 'takeover' — a machine plays the seat to the end and the "
        "player ranks last",
    )
    timeout_level: str | None = Field(
        default=None,
        max_length=16,
        description="the machine that moves on a timeout (null: ai-medium, or the game's "
        "first machine level if it has none of that name)",
    )
    rating_min: int | None = Field(
        default=None, strict=True, ge=RATING_BOUNDS[0], le=RATING_BOUNDS[1],
        description="the lowest rating that may join",
    )  # fmt: skip
    rating_max: int | None = Field(
        default=None, strict=True, ge=RATING_BOUNDS[0], le=RATING_BOUNDS[1],
        description="the highest rating that may join",
    )  # fmt: skip


class TableSettingsOut(BaseModel):
    """A table's settings, as chosen at its creation."""

    public: bool
    rated: bool
    time_control: str | None
    on_timeout: Literal["move", "takeover"]
    timeout_level: str
    rating_min: int | None
    rating_max: int | None


class ActionIn(BaseModel):
    seq: int = Field(
        strict=True, description="the number of accepted actions the client has seen (an integer)"
    )
    action: JSON = Field(description="an action object as listed in legal_actions")


#: The move route's body and security in its OpenAPI document (the route reads both itself:
#: :mod:`carson.server.play.action_body`, :func:`carson.server.accounts.deps.caller_of`).
ACTION_BODY: JSON = {
    "security": [{"HTTPBearer": []}],
    "requestBody": {
        "required": True,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ActionIn"}}},
    },
}


class SeatOut(BaseModel):
    seat: int
    kind: str = Field(description="'human' or a machine seat kind")
    user: str | None = Field(description="the username holding a human seat, if taken")
    bot: bool = Field(default=False, description="whether that user is a bot account")
    left: Literal["resigned", "timeout"] | None = Field(
        default=None,
        description="the player left the seat (resigned, or took too long under the "
        "'takeover' rule): a machine plays it and the player ranks last",
    )
    vacation_until: float | None = Field(
        default=None,
        description="in a correspondence game: the player is on vacation until then (seconds "
        "since the epoch), their clock paused (docs/clocks.md, Vacation)",
    )


class ClockOut(BaseModel):
    """Every seat's clock, as the server's clock says at ``now``."""

    control: str = Field(description="'10+5' (live) or '3d' (correspondence)")
    kind: Literal["live", "correspondence"]
    left: list[float] = Field(description="seconds each seat has left at ``now``")
    running: list[bool] = Field(
        description="whose clock runs (the seats asked to act, unless their clock is paused)"
    )
    deadlines: list[float | None] = Field(
        description="when each asked seat's clock runs out (seconds since the epoch), moved on "
        "by its player's vacations"
    )
    paused_until: list[float | None] = Field(
        default_factory=list,
        description="until when each seat's clock is paused (its player on vacation), if it is",
    )
    now: float = Field(description="the server's time of this view (seconds since the epoch)")


class TableNewsOut(BaseModel):
    """One thing that happened at a table beside its moves."""

    seq: int = Field(description="the moves stored when it happened")
    seat: int | None = Field(description="whose seat (null: the table's)")
    kind: Literal["timeout_move", "timeout_left", "resigned", "aborted"] = Field(
        description="'timeout_move': the seat's time ran out and a machine made its move; "
        "'timeout_left': its time ran out and a machine plays it to the end; 'resigned'; "
        "'aborted': the game ended unrated"
    )


class GameView(BaseModel):
    """A seat's view of a game (the game's own part typed per game in the document)."""

    id: str
    game: str
    status: GameStatus
    seq: int = Field(description="the number of accepted actions")
    seat: int | None = Field(description="the caller's seat (null: a spectator's view)")
    lang: str
    seats: list[SeatOut]
    legal_actions: list[JSON] = Field(description="what the caller may do now")
    view: JSON = Field(description="the engine's view for the caller's seat")
    table: TableSettingsOut
    clock: ClockOut | None = Field(
        default=None, description="every seat's clock (null: the table has no time control)"
    )
    abort_asked: list[int] = Field(
        default_factory=list, description="the seats whose players asked to abort the game"
    )
    ended: Literal["finished", "aborted", "cancelled", "expired"] | None = Field(
        default=None, description="how a game that is over ended, when known"
    )
    drafted: int = Field(
        default=0,
        description="how many of the caller's last moves are its private draft, which nobody "
        "else sees and which it may take back one by one (POST /api/games/{id}/undo)",
    )


class GameSummary(BaseModel):
    id: str
    game: str
    status: GameStatus
    ended: Literal["finished", "aborted", "cancelled", "expired"] | None = Field(
        default=None,
        description="how a game that is over ended: played to its end, aborted by its "
        "players, cancelled by its creator or expired while it waited (these two never "
        "started, and have no replay)",
    )
    seat: int
    seats: list[str] = Field(description="the seat kinds")
    seq: int
    to_act: list[int]
    your_turn: bool
    players: list[str | None] = Field(
        description="each seat's player (its username), ``null`` for a machine or a free seat"
    )
    created: str = Field(description="the day the table was made (ISO 8601 date)")
    time_left: float | None = Field(
        default=None, description="seconds on the caller's clock in a timed game still played"
    )


class RecordedAction(BaseModel):
    seat: int
    action: JSON


class GameRecord(BaseModel):
    """A finished game, enough to replay it: configuration, seed and actions."""

    format: int
    game: str
    config: JSON
    seed: int
    seats: list[str]
    actions: list[RecordedAction]


class EventOut(BaseModel):
    seq: int = Field(description="the move that made it (0: the game's setup)")
    kind: str
    data: JSON
    seats: list[int] | None = Field(description="who may see it (null: everyone)")


class EventsPage(BaseModel):
    since: int | None
    until: int
    more: bool
    events: list[EventOut]
    next: str | None = Field(
        default=None, description=f"the next page's URL, when ``more`` (at most {MAX_PAGE_MOVES})"
    )
