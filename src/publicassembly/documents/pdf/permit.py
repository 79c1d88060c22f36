"""The written permit for a public assembly issued by the Town Board through its Clerk (Carmel ch. 31,
permit requirements ¶¶ A-G)."""

from __future__ import annotations

from reportlab.lib.units import inch
from reportlab.platypus import Spacer

from publicassembly.documents.pdf import typeface
from publicassembly.documents.pdf._common import build, esc, long_date, money, p, signature, table
from publicassembly.documents.records import PERMIT_STATUSES, PermitRecord

CITE = "Carmel Code ch. 31, permit requirements"


def render_permit(record: PermitRecord) -> bytes:
    """The permit as PDF bytes: permittee, property and record owner, dates and hours, maximum persons, the
    conditions imposed by the Board, the insurance (¶ E) and bond (¶ F), the cleanup deadline (¶ F) and the
    revocation clause (¶ G). A revoked permit carries "REVOKED / NOT VALID" across its head (with the day of
    the revocation when known; its authorization in the past, `_authorization`), an expired one (its assembly held, or the case closed) "EXPIRED - NOT VALID",
    as a certificate not in force does. A bond the Town Board has released or forfeited is said so, with the day
    and the Board's reason when the record has them, in the head's table and under ¶ F, not said posted
    (`_bond`; interpretation P-35). Raises ValueError when the last day precedes the first or for an
    unknown status, `typeface.UnprintableText` (a ValueError) naming each text the typeface cannot print."""
    if record.last_day < record.first_day:
        raise ValueError(f"last_day: {record.last_day} is before first_day {record.first_day}")
    if record.status not in PERMIT_STATUSES:
        raise ValueError(f"status: {record.status!r} is not allowed; allowed: {', '.join(PERMIT_STATUSES)}")
    typeface.check(record)
    days = (long_date(record.first_day) if record.first_day == record.last_day
            else f"{long_date(record.first_day)} through {long_date(record.last_day)}")
    story = []
    if record.status == "revoked":
        d = record.revoked_date
        # (with its day, on two lines: the banner's width broke "NOT VALID" in two, found by a new-user trial)
        banner = f"REVOKED ON {d:%B} {d.day}, {d.year}<br/>NOT VALID".upper() if d else "REVOKED - NOT VALID"
        story += [p(banner, "banner"),
                  p(f"The Town Board, through its Clerk, has revoked this permit ({CITE} ¶ G). It authorizes no "
                    "assembly.")]
    elif record.status == "expired":
        story += [p("EXPIRED - NOT VALID", "banner"),
                  p("The assembly this permit authorized has been held or its case closed; the permit "
                    "authorizes no other assembly. This copy is a record only.")]
    story += [
        p(esc(record.town), "subtitle"),
        p("Permit for a Public Assembly", "title"),
        p(f"Issued by the Town Board through its Clerk under the Public Assembly Ordinance, {CITE} ¶ A",
          "subtitle"),
        table([
            ["Permit No.", record.number],
            ["Date of issue", long_date(record.issued_date)],
            ["Status", {"valid": "in force", "revoked": "revoked (¶ G)",
                        "expired": "expired"}[record.status]],
            ["Permittee", record.permittee],
            ["Property", record.property_address],
            ["Record owner", record.record_owner],
            ["Purpose", record.purpose or "as stated in the verified petition"],
            ["Dates", days],
            ["Hours", record.hours],
            ["Maximum persons", f"{record.maximum_persons:,} persons at any one time"],
            *([["Bond", _settled(record)]] if record.bond_disposition else []),
        ], widths=[1.7 * inch, 5.3 * inch], header=False),
        p("Authorization", "h2"),
        p(_authorization(record)),
        p("Conditions imposed by the Town Board", "h2"),
    ]
    if record.conditions:
        story += [p(f"{i}. {esc(c)}") for i, c in enumerate(record.conditions, start=1)]
    else:
        story.append(p("None beyond those of the Ordinance."))
    ins = record.insurance
    story += [
        p(f"Insurance ({CITE} ¶ E)", "h2"),
        table([
            ["Insurer", ins.insurer], ["Policy No.", ins.policy_number],
            ["Bodily injury or death", money(ins.bodily_injury_limit)],
            ["Property damage", money(ins.property_damage_limit)],
        ], widths=[1.7 * inch, 5.3 * inch], header=False),
        p("The comprehensive liability policy insures the Town against liability for damage to person or "
          "property and is not cancelable without prior written notice to the Town as ¶ E requires."),
        p(f"Cleanup and bond ({CITE} ¶ F)", "h2"),
        p(f"Trash, papers, garbage and other waste material shall be completely removed from the premises in "
          f"a safe, clean and sanitary manner no later than <b>{long_date(record.cleanup_due_date)}</b>. "
          + _bond(record)),
        p(f"Inspection ({CITE} ¶ D)", "h2"),
        p("The Town and its lawful agents may go upon the property at any time to inspect it, the facilities "
          "provided and the cleaning of the premises after the termination of the assembly."),
        p(f"Revocation ({CITE} ¶ G)", "h2"),
        p("This permit may be revoked by the Town Board through its Clerk if at any time it is determined that "
          "the applicant has failed to provide the facilities as specified in the application, or that the "
          "setting up of the facilities provided for in the application cannot be reasonably accomplished "
          "within the time or date set for the assembly or use."),
        Spacer(1, 30),
        p("______________________________________<br/>"
          + signature(record.clerk_name, "Town Clerk", "for the Town Board", record.town)),
    ]
    return build(story, title=f"Permit {record.number}", subject=f"{CITE} (Public Assembly Ordinance)")


