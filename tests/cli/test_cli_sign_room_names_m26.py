"""`publicassembly sign` reads the room of a certificate the database holds as the check of a name taken reads a
name (interpretation M-26): ``--space "festival  FIELD"`` is the room "Festival field" of MP-2025-0002, its sign
naming it as the certificate does; ``--room`` given by hand is compared with that room's 8,611 persons (§§ 164-8,
164-9). A name read otherwise is still no room of it (exit 2, never a traceback)."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from tests.cli.test_cli_sign_from_database import SCRIPT, _run, _sign, data  # noqa: F401

pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason=f"console script not installed at {SCRIPT}")


def _text(path) -> str:
    with pdfplumber.open(io.BytesIO(path.read_bytes())) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def test_164_9_space_named_in_another_case_and_spacing_prints_the_rooms_sign_as_the_certificate_names_it_m26(
        data, tmp_path):  # noqa: F811
    out = tmp_path / "s.pdf"
    result = _run("sign", "--certificate", "MP-2025-0002", "--space", " festival  FIELD ", "-o", str(out),
                  "--data-dir", str(data))
    assert result.returncode == 0, result.stderr
    text = _text(out)
    assert "Festival field" in text and "8611" in text.replace(",", "")


def test_164_9_space_read_otherwise_is_exit_2_naming_the_rooms_m26(data, tmp_path):  # noqa: F811
    out = tmp_path / "s.pdf"
    result = _run("sign", "--certificate", "MP-2025-0002", "--space", "Festival fields", "-o", str(out),
                  "--data-dir", str(data))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith("publicassembly: error: --space: ") and "'Festival fields'" in result.stderr
    assert not out.exists()


def test_164_9_room_by_hand_in_another_case_is_compared_with_that_rooms_8611_m26(data, tmp_path):  # noqa: F811
    result = _sign(data, tmp_path / "s.pdf", "MP-2025-0002", "5", "FESTIVAL FIELD")
    assert result.returncode == 2
    assert "records for Festival field: 8,611 persons (§ 164-9)" in result.stderr, result.stderr
