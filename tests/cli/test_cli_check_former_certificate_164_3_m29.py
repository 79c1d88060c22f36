"""`publicassembly check` of a Mount Pleasant place whose only certificate is a former one (stale or revoked:
interpretation M-29): § 164-3's finding says no certificate is in force and names the last one issued and why,
as § 164-5 names it — not that none is recorded."""

from __future__ import annotations

import json

import pytest

from publicassembly.cli import app

#: A dance hall enlarged to 3,000 sq ft (200 persons, § 164-7) since its certificate MP-2024-0007 stated 100;
#: 101 persons attend.
CASE = """\
jurisdiction: mount-pleasant-ny
subject: venue
as_of: 2026-03-02
commercial: true
attendance: 101
toilets_provided: 2
spaces:
  - name: Hall
    use_group: dance_hall_lodge_room
    area: 3000
former_certificate:
  number: MP-2024-0007
  issued: 2024-05-01
  lawful_occupancy: 100
  status: {status}
"""
STALE = ("A place of assembly: a certificate of the Building Inspector is required and none is in force. The last "
         "one issued (MP-2024-0007, issued 2024-05-01) was made stale by a change of the place's rooms or areas "
         "since it was issued, and is no longer in force until the Building Inspector issues a new one.")
REVOKED = ("A place of assembly: a certificate of the Building Inspector is required and none is in force. The "
           "last one issued (MP-2024-0007, issued 2024-05-01) was revoked by the Building Inspector.")


@pytest.mark.parametrize(("status", "reason"), [("stale", STALE), ("revoked", REVOKED)])
def test_check_json_164_3_names_the_former_certificate_m29(runner, write, status, reason):
    """§ 164-3 in the JSON: status missing (no certificate in force), the reason naming the last certificate
    and why it is not in force, its number, day and status in the values; § 164-5 cites the same number."""
    result = runner.invoke(app, ["check", str(write("hall.yaml", CASE.format(status=status))), "-f", "json"])
    assert result.exit_code == 0, result.stderr
    findings = {f["rule"]: f for f in json.loads(result.stdout)["findings"]}
    f = findings["mount-pleasant/164-3/certificate"]
    assert f["status"] == "missing" and f["reason"] == reason
    assert f["values"] == {"place_of_assembly": True, "certificate_number": None,
                           "former_certificate": {"number": "MP-2024-0007", "issued": "2024-05-01",
                                                  "status": status}}
    assert "(MP-2024-0007)" in findings["mount-pleasant/164-5/overcrowding"]["reason"]


def test_check_text_164_3_names_the_former_certificate_m29(runner, write):
    """§ 164-3 in the text report: the finding reads as the law core's, and "none is recorded" is said nowhere."""
    result = runner.invoke(app, ["check", str(write("hall.yaml", CASE.format(status="stale")))],
                           env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.stderr
    assert STALE in result.stdout
    assert "none is recorded" not in result.stdout and "No certificate is recorded" not in result.stdout


def test_check_refuses_a_former_certificate_status_it_does_not_know(runner, write):
    """A status other than stale or revoked: exit 2, naming the field and the values allowed."""
    result = runner.invoke(app, ["check", str(write("hall.yaml", CASE.format(status="valid")))])
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert "former_certificate.status" in line and "'stale'" in line and "'revoked'" in line, line
    assert "Traceback" not in result.output
