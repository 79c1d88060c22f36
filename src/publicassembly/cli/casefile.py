"""Case files read into case data: YAML or JSON text → a mapping for `publicassembly.law.parse_case`.

Reading is strict, and every refusal is a `CaseFileError` naming the file, where (line and column) and what
is allowed: a missing file or a directory, an empty or binary file, text that is not UTF-8, malformed YAML or
JSON, a key given twice, a key that is not text (``1: x``), YAML aliases, custom tags or ``!!binary`` (a YAML
value JSON cannot hold; `_refuse_types`), numbers too large to read, nesting too deep. Numbers
with a fraction are read as `Decimal` (never float), as the law core wants, keeping the text they were written
as (`law.units.WrittenNumber`: a refusal quotes ``1e999`` as written); a YAML date (``2026-07-04``)
becomes a `date`, a YAML timestamp with a time of day stays the text it was written as.

The reader also records where each field of a YAML (or JSON) document is, so an error of the law core
naming a field (``spaces[0].area_sq_ft``) can be reported with its line (`CaseFile.locate`).
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from functools import cached_property, partial
from pathlib import Path
from typing import Any

import yaml

from publicassembly.batch.encodings import SAMPLE_BYTES, wide_unicode
from publicassembly.cli.app import printable
from publicassembly.law.cases import RepeatedKey, no_json_constant, unique_keys
from publicassembly.law.units import WrittenNumber
from publicassembly.law.yaml_numbers import PLAIN_FLOAT, PLAIN_INT, plain_numbers

#: Larger files are refused: a case is a page of facts, not a data set.
MAX_BYTES = 5 * 1024 * 1024

YAML_SUFFIXES = (".yaml", ".yml")
JSON_SUFFIXES = (".json",)

Position = tuple[int, int]  # (line, column), both counted from 1
#: Gives the position of each field of a file (dotted path → (line, column)) when first asked for.
FindPositions = Callable[[], Mapping[str, Position]]


class CaseFileError(Exception):
    """A case file that cannot be read as case data.

    ``path``: the file as given; ``message``: what is wrong and what is allowed; ``field``: the field at fault
    (dotted, e.g. ``spaces[0].area_sq_ft``) or None; ``line``/``column``: where, counted from 1, or None."""

    def __init__(self, path: str, message: str, *, field: str | None = None, line: int | None = None,
                 column: int | None = None) -> None:
        self.path = path
        self.message = " ".join(message.split())  # always one line
        self.field = None if field is None else printable(field, one_line=True)  # a key may hold them
        self.line = line
        self.column = column
        super().__init__(self.describe())

    def describe(self) -> str:
        """One line: ``file, line L, column C: field: message``."""
        where = self.path
        if self.line is not None:
            where += f", line {self.line}"
            if self.column is not None:
                where += f", column {self.column}"
        return f"{where}: {self.field + ': ' if self.field else ''}{self.message}"


@dataclass(frozen=True)
class CaseFile:
    """Case data read from a file, with the position of each field in it (dotted path → (line, column)).

    The positions are found when first asked for (`positions`, `locate`: only an error names a field): a YAML
    file's are recorded as it is read, a JSON file's would take reading the text a second time, with the YAML
    composer (as long as reading the file, ~1.5 ms for an example), so a JSON file that is valid never pays."""

    path: str
    data: Any
    find_positions: FindPositions = field(default=dict, repr=False, compare=False)

    @cached_property
    def positions(self) -> Mapping[str, Position]:
        """Dotted field path → (line, column) of each field whose position could be found."""
        return self.find_positions()

    def locate(self, field: str) -> Position | None:
        """The position of `field`, or of its nearest enclosing field that has one (a missing field is
        reported at the mapping that should hold it), or None."""
        path = field
        while path:
            if path in self.positions:
                return self.positions[path]
            path = _parent(path)
        return None


def _parent(path: str) -> str:
    cut = max(path.rfind("."), path.rfind("["))
    return path[:cut] if cut > 0 else ""


# --- YAML --------------------------------------------------------------------------------------------------


class _CaseError(Exception):
    """Raised inside the YAML loader; turned into a CaseFileError by the reader."""

    def __init__(self, message: str, mark: yaml.Mark | None, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.mark = mark
        self.field = field


_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class CaseLoader(yaml.SafeLoader):
    """A safe YAML loader for case files: refuses a key given twice (naming it and its line), aliases and
    anchors (a case has no use for them, and they allow exponential documents), and reads floats as Decimal.
    Only plain numbers are numbers (`plain_numbers`): ``6:20``, ``0x1F``, ``017``, ``1_000`` stay text, for the
    fact's type to refuse naming the field (interpretation G-7). Dates stay dates; a timestamp with a time of
    day stays text."""

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]
            raise _CaseError("YAML aliases (*name) are not allowed in a case file; write the value out",
                             event.start_mark)
        return super().compose_node(parent, index)

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, int] = {}
        for key_node, _ in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node, deep=True)
            try:
                first = seen.get(key)
            except TypeError:
                continue
            if first is not None:
                raise _CaseError(f"key {key!r} is given twice (first on line {first}); give each field once",
                                 key_node.start_mark)
            seen[key] = key_node.start_mark.line + 1
        return super().construct_mapping(node, deep=deep)


def _yaml_decimal(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Decimal | str:
    """A plain YAML number with a point (`plain_numbers`), or ``.inf``/``.nan``, as an exact Decimal (keeping
    its text, `WrittenNumber`, for a refusal to quote as written: ``1.0e+999``, not ``1.0E+999``). A value
    tagged ``!!float`` that is not plain (``!!float 1_000.5``) stays the text it was written as, for the fact's
    type to refuse."""
    text = str(loader.construct_scalar(node)).strip()
    lowered = text.lower().lstrip("+")
    if lowered in (".nan",):
        return WrittenNumber("NaN", text)
    if lowered in (".inf", "-.inf"):
        return WrittenNumber("-Infinity" if lowered.startswith("-") else "Infinity", text)
    if PLAIN_FLOAT.match(text) or PLAIN_INT.match(text):
        return WrittenNumber(text)
    return text


def _yaml_int(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> int | str:
    """A plain YAML integer (`plain_numbers`). A value tagged ``!!int`` that is not plain (``!!int 0x1F``,
    ``!!int 6:20``) stays the text it was written as, for the fact's type to refuse."""
    text = str(loader.construct_scalar(node)).strip()
    return int(text) if PLAIN_INT.match(text) else text


