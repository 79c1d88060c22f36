"""Towns (tenants, keyed by Open Civic Data division id), users, and each user's roles in each town.

A town is one of the law core's jurisdictions (`publicassembly.law.jurisdictions`): Carmel (ch. 31) or
Mount Pleasant (ch. 164). A user may hold roles in several towns; a role in one town gives nothing in another.
Enforcement officers also say which kind of officer they are (Mount Pleasant § 164-12).
"""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from publicassembly.law import jurisdictions
from publicassembly.law.errors import UnknownJurisdiction
from publicassembly.workflow.errors import ValidationFailed
from publicassembly.workflow.models import TownScoped


class Role(models.TextChoices):
    """The roles a user may hold in a town."""

    APPLICANT = "applicant", _("applicant")
    TOWN_CLERK = "town_clerk", _("town clerk")
    TOWN_BOARD_MEMBER = "town_board_member", _("town board member")
    BUILDING_INSPECTOR = "building_inspector", _("building inspector")
    ENFORCEMENT_OFFICER = "enforcement_officer", _("enforcement officer")
    HEALTH_DEPARTMENT_REVIEWER = "health_department_reviewer", _("health department reviewer")
    ADMINISTRATOR = "administrator", _("administrator")


class OfficerKind(models.TextChoices):
    """Who, besides the Building Inspector, may enforce ch. 164 when a violation occurs in their presence
    (Mount Pleasant Code § 164-12)."""

    FIRE_DISTRICT_INSPECTOR = "fire_district_inspector", _("fire department inspector of a fire district")
    TOWN_FIRE_MARSHAL = "town_fire_marshal", _("town fire marshal")
    POLICE_OFFICER = "police_officer", _("police officer")


class TownManager(models.Manager["Town"]):
    def for_jurisdiction(self, name: str) -> Town:
        """The Town of the law jurisdiction with this OCD id or alias, created on first use. Raises
        `ValidationFailed` (field ``ocd_id``) listing the allowed names for an unknown jurisdiction."""
        j = _jurisdiction(name)
        town, _created = self.get_or_create(ocd_id=j.ocd_id, defaults={"name": j.name})
        return town


def _jurisdiction(name: str) -> Any:
    try:
        return jurisdictions.get(name)
    except UnknownJurisdiction as e:
        raise ValidationFailed("ocd_id", str(e)) from None


#: A New York town's official name, the form the law core gives its jurisdictions ("Town of Carmel, New York").
_TOWN_OF = re.compile(r"^Town of (?P<place>.+), New York$")


def shown_town_name(name: str) -> str:
    """A town's official name in the active language (interpretation W-6): the kind of municipality and the
    State are words of the language, the place's own name stays as it is — "Town of Carmel, New York" is
    "Pueblo de Carmel, Nueva York" in Spanish, as the pages' sentences say "Pueblo de Carmel" and "Junta del
    Pueblo". Another form of name is shown as written. The record, the API, the documents keep the English."""
    m = _TOWN_OF.match(name)
    return gettext("Town of %(place)s, New York") % {"place": m["place"]} if m else name


class Town(models.Model):
    """A town served by this deployment (a tenant). ``ocd_id`` must be a jurisdiction of the law core;
    ``jurisdiction_alias`` (e.g. ``carmel-ny``) is filled from it on save."""

    ocd_id = models.CharField(_("Open Civic Data division id"), max_length=200, unique=True)
    name = models.CharField(_("name"), max_length=200)
    jurisdiction_alias = models.CharField(_("jurisdiction alias"), max_length=64, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = TownManager()
    history = HistoricalRecords()

    def lock(self) -> None:
        """Hold this town's row until the transaction ends (within `transaction.atomic`), so that the town's
        check-then-write steps run one at a time: a number given in turn, a record registered once (W-3a, W-9,
        W-10, P-17)."""
        type(self).objects.select_for_update().get(pk=self.pk)

    class Meta:
        ordering = ["name"]
        verbose_name = _("town")

    def __str__(self) -> str:
        return self.name

    @property
    def shown_name(self) -> str:
        """The town's name as a page shows it, in the active language (`shown_town_name`)."""
        return shown_town_name(self.name)

    @property
    def jurisdiction(self) -> Any:
        """The law core's `Jurisdiction` of this town."""
        return jurisdictions.get(self.ocd_id)

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Validates ``ocd_id`` against the law core (accepting an alias, stored as the OCD id)."""
        j = _jurisdiction(self.ocd_id)
        self.ocd_id = j.ocd_id
        self.jurisdiction_alias = j.alias
        if not self.name:
            self.name = j.name
        if kwargs.get("update_fields") is not None:
            kwargs["update_fields"] = set(kwargs["update_fields"]) | {"ocd_id", "jurisdiction_alias"}
        super().save(*args, **kwargs)


class User(AbstractUser):
    """A person who signs in: applicant, official or officer. Roles are per town (`Membership`)."""

    history = HistoricalRecords(excluded_fields=["password", "last_login"])

    def roles_in(self, town: Town) -> set[str]:
        """The active roles this user holds in `town`."""
        from publicassembly.workflow.access import roles_of

        return roles_of(self, town)


class Membership(TownScoped):
    """A role held by a user in a town. Enforcement officers give ``officer_kind``; other roles leave it
    empty. One row per (user, town, role); ``active`` false ends the role without erasing its history."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(_("role"), max_length=40, choices=Role.choices)
    officer_kind = models.CharField(_("officer kind"), max_length=40, choices=OfficerKind.choices, blank=True)
    active = models.BooleanField(_("active"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("membership")
        constraints = [
            models.UniqueConstraint(
                fields=["user", "town", "role"], name="accounts_membership_one_role_per_town"
            ),
            models.CheckConstraint(
                condition=(Q(role=Role.ENFORCEMENT_OFFICER) & Q(officer_kind__in=OfficerKind.values))
                | (~Q(role=Role.ENFORCEMENT_OFFICER) & Q(officer_kind="")),
                name="accounts_membership_officer_kind_iff_enforcement_officer",
            ),
        ]

    def __str__(self) -> str:
        kind = f" ({self.get_officer_kind_display()})" if self.officer_kind else ""
        return f"{self.user} — {self.get_role_display()}{kind} — {self.town}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Validates role and officer kind with clear messages before the database constraints do."""
        if self.role not in Role.values:
            raise ValidationFailed("role", f"unknown role {self.role!r}; allowed: {', '.join(Role.values)}")
        if self.role == Role.ENFORCEMENT_OFFICER and self.officer_kind not in OfficerKind.values:
            raise ValidationFailed(
                "officer_kind",
                f"an enforcement officer must be one of: {', '.join(OfficerKind.values)} (§ 164-12); "
                f"got {self.officer_kind!r}",
            )
        if self.role != Role.ENFORCEMENT_OFFICER and self.officer_kind:
            raise ValidationFailed(
                "officer_kind", f"only enforcement officers have an officer kind, not {self.role}"
            )
        super().save(*args, **kwargs)
