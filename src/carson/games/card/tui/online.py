"""The card game's own screen and questions online (``carson play --server``), from what the
server gives: the seat's view (its JSON) and its legal actions. No engine state is at hand
(hidden facts stay on the server), so the screen is drawn from the view — the round, the
taking order with each bid's boosts, the scores, the player's city in the game's stable
frame (the view's grid and ``origin``), the row — and each question asks as at a local
game (a slot, x y of a corner, yes or no) and answers with one of the server's actions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import RenderableType

from carson.core.game import JSON
from carson.games.card import board
from carson.games.card.catalog import Suit, load_catalog
from carson.games.card.city import City, Layout
from carson.games.card.parcels import Parcel
from carson.games.card.previews import ScorePreview
from carson.games.card.scoring import city_points
from carson.games.card.tui.online_screen import ViewScreen, city_of, terrain_card, view_commands
from carson.games.card.tui.places import refusal, to_current, to_stable
from carson.games.card.tui.prompts import list_words, wrap_entries
from carson.games.card.tui.render import Names, city_grid
from carson.terminal.asker import Asker, ask_number, ask_number_or_no, ask_yes_no
from carson.terminal.kit import ViewPresenter
from carson.terminal.texts import Texts


def layout_of(card: JSON) -> Layout:
    """A terrain card's four parcels (top left, top right, bottom left, bottom right)."""
    first, second, third, fourth = (Parcel.from_id(parcel) for parcel in card["parcels"])
    return first, second, third, fourth


class CardViewPresenter(ViewPresenter):
    """The card game at the terminal from a seat's view and the server's legal actions."""

    def names(self, view: JSON, kinds: list[str], people: dict[int, str], texts: Texts) -> Names:
        suits = [Suit(seat["suit"]) for seat in view["seats"]]
        return Names.of_seats(suits, kinds, texts, people)

    def screen(
        self, view: JSON, legal: list[JSON], seat: int, names: Any, texts: Texts
    ) -> RenderableType:
        return ViewScreen(view, seat, names, texts)

    def commands(
        self, view: JSON, legal: list[JSON], seat: int, names: Any, texts: Texts
    ) -> dict[str, Callable[[], RenderableType]]:
        return view_commands(view, seat, names, texts)

    def ask(self, asker: Asker, view: JSON, legal: list[JSON], seat: int, names: Any) -> JSON:
        kinds = {action["kind"] for action in legal}
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
            cards = sorted(int(action["card"]) for action in legal if action["kind"] == "sell")
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
        places = {(int(a["x"]), int(a["y"])): a for a in legal if a["kind"] == "place"}
        question = texts("ui", "prompt_place", card=texts("ui", "terrain", id=card["id"]))
        while True:
            answer = asker(question, words=list_words(texts))
            if answer.lower() in list_words(texts):
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
        ability = next(str(action["ability"]) for action in legal if action["kind"] == "use")
        texts = asker.texts
        name = load_catalog().personality(ability).name(texts.lang)
        explain = texts("explain", ability) if texts.has("explain", ability) else ""
        use = ask_yes_no(asker, texts("ui", "prompt_ability", name=name, explain=explain))
        return next(a for a in legal if a["kind"] == ("use" if use else "pass"))

    def _pick(self, asker: Asker, view: JSON, legal: list[JSON], seat: int) -> JSON:
        me, texts = view["seats"][seat], asker.texts
        city = city_of(me)
        assert city is not None
        holding = ScorePreview(city, [p["id"] for p in me["personalities"]], len(me["sold"]))
        picks = [action for action in legal if action["kind"] == "pick"]
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
        return next(action for action in legal if action["kind"] == "pass")
    return chosen if key is None else _find(legal, key, chosen)


PRESENTER = CardViewPresenter()
