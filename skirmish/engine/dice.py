"""Dice sources: a seeded random generator, or the dice a player typed in from the table.

Every procedure asks its source for one D6 at a time, naming what the die is for, so a result
can record every die in order and a script that runs short can say what the next die was for.
"""

# Annotations are evaluated here (no `from __future__ import annotations`): a NamedTuple's
# annotations written as strings are each compiled into a ForwardRef when roll creates it
# (issue #23, benchmarks/imports.md).

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import NamedTuple, Protocol, TypeVar

from skirmish.errors import DiceError, NotEnoughDice, shown
from skirmish.translation import N_, Message, NMessage, Said, gettext

T = TypeVar("T")


class Die(NamedTuple):
    """One D6 as rolled: its face and what it was rolled for (``nerve``, ``shot``, ``save``…)."""

    value: int
    purpose: str


class DiceSource(Protocol):
    """Anything that hands out D6 results one at a time."""

    def roll(self, purpose: str) -> int:
        """Return the next D6 (1–6), rolled for ``purpose``."""
        ...


class Purpose(NamedTuple):
    """What a die is rolled for, in the book's words (``en``, its msgid in the catalogue):
    ``dice`` is how many are thrown together (2 for the 2D6 tests against FRED or RIF, 6 for
    fanning)."""

    en: str
    dice: int = 1
    #: The purpose of the die thrown at the same time by the other player (a roll-off: both
    #: roll their initiative at once), so no reroll is offered between the two.
    pair: str | None = None

    def word(self, lang: str) -> str:
        """The book's words in ``lang``."""
        return gettext(lang, self.en)


#: Every purpose a procedure names when it asks for a die (``nerve.PURPOSE``…), with the book's
#: words; a test holds it equal to the engine's constants. ``shot 2`` is the second shot.
PURPOSES: Mapping[str, Purpose] = {
    "nerve": Purpose(N_("nerve test"), 2),
    "fanning": Purpose(N_("fanning"), 6),
    "shot": Purpose(N_("shooting roll")),
    "mount": Purpose(N_("roll for the mount")),
    "reflex": Purpose(N_("reflex test"), 2),
    "save": Purpose(N_("saving roll")),
    "panic": Purpose(N_("panic test"), 2),
    "fight": Purpose(N_("fight roll")),
    "lasso": Purpose(N_("lasso roll")),
    "short fuse": Purpose(N_("short fuse")),
    "step away": Purpose(N_("stepping away from the blast")),
    "thrown": Purpose(N_("throw of the explosive")),
    "initiative": Purpose(N_("initiative")),
    "initiative: first": Purpose(N_("initiative"), pair="initiative: opponent"),
    "initiative: opponent": Purpose(N_("opponent's initiative")),
    "cohesion": Purpose(N_("cohesion test")),
    "recovery": Purpose(N_("recovery roll")),
    "recovery: FORTUNA reroll": Purpose(N_("recovery roll, rerolled with FORTUNA")),
    "invalid table": Purpose(N_("invalid table")),
    "infamy": Purpose(N_("infamy test")),
    "availability": Purpose(N_("availability roll")),
    "new skill": Purpose(N_("new skill"), 2),
    "gambler": Purpose(N_("gambler's winnings")),
    "marked cards": Purpose(N_("marked cards")),
}


def purpose_key(purpose: str) -> tuple[str, int | None]:
    """A die's purpose without its number: ``shot 2`` is the ``shot`` purpose, shot 2."""
    head, _, tail = purpose.rpartition(" ")
    if head and tail.isdigit() and head in PURPOSES:
        return head, int(tail)
    return purpose, None


def purpose_words(purpose: str, lang: str) -> str:
    """What a die is for, in the book's words (``shot 2`` → "shooting roll 2")."""
    key, number = purpose_key(purpose)
    known = PURPOSES.get(key)
    words = known.word(lang) if known is not None else key
    return f"{words} {number}" if number is not None else words


