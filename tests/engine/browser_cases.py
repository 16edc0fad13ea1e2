"""The rolls the engine in the phone is checked on (issue #24, part 2): requests of the entry
``skirmish.engine.browser``'s ``roll``, each a test of ``skirmish roll`` by its inputs (by field,
as the dice roller's query names them) on typed dice. ``test_browser_entry.py`` holds the entry
to the command line's words; ``tests/web/browser/test_engine_phone.py`` holds Pyodide in
Chromium to the server, die by die."""

from __future__ import annotations

from typing import Any

#: (test, inputs by field, typed dice): shots with cover and range, a fight, saves, a panic
#: test, and rolls that roll again (FORTUNA on a "dead", a tied initiative, an owned skill).
CASES: list[tuple[str, dict[str, Any], list[int]]] = [
    # short range, a hit for 2 damages, two saves, a panic test that terrifies
    ("shoot", {"tiro": 4, "range": 3, "target-rif": 3, "target-fred": 3, "target-cos": 3},
     [3, 5, 6, 2, 3, 4, 5]),
    # light cover at long range against a waiting target: a hit for 1 damage, a save, panic
    ("shoot", {"tiro": 4, "weapon": "sei-colpi", "range": 8, "cover": "leggera",
               "target-waiting": True, "fred": 3, "target-rif": 3, "target-fred": 3,
               "target-cos": 3}, [2, 4, 4, 4, 3, 5]),
    # a rifle aimed at a target in partial cover, who is eliminated (no panic test)
    ("shoot", {"tiro": 3, "weapon": "fucile", "aim": True, "cover": "parziale", "range": 14,
               "target-rif": 1, "target-fred": 2, "target-cos": 1}, [1, 1, 6, 6]),
    ("melee", {"cos": 3, "weapon": "coltello", "fred": 4, "target-rif": 3, "target-fred": 3,
               "target-cos": 3}, [2, 4, 4, 4, 3, 5]),
    ("melee", {"cos": 2, "target-rif": 4, "target-fred": 4, "target-cos": 3}, [6, 6, 1, 2, 2]),
    ("save", {"rif": 3, "damage": 2, "behind": True}, [4, 6]),
    ("save", {"rif": 4, "damage": 1}, [2]),
    ("panic", {"fred": 3, "shaken": True}, [3, 5]),
    ("panic", {"fred": 4}, [1, 2]),
    ("recovery", {"cos": 3, "fortuna": 1}, [1, 2, 5]),
    ("initiative", {"rif": 3, "against-rif": 4}, [4, 3, 2, 6]),
    ("skill", {"owned": ["duro", "dottore"]}, [4, 6, 2, 3]),
    # the other tests of ``skirmish roll``, once each
    ("nerve", {"fred": 3, "shaken": True}, [2, 4]),
    ("reflex", {"rif": 4, "action": "mount-galloping"}, [3, 5]),
    ("cohesion", {"highest-fred": 3, "leader": "dead"}, [3]),
    ("infamy", {"fama": False}, [1]),
    ("availability", {"item": "dinamite"}, [4]),
    ("explosion", {"explosive": "nitro", "rif": 3, "cos": 3, "protection": "total",
                   "cover-type": "muro"}, [4, 1, 1, 1, 1, 1, 2]),
    ("lasso", {"target-cos": 3, "mount": "horse", "rif": 3, "cowboy": True}, [2, 5, 6]),
]  # fmt: skip
