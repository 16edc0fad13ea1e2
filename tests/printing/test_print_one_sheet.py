"""One sheet printed (``skirmish print roster``): laid out with weasyprint's own user-agent
stylesheet, whose leaner copy (``pdf._sheet_html``) costs a process more to parse than it saves
on one sheet (issue #23), with the same bytes; several sheets keep the leaner one."""

from __future__ import annotations

from pathlib import Path

import pytest
from print_fixtures import lawmen_gang

from skirmish.i18n import Lang
from skirmish.printing import pdf, render_roster, write_pdf_sheets
from skirmish.printing.build import roster_view
from skirmish.printing.render import ROSTER_STYLESHEETS
from skirmish.printing.views import RosterView

pytestmark = pytest.mark.slow


def _roster() -> str:
    view: RosterView = roster_view(lawmen_gang(), Lang.IT)
    return render_roster(view, Lang.IT, inline_css=False)


def test_one_sheet_never_builds_the_lean_stylesheet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused() -> None:
        raise AssertionError("the lean user-agent stylesheet was built for one sheet")

    monkeypatch.setattr(pdf, "_sheet_html", refused)
    assert write_pdf_sheets([_roster()], tmp_path / "one.pdf", files=ROSTER_STYLESHEETS) == 1
    with pytest.raises(AssertionError, match="lean"):
        write_pdf_sheets([_roster(), _roster()], tmp_path / "two.pdf")


def test_both_user_agent_stylesheets_make_the_same_bytes() -> None:
    html = _roster()
    fonts, css = pdf.warm_stylesheet(ROSTER_STYLESHEETS)
    lean = pdf._lay_out([html], fonts, css, lean=True).write_pdf()
    plain = pdf._lay_out([html], fonts, css, lean=False).write_pdf()
    assert lean == plain
