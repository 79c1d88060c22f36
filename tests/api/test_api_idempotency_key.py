"""The ``Idempotency-Key`` request header (interpretation W-13; IETF httpapi draft "The Idempotency-Key HTTP Header
Field"): a client that sends a write again after losing its answer (a network timeout) gets the first answer
again, and the write is recorded once — a stop order (Mount Pleasant § 164-5), a complaint (§ 164-12), a room
(§§ 164-7, 164-8), an inspection, the payment of a fine (§ 164-14) and of Carmel's filing fee (ch. 31, fee).

The concurrent case (two requests with one key at once) is tests/reliability/test_idempotency_concurrency.py."""

from __future__ import annotations

import datetime as dt
import inspect
import uuid
from datetime import timedelta

import pytest
from django.test.client import encode_multipart
from django.utils import timezone
from tests.api.conftest import PDF, api_client
from tests.web.conftest import violation  # noqa: F401 - a fixture

from publicassembly.api.idempotency import HEADER, MAX_LENGTH, REPLAYED
from publicassembly.api.models import IdempotentRequest

pytestmark = pytest.mark.django_db

MP = "/api/v1/towns/mount-pleasant-ny"
CA = "/api/v1/towns/carmel-ny"
TODAY = dt.date.today()


def send(client, method: str, url: str, body: object = None, key: str | None = None, **extra):
    """`method` `url` with `body` as JSON (none for a DELETE), with the key when given."""
    headers = {HEADER: key} if key is not None else {}
    call = getattr(client, method.lower())
    if body is None:
        return call(url, headers=headers, **extra)
    return call(url, body, content_type="application/json", headers=headers, **extra)


def new_key() -> str:
    return str(uuid.uuid4())


# --- The writes that a request sent again would record twice -------------------------------------------------------


def _stop_order(mu, hall, **_):
    from publicassembly.enforcement.models import StopOrder

    return (mu["enforcement_officer"], f"{MP}/venues/{hall.pk}/stop-orders",
            {"performance": "Saturday dance", "persons_present": 400}, lambda: StopOrder.objects.count())


def _complaint(mu, hall, **_):
    from publicassembly.enforcement.models import Complaint

    return (mu["enforcement_officer"], f"{MP}/complaints",
            {"description": "Crowd blocking the side exit", "observed_on": TODAY.isoformat(), "venue": hall.pk},
            lambda: Complaint.objects.count())


def _room(mu, hall, **_):
    from publicassembly.venues.models import Space

    return (mu["building_inspector"], f"{MP}/venues/{hall.pk}/spaces",
            {"name": "Terrace room", "kind": "room", "use_group": "assembly_without_fixed_seats", "area": "900"},
            lambda: Space.objects.filter(venue=hall).count())


def _inspection(mu, hall, **_):
    from publicassembly.venues.models import Inspection

    return (mu["building_inspector"], f"{MP}/venues/{hall.pk}/inspections",
            {"scheduled_for": (TODAY + dt.timedelta(days=7)).isoformat()},
            lambda: Inspection.objects.filter(venue=hall).count())


def _fine_payment(mu, violation, **_):  # noqa: F811 - the fixture, asked for by name
    """A violation disposed with the first offense's least fine (§ 164-14); its payment in full."""
    from publicassembly.enforcement import services as es
    from publicassembly.enforcement.models import Violation
    from publicassembly.law.dates import next_business_day

    bi = mu["building_inspector"]
    es.issue_summons(bi, violation, return_date=next_business_day(TODAY + dt.timedelta(days=14)))
    fine = es.penalty_range(Violation.objects.get(pk=violation.pk)).min_fine
    es.record_disposition(bi, Violation.objects.get(pk=violation.pk), outcome="convicted", fine=str(fine),
                          reason="pleaded guilty before the return day")  # (decided today: the reason says why, W-37)

    def payments() -> int:  # the violation's history entries of its payment ("paid" once)
        return Violation.history.filter(id=violation.pk, state="paid").count()

    return bi, f"{MP}/violations/{violation.pk}/payment", {"amount": str(fine)}, payments


