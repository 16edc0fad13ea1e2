"""Helpers of tests/printing: hand-made gangs shaped like ``skirmish gang show --json``.

Golden HTML files live in tests/golden/printing; regenerate them after a deliberate template
change with::

    SKIRMISH_REGEN_GOLDEN=1 .venv/bin/pytest tests/printing -q
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from skirmish.printing.render import stylesheet
from skirmish.rules import factions, profiles
from skirmish.rules.model import Profile

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "printing"
REGEN = os.environ.get("SKIRMISH_REGEN_GOLDEN") == "1"


def member(profile: Profile, name: str, **changes: Any) -> dict[str, Any]:
    """A model with its profile's numbers, as the store lists it."""
    base: dict[str, Any] = {
        "name": name,
        "profile": profile.id,
        "tiro": profile.tiro,
        "fred": profile.fred,
        "rif": profile.rif,
        "cos": profile.cos,
        "fama": profile.fama,
        "fortuna": profile.fortuna,
        "xp": profile.xp,
        "skills": [],
        "injuries": [],
        "items": [],
    }
    base.update(changes)
    return base


def lawmen_gang() -> dict[str, Any]:
    """Six lawmen with every kind of card content: weapons, skills, injuries, mount, scope."""
    by_id = {p.id: p for p in profiles()}
    return {
        "name": "Tombstone Marshals",
        "faction": "lawmen",
        "treasury": 37,
        "stash": ["lasso", "whisky"],
        "members": [
            member(
                by_id["sheriff"],
                "Wyatt Earp",
                xp=6,
                skills=["duro", {"id": "fuciliere", "choice": "rifle"}],
                injuries=["one-eyed"],
                items=["six-shooter", "repeater", "horse", "rifle-scope"],
            ),
            member(by_id["deputy"], "Virgil Earp", items=["double-barrel", "knife"]),
            member(
                by_id["deputy"],
                "Doc Holliday",
                cos=2,
                skills=["dottore"],
                injuries=["wounded"],
                items=["sawn-off", "small-pistol"],
            ),
            member(by_id["guard"], "Morgan Earp", items=["rifle"]),
            member(by_id["saloon-girl"], "Big Nose Kate", items=["small-pistol"]),
            member(
                by_id["lawmen-volunteer"],
                "Johnny Behan",
                items=["heavy-pistol", "dynamite", "mule"],
            ),
        ],
    }


def faction_gangs() -> list[dict[str, Any]]:
    """One gang per faction holding every profile of it (the npc profiles join the lawmen)."""
    gangs = []
    for faction in factions():
        if not faction.playable:
            continue
        members = [
            member(p, f"{p.name_en} of {faction.id}", items=["knife"])
            for p in profiles()
            if p.faction == faction.id
        ]
        if faction.id == "lawmen":
            members += [member(p, f"{p.name_en} (npc)") for p in profiles() if p.faction == "npc"]
        gangs.append(
            {
                "name": f"Gang {faction.id}",
                "faction": faction.id,
                "treasury": 100,
                "stash": [],
                "members": members,
                "played": 2,
                "won": len(members) % 3,
            }
        )
    return gangs


def structure(html: str) -> str:
    """``html`` with its inlined stylesheet, which must be the sheets' whole, fonts embedded,
    replaced by a marker: the golden files keep the structure, not six copies of the CSS."""
    css = stylesheet(embed_fonts=True)
    assert css in html, "the sheet's stylesheet is not inlined whole"
    return html.replace(css, "/* templates/*.css, fonts embedded */\n")


def check_golden(name: str, html: str) -> None:
    """Compare ``html`` with tests/golden/printing/``name`` (rewrite it when regenerating)."""
    path = GOLDEN / name
    html = structure(html)
    if REGEN:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(html, encoding="utf-8")
    assert path.exists(), f"missing golden file {path}; run SKIRMISH_REGEN_GOLDEN=1 pytest"
    expected = path.read_text(encoding="utf-8")
    assert html == expected, f"{name} differs from its golden file; see docs/printing.md"
