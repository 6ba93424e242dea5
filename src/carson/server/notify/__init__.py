"""Notifications: written with what causes them, shown in the bell, sent as mail and web push."""
