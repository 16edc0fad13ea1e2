"""What the printed sheets show: plain, frozen view-models (STYLE.md habit 8).

The templates only ever see these NamedTuples (cheaper to create than frozen dataclasses: every
print command builds the classes, issue #23), already in the output language, so a sheet can be
rendered from a hand-made gang as easily as from the campaign store. ``skirmish.printing.build``
turns the store's ``gang show --json`` dict and the rules registry into them.
"""

# Annotations are evaluated here (no `from __future__ import annotations`): a NamedTuple's
# annotations written as strings are each compiled into a ForwardRef (issue #23).

from typing import NamedTuple


class WeaponLine(NamedTuple):
    """One weapon as on the book's table: ranges, shots, rounds, action cost, bonus, a note."""

    name: str
    short: str  # "6", "COS×2" for thrown weapons, "S" for the sawn-off template, "–" in melee
    long: str
    shots: str  # shots per turn, "1/2" for the small pistol, "1/6" for the six-shooter
    rounds: str  # "7/17" for the repeaters
    ca: int
    bonus: int
    note: str  # one line: "arma impropria", "17: un 1 la inceppa"…


class Trait(NamedTuple):
    """A skill or an injury and its effect in one line."""

    name: str
    effect: str


class MountLine(NamedTuple):
    """A model's mount and its numbers (§8.2)."""

    name: str
    tiro: int
    fred: int
    rif: int
    cos: int
    note: str = ""


class XpBox(NamedTuple):
    """One box of a card's ESPERIENZA track (the book's sheet): ticked up to the model's XP;
    ``cost`` is the XP of the advances (§7.2) this box pays for, printed faint in it."""

    ticked: bool
    cost: int | None = None


class AdvanceMark(NamedTuple):
    """What the XP of a marked box buys (§7.2): "3: Abilità", "5: RIF/FRED"."""

    cost: int
    label: str


class MemberView(NamedTuple):
    """One model of a gang, as printed on its card."""

    name: str
    profile: str
    role: str  # "LEADER", "EROE" / "HERO", or "" for a common model
    tiro: int
    fred: int
    rif: int
    cos: int
    fama: int
    fortuna: int
    xp: int
    actions: int = 3
    special: str = ""  # the profile's own rule, in plain words
    weapons: tuple[WeaponLine, ...] = ()
    skills: tuple[Trait, ...] = ()
    injuries: tuple[Trait, ...] = ()
    equipment: tuple[str, ...] = ()
    mount: MountLine | None = None
    notes: str = ""
    xp_track: tuple[XpBox, ...] = ()  # the ESPERIENZA boxes (issue #13)
    dead: bool = False  # printed after the living, crossed and greyed


class HouseRuleLine(NamedTuple):
    """A house rule (RULINGS §4) as set for the campaign."""

    id: str
    text: str


class RosterView(NamedTuple):
    """A gang's sheet: the book's "Scheda Giocatore" and what the book leaves to memory."""

    name: str
    faction: str
    treasury: int
    members: tuple[MemberView, ...]
    stash: tuple[str, ...] = ()
    faction_rules: tuple[str, ...] = ()
    leader_aura: str = ""
    house_rules: tuple[HouseRuleLine, ...] = ()
    # issue #13: the header's record, the advances the XP boxes mark, what else prints
    rating: int | None = None  # the store's gang rating in $
    played: int | None = None  # games played and won (None: not known, a hand-made gang)
    won: int | None = None
    campaign: str = ""
    printed: str = ""  # the date printed, in the sheet's language ("26 novembre 2026")
    link: str | None = None  # the gang's page on the club's web app, when the campaign has one
    qr: str | None = None  # its QR code: our own inline SVG (printing.qr), never user text
    advances: tuple[AdvanceMark, ...] = ()
    blank: int = 0  # empty cards after the models, for new hires
    weapon_lines: int = 2  # empty weapon rows under each model's weapons, to write in
    write_lines: int = 2  # ruled lines at least under each card (more when the page has room)
    one_page: bool = True  # the sheet fills one page (a crowded gang flows onto two)
    fill: bool = True  # the box under the cards (game-day box or notes) prints
    fill_mm: float = 0.0  # its height at least: the page's room left (0: as its content)


