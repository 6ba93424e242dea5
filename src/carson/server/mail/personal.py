"""What mail holds about a person (:mod:`carson.server.kernel.personal_data`): the address,
whether it is verified, and the language mails are written in."""

from carson.server.kernel.personal_data import Held
from carson.server.mail.tables import AccountLanguage, MailAddress, MailToken

PERSONAL = (
    Held(
        "mail_address",
        MailAddress.user_id,
        (MailAddress.address, MailAddress.verified, MailAddress.changed_at),
    ),
    Held("mail_language", AccountLanguage.user_id, (AccountLanguage.lang,)),
    Held(
        "mail_links",
        MailToken.user_id,
        (MailToken.purpose, MailToken.address, MailToken.expires_at),
    ),
)
