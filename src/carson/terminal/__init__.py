"""Playing in a terminal: ``carson play`` and ``carson replay``, drawn with Rich."""
