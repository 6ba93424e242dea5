"""The games, one package each (``card``, ``board``): everything specific to a game lives in
its package and is offered to the platform through the ``carson.games`` entry-point group
(:mod:`carson.core.registry`). No platform module imports from here."""
