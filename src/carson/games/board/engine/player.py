"""One player's pieces and this round's personality, as the board game tracks them."""

from __future__ import annotations

from dataclasses import dataclass, field

from carson.games.board.engine.options import RoundChoice


@dataclass(slots=True)
class PlayerState:
    money: int
    revolvers: int
    roads: int
    cowboys: int  # in personal supply, of the player's colour
    markers: int  # property markers not yet on the board
    vp: int = 0
    stored: list[str] = field(default_factory=list)  # bought, not yet built (BG-6.1.5)
    white: bool = False  # the Sheriff's white cowboy is in this supply (BG-7.2)
    personality: str | None = None
    side: str = "yellow"
    three_revolvers: bool = False  # the AMMUNITION tile, this round (BG-5.2)
    choice: RoundChoice | None = None  # this round's Grocer/Settler choice (money, vp, …)
    tiles: list[int] = field(default_factory=list)  # duel tiles in hand (BG-10.2)
    sharpshooter: bool = False  # BG-10.4, BG-9.3
    # Secrets until every seat has decided (simultaneous steps, BG-11.6):
    vote: int | None = None  # red-side vote: bit mask of the cards wanted red
    purchases: list[str] = field(default_factory=list)  # "Ein neuer Anfang" (BG-10.4)
    purchasing: bool = False  # still choosing new-beginning purchases
    tile_choice: int | None = None  # the duel tile chosen, before the reveal
    claims: int = 0  # starting parcels still to place
    announced: int | None = None  # BG-10.2/BG-11.3: the announced tile total (3–5), public

    def copy(self) -> PlayerState:
        # Every field by position (``dataclasses.replace`` looks the fields up each time, and
        # searches copy four players per sample); the lists are copied.
        return PlayerState(
            self.money, self.revolvers, self.roads, self.cowboys, self.markers, self.vp,
            self.stored.copy(), self.white, self.personality, self.side, self.three_revolvers,
            self.choice, self.tiles.copy(), self.sharpshooter, self.vote, self.purchases.copy(),
            self.purchasing, self.tile_choice, self.claims, self.announced,
        )  # fmt: skip
