"""Site maps of open-air areas as GeoJSON: the area in square feet, computed on the WGS 84 ellipsoid, and the
occupant load of an unenclosed open-air area under Mount Pleasant § 164-8 (from the law core).

Input: a GeoJSON Polygon or MultiPolygon, a Feature holding one, or a FeatureCollection (the areas are added;
features that overlap are refused, naming both and the ground they share, so that no ground is counted twice —
features may share an edge; an overlap of less than `OVERLAP_TOLERANCE_SQ_FT`, from rounded coordinates, is
taken off the total instead: docs/interpretations.md G-8).
Coordinates are longitude/latitude in degrees (RFC 7946, CRS84) unless the object carries a ``crs`` member
naming a projected system (e.g. ``{"type": "name", "properties": {"name": "EPSG:2263"}}``), whose coordinates
are transformed to longitude/latitude with pyproj. The area is geodesic (`pyproj.Geod(ellps="WGS84")`), the
true area on the ground; ``method="planar"`` gives the area in the projected system's own units instead,
converted exactly (e.g. US survey foot = 1200/3937 m). Square metres become square feet by the exact factor
0.09290304 and the result is rounded DOWN to 0.01 sq ft (never more area than there is; docs/interpretations.md
D-3).
"""

from __future__ import annotations

import json
import math
import warnings
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_FLOOR, Decimal
from typing import Any, Literal

import numpy as np
import shapely
from pyproj import CRS, Geod, Transformer
from pyproj.exceptions import CRSError
from shapely.geometry import MultiPolygon, Polygon, shape
from shapely.geometry.polygon import orient
from shapely.validation import explain_validity

from publicassembly.documents.lawparams import open_air_occupant_load
from publicassembly.law.jsonable import number
from publicassembly.law.units import MAX_AREA_SQ_FT, SQUARE_METRES_PER_SQUARE_FOOT

GEOD = Geod(ellps="WGS84")
CENT = Decimal("0.01")
POLYGON_TYPES = ("Polygon", "MultiPolygon")
#: Two features may overlap by less than this (square feet): coordinates rounded where two features share an
#: edge; the overlap is taken off the total (never counted twice). An overlap this large or larger is a drawing
#: error and is refused (docs/interpretations.md G-8).
OVERLAP_TOLERANCE_SQ_FT = Decimal("1.00")
Method = Literal["geodesic", "planar"]


@dataclass(frozen=True)
class SiteArea:
    """The area of a site map: ``area_sq_ft`` (Decimal, rounded down to 0.01), ``area_sq_m`` (as computed; the
    JSON rounds it down to 0.01),
    ``crs`` (the system the coordinates were in), ``method`` (``geodesic`` or ``planar``), ``polygons``."""

    area_sq_ft: Decimal
    area_sq_m: Decimal
    crs: str
    method: str
    polygons: int


@dataclass(frozen=True)
class SiteOccupancy:
    """A site's area and its occupant load as an unenclosed open-air area (persons), with the citation."""

    area: SiteArea
    occupant_load: int
    citation: str
    as_of: date

    def to_json(self) -> dict[str, Any]:
        """The result as JSON: areas rounded down to 0.01 (``area_sq_m`` by the same rule as ``area_sq_ft``: never
        more area than there is) as JSON numbers, exactly as ``check``'s JSON gives its quantities
        (`law.jsonable.number`: ``108496.35``, ``10000`` for a whole number; an area within `units.MAX_AREA_SQ_FT`
        has at most 13 digits, which a JSON reader's float gives back unchanged), persons as a number."""
        sq_m = self.area.area_sq_m.quantize(CENT, rounding=ROUND_FLOOR)
        return {"area_sq_ft": number(self.area.area_sq_ft), "area_sq_m": number(sq_m),
                "crs": self.area.crs, "method": self.area.method, "polygons": self.area.polygons,
                "occupant_load": self.occupant_load, "citation": self.citation, "as_of": self.as_of.isoformat()}


def _no_constant(name: str) -> Any:
    raise ValueError(f"geometry.coordinates: {name} is not a coordinate; give finite numbers (RFC 8259 has no "
                     f"{name})")


def _check_coordinates(value: Any, where: str) -> None:
    """Refuse a coordinate that is not a finite number (NaN, infinity, text) before shapely reads it."""
    if isinstance(value, list):
        for item in value:
            _check_coordinates(item, where)
        return
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{where}coordinates: {str(value)[:40]!r} is not a coordinate; give finite numbers")