def thrown_with(purpose: str) -> str | None:
    """The purpose of the die the other player throws at the same time, if any (a roll-off)."""
    known = PURPOSES.get(purpose_key(purpose)[0])
    return known.pair if known is not None else None


def throw_size(purpose: str) -> int:
    """How many dice of ``purpose`` are thrown together (2 for a 2D6 test)."""
    known = PURPOSES.get(purpose_key(purpose)[0])
    return known.dice if known is not None else 1


#: How the dice of an action came (issue #14, the luck ledger keeps them apart): typed in at
#: the table (``--dice``, the prompts, the web's boxes: physical dice), rolled by skirmish, or
#: both within one action (some typed, the rest left to skirmish).
FROM_TABLE = "table"
FROM_RANDOM = "random"
FROM_BOTH = "mixed"


class RandomDice:
    """Random dice from a private ``random.Random``; the same seed gives the same dice."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def roll(self, purpose: str) -> int:
        return self._rng.randint(1, 6)


class ScriptedDice:
    """Dice typed in from the table, used in order; running out raises ``NotEnoughDice``."""

    def __init__(self, values: Iterable[int]) -> None:
        self._values = tuple(check_face(v) for v in values)
        self._next = 0

    @property
    def used(self) -> int:
        """How many dice have been handed out so far."""
        return self._next

    @property
    def remaining(self) -> int:
        """How many typed-in dice are still unused."""
        return len(self._values) - self._next

    def roll(self, purpose: str) -> int:
        if self._next >= len(self._values):
            words = (purpose_words(purpose, "en"), purpose_words(purpose, "it"))
            raise NotEnoughDice(len(self._values), words[0], purpose_it=words[1])
        value = self._values[self._next]
        self._next += 1
        return value


class RecordingDice:
    """Wraps a source and records every die handed out, in order, with its purpose."""

    def __init__(self, source: DiceSource) -> None:
        self._source = source
        self.dice: list[Die] = []

    @property
    def source(self) -> DiceSource:
        """The source the dice come from."""
        return self._source

    def roll(self, purpose: str) -> int:
        value = self._source.roll(purpose)
        self.dice.append(Die(value, purpose))
        return value


def described(purpose: str, subject: str | None, lang: str) -> str:
    """A die's purpose and who it is for: "saving roll for Billy Clanton" ("tiro salvezza per
    Billy Clanton")."""
    words = purpose_words(purpose, lang)
    if subject is None:
        return words
    return gettext(lang, "{purpose} for {subject}", purpose=words, subject=subject)


class Verdict(NamedTuple):
    """What one die did, as its test's own result says (issue #20): "hit, damage 2", "saved",
    "failed". ``index`` is the die's place among its result's dice; ``subject`` whom it was
    rolled for (``TableDice`` fills it in). A NamedTuple (issue #23: no dataclass on a roll's
    path), whose field ``index`` hides the tuple's method of that name: nothing looks a value up
    in a verdict."""

    index: int  # type: ignore[assignment]  # the field hides tuple.index (see above)
    die: Die
    failed: bool
    #: the verdict and what came of it ("hit", "damage 2"), each said in the reader's language
    words: tuple[Message, ...]
    subject: str | None = None

    def word(self, lang: str) -> str:
        """The verdict in ``lang``."""
        return ", ".join(said(lang) for said in self.words)

    @property
    def en(self) -> str:
        """The verdict in English."""
        return self.word("en")


class DieRequest(NamedTuple):
    """A die the table must roll now: what for, for whom, and which die of its throw; and
    what the dice of the action's tests did so far (``verdicts``, in the order rolled: a
    rerolled die's old face is no longer among them)."""

    purpose: str
    subject: str | None
    number: int  # 1 to ``of``
    of: int  # dice thrown together (2 for a 2D6 test)
    reroll: bool = False  # the die is rolled again with a FAMA or FORTUNA point
    first: bool = False  # the action's first die, with no die typed before it
    verdicts: tuple[Verdict, ...] = ()


