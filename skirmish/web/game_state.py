"""What a game's stream carries after each change (issue #23, table mode's fourth round).

A phone used to hear "revision N" from its game's stream (``web/game_stream.py``) and then ask
the server three times: the board, the round (``…/picks``) and the game (``…/games/{id}``).
A stream opened with ``?carry=`` names what its phone needs (``PARTS``: ``board``, the live
page's board fragment; ``game``, the JSON of ``game status --json``, as ``GET …/games/{id}``
answers; ``round``, the round of §1.8 as the reader may see it, as ``GET …/picks`` answers),
and each of its events is then ``event: state`` with one line of JSON: ``{"revision": N,
"board": …, "game": …, "round": …, "panels": …}`` (the parts asked for). ``panels`` (issue
#23, fifth round) is the live page's "your move" panels (``templates/game/_panels.html``, the
parts ``game_live_base.PANELS`` declares), so that the live page fetches nothing after a
change (``?carry=board,panels``; they fetched themselves at each "game-changed" before).

- The payload is built once per (store, game, revision, language, rosters, parts, viewpoint)
  and shared by every watcher with that key (``STATES``): the viewpoint is the board's and the
  activation panel's (``game_render``), so the two players of a game never share one, and a
  secret pick is only ever in its own side's payload (``round`` is the panel's own data).
- The board is the board route's, from the same cache (``BOARDS``), with the stream's CSRF
  token and fresh form keys filled in for each watcher (``game_render.fill``).
- The panels are rendered for each watcher alone, in the same unit of work, and never kept:
  their forms carry idempotency keys of their own, and what they show is the reader's own (a
  die handed over to them, their conflicts, their card).
- Each build is one READ unit of work in a worker thread that identifies the stream's reader
  again (the session's token, as a route that identifies its reader does): a session that no
  longer names the reader who opened the stream (logged out, ended), or a game the reader may
  no longer see, ends the stream (``Gone``, ``NotFound``); the phone opens it again as whoever
  it now is.
- After a change, the streams of the game in this process that the news wakes are built in
  ONE such unit of work (``states_text``, issue #23, table mode's twelfth round): each reader
  identified in it from their own session, the game and what the unit of work reads once (the
  campaign's log mark, the game's gangs) read for all, each payload built from its reader's own
  viewpoint as it would be alone (``game_stream.Together`` gathers them).
- A change made through this process builds those payloads itself, in its own unit of work
  once sealed (``prepare_states``, issue #23, table mode's sixteenth round), held for the woken
  streams in ``game_news.READY`` until it commits; ``states_text`` builds the rest (a change
  made elsewhere, a reader the writer leaves to it).
- Every build identifies its readers as rows (``readers.find_reader``: one statement a reader,
  run by Core, no ORM object) and finds the campaign among those rows
  (``Site.find_campaign_line``), as the live page does (issue #23, table mode's thirteenth
  round: the ORM's four objects a campaign were about 1.6 ms profiled a phone a change); a
  shared build reads all its readers' sessions in one statement first (``readers.find_readers``,
  the fourteenth round), from which each is then identified as alone.
- The live page itself (``live_page``, issue #23, the live page's request) is its board and its
  frame from the same build: the frame (``live.html`` and ``base.html`` around marks) kept in
  the board key's ``Head``, the reader's own parts (token, form keys, name, panels) set in at
  each request.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Callable, Hashable, Mapping, Sequence
from contextvars import copy_context
from dataclasses import dataclass, field, replace
from types import TracebackType
from typing import Any

from fastapi import Request
from fastapi.responses import Response
from markupsafe import Markup, escape
from sqlalchemy import event
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session

from skirmish.campaign import readers
from skirmish.campaign.game import status
from skirmish.campaign.game.status import (
    READINGS,
    SHARED,
    Kept,
    board,
    keep_board,
    keep_reading,
    reading_key,
    shared_board_key,
)
from skirmish.campaign.game.tables import Game
from skirmish.campaign.models import CampaignLine
from skirmish.campaign.store import Access
from skirmish.i18n import Lang
from skirmish.web.activation_panel import (
    ROUND_FACTS,
    RoundFacts,
    in_play,
    reader_round,
    round_facts,
)
from skirmish.web.game_live_base import PANELS, POLL
from skirmish.web.game_live_view import find_live_game, game_view
from skirmish.web.game_news import READY, Prepared
from skirmish.web.game_render import (
    BOARDS,
    CSRF_MARK,
    SIZE,
    Rendered,
    activation_viewpoint,
    board_viewpoint,
    fill,
    fill_keys,
    key_mark,
    roster_mark,
    store_mark,
)
from skirmish.web.site import (
    PENDING,
    NotFound,
    Pending,
    Site,
    Viewer,
    identify_in,
    pick_lang,
    reader,
    viewer_of,
)

log = logging.getLogger(__name__)

#: What a stream may carry, in the order its JSON holds them.
PARTS = ("board", "game", "round", "panels")
#: What is the same for every watcher with a key (the rest, ``panels``, is each watcher's own).
SHARED_PARTS = PARTS[:3]
#: The board's forms, each with its idempotency key (``game_view``'s ``form_keys``).
FORMS = ("turn", "end", "abandon", "vote")
#: A cache key.
Key = tuple[object, ...]
#: The payloads, once per key (module docstring).
STATES = Rendered()
#: The rounds' JSON, once per key (``round_text``).
ROUNDS = Kept(SIZE)
#: The game's JSON, once per (store, game, revision, rosters) for every viewpoint (``game_text``).
GAMES = Kept(SIZE)
#: The fields of the board's view the live page shows around its board (``game/live.html``).
HEAD = (
    "campaign",
    "cohesion_gangs",
    "id",
    "may_turn",
    "playing",
    "revision",
    "status",
    "title",
    "turn",
    "url",
)
#: Those fields and the page's frames, once per board key (``page_board``, ``Head``), beside
#: the board's text in ``BOARDS``.
HEADS = Kept(SIZE)
#: How many frames a board key keeps (``Head.frames``: the page's addresses and kinds of reader
#: that asked for it; a frame past them is rendered for its request and not kept).
FRAMES = 8
#: This process's marks of what a kept frame of the live page leaves to each answer (random:
#: no name can spell them): the reader's name, their panels and the board.
_PAGE_MARK = secrets.token_hex(12)
NAME_MARK = f"name{_PAGE_MARK}"
PANELS_MARK = f"panels{_PAGE_MARK}"
BOARD_MARK = f"board{_PAGE_MARK}"


@dataclass
class Head:
    """What the live page shows around its board for one board key (issue #23): the view's
    fields the page reads (``HEAD``), and the page's frames (``live.html`` and ``base.html``
    rendered with marks where each answer's CSRF token, form keys, reader's name, panels and
    board go), by ``frame_key``. Nothing in it is a reader's own: who they are is a mark, what
    they may do is the board key's viewpoint."""

    fields: dict[str, Any]
    frames: dict[Key, str] = field(default_factory=dict)