def _fee_payment(cu, carmel, hearing_app, **_):
    """A payment of the filing fee (Carmel ch. 31) on the application's version as read."""
    from publicassembly.permits import services as sv
    from publicassembly.permits.models import FeePayment

    sv.set_fee_schedule(cu["town_clerk"], carmel, year=TODAY.year, amount="250.00",
                        resolution_date=dt.date(TODAY.year, 1, 1))
    hearing_app.refresh_from_db()
    return (cu["town_clerk"], f"{CA}/applications/{hearing_app.pk}/fee-payments",
            {"amount": "250.00", "paid_on": TODAY.isoformat(), "receipt": "R-1",
             "expected_version": hearing_app.version},
            lambda: FeePayment.objects.filter(application=hearing_app).count())


WRITES = {"stop_order": _stop_order, "complaint": _complaint, "room": _room, "inspection": _inspection,
          "fine_payment": _fine_payment, "fee_payment": _fee_payment}


@pytest.fixture
def write(request, mu, cu, carmel, hall):
    """(user, url, body, count of the records it writes) of the write named by the test's parameter."""
    make = WRITES[request.param]
    given = {"mu": mu, "cu": cu, "carmel": carmel, "hall": hall}
    names = [n for n in inspect.signature(make).parameters if n != "_"]
    return make(**{n: given[n] if n in given else request.getfixturevalue(n) for n in names})


@pytest.mark.parametrize("write", list(WRITES), indirect=True)
def test_w13_the_same_write_sent_again_with_its_key_is_recorded_once_and_answered_alike(write):
    user, url, body, count = write
    client = api_client(user)
    before = count()
    key = new_key()
    first = send(client, "POST", url, body, key)
    assert first.status_code in (200, 201), first.content
    assert REPLAYED not in first
    again = send(api_client(user), "POST", url, body, key)  # (another token of the same user: the same user's key)
    assert again.status_code == first.status_code
    assert again.content == first.content
    assert again[REPLAYED] == "true"
    assert again["Content-Type"] == first["Content-Type"]
    assert count() == before + 1
    assert IdempotentRequest.objects.filter(key=key).count() == 1


@pytest.mark.parametrize("write", ["stop_order", "room", "inspection"], indirect=True)
def test_w13_two_keys_are_two_requests_each_recorded(write):
    user, url, body, count = write
    client = api_client(user)
    before = count()
    first = send(client, "POST", url, body, new_key())
    if "name" in body:  # (a venue's rooms have names of their own)
        body = {**body, "name": body["name"] + " 2"}
    if "performance" in body:  # (a performance stopped is not stopped again while its order is in force: W-40)
        body = {**body, "performance": body["performance"] + ", second set"}
    second = send(client, "POST", url, body, new_key())
    assert (first.status_code, second.status_code) == (201, 201), (first.content, second.content)
    assert REPLAYED not in second
    assert count() == before + 2


@pytest.mark.parametrize("write", ["stop_order", "inspection"], indirect=True)
def test_w13_without_the_header_nothing_changes_each_request_is_recorded(write):
    user, url, body, count = write
    client = api_client(user)
    before = count()
    # (a performance stopped is not stopped again while its order is in force, W-40: the second of another)
    bodies = [body, {**body, "performance": body["performance"] + ", second set"} if "performance" in body else body]
    answers = [send(client, "POST", url, b) for b in bodies]
    assert [a.status_code for a in answers] == [201, 201]
    assert all(REPLAYED not in a for a in answers)
    assert count() == before + 2
    assert not IdempotentRequest.objects.exists()


