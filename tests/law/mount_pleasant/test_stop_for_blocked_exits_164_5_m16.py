"""§ 164-5: "upon finding ... obstruction in aisles, passageways or other means of egress ... shall cause the
performance ... to be stopped". An exit found blocked (§ 164-10, ``exits_blocked``) or access to the exits found
not clear (§ 164-11, ``exit_access_clear`` false) obstructs the means of egress: the stop-performance finding says
the performance must be stopped and names the condition (interpretations M-16, M-19), with no overcrowding (50
present in a hall certified for 100), no aisle obstructed and no serious menace. Exits clear, or left unstated
(§§ 164-10 and 164-11's own findings ask for them), are no ground."""

from __future__ import annotations

import pytest

from publicassembly.law.determination import Status

STOP = "mount-pleasant/164-5/stop-performance"
HALL = [{"name": "Hall", "use_group": "dance_hall_lodge_room", "area": 3000}]  # 200 persons (§ 164-7)
CERTIFIED_100 = {"number": "PA-9", "issued": "2024-05-01", "lawful_occupancy": 100}
SEEN = {"date": "2025-03-01", "officer": "fire_district_inspector", "persons_present": 50,
        "egress_obstructed": False, "serious_menace": False}
BLOCKED = "a blocked exit obstructing egress (§ 164-10)"
ACCESS = "obstructed access to the exits (§ 164-11)"


def _stop(determine, **exits):
    return determine(commercial=True, spaces=HALL, certificate=CERTIFIED_100,
                     inspection=SEEN | exits).finding(STOP)


@pytest.mark.parametrize(("exits", "named", "not_named"), [
    ({"exits_blocked": True, "exit_access_clear": False}, (BLOCKED, ACCESS), ()),  # the audit's case
    ({"exits_blocked": True, "exit_access_clear": True}, (BLOCKED,), (ACCESS,)),
    ({"exits_blocked": False, "exit_access_clear": False}, (ACCESS,), (BLOCKED,)),
    ({"exits_blocked": True}, (BLOCKED,), (ACCESS,)),                             # access unstated
])
def test_164_5_an_exit_blocked_or_access_not_clear_stops_the_performance(determine, exits, named, not_named):
    f = _stop(determine, **exits)
    assert f.status is Status.NOT_MET and f.outcome is True
    assert f.values["stop_performance"] is True
    assert (f.values["approved_number"], f.values["persons_present"], f.values["overcrowding"]) == (100, 50, False)
    assert f.reason.startswith("The performance, presentation, spectacle or entertainment must be stopped "
                               "until corrected: ")
    assert "No overcrowding" not in f.reason and "may go on" not in f.reason
    for words in named:
        assert words in f.reason
    for words in not_named:
        assert words not in f.reason
    # the raw facts as stated; egress_obstructed stays the aisles' and passageways' (M-19: no second deficiency)
    assert f.values["exits_blocked"] == exits.get("exits_blocked")
    assert f.values["exit_access_clear"] == exits.get("exit_access_clear")
    assert f.values["egress_obstructed"] is False


@pytest.mark.parametrize("exits", [{"exits_blocked": False, "exit_access_clear": True}, {}],
                         ids=["exits clear", "exits unstated"])
def test_164_5_exits_clear_or_unstated_are_no_ground_the_performance_may_go_on(determine, exits):
    f = _stop(determine, **exits)
    assert f.status is Status.MET and f.outcome is False
    assert f.values["stop_performance"] is False
    assert f.reason == ("No overcrowding, obstruction of egress or serious menace was found; the performance may "
                        "go on.")


def test_164_5_the_164_10_and_164_5_findings_agree_on_a_blocked_exit(determine):
    d = determine(commercial=True, spaces=HALL, certificate=CERTIFIED_100,
                  inspection=SEEN | {"exits_blocked": True, "exit_access_clear": True})
    assert d.finding("mount-pleasant/164-10/exits-not-blocked").status is Status.NOT_MET
    assert d.finding(STOP).status is Status.NOT_MET


def test_164_5_a_blocked_exit_is_named_beside_the_aisles_and_overcrowding(determine):
    f = determine(commercial=True, spaces=HALL, certificate=CERTIFIED_100,
                  inspection=SEEN | {"persons_present": 101, "egress_obstructed": True, "exits_blocked": True,
                                     "exit_access_clear": True}).finding(STOP)
    assert f.reason == ("The performance, presentation, spectacle or entertainment must be stopped until corrected: "
                        f"overcrowding, egress obstructed, {BLOCKED}.")
