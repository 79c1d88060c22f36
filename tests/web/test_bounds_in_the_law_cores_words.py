"""A number out of a form field's bounds is refused beside the field in the words the CLI and the API use
("must be at least 0 (got -1)"), in the page's language, not Django's "Ensure this value is greater than or
equal to 0." (a new-user trial found the pages and the API worded the same refusal two ways)."""

from __future__ import annotations

import re

import pytest
from django.test import Client


def _error(lang: str, persons: str) -> list[str]:
    r = Client(HTTP_ACCEPT_LANGUAGE=lang).get("/permit-check/", {"persons": persons})
    assert r.status_code == 422
    return re.findall(r'id="err-id_persons"[^>]*><p class="error">([^<]*)', r.content.decode())


@pytest.mark.parametrize(("persons", "said"), [
    ("-1", "Must be at least 0 (got -1)."),
    ("1000000001", "Must be at most 1,000,000,000 (got 1,000,000,001)."),  # G-4's bound of counts
])
def test_a_count_out_of_its_bounds_is_told_both_the_bound_and_the_value(db, persons, said):
    assert _error("en", persons) == [said]


def test_the_bound_is_told_in_spanish_on_a_spanish_page(db):
    assert _error("es", "-1") == ["Debe ser al menos 0 (se recibió -1)."]


def test_the_bounds_themselves_are_taken(db):
    for persons in ("0", "1000000000"):
        r = Client().get("/permit-check/", {"persons": persons})
        assert r.status_code == 200, persons
