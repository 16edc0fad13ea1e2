"""The initiative roll of §1.8 on two phones (issue #12): rolled once, kept, then chosen.

At the table the roll and the winner's choice are two moments: both players see the dice, then
the winner says which of the two revealed models takes its turn (R-07: "chi vince può decidere
se attivare un suo personaggio o farlo attivare all'avversario"). ``initiative.initiative``
records both at once, so a phone first *tries* it (``trial``: the service's roll-off,
``initiative.reckon``, which records nothing), keeps what the dice said (``keep``), and the
winner's tap then records the initiative with those very dice (``choose``), so the totals, the
ties (H-06) and Nervi scossi are reckoned by the service, the same way twice.

The roll is kept as the answer to the roll (``request_key``, 0009) under a key naming the game,
the turn, the round and the game's revision: a second roll in the same state is answered with
the first (nobody rolls again for a better die), and anything that changes the game (a changed
pick, an action, an undo) moves the revision on, so a kept roll never outlives the state it was
rolled in. Keeping it moves the revision on too (``capture.touch``), so the other phone sees the
dice; it is kept under the revision its own unit of work commits. Typed dice that tie (R-07,
H-06) are kept as the tied rounds, and the next dice typed or rolled carry on from them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from skirmish.campaign import lookup
from skirmish.campaign.account_tables import RequestKey
from skirmish.campaign.game import capture
from skirmish.campaign.game.initiative import InitiativeReport, initiative, reckon
from skirmish.campaign.game.tables import Game, GameModel
from skirmish.campaign.logbook import now_text
from skirmish.campaign.store import locking_rows
from skirmish.engine.dice import RandomDice, TableDice
from skirmish.errors import CampaignError, DiceError
from skirmish.rules.model import Side
from skirmish.translation import Message

#: The route a kept roll is filed under in ``request_key``.
ROUTE = "game/initiative-roll"


def key_of(game: Game, turn: int, round_no: int, revision: int | None = None) -> str:
    """The key of the roll of ``round_no`` of ``turn`` in the game's state ``revision`` (by
    default its present one); at most 64 characters. It holds spaces, which a client's
    idempotency key may not (``idempotency.check_key``), so no request can claim it."""
    at = game.revision if revision is None else revision
    return f"initiative roll {game.id} {turn} {round_no} {at}"


@dataclass(frozen=True)
class Round:
    """One roll-off of the initiative: each side's die and total."""

    good_die: int
    good_total: int
    bad_die: int
    bad_total: int


@dataclass(frozen=True)
class Kept:
    """A roll made at the table and not yet recorded: the two models revealed, whose FAMA each
    side counts, the dice, the rounds (all tied when ``winner_side`` is None: typed dice that
    must be rolled again), each side's RIF and FAMA, the winner and who rolled."""

    good: str
    bad: str
    good_id: int
    bad_id: int
    good_fama_from: str | None
    bad_fama_from: str | None
    dice: tuple[int, ...]
    rounds: tuple[Round, ...]
    good_rif: int
    good_fama: int
    bad_rif: int
    bad_fama: int
    winner_side: Side | None
    shaken: tuple[str, ...]
    user_id: int | None

    @property
    def winner(self) -> str | None:
        if self.winner_side is None:
            return None
        return self.good if self.winner_side is Side.GOOD else self.bad

    def data(self) -> dict[str, Any]:
        """As JSON (the kept answer's body, and the API's ``roll``)."""
        return {
            "good": self.good,
            "bad": self.bad,
            "good_id": self.good_id,
            "bad_id": self.bad_id,
            "good_fama_from": self.good_fama_from,
            "bad_fama_from": self.bad_fama_from,
            "dice": list(self.dice),
            "rounds": [
                {"good": [r.good_die, r.good_total], "bad": [r.bad_die, r.bad_total]}
                for r in self.rounds
            ],
            "good_rif": self.good_rif,
            "good_fama": self.good_fama,
            "bad_rif": self.bad_rif,
            "bad_fama": self.bad_fama,
            "winner": self.winner,
            "winner_side": self.winner_side.value if self.winner_side else None,
            "tied": self.winner_side is None,
            "shaken": list(self.shaken),
            "user_id": self.user_id,
        }

    @classmethod
    def of(cls, body: Mapping[str, Any]) -> Kept:
        side = body.get("winner_side")
        return cls(
            good=body["good"],
            bad=body["bad"],
            good_id=body["good_id"],
            bad_id=body["bad_id"],
            good_fama_from=body.get("good_fama_from"),
            bad_fama_from=body.get("bad_fama_from"),
            dice=tuple(body["dice"]),
            rounds=tuple(
                Round(r["good"][0], r["good"][1], r["bad"][0], r["bad"][1]) for r in body["rounds"]
            ),
            good_rif=body["good_rif"],
            good_fama=body["good_fama"],
            bad_rif=body["bad_rif"],
            bad_fama=body["bad_fama"],
            winner_side=Side(side) if side else None,
            shaken=tuple(body.get("shaken", ())),
            user_id=body.get("user_id"),
        )


