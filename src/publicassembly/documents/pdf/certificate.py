"""The Building Inspector's certificate for a place of assembly (Mount Pleasant §§ 164-3, 164-9): the number of
persons who may lawfully occupy each room or area and the place, kept on the premises."""

from __future__ import annotations

from reportlab.lib.units import inch
from reportlab.platypus import Spacer

from publicassembly.documents.pdf import typeface
from publicassembly.documents.pdf._common import build, esc, long_date, p, signature, table
from publicassembly.documents.records import CERTIFICATE_STATUSES, CertificateRecord

USE_GROUP_NAMES = {
    "assembly_fixed_seats": "Assembly with fixed seats",
    "assembly_without_fixed_seats": "Assembly without fixed seats",
    "business": "Business buildings",
    "courtroom": "Courtrooms",
    "dance_hall_lodge_room": "Dance halls, lodge rooms",
    "hotel_lodging_house": "Hotels, lodging houses",
    "institutional": "Institutional buildings",
    "mercantile_first_floor": "Mercantile buildings: first floor",
    "mercantile_basement_sales_floor": "Mercantile buildings: basement sales floor",
    "mercantile_other_floors": "Mercantile buildings: other floors",
    "school": "Schools",
    "storage": "Storage buildings",
    "bowling_alley": "Bowling alleys",
    "open_air": "Unenclosed open-air area (§ 164-8)",
}


def use_group_name(use_group: str) -> str:
    """The name of a use group as § 164-7 writes it (the id itself when unknown)."""
    return USE_GROUP_NAMES.get(use_group, use_group)


def status_words(record: CertificateRecord) -> str:
    """The certificate's status as its reader is told it (the Status row): ``valid`` → "Valid"; a revoked,
    stale or superseded certificate is said to be not valid, and why (stale: a room or area of the place was
    added, changed or removed since it was issued, interpretation W-5, or the values of the law it was issued
    under are no longer in force)."""
    if record.status == "revoked":
        return "Revoked: not valid"
    if record.status == "stale":
        return ("Not current: the place of assembly or the law has changed since it was issued; to be "
                "re-certified by the Building Inspector")
    if record.status == "superseded":
        by = f" by certificate {record.superseded_by}" if record.superseded_by else ""
        return f"Superseded{by}: not valid"
    return "Valid"


def no_longer_states(record: CertificateRecord) -> str:
    """What the certificate's statement of the lawful occupancy is followed by: nothing for a valid one; for a
    revoked, stale or superseded one, that it no longer states the lawful occupancy (the number was the
    Building Inspector's when it was issued; a reader must not take it for the place's now, § 164-9)."""
    if record.status == "valid":
        return ""
    why = {"revoked": "has been revoked",
           "stale": "is not current (the place of assembly or the law has changed since it was issued)",
           "superseded": "has been superseded" + (f" by certificate {esc(record.superseded_by)}"
                                                  if record.superseded_by else "")}[record.status]
    return f" <b>This certificate {why}: it no longer states the lawful occupancy of the place.</b>"


def render_certificate(record: CertificateRecord) -> bytes:
    """The certificate as PDF bytes: number, date, place, each space with its use group, floor area (square
    feet) and occupant load, the lawful occupancy, and the § 164-9 statement that it is kept on the premises.
    A revoked, stale or superseded certificate carries that word across its head. Raises ValueError for an unknown
    status, `typeface.UnprintableText` (a ValueError) naming each text the typeface cannot print."""
    if record.status not in CERTIFICATE_STATUSES:
        raise ValueError(f"status: {record.status!r} is not allowed; allowed: {', '.join(CERTIFICATE_STATUSES)}")
    typeface.check(record)
    story = []
    if record.status == "revoked":
        story.append(p("REVOKED - NOT VALID", "banner"))
    elif record.status == "stale":
        story.append(p("NOT CURRENT - TO BE RE-CERTIFIED BY THE BUILDING INSPECTOR", "banner"))
    elif record.status == "superseded":
        by = f" BY CERTIFICATE {esc(record.superseded_by)}" if record.superseded_by else ""
        story.append(p(f"SUPERSEDED{by} - NOT VALID", "banner"))
    story += [
        p("Town of Mount Pleasant", "subtitle"),
        p("Certificate of the Building Inspector<br/>Place of Assembly", "title"),
        p("Issued under Mount Pleasant Code ch. 164, §§ 164-3 and 164-9", "subtitle"),
        table([["Certificate No.", record.number], ["Date of issue", long_date(record.issued_date)],
               ["Place of assembly", record.venue_name], ["Address", record.venue_address],
               ["Status", status_words(record)]], widths=[1.8 * inch, 5.2 * inch], header=False),
        Spacer(1, 10),
        p("Rooms and areas", "h2"),
    ]
    rows: list[list[object]] = [["Room or area", "Use group", "Floor area (sq ft)", "Occupant load (persons)"]]
    for s in record.spaces:
        area = "counted by alleys" if s.area_sq_ft is None else f"{s.area_sq_ft:,}"
        if s.alleys is not None:  # (a bowling alley: its alleys, and the additional area beyond them)
            area = f"{s.alleys:,} alley{'' if s.alleys == 1 else 's'}" + (
                "" if s.area_sq_ft is None else f" and {s.area_sq_ft:,} additional")
        rows.append([s.name, use_group_name(s.use_group), area, f"{s.occupant_load:,}"])
    # (the floor area's column is wide enough for its heading on one line, "Floor area (sq ft)")
    story.append(table(rows, widths=[1.95 * inch, 2.25 * inch, 1.4 * inch, 1.4 * inch]))
    story += [
        Spacer(1, 10),
        p(f"<b>Lawful occupancy: {record.lawful_occupancy:,} persons</b>", "h2"),
        p(f"The Building Inspector has prescribed and determined that not more than "
          f"<b>{record.lawful_occupancy:,}</b> persons may lawfully occupy this place of assembly at any one "
          "time, and not more than the occupant load stated above in each room or area "
          "(Mount Pleasant Code §§ 164-7, 164-8, 164-9)." + no_longer_states(record)),
        p("This certificate shall be kept on the premises and be available for inspection at all times "
          "(Mount Pleasant Code § 164-9). A sign stating the lawful occupancy shall be posted in each room or "
          "area in a conspicuous location in full view of its entrance."),
        Spacer(1, 30),
        p("______________________________________<br/>"
          + signature(record.inspector_name, "Building Inspector", "Town of Mount Pleasant")),
    ]
    return build(story, title=f"Certificate {record.number}", subject="Mount Pleasant Code § 164-9")
