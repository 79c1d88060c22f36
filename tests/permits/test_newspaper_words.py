"""The refusal of a blank official newspaper when the public hearing is scheduled (Carmel ch. 31, permit
requirements ¶ B: "notice published at least once in the official newspaper"): the hearing is usually scheduled
before its notice is published (interpretation G-10), so the refusal does not say the notice "was published"."""

from __future__ import annotations

from datetime import timedelta

import pytest

from publicassembly.permits import services as sv
from publicassembly.workflow.errors import ValidationFailed

from .conftest import HEARING, NOTICE, SUBMITTED


@pytest.mark.parametrize("notice", [None, NOTICE], ids=["notice to come", "notice published"])
def test_blank_newspaper_asks_for_the_newspaper_the_notice_is_published_in_paragraph_b(walk, notice):
    app = walk.accepted()
    with pytest.raises(ValidationFailed) as e:
        sv.schedule_hearing(walk.clerk, app, hearing_on=HEARING, place="Town Hall", newspaper=" ",
                            notice_published_on=notice, today=notice or SUBMITTED + timedelta(days=1))
    assert (e.value.field, e.value.detail) == (
        "newspaper", "give the official newspaper in which the notice of the hearing is published")
