"""The board game's decisions: for each kind, what is legal and what an action does.

``legal_<kind>(game, seat)`` lists the actions; ``apply_<kind>(game, seat, action, decision)``
plays one (the state has already checked it is legal) and may open the next decision.
:mod:`~carson.games.board.engine.decisions.registry` maps each kind to its pair.
"""
