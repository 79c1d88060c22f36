"""``publicassembly applications``: a decision due (Carmel ch. 31 ¶ B: the Board acts within 30 days after
submission) is listed only for an application awaiting the Board's decision (`permits.models.AWAITING_DECISION`,
submitted to hearing held); a town whose law issues no permits (Mount Pleasant ch. 164) is refused, exit 2, as
``calendar`` refuses it."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from publicassembly.cli import app as cli_app
from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _test_database(monkeypatch):
    monkeypatch.setattr("publicassembly.cli.permit_commands._setup_django", lambda data_dir: None)


def _run(*args: str):
    return CliRunner().invoke(cli_app, ["applications", *args], env={"COLUMNS": "200"})


def _lines(out) -> dict[str, str]:
    return {line.split("\t")[0]: line for line in out.output.splitlines() if line.startswith("#")}


def test_ch164_mount_pleasant_issues_no_permits_applications_exits_2_as_calendar(mount_pleasant):
    out = _run("--town", "mount-pleasant-ny")
    assert out.exit_code == 2, out.output
    assert "does not issue permits for public assemblies" in out.output and "application(s)" not in out.output


def test_ch31_carmel_lists_its_applications(carmel, hearing_app):
    out = _run("--town", "carmel-ny")
    assert out.exit_code == 0, out.output
    assert "1 application(s) in" in out.output


def test_para_b_awaiting_the_board_at_its_hearing_a_decision_is_due(hearing_app):
    due = sv.decision_due(hearing_app)
    line = _lines(_run("--town", "carmel-ny"))[f"#{hearing_app.pk}"]
    assert f"decision due {due.date}" in line


def test_para_b_a_withdrawn_application_has_no_decision_due(hearing_app, cu):
    sv.withdraw(cu["applicant"], hearing_app)
    line = _lines(_run("--town", "carmel-ny"))[f"#{hearing_app.pk}"]
    assert "withdrawn" in line and "decision due" not in line.replace("no decision due", "")
    assert line.endswith("no decision due")


def test_para_b_a_draft_has_no_decision_due(draft_app):
    line = _lines(_run("--town", "carmel-ny"))[f"#{draft_app.pk}"]
    assert line.endswith("no decision due")


def test_help_says_a_town_without_permits_exits_2():
    out = CliRunner().invoke(cli_app, ["applications", "--help"], env={"COLUMNS": "200"})
    assert "no decision due" in " ".join(out.output.split()) and "exit 2" in out.output


