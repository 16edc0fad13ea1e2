"""``skirmish luck [GANG]``: the luck ledger of a campaign, a gang or a game (issue #14,
``campaign.luck``): how kind the logged dice were, per gang and player, or per model of a
gang, kept apart by how the dice came (typed in at the table or rolled by skirmish), with the
luckiest and unluckiest moments and the great escapes."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from skirmish.cli.common_flags import DbOpt, JsonOpt, LangOpt, bounded
from skirmish.cli.help_text import example
from skirmish.cli.safe import cell, echo
from skirmish.cli.store_options import CampaignOpt, console, emit, session
from skirmish.engine.dice import purpose_words
from skirmish.formats import decimal, percent
from skirmish.i18n import Catalogue, messages, tr
from skirmish.limits import GAME
from skirmish.translation import N_, ngettext

if TYPE_CHECKING:
    from skirmish.campaign.luck import Ledger, Moment, Stats, Tally

app = typer.Typer(name="luck", add_completion=False)

WORDS: Catalogue = messages(
    {
        "title": N_("Luck ledger: {what}"),
        "campaign": N_("campaign {name}"),
        "gang": N_("{name} (campaign {campaign})"),
        "in-game": N_(", game {game}"),
        "empty": N_(
            "No dice in the log yet{where}: play a game with 'skirmish game' and its luck "
            "will show here."
        ),
        "empty-where": N_(" for {what}"),
        "gangs": N_("Gangs"),
        "players": N_("Players"),
        "models": N_("Models"),
        "name": N_("name"),
        "model": N_("model"),
        "gang-col": N_("gang"),
        "player": N_("player"),
        "dice": N_("dice"),
        "rolls": N_("rolls"),
        "luck": N_("luck"),
        "verdict": N_("verdict"),
        "wounds": N_("wounds ±"),
        "kills": N_("eliminations ±"),
        "actions": N_("shots & fights"),
        "all": N_("all"),
        "everyone": N_("everyone"),
        "table": N_("typed in"),
        "random": N_("by skirmish"),
        "mixed": N_("both"),
        "unknown": N_("unknown"),
        "lucky": N_("lucky"),
        "unlucky": N_("unlucky"),
        "noise": N_("within the noise"),
        "none": N_("no rolls"),
        "luckiest": N_("Luckiest moments"),
        "unluckiest": N_("Unluckiest moments"),
        "escapes": N_("Great escapes (survived at odds of 5% or less)"),
        "good": N_("a {chance} result, or better"),
        "bad": N_("a {chance} result, or worse"),
        "where": N_("game {game}, turn {turn}"),
        "vs": N_("against {name}"),
        "rerolled": N_("rerolled away"),
        "swing": N_("{wounds} wounds"),
        "shot-at": N_("{purpose} at {model}"),
        "shot-by": N_("{purpose} by {model}"),
        "eliminated": N_("eliminated"),
        "escape": N_(
            "{model} survived {attacker}'s {purpose}: {chance} to eliminate, survived at {odds}"
        ),
        "one-in": N_("1-in-{n}"),
        "escape-recovery": N_(
            "{model} survived the recovery roll: {chance} to die, survived at {odds}"
        ),
        "after-game": N_("after game {game}"),
        "note": N_(
            "Luck is the mean percentile of the rolls (50 is average) ± its standard error; "
            "wounds and eliminations are above (+) or below (−) their exact expectation."
        ),
        "bought": N_("{die} {face} for {item} (DISP {need}): {outcome}"),
        "found": N_("found"),
        "not-found": N_("not found"),
        "before-first": N_("before the gang's first game"),
        "after-games": N_("after the gang's game {n}"),
    }
)

#: The words of a whole action in a moment.
ACTIONS: Catalogue = messages({"shoot": N_("shooting action"), "melee": N_("fight")})


@app.command(
    "luck",
    help=N_(
        "How kind the dice were: each logged roll placed in its exact distribution, each shot "
        "and fight against its exact odds, per gang and player (or per model of GANG), typed-in "
        "and random dice apart, with the luckiest moments and the great escapes."
    )
    + "\n\n"
    + example(N_("skirmish luck Earp --game 2")),
)
def luck(
    lang: LangOpt,
    gang: Annotated[
        str | None,
        typer.Argument(
            help=N_("Only this gang, model by model (default: every gang and player)."),
            show_default=False,
        ),
    ] = None,
    game: Annotated[
        int | None,
        typer.Option("--game", callback=bounded(GAME), help=N_("Only this game (default: all).")),
    ] = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """``skirmish luck``: its help is the command's (above)."""
    from skirmish.campaign import lookup  # lazy: command
    from skirmish.campaign.game.board import game_by_id  # lazy: command
    from skirmish.campaign.luck import ledger  # lazy: command

    with session(db, access="read") as s:
        found = lookup.current_campaign(s, campaign)
        chosen = lookup.gang_by_name(s, found, gang) if gang is not None else None
        if game is not None:
            game_by_id(s, found, game)
        book = ledger(s, campaign=found, gang=chosen, game_id=game)
    if json_:
        emit(book.to_json())
        return
    show(book, str(lang))


