"""The header's bell in a real browser (issue 25): drawn as an icon (an emoji is missing on
some systems) that shows at a desktop's and a phone's width, named for screen readers."""

from __future__ import annotations

from play import register
from playwright.sync_api import Browser, expect


def test_the_bell_is_a_drawn_icon_with_a_name(browser: Browser, base_url: str) -> None:
    for width in (1280, 390):
        page = browser.new_context(viewport={"width": width, "height": 844}).new_page()
        register(page, base_url, f"ringer{width}")
        bell = page.get_by_role("img", name="Notifications")
        expect(bell).to_be_visible()
        icon = page.locator("#bell svg.bell-icon")
        box = icon.bounding_box()
        assert box is not None and box["width"] >= 16 and box["height"] >= 16, (width, box)
        header = page.evaluate("document.querySelector('header').getBoundingClientRect().right")
        assert box["x"] + box["width"] <= header <= width  # within the header, on screen
        assert "\N{BELL}" not in page.locator("#bell").inner_text()
        page.context.close()
