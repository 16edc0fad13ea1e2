"""Table mode (issue #12): two players, each with a phone, play a whole game in a real browser
at 390×844 through the real server, then the very same game is played again through the
command line on a copy of the starting store, and the two stores must agree.

Wyatt (English) plays the Earps, Ike (Italian) the Clantons; a third phone, not logged in,
watches. In a Duel (§10.3) Wyatt starts the game on his phone; each round both pick their
model secretly, the initiative is typed, the winner activates; shots are typed die by die as
the server asks for them, with one reroll paid with FORTUNA (R-15) and one shot taken back
(undo) and typed again, until Ike is eliminated and the scenario ends the game; then each
player types his post-game's dice on his own phone. In a Bank robbery (§10.1) Ike starts the
game, carries a loot sack off the table (an objective event), and both players confirm the
bandits' win with their votes.

Every die typed is recorded beside the command that types the same die on the command line
(``Table.cli``); replayed on the copy, both gangs' ``gang show --json``, the game's log and
the campaign's log (without ids, times and authors) are equal. Every page reached fits the
phone and is labelled (``Table.check``); its screenshot is kept in the test's tmp dir (and in
``$SKIRMISH_SCREENSHOTS``); ``table-pick``, ``table-shot`` and ``table-postgame`` are the
README's (``make screenshots``)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from skirmish.web import app as _routes  # noqa: F401  (every part's words are declared on import)
from skirmish.web.text import words

from .conftest import DEMO, Phones, Server, expect
from .phone import assert_fits, assert_labelled, assert_one_page, shot

CAMPAIGN, EARPS, CLANTONS = "Tombstone 1881", "Earp brothers", "Clanton gang"
PASSWORD = "polvere e piombo"
WYATT, IKE = "Wyatt Earp", "Ike Clanton"
#: Everybody else stays home: a duel of the two leaders keeps the game short.
HOME = ("Virgil Earp", "Morgan Earp", "Doc Holliday", "Billy Clanton", "Frank McLaury",
        "Tom McLaury")  # fmt: skip


def skirmish(db: Path, *args: str, stdin: str | None = None) -> str:
    """``skirmish ARGS --db DB`` in this process (a new process costs seconds on a busy
    machine, and the replay runs some thirty commands); its output, or a failure naming it."""
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    runner = CliRunner()
    result = runner.invoke(app, [*args, "--db", str(db)], input=stdin, env={"SKIRMISH_LANG": ""})
    assert result.exit_code == 0, (args, result.output)
    return str(result.stdout)


@dataclass
class Player:
    """A player at the table: their account, gang, side, their phone's language and the phone."""

    user: str
    gang: str
    side: str
    lang: str
    page: Any = None

    @property
    def t(self) -> Mapping[str, str]:
        return words(self.lang)


@dataclass
class Table:
    """The game as played on the phones: the pages checked and photographed in order, and the
    command lines that play the same game (``cli``) with the dice typed on the phones."""

    server: Server
    folder: Path
    count: int = 0
    game: int = 0
    cli: list[tuple[str, ...]] = field(default_factory=list)

    def check(self, page: Any, name: str) -> None:
        """The screenshot first (a failing page can be looked at), then fits and labelled."""
        self.count += 1
        shot(page, f"table-{self.count:02d}-{name}", self.folder)
        assert_one_page(page)
        assert_fits(page)
        assert_labelled(page)

    def publish(self, page: Any, name: str) -> None:
        """A README picture: what the phone's screen shows, from the top."""
        page.evaluate("window.scrollTo(0, 0)")
        shot(page, name, self.folder, full_page=False)

    def then(self, *args: str) -> None:
        """The command line that records what the phones just did."""
        self.cli.append(args)


def log_in(player: Player, server: Server) -> None:
    page, t = player.page, player.t
    page.goto(f"{server.url}/login")
    page.get_by_label(t["login_user"]).fill(player.user)
    page.get_by_label(t["login_password"]).fill(PASSWORD)
    page.get_by_role("button", name=t["login"]).tap()
    expect(page.locator("header.top .who")).to_contain_text(player.user)


def game_url(server: Server, game: int) -> str:
    return f"{server.url}/c/{quote(CAMPAIGN)}/games/{game}"


