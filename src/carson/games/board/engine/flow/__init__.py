"""The board game's steps, run one after another from the task queue of a
:class:`~carson.games.board.engine.table.BoardTable`: setup (BG-3), the round's phases
(BG-4), actions and duels (BG-5, BG-6.7), the end of a round and of the game (BG-4.4, BG-8).
A step either finishes or opens a decision (see :mod:`carson.games.board.engine.decisions`);
the table :data:`~carson.games.board.engine.flow.run.STEPS` names each task's step.
"""
