"""The demo's assemblies not yet held are held in their season, whatever day the demo is built (Carmel ch. 31 ¶ B).
Built on 2 December 2026, the demo held the "Summer theatre under canvas" and the "Mahopac Fall Harvest Festival" in
January and the "Kent Lakes Regatta Day" and the "Carmel Classic Car Show" in February (75 days after their
petitions). Each such assembly now carries a season (`demo.SEASONS`) and is held on the first day of it on or after
that day (`demo.first_day_in_season`): its petition still filed at least the days of ¶ B (60) before the first day
(a longer lead is lawful), and every act of its story in order and on or before the day the demo is built. The
assemblies already held keep their days before today, whatever the season."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from tests.permits.test_demo_days_consistent import holds_together, loaded_on

from publicassembly.accounts.models import Town
from publicassembly.law.jurisdictions.us_ny_carmel import deadlines as legal_deadlines
from publicassembly.permits import demo
from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication, State

pytestmark = pytest.mark.django_db

_HELD = {State.ASSEMBLY_HELD, State.CLEANUP_INSPECTED, State.BOND_RELEASED, State.BOND_FORFEITED, State.CLOSED}


def _carmel() -> Town:
    return Town.objects.for_jurisdiction("carmel-ny")


def _first_last(app: PermitApplication) -> tuple[date, date]:
    dates = app.facts["dates"]
    return date.fromisoformat(dates["first_day"]), date.fromisoformat(dates["last_day"])


def test_every_assembly_not_yet_held_has_a_season_and_none_held_has_one():
    """`SEASONS` names demo assemblies: each of the states before ``assembly_held``, and none already held (its
    days are before today, whatever the season)."""
    states = {event[0]: event[8] for event in demo.EVENTS}
    assert set(demo.SEASONS) == {name for name, state in states.items() if state not in _HELD}
    assert demo.SEASONS["Mahopac Fall Harvest Festival"] == demo.Season((9, 1), (10, 31))
    assert demo.SEASONS["Summer theatre under canvas"] == demo.Season((6, 1), (8, 31))
    for name in demo.SEASONS:  # (every season between May and October: the outdoor months of Putnam County)
        season = demo.SEASONS[name]
        assert season.start >= (5, 1) and season.end <= (10, 31), (name, season)


def test_a_season_holds_an_assembly_only_with_all_its_days_in_it():
    """`Season.holds`: the first and last days both in the season of one year (boundaries on both sides)."""
    harvest = demo.HARVEST
    assert harvest.holds(date(2027, 9, 1), date(2027, 9, 2))
    assert harvest.holds(date(2027, 10, 30), date(2027, 10, 31))
    assert not harvest.holds(date(2027, 8, 31), date(2027, 9, 1))
    assert not harvest.holds(date(2027, 10, 31), date(2027, 11, 1))
    with pytest.raises(ValueError, match="within a year"):
        demo.Season((11, 1), (2, 28))


@pytest.mark.parametrize(("earliest", "days", "expected"), [
    (date(2027, 2, 10), 1, date(2027, 9, 1)),     # before the season: its first day
    (date(2027, 9, 1), 1, date(2027, 9, 1)),      # on its first day
    (date(2027, 10, 31), 1, date(2027, 10, 31)),  # on its last day
    (date(2027, 11, 1), 1, date(2028, 9, 1)),     # the day after: next year's
    (date(2027, 10, 30), 2, date(2027, 10, 30)),  # two days, the last on the season's last day
    (date(2027, 10, 31), 2, date(2028, 9, 1)),    # two days, the last a day past the season: next year's
], ids=str)
def test_first_day_in_season_on_or_after_the_earliest_day(earliest, days, expected):
    """The first day on or after `earliest` on which an assembly of `days` days is held within the harvest season
    (September and October); the petition, submitted 75 days before `earliest`, is in time (¶ B, 60 days)."""
    submitted = earliest - timedelta(days=demo.LEAD_DAYS)
    assert demo.first_day_in_season(_carmel(), demo.HARVEST, submitted, earliest, days) == expected


def test_first_day_in_season_of_a_day_of_its_own_the_first_year_the_petition_is_in_time_paragraph_b():
    """The Fourth of July (a season of one day, no lead of its own): ¶ B's 60 days decide the year — a petition
    submitted on 5 May 2027 is filed exactly 60 days before 4 July 2027, one on 6 May 59 days before it, so for 4 July
    2028. A season too short for the assembly's days is refused (rather than searched for ever)."""
    carmel, fourth = _carmel(), demo.FOURTH_OF_JULY
    assert demo.first_day_in_season(carmel, fourth, date(2027, 5, 5), date(2027, 5, 5)) == date(2027, 7, 4)
    assert demo.first_day_in_season(carmel, fourth, date(2027, 5, 6), date(2027, 5, 6)) == date(2028, 7, 4)
    with pytest.raises(ValueError, match="2 days"):
        demo.first_day_in_season(carmel, fourth, date(2027, 5, 5), date(2027, 5, 5), 2)