def _check_rings_closed(kind: str, coordinates: Any, where: str) -> None:
    """Refuse a ring whose last position is not its first (RFC 7946 § 3.1.6: "The first and last positions are
    equivalent"): shapely would close it silently, and a ring cut short (a position lost in a copy) would then
    be measured as another shape. Naming the ring: ``coordinates[0]`` of a Polygon, ``coordinates[1][0]`` of a
    MultiPolygon. A malformed nesting is left to shapely's refusal."""
    polygons = [("", coordinates)] if kind == "Polygon" else [
        (f"[{i}]", p) for i, p in enumerate(coordinates if isinstance(coordinates, list) else [])]
    for at, rings in polygons:
        if not isinstance(rings, list):
            continue
        for r, ring in enumerate(rings):
            if isinstance(ring, list) and len(ring) >= 2 and ring[0] != ring[-1]:
                raise ValueError(f"{where}coordinates{at}[{r}]: the ring is not closed: it ends at {ring[-1]} "
                                 f"but begins at {ring[0]}; a ring's last position repeats its first (GeoJSON, "
                                 "RFC 7946 § 3.1.6)")


def _load(data: str | bytes | dict[str, Any]) -> dict[str, Any]:
    """The GeoJSON object of `data` (its text, or bytes of UTF-8 text). Raises ValueError for bytes that are not
    UTF-8 (in the words a case file is told), text that is not JSON or nests too deeply, or an object naming a
    member twice (``"coordinates"`` given twice: JSON would keep the last silently, and which was meant is not
    known; refused as a case file's repeated key is, `law.cases.unique_keys`)."""
    from publicassembly.law.cases import RepeatedKey, unique_keys

    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = data.count(b"\n", 0, exc.start) + 1
            raise ValueError(f"line {line}: not UTF-8 text (byte 0x{data[exc.start]:02x} cannot be decoded); "
                             "save the GeoJSON site map as UTF-8") from None
    if isinstance(data, str):
        try:
            data = json.loads(data, parse_constant=_no_constant, object_pairs_hook=unique_keys)
        except json.JSONDecodeError as exc:
            raise ValueError(f"geojson: not valid JSON ({exc.msg} at line {exc.lineno})") from None
        except RepeatedKey as exc:
            raise ValueError(f"geojson: key {exc.key!r} is given twice in one object; give each member once "
                             "(which of the two was meant is not known)") from None
        except RecursionError:
            raise ValueError("geojson: not a site map: it is nested too deeply") from None
    if not isinstance(data, dict) or "type" not in data:
        raise ValueError("geojson: expected a GeoJSON object with a 'type' member")
    return data


def _crs_of(obj: dict[str, Any]) -> CRS:
    member = obj.get("crs")
    if member is None:
        return CRS.from_string("OGC:CRS84")
    try:
        name = member["properties"]["name"] if isinstance(member, dict) else member
        return CRS.from_user_input(name)
    except (KeyError, TypeError, CRSError):
        raise ValueError(f"crs: cannot read {member!r}; write {{\"type\": \"name\", \"properties\": "
                         "{\"name\": \"EPSG:2263\"}}") from None


def _geometries(obj: dict[str, Any], where: str = "") -> list[tuple[str, str, dict[str, Any]]]:
    """The geometries of `obj`, each with where it is (``features[2].geometry.``, ``geometry.`` or ``""``: the
    prefix of a message naming it) and how a message names its feature (``features[2] ("North lot")``: the
    feature's ``properties.name``, or its ``id``, when it has one)."""
    kind = obj.get("type")
    if kind == "FeatureCollection":
        features = obj.get("features")
        if not isinstance(features, list) or not features:
            raise ValueError("features: a FeatureCollection needs at least one Feature")
        out = []
        for i, f in enumerate(features):
            if not isinstance(f, dict) or f.get("type") != "Feature":
                raise ValueError(f"features[{i}]: expected a Feature")
            out += _geometries(f, f"features[{i}].")
        return out
    if kind == "Feature":
        geometry = obj.get("geometry")
        if not isinstance(geometry, dict):
            raise ValueError(f"{where}geometry: a Feature needs a geometry (a Polygon or MultiPolygon)")
        return [(f"{where}geometry.", _feature_label(obj, where), geometry)]
    if kind in POLYGON_TYPES:
        return [(where or "geometry.", (where or "geometry.").rstrip("."), obj)]
    raise ValueError(f"type: {kind!r} has no area; allowed: Polygon, MultiPolygon, Feature, FeatureCollection")


