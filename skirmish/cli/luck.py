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
from skirmish.cli.safe import cell, echo
from skirmish.cli.store_options import CampaignOpt, console, emit, session
from skirmish.engine.dice import purpose_words
from skirmish.errors import SkirmishError
from skirmish.i18n import Catalogue, name, tr
from skirmish.limits import GAME
from skirmish.rules.tables import find_equipment

if TYPE_CHECKING:
    from skirmish.campaign.luck import Ledger, Moment, Stats, Tally

app = typer.Typer(name="luck", add_completion=False)

WORDS: Catalogue = {
    "en": {
        "title": "Luck ledger: {what}",
        "campaign": "campaign {name}",
        "gang": "{name} (campaign {campaign})",
        "in-game": ", game {game}",
        "games": "{n} game(s) read.",
        "empty": "No dice in the log yet{where}: play a game with 'skirmish game' and its luck "
        "will show here.",
        "empty-where": " for {what}",
        "gangs": "Gangs",
        "players": "Players",
        "models": "Models",
        "name": "name",
        "model": "model",
        "gang-col": "gang",
        "player": "player",
        "dice": "dice",
        "rolls": "rolls",
        "luck": "luck",
        "verdict": "verdict",
        "wounds": "wounds ±",
        "kills": "eliminations ±",
        "actions": "shots & fights",
        "all": "all",
        "everyone": "everyone",
        "table": "typed in",
        "random": "by skirmish",
        "mixed": "both",
        "unknown": "unknown",
        "lucky": "lucky",
        "unlucky": "unlucky",
        "noise": "within the noise",
        "none": "no rolls",
        "luckiest": "Luckiest moments",
        "unluckiest": "Unluckiest moments",
        "escapes": "Great escapes (survived at odds of 5% or less)",
        "good": "a {chance} result, or better",
        "bad": "a {chance} result, or worse",
        "where": "game {game}, turn {turn}",
        "vs": "against {name}",
        "rerolled": "rerolled away",
        "swing": "{wounds} wounds",
        "shot-at": "{purpose} at {model}",
        "shot-by": "{purpose} by {model}",
        "dealt": "{wounds} wound(s) dealt, {expected} expected",
        "eliminated": "eliminated",
        "escape": "{model} survived {attacker}'s {purpose}: {chance} to eliminate, "
        "survived at {odds}",
        "one-in": "1-in-{n}",
        "escape-recovery": "{model} survived the recovery roll: {chance} to die, survived at "
        "{odds}",
        "after-game": "after game {game}",
        "note": "Luck is the mean percentile of the rolls (50 is average) ± its standard error; "
        "wounds and eliminations are above (+) or below (−) their exact expectation.",
        "between": "Between games ({n} roll(s), counted in the tallies above)",
        "bought": "{die} {face} for {item} (DISP {need}): {outcome}",
        "found": "found",
        "not-found": "not found",
        "before-first": "before the gang's first game",
        "after-games": "after the gang's game {n}",
    },
    "it": {
        "title": "Registro della fortuna: {what}",
        "campaign": "campagna {name}",
        "gang": "{name} (campagna {campaign})",
        "in-game": ", partita {game}",
        "games": "Partite lette: {n}.",
        "empty": "Ancora nessun dado nel registro{where}: gioca una partita con 'skirmish game' "
        "e la sua fortuna apparirà qui.",
        "empty-where": " per {what}",
        "gangs": "Bande",
        "players": "Giocatori",
        "models": "Personaggi",
        "name": "nome",
        "model": "personaggio",
        "gang-col": "banda",
        "player": "giocatore",
        "dice": "dadi",
        "rolls": "tiri",
        "luck": "fortuna",
        "verdict": "verdetto",
        "wounds": "ferite ±",
        "kills": "eliminazioni ±",
        "actions": "spari e lotte",
        "all": "tutti",
        "everyone": "tutti",
        "table": "al tavolo",
        "random": "da skirmish",
        "mixed": "misti",
        "unknown": "ignoti",
        "lucky": "fortunato",
        "unlucky": "sfortunato",
        "noise": "entro il rumore",
        "none": "nessun tiro",
        "luckiest": "Momenti più fortunati",
        "unluckiest": "Momenti più sfortunati",
        "escapes": "Fughe miracolose (sopravvissuti con il 5% o meno di probabilità)",
        "good": "un risultato da {chance}, o migliore",
        "bad": "un risultato da {chance}, o peggiore",
        "where": "partita {game}, turno {turn}",
        "vs": "contro {name}",
        "rerolled": "ritirato",
        "swing": "{wounds} ferite",
        "shot-at": "{purpose} contro {model}",
        "shot-by": "{purpose} di {model}",
        "dealt": "{wounds} ferite inflitte, {expected} attese",
        "eliminated": "eliminato",
        "escape": "{model} è sopravvissuto a: {purpose} di {attacker}, {chance} di essere "
        "eliminato, sopravvissuto al {odds}",
        "one-in": "1 su {n}",
        "escape-recovery": "{model} è sopravvissuto al tiro di recupero: {chance} di morire, "
        "sopravvissuto al {odds}",
        "after-game": "dopo la partita {game}",
        "note": "La fortuna è il percentile medio dei tiri (50 è la media) ± il suo errore "
        "standard; ferite ed eliminazioni sono sopra (+) o sotto (−) il loro valore atteso esatto.",
        "between": "Tra una partita e l'altra (tiri: {n}, contati nelle tabelle qui sopra)",
        "bought": "{die} {face} per {item} (DISP {need}): {outcome}",
        "found": "trovato",
        "not-found": "non trovato",
        "before-first": "prima della prima partita della banda",
        "after-games": "dopo la partita {n} della banda",
    },
}

