"""Names that begin with an article after an Italian preposition (issue #21): the catalogue's
msgstrs say ``{who:di}`` where a name follows "di", and the article joins the preposition as
Italian joins it ("del Biondo", "dell'Indiano"); English keeps the name as it is."""

from __future__ import annotations

from typing import Any

import pytest

from skirmish.i18n import messages, tr
from skirmish.translation import N_, Message, NMessage, gettext, with_preposition

CASES = [
    ("Il Biondo", ["del Biondo", "al Biondo", "dal Biondo", "nel Biondo", "sul Biondo"]),
    (
        "Lo Sceriffo",
        ["dello Sceriffo", "allo Sceriffo", "dallo Sceriffo", "nello Sceriffo", "sullo Sceriffo"],
    ),
    ("La Vedova", ["della Vedova", "alla Vedova", "dalla Vedova", "nella Vedova", "sulla Vedova"]),
    ("I Fratelli", ["dei Fratelli", "ai Fratelli", "dai Fratelli", "nei Fratelli", "sui Fratelli"]),
    ("Gli Earp", ["degli Earp", "agli Earp", "dagli Earp", "negli Earp", "sugli Earp"]),
    (
        "Le Sorelle",
        ["delle Sorelle", "alle Sorelle", "dalle Sorelle", "nelle Sorelle", "sulle Sorelle"],
    ),
    ("L'Indiano", ["dell'Indiano", "all'Indiano", "dall'Indiano", "nell'Indiano", "sull'Indiano"]),
    ("L’Indiano", ["dell’Indiano", "all’Indiano", "dall’Indiano", "nell’Indiano", "sull’Indiano"]),
    (
        "Wyatt Earp",
        ["di Wyatt Earp", "a Wyatt Earp", "da Wyatt Earp", "in Wyatt Earp", "su Wyatt Earp"],
    ),
    # an "a" before a name beginning with "a" is "ad" (the "d eufonica")
    ("Abilene", ["di Abilene", "ad Abilene", "da Abilene", "in Abilene", "su Abilene"]),
    # a word that only begins like an article is no article
    (
        "Ike Clanton",
        ["di Ike Clanton", "a Ike Clanton", "da Ike Clanton", "in Ike Clanton", "su Ike Clanton"],
    ),
    ("Lozen", ["di Lozen", "a Lozen", "da Lozen", "in Lozen", "su Lozen"]),
    ("Ilario", ["di Ilario", "a Ilario", "da Ilario", "in Ilario", "su Ilario"]),
    ("Lady Lou", ["di Lady Lou", "a Lady Lou", "da Lady Lou", "in Lady Lou", "su Lady Lou"]),
    (
        "'Il Biondo'",
        ["di 'Il Biondo'", "a 'Il Biondo'", "da 'Il Biondo'", "in 'Il Biondo'", "su 'Il Biondo'"],
    ),
]


@pytest.mark.parametrize(("name", "said"), CASES, ids=[name for name, _ in CASES])
def test_a_preposition_joins_the_article_a_name_begins_with(name: str, said: list[str]) -> None:
    assert [with_preposition(name, p) for p in ("di", "a", "da", "in", "su")] == said


def test_a_lower_case_article_joins_too_and_a_capital_preposition_begins_a_sentence() -> None:
    assert with_preposition("il Biondo", "di") == "del Biondo"
    assert with_preposition("gli Earp", "a") == "agli Earp"
    assert with_preposition("Il Biondo", "Di") == "Del Biondo"
    assert with_preposition("L'Indiano", "A") == "All'Indiano"
    assert with_preposition("Wyatt Earp", "Da") == "Da Wyatt Earp"


