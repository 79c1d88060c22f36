"""The files of attached documents written before the transaction that records them has committed, and what
becomes of them when it is rolled back (interpretation D-12).

`services.attach_document` writes the file first (whole, under its random name) and then records its `Document`
in an atomic block. That block may be a savepoint of a larger transaction — the API's ``Idempotency-Key``
(`api.idempotency`) runs the whole request in one, the demo (`permits.demo.load`) loads everything in one — which
may still be rolled back after the upload has returned: a later refusal, a version conflict, a 5xx answer, an
answer stored for the same key by another request, any exception. Django tells a commit (``on_commit``) but not
a rollback, so:

- `written` notes the file as *pending* in this thread and registers an ``on_commit`` callback (robust) that takes
  it off the list when the transaction that records it commits. A rolled-back savepoint or transaction drops the
  callback, and the file stays pending.
- `discard_unrecorded` deletes the pending files, but only outside any transaction (their fate is then known)
  and only those that no committed `Document` names (a query in autocommit: committed records only). A file that
  a committed record names is never deleted, even when its callback did not run (an earlier ``on_commit``
  callback of the same transaction that raised drops the ones after it). Inside a transaction it does nothing.
- It is called where a transaction has certainly ended: after every request (``request_finished``, connected in
  `permits.apps`), at the end of `demo.load`, and at the start of each `attach_document` outside a transaction.

Deleting a stored file that records name (the demo's reset) is the converse: done ``on_commit``, so that a
rolled-back reset leaves every file of the records it kept (`delete_on_commit`).
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Any

from django.db import DatabaseError, transaction

logger = logging.getLogger(__name__)

_local = threading.local()


def pending() -> set[Path]:
    """The files written in this thread whose recording transaction has not been seen to commit."""
    files: set[Path] | None = getattr(_local, "files", None)
    if files is None:
        files = _local.files = set()
    return files


def written(path: Path) -> None:
    """Note `path`, just written, as pending until the transaction open here commits. Call inside the atomic
    block that records it (so that rolling back that block, or any block around it, leaves it pending)."""
    files = pending()
    files.add(path)
    transaction.on_commit(lambda: files.discard(path), robust=True)


def forget(path: Path) -> None:
    """Take `path` off the pending files (its writer deleted it itself)."""
    pending().discard(path)


def discard_unrecorded(using: str | None = None) -> int:
    """Delete the pending files of this thread that no committed `Document` names; returns how many. Nothing
    while a transaction is open on the connection (`using`, default the default database), nor when the database
    cannot be asked (they stay pending, for the next call)."""
    files = pending()
    if not files or transaction.get_connection(using).in_atomic_block:
        return 0
    from publicassembly.permits.models import Document

    by_name = {p.name: p for p in files}
    try:
        recorded = set(Document._base_manager.using(using).filter(storage_name__in=list(by_name))
                       .values_list("storage_name", flat=True))
    except DatabaseError:
        logger.warning("could not check %d pending document file(s); they are checked again later", len(files))
        return 0
    removed = 0
    for name, path in by_name.items():
        files.discard(path)
        if name in recorded:
            continue
        try:
            path.unlink(missing_ok=True)
            removed += 1
        except OSError as e:
            logger.warning("could not delete %s, the file of a document whose record was rolled back: %s", path, e)
    return removed


def on_request_finished(sender: Any = None, **kwargs: Any) -> None:
    """``request_finished``: the request's transactions have ended."""
    discard_unrecorded()


def delete_on_commit(path: Path) -> None:
    """Delete the stored file `path` once the transaction that deletes its record commits (at once outside a
    transaction); a rollback keeps it, as it keeps the record."""
    def delete() -> None:
        path.unlink(missing_ok=True)

    transaction.on_commit(delete, robust=True)