def _revealed_names(revealed: Mapping[Side, GameModel]) -> tuple[GameModel, GameModel]:
    return revealed[Side.GOOD], revealed[Side.BAD]


def trial(
    session: Session,
    *,
    game: Game,
    revealed: Mapping[Side, GameModel],
    good_fama_from: str | None,
    bad_fama_from: str | None,
    earlier: Sequence[int],
    typed: Sequence[int] | None,
    user_id: int | None,
) -> Kept:
    """The initiative of the two ``revealed`` models rolled with the dice of ``earlier`` tied
    rounds, then ``typed`` (one die for each side, good first) or, with ``None``, dice rolled
    here; what the dice said, to keep. Nothing is recorded (``initiative.reckon``; issue #23,
    the action's unit of work, sixth round: it recorded the initiative in a savepoint its
    caller rolled back): only ``choose`` records it. Typed dice that tie again are kept as tied
    rounds, to be rolled again (R-07, H-06)."""
    if typed is not None and len(typed) != 2:
        raise DiceError(
            Message(
                "type one die for each side, the good side's first: {typed_count} given.",
                typed_count=len(typed),
            )
        )
    given = (*earlier, *(typed or ()))
    good, bad = _revealed_names(revealed)
    # Typed dice go first; if they tie, random dice finish the roll only so that the service
    # reports the tied rounds' totals: those dice are not kept.
    source = TableDice(given, random_dice=RandomDice())
    report = reckon(
        session, game=game, good=good.name, bad=bad.name, good_fama_from=good_fama_from,
        bad_fama_from=bad_fama_from, dice=source,
    )  # fmt: skip
    return _kept(report, good, bad, good_fama_from, bad_fama_from, given, typed, user_id)


