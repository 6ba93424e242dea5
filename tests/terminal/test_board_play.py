"""``carson play --game board`` driven through the real loop, prompts and parsers: whole
games from a scripted keyboard, every decision kind's question, bad answers, hot seat and
secrets (BG-11), saving, resuming and replaying."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from carson.core.i18n import LANGUAGES
from carson.core.players import Player
from carson.games.board.ai.greedy import GreedyPlayer
from carson.games.board.engine.actions import PASS, BoardAction
from carson.games.board.engine.log import board_game_log
from carson.games.board.engine.observation import BoardObservation, determinize
from carson.games.board.engine.queries import occupied_costs
from carson.games.board.engine.state import SPACES, BoardGameState, S
from carson.games.board.match import record_of
from carson.games.board.town import HOUSE, coords, edge_name, parcel
from carson.games.board.tui.events import describe_board_event
from carson.games.board.tui.kit import KIT as BOARD_KIT
from carson.games.board.tui.kit import new_board_state
from carson.games.board.tui.names import BoardNames
from carson.games.board.tui.prompts import ask_board_action
from carson.games.board.tui.render import board_screen
from carson.games.board.tui.texts import texts
from carson.games.board.tui.town import town_grid
from carson.terminal.asker import Asker
from carson.terminal.game import TerminalGame
from carson.terminal.replay import ReplayViewer
from carson.terminal.saves import SaveError, load_save, read_save

#: Every decision kind of the engine (the state's docstring).
DECISION_KINDS = {
    "vote", "purchase", "claim", "personality", "settler", "menu", "place", "order", "tile",
    "buy_parcels", "construct", "house", "grant", "stored", "count", "roads",
}  # fmt: skip


def console() -> Console:
    return Console(file=io.StringIO(), width=120, height=60, record=True, color_system=None)


def typed(state: BoardGameState, seat: int, action: BoardAction) -> str:
    """What a player types at the question of ``state``'s decision to choose ``action``."""
    decision = state.decision
    assert decision is not None
    return typed_for(decision.kind, state.legal_actions(seat), action)


def typed_for(decision: str, legal: list[BoardAction], action: BoardAction) -> str:
    """What a player types at a question of this decision kind to choose ``action``."""
    kind, arg = action.kind, action.arg
    if kind == "pass":
        return {"purchase": "done", "place": "pass", "menu": "0"}.get(decision, "no")
    if kind == "vote":
        return " ".join(str(card + 1) for card in range(7) if arg >> card & 1) or "none"
    if kind == "purchase":
        return str(arg + 1)
    if kind in ("claim", "order", "buy_parcel", "build", "house", "grant"):
        return "{} {}".format(*coords(arg))
    if kind == "personality":
        return str(arg + 1)  # the card numbers are 1–7 in this order (BG-7.1)
    if kind == "option":
        return str([a for a in legal if a.kind == "option"].index(action) + 1)
    if kind in ("cowboy", "white"):
        target = str(arg + 1) if arg < SPACES else "{} {}".format(*coords(arg - SPACES))
        return f"w {target}" if kind == "white" else target
    if kind in ("tile", "count"):
        return str(arg)
    if kind == "store":
        return "store"
    if kind == "road":
        return " ".join(map(str, edge_name(arg)))
    if kind == "ask":
        return f"ask {arg + 1}"
    if kind == "grant_all":
        return "all"
    assert kind == "build_stored"
    return str([a for a in legal if a.kind == "build_stored"].index(action) + 1)


class BoardKeyboard:
    """Answers every question of the real loop as a player would type it, deciding with
    ``player``; ``mistakes``: bad answers typed the first time a decision kind is asked;
    ``quit_in_round``: types ``quit`` at the first question of that round."""

    def __init__(
        self,
        player: Player[Any],
        mistakes: dict[str, list[str]] | None = None,
        quit_in_round: int | None = None,
    ) -> None:
        self.game: TerminalGame | None = None
        self.quit_in_round = quit_in_round
        self.player = player
        self.asked: list[str] = []
        self._mistakes = {kind: iter(answers) for kind, answers in (mistakes or {}).items()}

    def __call__(self, prompt: str) -> str:
        if prompt == "":
            return ""  # the hot-seat pause: press Enter
        assert self.game is not None
        state = self.game.state
        seat = state.seats_to_act[0]  # machines act first: a human is asked only alone
        assert state.decision is not None and seat not in self.game.players
        kind = state.decision.kind
        if state.round.number == self.quit_in_round:
            return "quit"
        mistake = next(self._mistakes.get(kind, iter(())), None)
        if mistake is not None:
            return mistake
        self.asked.append(kind)
        action = self.player.choose(BoardObservation(state, seat), state.legal_actions(seat))
        return typed(state, seat, action)


