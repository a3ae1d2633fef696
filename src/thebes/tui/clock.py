"""A time to play in words: the lobby's "5 min a move", and the clock at a server's table
("4 min left" beside the prompt, ticking)."""

from __future__ import annotations

from thebes.language import _, ngettext

SECONDS_SHOWN = 120  # under this much left, the clock counts seconds


def duration_words(seconds: float) -> str:
    """``3 min``, ``2 h 5 min``, ``3 d 4 h``: a time to play, to the minute."""
    minutes = max(0, int(seconds // 60))
    days, hours, minutes = minutes // 1440, minutes // 60 % 24, minutes % 60
    if days:
        day_words = ngettext("{count} day", "{count} days", days).format(count=days)
        if not hours:
            return day_words
        # TRANSLATORS: {days} is "2 days" (or "1 day"), {hours} a number of hours.
        return _("{days} {hours} h").format(days=day_words, hours=hours)
    if hours:
        return (
            _("{hours} h {minutes} min").format(hours=hours, minutes=minutes)
            if minutes
            else _("{hours} h").format(hours=hours)
        )
    return _("{minutes} min").format(minutes=minutes)


def time_left(seconds: float) -> str:
    """What the clock beside the prompt says with ``seconds`` left to move."""
    if seconds < SECONDS_SHOWN:
        left = max(0, int(seconds))
        return ngettext("{count} second left", "{count} seconds left", left).format(count=left)
    # TRANSLATORS: {time} is "3 min", "2 h 5 min" or "3 days 4 h"
    return _("{time} left").format(time=duration_words(seconds))
