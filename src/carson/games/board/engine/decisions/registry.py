"""Each decision kind's legal actions and how an action is applied: explicit tables."""

from __future__ import annotations

from collections.abc import Callable

from carson.games.board.engine.actions import BoardAction
from carson.games.board.engine.decisions import construction, menus, secret, turns
from carson.games.board.engine.model import Decision, DecisionKind
from carson.games.board.engine.table import BoardTable

Legal = Callable[[BoardTable, int], list[BoardAction]]
Apply = Callable[[BoardTable, int, BoardAction, Decision], None]

K = DecisionKind
LEGAL: dict[DecisionKind, Legal] = {
    K.VOTE: secret.legal_vote,
    K.PURCHASE: secret.legal_purchase,
    K.CLAIM: turns.legal_claim,
    K.PERSONALITY: turns.legal_personality,
    K.SETTLER: turns.legal_settler,
    K.MENU: menus.legal_menu,
    K.PLACE: turns.legal_place,
    K.ORDER: turns.legal_order,
    K.TILE: secret.legal_tile,
    K.BUY_PARCELS: turns.legal_buy_parcels,
    K.CONSTRUCT: construction.legal_construct,
    K.HOUSE: construction.legal_house,
    K.GRANT: construction.legal_grant,
    K.STORED: construction.legal_stored,
    K.COUNT: turns.legal_count,
    K.ROADS: turns.legal_roads,
}
APPLY: dict[DecisionKind, Apply] = {
    K.VOTE: secret.apply_vote,
    K.PURCHASE: secret.apply_purchase,
    K.CLAIM: turns.apply_claim,
    K.PERSONALITY: turns.apply_personality,
    K.SETTLER: turns.apply_settler,
    K.MENU: menus.apply_menu,
    K.PLACE: turns.apply_place,
    K.ORDER: turns.apply_order,
    K.TILE: secret.apply_tile,
    K.BUY_PARCELS: turns.apply_buy_parcels,
    K.CONSTRUCT: construction.apply_construct,
    K.HOUSE: construction.apply_house,
    K.GRANT: construction.apply_grant,
    K.STORED: construction.apply_stored,
    K.COUNT: turns.apply_count,
    K.ROADS: turns.apply_roads,
}
#: Kinds whose listing above is built in ascending index order already (tested): the
#: engine's ``legal_actions`` need not sort them.
ASCENDING: frozenset[DecisionKind] = frozenset(
    {K.CLAIM, K.SETTLER, K.PLACE, K.ORDER, K.BUY_PARCELS, K.HOUSE, K.GRANT, K.COUNT, K.ROADS}
)
assert set(LEGAL) == set(APPLY) == set(DecisionKind), "every decision kind has its pair"
