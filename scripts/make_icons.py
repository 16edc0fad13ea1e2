"""Draw skirmish's PNG icons from its SVG (issue #24): ``.venv/bin/python scripts/make_icons.py``.

The home screen wants PNGs (a manifest's 192 and 512 px icons, Safari's apple-touch-icon), the
page's own drawing is ``skirmish/web/static/icons/skirmish.svg``: Debian's chromium (through
Playwright, as the browser tests drive it) draws the SVG at each size and this writes the PNGs
next to it, to be committed. The "maskable" icon and the apple-touch-icon fill the whole square
with the icon's ink (a phone cuts its own shape out of them) and keep the drawing inside the
centre's safe circle (80% of the side, the manifest's maskable rule), so it is drawn at 80%.
"""

from __future__ import annotations

import base64
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parents[1] / "skirmish" / "web" / "static" / "icons"
SVG = ICONS / "skirmish.svg"
CHROMIUM = "/usr/bin/chromium"
INK = "#2b2118"

#: file → (side in px, full bleed: maskable / apple-touch-icon)
PNGS = {
    "skirmish-192.png": (192, False),
    "skirmish-512.png": (512, False),
    "skirmish-maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),
}


def page(side: int, bleed: bool) -> str:
    """The HTML that shows the icon at ``side`` px (transparent around it unless ``bleed``)."""
    data = base64.b64encode(SVG.read_bytes()).decode("ascii")
    drawn = round(side * 0.8) if bleed else side
    ground = INK if bleed else "transparent"
    return (
        "<!doctype html><html><body style='margin:0;background:" + ground + "'>"
        f"<div style='width:{side}px;height:{side}px;display:grid;place-items:center'>"
        f"<img src='data:image/svg+xml;base64,{data}' width='{drawn}' height='{drawn}'>"
        "</div></body></html>"
    )


def main() -> None:
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            for name, (side, bleed) in PNGS.items():
                tab = browser.new_page(viewport={"width": side, "height": side})
                tab.set_content(page(side, bleed))
                tab.screenshot(path=str(ICONS / name), omit_background=not bleed)
                tab.close()
                print(f"{ICONS / name}: {side}×{side}")
        finally:
            browser.close()


if __name__ == "__main__":
    main()
