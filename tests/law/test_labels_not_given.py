"""A finding's "Not given" sentence (`labels.not_given`, used by Carmel's `Items.reason`): the items it lacks
in the words of the pages' "Still to be provided" list (`labels.missing_item`), the items of one item of the
verified petition (permit requirements ¶ B(1)-(15)) or of one condition of issuance (¶ C(1)-(10)) said
together, never as ids ("petition · 2 · dates")."""

from __future__ import annotations

import pytest

from publicassembly.law.jurisdictions.us_ny_carmel.context import Items
from publicassembly.law.labels import missing_item, not_given


@pytest.mark.parametrize(("keys", "sentence"), [
    (["petition.2.hours", "petition.2.admission_fee"],
     "Not given in item (2) of the petition: hours, admission fee."),
    (["petition.2.properties[1].record_owner"], "Not given in item (2) of the petition: property 2 · record owner."),
    (["conditions.1.drinking_water"], "Not given for condition (1) of permit requirements ¶ C: drinking water."),
    (["filed_on", "petition.1.applicant"],
     "Not given: the date the petition was filed with the Town Clerk; applicant, in item (1) of the petition."),
    (["petition.verified", "petition.on_town_form", "petition.addressed_to_town_board"],
     "Not given: the petition's verification (sworn to when it is submitted); whether the petition is on the "
     "Town's form; whether the petition is addressed to the Town Board."),
    (["petition.2.dates", "petition.3.site_map", "insurance"],
     "Not given: dates, in item (2) of the petition; site map, in item (3) of the petition; insurance."),
    (["insurance"], "Not given: insurance."),
])
def test_not_given_names_the_items_of_permit_requirements_b_and_c_in_words(keys, sentence):
    assert str(not_given(keys)) == sentence


def test_not_given_keeps_the_order_of_the_items_and_groups_a_petition_item_where_it_first_appears():
    """¶ B(2)'s items stay together even when another item comes between them."""
    assert str(not_given(["petition.2.dates", "filed_on", "petition.2.hours"])) == (
        "Not given: dates, hours, in item (2) of the petition; the date the petition was filed with the Town Clerk.")


def test_missing_item_names_a_condition_of_paragraph_c_as_the_pages_list_it():
    assert str(missing_item("conditions.7.housing")) == "housing, for condition (7) of permit requirements ¶ C"
    assert str(missing_item("petition.2.dates")) == "dates, in item (2) of the petition"


def test_items_reason_puts_the_defects_before_what_is_not_given_permit_requirements_b():
    items = Items()
    items.flag(False, "petition.verified", "The petition is not verified")
    items.flag(None, "petition.on_town_form", "The petition is not on the Town's form")
    assert str(items.reason("ok")) == ("The petition is not verified. Not given: whether the petition is on the "
                                       "Town's form.")
    assert items.missing == ["petition.on_town_form"]  # the finding's ids are unchanged
    assert str(Items().reason("All given.")) == "All given."
