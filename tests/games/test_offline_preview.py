"""The phone's offline preview resolves a shot or a fight as the server does (issue #24): each
case is run through the game's service (``combat.shoot``, ``combat.melee`` with the table's
dice) and through ``engine.offline.resolve`` on the offline kit taken just before, with the same
faces; the dice used and the result's decisive facts (hit, damage, the target's COS and state
after) agree. The kit is JSON and its models come back whole."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from skirmish.campaign import lookup, store
from skirmish.campaign.game import combat
from skirmish.campaign.game.board import current_game, models_of
from skirmish.campaign.game.combatant import combatant
from skirmish.campaign.game.offline_kit import offline_kit
from skirmish.engine.combatant import Combatant
from skirmish.engine.dice import TableDice
from skirmish.engine.explain_combat import melee_json, shoot_json
from skirmish.engine.offline import preview, resolve
from skirmish.engine.situation import Procedure
from skirmish.engine.situation_fields import read_fields
from skirmish.errors import SkirmishError

from .harness import Cli

#: Enough faces for any shot or fight below: the dice used are compared, not the dice given.
PLENTY = 14


class Game:
    """A game of the test store, each step in its own unit of work."""

    def __init__(self, cli: Cli) -> None:
        self.engine = store.open_store(str(cli.db))

    def kit(self) -> dict[str, Any]:
        with store.transaction(self.engine, access=store.Access.READ) as session:
            return offline_kit(session, current_game(session, lookup.current_campaign(session)))

    def act(self, action: str, model: str, target: str, fields: Mapping[str, Any],
            faces: list[int]) -> tuple[Any, list[int]]:  # fmt: skip
        """The server's own action with the table's ``faces``: its engine result, and the
        faces it used in order."""
        procedure = Procedure.SHOOT if action == "shoot" else Procedure.MELEE
        dice = TableDice(faces)
        run = combat.shoot if action == "shoot" else combat.melee
        with store.transaction(self.engine) as session:
            game = current_game(session, lookup.current_campaign(session))
            report = run(session, game=game, attacker=model, target=target,
                         situation=read_fields(procedure, fields), dice=dice)  # fmt: skip
        return report.result, [die.value for die, _, _ in dice.dice]


@pytest.fixture
def game(cli: Cli) -> Iterator[Game]:
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "turn")
    playing = Game(cli)
    yield playing
    playing.engine.dispose()


def _facts(result: Any) -> dict[str, Any]:
    """The decisive facts of a result: hit, damage, the target's COS and state after."""
    aftermath = result.aftermath
    return {
        "damage": result.damage,
        "cos_after": aftermath.cos_after,
        "eliminated": aftermath.eliminated,
        "panic": None if aftermath.panic is None else str(aftermath.panic.state),
        "json": (shoot_json if hasattr(result, "shots") else melee_json)(result, "en"),
    }


#: (action, model, target, fields, faces): hits and misses, cover, range, fights won and lost.
CASES: list[tuple[str, str, str, dict[str, Any], list[int]]] = [
    ("shoot", "Wyatt", "Ike", {"range": "5"}, [6] * PLENTY),
    ("shoot", "Morgan", "Billy", {"range": "5", "cover": "partial"}, [4, 4, 1, 2] + [3] * PLENTY),
    ("shoot", "Virgil", "Frank", {"range": "24", "aim": "yes"}, [5, 5, 6, 2] + [1] * PLENTY),
    ("fight", "Frank", "Morgan", {}, [6, 6, 6] + [1] * PLENTY),
    ("fight", "Billy", "Wyatt", {"behind": "on"}, [5, 4, 1] + [6] * PLENTY),
    ("shoot", "Ike", "Wyatt", {"range": "12", "cover": "light"}, [3, 4, 5, 6] + [2] * PLENTY),
]


#: The refusal of a terrified model's action (§4.3.2, R-04), offline as on the server.
TERRIFIED = (
    "a terrified model cannot act: it skips its next turn and then stops being terrified "
    "(§4.3.2, R-04); drop terrified or wait a turn.",
    "'Ike' is terrified and cannot act (§4.3.2, R-04): it skips its next turn and becomes "
    "steady at the start of turn 3.",
)