def tap_and_load(page: Any, control: Any) -> None:
    """Tap a control that submits a form or follows a link, and wait for the new page: one
    page, never one inside another (issue #20)."""
    with page.expect_navigation():
        control.tap()
    page.wait_for_load_state()
    assert_one_page(page)


# --------------------------------------------------------------------------- the table's steps


def start_game(table: Table, player: Player, scenario: str, number: int) -> None:
    """Start the game from the campaign's games on ``player``'s phone, the others left home."""
    page, t = player.page, player.t
    page.goto(f"{table.server.url}/c/{quote(CAMPAIGN)}/games")
    tap_and_load(page, page.get_by_role("link", name=t["gl_new"]).first)
    expect(page.get_by_role("heading", name=t["gl_start_title"], level=1)).to_be_visible()
    page.get_by_label(t["gl_scenario"]).select_option(value=scenario)
    page.get_by_label(t["gl_good_gang"]).select_option(value=EARPS)
    page.get_by_label(t["gl_bad_gang"]).select_option(value=CLANTONS)
    page.locator("summary", has_text=t["gl_leave"]).tap()
    for model in HOME:
        page.get_by_label(model, exact=True).check()
    table.check(page, f"{scenario}-start")
    tap_and_load(page, page.get_by_role("button", name=t["gl_start"]))
    refused = page.locator("#start-error")
    assert not refused.count(), refused.inner_text()
    expect(page).to_have_url(game_url(table.server, number))
    table.game = number
    expect(page.locator("#board")).to_contain_text(WYATT)
    leave = [arg for model in HOME for arg in ("--leave", model)]
    table.then("game", "start", scenario, "--good", EARPS, "--bad", CLANTONS, *leave)


def open_game(player: Player, server: Server, number: int) -> None:
    player.page.goto(game_url(server, number))
    expect(player.page.locator("#board")).to_be_visible()


def new_turn(table: Table, player: Player, turn: int) -> None:
    """Either player begins the turn (no cohesion test is due in these games: R-08)."""
    page, t = player.page, player.t
    open_game(player, table.server, table.game)
    # the first turn is begun from the top of the page (issue #22), the others from the board
    where = page.locator("#begin" if turn == 1 else "#board")
    button = t["gl_begin_first"] if turn == 1 else t["gl_new_turn"]
    tap_and_load(page, where.get_by_role("button", name=button))
    expect(page.locator("#board .game-head .meta")).to_contain_text(
        t["gl_turn_only"].format(turn=turn)
    )
    table.then("game", "turn")


def pick(table: Table, player: Player, model: str, name: str, second: bool = False) -> None:
    """Lay the card face down (§1.8): the phone says it is hidden, or, the ``second`` card down
    (tapped once the phone shows the first one down: the panel is swapped then, and a tap in the
    middle of the swap lands on another model), shows both."""
    if player.page.url != game_url(table.server, table.game):
        open_game(player, table.server, table.game)
    panel = player.page.locator("#activation")
    expect(panel).to_contain_text(player.t["ga_pick_hint"])
    if second:
        expect(panel).to_contain_text(player.t["ga_they_picked"])
    panel.get_by_role("button", name=model).tap()
    expect(panel.locator(".ga-picked, .ga-pair").first).to_contain_text(model)
    table.check(player.page, name)


def initiative(
    table: Table, roller: Player, winner: Player, dice: tuple[int, int], choose: str,
    models: tuple[str, str],
) -> None:  # fmt: skip
    """Both cards revealed; ``roller`` types the two dice (the good side's, then the bad
    side's); ``winner`` activates its own model (``choose`` its side)."""
    page = roller.page
    panel = page.locator("#activation")
    for other in (roller, winner):
        pair = other.page.locator("#activation .ga-pair")
        for model in models:
            expect(pair).to_contain_text(model)
    panel.locator(".ga-typed summary").tap()
    faces = panel.locator(".ga-die")
    for number, die in enumerate(dice):
        faces.nth(number).locator(".ga-face", has_text=str(die)).tap()
    table.check(page, "initiative-dice")
    panel.get_by_role("button", name=roller.t["ga_roll_typed"]).tap()
    wpanel = winner.page.locator("#activation")
    expect(wpanel).to_contain_text(winner.t["ga_you_won"])
    mine = models[0] if choose == "good" else models[1]
    wpanel.get_by_role("button", name=winner.t["ga_activate_mine"].format(name=mine)).tap()
    for other in (roller, winner):
        expect(other.page.locator("#activation .ga-acting")).to_contain_text(mine)
    table.then("game", "initiative", *models, "--dice", f"{dice[0]} {dice[1]}",
               "--activate", choose)  # fmt: skip


