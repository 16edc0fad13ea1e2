"""The club's accounts (issue #11), on SQLite and PostgreSQL: passwords hashed with argon2,
unique names, server-side sessions that end on logout and on a password change, single-use
invitations that expire, the login throttle (with a fake clock), the permissions table, and
each log entry's author, with undo and export unchanged."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from skirmish.campaign import accounts, gangs, logbook, lookup, roster, store, transfer
from skirmish.campaign.account_tables import LoginFailure, User, WebSession
from skirmish.campaign.models import Campaign, Gang, LogEntry
from skirmish.campaign.permissions import (
    CLI,
    TABLE,
    Action,
    Relation,
    Role,
    may,
    parse_role,
    require,
)
from skirmish.errors import CampaignError, SkirmishError

PASSWORD = "polvere e piombo"


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(logbook, "clock", fake)
    return fake


class Club:
    """A store with the campaign 'West', each step in its own unit of work."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        with store.transaction(engine) as s:
            gangs.new_campaign(s, name="West")

    def run(self, step: Callable[[Session], Any], author: int | None = None) -> Any:
        with store.transaction(self.engine, author=author) as s:
            return step(s)

    def user(self, name: str, password: str = PASSWORD) -> int:
        user = self.run(lambda s: accounts.add_user(s, name, password))
        assert isinstance(user.id, int)
        return user.id

    def campaign(self, s: Session) -> Campaign:
        return lookup.current_campaign(s)

    def gang(self, name: str, owner: str | None = None) -> None:
        def step(s: Session) -> None:
            gang = gangs.new_gang(s, campaign=self.campaign(s), name=name, faction="outlaws")
            if owner is not None:
                accounts.set_gang_owner(s, gang, accounts.find_user(s, owner))

        self.run(step)

    def role(self, name: str, role: Role | None) -> None:
        self.run(
            lambda s: accounts.set_role(s, self.campaign(s), accounts.find_user(s, name), role)
        )


@pytest.fixture
def club(engine: Engine) -> Iterator[Club]:
    yield Club(engine)


# --------------------------------------------------------------------------- users


def test_the_production_hasher_is_argon2id_at_its_full_cost() -> None:
    """The suite hashes cheaply (tests/conftest.py ``TEST_HASH_COST``); a fresh process's
    hasher, the one every real account gets, is argon2's default argon2id (RFC 9106)."""
    import subprocess
    import sys

    code = (
        "from skirmish.campaign.accounts import hasher; from argon2 import PasswordHasher, "
        "Type; h = hasher(); d = PasswordHasher(); "
        "print(h.type is Type.ID, h.time_cost == d.time_cost >= 3, "
        "h.memory_cost == d.memory_cost >= 65536, h.parallelism == d.parallelism)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True"] * 4


def test_a_password_is_kept_only_as_an_argon2id_hash(club: Club) -> None:
    club.user("Wyatt")
    found = club.run(lambda s: accounts.find_user(s, "wyatt"))
    assert found.password_hash.startswith("$argon2id$")
    assert PASSWORD not in found.password_hash
    assert accounts.hasher().verify(found.password_hash, PASSWORD)


def test_user_names_are_unique_whatever_their_case(club: Club) -> None:
    club.user("Wyatt Earp")
    with pytest.raises(CampaignError, match="already a user called 'Wyatt Earp'"):
        club.user("  wyatt   EARP ")
    assert [u.name for u in club.run(accounts.list_users)] == ["Wyatt Earp"]


@pytest.mark.parametrize(
    ("name", "password", "message"),
    [
        ("", PASSWORD, "a user needs a name"),
        ("Doc\x1b[31m", PASSWORD, "may not contain the control or invalid character"),
        ("W" * 81, PASSWORD, "at most 80 characters"),
        ("Doc", "short", "a password's length must be between 8 and 1,024"),
        ("Nessuno", PASSWORD, "'Nessuno' means nobody to 'gang owner'"),
        ("Doc", " spaced out ", "may not begin or end with a space"),
    ],
)
def test_bad_names_and_passwords_are_refused(
    club: Club, name: str, password: str, message: str
) -> None:
    with pytest.raises(SkirmishError, match=message) as refusal:
        club.user(name, password)
    assert refusal.value.text("it") != str(refusal.value)  # and in Italian
    assert club.run(accounts.list_users) == []


