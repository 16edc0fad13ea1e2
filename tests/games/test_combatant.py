"""A model in a game reaches the engine whole (issue #9): its injuries, the whisky it drank,
and the conditions of the table's inputs, checked against who it is."""

from __future__ import annotations

import sqlite3

import pytest

from .harness import Cli


def playing(cli: Cli) -> None:
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "turn")


def injure(cli: Cli, gang: str, model: str, injury: str) -> None:
    """Give ``model`` an invalidity through the service (no command gives one directly)."""
    from skirmish.campaign import lookup, roster, store

    engine = store.open_store(str(cli.db))
    try:
        with store.transaction(engine) as session:
            found = lookup.gang_by_name(session, lookup.current_campaign(session), gang)
            roster.injure(session, gang=found, member=model, injury=injury)
    finally:
        engine.dispose()


def hand_back(cli: Cli, item: str, model: str) -> None:
    """Put ``item`` back in ``model``'s hands behind the services' back: a database from before
    'member injure' took the two-handed weapon of a Mano mozzata out of them."""
    with sqlite3.connect(str(cli.db)) as db:
        db.execute(
            "UPDATE owned_item SET member_id = (SELECT id FROM member WHERE name = ?) "
            "WHERE id = (SELECT MIN(id) FROM owned_item WHERE item = ?)",
            (model, item),
        )


# ---------------------------------------------------------------------------- injuries


def test_a_lost_hand_cannot_shoot_a_rifle_in_a_game(cli: Cli) -> None:
    """Issue #9: with Mano mozzata 'roll shoot --mano-mozzata --weapon fucile' refuses, and so
    must 'game shoot' and 'game melee' (they built the attacker by hand, without the lost
    hand)."""
    injure(cli, "Earps", "Virgil", "mano mozzata")
    hand_back(cli, "rifle", "Virgil")
    playing(cli)
    error = cli.fail("game", "shoot", "Virgil", "Ike", "--dice", "1,1,6")
    assert "Mano mozzata" in error and "Rifle" in error
    error = cli.fail("game", "melee", "Virgil", "Ike", "--dice", "1,1,6")
    assert "Mano mozzata" in error
    cli.run("game", "melee", "Virgil", "Ike", "--weapon", "bare-hands", "--dice", "1,1,1,1,1")


def test_an_imbranato_target_is_thrown_more_easily(cli: Cli) -> None:
    """R-06: the thrown rider's reflex test has the target's Imbranato (+1 on each die)."""
    injure(cli, "Clantons", "Ike", "imbranato")
    playing(cli)
    # nerve 1,1; shot 1 + 3 + 1 + 1 + 1 = 7 at a galloping Ike hits the horse on a 6; the
    # reflex dice 2,2 + 1 each against RIF 3: no success, 1 wound, then panic 1,1. Ike gallops
    # in his own turn: no +1 for a target that has not acted.
    cli.run("game", "activate", "Ike")
    out = cli.run(
        "game", "shoot", "Morgan", "Ike", "--range", "5", "--target-mount", "gallop",
        "--dice", "1,1,1,6,2,2,1,1",
    )  # fmt: skip
    assert out.splitlines()[3] == (
        "reflex 2,2 +1 (Imbranato +1) vs RIF 3: the rider falls, 1 wound, no save"
    )


# ---------------------------------------------------------------------------- whisky


def test_whisky_drunk_counts_for_the_shooter_and_for_the_target(cli: Cli) -> None:
    """§8.3: +1 FRED for the game (nerve and panic tests), −1 RIF (saving rolls)."""
    cli.run("gang", "buy", "Clantons", "whisky", "--for", "Billy", "--dice", "6")
    cli.run("gang", "buy", "Earps", "whisky", "--for", "Morgan", "--dice", "6")
    playing(cli)
    cli.run("game", "activate", "Billy")  # Billy drinks in his turn: no +1 at him
    assert "drinks whisky" in cli.run("game", "drink", "Billy")
    assert "drinks whisky" in cli.run("game", "drink", "Morgan")
    # Morgan at Billy: nerve 4,4 against FRED 3 + 1 whisky: calm; shot 4 + 3 + 1 + 1 = 9, one
    # damage; Billy saves 3 + 1 (whisky) − 3 = 1: one wound; panic 4,4 against 3 + 1: steady.
    out = cli.run("game", "shoot", "Morgan", "Billy", "--range", "5", "--dice", "4,4,4,3,4,4")
    lines = out.splitlines()
    assert lines[0].startswith("nerve 4,4 vs FRED 4 (3 + 1 whisky)"), lines
    assert "whisky, −1 RIF +1" in lines[2], lines
    assert lines[3].startswith("panic 4,4 vs FRED 4 (3 + 1 whisky)"), lines


def test_drinking_needs_a_bottle_and_happens_once(cli: Cli) -> None:
    cli.run("gang", "buy", "Clantons", "whisky", "--for", "Billy", "--dice", "6")
    playing(cli)
    assert "carries no whisky" in cli.fail("game", "drink", "Ike")
    cli.run("game", "bevi", "Billy")
    assert "already drank" in cli.fail("game", "drink", "Billy")


