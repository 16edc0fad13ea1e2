"""The dice of a game's log read as luck (issue #14): every roll a ``Moment`` placed within
its exact distribution, and every shot or fight a ``Moment`` of its outcome with its impact.

Which events are read, and whose each roll is:

- ``shoot`` and ``melee``: the dice as the log reads them (``details["rolls"]``, each with its
  stage): nerve, fanning, shooting and fight rolls are the attacker's, saving rolls and the
  panic test the target's; a reflex test before the nerve test (opportunity fire, §4.2.3) is
  the shooter's, one after a shot (a thrown rider, R-02(c)) the target's; the mount's die is
  nobody's luck (``purposes``). The action's outcome is one moment for the attacker and its
  mirror for the target, with the exact odds of the very setup rolled (``details["setup"]``).
- ``initiative``: the good side's die (``initiative: first``) is its model's, the bad side's
  (``initiative: opponent``) its model's;
- ``cohesion``: the gang's die; ``friend-death``, ``mount``, ``dismount``, ``lasso``: the
  model's test (the lasso's pull die is nobody's luck); ``explosion``: the short fuse is the
  thrower's, each model caught rolls its own step away and saving rolls;
  ``retreat``: the gang's infamy die (R-09);
- ``reroll`` (R-15): the die rerolled away, as a roll of its own (the new die is in its
  action's dice, which the log keeps as they finally lay).

The post-game's rolls are in the campaign log, not the game's (``postgame_moments``): a
model's recovery roll (§6.5) and FORTUNA's reroll of it, the gambler's and the marked cards'
winnings (H-11, H-10), the gang's infamy test (R-09). So are the rolls between games
(``between_moments``): a purchase's availability roll (R-12), and any other die of the log
whose faces are luck.

Dice are grouped as they are thrown (``engine.dice.throw_size``: the 2D6 of a nerve test, the
6D6 of fanning) and a group is placed by the sum of its faces.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import Any

from skirmish.campaign.luck.purposes import Better, better_of
from skirmish.engine.dice import purpose_key, throw_size
from skirmish.engine.setup import ShootSetup
from skirmish.errors import SkirmishError
from skirmish.i18n import Lang, name
from skirmish.odds.combat import melee_odds, shoot_odds
from skirmish.odds.luck_dist import Placing, place, place_dice
from skirmish.odds.luck_stages import walk
from skirmish.odds.setup_data import setup_from
from skirmish.rules.tables import find_equipment

#: How an event's dice came when its event does not say (logged before issue #14).
UNKNOWN = "unknown"
#: Every source a moment may have, in the order the ledger lists them.
SOURCES = ("table", "random", "mixed", UNKNOWN)

ROLL = "roll"
ACTION = "action"
#: Whose a moment is: the roller's (a roll), or an action's attacker's or target's.
ROLLER, ATTACKER, TARGET = "roller", "attacker", "target"

#: Events whose dice are one model's test: the event's model rolls them.
_MODEL_TESTS = frozenset({"friend-death", "mount", "dismount", "lasso"})


@dataclass(frozen=True)
class Who:
    """Whose luck a moment is: a model of a game (its roster member, its gang), or a gang as
    a whole (its cohesion and infamy dice: ``model`` ``None``)."""

    model: str | None
    member_id: int | None
    gang: str | None
    gang_id: int | None
    player: str | None  # the gang's owner account (issue #11); None: a gang of the CLI


@dataclass(frozen=True)
class Moment:
    """One roll, or one shot or fight, placed for whoever it was good or bad for.

    ``percentile`` is the mid-rank percentile (0–100) in its exact distribution, oriented so
    that higher is luckier for ``who``; ``variance`` its exact variance (percentile points²);
    ``as_good`` the chance of a result that good or better for ``who``, ``as_bad`` that bad or
    worse. A ``roll``'s ``purpose`` is the die's (``nerve``, ``shot``…) and ``faces`` its dice;
    ``rerolled`` marks a die rerolled away with FAMA or FORTUNA (R-15). An ``action``'s
    ``purpose`` is ``shoot`` or ``melee``, ``role`` the side of ``who`` (attacker or target),
    with the wounds dealt and their exact expectation, the elimination and its exact chance,
    and the impact for ``who`` (dealt minus expected for the attacker; the opposite for the
    target, so that positive is always lucky). A roll of a shot or fight carries its own
    share of that impact: how far its throw moved the exact expectation of wounds and of an
    elimination (``odds.luck_stages``), for ``who`` likewise; ``None`` for other rolls."""

    kind: str  # ROLL or ACTION
    role: str  # ROLLER, ATTACKER, TARGET
    purpose: str
    faces: tuple[int, ...]
    percentile: Fraction
    variance: Fraction
    as_good: Fraction
    as_bad: Fraction
    who: Who
    opponent: str | None
    source: str
    game_id: int
    turn: int
    event_id: int
    rerolled: bool = False
    wounds: int | None = None
    expected_wounds: Fraction | None = None
    eliminated: bool | None = None
    chance_eliminated: Fraction | None = None
    impact_wounds: Fraction | None = None
    impact_eliminations: Fraction | None = None
    #: A roll of the post-game (recovery, infamy, winnings): the campaign log's entry it came
    #: from (``event_id`` is then 0, ``turn`` the game's last).
    log_id: int | None = None
    #: A roll between games (an availability roll, R-12): the log entry's action (``buy``),
    #: with ``game_id`` and ``turn`` 0 (no game's) and the gang's ``games_played`` when it
    #: rolled; ``None`` for a game's roll or a post-game's.
    log_action: str | None = None
    games_played: int | None = None
    #: What a roll between games was for: the item's id (``item``, the book's words are the
    #: rules'), the face it needed (``need``: the item's DISP) and whether it made it.
    item: str | None = None
    need: int | None = None
    passed: bool | None = None

    def item_name(self, lang: Lang | str) -> str | None:
        """The roll's item by the book's name (``None``: none, or one the rules no longer
        know), for the command line's and the web's ledgers alike."""
        if self.item is None:
            return None
        try:
            return name(find_equipment(self.item), lang)
        except SkirmishError:
            return None

    @property
    def escape(self) -> bool:
        """A great escape: the target of an attack that had at least a 95% chance to
        eliminate it, and survived (at odds of 5% or less); or a recovery roll (§6.5) that
        had at least a 95% chance to kill the model, and did not (``chance_eliminated`` is
        then the chance of "dead" on the table)."""
        return (
            (self.role == TARGET or (self.log_id is not None and self.purpose == "recovery"))
            and self.eliminated is False
            and self.chance_eliminated is not None
            and self.chance_eliminated >= GREAT_ESCAPE
        )


#: An attack that would eliminate its target this surely, survived, is a great escape.
GREAT_ESCAPE = Fraction(95, 100)


@dataclass(frozen=True)
class EventView:
    """What the reader needs of one logged event (``GameEvent``'s fields, plain)."""

    id: int
    game_id: int
    turn: int
    action: str
    model_id: int | None
    details: Mapping[str, Any]
    dice: tuple[tuple[int, str], ...]  # (face, purpose) in the order rolled


@dataclass(frozen=True)
class Cast:
    """The people of one game: each model by game-model id and by name, each gang by name."""

    by_id: Mapping[int, Who]
    by_name: Mapping[str, Who]
    gangs: Mapping[str, Who]


def moments_of(events: Iterable[EventView], cast: Cast) -> Iterator[Moment]:
    """Every moment of one game's events, in the order of the log."""
    last_from = UNKNOWN
    for event in events:
        came = event.details.get("dice_from") if isinstance(event.details, Mapping) else None
        if event.action == "reroll":
            yield from _reroll(event, cast, last_from)
            continue
        if event.dice or event.details.get("rolls"):
            last_from = str(came) if came in SOURCES else UNKNOWN
        if event.action in ("shoot", "melee") and event.details.get("rolls"):
            yield from _combat(event, cast, last_from)
        elif event.action == "initiative":
            yield from _initiative(event, cast, last_from)
        elif event.action in ("cohesion", "retreat"):
            gang = cast.gangs.get(str(event.details.get("gang")))
            if gang is not None:
                yield from _throws(event, event.dice, gang, None, last_from)
        elif event.action == "explosion":
            yield from _explosion(event, cast, last_from)
        elif event.action in _MODEL_TESTS and event.model_id is not None:
            who = cast.by_id.get(event.model_id)
            if who is not None:
                yield from _throws(event, event.dice, who, None, last_from)


def _roll(
    event: EventView, purpose: str, faces: tuple[int, ...], who: Who, opponent: str | None,
    source: str, *, rerolled: bool = False,
) -> Moment | None:  # fmt: skip
    better = better_of(purpose)
    if better is None or not faces or any(not 1 <= f <= 6 for f in faces):
        return None
    placing = place_dice(faces, better is Better.HIGH)
    return Moment(
        kind=ROLL, role=ROLLER, purpose=purpose_key(purpose)[0], faces=faces,
        percentile=placing.percentile * 100, variance=placing.variance * 100**2,
        as_good=placing.as_good, as_bad=placing.as_bad, who=who, opponent=opponent,
        source=source, game_id=event.game_id, turn=event.turn, event_id=event.id,
        rerolled=rerolled,
    )  # fmt: skip


def _groups(dice: Iterable[tuple[int, str]]) -> Iterator[tuple[str, tuple[int, ...]]]:
    """Dice as thrown together: consecutive dice of one purpose, ``throw_size`` at a time."""
    run: list[int] = []
    purpose = ""
    for face, this in dice:
        if run and (this != purpose or len(run) >= throw_size(purpose)):
            yield purpose, tuple(run)
            run = []
        purpose = this
        run.append(face)
    if run:
        yield purpose, tuple(run)


def _throws(
    event: EventView, dice: Iterable[tuple[int, str]], who: Who, opponent: str | None, came: str
) -> Iterator[Moment]:
    for purpose, faces in _groups(dice):
        found = _roll(event, purpose, faces, who, opponent, came)
        if found is not None:
            yield found


def _explosion(event: EventView, cast: Cast, came: str) -> Iterator[Moment]:
    """The short fuse's die is the thrower's; then each model caught rolls its own (a step
    away, its saving rolls, how far it is thrown), as many as the event says it rolled (an
    explosion logged before issue #14 does not say, and is not read)."""
    thrower = cast.by_id.get(event.model_id) if event.model_id is not None else None
    caught = event.details.get("caught")
    if thrower is None or not isinstance(caught, list):
        return
    said = [c.get("dice") if isinstance(c, Mapping) else None for c in caught]
    counts = [n for n in said if isinstance(n, int) and n >= 0]
    if len(counts) != len(said):
        return
    fuse = len(event.dice) - sum(counts)
    if fuse < 0:
        return
    yield from _throws(event, event.dice[:fuse], thrower, None, came)
    start = fuse
    for victim, n in zip(caught, counts, strict=True):
        who = cast.by_name.get(str(victim.get("model")))
        if who is not None:
            yield from _throws(event, event.dice[start : start + n], who, thrower.model, came)
        start += n


def _reroll(event: EventView, cast: Cast, came: str) -> Iterator[Moment]:
    details = event.details
    name = str(details.get("model"))
    who = cast.gangs.get(name) if details.get("stage") == "cohesion" else cast.by_name.get(name)
    old = details.get("old")
    if who is None or not isinstance(old, int):
        return
    purpose = str(details.get("purpose") or details.get("stage"))
    if purpose.startswith("initiative"):  # as the roll-off's dice read (``_initiative``)
        purpose = "initiative"
    found = _roll(event, purpose, (old,), who, None, came, rerolled=True)
    if found is not None:
        yield found


def _initiative(event: EventView, cast: Cast, came: str) -> Iterator[Moment]:
    good = cast.by_name.get(str(event.details.get("good")))
    bad = cast.by_name.get(str(event.details.get("bad")))
    for face, purpose in event.dice:
        mine, theirs = (bad, good) if purpose.endswith("opponent") else (good, bad)
        if mine is None:
            continue
        # both dice are initiative dice; the roll-off's order is no part of the luck
        found = _roll(event, "initiative", (face,), mine, theirs.model if theirs else None, came)
        if found is not None:
            yield found


def _combat(event: EventView, cast: Cast, came: str) -> Iterator[Moment]:
    details = event.details
    attacker = cast.by_id.get(event.model_id) if event.model_id is not None else None
    if attacker is None:
        attacker = cast.by_name.get(str(details.get("attacker")))
    target = cast.by_name.get(str(details.get("target")))
    target_name = str(details.get("target") or "") or None
    if attacker is None:
        return
    # (face, stage, whose, against whom, on the action's side: True for the attacker's dice)
    dice: list[tuple[int, str, Who | None, str | None, bool]] = []
    nerve_seen = False
    rolls = details.get("rolls")
    for roll in rolls if isinstance(rolls, list) else ():
        if not isinstance(roll, Mapping):
            continue
        stage = str(roll.get("stage"))
        face = roll.get("face")
        if not isinstance(face, int):
            continue
        nerve_seen = nerve_seen or stage == "nerve"
        if stage in ("save", "panic") or (stage == "reflex" and nerve_seen):
            dice.append((face, stage, target, attacker.model, False))
        else:
            dice.append((face, stage, attacker, target_name, True))
    # the opportunity's reflex test comes before the action proper (§4.2.3)
    lead = next((i for i, d in enumerate(dice) if d[1] != "reflex"), len(dice))
    swings = _swings(details, [d[0] for d in dice[lead:]])
    # group by purpose and owner together, as thrown
    run: list[int] = []  # indices into dice
    for index in [*range(len(dice)), None]:
        if run and (
            index is None
            or dice[index][1] != dice[run[0]][1]
            or dice[index][2] != dice[run[0]][2]
            or len(run) >= throw_size(dice[run[0]][1])
        ):
            face, stage, who, against, mine = dice[run[0]]
            if who is not None:
                faces = tuple(dice[i][0] for i in run)
                found = _roll(event, stage, faces, who, against, came)
                swing = swings.get(run[0] - lead) if run[0] >= lead else None
                if found is not None and swing is not None:
                    sign = 1 if mine else -1
                    (w0, e0), (w1, e1) = swing
                    found = replace(
                        found, impact_wounds=sign * (w1 - w0), impact_eliminations=sign * (e1 - e0)
                    )
                if found is not None:
                    yield found
            run = []
        if index is not None:
            run.append(index)
    yield from _action(event, attacker, target, came)


def _swings(details: Mapping[str, Any], faces: list[int]) -> dict[int, Any]:
    """Each throw of the action by where it starts among its dice: the exact expectation
    (wounds, chance to eliminate) before and after it (``odds.luck_stages.walk``); empty when
    the event has no setup (logged before issue #14) or its dice do not make the action."""
    setup = details.get("setup")
    if not isinstance(setup, Mapping) or not faces:
        return {}
    walked = action_walk(json.dumps(setup, sort_keys=True), tuple(faces))
    return {t.start: (t.before, t.after) for t in walked or ()}


def _action(event: EventView, attacker: Who, target: Who | None, came: str) -> Iterator[Moment]:
    """The shot or fight as a whole: its exact odds from the setup it rolled (``None`` for an
    event logged before issue #14, or an opportunity shot that never fired)."""
    details = event.details
    setup = details.get("setup")
    before, after = details.get("cos_before"), details.get("cos_after")
    if not isinstance(setup, Mapping) or not isinstance(before, int) or before < 1:
        return
    if not isinstance(after, int):
        return
    odds = action_odds(json.dumps(setup, sort_keys=True), before)
    if odds is None:
        return
    dealt = max(0, min(before, before - after))
    eliminated = bool(details.get("eliminated"))
    weights, expected, chance = odds
    observed = (eliminated, dealt)
    if observed not in weights:  # a result the odds of its setup do not allow: not placed
        return
    placing = place(weights, observed, lambda k: k)
    swing_w = dealt - expected
    swing_e = Fraction(int(eliminated)) - chance
    common = {
        "kind": ACTION, "purpose": str(event.action), "faces": (), "source": came,
        "game_id": event.game_id, "turn": event.turn, "event_id": event.id, "wounds": dealt,
        "expected_wounds": expected, "eliminated": eliminated, "chance_eliminated": chance,
    }  # fmt: skip
    yield _placed(ATTACKER, placing, attacker, details.get("target"), swing_w, swing_e, common)
    if target is not None:
        mirror = placing.mirrored()
        yield _placed(TARGET, mirror, target, attacker.model, -swing_w, -swing_e, common)


def _placed(
    role: str, placing: Placing, who: Who, opponent: Any, wounds: Fraction, kills: Fraction,
    common: dict[str, Any],
) -> Moment:  # fmt: skip
    return Moment(
        role=role, percentile=placing.percentile * 100, variance=placing.variance * 100**2,
        as_good=placing.as_good, as_bad=placing.as_bad, who=who,
        opponent=str(opponent) if opponent is not None else None, impact_wounds=wounds,
        impact_eliminations=kills, **common,
    )  # fmt: skip


@cache
def action_odds(
    setup: str, cos: int
) -> tuple[dict[tuple[bool, int], Fraction], Fraction, Fraction] | None:
    """The exact odds of a recorded shot or fight (``setup``: its JSON) against a target with
    ``cos`` left: the chance of each (eliminated, wounds dealt) — wounds capped at ``cos``, as
    COS cannot lose more —, the expected wounds dealt and the chance to eliminate. The same odds as
    ``skirmish odds shoot|melee`` (``odds.combat``), without rerolls: the points spent are
    the players' choice, the dice are the luck (docs/luck.md). ``None`` when the setup can no
    longer be read (a rule changed since)."""
    try:
        built = setup_from(json.loads(setup))
        found = shoot_odds(built) if isinstance(built, ShootSetup) else melee_odds(built)
    except (SkirmishError, TypeError, ValueError, KeyError):  # written by another version
        return None
    if found.wounds is None:
        return None
    weights: dict[tuple[bool, int], Fraction] = {}
    for result, p in found.results.items():
        dealt = min(result.wounds or 0, cos)
        key = (dealt >= cos, dealt)
        weights[key] = weights.get(key, Fraction(0)) + p
    expected = sum((k[1] * p for k, p in weights.items()), Fraction(0))
    chance = sum((p for k, p in weights.items() if k[0]), Fraction(0))
    return weights, expected, chance


@dataclass(frozen=True)
class EntryView:
    """What the reader needs of one campaign log entry (``LogEntry``) of a post-game, or
    between games."""

    id: int
    action: str
    game_id: int
    turn: int
    who: Who
    details: Mapping[str, Any]
    dice: tuple[tuple[int, str], ...]
    #: An entry between games: how many games its gang had played (its state before it).
    games_played: int | None = None


#: The post-game's log entries whose dice are luck (``campaign.postgame``).
POSTGAME_ACTIONS = ("recovery", "gambler", "marked-cards", "infamy")
#: The worst total of the recovery table: dead (§6.5, R-10).
DEAD_AT = 1


def postgame_moments(entries: Iterable[EntryView]) -> Iterator[Moment]:
    """Every roll of the post-game entries, each one die (their source is not logged:
    ``unknown``); a recovery roll carries the exact chance that its die killed the model and
    whether it did (before FORTUNA's reroll, which is a roll of its own)."""
    for entry in entries:
        view = EventView(0, entry.game_id, entry.turn, entry.action, None, entry.details, ())
        for face, purpose in entry.dice:
            found = _roll(view, purpose, (face,), entry.who, None, UNKNOWN)
            if found is None:
                continue
            found = replace(found, log_id=entry.id)
            if purpose == "recovery":
                found = _recovery(found, face, entry.details)
            yield found


def _recovery(moment: Moment, face: int, details: Mapping[str, Any]) -> Moment:
    total = details.get("total")
    if not isinstance(total, int):
        return moment
    modifier = total - face
    dead = Fraction(sum(1 for f in range(1, 7) if f + modifier <= DEAD_AT), 6)
    return replace(moment, chance_eliminated=dead, eliminated=total <= DEAD_AT)


def between_moments(entries: Iterable[EntryView]) -> Iterator[Moment]:
    """Every roll of the log entries made between games (an availability roll of a purchase,
    R-12; any other die of the log that is luck, ``purposes``; the new-skill table is not),
    each one die, for the entry's gang and the model it names. Their source is the entry's
    ``dice_from`` when it records one, else ``unknown``. A purchase's roll carries its item,
    the face it needed (DISP: 1D6 equal or higher finds it) and whether it found it."""
    for entry in entries:
        details = entry.details
        came = details.get("dice_from")
        source = str(came) if came in SOURCES else UNKNOWN
        view = EventView(0, 0, 0, entry.action, None, details, ())
        for face, purpose in entry.dice:
            found = _roll(view, purpose, (face,), entry.who, None, source)
            if found is None:
                continue
            found = replace(found, log_id=entry.id, log_action=entry.action,
                            games_played=entry.games_played)  # fmt: skip
            if purpose_key(purpose)[0] == "availability":
                found = _availability(found, face, details)
            yield found


def _availability(moment: Moment, face: int, details: Mapping[str, Any]) -> Moment:
    """A purchase's roll (R-12): its item, its DISP and whether the face found it (the log's
    word, ``available``, else the rule's: 1D6 equal or higher than DISP)."""
    item = details.get("item")
    need = details.get("disp")
    need = need if isinstance(need, int) and not isinstance(need, bool) and 1 <= need <= 6 else None
    passed = details.get("available")
    if not isinstance(passed, bool):
        passed = face >= need if need is not None else None
    return replace(moment, item=str(item) if isinstance(item, str) else None, need=need,
                   passed=passed)  # fmt: skip


@cache
def action_walk(setup: str, faces: tuple[int, ...]) -> tuple[Any, ...] | None:
    """``odds.luck_stages.walk`` of a recorded setup (its JSON) and faces; ``None`` when the
    setup can no longer be read or the faces do not make its action."""
    try:
        return walk(setup_from(json.loads(setup)), faces)
    except (SkirmishError, TypeError, ValueError, KeyError):  # written by another version
        return None
