"""``skirmish roll``: one subcommand per procedure of the rulebook.

The combat procedures (nerve, shoot, melee, save, panic) are registered by ``roll_combat``; the
other procedures (reflex, initiative, cohesion, infamy, recovery, skill, availability, explosion,
lasso) by ``roll_procedures``.
"""

from __future__ import annotations

import typer

from skirmish.cli import roll_combat, roll_procedures
from skirmish.translation import N_

app = typer.Typer(
    name="roll",
    help=N_("Roll a test with every modifier applied and explained, from random or typed-in dice."),
    no_args_is_help=True,
)
roll_combat.register(app)
roll_procedures.register(app)