def _yaml_timestamp(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Any:
    """A YAML date as a date; one not of the calendar (``2026-02-30``) or with a time of day stays text, so
    that the case's own validation refuses it naming its field (``as_of: '2026-02-30' is not a date …``), as
    it does the same date in quotes."""
    text = str(loader.construct_scalar(node)).strip()
    if _DATE.match(text):
        with contextlib.suppress(ValueError):
            return date.fromisoformat(text)
    return text


plain_numbers(CaseLoader)
CaseLoader.add_constructor("tag:yaml.org,2002:float", _yaml_decimal)
CaseLoader.add_constructor("tag:yaml.org,2002:int", _yaml_int)
CaseLoader.add_constructor("tag:yaml.org,2002:timestamp", _yaml_timestamp)


def _yaml_positions(node: yaml.Node | None, prefix: str = "", out: dict[str, Position] | None = None
                    ) -> dict[str, Position]:
    """Dotted field path → (line, column) of each value in a composed YAML document."""
    out = {} if out is None else out
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode):
                path = f"{prefix}.{key_node.value}" if prefix else str(key_node.value)
                out.setdefault(path, (key_node.start_mark.line + 1, key_node.start_mark.column + 1))
                _yaml_positions(value_node, path, out)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            path = f"{prefix}[{i}]"
            out.setdefault(path, (item.start_mark.line + 1, item.start_mark.column + 1))
            _yaml_positions(item, path, out)
    return out


_TAG = "tag:yaml.org,2002:"
#: The YAML types a case file's values may have: those JSON has (null, true/false, numbers, text, lists,
#: mappings), dates (`_yaml_timestamp`: a timestamp with a time of day stays text) and the collections read as
#: lists (``!!set``, ``!!omap``, ``!!pairs``: a fact refuses a list where it wants another kind, naming it).
#: ``!!binary`` (bytes, which JSON has not) is refused naming the field (`_refuse_types`); so is a custom tag.
_TYPES = frozenset(_TAG + name for name in ("null", "bool", "int", "float", "str", "timestamp", "seq", "map",
                                             "set", "omap", "pairs"))
#: What a mapping key of another type is, as its refusal says.
_KEY_KINDS = {"null": "null", "bool": "true or false", "int": "a number", "float": "a number",
              "timestamp": "a date", "binary": "binary data"}


