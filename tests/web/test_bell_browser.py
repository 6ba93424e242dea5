"""The header's bell in a real browser (issue 25): drawn as an icon (an emoji is missing on
some systems) that shows at a desktop's and a phone's width, named for screen readers."""

from __future__ import annotations

from play import register
from playwright.sync_api import Browser, expect

#: The bell's icon is at least 16 px square, within the header, on screen.
DRAWN_WITHIN_THE_HEADER = """width => {
  const icon = document.querySelector("#bell svg.bell-icon");
  if (!icon) return false;
  const box = icon.getBoundingClientRect();
  const header = document.querySelector("header").getBoundingClientRect().right;
  return box.width >= 16 && box.height >= 16 && box.right <= header && header <= width;
}"""


def test_the_bell_is_a_drawn_icon_with_a_name(browser: Browser, base_url: str) -> None:
    for width in (1280, 390):
        page = browser.new_context(viewport={"width": width, "height": 844}).new_page()
        register(page, base_url, f"ringer{width}")
        bell = page.get_by_role("img", name="Notifications")
        expect(bell).to_be_visible()
        # Measured in one go in the page, and again until it holds: the bell is redrawn when
        # notifications are polled, and a box asked of the element being replaced is None.
        page.wait_for_function(DRAWN_WITHIN_THE_HEADER, arg=width)
        assert "\N{BELL}" not in page.locator("#bell").inner_text()
        page.context.close()
