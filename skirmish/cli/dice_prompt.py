"""The table's dice at a terminal (issue #10, items 1 and 2): each next die asked for by what it
is for and for whom, and each failed die offered for a FAMA or FORTUNA reroll (R-15) with the
odds' advice. Only the prompting lives here: which dice an action needs, which failed and what
a reroll costs are the engine's and the services' (``engine.dice.TableDice``,
``engine.rerolls.roll_at_table``, ``campaign.game.rerolls``), which the web app calls too.

Every answer is checked as it is typed and asked again if wrong; Ctrl-D or Ctrl-C cancels the
whole action, and the transaction rolls back: nothing changes.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from typer._click.globals import get_current_context

from skirmish.campaign.game.rerolls import Rerolls, parse_reroll
from skirmish.cli.safe import echo
from skirmish.engine.dice import Ask, DieRequest, described, purpose_words
from skirmish.errors import DiceError
from skirmish.i18n import Catalogue, default_lang, message, messages, tr
from skirmish.odds.at_roll import advise
from skirmish.translation import N_

if TYPE_CHECKING:
    from skirmish.campaign.game.rerolls import Asker, Payment, Question, Rerolls

MESSAGES: Catalogue = messages(
    {
        "die": N_("{what}, {count}D6{whom}{which}{random}: "),
        "whom": N_(" for {name}"),
        "which": N_(" (die {number} of {of})"),
        "random": N_(" [Enter: random dice]"),
        "again": N_("reroll of the {what}, 1D6: "),
        "not-face": N_("  {text!r} is not a die: type the faces rolled, 1 to 6, e.g. 4 or 2,5."),
        "empty": N_("  Type the face rolled (1 to 6)."),
        "cancelled": N_("cancelled: the action was not recorded, nothing changed."),
        "failed": N_("{who}'s {what} failed with a {face}."),
        "advice": N_("  Rerolled, it passes on {faces}: {chance}, against {now} as it lies."),
        "useless": N_("  No face passes: a reroll cannot help, the die is kept."),
        "own": N_("  {n}) {point} of {name} ({left} left)"),
        "friend": N_("  {n}) FAMA of {name}, a friend within 5U ({left} left)"),
        "lowers": N_(
            "     spent, it no longer counts in the total (unused FAMA, R-07): the total "
            "drops by 1; rerolled, it passes on {faces}: {chance}"
        ),
        "lowers-none": N_(
            "     spent, it no longer counts in the total (unused FAMA, R-07): the "
            "total drops by 1, and no face passes then"
        ),
        "keep": N_("  0) keep the die"),
        "wise": N_("  Advice: FORTUNA first; FAMA can still help a friend within 5U."),
        "choose": N_("Reroll with [0-{last}, Enter keeps it]: "),
        "bad-choice": N_("  {text!r}: type a number from 0 to {last}."),
        "rerolled": N_(
            "{who} rerolls the {what}: {old} → {new} ({point} of {payer}, {left} left; R-15)."
        ),
    }
)


def die_words(purpose: str, lang: str) -> str:
    """What a die is for, said of one model: a roll-off's die is that model's initiative
    (``initiative: opponent`` → "initiative"), any other die in the book's words."""
    return purpose_words(purpose.partition(":")[0], lang)


def current_lang() -> str:
    """The language of the command running (its ``--lang``, else ``SKIRMISH_LANG``)."""
    context = get_current_context(silent=True)
    chosen = context.params.get("lang") if context is not None else None
    return str(getattr(chosen, "value", chosen) or default_lang().value)


