"""Features of a site map that overlap are refused, not added twice (Mount Pleasant § 164-8: the occupant load of
an open-air area is its area per person; ground counted twice would double it; docs/interpretations.md G-8).
Features that only share an edge are added; an overlap of less than 1 sq ft (coordinates rounded along a shared
edge) is taken off the total. An invalid polygon or MultiPolygon is refused in plain words, naming which one and
where."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal

import pytest
from typer.testing import CliRunner

from publicassembly.cli.app import app
from publicassembly.documents.sitemap import OVERLAP_TOLERANCE_SQ_FT, site_area, site_occupancy

UTM = {"type": "name", "properties": {"name": "EPSG:32618"}}  # metres
X0, Y0 = 600000.0, 4550000.0


def square(lon: float, lat: float, side: float) -> list[list[list[float]]]:
    return [[[lon, lat], [lon + side, lat], [lon + side, lat + side], [lon, lat + side], [lon, lat]]]


def box(x0: float, y0: float, x1: float, y1: float) -> list[list[list[float]]]:
    return [[[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]]


def feature(coords, name=None) -> dict:
    return {"type": "Feature", "properties": {"name": name} if name else {},
            "geometry": {"type": "Polygon", "coordinates": coords}}


def collection(*features, crs=None) -> dict:
    out = {"type": "FeatureCollection", "features": list(features)}
    if crs:
        out["crs"] = crs
    return out


TWICE = collection(feature(square(0, 0, 0.001)), feature(square(0, 0, 0.001)))


def test_two_identical_squares_are_refused_not_counted_twice_section_164_8():
    """The new user's file: two identical 0.001° squares at (0, 0) gave 264,987.49 sq ft and 17,665 persons
    under § 164-8, twice the ground; they are refused naming both features, the ground they share and where."""
    with pytest.raises(ValueError) as refused:
        site_occupancy(TWICE, date(2026, 7, 1))
    assert str(refused.value) == ("features[0] and features[1]: these features overlap on 132,493.74 sq ft (at "
                                  "[0.0005, 0.0005]); that ground would be counted twice: draw them so that they "
                                  "share at most an edge")


def test_an_overlap_names_the_features_by_name_and_counts_the_other_overlaps():
    site = collection(feature(square(0, 0, 0.001), "North lot"), feature(square(0.0005, 0, 0.001), "South lot"),
                      feature(square(0.0012, 0, 0.001)))
    with pytest.raises(ValueError, match=r'^features\[0\] \("North lot"\) and features\[1\] \("South lot"\): these '
                                         r'features overlap on 66,2\d\d\.\d\d sq ft .*\(and 1 more error\)$'):
        site_area(site)


def test_features_sharing_an_edge_are_added_section_164_8():
    """Two 0.001° squares side by side share an edge, not ground: their areas add up to the 0.002° × 0.001°
    rectangle's (within the cent each is rounded down by), and § 164-8 gives the load of that area."""
    apart = site_occupancy(collection(feature(square(0, 0, 0.001)), feature(square(0.001, 0, 0.001))),
                           date(2026, 7, 1))
    whole = site_area({"type": "Polygon", "coordinates": [[[0, 0], [0.002, 0], [0.002, 0.001], [0, 0.001],
                                                           [0, 0]]]})
    assert abs(apart.area.area_sq_ft - whole.area_sq_ft) <= Decimal("0.01")
    assert apart.area.polygons == 2 and apart.occupant_load == int(apart.area.area_sq_ft // 15)


def test_features_touching_at_a_corner_are_added():
    site = collection(feature(square(0, 0, 0.001)), feature(square(0.001, 0.001, 0.001)))
    assert site_area(site).area_sq_ft == Decimal("264987.49")


@pytest.mark.parametrize("width, refused", [(0.009, False), (0.0095, True)])
def test_an_overlap_under_one_sq_ft_is_taken_off_and_one_of_one_sq_ft_or_more_is_refused(width, refused):
    """Two 10 m squares (UTM, planar) overlapping on a strip 10 m long: 0.009 m wide is 0.09 m² = 0.97 sq ft,
    under the tolerance: taken off the total (the area of their union, never counted twice); 0.0095 m wide is
    0.095 m² = 1.02 sq ft: refused."""
    assert Decimal("1.00") == OVERLAP_TOLERANCE_SQ_FT
    site = collection(feature(box(X0, Y0, X0 + 10, Y0 + 10)), feature(box(X0 + 10 - width, Y0, X0 + 20 - width,
                                                                          Y0 + 10)), crs=UTM)
    if refused:
        with pytest.raises(ValueError, match=r"these features overlap on 1\.02 sq ft"):
            site_area(site, method="planar")
    else:
        union = Decimal(str(10 * (20 - width))) / Decimal("0.09290304")
        assert site_area(site, method="planar").area_sq_ft == union.quantize(Decimal("0.01"), rounding="ROUND_FLOOR")


def test_a_tiny_geodesic_overlap_is_taken_off_not_added():
    """The same in degrees: a strip 1e-9° wide along a 0.001° edge (about 0.13 sq ft) is accepted, and the
    site is no larger than the two squares' union."""
    site = collection(feature(square(0, 0, 0.001)), feature(square(0.001 - 1e-9, 0, 0.001)))
    union = site_area({"type": "Polygon", "coordinates": [[[0, 0], [0.002 - 1e-9, 0], [0.002 - 1e-9, 0.001],
                                                           [0, 0.001], [0, 0]]]})
    assert abs(site_area(site).area_sq_ft - union.area_sq_ft) <= Decimal("0.01")


def test_cli_area_refuses_overlapping_features_exit_2(tmp_path):
    path = tmp_path / "g.geojson"
    path.write_text(json.dumps(TWICE))
    r = CliRunner().invoke(app, ["area", str(path)])
    assert r.exit_code == 2, r.output
    assert "features[0] and features[1]" in r.output and "132,493.74 sq ft" in r.output
    assert "17,665" not in r.output


# --- invalid polygons in plain words ------------------------------------------------------------------------

def test_a_multipolygon_whose_parts_overlap_names_them_and_where():
    multi = {"type": "MultiPolygon", "coordinates": [square(0, 0, 0.001), square(0.0005, 0.0005, 0.001)]}
    with pytest.raises(ValueError) as refused:
        site_area(multi)
    message = str(refused.value)
    assert message == ("geometry.coordinates[0] and geometry.coordinates[1]: the MultiPolygon is not valid: these "
                       "two of its polygons overlap at [0.00075, 0.00075]; that ground would be counted twice: draw "
                       "them so that they do not overlap")


def test_a_multipolygon_whose_parts_share_an_edge_says_so():
    multi = {"type": "MultiPolygon", "coordinates": [square(0, 0, 0.001), square(0.001, 0, 0.001)]}
    with pytest.raises(ValueError, match=r"these two of its polygons share an edge at \[0\.001, 0(\.\d+)?\]; "
                                         r"join them"):
        site_area(multi)


def test_a_bow_tie_says_its_outline_crosses_itself_and_where():
    bow_tie = {"type": "Polygon", "coordinates": [[[0, 0], [0.001, 0.001], [0.001, 0], [0, 0.001], [0, 0]]]}
    with pytest.raises(ValueError) as refused:
        site_area(collection(feature(square(1, 1, 0.001)), {"type": "Feature", "properties": {},
                                                            "geometry": bow_tie}))
    assert str(refused.value) == ("features[1].geometry.coordinates: the polygon is not valid: its outline crosses "
                                  "itself at [0.0005, 0.0005]")


def test_a_bow_tie_among_a_multipolygons_polygons_is_named():
    multi = {"type": "MultiPolygon", "coordinates": [square(1, 1, 0.001),
                                                     [[[0, 0], [0.001, 0.001], [0.001, 0], [0, 0.001], [0, 0]]]]}
    with pytest.raises(ValueError, match=r"^geometry\.coordinates\[1\]: the polygon is not valid: its outline "
                                         r"crosses itself at \[0\.0005, 0\.0005\]$"):
        site_area(multi)


def test_a_hole_outside_the_outline_is_said_plainly():
    poly = {"type": "Polygon", "coordinates": [*square(0, 0, 0.001), *square(0.002, 0.002, 0.0001)]}
    with pytest.raises(ValueError) as refused:
        site_area(poly)
    assert "a hole (an inner ring) lies outside its outline at [0.002, 0.002]" in str(refused.value)
    assert "shell" not in str(refused.value) and "[0.002 0.002]" not in str(refused.value)
