"""Every error a user can get is in Italian with ``--lang it`` or ``SKIRMISH_LANG=it`` (issue #10,
item 8).

The source is read, not run: every place in ``skirmish/`` that builds a ``SkirmishError``
(any subclass, found by walking the package's classes) must give a ``Message`` of the catalogue
(issue #21: its Italian is in the .po), never text written there, and an error passed on from
another passes on the other's message (``exc.message``), not its English (``str(exc)``).
Then a sample of real errors, from each layer, goes through the command line in both languages.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.cli.usage_text import italian, sentence
from skirmish.errors import UNKNOWN, UnknownNameError

PACKAGE = Path(__file__).resolve().parent.parent / "skirmish"

#: Errors whose class writes both languages itself, from the arguments it is given.
SELF_TRANSLATED = {
    "UnknownNameError",  # its kind in Italian from UNKNOWN, the suggestions given
    "NotEnoughDice",  # numbers and a purpose
    "Interrupted",  # no arguments
}
#: Errors built from a reason, in English then Italian: (class, the reason's position).
REASON_PAIRS = {"OutputError": 1}

#: Calls allowed to build an error from English alone, each with the reason.
ALLOWED: dict[tuple[str, str], str] = {
    # A scenario file's faults name its TOML fields as written; the class adds the Italian frame.
    ("skirmish/rules/scenarios.py", "ScenarioFileError"): "its class says it in Italian",
}


def _trees() -> dict[Path, ast.Module]:
    return {path: ast.parse(path.read_text(encoding="utf-8")) for path in PACKAGE.rglob("*.py")}


def _error_classes(trees: dict[Path, ast.Module]) -> set[str]:
    """``SkirmishError`` and every class of the package that derives from it."""
    found = {"SkirmishError"}
    grew = True
    while grew:
        grew = False
        for tree in trees.values():
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name not in found:
                    bases = {
                        b.id if isinstance(b, ast.Name) else getattr(b, "attr", "")
                        for b in node.bases
                    }
                    if bases & found:
                        found.add(node.name)
                        grew = True
    return found


def _called(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def _written_here(node: ast.expr) -> bool:
    """Whether a message is text written at the call: a literal, an f-string, a sum or a choice
    of them."""
    match node:
        case ast.Constant(value=str()) | ast.JoinedStr():
            return True
        case ast.BinOp(left=left, right=right):
            return _written_here(left) or _written_here(right)
        case ast.IfExp(body=body, orelse=orelse):
            return _written_here(body) or _written_here(orelse)
    return False


def _passed_on(node: ast.expr) -> bool:
    """Whether a message is another error's English: ``str(exc)`` or ``str(SomeError(...))``."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "str"
        and len(node.args) == 1
    )


def _missing_italian() -> Iterator[str]:
    trees = _trees()
    classes = _error_classes(trees) - SELF_TRANSLATED
    for path, tree in sorted(trees.items()):
        where = str(path.relative_to(PACKAGE.parent))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _called(node)
            if name not in classes or not node.args:
                continue
            if (where, name) in ALLOWED:
                continue
            if name in REASON_PAIRS:
                position = REASON_PAIRS[name]
                reason = node.args[position] if len(node.args) > position else None
                has_italian = len(node.args) > position + 1 or any(
                    k.arg == "reason_it" for k in node.keywords
                )
                if reason is not None and _written_here(reason) and not has_italian:
                    yield f"{where}:{node.lineno}: {name} without its Italian reason"
                continue
            message = node.args[0]
            if _written_here(message) or _passed_on(message):
                yield f"{where}:{node.lineno}: {name}({ast.unparse(message)[:60]}…) not a Message"


def test_every_error_message_of_the_package_has_its_italian() -> None:
    missing = list(_missing_italian())
    assert not missing, "\n".join(missing)


def test_the_scan_finds_a_message_without_italian(tmp_path: Path) -> None:
    """The scan itself: an English-only error and a passed-on one are caught, a bilingual one
    is not (a guard against a scan that finds nothing)."""
    tree = ast.parse(
        "raise CampaignError(f'no gang {name!r}')\n"
        "raise CampaignError(str(exc))\n"
        "raise CampaignError(Message('no gang'))\n"
    )
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and _called(n) == "CampaignError"]
    flagged = [
        c for c in calls
        if (_written_here(c.args[0]) or _passed_on(c.args[0]))
    ]  # fmt: skip
    assert [c.lineno for c in flagged] == [1, 2]