def test_w13_a_key_is_the_users_own_another_user_with_the_same_key_is_answered_anew(mu, hall):
    """Keys are scoped to the token's user: another officer's request with the same key is his own request."""
    from publicassembly.enforcement.models import StopOrder

    url, body, key = f"{MP}/venues/{hall.pk}/stop-orders", {"performance": "Saturday dance", "persons_present": 400}, new_key()
    a = send(api_client(mu["enforcement_officer"]), "POST", url, body, key)
    # (another performance: the first stopped is not stopped again while its order is in force, W-40)
    b = send(api_client(mu["building_inspector"]), "POST", url, {**body, "performance": "Sunday brunch"}, key)
    assert (a.status_code, b.status_code) == (201, 201)
    assert REPLAYED not in b and a.json()["id"] != b.json()["id"]
    assert StopOrder.objects.count() == 2


# --- A key used again for another request --------------------------------------------------------------------------


def test_w13_a_key_used_again_with_another_body_is_422_naming_the_header_and_nothing_is_recorded(mu, hall):
    from publicassembly.enforcement.models import StopOrder

    client = api_client(mu["enforcement_officer"])
    url, key = f"{MP}/venues/{hall.pk}/stop-orders", new_key()
    assert send(client, "POST", url, {"performance": "Saturday dance", "persons_present": 400}, key).status_code == 201
    r = send(client, "POST", url, {"performance": "Sunday dance", "persons_present": 400}, key)
    assert r.status_code == 422, r.content
    assert r.json()["field"] == HEADER
    assert r.json()["detail"].startswith(f"{HEADER}: was used for another request (POST {url}) in the last 24 hours")
    assert r.json()["errors"] == [{"field": HEADER, "msg": r.json()["detail"].removeprefix(f"{HEADER}: ")}]
    assert REPLAYED not in r
    assert StopOrder.objects.count() == 1


def test_w13_the_same_json_written_otherwise_is_the_same_request_and_is_replayed(mu, hall):
    """W-13: the fingerprint is of what the JSON body says: other spacing and the members in another order are the
    same request (replayed, recorded once)."""
    from publicassembly.enforcement.models import StopOrder

    client = api_client(mu["enforcement_officer"])
    url, key = f"{MP}/venues/{hall.pk}/stop-orders", new_key()
    first = client.post(url, '{"performance": "Saturday dance", "persons_present": 400}',
                        content_type="application/json", HTTP_IDEMPOTENCY_KEY=key)
    assert first.status_code == 201, first.content
    again = client.post(url, '{\n  "persons_present":400,\n  "performance":"Saturday dance"\n}',
                        content_type="application/json", HTTP_IDEMPOTENCY_KEY=key)
    assert again.status_code == 201 and again[REPLAYED] == "true" and again.content == first.content
    assert StopOrder.objects.count() == 1


@pytest.mark.parametrize(("first", "second"), [
    ('{"persons_present": 400}', '{"persons_present": "400"}'),  # a number and a text
    ('{"persons_present": 400}', '{"persons_present": 400.0}'),  # a whole number and an exact decimal
    ('{"area": 1.5}', '{"area": 1.50}'),  # exact decimals written to another precision
    ('{"a": true}', '{"a": 1}'),
    ('{"a": [1, 2]}', '{"a": [2, 1]}'),  # a list's order is what it says
])
def test_w13_json_bodies_of_other_values_are_other_requests(first, second):
    """W-13: what tells two JSON bodies apart for the key: their values as the API reads them, exact."""
    from django.test import RequestFactory

    from publicassembly.api.idempotency import fingerprint

    def fp(text: str) -> str:
        return fingerprint(RequestFactory().post("/api/v1/x", text, content_type="application/json"))

    assert fp(first) != fp(second)
    assert fp(first) == fp(" " + first + "\n")


