"""User text on its way to the terminal (issue #8): names are whatever a player typed, or what
an old database or an imported file holds, so they are never read as Rich markup (a gang called
``[/]`` or ``[link=…]``), never as Rich emoji codes, and never reach the terminal with their
control characters (an escape sequence is shown as ``\\x1b``, not obeyed).

``echo`` prints plain lines; ``cell`` wraps a value for a Rich table cell, title or line.
JSON output does not come here: ``json.dumps`` already escapes control characters and keeps
the text exact.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from rich.text import Text

from skirmish.limits import printable

if TYPE_CHECKING:
    from rich.text import Text


def plain(value: object) -> str:
    """``value`` as text safe for a terminal: control characters shown as escapes."""
    return printable(str(value))


def echo(text: str) -> None:
    """Print one plain line (or several, split on new lines), control characters escaped."""
    sys.stdout.write("\n".join(printable(line) for line in text.split("\n")) + "\n")


def cell(value: object, style: str = "") -> Text:
    """``value`` for Rich (a table cell, a title, a line to ``Console.print``): plain text, not
    markup, with control characters escaped."""
    return Text(printable(str(value)), style=style)
