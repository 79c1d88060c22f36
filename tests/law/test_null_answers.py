"""``permit_required`` and ``certificate_required`` are null in two cases only (README, `Determination`): the
chapter does not ask the question (Mount Pleasant asks for no permit, Carmel for no certificate), or a fact the
answer turns on is not given — then ``missing`` names it and the verdict says the question cannot be decided
yet. A client can always tell which (a new-user trial read null as "the town does not ask")."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from publicassembly.law import evaluate

AS_OF = "2026-07-01"
_maybe_count = st.none() | st.integers(0, 3000)


@st.composite
def _carmel(draw: st.DrawFn) -> dict:
    case = {"jurisdiction": "carmel-ny", "subject": "event", "as_of": AS_OF}
    at_one_time = draw(_maybe_count)
    if at_one_time is not None:
        case["max_persons_at_one_time"] = at_one_time
    collectively = draw(_maybe_count)  # (never fewer than at one time: a case saying so is refused)
    if collectively is not None:
        case["persons_collectively"] = max(collectively, at_one_time or 0)
    return case


@st.composite
def _mount_pleasant(draw: st.DrawFn) -> dict:
    spaces = []
    for i in range(draw(st.integers(1, 3))):
        use_group = draw(st.sampled_from(["assembly_without_fixed_seats", "business", "bowling_alley"]))
        space: dict = {"name": f"Room {i}", "use_group": use_group}
        area = draw(st.none() | st.integers(1, 20000))
        if area is not None:
            space["area"] = area
        if use_group == "bowling_alley" and draw(st.booleans()):
            space["alleys"] = draw(st.integers(0, 40))
        attendance = draw(_maybe_count)
        if attendance is not None:
            space["attendance"] = attendance
        spaces.append(space)
    case: dict = {"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": AS_OF, "spaces": spaces}
    commercial = draw(st.none() | st.booleans())
    if commercial is not None:
        case["commercial"] = commercial
    return case


@settings(max_examples=150, deadline=None)
@given(_carmel())
def test_carmel_permit_required_is_null_only_while_a_fact_is_missing_permit_requirements_a(case):
    d = evaluate(case)
    assert d.certificate_required is None  # Carmel ch. 31 asks for no certificate
    if d.permit_required is None:
        assert d.missing and "cannot be determined" in d.verdict, (case, d.verdict)
    else:
        assert d.permit_required in (True, False, "needs_review")


@settings(max_examples=150, deadline=None)
@given(_mount_pleasant())
def test_mount_pleasant_certificate_required_is_null_only_while_a_fact_is_missing_164_3_164_4(case):
    d = evaluate(case)
    assert d.permit_required is None  # ch. 164 asks for no permit
    if d.certificate_required is None:
        assert d.missing and "cannot be decided" in d.verdict, (case, d.verdict)
    else:
        assert d.certificate_required in (True, False, "needs_review")