#: The engine's verdicts on the dice of the test being rolled, as its result reads so far.
Judge = Callable[[], Sequence[Verdict]]


#: Asks the table for the next die: one or more faces rolled (the extra ones are taken for the
#: next dice), or ``None`` to roll the rest of the action at random.
Ask = Callable[[DieRequest], Sequence[int] | None]


class Ending(NamedTuple):
    """Why an action rolled no more dice ("COS 0: eliminated, so no panic test"): a msgid of the
    catalogue (``N_``), said in the language of the refusal that cites it."""

    why: str

    def word(self, lang: str) -> str:
        """The reason in ``lang``."""
        return gettext(lang, self.why)


class TableDice:
    """The dice of one action as the table rolls them: the ones typed in one go first, in
    order, then (with ``ask``) each next die asked for by what it is for and for whom, or
    ``random`` ones. Without ``ask`` or ``random``, running out raises ``NotEnoughDice``
    (scripts stay reproducible), and ``check_all_used`` refuses dice left over, naming the
    stage that ended the action.

    Services say who rolls which dice with ``rolling_for`` and why an action stopped with
    ``note_end``; other sources ignore both.
    """

    def __init__(
        self,
        typed: Iterable[int] = (),
        *,
        ask: Ask | None = None,
        random_dice: DiceSource | None = None,
    ) -> None:
        self._typed = tuple(check_face(v) for v in typed)
        self._queue = list(self._typed)
        self._ask = ask
        self._random = random_dice
        self._roles: list[Mapping[str, str]] = []
        #: Every die handed out, in order, with who it was for (``None``: nobody named).
        self.dice: list[tuple[Die, str | None, bool]] = []
        self._ending: tuple[int, Ending] | None = None
        self._came: set[str] = set()  # FROM_TABLE, FROM_RANDOM: how the dice handed out came
        self._judges: list[Judge] = []
        #: The verdicts of the tests of this action already finished (``judging``).
        self.judged: list[Verdict] = []

    @property
    def typed(self) -> tuple[int, ...]:
        """The dice given in one go."""
        return self._typed

    @property
    def leftover(self) -> tuple[int, ...]:
        """Dice given in one go (or typed on one line) that no stage used."""
        return tuple(self._queue)

    def subject(self, purpose: str) -> str | None:
        """Who the die of ``purpose`` is rolled for, as the innermost ``rolling_for`` says."""
        key = purpose_key(purpose)[0]
        for roles in reversed(self._roles):
            if key in roles:
                return roles[key]
        return None

    def roll(self, purpose: str) -> int:
        return self._next(purpose, reroll=False)

    def roll_again(self, purpose: str) -> int:
        """The new die of a reroll (R-15): typed in order like any other, or asked for."""
        return self._next(purpose, reroll=True)

    def _next(self, purpose: str, *, reroll: bool) -> int:
        subject = self.subject(purpose)
        if self._queue:
            value = self._queue.pop(0)
            self._came.add(FROM_TABLE)
        elif self._random is not None:
            value = self._random.roll(purpose)
            self._came.add(FROM_RANDOM)
        elif self._ask is not None:
            value = self._asked(purpose, subject, reroll)
            self._came.add(FROM_RANDOM if self._random is not None else FROM_TABLE)
        else:
            words = (described(purpose, subject, "en"), described(purpose, subject, "it"))
            raise NotEnoughDice(len(self._typed), words[0], purpose_it=words[1])
        self.dice.append((Die(value, purpose), subject, reroll))
        return value

    def _asked(self, purpose: str, subject: str | None, reroll: bool) -> int:
        assert self._ask is not None
        size = throw_size(purpose)
        run = 0
        for die, _, again in reversed(self.dice):
            if again or die.purpose != purpose:
                break
            run += 1
        number = 1 if reroll else run % size + 1
        request = DieRequest(
            purpose, subject, number, 1 if reroll else size, reroll, first=not self.dice,
            verdicts=self.verdicts(),
        )  # fmt: skip
        faces = self._ask(request)
        if faces is None:
            self._random = RandomDice()
            return self._random.roll(purpose)
        checked = [check_face(f) for f in faces]
        if not checked:
            raise DiceError(Message("no die was typed."))
        self._queue.extend(checked[1:])
        return checked[0]

    @property
    def came(self) -> str | None:
        """How the dice handed out so far came: ``FROM_TABLE``, ``FROM_RANDOM``, ``FROM_BOTH``,
        or ``None`` before the first."""
        if len(self._came) > 1:
            return FROM_BOTH
        return next(iter(self._came), None)

    def verdicts(self) -> tuple[Verdict, ...]:
        """What the dice of this action's tests did so far: the finished tests', then the
        one being rolled (the innermost ``judging``), each with whom its die was for."""
        now = list(self._judges[-1]()) if self._judges else []
        return tuple(self.judged) + tuple(self._named(v) for v in now)

    def _named(self, verdict: Verdict) -> Verdict:
        if verdict.subject is not None:
            return verdict
        return verdict._replace(subject=self.subject(verdict.die.purpose))

    def push_judge(self, judge: Judge) -> None:
        """Judge the dice of the test now rolled with ``judge`` (``judging``)."""
        self._judges.append(judge)

    def pop_judge(self, settled: Sequence[Verdict] | None) -> None:
        """The test is over: keep its ``settled`` verdicts (``None``: it did not finish)."""
        self._judges.pop()
        if settled is not None:
            self.judged.extend(self._named(v) for v in settled)

    def push(self, roles: Mapping[str, str]) -> None:
        """Name who rolls the dice of each purpose (``{"save": "Billy Clanton"}``)."""
        self._roles.append(roles)

    def pop(self) -> None:
        """Forget the innermost names pushed."""
        self._roles.pop()

    def note_end(self, why: Ending) -> None:
        """Why the action rolled no more dice (said if dice are left over)."""
        self._ending = (len(self.dice), why)

    def check_all_used(self) -> None:
        """Dice left over mean the command does not describe what was rolled: refuse, saying
        which stage ended the action and why (issue #10)."""
        if not self._queue:
            return
        given = len(self._typed)
        left = len(self._queue)
        faces = ", ".join(str(v) for v in self._queue)
        why = self._ending[1] if self._ending and self._ending[0] == len(self.dice) else None
        because = Said(why.word) if why else None
        if self.dice:
            last, subject, _ = self.dice[-1]
            roll = Said(lambda lang: described(last.purpose, subject, lang))
            end = (
                Message("the action ended with the {roll} ({why})", roll=roll, why=because)
                if because
                else Message("the action ended with the {roll}", roll=roll)
            )
        else:
            end = (
                Message("this action rolls no dice ({why})", why=because)
                if because
                else Message("this action rolls no dice")
            )
        raise DiceError(
            NMessage(
                "⟨dice⟩ gave {n} die but {end}; {left} left over ({faces}): "
                "remove them or check the command.",
                "⟨dice⟩ gave {n} dice but {end}; {left} left over ({faces}): "
                "remove them or check the command.",
                given,
                left=left,
                faces=faces,
                end=end,
            )
        )


