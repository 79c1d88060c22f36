"""Commands that write documents: the occupancy sign, the determination report, a site map's area and occupant
load, and the certificate, permit, verified petition, hearing notice, summons, calendar and BLDS export — from
the workflow's database (``--number``, ``--application``, ``--town``; Django is set up inside the command, on
the database of ``--data-dir`` or ``DATABASE_URL``) or from a record given as JSON (``--from-json``).

Every command writes to ``-o FILE`` and refuses to overwrite an existing file without ``--force``; bad input
exits 2 with one message naming the option, file or field; the law core failing to answer exits 1.
"""

# ruff: noqa: B008  (Typer declares options as argument defaults)
from __future__ import annotations

import dataclasses
import importlib
import json
import typing
from collections.abc import Callable, Mapping
from datetime import date
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import typer

from publicassembly.cli.app import (
    EXIT_BAD_INPUT,
    EXIT_ERROR,
    app,
    error,
    every_refusal,
    fail,
    parse_date_option,
    whole_number,
)
from publicassembly.documents.certificate_number import (
    CERTIFICATE_NUMBER_FORMAT,
    as_given,
    is_certificate_number,
)
from publicassembly.documents.csv_cells import RULE_IN_WORDS
from publicassembly.documents.lawparams import LawNotAvailable, LawNotInForce
from publicassembly.documents.records import (
    DEFAULT_ALARM_DAYS,
    MAX_ALARM_DAYS,
    MAX_TEXT,
    CertificateRecord,
    DeadlineItem,
    HearingNoticeRecord,
    PermitRecord,
    PetitionRecord,
    RecordRefused,
    SummonsRecord,
    fields_help,
    record_from_json,
)
from publicassembly.law.units import MAX_MAGNITUDE, given

R = TypeVar("R")


class _Deferred:
    """A module imported on first use: ReportLab, icalendar, shapely and pyproj load only for the command that
    needs them, so `publicassembly check` and the other commands start fast."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attr: str) -> Any:
        return getattr(importlib.import_module(self._name), attr)


pdf: Any = _Deferred("publicassembly.documents.pdf")
blds: Any = _Deferred("publicassembly.documents.blds")
calendars: Any = _Deferred("publicassembly.documents.calendars")
sitemap: Any = _Deferred("publicassembly.documents.sitemap")

#: The largest ``--from-json`` file read, in bytes: 2 MiB, the API's limit of a request body (the setting
#: ``DATA_UPLOAD_MAX_MEMORY_SIZE``, which a test holds equal to it), so that the command line takes no record the
#: API would refuse for its size. A record, or a calendar's or a BLDS export's lists of at most 1,000 items, is
#: far smaller; a larger file is refused after reading one byte past the limit, never read whole (`read_json`;
#: interpretation G-16). A case file (`check`, `report`) has its own limit (`casefile.MAX_BYTES`).
MAX_FROM_JSON_BYTES = 2 * 1024 * 1024
#: The limit as the commands' --help and their refusal state it.
FROM_JSON_LIMIT_WORDS = f"2 MiB ({MAX_FROM_JSON_BYTES:,} bytes)"
FROM_JSON_SIZE_HELP = (f"At most {FROM_JSON_LIMIT_WORDS}, the API's limit of a request body; a larger file is "
                       "refused (exit 2).")

OUTPUT_HELP = ("The file to write; - for standard output (not a terminal). A name ending in another format's "
               "extension (e.g. .txt for a PDF) is refused.")
FORCE_HELP = "Overwrite the output file if it exists."
FROM_JSON_HELP = ("A JSON file holding the record's fields: dates YYYY-MM-DD (1778-2099), money and areas as numbers "
                  "(read exactly, never rounded) or numeric strings (0 or more, at most 20 decimal places), persons "
                  "and days as whole numbers (0 to 1,000,000,000; 12.0 is 12, 12.5 is refused), text "
                  "(a JSON string: a number is refused) of at most 5,000 characters, lists of at most 1,000 items. An "
                  "unknown field is named with the fields allowed; every problem of the file is listed, one per line "
                  "(exit 2). " + FROM_JSON_SIZE_HELP)

SUMMONS_FROM_JSON_HELP = (FROM_JSON_HELP + " The summons must state the law of its jurisdiction (mount-pleasant-ny, "
                          "the default, or carmel-ny): rule_id a rule of its rule book (publicassembly rules "
                          "--jurisdiction ALIAS lists them); min_fine, max_fine, max_jail_days, max_jail_months and "
                          "classification the law's penalty in force on offense_date, for offense_number (Mount "
                          "Pleasant § 164-14; no days_of_continued_violation) or for days_of_continued_violation "
                          "(Carmel ch. 31 penalties ¶¶ A, B, each day a separate violation; offense_number null); town the "
                          "jurisdiction's town (e.g. Town of Mount Pleasant, New York; the PDF prints that name); "
                          "citation the rule's citation, penalty_citation (if given) the penalty's; offense_date "
                          "not after today; return_date after offense_date and at most 365 days after today "
                          "(interpretation W-7), a weekday not a public holiday (W-8); return_time HH:MM, 00:00 to "
                          "23:59, or left out.")
NOTICE_FROM_JSON_HELP = ('A JSON file of the notice: {"town": "carmel-ny" (its OCD id or "Town of Carmel" too: the '
                         'Town Board holding the hearing of Carmel ch. 31 ¶ B), "application_reference", '
                         '"applicant", "event", "property_address", "hearing_place", "newspaper" (texts, not empty, '
                         f'at most {MAX_TEXT:,} characters, that the documents can print), "hearing_at": '
                         '"YYYY-MM-DDTHH:MM" (the Town\'s local time; not a Sunday or public holiday), '
                         '"hearing_time_to_be_announced": true with hearing_at the date alone, YYYY-MM-DD, when the '
                         'hour is not fixed (default false), "latest_publication_date": "YYYY-MM-DD" (not after ¶ '
                         "B's last day to publish the notice, as the law core counts the days of notice before the "
                         'hearing; earlier is allowed), "revision": the times the hearing was moved (optional, '
                         'default 0; not printed: the calendars\' SEQUENCE), "published_on": "YYYY-MM-DD" the day '
                         'the newspaper published the notice, once it has (optional; not after today nor after ¶ '
                         'B\'s last day; not printed: the calendars then say it was published that day)}. Each problem found is listed, one per line (exit 2): the '
                         'fields and their forms first, the law once they read. '
                         'Example: examples/carmel-hearing-notice.json. ' + FROM_JSON_SIZE_HELP)
PERMIT_FROM_JSON_HELP = (FROM_JSON_HELP + " A permit whose status is revoked gives revoked_date, the day the Town "
                         "Board revoked it (Carmel ch. 31 ¶ G); issued_date and revoked_date not after today (what "
                         "they record has happened: interpretation G-10). The permit is Carmel's: town carmel-ny, its OCD id, "
                         "Town of Carmel or Town of Carmel, New York (¶ A; carmel-ny is printed Town of Carmel); "
                         "maximum_persons in excess of ¶ A's threshold of persons; insurance limits at least ¶ E's "
                         "least limits for bodily injury or death and for property damage (in force on "
                         "issued_date; a higher limit is taken); "
                         "bond_amount the amount the Town Board fixed, more than 0 (¶ F); money in whole cents; "
                         "bond_disposition released or forfeited once the Town Board did so (left out while the bond "
                         "is posted; the permit then says so), only on a permit expired or revoked, with "
                         "bond_disposition_date, the day it did, not after today, before issued_date or, revoked, "
                         "before revoked_date, and a forfeiture after the day no cleanup can have failed before "
                         "(revoked: ¶ F's last day counted from first_day; expired: cleanup_due_date), and "
                         "bond_disposition_reason the Board's reason, if any (interpretations P-32, P-35); "
                         "cleanup_due_date from last_day to ¶ F's last day for the cleanup, as the law core counts "
                         "its days from last_day (one falling on a weekend or public holiday carried to the next "
                         "business day; an earlier day is taken).")
PETITION_FROM_JSON_HELP = (FROM_JSON_HELP + " The petition is addressed to the Town Board of Carmel (¶ B): town, if "
                           "given, carmel-ny, its OCD id, Town of Carmel or Town of Carmel, New York; filed_date, if "
                           "given, not after today (G-10). Omit for the blank form.")
CERTIFICATE_FROM_JSON_HELP = (FROM_JSON_HELP + " The certificate states Mount Pleasant ch. 164's loads: each space's "
                              "use_group one of §§ 164-7, 164-8 and its occupant_load the law's for its area (a "
                              "bowling_alley gives alleys, and as area_sq_ft the additional area; no other space "
                              "gives alleys), lawful_occupancy their sum; issued_date not after today; "
                              "superseded_by only with status superseded.")

DATA_DIR_HELP = ("Folder of the SQLite database (default: $PUBLICASSEMBLY_DATA_DIR or "
                 "~/.local/share/publicassembly); DATABASE_URL names PostgreSQL.")
TOWN_HELP = "The town's jurisdiction alias (carmel-ny, mount-pleasant-ny)."
#: --town of a command that finds a record by its number in the database (sign, certificate, summons).
TOWN_OF_NUMBER_HELP = (TOWN_HELP + " Needed only when two towns' records use the same number (the command then "
                       "says so); otherwise the number alone finds the record.")


def _fields_of(cls: type) -> str:
    """The paragraph of a document command's --help listing the fields of its --from-json record (generated from
    the record's dataclass, `fields_help`)."""
    return f"**Fields of --from-json** (JSON; a field not listed is refused): {fields_help(cls)}."

