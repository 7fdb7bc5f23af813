"""The Contracts board of the rulings page in a real headless Chromium at phone width (the
fixtures of test_browser_service: Debian's Chromium, skipped only when there is none)."""
from __future__ import annotations

import pytest

from test_browser_service import browser_context, page, server  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def test_contracts_board_fits_a_phone(page, server):  # noqa: F811
    page.goto(server + "/rulings?example=contracts/creatures/25")
    page.locator("section.cboard").wait_for()
    assert page.locator(".cside").count() == 2
    assert page.locator(".ccreature").count() >= 4
    assert page.locator(".tank").count() == 10
    assert "Verdict" in page.locator(".ruling h2").inner_text()
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the Contracts board scrolls sideways by {overflow}px at 390px"