def show(book: Ledger, lang: str) -> None:
    """The ledger as the terminal shows it."""
    what = (
        tr(WORDS, "gang", lang, name=book.gang, campaign=book.campaign)
        if book.gang is not None
        else tr(WORDS, "campaign", lang, name=book.campaign)
    )
    if book.game_id is not None:
        what += tr(WORDS, "in-game", lang, game=book.game_id)
    if book.empty:
        echo(tr(WORDS, "empty", lang, where=tr(WORDS, "empty-where", lang, what=what)))
        return
    out = console()
    out.print(cell(tr(WORDS, "title", lang, what=what), "bold"))
    out.print(cell(ngettext(lang, "{n} game read.", "{n} games read.", len(book.games))))
    if book.gang is not None:
        _tallies(tr(WORDS, "models", lang), [book.overall, *book.models], lang, models=True)
    else:
        _tallies(tr(WORDS, "gangs", lang), [book.overall, *book.gangs], lang)
        if book.players:
            _tallies(tr(WORDS, "players", lang), list(book.players), lang, overall=False)
    out.print(cell(tr(WORDS, "note", lang), "dim"))
    _moments(tr(WORDS, "luckiest", lang), book.overall.luckiest, lang, good=True)
    _moments(tr(WORDS, "unluckiest", lang), book.overall.unluckiest, lang, good=False)
    if book.great_escapes:
        out.print(cell(tr(WORDS, "escapes", lang), "bold"))
        for m in book.great_escapes:
            out.print(cell("  " + escape_line(m, lang)))
    if book.between:
        out.print(cell(between_heading(len(book.between), lang), "bold"))
        for m in book.between:
            out.print(cell("  " + between_line(m, lang, gang=book.gang is None)))


def between_heading(n: int, lang: str) -> str:
    """The heading of the rolls made between games, counted."""
    return ngettext(
        lang,
        "Between games ({n} roll, counted in the tallies above)",
        "Between games ({n} rolls, counted in the tallies above)",
        n,
    )


def _tallies(
    title: str, tallies: list[Tally], lang: str, *, models: bool = False, overall: bool = True
) -> None:
    table = Table(title=title, title_justify="left")
    first = tr(WORDS, "model" if models else "name", lang)
    for column in (first, tr(WORDS, "player", lang), tr(WORDS, "dice", lang),
                   tr(WORDS, "rolls", lang), tr(WORDS, "luck", lang), tr(WORDS, "verdict", lang),
                   tr(WORDS, "actions", lang), tr(WORDS, "wounds", lang),
                   tr(WORDS, "kills", lang)):  # fmt: skip
        table.add_column(column)
    for n, one in enumerate(tallies):
        rows = [("all", one.all)]
        if len(one.by_source) == 1:
            rows = [(next(iter(one.by_source)), one.all)]
        elif len(one.by_source) > 1:
            rows += list(one.by_source.items())
        for k, (source, figures) in enumerate(rows):
            name = (
                (tr(WORDS, "everyone", lang) if n == 0 and overall else one.name) if k == 0 else ""
            )
            player = (one.player or "") if k == 0 else ""
            table.add_row(
                cell(name), cell(player), cell(tr(WORDS, source, lang)), str(figures.rolls),
                cell(luck_text(figures, lang)), cell(verdict(figures, lang)), str(figures.actions),
                signed(figures.impact_wounds, lang), signed(figures.impact_eliminations, lang),
            )  # fmt: skip
        if n == 0 and overall:
            table.add_section()
    console().print(table)


def luck_text(figures: Stats, lang: str) -> str:
    """``47.2 ± 3.1`` (``47,2 ± 3,1``); ``–`` without rolls."""
    if figures.mean is None or figures.se is None:
        return "–"
    return f"{decimal(figures.mean, lang, 1)} ± {decimal(figures.se, lang, 1)}"


def verdict(figures: Stats, lang: str) -> str:
    """Lucky, unlucky, or within the noise (|mean − 50| < 2 SE)."""
    noise = figures.within_noise
    if noise is None or figures.mean is None:
        return tr(WORDS, "none", lang)
    if noise:
        return tr(WORDS, "noise", lang)
    return tr(WORDS, "lucky" if figures.mean > 50 else "unlucky", lang)


def signed(value: Fraction, lang: str) -> str:
    """A swing with its sign, to two decimals (``+0.42``, ``−1,17``, ``0``)."""
    if value == 0:
        return "0"
    shown = decimal(value, lang, 2)
    return f"+{shown}" if value > 0 else shown


