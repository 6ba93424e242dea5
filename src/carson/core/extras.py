"""carson's optional parts (the extras of ``pip install 'carson-city[...]'``) and the one-line
message a missing one gives.

carson with no extra (``pip install .``) brings the engines, the AI, the scoring assistant,
the terminal and the command line. The server, PostgreSQL, the learning environments and Ray
are extras: without one, the feature that needs it says which to install instead of a
traceback.
"""

from __future__ import annotations

from importlib.util import find_spec

from carson import DISTRIBUTION

#: The top-level modules each extra installs that carson imports (pyproject.toml lists
#: their distributions; a test keeps the two in step). Modules only on some platforms
#: (uvloop, pyspiel) are left out: carson runs without them.
EXTRA_MODULES: dict[str, tuple[str, ...]] = {
    "server": (
        "fastapi",
        "uvicorn",
        "sqlalchemy",
        "alembic",
        "argon2",
        "jinja2",
        "python_multipart",
        "cachetools",
        "limits",
        "orjson",
        "prometheus_client",
        "pydantic_settings",
    ),
    "postgres": ("psycopg",),
    "rl": ("numpy", "gymnasium", "pettingzoo"),
    "ray": ("ray",),
    "train": ("torch",),  # examples/rllib_card.py; carson itself never imports it
}


class MissingExtra(ImportError):
    """A feature was used without the extra it needs installed."""

    def __init__(self, feature: str, extra: str) -> None:
        super().__init__(f"{feature} needs the {extra} extra: {install_hint(extra)}")
        self.feature = feature
        self.extra = extra


def install_hint(extra: str) -> str:
    """The command that installs carson with ``extra``: ``pip install 'carson-city[server]'``."""
    return f"pip install '{DISTRIBUTION}[{extra}]'"


def missing_modules(extra: str) -> list[str]:
    """The modules of ``extra`` that cannot be imported here (none: it is installed)."""
    return [module for module in EXTRA_MODULES[extra] if find_spec(module) is None]


def require_extra(feature: str, extra: str) -> None:
    """Raise :class:`MissingExtra` unless every module of ``extra`` can be imported."""
    if missing_modules(extra):
        raise MissingExtra(feature, extra)


def extra_providing(error: ModuleNotFoundError) -> str | None:
    """The extra that installs the module ``error`` did not find; ``None`` when no extra
    does (then the error is a fault of its own, to be raised as it is)."""
    top_level = (error.name or "").partition(".")[0]
    return next((extra for extra, modules in EXTRA_MODULES.items() if top_level in modules), None)
