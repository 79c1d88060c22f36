"""A role is named with its article: "an applicant", "an administrator", "an enforcement officer", but "a town
clerk", "a town board member", "a building inspector", "a health department reviewer" — in the refusal of a
user without the role and in the request to sign in; Spanish pages, whose sentences have no article, keep their
translation."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import translation

from publicassembly.accounts.models import Role
from publicassembly.workflow.access import require_role, takes_an
from publicassembly.workflow.errors import NotAllowed

AN = {Role.APPLICANT, Role.ADMINISTRATOR, Role.ENFORCEMENT_OFFICER}


@pytest.mark.parametrize("role", Role.values)
def test_each_role_is_named_with_its_article(carmel, make_user, role):
    label = str(Role(role).label)
    article = "an" if role in AN else "a"
    assert takes_an(role) is (role in AN)
    other = Role.TOWN_CLERK if role != Role.TOWN_CLERK else Role.APPLICANT
    user = make_user(f"u_{role}", (carmel, other))
    with pytest.raises(NotAllowed) as e:
        require_role(user, carmel, role)
    assert f" is not {article} {label} in " in str(e.value), e.value
    with pytest.raises(NotAllowed) as e:
        require_role(AnonymousUser(), carmel, role)
    assert f"sign in as {article} {label} of " in str(e.value), e.value


def test_the_article_goes_with_the_first_role_named(carmel, make_user):
    user = make_user("u_inspector", (carmel, Role.BUILDING_INSPECTOR))
    with pytest.raises(NotAllowed) as e:
        require_role(user, carmel, Role.APPLICANT, Role.TOWN_CLERK)
    assert "'u_inspector' is not an applicant or town clerk in " in str(e.value)
    with pytest.raises(NotAllowed) as e:
        require_role(user, carmel, Role.TOWN_CLERK, Role.APPLICANT)
    assert "'u_inspector' is not a town clerk or applicant in " in str(e.value)


def test_spanish_keeps_its_translation_for_either_article(carmel, make_user):
    user = make_user("u_clerk", (carmel, Role.TOWN_CLERK))
    with translation.override("es"), pytest.raises(NotAllowed) as e:
        require_role(user, carmel, Role.APPLICANT)
    assert "'u_clerk' no es solicitante en " in str(e.value), e.value
