"""carson — Carson City on a computer: engine, AI, terminal and web play."""

__version__ = "0.1.0"
