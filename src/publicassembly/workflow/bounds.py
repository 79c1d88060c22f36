"""The bounds of what a person enters for a record of the towns' processes — the lengths of texts, the number of
items of a list, the largest of a number — in one place, read by the API's request bodies (`api.actions`) and by
the web forms (`web.forms`) alike, so that a page takes exactly what the API takes (interpretation W-39). Input
bounds, not law: no ordinance limits the length of a reason; the law core's own bounds of the facts of a case
(a text, a count, a sound level) are in `law.units`.

A new-user trial found the pages taking what the API refused: a condition of the Town Board's approval of
100,000 characters (the API's bound is 2,000), printed over 25 pages of the permit; 3,000 missing items of a
petition returned as incomplete (the API's, 100 of 500 characters); and a reason cut at 500 characters on the
pages where the API keeps 2,000."""

from __future__ import annotations

#: A reason kept in a record's history (every action's ``reason``), in characters.
MAX_REASON = 2000
#: A condition of the Town Board's approval (Carmel ch. 31 ¶ B), each, in characters; and the most at once.
MAX_CONDITION = 2000
MAX_CONDITIONS = 200
#: What the Town Clerk names missing of a petition returned as incomplete, each item, in characters; and the
#: most items at once.
MAX_MISSING_ITEM = 500
MAX_MISSING_ITEMS = 100
#: A long statement: the verified petition's verification statement, the Town Board's reasons for a denial or
#: for not accepting an exemption, an inspection's notes; in characters.
MAX_STATEMENT = 5000
#: A name or a place: a hearing's place, the official newspaper, an insurer, a surety, who authorizes the
#: inspection of a property, a place of assembly and its rooms; in characters.
MAX_NAME = 200
#: What a document attached to an application is ("site map", "insurance certificate"), in characters.
MAX_DOCUMENT_KIND = 60
#: A postal address (a place of assembly's), in characters.
MAX_ADDRESS = 300
#: An insurance policy's number, a receipt's number; in characters.
MAX_NUMBER = 100
#: A number of days given (the days' notice of cancellation an insurance certificate gives the Town, ¶ E; a term
#: of imprisonment in days): at most ten years.
MAX_DAYS = 3650
#: A term of imprisonment given in months (the court's disposition of a violation): an input bound, the law's
#: range being the service's to judge (Mount Pleasant § 164-14, Carmel ch. 31 penalties).
MAX_JAIL_MONTHS = 1200
#: What an officer writes of a violation, a complaint, a stop order or of how its condition was corrected, in
#: characters.
MAX_DESCRIPTION = 5000
#: What a stop order says was stopped, a complaint's place or event, in characters.
MAX_PLACE = 300
#: The days of continued violation a Carmel violation counts (ch. 31 penalties ¶ A), at most.
MAX_VIOLATION_DAYS = 100_000
