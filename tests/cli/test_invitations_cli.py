"""Invitations from the command line (issue #22, item 1): once the campaign's address is set,
``campaign invite`` prints the whole link and its QR code; ``campaign invitations`` lists the
open ones (who made each, when, until when) so that one made by mistake is seen and withdrawn."""

from __future__ import annotations

import re

from tests.conftest import CampaignCli

ADDRESS = "https://saloon.example.org/"


def test_invite_prints_a_whole_link_and_its_qr_code_once_the_address_is_set(
    cli: CampaignCli,
) -> None:
    cli.run("campaign", "new", "West")
    before = cli.run("campaign", "invite").stdout
    assert re.search(r"^  link: /join/[\w-]{32}$", before, re.M)
    assert "set the campaign's address with 'skirmish campaign address URL'" in before
    assert "▄" not in before  # no QR code of a path a phone cannot open
    cli.run("campaign", "address", ADDRESS)
    after = cli.run("campaign", "invite").stdout.splitlines()
    link = re.fullmatch(r"  link: (https://saloon\.example\.org/join/[\w-]{32})", after[2])
    assert link is not None and after[3] == "Or scan this QR code with the phone's camera:"
    qr = [line for line in after[4:] if set(line) <= set("█▀▄ ")]
    assert len(qr) > 10 and len({len(line) for line in qr}) == 1  # a square of half blocks
    assert after[-1] == "Each invitation is used once."
    made = cli.json("campaign", "invite")
    assert made["url"] == ADDRESS + made["link"].removeprefix("/")
    italian = cli.run("campaign", "invite", "--lang", "it").stdout
    assert "Oppure inquadra questo codice QR con la fotocamera del telefono:" in italian


def test_a_second_invitation_by_mistake_is_listed_and_withdrawn(cli: CampaignCli) -> None:
    cli.run("campaign", "new", "West")
    assert cli.run("campaign", "invitations").stdout == "'West' has no open invitation.\n"
    first = cli.json("campaign", "invite")
    second = cli.json("campaign", "invite", "--role", "arbitrator", "--expires-days", "2")
    listed = cli.json("campaign", "invitations")
    assert [(i["code"], i["role"], i["by"]) for i in listed["invitations"]] == [
        (first["code"], "player", None),
        (second["code"], "arbitrator", None),
    ]
    assert listed["invitations"][1]["expires_at"] == second["expires_at"]
    text = cli.run("campaign", "invitations").stdout.splitlines()
    assert text[0] == "Open invitations to 'West':"
    assert re.fullmatch(
        rf"  {second['code']}: arbitrator, made \d{{1,2}} \w{{3}} \d{{4}}, \d\d:\d\d UTC, "
        r"until \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC",
        text[2],
    )
    assert text[-1] == "Withdraw one with 'skirmish campaign withdraw CODE'."
    cli.run("campaign", "withdraw", second["code"])
    assert [i["code"] for i in cli.json("campaign", "invitations")["invitations"]] == [
        first["code"]
    ]
    italian = cli.run("campaign", "invitations", "--lang", "it").stdout
    assert italian.startswith("Inviti aperti a 'West':\n") and ": giocatore, fatto il " in italian