def _refuse_types(node: yaml.Node | None, prefix: str = "", keys: bool = True) -> None:
    """Refuse (`_CaseError`, at the value's line, naming the field as `_yaml_positions` does) a value of a
    composed YAML document that has no JSON equivalent and is not read otherwise (`_TYPES`): ``!!binary``
    (PyYAML's bytes: they were taken as text or dropped) or a custom tag; and a mapping key that is not text
    (``1: x``, ``yes: x``, ``? [a]``): a case file's keys are field names. `keys`: whether `node`'s keys are
    field names (a ``!!set``'s are its items)."""
    if node is None:
        return
    field = prefix or None
    if node.tag == _TAG + "binary":
        raise _CaseError("binary data (YAML !!binary) is not allowed in a case file; a value is text, a number, "
                         "true or false, a date, a list or a mapping, as in JSON: write it as text",
                         node.start_mark, field)
    if node.tag not in _TYPES:
        raise _CaseError(f"custom YAML tags are not allowed in a case file; found the tag {node.tag!r}",
                         node.start_mark, field)
    if isinstance(node, yaml.MappingNode):
        items = node.tag == _TAG + "set"  # (a !!set's keys are its items, of the field)
        keys = keys and not items
        for key_node, value_node in node.value:
            if key_node.tag == _TAG + "merge":  # (``<<: {…}``, merged into the mapping)
                _refuse_types(value_node, prefix)
                continue
            if keys and (not isinstance(key_node, yaml.ScalarNode) or key_node.tag != _TAG + "str"):
                raise _CaseError(_not_a_key(key_node), key_node.start_mark, field)
            path = prefix if items else f"{prefix}.{key_node.value}" if prefix else str(key_node.value)
            _refuse_types(key_node, path, keys=False)
            _refuse_types(value_node, path)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):  # (an !!omap's or !!pairs' items are one-key mappings of any key)
            _refuse_types(item, f"{prefix}[{i}]", keys=node.tag not in (_TAG + "omap", _TAG + "pairs"))


def _not_a_key(node: yaml.Node) -> str:
    """The refusal of mapping key `node`, which is not text."""
    allowed = "the keys of a case file are field names (text, e.g. 'name')"
    if isinstance(node, yaml.ScalarNode) and node.tag in (_TAG + "binary", _TAG + "merge") or \
            node.tag not in _TYPES:
        return f"a key is {_KEY_KINDS.get(node.tag.removeprefix(_TAG), 'tagged ' + repr(node.tag))}; {allowed}"
    if isinstance(node, yaml.ScalarNode):
        kind = _KEY_KINDS.get(node.tag.removeprefix(_TAG), "not text")
        shown = printable(str(node.value), one_line=True)
        return f"the key {shown} is {kind}, not text; {allowed}: write it in quotes ('{shown}') if it is one"
    return f"a key is {'a list' if isinstance(node, yaml.SequenceNode) else 'a mapping'}; {allowed}"


def _load_yaml(text: str, path: str) -> tuple[Any, FindPositions]:
    loader: CaseLoader | None = None
    try:
        loader = CaseLoader(text)
        node = loader.get_single_node()
        _refuse_types(node)
        positions = _yaml_positions(node)
        data = loader.construct_document(node) if node is not None else None
    except _CaseError as exc:
        raise _file_error(path, exc.message, exc.mark, exc.field) from None
    except yaml.MarkedYAMLError as exc:
        problem = exc.problem or "malformed"
        if exc.context:
            began = exc.context_mark
            if began is not None and exc.problem_mark is not None and began.line != exc.problem_mark.line:
                # (where the construct began: an unclosed "[" is found only on a later line)
                problem = f"{exc.context} begun at line {began.line + 1}, column {began.column + 1}, {problem}"
            else:
                problem = f"{exc.context}, {problem}"
        if "found duplicate anchor" in problem or "found undefined alias" in problem:
            problem = "YAML anchors and aliases are not allowed in a case file"
        if "'\\t' that cannot start any token" in problem:
            problem += " (indent YAML with spaces, not tabs)"
        if exc.problem_mark is not None and "could not determine a constructor" in problem:
            problem = problem.replace("could not determine a constructor for the tag",
                                      "custom YAML tags are not allowed in a case file; found the tag")
        raise _file_error(path, f"not valid YAML: {problem}", exc.problem_mark or exc.context_mark) from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        raise CaseFileError(path, f"not valid YAML: the character {chr(exc.character)!r} (#x{exc.character:04x}) "
                                  "is not allowed in YAML text", line=line) from None
    except yaml.YAMLError as exc:
        raise CaseFileError(path, f"not valid YAML: {exc}") from None
    except RecursionError:
        raise CaseFileError(path, "not a case file: it is nested too deeply") from None
    except ValueError as exc:  # e.g. an integer of more digits than Python converts
        raise CaseFileError(path, f"not a case file: a value cannot be read ({_short(exc)})") from None
    finally:
        if loader is not None:
            loader.dispose()
    return data, lambda: positions


