"""The phone works out the game's other actions that roll dice as the server does (issue #24):
mounting and dismounting (R-06), the lasso (R-14), an explosive (§5.5), a hit and an
elimination with a friend's panic test (R-19) and a retreat's infamy die (R-09). Each case runs
through the catalogue's own action (``commands``' ``run``, as the API and the sync run it, with
the table's dice, in a unit of work rolled back) and through ``engine.offline`` on the offline
kit of the same game, with the same faces, in both languages: the faces used and the engine's
outcome (``engine.outcome``, what the sync compares) are equal; a refusal is a refusal on both."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmish.campaign import lookup, store
from skirmish.campaign.game.board import current_game
from skirmish.campaign.game.commands import find, model_action
from skirmish.campaign.game.offline_kit import offline_kit
from skirmish.campaign.game.rerolls import NO_REROLLS, Rerolls
from skirmish.engine.dice import TableDice
from skirmish.engine.offline import PREVIEWED, preview, resolve
from skirmish.engine.outcome import outcome
from skirmish.errors import SkirmishError
from skirmish.i18n import Lang
from skirmish.web.game_offline import PREVIEWED as OFFERED

from .harness import Cli
from .test_actions import KIT, RANCH

#: Enough faces for any action below: the dice used are compared, not the dice given.
PLENTY = 12


@dataclass
class Rolling:
    """The dice of one run as a front end gives them (``runs.Rolling``), keeping the engine's
    results as the sync's front end does."""

    table: TableDice
    lang: Lang = Lang.EN
    rerolls: Rerolls = field(default_factory=lambda: NO_REROLLS)
    results: list[Any] = field(default_factory=list)


class _Undone(Exception):
    def __init__(self, found: tuple[Any, list[int]]) -> None:
        super().__init__("undone")
        self.found = found


class Game:
    """A game of the test store; the server's actions run in a unit of work rolled back."""

    def __init__(self, cli: Cli) -> None:
        self.engine = store.open_store(str(cli.db))

    def kit(self) -> dict[str, Any]:
        with store.transaction(self.engine, access=store.Access.READ) as session:
            return offline_kit(session, current_game(session, lookup.current_campaign(session)))

    def act(
        self, action: str, values: Mapping[str, Any], faces: list[int]
    ) -> tuple[Any, list[int]]:
        """The catalogue's ``action`` with the table's ``faces``, undone: the engine's outcome
        of it and the faces it used in order."""
        command = model_action(action)
        rolling = Rolling(TableDice(faces))
        try:
            with store.transaction(self.engine) as session:
                game = current_game(session, lookup.current_campaign(session))
                assert command.run is not None
                command.run(session, game, command.read(values), rolling)
                used = [die.value for die, _, _ in rolling.table.dice]
                raise _Undone((outcome(rolling.results[0]) if rolling.results else None, used))
        except _Undone as undone:
            return undone.found


@pytest.fixture
def ranch(cli: Cli) -> Iterator[Game]:
    """Earps (Wyatt with a horse) against the cowboys (Bill with dynamite, Curly with the lasso,
    a horse and nitroglycerin), in the first turn."""
    for command in (*KIT[:1], *RANCH):
        cli.run(*command)
    cli.run("game", "start", "bank-robbery", "Earps", "Cows")
    cli.run("game", "turn")
    cli.run("game", "mount", "Wyatt")  # a standing horse: no test
    playing = Game(cli)
    yield playing
    playing.engine.dispose()


@pytest.fixture
def base(cli: Cli) -> Iterator[Game]:
    """Earps against Clantons (Ike their boss, Billy a henchman, Frank a thug, who reacts to a
    friend's death, R-19), in the first turn."""
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "turn")
    playing = Game(cli)
    yield playing
    playing.engine.dispose()


def _request(action: str, values: Mapping[str, Any], faces: list[int], lang: str) -> dict[str, Any]:
    """The phone's request for the form's ``values`` (as ``offline.js`` splits them)."""
    command = model_action(action)
    actor = command.actor or "gang"  # as the offline page's retreat form says
    fields = {k: v for k, v in values.items() if k not in (actor, command.target)}
    return {"action": action, "model": values[actor], "target": values.get(command.target or ""),
            "fields": fields, "dice": faces, "rest": "none", "lang": lang}  # fmt: skip


def _same(game: Game, action: str, values: Mapping[str, Any], faces: list[int]) -> dict[str, Any]:
    """The phone and the server on the same game and faces, in both languages; the outcome."""
    kit = game.kit()
    try:
        mine = preview(kit, _request(action, values, faces, "en"))
    except SkirmishError as refused:
        with pytest.raises(SkirmishError) as server:
            game.act(action, values, faces)
        assert server.value.text("en") == refused.text("en"), (action, values)
        return {"refused": refused.text("en")}
    theirs, used = game.act(action, values, faces)
    assert list(mine.dice) == used, (action, values, faces)
    assert outcome(mine.result) == theirs, (action, values, faces)
    said = {lang: resolve(kit, _request(action, values, faces, lang)) for lang in ("en", "it")}
    for answer in said.values():
        assert answer["dice"] == used and answer["outcome"] == theirs and answer["lines"]
    assert theirs is not None
    return theirs


def test_every_action_that_rolls_dice_is_worked_out_on_the_phone() -> None:
    assert OFFERED == PREVIEWED
    rolling = {c.name for c in map(find, OFFERED) if c.rolls}  # "turn": the game's own step
    assert rolling == OFFERED


