"""``skirmish print roster``'s choices (issue #13): --models/--model, --with-dead, --blank, the
gang's saved default (--save) and the options that win over it, the QR code of a campaign with
a web address, and one-line errors in both languages. HTML output: no PDF is laid out here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sqlmodel import select
from typer.testing import CliRunner

from skirmish.cli.main import app

runner = CliRunner()


def _run(*args: str, lang: str = "en") -> str:
    result = runner.invoke(app, list(args), env={"SKIRMISH_LANG": lang})
    assert result.exit_code == 0, (args, result.output, result.stderr)
    return result.stdout


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Earps with five models hired out of rank order, one of them dead (R-10)."""
    from skirmish.campaign.models import Member, MemberStatus
    from skirmish.cli.store_options import session

    db = str(tmp_path_factory.mktemp("roster") / "campaign.db")
    _run("campaign", "new", "Tombstone", "--db", db)
    _run("gang", "new", "Earps", "--faction", "lawmen", "--db", db)
    for profile, name in [
        ("volontario", "Morgan Earp"),
        ("vicesceriffo", "Virgil Earp"),
        ("sceriffo", "Wyatt Earp"),
        ("volontario", "Johnny Behan"),
        ("volontario", "Doc Holliday"),
    ]:
        _run("gang", "hire", "Earps", profile, "--name", name, "--db", db)
    with session(db, access="gang") as s:  # killed in a game (the post-game's R-10 result)
        doc = s.exec(select(Member).where(Member.name == "Doc Holliday")).one()
        doc.status = MemberStatus.DEAD
    return db


def _names(html: str) -> list[str]:
    return re.findall(r'<span class="mname">([^<]*)</span>', html)


def _print(store: str, tmp_path: Path, *options: str, lang: str = "en") -> str:
    target = tmp_path / "earps.html"
    _run("print", "roster", "Earps", "--lang", "en", "--db", store, "-o", str(target), *options,
         lang=lang)  # fmt: skip
    return target.read_text(encoding="utf-8")


def test_the_leader_first_and_the_dead_left_out(store: str, tmp_path: Path) -> None:
    html = _print(store, tmp_path)
    assert _names(html) == ["Wyatt Earp", "Virgil Earp", "Morgan Earp", "Johnny Behan"]
    assert 'class="model dead"' not in html


def test_with_dead_adds_them_after_the_living_marked(store: str, tmp_path: Path) -> None:
    html = _print(store, tmp_path, "--with-dead")
    assert _names(html)[-1] == "Doc Holliday" and len(_names(html)) == 5
    card = html.split('<section class="model dead">')[1].split("</section>")[0]
    assert "Doc Holliday" in card and "DEAD" in card


def test_models_choose_which_cards_print(store: str, tmp_path: Path) -> None:
    html = _print(store, tmp_path, "--models", "johnny behan, WYATT EARP")
    assert _names(html) == ["Wyatt Earp", "Johnny Behan"]  # by rank, whatever the order given
    html = _print(store, tmp_path, "--model", "Morgan Earp", "--model", "Virgil Earp")
    assert _names(html) == ["Virgil Earp", "Morgan Earp"]
    html = _print(store, tmp_path, "--models", "Doc Holliday")  # a dead one named prints
    assert _names(html) == ["Doc Holliday"] and 'class="model dead"' in html


def test_blank_adds_empty_cards(store: str, tmp_path: Path) -> None:
    html = _print(store, tmp_path, "--blank", "3")
    assert html.count('<section class="model blank-card">') == 3
    assert len(_names(html)) == 4 + 3  # the blank cards' "Name" heading


@pytest.mark.parametrize(
    ("options", "english", "italian"),
    [
        (
            ("--models", "Wyat Earpp"),
            "Error: unknown model 'Wyat Earpp': did you mean 'Wyatt Earp'",
            "Errore: personaggio sconosciuto 'Wyat Earpp': forse intendevi 'Wyatt Earp'",
        ),
        (
            ("--models", " , "),
            "Error: --models names no model: give names separated by commas",
            "Errore: --models non nomina alcun personaggio",
        ),
        (
            ("--blank", "10"),
            "Error: the number of blank cards must be between 0 and 9",
            "Errore: il numero di schede vuote",
        ),
        (
            ("--all-models", "--models", "Wyatt Earp"),
            "Error: --all-models and --models contradict each other",
            "Errore: --all-models e --models si contraddicono",
        ),
    ],
)
def test_bad_choices_are_one_error_line_in_both_languages(
    store: str, tmp_path: Path, options: tuple[str, ...], english: str, italian: str
) -> None:
    target = tmp_path / "x.html"
    for lang, expected in (("en", english), ("it", italian)):
        result = runner.invoke(
            app,
            ["print", "roster", "Earps", "--db", store, "-o", str(target), *options],
            env={"SKIRMISH_LANG": lang},
        )
        assert result.exit_code == 1 and result.stdout == ""
        assert result.stderr.startswith(expected), result.stderr
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert not target.exists()


def test_a_saved_choice_is_the_default_and_options_win_over_it(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, store: str
) -> None:
    db = tmp_path / "saved.db"
    db.write_bytes(Path(store).read_bytes())  # this test changes the gang
    db_ = str(db)
    html = _print(db_, tmp_path, "--models", "Wyatt Earp,Morgan Earp", "--blank", "1", "--save")
    assert _names(html)[:2] == ["Wyatt Earp", "Morgan Earp"]
    later = _print(db_, tmp_path)  # no option: the saved choice
    assert _names(later) == ["Wyatt Earp", "Morgan Earp", "Name"]
    wins = _print(db_, tmp_path, "--blank", "0", "--with-dead")  # given options win, once
    assert _names(wins) == ["Wyatt Earp", "Morgan Earp"]  # Doc is not among the saved models
    assert _names(_print(db_, tmp_path, "--all-models", "--blank", "0")) == [
        "Wyatt Earp", "Virgil Earp", "Morgan Earp", "Johnny Behan",
    ]  # fmt: skip
    assert _names(_print(db_, tmp_path)) == ["Wyatt Earp", "Morgan Earp", "Name"]  # still saved
    _print(db_, tmp_path, "--all-models", "--blank", "0", "--save")
    assert len(_names(_print(db_, tmp_path))) == 4


def test_a_web_address_puts_a_qr_code_in_the_header(store: str, tmp_path: Path) -> None:
    db = tmp_path / "web.db"
    db.write_bytes(Path(store).read_bytes())
    assert "<svg" not in _print(str(db), tmp_path)
    _run("campaign", "address", "https://saloon.example.org/club", "--db", str(db))
    html = _print(str(db), tmp_path)
    head = html.split('<div class="models">')[0]
    assert head.count("<svg") == 1
    assert "https://saloon.example.org/club/c/Tombstone/g/Earps" in head
    assert "Tombstone" in head and re.search(r"\d{1,2} [A-Z][a-z]+ \d{4}", head)  # the date


def test_the_roster_command_has_the_options_in_its_help() -> None:
    result = runner.invoke(app, ["print", "roster", "--help"], env={"COLUMNS": "200"})
    for option in ("--models", "--model", "--with-dead", "--blank", "--save", "--all-models"):
        assert option in result.stdout
