"""The action track, the personality cards and the players' panels of the board-game page."""

from __future__ import annotations

from carson.core.game import JSON
from carson.games.board.catalog import PERSONALITY_IDS, SPACE_IDS
from carson.games.board.web.present.common import (
    TRACK_ROWS,
    Seat,
    Targets,
    decision_kind,
)
from carson.games.board.web.present.names import Names
from carson.games.board.web.present.town import cowboy

#: What each space of the action track shows, as the board's top draws it: its picture
#: (a symbol of boardgame_figures.html, ``sp-…``) and what it gives, a badge on the picture
#: ("coin": money, "vp": victory points, "" nothing more: the picture says it).
SPACE_ART: dict[str, tuple[str, str]] = {
    "wages": ("coins", ""), "ammunition": ("revolver", ""), "roads_3": ("road", ""),
    "road_1": ("road", ""), "parcel_purchase": ("parcel", ""),
    **{space: ("build", "") for space in SPACE_IDS if space.startswith("build_")},
    "income_parcels": ("parcel", "coin"), "income_strength": ("revolver", "coin"),
    "income_dice": ("dice", "coin"), "income_buildings": ("build", "coin"),
    "vp_parcels": ("parcel", "vp"), "vp_strength": ("revolver", "vp"),
    "vp_buildings": ("build", "vp"),
    **{space: ("coins", "vp") for space in SPACE_IDS if space.startswith("buy_vp_")},
}  # fmt: skip


def space_art(space_id: str) -> JSON:
    """A space's picture and badge (SPACE_ART), for the track's template."""
    icon, badge = SPACE_ART[space_id]
    return {"icon": icon, "badge": badge}


def track(
    names: Names, view: JSON, targets: Targets, seats: list[Seat], me: int | None
) -> list[list[JSON]]:
    by_id = {space["id"]: space for space in view["spaces"]}
    rows = []
    for ids in TRACK_ROWS:
        row = []
        for space_id in ids:
            space = by_id[space_id]
            info = names.catalog.space(space_id)
            building = space.get("building")
            entry = {
                "id": space_id,
                "number": SPACE_IDS.index(space_id) + 1,
                "name": names.space(space_id),
                "cowboys": [cowboy(names, c, seats) for c in space["cowboys"]],
                "blocked": space["blocked"],
                "reminder": not info.takes_cowboys,
                "no_duel": space["no_duel"],
                "building": None
                if building is None
                else {
                    "id": building,
                    "name": names.building(building),
                },
                "has_building_space": space_id.startswith("build_"),
                "action": targets.spaces.get(space_id),
            } | space_art(space_id)
            row.append(entry)
        rows.append(row)
    return rows


def personalities(names: Names, view: JSON, targets: Targets, seats: list[Seat]) -> list[JSON]:
    taken = {
        player["personality"]: index
        for index, player in enumerate(view["players"])
        if player["personality"]
    }
    cards = []
    for card_id in PERSONALITY_IDS:
        info = names.catalog.personalities[card_id]
        side = view["sides"][card_id]
        holder = taken.get(card_id)
        cards.append(
            {
                "id": card_id,
                "number": info.number,
                "name": names.personality(card_id),
                "side": side,
                "side_name": names.side(side),
                "cash_limit": info.cash_limit[side],
                "effect": names.effect(card_id, side),
                "available": card_id in view["available"],
                "taken_by": None if holder is None else seats[holder],
                "action": targets.cards.get(card_id),
            }
        )
    return sorted(cards, key=lambda card: card["number"])


def players(names: Names, view: JSON, seats: list[Seat], me: int | None) -> list[JSON]:
    _ = names._
    turn = view["turn_order"]
    passed = view["pass_order"]
    tiles_variant = "duel-tiles" in view["config"]["variants"]
    players = []
    for index, player in enumerate(view["players"]):
        card = player["personality"]
        notes = []
        if player["three_revolvers"]:
            notes.append(_("3-revolver tile"))
        if player["sharpshooter"]:
            notes.append(_("Sharpshooter"))
        if player.get("voted") and decision_kind(view) == "vote":
            notes.append(_("has voted"))
        if player.get("tile_chosen"):
            notes.append(_("has chosen a duel tile"))
        if player.get("deciding_purchases"):
            notes.append(_("still buying"))
        if player.get("choice"):
            notes.append(names.choice_note(player["choice"]))
        players.append(
            {
                "seat": seats[index],
                "is_me": index == me,
                "to_act": index in view["seats_to_act"] and view["status"] == "playing",
                "money": player["money"],
                "vp": player["vp"],
                "cowboys": player["cowboys"],
                "white": player["white_cowboy"],
                "revolvers": player["revolvers"],
                "strength": player["strength"],
                "roads": player["roads"],
                "markers": player["markers"],
                "stored": [names.building(b) for b in player["stored"]],
                "tiles": player["tiles_in_hand"] if tiles_variant else None,
                "my_tiles": player.get("tiles") if tiles_variant else None,
                "announced": player.get("announced_tile_total"),
                "personality": None if card is None else names.personality(card),
                "side": player["side"],
                "cash_limit": None
                if card is None
                else names.catalog.personalities[card].cash_limit[player["side"]],
                "turn": turn.index(index) + 1 if index in turn else None,
                "passed": passed.index(index) + 1 if index in passed else None,
                "notes": notes,
            }
        )
    return players