class Gone(Exception):
    """The stream's session no longer names the reader who opened it."""


def parts_of(carry: str) -> tuple[str, ...]:
    """The parts ``?carry=`` names (comma-separated), in ``PARTS`` order; others are ignored."""
    asked = {part.strip() for part in carry.split(",")}
    return tuple(part for part in PARTS if part in asked)


def board_key(session: Session, site: Site, campaign: CampaignLine, game: Game, lang: Lang) -> Key:
    """The board's key in ``BOARDS``: once per (store, game, revision, language, viewpoint,
    rosters)."""
    view_of = board_viewpoint(session, site, game)
    mark = roster_mark(session, campaign.id)
    return (store_mark(site), game.id, game.revision, lang.value, view_of, mark)


def board_view(
    session: Session, site: Site, campaign: CampaignLine, game: Game, lang: Lang
) -> tuple[Key, str | dict[str, Any]]:
    """The board's key, and its text when ``BOARDS`` holds it, else its view (to be rendered
    with ``board_text`` once the unit of work is over)."""
    key = board_key(session, site, campaign, game, lang)
    cached = BOARDS.get(key)
    return key, (cached if cached is not None else game_view(session, site, campaign, game, lang))


def board_text(
    site: Site, request: Request, key: Key, shown: str | dict[str, Any], own: Own | None = None
) -> str:
    """The board rendered once per key, with marks where each answer's CSRF token and form
    keys go (``fill``); kept in ``BOARDS`` (by a writer's build, ``own``, once it commits)."""
    if isinstance(shown, str):
        return shown
    shown["form_keys"] = {form: key_mark(form) for form in shown["form_keys"]}
    context: dict[str, Any] = {"game": shown, "message": "", "poll": POLL}
    rendered = site.page(request, "game/_board.html", **context).body
    text = bytes(rendered).decode().replace(request.state.csrf, CSRF_MARK)
    if own is None:
        BOARDS.put(key, text)
    else:
        own.later.append((BOARDS, key, text))
    return text


