"""The words of the mails carson sends about an account, in the recipient's language: the
server's own catalog (``carson/server/locale/<lang>/LC_MESSAGES/mail.po``), each mail as
plain text and as simple HTML built from the same translated paragraphs."""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import escape

from carson.core.i18n import chain
from carson.server.mail.sending import MailMessage
from carson.server.mail.tokens import LIFETIMES, Purpose

#: The server's catalog of mail.
CATALOG = ("carson.server", "mail")
#: The pages a mailed link opens, by purpose (the web pages of carson.web serve them).
LINK_PATHS: dict[Purpose, str] = {"verify": "/email/verify", "reset": "/password/reset"}


@dataclass(frozen=True)
class AccountMail:
    """What an account mail says: whom it greets, where its link goes."""

    purpose: Purpose
    username: str
    link: str


def compose(mail: AccountMail, to: str, lang: str) -> MailMessage:
    """The mail in ``lang``: a subject, the text and its HTML alternative."""
    _ = chain((CATALOG,), lang).gettext
    lifetime = LIFETIMES[mail.purpose]
    if mail.purpose == "verify":
        subject = _("Confirm your e-mail address for carson")
        before = _("To confirm that this address is yours, open this link within %(hours)s hours:")
        before %= {"hours": int(lifetime.total_seconds() // 3600)}
        after = _("If you did not ask for this, ignore this mail: the address stays unconfirmed.")
        button = _("Confirm the address")
    else:
        subject = _("Reset your carson password")
        before = _(
            "Someone, you we hope, asked to reset the password of your account. To choose "
            "a new one, open this link within %(minutes)s minutes:"
        ) % {"minutes": int(lifetime.total_seconds() // 60)}
        after = _(
            "The link works once. If you did not ask for this, ignore this mail: your "
            "password stays as it is."
        )
        button = _("Choose a new password")
    hello = _("Hello %(username)s,") % {"username": mail.username}
    text = "\n\n".join((hello, before, mail.link, after)) + "\n"
    html = (
        f'<!doctype html><html lang="{lang}"><body>'
        f"<p>{escape(hello)}</p><p>{escape(before)}</p>"
        f'<p><a href="{escape(mail.link)}">{escape(button)}</a></p>'
        f"<p>{escape(mail.link)}</p><p>{escape(after)}</p></body></html>"
    )
    return MailMessage(to=to, subject=subject, text=text, html=html, language=lang)
