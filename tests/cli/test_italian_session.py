"""An Italian-only session (``SKIRMISH_LANG=it``) through the README's tours prints no English
word that has an Italian one in the book, and no internal id (issue #10, item 8); every
catalogue's Italian says it in Italian; Italian values are taken where the README promises
them; an unknown ``SKIRMISH_LANG`` is refused before anything runs."""

from __future__ import annotations

import json
import re
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from test_catalogues import CATALOGUES  # noqa: E402

from skirmish.cli.main import app  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()

#: English words of the book's game that have an Italian one: none may reach Italian output.
BOOK_WORDS = (
    "shaken", "terrified", "prone", "steady", "turn", "turns", "gang", "gangs", "wound",
    "wounds", "wounded", "eliminated", "elimination", "hit", "save", "saves", "panic", "nerve",
    "winner", "wins", "draw", "ended", "progress", "abandoned", "game", "games", "model",
    "models", "casualties", "carries", "shoots", "fight", "cohesion", "initiative", "recovery",
    "injuries", "advance", "skill", "skills", "treasury", "rating", "stash", "weapon",
    "weapons", "equipment", "profile", "faction", "wrote", "exported", "imported", "active",
    "dead", "retired", "nobody", "loot", "sack", "miss", "damage", "expected", "victory",
    "deployment", "rulings", "calm", "tense", "nervous", "reflex", "failed", "passed",
)  # fmt: skip

#: English words of the catalogues that an Italian line may hold too: the book's own
#: capitals and loanwords, units, and words the two languages share.
SHARED = {
    "fama", "fortuna", "tiro", "fred", "rif", "cos", "disp", "bonus", "whisky", "background",
    "leader", "boss", "ranger", "cowboys", "cowboy", "html", "format", "version", "json", "id",
    "skirmish", "postgame", "campaign", "use", "end", "turn", "game", "gang",
    "compare",  # Italian too: "il politico compare" (it appears), beside "odds compare"
}  # fmt: skip


def _words(text: str) -> set[str]:
    plain = re.sub(r"\{[^}]*\}", " ", text)  # placeholders are not words of the message
    plain = re.sub(r"'skirmish [^']*'", " ", plain)  # a command to type is a command
    plain = re.sub(r"\bskirmish( [a-z][\w-]*)+", " ", plain)
    return {w.lower() for w in re.findall(r"[A-Za-z]+", plain)}


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, Mapping):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings(v)]
    return []


def _catalogue_english() -> set[str]:
    """Words the catalogues use in English and never in Italian."""
    english: set[str] = set()
    italian: set[str] = set()
    for catalogue in CATALOGUES.values():
        for text in _strings(catalogue["en"]):
            english |= _words(text)
        for text in _strings(catalogue["it"]):
            italian |= _words(text)
    return {w for w in english - italian - SHARED if len(w) > 3}


FORBIDDEN = set(BOOK_WORDS) | _catalogue_english()


def test_the_catalogues_italian_has_no_english_word_of_the_book() -> None:
    found = {}
    for where, catalogue in CATALOGUES.items():
        for text in _strings(catalogue["it"]):
            english = _words(text) & set(BOOK_WORDS)
            if english:
                found[f"{where}: {text[:60]}"] = sorted(english)
    assert found == {}


def test_the_forbidden_words_are_the_books() -> None:
    # the list holds the book's words the issue names, and the catalogues' English add more
    assert {"shaken", "terrified", "prone", "turn", "gang", "wounds", "panic"} <= FORBIDDEN
    assert len(_catalogue_english()) > 100


# --------------------------------------------------------------------------- the session


