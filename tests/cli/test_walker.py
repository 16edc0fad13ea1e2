"""The walker (``game play``, ``scenario play``): a short game played through its menu, with
answers typed as a player types them. Wrong answers are asked again with one line (never a
Python message), models are picked from numbered lists by number or by name, Ctrl-C cancels
only the action being asked, a refusal of the rules returns to the menu with the database
unchanged, abandoning asks first, an empty Enter shows nothing, and Ctrl-D closes the walker
with the game still in progress. Both languages.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.harness import Cli, build_base, fresh, register_views  # noqa: E402

from skirmish.cli import walker_prompts  # noqa: E402
from skirmish.cli.main import app  # noqa: E402

#: What a scripted player "types" to mean Ctrl-C.
CTRL_C = object()


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    register_views()
    yield build_base(tmp_path_factory.mktemp("walker"))


@pytest.fixture
def cli(base: Path, tmp_path: Path) -> Cli:
    return fresh(base, tmp_path)


class Player:
    """Answers typed at the walker's prompts, one per prompt; ``CTRL_C`` raises
    ``KeyboardInterrupt`` as Ctrl-C does in ``input()``, and the end of the answers is Ctrl-D
    (``EOFError``). Each prompt and answer is written out, as a terminal shows them."""

    def __init__(self, answers: Sequence[object]) -> None:
        self.answers = list(answers)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        sys.stdout.write(prompt)
        if not self.answers:
            sys.stdout.write("^D\n")
            raise EOFError
        answer = self.answers.pop(0)
        if answer is CTRL_C:
            sys.stdout.write("^C\n")
            raise KeyboardInterrupt
        assert isinstance(answer, str)
        sys.stdout.write(answer + "\n")
        return answer


def walk(
    cli: Cli,
    monkeypatch: pytest.MonkeyPatch,
    answers: Sequence[object],
    *options: str,
    scenario: str = "rapina",
    lang: str | None = None,
) -> tuple[str, Player]:
    """Run the walker on ``cli``'s database with ``answers``; its whole output."""
    player = Player(answers)
    monkeypatch.setattr(walker_prompts, "read_line", player)
    env = {"SKIRMISH_LANG": lang} if lang else {}
    result = CliRunner().invoke(
        app, ["game", "play", scenario, *options, "--db", str(cli.db)], env=env
    )
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    assert "Traceback" not in result.stdout + result.stderr
    assert not player.answers, f"answers left over: {player.answers}\n{result.stdout}"
    return result.stdout, player


def playing(cli: Cli) -> None:
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "turn")


def actions(cli: Cli) -> list[str]:
    return [e["action"] for e in cli.json("game", "log")]


# --------------------------------------------------------------------------- a short game


