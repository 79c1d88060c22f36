"""`publicassembly sign --occupancy N --room R` of a certificate the database holds with several rooms or areas
(interpretation D-14, Mount Pleasant § 164-9: a sign states the lawful occupancy "of the room or area" it is posted
in): a room that is none of them is refused naming them, rather than printed with the whole place's total; a room
of the certificate with its own number is written, and without --occupancy/--room the signs are one page per
room. MP-2025-0001 (the demo's bowling centre): Lanes 360 persons, Snack bar and lounge 60, lawful occupancy 420."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest

SCRIPT = Path(sys.executable).with_name("publicassembly")

pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason=f"console script not installed at {SCRIPT}")


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
    env["COLUMNS"] = "200"
    return subprocess.run([str(SCRIPT), *args], capture_output=True, text=True, env=env, timeout=300)


@pytest.fixture(scope="module")
def data(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("data")
    loaded = _run("demo", "--data-dir", str(folder))
    assert loaded.returncode == 0, loaded.stderr
    return folder


def _sign(data: Path, out: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return _run("sign", "--certificate", "MP-2025-0001", *args, "-o", str(out), "--data-dir", str(data))


def test_a_room_of_none_of_its_rooms_with_the_places_420_is_refused_naming_them_section_164_9(data, tmp_path):
    out = tmp_path / "s.pdf"
    refused = _sign(data, out, "--occupancy", "420", "--room", "Foyer")
    assert refused.returncode == 2
    assert refused.stderr == (
        "publicassembly: error: --room: 'Foyer' is not a room or area of certificate MP-2025-0001, whose rooms and "
        "areas each have their own lawful occupancy (Lanes 360, Snack bar and lounge 60 persons; § 164-9: a sign "
        "states the lawful occupancy of the room or area it is posted in); give one of them, or omit --occupancy "
        "and --room to print one page per room or area from the database\n")
    assert not out.exists()


def test_a_room_of_the_certificate_with_its_own_60_is_written_and_the_places_420_refused_section_164_9(data,
                                                                                                     tmp_path):
    written = _sign(data, tmp_path / "a.pdf", "--occupancy", "60", "--room", "snack bar and lounge")
    assert written.returncode == 0, written.stderr
    refused = _sign(data, tmp_path / "b.pdf", "--occupancy", "420", "--room", "Snack bar and lounge")
    assert refused.returncode == 2
    assert "records for Snack bar and lounge: 60 persons (§ 164-9)" in refused.stderr


def test_without_a_room_one_page_per_room_section_164_9(data, tmp_path):
    out = tmp_path / "s.pdf"
    assert _sign(data, out).returncode == 0
    with pdfplumber.open(io.BytesIO(out.read_bytes())) as pdf:
        texts = [" ".join((p.extract_text() or "").split()) for p in pdf.pages]
    assert [t.split(" Certificate No.")[0] for t in texts] == [
        "LAWFUL OCCUPANCY 360 PERSONS Room or area: Lanes",
        "LAWFUL OCCUPANCY 60 PERSONS Room or area: Snack bar and lounge"]
