"""A key of the ``Idempotency-Key`` header that is not ASCII is named as the client sent it (new-user trial;
interpretation W-13): WSGI hands a header's bytes over read as Latin-1, one character a byte, so "é" sent in UTF-8
(C3 A9) arrives as "Ã©" and was told "holds U+00C3 (character 1)", the first byte, not the character sent. Its
bytes are read as UTF-8 when they are: "holds U+00E9 (character 1)"; bytes that are not UTF-8 (Latin-1's E9) are
named as Latin-1 reads them. (Django's test client puts the header in the request's META as given: a value here
is written as WSGI would hand it over, its UTF-8 bytes read as Latin-1; tests/reliability/
test_idempotency_key_served.py sends the bytes through gunicorn.)"""

from __future__ import annotations

import pytest
from tests.api.conftest import api_client

from publicassembly.api.idempotency import HEADER, key_problem
from publicassembly.api.models import IdempotentRequest

pytestmark = pytest.mark.django_db

MP = "/api/v1/towns/mount-pleasant-ny"
TAKES = ("it takes 1 to 255 printable ASCII characters (letters, digits, punctuation; spaces only between them), "
         "e.g. a UUID")


def wsgi(text: str) -> str:
    """`text` sent in UTF-8 as WSGI hands it over (PEP 3333: the bytes read as Latin-1)."""
    return text.encode("utf-8").decode("latin-1")


@pytest.mark.parametrize(("sent", "says"), [
    ("é", "holds U+00E9 (character 1), which is not ASCII"),
    ("clé-1", "holds U+00E9 (character 3), which is not ASCII"),
    ("ab€", "holds U+20AC (character 3), which is not ASCII"),
    ("k😀", "holds U+1F600 (character 2), which is not ASCII"),
    ("a\u0085b", "holds U+0085 (character 2), which is a control character"),  # (C2 85 in UTF-8)
    ("a\u00a0b", "holds U+00A0 (character 2), which is not ASCII"),
    ("é" * 200, "holds U+00E9 (character 1), which is not ASCII"),  # 200 characters (400 bytes): not "too long"
    ("é" * 256, "is 256 characters long"),  # counted in the characters sent, not its 512 bytes
])
def test_a_key_sent_in_utf8_is_named_by_the_character_sent_w13(mu, hall, sent, says):
    from publicassembly.enforcement.models import StopOrder

    r = api_client(mu["enforcement_officer"]).post(
        f"{MP}/venues/{hall.pk}/stop-orders", {"performance": "Saturday dance", "persons_present": 400},
        content_type="application/json", headers={HEADER: wsgi(sent)})
    assert r.status_code == 422, r.content
    assert r.json()["field"] == HEADER
    assert r.json()["detail"] == f"{HEADER}: {says}; {TAKES}"
    assert StopOrder.objects.count() == 0 and not IdempotentRequest.objects.exists()


def test_bytes_that_are_not_utf8_are_named_as_latin1_reads_them_w13():
    """A key sent in Latin-1 (the byte E9 alone, not UTF-8) is named by that byte read as Latin-1, "é" (U+00E9);
    an ASCII key is unchanged; a value already holding characters beyond Latin-1 (not a WSGI header's) is taken as
    it is."""
    from publicassembly.api.idempotency import as_sent

    assert key_problem(b"cl\xe9".decode("latin-1")) == f"holds U+00E9 (character 3), which is not ASCII; {TAKES}"
    assert key_problem(b"\xc3".decode("latin-1")) == f"holds U+00C3 (character 1), which is not ASCII; {TAKES}"
    assert as_sent("5f0c1a52-3c1e") == "5f0c1a52-3c1e" and key_problem("5f0c1a52-3c1e") is None
    assert as_sent("€") == "€"


def test_the_public_check_names_the_character_sent_too_w13():
    """``POST /check`` (no token) checks the key's form alike."""
    from django.test import Client

    case = {"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-07-01",
            "event": {"name": "Fair", "max_persons_at_one_time": 600}}
    r = Client().post("/api/v1/check", case, content_type="application/json", headers={HEADER: wsgi("é")})
    assert r.status_code == 422 and r.json()["detail"] == f"{HEADER}: holds U+00E9 (character 1), which is not " \
                                                          f"ASCII; {TAKES}"