class Standing(NamedTuple):
    """One line of a campaign's standings."""

    gang: str
    faction: str
    played: int
    won: int | None  # None: results not known (a hand-made campaign without games)
    drawn: int | None
    lost: int | None
    points: int | None  # the store's: 3 a win, 1 a draw
    rating: int  # the store's gang rating in $ (models, equipment, XP)
    treasury: int
    fama: int  # total FAMA of the gang's models
    members: int
    # issue #13, the store's (None: not known, a hand-made campaign): enemy models this gang
    # eliminated, its own models eliminated, games it left by retreating
    eliminations: int | None = None
    casualties: int | None = None
    retreats: int | None = None


class SideLine(NamedTuple):
    """One gang's part in a finished game, for the campaign book's results (issue #13)."""

    gang: str
    side: str  # "buoni" / "good"
    result: str  # "vittoria", "ritirata"…
    started: int  # models it started with
    lost: tuple[str, ...]  # its models eliminated: "Frank (Wyatt, turn 2)"
    retreat: str = ""  # "" or how it left the table: "ritirata al turno 3, per scelta"


class GameLine(NamedTuple):
    """A finished game in the campaign book: number, date, scenario, outcome and both sides."""

    number: int
    date: str
    scenario: str
    turns: int
    outcome: str  # "vince Earps" / "pareggio"
    reason: str  # why it ended, in words ("" when not recorded)
    sides: tuple[SideLine, ...]


class FallenLine(NamedTuple):
    """A dead model of the campaign (R-10), for the book's graveyard."""

    name: str
    profile: str
    gang: str
    game: str  # "3, Rapina in banca"; "" when the log does not say
    date: str
    eliminated_by: str  # "" when nobody is recorded


class CampaignView(NamedTuple):
    """Every gang of a campaign and its standings, printed as one document."""

    name: str
    gangs: tuple[RosterView, ...]
    standings: tuple[Standing, ...] = ()
    house_rules: tuple[HouseRuleLine, ...] = ()  # printed once, with the standings
    games: tuple[GameLine, ...] = ()  # finished games, oldest first (issue #13)
    graveyard: tuple[FallenLine, ...] = ()  # the campaign's dead, R-10


class Table(NamedTuple):
    """A summary table of the quick reference: a title, column heads and rows of cells."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    lines: tuple[str, ...] = ()  # procedure lines printed above the rows (formula, results)
    notes: tuple[str, ...] = ()  # small print below the rows (rulings applied)
    key: str = ""  # stable id for the template's CSS ("nerve", "shooting"…)
    widths: tuple[float, ...] = ()  # each column's share of the table's width, in percent


class ReferencePage(NamedTuple):
    """One page of the quick reference: a heading and two columns of whole tables."""

    heading: str  # what the page holds: "Turno e azioni · Combattimento"
    columns: tuple[tuple[Table, ...], ...]  # left, right; each read top to bottom
    above: tuple[Table, ...] = ()  # across both columns, above them
    below: tuple[Table, ...] = ()  # across both columns, below them


class ReferenceView(NamedTuple):
    """The quick reference: the summary tables packed into balanced columns, two a page."""

    title: str
    pages: tuple[ReferencePage, ...]
    base_pt: float = 7.0  # the size of its text, chosen to fill the pages

    @property
    def tables(self) -> tuple[Table, ...]:
        """Every table in reading order (page by page: above, left, right, below)."""
        return tuple(
            t
            for page in self.pages
            for part in (page.above, *page.columns, page.below)
            for t in part
        )


class SideHead(NamedTuple):
    """The head of a side's column on a scenario card: "Buoni", and whether it deploys first."""

    side: str  # "good" or "bad": the column's CSS class and its mark on the map's legend
    name: str
    first: str = ""  # "schierano per primi" on the side that deploys first, else empty


class SideRow(NamedTuple):
    """A row of a scenario card's columns: each side's text, printed once across both when the
    book gives both sides the same words (the duel)."""

    heading: str
    good: str
    bad: str

    @property
    def shared(self) -> bool:
        return self.good == self.bad


class ScenarioView(NamedTuple):
    """A scenario card (§10): the map, then each side's deployment and victory in its column."""

    title: str
    section: str
    background: str
    table: str
    sides: tuple[SideHead, ...]  # good, then bad
    rows: tuple[SideRow, ...]  # deployment, victory conditions
    others: str = ""  # where models of neither side start (civilians, the sniper)
    others_heading: str = ""
    length: str = ""
    rules: tuple[str, ...] = ()  # the book's special rules
    applied: tuple[str, ...] = ()  # how the game tracker applies them (restrictions, modifiers)
    tracked: tuple[str, ...] = ()  # objects to track: loot sacks, hostage…
    map_svg: str = ""  # the table map: our own SVG with its text escaped (printing.maps)
