"""The demo's assemblies are held in their season, each opening on a day of its own, whatever day the demo is built
(Carmel ch. 31 ¶¶ B, F). Built on 2 December 2026, the demo held the "Summer theatre under canvas" and the "Mahopac
Fall Harvest Festival" in January and the "Kent Lakes Regatta Day" and the "Carmel Classic Car Show" in February (75
days after their petitions). Each such assembly now carries a season (`demo.SEASONS`) and is held on the first day
of it on or after that day (`demo.first_day_in_season`): its petition still filed at least the days of ¶ B (60)
before the first day (a longer lead is lawful), and every act of its story in order and on or before the day the
demo is built. A later review found, on about 68 build days a year, two assemblies opening on the same day, the
"Putnam Bluegrass Weekend" opening on any weekday, and the assemblies already held kept days before today whatever
the season (a summer triathlon held in November): every assembly now opens on a day no other takes (`demo.plan`),
the Bluegrass Weekend on a Saturday, and those already held in the last season in which their story (cleanup,
bond, closing) is over by the day the demo is built (`demo.last_day_in_season`)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from tests.permits.test_demo_days_consistent import holds_together, loaded_on

from publicassembly.accounts.models import Town
from publicassembly.law.dates import is_business_day
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


def test_every_assembly_has_a_season_in_the_outdoor_months():
    """`SEASONS` names every demo assembly, those already held too (a triathlon in summer, a county fair in July
    and August), each season between May and October (the outdoor months of Putnam County); the Bluegrass Weekend's
    opens on a Saturday."""
    assert set(demo.SEASONS) == {event[0] for event in demo.EVENTS}
    assert demo.SEASONS["Mahopac Fall Harvest Festival"] == demo.Season((9, 1), (10, 31))
    assert demo.SEASONS["Summer theatre under canvas"] == demo.Season((6, 1), (8, 31))
    assert demo.SEASONS["Putnam Bluegrass Weekend"].weekday == demo.SATURDAY == 5
    for name, season in demo.SEASONS.items():
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


def test_a_season_with_a_weekday_opens_only_on_it_the_bluegrass_weekend_saturday_to_sunday():
    """`Season.opens`: the Bluegrass Weekend (20 June to 30 August, two days) opens on a Saturday, its Sunday in the
    season too — Saturday 26 June 2027, not the Friday before nor the Sunday after; Saturday 28 August 2027 (its
    Sunday the 29th), not Saturday 19 June (before the season). A weekday outside 0-6 is refused."""
    bluegrass = demo.SEASONS["Putnam Bluegrass Weekend"]
    assert bluegrass.opens(date(2027, 6, 26), 2) and bluegrass.opens(date(2027, 8, 28), 2)
    assert not bluegrass.opens(date(2027, 6, 25), 2) and not bluegrass.opens(date(2027, 6, 27), 2)
    assert not bluegrass.opens(date(2027, 6, 19), 2)
    assert demo.HARVEST.opens(date(2027, 9, 1), 1) and not demo.HARVEST.opens(date(2027, 8, 31), 1)
    with pytest.raises(ValueError, match="0 .Monday. to 6 .Sunday., not 7"):
        demo.Season((6, 1), (8, 31), weekday=7)
    with pytest.raises(ValueError, match="2 days"):  # (a week and a day: not every year a Saturday and its Sunday)
        demo.first_day_in_season(_carmel(), demo.Season((6, 1), (6, 7), weekday=demo.SATURDAY), date(2027, 1, 4),
                                 date(2027, 3, 1), 2)


@pytest.mark.parametrize(("earliest", "taken", "expected"), [
    (date(2027, 9, 1), (), date(2027, 9, 1)),
    (date(2027, 9, 1), (date(2027, 9, 1),), date(2027, 9, 2)),                    # its day taken: the next
    (date(2027, 9, 1), (date(2027, 9, 1), date(2027, 9, 2)), date(2027, 9, 3)),
    (date(2027, 10, 31), (date(2027, 10, 31),), date(2028, 9, 1)),                 # its last day taken: next year
], ids=str)
def test_first_day_in_season_not_a_day_another_assembly_opens_on(earliest, taken, expected):
    """The first day on or after `earliest` in the harvest season that no other demo assembly opens on."""
    submitted = earliest - timedelta(days=demo.LEAD_DAYS)
    assert demo.first_day_in_season(_carmel(), demo.HARVEST, submitted, earliest, taken=taken) == expected


def test_first_day_in_season_of_the_bluegrass_weekend_a_saturday_paragraph_b():
    """The Bluegrass Weekend's first day on or after `earliest`: Saturday 26 June 2027 from Sunday 20 June (its
    season's first day), Saturday 3 July when the 26th is taken; from Sunday 29 August 2027 (no weekend left in the
    season), Saturday 24 June 2028."""
    carmel, bluegrass = _carmel(), demo.SEASONS["Putnam Bluegrass Weekend"]
    submitted = date(2027, 4, 1)
    assert demo.first_day_in_season(carmel, bluegrass, submitted, date(2027, 6, 20), 2) == date(2027, 6, 26)
    assert demo.first_day_in_season(carmel, bluegrass, submitted, date(2027, 6, 20), 2,
                                    taken={date(2027, 6, 26)}) == date(2027, 7, 3)
    assert demo.first_day_in_season(carmel, bluegrass, submitted, date(2027, 8, 29), 2) == date(2028, 6, 24)


@pytest.mark.parametrize(("latest", "days", "taken", "expected"), [
    (date(2027, 11, 15), 1, (), date(2027, 10, 31)),                    # after the season: its last day
    (date(2027, 11, 15), 2, (), date(2027, 10, 30)),                    # two days: the last on the season's last
    (date(2027, 10, 15), 1, (), date(2027, 10, 15)),                    # in the season: that day
    (date(2027, 10, 15), 1, (date(2027, 10, 15),), date(2027, 10, 14)),  # taken: the day before
    (date(2027, 9, 1), 1, (), date(2027, 9, 1)),                        # the season's first day
    (date(2027, 9, 1), 2, (), date(2027, 9, 1)),                        # two days from it
    (date(2027, 10, 31), 2, (), date(2027, 10, 30)),                    # two days from its last: the day before
    (date(2027, 8, 31), 1, (), date(2026, 10, 31)),                     # the day before the season: last year's
], ids=str)
def test_last_day_in_season_on_or_before_the_latest_day(latest, days, taken, expected):
    """The last day on or before `latest` on which an assembly of `days` days opens within the harvest season
    (September and October) and no other assembly opens: an assembly already held, in its last season."""
    assert demo.last_day_in_season(demo.HARVEST, latest, days, taken=taken) == expected


def test_last_day_in_season_of_the_bluegrass_weekend_a_saturday():
    """On or before Monday 30 August 2027 the Bluegrass Weekend's last Saturday is the 28th (its Sunday the 29th);
    on or before Friday 25 June 2027 (before the season's first Saturday), Saturday 29 August 2026."""
    bluegrass = demo.SEASONS["Putnam Bluegrass Weekend"]
    assert demo.last_day_in_season(bluegrass, date(2027, 8, 30), 2) == date(2027, 8, 28)
    assert demo.last_day_in_season(bluegrass, date(2027, 6, 25), 2) == date(2026, 8, 29)


_HELD_LAST_ACT = {State.ASSEMBLY_HELD: "end", State.CLEANUP_INSPECTED: "inspected", State.BOND_RELEASED: "bond_settled",
                  State.BOND_FORFEITED: "bond_settled", State.CLOSED: "closed"}


def _last_act(story: demo.Story, state: str) -> date:
    """The day of the last act of an assembly already held, brought to `state` (`demo._Builder._steps`)."""
    act = getattr(story, _HELD_LAST_ACT[state])
    return act(state) if callable(act) else act


def _in_time(carmel_parameters, first: date, filed: date) -> bool:
    return legal_deadlines.application_due(first, carmel_parameters.at(first)).date >= filed


def test_demo_plan_on_every_day_of_leap_year_2028_distinct_days_in_season_within_paragraphs_b_f():
    """`demo.plan` built on each of the 366 days of 2028 (the day passed in, not the clock; 29 February too): every
    assembly opens on a day no other does; the Bluegrass Weekend from a Saturday to a Sunday; every assembly all its
    days in its season. One already held: on the last day it can open in its season on or before `offset` days
    from today (a later one is not in the season, or another's), its last act (the assembly's end, the cleanup
    inspection, the bond's release or forfeiture, the closing) on or before today. One not yet held: on the first
    day it can open on or after its lead, its petition submitted on or before today. Every story within the
    deadlines of ch. 31 the application checks: the petition filed on a business day at least 60 days before the
    first day (¶ B), the hearing's notice published at least 10 days before it, the hearing, the decision (within
    the Board's 30 days of the submission, ¶ B) and the permit's issue before the assembly; the waste removed within
    ¶ F's 5 days of its end."""
    carmel = _carmel()
    parameters = sv.parameter_set(carmel)
    events = {event[0]: event for event in demo.EVENTS}
    day, bluegrass_saturdays = date(2028, 1, 1), set()
    while day.year == 2028:
        stories = demo.plan(carmel, day)
        assert set(stories) == set(events)
        firsts = [story.first for story in stories.values()]
        assert len(set(firsts)) == len(firsts), (day, sorted(firsts))
        for name, story in stories.items():
            *_, days, _persons, state, offset = events[name]
            season, values = demo.SEASONS[name], parameters.at(story.first)
            assert (story.days, season.holds(story.first, story.end)) == (days, True), (day, name, story)
            others = set(firsts) - {story.first}
            if state in _HELD:
                latest = day + timedelta(days=offset)
                assert story.first <= latest and _last_act(story, state) <= day, (day, name, story)
                later = [story.first + timedelta(days=n) for n in range(1, (latest - story.first).days + 1)]
                assert not [d for d in later if season.opens(d, days) and d not in others], (day, name, story)
            else:
                filed = day if state == State.DRAFT else story.submitted
                earliest = day + timedelta(days=120) if state == State.DRAFT else filed + timedelta(days=season.lead)
                assert filed <= day and earliest <= story.first, (day, name, story)
                sooner = [earliest + timedelta(days=n) for n in range((story.first - earliest).days)]
                assert not [d for d in sooner if season.opens(d, days) and d not in others
                            and _in_time(parameters, d, filed)], (day, name, story)
            if state == State.DRAFT:
                continue
            assert is_business_day(story.submitted), (day, name, story)
            assert (story.first - story.submitted).days >= 60 and _in_time(parameters, story.first, story.submitted)
            assert story.notice <= legal_deadlines.hearing_notice_due(story.hearing, values).date
            assert story.submitted < story.notice < story.hearing < story.decided < story.issued < story.first
            assert story.decided <= legal_deadlines.decision_due(story.submitted, values).date, (day, name, story)
            assert story.cleaned <= legal_deadlines.cleanup_due(story.end, values).date
        bluegrass = stories["Putnam Bluegrass Weekend"]
        assert (bluegrass.first.weekday(), bluegrass.end.weekday(), bluegrass.days) == (5, 6, 2), (day, bluegrass)
        bluegrass_saturdays.add(bluegrass.first)
        day += timedelta(days=1)
    assert len(bluegrass_saturdays) > 1  # (the weekend moves with the day the demo is built)


def test_demo_plan_is_the_same_for_the_same_build_day_and_ignores_the_clock(travel_to):
    """Deterministic: planned twice for 29 February 2028, the same days; the clock (moved to 1 October 2030) does
    not enter into it."""
    carmel = _carmel()
    first = demo.plan(carmel, date(2028, 2, 29))
    travel_to(date(2030, 10, 1))
    assert demo.plan(carmel, date(2028, 2, 29)) == first


#: Days to build the demo on: the trial's (2 December 2026), mid-March, mid-July (in the outdoor season, after the
#: Fourth of July), 29 February 2028 (a leap day: the assemblies already held in 2027's seasons) and Saturday 25
#: September 2027 (the marathon's finish festival, the Renaissance Faire and the motocross already held this season).
BUILT_ON = (date(2026, 12, 2), date(2027, 3, 15), date(2027, 7, 20), date(2028, 2, 29), date(2027, 9, 25))


@pytest.mark.parametrize("today", BUILT_ON, ids=str)
def test_demo_assemblies_in_their_season_on_days_of_their_own_petitions_filed_in_time_paragraph_b(today, travel_to):
    """Built on `today`: the story holds together (every act in order, on or before today, the officials' on
    business days, each through the services that refuse what ch. 31 does not allow: `holds_together`); every
    assembly is held within its season (all its days) on a day no other opens on; each not yet held on or after the
    day its lead gives (the submission plus `LEAD_DAYS`; a draft, 120 days from today), its petition filed at least
    ¶ B's 60 days before the first day (a draft's, filed today, would be); each already held on or before `offset`
    days from today; the Bluegrass Weekend from a Saturday to a Sunday."""
    loaded_on(travel_to, today)
    holds_together(today)
    carmel = _carmel()
    offsets = {event[0]: event[9] for event in demo.EVENTS}
    apps = list(PermitApplication.objects.order_by("pk"))
    assert len(apps) == len(demo.EVENTS)
    firsts = [_first_last(app)[0] for app in apps]
    assert len(set(firsts)) == len(firsts), sorted(firsts)
    for app in apps:
        first, last = _first_last(app)
        season = demo.SEASONS[app.name]
        assert season.holds(first, last), (app.name, first, last, season)
        if app.state in _HELD:
            assert app.assembly_ended_on == last <= today and first <= today + timedelta(days=offsets[app.name])
            continue
        filed = app.submitted_on or today
        assert app.submitted_on is not None or app.state == State.DRAFT, app.name
        days_before = sv.parameter_set(carmel).at(first)["petition.filing_days_before"]
        assert days_before == 60
        assert (first - filed).days >= days_before, (app.name, filed, first)
        assert legal_deadlines.application_due(first, sv.parameter_set(carmel).at(first)).date >= filed
        earliest = (today + timedelta(days=120) if app.state == State.DRAFT
                    else app.submitted_on + timedelta(days=season.lead))
        assert first >= earliest, (app.name, first, earliest)
    bluegrass = _first_last(PermitApplication.objects.get(facts__name="Putnam Bluegrass Weekend"))
    assert (bluegrass[0].weekday(), bluegrass[1].weekday()) == (demo.SATURDAY, 6)


def test_demo_built_on_the_trials_day_holds_its_summer_and_autumn_assemblies_then(travel_to):
    """Built on Wednesday 2 December 2026 (the trial's day): the theatre under canvas is held on 1 June 2027 and
    the regatta on 27 June (not in January and February), the car show on 16 May 2027, the harvest festival on
    1-2 September 2027 (not in January), the fireworks viewing on 4 July 2027 — each petition, filed in November,
    well over ¶ B's 60 days ahead; the Bluegrass Weekend on Saturday 26 June and Sunday 27 June 2027; the assemblies
    already held in their 2026 seasons — the county fair on 23-25 August, the triathlon on 31 August (not on 12
    November, 20 days before) and the marathon's finish festival on 31 October (not on 29 November); and no two
    assemblies open on the same day (nine had piled up on 1 May)."""
    loaded_on(travel_to, date(2026, 12, 2))
    held = {app.name: _first_last(app) for app in PermitApplication.objects.all()}
    assert held["Summer theatre under canvas"] == (date(2027, 6, 1), date(2027, 6, 1))
    assert held["Kent Lakes Regatta Day"] == (date(2027, 6, 27), date(2027, 6, 27))
    assert held["Carmel Classic Car Show"] == (date(2027, 5, 16), date(2027, 5, 16))
    assert held["Mahopac Fall Harvest Festival"] == (date(2027, 9, 1), date(2027, 9, 2))
    assert held["Carmel Fourth of July Fireworks Viewing"] == (date(2027, 7, 4), date(2027, 7, 4))
    assert held["Putnam Bluegrass Weekend"] == (date(2027, 6, 26), date(2027, 6, 27))
    assert held["Putnam County Fair"] == (date(2026, 8, 23), date(2026, 8, 25))
    assert held["Lake Mahopac Triathlon Expo"] == (date(2026, 8, 31), date(2026, 8, 31))
    assert held["Hudson Valley Marathon Finish Festival"] == (date(2026, 10, 31), date(2026, 10, 31))
    firsts = [held[name][0] for name in demo.SEASONS]
    assert len(set(firsts)) == len(firsts), sorted(firsts)