def test_the_preview_rolls_what_the_server_rolls(game: Game) -> None:
    hits: list[tuple[str, bool]] = []
    refused: list[tuple[str, str]] = []
    for action, model, target, fields, faces in CASES:
        kit = game.kit()
        request = {"action": action, "model": model, "target": target, "fields": fields,
                   "dice": faces, "rest": "none", "lang": "en"}  # fmt: skip
        try:
            mine = preview(kit, request)
        except SkirmishError as error:  # refused offline: the server refuses it too
            with pytest.raises(SkirmishError) as server:
                game.act(action, model, target, fields, faces)
            refused.append((error.text("en"), server.value.text("en")))
            continue
        theirs, used = game.act(action, model, target, fields, faces)
        assert list(mine.dice) == used, (action, model, target)
        assert _facts(mine.result) == _facts(theirs), (action, model, target)
        assert mine.result == theirs  # the whole engine result, its setup included
        said = resolve(kit, request)
        assert said["dice"] == used and said["revision"] == kit["revision"]
        assert said["facts"] == _facts(theirs)["json"] and said["lines"]
        hits.append((action, theirs.damage > 0))
    assert {h for a, h in hits if a == "shoot"} == {True, False}  # a hit and a miss
    assert [h for a, h in hits if a == "fight"] in (
        [True, False],
        [False, True],
    )  # a fight won and one lost
    assert refused == [TERRIFIED]  # Ike, terrified by Wyatt's shot, may not shoot back


def test_the_record_says_who_is_waiting_as_the_server_reads_it(game: Game) -> None:
    """R-18: a target that has not acted gives +1; once it has, the kit says so."""
    fields = {"range": "5"}
    faces = [4, 4, 3] + [3] * PLENTY
    kit = game.kit()
    assert {m["name"]: m["acted"] for m in kit["models"]}["Ike"] is False
    game.act("shoot", "Ike", "Wyatt", fields, faces)
    after = game.kit()
    assert {m["name"]: m["acted"] for m in after["models"]}["Ike"] is True
    assert after["revision"] > kit["revision"]
    request = {"action": "shoot", "model": "Wyatt", "target": "Ike", "fields": fields,
               "dice": faces, "rest": "none"}  # fmt: skip
    mine = preview(after, request)
    theirs, used = game.act("shoot", "Wyatt", "Ike", fields, faces)
    assert list(mine.dice) == used and mine.result == theirs


def test_random_dice_are_reported_and_too_few_typed_refused(game: Game) -> None:
    kit = game.kit()
    rolled = resolve(kit, {"action": "shoot", "model": "Wyatt", "target": "Ike",
                           "fields": {"range": "5"}, "dice": None, "lang": "it"})  # fmt: skip
    assert rolled["dice"] and all(1 <= face <= 6 for face in rolled["dice"])
    replayed = resolve(kit, {"action": "shoot", "model": "Wyatt", "target": "Ike",
                             "fields": {"range": "5"}, "dice": rolled["dice"], "rest": "none",
                             "lang": "it"})  # fmt: skip
    assert replayed == rolled  # the faces reported are the whole action
    with pytest.raises(SkirmishError):
        resolve(kit, {"action": "shoot", "model": "Wyatt", "target": "Ike",
                      "fields": {"range": "5"}, "dice": [6], "rest": "none"})  # fmt: skip


@pytest.mark.parametrize(
    ("request_", "words"),
    [
        ({"action": "shoot", "model": "Wyatt", "target": "Virgil"}, "same side"),
        ({"action": "shoot", "model": "Nobody", "target": "Ike"}, "'Nobody' is not in play"),
        ({"action": "dance", "model": "Wyatt", "target": "Ike"}, "not an action"),
        ({"action": "shoot", "model": "Wyatt", "target": "Ike", "fields": {"cover": "lots"}},
         "'lots' is not one of"),
    ],
)  # fmt: skip
def test_the_preview_refuses_in_words(game: Game, request_: dict[str, Any], words: str) -> None:
    with pytest.raises(SkirmishError) as refused:
        resolve(game.kit(), {**request_, "dice": [6] * PLENTY})
    assert words in refused.value.text("en")


