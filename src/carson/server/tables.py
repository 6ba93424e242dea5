"""Every table of the server, for the schema as a whole: the kernel's and each feature's.

Each feature keeps its tables in its own package, on the kernel's declarative ``Base``
(:mod:`carson.server.kernel.db`); the kernel imports no feature, so what needs the whole
schema — the migrations' environment, the test that compares the migrated schema with the
models, the composition root — imports this module.
"""

from __future__ import annotations

from carson.server.analysis import tables as analysis_tables
from carson.server.chat import tables as chat_tables
from carson.server.kernel.db import Base
from carson.server.lobby import guide_tables
from carson.server.mail import tables as mail_tables
from carson.server.messages import tables as messages_tables
from carson.server.notify import tables as notify_tables
from carson.server.people import tables as people_tables
from carson.server.play import vacations as vacation_tables
from carson.server.tournaments import tables as tournament_tables
from carson.server.your_data import tables as your_data_tables

#: The metadata of every table.
METADATA = Base.metadata

FEATURE_TABLES = (
    analysis_tables,
    chat_tables,
    guide_tables,
    mail_tables,
    messages_tables,
    notify_tables,
    people_tables,
    tournament_tables,
    vacation_tables,
    your_data_tables,
)
