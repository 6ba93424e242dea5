"""The card game's own screen and questions online (``carson play --server``), from what the
server gives: the seat's view (its JSON) and its legal actions. No engine state is at hand
(hidden facts stay on the server), so the screen is drawn from the view — the round, the
taking order with each bid's boosts, the scores, the player's city in the game's stable
frame (the view's grid and ``origin``), the row — and each question asks as at a local
game (a slot, x y of a corner, yes or no) and answers with one of the server's actions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from carson.core.game import JSON
from carson.games.card import board
from carson.games.card.catalog import Suit, load_catalog
from carson.games.card.city import City, Layout
from carson.games.card.parcels import Parcel
from carson.games.card.previews import ScorePreview
from carson.games.card.scoring import city_points
from carson.games.card.tui.places import refusal, to_current, to_stable
from carson.games.card.tui.prompts import wrap_entries
from carson.games.card.tui.render import city_grid, parcel_text
from carson.terminal.asker import Asker, ask_number, ask_number_or_no, ask_yes_no
from carson.terminal.kit import ViewPresenter
from carson.terminal.texts import Texts


def city_of(seat: JSON) -> City | None:
    """A seat's city as its view shows it: the visible parcels, in the engine's frame, with
    the stable frame's origin (its cards are not known, so none may be sold here)."""
    shown = seat.get("city")
    if not isinstance(shown, dict):
        return None
    cells = {
        (x, y): Parcel.from_letter(letter)
        for y, line in enumerate(shown["grid"])
        for x, letter in enumerate(line)
        if letter != "-"
    }
    ids = {personality["id"] for personality in seat["personalities"]}
    city = City.from_cells(cells, captain="captain" in ids, sheriff="sheriff" in ids)
    origin = shown.get("origin", [0, 0])
    city.origin = (int(origin[0]), int(origin[1]))
    return city


def card_text(card: JSON, texts: Texts) -> Text:
    """A card of the row: a terrain card as its number and parcels, a personality by name."""
    if card["kind"] == "terrain":
        letters = "".join(Parcel.from_id(parcel).letter for parcel in card["parcels"])
        return Text(f"{texts('ui', 'terrain', id=card['id'])}  {letters[:2]}/{letters[2:]}")
    name = Text(load_catalog().personality(card["id"]).name(texts.lang), "bold")
    if texts.has("does", card["id"]):
        name.append(" — " + texts("does", card["id"]), "italic")
    return name


def layout_of(card: JSON) -> Layout:
    """A terrain card's four parcels (top left, top right, bottom left, bottom right)."""
    first, second, third, fourth = (Parcel.from_id(parcel) for parcel in card["parcels"])
    return first, second, third, fourth


def terrain_card(card: JSON) -> Text:
    """A terrain card as its 2×2 parcels."""
    parcels = [parcel_text(Parcel.from_id(parcel)) for parcel in card["parcels"]]
    return Text.assemble(parcels[0], parcels[1], "\n", parcels[2], parcels[3])


