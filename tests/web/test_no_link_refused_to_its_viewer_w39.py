"""No page offers its viewer a link or a button that answers him 403 (a new-user trial): the Clerk's queue of
Carmel's applications, seen by a Town Board member, an enforcement officer or a Health Department reviewer,
linked the BLDS export of the permits ("Open data (BLDS): permits, CSV/JSON"), which is for the Town Clerk, the
Building Inspector and the administrator (interpretation D-4, `permits.documents.BLDS_ROLES`) and answered them
403. The export's rule is kept; its links are shown only to whom may follow them.

Every demo user (`publicassembly demo`: each role in each town) signs in and every page reachable from his start
page is opened, following each link of the site; each link answers him something other than 403, and each
button (a form that posts) sent empty — nothing is written of an empty form: the version is required, a form's
field too — is not refused him for his role (403)."""

from __future__ import annotations

import re
from collections import deque
from html import unescape
from urllib.parse import urldefrag, urlsplit

import pytest
from django.test import Client

from publicassembly.accounts.models import Role, User
from publicassembly.permits import demo

pytestmark = pytest.mark.django_db

#: Pages not followed: signing out or changing the language (a button of every page, not of a role), the static
#: files, the administration (linked to staff only: no demo user is).
NOT_FOLLOWED = ("/accounts/logout/", "/i18n/", "/static/", "/admin/")
#: The most pages opened for one user: the demo's pages are fewer; reaching it means the crawl ran away.
MOST_PAGES = 1500

LINK = re.compile(r'<a\b[^>]*\bhref="([^"]+)"', re.I)
FORM = re.compile(r"<form\b([^>]*)>", re.I)


def _local(url: str, base: str) -> str | None:
    """The site's own path and query of a link (``/carmel-ny/applications/?state=submitted``), None for another
    site's, a fragment of the same page or a page not followed."""
    url = urldefrag(unescape(url)).url
    if not url:
        return None
    if url.startswith("?"):
        url = urlsplit(base).path + url
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or not parts.path.startswith("/"):
        return None
    if parts.path.startswith(NOT_FOLLOWED):
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


def _buttons(page: str, base: str) -> set[str]:
    """The addresses a page's forms post to (its buttons)."""
    found = set()
    for attrs in FORM.findall(page):
        if not re.search(r'method="post"', attrs, re.I):
            continue
        action = re.search(r'action="([^"]*)"', attrs)
        target = _local(action.group(1), base) if action and action.group(1) else urlsplit(base).path
        if target:
            found.add(target)
    return found


def _crawl(user: User) -> tuple[int, list[tuple[str, str, int]]]:
    """Open every page reachable by `user` from his start page; (the pages opened, and each link or button —
    (page it is on, its address, what it answered) — that answered 403)."""
    client = Client()
    client.force_login(user)
    queue, seen, posted, refused = deque([("/dashboard/", "/dashboard/")]), {"/dashboard/"}, set(), []
    while queue:
        on, url = queue.popleft()
        r = client.get(url)
        if r.status_code == 403:
            refused.append((on, url, 403))
            continue
        assert len(seen) < MOST_PAGES, f"more than {MOST_PAGES} pages for {user}"
        if r.status_code != 200 or not r.get("Content-Type", "").startswith("text/html"):
            continue
        page = r.content.decode()
        for href in LINK.findall(page):
            target = _local(href, url)
            if target and target not in seen:
                seen.add(target)
                queue.append((url, target))
        for target in _buttons(page, url) - posted:
            posted.add(target)
            answer = client.post(target, {})
            if answer.status_code == 403:
                refused.append((url, f"POST {target}", 403))
    return len(seen), refused


@pytest.mark.parametrize("role", Role.values)
@pytest.mark.parametrize("town", ["carmel", "mount_pleasant"])
def test_no_link_or_button_of_a_page_is_refused_to_its_viewer(town, role):
    demo.load()
    user = User.objects.get(username=demo.username(town, role))
    opened, refused = _crawl(user)
    assert opened > 1
    assert refused == [], refused


@pytest.mark.parametrize("role", ["town_board_member", "enforcement_officer", "health_department_reviewer"])
def test_the_queue_links_no_blds_export_to_whom_it_refuses_d4(role):
    demo.load()
    client = Client()
    client.force_login(User.objects.get(username=demo.username("carmel", role)))
    page = client.get("/carmel-ny/applications/").content.decode()
    assert "/export/blds/" not in page and "Open data (BLDS)" not in page
    assert client.get("/carmel-ny/export/blds/permits.csv").status_code == 403  # (the rule kept)


@pytest.mark.parametrize("role", ["town_clerk", "building_inspector", "administrator"])
def test_the_queue_links_the_blds_export_to_whom_may_download_it_d4(role):
    demo.load()
    client = Client()
    client.force_login(User.objects.get(username=demo.username("carmel", role)))
    page = client.get("/carmel-ny/applications/")
    if page.status_code == 403:  # (a role the queue is not for: no link to judge)
        pytest.skip(f"the queue is not {role}'s")
    body = page.content.decode()
    for fmt in ("csv", "json"):
        assert f'href="/carmel-ny/export/blds/permits.{fmt}"' in body
        assert client.get(f"/carmel-ny/export/blds/permits.{fmt}").status_code == 200