def play(
    kinds: list[str],
    seed: int,
    keyboard: BoardKeyboard,
    variants: tuple[str, ...] = (),
    lang: str = "en",
    save: Path | None = None,
) -> tuple[TerminalGame, int, str]:
    screen = console()
    state = new_board_state(kinds, seed, variants)
    game = TerminalGame(state, kinds, texts(lang), screen, keyboard, save, 0)
    keyboard.game = game
    code = game.run()
    return game, code, screen.export_text()


def test_a_whole_game_against_two_greedy_bots(tmp_path: Path) -> None:
    save = tmp_path / "board.json"
    kinds = ["human", "greedy", "greedy"]
    game, code, out = play(kinds, 1, BoardKeyboard(GreedyPlayer(5)), save=save)
    state = game.state
    assert code == 0 and state.is_over
    for shown in ("Round 1 of 4", "Round 4 of 4", "Action track, row 3", "Personalities",
                  "Players", "Town (columns A–H, rows 1–8)", "Game over", "Winner: "):  # fmt: skip
        assert shown in out, shown
    # The final sheet: VP of the game + parcels + money = the engine's scores (BG-8.2).
    result = state.result()
    assert result is not None
    # A line per seat, its name first: its total last (issue 46: no header to scroll away).
    sheet = out[out.rindex("Game over") :].splitlines()
    for seat, score in enumerate(result.scores):
        line = next(line for line in sheet if line.strip().startswith(game.names.seat(seat)))
        during, parcels, money, total = map(int, line.split()[-4:])
        assert total == score == during + parcels + money, line
    saved, saved_kinds, lang = load_save(save)
    assert isinstance(saved, BoardGameState) and saved.is_over and saved.result() == result
    assert saved_kinds == kinds and lang == "en"
    assert save.with_suffix(".log.txt").read_text() == board_game_log(state)
    data = json.loads(save.read_text())
    assert data["record"]["game"] == "board" and data["record"]["seed"] == 1


@pytest.mark.slow  # runs long: whole games or many cases
def test_hot_seat_quit_and_resume_with_vote_duel_tiles_and_new_beginning_in_german(
    tmp_path: Path,
) -> None:
    """BG-10.1, BG-10.2, BG-10.4 at one keyboard: the secret steps are asked of each human
    in turn, with the screen cleared and the keyboard handed over in between; 'quit' in
    round 2 saves the game, and --resume plays it to the end."""
    save = tmp_path / "saved.json"
    kinds = ["human", "greedy", "human"]
    variants = ("vote-sides", "duel-tiles", "new-beginning")
    keyboard = BoardKeyboard(GreedyPlayer(3), quit_in_round=2)
    game, code, out = play(kinds, 7, keyboard, variants, lang="de", save=save)
    assert code == 3 and game.state.round.number == 2
    assert {"vote", "purchase", "tile", "claim", "personality", "place"} <= set(keyboard.asked)
    assert "Gib die Tastatur an Blau 1 · Spieler 1 weiter" in out
    assert "Gib die Tastatur an Lila 3 · Spieler 3 weiter" in out
    assert "Wähle geheim dein Duellplättchen" in out and "Stimmen ausgezählt" in out
    assert f"Spiel gespeichert in {save}" in out
    saved = read_save(save)
    state = saved.state
    assert isinstance(state, BoardGameState) and not state.is_over
    assert saved.kinds == kinds and saved.lang == "de" and state.config.variants == set(variants)
    assert state.actions == game.state.actions
    keyboard = BoardKeyboard(GreedyPlayer(4))
    screen = console()
    resumed = TerminalGame(state, saved.kinds, texts(saved.lang), screen, keyboard, save, 0,
                           log=saved.log, seen=saved.seen)  # fmt: skip
    keyboard.game = resumed
    assert resumed.run() == 0 and load_save(save)[0].is_over
    out = screen.export_text()
    assert "Runde 4 von 4" in out and "Spielende" in out and "(Plättchen + Stärke)" in out


