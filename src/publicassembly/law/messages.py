"""The law core's words as messages: English text that keeps its template and parameters, so that a page in
another language can translate it while the core stays free of Django, catalogs and I/O.

A `Message` *is* the English string (a `str` subclass): every JSON, CLI and PDF output that prints a reason,
a verdict or a deadline's "counted" sentence prints exactly the English it printed before. Beside its text it
keeps ``template`` (a `str.format` template, the catalog's msgid) and ``params``; `Message.translated` renders
it with a translation function (e.g. Django's ``gettext``), translating parameters that are messages too.

Rules mark their sentences with `_`, which Django's ``makemessages`` (xgettext's default Python keyword ``_``)
extracts into the project's catalog::

    _("{persons:,} persons at one time{where} is in excess of {threshold}: a written permit ...",
      persons=ctx.persons, where=where, threshold=threshold)

Parameters may be numbers, dates, plain strings (names, ids, citations: shown as given), messages (translated
and rendered recursively) or lists and tuples of these (rendered joined by ", ").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any

Translate = Callable[[str], str]


def _identity(text: str) -> str:
    return text


def _param(value: object, translate: Translate) -> object:
    if isinstance(value, Message):
        # In English a message's text is already rendered: reuse it rather than render its parts again.
        return str.__str__(value) if translate is _identity else value.translated(translate)
    if isinstance(value, list | tuple):
        return ", ".join(str(_param(v, translate)) for v in value)
    return value


#: Messages without parameters, by template (the templates are the rules' literal sentences, a bounded set;
#: the bound only guards against a caller making messages of unbounded text).
_CONSTANTS: dict[str, Message] = {}
_MAX_CONSTANTS = 4096
_new_str = str.__new__


class Message(str):
    """An English sentence (the `str` value) with the template and parameters it was made from.

    ``Message("{n} days", n=3)`` equals ``"3 days"``. Immutable. Raises KeyError, IndexError or ValueError
    when the template names a parameter not given or has a bad format field (a programming error)."""

    template: str
    _params: dict[str, object]  # the call's own keywords (`params` shows them read-only)
    _sep: str | None = None  # a `join` of its parameters with this separator
    _clause: str | None = None  # `clause` ("clause", "lower") or `capitalized` ("upper") of its one parameter

    def __new__(cls, template: str, /, **params: object) -> Message:
        return _made(cls, template, params)

    @staticmethod
    def _render(template: str, params: Mapping[str, object], translate: Translate, sep: str | None,
                clause: str | None) -> str:
        rendered = {k: _param(v, translate) for k, v in params.items()}
        if sep is not None:
            return sep.join(str(rendered[k]) for k in sorted(rendered, key=int))
        if clause == "upper":
            text = str(rendered["0"])
            return text[:1].upper() + text[1:]
        if clause is not None:
            text = str(rendered["0"]).rstrip(".")
            return text[:1].lower() + text[1:] if clause == "lower" else text
        return template.format_map(rendered)

    @classmethod
    def _special(cls, params: dict[str, object], sep: str | None, clause: str | None, english: str | None = None,
                 template: str | None = None) -> Message:
        """A `join` or a clause of `params` (its English and template made here unless the caller made them)."""
        self = _new_str(cls, cls._render("", params, _identity, sep, clause) if english is None else english)
        if template is None:
            template = (sep or "").join("{" + k + "}" for k in params)
        self.__dict__.update(template=template, _params=params, _sep=sep, _clause=clause)
        return self

    @property
    def params(self) -> Mapping[str, object]:
        """The parameters the template is formatted with (read-only)."""
        return MappingProxyType(self._params)

    def translated(self, translate: Translate) -> str:
        """The message in another language: `translate` (e.g. ``gettext``) of the template, formatted with the
        translated parameters. A template without a translation, or whose translation does not format with
        these parameters, is rendered in English (with its parameters translated)."""
        if self._sep is not None or self._clause is not None:
            return self._render(self.template, self._params, translate, self._sep, self._clause)
        target = translate(self.template)
        if target != self.template:
            try:
                return self._render(target, self._params, translate, None, None)
            except (KeyError, IndexError, ValueError):
                pass
        return self._render(self.template, self._params, translate, None, None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Message is immutable (cannot set {name!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        if self._sep is not None:
            return (join, ([self.params[k] for k in sorted(self.params, key=int)], self._sep))
        if self._clause is not None:
            return (Message._special, ({"0": self.params["0"]}, None, self._clause))
        return (_rebuild, (self.template, dict(self.params)))

    def __repr__(self) -> str:
        return f"Message({self.template!r}, {dict(self.params)!r})"


#: Types of parameters that are never rendered before formatting (lists and tuples, and their subclasses, are).
_PLAIN: frozenset[type] = frozenset({str, int, float, bool, Message})


def _rebuild(template: str, params: dict[str, object]) -> Message:
    return Message(template, **params)


def _made(cls: type[Message], template: str, params: dict[str, object]) -> Message:
    """The message of `template` formatted with `params` (the caller's own dict, kept as the message's): the one
    way a message is made, by the class (``Message(...)``) and by `_`. Built often (about a hundred messages per
    determination), so kept cheap. A message without parameters is made once per template and shared (it is
    immutable); otherwise a message formats as its English text (str.__format__), so only lists and tuples need
    rendering first."""
    if not params:
        made = _CONSTANTS.get(template)
        if made is not None and type(made) is cls:
            return made
    for value in params.values():
        if type(value) in _PLAIN:  # most parameters: one set lookup instead of an isinstance test
            continue
        if isinstance(value, (list, tuple)):  # noqa: UP038 - a tuple of types is tested faster than a union
            english = cls._render(template, params, _identity, None, None)
            break
    else:
        english = template.format_map(params)  # (no copy of the keywords, as format(**params) makes)
    self = _new_str(cls, english)
    attrs = self.__dict__
    attrs["template"] = template
    attrs["_params"] = params  # this call's own dict: nothing else holds it (read-only through `params`)
    if not params and len(_CONSTANTS) < _MAX_CONSTANTS:
        _CONSTANTS[template] = self
    return self


def _(template: str, /, **params: object) -> Message:
    """Mark a template for translation and make its message: ``_("{n} days", n=3)`` → "3 days". The template is
    a `str.format` template (literal braces doubled); the keyword arguments fill its fields. The same message as
    ``Message(template, **params)`` (`_made`), without the call of the class, which costs about a quarter more
    than the message itself (the rules make about a hundred per determination)."""
    return _made(Message, template, params)


#: The parameters' keys of a `join` ("0", "1", …) and its template's fields ("{0}", "{1}", …), made once for the
#: lists of up to this many items (a longer list makes its own).
_JOIN_KEYS = tuple(str(i) for i in range(64))
_JOIN_FIELDS = tuple("{" + key + "}" for key in _JOIN_KEYS)
#: The items a `join` writes in English as they are: text and messages (a message is its English text).
_TEXT: frozenset[type] = frozenset({str, Message})


def join(items: Iterable[object], sep: str = ", ") -> Message:
    """The items (messages or plain values) joined by `sep`, each translated on its own: ``join([a, b], "; ")``.
    Its template is not a sentence and is not in the catalog."""
    values = items if type(items) is list else list(items)
    n = len(values)
    if n > len(_JOIN_KEYS):
        return Message._special({str(i): v for i, v in enumerate(values)}, sep, None)
    params = dict(zip(_JOIN_KEYS, values, strict=False))  # (the first n keys)
    # text and messages, the usual items: their English joined as they are (the same text `_render` makes); a
    # number or a list rendered by `_special` as `_render` renders them
    english = sep.join(values) if all(type(v) in _TEXT for v in values) else None  # type: ignore[arg-type]
    return Message._special(params, sep, None, english, sep.join(_JOIN_FIELDS[:n]))


def clause(sentence: str, lower: bool = False) -> Message:
    """A sentence used inside another: without its final period, and with its first letter lowered when
    `lower` (e.g. the deciding finding's reason quoted in a verdict). Applied to the translation too."""
    return Message._special({"0": sentence}, None, "lower" if lower else "clause")


def capitalized(text: str) -> Message:
    """`text` with its first letter upper-case (in the translation too): the start of a sentence."""
    return Message._special({"0": text}, None, "upper")


def both(items: list[Message] | list[str], word: str = "and") -> Message | str:
    """One item as it is; two as "a and b" (or "a or b" with ``word="or"``); more as "a, b and c"."""
    if len(items) == 1:
        return items[0]
    if word == "or":
        return _("{first} or {last}", first=join(items[:-1]), last=items[-1])
    return _("{first} and {last}", first=join(items[:-1]), last=items[-1])


#: The counted words of the law core's sentences: word → (one, many) messages of ``{n}`` (the number already
#: written, with or without thousands separators).
_COUNTED: dict[str, tuple[Callable[[object], Message], Callable[[object], Message]]] = {
    "day": (lambda n: _("{n} day", n=n), lambda n: _("{n} days", n=n)),
    "separate violation": (lambda n: _("{n} separate violation", n=n), lambda n: _("{n} separate violations", n=n)),
    "person": (lambda n: _("{n} person", n=n), lambda n: _("{n} persons", n=n)),
    "toilet": (lambda n: _("{n} toilet", n=n), lambda n: _("{n} toilets", n=n)),
    "year": (lambda n: _("{n} year", n=n), lambda n: _("{n} years", n=n)),
}


def plural(n: int, word: str) -> Message:
    """`n` with its counted `word` in the singular or plural, as a translatable message: ``plural(1, "person")``
    → "1 person", ``plural(1500, "person")`` → "1,500 persons" (thousands grouped, in both chapters). Words:
    ``day``, ``separate violation``, ``person``, ``toilet``, ``year``; another raises KeyError (a programming
    error)."""
    one, many = _COUNTED[word]
    written = f"{n:,}"
    return one(written) if n == 1 else many(written)


def translate(value: object, gettext: Translate) -> object:
    """`value` translated when it is a `Message` (or a list or tuple or mapping holding messages), else
    unchanged: the web layer's one entry point."""
    if isinstance(value, Message):
        return value.translated(gettext)
    if isinstance(value, list):
        return [translate(v, gettext) for v in value]
    if isinstance(value, tuple):
        return tuple(translate(v, gettext) for v in value)
    if isinstance(value, dict):
        return {k: translate(v, gettext) for k, v in value.items()}
    return value