def act(
    table: Table, player: Player, model: str, action: str, target: str | None,
    acting: bool = False,
) -> None:  # fmt: skip
    """From the live page: act with ``model``, ``action`` (its words' key), at ``target``; with
    ``acting``, through the panel's link to the model taking its turn."""
    page, t = player.page, player.t
    open_game(player, table.server, table.game)
    panel = page.locator("#gac-panel")
    if acting:
        tap_and_load(page, panel.get_by_role("link").filter(has_text=model))
    else:
        tap_and_load(page, panel.get_by_role("link", name=t["gac_act"]))
        tap_and_load(page, page.locator("a.gac-choice", has_text=model))
    tap_and_load(page, page.locator("a.gac-choice", has_text=t[action]))
    if target is not None:
        tap_and_load(page, page.locator("a.gac-choice", has_text=target))


def shoot(
    table: Table, player: Player, shooter: str, target: str, range_u: int, faces: Sequence[int],
    reroll: str | None = None, name: str = "shot", publish: str | None = None,
    acting: bool = False, other: Player | None = None,
) -> list[int]:  # fmt: skip
    """Shoot at ``range_u`` with the dice typed one by one, as the server asks for them; a
    failed die is kept, except the first one failed when ``reroll`` (FAMA or FORTUNA) is given,
    which is rerolled with that point (R-15), its question photographed as ``publish`` when
    given. The target's dice (its saves, panic tests and their rerolls) are asked on the phone
    of its player, ``other`` (issue #20): the shooter's phone says whom it waits for, the
    other's live page asks them in its panel. The dice typed, in order."""
    page, t = player.page, player.t
    act(table, player, shooter, "gac_shoot", target, acting)
    page.get_by_label(t["gac_f_range"]).fill(str(range_u))
    tap_and_load(page, page.get_by_role("button", name=t["gac_update"]))
    expect(page.locator("#gac-odds")).to_contain_text(t["gac_odds"].split("{")[0].strip())
    table.check(page, f"{name}-situation")
    tap_and_load(page, page.get_by_role("button", name=t["gac_type_dice"], exact=True))
    queue, paid = list(faces), False
    typed: list[int] = []
    waited = False
    while True:
        expect(page.locator("#gac-next, ul.gac-result, #gho-wait").first).to_be_visible()
        if page.locator("ul.gac-result").count():
            break
        if page.locator("#gho-wait").count():  # the other side's die: on its player's phone
            assert other is not None, page.inner_text("main")
            first, waited = not waited, True
            if first:
                table.check(page, f"{name}-waiting")
            asked = other if page is player.page else player
            page, t = asked.page, asked.t
            open_game(asked, table.server, table.game)
            expect(page.locator("#gho-panel #gac-next")).to_be_visible()
            if first:
                table.check(page, f"{name}-their-die")
            continue
        if page.locator(".gac-ways").count():
            if reroll is not None and not paid:
                paid = True
                table.check(page, f"{name}-reroll")
                if publish:
                    table.publish(page, publish)
                way = page.locator(".gac-ways button", has_text=reroll).first
            else:
                way = page.get_by_role("button", name=t["gac_keep"])
            tap_and_load(page, way)
            continue
        assert queue, f"the server asks for more dice than {list(faces)}: {page.inner_text('main')}"
        if not typed:
            table.check(page, f"{name}-first-die")
        else:  # what the last die did, before the next is asked (issue #20)
            expect(page.locator("#gac-verdict")).to_contain_text(f": {typed[-1]},")
            if len(typed) == 3:
                table.check(page, f"{name}-verdict")
        face = queue.pop(0)
        tap_and_load(page, page.get_by_role("button", name=t["gac_face"].format(face=face)))
        typed.append(face)
    assert not queue, f"dice left over: {queue}"
    table.check(page, f"{name}-done")
    if waited and page is not player.page:  # the shooter's phone learns it within its poll
        expect(player.page.locator("#gho-panel ul.gac-result")).to_contain_text(shooter)
        table.check(player.page, f"{name}-recorded")
        tap_and_load(page, page.get_by_role("link", name=t["gac_back_game"]).last)
    option = ("--reroll", f"shot:{reroll.lower()}") if reroll else ()
    table.then("game", "shoot", shooter, target, "--range", str(range_u),
               "--dice", " ".join(map(str, typed)), *option)  # fmt: skip
    return typed


