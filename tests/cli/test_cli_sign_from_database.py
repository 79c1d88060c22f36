"""`publicassembly sign --occupancy N --room R` (the sign given by hand) against the workflow's database, run as
real processes on the demo's data directory (Mount Pleasant § 164-9: the sign states the lawful occupancy of a
certificate in force): a certificate the database holds must be in force and N the occupant load it records;
with no database, or a number it does not hold, the sign states what is given. And `restore` of a missing file
creates no data directory."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).with_name("publicassembly")

pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason=f"console script not installed at {SCRIPT}")


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
    env["COLUMNS"] = "200"
    return subprocess.run([str(SCRIPT), *args], capture_output=True, text=True, env=env, timeout=300)


@pytest.fixture(scope="module")
def data(tmp_path_factory) -> Path:
    """The demo's data directory, certificate MP-2025-0001 (the bowling centre) revoked; MP-2024-0001 is stale
    in the demo (a space changed since issue)."""
    folder = tmp_path_factory.mktemp("data")
    loaded = _run("demo", "--data-dir", str(folder))
    assert loaded.returncode == 0, loaded.stderr
    with sqlite3.connect(folder / "publicassembly.sqlite3") as db:
        db.execute("UPDATE venues_certificate SET status = 'revoked' WHERE number = 'MP-2025-0001'")
    return folder


def _sign(data: Path, out: Path, number: str, occupancy: str, room: str) -> subprocess.CompletedProcess[str]:
    return _run("sign", "--certificate", number, "--occupancy", occupancy, "--room", room, "-o", str(out),
                "--data-dir", str(data))


def test_sign_by_hand_of_a_revoked_certificate_is_exit_2_section_164_9(data, tmp_path):
    """The finding: `--occupancy 5` printed a sign for the revoked MP-2025-0001."""
    out = tmp_path / "s.pdf"
    result = _sign(data, out, "MP-2025-0001", "5", "X")
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("publicassembly: error: --certificate: certificate MP-2025-0001 is revoked")
    assert "§ 164-9" in result.stderr and "Traceback" not in result.stderr
    assert not out.exists()


def test_sign_by_hand_of_a_stale_certificate_is_exit_2_even_with_its_recorded_310_section_164_9(data, tmp_path):
    """MP-2024-0001 records 310 persons for the Ballroom but is stale: no sign."""
    out = tmp_path / "s.pdf"
    result = _sign(data, out, "MP-2024-0001", "310", "Ballroom")
    assert result.returncode == 2
    assert "--certificate: certificate MP-2024-0001 is stale" in result.stderr
    assert not out.exists()


def test_sign_by_hand_of_another_number_than_the_recorded_8611_is_exit_2_section_164_8_164_9(data, tmp_path):
    """The finding: 99,999 printed for MP-2025-0002, whose festival field holds 8,611 persons (§ 164-8: an
    unenclosed open-air area of 129,166.93 sq ft at 15 sq ft per person)."""
    out = tmp_path / "s.pdf"
    result = _sign(data, out, "MP-2025-0002", "99999", "Festival field")
    assert result.returncode == 2
    assert result.stderr == (
        "publicassembly: error: --occupancy: 99,999 persons is not the lawful occupancy certificate MP-2025-0002 "
        "records for Festival field: 8,611 persons (§ 164-9); give --occupancy 8611, or omit --occupancy and "
        "--room to print the certificate's signs from the database\n")
    assert not out.exists()


def test_sign_by_hand_of_a_room_the_certificate_does_not_name_compares_the_whole_place_section_164_9(data, tmp_path):
    """Room X is not a room of MP-2025-0002: the number must be the whole place's lawful occupancy, 8,611."""
    refused = _sign(data, tmp_path / "a.pdf", "MP-2025-0002", "5", "X")
    assert refused.returncode == 2
    assert "for the whole place (it names the rooms or areas: Festival field): 8,611 persons" in refused.stderr
    written = _sign(data, tmp_path / "b.pdf", "MP-2025-0002", "8611", "X")
    assert written.returncode == 0, written.stderr
    assert (tmp_path / "b.pdf").read_bytes().startswith(b"%PDF")


def test_sign_by_hand_with_the_recorded_8611_of_a_certificate_in_force_is_written_section_164_9(data, tmp_path):
    out = tmp_path / "s.pdf"
    result = _sign(data, out, "mp-2025-0002", "8611", "Festival field")
    assert result.returncode == 0, result.stderr
    assert out.read_bytes().startswith(b"%PDF")


def test_sign_by_hand_of_a_number_the_database_does_not_hold_is_written_section_164_9(data, tmp_path):
    """An inspector's own certificate, not in the database: the sign states what is given."""
    out = tmp_path / "s.pdf"
    result = _sign(data, out, "C-2026-0007", "5", "Hall")
    assert result.returncode == 0, result.stderr
    assert out.read_bytes().startswith(b"%PDF")


def test_sign_by_hand_without_a_database_is_written_and_creates_no_data_directory_section_164_9(tmp_path):
    nothing = tmp_path / "nothing-here"
    out = tmp_path / "s.pdf"
    result = _sign(nothing, out, "MP-2025-0001", "5", "X")
    assert result.returncode == 0, result.stderr
    assert out.read_bytes().startswith(b"%PDF")
    assert not nothing.exists()


def test_sign_help_says_when_occupancy_is_checked():
    result = _run("sign", "--help")
    text = " ".join(result.stdout.replace("│", " ").split())
    assert "When the database holds the certificate, it must be in force" in text
    assert "with no database, or a number it does not hold, the sign states what is given" in text


def test_restore_of_a_missing_file_is_exit_2_and_creates_no_data_directory(tmp_path):
    nothing = tmp_path / "nothing-here"
    result = _run("restore", str(tmp_path / "missing.bak"), "--data-dir", str(nothing))
    assert result.returncode == 2
    assert result.stderr == (f"publicassembly: error: file: {tmp_path / 'missing.bak'} does not exist or is not "
                             "a file\n")
    assert not nothing.exists()