def chance_text(p: Fraction, lang: str) -> str:
    """An exact chance as a player says it: "1-in-36" when it is one in N, else a percentage
    with the exact fraction, "4.63% (5/108)"."""
    if p.numerator == 1 and p.denominator > 1:
        return tr(WORDS, "one-in", lang, n=p.denominator)
    return f"{percent(p, lang)} ({p.numerator}/{p.denominator})"


def moment_text(m: Moment, lang: str, *, good: bool) -> str:
    """One moment in a line: who, what, the chance, where."""
    who = m.who.model or m.who.gang or ""
    if m.kind == "action":
        key = "shot-at" if m.role == "attacker" else "shot-by"
        purpose = tr(ACTIONS, m.purpose, lang)
        what = f"{who}: {tr(WORDS, key, lang, purpose=purpose, model=m.opponent or '')}"
        expected = _decimal(m.expected_wounds, lang)
        dealt = ngettext(
            lang,
            "{n} wound dealt, {expected} expected",
            "{n} wounds dealt, {expected} expected",
            m.wounds or 0,
            expected=expected,
        )
        if m.eliminated:
            dealt += f", {tr(WORDS, 'eliminated', lang)}"
        what += f" ({dealt})"
    else:
        faces = ",".join(str(f) for f in m.faces)
        what = f"{who}: {purpose_words(m.purpose, lang)} {faces}"
        if m.rerolled:
            what += f" ({tr(WORDS, 'rerolled', lang)})"
        if m.opponent:
            what += f" {tr(WORDS, 'vs', lang, name=m.opponent)}"
        if m.impact_wounds:
            what += f" ({tr(WORDS, 'swing', lang, wounds=signed(m.impact_wounds, lang))})"
    chance = chance_text(m.as_good if good else m.as_bad, lang)
    said = tr(WORDS, "good" if good else "bad", lang, chance=chance)
    where = tr(WORDS, "where", lang, game=m.game_id, turn=m.turn)
    return f"{what} — {said}; {where}"


def escape_line(m: Moment, lang: str) -> str:
    """A great escape in a line: an attack survived, or a recovery roll (§6.5)."""
    assert m.chance_eliminated is not None
    if m.log_id is not None:
        line = tr(
            WORDS, "escape-recovery", lang, model=m.who.model or "",
            chance=chance_text(m.chance_eliminated, lang),
            odds=chance_text(1 - m.chance_eliminated, lang),
        )  # fmt: skip
        return f"{line}; {tr(WORDS, 'after-game', lang, game=m.game_id)}"
    line = tr(
        WORDS, "escape", lang, model=m.who.model or "", attacker=m.opponent or "",
        purpose=tr(ACTIONS, m.purpose, lang), chance=chance_text(m.chance_eliminated, lang),
        odds=chance_text(1 - m.chance_eliminated, lang),
    )  # fmt: skip
    return f"{line}; {tr(WORDS, 'where', lang, game=m.game_id, turn=m.turn)}"


def between_line(m: Moment, lang: str, *, gang: bool = True) -> str:
    """A roll between games in a line: whose (its gang's name too with ``gang``), what for,
    its chance of a result that good or better (or that bad or worse, below average), and
    when."""
    names = [(m.who.gang or "") if gang else "", m.who.model or ""]
    who = ", ".join(n for n in names if n) or (m.who.gang or "")
    die = purpose_words(m.purpose, lang)
    faces = ",".join(str(f) for f in m.faces)
    item = m.item_name(lang)
    if item is not None and m.need is not None and m.passed is not None:
        outcome = tr(WORDS, "found" if m.passed else "not-found", lang)
        what = tr(WORDS, "bought", lang, die=die, face=faces, item=item, need=m.need,
                  outcome=outcome)  # fmt: skip
    else:
        what = f"{die} {faces}"
    good = m.percentile >= 50
    chance = chance_text(m.as_good if good else m.as_bad, lang)
    line = f"{who}: {what} — {tr(WORDS, 'good' if good else 'bad', lang, chance=chance)}"
    if m.games_played is not None:
        when = (
            tr(WORDS, "after-games", lang, n=m.games_played)
            if m.games_played
            else tr(WORDS, "before-first", lang)
        )
        line += f"; {when}"
    return line


def _decimal(value: Fraction | None, lang: str) -> str:
    return "–" if value is None else decimal(value, lang, 2)


def _moments(title: str, moments: tuple[Moment, ...], lang: str, *, good: bool) -> None:
    if not moments:
        return
    out = console()
    out.print(cell(title, "bold"))
    for m in moments:
        out.print(cell("  " + moment_text(m, lang, good=good)))
