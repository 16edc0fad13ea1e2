"""The whole game on the phone (issue #20): two players, each with a phone, play a Rapina in
banca (§10.1) and a Prigioniero (§10.1, a captive) from the start to both post-games in a real
browser at 390×844 through the real server, with no command line at all once the club is set
up; between them they use every action kind of the catalogue (``campaign/game/commands.py``).

Wyatt (Italian) plays the Posse (lawmen: Seth Bullock with a repeating rifle, a lasso, a horse
and a bottle of whisky; Mary, an unarmed civilian); Ike (English) plays the Raiders (outlaws:
Curly Bill with a six-shooter and dynamite; Johnny Ringo with a knife). The club (accounts,
owners, the gangs and their kit) is made with the command line once per process
(``prepared``); the games themselves are played only by tapping the phones.

- Rapina in banca: the repeater loaded with 17 before the first turn (reload), the first turn,
  the secret picks and the initiative typed, Seth mounts, shoots (a natural 1 with 17 rounds
  jams the rifle), throws the lasso, dismounts, drinks, spends a FORTUNA point; Mary walks
  (move) and leaves the table; Curly throws his dynamite, Johnny lies down, which Ike takes
  back (undo), Curly stands up (state); the second turn, Seth unjams; Curly carries a sack off
  the table (objective); both players confirm the Raiders' win (vote); both post-games.
- Prigioniero: Johnny fights Seth, wounds rolled at the table (hit), Mary eliminated at the
  table, the Posse retreats (retreat: the game ends); both post-games.

Another test counts the taps of one turn of a Duel on two phones (``benchmarks/taps.md``) and
has the referee abandon it.

Every page reached fits the phone and is labelled (``Table.check``); its screenshot is kept in
the test's tmp dir (and in ``$SKIRMISH_SCREENSHOTS``). Every wait is on the page's state."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from skirmish.campaign.game import commands
from skirmish.engine.dice import purpose_key
from skirmish.web import app as _routes  # noqa: F401  (every part's words are declared on import)
from skirmish.web.text import words

from .conftest import Phones, Server, expect
from .phone import assert_fits, assert_labelled, shot

CAMPAIGN = "Tombstone 1881"
PASSWORD = "polvere e piombo"
POSSE, RAIDERS = "Posse", "Raiders"
SETH, MARY, CURLY, JOHNNY = "Seth Bullock", "Mary", "Curly Bill", "Johnny Ringo"

#: The kinds of action the two games must use between them: every model's action of the
#: catalogue and the game's own steps but abandon (the third test's) and end (the referee's:
#: the players end a game with their votes).
EXPECTED = frozenset(
    {c.name for c in commands.MODEL_ACTIONS}
    | {"start", "turn", "initiative", "undo", "vote", "postgame"}
)


def _cli(db: Path, *args: str, stdin: str | None = None) -> str:
    """``skirmish ARGS --db DB`` in this process (the club's set-up, before the phones)."""
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    result = CliRunner().invoke(app, [*args, "--db", str(db)], input=stdin,
                                env={"SKIRMISH_LANG": ""})  # fmt: skip
    assert result.exit_code == 0, (args, result.output)
    return str(result.stdout)


def build_club(db: Path) -> None:
    """Two players, a referee, and two small gangs with the kit every action needs: a lasso, a
    horse, whisky, a repeater (to jam and unjam), dynamite, a knife and an unarmed civilian
    (who may leave the table). Availability rolls are typed (a 6), never random."""
    for user in ("Wyatt", "Ike", "Judge"):
        _cli(db, "user", "add", user, "--password-stdin", stdin=PASSWORD + "\n")
    _cli(db, "campaign", "role", "Judge", "arbitrator", "--campaign", CAMPAIGN)
    steps: list[tuple[str, ...]] = [
        ("gang", "new", POSSE, "--faction", "lawmen"),
        ("gang", "hire", POSSE, "Sheriff", "--name", SETH),
        ("gang", "hire", POSSE, "Unarmed civilian", "--name", MARY),
        ("gang", "buy", POSSE, "Repeating rifle", "--for", SETH),
        ("gang", "new", RAIDERS, "--faction", "outlaws"),
        ("gang", "hire", RAIDERS, "Boss", "--name", CURLY),
        ("gang", "hire", RAIDERS, "Thug", "--name", JOHNNY),
        ("gang", "owner", POSSE, "Wyatt"),
        ("gang", "owner", RAIDERS, "Ike"),
    ]
    for item in ("Lasso", "Whisky", "Horse"):
        steps.append(("gang", "buy", POSSE, item, "--for", SETH, "--dice", "6"))
    for item, model in (("Six-shooter", CURLY), ("Dynamite", CURLY), ("Knife", JOHNNY)):
        steps.append(("gang", "buy", RAIDERS, item, "--for", model, "--dice", "6"))
    for args in steps:
        _cli(db, *args, "--campaign", CAMPAIGN)


# ------------------------------------------------------------------------------- the table


@dataclass
class Player:
    """A player at the table: their account, gang, phone's language and the phone."""

    user: str
    gang: str
    lang: str
    page: Any = None

    @property
    def t(self) -> Mapping[str, str]:
        return words(self.lang)


@dataclass
class Table:
    """The games as played on the phones: the pages checked and photographed in order, the
    kinds of action used, and the taps counted (``taps``, when counting)."""

    server: Server
    folder: Path
    game: int = 0
    count: int = 0
    used: set[str] = field(default_factory=set)

    def check(self, page: Any, name: str) -> None:
        """The screenshot first (a failing page can be looked at), then one page (not a page
        swapped into another's panel), fits and labelled."""
        self.count += 1
        shot(page, f"full-{self.count:03d}-{name}", self.folder)
        expect(page.locator("header.top")).to_have_count(1)  # no page inside a page
        assert_fits(page)
        assert_labelled(page)

    def url(self, number: int | None = None) -> str:
        return f"{self.server.url}/c/{quote(CAMPAIGN)}/games/{number or self.game}"


def log_in(player: Player, server: Server) -> None:
    page, t = player.page, player.t
    page.goto(f"{server.url}/login")
    page.get_by_label(t["login_user"]).fill(player.user)
    page.get_by_label(t["login_password"]).fill(PASSWORD)
    page.get_by_role("button", name=t["login"]).tap()
    expect(page.locator("header.top .who")).to_contain_text(player.user)


def tap_and_load(page: Any, control: Any) -> None:
    """Tap a control that submits a form or follows a link, and wait for the new page."""
    with page.expect_navigation():
        control.tap()


def open_game(table: Table, player: Player) -> None:
    player.page.goto(table.url())
    expect(player.page.locator("#board")).to_be_visible()


def label_of(kind: str, lang: str) -> str:
    """The phone's button for an action kind, in ``lang``: the catalogue's own words."""
    return commands.BY_NAME[kind].label(lang)


# --------------------------------------------------------------------------- the game's steps


def start_game(
    table: Table, player: Player, scenario: str, number: int, leave: Sequence[str] = ()
) -> None:
    """Start the game from the campaign's games on ``player``'s phone: the Posse good, the
    Raiders bad, ``leave`` left home."""
    page, t = player.page, player.t
    page.goto(f"{table.server.url}/c/{quote(CAMPAIGN)}/games")
    tap_and_load(page, page.get_by_role("link", name=t["gl_new"]).first)
    page.get_by_label(t["gl_scenario"]).select_option(value=scenario)
    page.get_by_label(t["gl_good_gang"]).select_option(value=POSSE)
    page.get_by_label(t["gl_bad_gang"]).select_option(value=RAIDERS)
    if leave:
        page.locator("summary", has_text=t["gl_leave"]).tap()
        for model in leave:
            page.get_by_label(model, exact=True).check()
    table.check(page, f"{scenario}-start")
    tap_and_load(page, page.get_by_role("button", name=t["gl_start"]))
    refused = page.locator("#start-error")
    assert not refused.count(), refused.inner_text()
    expect(page).to_have_url(table.url(number))
    table.game = number
    expect(page.locator("#board")).to_contain_text(SETH)
    table.check(page, f"{scenario}-started")
    table.used.add("start")


def new_turn(table: Table, player: Player, turn: int) -> None:
    """Begin the turn from the live board (no cohesion test is due in these games: R-08)."""
    page, t = player.page, player.t
    open_game(table, player)
    # the first turn is begun from the top of the page (issue #22), the others from the board
    where = page.locator("#begin" if turn == 1 else "#board")
    button = t["gl_begin_first"] if turn == 1 else t["gl_new_turn"]
    tap_and_load(page, where.get_by_role("button", name=button))
    expect(page.locator("#board .game-head .meta")).to_contain_text(
        t["gl_turn_only"].format(turn=turn)
    )
    table.used.add("turn")


def pick(table: Table, player: Player, model: str, second: bool = False) -> None:
    """Lay the card face down (§1.8) on the player's own phone; the ``second`` card once the
    phone shows the first one down (its panel is swapped when the other's card goes down: a tap
    in the middle of the swap lands on the model below the one meant, as a player's thumb
    would)."""
    if player.page.url != table.url():
        open_game(table, player)
    panel = player.page.locator("#activation")
    expect(panel).to_contain_text(player.t["ga_pick_hint"])
    if second:
        expect(panel).to_contain_text(player.t["ga_they_picked"])
    panel.get_by_role("button", name=model).tap()
    expect(panel.locator(".ga-picked, .ga-pair").first).to_contain_text(model)


def initiative(
    table: Table, roller: Player, winner: Player, dice: tuple[int, int], mine: str,
    models: tuple[str, str],
) -> None:  # fmt: skip
    """Both cards revealed on both phones; ``roller`` types the two dice (the good side's, then
    the bad side's); ``winner`` activates its own model ``mine``."""
    panel = roller.page.locator("#activation")
    for other in (roller, winner):
        pair = other.page.locator("#activation .ga-pair")
        for model in models:
            expect(pair).to_contain_text(model)
    panel.locator(".ga-typed summary").tap()
    faces = panel.locator(".ga-die")
    for number, die in enumerate(dice):
        faces.nth(number).locator(".ga-face", has_text=str(die)).tap()
    table.check(roller.page, "initiative-dice")
    panel.get_by_role("button", name=roller.t["ga_roll_typed"]).tap()
    wpanel = winner.page.locator("#activation")
    expect(wpanel).to_contain_text(winner.t["ga_you_won"])
    wpanel.get_by_role("button", name=winner.t["ga_activate_mine"].format(name=mine)).tap()
    for other in (roller, winner):
        expect(other.page.locator("#activation .ga-acting")).to_contain_text(mine)
    table.used.add("initiative")


def choose(page: Any, text: str) -> None:
    """Tap the flow's choice (a model, an action or a target) whose words begin with ``text``."""
    found = page.locator("a.gac-choice").filter(has_text=re.compile("^" + re.escape(text)))
    expect(found).to_have_count(1)
    tap_and_load(page, found)


def offered(page: Any) -> list[str]:
    """The actions the flow's page offers the chosen model, in its words."""
    return [s.strip() for s in page.locator("ul.gac-actions a.gac-choice").all_inner_texts()]


def act(
    table: Table, player: Player, model: str, kind: str, target: str | None = None,
    fill: Callable[[Any], None] | None = None, dice: Sequence[int] = (), name: str = "",
    first: bool = False,
) -> list[str]:  # fmt: skip
    """From the live board: act with ``model``, the action ``kind`` (offered on the phone, in
    the catalogue's words), at ``target``; ``fill`` sets the form's fields; the dice typed one
    by one as the server asks for them (a failed die is kept, not rerolled); ``first``: before
    the first turn. The result's lines."""
    page, t = player.page, player.t
    name = name or f"{table.game}-{kind}"
    open_game(table, player)
    # before the first turn only a gun may be loaded, and the panel says so (issue #22)
    link = t["gac_load_first"] if first else t["gac_act"]
    tap_and_load(page, page.locator("#gac-panel").get_by_role("link", name=link))
    choose(page, model)
    words_ = label_of(kind, player.lang)
    assert words_ in offered(page), f"{kind!r} is not offered to {model}: {offered(page)}"
    choose(page, words_)
    if target is not None:
        choose(page, target)
    if fill is not None:
        fill(page)
    expect(page.locator("form.gac-form")).to_be_visible()
    table.check(page, f"{name}-form")
    if commands.BY_NAME[kind].rolls:
        tap_and_load(page, page.get_by_role("button", name=t["gac_type_dice"], exact=True))
        type_dice(table, player, dice, name)
    else:
        assert not dice, f"{kind} rolls no dice"
        tap_and_load(page, page.get_by_role("button", name=t["gac_do"], exact=True))
    error = page.locator("#gac-error")
    assert not error.count(), f"{kind}: {error.inner_text()}"
    result = page.locator("ul.gac-result")
    expect(result).to_be_visible()
    table.check(page, f"{name}-done")
    table.used.add(kind)
    return [line.strip() for line in result.locator("li").all_inner_texts()]


def type_dice(
    table: Table, player: Player, faces: Sequence[int], name: str, other: Player | None = None
) -> Player:
    """Type ``faces`` one by one, each when the page asks for it; keep every failed die. A die
    of the other side's model (a save, a panic test) is asked on its player's phone (issue #20):
    typed there, on ``other``'s live board, or with no ``other`` on this phone after "Roll it
    here" (one phone for both). The player whose phone typed the last die."""
    page, t = player.page, player.t
    typing = player
    queue = list(faces)
    while True:
        expect(
            page.locator("#gac-next, ul.gac-result, #gac-error, #gho-wait").first
        ).to_be_visible()
        if page.locator("ul.gac-result, #gac-error").count():
            break
        if page.locator("#gho-wait").count() and other is None:
            tap_and_load(page, page.get_by_role("button", name=t["gho_here"]))
            continue
        if page.locator("#gho-wait").count() and other is not None:
            typing = other if typing is player else player
            page, t = typing.page, typing.t  # its live board shows the die by itself
            expect(page.locator("#gho-panel #gac-next")).to_be_visible()
            continue
        if page.locator(".gac-ways").count():
            table.check(page, f"{name}-reroll")
            tap_and_load(page, page.get_by_role("button", name=t["gac_keep"]))
            continue
        assert queue, f"the server asks for more dice than {list(faces)}: {page.inner_text('main')}"
        if len(queue) == len(faces):
            table.check(page, f"{name}-first-die")
        face = queue.pop(0)
        tap_and_load(page, page.get_by_role("button", name=t["gac_face"].format(face=face)))
    assert not queue, f"dice left over: {queue}"
    return typing


def undo(table: Table, player: Player, what: str) -> None:
    """Take back the game's last action from the live board, the page naming it first."""
    page, t = player.page, player.t
    open_game(table, player)
    tap_and_load(page, page.locator("#gac-panel").get_by_role("link", name=t["gac_undo"]))
    expect(page.locator("ul.gac-result")).to_contain_text(what)
    table.check(page, f"{table.game}-undo")
    tap_and_load(page, page.get_by_role("button", name=t["gac_undo_confirm"]))
    expect(page.locator("ul.gac-result")).to_contain_text(what)
    table.check(page, f"{table.game}-undone")
    table.used.add("undo")


def vote(table: Table, players: Sequence[Player], winner: str) -> None:
    """Each player confirms ``winner``'s win on their own phone; the second vote ends it."""
    for player in players:
        open_game(table, player)
    first = players[0]
    for player in players:
        board = player.page.locator("#board")
        verdict = player.t["gl_wins"].format(gang=winner)
        if player is not first:  # the first vote reaches this phone's board within its poll
            said = player.t["gl_voted"].format(gang=first.gang, verdict=verdict)
            expect(board).to_contain_text(said)
        button = board.get_by_role("button", name=player.t["gl_vote"].format(who=verdict))
        tap_and_load(player.page, button)
        table.check(player.page, f"{table.game}-vote-{player.user}")
    for player in players:
        expect(player.page.locator("#board")).to_contain_text(
            player.t["gl_postgame"].format(gang=player.gang)
        )
    table.used.add("vote")


def postgame(table: Table, player: Player, faces: Sequence[int]) -> str:
    """The player's own post-game from the ended board, every die typed as it is asked for;
    the report's text."""
    page, t = player.page, player.t
    name = f"{table.game}-postgame-{player.gang}"
    open_game(table, player)
    tap_and_load(page, page.get_by_role("link", name=t["gl_postgame"].format(gang=player.gang)))
    expect(page.locator("h1")).to_have_text(t["pg_of"].format(gang=player.gang))
    table.check(page, f"{name}-choices")
    tap_and_load(page, page.get_by_role("button", name=t["pg_type_dice"]))
    queue = list(faces)
    while True:
        expect(page.locator(".pg-preview, legend").first).to_be_visible()
        if page.locator(".pg-preview").count():
            break
        assert queue, (
            f"the post-game asks for more dice than {list(faces)}: {page.inner_text('main')}"
        )
        if len(queue) == len(faces):
            table.check(page, f"{name}-first-die")
        face = queue.pop(0)
        tap_and_load(page, page.get_by_role("button", name=t["pg_face_label"].format(face=face)))
    assert not queue, f"dice left over: {queue}"
    table.check(page, f"{name}-ready")
    tap_and_load(page, page.get_by_role("button", name=t["pg_record"]))
    expect(page.locator("main")).to_contain_text(t["pg_report"])
    table.check(page, f"{name}-report")
    table.used.add("postgame")
    return str(page.inner_text("main"))


def both_postgames_done(table: Table, players: Iterable[Player]) -> None:
    for player in players:
        open_game(table, player)
        for gang in (POSSE, RAIDERS):
            expect(player.page.locator("#board")).to_contain_text(
                player.t["gl_postgame_done"].format(gang=gang)
            )


def select(field_id: str, value: str) -> Callable[[Any], None]:
    """A form filler: choose ``value`` in the select ``#field_id``."""

    def fill(page: Any) -> None:
        page.locator(f"#{field_id}").select_option(value=value)

    return fill


def logged_kinds(db: Path, game: int) -> set[str]:
    """The catalogue's names of the actions in a game's log (``game log --json``)."""
    entries = json.loads(_cli(db, "game", "log", "--json", "--game", str(game),
                              "--campaign", CAMPAIGN))  # fmt: skip
    found = set()
    for entry in entries:
        command = commands.find(entry["action"])
        for die in entry.get("dice") or ():  # each die one the action declares it asks for
            assert purpose_key(str(die["purpose"]))[0] in command.dice, (entry, command.dice)
        found.add(command.name)
    return found


# ------------------------------------------------------------------------------- the games


def play_rapina(table: Table, wyatt: Player, ike: Player) -> None:
    """Rapina in banca (§10.1), game 1; see the module's docstring."""
    start_game(table, wyatt, "bank-robbery", 1)
    open_game(table, ike)
    # Before the first turn the repeater is loaded with 17 rounds: a natural 1 jams it.
    act(table, wyatt, SETH, "reload", fill=select("gac-rounds", "17"), first=True)

    new_turn(table, wyatt, 1)
    pick(table, ike, CURLY)
    pick(table, wyatt, SETH, second=True)
    # Seth 6 + RIF 4 + FAMA 1 = 11 against Curly 1 + 3 + 1 = 5: Seth acts.
    initiative(table, wyatt, wyatt, (6, 1), SETH, (SETH, CURLY))
    act(table, wyatt, SETH, "mount", fill=select("gac-pace", "still"))
    # Nerve 1,1 calm; the shooting die a natural 1: jammed; Curly's panic 1,1 steady.
    lines = act(table, wyatt, SETH, "shoot", CURLY,
                fill=lambda page: page.locator("#gac-range").fill("8"),
                dice=(1, 1, 1, 1, 1))  # fmt: skip
    assert any(CURLY in line for line in lines), lines
    # Reflex 1,1 passed; 6 against COS 3: Curly is pulled down.
    act(table, wyatt, SETH, "lasso", CURLY, dice=(1, 1, 6))
    act(table, wyatt, SETH, "dismount", fill=select("gac-pace", "still"))
    act(table, wyatt, SETH, "whisky")
    act(table, wyatt, SETH, "spend", fill=select("gac-point", "fortuna"))
    act(table, wyatt, MARY, "move")
    act(table, wyatt, MARY, "leave")
    # Curly throws his stick of dynamite where nobody is caught.
    act(table, ike, CURLY, "explosive")
    act(table, ike, JOHNNY, "state", fill=select("gac-new-state", "prone"))
    undo(table, ike, JOHNNY)
    # Curly, pulled down by the lasso, stands up again.
    act(table, ike, CURLY, "state", fill=select("gac-new-state", "standing"))

    new_turn(table, ike, 2)
    act(table, wyatt, SETH, "unjam")
    # Curly carries the first sack off the table: the bandits' win, both players confirm it.
    sack = json.dumps({"copy": "1", "event": "carry_off", "objective": "loot-sack"},
                      sort_keys=True)  # fmt: skip
    act(table, ike, CURLY, "objective", fill=select("gac-what", sack))
    vote(table, (ike, wyatt), RAIDERS)
    postgame(table, wyatt, ())
    postgame(table, ike, ())
    both_postgames_done(table, (wyatt, ike))


def play_prisoner(table: Table, wyatt: Player, ike: Player) -> None:
    """Prigioniero (§10.1, a captive), game 2; see the module's docstring."""
    start_game(table, ike, "prisoner", 2)
    open_game(table, wyatt)
    expect(wyatt.page.locator("#board .objectives")).to_be_visible()
    new_turn(table, ike, 1)
    pick(table, wyatt, SETH)
    pick(table, ike, JOHNNY, second=True)
    # Seth 1 + RIF 4 + FAMA 1 = 6 against Johnny 6 + 3 + 0 = 9: Johnny acts.
    initiative(table, ike, ike, (1, 6), JOHNNY, (SETH, JOHNNY))
    # Nerve 1,1 calm; the fight roll 1: a miss; Seth's panic 1,1 steady.
    act(table, ike, JOHNNY, "fight", SETH, dice=(1, 1, 1, 1, 1))
    act(table, ike, JOHNNY, "hit", SETH, fill=select("gac-wounds", "1"))
    act(table, ike, CURLY, "eliminate", MARY)
    # The Posse retreats: it loses and the game ends.
    act(table, wyatt, SETH, "retreat", dice=(4,))
    for player in (wyatt, ike):
        open_game(table, player)
        expect(player.page.locator("#board")).to_contain_text(
            player.t["gl_postgame"].format(gang=player.gang)
        )
    table.check(wyatt.page, "2-over")
    postgame(table, wyatt, (4,))
    postgame(table, ike, ())
    both_postgames_done(table, (wyatt, ike))


def test_two_whole_games_on_two_phones(
    prepared: Callable[[Callable[[Path], object]], Path],
    serve: Callable[[Path], Server],
    phones: Phones,
    tmp_path: Path,
) -> None:
    db = prepared(build_club)
    server = serve(db)
    table = Table(server, tmp_path)
    wyatt = Player("Wyatt", POSSE, "it", phones.open("it"))
    ike = Player("Ike", RAIDERS, "en", phones.open("en"))
    for player in (wyatt, ike):
        log_in(player, server)

    play_rapina(table, wyatt, ike)
    play_prisoner(table, wyatt, ike)

    assert table.used == EXPECTED, (sorted(EXPECTED - table.used), sorted(table.used - EXPECTED))
    logged = logged_kinds(db, 1) | logged_kinds(db, 2)
    model_actions = {c.name for c in commands.MODEL_ACTIONS}
    assert model_actions | {"start", "turn", "initiative"} <= logged, sorted(model_actions - logged)


# ------------------------------------------------------------------ one turn of a Duel, in taps

#: Counts every touch a page receives (a tap is one ``pointerdown``; a label's click forwarded
#: to its radio is not a second touch), kept in the tab's ``sessionStorage`` across pages.
#: Counted as the event bubbles to the window, not while it is captured: when the page changes
#: under a tap (the stream swaps the panel in), Playwright's hit-target check stops that touch at
#: the window's capture (``stopImmediatePropagation``) and taps again, and a capturing counter
#: saw both (Wyatt 20 taps for 19, at load in CI).
COUNT_TAPS = """
addEventListener("pointerdown", () => {
  sessionStorage.setItem("taps", String(Number(sessionStorage.getItem("taps") || 0) + 1));
});
"""


#: The dice of the Duel's two shots, typed die by die.
SETH_DICE, CURLY_DICE = (1, 1, 2, 1, 1, 1), (1, 1, 2, 1, 1)


def taps(player: Player) -> int:
    return int(player.page.evaluate("Number(sessionStorage.getItem('taps') || 0)"))


def duel_shot(
    table: Table, player: Player, model: str, target: str, range_u: int, faces: Sequence[int],
    other: Player,
) -> None:  # fmt: skip
    """A shot as a player makes it, by touch alone from the live board: the model taking its
    turn, Shoot, the target, the range typed (the field tapped, then the number), the dice
    typed (the target's on ``other``'s phone, from its live board), both back to the board."""
    page, t = player.page, player.t
    tap_and_load(page, page.locator("#gac-panel a.button").filter(has_text=model))
    choose(page, label_of("shoot", player.lang))
    choose(page, target)
    page.locator("#gac-range").tap()
    page.keyboard.type(str(range_u))
    tap_and_load(page, page.get_by_role("button", name=t["gac_type_dice"], exact=True))
    last = type_dice(table, player, faces, f"duel-{model}", other)
    for one in (player, other) if last is other else (player,):
        expect(one.page.locator("ul.gac-result")).to_contain_text(target)
        table.check(one.page, f"duel-{model}-done-{one.user}")
        back = one.page.locator(".gac-go").get_by_role("link", name=one.t["gac_back_game"])
        tap_and_load(one.page, back)
        expect(one.page.locator("#board")).to_be_visible()


def test_taps_for_one_turn_of_a_duel_then_the_referee_abandons_it(
    prepared: Callable[[Callable[[Path], object]], Path],
    serve: Callable[[Path], Server],
    phones: Phones,
    tmp_path: Path,
) -> None:
    """One turn of a Duel (§10.3) on two phones, both leaders activated, the initiative typed,
    one shot each: every tap counted on the phones themselves (``benchmarks/taps.md``). Then
    the referee abandons the game from a third phone (abandon)."""
    db = prepared(build_club)
    server = serve(db)
    table = Table(server, tmp_path)
    wyatt = Player("Wyatt", POSSE, "it", phones.open("it"))
    ike = Player("Ike", RAIDERS, "en", phones.open("en"))
    for player in (wyatt, ike):
        player.page.context.add_init_script(COUNT_TAPS)
        log_in(player, server)
    start_game(table, wyatt, "duel", 1, leave=(MARY, JOHNNY))
    open_game(table, ike)
    for player in (wyatt, ike):
        player.page.evaluate("sessionStorage.setItem('taps', '0')")

    # The turn, from both live boards: Wyatt begins it; both lay a card down; Wyatt types the
    # initiative, 6 + RIF 4 + FAMA 1 = 11 against 1 + 3 + 1 = 5, and sends Seth.
    tap_and_load(wyatt.page, wyatt.page.get_by_role("button", name=wyatt.t["gl_begin_first"]))
    pick(table, ike, CURLY)
    pick(table, wyatt, SETH, second=True)
    initiative(table, wyatt, wyatt, (6, 1), SETH, (SETH, CURLY))
    # Seth hits at 10U (nerve 1,1 calm; 2 + 7 = 9), Curly saves with a 1; his panic 1,1 steady.
    duel_shot(table, wyatt, SETH, CURLY, 10, SETH_DICE, ike)
    # Only Curly is left to take his turn: Ike sends him, no initiative rolled.
    panel = ike.page.locator("#activation")
    expect(panel).to_contain_text(ike.t["ga_only"].split("{")[0].strip())
    panel.get_by_role("button", name=CURLY).tap()
    expect(ike.page.locator("#activation .ga-acting")).to_contain_text(CURLY)
    # Curly misses (nerve 1,1 calm; 2 + 5 = 7); Seth's panic 1,1 steady.
    duel_shot(table, ike, CURLY, SETH, 10, CURLY_DICE, wyatt)
    counted = {player.user: taps(player) for player in (wyatt, ike)}
    # benchmarks/taps.md: Wyatt 7 for the turn and the initiative (begin, pick, open the typed
    # dice, two faces, roll, activate), 9 for his shot (the model, Shoot, the target, the range
    # field, "I roll the dice", his three faces, back to the board) and 3 for Seth's panic dice
    # in Ike's shot, asked on his phone (issue #20: two faces, back to the board); Ike 2 (pick,
    # send Curly), 4 for Curly's save and panic dice in Wyatt's shot (three faces, back to the
    # board) and 10 for his shot (three faces, "keep the die" when his missed shot offers a
    # reroll, back to the board from the wait).
    assert counted == {"Wyatt": 19, "Ike": 16}, counted

    judge = Player("Judge", "", "it", phones.open("it"))
    log_in(judge, server)
    open_game(table, judge)
    board = judge.page.locator("#board")
    board.locator("summary", has_text=judge.t["gl_end_now"]).tap()
    table.check(judge.page, "duel-referee")
    tap_and_load(judge.page, board.get_by_role("button", name=judge.t["gl_abandon_confirm"]))
    expect(judge.page.locator("#board")).to_contain_text(judge.t["gl_abandoned"])
    for player in (wyatt, ike):
        open_game(table, player)
        expect(player.page.locator("#board")).to_contain_text(player.t["gl_abandoned"])
    table.check(ike.page, "duel-abandoned")
    assert logged_kinds(db, 1) == {"start", "turn", "initiative", "move", "shoot", "abandon"}