def test_the_kit_is_json_and_its_models_come_back_whole(game: Game) -> None:
    kit = game.kit()
    assert json.loads(json.dumps(kit)) == kit
    with store.transaction(game.engine, access=store.Access.READ) as session:
        found = current_game(session, lookup.current_campaign(session))
        models = {m.name: combatant(session, m) for m in models_of(session, found)}
    assert {m["name"] for m in kit["models"]} == set(models)
    for row in kit["models"]:
        assert Combatant.from_json(row["combatant"]) == models[row["name"]]
        assert (
            Combatant.from_json(json.loads(json.dumps(row["combatant"]))).to_json()
            == (row["combatant"])
        )
    assert {m["side"] for m in kit["models"]} == {"good", "bad"}
    assert kit["night"] is False and kit["turn"] == 1


def test_a_person_at_night_as_the_server_sees_it(cli: Cli) -> None:
    """The witness (a scenario's person, a civilian of §9.12) shot at night (R-02, §10.5),
    beyond 20U and within: the kit says the night and the person, the preview rolls what the
    server rolls."""
    cli.run("game", "start", "the-witness", "Earps", "Clantons")
    cli.run("game", "turn")
    cli.run("game", "turn")
    game = Game(cli)
    try:
        kit = game.kit()
        assert kit["night"] is True and [p["id"] for p in kit["persons"]] == ["witness"]
        cases = (("Ike", {"range": "24"}, [6, 6, 6] + [2] * PLENTY),
                 ("Billy", {"range": "6"}, [5, 5, 5] + [4] * PLENTY))  # fmt: skip
        for model, fields, faces in cases:
            kit = game.kit()
            request = {"action": "shoot", "model": model, "target": "witness", "fields": fields,
                       "dice": faces, "rest": "none"}  # fmt: skip
            mine = preview(kit, request)
            theirs, used = game.act("shoot", model, "witness", fields, faces)
            assert list(mine.dice) == used and mine.result == theirs
            assert theirs.setup.situation.night is True  # given a range: its −1 beyond 20U
    finally:
        game.engine.dispose()


def test_opportunity_fire_rolls_its_reflex_test_first_as_the_server(game: Game) -> None:
    """§4.2.3, R-16: the reflex test first (every penalty doubled); failed, no shot."""
    fields = {"range": "5", "opportunity": "yes"}
    opened = []
    for model, target, faces in (("Wyatt", "Ike", [1, 1] + [6] * PLENTY),
                                 ("Billy", "Morgan", [6, 6] + [3] * PLENTY)):  # fmt: skip
        kit = game.kit()
        request = {"action": "shoot", "model": model, "target": target, "fields": fields,
                   "dice": faces, "rest": "none"}  # fmt: skip
        mine = preview(kit, request)
        theirs, used = game.act("shoot", model, target, fields, faces)
        assert list(mine.dice) == used and mine.result == theirs
        assert mine.opportunity is not None
        assert mine.opportunity.success is (theirs is not None)
        opened.append(mine.opportunity.success)
    assert sorted(opened) == [False, True]  # one test failed (no shot), one opened fire


def test_a_repeater_loaded_with_17_jams_on_a_one_offline_too(cli: Cli) -> None:
    """R-14: the kit carries the load the tracker knows, so a 1 with 17 loaded jams the
    repeater in the preview as on the server."""
    cli.run("gang", "buy", "Clantons", "repeater", "--for", "Ike", "--dice", "6")
    cli.run("gang", "unequip", "Clantons", "rifle", "Ike")
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "reload", "Ike", "--rounds", "17")
    cli.run("game", "turn")
    game = Game(cli)
    try:
        kit = game.kit()
        assert {m["name"]: m["loads"] for m in kit["models"]}["Ike"] == {"repeater": 17}
        fields = {"range": "5"}
        faces = [4, 4, 1] + [3] * PLENTY
        request = {"action": "shoot", "model": "Ike", "target": "Wyatt", "fields": fields,
                   "dice": faces, "rest": "none"}  # fmt: skip
        mine = preview(kit, request)
        theirs, used = game.act("shoot", "Ike", "Wyatt", fields, faces)
        assert list(mine.dice) == used and mine.result == theirs
        assert theirs.jammed and mine.result is not None and mine.result.jammed
    finally:
        game.engine.dispose()
