"""Every feature's sections of a person's data, in the order the document lists them."""

from carson.server.accounts import personal as accounts
from carson.server.analysis import personal as analysis
from carson.server.chat import personal as chat
from carson.server.kernel.personal_data import Held
from carson.server.lobby import personal as lobby
from carson.server.mail import personal as mail
from carson.server.messages import personal as messages
from carson.server.notify import personal as notify
from carson.server.people import personal as people
from carson.server.play import personal as play
from carson.server.ratings import personal as ratings
from carson.server.tournaments import personal as tournaments

SECTIONS: tuple[Held, ...] = (
    *accounts.PERSONAL,
    *mail.PERSONAL,
    *play.PERSONAL,
    *ratings.PERSONAL,
    *lobby.PERSONAL,
    *tournaments.PERSONAL,
    *chat.PERSONAL,
    *analysis.PERSONAL,
    *messages.PERSONAL,
    *notify.PERSONAL,
    *people.PERSONAL,
)
#: The sections given out in the document.
EXPORTED: tuple[Held, ...] = tuple(held for held in SECTIONS if held.exported)
