"""``publicassembly refuse-exemption`` (interpretation P-20; Carmel ch. 31 exemptions ¶¶ A-D): a Town Board member
records that the Board does not accept the exemption a petition's sponsor claims, as the page's form and
``POST …/refuse-exemption`` do. Bad input exits 2 naming the option; a step the workflow refuses (another role,
another state, already recorded, a stale version) exits 1, as the other database commands do."""

from __future__ import annotations

import datetime as dt

import pytest
from typer.testing import CliRunner

from publicassembly.cli import app as cli_app
from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication, State

from .conftest import fair_facts

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()
CHURCH = {"name": "First Church of Carmel", "kind": "church", "sponsored": True, "organized": True,
          "authorized": True, "established": True, "place_of_worship_in_town": True}
BOARD = "carmel_town_board_member"


@pytest.fixture(autouse=True)
def _test_database(monkeypatch):
    monkeypatch.setattr("publicassembly.cli.permit_commands._setup_django", lambda data_dir: None)


@pytest.fixture
def church_app(carmel, cu) -> PermitApplication:
    """The county fair sponsored by an established church of the Town (exemptions ¶ B), submitted today."""
    facts = fair_facts()
    facts["sponsor"] = dict(CHURCH)
    app = sv.create_draft(cu["applicant"], carmel, facts)
    return sv.submit(cu["applicant"], app, verification_statement="Sworn.", today=TODAY)


def run(*args: str):
    return CliRunner().invoke(cli_app, ["refuse-exemption", *args], env={"COLUMNS": "200"})


def refuse(app, user: str = BOARD, *more: str):
    return run("--application", str(app.pk), "--user", user, "--reason", "Its place of worship is in Kent.", *more)


def test_the_board_member_records_it_and_the_chapter_applies(church_app, cu):
    version = church_app.version
    out = refuse(church_app, BOARD, "--expected-version", str(version))
    assert out.exit_code == 0, out.output
    church_app.refresh_from_db()
    assert out.output == (f"application #{church_app.pk} (Putnam County Fair): the Town Board does not accept the "
                          f"exemption claimed, decided on {TODAY.isoformat()}; the chapter applies (P-20); "
                          f"version {church_app.version}\n")
    assert church_app.state == State.SUBMITTED and church_app.exemption_not_accepted_on == TODAY
    assert church_app.exemption_not_accepted_because == "Its place of worship is in Kent."
    last = church_app.history.order_by("-history_id").first()
    assert last.history_user == cu["town_board_member"]
    assert "does not accept the exemption claimed (Carmel Code ch. 31, exemptions ¶ B)" in last.history_change_reason
    assert sv.determination(church_app, TODAY).permit_required is True


def test_a_second_refusal_says_it_is_already_recorded_exit_1(church_app):
    assert refuse(church_app).exit_code == 0
    again = refuse(church_app)
    assert again.exit_code == 1
    assert (f"The Town Board recorded on {TODAY.isoformat()} that it does not accept the exemption claimed "
            "(interpretation P-20); the chapter applies") in again.output


def test_another_role_is_refused_naming_user_exit_1(church_app):
    out = refuse(church_app, "carmel_town_clerk")
    assert out.exit_code == 1
    assert ("--user: 'carmel_town_clerk' is not a town board member in Town of Carmel, New York (their roles "
            "there: town clerk)") in out.output
    church_app.refresh_from_db()
    assert church_app.exemption_not_accepted_on is None


@pytest.mark.parametrize(("number", "told"), [
    ("999999", "--application: Town of Carmel, New York has no permit application 999999; "
               "`publicassembly applications --town carmel-ny` lists them"),
    ("abc", "--application: 'abc' is not a whole number"),
    ("-1", "--application:"),
])
def test_a_bad_application_number_exits_2_naming_the_option(church_app, number, told):
    out = run("--application", number, "--user", BOARD, "--reason", "x")
    assert out.exit_code == 2, out.output
    assert told in out.output


def test_an_unknown_user_exits_2_naming_the_option(church_app):
    out = refuse(church_app, "nobody")
    assert out.exit_code == 2
    assert "--user: no user 'nobody'; give the user name of a Town Board member of" in out.output


def test_bad_values_exit_2_naming_the_option(church_app):
    out = run("--application", str(church_app.pk), "--user", BOARD, "--reason", "  ")
    assert out.exit_code == 2 and "--reason: " in out.output
    before = (TODAY - dt.timedelta(days=1)).isoformat()
    out = refuse(church_app, BOARD, "--decided-on", before)
    assert out.exit_code == 2 and "--decided-on: " in out.output
    out = refuse(church_app, BOARD, "--decided-on", "01/06/2026")
    assert out.exit_code == 2 and "--decided-on: " in out.output and "YYYY-MM-DD" in out.output
    out = refuse(church_app, BOARD, "--expected-version", str(church_app.version - 1))
    assert out.exit_code == 1 and "has changed since you opened it" in out.output
    church_app.refresh_from_db()
    assert church_app.exemption_not_accepted_on is None


