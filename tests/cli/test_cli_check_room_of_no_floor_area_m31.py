"""`publicassembly check` of a case file giving a room of floor area 0 (§§ 164-7, 164-9; interpretation M-31):
refused, exit 2, one line naming the file, the line, ``spaces[0].area`` and that it must be more than 0 sq ft —
it took the room, of occupant load 0, where the API and the pages refuse it."""

from __future__ import annotations

import json

import pytest

from publicassembly.cli import app

CASE = """\
jurisdiction: mount-pleasant-ny
subject: venue
as_of: 2026-03-02
commercial: true
spaces:
  - name: Hall
    use_group: {group}
    area: {area}
{more}"""


@pytest.mark.parametrize("area", ["0", "-0.0", "0.0"])
def test_check_refuses_a_room_of_floor_area_0_exit_2_m31(runner, write, area):
    result = runner.invoke(app, ["check", str(write("hall.yaml", CASE.format(group="business", area=area,
                                                                              more="")))])
    assert result.exit_code == 2 and result.stdout == ""
    line = result.stderr.strip()
    assert len(line.splitlines()) == 1 and "Traceback" not in result.output
    assert "hall.yaml, line 8" in line
    assert "spaces[0].area: must be more than 0 sq ft: a room or area of no floor area holds no one" in line
    assert line.endswith(f"(got {area})")


def test_check_takes_a_room_of_0_point_0001_sq_ft_and_a_bowling_alley_of_no_additional_area_164_7(runner, write):
    """The other sides: 0.0001 sq ft is a room (occupant load 0); a bowling alley's additional area of 0 with 2
    alleys holds 10."""
    tiny = runner.invoke(app, ["check", str(write("a.yaml", CASE.format(group="business", area="0.0001", more=""))),
                               "-f", "json"])
    assert tiny.exit_code == 0, tiny.stderr
    assert json.loads(tiny.stdout)["occupancy"]["spaces"][0]["occupant_load"] == 0
    lanes = runner.invoke(app, ["check", str(write("b.yaml", CASE.format(group="bowling_alley", area="0",
                                                                         more="    alleys: 2\n"))), "-f", "json"])
    assert lanes.exit_code == 0, lanes.stderr
    assert json.loads(lanes.stdout)["occupancy"]["spaces"][0]["occupant_load"] == 10
