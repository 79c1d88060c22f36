"""``calendar --public`` is the public feed of hearings, without deadlines, so without alarms: --alarm-days with it
is refused (exit 2, nothing written) rather than ignored; without --public it sets the alarms, 3 days when not
given (Carmel ch. 31's deadlines)."""

from __future__ import annotations

from typer.testing import CliRunner

from publicassembly.cli.app import app


def test_alarm_days_with_the_public_feed_is_refused_not_ignored(tmp_path):
    out = tmp_path / "h.ics"
    r = CliRunner().invoke(app, ["calendar", "--town", "carmel-ny", "--public", "--alarm-days", "5",
                                 "--data-dir", str(tmp_path / "data"), "-o", str(out)])
    assert r.exit_code == 2, r.output
    assert r.output.strip() == ("publicassembly: error: --alarm-days: the public feed (--public) holds the hearings "
                                "only, no deadlines, so no alarms; leave --alarm-days out, or --public"), r.output
    assert not out.exists() and not (tmp_path / "data").exists()