def _kinds_named() -> Iterator[tuple[str, str]]:
    """Every kind of name written in the package: ``UnknownNameError("weapon", …)``,
    ``NameIndex("weapon", …)``, ``Vocabulary("state", …)``, ``pick("leader", …)``."""
    for path, tree in _trees().items():
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and _called(node) in ("UnknownNameError", "NameIndex", "Vocabulary", "pick")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                yield str(path.relative_to(PACKAGE.parent)), node.args[0].value


def test_every_kind_of_name_has_its_italian_word() -> None:
    missing = sorted(
        {f"{where}: {kind!r}" for where, kind in _kinds_named() if kind not in UNKNOWN}
    )
    assert not missing, "add them to errors.UNKNOWN:\n" + "\n".join(missing)


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("weapon", "arma sconosciuta 'pistolla': forse intendevi 'Pistola'?"),
        ("profile", "profilo sconosciuto 'pistolla': forse intendevi 'Pistola'?"),
    ],
)
def test_an_unknown_name_agrees_in_gender(kind: str, expected: str) -> None:
    error = UnknownNameError(kind, "pistolla", ["pistol"], suggestions_it=["Pistola"])
    assert error.text("it") == expected
    assert error.text("en") == f"unknown {kind} 'pistolla': did you mean 'pistol'?"


def test_an_unknown_name_without_suggestions_points_to_the_rules() -> None:
    error = UnknownNameError("skill", "x", [])
    assert error.text("it") == "abilità sconosciuta 'x': vedi il regolamento per tutte le abilità."


# --- through the command line ---------------------------------------------------------------

runner = CliRunner()

#: (arguments, the English error, the Italian error): one from each layer and from click.
SAMPLES: list[tuple[list[str], str, str]] = [
    (
        ["roll", "shoot", "--tiro", "4", "--weapon", "pistolla"],
        "unknown weapon 'pistolla': did you mean 'small-pistol', 'heavy-pistol', 'six-shooter'?",
        "arma sconosciuta 'pistolla': forse intendevi 'Piccola pistola', 'Pistola pesante', "
        "'Sei colpi'?",
    ),
    (
        ["roll", "shoot", "--tiro", "4", "--cover", "full"],
        "a model in full cover cannot be seen, so it cannot be shot at (§4.2.1, R-02); "
        "choose --cover none, light or partial.",
        "un personaggio in copertura completa non si vede, quindi non gli si può sparare "
        "(§4.2.1, R-02); scegli --cover nessuna, leggera o parziale.",
    ),
    (
        ["roll", "shoot", "--tiro", "4", "--dice", "9"],
        "a D6 shows 1 to 6, not 9; check the --dice list.",
        "un D6 mostra da 1 a 6, non 9; controlla l'elenco di --dice.",
    ),
    (
        ["roll", "panic", "--fred", "3", "--dice", "1,1,1,1,1"],
        "--dice gave 5 dice but this roll used only 2; remove the extra ones (1,1,1) or check "
        "the options.",
        "--dice ha dato 5 dadi ma questo tiro ne ha usati solo 2; togli quelli in più (1,1,1) "
        "o controlla le opzioni.",
    ),
    (
        ["roll", "shoot", "--tiro", "abc"],
        "Invalid value for '--tiro': 'abc' is not a valid int. See 'skirmish roll shoot --help'.",
        "Valore non valido per '--tiro': 'abc' non è un numero intero valido. "
        "Vedi 'skirmish roll shoot --help'.",
    ),
    (  # a choice the rules refuse, inside click's frame (issue #21: all of it in Italian)
        ["odds", "shoot", "--tiro", "4", "--cover", "nope"],
        "Invalid value for '--cover': 'nope' is not one of 'none', 'light', 'partial', 'full' "
        "(or in Italian 'nessuna', 'leggera', 'parziale', 'completa'). "
        "See 'skirmish odds shoot --help'.",
        "Valore non valido per '--cover': 'nope' non è uno tra 'none', 'light', 'partial', "
        "'full' (o in italiano 'nessuna', 'leggera', 'parziale', 'completa'). "
        "Vedi 'skirmish odds shoot --help'.",
    ),
    (
        ["rules", "weapon"],
        "No such command 'weapon'. Did you mean 'weapons'? See 'skirmish rules --help'.",
        "Comando sconosciuto 'weapon'. Forse intendevi 'weapons'? Vedi 'skirmish rules --help'.",
    ),
]