export_app = typer.Typer(help="Export records in open data standards.", no_args_is_help=True)
app.add_typer(export_app, name="export")


def _as_of(value: str | None, option: str = "--as-of") -> date | None:
    return parse_date_option(value, option)


#: ``-o -``: the document goes to standard output (as ``batch -o -``).
STDOUT = "-"


#: The name of a format in a refusal, when it is not its extension in capitals (``PDF``, ``ICS``, ``CSV``).
_FORMAT_NAMES = {"txt": "text"}


def check_output(path: Path, force: bool, kind: str | None = None) -> None:
    """Exit 2 when `path` cannot be the output of a document of format `kind`: its name ends in another
    format's extension (``pdf``, ``ics``, ``csv``, ``json``, ``txt``: ``-o permit.txt`` would be a PDF no text
    reader opens; a name without an extension is taken as it is), it is a directory (``-o ''`` names the
    current one), its directory does not exist, or it exists and `force` is not given. ``-`` (standard output) passes. `write_output` checks
    it; a command that prints or works before writing checks it first, so that nothing is done for an output
    that will be refused."""
    if kind is not None and str(path) != STDOUT and path.suffix and path.suffix.lower() != f".{kind}":
        fail(f"-o: {path} ends in {path.suffix!r}, but this writes {_FORMAT_NAMES.get(kind, kind.upper())}; give "
             f"a name ending in .{kind} (e.g. {path.with_suffix('.' + kind).name})")
    if str(path) == STDOUT:
        return
    if path.is_dir():
        shown = "'' (the current directory)" if str(path) == "." else str(path)
        example = path / f"document.{kind or 'pdf'}"
        fail(f"-o: {shown} is a directory, not a file; give the file's name (e.g. {example})")
    if path.exists() and not force:
        fail(f"-o: {path} exists; give --force to overwrite it")
    if not path.parent.is_dir():
        fail(f"-o: {path.parent} is not a directory; create it first, or give a file in an existing directory")


def write_output(path: Path, data: bytes, force: bool, kind: str | None = None) -> None:
    """Write `data` to `path`, or to standard output when `path` is ``-`` (refused when standard output is a
    terminal: a PDF is not for the screen); exit 2 when `check_output` refuses `path`, or when it cannot be
    written."""
    import sys

    check_output(path, force, kind)
    if str(path) == STDOUT:
        out = sys.stdout.buffer if hasattr(sys.stdout, "buffer") else None
        if out is None or sys.stdout.isatty():
            fail("-o -: standard output is a terminal; redirect it to a file (> file) or give -o FILE")
        out.write(data)
        out.flush()
        return
    try:
        path.write_bytes(data)
    except OSError as exc:
        fail(f"-o: cannot write {path}: {exc.strerror or exc}")
    typer.echo(f"wrote {path} ({len(data):,} bytes)", err=True)


def read_json(path: Path, option: str = "--from-json") -> Any:
    """The JSON content of `path`; exit 2 naming the file when it cannot be read or parsed, is larger than
    `MAX_FROM_JSON_BYTES` (found by reading one byte past it: a file without end, ``/dev/zero``, is refused too),
    or names a key twice in one object (as a case file is refused). Every number is read exactly, as a case file's is: one with a
    point or an exponent is a Decimal (``0.1`` is one tenth, not a binary float's nearest, and ``1e999`` stays the
    number written, not a float's infinity), a whole one an int; JSON's non-standard constants ``NaN``,
    ``Infinity`` and ``-Infinity`` are read as the Decimal they name, so that the record's reader
    (`record_from_json`) refuses them naming the field and what it allows. A Decimal keeps the text it was written
    as (`law.units.WrittenNumber`), which a refusal quotes (``1e999``, not ``1E+999``)."""
    from publicassembly.cli.casefile import CaseFileError, decode
    from publicassembly.law.cases import RepeatedKey, unique_keys
    from publicassembly.law.units import WrittenNumber

    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_FROM_JSON_BYTES + 1)  # (never the whole of a larger file)
    except FileNotFoundError:
        fail(f"{option}: {path} does not exist")
    except OSError as exc:
        fail(f"{option}: cannot read {path}: {exc.strerror or exc}")
    if len(raw) > MAX_FROM_JSON_BYTES:
        fail(f"{option}: {path} is larger than {FROM_JSON_LIMIT_WORDS}, the most a --from-json file holds (the "
             "API's limit of a request body); give a smaller file (a calendar or a BLDS export of many records in "
             "several)")
    try:
        text = decode(raw, str(path), "JSON record")
    except CaseFileError as exc:
        fail(f"{option}: {exc.describe()}")
    try:
        return json.loads(text, object_pairs_hook=unique_keys, parse_float=WrittenNumber,
                          parse_constant=WrittenNumber)
    except json.JSONDecodeError as exc:
        fail(f"{option}: {path} is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})")
    except RepeatedKey as exc:  # (JSON would keep the last value silently: which one was meant is not known)
        fail(f"{option}: {path}: key {exc.key!r} is given twice; give each field once")
    except RecursionError:
        fail(f"{option}: {path} is nested too deeply")
    except ValueError as exc:  # (an integer of more digits than Python converts)
        fail(f"{option}: {path} is not valid JSON ({exc})")