def test_w13_a_key_used_again_on_another_path_or_query_is_422(mu, hall):
    from publicassembly.venues.models import Inspection, Space

    bi = api_client(mu["building_inspector"])
    key = new_key()
    first = send(bi, "POST", f"{MP}/venues/{hall.pk}/inspections", {"scheduled_for": TODAY.isoformat()}, key)
    assert first.status_code == 201
    other_path = send(bi, "POST", f"{MP}/venues/{hall.pk}/spaces",
                      {"name": "Annex", "kind": "room", "use_group": "assembly_without_fixed_seats", "area": "300"},
                      key)
    assert other_path.status_code == 422 and other_path.json()["field"] == HEADER
    assert f"(POST {MP}/venues/{hall.pk}/inspections)" in other_path.json()["detail"]
    assert not Space.objects.filter(name="Annex").exists()
    ballroom = Space.objects.get(venue=hall, name="Ballroom")
    other_query = send(bi, "DELETE", f"{MP}/venues/{hall.pk}/spaces/{ballroom.pk}?reason=gone", key=key)
    assert other_query.status_code == 422 and other_query.json()["field"] == HEADER
    assert Space.objects.filter(pk=ballroom.pk).exists()
    assert Inspection.objects.filter(venue=hall).count() == 2  # the fixture's and the first request's


# --- The header's form ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("key", "says"), [
    ("", "is empty"),
    (" ", "begins with a space"),  # (a space alone: printable, but at the ends)
    (" abc", "begins with a space"),
    ("abc ", "ends with a space"),
    ("k" * (MAX_LENGTH + 1), "is 256 characters long"),
    ("k" * 1000, "is 1,000 characters long"),
    ("clé-1", "holds U+00E9 (character 3), which is not ASCII"),
    ("ab\tc", "holds U+0009 (character 3), which is a control character"),
    ("abc\x7f", "holds U+007F (character 4), which is a control character"),
    ("\x00", "holds U+0000 (character 1), which is a control character"),
    ("a\x85b", "holds U+0085 (character 2), which is a control character"),
    ("a\xa0b", "holds U+00A0 (character 2), which is not ASCII"),
])
def test_w13_a_key_not_of_1_to_255_printable_ascii_characters_is_422_naming_the_header(mu, hall, key, says):
    from publicassembly.enforcement.models import StopOrder

    r = send(api_client(mu["enforcement_officer"]), "POST", f"{MP}/venues/{hall.pk}/stop-orders",
             {"performance": "Saturday dance", "persons_present": 400}, key)
    assert r.status_code == 422, r.content
    assert r.json()["field"] == HEADER
    assert r.json()["detail"] == (f"{HEADER}: {says}; it takes 1 to 255 printable ASCII characters (letters, "
                                  "digits, punctuation; spaces only between them), e.g. a UUID")
    assert StopOrder.objects.count() == 0 and not IdempotentRequest.objects.exists()


@pytest.mark.parametrize("key", ["!", "~", "k" * MAX_LENGTH, "a b", '"8e03978e-40d5-43e8-bc93-6894a57f9324"'])
def test_w13_a_key_of_1_to_255_printable_ascii_characters_is_taken(mu, hall, key):
    """The bounds (1 and 255 characters, U+0021 and U+007E at the ends, a space between) and the draft's quoted
    form, taken as written."""
    client = api_client(mu["enforcement_officer"])
    url, body = f"{MP}/venues/{hall.pk}/stop-orders", {"performance": "Saturday dance", "persons_present": 400}
    first, again = send(client, "POST", url, body, key), send(client, "POST", url, body, key)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again[REPLAYED] == "true"
    assert IdempotentRequest.objects.get().key == key


def test_w13_a_bad_key_on_a_safe_request_is_not_read(mu, hall):
    """GET is safe: sending it again does no harm, and its header is not read."""
    r = api_client(mu["building_inspector"]).get(f"{MP}/venues/{hall.pk}", headers={HEADER: ""})
    assert r.status_code == 200