# ---------------------------------------------------------------------------- conditions


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (("shoot", "Wyatt", "Ike", "--two-pistols"), "carries 1 pistol"),
        (("melee", "Wyatt", "Ike", "--charge"), "only mountain men"),
        (("melee", "Wyatt", "Ike", "--mountain-men-charge"), "only mountain men"),
        (("shoot", "Wyatt", "Ike", "--immune", "capitano"), "Capitano"),
        (("shoot", "Wyatt", "Billy", "--immune", "vicesceriffo"), "Vicesceriffo"),
        (("shoot", "Ike", "Virgil", "--immune", "sergente"), "Sergente"),
        (("shoot", "Wyatt", "Ike", "--gringo-far"), "only a Gringo"),
        (("melee", "Wyatt", "Ike", "--gringo-far"), "only a Gringo"),
        (("shoot", "Wyatt", "Ike", "--range", "22", "--indian-hidden"), "only indians"),
        (("shoot", "Wyatt", "Ike", "--near-two-soldiers"), "Soldato"),
    ],
)
def test_an_input_whose_condition_fails_is_refused(
    cli: Cli, command: tuple[str, ...], message: str
) -> None:
    playing(cli)
    assert message in cli.fail("game", *command, "--dice", "1,1,1,1,1")


def test_the_vicesceriffo_is_immune_while_his_sceriffo_stands(cli: Cli) -> None:
    """R-04: with his Sceriffo in play and not terrified; terrified, he tests like anyone."""
    playing(cli)
    cli.run("game", "activate", "Virgil")  # he has taken his turn: no +1 at him
    out = cli.run("game", "shoot", "Ike", "Virgil", "--immune", "vicesceriffo", "--dice", "1,1,1")
    assert "no test (his Sceriffo within 5U)" in out
    cli.run("game", "state", "Wyatt", "terrified")
    # Billy, as Ike has shot in his turn (§2.1)
    error = cli.fail("game", "shoot", "Billy", "Virgil", "--immune", "vicesceriffo", "--dice", "1")
    assert "Sceriffo is in play and not terrified" in error


# ---------------------------------------------------------------------------- the lost hand


def test_member_injured_with_a_lost_hand_puts_the_rifle_in_the_stash(cli: Cli) -> None:
    """R-10: a model with Mano mozzata cannot hold a two-handed weapon: 'injure' moves it to the
    stash in the same logged action, and undo puts it back in his hands."""
    before = cli.roster("Earps")
    assert "rifle" in before["members"]["Virgil"][5]
    injure(cli, "Earps", "Virgil", "mano mozzata")
    after = cli.roster("Earps")
    assert "rifle" not in after["members"]["Virgil"][5]
    assert after["stash"] == sorted([*before["stash"], "rifle"])
    entry = cli.json("log", "Earps")[-1]
    assert entry["action"] == "injure" and entry["details"]["to_stash"] == ["rifle"]
    assert entry["text"] == "Virgil: Lost hand; to the stash: Rifle"
    cli.run("undo", "Earps")
    assert cli.roster("Earps") == before


def test_the_postgame_lost_hand_puts_the_rifle_in_the_stash(cli: Cli) -> None:
    """R-10: Ike, eliminated, recovers as an invalid (2) with Mano mozzata (4): his rifle goes
    to the stash, logged with the recovery."""
    playing(cli)
    cli.run("game", "eliminate", "Ike", "--by", "Wyatt")
    cli.run("game", "end", "--winner", "Earps")
    # Earps: Wyatt's marked cards 3; Clantons: Ike's recovery 2 (invalid), invalid table 4.
    out = cli.run("game", "postgame", "--dice", "3,2,4")
    assert "R-10: Ike: recovery 2 → 2: invalid (Lost hand); to the stash: rifle" in out
    roster = cli.roster("Clantons")
    assert "rifle" not in roster["members"]["Ike"][5] and "rifle" in roster["stash"]
    assert "lost-hand" in roster["members"]["Ike"][4]


# ---------------------------------------------------------------------------- the builder


@pytest.mark.parametrize("procedure", ["shoot", "melee"])
def test_every_model_input_of_the_declaration_comes_from_the_model(procedure: str) -> None:
    """What the roster knows (``Source.MODEL``) and the weapons carried are filled by the one
    builder, and nothing else: an input declared for the model and forgotten here (as the lost
    hand, the whisky and Imbranato were) fails this test."""
    from skirmish.engine.combatant import attacker_inputs, person, target_inputs
    from skirmish.engine.situation import Procedure, Source, inputs_for

    chosen = Procedure(procedure)
    model = person("unarmed-civilian", "Joe")
    filled = set(attacker_inputs(model, chosen, None)) | set(target_inputs(model, chosen))
    wanted = {i.id for i in inputs_for(chosen) if i.source in (Source.MODEL, Source.CARRIED)}
    assert filled == wanted
