"""``skirmish luck`` (issue #14): the ledger's tables in both languages, ``--json`` with the
service's figures, one ``Error:`` line for an unknown gang or game, and one line for a
campaign with no game yet. The game is played through the command line on a copy of the demo
store: Wyatt's shot typed in at the table, the others rolled by skirmish."""

from __future__ import annotations

import json
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app

DEMO = Path(__file__).resolve().parents[2] / "campaigns.db.example"
EARPS, CLANTONS = "Earp brothers", "Clanton gang"

GAME = (
    ["game", "start", "bank-robbery", EARPS, CLANTONS],
    ["game", "turn"],
    ["game", "initiative", "Doc Holliday", "Tom McLaury", "--dice", "2,5"],
    ["game", "shoot", "Wyatt Earp", "Ike Clanton", "--range", "5", "--dice", "1,2,6,6,6,1,1"],
    ["game", "shoot", "Virgil Earp", "Frank McLaury", "--range", "8", "--seed", "11"],
    ["game", "melee", "Billy Clanton", "Morgan Earp", "--seed", "4"],
    ["game", "eliminate", "Frank McLaury", "--by", "Virgil Earp"],
    ["game", "end", "--winner", EARPS],
    ["game", "postgame", CLANTONS, "--seed", "4"],
    ["game", "postgame", EARPS, "--seed", "3"],
)


def run(db: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [*args, "--db", str(db)])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("luck-cli") / "campaigns.db"
    shutil.copyfile(DEMO, path)
    for command in GAME:
        code, out, err = run(path, *command)
        assert code == 0, (command, out, err)
    return path


