"""Hostile input (issue #8): names that are Rich markup or terminal escape sequences, NUL,
invalid UTF-8, a 10,000-character name, numbers too large for any column, fullwidth dice.

Every refusal is exactly one ``Error:`` line on stderr, a non-zero exit code, no traceback and
the database unchanged; every name that is accepted (or that an old database holds) is printed
as the text it is, never as markup and never as raw control characters.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from skirmish.cli.main import app

#: Names that Rich would read as markup (``[/]`` used to crash ``gang list`` and ``log``),
#: a link, or an emoji code.
MARKUP_NAMES = ["[/]", "[link=http://x]a[/link]", "[bold]Bold", ":skull: Joe", "back\\", "a[/b]"]

#: Names refused when typed: escape sequences, NUL, other controls, a bidi override, a lone
#: surrogate (invalid UTF-8 on the command line), a line separator.
BAD_NAMES = {
    "escape": ("\x1b[31mRed", "U+001B at position 1"),
    "osc-title": ("Joe\x1b]0;pwned\x07", "U+001B at position 4"),
    "nul": ("Jo\x00e", "U+0000 at position 3"),
    "bell": ("Joe\x07", "U+0007 at position 4"),
    "bidi": ("Joe\u202eevil", "U+202E at position 4"),
    "surrogate": (os.fsdecode(b"Jo\xffe"), "U+DCFF at position 3"),
    "line-separator": ("Jo\u2028e", "U+2028 at position 3"),
}

BIG = "9223372036854775808"  # 2**63: more than any INTEGER column holds


@pytest.fixture
def earps(cli: Any) -> Any:
    cli.run("campaign", "new", "West")
    cli.run("gang", "new", "Earps", "--faction", "lawmen")
    cli.run("gang", "hire", "Earps", "sceriffo", "--name", "Wyatt Earp")
    return cli


def one_error(result: Any, code: int = 1) -> str:
    """The single ``Error:`` line of a failed command (asserting there is exactly one)."""
    assert result.exit_code == code, (result.exit_code, result.output)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert "Traceback" not in result.output
    assert result.stdout == ""
    line: str = lines[0]
    return line


def no_controls(text: str) -> None:
    """Nothing a terminal would obey: no ESC, no other control character but new lines."""
    bad = [hex(ord(c)) for c in text if (ord(c) < 32 and c != "\n") or 0x7F <= ord(c) < 0xA0]
    assert not bad, bad


# --------------------------------------------------------------------------- markup names


@pytest.mark.parametrize("name", MARKUP_NAMES)
def test_markup_names_are_printed_as_text(earps: Any, name: str) -> None:
    earps.run("gang", "new", name, "--faction", "outlaws")
    earps.run("gang", "hire", name, "boss", "--name", name)
    earps.run("member", "xp", name, name, "1", "--reason", name)
    earps.run("campaign", "new", name)
    for command in (
        ("gang", "list"),
        ("gang", "show", name),
        ("log",),
        ("log", name),
        ("campaign", "show"),
        ("campaign", "standings"),
    ):
        out = earps.run(*command, "--campaign", "West").stdout
        assert name in out, (command, out)
    for command in (("campaign", "list"), ("campaign", "show")):
        out = earps.run(*command).stdout
        assert name in out, (command, out)
    # JSON stays exact.
    assert earps.json("gang", "show", name, "--campaign", "West")["members"][0]["name"] == name


def test_markup_names_never_become_links_or_styles_on_a_terminal(earps: Any) -> None:
    earps.run("gang", "new", "[link=http://e.x]c[/link]", "--faction", "outlaws")
    earps.run("gang", "new", "[blink red]Loud", "--faction", "outlaws")
    for command in (("gang", "list"), ("campaign", "show")):
        result = earps.runner.invoke(
            app,
            [*command, "--db", str(earps.path)],
            env={"SKIRMISH_LANG": "", "FORCE_COLOR": "1", "TERM": "xterm-256color"},
        )
        assert result.exit_code == 0, result.output
        assert "\x1b]8;" not in result.stdout  # no OSC 8 hyperlink
        assert "[link=http://e.x]c[/link]" in _strip_sgr(result.stdout)
        assert "[blink red]Loud" in _strip_sgr(result.stdout)


def _strip_sgr(text: str) -> str:
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", text)


# --------------------------------------------------------------------------- refused names


@pytest.mark.parametrize(("name", "where"), BAD_NAMES.values(), ids=list(BAD_NAMES))
def test_names_with_control_characters_are_refused(earps: Any, name: str, where: str) -> None:
    what = f"the control or invalid character {where}; type it again."
    earps.refused(
        "gang", "new", name, "--faction", "outlaws", error=f"a gang name may not contain {what}"
    )
    earps.refused("campaign", "new", name, error=f"a campaign name may not contain {what}")
    earps.refused(
        "gang", "hire", "Earps", "vicesceriffo", "--name", name,
        error=f"a model name may not contain {what}",
    )  # fmt: skip
    earps.refused("gang", "rename", "Earps", name, error=f"a gang name may not contain {what}")
    earps.refused(
        "member", "xp", "Earps", "Wyatt Earp", "1", "--reason", name,
        error=f"the reason may not contain {what}",
    )  # fmt: skip


@pytest.mark.parametrize(("name", "where"), BAD_NAMES.values(), ids=list(BAD_NAMES))
def test_looking_up_a_bad_name_is_one_line(earps: Any, name: str, where: str) -> None:
    before = earps.dump()
    for command in (
        ("gang", "show", name),
        ("gang", "hire", name, "vicesceriffo", "--name", "Doc"),
        ("member", "xp", "Earps", name, "1"),
        ("log", name),
        ("gang", "list", "--campaign", name),
    ):
        line = one_error(earps.run(*command, ok=False))
        no_controls(line)
        assert "\udcff" not in line
    assert earps.dump() == before


def test_a_10000_character_name_is_not_echoed_whole(earps: Any) -> None:
    name = "x" * 10_000
    earps.refused(
        "gang", "new", name, "--faction", "outlaws",
        error=f"a gang name has at most 80 characters; '{'x' * 40}…' (10,000 characters) is "
        "longer.",
    )  # fmt: skip
    for command in (
        ("gang", "new", "Daltons", "--faction", name),
        ("gang", "show", name),
        ("gang", "hire", "Earps", name, "--name", "Doc"),
        ("member", "xp", "Earps", name, "1"),
        ("campaign", "set", name, "1"),
        ("campaign", "set", "win-money", name),
    ):
        line = one_error(earps.run(*command, ok=False))
        assert len(line) < 500, (command, len(line))
    line = one_error(earps.runner.invoke(app, ["roll", "nerve", "--fred", "3", "--dice", name]))
    assert len(line) < 500


def test_a_game_prints_markup_names_as_text(earps: Any) -> None:
    earps.run("gang", "new", "[red]Bad", "--faction", "outlaws")
    earps.run("gang", "hire", "[red]Bad", "boss", "--name", ":skull: [/]")
    earps.run("game", "start", "duello", "--good", "Earps", "--bad", "[red]Bad")
    with sqlite3.connect(earps.path) as connection:
        connection.execute("UPDATE member SET name = ? WHERE name = 'Wyatt Earp'", ("W\x1b[5m",))
    for command in (("game", "status"), ("game", "list"), ("game", "log")):
        out = earps.run(*command).stdout
        no_controls(out)
        assert "[red]Bad" in out, (command, out)
    assert ":skull: [/]" in earps.run("game", "status").stdout


def test_a_reason_is_bounded_too(earps: Any) -> None:
    earps.refused(
        "member", "xp", "Earps", "Wyatt Earp", "1", "--reason", "r" * 201,
        error=f"the reason has at most 200 characters; '{'r' * 40}…' (201 characters) is longer.",
    )  # fmt: skip
    earps.run("member", "xp", "Earps", "Wyatt Earp", "1", "--reason", "r" * 200)


def test_an_old_database_with_escape_sequences_in_names_prints_them_escaped(earps: Any) -> None:
    earps.run("member", "xp", "Earps", "Wyatt Earp", "1", "--reason", "won")
    with sqlite3.connect(earps.path) as connection:
        connection.execute("UPDATE gang SET name = ?", ("\x1b[31mRed\x1b]0;title\x07",))
        connection.execute("UPDATE member SET name = ?", ("Wy\x1b[2Jatt\u202e",))
        connection.execute("UPDATE campaign SET name = ?", ("We\x00st",))
    for command in (
        ("gang", "list"),
        ("gang", "show", "\x1b[31mRed\x1b]0;title\x07"),
        ("log",),
        ("campaign", "show"),
        ("campaign", "list"),
        ("campaign", "standings"),
        ("member", "history", "\x1b[31mRed\x1b]0;title\x07", "Wy\x1b[2Jatt\u202e"),
    ):
        out = earps.run(*command).stdout
        no_controls(out)
        assert "\u202e" not in out
        assert "\\x1b[31mRed" in out or "\\x1b[2Jatt" in out or "We\\x00st" in out, command


def test_invalid_utf8_on_a_real_command_line(tmp_path: Path, sqlite_template: Path) -> None:
    """Bytes that are not UTF-8, as a shell passes them: refused in one line, never a
    UnicodeEncodeError when printing."""
    db = tmp_path / "campaigns.db"
    db.write_bytes(sqlite_template.read_bytes())
    env = {**os.environ, "SKIRMISH_DB": str(db), "LC_ALL": "C.UTF-8", "SKIRMISH_LANG": ""}
    base = [sys.executable, "-m", "skirmish"]
    subprocess.run([*base, "campaign", "new", "West"], env=env, check=True, capture_output=True)
    for args in (
        [b"gang", b"new", b"Bad\xff\xfename", b"--faction", b"lawmen"],
        [b"gang", b"show", b"Bad\xffname"],
    ):
        done = subprocess.run([*base, *args], env=env, capture_output=True)
        assert done.returncode == 1, done.stderr
        lines = done.stderr.decode("utf-8").splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: "), done.stderr
        assert done.stdout == b""


# --------------------------------------------------------------------------- numbers


def test_member_xp_out_of_range_is_refused_before_the_database(earps: Any) -> None:
    # the catalogue field's refusal (``Field.parse``), naming the argument as the command's
    range_error = "AMOUNT: '{}' is not a number from -10000 to 10000."
    for amount in ("9223372036854775807", BIG, "10001", "1" * 30):
        earps.refused(
            "member", "xp", "Earps", "Wyatt Earp", amount, error=range_error.format(amount)
        )
    earps.run("member", "xp", "Earps", "Wyatt Earp", "9998")
    earps.refused(
        "member", "xp", "Earps", "Wyatt Earp", "1",
        error="R-11: 'Wyatt Earp' has 10000 XP; adding 1 would make 10,001, more than the "
        "10,000 a model can have.",
    )  # fmt: skip
    # A number of thousands of digits: refused in one shortened line.
    line = one_error(earps.run("member", "xp", "Earps", "Wyatt Earp", "9" * 5000, ok=False))
    assert len(line) < 500


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (("log", "--last", BIG), f"--last must be between 1 and 1,000,000; {BIG} is out of range."),
        (("log", "--last", "0"), "--last must be between 1 and 1,000,000; 0 is out of range."),
        (
            ("gang", "buy", "Earps", "cavallo", "--seed", BIG),
            f"--seed must be between 0 and 9,223,372,036,854,775,807; {BIG} is out of range.",
        ),
        (
            ("gang", "buy", "Earps", "cavallo", "--seed", "-1"),
            "--seed must be between 0 and 9,223,372,036,854,775,807; -1 is out of range.",
        ),
        (
            ("member", "advance", "Earps", "Wyatt Earp", "skill", "--seed", "1" + "0" * 30),
            "--seed must be between 0 and 9,223,372,036,854,775,807; "
            "1000000000000000000000000000000 is out of range.",
        ),
        (
            ("campaign", "set", "win-money", BIG),
            f"H-01: win-money takes a whole number from 0 to 1000, not '{BIG}'.",
        ),
        (
            ("campaign", "set", "sell-percent", "１００"),
            "H-05: sell-percent takes a whole number from 0 to 100, not '１００'.",
        ),
        (
            ("campaign", "set", "win-xp", "1_0"),
            "H-02: win-xp takes a whole number from 0 to 10, not '1_0'.",
        ),
        (
            ("campaign", "new", "East", "-H", f"loss-money={BIG}"),
            f"H-01: loss-money takes a whole number from 0 to 1000, not '{BIG}'.",
        ),
        (
            ("game", "status", "--game", BIG),
            f"--game must be between 1 and 2,147,483,647; {BIG} is out of range.",
        ),
        (
            ("game", "shoot", "Wyatt Earp", "Ike", "--range", "nan"),
            "--range must be between 0 and 1,000; nan is out of range.",
        ),
        (
            ("game", "shoot", "Wyatt Earp", "Ike", "--range", "1e309"),
            "--range must be between 0 and 1,000; inf is out of range.",
        ),
        (
            ("game", "shoot", "Wyatt Earp", "Ike", "--friends", BIG),
            f"--friends must be between 0 and 100,000; {BIG} is out of range.",
        ),
        (
            # a catalogue field's value: its own refusal, naming the option (Field.parse)
            ("game", "hit", "Ike", "--wounds", BIG),
            f"--wounds: '{BIG}' is not a number from 1 to 99.",
        ),
        (
            ("game", "hit", "Ike", "--wounds", "x"),
            "--wounds: 'x' is not a number from 1 to 99.",
        ),
        (
            ("game", "undo", "--times", "-1"),
            "--times: '-1' is not a number from 0 to 100000.",
        ),
    ],
    ids=lambda value: (
        " ".join(value[:2]) + " " + value[-1][:12] if isinstance(value, tuple) else ""
    ),
)
def test_numbers_out_of_range_are_one_error_line(
    earps: Any, args: tuple[str, ...], error: str
) -> None:
    earps.refused(*args, error=error)


def test_roll_seed_out_of_range(cli: Any) -> None:
    result = cli.runner.invoke(app, ["roll", "nerve", "--fred", "3", "--seed", BIG])
    assert one_error(result) == (
        f"Error: --seed must be between 0 and 9,223,372,036,854,775,807; {BIG} is out of range."
    )
    assert cli.runner.invoke(app, ["roll", "nerve", "--fred", "3", "--seed", "0"]).exit_code == 0


# --------------------------------------------------------------------------- dice


@pytest.mark.parametrize("typed", ["６", "2,６", "٣", "१", "6\uff0c2"])
def test_dice_take_ascii_digits_only(cli: Any, typed: str) -> None:
    result = cli.runner.invoke(
        app, ["roll", "reflex", "--rif", "4", "--need", "2", "--dice", typed]
    )
    line = one_error(result)
    assert "is not a face; type faces with the ASCII digits 1 to 6, e.g. 2,4,4." in line


def test_fullwidth_dice_between_games_change_nothing(earps: Any) -> None:
    earps.refused(
        "gang", "buy", "Earps", "cavallo", "--dice", "６",
        error="'６' in --dice '６' is not a face; type faces with the ASCII digits 1 to 6, "
        "e.g. 2,4,4.",
    )  # fmt: skip


def test_ascii_dice_still_work(cli: Any) -> None:
    result = cli.runner.invoke(app, ["roll", "nerve", "--fred", "3", "--dice", "5,3"])
    assert result.exit_code == 0, result.output
