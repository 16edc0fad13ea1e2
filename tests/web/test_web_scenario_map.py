"""The web app's scenario page shows the printed card's table map and each side's text once
(issue #13): the same view-model as `skirmish print scenario`."""

from __future__ import annotations

from typing import Any

from skirmish.i18n import Lang
from skirmish.printing.maps import scenario_map
from skirmish.rules.scenarios import find_scenario


def test_the_scenario_page_has_the_map_and_the_sides_columns(client: Any) -> None:
    duel = find_scenario("duel")
    page = client.get("/scenarios/duel?lang=en").text
    assert str(scenario_map(duel, Lang.EN)) in page  # inline, not escaped again
    assert "&lt;svg" not in page
    assert page.count(duel.deployment.good.en.replace("'", "&#39;")) == 1  # once for both gangs
    bank = client.get("/scenarios/rapina-in-banca?lang=it").text
    assert '<table class="scenario-sides">' in bank and "(schierano per primi)" in bank
    assert bank.count("Gli uomini della legge schierano entro 5U") == 1
