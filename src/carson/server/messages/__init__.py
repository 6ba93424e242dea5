"""Private messages between two people (issue 48): written by name, read as conversations,
never between people a block keeps apart, rate-limited with the chat's rate, reportable to
the administrators (their reports page, :mod:`carson.server.chat.admin`), and told to the
recipient as a ``message`` notification."""
