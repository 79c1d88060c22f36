"""D-12: an attached document's file is written before its record; when the transaction that records it is
rolled back — this service's own block, or a larger transaction around it after the upload returned (a later
refusal, a version conflict, a Blocked refusal, any exception) — no file is left in the documents folder. A file
that a committed record names is never deleted (the demo's reset rolled back keeps its files)."""

from __future__ import annotations

from datetime import date

import pytest
from django.db import transaction

from publicassembly.permits import demo, stored_files
from publicassembly.permits import services as sv
from publicassembly.permits.models import Document, PermitApplication
from publicassembly.workflow.errors import StaleUpdate, ValidationFailed

from .conftest import PDF, SUBMITTED

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _no_pending_files_of_earlier_tests():
    """Each test counts the files it leaves pending: the thread's list starts empty (tests run before in the same
    worker, through the services with no request around them, leave theirs pending — 194 were found under a
    date moved by faketime, when the workers took the tests in another order)."""
    stored_files.pending().clear()


def stored() -> list[str]:
    """The names of the files in the documents folder (none when it was never made)."""
    folder = sv.documents_dir()
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def test_a_later_refusal_in_the_same_transaction_leaves_no_file(walk):
    """The document is recorded, then the Board's refusal of the exemption fails in the same transaction (the
    fair claims no exemption: Blocked); the transaction is rolled back, and its file goes with its record."""
    app = walk.submitted()
    kept = sv.attach_document(walk.applicant, app, kind="site map", filename="map.pdf", content=PDF)
    before = stored()
    assert before == [kept.storage_name]
    with pytest.raises(sv.Blocked), transaction.atomic():
        doc = sv.attach_document(walk.applicant, app, kind="insurance certificate", filename="ins.pdf", content=PDF)
        assert len(stored()) == 2 and (sv.documents_dir() / doc.storage_name).is_file()  # readable until then
        sv.refuse_exemption(walk.board, app, reasons="Not a municipal event", today=SUBMITTED)
    assert stored_files.discard_unrecorded() == 1
    assert stored() == before
    assert list(Document.objects.values_list("storage_name", flat=True)) == [kept.storage_name]


def test_a_version_conflict_after_the_upload_leaves_no_file(walk):
    app = walk.submitted()
    with pytest.raises(StaleUpdate), transaction.atomic():
        sv.attach_document(walk.clerk, app, kind="site map", filename="map.pdf", content=PDF)
        sv.accept(walk.clerk, app, today=SUBMITTED, expected_version=app.version - 1)
    stored_files.discard_unrecorded()
    assert stored() == [] and not Document.objects.exists()


def test_a_savepoint_rolled_back_inside_a_committed_transaction_leaves_no_file(walk):
    """The upload's own savepoint is rolled back (a later validation error caught), the transaction around it
    commits: the file of the rolled-back record goes, the one recorded after it stays."""
    app = walk.submitted()
    with transaction.atomic():
        try:
            with transaction.atomic():
                sv.attach_document(walk.clerk, app, kind="first map", filename="a.pdf", content=PDF)
                raise ValidationFailed("kind", "a later refusal")
        except ValidationFailed:
            pass
        second = sv.attach_document(walk.clerk, app, kind="second map", filename="b.pdf", content=PDF)
    assert stored_files.discard_unrecorded() == 1
    assert stored() == [second.storage_name]


def test_nothing_is_deleted_while_the_transaction_is_open(walk):
    """Inside a transaction the fate of its files is not known yet: they stay until it ends."""
    app = walk.submitted()
    with transaction.atomic():
        doc = sv.attach_document(walk.clerk, app, kind="site map", filename="map.pdf", content=PDF)
        assert stored_files.discard_unrecorded() == 0
        assert stored() == [doc.storage_name]
    assert stored_files.discard_unrecorded() == 0 and stored() == [doc.storage_name]


def test_a_committed_record_keeps_its_file_even_when_its_callback_did_not_run(walk):
    """The callback that takes a file off the pending ones may not run (an earlier on_commit callback of the
    transaction raised): the committed record is asked, and its file is kept."""
    app = walk.submitted()
    with pytest.raises(RuntimeError), transaction.atomic():
        transaction.on_commit(lambda: (_ for _ in ()).throw(RuntimeError("an earlier callback fails")))
        doc = sv.attach_document(walk.clerk, app, kind="site map", filename="map.pdf", content=PDF)
    assert Document.objects.filter(pk=doc.pk).exists()
    assert (sv.documents_dir() / doc.storage_name) in stored_files.pending()  # its callback never ran
    assert stored_files.discard_unrecorded() == 0
    assert stored() == [doc.storage_name] and sv.read_document(walk.clerk, doc) == PDF


def test_a_failure_inside_the_upload_leaves_no_file(walk, monkeypatch):
    """The service's own atomic block fails (the history cannot be written): nothing is left, at once."""
    app = walk.submitted()

    def fail(*args, **kwargs):
        raise RuntimeError("history table gone")

    monkeypatch.setattr(sv, "save_with_history", fail)
    with pytest.raises(RuntimeError):
        sv.attach_document(walk.clerk, app, kind="site map", filename="map.pdf", content=PDF)
    assert stored() == [] and not stored_files.pending()


def test_the_demo_rolled_back_leaves_no_file_and_its_reset_rolled_back_keeps_every_file(monkeypatch):
    """CLI ``publicassembly demo``: a load that fails after attaching its documents leaves none of their files;
    a reset that fails after deleting the demo's records keeps the files of the records it kept."""
    today = date(2026, 3, 2)

    def fail(*args, **kwargs):
        raise RuntimeError("the enforcement demo failed")

    with monkeypatch.context() as m:
        m.setattr(demo, "_other_demos", fail)
        with pytest.raises(RuntimeError):
            demo.load(today=today)
    assert stored() == [] and not PermitApplication.objects.exists()

    demo.load(today=today)
    files = stored()
    assert len(files) > 1 and sorted(Document.objects.values_list("storage_name", flat=True)) == files
    with monkeypatch.context() as m:
        m.setattr(demo, "_other_demos", fail)
        with pytest.raises(RuntimeError):
            demo.load(reset=True, today=today)
    assert stored() == files
    assert sorted(Document.objects.values_list("storage_name", flat=True)) == files

    demo.load(reset=True, today=today)  # committed: the old files go, the new ones stay
    now = stored()
    assert len(now) == len(files) and not set(now) & set(files)
    assert sorted(Document.objects.values_list("storage_name", flat=True)) == now