@pytest.mark.parametrize(
    ("who", "italian", "english"),
    [
        ("Il Biondo", "Capo del Biondo", "Leader of Il Biondo"),
        ("L'Indiano", "Capo dell'Indiano", "Leader of L'Indiano"),
        ("Gli Earp", "Capo degli Earp", "Leader of Gli Earp"),
        ("Clanton gang", "Capo di Clanton gang", "Leader of Clanton gang"),
    ],
)
def test_the_catalogues_messages_join_a_name_in_italian_only(
    who: str, italian: str, english: str
) -> None:
    assert gettext("it", "Leader of {gang}", gang=who) == italian
    assert gettext("en", "Leader of {gang}", gang=who) == english
    assert Message("Leader of {gang}", gang=who)("it") == italian
    assert str(Message("Leader of {gang}", gang=who)) == english


def test_every_way_of_saying_a_message_joins_the_name() -> None:
    message = Message("{item} given to {name}", item="Colt", name="La Vedova")
    assert message("it") == "Colt passa alla Vedova"
    assert message("en") == "Colt given to La Vedova"
    assert (
        gettext(
            "it",
            "{name} has {left} {explosive} left.",
            name="Il Biondo",
            left=1,
            explosive="dinamite",
        )
        == "Al Biondo resta 1 di dinamite."
    )
    plural = NMessage(
        "{model_name}'s {best_name} has {n} round left, fewer than the {first_share} shots "
        "declared (§4.2); declare fewer with ⟨shots⟩, or reload first.",
        "{model_name}'s {best_name} has {n} rounds left, fewer than the {first_share} shots "
        "declared (§4.2); declare fewer with ⟨shots⟩, or reload first.",
        2,
        model_name="L'Indiano",
        best_name="Winchester",
        first_share=3,
    )
    # the gun's name after "l'arma", whatever its gender (issue #21's review)
    assert plural("it").startswith("l'arma dell'Indiano (Winchester) ha ancora 2 colpi")
    assert plural("en").startswith("L'Indiano's Winchester has 2 rounds left")


def test_a_value_formatted_otherwise_is_formatted_as_before() -> None:
    said = gettext(
        "it",
        "{label_or_self_what} must be between {low:g} and {high:,g}; {value} is out of range.",
        label_or_self_what="RIF",
        low=1.0,
        high=6.0,
        value=7,
    )
    assert said == "RIF deve essere tra 1 e 6; 7 è fuori dai limiti."


def test_the_cli_gives_il_biondo_his_articled_prepositions(cli: Any) -> None:
    cli.run("campaign", "new", "West")
    cli.run("gang", "new", "Gli Earp", "--faction", "uomini della legge")
    cli.run("gang", "hire", "Gli Earp", "sceriffo", "--name", "Il Biondo")
    cli.run("gang", "buy", "Gli Earp", "coltello")
    given = cli.run("gang", "equip", "Gli Earp", "coltello", "Il Biondo", "--lang", "it").stdout
    assert given == "Coltello passa al Biondo\n"
    taken = cli.run("gang", "unequip", "Gli Earp", "coltello", "il biondo", "--lang", "it").stdout
    assert taken == "Coltello passa dal Biondo al deposito\n"
    english = cli.run("gang", "equip", "Gli Earp", "knife", "Il Biondo").stdout
    assert english == "Knife given to Il Biondo\n"


def test_a_translation_formatted_by_its_caller_joins_the_name_too() -> None:
    """A table's template read as ``TABLE[lang][key]`` and formatted where it is used."""
    table = messages({"equip": N_("{item} given to {name}")})
    assert table["it"]["equip"].format(item="Colt", name="Il Biondo") == "Colt passa al Biondo"
    assert tr(table, "equip", "it", item="Colt", name="Gli Earp") == "Colt passa agli Earp"
    assert tr(table, "equip", "en", item="Colt", name="Gli Earp") == "Colt given to Gli Earp"
    template = gettext("it", "Leader of {gang}")
    assert template.format(gang="L'Indiano") == "Capo dell'Indiano"
    assert template.format_map({"gang": "Lo Sceriffo"}) == "Capo dello Sceriffo"
    assert gettext("en", "Leader of {gang}").format(gang="L'Indiano") == "Leader of L'Indiano"
