"""Back online (issue #24): the actions a phone recorded while it could not reach the server,
sent in order, each confirmed or held up as a conflict, and a conflict settled by one choice.

A queued entry (``Entry``, the shape docs/web.md and the phone's queue share) carries its
idempotency key, the catalogue's action and fields as the API takes them, the dice the phone
used in order, ``rest`` (``random``: the server rolls any further die; ``none``: a die the
phone did not record makes a conflict), the game's revision the phone's state was at, and what
the phone showed (``preview``: the engine's ``outcome`` and the lines).

``sync`` takes the entries in order, each in its own unit of work with its key
(``idempotency.replay_or_run``, the very route the action's API keeps: an action sent online
whose answer was lost, or a retried sync, is answered from what was confirmed, never run
twice). When the game's revision is the entry's, or the one this sync reached by confirming the
phone's previous entries, nothing else changed the game: the action is run with the phone's
dice and written. Otherwise it is run with the phone's dice too, and kept only if the engine's
outcome equals the phone's (``engine.outcome``). A refusal, or another outcome, rolls the unit
of work back and writes a conflict row (``GameConflict``) in a small unit of work of its own,
which moves the game's revision on so both phones' boards show it; the entries after it are
held (the phone keeps them).

``settle`` takes one choice in one unit of work that locks the conflict's row: ``mine``
records the phone's action on the game as it is now with its dice (any die missing rolled by
the server; the server's result stands), ``discard`` drops it. Settling twice is refused.

How an action is run, who the reader is and which game is locked are the front end's
(``Table``): the web runs the catalogue's action exactly as its API route does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final, Protocol

from sqlalchemy import Integer, bindparam
from sqlmodel import Session, col, select

from skirmish.campaign import idempotency, logbook
from skirmish.campaign.game import capture, commands
from skirmish.campaign.game.tables import Game, GameConflict
from skirmish.campaign.store import locking_rows
from skirmish.engine.dice import check_face
from skirmish.engine.glossary import label
from skirmish.errors import CampaignError, SkirmishError, StoreError
from skirmish.i18n import Lang
from skirmish.limits import REVISION
from skirmish.rules.model import ModelState
from skirmish.translation import N_, Message, Said, gettext, ngettext

#: How the dice a phone did not record are had: rolled by the server, or a conflict.
REST: Final = ("random", "none")
#: The choices that settle a conflict, with the words both the API's docs and the page use.
CHOICES: Final[dict[str, str]] = {
    "mine": N_("Record mine on the game as it is now"),
    "discard": N_("Discard it"),
}
#: What each choice did, in the conflict's record.
SETTLED: Final[dict[str, str]] = {
    "mine": N_("recorded on the game as it is now, with its dice, by {who}"),
    "discard": N_("discarded by {who}"),
}
#: Statuses of an entry in a sync's answer, and of a conflict.
CONFIRMED, CONFLICT, HELD = "confirmed", "conflict", "held"
OPEN, SETTLED_STATUS = "open", "settled"
#: The most entries one sync takes (a phone sends the rest with the next).
MOST: Final = 200
#: The longest field value the phone's queue may carry (a name, a number).
_FIELD_LENGTH: Final = 200
#: A queued entry's fields: each one's JSON schema and what it is (the API's docs), declared
#: once for the check here and the route's schema.
ENTRY_FIELDS: Final[dict[str, tuple[dict[str, Any], str]]] = {
    "key": ({"type": "string", "minLength": 1, "maxLength": 64},
            "The action's idempotency key: 1 to 64 printable ASCII characters."),
    "action": ({"type": "string"}, "The catalogue's name of the action (`shoot`, `fight`…)."),
    "fields": ({"type": "object"}, "The action's fields as its own API route takes them."),
    "dice": ({"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}},
             "The faces the phone used, in the order they were asked."),
    "rest": ({"type": "string", "enum": list(REST)},
             "`random`: the server rolls any further die; `none`: a die the phone did not "
             "record makes a conflict."),
    "revision": ({"type": "integer", "minimum": 0},
                 "The game's revision the phone's state was at when the action was made."),
    "made_at": ({"type": "string", "maxLength": 32}, "When the phone made it (ISO 8601, UTC)."),
    "lang": ({"type": "string", "enum": ["en", "it"]}, "The language the phone showed it in."),
    "preview": ({"type": "object"}, "What the phone showed: `outcome` (the engine's "
                "`skirmish.engine.outcome.outcome`, or null) and `lines`."),
}  # fmt: skip


@dataclass(frozen=True)
class Entry:
    """One action the phone queued (see the module's docs)."""

    key: str
    action: str
    fields: Mapping[str, Any]
    dice: tuple[int, ...]
    rest: str
    revision: int
    made_at: str = ""
    lang: Lang = Lang.EN
    preview: Mapping[str, Any] = field(default_factory=dict)

    @property
    def outcome(self) -> Any:
        """The engine's outcome the phone computed (``None``: an action with no roll)."""
        return self.preview.get("outcome")


@dataclass(frozen=True)
class Ran:
    """An action run: its normal API answer, and the outcome of its shot or fight."""

    answer: dict[str, Any]
    outcome: dict[str, Any] | None


class Table(Protocol):
    """What a front end gives the sync: its units of work, the game (locked), how it runs an
    action of the catalogue with given dice (refused: a ``SkirmishError``), the key's route,
    the acting model's side, the reader's account and who may settle."""

    def write(self) -> AbstractContextManager[Session]: ...

    def game(self, session: Session) -> Game: ...

    def run(self, session: Session, game: Game, entry: Entry, *, random: bool) -> Ran: ...

    def route(self, game: Game, action: str) -> str: ...

    def side(self, session: Session, game: Game, entry: Entry) -> str | None: ...

    def user(self) -> int | None: ...

    def name(self, session: Session, user: int | None) -> str: ...

    def allowed(self, session: Session, game: Game) -> None: ...


# ----------------------------------------------------------------------------- the entries


def _refused(at: int, what: Message) -> CampaignError:
    return CampaignError(
        Message("queued action {number}: {what} Nothing was changed.", number=at + 1, what=what)
    )


def _entry(at: int, raw: Any) -> Entry:
    if not isinstance(raw, dict):
        raise _refused(at, Message("send each queued action as a JSON object."))
    unknown = sorted(set(raw) - set(ENTRY_FIELDS))
    if unknown:
        raise _refused(at, Message("{name} is not a field of a queued action.", name=unknown[0]))
    key = idempotency.check_key(raw["key"] if isinstance(raw.get("key"), str) else "")
    action = raw.get("action")
    if not isinstance(action, str) or not 0 < len(action) <= 40:
        raise _refused(at, Message("its action must be the name of one of the game's actions."))
    fields = raw.get("fields", {})
    if not isinstance(fields, dict) or not all(
        isinstance(v, str | int | float | bool | list | type(None))
        and len(str(v)) <= _FIELD_LENGTH
        for v in fields.values()
    ):  # fmt: skip
        raise _refused(at, Message("its fields must be a JSON object of names and values."))
    dice = raw.get("dice", [])
    if not isinstance(dice, list) or len(dice) > MOST or not all(
        isinstance(d, int) and not isinstance(d, bool) for d in dice
    ):  # fmt: skip
        raise _refused(at, Message("its dice must be a list of faces from 1 to 6."))
    try:
        faces = tuple(check_face(d) for d in dice)
    except SkirmishError:
        raise _refused(at, Message("its dice must be a list of faces from 1 to 6.")) from None
    rest = raw.get("rest", "none")
    if rest not in REST:
        raise _refused(at, Message('its rest must be "random" or "none".'))
    revision = raw.get("revision")
    if (
        not isinstance(revision, int)
        or isinstance(revision, bool)
        or not REVISION.low <= revision <= REVISION.high
    ):
        raise _refused(at, Message("its revision must be the game's revision it was made on."))
    made_at = raw.get("made_at", "")
    preview = raw.get("preview", {})
    if not isinstance(made_at, str) or len(made_at) > 32:
        raise _refused(at, Message("its made_at must be a moment such as 2026-11-29T20:15:00Z."))
    if not isinstance(preview, dict) or not isinstance(preview.get("lines", []), list):
        raise _refused(at, Message("its preview must be an object with its outcome and lines."))
    lang = Lang.IT if raw.get("lang") == "it" else Lang.EN
    return Entry(key, action, fields, faces, rest, revision, made_at, lang, preview)


def read_entries(body: Any) -> list[Entry]:
    """The queued entries of a sync's JSON body ``{"actions": [...]}``, checked; refused in
    words (nothing is taken) when the body or an entry is not as the queue keeps them, or
    when two entries share a key."""
    actions = body.get("actions") if isinstance(body, dict) else None
    if not isinstance(actions, list) or len(actions) > MOST:
        raise CampaignError(
            Message(
                'send {{"actions": [...]}}: the queued actions in order, at most {most}. '
                "Nothing was changed.",
                most=MOST,
            )
        )
    entries = [_entry(at, raw) for at, raw in enumerate(actions)]
    keys = [e.key for e in entries]
    if len(set(keys)) < len(keys):
        raise CampaignError(
            Message("two queued actions share an idempotency key. Nothing was changed.")
        )
    return entries


# ----------------------------------------------------------------------------- the words


def _lasso_words(outcome: dict[str, Any], lang: str) -> str:
    distance = outcome.get("distance")
    said = {
        "missed": gettext(lang, "missed"),
        "held": gettext(lang, "held fast"),
        "thrower-pulled": gettext(lang, "the thrower is dragged {distance}U", distance=distance),
        "target-pulled": gettext(lang, "the target is dragged {distance}U", distance=distance),
    }
    return said.get(str(outcome.get("outcome")), str(outcome.get("outcome")))


def _fell(eliminated: Any, cos: Any, lang: str) -> str:
    if eliminated:
        return gettext(lang, "the target eliminated")
    return gettext(lang, "COS {cos} left", cos=cos)


def _table_parts(outcome: dict[str, Any], lang: str) -> list[str]:
    """What one of the other actions that roll dice did (``engine.table_actions``' records)."""
    kind = outcome.get("kind")
    if kind in ("mount", "dismount"):
        return [gettext(lang, "done") if outcome.get("success") else gettext(lang, "failed")]
    if kind == "lasso":
        return [_lasso_words(outcome, lang)]
    if kind == "explosive":
        found = []
        for v in outcome.get("victims", []):
            fell = _fell(v.get("outcome") == "eliminated", v.get("cos_after"), lang)
            found.append(f"{v.get('model')}: {fell}")
        return found
    if kind == "fallen":
        parts = [_fell(outcome.get("eliminated"), outcome.get("cos_after"), lang)]
        for friend in outcome.get("friends", []):
            state = (friend.get("panic") or {}).get("state") or ModelState.TERRIFIED.value
            if state in {s.value for s in ModelState}:
                parts.append(f"{friend.get('model')}: {label(ModelState(state), lang)}")
        return parts
    if kind == "turn":  # the new turn and each cohesion test
        parts = [gettext(lang, "turn {turn}", turn=outcome.get("turn"))]
        for test in outcome.get("tests", []):
            holds = gettext(lang, "fights on") if test.get("holds") else gettext(lang, "retreats")
            parts.append(f"{test.get('gang')}: {holds}")
        return parts
    return []  # a retreat: its infamy die is said with the dice


def _summary(outcome: Any, lang: str) -> str:
    """What an outcome did, in a few words: the damage, the target's COS, its state (for the
    other actions: what each record says), and the dice."""
    if not isinstance(outcome, dict):
        return gettext(lang, "no roll")
    if outcome.get("kind") not in ("shoot", "fight"):
        dice = ", ".join(str(d.get("face")) for d in outcome.get("dice", []))
        rolled = [gettext(lang, "dice {dice}", dice=dice)] if dice else []  # a wound rolls none
        return "; ".join([*_table_parts(outcome, lang), *rolled]) or gettext(lang, "no roll")
    damage = int(outcome.get("damage") or 0)
    parts = [ngettext(lang, "{n} damage", "{n} damage", damage)]
    target = outcome.get("target") or {}
    panic = target.get("panic") or {}
    if target.get("eliminated"):
        parts.append(gettext(lang, "the target eliminated"))
    elif target.get("cos_after") is not None:
        parts.append(gettext(lang, "COS {cos} left", cos=target["cos_after"]))
    if panic.get("state") in {s.value for s in ModelState}:
        parts.append(label(ModelState(panic["state"]), lang))
    dice = ", ".join(str(d.get("face")) for d in outcome.get("dice", []))
    parts.append(gettext(lang, "dice {dice}", dice=dice))
    return "; ".join(parts)


def _both(message: Message) -> dict[str, str]:
    """``message`` said in every language, kept in a row (each phone reads its own)."""
    return {lang.value: message(lang.value) for lang in Lang}


def _differs(entry: Entry, now: int, ran: Ran) -> dict[str, Any]:
    words = Message(
        "the game changed since this action was made (revision {then}, now {now}): with the "
        "same dice it gives {server}, where the phone showed {phone}.",
        then=entry.revision,
        now=now,
        server=Said(lambda lang: _summary(ran.outcome, lang)),
        phone=Said(lambda lang: _summary(entry.outcome, lang)),
    )
    return {"revision": now, "outcome": ran.outcome, "words": _both(words)}


def _refusal(now: int, error: SkirmishError) -> dict[str, Any]:
    why = Said(lambda lang: error.text(lang))
    said = Message("refused on the game as it is now (revision {now}): {why}", now=now, why=why)
    return {"revision": now, "outcome": None, "words": _both(said)}


def _recorded(preview: Mapping[str, Any], lang: str) -> list[str]:
    """What the phone showed, in ``lang`` when the phone said it in both languages (its
    ``said``: the engine's lines in English and Italian), else as the phone showed it."""
    said = preview.get("said")
    lines = said.get(lang) if isinstance(said, dict) else None
    if not isinstance(lines, list):
        lines = preview.get("lines", [])
    return [str(line) for line in lines] if isinstance(lines, list) else []


def _title(row: GameConflict, lang: str) -> str:
    """The action in the reader's words, with its models: "Shoot: Virgil Earp → Ike Clanton"
    (the catalogue's label; the raw name of an action the catalogue no longer knows)."""
    try:
        command = commands.find(row.action)  # a model's action, or the next turn
    except SkirmishError:
        return row.action
    fields = row.fields or {}
    who = fields.get(command.actor or "member") or fields.get("gang") or ""
    whom = fields.get(command.target) if command.target else None
    said = command.label(lang)
    if who:
        said += f": {who}"
    if whom:
        said += f" → {whom}"
    return said


def view(session: Session, table: Table, row: GameConflict, lang: Lang | str) -> dict[str, Any]:
    """A conflict as both phones see it: what the phone recorded, what the server found, in
    ``lang``'s words; how it was settled."""
    code = "it" if str(lang) == "it" else "en"
    settled = row.settled or {}
    return {
        "id": row.id,
        "key": row.key,
        "status": row.status,
        "action": row.action,
        "title": _title(row, code),
        "side": row.side,
        "by": table.name(session, row.user_id),
        "fields": row.fields,
        "dice": row.dice,
        "rest": row.rest,
        "revision": row.revision,
        "made_at": row.made_at,
        "recorded": _recorded(row.preview, code),
        "preview": row.preview.get("outcome"),
        "found": row.found.get("words", {}).get(code, ""),
        "found_outcome": row.found.get("outcome"),
        "found_revision": row.found.get("revision"),
        "choice": row.choice,
        "settled": settled.get(code) if settled else None,
        "settled_by": table.name(session, row.settled_by) if row.settled_by is not None else None,
        "created_at": row.created_at,
        "settled_at": row.settled_at,
        "choices": {c: gettext(code, w) for c, w in CHOICES.items()} if row.status == OPEN else {},
    }


# ----------------------------------------------------------------------------- the sync


class _Differs(Exception):
    """The action gives another outcome on the changed game: its unit of work rolls back."""

    def __init__(self, ran: Ran) -> None:
        super().__init__("differs")
        self.ran = ran


def _known(session: Session, game: Game, key: str) -> GameConflict | None:
    query = select(GameConflict).where(
        col(GameConflict.game_id) == game.id, col(GameConflict.key) == key
    )
    return session.exec(query).first()


def _conflict(table: Table, entry: Entry, found: dict[str, Any]) -> dict[str, Any]:
    with table.write() as s:
        game = table.game(s)
        known = _known(s, game, entry.key)  # the same key raced here by another sync
        if known is None:
            known = GameConflict(
                game_id=int(game.id or 0), key=entry.key, user_id=table.user(),
                side=table.side(s, game, entry), action=entry.action,
                fields=dict(entry.fields), dice=list(entry.dice), rest=entry.rest,
                preview=dict(entry.preview), revision=entry.revision, made_at=entry.made_at,
                found=found, created_at=logbook.now_text(),
            )  # fmt: skip
            s.add(known)
            s.flush()
            capture.touch(s, game)  # both phones' boards show it
        return {"key": entry.key, "status": CONFLICT, "conflict": view(s, table, known, entry.lang)}


def _take(table: Table, entry: Entry, reached: int | None) -> tuple[dict[str, Any], int]:
    """One entry in its own unit of work: its answer, and the game's revision after it."""
    now = 0
    try:
        with table.write() as s:
            game = table.game(s)
            now = game.revision
            known = _known(s, game, entry.key)
            if known is not None:  # a retried sync: the conflict it made
                said = view(s, table, known, entry.lang)
                return {"key": entry.key, "status": CONFLICT, "conflict": said}, now
            fresh = now in (entry.revision, reached)
            ran: list[Ran] = []

            def run() -> tuple[int, Any]:
                ran.append(table.run(s, game, entry, random=entry.rest == "random"))
                if not fresh and ran[0].outcome != entry.outcome:
                    raise _Differs(ran[0])
                return 200, ran[0].answer

            route = table.route(game, entry.action)
            _, body, _ = idempotency.replay_or_run(s, entry.key, table.user(), route, run)
        answer = {"key": entry.key, "status": CONFIRMED, "answer": body,
                  "outcome": ran[0].outcome if ran else None}  # fmt: skip
        return answer, game.revision
    except StoreError:
        raise
    except _Differs as differs:
        found = _differs(entry, now, differs.ran)
    except SkirmishError as error:
        found = _refusal(now, error)
    return _conflict(table, entry, found), now


def sync(table: Table, entries: Sequence[Entry]) -> dict[str, Any]:
    """The queued ``entries`` taken in order (see the module's docs): ``{"revision", "results"}``,
    one result a entry, ``confirmed``, ``conflict`` or ``held``."""
    results: list[dict[str, Any]] = []
    reached: int | None = None
    revision: int | None = None
    for at, entry in enumerate(entries):
        answer, revision = _take(table, entry, reached)
        results.append(answer)
        if answer["status"] != CONFIRMED:
            results += [{"key": e.key, "status": HELD} for e in entries[at + 1 :]]
            break
        reached = revision
    if revision is None or results[-1]["status"] != CONFIRMED:
        with table.write() as s:
            revision = table.game(s).revision
    return {"revision": revision, "results": results}


# ----------------------------------------------------------------------------- conflicts


def conflicts(session: Session, table: Table, game: Game, lang: Lang | str) -> list[dict[str, Any]]:
    """The game's open conflicts, oldest first, as ``view`` says them."""
    rows = session.exec(_open_conflicts_query(), params={"game": game.id})
    return [view(session, table, row, lang) for row in rows]


@cache
def _open_conflicts_query() -> Any:
    """``conflicts``' statement, built once (issue #23: every live page asks it)."""
    return (
        select(GameConflict)
        .where(
            col(GameConflict.game_id) == bindparam("game", type_=Integer),
            col(GameConflict.status) == OPEN,
        )
        .order_by(col(GameConflict.id))
    )


def _locked(session: Session, game: Game, number: int) -> GameConflict:
    query = select(GameConflict).where(
        col(GameConflict.id) == number, col(GameConflict.game_id) == game.id
    )
    if locking_rows(session):
        query = query.with_for_update()
    found = session.exec(query.execution_options(populate_existing=True)).first()
    if found is None:
        raise CampaignError(
            Message("game {game} has no conflict {number}. Nothing was changed.",
                    game=game.id, number=number)
        )  # fmt: skip
    return found


def entry_of(row: GameConflict) -> Entry:
    """The queued entry a conflict holds."""
    return Entry(row.key, row.action, dict(row.fields), tuple(row.dice), row.rest, row.revision,
                 row.made_at, Lang.EN, dict(row.preview))  # fmt: skip


def settle(table: Table, number: int, choice: str, lang: Lang | str) -> dict[str, Any]:
    """Conflict ``number`` settled by ``choice`` in one unit of work that locks its row (see
    the module's docs): the conflict as it is now, and the action's answer for ``mine``."""
    if choice not in CHOICES:
        raise CampaignError(
            Message('choose "mine" or "discard" to settle a conflict. Nothing was changed.')
        )
    with table.write() as s:
        game = table.game(s)
        table.allowed(s, game)
        row = _locked(s, game, number)
        if row.status != OPEN:
            how = (row.settled or {}).get("it" if str(lang) == "it" else "en", "")
            raise CampaignError(
                Message("conflict {number} was already settled: {how}. Nothing was changed.",
                        number=number, how=how)
            )  # fmt: skip
        answer: dict[str, Any] | None = None
        if choice == "mine":
            answer = table.run(s, game, entry_of(row), random=True).answer
        who = table.name(s, table.user())
        row.status, row.choice, row.settled_by = SETTLED_STATUS, choice, table.user()
        row.settled = _both(Message(SETTLED[choice], who=who))
        row.settled_at = logbook.now_text()
        s.add(row)
        s.flush()
        capture.touch(s, game)
        return {"conflict": view(s, table, row, lang), "answer": answer}