def _feature_label(feature: dict[str, Any], where: str) -> str:
    """``features[2] ("North lot")``: where the feature is, with its name (``properties.name``, else ``id``)."""
    label = where.rstrip(".") or "the feature"
    properties = feature.get("properties")
    name = properties.get("name") if isinstance(properties, dict) else None
    if not isinstance(name, str | int) or isinstance(name, bool) or str(name).strip() == "":
        name = feature.get("id")
    if isinstance(name, str | int) and not isinstance(name, bool) and str(name).strip():
        text = " ".join(str(name).split())
        label += f' ("{text[:60]}{"…" if len(text) > 60 else ""}")'
    return label


def _polygons(geometry: dict[str, Any], where: str = "geometry.") -> list[Polygon]:
    kind = geometry.get("type")
    if kind not in POLYGON_TYPES:
        raise ValueError(f"{where}type: {kind!r} has no area; allowed: {', '.join(POLYGON_TYPES)}")
    _check_coordinates(geometry.get("coordinates"), where)
    _check_rings_closed(kind, geometry.get("coordinates"), where)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # shapely's RuntimeWarning on a degenerate ring is a refusal here
            geom = shape(geometry)
            valid = geom.is_empty or geom.is_valid
    except Exception as exc:
        raise ValueError(f"{where}coordinates: not a valid {kind} ({exc})") from None
    if geom.is_empty:
        raise ValueError(f"{where}coordinates: the polygon is empty")
    if not valid:
        raise ValueError(_why_invalid(geom, where))
    return list(geom.geoms) if isinstance(geom, MultiPolygon) else [geom]


#: What GEOS's reasons (`explain_validity`) mean, in plain words about the drawing.
_REASONS = {
    "Ring Self-intersection": "its outline touches itself at a point (a ring passes through the same point twice)",
    "Hole lies outside shell": "a hole (an inner ring) lies outside its outline",
    "Holes are nested": "a hole (an inner ring) lies inside another hole",
    "Interior is disconnected": "its holes cut it into separate pieces; give each piece as a polygon of its own",
    "Nested shells": "one of its polygons lies inside another",
    "Duplicate Rings": "a ring is given twice",
    "Too few distinct points in geometry component": "a ring has fewer than three distinct points",
    "Ring is not closed": "a ring does not end at its first point",
    "Invalid Coordinate": "a coordinate is not a number",
    "Repeated Point": "a point is repeated",
}


def _at(reason: str) -> tuple[str, str]:
    """GEOS's reason ``Self-intersection[0.5 1]`` as its name and ``" at [0.5, 1]"`` (empty without a point)."""
    name, _, point = reason.partition("[")
    numbers = point.rstrip("]").split()
    return name.strip(), (f" at [{', '.join(numbers)}]" if numbers else "")


def _position(geom: Any) -> str:
    """A point of `geom`, written as a GeoJSON position (``[-73.7774, 41.0755]``), in the file's coordinates."""
    point = geom.representative_point()
    return f"[{point.x:.10g}, {point.y:.10g}]"


def _plainly(poly: Polygon | MultiPolygon) -> str:
    """Why `poly` is not a valid polygon, in plain words, with where (the position, as the file writes one)."""
    name, where = _at(explain_validity(poly))
    if name == "Self-intersection":
        if isinstance(poly, Polygon) and poly.interiors and Polygon(poly.exterior).is_valid:
            return f"a hole (an inner ring) crosses its outline or another hole{where}"
        return f"its outline crosses itself{where}"
    if name in _REASONS:
        return _REASONS[name] + where
    return f"it is not a polygon that has an area ({name}{where})"


