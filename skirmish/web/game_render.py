"""Render once per revision (issue #23, part 2): what every watcher of a game sees is rendered
once per (game, revision, language, viewpoint) and served to all of them from a small bounded
in-process cache (``Rendered``, least recently used first out).

- The **viewpoint** is what of the reader the fragment shows (``board_viewpoint``,
  ``activation_viewpoint``): the sides they play and what the game permissions let them do
  there, never who they are. Two spectators share one; the two players of a game never do (a
  secret pick is seen only by its side: its side is in the viewpoint).
- What differs per request is rendered as marks and filled in at each answer (``fill``): the
  CSRF token every form repeats and each form's idempotency key (fresh each time, as before).
- The revision moves on with every unit of work that changes the game (``capture.seal``), so a
  cached fragment is never stale for its game; the store is in the key too (``store_mark``).
  What the game's revision does not cover is in the key as well: the reader's permissions (in
  the viewpoint: a member's role changed) and the campaign's newest log entry (``roster_mark``:
  a gang or a model renamed, a roster changed, each of which writes its log entry), one
  indexed query.

One cache per fragment per server process; nothing is shared between processes.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterable

from sqlmodel import Session

from skirmish.campaign.game.permissions import GameAction, may_game, sides_played
from skirmish.campaign.game.status import campaign_log_mark
from skirmish.campaign.game.tables import Game
from skirmish.rules.model import Side
from skirmish.web.site import Site

#: How many fragments each cache keeps (a club night: tens of games, two languages, a few
#: viewpoints each; a fragment is a few kB).
SIZE = 512

#: This process's marks for what each answer fills in (random: no name can spell them).
_MARK = secrets.token_hex(12)
CSRF_MARK = f"csrf{_MARK}"


def key_mark(form: str) -> str:
    """The mark of ``form``'s idempotency key in a cached fragment."""
    return f"key{form}{_MARK}"


def fill(cached: str, csrf: str, forms: Iterable[str]) -> str:
    """A cached fragment for this request: its CSRF token, a fresh key for each form."""
    return fill_keys(cached, csrf, {form: secrets.token_urlsafe(12) for form in forms})


def fill_keys(cached: str, csrf: str, keys: dict[str, str]) -> str:
    """A cached fragment for this request: its CSRF token and each form's key as ``keys``
    says (the live page's board repeats the keys its page shows: issue #23, sixth round)."""
    html = cached.replace(CSRF_MARK, csrf)
    for form, key in keys.items():
        html = html.replace(key_mark(form), key)
    return html


class Rendered:
    """A bounded map (key → rendered text), least recently used first out; thread-safe (the
    routes run in worker threads). ``hits`` and ``misses`` say how it serves."""

    def __init__(self, size: int = SIZE) -> None:
        self.size = size
        self._kept: OrderedDict[Hashable, str] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable) -> str | None:
        with self._lock:
            found = self._kept.get(key)
            if found is None:
                self.misses += 1
                return None
            self._kept.move_to_end(key)
            self.hits += 1
            return found

    def put(self, key: Hashable, text: str) -> None:
        with self._lock:
            self._kept[key] = text
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)

    def keys(self) -> list[Hashable]:
        with self._lock:
            return list(self._kept)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self.hits = self.misses = 0


#: The live board (``web/game_live.py``'s ``/board``) and the activation panel's poll.
BOARDS = Rendered()
ACTIVATIONS = Rendered()


def store_mark(site: Site) -> str:
    """The store the fragment was read from: one process may serve several stores (the tests'
    apps, each on a store of its own, whose games share ids and revisions), and a cached
    fragment is only ever another reader's of the same store."""
    return site.engine.url.render_as_string(hide_password=True)


def roster_mark(session: Session, campaign_id: int | None) -> int:
    """The campaign's newest log entry: it moves on with every change of its rosters (read
    once per READ unit of work, shared with ``status.board``'s own key)."""
    return campaign_log_mark(session, campaign_id)


def board_viewpoint(session: Session, site: Site, game: Game) -> tuple[object, ...]:
    """What the board shows of its reader (``game_live_view.game_view``): the sides they
    play, whose votes they cast, whether they may begin a turn or end the game, whose cohesion
    dice they enter and whose post-game they do."""
    actor = site.actor(session)
    sides = tuple(sorted(s.value for s in sides_played(session, actor, game)))
    per_side = tuple(
        may_game(session, actor, game, action, side)
        for action in (GameAction.VOTE_END, GameAction.OWN_DICE, GameAction.POSTGAME)
        for side in Side
    )
    general = tuple(
        may_game(session, actor, game, action) for action in (GameAction.NEW_TURN, GameAction.END)
    )
    return (sides, per_side, general)


def activation_viewpoint(session: Session, site: Site, game: Game) -> tuple[object, ...]:
    """What the activation panel shows of its reader (``activation_panel.panel``): the sides
    they play (their own picks), those they act for, and whether they may roll."""
    actor = site.actor(session)
    return (
        tuple(sorted(s.value for s in sides_played(session, actor, game))),
        tuple(may_game(session, actor, game, GameAction.ACT, side) for side in Side),
        may_game(session, actor, game, GameAction.INITIATIVE),
    )
