"""Table mode's tests (issue #12) drive the services directly on the games' base campaign: the
Earps (lawmen, the good side) against the Clantons (outlaws, the bad side) in a bank robbery,
with accounts for the two players, the referees and a spectator, each step its own unit of
work as a request of the web app would be."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session

from skirmish.campaign import accounts, lookup, store
from skirmish.campaign.account_tables import User
from skirmish.campaign.game import board
from skirmish.campaign.game.tables import Game
from skirmish.campaign.permissions import Role

from .harness import Cli

PASSWORD = "polvere e piombo"
#: Who is who: the good side's player owns the Earps, the bad side's the Clantons; Olga owns
#: the campaign, Arbo arbitrates; Hugo plays in the campaign (the Hunters) but not in this game;
#: Vic has an account and no role.
PEOPLE: dict[str, Role | None] = {
    "Gina": Role.PLAYER,
    "Bart": Role.PLAYER,
    "Olga": Role.OWNER,
    "Arbo": Role.ARBITRATOR,
    "Hugo": Role.PLAYER,
    "Vic": None,
}
OWNS = {"Gina": "Earps", "Bart": "Clantons", "Hugo": "Hunters"}


class Table:
    """A game in progress on a store with accounts."""

    def __init__(self, cli: Cli) -> None:
        self.cli = cli
        url = str(cli.db) if "://" in str(cli.db) else f"sqlite:///{cli.db}"
        self.engine: Engine = store.open_store(url)

    def run(self, step: Callable[[Session], Any], *, author: int | None = None) -> Any:
        with store.transaction(self.engine, author=author) as s:
            return step(s)

    def read(self, step: Callable[[Session], Any]) -> Any:
        with store.transaction(self.engine, access=store.Access.READ) as s:
            return step(s)

    def game(self, s: Session, number: int = 1) -> Game:
        return board.game_by_id(s, lookup.current_campaign(s), number)

    def user(self, s: Session, name: str) -> User:
        return accounts.find_user(s, name)

    def revision(self) -> int:
        return int(self.read(lambda s: self.game(s).revision))


def seat(cli: Cli) -> Table:
    """The accounts and roles of ``PEOPLE``, the gangs' owners, and the game started."""
    table = Table(cli)

    def step(s: Session) -> None:
        campaign = lookup.current_campaign(s)
        for name, role in PEOPLE.items():
            user = accounts.add_user(s, name, PASSWORD)
            if role is not None:
                accounts.set_role(s, campaign, user, role)
        for name, gang in OWNS.items():
            accounts.set_gang_owner(
                s, lookup.gang_by_name(s, campaign, gang), accounts.find_user(s, name)
            )

    table.run(step)
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    return table