def test_the_horse_and_the_lasso_roll_as_the_server_does(ranch: Game) -> None:
    """R-06: a trot needs 1 success of 2 (Wyatt RIF 4), a gallop 2; R-14, §8.3: the lasso's
    reflex test (cowboys −1), then 1D6 against COS 3 plus the horse's 3."""
    held = _same(ranch, "lasso", {"thrower": "Curly", "target": "Wyatt"}, [1, 1, 6] * 4)
    assert held["outcome"] == "held" and held["strength"] == 6  # Wyatt rides: + its horse
    missed = _same(ranch, "lasso", {"thrower": "Curly", "target": "Wyatt"}, [6, 6] * 6)
    assert missed["outcome"] == "missed"
    off = _same(ranch, "dismount", {"member": "Wyatt", "pace": "gallop"}, [6, 1] + [1] * PLENTY)
    assert off["kind"] == "dismount" and off["success"] is False
    still = _same(ranch, "dismount", {"member": "Wyatt", "pace": "still"}, [])
    assert still["test"] is None and still["dice"] == []
    refused = _same(ranch, "mount", {"member": "Wyatt", "pace": "trot"}, [1] * PLENTY)
    assert "already on its horse" in refused["refused"]
    assert "carries no lasso" in _same(
        ranch, "lasso", {"thrower": "Bill", "target": "Wyatt"}, [1] * PLENTY
    )["refused"]  # fmt: skip


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    faces=st.lists(st.integers(1, 6), min_size=3, max_size=3),
    pace=st.sampled_from(["trot", "gallop"]),
)
def test_any_reflex_test_of_the_horse_is_the_servers(
    ranch: Game, faces: list[int], pace: str
) -> None:
    done = _same(ranch, "dismount", {"member": "Wyatt", "pace": pace}, faces)
    assert [d["face"] for d in done["dice"]] == faces[:2]


def test_an_explosive_rolls_as_the_server_does(ranch: Game) -> None:
    """§5.5: dynamite's 6 damages on Wyatt (moved, 2U off), one saving roll each; a short fuse
    on a 1 blows up in Bill's hands; nitroglycerin has no fuse."""
    dynamite = {"thrower": "Bill", "item": "dynamite", "caught": ["Wyatt=2,moved"]}
    thrown = _same(ranch, "explosive", dynamite, [1, 1, 1, 1, 5, 2, 3] * 2)
    assert [v["model"] for v in thrown["victims"]] == ["Wyatt"] and thrown["fuse"] is None
    hands = _same(ranch, "explosive", {"thrower": "Bill", "item": "dynamite", "short-fuse": "yes",
                                      "caught": ["Wyatt=2"], "near-thrower": ["Curly=3"]},
                  [1] + [6] * PLENTY)  # fmt: skip
    assert hands["fuse"] == {"roll": 1, "in_hands": True}
    assert [v["model"] for v in hands["victims"]] == ["Bill", "Curly"]
    stepped = _same(ranch, "explosive", {"thrower": "Bill", "caught": ["Wyatt=4,unmoved"]},
                    [6] + [1] * PLENTY)  # fmt: skip
    assert stepped["victims"][0]["stepped"] == 3
    assert "no fuse" in _same(ranch, "explosive", {"thrower": "Curly", "item": "nitroglycerin",
                                                  "short-fuse": "yes"}, [1])["refused"]  # fmt: skip


def test_a_fallen_hero_makes_its_friend_take_a_panic_test(base: Game) -> None:
    """R-19: Billy (a hero) eliminated, Frank (a thug) within 5U takes a panic test at once;
    Ike (the leader) eliminated, Frank is terrified without one. A hit that leaves COS rolls
    nothing and says the COS."""
    scratched = _same(
        base, "hit", {"by": "Wyatt", "member": "Billy", "wounds": "1", "near": ["Frank"]}, []
    )
    assert scratched["eliminated"] is False and scratched["friends"] == []
    felled = _same(
        base, "hit", {"by": "Wyatt", "member": "Billy", "wounds": "3", "near": ["Frank"]}, [6, 6, 1]
    )
    assert felled["eliminated"] and felled["friends"][0]["panic"]["faces"] == [6, 6]
    leader = _same(base, "eliminate", {"by": "Morgan", "member": "Ike", "near": ["Frank"]}, [])
    assert leader["friends"] == [{"model": "Frank", "reaction": "terrified", "panic": None}]
    calm = _same(base, "eliminate", {"by": "Wyatt", "member": "Billy", "near": ["Frank"]}, [1, 2])
    assert calm["friends"][0]["panic"]["state"] == "steady"
    assert "no rule for a friend's death" in _same(
        base, "eliminate", {"by": "Wyatt", "member": "Frank", "near": ["Billy"]}, [1, 2]
    )["refused"]  # fmt: skip


def test_a_retreat_rolls_its_infamy_die_as_the_server_does(base: Game) -> None:
    """R-09: the infamy die now, or left to the post-game sequence."""
    now = _same(base, "retreat", {"gang": "Clantons"}, [1, 6])
    assert now["infamy"] == 1 and now["gang"] == "Clantons"
    later = _same(base, "retreat", {"gang": "Clantons", "infamy-later": "yes"},
                  [])  # fmt: skip
    assert later["infamy"] is None and later["dice"] == []
