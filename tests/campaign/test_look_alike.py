"""Names that look alike (issue #22, item 6): TR39's skeleton (``skirmish.confusables``) and its
use where names are checked: a gang, model, campaign or user name that imitates another by
letters of another script is refused in one line naming the one it imitates, in both languages;
different names pass, and the check is per campaign."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from skirmish.campaign import accounts, naming, store
from skirmish.confusables import confusable, skeleton
from skirmish.errors import CampaignError

CYRILLIC_E = "\u0415"  # CYRILLIC CAPITAL LETTER IE, "Е"
GREEK_OMICRON = "\u03bf"  # GREEK SMALL LETTER OMICRON, "ο"


# --------------------------------------------------------------------------- the skeleton


def test_the_skeleton_maps_letters_of_other_scripts_to_their_prototype() -> None:
    assert skeleton(f"{CYRILLIC_E}arp brothers") == skeleton("Earp brothers")
    assert skeleton(f"D{GREEK_OMICRON}c Holliday") == skeleton("Doc Holliday")
    assert f"{CYRILLIC_E}arp" != "Earp"  # different characters, one look
    assert confusable("Ringo", "Ring\u043e")  # Cyrillic small "о"


def test_names_that_differ_to_the_eye_have_different_skeletons() -> None:
    assert not confusable("Earp", "Earps")
    assert not confusable("Earp brothers", "Clanton brothers")
    assert not confusable("Doc", "Dog")


def test_the_skeleton_is_tr39s_nfd_map_nfd() -> None:
    # TR39 §4: NFD first, so a precomposed letter is its base and its mark, each mapped.
    assert skeleton("\u00e9") == "e\u0301"
    assert skeleton("\u00e9") == skeleton("e\u0301")
    # "rn" and "m" are the table's own example of characters that look alike together.
    assert skeleton("m") == "rn"


def test_look_alike_names_the_name_imitated_but_never_the_same_name() -> None:
    gangs = ["Earp brothers", "Clantons"]
    assert naming.look_alike(f"{CYRILLIC_E}arp brothers", gangs) == "Earp brothers"
    assert naming.look_alike(f"Cl{GREEK_OMICRON.upper()}ntons", gangs) is None  # Ο ≠ a
    assert naming.look_alike("Cl\u0430ntons", gangs) == "Clantons"  # Cyrillic "а"
    assert naming.look_alike("earp brothers", gangs) is None  # the same name: refused apart
    assert naming.look_alike("Earps", gangs) is None


# --------------------------------------------------------------------------- the services


@pytest.fixture
def west(cli: Any) -> Any:
    cli.run("campaign", "new", "West")
    cli.run("gang", "new", "Earp brothers", "--faction", "lawmen")
    cli.run("gang", "hire", "Earp brothers", "sceriffo", "--name", "Doc Holliday")
    return cli


def test_a_look_alike_gang_is_refused_naming_the_gang_it_imitates(west: Any) -> None:
    look_alike = f"{CYRILLIC_E}arp brothers"
    west.refused(
        "gang",
        "new",
        look_alike,
        "--faction",
        "outlaws",
        error=f"{look_alike!r} looks like the gang 'Earp brothers': they differ only in letters "
        "that look alike (Unicode TR39); choose another name.",
    )
    west.refused(
        "gang",
        "new",
        look_alike,
        "--faction",
        "outlaws",
        "--lang",
        "it",
        error=f"{look_alike!r} si confonde con la banda 'Earp brothers': differiscono solo per "
        "lettere che sembrano uguali (Unicode TR39); scegli un altro nome.",
    )
    west.run("gang", "new", "Earps", "--faction", "outlaws")  # a different name passes
    west.run("gang", "new", "Clantons", "--faction", "outlaws")
    west.refused(
        "gang",
        "rename",
        "Clantons",
        f"Earp br{GREEK_OMICRON}thers",
        error=f"{f'Earp br{GREEK_OMICRON}thers'!r} looks like the gang 'Earp brothers': they "
        "differ only in letters that look alike (Unicode TR39); choose another name.",
    )


def test_a_look_alike_model_is_refused_on_hire_and_rename_in_any_gang(west: Any) -> None:
    west.run("gang", "new", "Clantons", "--faction", "outlaws")
    look_alike = f"D{GREEK_OMICRON}c Holliday"
    west.refused(
        "gang",
        "hire",
        "Clantons",
        "bandito",
        "--name",
        look_alike,
        "--lang",
        "it",
        error=f"{look_alike!r} si confonde con il personaggio 'Doc Holliday': differiscono solo "
        "per lettere che sembrano uguali (Unicode TR39); scegli un altro nome.",
    )
    west.run("gang", "hire", "Clantons", "bandito", "--name", "Ike Clanton")
    west.refused(
        "member",
        "rename",
        "Clantons",
        "Ike",
        look_alike,
        error=f"{look_alike!r} looks like the model 'Doc Holliday': they differ only in letters "
        "that look alike (Unicode TR39); choose another name.",
    )
    west.run("gang", "hire", "Clantons", "bandito", "--name", "Doc Hollidays")


def test_a_look_alike_model_is_refused_when_its_gang_is_imported(west: Any, tmp_path: Path) -> None:
    look_alike = "D\u043ec Holliday"  # a Cyrillic "о"
    west.run("campaign", "new", "East")
    west.run("gang", "new", "Clantons", "--faction", "outlaws", "--campaign", "East")
    west.run("gang", "hire", "Clantons", "bandito", "--name", look_alike, "--campaign", "East")
    exported = tmp_path / "clantons.json"
    west.run("export", "Clantons", "--campaign", "East", "-o", str(exported))
    west.refused(
        "import",
        str(exported),
        "--campaign",
        "West",
        error=f"{look_alike!r} looks like the model 'Doc Holliday': they differ only in letters "
        "that look alike (Unicode TR39); choose another name.",
    )
    assert [g["name"] for g in west.json("gang", "list", "--campaign", "West")] == [
        "Earp brothers"
    ]  # nothing was imported


def test_the_same_look_is_refused_only_within_one_campaign(west: Any) -> None:
    west.run("campaign", "new", "East")
    west.run("gang", "new", f"{CYRILLIC_E}arp brothers", "--faction", "outlaws")
    west.run("gang", "hire", f"{CYRILLIC_E}arp brothers", "bandito", "--name", "D\u043ec Holliday")
    names = [g["name"] for g in west.json("gang", "list")]
    assert names == [f"{CYRILLIC_E}arp brothers"]


def test_a_look_alike_campaign_or_user_is_refused(west: Any) -> None:
    west.refused(
        "campaign",
        "new",
        "W\u0435st",  # Cyrillic small "е"
        error="'W\u0435st' looks like the campaign 'West': they differ only in letters that "
        "look alike (Unicode TR39); choose another name.",
    )
    engine = store.open_store(f"sqlite:///{west.path}")
    with store.transaction(engine) as session:
        accounts.add_user(session, "wyatt", "tombstone-1881")
    with pytest.raises(CampaignError) as refusal, store.transaction(engine) as session:
        accounts.add_user(session, "wy\u0430tt", "tombstone-1881")
    engine.dispose()
    assert refusal.value.text("it") == (
        "'wy\u0430tt' si confonde con l'utente 'wyatt': differiscono solo per lettere che "
        "sembrano uguali (Unicode TR39); scegli un altro nome."
    )
