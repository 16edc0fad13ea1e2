"""The words printed on the sheets, in Italian (the book's) and English (``i18n.tr`` catalogue).

Names of table entries (weapons, skills, profiles…) come from the entries themselves; this file
holds only the headings and the small phrases the templates need.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from skirmish.i18n import Catalogue, Lang, messages, tr
from skirmish.translation import N_, NP_

LABELS: Catalogue = messages(
    {
        "doc_roster": N_("Gang roster"),
        "doc_blank": N_("Gang roster (blank)"),
        "doc_campaign": N_("Campaign"),
        "doc_reference": N_("Quick reference"),
        "doc_scenario": N_("Scenario"),
        "game": N_("Per qualche dado in più"),
        "gang_name": N_("Gang name"),
        "faction": N_("Gang type"),
        "treasury": N_("Treasury"),
        "stash": N_("Stash"),
        "notes": N_("Notes"),
        "name": N_("Name"),
        "role": N_("Role"),
        "profile": N_("Profile"),
        "tiro": N_("TIRO"),
        "fred": N_("FRED"),
        "rif": N_("RIF"),
        "cos": N_("COS"),
        "wounds": N_("wounds"),
        "fama": N_("FA"),
        "fortuna": N_("FO"),
        "xp": NP_("labels.LABELS.xp", "XP"),
        "actions": N_("actions"),
        "weapon": N_("Weapon"),
        "short": N_("Short"),
        "long": N_("Long"),
        "shots": N_("Shots"),
        "rounds": N_("Rnds"),
        "ca": N_("CA"),
        "bonus": N_("Bon."),
        "note": N_("Note"),
        "skills": N_("Skills"),
        "injuries": NP_("labels.LABELS.injuries", "Injuries"),
        "equipment": N_("Equipment"),
        "mount": NP_("labels.LABELS.mount", "Mount"),
        "none": N_("none"),
        "faction_rules": N_("Gang rules"),
        "leader_aura": N_("The leader"),
        "house_rules": N_("House rules in force"),
        "standings": N_("Standings"),
        "gang": N_("Gang"),
        "played": N_("Played"),
        "won": N_("Won"),
        "drawn": N_("Drawn"),
        "lost": N_("Lost"),
        "points": N_("Points"),
        "rating": N_("Rating"),
        "models": NP_("labels.LABELS.models", "Models"),
        "total_fama": N_("Total FA"),
        "book_eliminations": N_("Elim."),
        "book_casualties": N_("Cas."),
        "book_retreats": N_("Retr."),
        "book_legend": (
            N_(
                "Points: 3 a win, 1 a draw. Elim.: enemy models the gang eliminated. Cas.: the "
                "gang's own models eliminated (casualties). Retr.: games it left by retreating "
                "(losses too). Rating: models, equipment and experience in $."
            )
        ),
        "book_results": N_("Results of the games"),
        "book_game_no": N_("No."),
        "book_date": N_("Date"),
        "book_scenario": N_("Scenario"),
        "book_turn": N_("turn"),
        "book_turns": N_("turns"),
        "book_outcome": NP_("labels.LABELS.book_outcome", "Result"),
        "book_started": N_("Fielded"),
        "book_lost": N_("Eliminated"),
        "book_no_games": N_("No game finished yet."),
        "book_graveyard": N_("The graveyard"),
        "book_fell_in": N_("Game"),
        "book_eliminated_by": N_("Eliminated by"),
        "book_no_dead": N_("Nobody has died yet."),
        "dead": N_("DEAD"),
        "xp_track": N_("EXPERIENCE"),
        "xp_legend": N_("Experience buys (§7.2)"),
        "games_won": N_("Games / won"),
        "campaign": N_("Campaign"),
        "printed": N_("Printed on"),
        "gang_notes": N_("Gang notes"),
        "gameday": N_("Game day"),
        "gd_scenario": N_("Scenario"),
        "gd_opponent": N_("Opponent"),
        "gd_turns": N_("TURNS"),
        "gd_model": N_("Model"),
        "gd_fama": N_("FA spent"),
        "gd_fortuna": N_("FO spent"),
        "gd_kills": N_("Kills"),
        "gd_xp": N_("XP +"),
        "setup": NP_("labels.LABELS.setup", "Table"),
        "background": NP_("labels.LABELS.background", "Background"),
        "deployment": N_("Deployment"),
        "victory": N_("Victory conditions"),
        "length": N_("Length"),
        "scenario_rules": N_("Scenario rules"),
        "tracked": N_("Markers to track"),
        "deploys_first": N_("deploys first"),
        "applied": N_("How we apply them"),
        "others_deploy": N_("Neither side"),
        "map_note": N_(
            "To scale, and indicative like the book's own maps; positions the book does "
            "not give are ours."
        ),
    }
)


def labels(lang: Lang | str) -> Mapping[str, str]:
    """Every label of ``LABELS`` in ``lang``, for the templates (``t.treasury``): said once per
    language, read-only (issue #23: every page asked for them all on every request)."""
    return _labels(str(lang))


@cache
def _labels(lang: str) -> Mapping[str, str]:
    return MappingProxyType({key: tr(LABELS, key, lang) for key in LABELS["en"]})
