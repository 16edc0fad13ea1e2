"""``skirmish log`` and ``skirmish undo``."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture
def daltons(cli: Any) -> Any:
    cli.run("campaign", "new", "West")
    cli.run("gang", "new", "Daltons", "--faction", "outlaws")
    cli.run("gang", "new", "Earps", "--faction", "lawmen")
    cli.run("gang", "hire", "Daltons", "boss", "--name", "Bob")
    cli.run("gang", "buy", "Daltons", "six-shooter", "--for", "Bob", "--dice", "3")
    return cli


def test_log_records_actions_dice_money_and_xp(daltons: Any) -> None:
    rows = daltons.json("log", "Daltons")
    assert [(r["action"], r["money_before"], r["money_after"]) for r in rows] == [
        ("gang-new", 0, 400),
        ("hire", 400, 210),
        ("buy", 210, 204),
    ]
    assert rows[2]["dice"] == [{"value": 3, "purpose": "availability"}]
    assert rows[2]["member"] == "Bob" and rows[2]["ruling"] == "R-12"
    assert rows[1]["xp_after"] == 2
    assert len(daltons.json("log")) == 5  # campaign-new and the Earps too
    assert [r["action"] for r in daltons.json("log", "--last", "2")] == ["hire", "buy"]
    assert rows[2]["text"] == "bought Six-shooter for 6$ for Bob (availability: rolled 3, DISP 2)"
    table = daltons.run("log", "Daltons").stdout
    assert "210→204" in table and "Six-shooter" in table and "Daltons" in table


def test_undo_reverts_the_gangs_last_action_exactly(daltons: Any) -> None:
    before_buy = daltons.json("gang", "show", "Daltons")
    undone = daltons.run("undo", "Daltons")
    assert undone.stdout == (
        "R-12: undone: bought Six-shooter for 6$ for Bob (availability: rolled 3, DISP 2) "
        "[204$ → 210$]\n"
    )
    after = daltons.json("gang", "show", "Daltons")
    assert after["treasury"] == 210 and after["members"][0]["items"] == []
    assert before_buy["treasury"] == 204
    daltons.run("undo", "Daltons")
    assert daltons.json("gang", "show", "Daltons")["members"] == []
    daltons.refused(
        "undo", "Daltons",
        error="nothing to undo for 'Daltons': its last action is its gang new, which cannot be "
        "undone.",
    )  # fmt: skip
    log = daltons.json("log", "Daltons")
    assert [r["action"] for r in log] == ["gang-new", "hire", "buy", "undo", "undo"]
    assert [r["reverts"] for r in log[3:]] == [log[2]["id"], log[1]["id"]]
    assert "(undone)" in daltons.run("log", "Daltons").stdout


def test_undo_touches_only_the_named_gang(daltons: Any) -> None:
    daltons.run("gang", "hire", "Earps", "sheriff", "--name", "Wyatt")
    daltons.run("undo", "Daltons")
    assert daltons.json("gang", "show", "Earps")["treasury"] == 220
    assert daltons.json("gang", "show", "Daltons")["treasury"] == 210


def test_log_in_italian(daltons: Any) -> None:
    rows = daltons.json("log", "Daltons", "--lang", "it")
    assert rows[1]["text"] == "assoldato Bob (Boss) per 190$"
    assert rows[2]["text"] == "comprato Sei colpi per 6$ per Bob (disponibilità: tirato 3, DISP 2)"
    assert "assoldato Bob" in daltons.run("log", "Daltons", "--lang", "it").stdout
