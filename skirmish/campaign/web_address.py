"""The campaign's web address (issue #13): where the club reaches its web app, which the printed
rosters and cards point to with a QR code (``campaign.links``).

Setting or clearing it is one unit of work on the campaign (``Access.CAMPAIGN``, the campaign's
row locked) and one campaign log entry, ``campaign-address``, with the address before and after.
On the command line anyone may set it, as ``set-public`` (the command line is the store's local
administrator); on the web, the campaign's owners (``Action.PUBLISH``).
"""

from __future__ import annotations

from sqlmodel import Session

from skirmish.campaign import lookup
from skirmish.campaign.links import clean_web_address
from skirmish.campaign.logbook import log_entry
from skirmish.campaign.models import Campaign, LogEntry

#: The log entry's action.
ACTION = "campaign-address"


def set_web_address(session: Session, *, campaign: Campaign, address: str | None) -> LogEntry:
    """Set the campaign's web address (checked and normalised by ``links.clean_web_address``),
    or clear it with ``None``; logged even when it does not change, as ``campaign set`` is."""
    cleaned = clean_web_address(address) if address is not None else None
    lookup.lock_row(session, campaign)
    before = campaign.web_address
    campaign.web_address = cleaned
    session.add(campaign)
    session.flush()
    return log_entry(
        session,
        campaign_id=lookup.row_id(campaign),
        action=ACTION,
        details={"before": before, "after": cleaned},
    )