def test_removing_a_user_who_owns_a_gang_needs_force(club: Club) -> None:
    club.user("Ike")
    club.gang("Clanton", owner="Ike")
    with pytest.raises(CampaignError, match="'Ike' owns 'Clanton'"):
        club.run(lambda s: accounts.remove_user(s, "ike"))
    club.run(lambda s: accounts.remove_user(s, "ike", force=True))
    assert club.run(accounts.list_users) == []
    gang = club.run(lambda s: lookup.gang_by_name(s, club.campaign(s), "Clanton"))
    assert gang.owner_id is None
    assert club.run(lambda s: accounts.members(s, club.campaign(s))) == []


# --------------------------------------------------------------------------- sessions


def _login(club: Club, name: str = "Wyatt", password: str = PASSWORD) -> str:
    def step(s: Session) -> str:
        user = accounts.check_password(s, name, password, "10.0.0.1")
        return accounts.open_session(s, user).token

    token: str = club.run(step)
    return token


def _who(club: Club, token: str) -> str | None:
    user = club.run(lambda s: accounts.session_user(s, token))
    return user.name if user is not None else None


def test_a_session_is_stored_by_its_token_hash_and_ends_at_logout(club: Club, clock: Clock) -> None:
    club.user("Wyatt")
    token = _login(club)
    rows = club.run(lambda s: list(s.exec(select(WebSession)).all()))
    assert len(rows) == 1 and rows[0].id != token and token not in rows[0].id
    assert _who(club, token) == "Wyatt"
    assert _who(club, token + "x") is None
    assert club.run(lambda s: accounts.end_session(s, token)) is True
    assert _who(club, token) is None
    assert club.run(lambda s: accounts.end_session(s, token)) is False


def test_a_password_change_ends_every_session_of_the_user(club: Club, clock: Clock) -> None:
    club.user("Wyatt")
    club.user("Doc")
    phone, laptop, docs = _login(club), _login(club), _login(club, "Doc")
    club.run(lambda s: accounts.set_password(s, "WYATT", "un'altra password"))
    assert _who(club, phone) is None and _who(club, laptop) is None
    assert _who(club, docs) == "Doc"
    with pytest.raises(CampaignError, match="wrong name or password"):
        _login(club)
    assert _who(club, _login(club, password="un'altra password")) == "Wyatt"


def test_a_session_from_an_older_epoch_ends_even_if_its_row_survived(
    club: Club, clock: Clock
) -> None:
    club.user("Wyatt")
    token = _login(club)

    def bump(s: Session) -> None:
        user = accounts.find_user(s, "Wyatt")
        user.session_epoch += 1
        s.add(user)

    club.run(bump)
    assert _who(club, token) is None


def test_a_session_lasts_while_it_is_used_and_never_past_its_maximum(
    club: Club, clock: Clock
) -> None:
    club.user("Wyatt")
    idle = _login(club)
    used = _login(club)
    for _ in range(6):  # used every 13 days: 78 days
        clock.advance(days=13)
        assert _who(club, used) == "Wyatt"
    assert _who(club, idle) is None  # 14 days without a visit
    clock.advance(days=12)  # 90 days after it opened
    assert _who(club, used) is None


# --------------------------------------------------------------------------- throttle


def _attempt(club: Club, name: str, password: str, address: str = "10.0.0.1") -> str:
    try:
        club.run(lambda s: accounts.check_password(s, name, password, address))
    except CampaignError as refusal:
        return str(refusal)
    return "ok"