def test_w13_the_public_check_checks_the_key_form_and_stores_no_answer():
    """POST /check needs no token and writes nothing: a well-formed key is taken and no answer stored under it;
    a bad one is 422 naming the header, as on every unsafe request."""
    case = {"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-07-01",
            "event": {"name": "Fair", "max_persons_at_one_time": 600}}
    from django.test import Client

    ok = Client().post("/api/v1/check", case, content_type="application/json", headers={HEADER: new_key()})
    assert ok.status_code in (200, 422) and REPLAYED not in ok  # (the case's own verdict is not the point here)
    assert not IdempotentRequest.objects.exists()
    bad = Client().post("/api/v1/check", case, content_type="application/json", headers={HEADER: "k" * 256})
    assert bad.status_code == 422 and bad.json()["field"] == HEADER


def test_w13_no_token_is_401_whatever_the_key(mu, hall):
    from django.test import Client

    r = send(Client(), "POST", f"{MP}/venues/{hall.pk}/stop-orders", {"performance": "Saturday dance", "persons_present": 400}, new_key())
    assert r.status_code == 401
    assert not IdempotentRequest.objects.exists()


# --- Refusals are answers too ----------------------------------------------------------------------------------------


def test_w13_a_4xx_answer_is_stored_and_replayed_as_it_was(mu, hall, mount_pleasant):
    """A refused request (403: an applicant files no complaint, § 164-12) sent again with its key is given the same
    refusal, replayed, without being run again: the role granted meanwhile does not change the answer; a new key
    is a new request."""
    from publicassembly.accounts.models import Membership
    from publicassembly.enforcement.models import Complaint

    client = api_client(mu["applicant"])
    body = {"description": "Crowd blocking the side exit", "observed_on": TODAY.isoformat(), "venue": hall.pk}
    key = new_key()
    first = send(client, "POST", f"{MP}/complaints", body, key)
    assert first.status_code == 403, first.content
    Membership.objects.create(user=mu["applicant"], town=mount_pleasant, role="enforcement_officer",
                              officer_kind="police_officer")
    again = send(client, "POST", f"{MP}/complaints", body, key)
    assert (again.status_code, again.content, again[REPLAYED]) == (403, first.content, "true")
    assert Complaint.objects.count() == 0
    anew = send(client, "POST", f"{MP}/complaints", body, new_key())  # a new key: run anew, now recorded
    assert anew.status_code == 201, anew.content
    assert Complaint.objects.count() == 1


def test_w13_a_409_of_a_stale_version_is_replayed_as_409(mu, hall):
    from publicassembly.enforcement.models import StopOrder

    hall.refresh_from_db()
    client = api_client(mu["enforcement_officer"])
    url, key = f"{MP}/venues/{hall.pk}/stop-orders", new_key()
    body = {"performance": "Saturday dance", "persons_present": 400, "expected_version": hall.version + 5}
    first = send(client, "POST", url, body, key)
    assert first.status_code == 409
    again = send(client, "POST", url, body, key)
    assert (again.status_code, again.content, again[REPLAYED]) == (409, first.content, "true")
    assert StopOrder.objects.count() == 0


def test_w13_a_delete_sent_again_with_its_key_is_given_its_204_not_a_404(mu, hall):
    """DELETE is unsafe too: removing a room twice with one key is the first 204 again (without the key the room
    is gone and the second is 404)."""
    from publicassembly.venues.models import Space

    bi = api_client(mu["building_inspector"])
    ballroom = Space.objects.get(venue=hall, name="Ballroom")
    url, key = f"{MP}/venues/{hall.pk}/spaces/{ballroom.pk}?reason=walls%20moved", new_key()
    first = send(bi, "DELETE", url, key=key)
    assert first.status_code == 204, first.content
    again = send(bi, "DELETE", url, key=key)
    assert (again.status_code, again[REPLAYED]) == (204, "true")
    assert send(bi, "DELETE", url).status_code == 404  # (no key: run again)
    assert not Space.objects.filter(pk=ballroom.pk).exists()