def _short(exc: ValueError) -> str:
    text = str(exc)
    return "a number has too many digits" if "integer string conversion" in text else text


def _file_error(path: str, message: str, mark: yaml.Mark | None, field: str | None = None) -> CaseFileError:
    if mark is None:
        return CaseFileError(path, message, field=field)
    return CaseFileError(path, message, field=field, line=mark.line + 1, column=mark.column + 1)


# --- JSON --------------------------------------------------------------------------------------------------


def _load_json(text: str, path: str) -> tuple[Any, FindPositions]:
    try:
        data = json.loads(text, object_pairs_hook=unique_keys, parse_float=WrittenNumber,
                          parse_constant=no_json_constant)
    except json.JSONDecodeError as exc:
        raise CaseFileError(path, f"not valid JSON: {exc.msg}", line=exc.lineno, column=exc.colno) from None
    except RepeatedKey as exc:
        line = _json_key_line(text, exc.key)
        raise CaseFileError(path, f"key {exc.key!r} is given twice; give each field once", line=line) from None
    except RecursionError:
        raise CaseFileError(path, "not a case file: it is nested too deeply") from None
    except ValueError as exc:  # NaN/Infinity, or an integer of more digits than Python converts
        raise CaseFileError(path, f"not valid JSON: {_short(exc)}") from None
    return data, partial(_json_positions, text)  # read only if an error needs a position


def _json_key_line(text: str, key: str) -> int | None:
    """The line of the second occurrence of `key` as an object key (best effort, for the error message)."""
    pattern = re.compile(re.escape(json.dumps(key)) + r"\s*:")
    hits = [m.start() for m in pattern.finditer(text)]
    return text.count("\n", 0, hits[1]) + 1 if len(hits) > 1 else None


def _json_positions(text: str) -> dict[str, Position]:
    """Field positions of a JSON document, read with the YAML composer (JSON is nearly YAML); best effort."""
    try:
        loader = CaseLoader(text)
        try:
            return _yaml_positions(loader.get_single_node())
        finally:
            loader.dispose()
    except (yaml.YAMLError, _CaseError, RecursionError, ValueError):
        return {}


# --- files -------------------------------------------------------------------------------------------------


def decode(raw: bytes, path: str, what: str = "case file") -> str:
    """UTF-8 text from a file's bytes (a leading byte-order mark is dropped); `what` names the file in the
    refusals ("case file", "JSON record"). Raises CaseFileError for an empty or binary file, a UTF-16 or UTF-32
    file (saying to save it as UTF-8) or bytes that are not UTF-8."""
    wide = wide_unicode(raw[:SAMPLE_BYTES])
    if wide is not None:
        raise CaseFileError(path, f"{wide} text, not UTF-8; save the {what} as UTF-8")
    if b"\x00" in raw:
        kind = "a YAML or JSON case file" if what == "case file" else f"a {what}"
        raise CaseFileError(path, f"a binary file (it holds NUL bytes), not {kind}")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise CaseFileError(path, f"not UTF-8 text (byte 0x{raw[exc.start]:02x} cannot be decoded); "
                                  f"save the {what} as UTF-8", line=line) from None
    if not text.strip():
        raise CaseFileError(path, "the file is empty; a case file is a mapping with at least "
                                  "'jurisdiction' and 'subject'" if what == "case file" else
                                  f"the file is empty; a {what} is a JSON object")
    return text