def _record(cls: type[R], path: Path) -> R:
    """The record of `path` (``--from-json``); exit 2 listing every problem of the file, one line each."""
    records, problems = _records(cls, [read_json(path)], "")
    if problems:
        _refused(path, problems)
    return typing.cast(R, records[0])


def _records(cls: type[R], items: list[Any], key: str,
             also: Callable[[Mapping[str, Any], str], list[str]] | None = None) -> tuple[list[R | None], list[str]]:
    """The records `items` of a file (its list `key`, each named ``key[i].``; the whole file when `key` is
    empty), one for each item in its place — the record as read when every field of it read, though wrong
    (`RecordRefused`), None when one did not — and every problem of every item, one line each
    (`record_from_json`'s lines, then those `also` finds in the item's object as read, e.g. what BLDS
    requires). The records are of use as they are only when there is no problem."""
    out: list[R | None] = []
    problems: list[str] = []
    for i, item in enumerate(items):
        prefix = f"{key}[{i}]." if key else ""
        try:
            out.append(record_from_json(cls, item, prefix=prefix))
        except RecordRefused as exc:
            out.append(exc.record)
            problems += exc.problems
        except ValueError as exc:
            out.append(None)
            problems += str(exc).split("\n")
        if also is not None and isinstance(item, dict):
            problems += also(item, prefix)
    return out, problems


def _refused(path: Path, problems: list[str]) -> NoReturn:
    """Exit 2 telling each problem of the file `path` on its own line."""
    for line in problems:
        error(f"{path}: {line}")
    raise typer.Exit(EXIT_BAD_INPUT)


def _longest_text(record: Any, where: str = "") -> tuple[str, int]:
    """(field, length) of the longest text of a record, or of a case file's facts (its nested records, mappings
    and lists included: ``spaces[3].name``)."""
    best = ("", 0)
    items: list[tuple[str, Any]] = []
    if dataclasses.is_dataclass(record) and not isinstance(record, type):
        items = [(f"{where}{f.name}", getattr(record, f.name)) for f in dataclasses.fields(record)]
    elif isinstance(record, Mapping):
        items = [(f"{where}{k}", v) for k, v in record.items()]
    elif isinstance(record, list | tuple):
        items = [(f"{where.rstrip('.')}[{i}]", v) for i, v in enumerate(record)]
    for name, value in items:
        found = (name, len(value)) if isinstance(value, str) else _longest_text(value, f"{name}.")
        if found[1] > best[1]:
            best = found
    return best


def _render(make: Callable[[], bytes], record: Any = None, source: Path | None = None) -> bytes:
    """The document `make` renders; a date before the law it states exits 2 naming ``--as-of``, the law core
    failing to give a value exits 1, a bad value of the record exits 2, and so does a text too long to fit on
    one page of the document (naming the longest text of `record`, when given: a record, or a case file's
    facts). The documents continue their tables, charts and texts over as many pages as they need (interpretation
    D-13), so that only a part that cannot be split and is taller than a page is refused. `source`: the file the
    record was read from (``--from-json``, a case file), named at the head of a bad value's message."""
    from reportlab.platypus.doctemplate import LayoutError

    where = f"{source}: " if source is not None else ""
    try:
        return make()
    except LayoutError:
        field, length = _longest_text(record) if record is not None else ("", 0)
        which = f" (the longest is {field}, {length:,} characters)" if field else ""
        fail(f"{where}a text of the record is too long to fit on one page of the document{which}; shorten it")
    except LawNotInForce as exc:
        fail(f"--as-of: {exc}")
    except LawNotAvailable as exc:
        fail(str(exc), EXIT_ERROR)
    except ValueError as exc:
        fail(f"{where}{exc}")


# --- the workflow's database ----------------------------------------------------------------------------------


def _one_source(**given: object) -> None:
    """Exit 2 unless exactly one of the options (name → value, None when not given) is given."""
    names = [n for n, v in given.items() if v is not None and v is not False]  # (0 is given: `0 == False`)
    if len(names) != 1:
        options = " or ".join(given)
        fail(f"give one of {options}" + (f" (got {', '.join(names)})" if names else ""))


def _db(data_dir: Path | None) -> None:
    from publicassembly.cli.workflow_commands import _setup_django

    _setup_django(data_dir)


def _from_db(make: Callable[[], R], option: str | None = None) -> R:
    """Run a database look-up; a missing record or bad value exits 2 with its message (a missing record named by
    `option`, the option that gave its number: "--certificate: no certificate 'NOPE'"), another workflow
    error exits 1."""
    from publicassembly.workflow.errors import NotFound, ValidationFailed, WorkflowError

    try:
        return make()
    except NotFound as exc:
        fail(f"{option}: {exc}" if option else str(exc))
    except (ValidationFailed, ValueError) as exc:
        fail(str(exc))
    except LawNotAvailable as exc:
        fail(str(exc), EXIT_ERROR)
    except WorkflowError as exc:
        fail(str(exc), EXIT_ERROR)


def _town_records(alias: str, option: str = "--town") -> Any:
    """The Town of a jurisdiction alias in this database, or None when it has no records here; exit 2 naming
    the allowed aliases when the alias is not a town."""
    from publicassembly.accounts.models import Town
    from publicassembly.law import jurisdictions

    try:
        j = jurisdictions.get(alias.strip())
    except Exception:
        fail(f"{option}: {alias!r} is not a town; allowed: carmel-ny, mount-pleasant-ny")
    return Town.objects.filter(ocd_id=j.ocd_id).first()


def _town(alias: str | None, option: str = "--town") -> Any:
    """The Town of a jurisdiction alias, or None; exit 2 naming the allowed aliases when unknown, or saying so
    when the town has no records in this database."""
    if alias is None:
        return None
    town = _town_records(alias, option)
    if town is None:
        fail(f"{option}: {alias} has no records in this database (run `publicassembly demo` or add them)")
    return town


def _application(pk: int, *, town: Any = None, drafts: bool = False) -> Any:
    """Application `pk` (of `town` when given); exit 2 naming --application, the Town whose applications were
    looked in and how to list them when there is none, or when it is a draft and `drafts` is not set (its
    permit, petition and notice are documents of a petition filed). `drafts` (``calendar``): a draft's own
    calendar, as its page's ``calendar.ics`` gives it to its applicant and the Town's officials (interpretation
    P-28). One message for every command (`workflow_commands.find_application`)."""
    from publicassembly.cli.workflow_commands import find_application

    return find_application(pk, town=town, drafts=drafts)


MAX_URL_CHARS = 2000


