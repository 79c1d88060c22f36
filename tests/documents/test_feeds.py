"""iCalendar feeds, the BLDS export and GeoJSON site maps (Mount Pleasant § 164-8)."""

from __future__ import annotations

import csv
import io
import json
from datetime import date, datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar
from pyproj import Transformer

from publicassembly.documents import blds
from publicassembly.documents.calendars import application_calendar, deadlines_from_determination, town_feed
from publicassembly.documents.records import DeadlineItem
from publicassembly.documents.sitemap import site_area, site_occupancy

STAMP = datetime(2025, 5, 1, 12, 0, tzinfo=ZoneInfo("UTC"))


# --- iCalendar -------------------------------------------------------------------------------------------------

def test_town_feed_has_hearings_and_deadlines_with_alarms(hearing_record):
    deadlines = [DeadlineItem("PA-2025-003", "hearing_notice_due", date(2025, 6, 14), "10 days before",
                              "Carmel Code ch. 31, permit requirements ¶ B"),
                 DeadlineItem("PA-2025-003", "decision_due", date(2025, 6, 26))]
    cal = Calendar.from_ical(town_feed("Town of Carmel", [hearing_record], deadlines, generated_at=STAMP))
    events = cal.walk("VEVENT")
    assert len(events) == 1
    start = events[0].decoded("dtstart")
    assert start == datetime(2025, 6, 24, 19, 30, tzinfo=ZoneInfo("America/New_York"))
    assert start.utcoffset() == timedelta(hours=-4)  # EDT in June
    assert "2025-06-14" in str(events[0]["description"])
    todos = cal.walk("VTODO")
    assert {t.decoded("due") for t in todos} == {date(2025, 6, 14), date(2025, 6, 26)}
    for t in todos:
        alarm = t.walk("VALARM")[0]
        assert alarm.decoded("trigger") == timedelta(days=-3)
        assert alarm["trigger"].params["RELATED"] == "END"
    assert cal.walk("VTIMEZONE")


@pytest.mark.parametrize("days", [-1, 366, 99_999_999_999])
def test_an_alarm_outside_0_to_365_days_is_refused(days):
    """An alarm more than a year before a deadline was written (-P1000000D), or overflowed in icalendar."""
    deadline = [DeadlineItem("PA-1", "decision_due", date(2025, 6, 26))]
    with pytest.raises(ValueError, match=f"alarm_days: 0 to 365 days before the deadline \\(got {days}\\)"):
        town_feed("Town of Carmel", [], deadline, generated_at=STAMP, alarm_days=days)


@pytest.mark.parametrize("days", [0, 365])
def test_an_alarm_0_to_365_days_before_is_written(days):
    deadline = [DeadlineItem("PA-1", "decision_due", date(2025, 6, 26))]
    cal = Calendar.from_ical(town_feed("Town of Carmel", [], deadline, generated_at=STAMP, alarm_days=days))
    assert cal.walk("VALARM")[0].decoded("trigger") == timedelta(days=-days)


def test_application_calendar_keeps_only_its_own_deadlines(hearing_record):
    deadlines = [DeadlineItem("PA-2025-003", "hearing_notice_due", date(2025, 6, 14)),
                 DeadlineItem("PA-2025-999", "hearing_notice_due", date(2025, 9, 1))]
    cal = Calendar.from_ical(application_calendar("PA-2025-003", hearing_record, deadlines, generated_at=STAMP))
    assert [t.decoded("due") for t in cal.walk("VTODO")] == [date(2025, 6, 14)]


def test_deadlines_come_from_the_determination_json():
    items = deadlines_from_determination({"deadlines": {"petition_due": {"date": "2025-06-16", "counted": "x"}}},
                                         "PA-1")
    assert items == [DeadlineItem("PA-1", "petition_due", date(2025, 6, 16), "x", "")]
    with pytest.raises(ValueError, match="deadlines.petition_due.date"):
        deadlines_from_determination({"deadlines": {"petition_due": {"date": "June"}}}, "PA-1")


# --- BLDS --------------------------------------------------------------------------------------------------------

BLDS_REQUIRED = ("PermitNum", "Description", "AppliedDate", "IssuedDate", "CompletedDate", "StatusCurrent",
                 "OriginalAddress1", "OriginalAddress2", "OriginalCity", "OriginalState", "OriginalZip")
BLDS_VALUES = {"Application Accepted", "Fees/Payment", "In Review", "Permit Issued", "Inspection Phase",
               "Permit Finaled", "Permit Finaled with Conditions", "Occupancy", "Appeal", "Permit Cancelled"}


def _row(status: str, **kw) -> blds.BldsPermitRow:
    return blds.BldsPermitRow(permit_num="PA-1", description="Music festival", status=status,
                              applied_date=date(2025, 4, 1), address1="1 Gleneida Ave", city="Carmel",
                              zip="10512", extra={"maximum_persons": 4200, "bond_amount": Decimal("15000.00")}, **kw)


