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
from skirmish.campaign.models import Gang, LogEntry, User
from skirmish.campaign.text import describe_entry
from skirmish.errors import CampaignError, StaleError, on_command_line
from skirmish.limits import ENTRY, Bound
from skirmish.translation import Both, Message

#: How many of the changes since a refusal names; the rest are counted.
SHOWN: Final = 5


def listed(parts: Sequence[str], lang: str) -> str:
    """``parts`` joined: the last ``SHOWN`` of them, after how many came before."""
    more = len(parts) - SHOWN
    text = "; ".join(parts[-SHOWN:])
    if more > 0:
        text = (f"{more} more, then " if lang == "en" else f"altre {more}, poi ") + text
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
                on_command_line_skirmish_log_s=Both(
                    on_command_line(" ('skirmish log' shows the entries' numbers)", ""),
                    on_command_line(" ('skirmish log' mostra i numeri delle voci)", ""),
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
    shown_en, shown_it = describe_entry(shown_row, "en"), describe_entry(shown_row, "it")
    if reverted is not None:
        by_en, by_it = _by(reverted, names, "by"), _by(reverted, names, "da")
        since_en, since_it = f"it was undone{by_en}", f"è stata annullata{by_it}"
        if last is None:
            since_en += "; nothing is left to undo"
            since_it += "; non resta nulla da annullare"
        else:
            since_en += f"; the last action now is: {describe_entry(last, 'en')}"
            since_it += f"; l'ultima azione ora è: {describe_entry(last, 'it')}"
    else:  # still standing: the last of those after it is the last action now
        since_en = listed([describe_entry(e, "en") + _by(e, names, "by") for e in later], "en")
        since_it = listed([describe_entry(e, "it") + _by(e, names, "di") for e in later], "it")
        since_en, since_it = f"it was followed by: {since_en}", f"è stata seguita da: {since_it}"
    raise StaleError(
        Message(
            "{gang_name!r}'s last action is no longer the one shown ({shown}): "
            "{since}. Undo takes back only the last action: look at it again "
            "before undoing. Nothing was changed.",
            gang_name=gang.name,
            shown=Both(shown_en, shown_it),
            since=Both(since_en, since_it),
        )
    )


def _authors(session: Session, entries: Sequence[LogEntry]) -> dict[int, str]:
    ids = {e.author for e in entries if e.author is not None}
    if not ids:
        return {}
    rows = session.exec(select(User.id, User.name).where(col(User.id).in_(ids))).all()
    return {row[0]: row[1] for row in rows if row[0] is not None}


def _by(entry: LogEntry, names: dict[int, str], word: str) -> str:
    """`` (by Pat)``: who made ``entry``, after ``word`` (by, di, da); nothing for the local
    command line."""
    found = names.get(entry.author) if entry.author is not None else None
    return f" ({word} {found})" if found is not None else ""