def parse_text(text: str, path: str, kind: str | None = None) -> CaseFile:
    """Case data from text: `kind` ``"yaml"`` or ``"json"``, or None to decide by content (JSON when the
    text is valid JSON, else YAML). Raises CaseFileError; the data is a mapping (anything else is refused)."""
    if kind == "json":
        data, positions = _load_json(text, path)
    elif kind == "yaml":
        data, positions = _load_yaml(text, path)
    else:
        try:
            data, positions = _load_json(text, path)
        except CaseFileError:
            data, positions = _load_yaml(text, path)
    if data is None:
        raise CaseFileError(path, "the file holds no data (only comments or null); a case file is a mapping "
                                  "with at least 'jurisdiction' and 'subject'")
    if not isinstance(data, dict):
        kind_name = {list: "a list", str: "a single text", bool: "a single true/false", int: "a single number",
                     Decimal: "a single number", WrittenNumber: "a single number", date: "a single date"
                     }.get(type(data), "a single value")
        if _list_of_determinations(data):
            held = _determinations(len(data))
            raise CaseFileError(path, f"the file holds a list of {held}, what check writes with "
                                      "--format json for several files, not a case file; give one case file "
                                      "(report also takes one determination: check FILE --format json writes "
                                      "one)", line=1)
        raise CaseFileError(path, f"the file holds {kind_name}, not a mapping; a case file is a mapping of "
                                  "fields with at least 'jurisdiction' and 'subject'", line=1)
    return CaseFile(path, data, positions)


def _determinations(n: int) -> str:
    return "1 determination" if n == 1 else f"{n:,} determinations"


def _list_of_determinations(data: object) -> bool:
    """True when `data` is what ``check A B --format json`` writes: a list of determinations, each with the
    ``file`` it came from and its ``verdict``."""
    return (isinstance(data, list) and bool(data)
            and all(isinstance(item, dict) and "file" in item and "verdict" in item for item in data))


def parse_bytes(raw: bytes, path: str, kind: str | None = None) -> CaseFile:
    """Case data from a file's bytes; see `decode` and `parse_text`."""
    if len(raw) > MAX_BYTES:
        raise CaseFileError(path, f"the file is larger than {MAX_BYTES // (1024 * 1024)} MB; a case file is a "
                                  "page of facts")
    return parse_text(decode(raw, path), path, kind)


def kind_of(path: Path) -> str | None:
    """``"yaml"`` for .yaml/.yml, ``"json"`` for .json (any case), None for another extension."""
    suffix = path.suffix.lower()
    if suffix in YAML_SUFFIXES:
        return "yaml"
    if suffix in JSON_SUFFIXES:
        return "json"
    return None


#: The name of a case file that is read from standard input (``check -``, ``report -``), and what its refusals
#: and reports call it.
STDIN = "-"
STDIN_SHOWN = "standard input"


def read_standard_input(shown: str = STDIN_SHOWN) -> CaseFile:
    """Case data (YAML or JSON, by content) read from standard input, named `shown` in its refusals. A terminal
    is refused rather than waited on: ``-`` is for a file piped or redirected in."""
    import sys

    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # no standard input at all (closed), or one of text only
        raise CaseFileError(shown, "cannot be read: there is no standard input to read the case file from")
    with contextlib.suppress(AttributeError, ValueError, OSError):
        if stream.isatty():
            raise CaseFileError(shown, "is a terminal; pipe or redirect a case file into it "
                                       "(e.g. < case.yaml), or give the file's name instead of -")
    try:
        raw = stream.read(MAX_BYTES + 1)
    except OSError as exc:
        raise CaseFileError(shown, f"cannot be read: {exc.strerror or exc}") from None
    return parse_bytes(raw, shown)


def read_case_file(name: str | Path) -> CaseFile:
    """Read a case file (YAML .yaml/.yml, JSON .json, by content otherwise); ``-`` reads it from standard input
    (`read_standard_input`). Raises CaseFileError naming the file: missing, a directory, unreadable, too large,
    empty, binary, not UTF-8, malformed, not a mapping."""
    shown = str(name)
    if shown == STDIN:
        return read_standard_input()
    path = Path(name)
    try:
        if path.is_dir():
            raise CaseFileError(shown, "is a directory, not a case file; give YAML or JSON files "
                                       "(e.g. cases/*.yaml)")
        with open(path, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise CaseFileError(shown, "no such file") from None
    except PermissionError:
        raise CaseFileError(shown, "cannot be read: permission denied") from None
    except OSError as exc:
        raise CaseFileError(shown, f"cannot be read: {exc.strerror or exc}") from None
    return parse_bytes(raw, shown, kind_of(path))