def undo(table: Table, player: Player, what: str) -> None:
    """Take back the game's last action, the page naming it first."""
    page, t = player.page, player.t
    tap_and_load(page, page.get_by_role("link", name=t["gac_undo"]).first)
    expect(page.locator("ul.gac-result")).to_contain_text(what)
    table.check(page, "undo")
    tap_and_load(page, page.get_by_role("button", name=t["gac_undo_confirm"]))
    expect(page.locator("ul.gac-result")).to_contain_text(what)
    table.check(page, "undone")
    table.then("game", "undo")


def postgame(
    table: Table, player: Player, game: int, faces: Sequence[int], name: str,
    publish: str | None = None,
) -> None:  # fmt: skip
    """The player's own post-game from the ended board, every die typed as it is asked for;
    the page with every die in photographed as ``publish`` when given."""
    page, t = player.page, player.t
    open_game(player, table.server, game)
    link = page.get_by_role("link", name=t["gl_postgame"].format(gang=player.gang))
    tap_and_load(page, link)
    expect(page.locator("h1")).to_have_text(t["pg_of"].format(gang=player.gang))
    table.check(page, f"{name}-choices")
    tap_and_load(page, page.get_by_role("button", name=t["pg_type_dice"]))
    queue = list(faces)
    typed: list[int] = []
    while True:
        expect(page.locator(".pg-preview, legend").first).to_be_visible()
        if page.locator(".pg-preview").count():
            break
        assert queue, f"the post-game asks for more dice than {list(faces)}"
        if not typed:
            table.check(page, f"{name}-first-die")
        face = queue.pop(0)
        button = page.get_by_role("button", name=t["pg_face_label"].format(face=face))
        tap_and_load(page, button)
        typed.append(face)
    assert not queue, f"dice left over: {queue}"
    table.check(page, f"{name}-ready")
    if publish:
        table.publish(page, publish)
    tap_and_load(page, page.get_by_role("button", name=t["pg_record"]))
    expect(page.locator("main")).to_contain_text(t["pg_report"])
    table.check(page, f"{name}-report")
    dice = ("--dice", " ".join(map(str, typed))) if typed else ()
    table.then("game", "postgame", player.gang, "--game", str(game), *dice)


# ------------------------------------------------------------------------------- the comparison


def _entries(raw: str, drop: Sequence[str]) -> list[dict[str, Any]]:
    return [{k: v for k, v in entry.items() if k not in drop} for entry in json.loads(raw)]


#: The command line has no votes: the game both players' votes ended is ended there with
#: ``game end --winner``, whose recorded reason is the only difference.
VOTED, NAMED = "confirmed by both players", "named by the players"


def _dump(db: Path, *args: str) -> str:
    return skirmish(db, *args, "--json", "--campaign", CAMPAIGN)


def stores_agree(web: Path, cli: Path, games: Sequence[int], voted: int) -> None:
    """The rosters, the games' logs and the campaign's log of both stores are the same (the
    campaign log without its ids, times and authors: the web's entries name the player), but
    for the reason the game ``voted`` ended with."""
    for gang in (EARPS, CLANTONS):
        shown = [json.loads(_dump(db, "gang", "show", gang)) for db in (web, cli)]
        assert shown[0] == shown[1], gang
    for game in games:
        logs = [_dump(db, "game", "log", "--game", str(game)) for db in (web, cli)]
        if game == voted:
            assert logs[0].count(VOTED) == 1 and VOTED not in logs[1], logs[0]
            logs[0] = logs[0].replace(VOTED, NAMED)
        entries = [_entries(log, ("id",)) for log in logs]
        assert entries[0] == entries[1], f"game {game}"
    logs = [_dump(db, "log").replace(VOTED, NAMED) for db in (web, cli)]
    campaign = [_entries(log, ("id", "at", "author")) for log in logs]
    assert campaign[0] == campaign[1]


