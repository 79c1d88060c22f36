"""A report runs over as many pages as it needs (interpretation D-13). A new-user trial: `publicassembly report`
of a Mount Pleasant place of 29 rooms or more exited 2 with "a text of the record is too long to fit on one page
of the document; shorten it", while `check` took it (28 rooms printed): the bar chart of the rooms' occupant
loads was one drawing, taller than a page. Now the chart, the deadlines' timeline and every table continue on
the next page (the tables with their header repeated), up to the most rooms and areas a case may state
(`law.units.MAX_ITEMS`, 1,000), and a Carmel case's longest lists (a finding naming each owner of a thousand
properties) are laid out in a time proportional to their length."""

from __future__ import annotations

import io
import json
import time
from datetime import date
from pathlib import Path

import pdfplumber
import pytest
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.documents.pdf._common import build
from publicassembly.documents.pdf.report import deadline_timeline, occupancy_chart
from publicassembly.law.units import MAX_ITEMS

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def place(rooms: int, name=lambda i: f"Room {i + 1}") -> dict:
    """A Mount Pleasant place of `rooms` business rooms of 100 sq ft: each holds 1 person (§ 164-7, 100 sq ft per
    person)."""
    return {"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": "2026-07-01", "name": "Office park",
            "spaces": [{"name": name(i), "use_group": "business", "area": 100} for i in range(rooms)]}


def run(tmp_path: Path, command: str, data: dict):
    source = tmp_path / "case.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    args = [command, str(source)] + (["-o", str(tmp_path / "r.pdf"), "--force"] if command == "report" else [])
    return runner.invoke(app, args)