def test_w13_a_document_upload_sent_again_with_a_new_multipart_boundary_is_the_same_request(cu, hearing_app):
    """A multipart body is compared by its fields and files, not its bytes: a client sending the upload again
    draws a new boundary. Another file under the same key is another request (422)."""
    client = api_client(cu["applicant"])
    url, key = f"{CA}/applications/{hearing_app.pk}/documents", new_key()

    def upload(boundary: str, content: bytes = PDF):
        from django.core.files.uploadedfile import SimpleUploadedFile

        data = {"kind": "site map", "file": SimpleUploadedFile("map.pdf", content, "application/pdf")}
        return client.post(url, encode_multipart(boundary, data),
                           content_type=f"multipart/form-data; boundary={boundary}", headers={HEADER: key})

    before = hearing_app.documents.count()
    first = upload("----one")
    assert first.status_code == 201, first.content
    again = upload("----two")
    assert (again.status_code, again.content, again[REPLAYED]) == (201, first.content, "true")
    other = upload("----three", PDF.replace(b"1 0 obj", b"2 0 obj"))
    assert other.status_code == 422 and other.json()["field"] == HEADER
    assert hearing_app.documents.count() == before + 1


def test_w13_a_large_upload_with_a_key_is_taken_and_replayed(cu, hearing_app):
    """An upload above the 2 MiB a JSON body may hold (a document may be 10 MiB): its fingerprint reads its parts
    as the upload does, never its body whole (which Django refuses above that size)."""
    client = api_client(cu["applicant"])
    url, key = f"{CA}/applications/{hearing_app.pk}/documents", new_key()
    big = PDF.replace(b"\n", b"\n" + b"% padding line\n" * 200_000, 1)
    assert len(big) > 2 * 1024 * 1024

    def upload():
        from django.core.files.uploadedfile import SimpleUploadedFile

        return client.post(url, {"kind": "site plan", "file": SimpleUploadedFile("plan.pdf", big, "application/pdf")},
                           headers={HEADER: key})

    first, again = upload(), upload()
    assert first.status_code == 201, first.content
    assert (again.status_code, again.content, again[REPLAYED]) == (201, first.content, "true")
    assert first.json()["size"] == len(big)


def test_w13_a_multipart_body_sent_with_a_key_to_an_operation_that_reads_json_is_refused_as_without_one(mu, hall):
    """The operation reads its JSON body itself: the fingerprint reads the same bytes, leaving them to it (a
    multipart body parsed first would be a server error when the operation reads it)."""
    client = api_client(mu["enforcement_officer"])
    url, key = f"{MP}/venues/{hall.pk}/stop-orders", new_key()
    without = client.post(url, {"performance": "Saturday dance"})
    keyed = client.post(url, {"performance": "Saturday dance"}, headers={HEADER: key})
    # (a multipart body is refused 415 before the key is read, W-17)
    assert without.status_code == keyed.status_code == 415, keyed.content
    assert keyed.json()["field"] == without.json()["field"] == "Content-Type"


# --- Expiry ----------------------------------------------------------------------------------------------------------


def _age(key: str, seconds: float) -> None:
    IdempotentRequest.objects.filter(key=key).update(created_at=timezone.now() - timedelta(seconds=seconds))


def test_w13_a_stored_answer_is_replayed_until_it_expires_after_24_hours_by_default(mu, hall, settings):
    from publicassembly.enforcement import services as es
    from publicassembly.enforcement.models import StopOrder

    assert settings.IDEMPOTENCY_KEY_SECONDS == 86400
    client = api_client(mu["enforcement_officer"])
    url, body, key = f"{MP}/venues/{hall.pk}/stop-orders", {"performance": "Saturday dance", "persons_present": 400}, new_key()
    assert send(client, "POST", url, body, key).status_code == 201
    _age(key, 86400 - 60)  # a minute before it expires: replayed
    assert send(client, "POST", url, body, key)[REPLAYED] == "true"
    assert StopOrder.objects.count() == 1
    _age(key, 86400)  # 24 hours old: expired, the key free again; the request is run anew
    es.lift_stop_order(mu["enforcement_officer"], StopOrder.objects.get(), correction="Crowd reduced")  # (W-40)
    anew = send(client, "POST", url, body, key)
    assert anew.status_code == 201 and REPLAYED not in anew
    assert StopOrder.objects.count() == 2
    assert IdempotentRequest.objects.filter(key=key).count() == 1  # the new answer, the old one replaced