# ------------------------------------------------------------------------------------ the test


def test_two_phones_play_a_duel_and_a_bank_robbery(
    serve: Callable[[Path], Server], phones: Phones, tmp_path: Path
) -> None:
    db, start = tmp_path / "campaigns.db", tmp_path / "start.db"
    shutil.copyfile(DEMO, db)
    wyatt = Player("Wyatt", EARPS, "good", "en")
    ike = Player("Ike", CLANTONS, "bad", "it")
    for player in (wyatt, ike):
        skirmish(db, "user", "add", player.user, "--password-stdin", stdin=PASSWORD + "\n")
        skirmish(db, "gang", "owner", player.gang, player.user, "--campaign", CAMPAIGN)
    skirmish(db, "campaign", "set-public", "on", "--campaign", CAMPAIGN)  # for the onlooker
    shutil.copyfile(db, start)  # the command line's game starts from here
    server = serve(db)
    table = Table(server, tmp_path)
    for player in (wyatt, ike):
        player.page = phones.open(player.lang)
        log_in(player, server)
    watcher: Any = phones.open("en")

    # ---- The Duel (§10.3): Wyatt starts it on his phone; both phones show it.
    start_game(table, wyatt, "duel", 1)
    open_game(ike, server, 1)
    table.check(ike.page, "duel-live")
    new_turn(table, ike, 1)

    # Turn 1: secret picks; the other phone only learns that a card is down.
    ikes_card = ike.page.locator("#activation").get_by_role("button", name=IKE)
    where = ikes_card.bounding_box()
    pick(table, wyatt, WYATT, "duel-1-pick")
    expect(ike.page.locator("#activation")).to_contain_text(ike.t["ga_they_picked"])
    # his own side first: Wyatt's card going down does not move Ike's buttons under his thumb
    assert ikes_card.bounding_box() == where
    expect(ike.page.locator("#activation")).not_to_contain_text(WYATT)
    table.publish(wyatt.page, "table-pick")
    pick(table, ike, IKE, "duel-1-pick-ike", second=True)
    # Wyatt 5 + RIF 4 + FAMA 1 = 10 against Ike 2 + RIF 3 + FAMA 1 = 6: Wyatt acts.
    initiative(table, ike, wyatt, (5, 2), "good", (WYATT, IKE))

    # Wyatt shoots at 10U: calm (1, 1), the shot's 1 fails and is rerolled with FORTUNA:
    # a 6 hits for 2, both saves wound (6, 6); Ike's panic test holds (1, 1). Ike: COS 3 → 1.
    # Ike's saves and panic test are typed on his phone (issue #20), Wyatt's waits for them.
    shoot(table, wyatt, WYATT, IKE, 10, (1, 1, 1, 6, 6, 6, 1, 1), reroll="FORTUNA", name="shot-1",
          publish="table-shot", other=ike)  # fmt: skip
    wounded = ike.t["gl_cos"].format(left=1, cos=3)  # Ike's phone shows it within its poll
    expect(ike.page.locator("#board").get_by_role("img", name=wounded)).to_be_visible()

    # Only Ike is left to act: no roll (§1.8); his phone taps him.
    panel = ike.page.locator("#activation")
    expect(panel).to_contain_text(ike.t["ga_only_wait"])
    table.check(ike.page, "duel-1-only")
    panel.get_by_role("button", name=IKE).tap()
    expect(panel.locator(".ga-acting")).to_contain_text(IKE)
    table.then("game", "activate", IKE)

    # Ike fires and types a wrong die; he takes the shot back and types it again.
    shoot(table, ike, IKE, WYATT, 10, (1, 1, 2, 1, 1), name="shot-2", other=wyatt)
    undo(table, ike, WYATT)
    shoot(table, ike, IKE, WYATT, 10, (1, 1, 6, 1, 1, 1, 1), name="shot-3", other=wyatt)

    # The spectator watches the same board, with nothing to tap.
    watcher.goto(game_url(server, 1))
    expect(watcher.locator("#board")).to_contain_text(words("en")["gl_watching"])
    expect(watcher.locator("#activation, #gac-panel").locator("button")).to_have_count(0)
    table.check(watcher, "duel-watcher")

    # Turn 2: Wyatt 4 + 4 + 1 = 9 against Ike 3 + 3 + 1 = 7; Wyatt's 6 hits for 2 and Ike's
    # first save wounds: COS 0, eliminated, and the Duel is over (the gang that eliminates the
    # other wins).
    new_turn(table, wyatt, 2)
    pick(table, ike, IKE, "duel-2-pick-ike")
    pick(table, wyatt, WYATT, "duel-2-pick", second=True)
    initiative(table, wyatt, wyatt, (4, 3), "good", (WYATT, IKE))
    shoot(table, wyatt, WYATT, IKE, 10, (1, 1, 6, 6), name="shot-4", acting=True, other=ike)
    for player in (wyatt, ike):
        open_game(player, server, 1)
        expect(player.page.locator("#board")).to_contain_text(
            player.t["gl_postgame"].format(gang=player.gang)
        )
    table.check(wyatt.page, "duel-over")

    # Both post-games, each on its own phone.
    postgame(table, ike, 1, (4,), "duel-postgame-clantons", publish="table-postgame")
    postgame(table, wyatt, 1, (), "duel-postgame-earps")

    # ---- The Bank robbery (§10.1): Ike starts it; Ike carries a sack off; both vote.
    start_game(table, ike, "bank-robbery", 2)
    open_game(wyatt, server, 2)
    new_turn(table, wyatt, 1)
    pick(table, ike, IKE, "bank-1-pick-ike")
    pick(table, wyatt, WYATT, "bank-1-pick", second=True)
    # Wyatt 1 + 4 + 1 = 6 against Ike 6 + 3 + 1 = 10: Ike acts.
    initiative(table, wyatt, ike, (1, 6), "bad", (WYATT, IKE))
    page, t = ike.page, ike.t
    act(table, ike, IKE, "gac_objective", None)
    sack = json.dumps({"copy": "1", "event": "carry_off", "objective": "loot-sack"}, sort_keys=True)
    page.get_by_label(t["gac_f_event"]).select_option(value=sack)
    table.check(page, "bank-objective")
    tap_and_load(page, page.get_by_role("button", name=t["gac_do"]))
    expect(page.locator("ul.gac-result")).to_be_visible()
    table.then("game", "objective", "loot-sack", "carry-off", "--by", IKE, "--copy", "1")

    # A sack off the table is the bandits' win: both players confirm it on their phones; Ike's
    # vote reaches Wyatt's board within its poll, and Wyatt's ends the game on both.
    for player in (ike, wyatt):
        open_game(player, server, 2)
    for player in (ike, wyatt):
        board = player.page.locator("#board")
        verdict = player.t["gl_wins"].format(gang=CLANTONS)
        if player is wyatt:
            said = wyatt.t["gl_voted"].format(gang=CLANTONS, verdict=verdict)
            expect(board).to_contain_text(said)
            table.check(wyatt.page, "bank-vote-seen")
        vote = board.get_by_role("button", name=player.t["gl_vote"].format(who=verdict))
        tap_and_load(player.page, vote)
        table.check(player.page, f"bank-vote-{player.user}")
    table.then("game", "end", "--winner", CLANTONS)
    for player in (wyatt, ike):
        expect(player.page.locator("#board")).to_contain_text(
            player.t["gl_postgame"].format(gang=player.gang)
        )
    postgame(table, wyatt, 2, (), "bank-postgame-earps")
    postgame(table, ike, 2, (), "bank-postgame-clantons")

    # ---- The same two games through the command line, with the same dice.
    server.stop()
    for args in table.cli:
        skirmish(start, *args, "--campaign", CAMPAIGN)
    stores_agree(db, start, (1, 2), voted=2)
