"""Names as players say them (issue #10): the one place a typed campaign, gang or model name
(or a model's handle) is turned into the row it names, or into a refusal that lists the
candidates.

The matching itself is ``rules.names.matching`` (an exact name, then whole words, then a
prefix; case, accents and the kind of apostrophe ignored); this module only words its answer:
one candidate is the answer, several are "say which" with every candidate, none is "unknown"
with the nearest names. ``lookup`` (campaigns, gangs, a gang's models), ``game.board`` (a game's
models) and the post-game all come here.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple, TypeVar

from skirmish.confusables import skeleton
from skirmish.errors import CampaignError, UnknownNameError, shown
from skirmish.rules.names import matching, name_key, normalize
from skirmish.translation import N_, NP_, Message

T = TypeVar("T")


class Kind(NamedTuple):
    """What a name names, as the refusals say it (their words are the catalogue's)."""

    en: str  # as UnknownNameError's kind: "model", "gang", "campaign"
    many: str  # the plural, a msgid: "models"
    none_yet: str  # the refusal when there is none yet, a msgid with {name} and {how}
    the: str  # "the gang", a msgid: as a look-alike's refusal names the one it imitates


MODEL = Kind(
    "model",
    N_("models"),
    N_("unknown model {name}: there is none yet; {how}."),
    NP_("look-alike", "the model"),
)
GANG = Kind(
    "gang",
    N_("gangs"),
    N_("unknown gang {name}: there is none yet; {how}."),
    NP_("look-alike", "the gang"),
)
CAMPAIGN = Kind(
    "campaign",
    N_("campaigns"),
    N_("unknown campaign {name}: there is none yet; {how}."),
    NP_("look-alike", "the campaign"),
)
USER = Kind(
    "user",
    N_("users"),
    N_("unknown user {name}: there is none yet; {how}."),
    NP_("look-alike", "the user"),
)


def nearest(name: str, candidates: Iterable[str], limit: int = 3) -> list[str]:
    """The candidates closest to ``name`` (or the first few when none is close)."""
    names = list(dict.fromkeys(candidates))
    by_key = {normalize(n): n for n in names}
    key = normalize(name)
    close = difflib.get_close_matches(key, list(by_key), n=limit, cutoff=0.5)
    close += [k for k in by_key if k not in close and key and (key in k or k in key)]
    found = [by_key[k] for k in close][:limit]
    return found or names[:limit]


def unknown(kind: Kind, typed: str, near: Sequence[str]) -> CampaignError:
    """``unknown gang 'Erps': did you mean 'Earps'?``, in both languages."""
    error = UnknownNameError(kind.en, typed, near)
    return CampaignError(error.message)


def ambiguous(kind: Kind, typed: str, labels: Sequence[str]) -> CampaignError:
    """``'Earp' names 3 models: 'Wyatt Earp', 'Virgil Earp', 'Morgan Earp'; say which.``"""
    listed = ", ".join(repr(label) for label in labels)
    return CampaignError(
        Message(
            "{typed} names {labels_count} {kind_many}: {listed}; say which.",
            typed=shown(typed),
            labels_count=len(labels),
            listed=listed,
            kind_many=Message(kind.many),
        )
    )


def choose(
    typed: str,
    candidates: Sequence[tuple[T, Sequence[str]]],
    *,
    kind: Kind,
    label: Callable[[T], str],
    missing: Callable[[list[str]], CampaignError] | None = None,
    prefer: Callable[[T], bool] | None = None,
) -> T:
    """The candidate ``typed`` names (each candidate comes with its names: a model's name and
    handle). Several: the only one ``prefer`` likes (a model still in play over eliminated
    ones), else refused, listing them by ``label``; none: refused by ``missing`` (given the
    nearest names), by default ``unknown``."""
    found = matching(typed, candidates)
    if len(found) > 1 and prefer is not None:
        liked = [c for c in found if prefer(c)]
        found = liked if len(liked) == 1 else found
    if len(found) == 1:
        return found[0]
    if found:
        raise ambiguous(kind, typed, [label(c) for c in found])
    near = nearest(typed, [name for _, names in candidates for name in names if name])
    raise missing(near) if missing is not None else unknown(kind, typed, near)


def same_name(one: str, other: str) -> bool:
    """Whether two names are one at the table (R-13: models of a gang, and their handles, must
    differ): case, accents, apostrophes and separators ignored."""
    return name_key(one) == name_key(other)


def look_key(name: str) -> str:
    """What two names share when they look alike (issue #22): the TR39 skeleton of the name
    folded as ``same_name`` folds it (case, accents, separators), so a Cyrillic "е" or a Greek
    "ο" in "Earp brothers" gives the key of the Latin name."""
    return skeleton(normalize(name))


def look_alike(name: str, others: Iterable[str]) -> str | None:
    """The first of ``others`` that ``name`` imitates: the same look (``look_key``) but not
    the same name (that one is refused as taken, by the caller's own check)."""
    key = look_key(name)
    for other in others:
        if look_key(other) == key and not same_name(name, other):
            return other
    return None


def refuse_look_alike(kind: Kind, name: str, others: Iterable[str]) -> None:
    """Refuse ``name`` when it looks like one of ``others`` (names of the same campaign, or the
    club's users), naming the one it imitates in one line."""
    imitated = look_alike(name, others)
    if imitated is not None:
        raise CampaignError(
            Message(
                "{name!r} looks like {kind_the} {imitated!r}: they differ only in letters "
                "that look alike (Unicode TR39); choose another name.",
                name=name,
                imitated=imitated,
                kind_the=Message(kind.the),
            )
        )


def with_handle(name: str, handle: str | None) -> str:
    """A model as rosters show it: ``Niccolò Bàrtoli “Nico”``."""
    return f"{name} “{handle}”" if handle else name