def page_board(
    session: Session, site: Site, campaign: CampaignLine, game: Game, lang: Lang
) -> tuple[Key, dict[str, Any], str | None, Head | None]:
    """The live page's board (issue #23, sixth round): its key, its view, its text and its
    ``Head``. When ``BOARDS`` and ``HEADS`` hold the key, the view is only the page's own fields
    (``HEAD``) with fresh form keys, and the text is the board's, rendered once for the key;
    else the view is ``game_view``'s and the text and head None (``live_page`` renders the
    board and keeps both)."""
    key = board_key(session, site, campaign, game, lang)
    text, head = BOARDS.get(key), HEADS.get(key)
    if text is not None and isinstance(head, Head):
        view = dict(head.fields)
        view["form_keys"] = {form: secrets.token_urlsafe(12) for form in FORMS}
        return key, view, text, head
    return key, game_view(session, site, campaign, game, lang), None, None


def frame_key(request: Request, viewer: Viewer, queue: Mapping[str, str] | None) -> Key:
    """What of a request a live page's frame shows besides its board key: its address (the
    header's links, the language switch's), whether the store has accounts and the reader is
    logged in (the header's "Log in" or "Logged in as", their name a mark), and the offline
    queue's addresses when the page shows it."""
    queued = tuple(sorted(queue.items())) if queue else None
    return (request.url.path, request.url.query, viewer.accounts, bool(viewer.name), queued)


def live_page(
    site: Site,
    request: Request,
    paged: tuple[Key, dict[str, Any], str | None, Head | None],
    shown: dict[str, Any],
) -> Response:
    """The live page (issue #23): its frame and board as every reader with the board key sees
    them, rendered once per key and kept (``Head``), and this reader's own parts set into them:
    the CSRF token, the form keys (the page's and its board's the same), the reader's name, the
    "your move" panels (``shown``, read for this reader in the page's unit of work and rendered
    at each request). The page is byte for byte what ``game/live.html`` renders for the reader
    (``tests/web/test_live_page_shared.py``)."""
    key, view, text, head = paged
    csrf = request.state.csrf
    viewer = viewer_of(request) or Viewer(accounts=False)
    if text is None or head is None:
        text = board_text(site, request, key, dict(view))  # its form keys become marks
        head = Head({name: view[name] for name in HEAD})
        HEADS.put(key, head)
    queue = shown.get("queue")
    where = frame_key(request, viewer, queue)
    frame = head.frames.get(where)
    if frame is None:
        marked = {**view, "form_keys": {form: key_mark(form) for form in view["form_keys"]}}
        named = replace(viewer, name=NAME_MARK) if viewer.name else viewer
        frame = site.render(
            request, "game/live.html", named, CSRF_MARK, game=marked, message="", poll=POLL,
            queue=queue, panels_html=Markup(PANELS_MARK), board_html=Markup(BOARD_MARK),
        )  # fmt: skip
        if len(head.frames) < FRAMES:
            head.frames[where] = frame
    page = fill_keys(frame, csrf, view["form_keys"]).replace(NAME_MARK, escape(viewer.name))
    before, _, after = page.partition(PANELS_MARK)
    if _:  # the panels: a game being played
        panels = site.render(request, "game/_panels.html", viewer, csrf, **shown)
        page = before + panels + after
    before, _, after = page.partition(BOARD_MARK)
    html = before + fill_keys(text, csrf, view["form_keys"]) + after
    return site.answer(request, html, csrf)


