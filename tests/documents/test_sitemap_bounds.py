"""The area of a GeoJSON site map is bounded as every area of a case (Mount Pleasant § 164-8; input bound
`law.units.MAX_AREA_SQ_FT`, ten billion square feet, as ``batch`` applies it): a polygon larger than that, one
around the world (no area), or one with a NaN coordinate is refused naming the feature; the JSON states § and
areas rounded down to 0.01 as the text does."""

from __future__ import annotations

import json
import warnings
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from publicassembly.cli.app import app
from publicassembly.documents.sitemap import site_area, site_occupancy

ROOT = Path(__file__).resolve().parents[2]


def square(lon: float, lat: float, side: float) -> list[list[list[float]]]:
    return [[[lon, lat], [lon + side, lat], [lon + side, lat + side], [lon, lat + side], [lon, lat]]]


def polygon(coords) -> dict:
    return {"type": "Polygon", "coordinates": coords}


def collection(*geometries) -> dict:
    return {"type": "FeatureCollection",
            "features": [{"type": "Feature", "properties": {}, "geometry": g} for g in geometries]}


SMALL = polygon(square(-73.8, 41.1, 0.001))


def test_one_degree_square_is_refused_over_ten_billion_sq_ft_naming_the_feature():
    with pytest.raises(ValueError, match=r"^features\[1\]\.geometry\.coordinates: the polygon encloses [\d,.]+ sq "
                                         r"ft, larger than any room or site \(at most 10,000,000,000 sq ft\)"):
        site_area(collection(SMALL, polygon(square(-74.0, 41.0, 1.0))))


def test_polygons_together_over_ten_billion_sq_ft_are_refused():
    """Each of four 0.25°×0.25° squares (about 6.2 billion sq ft) is within the bound; together they are not."""
    quarters = [polygon(square(-74.0 + dx, 41.0 + dy, 0.25)) for dx in (0, 0.25) for dy in (0, 0.25)]
    assert site_area(collection(quarters[0])).area_sq_ft < Decimal(10) ** 10
    with pytest.raises(ValueError, match="the site's polygons together encloses"):
        site_area(collection(*quarters))


def test_whole_world_polygon_is_refused_not_zero_sq_ft():
    with pytest.raises(ValueError, match=r"spans 360° of longitude and 180° of latitude"):
        site_area(polygon([[[-180, -90], [180, -90], [180, 90], [-180, 90], [-180, -90]]]))


def test_a_polygon_of_no_area_is_refused():
    with pytest.raises(ValueError, match=r"encloses no area \(0\.00 sq ft\)"):
        site_area(polygon([[[-73.8, 41.1], [-73.8, 41.1000000001], [-73.8000000001, 41.1], [-73.8, 41.1]]]))


@pytest.mark.parametrize("text", ['{"type":"Polygon","coordinates":[[[-73.8,41.1],[NaN,41.1],[-73.799,41.101],'
                                  '[-73.8,41.1]]]}',
                                  '{"type":"Polygon","coordinates":[[[-73.8,41.1],[Infinity,41.1],[-73.799,41.101],'
                                  '[-73.8,41.1]]]}'])
def test_a_non_finite_coordinate_is_refused_without_a_warning(text):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ValueError, match=r"geometry\.coordinates: (NaN|Infinity) is not a coordinate"):
            site_area(text)


def test_a_nan_coordinate_given_as_an_object_is_refused_naming_the_feature():
    bad = polygon(square(-73.8, 41.1, 0.001))
    bad["coordinates"][0][1][0] = float("nan")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ValueError, match=r"^features\[0\]\.geometry\.coordinates: 'nan' is not a coordinate"):
            site_area(collection(bad))


def test_the_bundled_site_map_is_within_the_bounds_section_164_8():
    """§ 164-8: the bundled field, 108,496.35 sq ft at 15 sq ft per person, holds 7,233 persons."""
    result = site_occupancy((ROOT / "examples" / "site.geojson").read_bytes(), date(2026, 7, 1))
    assert result.area.area_sq_ft == Decimal("108496.35") and result.occupant_load == 7233


def test_cli_json_states_the_section_sign_and_areas_to_the_cent_section_164_8(tmp_path):
    r = CliRunner().invoke(app, ["area", str(ROOT / "examples" / "site.geojson"), "--format", "json",
                                 "--as-of", "2026-07-01"])
    assert r.exit_code == 0, r.output
    assert "§ 164-8" in r.stdout and "\\u00a7" not in r.stdout
    out = json.loads(r.stdout)
    assert out["area_sq_ft"] == 108496.35 and out["area_sq_m"] == 10079.64 and out["occupant_load"] == 7233


def test_cli_refuses_a_one_degree_square_exit_2_naming_the_feature(tmp_path):
    site = tmp_path / "big.geojson"
    site.write_text(json.dumps(collection(polygon(square(-74.0, 41.0, 1.0)))))
    r = CliRunner().invoke(app, ["area", str(site)])
    assert r.exit_code == 2 and "features[0].geometry.coordinates" in r.output and "10,000,000,000" in r.output


def test_a_ring_not_closed_is_refused_naming_the_ring_rfc_7946_section_3_1_6():
    """§ 164-8 areas from a site map: a ring must end where it begins (GeoJSON, RFC 7946 § 3.1.6). Shapely would
    close it silently and measure another shape than the one drawn; the refusal names the ring."""
    ring = square(-73.8, 41.1, 0.001)[0]
    assert site_area(polygon([ring])).area_sq_ft > 0  # closed: measured
    with pytest.raises(ValueError, match=r"^geometry\.coordinates\[0\]: the ring is not closed: it ends at "
                                         r"\[-73\.8, 41\.101\] but begins at \[-73\.8, 41\.1\]"):
        site_area(polygon([ring[:-1]]))
    hole = [[-73.7996, 41.1004], [-73.7994, 41.1004], [-73.7994, 41.1006]]
    with pytest.raises(ValueError, match=r"^features\[0\]\.geometry\.coordinates\[1\]\[1\]: the ring is not closed"):
        site_area(collection({"type": "MultiPolygon",
                              "coordinates": [square(-73.9, 41.1, 0.001), [ring, hole]]}))