def _kept(
    report: InitiativeReport,
    good: GameModel,
    bad: GameModel,
    good_fama_from: str | None,
    bad_fama_from: str | None,
    given: Sequence[int],
    typed: Sequence[int] | None,
    user_id: int | None,
) -> Kept:
    if not report.rolled or len(report.rollers) != 2:
        raise CampaignError(Message("no initiative roll is needed now (§1.8)."))
    first, second = report.rollers
    rounds = tuple(
        Round(g_die, g_total, b_die, b_total)
        for g_die, g_total, b_die, b_total in zip(
            first.dice, first.totals, second.dice, second.totals, strict=True
        )
    )
    dice = tuple(d.value for d in report.dice)
    decided = typed is None or len(dice) <= len(given)
    winner = report.winner_side if decided else None
    kept_rounds = rounds if decided else rounds[: len(given) // 2]
    return Kept(
        good=good.name,
        bad=bad.name,
        good_id=int(good.id or 0),
        bad_id=int(bad.id or 0),
        good_fama_from=first.fama_from if good_fama_from else None,
        bad_fama_from=second.fama_from if bad_fama_from else None,
        dice=dice if decided else tuple(given),
        rounds=kept_rounds,
        good_rif=first.rif,
        good_fama=first.fama,
        bad_rif=second.rif,
        bad_fama=second.fama,
        winner_side=winner,
        shaken=report.shaken if decided else (),
        user_id=user_id,
    )


#: session.info: the unit of work (its root transaction) and the keys of kept rolls it looked
#: up and did not find (``_kept_row``).
_ABSENT = "initiative_rolls_absent"


def _kept_row(session: Session, game: Game, key: str, *, ours: bool) -> RequestKey | None:
    """The row of the roll kept under ``key``, read once per unit of work (issue #23: a roll
    looked its key up three times, a card or a choice once more in its answer).

    A roll is kept only by a unit of work that holds the game (its lock; on SQLite the
    database's) under the revision that unit of work commits (``keep``), and revisions never
    come back (``capture.seal``). So the key of a revision this unit of work makes (``ours``)
    is found only among the rows it holds (``board`` holds what it inserts); and a key looked up
    and not found stays so for the rest of a unit of work that holds the game or reads one
    snapshot (neither a trial rolled back nor anything else of it keeps a roll under a revision
    not its own)."""
    if ours:
        found = session.identity_map.get(Session.identity_key(RequestKey, key))
        return found if isinstance(found, RequestKey) else None
    transaction = session.get_transaction()
    absent: tuple[Any, set[str]] | None = session.info.get(_ABSENT)
    if absent is None or absent[0] is not transaction:
        absent = session.info[_ABSENT] = (transaction, set())
    if key in absent[1]:
        return None
    row = session.get(RequestKey, key)
    held = not locking_rows(session) or lookup.is_locked(session, Game, game.id)
    if row is None and held:
        absent[1].add(key)
    return row


def kept_roll(
    session: Session, *, game: Game, turn: int, round_no: int, revealed: Mapping[Side, GameModel]
) -> Kept | None:
    """The roll kept for this round in the game's present state, if any (for the two models
    revealed now)."""
    ours = (session.info.get(capture.MOVED) or {}).get(game.id) == game.revision
    row = _kept_row(session, game, key_of(game, turn, round_no), ours=ours)
    if row is None or row.route != ROUTE:
        return None
    kept = Kept.of(row.body)
    good, bad = _revealed_names(revealed)
    if (kept.good_id, kept.bad_id) != (good.id, bad.id):
        return None
    return kept


def keep(
    session: Session,
    *,
    game: Game,
    turn: int,
    round_no: int,
    revealed: Mapping[Side, GameModel],
    roll: Kept,
    earlier: Kept | None,
) -> Kept:
    """Keep ``roll`` for this round: ``earlier`` is the roll it was tried after (its tied
    rounds, which it carries on from), or nothing, as its trial found it. A roll kept since
    then wins: a second phone that rolled at the same moment, or a second tap, is answered
    with the roll the first one kept (read under the game's lock, after it committed), never
    with a roll of its own (issue #20)."""
    present = kept_roll(session, game=game, turn=turn, round_no=round_no, revealed=revealed)
    if present is not None and (present != earlier or roll == present):
        return present
    if present is None and earlier is not None:  # the game moved on since the trial
        raise CampaignError(
            Message("the game changed since the initiative was rolled: roll it again.")
        )
    # Both phones must see the dice: the roll is a change of the game outside its rows
    # (``capture.touch``), so its revision moves on by one when this unit of work commits
    # (``capture.seal``), and the roll is kept under that next revision.
    capture.touch(session, game)
    key = key_of(game, turn, round_no, game.revision + 1)
    row = _kept_row(session, game, key, ours=True)
    if row is None:
        row = RequestKey(
            key=key, user_id=roll.user_id, route=ROUTE, status=200, body={}, created_at=now_text()
        )
    row.body = roll.data()
    session.add(row)
    session.flush()
    return roll


def choose(
    session: Session,
    *,
    game: Game,
    roll: Kept,
    activate: Side,
) -> InitiativeReport:
    """Record the kept ``roll`` as the initiative (``initiative.initiative``, its very dice),
    the winner having chosen which of the two revealed models, ``activate``'s, takes its turn
    now (§1.8); that turn begins."""
    if roll.winner_side is None:
        raise CampaignError(
            Message("the initiative is tied: roll again before choosing (R-07, H-06).")
        )
    report = initiative(
        session, game=game, good=roll.good, bad=roll.bad, good_fama_from=roll.good_fama_from,
        bad_fama_from=roll.bad_fama_from, activate=activate.value, choose=None,
        dice=TableDice(roll.dice),
    )  # fmt: skip
    if report.winner_side is not roll.winner_side:  # the game changed under the kept roll
        raise CampaignError(
            Message("the game changed since the initiative was rolled: roll it again.")
        )
    return report
