"""Interpretation M-18: the law core names the rules whose finding at the last inspection withholds the certificate
(§§ 164-2, 164-10, 164-11, the means of egress) — rules of its own rule book, and none of one gathering's use
(overcrowding § 164-5, toilets § 164-6) nor what follows the certificate (§ 164-9)."""

from __future__ import annotations

from publicassembly.law import jurisdictions
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.exits import WITHHOLD_CERTIFICATE


def test_the_rules_that_withhold_the_certificate_are_the_exits_rules_of_the_rule_book():
    ids = {r.id for r in jurisdictions.get("mount-pleasant-ny").rules}
    assert ids >= WITHHOLD_CERTIFICATE
    assert {rule.split("/")[1] for rule in WITHHOLD_CERTIFICATE} == {"164-2", "164-10", "164-11"}
    assert not any(section in rule for rule in WITHHOLD_CERTIFICATE for section in ("164-5", "164-6", "164-9"))
