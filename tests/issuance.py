"""Every precondition of a Carmel permit recorded through the services, for tests that need an application
ready to issue: ``record_every_precondition(app, clerk=..., board=..., health=..., on=day, doc=doc)``."""

from __future__ import annotations

import datetime as dt
from typing import Any

from publicassembly.permits import services as sv


def record_every_precondition(app: Any, *, clerk: Any, board: Any, health: Any, on: dt.date, doc: Any,
                              bond: str = "5000.00", bodily_injury_limit: str = "300000.00") -> None:
    """Carmel ch. 31 ¶¶ C-F and the fee, on the day `on`, each backed by the attached document `doc`: the twenty
    written approvals of ¶ C(1)-(10) (Health Department and Town Board), the owner's authorization (¶ D), the
    liability insurance (¶ E: `bodily_injury_limit`, $500,000 property damage, 30 days' notice), the bond of
    `bond` dollars (¶ F) and the $250 filing fee."""
    for n in range(1, 11):
        sv.record_approval(health, app, condition=n, agency="health_department", approved_on=on, document=doc)
        sv.record_approval(board, app, condition=n, agency="town_board", approved_on=on, document=doc)
    sv.record_authorization(clerk, app, party="owner", name="County of Putnam", given_on=on, document=doc)
    sv.record_insurance(clerk, app, insurer="Hudson Mutual", policy_number="GL-1",
                        bodily_injury_limit=bodily_injury_limit, property_damage_limit="500000.00",
                        cancellation_notice_days=30, document=doc)
    sv.post_bond(clerk, app, amount=bond, posted_on=on)
    sv.record_fee_payment(clerk, app, amount="250.00", paid_on=on)