def _random_games(count: int) -> Iterator[tuple[BoardGameState, str]]:
    """Fresh games of every variant mix and 2–5 seats, each with a language, in a fixed order."""
    mixes = [
        ("river", "vote-sides"), ("duel-tiles", "new-beginning"), ("red-sides",),
        ("random-sides", "river", "duel-tiles"), (), ("new-beginning", "river", "red-sides"),
    ]  # fmt: skip
    for number in range(count):
        kinds = ["human"] * (2 + number % 4)
        state = new_board_state(kinds, 100 + number, mixes[number % len(mixes)])
        yield state, LANGUAGES[number % len(LANGUAGES)]


#: Actions a random player takes more often than the others, so that building, roads,
#: permissions and menus come up in every game.
EAGER = ("build", "house", "ask", "grant", "road", "buy_parcel", "build_stored", "option")


def _eager_choice(rng: random.Random, legal: list[BoardAction]) -> BoardAction:
    eager = [action for action in legal if action.kind in EAGER]
    return rng.choice(eager if eager and rng.random() < 0.7 else legal)


def _scripted_asker(answers: list[str], lang: str) -> tuple[Asker, Console]:
    screen = console()
    feed = iter(answers)
    return Asker(lambda _: next(feed), screen, texts(lang), ("board", "help_all")), screen


def _error_texts(lang: str) -> list[str]:
    """The start of every board error message in ``lang`` (before any placeholder)."""
    words = texts(lang)
    errors = [key for key in words.keys("board") if key.startswith("err_")]
    return [words.template("board", key).split("{")[0] for key in errors]


def test_every_decision_kind_has_a_question_that_reads_back_the_chosen_action() -> None:
    """Random games of every variant, in every language: at a decision the chosen action,
    typed as a player would, is parsed back to that very action (up to 6 decisions per kind
    and game); the first time a kind comes up, a nonsense answer comes first and gets a
    message saying what is wanted. Every event has its line."""
    seen: set[str] = set()
    for state, lang in _random_games(6):
        names = BoardNames(state, ["human"] * state.config.players, texts(lang))
        rng = random.Random(state.seed)
        asked: dict[str, int] = {}
        while not state.is_over:
            seat = state.seats_to_act[0]
            assert state.decision is not None
            kind = state.decision.kind
            action = _eager_choice(rng, state.legal_actions(seat))
            count = asked[kind] = asked.get(kind, 0) + 1
            if count <= 6:
                answers = [typed(state, seat, action)]
                if count == 1:  # a bad answer first, and the whole screen once
                    answers.insert(0, "zzz")
                    board_screen(state, seat, names, texts(lang))
                asker, screen = _scripted_asker(answers, lang)
                assert ask_board_action(asker, state, seat, names) == action, (kind, answers)
                out = screen.export_text()
                assert count > 1 or any(error in out for error in _error_texts(lang)), out
                seen.add(kind)
            for event in state.apply(seat, action):
                line = describe_board_event(event, names, texts(lang))
                assert line is None or "{" not in line
    assert seen == DECISION_KINDS


def test_bad_answers_get_a_message_and_the_question_again() -> None:
    mistakes = {
        "claim": ["", "abc", "9 9", "help", "prices", "board", "3"],
        "personality": ["0", "banana"],
        "place": ["xyz", "99", "5", "list", "w 1", "9 9 9"],
        "menu": ["7"],
        "construct": ["ask x", "H 99 99", "fly"],
        "count": ["-1", "1000"],
        "stored": ["12"],
        "buy_parcels": ["1"],
    }
    keyboard = BoardKeyboard(GreedyPlayer(2), mistakes)
    game, code, out = play(["human", "greedy"], 3, keyboard)
    assert code == 0 and game.state.is_over
    for message in (
        "Please type a parcel as on the board: a column A–H and a row 1–8, like: C4",
        "Please type the number (1–7) or the name of a personality",
        "Please type a space (1–23 or its name), a parcel (like C4)",
        "takes no cowboys",  # 5: the parcel purchase reminder is a reminder on the track
        "You do not have the white cowboy.",
        "Type your answer and press Enter. Parcels are named as on the board",  # help
        "Prices and incomes",  # prices (BG-9.5)
        "Free parcels (parcel $price, *N = player N is there): A1 $",  # list (with prices)
        "Please type a number from 1 to 1, or 0 / 'no'.",  # a menu
        "Please type 'ask' and a player's number, like: ask 2",
        "Please type a parcel to build there (like",
        "Please type a number from 0 to",  # VP to buy
    ):
        assert message in " ".join(out.split()), message  # lines wrap at the console width
    assert "Traceback" not in out
    assert set(mistakes) - {"stored", "buy_parcels"} <= set(keyboard.asked)