@dataclass(frozen=True)
class Carried:
    """What a carrying stream asks of each revision of its game: its reader (who opened it,
    whom the session's ``token`` must still name), its campaign and game as its path says them,
    its language and its parts, and its request (the board's and the panels' rendering)."""

    request: Request
    viewer: Viewer
    token: str | None
    campaign: str
    game_id: int
    lang: Lang
    parts: tuple[str, ...]


def state_text(site: Site, carried: Carried) -> tuple[int, str]:
    """The game's revision now and one stream's payload for it (JSON, the board's marks not yet
    filled: ``fill_state``), read in a READ unit of work of its own that identifies the reader
    again (in a worker thread: ``Gone`` or ``NotFound`` end the stream): a stream's first
    state, and a reader whose session owes the store a write (``states_text``); the reader and
    the campaign read as rows (``Site.read(rows=True)``)."""
    PENDING.set(Pending(site.engine, carried.token, None))
    with site.read(rows=True) as s:
        return _carried_state(s, site, carried, {})


def states_text(
    site: Site,
    carried: Sequence[Carried],
    each: Callable[[int, tuple[int, str] | Exception], None] | None = None,
) -> list[tuple[int, str] | Exception]:
    """The payloads of several carrying streams of one game for its new revision, read in ONE
    READ unit of work (issue #23, table mode's twelfth round: the two phones' streams each read
    it in a unit of work of their own, the game's row and hand-over, the campaign's log mark and
    the game's gangs twice). Each reader is identified again from their session's token in it,
    as rows (``identify_in(rows=True)``, as ``state_text`` does; their sessions read in one
    statement beforehand, ``readers.find_readers``: the same rows, one snapshot), and their
    campaign found among those rows they may see (``find_campaign_line``); what every
    viewpoint shares is read once (the game, found for the first reader of its campaign, and
    the unit of work's own once-per-unit readings); what is a reader's own (the viewpoint, the
    round as their side may see it, the panels) is built for each. For each stream, its
    ``(revision, payload)`` or what ends it (``Gone``, ``NotFound``), in order; a reader whose
    session owes the store a write is read alone afterwards (``state_text``). ``each(at, made)``
    is told each one as soon as it is made, so that its stream need not wait for the others."""
    results: dict[int, tuple[int, str] | Exception] = {}
    games: dict[tuple[int | None, int], Game] = {}
    alone: list[int] = []
    PENDING.set(None)  # a plain READ unit of work: each reader is identified in it below
    with site.read() as s:
        readers.find_readers(s, [one.token for one in carried])  # one statement for them all
        for at, one in enumerate(carried):
            found = identify_in(s, one.token, rows=True)
            if found is None:  # the session owes the store its write: made apart, later
                alone.append(at)
                continue
            pending = Pending(site.engine, one.token, None)
            PENDING.set(pending)
            pending.settle(found)
            try:
                results[at] = _carried_state(s, site, one, games)
            except (Gone, NotFound) as ended:
                results[at] = ended
            if each is not None:
                each(at, results[at])
        PENDING.set(None)
    for at in alone:
        try:
            results[at] = state_text(site, carried[at])
        except (Gone, NotFound) as ended:
            results[at] = ended
        if each is not None:
            each(at, results[at])
    return [results[at] for at in range(len(carried))]


