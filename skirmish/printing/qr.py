"""QR codes for the printed sheets (issue #13): an inline SVG that a roster or an activation card
carries to its gang's page on the club's web app (``campaign.links.gang_link``); and in the
terminal (``terminal``: ``skirmish serve``'s address, an invitation's link).

The encoding is segno's (error correction level M, never a Micro QR); this module only frames
its SVG for a page: a size in millimetres, a quiet zone of four modules around the symbol as the
QR standard asks, dark modules black on white, and a ``<title>`` for screen readers. The same URL
always gives the same bytes (segno chooses the version and the mask deterministically), so the
golden HTML of a sheet stays put. segno (with its SVG writer's XML and URL modules) is
imported when a code is drawn: the roster of a campaign without a web address draws none.
"""

from __future__ import annotations

import io
from typing import TextIO

from markupsafe import Markup, escape

from skirmish.errors import SkirmishError
from skirmish.translation import Message

#: The quiet zone around the symbol, in modules (ISO/IEC 18004 asks for four).
QUIET_ZONE = 4
#: Error correction level M: about 15% of the symbol may be lost (a fold, a pencil mark).
ERROR_CORRECTION = "m"
#: The size below which a phone's camera cannot resolve the modules of a gang's URL.
MIN_SIZE_MM = 8.0


def terminal(url: str, out: TextIO) -> None:
    """The QR code of ``url`` drawn in a terminal with half blocks (``skirmish serve``'s address,
    ``campaign invite``'s link): the same encoding as the printed sheets'."""
    import segno  # lazy: qr

    segno.make(url, error=ERROR_CORRECTION, micro=False).terminal(out=out, compact=True)


def qr_svg(url: str, *, size_mm: float = 16.0, title: str = "") -> Markup:
    """An inline ``<svg>`` element (no XML declaration) of the QR code of ``url``,
    ``size_mm`` wide and high, quiet zone included, with ``title`` (escaped) as its ``<title>``.

    It is ``Markup``, a ``str`` that Jinja2's autoescape leaves alone: every text in it was
    escaped here, and the rest is segno's path."""
    import segno  # lazy: qr
    from segno import DataOverflowError  # lazy: qr

    if not url:
        raise SkirmishError(Message("a QR code needs an address to point to; none was given."))
    if not size_mm >= MIN_SIZE_MM:
        raise SkirmishError(
            Message(
                "a QR code of {size_mm} mm is too small to scan: give at least {min_size_mm:g} mm.",
                size_mm=size_mm,
                min_size_mm=MIN_SIZE_MM,
            )
        )
    try:
        code = segno.make(url, error=ERROR_CORRECTION, micro=False, boost_error=False)
    except DataOverflowError:
        raise SkirmishError(
            Message(
                "the address {url_60!r}… is too long for a QR code ({url_count} characters).",
                url_60=url[:60],
                url_count=len(url),
            )
        ) from None
    out = io.BytesIO()
    code.save(
        out,
        kind="svg",
        xmldecl=False,
        svgns=True,
        omitsize=True,  # the viewBox in modules; the size in mm is set below
        border=QUIET_ZONE,
        dark="#000",
        light="#fff",
        svgclass="qr",
        lineclass=None,
        nl=False,
    )
    svg = out.getvalue().decode("ascii")
    size = f"{size_mm:.3f}".rstrip("0").rstrip(".")
    label = str(escape(title))
    attributes = f'width="{size}mm" height="{size}mm" shape-rendering="crispEdges" ' + (
        f'role="img" aria-label="{label}" ' if title else 'aria-hidden="true" '
    )
    head, _, rest = svg.partition(">")  # segno's opening tag, then its content
    inner = f"<title>{label}</title>" if title else ""
    return Markup(head.replace("<svg ", "<svg " + attributes, 1) + ">" + inner + rest)
