"""The Jinja environment of the pages: the platform's templates, then each installed game's
own (found through its web adapter), in one namespace."""

from __future__ import annotations

from functools import cache

from jinja2 import BaseLoader, ChoiceLoader, Environment, PackageLoader, select_autoescape

from carson.core.registry import games
from carson.web.kernel.adapter import web_game


def environment() -> Environment:
    """The environment for the games installed now (a test may install one later)."""
    return _environment(tuple(games()))


@cache
def _environment(names: tuple[str, ...]) -> Environment:
    loaders: list[BaseLoader] = [PackageLoader("carson.web", "templates")]
    for kind in games().values():
        adapter = web_game(kind)
        if adapter is not None:
            loaders.append(adapter.loader)
    return Environment(
        loader=ChoiceLoader(loaders),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