def interactive() -> bool:
    """Whether a player sits at the terminal: stdin and stdout are both terminals."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _read(prompt: str) -> str:
    """One line typed at ``prompt``; Ctrl-D or Ctrl-C cancels the action (nothing changes)."""
    try:
        sys.stdout.write(prompt)
        sys.stdout.flush()
        line = sys.stdin.readline()
    except KeyboardInterrupt:
        line = ""
    if not line:  # Ctrl-C, or the end of the input (Ctrl-D)
        sys.stdout.write("\n")
        raise DiceError(message(MESSAGES, "cancelled"))
    return line.strip()


def faces_of(text: str) -> tuple[int, ...] | None:
    """The faces typed on one line (``4``, ``2,5``, ``2 5``), or ``None`` if any is not 1–6."""
    parts = [p for p in text.replace(",", " ").split() if p]
    if not parts or any(not (p.isascii() and p.isdigit() and 1 <= int(p) <= 6) for p in parts):
        return None
    return tuple(int(p) for p in parts)


def ask_dice(lang: str, *, random_first: bool) -> Ask:
    """The prompt for each next die (``TableDice``'s ``ask``): what for, for whom, which die of
    its throw; several faces may be typed on one line. With ``random_first`` (no ``--dice``
    given), Enter at the action's first die rolls the whole action at random."""

    def ask(request: DieRequest) -> Sequence[int] | None:
        what = described(request.purpose.partition(":")[0], request.subject, lang)
        offers_random = random_first and request.first
        if request.reroll:
            prompt = tr(MESSAGES, "again", lang, what=what)
        else:
            which = (
                tr(MESSAGES, "which", lang, number=request.number, of=request.of)
                if request.of > 1
                else ""
            )
            random = tr(MESSAGES, "random", lang) if offers_random else ""
            whom = tr(MESSAGES, "whom", lang, name=request.subject) if request.subject else ""
            words = die_words(request.purpose, lang) if request.subject else None
            prompt = tr(MESSAGES, "die", lang, what=words or purpose_words(request.purpose, lang),
                        count=request.of, whom=whom, which=which, random=random)  # fmt: skip
        while True:
            text = _read(prompt)
            if not text:
                if offers_random:
                    return None
                echo(tr(MESSAGES, "empty", lang))
                continue
            faces = faces_of(text)
            if faces is not None:
                return faces
            echo(tr(MESSAGES, "not-face", lang, text=text[:40]))

    return ask


def ask_reroll(lang: str) -> Asker:
    """The question put when a die fails (``campaign.game.rerolls.Asker``): the odds' advice,
    then a numbered list of the ways to pay (own FORTUNA, own FAMA, a friend's FAMA)."""

    def ask(question: Question) -> Payment | None:
        offer = question.offer
        what = die_words(offer.die.purpose, lang)
        echo(tr(MESSAGES, "failed", lang, who=question.roller, what=what, face=offer.die.value))
        advice = advise(offer.passes)
        ways = question.payments
        if not advice.wise or not any(question.passes_with(n) for n in range(len(ways))):
            echo(tr(MESSAGES, "useless", lang))
            return None
        faces = ", ".join(str(f) for f in offer.passes)
        echo(tr(MESSAGES, "advice", lang, faces=faces, chance=_chance(advice.after),
                now=_chance(advice.before)))  # fmt: skip
        for n, way in enumerate(ways, start=1):
            key = "friend" if way.friend else "own"
            echo(tr(MESSAGES, key, lang, n=n, point=way.point.value.upper(),
                    name=way.model.name, left=way.left))  # fmt: skip
            passes = question.passes_with(n - 1)
            if passes != offer.passes:  # the point counts in the test: said honestly
                if passes:
                    echo(tr(MESSAGES, "lowers", lang, faces=", ".join(str(f) for f in passes),
                            chance=_chance(advise(passes).after)))  # fmt: skip
                else:
                    echo(tr(MESSAGES, "lowers-none", lang))
        echo(tr(MESSAGES, "keep", lang))
        if any(w.point.value == "fortuna" for w in ways) and any(
            w.point.value == "fama" for w in ways
        ):
            echo(tr(MESSAGES, "wise", lang))
        last = len(ways)
        while True:
            text = _read(tr(MESSAGES, "choose", lang, last=last))
            if text in ("", "0"):
                return None
            if text.isascii() and text.isdigit() and 1 <= int(text) <= last:
                return ways[int(text) - 1]
            echo(tr(MESSAGES, "bad-choice", lang, text=text[:40], last=last))

    return ask


def _chance(p: Any) -> str:
    whole = round(float(p) * 100)
    return f"{p.numerator}/{p.denominator} ({whole}%)" if 0 < p < 1 else f"{whole}%"


def rerolls_of(texts: Sequence[str] | None, lang: str, *, live: bool) -> Rerolls:
    """The rerolls of an action: the ``--reroll`` choices, and the questions at a terminal
    (``live``: a player rolls the dice, no ``--seed``)."""
    choices = tuple(parse_reroll(t) for t in texts or ())
    return Rerolls(choices=choices, ask=ask_reroll(lang) if live else None)


def reroll_lines(taken: Sequence[dict[str, Any]], lang: str) -> list[str]:
    """What each reroll taken says (R-15)."""
    return [
        tr(
            MESSAGES,
            "rerolled",
            lang,
            who=r["model"],
            what=die_words(str(r["purpose"]), lang),
            old=r["old"],
            new=r["new"],
            point=str(r["point"]).upper(),
            payer=r["payer"],
            left=r["left"],
        )  # fmt: skip
        for r in taken
    ]
