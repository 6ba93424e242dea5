"""What notifications hold about a person (:mod:`carson.server.kernel.personal_data`): the
notifications, the settings, and the browsers subscribed to web push (their endpoints, not
their keys)."""

from carson.server.kernel.personal_data import Held
from carson.server.notify.tables import Notification, NotificationSetting, PushSubscription

PERSONAL = (
    Held(
        "notifications",
        Notification.user_id,
        (
            Notification.kind,
            Notification.game_id,
            Notification.payload,
            Notification.created_at,
            Notification.read_at,
        ),
        order=(Notification.created_at,),
    ),
    Held(
        "notification_settings",
        NotificationSetting.user_id,
        (NotificationSetting.kind, NotificationSetting.channel, NotificationSetting.enabled),
    ),
    Held(
        "push_subscriptions",
        PushSubscription.user_id,
        (PushSubscription.endpoint, PushSubscription.created_at),
    ),
)