def _carried_state(
    s: Session,
    site: Site,
    carried: Carried,
    games: dict[tuple[int | None, int], Game],
    own: Own | None = None,
) -> tuple[int, str]:
    """One stream's payload in ``s``, its reader identified (``reader()``): ``Gone`` when that
    is no longer who opened the stream. The campaign is found among those the reader may see,
    as a row where the reader was read as rows (``find_campaign_line``);
    the game, once per campaign for the unit of work (``games``: it is the same row for every
    reader who may see that campaign). The live page's panels (``panels``) are rendered for
    this watcher alone: their forms carry keys of their own, and what they show is the reader's
    (a handed-over die, the reader's conflicts)."""
    if reader().user_id != carried.viewer.user_id:
        raise Gone
    found = site.find_campaign_line(s, carried.campaign)
    where = (found.id, carried.game_id)
    g = games.get(where)
    if g is None:
        g = games[where] = find_live_game(s, found, str(carried.game_id))
    request, parts = carried.request, carried.parts
    panels: str | None = None
    if "panels" in parts:
        shown = {name: fn(s, site, request, found, g) for name, fn in PANELS.items()}
        panels = bytes(site.page(request, "game/_panels.html", **shown).body).decode()
    revision, text = _shared_state(site, request, s, found, g, carried.lang, parts, own)
    if panels is None:
        return revision, text
    return revision, text[:-1] + ',"panels":' + json.dumps(panels, separators=(",", ":")) + "}"


def _shared_state(
    site: Site,
    request: Request,
    s: Session,
    found: CampaignLine,
    g: Game,
    lang: Lang,
    parts: tuple[str, ...],
    own: Own | None = None,
) -> tuple[int, str]:
    """The payload's parts every watcher with its key shares (``STATES``), built once per key
    in the stream's unit of work (the board rendered there too); in a writer's (``own``), from
    what its answer read (``Own``), kept once it commits."""
    parts = tuple(part for part in parts if part in SHARED_PARTS)
    revision = g.revision
    key: Key = (store_mark(site), g.id, revision, lang.value, parts)
    key += (roster_mark(s, found.id),)
    view_of: tuple[object, ...] | None = None
    if "round" in parts:
        view_of = activation_viewpoint(s, site, g)
        key += view_of  # the round's own key is in it too
    shown: tuple[Key, str | dict[str, Any]] | None = None
    if "board" in parts:
        shown = board_view(s, site, found, g, lang)
        key += shown[0]
    cached = STATES.get(key) if own is None else own.states.get(key)
    if cached is not None:
        return revision, cached
    pieces = [f'"revision":{revision}']
    if shown is not None:
        html = board_text(site, request, *shown, own)
        pieces.append('"board":' + json.dumps(html, separators=(",", ":")))
    if "game" in parts:
        shared = game_text(s, site, found, g) if own is None else own.game_text(s, site, found, g)
        pieces.append('"game":' + shared)
    if "round" in parts:
        if own is None:
            pieces.append('"round":' + round_text(s, site, request, found, g, lang, view_of))
        else:
            pieces.append('"round":' + own.round_text(s, site, found, g, lang, view_of))
    text = "{" + ",".join(pieces) + "}"
    if own is None:
        STATES.put(key, text)
    else:
        own.states[key] = text
        own.later.append((STATES, key, text))
    return revision, text


def game_text(session: Session, site: Site, campaign: CampaignLine, game: Game) -> str:
    """The game as ``GET …/games/{id}`` answers it (``game status --json``), as JSON text,
    built once per (store, game, revision, rosters) and shared by every watcher whatever their
    viewpoint (issue #23, sixth round: the two players' states each copied the board and wrote
    it out again): it is the same for every reader, and holds no side's secret."""

    def build() -> str:
        return json.dumps(board(session, game=game), separators=(",", ":"))

    if session.info.get("access") != Access.READ:  # a writer's rows may not be its revision's
        return build()
    text: str = GAMES.built(game_key(session, site, campaign, game), build)
    return text


def game_key(session: Session, site: Site, campaign: CampaignLine, game: Game) -> Key:
    """The game's JSON's key in ``GAMES``: (store, game, revision, rosters)."""
    return (store_mark(site), game.id, game.revision, roster_mark(session, campaign.id))


def round_text(
    session: Session,
    site: Site,
    request: Request,
    campaign: CampaignLine,
    game: Game,
    lang: Lang,
    view_of: tuple[object, ...] | None = None,
) -> str:
    """The round of §1.8 as the reader may see it (``activation_panel.panel``'s data, what
    ``GET …/picks`` answers), as JSON, built once per (store, game, revision, language,
    rosters, viewpoint) in a READ unit of work (``ROUNDS``): the answer to a phone's change and
    that phone's stream share one, and the second to ask waits for the first's build
    (``view_of``: the reader's ``activation_viewpoint``, when the caller has it already)."""
    if view_of is None:
        view_of = activation_viewpoint(session, site, game)
    key = round_key(session, site, campaign, game, lang, view_of)

    def build() -> str:
        return json.dumps(reader_round(session, site, game), separators=(",", ":"))

    if session.info.get("access") != Access.READ:
        return build()
    text: str = ROUNDS.built(key, build)
    return text


