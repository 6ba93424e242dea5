"""Notifications on the pages: the bell, the list, one's settings and unsubscribe links."""
