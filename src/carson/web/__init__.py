"""The web interface: server-rendered pages (Jinja2 + htmx) on top of the game server."""