def test_a_short_game_with_wrong_answers_asked_again(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    out, player = walk(
        cli,
        monkeypatch,
        [
            "9", "Ea",  # the good gang: 9 is not in the list of 3, "Ea" is Earps
            "1",  # the bad gang, from the two left: Clantons
            "turn", "",  # a new turn, the computer rolls what it needs (nothing)
            "shoot", "wy", "3",  # Wyatt (by the beginning of his name) at Frank (by number)
            "far", "-2", "5",  # the range: asked again until it is a distance
            "", "",  # no cover, nothing else
            "1,1,9", "1,1,6,4,4",  # a 9 is no die: asked again
            "end", "Earps", "maybe", "y",  # the winner, and "sure?"
            "n",  # no post-game now
        ],
    )  # fmt: skip
    assert "  type a whole number from 1 to 3." in out
    assert "  type a distance in U, from 0 to 1000 (e.g. 12 or 7.5)." in out
    assert "  answer yes or no (y/n, s/sì)." in out
    assert "Frank is eliminated." in out
    assert "Game over: Earps wins (named by the players)." in out
    assert "The post-game sequence waits" in out
    # Each wrong answer was asked again, and only it.
    assert player.prompts.count("The good side's gang: ") == 2
    assert player.prompts.count("Range in U (blank: within the weapon's long range): ") == 3
    assert actions(cli)[:2] == ["start", "turn"]
    assert "shoot" in actions(cli) and actions(cli)[-1] == "end"
    assert cli.json("game", "status")["gangs"][1]["models"][2]["eliminated"] is True


def test_models_are_listed_with_cos_and_state_and_picked_by_number_or_name(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    playing(cli)
    cli.run("game", "state", "Billy", "shaken")
    cli.run("game", "hit", "Ike", "--wounds", "1")
    out, _ = walk(
        cli,
        monkeypatch,
        [
            # Billy by a prefix, one wound, by nobody, no friend near
            "wounds", "Bil", "1", "", "",
            # 5 is Billy again; 0 wounds is no answer; Frank within 5U of him
            "wounds", "zz", "5", "0", "abc", "2", "", "Frank", "4,4",
        ],
    )  # fmt: skip
    assert "  4  Ike (Clantons) — COS 2/3, steady" in out
    assert "  5  Billy (Clantons) — COS 3/3, shaken" in out
    assert "  'zz' is not in the list; type its number or its name." in out
    assert "  type a whole number from 1 to 100000." in out
    assert "Billy takes 1 wound: COS 3 → 2." in out
    assert "Billy takes 2 wounds: COS 2 → 0." in out
    assert "Billy is eliminated." in out
    # Ctrl-D at the menu closed the walker; the game goes on.
    assert "The walker is closed; game 1 stays in progress." in out
    assert cli.json("game", "status")["status"] == "in_progress"


def test_an_ambiguous_name_lists_the_candidates(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    playing(cli)
    out, _ = walk(cli, monkeypatch, ["s", "state", "Frank", "prone"])
    # "s" begins board (situazione), shoot, state and spend: say which.
    line = next(line for line in out.splitlines() if line.startswith("  's' could be "))
    named = {word.split()[-1] for word in line.split(";")[0].split(", ")}
    assert named >= {"board", "shoot", "state", "spend"}
    assert "Frank is now steady, prone." in out


def test_activations_shape_the_lists_and_a_second_shot_is_refused(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    playing(cli)
    out, _ = walk(
        cli,
        monkeypatch,
        [
            "activate", "Morgan",  # Morgan takes his turn (he only moves)
            "activate", "", "Wyatt",  # Morgan is no longer listed; blank is no answer
            "shoot", "Wyatt", "Ike", "5", "", "", "", "1,1,1,1,1",  # Wyatt misses Ike
        ],
    )  # fmt: skip
    assert "Morgan takes its turn 1 (§1.8)." in out
    assert "Wyatt takes its turn 1; Morgan's turn is over (§1.8)." in out
    assert "  type the number of one of the list, or its name." in out
    second_list = out.split("Turn 1 > activate")[2].split("Who takes its turn: ")[0]
    assert "Wyatt (Earps)" in second_list and "Morgan" not in second_list
    assert "  1  Wyatt (Earps) — COS 3/3, steady, taking its turn" in out
    before = cli.state()
    out, _ = walk(cli, monkeypatch, ["shoot", "Wyatt", "Billy", "5", "", "", "", "1,1,1"])
    refusal = next(line for line in out.splitlines() if line.startswith("Error: "))
    assert "§2.1" in refusal
    assert cli.state() == before


def test_the_rest_of_table_1_from_the_menu(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    playing(cli)
    before = cli.state()
    out, _ = walk(cli, monkeypatch, ["reload", "unjam", "mount", "dismount", "lasso", "explosion"])
    nobody = "Error: No model can do that now: "
    assert [line.removeprefix(nobody) for line in out.splitlines() if line.startswith(nobody)] == [
        "nobody who may act has a gun to reload.",
        "nobody who may act has a jammed gun.",
        "nobody who may act has a horse to mount.",
        "nobody who may act is on a horse.",
        "nobody who may act carries a lasso.",
        "nobody who may act carries dynamite or nitroglycerin.",
    ]
    assert cli.state() == before
    # Wyatt fires one round of his six-shooter; then he is the one with a gun to reload.
    out, _ = walk(
        cli,
        monkeypatch,
        ["shoot", "Wyatt", "Frank", "5", "", "", "1,1,6,4,4", "reload", "wy"],
    )
    assert "Frank is eliminated." in out
    reloaded = out.split("Turn 1 > reload")[1]
    assert "  1  Wyatt (Earps) — COS 3/3, steady, taking its turn" in reloaded
    assert "Error" not in reloaded
    assert actions(cli)[-1] == "reload"


# --------------------------------------------------------------------------- cancelling


def test_ctrl_c_cancels_the_action_being_asked_and_nothing_else(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    playing(cli)
    before = cli.state()
    out, _ = walk(cli, monkeypatch, ["shoot", "Wyatt", "Frank", CTRL_C])
    assert "Cancelled: nothing was changed." in out
    assert cli.state() == before
    # The walker went back to its menu: the next action runs.
    out, _ = walk(cli, monkeypatch, ["shoot", "Wyatt", "Frank", CTRL_C, "state", "Ike", "prone"])
    assert out.count("Cancelled: nothing was changed.") == 1
    assert "Ike is now steady, prone." in out
    assert actions(cli) == ["start", "turn", "state"]


def test_ctrl_c_at_the_menu_does_not_close_the_walker(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    playing(cli)
    out, _ = walk(cli, monkeypatch, [CTRL_C, "state", "Ike", "prone"])
    assert "(Ctrl-D or 'quit' leaves the walker; the game stays saved.)" in out
    assert "Ike is now steady, prone." in out


def test_abandoning_asks_first(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    playing(cli)
    before = cli.state()
    out, _ = walk(cli, monkeypatch, ["abandon", "", "abandon", "no", "quit"])
    assert out.count("Cancelled: nothing was changed.") == 2  # blank is no, and so is "no"
    assert cli.state() == before
    out, _ = walk(cli, monkeypatch, ["abandon", "yes"])
    assert "Game 1 abandoned: nobody wins, no post-game sequence." in out
    assert cli.json("game", "status")["status"] == "abandoned"


def test_undo_says_what_it_takes_back_and_asks_first(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    playing(cli)
    before = cli.state()
    cli.run("game", "state", "Ike", "prone")
    out, _ = walk(cli, monkeypatch, ["undo", "n", "undo", "s"])
    assert out.count("Undo the game's last action (state, turn 1)? [y/N]: ") == 2
    assert out.count("Cancelled: nothing was changed.") == 1
    assert cli.state() == before


def test_an_empty_enter_shows_nothing(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    playing(cli)
    out, player = walk(cli, monkeypatch, ["", "", "board"])
    assert out.count("Game 1: Bank robbery — in progress") == 1  # only when asked
    assert out.count("Actions:") == 1  # the menu once, at the start
    assert player.prompts[:3] == ["Turn 1 > "] * 3


# --------------------------------------------------------------------------- refusals


def test_a_refusal_of_the_rules_changes_nothing_and_returns_to_the_menu(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    playing(cli)
    before = cli.state()
    out, _ = walk(
        cli,
        monkeypatch,
        [
            "objective", "1", "pick up", "Wyatt",  # loot sack 1 is carried: no picking it up
            "drink",  # nobody carries whisky: said, not asked
        ],
    )  # fmt: skip
    lines = out.splitlines()
    refusal = next(line for line in lines if line.startswith("Error: "))
    assert "loot sack" in refusal.lower() and "pick" in refusal
    assert "Error: No model can do that now: nobody in play has a bottle of whisky left." in lines
    assert lines[lines.index(refusal) + 1] == "Turn 1 > drink"
    assert cli.state() == before


def test_the_menu_refuses_what_it_does_not_know(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    playing(cli)
    out, _ = walk(cli, monkeypatch, ["fly", "99", "?"])
    assert "  'fly' is no action of the menu; type its number or its word" in out
    assert "  type a whole number from 1 to" in out
    assert out.count("Actions:") == 2  # at the start, and for "?"


# --------------------------------------------------------------------------- Italian


def test_in_italian(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    out, _ = walk(
        cli,
        monkeypatch,
        [
            "turno", "",
            "spara", "Wyatt", "Frank", "5", "scoperto", "", "", "1,1,6,4,4",
            "abbandona", "forse", "sì",
        ],
        "--good", "Earps", "--bad", "Clantons",
        lang="it",
    )  # fmt: skip
    assert "Azioni:" in out
    assert "Chi spara: " in out
    assert "  'scoperto' non è nell'elenco; scrivi il numero o il nome." in out
    assert "Frank è eliminato." in out
    assert "  rispondi sì o no (s/n, y)." in out
    assert "Partita 1 abbandonata: nessun vincitore, niente fase dopo la partita." in out


def test_italian_words_work_in_english_and_english_words_in_italian(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    playing(cli)
    out, _ = walk(
        cli, monkeypatch, ["stato", "Ike", "steso", "state", "Ike", "standing"], lang="it"
    )
    assert "Ike ora è calmo, steso." in out
    assert out.count("Ike ora è calmo") == 2


# --------------------------------------------------------------------------- the terminal


def test_typed_on_standard_input_and_resumed(cli: Cli) -> None:
    """Without the scripted player: the real ``read_line`` on standard input; its end is
    Ctrl-D, and the same command resumes the game."""
    command = ["game", "play", "rapina", "--good", "Earps", "--bad", "Clantons"]
    runner = CliRunner()
    first = runner.invoke(app, [*command, "--db", str(cli.db)], input="turn\n\n")
    assert first.exit_code == 0, first.stdout
    assert "The walker is closed; game 1 stays in progress." in first.stdout
    again = runner.invoke(app, ["scenario", "play", "bank-robbery", "--db", str(cli.db)],
                          input="state\nIke\nprone\nquit\n")  # fmt: skip
    assert again.exit_code == 0, again.stdout
    assert "Resuming game 1: Bank robbery, turn 1." in again.stdout
    assert "Ike is now steady, prone." in again.stdout
    assert actions(cli) == ["start", "turn", "state"]
