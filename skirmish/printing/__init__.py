"""Printed sheets (STYLE.md habit 8): render HTML from ``templates/`` (pure), then write a PDF.

``render_roster``, ``render_blank``, ``render_campaign``, ``render_reference`` and
``render_scenario`` return HTML strings from the view-models of ``printing.views``;
``printing.build`` and ``printing.reference`` make those view-models from the store's dicts and
the rules registry; ``write_pdf`` and ``write_pdf_sheets`` (``printing.pdf``) are the only code
that touches weasyprint.
Importing this package imports neither jinja2 nor weasyprint.
"""

from __future__ import annotations

from skirmish.printing.pdf import write_pdf, write_pdf_sheets
from skirmish.printing.render import (
    render_blank,
    render_campaign,
    render_campaign_sheets,
    render_reference,
    render_roster,
    render_scenario,
)

__all__ = [
    "render_blank",
    "render_campaign",
    "render_campaign_sheets",
    "render_reference",
    "render_roster",
    "render_scenario",
    "write_pdf",
    "write_pdf_sheets",
]
