"""The web interface: server-rendered pages (Jinja2 + htmx) on top of the game server."""

from carson.core.extras import require_extra

# Without the server extra, one line that names it rather than a traceback further in.
require_extra("carson.web", "server")
