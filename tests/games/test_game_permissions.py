"""Who may do what in a game on the phones (issue #12): every relation × every action × every
side against a hand-written copy of the policy, an account holding two relations, the command
line, the refusals in both languages. Decisions: docs/games.md, "Table mode (issue #12)"."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from skirmish.campaign import accounts, lookup
from skirmish.campaign.game.permissions import (
    TABLE,
    GameAction,
    GameRelation,
    may_game,
    relations,
    require_game,
    sides_played,
)
from skirmish.campaign.permissions import CLI
from skirmish.errors import CampaignError
from skirmish.rules.model import Side

from .table_mode import Table

GOOD, BAD = Side.GOOD, Side.BAD
EVERY_SIDE = (GOOD, BAD, None)

#: The policy written out by hand: relation → action → the sides it is allowed for (``None`` in
#: a set: also when no side is named). A spectator watches only a campaign they may see.
EVERYWHERE = {GOOD, BAD, None}
EXPECTED: dict[GameRelation, dict[GameAction, set[Side | None]]] = {
    GameRelation.REFEREE: dict.fromkeys(GameAction, EVERYWHERE),
    GameRelation.GOOD: {
        GameAction.WATCH: EVERYWHERE,
        GameAction.ACT: {GOOD},
        GameAction.RECORD_AT: {GOOD},
        GameAction.OWN_DICE: {GOOD},
        GameAction.NEW_TURN: EVERYWHERE,
        GameAction.INITIATIVE: EVERYWHERE,
        GameAction.VOTE_END: {GOOD},
        GameAction.END: set(),
        GameAction.UNDO: EVERYWHERE,
        GameAction.POSTGAME: {GOOD},
        GameAction.OFFLINE: EVERYWHERE,
    },
    GameRelation.BAD: {
        GameAction.WATCH: EVERYWHERE,
        GameAction.ACT: {BAD},
        GameAction.RECORD_AT: {BAD},
        GameAction.OWN_DICE: {BAD},
        GameAction.NEW_TURN: EVERYWHERE,
        GameAction.INITIATIVE: EVERYWHERE,
        GameAction.VOTE_END: {BAD},
        GameAction.END: set(),
        GameAction.UNDO: EVERYWHERE,
        GameAction.POSTGAME: {BAD},
        GameAction.OFFLINE: EVERYWHERE,
    },
    GameRelation.SPECTATOR: {action: set[Side | None]() for action in GameAction},
}
#: Each account's relation to the game (``table_mode.PEOPLE``); ``None``: logged out.
WHO: dict[str | None, GameRelation] = {
    "Gina": GameRelation.GOOD,
    "Bart": GameRelation.BAD,
    "Olga": GameRelation.REFEREE,
    "Arbo": GameRelation.REFEREE,
    "Hugo": GameRelation.SPECTATOR,  # plays in the campaign, not in this game
    "Vic": GameRelation.SPECTATOR,  # no role
    None: GameRelation.SPECTATOR,
}


def _expected(relation: GameRelation, action: GameAction, side: Side | None, *, sees: bool) -> bool:
    if relation is GameRelation.SPECTATOR and action is GameAction.WATCH:
        return sees
    return side in EXPECTED[relation][action]


def test_the_table_names_every_action_and_every_relation() -> None:
    assert set(TABLE) == set(GameAction)
    assert all(set(grants) == set(GameRelation) for grants in TABLE.values())


@pytest.mark.parametrize("public", [False, True], ids=["private", "public"])
def test_every_relation_every_action_every_side(table: Table, public: bool) -> None:
    table.run(lambda s: accounts.set_public(s, lookup.current_campaign(s), public))

    def check(s: Session) -> None:
        game = table.game(s)
        for name, relation in WHO.items():
            actor = table.user(s, name) if name is not None else None
            assert relations(s, actor, game) == {relation}, name
            # a member sees the campaign; Vic and the logged out only a public one
            sees = public or name not in ("Vic", None)
            for action in GameAction:
                for side in EVERY_SIDE:
                    want = _expected(relation, action, side, sees=sees)
                    assert may_game(s, actor, game, action, side) is want, (name, action, side)
                    assert may_game(s, CLI, game, action, side) is True

    table.run(check)


def test_an_account_with_two_relations_may_do_what_either_may(table: Table) -> None:
    def step(s: Session) -> None:
        campaign = lookup.current_campaign(s)
        olga = table.user(s, "Olga")
        accounts.set_gang_owner(s, lookup.gang_by_name(s, campaign, "Clantons"), olga)
        gina = table.user(s, "Gina")
        accounts.set_gang_owner(s, lookup.gang_by_name(s, campaign, "Clantons"), gina)

    table.run(step)

    def check(s: Session) -> None:
        game = table.game(s)
        gina = table.user(s, "Gina")  # plays both sides now: a solo game, or a stand-in
        assert relations(s, gina, game) == {GameRelation.GOOD, GameRelation.BAD}
        assert sides_played(s, gina, game) == {GOOD, BAD}
        assert may_game(s, gina, game, GameAction.ACT, BAD)
        assert not may_game(s, gina, game, GameAction.END)
        bart = table.user(s, "Bart")  # his gang was handed over: he watches
        assert relations(s, bart, game) == {GameRelation.SPECTATOR}
        assert sides_played(s, CLI, game) == {GOOD, BAD}

    table.run(check)


def test_a_gang_owner_removed_from_the_campaign_only_watches(table: Table) -> None:
    table.run(
        lambda s: accounts.set_role(s, lookup.current_campaign(s), table.user(s, "Bart"), None)
    )

    def check(s: Session) -> None:
        game = table.game(s)
        bart = table.user(s, "Bart")
        assert relations(s, bart, game) == {GameRelation.SPECTATOR}
        assert not may_game(s, bart, game, GameAction.ACT, BAD)

    table.run(check)


def test_a_refusal_reads_in_both_languages_and_says_who_may(table: Table) -> None:
    def act(s: Session) -> None:
        require_game(s, table.user(s, "Gina"), table.game(s), GameAction.ACT, BAD)

    with pytest.raises(CampaignError) as refusal:
        table.run(act)
    assert str(refusal.value) == (
        "you may not act for the bad side in game 1: only that side's player or the campaign's "
        "owner or an arbitrator may. Nothing was changed."
    )
    assert refusal.value.text("it") == (
        "non puoi agire per i cattivi nella partita 1: può farlo solo il giocatore di quella "
        "parte o il proprietario o un arbitro della campagna. Non è cambiato nulla."
    )

    def end(s: Session) -> None:
        require_game(s, table.user(s, "Bart"), table.game(s), GameAction.END)

    with pytest.raises(CampaignError, match="only the campaign's owner or an arbitrator"):
        table.run(end)

    def turn(s: Session) -> None:
        require_game(s, table.user(s, "Hugo"), table.game(s), GameAction.NEW_TURN)

    with pytest.raises(CampaignError, match="only the game's players or the campaign's owner"):
        table.run(turn)
    table.run(lambda s: require_game(s, table.user(s, "Bart"), table.game(s), GameAction.UNDO))