def test_an_application_no_longer_awaiting_review_is_refused_exit_1(church_app, cu):
    """Only while the petition is submitted, incomplete or amended: withdrawn, it is refused naming them."""
    sv.withdraw(cu["applicant"], church_app)
    out = refuse(church_app)
    assert out.exit_code == 1
    assert ("cannot record that the exemption is not accepted: the application is 'withdrawn'; allowed only "
            "while it is submitted, incomplete, amended") in out.output


def test_no_exemption_to_refuse_exit_1(carmel, cu):
    app = sv.submit(cu["applicant"], sv.create_draft(cu["applicant"], carmel, fair_facts()),
                    verification_statement="Sworn.", today=TODAY)
    out = refuse(app)
    assert out.exit_code == 1
    assert "there is no exemption claimed to refuse (interpretation P-20)" in out.output


def test_help_states_the_law_and_the_exit_codes():
    out = CliRunner().invoke(cli_app, ["refuse-exemption", "--help"], env={"COLUMNS": "200", "TERM": "dumb"})
    assert out.exit_code == 0
    text = " ".join(out.output.split())
    assert "Carmel ch. 31 (exemptions ¶¶ A-D" in text and "interpretation P-20" in text
    assert "Exit 0: recorded; 2: bad input" in text and "1: refused" in text
    for option in ("--application", "--user", "--reason", "--decided-on", "--expected-version", "--data-dir"):
        assert option in text


def test_exemptions_a_to_d_the_help_names_the_sponsors_the_law_exempts() -> None:
    """Carmel ch. 31 exemptions ¶¶ A-D exempt an assembly sponsored, organized and authorized by a parochial or
    private school, an established church, a veterans' organization or a civic group of the Town: the help a Board
    member reads before refusing one names those four, and no sponsor the chapter does not name."""
    result = CliRunner().invoke(cli_app, ["refuse-exemption", "--help"], env={"COLUMNS": "400", "TERM": "dumb"})
    assert result.exit_code == 0
    words = " ".join(result.output.replace("│", " ").split())
    for sponsor in ("parochial or private school", "established church", "veterans' organization", "civic group"):
        assert sponsor in words
    assert "municipal" not in words and "charitable" not in words


@pytest.mark.parametrize("days_ahead", [1, 365])
def test_a_day_after_today_is_bad_input_exit_2_whatever_the_state_p26(carmel, cu, church_app, days_ahead):
    """Interpretation P-26: the options' values are checked before the application's state. A --decided-on after
    today exits 2 naming the option on a draft as on a submitted petition (a draft was told 'application is
    draft', exit 1); today itself is the last day taken (the submitted petition records it)."""
    draft = sv.create_draft(cu["applicant"], carmel, fair_facts())
    later = (TODAY + dt.timedelta(days=days_ahead)).isoformat()
    for app in (draft, church_app):
        out = refuse(app, BOARD, "--decided-on", later)
        assert out.exit_code == 2, out.output
        assert f"--decided-on: {later} is in the future (today is {TODAY.isoformat()})" in out.output
        assert "draft" not in out.output
        app.refresh_from_db()
        assert app.exemption_not_accepted_on is None
    out = refuse(draft, BOARD, "--decided-on", TODAY.isoformat())  # a day taken: then the state is told, exit 1
    assert out.exit_code == 1
    assert "the application is 'draft'" in out.output
    assert refuse(church_app, BOARD, "--decided-on", TODAY.isoformat()).exit_code == 0


def test_no_exemption_to_refuse_cites_the_exemptions_not_par_a_p26(carmel, cu):
    """The refusal that there is no exemption to refuse cites exemptions ¶¶ A-D, not permit requirements ¶ A."""
    app = sv.submit(cu["applicant"], sv.create_draft(cu["applicant"], carmel, fair_facts()),
                    verification_statement="Sworn.", today=TODAY)
    out = refuse(app)
    assert out.exit_code == 1
    text = " ".join(out.output.split())
    assert ("The law does not find the assembly exempt (exemptions ¶¶ A-D): there is no exemption claimed to "
            "refuse (interpretation P-20) (Carmel Code ch. 31, exemptions ¶¶ A-D)") in text
    assert "permit requirements ¶ A" not in text