def test_w13_an_expired_key_may_be_used_for_another_request(mu, hall, settings):
    """The period is the setting (PUBLICASSEMBLY_IDEMPOTENCY_KEY_SECONDS), here 60 seconds; the refusal says it."""
    settings.IDEMPOTENCY_KEY_SECONDS = 60
    client = api_client(mu["enforcement_officer"])
    url, key = f"{MP}/venues/{hall.pk}/stop-orders", new_key()
    assert send(client, "POST", url, {"performance": "Saturday dance", "persons_present": 400}, key).status_code == 201
    _age(key, 59)
    refused = send(client, "POST", url, {"performance": "Sunday dance", "persons_present": 400}, key)
    assert refused.status_code == 422 and "in the last 1 minute;" in refused.json()["detail"]
    _age(key, 60)
    assert send(client, "POST", url, {"performance": "Sunday dance", "persons_present": 400}, key).status_code == 201


def test_w13_expired_answers_are_purged_when_a_request_stores_its_answer(mu, hall, django_capture_on_commit_callbacks):
    """Purged on the fly (docs/operations.md): once a request that stores an answer commits, every expired answer,
    of any user, is deleted; those not expired are kept."""
    url, body = f"{MP}/venues/{hall.pk}/stop-orders", {"performance": "Saturday dance", "persons_present": 400}
    old, recent = new_key(), new_key()
    # (three performances: one stopped is not stopped again while its order is in force, W-40)
    assert send(api_client(mu["building_inspector"]), "POST", url, body, old).status_code == 201
    assert send(api_client(mu["building_inspector"]), "POST", url, {**body, "performance": "Sunday brunch"},
                recent).status_code == 201
    _age(old, 86400)
    _age(recent, 86400 - 1)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        assert send(api_client(mu["enforcement_officer"]), "POST", url, {**body, "performance": "Sunday matinee"},
                    new_key()).status_code == 201
    assert len(callbacks) == 1
    assert set(IdempotentRequest.objects.values_list("key", flat=True)) >= {recent}
    assert not IdempotentRequest.objects.filter(key=old).exists()
    assert IdempotentRequest.objects.count() == 2


# --- The schema -----------------------------------------------------------------------------------------------------


def test_w13_the_openapi_schema_documents_the_header_on_every_unsafe_operation_and_no_other(client):
    schema = client.get("/api/openapi.json").json()
    unsafe = 0
    for route, operations in schema["paths"].items():
        for method, op in operations.items():
            headers = [p for p in op.get("parameters", []) if p["in"] == "header" and p["name"] == HEADER]
            if method.upper() in ("POST", "PUT", "PATCH", "DELETE"):
                unsafe += 1
                assert len(headers) == 1, (method, route)
                (h,) = headers
                assert h["required"] is False
                assert h["schema"] == {"type": "string", "minLength": 1, "maxLength": 255,
                                       "pattern": r"^[\x21-\x7E](?:[\x20-\x7E]*[\x21-\x7E])?$"}
                stored = "given the first answer again" in h["description"]
                assert stored == bool(op.get("security")), (method, route)
            else:
                assert headers == [], (method, route)
    assert unsafe > 40
    stop = schema["paths"]["/api/v1/towns/{town}/venues/{id}/stop-orders"]["post"]
    assert "Idempotent-Replayed: true" in next(p for p in stop["parameters"] if p["name"] == HEADER)["description"]


