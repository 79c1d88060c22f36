"""End-to-end journeys in a real browser: Playwright driving Debian's Chromium against pytest-django's live
server. Screenshots go to tests/artifacts/ (gitignored). Skipped, saying why, when /usr/bin/chromium is absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
# Playwright's sync API runs an event loop in this thread; the test's own ORM calls are still synchronous.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from tests.web.conftest import _documents_dir, carmel, fair_facts, mount_pleasant  # noqa: E402,F401


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run"])
        yield b
        b.close()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(20_000)
    yield pg
    context.close()


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


PASSWORD = "a long demo passphrase 7"


def person(username: str, town, role: str):
    from publicassembly.accounts.models import Membership, OfficerKind, User

    user = User.objects.create_user(username=username, password=PASSWORD, first_name=username.title(),
                                    email=f"{username}@example.org")
    kind = OfficerKind.POLICE_OFFICER if role == "enforcement_officer" else ""
    Membership.objects.create(user=user, town=town, role=role, officer_kind=kind)
    return user


def sign_in(page, username: str) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url("**/dashboard/")