def round_key(
    session: Session,
    site: Site,
    campaign: CampaignLine,
    game: Game,
    lang: Lang,
    view_of: tuple[object, ...],
) -> Key:
    """The round's key in ``ROUNDS``: (store, game, revision, language, rosters, viewpoint)."""
    mark = roster_mark(session, campaign.id)
    return (store_mark(site), game.id, game.revision, lang.value, mark, view_of)


@dataclass(frozen=True)
class Answered:
    """The round of an action's answer, read in the action's own unit of work (``answer_round``),
    and where its text and its facts are kept once that unit of work has committed
    (``keep_answer``)."""

    text: str
    key: Key
    facts: RoundFacts | None
    facts_key: Hashable | None
    #: the game's board and JSON (``game_text``), when a stream of this process watches it
    board: dict[str, Any] | None = None
    board_key: Hashable | None = None
    game: str | None = None
    game_key: Key | None = None
    #: what a writer's build of its streams' states keeps once committed (``prepare_states``)
    later: list[tuple[Rendered, Key, str]] = field(default_factory=list)


def answer_round(
    session: Session,
    site: Site,
    campaign: CampaignLine,
    game: Game,
    lang: Lang,
    watched: bool = False,
) -> Answered:
    """The round as the reader may see it (``round_text``'s JSON), read in a writer's unit of
    work once it has done and sealed its action, under its locks, at the revision it commits
    (issue #23, table mode's ninth round: the answer read it again in a READ unit of work of
    its own, which found the reader, the campaign and the game again). When a stream of this
    process ``watched`` the game, its board and JSON too (``game_text``), from the rows the
    unit of work holds: the streams' states read them afresh."""
    view_of = activation_viewpoint(session, site, game)
    facts = round_facts(session, game) if in_play(game) else None  # a writer's: built
    data = reader_round(session, site, game, facts)
    made = board(session, game=game) if watched else None  # a writer's: built, its own
    return Answered(
        text=json.dumps(data, separators=(",", ":")),
        key=round_key(session, site, campaign, game, lang, view_of),
        facts=facts,
        facts_key=reading_key(session, game, ROUND_FACTS) if facts is not None else None,
        board=made,
        board_key=shared_board_key(session, game) if made is not None else None,
        game=json.dumps(made, separators=(",", ":")) if made is not None else None,
        game_key=game_key(session, site, campaign, game) if made is not None else None,
    )


def hold_answer(answered: Answered) -> None:
    """Just before an answer's unit of work commits (and its news wakes the streams): the
    streams' builds of what it read wait for ``keep_answer`` or ``drop_answer``."""
    for kept, key in _answer_keys(answered):
        kept.hold(key)


def keep_answer(answered: Answered) -> None:
    """Keep what an answer read (its round, the round's facts, the game's board and JSON) for
    the READ units of work of its revision (the streams' states of the two phones), once its
    unit of work has committed: the phone that acted gets the same round from its stream, the
    other's is built from the same facts, and neither reads the game again."""
    ROUNDS.put(answered.key, answered.text)
    if answered.facts_key is not None:
        keep_reading(answered.facts_key, answered.facts)
    if answered.board is not None and answered.board_key is not None:
        keep_board(answered.board_key, answered.board)
    if answered.game_key is not None:
        GAMES.put(answered.game_key, answered.game)
    for kept, key, text in answered.later:
        kept.put(key, text)
    drop_answer(answered)  # the holds end: whoever waited finds them


def drop_answer(answered: Answered) -> None:
    """End ``hold_answer``: kept (``keep_answer``), or its unit of work did not commit, and
    the streams build their own."""
    for kept, key in _answer_keys(answered):
        kept.release(key)