# --- Server errors, and a second answer stored for one key -----------------------------------------------------------
# A small API of this module's own (its URLs served by the marker below, under /api/ as the real one), with the
# decorator and error handlers of the real one and operations that write and then fail: the project's own
# operations answer no 5xx (tests/api/test_schemathesis.py), so the failure has to be made here.

from django.urls import path  # noqa: E402
from ninja import NinjaAPI, Router, Status  # noqa: E402

from publicassembly.api import errors as api_errors  # noqa: E402
from publicassembly.api.auth import token_auth  # noqa: E402
from publicassembly.api.idempotency import idempotent  # noqa: E402

_failing = NinjaAPI(urls_namespace="w13-failing", docs_url=None, openapi_url=None)
api_errors.install(_failing)
_failing.add_decorator(idempotent, mode="view")
_router = Router(auth=token_auth)


def _write(request, name: str) -> None:
    from publicassembly.api.models import ApiToken

    ApiToken.objects.issue(request.user, name)


@_router.post("/raises")
def _raises(request):
    _write(request, "written before an exception")
    raise RuntimeError("the server failed")


@_router.post("/unavailable", response={201: dict, 503: dict})
def _unavailable(request):
    _write(request, "written before a 503")
    return Status(503, {"detail": "unavailable"})


@_router.post("/answered-meanwhile", response={201: dict})
def _answered_meanwhile(request):
    """Stands for a second transaction that stored an answer for the key while this one ran (on a database
    without PostgreSQL's advisory lock, only the unique constraint stops it)."""
    _write(request, "written before the key was taken")
    IdempotentRequest.objects.create(user=request.user, key=request.headers[HEADER], method="POST",
                                     path=request.path, fingerprint="0" * 64, status=201, body=b"{}")
    return Status(201, {"id": 1})


_failing.add_router("/v1", _router)
urlpatterns = [path("api/", _failing.urls)]


def _tokens(user, name: str) -> int:
    from publicassembly.api.models import ApiToken

    return ApiToken.objects.filter(user=user, name=name).count()


@pytest.mark.urls(__name__)
def test_w13_a_server_error_is_never_stored_and_its_writes_are_undone(mu):
    from django.test import Client

    from publicassembly.api.models import ApiToken

    user = mu["building_inspector"]
    _token, raw = ApiToken.objects.issue(user, "tests")
    client = Client(HTTP_AUTHORIZATION=f"Bearer {raw}", raise_request_exception=False)
    key = new_key()
    for _ in range(2):  # sent again, run again: nothing was stored
        r = client.post("/api/v1/raises", headers={HEADER: key})
        assert r.status_code == 500 and REPLAYED not in r
    assert _tokens(user, "written before an exception") == 0
    for _ in range(2):
        r = client.post("/api/v1/unavailable", headers={HEADER: new_key() if _ else key})
        assert r.status_code == 503 and REPLAYED not in r
    assert _tokens(user, "written before a 503") == 0
    assert not IdempotentRequest.objects.exists()
    # without a key, as before: the operation's own writes stand (no transaction of the request's)
    assert Client(HTTP_AUTHORIZATION=f"Bearer {raw}").post("/api/v1/unavailable").status_code == 503
    assert _tokens(user, "written before a 503") == 1


@pytest.mark.urls(__name__)
def test_w13_an_answer_stored_for_the_key_meanwhile_undoes_the_request_409(mu):
    from django.test import Client

    from publicassembly.api.models import ApiToken

    user = mu["building_inspector"]
    _token, raw = ApiToken.objects.issue(user, "tests")
    r = Client(HTTP_AUTHORIZATION=f"Bearer {raw}").post("/api/v1/answered-meanwhile", headers={HEADER: new_key()})
    assert r.status_code == 409, r.content
    assert r.json()["field"] == HEADER and r["Retry-After"] == "1"
    assert "was answered while this one was being answered" in r.json()["detail"]
    assert _tokens(user, "written before the key was taken") == 0
    assert not IdempotentRequest.objects.exists()