def pages(data: bytes) -> list[str]:
    """The text of each page, whitespace runs as one space."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [" ".join((page.extract_text() or "").split()) for page in pdf.pages]


@pytest.mark.parametrize("rooms", [28, 29, 60])
def test_a_place_of_28_29_or_60_rooms_is_reported_as_check_takes_it_section_164_7(tmp_path, rooms):
    assert run(tmp_path, "check", place(rooms)).exit_code == 0
    result = run(tmp_path, "report", place(rooms))
    assert result.exit_code == 0, result.output
    text = pages((tmp_path / "r.pdf").read_bytes())
    whole = " ".join(text)
    assert f"Lawful occupancy: {rooms} persons" in whole
    assert all(f"Room {i + 1} Business buildings 100 1" in whole for i in range(rooms))  # the table, each room


def test_the_chart_continues_on_the_next_page_saying_which_rooms_it_holds(tmp_path):
    result = run(tmp_path, "report", place(29))
    assert result.exit_code == 0, result.output
    text = pages((tmp_path / "r.pdf").read_bytes())
    parts = [t for t in text if "Occupant load (persons): spaces " in t]
    assert len(parts) == 2 and "Occupant load (persons): spaces 1 to " in parts[0] and " of 29" in parts[1]
    assert "to 29 of 29" in parts[1]
    # the rooms' table runs over two pages, its header on each
    rows = [t for t in text if "Business buildings" in t]
    assert len(rows) >= 2 and all("Space Use group Floor area (sq ft) Occupant load (persons)" in t for t in rows)


def test_the_most_rooms_a_case_may_state_are_reported_and_one_more_is_refused_g4(tmp_path):
    """1,000 rooms (`MAX_ITEMS`): `check` takes them and the report prints every one, over as many pages as it
    needs; 1,001 is refused by both, naming the list (interpretation G-4)."""
    assert run(tmp_path, "check", place(MAX_ITEMS)).exit_code == 0
    result = run(tmp_path, "report", place(MAX_ITEMS))
    assert result.exit_code == 0, result.output
    text = pages((tmp_path / "r.pdf").read_bytes())
    whole = " ".join(text)
    assert f"Lawful occupancy: {MAX_ITEMS:,} persons" in whole
    assert f"Occupant load (persons): spaces 976 to 1,000 of {MAX_ITEMS:,}" in whole or \
        f"to 1,000 of {MAX_ITEMS:,}" in whole
    assert all(f"Room {i + 1} Business buildings 100 1" in whole for i in range(MAX_ITEMS))
    for command in ("check", "report"):
        refused = run(tmp_path, command, place(MAX_ITEMS + 1))
        assert refused.exit_code == 2 and "spaces: must hold at most 1,000 items (got 1,001)" in refused.output, \
            command


def test_rooms_of_the_longest_names_are_reported_whole(tmp_path):
    """Names of 2,000 characters (`law.units.MAX_TEXT`), one a single word: the chart cuts them with "..."; the
    table states each whole, its cell continued on the next page."""
    names = {0: "W" * 1999 + "!", 1: " ".join(["Salon"] * 332) + " end!"}
    result = run(tmp_path, "report", place(30, lambda i: names.get(i, f"Room {i + 1}")))
    assert result.exit_code == 0, result.output
    # (the lines of a cell come between those of the row's other cells: each name is counted, whole in the table
    # and the sign's requirement, and cut in the chart)
    whole = " ".join(pages((tmp_path / "r.pdf").read_bytes()))
    assert whole.count("W") >= 2 * 1999 and whole.count("W!") == 2
    assert whole.count("Salon") >= 2 * 332 and whole.count("end!") == 2


def test_a_timeline_of_more_deadlines_than_a_page_holds_continues_on_the_next():
    deadlines = {f"deadline_{i}": {"date": f"2026-08-{i % 28 + 1:02d}", "counted": ""} for i in range(40)}
    data = build([deadline_timeline(deadlines, date(2026, 7, 1))], title="t", subject="s")
    text = pages(data)
    assert len(text) == 2 and "Deadlines 1 to " in text[0] and "to 40 of 40" in text[1]
    whole = " ".join(text)
    assert all(f"deadline {i}:" in whole for i in range(40))


def test_a_chart_that_fits_is_one_drawing_without_a_part_title():
    spaces = [{"name": f"Room {i}", "occupant_load": i} for i in range(3)]
    text = pages(build([occupancy_chart(spaces)], title="t", subject="s"))
    assert len(text) == 1 and "Occupant load (persons)" in text[0] and "spaces 1 to" not in text[0]


def test_the_carmel_report_of_its_longest_lists_names_each_owner(tmp_path):
    """A thousand properties, directors and sound devices (`MAX_ITEMS` each): the ¶ A finding names each
    owner, a text of some 200,000 characters, continued over pages in pieces of at most `CELL_PIECE`
    characters (ReportLab measured the whole rest of one cell again at each page: minutes)."""
    import yaml

    from publicassembly.documents.pdf._common import CELL_PIECE  # noqa: F401  (the pieces of the finding)

    case = yaml.safe_load((ROOT / "examples" / "carmel-county-fair.yaml").read_text(encoding="utf-8"))
    prop = case["properties"][0]
    case["properties"] = [prop | {"address": f"{i} Gipsy Trail Road", "record_owner": f"Owner {i} " + "o" * 180}
                          for i in range(MAX_ITEMS)]
    case["applicant"]["directors_and_officers"] = [{"name": f"Director {i}", "address": f"{i} Main Street"}
                                                   for i in range(MAX_ITEMS)]
    case["petition"]["sound_equipment"] = [{"type": "loudspeaker", "number": 1, "location": f"Stage {i}"}
                                           for i in range(MAX_ITEMS)]
    started = time.monotonic()
    result = run(tmp_path, "report", case)
    assert result.exit_code == 0, result.output
    assert time.monotonic() - started < 120  # (minutes before; seconds now)
    # (a name may break at a line's end, and at a page's, between the footer and the header repeated)
    whole = "".join("".join(pages((tmp_path / "r.pdf").read_bytes())).split())
    assert all(f",Owner{i}oooo" in whole for i in range(1, MAX_ITEMS)) and whole.count("o" * 180) >= MAX_ITEMS


def test_a_long_text_is_cut_into_pieces_at_spaces_that_join_to_it():
    from publicassembly.documents.pdf._common import CELL_PIECE, pieces

    text = " ".join(f"word{i}" for i in range(2000))
    cut = pieces(text)
    assert "".join(cut) == text and all(len(piece) <= CELL_PIECE for piece in cut) and len(cut) > 1
    assert all(piece.endswith(" ") for piece in cut[:-1])  # (cut after a space, never in a word)
    assert pieces("x" * (CELL_PIECE * 2 + 1)) == ["x" * CELL_PIECE] * 2 + ["x"]  # one word: cut where it reaches it
    assert pieces("") == [""] and pieces("short") == ["short"]


def test_a_tables_rows_are_not_ruled_between_the_pieces_of_one_text():
    from publicassembly.documents.pdf._common import pieces, table

    t = table([["Status", "Finding"], ["met", "a " * 3000]])
    assert len(t._cellvalues) == 1 + len(pieces("a " * 3000))
    below = sorted({cmd[1][1] for cmd in t._linecmds if cmd[0] == "LINEBELOW" and isinstance(cmd[1][1], int)})
    assert below == [0, len(t._cellvalues) - 1]  # the header's rule, and the rule below the whole row


def test_a_layout_that_cannot_be_made_names_the_longest_fact_of_the_case(capsys):
    """Should a report still not lay out (a part that cannot be split taller than a page), the command names the
    longest text of the case file, never a traceback."""
    import typer
    from reportlab.platypus.doctemplate import LayoutError

    from publicassembly.cli.document_commands import _render

    def fails() -> bytes:
        raise LayoutError("Flowable too large")

    with pytest.raises(typer.Exit) as exited:
        _render(fails, place(2, lambda i: "x" * (100 + i)), Path("case.json"))
    assert exited.value.exit_code == 2
    said = capsys.readouterr()
    assert ("case.json: a text of the record is too long to fit on one page of the document (the longest is "
            "spaces[1].name, 101 characters); shorten it") in said.out + said.err


def certificate(rooms: int) -> dict:
    """A certificate of `rooms` business rooms of 100 sq ft, each holding 1 person (§ 164-7)."""
    return {"number": "MP-2025-0001", "issued_date": "2025-03-03", "venue_name": "Office park",
            "venue_address": "1 Main Street, Pleasantville, NY", "lawful_occupancy": rooms,
            "inspector_name": "R. Dwyer",
            "spaces": [{"name": f"Room {i + 1}", "use_group": "business", "area_sq_ft": 100, "occupant_load": 1}
                       for i in range(rooms)]}


def test_a_certificate_of_the_most_rooms_prints_and_one_more_is_refused_g4(tmp_path):
    """A certificate read with --from-json holds at most 1,000 rooms and areas, as a case does (`MAX_ITEMS`):
    1,000 are printed, every one, over as many pages as they need; 1,001 are refused naming the list."""
    source = tmp_path / "c.json"
    source.write_text(json.dumps(certificate(MAX_ITEMS)), encoding="utf-8")
    result = runner.invoke(app, ["certificate", "--from-json", str(source), "-o", str(tmp_path / "c.pdf")])
    assert result.exit_code == 0, result.output
    whole = " ".join(pages((tmp_path / "c.pdf").read_bytes()))
    assert all(f"Room {i + 1} Business buildings 100 1" in whole for i in range(MAX_ITEMS))
    source.write_text(json.dumps(certificate(MAX_ITEMS + 1)), encoding="utf-8")
    result = runner.invoke(app, ["certificate", "--from-json", str(source), "-o", str(tmp_path / "d.pdf")])
    assert result.exit_code == 2 and not (tmp_path / "d.pdf").exists()
    assert "c.json: spaces: must hold at most 1,000 items (got 1,001)" in " ".join(result.output.split())
