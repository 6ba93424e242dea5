"""carson — Carson City on a computer: engine, AI, terminal and web play."""

from importlib.metadata import version

#: The installed distribution's version: pyproject.toml is its one source (``carson
#: --version`` and the API's OpenAPI document both show it).
__version__ = version("carson")