def dice_from(source: DiceSource | None) -> str | None:
    """How the dice ``source`` handed out came (issue #14): typed in at the table
    (``FROM_TABLE``: a ``TableDice``'s typed or asked dice, a ``ScriptedDice``), rolled by
    skirmish (``FROM_RANDOM``), both (``FROM_BOTH``), or ``None`` when not known."""
    if isinstance(source, RecordingDice):
        return dice_from(source.source)
    if isinstance(source, TableDice):
        return source.came
    if isinstance(source, RandomDice):
        return FROM_RANDOM
    if isinstance(source, ScriptedDice):
        return FROM_TABLE
    return None


@contextmanager
def rolling_for(dice: DiceSource | None, roles: Mapping[str, str]) -> Iterator[None]:
    """While inside, the dice of each purpose in ``roles`` are rolled for that model (said at
    the table's prompts and in the left-over error); a no-op for other sources."""
    if not isinstance(dice, TableDice):
        yield
        return
    dice.push(roles)
    try:
        yield
    finally:
        dice.pop()


@contextmanager
def judging(dice: DiceSource | None, judge: Judge) -> Iterator[None]:
    """While inside, each die asked of the table carries ``judge``'s verdicts on the dice of
    the test so far; on leaving, its last verdicts are kept for the rest of the action (a
    no-op for other sources)."""
    if not isinstance(dice, TableDice):
        yield
        return
    dice.push_judge(judge)
    try:
        yield
    except BaseException:
        dice.pop_judge(None)
        raise
    dice.pop_judge(judge())