def _answer_keys(answered: Answered) -> list[tuple[Kept, Hashable]]:
    keys: list[tuple[Kept, Hashable | None]] = [
        (ROUNDS, answered.key),
        (READINGS, answered.facts_key),
        (SHARED, answered.board_key),
        (GAMES, answered.game_key),
    ]
    return [(kept, key) for kept, key in keys if key is not None]


#: Whether a stream of this process watches a game now (``GameNews.watched``).
Watched = Callable[[int | None], bool]
#: The carrying streams of a game in this process now, by stream (``GameNews.carrying``).
Carrying = Callable[[int | None], Mapping[int, Carried]]


def _none_carry(game_id: int | None) -> Mapping[int, Carried]:
    return {}


@dataclass(frozen=True)
class Streams:
    """For whom an action's unit of work reads its revision's round and board: the acting
    reader's language (the round's key), whether a stream of this process watches the game
    (the board's and the game's JSON are read only then), and which of them carry states
    (built in the unit of work: ``prepare_states``)."""

    lang: Lang
    watched: Watched
    carrying: Carrying = _none_carry


def streams_of(request: Request) -> Streams:
    """The streams a request's action reads for: its language, this app's ``GameNews``."""
    news = request.app.state.news
    return Streams(pick_lang(request), news.watched, news.carrying)


@dataclass
class Own:
    """What a writer's build of its streams' states reads from its answer (``Answered``: the
    game's JSON, the round's facts, the acting reader's round) and what it keeps once its unit
    of work has committed (``later``: the shared parts and boards, under their keys)."""

    answered: Answered
    states: dict[Key, str] = field(default_factory=dict)
    later: list[tuple[Rendered, Key, str]] = field(default_factory=list)

    def game_text(self, s: Session, site: Site, campaign: CampaignLine, game: Game) -> str:
        """``game_text`` in the writer's unit of work: the answer's (its board's JSON)."""
        answered = self.answered
        if answered.game is not None and answered.game_key == game_key(s, site, campaign, game):
            return answered.game
        return game_text(s, site, campaign, game)

    def round_text(
        self,
        s: Session,
        site: Site,
        campaign: CampaignLine,
        game: Game,
        lang: Lang,
        view_of: tuple[object, ...] | None,
    ) -> str:
        """``round_text`` for a viewpoint, in the writer's unit of work: the answer's own when
        it is that key, else built from the answer's facts (as a READ unit of work builds it
        from the facts the answer kept)."""
        if view_of is None:
            view_of = activation_viewpoint(s, site, game)
        if round_key(s, site, campaign, game, lang, view_of) == self.answered.key:
            return self.answered.text
        made = reader_round(s, site, game, self.answered.facts)
        return json.dumps(made, separators=(",", ":"))


def prepare_states(
    session: Session,
    site: Site,
    carrying: Mapping[int, Carried],
    answered: Answered,
    game: Game,
) -> Prepared:
    """The payloads of this process's carrying streams of a game for the revision a writer's
    unit of work is about to commit, built in that unit of work once its action is sealed
    (issue #23, table mode's sixteenth round: each change's streams read it again in a READ
    unit of work of their own, ``states_text``): each reader identified again from their
    session's token in it, as rows (``identify_in(rows=True)``; their sessions read in one
    statement first, ``readers.find_readers``), each payload built as ``_carried_state`` builds
    it, from the rows the writer holds under its locks and what its answer read (``Own``; the
    writer's ``game``, not found again: finding it in a writer's unit of work is locking it for
    an action, which reads its rows for the undo). A reader who is not the stream's any more,
    may no longer see the game, or whose session owes the store a write has none here: their
    stream builds its own (``states_text``), as does every stream of a change made elsewhere,
    and every stream when the build fails (logged: the action commits all the same), but for
    the store refusing one of its statements (``SQLAlchemyError``: the whole action fails, as
    it would have in ``answer_round``; on PostgreSQL its transaction is aborted). Run in a
    copy of the context (the readers set ``PENDING`` and ``VIEWER``), the unit of work's
    ``info`` as it was afterwards (the readers' rows are not the writer's)."""
    made: Prepared = {}
    if not carrying:
        return made
    own = Own(answered)
    kept = dict(session.info)

    def build() -> None:
        readers.find_readers(session, [one.token for one in carrying.values()], sealed=True)
        games: dict[tuple[int | None, int], Game] = {(game.campaign_id, int(game.id or 0)): game}
        for stream, one in carrying.items():
            found = identify_in(session, one.token, rows=True)
            if found is None:  # the session owes the store its write: its stream's own
                continue
            pending = Pending(site.engine, one.token, None)
            PENDING.set(pending)
            pending.settle(found)
            try:
                made[stream] = _carried_state(session, site, one, games, own)
            except (Gone, NotFound):
                continue  # its stream ends in its own build, as it would have

    try:
        copy_context().run(build)
    except SQLAlchemyError:  # PostgreSQL's COMMIT of an aborted transaction rolls it back
        raise  # without a word: the action fails aloud, never answered as done and not kept
    except Exception:  # the action is the user's: never lost for its streams (they build theirs)
        log.warning("the streams' states of game %s were not built", answered.key[1], exc_info=True)
        return {}
    finally:
        session.info.clear()
        session.info.update(kept)
    answered.later.extend(own.later)
    return made


