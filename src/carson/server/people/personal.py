"""What people holds about a person (:mod:`carson.server.kernel.personal_data`): whom they
follow and whom they blocked (never who blocked them)."""

from carson.server.kernel.personal_data import Held
from carson.server.people.tables import Block, Follow

PERSONAL = (
    Held("follows", Follow.user_id, (Follow.friend_id, Follow.since), accounts=(Follow.friend_id,)),
    Held("blocks", Block.user_id, (Block.blocked_id, Block.since), accounts=(Block.blocked_id,)),
    Held("followed_by", Follow.friend_id, (Follow.since,), exported=False),
    Held("blocked_by", Block.blocked_id, (Block.since,), exported=False),
)
