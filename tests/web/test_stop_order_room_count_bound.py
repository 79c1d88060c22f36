"""The stop order's "Persons in each room" (Mount Pleasant §§ 164-5, 164-7; M-8): a count above the bound of every
count (a billion, `law.units.MAX_COUNT`, the API's and "Persons present"'s) is told the bound and the number given,
in the words every number field of the pages says it ("Must be at most 1,000,000,000 (got …)."), not asked to be
written "as a whole number"; the bound itself is taken, as the API takes it (W-39) — it was refused, the form
reading at most nine digits."""

from __future__ import annotations

import html as htmllib
import re

import pytest
from tests.web.conftest import client_for

from publicassembly.enforcement.models import StopOrder
from publicassembly.web.forms.enforcement import StopOrderForm

pytestmark = pytest.mark.django_db

MP = "/mount-pleasant-ny/enforcement"
TWENTY = "9" * 20


def _errors(mount_pleasant, **fields) -> dict[str, list[str]]:
    form = StopOrderForm({f"so-{k}": v for k, v in {"performance": "Dance", **fields}.items()},
                         town=mount_pleasant, prefix="so")
    form.is_valid()
    return {k: list(v) for k, v in form.errors.items()}


def test_164_5_a_room_count_of_20_digits_is_told_the_bound_as_persons_present_is(mount_pleasant):
    said = _errors(mount_pleasant, persons_present=TWENTY, persons_by_space=f"Ballroom, 120\nCocktail room, {TWENTY}")
    assert said["persons_present"] == ["Must be at most 1,000,000,000 (got 99,999,999,999,999,999,999)."]
    assert said["persons_by_space"] == [
        "Line 2 (Cocktail room): Must be at most 1,000,000,000 (got 99,999,999,999,999,999,999)."]


@pytest.mark.parametrize(("count", "refused"), [
    ("1000000000", None),  # the bound: taken, as the API takes it
    ("000001000000000", None),  # (leading zeros: the same number)
    ("1000000001", "Line 1 (Ballroom): Must be at most 1,000,000,000 (got 1,000,000,001)."),
    ("1" + "0" * 5000, None),  # more digits than the field holds: told its length (below)
])
def test_164_5_the_bound_of_a_room_count_both_sides(mount_pleasant, count, refused):
    said = _errors(mount_pleasant, persons_by_space=f"Ballroom, {count}").get("persons_by_space")
    if len(count) > 4990:
        assert said and said[0].startswith("Is too long: at most 5,000 characters")
    else:
        assert said == ([refused] if refused else None)


def test_164_5_a_count_of_more_digits_than_python_reads_is_told_the_bound_not_a_500(mount_pleasant):
    digits = "9" * 4400  # (Python reads at most 4,300 digits as an int)
    said = _errors(mount_pleasant, persons_by_space=f"Hall, {digits}")["persons_by_space"]
    assert said[0].startswith("Line 1 (Hall): Must be at most 1,000,000,000 (got 99,999,999,")


def test_164_5_a_count_with_more_leading_zeros_than_python_reads_is_the_number_not_a_500(mount_pleasant):
    """"Hall, 0000…0012" (4,400 zeros, within the field's 5,000 characters) is the number 12: read without its
    zeros, not given to Python whole (which refuses a text of more than 4,300 digits)."""
    form = StopOrderForm({"so-performance": "Dance", "so-persons_by_space": "Hall, " + "0" * 4400 + "12"},
                         town=mount_pleasant, prefix="so")
    form.is_valid()
    assert "persons_by_space" not in form.errors, form.errors
    assert form.cleaned_data["persons_by_space"] == {"Hall": 12}


def test_164_5_the_page_shows_the_bound_beside_the_rooms(mu, hall):
    hall.refresh_from_db()
    r = client_for(mu["enforcement_officer"]).post(f"{MP}/stop_order/0/", {
        "so-venue": f"{hall.pk}:{hall.version}", "so-performance": "Dance", "so-persons_by_space": f"Ballroom, {TWENTY}"})
    assert r.status_code == 422
    page = htmllib.unescape(r.content.decode())
    said = re.search(r'id="err-id_so-persons_by_space"[^>]*><p class="error">([^<]*)</p>', page)
    assert said and said.group(1) == "Line 1 (Ballroom): Must be at most 1,000,000,000 (got 99,999,999,999,999,999,999)."
    assert "as a whole number" not in said.group(1)
    assert not StopOrder.objects.exists()
