"""What private messages hold about a person (:mod:`carson.server.kernel.personal_data`): the
messages they wrote and received. A deleted account's written messages keep their place
without their words; those it received go."""

from carson.server.kernel.personal_data import Held
from carson.server.messages.tables import DirectMessage

PERSONAL = (
    Held("messages_written", DirectMessage.sender_id,
         (DirectMessage.recipient_id, DirectMessage.text, DirectMessage.at),
         order=(DirectMessage.at,), accounts=(DirectMessage.recipient_id,),
         erase="blank", blank={"text": ""}),
    Held("messages_received", DirectMessage.recipient_id,
         (DirectMessage.sender_id, DirectMessage.text, DirectMessage.at, DirectMessage.read_at),
         order=(DirectMessage.at,), accounts=(DirectMessage.sender_id,)),
)  # fmt: skip