def _why_invalid(geom: Polygon | MultiPolygon, where: str) -> str:
    """The refusal of an invalid polygon: which polygon (``geometry.coordinates[1]`` for a MultiPolygon's
    second), what is wrong — its outline crosses itself, its parts overlap or share an edge, … — and where."""
    if not isinstance(geom, MultiPolygon):
        return f"{where}coordinates: the polygon is not valid: {_plainly(geom)}"
    parts = list(geom.geoms)
    for i, part in enumerate(parts):
        if not part.is_valid:
            return f"{where}coordinates[{i}]: the polygon is not valid: {_plainly(part)}"
    tree = shapely.STRtree(parts)
    for i, j in sorted(zip(*tree.query(parts, predicate="intersects"), strict=True)):
        if i >= j:
            continue
        common = parts[i].intersection(parts[j])
        if common.is_empty or common.geom_type in ("Point", "MultiPoint"):
            continue  # polygons of a MultiPolygon may touch at points
        at = f" at {_position(common)}"
        both = f"{where}coordinates[{i}] and {where}coordinates[{j}]"
        if common.area > 0:
            return (f"{both}: the MultiPolygon is not valid: these two of its polygons overlap{at}; that ground "
                    "would be counted twice: draw them so that they do not overlap")
        return (f"{both}: the MultiPolygon is not valid: these two of its polygons share an edge{at}; join them "
                "into one polygon, or give each as a Feature of a FeatureCollection")
    return f"{where}coordinates: the MultiPolygon is not valid: {_plainly(geom)}"


def _floor_sq_ft(sq_m: Decimal) -> Decimal:
    return (sq_m / SQUARE_METRES_PER_SQUARE_FOOT).quantize(CENT, rounding=ROUND_FLOOR)


def site_area(geojson: str | bytes | dict[str, Any], method: Method = "geodesic") -> SiteArea:
    """The area of the polygons of a GeoJSON site map, in square feet (see the module docstring).

    Raises ValueError naming what is wrong and where (``features[1].geometry.coordinates: ...``): not JSON, a
    type without area, a coordinate that is not a finite number, an invalid or empty polygon, an unreadable
    ``crs``, degrees out of range, a polygon spanning 180° of longitude or 90° of latitude or more, a polygon
    of no area or of more than ten billion square feet (`MAX_AREA_SQ_FT`), or ``method="planar"`` for
    coordinates in degrees."""
    if method not in ("geodesic", "planar"):
        raise ValueError(f"method: {method!r} is not allowed; allowed: geodesic, planar")
    obj = _load(geojson)
    crs = _crs_of(obj)
    groups = [(label, _polygons(g, where), where) for where, label, g in _geometries(obj)]
    polygons = [(where, poly) for _, polys, where in groups for poly in polys]
    if crs.is_geographic:
        if method == "planar":
            raise ValueError("method: planar needs coordinates in a projected system (give a 'crs' member)")
        to_lonlat = None
        if not crs.equals(CRS.from_string("OGC:CRS84")):
            to_lonlat = Transformer.from_crs(crs, "OGC:CRS84", always_xy=True)
    else:
        to_lonlat = Transformer.from_crs(crs, "OGC:CRS84", always_xy=True)

    def measure(where: str, poly: Polygon) -> Decimal:
        """The area of `poly` (in the file's coordinates) in square metres, by `method`."""
        if method == "planar":
            factor = Decimal(str(crs.axis_info[0].unit_conversion_factor))
            if crs.axis_info[0].unit_name in ("US survey foot", "foot_survey_us"):
                factor = Decimal(1200) / Decimal(3937)
            elif crs.axis_info[0].unit_name == "foot":
                factor = Decimal("0.3048")
            return Decimal(repr(orient(poly).area)) * factor * factor
        lonlat = poly
        if to_lonlat is not None:
            lonlat = shapely.transform(poly, lambda xy, tr=to_lonlat: np.column_stack(tr.transform(xy[:, 0],
                                                                                                  xy[:, 1])))
        minx, miny, maxx, maxy = lonlat.bounds
        if not all(math.isfinite(v) for v in (minx, miny, maxx, maxy)):
            raise ValueError(f"{where}coordinates: the points cannot be placed on the earth in {crs.to_string()}")
        if not (-180 <= minx <= maxx <= 180 and -90 <= miny <= maxy <= 90):
            raise ValueError(f"{where}coordinates: longitude/latitude out of range; coordinates in a projected "
                             "system need a 'crs' member naming it (e.g. EPSG:2263)")
        if maxx - minx >= 180 or maxy - miny >= 90:
            raise ValueError(f"{where}coordinates: the polygon spans {maxx - minx:g}° of longitude and "
                             f"{maxy - miny:g}° of latitude; a site map spans less than 180° and 90° (a "
                             "polygon around the world or a hemisphere has no site's area)")
        area, _ = GEOD.geometry_area_perimeter(orient(lonlat, sign=1.0))
        return Decimal(repr(abs(area)))

    total = Decimal(0)
    for where, poly in polygons:
        sq_m = measure(where, poly)
        _check_area(where, sq_m)
        total += sq_m
    total -= _overlap(groups, measure)
    _check_area("", total, whole=True)
    return SiteArea(area_sq_ft=_floor_sq_ft(total), area_sq_m=total, crs=crs.to_string(), method=method,
                    polygons=len(polygons))


