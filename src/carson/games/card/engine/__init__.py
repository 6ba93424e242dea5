"""The complete card game (CG-2 to CG-9) behind the :mod:`carson.core.game` protocol."""