#: Days to build the demo on: the trial's (2 December 2026), mid-March and mid-July (in the outdoor season, after
#: the Fourth of July).
BUILT_ON = (date(2026, 12, 2), date(2027, 3, 15), date(2027, 7, 20))


@pytest.mark.parametrize("today", BUILT_ON, ids=str)
def test_demo_assemblies_not_yet_held_in_their_season_petitions_filed_in_time_paragraph_b(today, travel_to):
    """Built on `today`: the story holds together (every act in order, on or before today, the officials' on
    business days: `holds_together`); each assembly not yet held is held within its season (all its days), on its
    first day on or after the day its lead gives (the submission plus `LEAD_DAYS`; a draft, 120 days from today),
    and its petition is filed at least ¶ B's 60 days before the first day (a draft's, filed today, would be); the
    assemblies already held are held `offset` days from today, as before."""
    loaded_on(travel_to, today)
    holds_together(today)
    carmel = _carmel()
    offsets = {event[0]: event[9] for event in demo.EVENTS}
    for app in PermitApplication.objects.order_by("pk"):
        first, last = _first_last(app)
        season = demo.SEASONS.get(app.name)
        if season is None:
            assert app.state in _HELD and first == today + timedelta(days=offsets[app.name]), app.name
            continue
        assert season.holds(first, last), (app.name, first, last, season)
        filed = app.submitted_on or today
        assert app.submitted_on is not None or app.state == State.DRAFT, app.name
        days_before = sv.parameter_set(carmel).at(first)["petition.filing_days_before"]
        assert days_before == 60
        assert (first - filed).days >= days_before, (app.name, filed, first)
        assert legal_deadlines.application_due(first, sv.parameter_set(carmel).at(first)).date >= filed
        earliest = (today + timedelta(days=120) if app.state == State.DRAFT
                    else app.submitted_on + timedelta(days=season.lead))
        assert first >= earliest, (app.name, first, earliest)
        day_before = first - timedelta(days=1)
        assert first == earliest or not season.holds(day_before, day_before + (last - first)), (
            f"{app.name}: held on {first}, but {day_before} is in its season and on or after {earliest}")


def test_demo_built_on_the_trials_day_holds_its_summer_and_autumn_assemblies_then(travel_to):
    """Built on Wednesday 2 December 2026 (the trial's day): the theatre under canvas is held on 1 June 2027 and
    the regatta on 27 June (not in January and February), the car show on 16 May 2027, the harvest festival on
    1-2 September 2027 (not in January), the fireworks viewing on 4 July 2027 — each petition, filed in November,
    well over ¶ B's 60 days ahead; and no two assemblies not yet held open on the same day (each season its own
    opening day: nine had piled up on 1 May)."""
    loaded_on(travel_to, date(2026, 12, 2))
    held = {app.name: _first_last(app) for app in PermitApplication.objects.all()}
    assert held["Summer theatre under canvas"] == (date(2027, 6, 1), date(2027, 6, 1))
    assert held["Kent Lakes Regatta Day"] == (date(2027, 6, 27), date(2027, 6, 27))
    assert held["Carmel Classic Car Show"] == (date(2027, 5, 16), date(2027, 5, 16))
    assert held["Mahopac Fall Harvest Festival"] == (date(2027, 9, 1), date(2027, 9, 2))
    assert held["Carmel Fourth of July Fireworks Viewing"] == (date(2027, 7, 4), date(2027, 7, 4))
    firsts = [held[name][0] for name in demo.SEASONS]
    assert len(set(firsts)) == len(firsts), sorted(firsts)