def test_blds_permits_header_has_required_and_recommended_fields():
    header = next(csv.reader(io.StringIO(blds.permits_csv([_row("issued")]).decode())))
    assert tuple(header[:11]) == BLDS_REQUIRED
    for name in ("Jurisdiction", "PermitClass", "PermitClassMapped", "StatusCurrentMapped", "StatusDate",
                 "ExtraFields"):
        assert name in header


@pytest.mark.parametrize("status", sorted(blds.STATUS_MAPPED))
def test_every_workflow_status_maps_to_a_blds_value(status):
    assert blds.status_mapped(status) in BLDS_VALUES
    rec = blds.permit_record(_row(status))
    assert rec["StatusCurrent"] == status and rec["StatusCurrentMapped"] == blds.STATUS_MAPPED[status]


def test_blds_mapping_of_the_main_states():
    assert blds.status_mapped("submitted") == "Application Accepted"
    assert blds.status_mapped("issued") == "Permit Issued"
    assert blds.status_mapped("revoked") == "Permit Cancelled"
    assert blds.status_mapped("closed") == "Permit Finaled"
    with pytest.raises(ValueError, match="allowed"):
        blds.status_mapped("lost")


def test_blds_drafts_are_not_published():
    out = list(csv.DictReader(io.StringIO(blds.permits_csv([_row("draft"), _row("issued")]).decode())))
    assert [r["StatusCurrent"] for r in out] == ["issued"]


def test_blds_csv_round_trips(permit_record):
    row = blds.row_from_permit(permit_record, status="issued", applied_date=date(2025, 4, 1), city="Carmel",
                               zip="10512")
    data = blds.permits_csv([row, _row("held")])
    back = list(csv.DictReader(io.StringIO(data.decode("utf-8"), newline="")))
    assert back[0] == blds.permit_record(row)
    extra = json.loads(back[0]["ExtraFields"])
    assert extra["maximum_persons"] == 4200 and extra["cleanup_due_date"] == "2025-08-22"
    assert extra["conditions"][0] == "No amplified sound after 10:00 p.m."
    assert back[0]["IssuedDate"] == "2025-07-01" and back[0]["AppliedDate"] == "2025-04-01"


def test_blds_json_nests_extra_fields():
    out = json.loads(blds.permits_json([_row("issued")]))
    assert out[0]["ExtraFields"] == {"bond_amount": 15000, "maximum_persons": 4200}
    assert set(out[0]) == set(blds.PERMIT_FIELDS)


def test_blds_needs_applied_or_issued_date():
    with pytest.raises(ValueError, match="AppliedDate or IssuedDate"):
        blds.permit_record(blds.BldsPermitRow("PA-2", "x", "submitted"))


def test_blds_inspections():
    rows = [blds.BldsInspectionRow("PA-1", "cleanup", inspected_date=date(2025, 8, 22), result="passed",
                                   final=True, inspector="R. Dwyer")]
    back = list(csv.DictReader(io.StringIO(blds.inspections_csv(rows).decode())))
    assert tuple(back[0]) == blds.INSPECTION_FIELDS
    assert back[0]["ResultMapped"] == "Pass" and back[0]["InspectedDate"] == "2025-08-22"
    assert json.loads(blds.inspections_json(rows))[0]["Final"] == "1"
    with pytest.raises(ValueError, match="kind"):
        blds.inspection_record(blds.BldsInspectionRow("PA-1", "vibes"))


# --- site maps ---------------------------------------------------------------------------------------------------

X0, Y0 = 600000.0, 4550000.0  # UTM zone 18N, near Mount Pleasant, NY
UTM_SQUARE = [[X0, Y0], [X0 + 100, Y0], [X0 + 100, Y0 + 100], [X0, Y0 + 100], [X0, Y0]]


def utm_geojson(ring=UTM_SQUARE):
    return {"type": "Feature", "properties": {"name": "lawn"},
            "crs": {"type": "name", "properties": {"name": "EPSG:32618"}},
            "geometry": {"type": "Polygon", "coordinates": [ring]}}


def test_100_m_square_planar_in_utm_is_107639_10_sq_ft():
    """10,000 m² / 0.09290304 = 107,639.1041... sq ft, rounded down to the cent."""
    assert site_area(utm_geojson(), method="planar").area_sq_ft == Decimal("107639.10")


def test_same_square_in_degrees_and_in_utm_has_the_same_geodesic_area():
    to_lonlat = Transformer.from_crs("EPSG:32618", "OGC:CRS84", always_xy=True)
    ring = [list(to_lonlat.transform(x, y)) for x, y in UTM_SQUARE]
    in_degrees = site_area({"type": "Polygon", "coordinates": [ring]})
    projected = site_area(utm_geojson())
    assert abs(in_degrees.area_sq_ft - projected.area_sq_ft) <= Decimal("0.01")
    # the ground area differs from the grid area by the UTM scale factor (under 0.1 % here)
    assert abs(projected.area_sq_ft - Decimal("107639.10")) / Decimal("107639.10") < Decimal("0.001")


