"""carson — Carson City on a computer: engine, AI, terminal and web play."""

from importlib.metadata import version

#: The name carson is installed by (``pip install carson-city``): ``carson`` on the public
#: index is another project. The import package and the command are ``carson``.
DISTRIBUTION = "carson-city"

#: The installed distribution's version: pyproject.toml is its one source (``carson
#: --version`` and the API's OpenAPI document both show it).
__version__ = version(DISTRIBUTION)
