"""Online play: the game server, its database and its public HTTP API (``carson serve``)."""

from carson.core.extras import require_extra

# Without the server extra, one line that names it rather than a traceback further in.
require_extra("carson.server", "server")