@pytest.fixture(scope="module")
def empty(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo store with a new campaign in use, which has rolled no die at all."""
    path = tmp_path_factory.mktemp("luck-empty") / "campaigns.db"
    shutil.copyfile(DEMO, path)
    code, out, err = run(path, "campaign", "new", "Dodge City")
    assert code == 0, (out, err)
    return path


def test_the_campaign_by_gang_in_english(db: Path) -> None:
    code, out, _ = run(db, "luck", "--lang", "en")
    assert code == 0
    assert "Luck ledger: campaign Tombstone 1881" in out
    for words in (EARPS, CLANTONS, "everyone", "typed in", "by skirmish", "Gangs",
                  "Luckiest moments", "Unluckiest moments"):  # fmt: skip
        assert words in out, words
    assert any(v in out for v in ("within the noise", "lucky", "unlucky"))
    assert "Wyatt Earp: nerve test 1,2 against Ike Clanton" in out
    for internal in ("initiative: first", "pistolero", "six-shooter", "melee", "table", "random"):
        assert internal not in out, internal


def test_a_gang_model_by_model_in_italian(db: Path) -> None:
    code, out, _ = run(db, "luck", EARPS, "--lang", "it")
    assert code == 0
    assert f"Registro della sorte: {EARPS} (campagna Tombstone 1881)" in out
    for words in ("Personaggi", "Wyatt Earp", "Virgil Earp", "Morgan Earp", "al tavolo",
                  "da skirmish", "entro il rumore", "Momenti più fortunati"):  # fmt: skip
        assert words in out, words
    assert "Ike Clanton " not in out.split("Momenti")[0]  # the table has the Earps only
    for english in ("Luck", "within the noise", "typed in", "by skirmish", "Gangs", "against"):
        assert english not in out, english


def test_the_json_has_the_services_figures_in_both_languages(db: Path) -> None:
    from skirmish.campaign import lookup, store
    from skirmish.campaign.luck import ledger

    code, english, _ = run(db, "luck", EARPS, "--game", "1", "--json", "--lang", "en")
    assert code == 0
    code, italian, _ = run(db, "luck", EARPS, "--game", "1", "--json", "--lang", "it")
    assert code == 0 and english == italian
    data = json.loads(english)
    engine = store.open_store(str(db), access=store.Access.READ)
    try:
        with store.transaction(engine, access=store.Access.READ) as s:
            campaign = lookup.current_campaign(s)
            gang = lookup.gang_by_name(s, campaign, EARPS)
            expected = ledger(s, campaign=campaign, gang=gang, game_id=1).to_json()
    finally:
        engine.dispose()
    assert data == json.loads(json.dumps(expected))
    assert data["game"] == 1 and data["gang"] == EARPS
    assert set(data["overall"]["by_source"]) == {"table", "random"}
    wyatt = next(m for m in data["moments"] if m["kind"] == "action" and m["model"] == "Wyatt Earp")
    assert "/" in wyatt["expected_wounds"] and wyatt["source"] == "table"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["luck", "Earps"], "Earp brothers"),
        (["luck", "--game", "9"], "has no game 9"),
        (["luck", "--campaign", "Tombstone 1882x"], "Error:"),
    ],
)
def test_one_error_line(db: Path, args: list[str], said: str) -> None:
    for lang in ("en", "it"):
        code, out, err = run(db, *args, "--lang", lang)
        assert code == 1 and out == ""
        lines = err.strip().splitlines()
        prefix = "Errore: " if lang == "it" else "Error: "  # issue #21, item 6
        assert len(lines) == 1 and lines[0].startswith(prefix), err
        if lang == "en":
            assert said in lines[0]


def test_a_campaign_with_no_roll_says_so_in_one_line(empty: Path) -> None:
    code, out, _ = run(empty, "luck", "--lang", "en")
    assert code == 0
    assert out.strip().splitlines() == [
        "No dice in the log yet for campaign Dodge City: play a game with 'skirmish game' "
        "and its luck will show here."
    ]
    code, out, _ = run(empty, "luck", "--lang", "it")
    assert code == 0 and len(out.strip().splitlines()) == 1
    assert out.startswith("Ancora nessun dado nel registro per campagna Dodge City")
    code, out, _ = run(empty, "luck", "--json")
    data = json.loads(out)
    assert data["moments"] == [] and data["games"] == [] and data["between_games"] == []


# The demo's purchases, as rolled (R-12): the Earps' mule for the stash failed with a 1, the
# Clantons' dynamite for Billy found with a 5 (DISP 4)
MULE_EN = (
    "  Earp brothers: availability roll 1 for Mule (DISP 2): not found — a 1-in-6 result, or "
    "worse; before the gang's first game"
)
DYNAMITE_IT = (
    "  Clanton gang, Billy Clanton: disponibilità 5 per Dinamite (DISP 4): trovato — un "
    "risultato da 1 su 3, o migliore; prima della prima partita della banda"
)


def test_a_campaign_with_purchases_only_shows_their_rolls(empty: Path) -> None:
    """The demo's campaign has played no game, but its gangs rolled for their purchases:
    14 rolls (one purchase was undone), in the tallies and listed apart, in both languages."""
    wide = {"COLUMNS": "200"}
    result = CliRunner(env=wide).invoke(
        app, ["luck", "--campaign", "Tombstone 1881", "--lang", "en", "--db", str(empty)]
    )
    assert result.exit_code == 0
    out = result.stdout
    assert "No dice" not in out and "Luck ledger: campaign Tombstone 1881" in out
    assert "Between games (14 rolls, counted in the tallies above)" in out
    assert MULE_EN in out.splitlines()
    everyone = next(line for line in out.splitlines() if "everyone" in line)
    assert "typed in" in everyone and " 14 " in everyone
    for internal in ("mule", "availability roll 1 for mule", "dynamite", "buy"):
        assert internal not in out, internal
    result = CliRunner(env=wide).invoke(
        app, ["luck", CLANTONS, "--campaign", "Tombstone 1881", "--lang", "it", "--db",
              str(empty)],
    )  # fmt: skip
    assert result.exit_code == 0
    out = result.stdout
    assert "Tra una partita e l'altra (5 tiri, contati nelle tabelle qui sopra)" in out
    # a gang's own view names the model alone
    assert DYNAMITE_IT.replace("Clanton gang, ", "") in out.splitlines()
    assert "Earp" not in out
    for english in ("availability", "found", "Between", "Dynamite"):
        assert english not in out, english


def test_the_post_games_rolls_count_for_their_model(db: Path) -> None:
    """Frank McLaury's recovery roll (§6.5), from the campaign log: placed like any die, with
    the exact chance that it killed him, counted in his gang's rolls but not a game moment."""
    code, out, _ = run(db, "luck", "--json")
    data = json.loads(out)
    code, log, _ = run(db, "log", CLANTONS, "--json")
    entry = next(e for e in json.loads(log) if e["action"] == "recovery")
    roll, total = entry["details"]["roll"], entry["details"]["total"]
    frank = [m for m in data["postgame"] if m["model"] == "Frank McLaury"]
    assert [(m["purpose"], m["faces"]) for m in frank][0] == ("recovery", [roll])
    recovery = frank[0]
    assert recovery["log_entry"] == entry["id"] and recovery["event"] == 0
    assert recovery["percentile"] == pytest.approx(100 * (roll - 0.5) / 6)
    dead = sum(1 for face in range(1, 7) if face + total - roll <= 1)
    assert Fraction(recovery["chance_eliminated"]) == Fraction(dead, 6)
    assert recovery["eliminated"] == (total <= 1)
    assert all(m["event"] != 0 for m in data["moments"])
    clantons = next(t for t in data["gangs"] if t["name"] == CLANTONS)
    mine = [m for m in [*data["moments"], *data["postgame"], *data["between_games"]]
            if m["gang"] == CLANTONS and m["kind"] == "roll"]  # fmt: skip
    assert clantons["all"]["rolls"] == len(mine)


def test_one_game_has_no_rolls_between_games(db: Path) -> None:
    """``--game N``: the game's dice and its post-game's, none of the purchases'."""
    code, out, _ = run(db, "luck", "--json")
    whole = json.loads(out)
    code, out, _ = run(db, "luck", "--game", "1", "--json")
    game = json.loads(out)
    assert len(whole["between_games"]) == 14 and game["between_games"] == []
    assert game["overall"]["all"]["rolls"] == whole["overall"]["all"]["rolls"] - 14
    assert {m["source"] for m in whole["between_games"]} == {"table"}
    for lang, title in (("en", "Between games"), ("it", "Tra una partita")):
        code, out, _ = run(db, "luck", "--game", "1", "--lang", lang)
        assert code == 0 and title not in out
        code, out, _ = run(db, "luck", "--lang", lang)
        assert code == 0 and title in out