def test_five_failures_for_a_name_lock_it_for_fifteen_minutes(club: Club, clock: Clock) -> None:
    club.user("Wyatt")
    for _ in range(accounts.NAME_FAILURES):
        assert _attempt(club, "Wyatt", "wrong password") == "wrong name or password."
        clock.advance(minutes=1)
    # The failures were kept though each refusal rolled its unit of work back.
    assert len(club.run(lambda s: list(s.exec(select(LoginFailure)).all()))) == 5
    locked = "too many failed logins: wait 15 minutes and try again."
    assert _attempt(club, "wyatt", PASSWORD) == locked  # even with the right password
    assert _attempt(club, "Wyatt", PASSWORD, "10.9.9.9") == locked  # from anywhere
    assert _attempt(club, "Doc", "wrong password") == "wrong name or password."  # not others
    clock.advance(minutes=11)  # the first failure leaves the 15-minute window
    assert _attempt(club, "Wyatt", PASSWORD) == "ok"
    assert club.run(
        lambda s: list(s.exec(select(LoginFailure).where(LoginFailure.folded == "wyatt")).all())
    ) == []  # fmt: skip


def test_twenty_failures_from_an_address_lock_that_address(club: Club, clock: Clock) -> None:
    club.user("Wyatt")
    for n in range(accounts.ADDRESS_FAILURES):
        assert _attempt(club, f"guess{n}", "wrong password", "6.6.6.6") != "ok"
    assert _attempt(club, "Wyatt", PASSWORD, "6.6.6.6").startswith("too many failed logins")
    assert _attempt(club, "Wyatt", PASSWORD, "10.0.0.1") == "ok"
    clock.advance(minutes=16)
    assert _attempt(club, "Wyatt", PASSWORD, "6.6.6.6") == "ok"
    assert club.run(lambda s: accounts.forget_failures(s)) == accounts.ADDRESS_FAILURES


def test_an_unknown_name_and_a_wrong_password_read_the_same(club: Club, clock: Clock) -> None:
    club.user("Wyatt")
    assert _attempt(club, "Nobody", PASSWORD) == _attempt(club, "Wyatt", "wrong password")
    assert _attempt(club, "\x00", PASSWORD) == "wrong name or password."


# --------------------------------------------------------------------------- invitations


def _invite(club: Club, role: Role = Role.PLAYER, days: int = 7) -> accounts.Invited:
    invited: accounts.Invited = club.run(
        lambda s: accounts.invite(s, club.campaign(s), role, days=days)
    )
    return invited


def _join(club: Club, code: str, name: str) -> tuple[str, Role]:
    def step(s: Session) -> tuple[str, Role]:
        campaign, role = accounts.join(s, code, accounts.find_user(s, name))
        return campaign.name, role

    joined: tuple[str, Role] = club.run(step)
    return joined


def test_an_invitation_code_is_short_unambiguous_and_used_once(club: Club, clock: Clock) -> None:
    club.user("Doc")
    club.user("Ike")
    invited = _invite(club)
    assert len(invited.code) == 8 and set(invited.code) <= set(accounts.CODE_ALPHABET)
    assert not set("01OIL") & set(invited.code)
    typed = accounts.show_code(invited.code).lower()  # 'abcd-efgh' as typed on a phone
    assert _join(club, typed, "Doc") == ("West", Role.PLAYER)
    with pytest.raises(CampaignError, match="used already"):
        _join(club, invited.code, "Ike")
    row = club.run(lambda s: s.get(type(invited.row), invited.row.id))
    assert row.used_by is not None and row.used_at == "2026-11-29T12:00:00Z"


def test_an_invitation_by_link_token_and_its_expiry(club: Club, clock: Clock) -> None:
    club.user("Doc")
    club.user("Ike")
    link = _invite(club, Role.ARBITRATOR, days=2)
    late = _invite(club, days=1)
    assert link.link == f"/join/{link.token}"
    assert _join(club, link.link, "Doc") == ("West", Role.ARBITRATOR)
    clock.advance(days=1)
    with pytest.raises(CampaignError, match="expired on 2026-11-30") as refusal:
        _join(club, late.code, "Ike")
    assert "scaduto" in refusal.value.text("it")
    with pytest.raises(CampaignError, match="no invitation has the code"):
        _join(club, "ZZZZ-ZZZZ", "Ike")
    assert club.run(lambda s: accounts.open_invitations(s, club.campaign(s))) == []


