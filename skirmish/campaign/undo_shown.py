"""``undo GANG`` takes back what it showed (issue #20): a confirmation names the log entry it
showed (``entry``), and the undo is refused, in the same unit of work and under the same lock,
when that entry is no longer the gang's last action; the refusal says what changed since (the
entries logged after it, by whom, or who undid it). Without ``entry`` (the CLI's plain
``skirmish undo GANG``) the last action is taken back, as before.

Two phones confirming the same undo: the first takes the action back, the second is refused
(its entry is undone now), and nothing is undone twice. A page that showed Jim's rename never
takes back Pat's rename made meanwhile.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from sqlmodel import Session, col, select

from skirmish.campaign import logbook
from skirmish.campaign.account_tables import User
from skirmish.campaign.models import Gang, LogEntry
from skirmish.campaign.text import describe_entry
from skirmish.errors import CampaignError, StaleError
from skirmish.limits import ENTRY, Bound
from skirmish.translation import Both, Message, gettext, pgettext

#: How many of the changes since a refusal names; the rest are counted.
SHOWN: Final = 5


def listed(parts: Sequence[str], lang: str) -> str:
    """``parts`` joined: the last ``SHOWN`` of them, after how many came before."""
    more = len(parts) - SHOWN
    text = "; ".join(parts[-SHOWN:])
    if more > 0:
        text = gettext(lang, "{more} more, then {text}", more=more, text=text)
    return text


def number(value: Any, field: str, bound: Bound = ENTRY) -> int | None:
    """What a form's or a JSON body's ``field`` names (an entry, a revision): ``None`` when
    absent or blank, else a whole number in ``bound``, or a refusal naming the field."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = int(value.strip())
    return bound.check(value, label=field)


def undo(session: Session, *, gang: Gang, entry: int | None = None) -> LogEntry:
    """``logbook.undo`` of ``gang``'s last action, refused (``StaleError``, nothing changed)
    unless that action is log entry ``entry`` (when given). The gang is locked by its lookup,
    as for every gang action."""
    if entry is not None:
        check(session, gang=gang, entry=entry)
    return logbook.undo(session, gang=gang)


def check(session: Session, *, gang: Gang, entry: int) -> None:
    """Refuse unless ``entry`` is ``gang``'s last action (the one ``undo`` takes back)."""
    last = logbook.last_action(session, gang=gang)
    if last is not None and last.id == entry:
        return
    shown_row = session.get(LogEntry, entry)
    if shown_row is None or shown_row.gang_id != gang.id or shown_row.action == "undo":
        raise CampaignError(
            Message(
                "entry {entry} is not an action of {gang_name!r}: look at its last "
                "action again {on_command_line_skirmish_log_s}. Nothing was changed.",
                entry=entry,
                gang_name=gang.name,
                on_command_line_skirmish_log_s=Message(
                    "⟪ ('skirmish log' shows the entries' numbers)¦⟫"
                ),
            )
        )
    reverted = session.exec(
        select(LogEntry).where(LogEntry.gang_id == gang.id, LogEntry.reverts == entry)
    ).first()
    later = (
        [] if reverted is not None else logbook.standing_actions(session, gang=gang, after=entry)
    )
    names = _authors(session, [e for e in (reverted, *later) if e is not None])
    shown = Both(describe_entry(shown_row, "en"), describe_entry(shown_row, "it"))
    since: Message
    if reverted is not None:
        now = (
            Message("nothing is left to undo")
            if last is None
            else Message(
                "the last action now is: {what}",
                what=Both(describe_entry(last, "en"), describe_entry(last, "it")),
            )
        )
        by = Both(_by(reverted, names, "en", undone=True), _by(reverted, names, "it", undone=True))
        since = Message("it was undone{by}; {now}", by=by, now=now)
    else:  # still standing: the last of those after it is the last action now
        actions = Both(
            *(
                listed([describe_entry(e, lang) + _by(e, names, lang) for e in later], lang)
                for lang in ("en", "it")
            )
        )
        since = Message("it was followed by: {actions}", actions=actions)
    raise StaleError(
        Message(
            "{gang_name!r}'s last action is no longer the one shown ({shown}): "
            "{since}. Undo takes back only the last action: look at it again "
            "before undoing. Nothing was changed.",
            gang_name=gang.name,
            shown=shown,
            since=since,
        )
    )


def _authors(session: Session, entries: Sequence[LogEntry]) -> dict[int, str]:
    ids = {e.author for e in entries if e.author is not None}
    if not ids:
        return {}
    rows = session.exec(select(User.id, User.name).where(col(User.id).in_(ids))).all()
    return {row[0]: row[1] for row in rows if row[0] is not None}


def _by(entry: LogEntry, names: dict[int, str], lang: str, undone: bool = False) -> str:
    """`` (by Pat)``: who made ``entry`` (``undone``: who undid it); nothing for the local
    command line."""
    found = names.get(entry.author) if entry.author is not None else None
    if found is None:
        return ""
    if undone:
        return pgettext(lang, "undone by", " (by {name})", name=found)
    return gettext(lang, " (by {name})", name=found)
