"""Time left on a clock as the pages show it (the game's clock panel, My games)."""

from __future__ import annotations

__all__ = ["shown_time"]


def shown_time(seconds: float, days_hours: str | None = None) -> str:
    """Seconds left as a clock shows them: ``4:05``, ``1:02:03``, ``2d 3:04``; a
    correspondence clock in days and hours only, by its translated ``days_hours`` format
    (``2 d 3 h``). The same as ``formatLeft`` in ``static/clocks.js``."""
    whole = max(0, int(seconds))
    days, rest = divmod(whole, 86_400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days_hours is not None:
        return days_hours % {"days": days, "hours": hours}
    if days:
        return f"{days}d {hours}:{minutes:02d}"
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"