def _certificate_number(value: str) -> str:
    """The certificate number given to ``--certificate``: what the public look-up takes (letters and digits
    joined by hyphens, at most `MAX_CERTIFICATE_CHARS` characters; `documents.certificate_number`), so that the
    sign's number and its QR code lead to the certificate; exit 2 naming the option and the format otherwise."""
    number = value.strip()
    if not is_certificate_number(number):
        fail(f"--certificate: a certificate number is {CERTIFICATE_NUMBER_FORMAT}; got {as_given(number)}")
    return number


def _base_url(value: str) -> str:
    """The public site given to ``--base-url`` (empty: no QR code): an ``http://`` or ``https://`` address with
    a host, at most `MAX_URL_CHARS` characters; exit 2 naming the option otherwise (a ``javascript:`` or other
    scheme must never reach the sign's QR code)."""
    from urllib.parse import urlsplit

    url = value.strip()
    if not url:
        return ""
    try:
        parts = urlsplit(url)
    except ValueError:
        parts = None
    if (parts is None or parts.scheme.lower() not in ("http", "https") or not parts.hostname
            or len(url) > MAX_URL_CHARS or not url.isprintable() or " " in url):
        fail(f"--base-url: {url[:80]!r} is not allowed; give the public site's http:// or https:// address "
             f"(e.g. https://publicassembly.example.org), at most {MAX_URL_CHARS} characters")
    return url


def _database_exists(data_dir: Path | None) -> bool:
    """Whether the CLI's own database is there to be read, found without creating anything: the SQLite file
    of the data directory (``--data-dir``, else the default) exists, or ``DATABASE_URL`` names PostgreSQL.
    False when a host configured Django with settings of its own (the CLI run inside it, e.g. the test suite):
    the data directory is then not the CLI's to read."""
    import os

    from publicassembly.cli.workflow_commands import SETTINGS_MODULE
    from publicassembly.site.paths import DATA_DIR_ENV, sqlite_database_file

    if os.environ.get("DJANGO_SETTINGS_MODULE", SETTINGS_MODULE) != SETTINGS_MODULE:
        return False
    if data_dir is not None:
        os.environ[DATA_DIR_ENV] = str(data_dir.expanduser().resolve())
    file = sqlite_database_file()
    return file is None or file.is_file()


def _check_recorded_occupancy(number: str, occupancy: int, room: str, town: str | None,
                              data_dir: Path | None) -> None:
    """Exit 2 when the database holds certificate `number` and the sign given by hand would contradict it
    (Mount Pleasant § 164-9: the sign states the lawful occupancy of a certificate in force): the certificate is
    not in force (revoked, stale or superseded; `venues.documents.require_in_force`), or `occupancy` (persons)
    is not the occupant load it records for `room` (a room or area it names) or, for any other name, the
    lawful occupancy of the whole place — only when it records at most one room or area: of a certificate of
    several, a name that is none of them is refused, naming them (interpretation D-14). With no database (`_database_exists`; a SQLite file without tables
    counts as none), or a number the database does not hold, nothing is checked: an inspector may print the
    sign of a certificate he issued himself. A database that cannot be opened exits 1."""
    if not _database_exists(data_dir):
        return
    from publicassembly.cli.workflow_commands import _require_migrated, _setup_django

    _setup_django(data_dir, create=True)  # the file exists (checked above): nothing is created
    from django.db import connection
    from django.db.migrations.recorder import MigrationRecorder

    if not _from_db(lambda: MigrationRecorder(connection).has_table()):
        return  # an empty SQLite file: no records
    _require_migrated()
    from publicassembly.venues import documents as vd
    from publicassembly.workflow.errors import NotFound, ValidationFailed

    place = None
    if town is not None:
        place = _town_records(town)
        if place is None:
            return  # the town has no records here: the certificate is not in this database
    try:
        cert = vd.find_certificate(number, place)
    except NotFound:
        return
    except ValidationFailed as exc:  # several towns use the number
        fail(f"{'--certificate' if exc.field == 'number' else '--' + exc.field}: {exc.detail}")
    try:
        vd.require_in_force(cert)
    except vd.CertificateNotInForce as exc:
        fail(f"--certificate: {exc}")
    names = [str(s["name"]) for s in cert.space_loads]
    try:  # (the room as a name is read, "lanes" being "Lanes": M-26)
        recorded = vd.sign_data(cert, room)[0]
        where, persons = recorded.room, recorded.occupancy
    except ValidationFailed as exc:  # (a name that reads as two rooms' of a certificate stored before M-23)
        fail(f"--room: {exc.detail}")
    except NotFound:
        if len(names) > 1:  # (each room its own number: the place's total posted in a room is wrong, D-14)
            loads = ", ".join(f"{s['name']} {int(s['occupant_load']):,}" for s in cert.space_loads)
            fail(f"--room: {room!r} is not a room or area of certificate {cert.number}, whose rooms and areas each "
                 f"have their own lawful occupancy ({loads} persons; § 164-9: a sign states the lawful occupancy "
                 f"of the room or area it is posted in); give one of them, or omit --occupancy and --room to print "
                 f"one page per room or area from the database")
        where = "the whole place" + (f" (it names the rooms or areas: {', '.join(names)})" if names else "")
        persons = int(cert.lawful_occupancy)
    if occupancy != persons:
        fail(f"--occupancy: {occupancy:,} persons is not the lawful occupancy certificate {cert.number} records "
             f"for {where}: {persons:,} persons (§ 164-9); give --occupancy {persons}, or omit --occupancy and "
             f"--room to print the certificate's signs from the database")


def _sign_occupancy(occupancy: int | None, room: str | None, space: str | None) -> int:
    """``--occupancy`` of a sign by hand: given with ``--room``, not with ``--space``, 0 to `MAX_COUNT` persons;
    exit 2 naming the option otherwise."""
    from publicassembly.law.units import MAX_COUNT

    if occupancy is None or room is None:
        fail("--occupancy and --room go together (or omit both to read the certificate from the database; "
             "--space ROOM then prints only that room's sign)")
    if space is not None:
        fail("--space reads the certificate from the database; it does not go with --occupancy/--room")
    if occupancy < 0:
        fail(f"--occupancy: {occupancy} is less than 0 persons; allowed: 0 to {MAX_COUNT}")
    if occupancy > MAX_COUNT:
        fail(f"--occupancy: {occupancy} is more than {MAX_COUNT} persons; allowed: 0 to {MAX_COUNT}")
    return occupancy


def _sign_room(room: str | None) -> str | None:
    """``--room`` of a sign by hand: 1 to `MAX_ROOM_CHARS` characters, not only spaces (absent: told by
    `_sign_occupancy`); exit 2 naming the option otherwise."""
    from publicassembly.documents.pdf.sign import MAX_ROOM_CHARS

    if room is None:
        return None
    if not room.strip():
        fail(f"--room: the room or area's name, 1 to {MAX_ROOM_CHARS} characters, not only spaces (got "
             f"{'only spaces' if room else 'nothing'})")
    if len(room) > MAX_ROOM_CHARS:
        fail(f"--room: the room or area's name, 1 to {MAX_ROOM_CHARS} characters (got {len(room)})")
    return room