def _error(result: Any, lang: str) -> str:
    """The one error line of a run in ``lang``, without its ``Error: `` (``Errore: `` in
    Italian, issue #21, item 6)."""
    assert result.exit_code != 0, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    prefix = "Errore: " if lang == "it" else "Error: "
    assert len(lines) == 1 and lines[0].startswith(prefix), result.stderr
    return str(lines[0].removeprefix(prefix))


@pytest.mark.parametrize(("args", "english", "italian_text"), SAMPLES)
def test_errors_follow_the_chosen_language(
    args: list[str], english: str, italian_text: str
) -> None:
    assert _error(runner.invoke(app, args, env={"SKIRMISH_LANG": ""}), "en") == english
    assert _error(runner.invoke(app, args, env={"SKIRMISH_LANG": "it"}), "it") == italian_text
    italian_option = runner.invoke(app, [*args, "--lang", "it"], env={"SKIRMISH_LANG": ""})
    assert _error(italian_option, "it") == italian_text
    english_option = runner.invoke(app, [*args, "--lang", "en"], env={"SKIRMISH_LANG": "it"})
    assert _error(english_option, "en") == english


def test_a_campaign_error_in_italian(cli: Any) -> None:
    """The store's and the services' refusals (a database, a name) in Italian."""
    cli.run("campaign", "new", "Prova")
    result = cli.run("gang", "new", "Banda", "--faction", "pirati", "--lang", "it", ok=False)
    assert _error(result, "it") == (
        "fazione sconosciuta 'pirati': forse intendevi 'Ranger / Agenti privati'?"
    )
    result = cli.run("gang", "new", " ", "--faction", "cowboys", "--lang", "it", ok=False)
    assert _error(result, "it") == "una banda ha bisogno di un nome, non ' '."
    result = cli.run("gang", "new", " ", "--faction", "cowboys", ok=False)
    assert _error(result, "en") == "a gang needs a name, not ' '."


@pytest.mark.parametrize(
    ("english", "expected"),
    [
        ("No such option: --x", "Opzione sconosciuta: --x. Vedi 'skirmish roll --help'."),
        ("Missing argument 'gang'.", "Manca l'argomento 'gang'. Vedi 'skirmish roll --help'."),
        ("Missing option '--good'.", "Manca l'opzione '--good'. Vedi 'skirmish roll --help'."),
        (
            "Got unexpected extra argument(s) (extra)",
            "Argomenti in più non previsti (extra). Vedi 'skirmish roll --help'.",
        ),
        (
            "Option '--tiro' requires an argument.",
            "L'opzione '--tiro' richiede un valore. Vedi 'skirmish roll --help'.",
        ),
        (
            "Option '--json' does not take a value.",
            "L'opzione '--json' non accetta un valore. Vedi 'skirmish roll --help'.",
        ),
        (
            "Invalid value for '--cover': 'foo' is not one of 'none', 'light'.",
            "Valore non valido per '--cover': 'foo' non è uno tra 'none', 'light'. "
            "Vedi 'skirmish roll --help'.",
        ),
        (
            "Invalid value for 'N': 7 is not in the range 1<=x<=6.",
            "Valore non valido per 'N': 7 non è nell'intervallo 1<=x<=6. "
            "Vedi 'skirmish roll --help'.",
        ),
    ],
)
def test_click_usage_errors_in_italian(english: str, expected: str) -> None:
    assert sentence(english, "skirmish roll", "it") == expected
    assert sentence(english, "skirmish roll", "en") == (
        f"{english.rstrip('.')}. See 'skirmish roll --help'."
    )


def test_an_unknown_shape_of_usage_error_stays_whole() -> None:
    """Better all English than half translated."""
    assert italian("Something click never said.") == "Something click never said."


def test_ctrl_c_says_so_in_italian() -> None:
    from skirmish.cli.main import Interrupted

    assert Interrupted().text("it") == "interrotto; non è cambiato nulla."
    assert str(Interrupted()) == "interrupted; nothing was changed."


def test_an_unexpected_error_is_reported_in_italian(monkeypatch: pytest.MonkeyPatch) -> None:
    from skirmish.cli import crash

    monkeypatch.setattr(crash, "write_log", lambda exc, argv: ("/tmp/skirmish.log", None))
    line = crash.report(ValueError("boom"), ["skirmish"], lang="it")
    assert line == (
        "errore inatteso (ValueError: boom); per favore segnalalo, con il file di log "
        "/tmp/skirmish.log"
    )
    full = crash.report(OSError(28, "No space left on device", "out.pdf"), lang="it")
    assert full == "il disco è pieno (scrivendo 'out.pdf'); libera un po' di spazio e riprova."
