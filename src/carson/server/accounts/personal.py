"""What accounts hold about a person (:mod:`carson.server.kernel.personal_data`): the account
and its sessions, never the password's hash nor a token's digest."""

from carson.server.kernel.db import Token, User
from carson.server.kernel.personal_data import Held

PERSONAL = (
    Held("account", User.id, (User.username, User.created_at, User.is_bot), erase="keep"),
    Held(
        "sessions",
        Token.user_id,
        (Token.public_id, Token.label, Token.created_at, Token.last_used_at, Token.expires_at),
        order=(Token.last_used_at,),
    ),
)
