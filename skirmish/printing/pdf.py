"""Write a rendered sheet as a PDF: the only code of skirmish that touches weasyprint.

weasyprint is imported inside ``write_pdf`` so that no other command pays for it (about 0.6 s).
The fonts are the DejaVu faces shipped in ``templates/fonts`` and declared with ``@font-face``;
relative URLs resolve against ``templates_dir()``.
"""

from __future__ import annotations

from pathlib import Path

from skirmish.errors import SkirmishError
from skirmish.resources import templates_dir


def write_pdf(html: str, path: Path | str) -> int:
    """Lay ``html`` out on A4 pages and write it to ``path``; return the number of pages."""
    from weasyprint import HTML
    from weasyprint.text.fonts import FontConfiguration

    target = Path(path)
    fonts = FontConfiguration()
    document = HTML(string=html, base_url=templates_dir().as_uri() + "/").render(font_config=fonts)
    try:
        document.write_pdf(target)
    except OSError as exc:
        raise SkirmishError(
            f"cannot write {str(target)!r}: {exc.strerror or exc}; choose another -o path."
        ) from exc
    return len(document.pages)
