"""Numbers in YAML as people write them: the YAML 1.1 forms PyYAML reads as numbers and no one means in a case
or a parameter file are read as text instead (interpretation G-7).

PyYAML follows YAML 1.1, where ``6:20`` is the sexagesimal number 380, ``017`` the octal 15, ``0x1F`` 31,
``0b101`` 5 and ``1_000`` 1000. A case file's numbers are plain: a loader given to `plain_numbers` reads as
numbers only digits with an optional sign, point and exponent (YAML 1.2's forms: ``1e400`` too, W-25; and
``.inf``/``.nan``, so that the law core can refuse them naming the field); every other form stays the text it
was written as, which the fact's own type then refuses naming the field and what it allows (``attendance: must
be a whole number (got '6:20')``), or keeps as text where a fact is text (``daily_hours: 10:00``). YAML's
booleans (``yes``, ``no``, ``true``, ``false``, ``on``, ``off``), nulls, dates and timestamps are read as
before.
"""

from __future__ import annotations

import re

import yaml

INT_TAG = "tag:yaml.org,2002:int"
FLOAT_TAG = "tag:yaml.org,2002:float"

#: An integer: digits with an optional sign, no leading zero (``017`` is text: YAML 1.1 reads it as octal 15).
PLAIN_INT = re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$")
#: A number with a point, an exponent or both (YAML 1.2's core schema: ``1.5``, ``1.0e+3``, ``1e400``, ``2E-3``;
#: PyYAML's YAML 1.1 took an exponent only after a point and with its sign, so ``1e400`` stayed text and a count
#: refused it as "not a whole number" where the same number in a JSON case file is told its bound:
#: interpretation W-25; an integer part before an exponent without a point has no leading zero, as
#: `PLAIN_INT`), or YAML's infinity and not-a-number (``.inf``, ``-.inf``, ``.nan``), which the law core refuses
#: naming the field.
PLAIN_FLOAT = re.compile(r"^(?:[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?"
                         r"|[-+]?(?:0|[1-9][0-9]*)[eE][-+]?[0-9]+"
                         r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$")


def plain_numbers(loader: type[yaml.resolver.BaseResolver]) -> None:
    """Make `loader` (a SafeLoader or CSafeLoader subclass, changed in place) read only plain numbers as
    numbers: its implicit resolvers of int and float are replaced by `PLAIN_INT` and `PLAIN_FLOAT`; every other
    resolver (booleans, null, timestamps, merge keys) is kept."""
    loader.yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag not in (INT_TAG, FLOAT_TAG)]
        for first, resolvers in loader.yaml_implicit_resolvers.items()
    }
    loader.add_implicit_resolver(INT_TAG, PLAIN_INT, list("-+0123456789"))
    loader.add_implicit_resolver(FLOAT_TAG, PLAIN_FLOAT, list("-+0123456789."))