def _polygonal(geom: Any) -> list[Polygon]:
    """The polygons among the parts of `geom` (an intersection: polygons, lines where features share an edge,
    points where they touch)."""
    if isinstance(geom, Polygon):
        return [] if geom.is_empty else [geom]
    if hasattr(geom, "geoms"):
        return [poly for part in geom.geoms for poly in _polygonal(part)]
    return []


def _overlap(groups: list[tuple[str, list[Polygon], str]], measure: Any) -> Decimal:
    """The ground (square metres) that two features overlap on, to be taken off their sum: features that share
    an edge or a point overlap on none; an overlap of less than `OVERLAP_TOLERANCE_SQ_FT` between two features
    (coordinates rounded along a shared edge) is returned; a larger one is refused naming both features, the
    area they share and a point of it (docs/interpretations.md G-8). Overlaps are found in the file's own
    coordinates, where a shared edge is the same line in both features."""
    if len(groups) < 2:
        return Decimal(0)
    owner = [(g, poly) for g, (_, polys, _) in enumerate(groups) for poly in polys]
    tree = shapely.STRtree([poly for _, poly in owner])
    tolerated = Decimal(0)
    refused: list[str] = []
    shared: dict[tuple[int, int], Decimal] = {}
    where_of: dict[tuple[int, int], Any] = {}
    for i, j in sorted(zip(*tree.query([poly for _, poly in owner], predicate="intersects"), strict=True)):
        (gi, a), (gj, b) = owner[i], owner[j]
        if gi >= gj:
            continue  # each pair once; a MultiPolygon's own polygons were checked by its validity
        try:
            parts = _polygonal(a.intersection(b))
        except shapely.errors.GEOSException:
            raise ValueError(f"{groups[gi][0]} and {groups[gj][0]}: cannot tell whether these features overlap; "
                             "draw them so that they share at most an edge") from None
        if not parts:
            continue
        sq_m = sum((measure(groups[gi][2], part) for part in parts), Decimal(0))
        shared[gi, gj] = shared.get((gi, gj), Decimal(0)) + sq_m
        where_of.setdefault((gi, gj), parts[0])
    for (gi, gj), sq_m in sorted(shared.items()):
        sq_ft = _floor_sq_ft(sq_m)
        if sq_ft < OVERLAP_TOLERANCE_SQ_FT:
            tolerated += sq_m
            continue
        refused.append(f"{groups[gi][0]} and {groups[gj][0]}: these features overlap on {sq_ft:,} sq ft (at "
                       f"{_position(where_of[gi, gj])}); that ground would be counted twice: draw them so that "
                       f"they share at most an edge")
    if refused:
        more = len(refused) - 1
        raise ValueError(refused[0] + ("" if not more else f" (and {more} more error{'s' if more > 1 else ''})"))
    return tolerated


def _check_area(where: str, sq_m: Decimal, *, whole: bool = False) -> None:
    """Refuse a polygon (or, with `whole`, the whole site) of no area or of more than `MAX_AREA_SQ_FT` square
    feet, the bound every area of a case has (`publicassembly.law.units.area_sq_ft`, as ``batch`` applies it):
    no site reaches ten billion square feet."""
    sq_ft = _floor_sq_ft(sq_m)
    what = "the site's polygons together" if whole else "the polygon"
    if sq_ft <= 0:
        raise ValueError(f"{where}coordinates: {what} encloses no area (0.00 sq ft); draw the site's outline")
    if sq_ft > MAX_AREA_SQ_FT:
        raise ValueError(f"{where}coordinates: {what} encloses {sq_ft:,} sq ft, larger than any room or site (at "
                         f"most {MAX_AREA_SQ_FT:,} sq ft)")


def site_occupancy(geojson: str | bytes | dict[str, Any], as_of: date, method: Method = "geodesic") -> SiteOccupancy:
    """The site's area and its occupant load as an unenclosed open-air area under Mount Pleasant § 164-8 on
    `as_of`, computed by the law core. Raises ValueError for bad GeoJSON, `LawNotAvailable` when the law core
    cannot answer."""
    area = site_area(geojson, method)
    persons, citation = open_air_occupant_load(area.area_sq_ft, as_of)
    return SiteOccupancy(area=area, occupant_load=persons, citation=citation, as_of=as_of)