@app.command()
def sign(
    certificate: str = typer.Option(..., "--certificate", help="The certificate's number, as the "
                                     f"public look-up takes it: {CERTIFICATE_NUMBER_FORMAT}."),
    occupancy: int | None = typer.Option(None, "--occupancy", parser=whole_number, help="The lawful occupancy, in persons, "
                                         "0 to 1000000000 (with --room; omit both to read the certificate from "
                                         "the database). When the database holds the certificate, it must be in "
                                         "force, the room one of its rooms or areas when it names several, and "
                                         "the number the one it records for the room (or the whole place); with "
                                         "no database, or a number it does not hold, the sign states what is "
                                         "given."),
    room: str | None = typer.Option(None, "--room", help="The room or area the sign is posted in (at most 200 "
                                    "characters; a long name is wrapped, or set smaller, to fit the page)."),
    space: str | None = typer.Option(None, "--space", help="From the database: only this room or area's sign, "
                                     "its name read with letter case and spaces aside (default: one page per room "
                                     "or area of the certificate)."),
    town: str | None = typer.Option(None, "--town", help=TOWN_OF_NUMBER_HELP),
    data_dir: Path | None = typer.Option(None, "--data-dir", help=DATA_DIR_HELP, file_okay=False),
    base_url: str = typer.Option("", "--base-url", help="The public site; the QR code opens "
                                                        "BASE-URL/certificates/NUMBER/ (the public look-up)."),
    as_of: str | None = typer.Option(None, "--as-of", help="The date whose sign form applies (default today)."),
    output: Path = typer.Option(..., "-o", "--output", help=OUTPUT_HELP),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """Write the occupancy sign of Mount Pleasant § 164-9 (PDF): red lettering on white, letters one inch high
    and 3/8 inch wide, stating the lawful occupancy. From the database: one page per room or area of the
    certificate (its occupant load), or only --space's."""
    by_hand = occupancy is not None or room is not None
    when, certificate, base_url, *_ = every_refusal(  # (every option refused told in one run)
        lambda: _as_of(as_of), lambda: _certificate_number(certificate), lambda: _base_url(base_url),
        *((lambda: _sign_occupancy(occupancy, room, space), lambda: _sign_room(room)) if by_hand else ()),
        lambda: check_output(output, force, "pdf"))
    if by_hand:
        assert occupancy is not None and room is not None  # (`_sign_occupancy`)
        _check_recorded_occupancy(certificate, occupancy, room, town, data_dir)
        data = _render(lambda: pdf.render_occupancy_sign(occupancy, room, certificate, base_url=base_url,
                                                         as_of=when))
        write_output(output, data, force, "pdf")
        return
    _db(data_dir)
    from publicassembly.venues import documents as vd

    cert = _from_db(lambda: vd.find_certificate(certificate, _town(town)), "--certificate")
    try:
        vd.require_in_force(cert)
    except vd.CertificateNotInForce as exc:
        fail(f"--certificate: {exc}")
    from publicassembly.workflow.errors import NotFound, ValidationFailed

    try:  # (--space as a name is read, "lanes" being "Lanes", the sign naming it as the certificate does: M-26)
        signs = vd.sign_data(cert, space)
    except NotFound as exc:
        fail(f"--space: {exc}")
    except ValidationFailed as exc:  # (a name that reads as two rooms' of a certificate stored before M-23)
        fail(f"--space: {exc.detail}")
    data = _render(lambda: pdf.render_occupancy_signs([(s.occupancy, s.room) for s in signs], cert.number,
                                                      base_url=base_url, as_of=when))
    write_output(output, data, force, "pdf")


@app.command()
def report(
    casefile: Path = typer.Argument(..., help="A case file (YAML or JSON), or a determination's JSON "
                                  "(what check --format json writes); - reads it from standard input."),
    output: Path = typer.Option(..., "-o", "--output", help=OUTPUT_HELP),
    as_of: str | None = typer.Option(None, "--as-of", help="Determine the case on this date (YYYY-MM-DD); a "
                                     "case file only (a determination's JSON keeps its own date)."),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """Write the determination report (PDF) of a case file, or of a determination's JSON (what check --format
    json writes): verdict, deadlines on a timeline, occupant load per space as a bar chart, missing items,
    findings and penalty.

    Given -, it reads either from standard input: check … --format json | publicassembly report - -o report.pdf
    (check's JSON carries no case name, so its report prints none; check - itself reads a case file only)."""
    from publicassembly.cli.casefile import CaseFileError, read_case_file
    from publicassembly.cli.law_commands import _invalid
    from publicassembly.law import LawError, evaluate
    from publicassembly.law.cases import first_of
    from publicassembly.law.errors import InvalidCase

    when = _as_of(as_of)
    try:
        case_file = read_case_file(casefile)
    except CaseFileError as exc:
        fail(exc.describe())
    data = case_file.data
    name = data.get("name") if isinstance(data, Mapping) else None
    case_name = name.strip() if isinstance(name, str) else ""
    unnamed = "not named in the case file"
    from publicassembly.documents import determination_json as dj

    keys = dj.keys_of_a_determination(data) if isinstance(data, Mapping) else []
    if keys and when is not None and not dj.lacking(data):
        fail(f"--as-of: {case_file.path} is a determination, made on its own as_of ({given(data.get('as_of'))}); "
             "--as-of determines a case file: give the case file, or leave --as-of out")
    if keys:
        # (check --format json writes no name: the case's name is printed when the file is given one)
        unnamed = "not named (a determination's JSON does not carry the case's name; add \"name\" to print one)"
        try:  # already a determination (to_json), perhaps edited: every wrong field named, not a traceback
            determination: Any = dj.check_determination_json(dict(data))
        except ValueError as exc:
            why = ""
            if dj.lacking(data):  # (a case file with a stray key would be told it lacks a verdict: say why)
                shown = ", ".join(keys[:3]) + (", …" if len(keys) > 3 else "")
                why = f"\n(read as a determination: it has {shown}, which no case file has)"
            errors = [(f, m) if m else ("", f) for f, _, m in (line.partition(": ") for line in str(exc).split("\n"))]
            field, message = first_of(errors)  # each on a line of its own, the first saying how many more
            fail(_invalid(case_file, InvalidCase(field, message, errors=errors)) + why)
    else:
        try:
            on = when or (None if isinstance(data, Mapping) and data.get("as_of") else date.today())
            determination = evaluate(data, on)
        except InvalidCase as exc:  # every bad fact listed, with its line, as check lists them
            fail(_invalid(case_file, exc))
        except LawError as exc:
            fail(f"{case_file.path}: {exc}")
    write_output(output, _render(lambda: pdf.render_report(determination, case_name=case_name, unnamed=unnamed),
                                 data, source=Path(case_file.path)), force, "pdf")


@app.command()
def area(
    site: Path = typer.Argument(..., help="A GeoJSON site map (Polygon, MultiPolygon, Feature or "
                                          "FeatureCollection; degrees, or a projected 'crs'): UTF-8 text, each "
                                          "member of an object given once."),
    output: Path | None = typer.Option(None, "-o", "--output", help="Also write the result to this file: a "
                                       "name ending in .txt (.json with --format json) or without an extension. "
                                       "An existing file is refused without --force, before anything is printed."),
    fmt: str = typer.Option("text", "--format", help="text or json."),
    method: str = typer.Option("geodesic", "--method", help="geodesic (true ground area) or planar "
                                                             "(projected coordinates only)."),
    as_of: str | None = typer.Option(None, "--as-of", help="The date whose law applies (default today)."),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """Print the area (square feet) of an open-air site map and its occupant load under Mount Pleasant
    § 164-8.

    With --format json: area_sq_ft and area_sq_m are JSON numbers, rounded down to 0.01 and written as check
    writes its numbers (108496.35; 10000 for a whole number), beside crs, method, polygons, occupant_load,
    citation and as_of."""
    if fmt not in ("text", "json"):
        fail(f"--format: {fmt!r} is not a format; allowed: text, json")
    if method not in ("geodesic", "planar"):
        fail(f"--method: {method!r} is not allowed; allowed: geodesic, planar")
    kind = "json" if fmt == "json" else "txt"
    if output is not None:  # before the result is printed: a refused output must not follow it
        check_output(output, force, kind)
    when = _as_of(as_of) or date.today()
    from publicassembly.cli.casefile import CaseFileError, decode

    try:
        raw = site.read_bytes()
    except FileNotFoundError:
        fail(f"{site}: does not exist")
    except OSError as exc:
        fail(f"{site}: cannot read it ({exc.strerror or exc})")
    try:  # (binary, UTF-16 or not UTF-8: told as check tells a case file)
        text = decode(raw, str(site), "GeoJSON site map")
    except CaseFileError as exc:
        fail(exc.describe())
    try:
        result = sitemap.site_occupancy(text, when, method)
    except LawNotInForce as exc:
        fail(f"--as-of: {exc}")
    except LawNotAvailable as exc:
        fail(str(exc), EXIT_ERROR)
    except ValueError as exc:
        fail(f"{site}: {exc}")
    if fmt == "json":
        text = json.dumps(result.to_json(), indent=2, ensure_ascii=False)
    else:
        text = (f"Area: {result.area.area_sq_ft:,} sq ft ({result.area.method}, coordinates in "
                f"{result.area.crs}, {result.area.polygons} polygon(s))\n"
                f"Occupant load as an unenclosed open-air area: {result.occupant_load:,} persons "
                f"({result.citation}, law in force on {result.as_of.isoformat()})")
    typer.echo(text)
    if output is not None and str(output) != STDOUT:  # "-": the text above is already on standard output
        write_output(output, (text + "\n").encode("utf-8"), force, kind)


CERTIFICATE_HELP = ("Write the Building Inspector's certificate for a place of assembly (PDF; Mount Pleasant "
                    "§ 164-9).\n\n" + _fields_of(CertificateRecord))


@app.command(help=CERTIFICATE_HELP)
def certificate(
    number: str | None = typer.Option(None, "--number", help="The certificate's number (from the database)."),
    from_json: Path | None = typer.Option(None, "--from-json", help=CERTIFICATE_FROM_JSON_HELP),
    town: str | None = typer.Option(None, "--town", help=TOWN_OF_NUMBER_HELP),
    data_dir: Path | None = typer.Option(None, "--data-dir", help=DATA_DIR_HELP, file_okay=False),
    output: Path = typer.Option(..., "-o", "--output", help=OUTPUT_HELP),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """Write the Building Inspector's certificate for a place of assembly (PDF; Mount Pleasant § 164-9)."""
    _one_source(**{"--number": number, "--from-json": from_json})
    if from_json is not None:
        record = _record(CertificateRecord, from_json)
    else:
        _db(data_dir)
        from publicassembly.venues import documents as vd

        record = _from_db(lambda: vd.certificate_record(vd.find_certificate(str(number), _town(town))), "--number")
    write_output(output, _render(lambda: pdf.render_certificate(record), record, from_json), force, "pdf")


PERMIT_HELP = "Write the permit for a public assembly (PDF; Carmel ch. 31).\n\n" + _fields_of(PermitRecord)


@app.command(help=PERMIT_HELP)
def permit(
    application: int | None = typer.Option(None, "--application", parser=whole_number, help="The application's id (database)."),
    from_json: Path | None = typer.Option(None, "--from-json", help=PERMIT_FROM_JSON_HELP),
    data_dir: Path | None = typer.Option(None, "--data-dir", help=DATA_DIR_HELP, file_okay=False),
    output: Path = typer.Option(..., "-o", "--output", help=OUTPUT_HELP),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """Write the permit for a public assembly (PDF; Carmel ch. 31)."""
    _one_source(**{"--application": application, "--from-json": from_json})
    if from_json is not None:
        record = _record(PermitRecord, from_json)
    else:
        _db(data_dir)
        from publicassembly.permits import documents as permit_docs

        record = _from_db(lambda: permit_docs.permit_record(_application(int(application or 0))), "--application")
    write_output(output, _render(lambda: pdf.render_permit(record), record, from_json), force, "pdf")


PETITION_HELP = ("Write the verified petition (PDF; Carmel ch. 31 ¶ B), blank or filled in.\n\n"
                 + _fields_of(PetitionRecord) + " Every field may be left out: the form then has it blank.")


@app.command(help=PETITION_HELP)
def petition(
    application: int | None = typer.Option(None, "--application", parser=whole_number, help="The application's id (database)."),
    from_json: Path | None = typer.Option(None, "--from-json", help=PETITION_FROM_JSON_HELP),
    data_dir: Path | None = typer.Option(None, "--data-dir", help=DATA_DIR_HELP, file_okay=False),
    output: Path = typer.Option(..., "-o", "--output", help=OUTPUT_HELP),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """Write the verified petition (PDF; Carmel ch. 31 ¶ B), blank or filled in."""
    if application is not None and from_json is not None:
        fail("give one of --application or --from-json (or neither, for the blank form)")
    record = _record(PetitionRecord, from_json) if from_json else None
    if application is not None:
        _db(data_dir)
        from publicassembly.permits import documents as permit_docs

        record = _from_db(lambda: permit_docs.petition_record(_application(application)), "--application")
    write_output(output, _render(lambda: pdf.render_petition(record), record, from_json), force, "pdf")


@app.command()
def notice(
    application: int | None = typer.Option(None, "--application", parser=whole_number, help="The application's id (database)."),
    from_json: Path | None = typer.Option(None, "--from-json", help=NOTICE_FROM_JSON_HELP),
    data_dir: Path | None = typer.Option(None, "--data-dir", help=DATA_DIR_HELP, file_okay=False),
    output: Path = typer.Option(..., "-o", "--output", help=OUTPUT_HELP),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """Write the notice of public hearing for the official newspaper (PDF; Carmel ch. 31 ¶ B), from the
    database's scheduled hearing (--application) or a JSON file (--from-json; its fields are in the README)."""
    _one_source(**{"--application": application, "--from-json": from_json})
    if from_json is not None:
        record = _record(HearingNoticeRecord, from_json)
    else:
        _db(data_dir)
        record = _from_db(lambda: _notice_record(int(application or 0)), "--application")
    write_output(output, _render(lambda: pdf.render_hearing_notice(record), record, from_json), force, "pdf")


SUMMONS_HELP = ("Write a summons returnable in the Town Justice Court (PDF; Mount Pleasant §§ 164-12, 164-14, or "
                "Carmel ch. 31 penalties ¶¶ A-B by days of continued violation).\n\n" + _fields_of(SummonsRecord))


@app.command(help=SUMMONS_HELP)
def summons(
    number: str | None = typer.Option(None, "--number", help="The summons number (from the database)."),
    from_json: Path | None = typer.Option(None, "--from-json", help=SUMMONS_FROM_JSON_HELP),
    town: str | None = typer.Option(None, "--town", help=TOWN_OF_NUMBER_HELP),
    data_dir: Path | None = typer.Option(None, "--data-dir", help=DATA_DIR_HELP, file_okay=False),
    output: Path = typer.Option(..., "-o", "--output", help=OUTPUT_HELP),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """Write a summons returnable in the Town Justice Court (PDF; Mount Pleasant §§ 164-12, 164-14, or Carmel
    ch. 31 penalties ¶¶ A-B by days of continued violation)."""
    _one_source(**{"--number": number, "--from-json": from_json})
    if from_json is not None:
        record = _record(SummonsRecord, from_json)
    else:
        _db(data_dir)
        from publicassembly.enforcement import documents as enf_docs

        record = _from_db(lambda: enf_docs.summons_record(enf_docs.find_summons(str(number), _town(town))), "--number")
    write_output(output, _render(lambda: pdf.render_summons(record), record, from_json), force, "pdf")


#: The lists of a calendar's JSON file and what each holds.
CALENDAR_LISTS = {"hearings": "hearing notice records", "deadlines": "deadline objects {application_reference, name, "
                  "due, counted, citation}"}


def _calendar_lists(data: Mapping[str, Any]) -> list[str]:
    """The problems of a calendar's JSON object as a whole, one line each naming the key: one that is not a key
    of it (each, with the keys allowed); ``hearings`` or ``deadlines`` given but not a list (a text would be read
    letter by letter, an object as its keys): each takes a list of objects, ``[]`` for none; ``town`` or
    ``application`` given but not text (a number, 12 or NaN, was taken as its digits)."""
    allowed = ("town", "hearings", "deadlines", "application")
    problems = [f"{key}: is not a field; allowed: {', '.join(allowed)}" for key in sorted(set(data) - set(allowed))]
    problems += [f"{key}: expected a list of {what} ([] for none), got {given(data[key])}"
                 for key, what in CALENDAR_LISTS.items() if key in data and not isinstance(data[key], list)]
    problems += [f"{key}: expected text ({what}), got {given(data[key])}"  # (a number is no town)
                 for key, what in (("town", "a Town's name or alias"), ("application", "an application's reference"))
                 if data.get(key) is not None and not isinstance(data[key], str)]
    return problems


@app.command()
def calendar(
    town: str | None = typer.Option(None, "--town", help=TOWN_HELP + " Its feed from the database (a town whose "
                                    "law issues no permits, Mount Pleasant, holds no hearing: exit 2)."),
    application: int | None = typer.Option(None, "--application", parser=whole_number, help="Only this application's "
                                           "calendar (its number, as `applications` lists them; with --town, an "
                                           "application of that town), as its page's calendar.ics gives it: its "
                                           "hearing and its deadlines, a draft's too (the petition's filing is the "
                                           "applicant's to do; the Town's feed leaves drafts out). One that does "
                                           "not exist: exit 2."),
    public: bool = typer.Option(False, "--public", help="With --town: what the public feed "
                                "/towns/<alias>/hearings.ics shows: the public hearings only, upcoming and held, of "
                                "the applications whose hearing was scheduled (also those later denied, revoked "
                                "or closed; not withdrawn ones), without deadlines."),
    data_dir: Path | None = typer.Option(None, "--data-dir", help=DATA_DIR_HELP, file_okay=False),
    from_json: Path | None = typer.Option(None, "--from-json", help='A JSON file: {"town": ..., "hearings": [hearing '
                                   'notice records, each as notice --from-json reads it], "deadlines": [{application_reference, name, due, counted, '
                                   'citation, done_on (the day it was done, not after today), last_day}], "application": optional reference}. With hearings, town is a Town '
                                   'whose Board holds them, as notice takes it (carmel-ny, its OCD id, "Town of '
                                   'Carmel"; Mount Pleasant ch. 164 holds no such hearing). One hearing per '
                                   'application (a moved one once, with its revision) and each deadline of an '
                                   'application once: each is the calendar\'s event of one UID, unique (RFC 5545). '
                                   'Every problem is listed, one per line (exit 2). ' + FROM_JSON_SIZE_HELP),
    output: Path = typer.Option(..., "-o", "--output", help=OUTPUT_HELP),
    alarm_days: int | None = typer.Option(None, "--alarm-days", parser=whole_number, help="Days before a deadline its alarm rings, 0 (on "
                                          f"the day) to {MAX_ALARM_DAYS}; default {DEFAULT_ALARM_DAYS}. Not with "
                                          "--public, which has no deadlines.", show_default=False),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """Write an iCalendar file: a Town's public hearings (VEVENT, every application whose hearing was scheduled,
    not withdrawn) and the statutory deadlines of its open applications (VTODO with an alarm), or with --public
    the hearings alone, or one application's (also a draft's, as its page's calendar.ics). An application whose
    stored facts the law core refuses is left out of the Town's feed with a warning on standard error; a draft's
    own calendar then holds no deadline, as its page shows none, with a warning."""
    if (town is None and application is None) == (from_json is None):
        given_ = [name for name, value in (("--town", town), ("--application", application),
                                            ("--from-json", from_json)) if value is not None]
        fail("give --town (a Town's feed), --application (one application's calendar) or --from-json"
             + (f" (got {', '.join(given_)})" if given_ else ""))
    if alarm_days is not None and public:
        fail("--alarm-days: the public feed (--public) holds the hearings only, no deadlines, so no alarms; leave "
             "--alarm-days out, or --public")
    if alarm_days is None:
        alarm_days = DEFAULT_ALARM_DAYS
    if not 0 <= alarm_days <= MAX_ALARM_DAYS:
        fail(f"--alarm-days: {alarm_days} is not allowed; allowed: 0 to {MAX_ALARM_DAYS} days before a deadline")
    if from_json is None:
        _db(data_dir)
        from publicassembly.permits import documents as permit_docs

        t = _town(town)
        if application is not None:  # (its own town when --town is left out)
            found = _application(application, town=t, drafts=True)
            ics = _from_db(lambda: permit_docs.application_calendar(found, alarm_days=alarm_days))
            if found.state == "draft":  # (its deadlines are left out when its facts are refused, as on its page)
                from publicassembly.permits import services as sv

                problem = sv.facts_problem(found)
                if problem is not None:
                    typer.echo(f"publicassembly: warning: no deadline in the calendar of draft "
                               f"{permit_docs.calendar_reference(found)}: {sv.correction_note(problem)}", err=True)
        else:
            skipped: list[str] = []
            ics = _from_db(lambda: permit_docs.town_calendar(t, public=public, alarm_days=alarm_days,
                                                             skipped=skipped))
            for note in skipped:
                typer.echo(f"publicassembly: warning: left out {note}", err=True)
        write_output(output, ics, force, "ics")
        return
    data = read_json(from_json)
    if not isinstance(data, dict):
        fail(f"{from_json}: expected an object with 'town', 'hearings' and 'deadlines'")
    problems = _calendar_lists(data)  # every problem of the file, told at once
    lists = {key: data[key] if isinstance(data.get(key), list) else [] for key in CALENDAR_LISTS}
    read_hearings, bad_hearings = _records(HearingNoticeRecord, lists["hearings"], "hearings")
    read_deadlines, bad_deadlines = _records(DeadlineItem, lists["deadlines"], "deadlines")
    problems += bad_hearings + bad_deadlines
    # (the UIDs of those that read, though wrong, each named by its place in the file)
    problems += [line for line in calendars.repeated_uids(read_hearings, read_deadlines) if line not in problems]
    given_town, reference = data.get("town"), data.get("application")
    town = given_town.strip() if isinstance(given_town, str) else ""
    if town and lists["hearings"]:  # the Town whose Board holds them, as a notice names it (Carmel ch. 31 ¶ B)
        try:
            town = calendars.feed_town(town)
        except ValueError as exc:
            problems.insert(0, str(exc))
    if not reference and (given_town is None or (isinstance(given_town, str) and not given_town.strip())):
        problems.append("town: is required for a Town's feed (or give 'application')")
    if problems:
        _refused(from_json, problems)
    hearings = [h for h in read_hearings if h is not None]
    deadlines = [d for d in read_deadlines if d is not None]
    if reference:
        hearing = next((h for h in hearings if h.application_reference == reference), None)
        ics = _render(lambda: calendars.application_calendar(str(reference), hearing, deadlines,
                                                             alarm_days=alarm_days), source=from_json)
    else:
        ics = _render(lambda: calendars.town_feed(town, hearings, deadlines, alarm_days=alarm_days),
                      source=from_json)
    write_output(output, ics, force, "ics")


#: The help of `export blds`: what it writes, and the rule that keeps its CSV safe for a spreadsheet.
_BLDS_HELP = (
    "Export permits or inspections in the Building and Land Development Specification (BLDS).\n\n"
    "**Spreadsheets**: in CSV (text fields: descriptions, names, addresses, notes ...), " + RULE_IN_WORDS
    + "; the number fields (TotalSqFt, Latitude, Longitude, Fee ...) are written as they are. JSON gives every "
    "text as it was.\n\n"
    "**Fields of --from-json** (JSON; a field not listed is refused): each of \"permits\": "
    + fields_help(blds.BldsPermitRow) + ". Each of \"inspections\": " + fields_help(blds.BldsInspectionRow) + ". "
    "extra: the event's own fields that BLDS has no column for (maximum persons, bond ...), written to "
    f"ExtraFields as a JSON object; its numbers finite, at most {MAX_MAGNITUDE:,}.\n\n"
    "**BLDS requires**: " + blds.REQUIREMENTS_IN_WORDS + ". The dates of what has happened (applied_date, "
    "issued_date, completed_date, status_date; request_date, inspected_date) are not after today (G-10). Every "
    "problem of every row is listed, one per line, naming the file and the row's field (permits[2].latitude), exit "
    "2.\n\n"
    "**JSON numbers and dates**: in JSON, TotalSqFt (BLDS: INTEGER, the area rounded to the nearest whole square "
    "foot, half up; in CSV too), Latitude, Longitude and Fee are JSON numbers, exactly as given (-0.0 as 0), null "
    "when not given; the dates (BLDS: TEXT YYYY-MM-DD: AppliedDate, IssuedDate, CompletedDate, StatusDate, "
    "ExpiresDate; ScheduledDate, InspectedDate, RequestDate, DesiredDate) null when not given, every field of the "
    "dataset in every record. CSV has no null: such a cell is empty."
)


#: The keys of an ``export blds --from-json`` file: its lists of permits and of inspections (each optional).
BLDS_FILE_KEYS = ("permits", "inspections")


@export_app.command("blds", help=_BLDS_HELP)
def export_blds(
    town: str | None = typer.Option(None, "--town", help=TOWN_HELP + " Its records from the database."),
    data_dir: Path | None = typer.Option(None, "--data-dir", help=DATA_DIR_HELP, file_okay=False),
    from_json: Path | None = typer.Option(None, "--from-json", help='A JSON file: {"permits": [objects of a permit\'s '
                                                            'fields], "inspections": [objects of an inspection\'s '
                                                            'fields]} (the fields are listed above; each list '
                                                            'optional, --dataset says which is exported; another '
                                                            'key is refused, exit 2). ' + FROM_JSON_SIZE_HELP),
    dataset: str = typer.Option("permits", "--dataset", help="permits or inspections."),
    fmt: str = typer.Option("csv", "--format", help="csv or json."),
    output: Path = typer.Option(..., "-o", "--output", help=OUTPUT_HELP),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """Export permits or inspections in the Building and Land Development Specification (BLDS); CSV with every
    text field safe for a spreadsheet (`_BLDS_HELP`)."""
    if dataset not in ("permits", "inspections"):
        fail(f"--dataset: {dataset!r} is not allowed; allowed: permits, inspections")
    if fmt not in ("csv", "json"):
        fail(f"--format: {fmt!r} is not a format; allowed: csv, json")
    _one_source(**{"--town": town, "--from-json": from_json})
    writers = {("permits", "csv"): blds.permits_csv, ("permits", "json"): blds.permits_json,
               ("inspections", "csv"): blds.inspections_csv, ("inspections", "json"): blds.inspections_json}
    if from_json is None:
        _db(data_dir)
        from publicassembly.permits.documents import town_blds_rows

        t = _town(town)
        db_rows = _from_db(lambda: town_blds_rows(t, dataset))
        write_output(output, _render(lambda: writers[dataset, fmt](db_rows)), force, fmt)
        return
    data = read_json(from_json)
    if not isinstance(data, dict):
        fail(f"{from_json}: expected an object with 'permits' and/or 'inspections'")
    # (a key misspelt, "permit", was an export of no row, exit 0: every problem of the file is told at once)
    problems = [f"{key}: is not a key of a BLDS file; allowed: {', '.join(BLDS_FILE_KEYS)}"
                for key in sorted(set(data) - set(BLDS_FILE_KEYS))]
    items = data.get(dataset)
    if items is None:
        items = []
    if not isinstance(items, list):
        _refused(from_json, [*problems, f"{dataset}: expected a list of objects ([] for none), got {given(items)}"])
    cls: Any = blds.BldsPermitRow if dataset == "permits" else blds.BldsInspectionRow
    rows, bad_rows = _records(cls, items, dataset, blds.permit_problems if dataset == "permits"
                              else blds.inspection_problems)
    problems += bad_rows
    if problems:
        _refused(from_json, problems)
    write_output(output, _render(lambda: writers[dataset, fmt](rows), source=from_json), force, fmt)


def _notice_record(pk: int) -> Any:
    """The hearing notice of application `pk`, with the hearing time the web pages print."""
    from publicassembly.web.records import hearing_notice_record

    found = _application(pk)
    if found.hearing_on is None:
        raise ValueError(f"--application: application {pk} has no public hearing scheduled")
    return hearing_notice_record(found)
