"""What the chat holds about a person (:mod:`carson.server.kernel.personal_data`): the
messages they wrote (in games and in the lobby), whom they muted, what they reported."""

from carson.server.chat.lobby_tables import LobbyMessage, LobbyReport
from carson.server.chat.tables import ChatMessage, ChatMute, ChatReport
from carson.server.kernel.personal_data import Held

PERSONAL = (
    Held(
        "chat_messages",
        ChatMessage.user_id,
        (
            ChatMessage.game_id,
            ChatMessage.seq,
            ChatMessage.channel,
            ChatMessage.text,
            ChatMessage.phrase,
            ChatMessage.at,
        ),
        order=(ChatMessage.at,),
        erase="blank",  # the chat's numbering stays; the words go
        blank={"text": "", "phrase": None},
    ),
    Held(
        "chat_mutes",
        ChatMute.user_id,
        (ChatMute.muted_id, ChatMute.at),
        accounts=(ChatMute.muted_id,),
    ),
    Held(
        "chat_reports",
        ChatReport.reporter_id,
        (ChatReport.message_id, ChatReport.reason, ChatReport.at, ChatReport.resolution),
        order=(ChatReport.at,),
    ),
    Held("muted_by_others", ChatMute.muted_id, (ChatMute.at,), exported=False),
    Held(
        "lobby_chat_messages",
        LobbyMessage.user_id,
        (LobbyMessage.room, LobbyMessage.seq, LobbyMessage.text, LobbyMessage.at),
        order=(LobbyMessage.at,),
        erase="blank",  # the room's numbering stays; the words go
        blank={"text": ""},
    ),
    Held(
        "lobby_chat_reports",
        LobbyReport.reporter_id,
        (LobbyReport.message_id, LobbyReport.reason, LobbyReport.at, LobbyReport.resolution),
        order=(LobbyReport.at,),
    ),
)
