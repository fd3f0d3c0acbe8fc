"""An optional braille display: the keyboard seat's lines, one at a time, through BrlAPI.

    from companion.braille import BrailleChannel, BrailleConfig, BrailleLink

    channel = BrailleChannel(owner=2)             # public lines and seat 2's private ones
    link = BrailleLink(channel, BrailleConfig.from_dict(data), notice=say_once)
    link.start()                                  # connects in the background
    channel.offer("all", text, screen_line)       # every line the screen gets
    link.close()                                  # gives the display back to BRLTTY

``brlapi.py`` speaks BrlAPI's socket protocol itself (no C library in the venv);
``keys.toml`` maps the display's commands to next / previous / pan / repeat. No
server, or a server without a display: nothing changes (said once with braille = on).
"""

from companion.braille.channel import BrailleChannel
from companion.braille.config import BrailleConfig, BrailleConfigError
from companion.braille.link import BrailleLink

__all__ = ["BrailleChannel", "BrailleConfig", "BrailleConfigError", "BrailleLink"]