class CardViewPresenter(ViewPresenter):
    """The card game at the terminal from a seat's view and the server's legal actions."""

    def screen(
        self, view: JSON, seat: int, seat_name: Callable[[int], str], texts: Texts
    ) -> RenderableType:
        return Group(*self._parts(view, seat, seat_name, texts))

    def _parts(
        self, view: JSON, seat: int, seat_name: Callable[[int], str], texts: Texts
    ) -> Iterator[RenderableType]:
        seats, suit = view["seats"], self._suit_name(texts)
        yield Text(texts("ui", "round", round=view["round"], era=view["era"]), "bold")
        ties = view["tie_order"]  # equal values: the suit first on the tie order takes first
        order = sorted(
            (s for s in seats if s["final"]), key=lambda s: (-s["final"], ties.index(s["suit"]))
        )
        if order:
            shown = [f"{suit(s['suit'])} {self._bid(s, view['era'])}" for s in order]
            yield Text(texts("ui", "taking_order", order=", ".join(shown)), "bold")
        scores = " · ".join(
            f"{suit(s['suit'])} ({seat_name(s['seat'])}) {s['score']}" for s in seats
        )
        yield Text(f"{texts('ui', 'score')}: {scores}", "dim")
        city = city_of(seats[seat])
        if city is not None:
            yield Text(texts("ui", "your_city", points=seats[seat]["score"]), "bold")
            yield city_grid(city) if not city.is_empty else Text(texts("ui", "no_cards"))
        row = [(slot, card) for slot, card in enumerate(view["row"]) if card is not None]
        if row:
            yield Text(texts("ui", "row"), "bold")
            for slot, card in row:
                line = Text(f"{slot:>3}  ")
                line.append_text(card_text(card, texts))
                yield line.append(f"  ({card['desirability']})", "dim")

    @staticmethod
    def _bid(seat: JSON, era: int) -> str:
        """The revealed bid with its boosts: ``6+2=8``."""
        final, bid = seat["final"], seat["played"][era - 1][-1]
        return f"{bid}+{final - bid}={final}" if final != bid else str(bid)

    @staticmethod
    def _suit_name(texts: Texts) -> Callable[[str], str]:
        names = load_catalog().suit_names
        return lambda suit: names[Suit(suit)][texts.lang]

    def ask(self, asker: Asker, view: JSON, legal: list[JSON], seat: int) -> JSON:
        kinds = {action["type"] for action in legal}
        if "bid" in kinds:
            values = sorted({int(action["value"]) for action in legal})
            if len(values) == 1:
                asker.console.print(asker.texts("ui", "bid_last", value=values[0]), markup=False)
                return legal[0]
            question = asker.texts("ui", "prompt_bid", hand=" ".join(map(str, values)))
            return _find(legal, "value", ask_number(asker, question, values))
        if "take" in kinds:
            slots = sorted(int(action["slot"]) for action in legal)
            question = asker.texts("ui", "prompt_take", slots=", ".join(map(str, slots)))
            return _find(legal, "slot", ask_number(asker, question, slots))
        if "place" in kinds:
            return self._place(asker, view, legal, seat)
        if "use" in kinds:
            return self._ability(asker, view, legal)
        if "sell" in kinds:
            cards = sorted(int(action["card"]) for action in legal if action["type"] == "sell")
            question = asker.texts("ui", "prompt_sale", sold=len(view["seats"][seat]["sold"]))
            return _or_pass(legal, "card", ask_number_or_no(asker, question, cards))
        if "pick" in kinds:
            return self._pick(asker, view, legal, seat)
        raise ValueError(f"no question of the card game asks for {sorted(kinds)}")

    def _place(self, asker: Asker, view: JSON, legal: list[JSON], seat: int) -> JSON:
        """x y of the card's top-left corner in the stable frame, as at a local game."""
        texts, card = asker.texts, view["placing"]["card"]
        city = city_of(view["seats"][seat])
        assert city is not None
        layout = layout_of(card)
        anchors = city.legal_anchor_mask(layout)
        asker.console.print(terrain_card(card), markup=False)
        asker.console.print(city_grid(city, marks=anchors), markup=False)
        asker.console.print(texts("ui", "legal_mark"), style="dim", markup=False)
        places = {(int(a["x"]), int(a["y"])): a for a in legal if a["type"] == "place"}
        question = texts("ui", "prompt_place", card=texts("ui", "terrain", id=card["id"]))
        while True:
            answer = asker(question)
            if answer.lower() in ("list", "l", texts("commands", "list")):
                self._list(asker, view["seats"][seat], city, card, list(places))
                continue
            try:
                column, row = (int(part) for part in answer.replace(",", " ").split())
            except ValueError:
                asker.error(texts("ui", "err_two_numbers"))
                continue
            x, y = to_current(city, column, row)
            if (x, y) in places:
                if self._confirmed(asker, view["seats"][seat], city, card, (x, y, column, row)):
                    return places[(x, y)]
                asker.console.print(city_grid(city, marks=anchors), markup=False)
                continue
            reason = refusal(city, layout, x, y, texts) or texts("online_card", "not_legal")
            asker.error(texts("ui", "err_place", reason=reason))

    @staticmethod
    def _list(
        asker: Asker, me: JSON, city: City, card: JSON, places: list[tuple[int, int]]
    ) -> None:
        """Every legal place in the stable frame with what it gains, best first."""
        holding = ScorePreview(city, [p["id"] for p in me["personalities"]], len(me["sold"]))
        gains = []
        for x, y in places:
            trial = city.copy()
            trial.place_unchecked(card["id"], layout_of(card), x, y)
            gain = city_points(trial, holding.personalities, holding.sold) - holding.base
            gains.append((gain, to_stable(city, x, y)))
        gains.sort(key=lambda entry: -entry[0])
        entries = [f"({x}, {y}) {gain:+d}" for gain, (x, y) in gains]
        head = asker.texts.template("ui", "places").split("{places}")[0].rstrip()
        for line in wrap_entries(head, entries, asker.console.width):
            asker.console.print(line, markup=False, soft_wrap=True)

    @staticmethod
    def _confirmed(
        asker: Asker, me: JSON, city: City, card: JSON, where: tuple[int, int, int, int]
    ) -> bool:
        """The city with the card at current (x, y) — stable (column, row) — and what it
        scores then; whether the player places it there."""
        x, y, column, row = where
        layout = layout_of(card)
        holding = ScorePreview(city, [p["id"] for p in me["personalities"]], len(me["sold"]))
        trial = city.copy()
        trial.place_unchecked(card["id"], layout, x, y)
        # A card left of or above the city moves its corner: it lands at x, y ≥ 0.
        new_cells = board.card_cells(board.bit(max(x, 0), max(y, 0)))
        asker.console.print(city_grid(trial, new_cells=new_cells), markup=False)
        after = city_points(trial, holding.personalities, holding.sold)
        question = asker.texts("ui", "preview", x=column, y=row, before=holding.base,
                               after=after, delta=f"{after - holding.base:+d}")  # fmt: skip
        return ask_yes_no(asker, question)

    def _ability(self, asker: Asker, view: JSON, legal: list[JSON]) -> JSON:
        ability = next(str(action["ability"]) for action in legal if action["type"] == "use")
        texts = asker.texts
        name = load_catalog().personality(ability).name(texts.lang)
        explain = texts("explain", ability) if texts.has("explain", ability) else ""
        use = ask_yes_no(asker, texts("ui", "prompt_ability", name=name, explain=explain))
        return next(a for a in legal if a["type"] == ("use" if use else "pass"))

    def _pick(self, asker: Asker, view: JSON, legal: list[JSON], seat: int) -> JSON:
        me, texts = view["seats"][seat], asker.texts
        city = city_of(me)
        assert city is not None
        holding = ScorePreview(city, [p["id"] for p in me["personalities"]], len(me["sold"]))
        picks = [action for action in legal if action["type"] == "pick"]
        for number, pick in enumerate(picks, start=1):
            name = load_catalog().personality(pick["personality"]).name(texts.lang)
            delta = f"{holding.gain_with(pick['personality']):+d}"
            asker.console.print(texts("ui", "pick_option", number=number, name=name,
                                      delta=delta), markup=False)  # fmt: skip
        chosen = ask_number_or_no(asker, texts("ui", "prompt_pick"), list(range(1, len(picks) + 1)))
        return _or_pass(legal, None, None if chosen is None else picks[chosen - 1])


def _find(legal: list[JSON], key: str, value: int) -> JSON:
    return next(action for action in legal if action.get(key) == value)


def _or_pass(legal: list[JSON], key: str | None, chosen: Any) -> JSON:
    """The action chosen (by its ``key``'s value, or itself), or the pass for ``None``."""
    if chosen is None:
        return next(action for action in legal if action["type"] == "pass")
    return chosen if key is None else _find(legal, key, chosen)


PRESENTER = CardViewPresenter()