def ready_key(site: Site, game_id: int | None, revision: int) -> Key:
    """A game's revision's key in ``READY``."""
    return (store_mark(site), game_id, revision)


class Answering:
    """What an action's unit of work reads for its revision (``answer_round``): read once the
    action is sealed, just before the commit, under its locks (a ``before_commit`` listener
    registered after the action, so after ``capture.seal``'s, which moves the revision on; not
    at a savepoint's end), held from then (``hold_answer``: the streams the commit's news wakes
    wait for it), kept once committed (``keep_answer``), released if the unit of work did not
    commit (``drop_answer``). One declaration for a card's, roll's, choice's and "only"'s answer
    (``game_activation.work``) and a shot's, reload's, move's and turn's (``game_perform``,
    ``game_live_changes``: issue #23, table mode's tenth round). Used around the unit of work::

        with Answering(site, streams) as answering, site.write() as s:
            ...  # the action
            answering.after_seal(s, campaign, game)
    """

    def __init__(self, site: Site, streams: Streams | None) -> None:
        self.site = site
        self.streams = streams
        self.answered: list[Answered] = []
        self.prepared: list[tuple[Key, Prepared]] = []

    def after_seal(
        self, session: Session, campaign: CampaignLine, game: Game, answer: bool = False
    ) -> None:
        """Read ``game``'s round (and its board when watched) just before ``session`` commits:
        when a stream of this process watches the game (nobody else would read what is kept
        before the next change), or always when the round is the action's ``answer``; nothing
        without ``streams``."""
        streams = self.streams
        if streams is None:
            return

        def sealed(s: Session) -> None:
            if not s.in_nested_transaction() and not self.answered:
                watched = streams.watched(game.id)
                if not (watched or answer):
                    return
                status.sealed(session)  # nothing more is written: one log mark for the keys
                made = answer_round(session, self.site, campaign, game, streams.lang, watched)
                self.answered.append(made)
                hold_answer(made)  # before the commit's news
                carrying = streams.carrying(game.id) if watched else {}
                if carrying:
                    states = prepare_states(session, self.site, carrying, made, game)
                    key = ready_key(self.site, game.id, game.revision)
                    READY.hold(key)
                    self.prepared.append((key, states))

        event.listen(session, "before_commit", sealed)

    @property
    def made(self) -> Answered | None:
        """What was read, once its unit of work committed (``None``: nothing was)."""
        return self.answered[0] if self.answered else None

    def __enter__(self) -> Answering:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        for made in self.answered:
            if kind is None:
                keep_answer(made)  # committed: the revision it was read at is the store's
            else:
                drop_answer(made)
        for key, states in self.prepared:
            if kind is None:
                READY.keep(key, states)  # the streams the news woke take theirs
            else:
                READY.drop(key)


def fill_state(text: str, csrf: str) -> str:
    """A payload for one watcher: its CSRF token and fresh keys in the board's forms."""
    return fill(text, csrf, FORMS) if CSRF_MARK in text else text