def test_an_invitation_never_lowers_a_role_and_never_makes_an_owner(club: Club) -> None:
    club.user("Doc")
    club.role("Doc", Role.ARBITRATOR)
    invited = _invite(club, Role.PLAYER)
    with pytest.raises(CampaignError, match="already arbitrator"):
        _join(club, invited.code, "Doc")
    with pytest.raises(CampaignError, match="player or arbitrator"):
        _invite(club, Role.OWNER)
    with pytest.raises(SkirmishError, match="--expires-days must be between 1 and 90"):
        _invite(club, days=91)


def test_a_campaign_with_members_keeps_an_owner(club: Club) -> None:
    club.user("Wyatt")
    club.user("Doc")
    club.role("Wyatt", Role.OWNER)
    with pytest.raises(CampaignError, match="the only owner"):
        club.role("Wyatt", Role.PLAYER)
    club.role("Doc", Role.OWNER)
    club.role("Wyatt", None)
    members = club.run(lambda s: accounts.members(s, club.campaign(s)))
    assert [(u.name, r) for u, r in members] == [("Doc", Role.OWNER)]


# --------------------------------------------------------------------------- permissions

#: The policy written out by hand, relation by relation: (public?, owns the gang?) → allowed.
EXPECTED: dict[Relation, set[Action]] = {
    Relation.OWNER: set(Action),
    Relation.ARBITRATOR: {Action.VIEW, Action.CREATE_GANG, Action.CHANGE_GANG, Action.FIX_RESULTS},
    Relation.PLAYER: {Action.VIEW, Action.CREATE_GANG},  # and CHANGE_GANG of their own
    Relation.VISITOR: set(),  # and VIEW of a public campaign
}


def _expected(relation: Relation, action: Action, *, public: bool, owns: bool) -> bool:
    if action in EXPECTED[relation]:
        return True
    if relation is Relation.PLAYER and action is Action.CHANGE_GANG:
        return owns
    if relation is Relation.VISITOR and action is Action.VIEW:
        return public
    return False


def test_the_table_names_every_action_and_every_relation() -> None:
    assert set(TABLE) == set(Action)
    assert all(set(grants) == set(Relation) for grants in TABLE.values())


@pytest.mark.parametrize("public", [False, True], ids=["private", "public"])
def test_permissions_for_every_role_and_every_action(club: Club, public: bool) -> None:
    for name, role in [("Olga", Role.OWNER), ("Arbo", Role.ARBITRATOR), ("Pia", Role.PLAYER)]:
        club.user(name)
        club.role(name, role)
    club.user("Vic")  # a member of nothing
    club.gang("Pia's", owner="Pia")
    club.gang("Vic's", owner="Vic")  # owning a gang makes Vic a player
    club.role("Vic", None)  # …whom the owner then removed: a visitor
    club.gang("Nobody's")
    club.run(lambda s: accounts.set_public(s, club.campaign(s), public))

    def check(s: Session) -> None:
        campaign = club.campaign(s)
        actors: list[tuple[User | None, Relation]] = [
            (accounts.find_user(s, "Olga"), Relation.OWNER),
            (accounts.find_user(s, "Arbo"), Relation.ARBITRATOR),
            (accounts.find_user(s, "Pia"), Relation.PLAYER),
            (accounts.find_user(s, "Vic"), Relation.VISITOR),
            (None, Relation.VISITOR),  # logged out
        ]
        for gang_name in ("Pia's", "Vic's", "Nobody's"):
            gang = lookup.gang_by_name(s, campaign, gang_name)
            for actor, relation in actors:
                for action in Action:
                    owns = actor is not None and gang.owner_id == actor.id
                    want = _expected(relation, action, public=public, owns=owns)
                    assert may(s, actor, action, campaign, gang) is want, (
                        actor, action, gang_name,
                    )  # fmt: skip
                    assert may(s, CLI, action, campaign, gang) is True

    club.run(check)


