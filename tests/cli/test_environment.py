"""Every environment variable skirmish reads is checked like ``SKIRMISH_LANG`` (issue #22, item
6): a value it cannot use is refused in one line naming the variable and what it accepts."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.environment import BUSY_SECONDS, busy_seconds

runner = CliRunner()


@pytest.mark.parametrize("value", ["abc", "-1", "601", "nan", "inf", "10s"])
def test_a_bad_busy_timeout_is_refused_naming_the_variable(value: str) -> None:
    result = runner.invoke(
        app,
        ["roll", "nerve", "--dice", "3"],
        env={"SKIRMISH_BUSY_TIMEOUT": value, "SKIRMISH_LANG": ""},
    )
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"Error: SKIRMISH_BUSY_TIMEOUT={value!r} is not a wait skirmish can use: set it to a "
        "number of seconds from 0 to 600, or leave it empty for 10.\n"
    )


def test_the_refusal_is_said_in_italian() -> None:
    result = runner.invoke(
        app, ["rules", "factions"], env={"SKIRMISH_BUSY_TIMEOUT": "abc", "SKIRMISH_LANG": "it"}
    )
    assert result.exit_code == 2
    assert result.stderr.startswith("Errore: SKIRMISH_BUSY_TIMEOUT='abc' non è un'attesa")


def test_a_bad_language_is_refused_as_before() -> None:
    result = runner.invoke(app, ["rules", "factions"], env={"SKIRMISH_LANG": "italian"})
    assert result.exit_code == 2 and result.stderr.startswith("Error: SKIRMISH_LANG='italian'")


@pytest.mark.parametrize(
    ("value", "seconds"), [("", BUSY_SECONDS), (" 2.5 ", 2.5), ("0", 0.0), ("600", 600.0)]
)
def test_good_waits_are_taken(monkeypatch: pytest.MonkeyPatch, value: str, seconds: float) -> None:
    monkeypatch.setenv("SKIRMISH_BUSY_TIMEOUT", value)
    assert busy_seconds() == seconds


def test_the_web_app_refuses_it_before_opening_the_store(
    monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    from skirmish.environment import EnvironmentValueError
    from skirmish.web.app import create_app

    monkeypatch.setenv("SKIRMISH_BUSY_TIMEOUT", "abc")
    with pytest.raises(EnvironmentValueError, match="SKIRMISH_BUSY_TIMEOUT='abc'"):
        create_app(f"{tmp_path}/none.db")
