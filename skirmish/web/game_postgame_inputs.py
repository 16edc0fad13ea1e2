"""The post-game wizard's addresses and inputs (issue #12): what the wizard has collected
(``Inputs``: the CLI's ``--doctor``, ``--infamy-model``, ``--dice``), read from a form's or a
query's fields, or from the API's JSON; they travel in the form, not the store.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlencode

from skirmish.engine.dice import (
    parse_dice,
)
from skirmish.errors import CampaignError
from skirmish.translation import Message

#: The form's field of a doctor choice is this prefix and the model's name.
DOCTOR_FIELD = "doctor:"
#: A choice left to the service (the gang's own DOTTORE, else none).
DEFAULT = ""
#: The form field and the API header of a request's idempotency key (as ``web.game_actions``).
KEY_FIELD = "key"
KEY_HEADER = "idempotency-key"


def form_key(typed: str | None) -> str | None:
    """The client's idempotency key, or ``None`` (a fresh one then: nothing to replay);
    ``campaign.idempotency`` refuses a bad one in words."""
    return typed.strip() if typed and typed.strip() else None


# ----------------------------------------------------------------------------- addresses


def _q(part: str) -> str:
    return quote(part, safe="")


def game_url(campaign: str, game: int) -> str:
    return f"/c/{_q(campaign)}/games/{game}"


def wizard_url(campaign: str, game: int, gang: str) -> str:
    return f"{game_url(campaign, game)}/postgame/{_q(gang)}"


def status_url(campaign: str, game: int) -> str:
    return f"{game_url(campaign, game)}/postgame"


# ----------------------------------------------------------------------------- the inputs


@dataclass
class Inputs:
    """What the wizard has collected (the CLI's ``--doctor``, ``--infamy-model``, ``--dice``)."""

    doctors: dict[str, str] = field(default_factory=dict)
    infamy_model: str | None = None
    dice: tuple[int, ...] = ()

    def fields(self) -> list[tuple[str, str]]:
        """The inputs as the form's hidden fields (they travel in the form, not the store)."""
        pairs = [(DOCTOR_FIELD + model, kind) for model, kind in self.doctors.items() if kind]
        if self.infamy_model:
            pairs.append(("infamy_model", self.infamy_model))
        if self.dice:
            pairs.append(("dice", " ".join(str(d) for d in self.dice)))
        return pairs

    def query(self, **more: str) -> str:
        return urlencode([*self.fields(), *more.items()])


def read_inputs(fields: Mapping[str, str]) -> Inputs:
    """The wizard's inputs in a form's or a query's fields; dice as the CLI types them."""
    found = Inputs()
    for key, value in fields.items():
        if key.startswith(DOCTOR_FIELD) and value.strip():
            found.doctors[key[len(DOCTOR_FIELD) :].strip()] = value.strip()
    infamy = fields.get("infamy_model", "").strip()
    found.infamy_model = infamy or None
    typed = fields.get("dice", "").strip()
    found.dice = parse_dice(typed) if typed else ()
    return found


def api_inputs(body: Any) -> tuple[Inputs, int | None, bool]:
    """The API's JSON: ``doctor`` as ``{"MODEL": "KIND"}`` or ``["MODEL=KIND"]`` (the CLI's
    ``--doctor``), ``infamy_model``, ``dice`` (``"3 5"`` or ``[3, 5]``), ``seed``. The last
    value says whether dice were given (else they are random, as the CLI's)."""
    if not isinstance(body, dict):
        raise CampaignError(
            Message(
                'the body is a JSON object: {{"doctor": {{...}}, "infamy_model": ..., '
                '"dice": ...}}; nothing was changed.'
            )
        )
    found = Inputs()
    doctor = body.get("doctor") or {}
    if isinstance(doctor, list):
        pairs: dict[str, str] = {}
        for item in doctor:
            model, sep, kind = str(item).rpartition("=")
            if not sep or not model.strip() or not kind.strip():
                raise _bad_doctor(str(item))
            pairs[model.strip()] = kind.strip()
        doctor = pairs
    if not isinstance(doctor, dict):
        raise _bad_doctor(str(doctor))
    found.doctors = {str(k).strip(): str(v).strip() for k, v in doctor.items()}
    infamy = body.get("infamy_model", body.get("infamy-model"))  # the catalogue's name
    found.infamy_model = str(infamy).strip() or None if infamy is not None else None
    dice = body.get("dice")
    given = dice is not None and dice != "" and dice != []
    if isinstance(dice, list):
        dice = " ".join(str(d) for d in dice)
    found.dice = parse_dice(str(dice)) if given else ()
    seed = body.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise CampaignError(
            Message(
                "seed is a whole number, not {str_seed_40!r}; nothing was changed.",
                str_seed_40=str(seed)[:40],
            )
        )
    return found, seed, given


def _bad_doctor(text_: str) -> CampaignError:
    shown = text_[:80]
    return CampaignError(
        Message("doctor takes MODEL=bone-setter|graduate|none, not {shown!r}.", shown=shown)
    )