def test_a_refusal_reads_in_both_languages(club: Club) -> None:
    club.user("Pia")
    club.role("Pia", Role.PLAYER)

    def step(s: Session) -> None:
        require(s, accounts.find_user(s, "Pia"), Action.HOUSE_RULES, club.campaign(s))

    with pytest.raises(CampaignError, match="you may not change the house rules") as refusal:
        club.run(step)
    assert refusal.value.text("it").startswith("non puoi cambiare le regole della casa")
    assert parse_role("Arbitro") is Role.ARBITRATOR and parse_role("player") is Role.PLAYER
    with pytest.raises(CampaignError, match="unknown role 'king'"):
        parse_role("king")


# --------------------------------------------------------------------------- the log


def _gang(s: Session, name: str) -> Gang:
    return lookup.gang_by_name(s, lookup.current_campaign(s), name)


def test_each_log_entry_names_its_author_and_the_cli_is_none(club: Club) -> None:
    wyatt = club.user("Wyatt")
    club.gang("Earp", owner="Wyatt")
    club.run(lambda s: roster.hire(s, gang=_gang(s, "Earp"), profile="boss", name="A"))
    club.run(
        lambda s: roster.hire(s, gang=_gang(s, "Earp"), profile="thug", name="B"),
        author=wyatt,
    )
    club.run(lambda s: logbook.undo(s, gang=_gang(s, "Earp")), author=wyatt)
    entries = club.run(
        lambda s: list(s.exec(select(LogEntry).order_by(col(LogEntry.id))).all())
    )  # fmt: skip
    assert [(e.action, e.author) for e in entries[-3:]] == [
        ("hire", None),
        ("hire", wyatt),
        ("undo", wyatt),
    ]


def test_undo_keeps_the_gang_owner_and_export_still_round_trips(club: Club) -> None:
    club.user("Wyatt")
    club.user("Doc")
    club.gang("Earp", owner="Wyatt")
    club.run(lambda s: roster.hire(s, gang=_gang(s, "Earp"), profile="boss", name="A"))
    club.run(lambda s: accounts.set_gang_owner(s, _gang(s, "Earp"), accounts.find_user(s, "Doc")))
    club.run(lambda s: logbook.undo(s, gang=_gang(s, "Earp")))  # the hire, not the owner
    owner, models = club.run(lambda s: (_gang(s, "Earp").owner_id, len(_gang(s, "Earp").members)))
    doc = club.run(lambda s: accounts.find_user(s, "Doc"))
    assert owner == doc.id and models == 0
    document = club.run(lambda s: transfer.export_gang(s, gang=_gang(s, "Earp")))
    assert "owner" not in document["gang"] and "author" not in str(document)


def test_an_export_names_each_entry_s_author_and_an_import_finds_the_account(
    club: Club, tmp_path: Any
) -> None:
    wyatt = club.user("Wyatt")
    club.gang("Earp")
    club.run(lambda s: roster.hire(s, gang=_gang(s, "Earp"), profile="boss", name="A"))
    club.run(
        lambda s: roster.hire(s, gang=_gang(s, "Earp"), profile="thug", name="B"), author=wyatt
    )
    document = club.run(lambda s: transfer.export_campaign(s, campaign=club.campaign(s)))
    log = document["campaign"]["gangs"][0]["log"]
    assert [entry.get("author") for entry in log] == [None, None, "Wyatt"]  # new, hire, hire
    path = tmp_path / "west.json"
    transfer.write_document(document, path)
    club.run(lambda s: transfer.import_checked(s, transfer.read_import(path, campaign="East")))
    club.run(lambda s: accounts.remove_user(s, "Wyatt"))
    club.run(lambda s: transfer.import_checked(s, transfer.read_import(path, campaign="North")))

    def authors(s: Session, name: str) -> list[int | None]:
        campaign = lookup.campaign_by_name(s, name)
        query = select(LogEntry).where(
            LogEntry.campaign_id == campaign.id, LogEntry.action == "hire"
        )
        return [e.author for e in s.exec(query.order_by(col(LogEntry.id))).all()]

    assert club.run(lambda s: authors(s, "East")) == [None, wyatt]
    assert club.run(lambda s: authors(s, "North")) == [None, None]  # no such account there