class Session:
    """``skirmish`` with ``SKIRMISH_LANG=it`` on a copy of the demo database."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.db = folder / "tombstone.db"
        shutil.copyfile(ROOT / "campaigns.db.example", self.db)
        self.outputs: list[tuple[tuple[str, ...], str]] = []

    def run(self, *args: str, db: bool = True) -> str:
        full = [*args, "--db", str(self.db)] if db else list(args)
        result = runner.invoke(app, full, env={"SKIRMISH_LANG": "it", "COLUMNS": "200"})
        assert result.exit_code == 0, (args, result.stdout, result.stderr)
        text = (result.stdout + result.stderr).replace(str(self.folder), "DIR")
        self.outputs.append((args, text))
        return text

    def names(self) -> set[str]:
        """Every gang's and model's name: the players' words, not the program's."""
        gangs = json.loads(self.run("gang", "list", "--json"))
        found = set()
        for gang in gangs:
            found.add(gang["name"])
            shown = json.loads(self.run("gang", "show", gang["name"], "--json"))
            found |= {m["name"] for m in shown["members"]}
        return found


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Session:
    s = Session(tmp_path_factory.mktemp("italian"))
    # At the table (README).
    s.run("roll", "shoot", "--tiro", "4", "--cover", "leggera", "--seed", "1", db=False)
    s.run("roll", "shoot", "--tiro", "4", "--weapon", "sei-colpi", "--range", "8", "--cover",
          "light", "--target-waiting", "--fred", "3", "--target-rif", "3", "--target-fred", "3",
          "--target-cos", "3", "--dice", "2,4,4,4,3,5", db=False)  # fmt: skip
    s.run("roll", "melee", "--cos", "3", "--weapon", "coltello", "--fred", "4", "--target-rif",
          "3", "--target-fred", "3", "--target-cos", "3", "--dice", "2,4,4,4,3,5",
          db=False)  # fmt: skip
    s.run("roll", "reflex", "--rif", "4", "--need", "2", "--seed", "1", db=False)
    s.run("roll", "panic", "--fred", "3", "--shaken", "--seed", "1", db=False)
    s.run("odds", "shoot", "--tiro", "4", "--weapon", "six-shooter", "--fanning", "--range",
          "5", "--target-rif", "3", "--target-fred", "3", "--target-cos", "2", "--fortuna", "1",
          db=False)  # fmt: skip
    s.run("odds", "compare", "fan", "--tiro", "4", "--weapon", "sei-colpi", "--target-rif", "3",
          "--target-cos", "2", db=False)  # fmt: skip
    s.run("odds", "save", "--rif", "3", "--damage", "2", "--cos", "2", "--histogram", db=False)
    s.run("rules", "show", "fucile", db=False)
    s.run("rules", "show", "sceriffo", db=False)
    s.run("scenario", "show", "rapina-in-banca", db=False)
    s.run("scenario", "show", "duello", db=False)
    s.run("scenario", "show", "il comizio", db=False)
    # Between games (README).
    s.run("campaign", "new", "Tombstone 1882", "--explosives", "-H", "win-money=60")
    s.run("gang", "new", "Fratelli Earp", "--faction", "uomini-della-legge")
    s.run("gang", "hire", "Fratelli Earp", "sceriffo", "--name", "Wyatt Earp")
    s.run("gang", "buy", "Fratelli Earp", "fucile", "--for", "Wyatt Earp", "--seed", "4")
    s.run("member", "xp", "Fratelli Earp", "Wyatt Earp", "1", "--reason", "ha eliminato Billy")
    s.run("member", "advance", "Fratelli Earp", "Wyatt Earp", "skill", "--choice", "fucile",
          "--seed", "2")  # fmt: skip
    s.run("gang", "show", "Fratelli Earp", "--lang", "it")
    s.run("log", "Fratelli Earp")
    s.run("undo", "Fratelli Earp")
    s.run("export", "Fratelli Earp", "-o", str(s.folder / "earps.json"))
    s.run("campaign", "list")
    # A game, turn by turn (README), in the demo campaign.
    s.run("campaign", "use", "Tombstone 1881")
    s.run("campaign", "show")
    s.run("gang", "list")
    s.run("game", "start", "rapina in banca", "--good", "Earp brothers", "--bad", "Clanton gang")
    s.run("game", "objective", "sacco", "porta", "--by", "Tom", "--copy", "1")
    s.run("game", "turn")
    s.run("game", "initiative", "Wyatt", "Ike", "--dice", "5,3")
    s.run("game", "shoot", "Wyatt Earp", "Ike Clanton", "--range", "9", "--cover", "leggera",
          "--dice", "1,1,6,6,6,6,6")  # fmt: skip
    s.run("game", "shoot", "Frank", "Wyatt", "--range", "12", "--seed", "3")
    s.run("game", "ricarica", "Frank")
    s.run("game", "shoot", "Doc", "Tom", "--range", "4", "--dice", "1,1,6,5,6")
    s.run("game", "undo")
    s.run("game", "shoot", "Doc", "Tom", "--range", "4", "--dice", "1,1,6,5,6")
    s.run("game", "state", "Billy Clanton", "sdraiato")
    s.run("game", "spend", "fortuna", "Virgil Earp")
    s.run("game", "status")
    s.run("game", "log")
    s.run("game", "end", "--winner", "Earp brothers")
    s.run("game", "postgame", "--seed", "1")
    s.run("game", "list")
    s.run("campaign", "standings")
    s.run("campaign", "graveyard")
    s.run("member", "history", "Earp brothers", "Wyatt Earp")
    s.run("log", "Earp brothers")
    # On paper, and the file back.
    s.run("print", "roster", "Earp brothers", "-o", str(s.folder / "earps.html"))
    s.run("print", "scenario", "duello", "-o", str(s.folder / "duel.html"), db=False)
    s.run("import", str(s.folder / "earps.json"), "--campaign", "Tombstone 1881")
    return s


def _typed() -> set[str]:
    """What a player types that ``campaign show`` lists as typed: the house rules' keys and
    their values (``campaign set failed-item next-game``)."""
    from skirmish.campaign.settings import HOUSE_RULES

    return {rule.key for rule in HOUSE_RULES} | {c for r in HOUSE_RULES for c in r.choices}


def _checked(session: Session) -> list[tuple[tuple[str, ...], str]]:
    """Each command's output without what is not the program's words: the players' names
    (gangs, models, campaigns, files), the keys a player types (an entry's ``[key]`` after its
    title, ``campaign set``'s keys and values) and the other language's names an entry lists
    on purpose (``Altri nomi``, a scenario's title ``Duello (Duel)``)."""
    names = session.names() | {"Tombstone 1881", "Tombstone 1882", "Fratelli Earp"}
    typed = sorted(_typed(), key=len, reverse=True)
    outputs = []
    for args, text in session.outputs:
        if "--json" in args:
            continue
        for player_name in sorted(names, key=len, reverse=True):
            text = text.replace(player_name, " ")
        text = re.sub(r"DIR/\S+", " ", text)
        text = re.sub(r" \[[a-z-]+\]$", " ", text, flags=re.M)
        text = re.sub(r"^Altri nomi: .*$", " ", text, flags=re.M)
        if args[:2] == ("scenario", "show"):
            text = re.sub(r"^(.*?) \([^)]*\)", r"\1", text, count=1)
        if args[:2] == ("campaign", "show"):
            for word in typed:
                text = re.sub(rf"(?<![\w-]){re.escape(word)}(?![\w-])", " ", text)
        outputs.append((args, text))
    return outputs


def test_an_italian_session_prints_no_english_word_of_the_book(session: Session) -> None:
    found = {}
    for args, text in _checked(session):
        english = _words(text) & FORBIDDEN
        if english:
            found[" ".join(args)] = sorted(english)
    assert found == {}


def _data_ids() -> set[str]:
    """The ids of the data with a hyphen (``six-shooter``, ``bank-robbery``, ``loot-sack``)."""
    from skirmish.rules import factions, items, profiles, weapons
    from skirmish.rules.scenarios import scenarios

    ids = {e.id for table in (factions(), items(), profiles(), weapons()) for e in table}
    for scenario in scenarios():
        ids.add(scenario.id)
        ids |= {o.id for o in scenario.objectives}
    return {i for i in ids if "-" in i}


def test_no_output_shows_an_internal_id(session: Session) -> None:
    ids = _data_ids()
    assert "six-shooter" in ids and "loot-sack" in ids
    found = {}
    for args, text in _checked(session):
        leaks = set(re.findall(r"\b[a-z]+_[a-z_]+\b|\[\d+\]", text))
        leaks |= {i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)}
        if leaks:
            found[" ".join(args)] = sorted(leaks)
    assert found == {}


# --------------------------------------------------------------------------- values


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("roll", "shoot", "--tiro", "4", "--cover", "leggera"), "copertura leggera"),
        (("roll", "shoot", "--tiro", "4", "--cover", "Parziale"), "copertura parziale"),
        (("rules", "show", "ripetizione"), "Fucile a ripetizione"),
        (("rules", "show", "canne mozze"), "Fucile a canne mozze"),
        (("rules", "profiles", "cowboy"), "Cowboys"),
        (("rules", "profiles", "banditi"), "Fuorilegge"),
        (("rules", "profiles", "sceriffi"), "Uomini della legge"),
        (("rules", "profiles", "soldato"), "Militari"),
        (("rules", "profiles", "uomo delle montagne"), "Uomini delle montagne"),
    ],
)  # fmt: skip
def test_italian_values_are_taken(args: tuple[str, ...], expected: str) -> None:
    result = runner.invoke(app, [*args, "--lang", "it"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    assert expected in result.stdout


def test_an_unknown_choice_names_both_languages_words() -> None:
    result = runner.invoke(app, ["roll", "shoot", "--tiro", "4", "--cover", "lieve"])
    assert result.exit_code == 2
    assert "'none', 'light', 'partial', 'full'" in result.stderr
    assert "'leggera', 'parziale', 'completa'" in result.stderr


def test_game_state_takes_the_italian_words(session: Session) -> None:
    board = json.loads(session.run("game", "status", "--game", "1", "--json"))
    billy = next(m for g in board["gangs"] for m in g["models"] if m["name"] == "Billy Clanton")
    assert billy["prone"] is True  # 'sdraiato'


# --------------------------------------------------------------------------- SKIRMISH_LANG


@pytest.mark.parametrize("value", ["fr", "italian", "italiano", "EN_US"])
def test_an_unknown_skirmish_lang_is_refused_before_anything_runs(
    value: str, tmp_path: Path
) -> None:
    db = tmp_path / "new.db"
    result = runner.invoke(app, ["campaign", "new", "X", "--db", str(db)],
                           env={"SKIRMISH_LANG": value})  # fmt: skip
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"Error: SKIRMISH_LANG={value!r} is not a language of skirmish: set it to one of "
        "'it', 'en', or leave it empty for English.\n"
    )
    assert not db.exists()  # nothing ran


def test_the_refusal_speaks_the_lang_option() -> None:
    result = runner.invoke(app, ["roll", "nerve", "--fred", "3", "--lang", "it"],
                           env={"SKIRMISH_LANG": "fr"})  # fmt: skip
    assert result.exit_code == 2
    assert result.stderr.startswith("Errore: SKIRMISH_LANG='fr' non è una lingua di skirmish")


@pytest.mark.parametrize(("value", "word"), [("", "nerve"), ("IT", "freddezza"), (" en ", "nerve")])
def test_an_empty_or_any_case_skirmish_lang_is_taken(value: str, word: str) -> None:
    result = runner.invoke(app, ["roll", "nerve", "--fred", "3", "--seed", "1"],
                           env={"SKIRMISH_LANG": value})  # fmt: skip
    assert result.exit_code == 0
    assert result.stdout.startswith(word)