#: The words of a whole action in a moment.
ACTIONS: Catalogue = {
    "en": {"shoot": "shooting action", "melee": "fight"},
    "it": {"shoot": "azione di tiro", "melee": "lotta"},
}


@app.command("luck")
def luck(
    lang: LangOpt,
    gang: Annotated[
        str | None,
        typer.Argument(
            help="Only this gang, model by model (default: every gang and player).",
            show_default=False,
        ),
    ] = None,
    game: Annotated[
        int | None,
        typer.Option("--game", callback=bounded(GAME), help="Only this game (default: all)."),
    ] = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """How kind the dice were: each logged roll placed in its exact distribution, each shot
    and fight against its exact odds, per gang and player (or per model of GANG), typed-in and
    random dice apart, with the luckiest moments and the great escapes.

    Example: skirmish luck Earp --game 2
    """
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
    out.print(cell(tr(WORDS, "games", lang, n=len(book.games))))
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
        out.print(cell(tr(WORDS, "between", lang, n=len(book.between)), "bold"))
        for m in book.between:
            out.print(cell("  " + between_line(m, lang, gang=book.gang is None)))


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
                cell(luck_text(figures)), cell(verdict(figures, lang)), str(figures.actions),
                signed(figures.impact_wounds), signed(figures.impact_eliminations),
            )  # fmt: skip
        if n == 0 and overall:
            table.add_section()
    console().print(table)


def luck_text(figures: Stats) -> str:
    """``47.2 ± 3.1``; ``–`` without rolls."""
    if figures.mean is None or figures.se is None:
        return "–"
    return f"{figures.mean:.1f} ± {figures.se:.1f}"


def verdict(figures: Stats, lang: str) -> str:
    """Lucky, unlucky, or within the noise (|mean − 50| < 2 SE)."""
    noise = figures.within_noise
    if noise is None or figures.mean is None:
        return tr(WORDS, "none", lang)
    if noise:
        return tr(WORDS, "noise", lang)
    return tr(WORDS, "lucky" if figures.mean > 50 else "unlucky", lang)


def signed(value: Fraction) -> str:
    """A swing with its sign, to two decimals (``+0.42``, ``−1.17``, ``0``)."""
    if value == 0:
        return "0"
    number = f"{abs(float(value)):.2f}"
    return ("+" if value > 0 else "−") + number


def chance_text(p: Fraction, lang: str) -> str:
    """An exact chance as a player says it: "1-in-36" when it is one in N, else a percentage
    with the exact fraction, "4.63% (5/108)"."""
    if p.numerator == 1 and p.denominator > 1:
        return tr(WORDS, "one-in", lang, n=p.denominator)
    return f"{float(p) * 100:.2f}% ({p.numerator}/{p.denominator})"


def moment_text(m: Moment, lang: str, *, good: bool) -> str:
    """One moment in a line: who, what, the chance, where."""
    who = m.who.model or m.who.gang or ""
    if m.kind == "action":
        key = "shot-at" if m.role == "attacker" else "shot-by"
        purpose = tr(ACTIONS, m.purpose, lang)
        what = f"{who}: {tr(WORDS, key, lang, purpose=purpose, model=m.opponent or '')}"
        dealt = tr(WORDS, "dealt", lang, wounds=m.wounds, expected=_decimal(m.expected_wounds))
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
            what += f" ({tr(WORDS, 'swing', lang, wounds=signed(m.impact_wounds))})"
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
    item = _item_words(m.item, lang)
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


def _item_words(item: str | None, lang: str) -> str | None:
    """An item's name in the book's words (``None``: not an item the rules know any more)."""
    if item is None:
        return None
    try:
        return name(find_equipment(item), lang)
    except SkirmishError:
        return None


def _decimal(value: Fraction | None) -> str:
    return "–" if value is None else f"{float(value):.2f}"


def _moments(title: str, moments: tuple[Moment, ...], lang: str, *, good: bool) -> None:
    if not moments:
        return
    out = console()
    out.print(cell(title, "bold"))
    for m in moments:
        out.print(cell("  " + moment_text(m, lang, good=good)))