def _authorization(record: PermitRecord) -> str:
    """What the permit authorizes: in force, in the present; revoked or expired, in the past, saying it
    authorizes nothing now (a revoked permit whose body read "is authorized" under its NOT VALID banner, found by
    a new-user trial)."""
    what = (f"to use the property above for the assembly of persons described, on the dates and during the hours "
            f"stated, for not more than {record.maximum_persons:,} persons, subject to the conditions below and to "
            "the Public Assembly Ordinance")
    if record.status == "revoked":
        d = record.revoked_date
        when = f" on {long_date(d)}" if d else ""
        return (f"This permit authorized the permittee {what}, until the Town Board revoked it{when} (¶ G); it "
                "authorizes nothing now.")
    if record.status == "expired":
        return f"This permit authorized the permittee {what}; it authorizes nothing now."
    return f"The permittee is authorized {what}."


def _settled(record: PermitRecord) -> str:
    """``released on Tuesday, July 22, 2025 (2025-07-22)``: the Board's act on the bond and its day, when known."""
    on = f" on {long_date(record.bond_disposition_date)}" if record.bond_disposition_date else ""
    return f"{record.bond_disposition}{on}"


def _bond(record: PermitRecord) -> str:
    """The permit's sentences of its bond (¶ F; markup): posted with the Town Clerk while the Town Board has neither
    released nor forfeited it; else posted, then released or forfeited on its day, with the Board's reason when
    the record has one (interpretations P-32, P-35)."""
    amount = f"a bond of <b>{money(record.bond_amount)}</b>, the amount fixed by the Town Board, to insure that performance."
    if not record.bond_disposition:
        return f"The permittee has posted with the Town Clerk {amount}"
    day = record.bond_disposition_date
    on = f"On <b>{long_date(day)}</b>, the" if day else "The"
    reason = " ".join(record.bond_disposition_reason.split())
    because = f": {esc(reason)}" if reason else ""
    end = "" if reason[-1:] in (".", "!", "?") else "."
    return (f"The permittee posted with the Town Clerk {amount} {on} Town Board {record.bond_disposition} the bond "
            f"({CITE} ¶ F){because}{end}")
