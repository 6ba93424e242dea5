"""Your data (issue 48): everything the site holds about a person, to download
(:mod:`.export`), and deleting one's account after a grace period (:mod:`.deletion`).

Each feature declares what it holds about a person in its own ``personal.py`` (sections of
:class:`~carson.server.kernel.personal_data.Held`: which rows, which columns are given out,
how they are erased); this package, part of the composition root, gathers them
(:data:`.sections.SECTIONS`).
"""
