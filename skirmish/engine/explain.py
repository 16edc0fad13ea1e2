"""How any roll is explained, whatever the procedure: numbers with a true minus sign, faces,
sums, the ``dice``/``rolls`` JSON, and ``Words`` (the modifier labels and saving-roll lines, read
from the catalogues of ``explain_combat`` and ``explain_procedures``). Every front end explains a
roll with these: the terminal (``cli.render_rolls.emit``) and the web's dice roller."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from skirmish.i18n import Catalogue, Lang, tr

if TYPE_CHECKING:  # for annotations only: importing stays cheap
    from skirmish.engine.dice import Die
    from skirmish.engine.result import Modifier
    from skirmish.engine.saving import SaveOutcome

MINUS = "−"


def signed(value: int) -> str:
    """``+1``, ``−2``, ``+0`` with a true minus sign."""
    return f"{MINUS}{-value}" if value < 0 else f"+{value}"


def number(value: int) -> str:
    """An integer with a true minus sign."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def faces_text(faces: Iterable[int]) -> str:
    """``2,4``."""
    return ",".join(str(f) for f in faces)


def sum_text(first: int, values: Iterable[int]) -> str:
    """``4 + 4 + 1 − 1``: the die then every value with its sign."""
    parts = [str(first)]
    for value in values:
        parts.append(f"{MINUS} {-value}" if value < 0 else f"+ {value}")
    return " ".join(parts)


def dice_json(dice: Sequence[Die]) -> dict[str, Any]:
    """``dice``: the faces in order; ``rolls``: each with what it was rolled for."""
    return {
        "dice": [d.value for d in dice],
        "rolls": [{"die": d.value, "for": d.purpose} for d in dice],
    }


class Words:
    """The texts that depend on a renderer's catalogues: ``labels`` names the modifiers by the
    engine's key, ``messages`` holds ``save``, ``no-wound``, ``wound`` and ``wounds``."""

    def __init__(self, labels: Catalogue, messages: Catalogue) -> None:
        self.labels = labels
        self.messages = messages

    def label(self, key: str, lang: Lang | str) -> str:
        """A modifier's short name; an unknown key is shown as it is."""
        table = self.labels.get(str(lang)) or self.labels["en"]
        return table.get(key) or self.labels["en"].get(key) or key

    def named(self, modifiers: Sequence[Modifier], lang: Lang | str) -> str:
        """``behind +2, whisky +1``."""
        return ", ".join(f"{self.label(m.key, lang)} {signed(m.value)}" for m in modifiers)

    def modifiers_json(
        self, modifiers: Sequence[Modifier], lang: Lang | str
    ) -> list[dict[str, Any]]:
        """Each modifier by key, value, label and source."""
        return [
            {"key": m.key, "value": m.value, "label": self.label(m.key, lang), "source": m.source}
            for m in modifiers
        ]

    def wounds_text(self, wounds: int, lang: Lang | str) -> str:
        """``no wound``, ``1 wound``, ``2 wounds``."""
        if wounds == 0:
            return tr(self.messages, "no-wound", lang)
        if wounds == 1:
            return tr(self.messages, "wound", lang)
        return tr(self.messages, "wounds", lang, n=wounds)

    def save_line(self, outcome: SaveOutcome, lang: Lang | str) -> str:
        """``save 4 − 3 = 1, 1 wound`` (R-03)."""
        values = [m.value for m in outcome.modifiers] + [-outcome.rif]
        total = f"{sum_text(outcome.face, values)} = {number(outcome.total)}"
        line = f"{tr(self.messages, 'save', lang)} {total}"
        line += f", {self.wounds_text(outcome.wounds, lang)}"
        if outcome.modifiers:
            line += f" ({self.named(outcome.modifiers, lang)})"
        return line