def test_a_save_whose_seats_do_not_fit_the_game_is_refused(tmp_path: Path) -> None:
    state = new_board_state(["human", "greedy"], 2)
    path = tmp_path / "bad.json"
    data = {"format": 1, "program": "carson play", "seats": ["human", "greedy", "greedy"],
            "lang": "en", "record": record_of(state).to_json()}  # fmt: skip
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="seat kinds do not match"):
        load_save(path)
    data["seats"] = ["human", "expert"]  # a card-game kind
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="seat kinds do not match"):
        load_save(path)


def _secret_pending(state: BoardGameState) -> str | None:
    """The secret step whose choices some seat has made and others not yet (BG-11)."""
    decision = state.decision
    if decision is None:
        return None
    players = state.players
    if decision.kind == "vote" and any(p.vote is not None for p in players):
        return "vote"
    if decision.kind == "tile" and any(p.tile_choice is not None for p in players):
        return "tile"
    if decision.kind == "purchase" and any(p.purchases for p in players):
        return "purchase"
    return None


def test_secret_choices_never_reach_another_humans_screen() -> None:
    """BG-11.3–11.5 at the terminal: while a vote, a duel tile or new-beginning purchases
    are pending, what the next human is shown is the same whatever the other seats' secrets
    (their votes, tiles in hand, chosen tiles and purchases are drawn again)."""
    checked: dict[str, int] = {}
    for seed in range(4):
        kinds = ["human"] * (3 + seed % 3)
        variants = ("vote-sides", "duel-tiles", "new-beginning")
        state = new_board_state(kinds, seed, variants)
        rng = random.Random(seed)
        while not state.is_over and state.round.number <= 2:
            seat = state.seats_to_act[0]
            secret = _secret_pending(state)
            if secret is not None and checked.get(secret, 0) < 3 * (seed + 1):
                other = determinize(state, seat, rng)
                shown, other_shown = console(), console()
                for game, screen in ((state, shown), (other, other_shown)):
                    names = BoardNames(game, kinds, texts("en"))
                    screen.print(board_screen(game, seat, names, texts("en")))
                assert shown.export_text() == other_shown.export_text(), secret
                checked[secret] = checked.get(secret, 0) + 1
            state.apply(seat, _eager_choice(rng, state.legal_actions(seat)))
    assert set(checked) == {"vote", "tile", "purchase"}


def test_the_town_shows_owners_tiles_cowboys_roads_and_legal_marks() -> None:
    """The grid: each parcel is owner digit, tile letter, ``+`` when legal, cowboys; the
    centre's four roads on its edges (BG-3.4)."""
    state = new_board_state(["human", "greedy", "greedy"], 4)
    centre = state.town.tiles.index(HOUSE)
    cx, cy = coords(centre)
    ranch = next(p for p in range(64) if state.town.tiles[p] is None and coords(p)[1] not in (cy,
                 cy + 1))  # fmt: skip
    state.town.set_owner(ranch, 1)
    state.town.tiles[ranch] = "ranch"
    state.cowboys_at[SPACES + ranch] = [(0, False), (2, False)]
    state.cowboys_at[S["wages"]] = [(1, True)]
    grid = town_grid(state.view(0), marks=frozenset({parcel(7, 7)})).plain.split("\n")

    def cell(x: int, y: int) -> str:
        line = grid[2 + 2 * y]
        return line[4 + 7 * x : 10 + 7 * x]

    rx, ry = coords(ranch)
    assert cell(rx, ry) == "2R bp "  # Blue 1 and Purple 3: their letters (issue 46)
    assert cell(cx, cy)[1] == "h" and cell(7, 7) == "  +   "
    assert grid[1 + 2 * cy][4 + 7 * cx : 10 + 7 * cx] == "━" * 6  # the top road H(cx, cy)
    assert grid[2 + 2 * cy][3 + 7 * cx] == "┃" and grid[2 + 2 * cy][10 + 7 * cx] == "┃"
    screen = console()
    screen.print(board_screen(state, 0, BoardNames(state, ["human", "greedy", "greedy"],
                                                   texts("en")), texts("en")))  # fmt: skip
    assert any("  1 Wages" in line and line.rstrip().endswith("w")
               for line in screen.export_text().splitlines())  # fmt: skip