def test_state_plane_us_survey_feet_convert_exactly():
    """EPSG:2263 (NY Long Island, ftUS): 300 ftUS × 300 ftUS = 90,000 × (1200/3937 / 0.3048)² sq ft."""
    x0, y0 = 1000000, 250000
    ring = [[x0, y0], [x0 + 300, y0], [x0 + 300, y0 + 300], [x0, y0 + 300], [x0, y0]]
    geo = {"type": "Polygon", "crs": {"type": "name", "properties": {"name": "EPSG:2263"}}, "coordinates": [ring]}
    assert site_area(geo, method="planar").area_sq_ft == Decimal("90000.36")


def test_164_8_occupant_load_of_an_open_air_site_comes_from_the_law_core():
    """§ 164-8: one person per 15 sq ft of the unenclosed area, rounded down: 107,639.10 sq ft (grid) → 7,175."""
    result = site_occupancy(utm_geojson(), date(2025, 6, 1), method="planar")
    assert result.occupant_load == 7175 and "164-8" in result.citation
    # 1,500 sq ft ↔ 100 persons; just under loses a person
    side = (Decimal(1500) * Decimal("0.09290304")).sqrt()  # metres
    s = float(side)
    ring = [[X0, Y0], [X0 + s, Y0], [X0 + s, Y0 + s], [X0, Y0 + s], [X0, Y0]]
    near = site_occupancy(utm_geojson(ring), date(2025, 6, 1), method="planar")
    assert near.area.area_sq_ft in (Decimal("1499.99"), Decimal("1500.00"))
    assert near.occupant_load == (100 if near.area.area_sq_ft == Decimal("1500.00") else 99)


def test_feature_collection_areas_add_up():
    fc = {"type": "FeatureCollection", "crs": {"type": "name", "properties": {"name": "EPSG:32618"}},
          "features": [utm_geojson(), utm_geojson([[X0 + 200, Y0], [X0 + 300, Y0], [X0 + 300, Y0 + 100],
                                                   [X0 + 200, Y0 + 100], [X0 + 200, Y0]])]}
    assert site_area(fc, method="planar").area_sq_ft == Decimal("215278.20")


@pytest.mark.parametrize("bad, message", [
    ("not json", "not valid JSON"),
    ({"type": "Point", "coordinates": [0, 0]}, "has no area"),
    ({"type": "Polygon", "coordinates": [[[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]]]}, "not valid"),
    ({"type": "Polygon", "coordinates": [[[600000, 4550000], [600100, 4550000], [600100, 4550100],
                                          [600000, 4550000]]]}, "out of range"),
    ({"type": "Polygon", "crs": {"type": "name", "properties": {"name": "EPSG:999999"}},
      "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}, "crs"),
    ({"type": "FeatureCollection", "features": []}, "at least one Feature"),
])
def test_bad_geojson_is_named(bad, message):
    with pytest.raises(ValueError, match=message):
        site_area(bad)


def test_planar_needs_projected_coordinates():
    with pytest.raises(ValueError, match="planar"):
        site_area({"type": "Polygon", "coordinates": [[[-73.8, 41.1], [-73.79, 41.1], [-73.79, 41.11],
                                                       [-73.8, 41.1]]]}, method="planar")


def _timezone_comment(ics: bytes) -> str:
    return str(Calendar.from_ical(ics).walk("VTIMEZONE")[0]["comment"])


@pytest.mark.parametrize(("hearing_at", "says", "offset"), [
    (datetime(2099, 7, 6, 19, 30), "from 2099-01-01 to 2100-01-01", -4),    # the last year a hearing is set in
    (datetime(2099, 12, 31, 23, 30), "from 2099-01-01 to 2101-01-01", -5),  # ends in 2100
    (datetime(2025, 6, 24, 19, 30), "from 2025-01-01 to 2026-01-01", -4),
])
def test_the_vtimezone_covers_the_years_of_the_hearings_served_ch31_para_b(hearing_record, hearing_at, says, offset):
    """Hearing dates are taken to 2099 (G-2): the feed's VTIMEZONE is generated for the years of its hearings, its
    COMMENT saying so, not icalendar's 1970 to 2038 (which said the time zone did not work for a 2099 hearing)."""
    from dataclasses import replace

    ics = town_feed("Town of Carmel", [replace(hearing_record, hearing_at=hearing_at)], [], generated_at=STAMP)
    assert says in _timezone_comment(ics) and "2038" not in _timezone_comment(ics)
    start = Calendar.from_ical(ics).walk("VEVENT")[0].decoded("dtstart")
    assert start.utcoffset() == timedelta(hours=offset)  # EDT in July, EST at the end of December