def note_end(dice: DiceSource | None, why: Ending | None) -> None:
    """Say why the action ended (``TableDice.note_end``); a no-op for other sources."""
    if isinstance(dice, TableDice) and why is not None:
        dice.note_end(why)


class _PaddedDice(ScriptedDice):
    """Scripted dice followed by an endless run of one face; counts the padding used."""

    def __init__(self, values: Sequence[int], pad: int) -> None:
        super().__init__(values)
        self._pad = pad
        self.padding_used = 0

    def roll(self, purpose: str) -> int:
        if self.remaining > 0:
            return super().roll(purpose)
        self.padding_used += 1
        return self._pad


def check_face(value: int) -> int:
    """A die typed in must show 1 to 6."""
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
        raise DiceError(
            Message("a D6 shows 1 to 6, not {value}; check the ⟨dice⟩ list.", value=shown(value))
        )
    return value


def parse_dice(text: str) -> tuple[int, ...]:
    """Parse dice typed as ``2,4,4`` (commas or spaces) into faces, checking each is 1–6.

    Only the ASCII digits count: ``int`` would read a fullwidth ``６`` or an Arabic-Indic digit
    as 6, a die nobody typed on purpose."""
    parts = [p for p in text.replace(",", " ").split() if p]
    if not parts:
        raise DiceError(
            Message(
                "no dice in {text}; type them in order, e.g. ⟨dice⟩ 2,4,4,4,3,5.", text=shown(text)
            )
        )
    faces: list[int] = []
    for part in parts:
        if not part.isascii():
            raise DiceError(
                Message(
                    "{part} in ⟨dice⟩ {text} is not a face; type faces with the ASCII "
                    "digits 1 to 6, e.g. 2,4,4.",
                    part=shown(part),
                    text=shown(text),
                )
            )
        try:
            faces.append(int(part))
        except ValueError:
            raise DiceError(
                Message(
                    "{part} in ⟨dice⟩ {text} is not a number; type faces 1 to 6, e.g. 2,4,4.",
                    part=shown(part),
                    text=shown(text),
                )
            ) from None
    return tuple(check_face(f) for f in faces)


def run_scripted(procedure: Callable[[DiceSource], T], values: Sequence[int]) -> T:
    """Run ``procedure`` on typed-in dice; if they run short, say how many more are needed.

    The shortfall depends on the missing dice themselves (a miss needs no saving roll), so the
    count is the least over every face the missing dice could show: "at least N more".
    """
    try:
        return procedure(ScriptedDice(values))
    except NotEnoughDice as short:
        needed: list[int] = []
        for pad in range(1, 7):
            padded = _PaddedDice(values, pad)
            try:
                procedure(padded)
            except NotEnoughDice:  # pragma: no cover - padding never runs out
                continue
            except DiceError:
                continue
            needed.append(padded.padding_used)
        more = min((n for n in needed if n > 0), default=1)
        raise NotEnoughDice(len(values), short.purpose, more, purpose_it=short.purpose_it) from None