def test_placement_shows_what_winning_the_occupied_places_would_cost() -> None:
    """BG-9.5: the $ sum of the spaces one's cowboys occupy (parcel prices, building
    prices; half for the yellow Worker, BG-5.6)."""
    state = new_board_state(["human", "greedy"], 6)
    free = next(p for p in range(64) if state.town.owners[p] < 0 and state.town.tiles[p] is None)
    state.cowboys_at[SPACES + free] = [(0, False)]
    state.cowboys_at[S["build_10"]] = [(0, False), (1, False)]
    state.cowboys_at[S["wages"]] = [(0, False)]
    state.cowboys_at[S["build_12"]] = [(1, False)]
    assert occupied_costs(state, 0) == (state.town.price(free), 10)
    state.players[0].personality, state.players[0].side = "worker", "yellow"
    assert occupied_costs(state, 0) == (state.town.price(free), 5)


def test_replay_steps_through_a_saved_board_game(tmp_path: Path) -> None:
    from carson.games.board.match import play_game

    state = play_game(["greedy", "greedy"], 5, ("duel-tiles",))
    save = tmp_path / "g.json"
    data = {"format": 1, "program": "carson play", "seats": ["human", "greedy"], "lang": "en",
            "record": record_of(state).to_json()}  # fmt: skip
    save.write_text(json.dumps(data))
    loaded, kinds, _ = load_save(save)
    record = BOARD_KIT.record_of(loaded)
    total = len(record.actions)
    answers = iter(["", "p", "g 5", "wat", f"g {total}", "q"])
    screen = console()
    viewer = ReplayViewer(record, kinds, texts("en"), screen, lambda _: next(answers))
    assert viewer.run() == 0
    out = screen.export_text()
    for step in (0, 1, 5, total):
        assert f"Replay: step {step} of {total}" in out
    assert "Unknown command" in out and "Game over" in out and "VP for money" in out


def test_keywords_work_in_the_players_language_and_in_english() -> None:
    """Pass and store words: 'passen' in German as well as 'pass'."""
    state = new_board_state(["human", "human"], 8)
    names = BoardNames(state, ["human", "human"], texts("de"))
    while state.decision is not None and state.decision.kind != "place":
        seat = state.seats_to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.seats_to_act[0]
    for word in ("passen", "pass", "nein", "n"):
        asker, _ = _scripted_asker([word], "de")
        assert ask_board_action(asker, state, seat, names) == PASS
    asker, screen = _scripted_asker(["liste", "1"], "de")
    assert ask_board_action(asker, state, seat, names) == BoardAction("cowboy", S["wages"])
    out = " ".join(screen.export_text().split())  # lines wrap at the console's width
    assert "Freie Grundstücke (Grundstück $Preis, *N = Spieler N ist dort):" in out
    assert "H8 $1" in out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_screen_and_questions_exist_in_every_language(lang: str) -> None:
    """Every text the board screen uses is there in each language (no missing key)."""
    state = new_board_state(["human", "greedy", "human"], 3, ("duel-tiles", "vote-sides"))
    names = BoardNames(state, ["human", "greedy", "human"], texts(lang))
    screen = console()
    screen.print(board_screen(state, 0, names, texts(lang)))
    screen.print(BOARD_KIT.commands(state, 0, names, texts(lang))[
        texts(lang)("board", "prices_words").split()[0]]())  # fmt: skip
    out = screen.export_text()
    assert texts(lang)("board", "personalities") in out
    assert texts(lang)("board_colours", "c1") in out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_roads_taken_back_are_told(lang: str) -> None:
    """BG-9.1: a stored building takes its roads back; the news line says which."""
    from carson.core.game import Event

    state = new_board_state(["human", "random"], 1)
    names = BoardNames(state, ["human", "random"], texts(lang))
    event = Event("roads_back", {"seat": 0, "edges": [["H", 4, 3], ["V", 5, 3]]})
    line = describe_board_event(event, names, texts(lang))
    top, left = texts(lang)("board", "side_top"), texts(lang)("board", "side_left")
    assert line is not None and f"E4 {top}" in line and f"F4 {left}" in line
    english = describe_board_event(event, names, texts("en"))
    assert (line == english) == (lang == "en")
