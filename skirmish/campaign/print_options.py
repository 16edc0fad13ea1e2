"""A gang's saved print choice (issue #13): which of its models its printed roster and
activation cards show, whether the dead are printed too, and how many blank cards to add.

``skirmish print roster GANG --save`` (and the web's print form) save what was chosen, and a
later print without options starts from it. The choice is kept on the gang
(``Gang.print_options``, migration 0010) as JSON: ``{"models": [ids], "with_dead": bool,
"blank": n}``. Models are kept by id, so a model renamed since stays chosen; one fired since
drops out of the choice, and a choice whose models have all gone prints every model, as a gang
that never saved one does. Saving is one unit of work on the gang with one log entry,
``print-choice``, which ``undo`` takes back like any other action.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from sqlmodel import Session

from skirmish.campaign import lookup, naming
from skirmish.campaign.gangs import require_active
from skirmish.campaign.logbook import gang_log, snapshot_before
from skirmish.campaign.models import Gang, LogEntry, Member, MemberStatus
from skirmish.limits import BLANK

#: The log entry's action.
ACTION = "print-choice"


class PrintChoice(NamedTuple):
    """What a gang's printed roster and cards show: ``models`` by name (empty: every model),
    the dead too (``with_dead``), and ``blank`` empty cards (``limits.BLANK``)."""

    models: tuple[str, ...] = ()
    with_dead: bool = False
    blank: int = 0


def printable_members(gang: Gang) -> list[Member]:
    """The models a print may name: those on the roster and the dead (not the fired)."""
    return [m for m in gang.members if m.status != MemberStatus.RETIRED]


def choose_models(gang: Gang, names: Iterable[str]) -> list[Member]:
    """The models of ``gang`` that ``names`` name, in the order given, each once: a name or
    handle in any case, a unique prefix or whole words (``naming``), a model on the roster
    preferred to a dead one of the same name. An unknown name is refused with the nearest."""
    candidates = lookup.names_of(printable_members(gang))
    chosen: list[Member] = []
    for typed in names:
        found = naming.choose(
            typed,
            candidates,
            kind=naming.MODEL,
            label=lookup.member_label,
            prefer=lambda m: m.status == MemberStatus.ACTIVE,
        )
        if found not in chosen:
            chosen.append(found)
    return chosen


def print_choice(gang: Gang) -> PrintChoice:
    """The gang's saved print choice, or the default one (every living model, no blank card)."""
    saved: Mapping[str, Any] = gang.print_options or {}
    ids = saved.get("models", [])
    by_id = {m.id: m for m in printable_members(gang)}
    names = tuple(by_id[i].name for i in ids if i in by_id)
    blank = saved.get("blank", 0)
    return PrintChoice(
        models=names,
        with_dead=saved.get("with_dead") is True,
        blank=blank if isinstance(blank, int) and BLANK.low <= blank <= BLANK.high else 0,
    )


def save_print_choice(session: Session, *, gang: Gang, choice: PrintChoice) -> LogEntry:
    """Save ``choice`` as the gang's default for its printed roster and cards: every name one
    of its models (resolved to the stored name), ``blank`` within ``limits.BLANK``; logged. A
    retired gang saves none (``gangs.require_active``)."""
    require_active(gang)
    BLANK.check(choice.blank)
    models = choose_models(gang, choice.models)
    before = snapshot_before(session, gang)
    gang.print_options = {
        "models": [lookup.row_id(m) for m in models],
        "with_dead": choice.with_dead,
        "blank": choice.blank,
    }
    session.add(gang)
    return gang_log(
        session,
        gang,
        before,
        action=ACTION,
        details={
            "models": [m.name for m in models],
            "with_dead": choice.with_dead,
            "blank": choice.blank,
        },
    )
