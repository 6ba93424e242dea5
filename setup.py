"""setuptools' build (the project is described in pyproject.toml), with one step more: the
gettext catalogs are compiled, each ``locale/<lang>/LC_MESSAGES/<domain>.po`` into a ``.mo``
beside it in the wheel, so that an installed carson reads them without compiling
(:func:`carson.core.i18n.catalog` compiles a ``.po`` itself only where no ``.mo`` is: a
source checkout)."""

from __future__ import annotations

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools import setup
from setuptools.command.build_py import build_py


def compile_catalogs(package: Path) -> list[Path]:
    """Every catalog under ``package``, compiled beside its ``.po``; the ``.mo`` written."""
    written = []
    for po in sorted(package.rglob("locale/*/LC_MESSAGES/*.po")):
        with po.open("rb") as source:
            messages = read_po(source, locale=po.parts[-3])
        mo = po.with_suffix(".mo")
        with mo.open("wb") as compiled:
            write_mo(compiled, messages)
        written.append(mo)
    return written


class BuildWithCatalogs(build_py):
    """``build_py``, then the catalogs of the built package compiled (not in editable mode:
    that builds nothing into the sources)."""

    def run(self) -> None:
        super().run()
        if not self.editable_mode:
            compile_catalogs(Path(self.build_lib) / "carson")


setup(cmdclass={"build_py": BuildWithCatalogs})
