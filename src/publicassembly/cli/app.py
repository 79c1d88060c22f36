"""The `publicassembly` command: the Typer application every command module registers its commands on."""

from __future__ import annotations

import functools
import gc
import importlib
import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from typing import Annotated, Any, NoReturn

import typer
from typer.core import TyperGroup

import publicassembly

#: Exit codes, the same for every command.
EXIT_OK = 0  # every file was determined (whatever the determination says)
EXIT_ERROR = 1  # the law core could not decide (a rule conflict) or an internal error
EXIT_BAD_INPUT = 2  # bad input: a file, a field, an option or a date the law has no value for
EXIT_READER_GONE = 141  # the reader of standard output stopped reading (`| head`): 128 + SIGPIPE, as a shell shows

#: pydantic's own switch: ``__all__`` (or 1, true) and it does not look for plugins; an empty string, or a
#: comma-separated list of names to leave out, and it looks for them in every installed distribution's entry
#: points. `start_up` sets it to ``__all__`` when it is not set (the project uses no pydantic plugin).
PLUGINS_ENV = "PYDANTIC_DISABLE_PLUGINS"
#: The variables `start_up` set itself (not the user): `environment_for_server` takes them out again.
_SET_BY_START_UP: set[str] = set()
#: Whether the cyclic garbage collector is paused by `start_up` until a command's own code runs.
_collector_paused = False


@contextmanager
def start_up() -> Iterator[None]:
    """How the console script runs a command (`publicassembly.cli.main`), as fast as it can start:

    - pydantic does not read every installed distribution's entry points for plugins when the first model is
      built (about 4 ms here): `PLUGINS_ENV` is set to ``__all__`` unless the user set it (set it to an empty
      string to have pydantic plugins loaded, e.g. for observability);
    - Python's cyclic garbage collector is paused while the modules load, Typer builds the parameters and the
      options are read: that makes many objects (modules, classes, functions, kept to the end) and no garbage
      worth collecting. When the command's own code starts (`resume_collector`), what start-up made is moved
      out of the collector's reach (`gc.freeze`, as the web server does after loading, site/wsgi.py) and the
      collector runs again, so a long command (``batch``, ``serve``) collects its own garbage as usual. This
      saves the ~70 collections start-up triggered (about 10 ms) and, at exit, Python's last collection no
      longer goes through every object start-up made (another 10-15 ms for ``check``).
    """
    global _collector_paused
    if PLUGINS_ENV not in os.environ:
        os.environ[PLUGINS_ENV] = "__all__"
        _SET_BY_START_UP.add(PLUGINS_ENV)
    _collector_paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        resume_collector()


def towns_clock() -> None:
    """Every day a command takes for "today" (a case without ``as_of``, ``--as-of`` left out, the reminders'
    day) is the Towns' day, as on the web and in the API: the process's time zone is set to the Towns'
    (`publicassembly.TIME_ZONE`, through ``TZ``, as Django's TIME_ZONE does for the server), whatever the
    machine's. On a machine in UTC, from 7 or 8 p.m. in New York the machine's date is already tomorrow."""
    import time

    os.environ["TZ"] = publicassembly.TIME_ZONE
    time.tzset()


def resume_collector() -> None:
    """Let the garbage collector run again, if `start_up` paused it (otherwise leave it as it is), first
    freezing what start-up made: the first collection would otherwise scan all of it at once and cost as
    much as the collections that were saved."""
    global _collector_paused
    if _collector_paused:
        _collector_paused = False
        gc.freeze()
        gc.enable()


def environment_for_server() -> None:
    """Take out of the environment what `start_up` set for this process alone, before the process becomes a
    server (``serve``): the web application then loads pydantic plugins, if any, as it would when started
    another way."""
    for name in sorted(_SET_BY_START_UP):
        os.environ.pop(name, None)
    _SET_BY_START_UP.clear()


def _given_once(command: Any) -> None:
    """Make `command` refuse an option given more than once that takes one value (``sign --occupancy 15
    --occupancy 20``: Click keeps the last silently, and which one was meant is not known), as the web and the
    API refuse a field given twice: exit 2 naming the option and the values. Flags and options that take
    several values are left alone."""
    if getattr(command, "given_once", False):
        return
    parse = command.parse_args

    def parse_args(ctx: Any, args: list[str]) -> Any:
        repeated = _repeated_options(command.get_params(ctx), args)
        if repeated:
            option, values = repeated
            fail(f"{option}: given {len(values)} times ({', '.join(repr(v[:80]) for v in values[:5])}); "
                 "give it once")
        return parse(ctx, args)

    command.parse_args = parse_args
    command.given_once = True


def _repeated_options(params: list[Any], args: list[str]) -> tuple[str, list[str]] | None:
    """The first option of `params` taking one value that `args` (a command's own arguments) give more than
    once, with the values given; None when each is given at most once. ``--`` ends the options."""
    single: dict[str, Any] = {}
    for p in params:
        if (getattr(p, "param_type_name", "") == "option" and not getattr(p, "multiple", False)
                and not getattr(p, "is_flag", False) and not getattr(p, "count", False)
                and getattr(p, "nargs", 1) == 1):
            single.update(dict.fromkeys(p.opts, p))
    given: dict[str, tuple[str, list[str]]] = {}
    i = 0
    while i < len(args):
        token = args[i]
        if token == "--":
            break
        if token.startswith("--") and token.split("=", 1)[0] in single:
            name, joined, value = token.partition("=")
            step = 1 if joined else 2
            value = value if joined else (args[i + 1] if i + 1 < len(args) else "")
        elif token.startswith("-") and not token.startswith("--") and token[:2] in single:
            name, value = token[:2], token[2:]
            step = 1 if value else 2
            value = value or (args[i + 1] if i + 1 < len(args) else "")
        else:
            i += 1
            continue
        param = single[name]
        given.setdefault(param.name, (name, []))[1].append(value)  # (named as first written)
        i += step
    return next(((option, values) for option, values in given.values() if len(values) > 1), None)


@functools.cache
def _whole_number_reader() -> Any:
    """The law core's reading of a whole number (`law.units.WholeNumber`), made when an option first needs it
    (not at start-up)."""
    from pydantic import TypeAdapter

    from publicassembly.law.units import WholeNumber

    return TypeAdapter(WholeNumber)


def not_a_whole_number(text: str) -> str:
    """The refusal of `text` given to an option that takes a whole number (`whole_number`, and Typer's own
    conversion, `bad_value`): one wording, saying what is taken — the digits 0-9, optionally followed by a point
    and zeros (``12.0`` is 12) — so that ``1e3``, ``1_0``, ``１０`` and ``12.5`` are told what to write."""
    return f"{text!r} is not a whole number (the digits 0-9, optionally followed by .0: 12 or 12.0)"


def whole_number(text: str | int) -> int:
    """The ``parser`` of every option that takes a whole number (persons, days, an id, a port), read as the law
    core reads a count given as text (`law.units.WholeNumber`, G-5, G-7; the web forms read it the same way):
    Typer's own conversion took ``1_0`` as 10; here it, other digits (``１０``) and ``1e3`` are refused with
    `typer.BadParameter`, which the command prints in one line naming the option (``--alarm-days: '1_0' is not
    a whole number (the digits 0-9, optionally followed by .0: 12 or 12.0)``, `not_a_whole_number`), exit 2.
    The range is the command's to check (an option given a parser has no ``min``/``max`` of its own)."""
    if isinstance(text, int):  # the option's default
        return text
    from pydantic import ValidationError

    try:
        return int(_whole_number_reader().validate_python(text))
    except ValidationError:
        raise typer.BadParameter(not_a_whole_number(text)) from None


def whole_number_in(low: int, high: int) -> Callable[[str | int], int]:
    """A `whole_number` parser that also refuses a number outside `low` to `high` (``--port: 0 is not allowed;
    allowed: 1 to 65535``), for an option whose range needs nothing else to be checked."""
    allowed = f"allowed: {low} to {high}"

    def parse(text: str | int) -> int:
        try:
            number = whole_number(text)
        except typer.BadParameter as exc:
            raise typer.BadParameter(f"{exc.message}; {allowed}") from None
        if not low <= number <= high:
            raise typer.BadParameter(f"{number} is not allowed; {allowed}")
        return number

    return parse


#: pydantic's error types (Typer converts an option's text with pydantic) of a text that is not a whole number,
#: and of one that is not a number.
_NOT_WHOLE = frozenset({"int_parsing", "int_type", "int_from_float", "int_parsing_size"})
_NOT_A_NUMBER = frozenset({"float_parsing", "float_type", "decimal_parsing", "decimal_type"})


def bad_value(exc: Any) -> str:
    """The one-line refusal (``<option>: <what is wrong; what is allowed>``) of a `typer.BadParameter` raised
    when a parameter's text was converted: its long option's name (an argument's name), then the value given
    and why it is refused when Typer's conversion (pydantic) says it, else Click's own words."""
    param = exc.param
    opts = [o for o in getattr(param, "opts", []) if o.startswith("--")] or list(getattr(param, "opts", []))
    name = opts[0] if opts and getattr(param, "param_type_name", "") == "option" else str(param.name)
    low, high = getattr(param, "min", None), getattr(param, "max", None)
    allowed = ("" if low is None and high is None else
               f"; allowed: {low} to {high}" if low is not None and high is not None else
               f"; allowed: {low} or more" if low is not None else f"; allowed: at most {high}")
    errors = getattr(exc.__cause__, "errors", None)
    problems = errors() if callable(errors) else []
    if problems and "input" in problems[0]:
        kind, given = problems[0].get("type"), problems[0]["input"]
        if kind in _NOT_WHOLE:
            return f"{name}: {not_a_whole_number(str(given))}{allowed}"
        if kind in _NOT_A_NUMBER:
            return f"{name}: {given!r} is not a number{allowed}"
        if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than") and allowed:
            return f"{name}: {given} is not allowed{allowed}"
    return f"{name}: {str(exc.message).rstrip('.')}"


def _click_exceptions() -> Any:
    """Click's exceptions module, as Typer uses it (vendored, ``typer._click.exceptions``, or Click's own)."""
    return importlib.import_module(typer.BadParameter.__module__)


def _one_line_errors(command: Any) -> None:
    """Make `command` refuse what Click and Typer refuse while reading its arguments in the project's one line
    on standard error, exit 2, instead of Typer's boxed usage error with its "Usage:" and "Try ... -h" lines:
    a value Typer cannot convert to its option's (or argument's) type, or outside its ``min``/``max``
    (`bad_value`: ``--occupancy: 'abc' is not a whole number (…)``), and what Click refuses before converting any
    (`usage_error`: an unknown option, an option without its value, a missing option or argument, an extra
    argument). Both the reading of its arguments (``parse_args``) and, for a group, the choosing of its command
    (``resolve_command``) are covered. A group called without a command (Click's `NoArgsIsHelpError`) still
    prints its help, and ``--help`` is not concerned (it exits before)."""
    if getattr(command, "one_line_errors", False):
        return
    # Click's exceptions, vendored by Typer (typer._click) or Click's own (older Typer). A missing option or
    # argument (MissingParameter) is a BadParameter too, but nothing was given to convert: `usage_error`.
    exceptions = _click_exceptions()
    parse = command.parse_args

    def parse_args(ctx: Any, args: list[str]) -> Any:
        try:
            return parse(ctx, args)
        except exceptions.UsageError as exc:
            if isinstance(exc, exceptions.NoArgsIsHelpError):
                raise
            converting = (isinstance(exc, exceptions.BadParameter) and exc.param is not None
                          and not isinstance(exc, exceptions.MissingParameter))
            fail(bad_value(exc) if converting else usage_error(exc, command, ctx))

    command.parse_args = parse_args
    resolve = getattr(command, "resolve_command", None)
    if resolve is not None:
        def resolve_command(ctx: Any, args: list[str]) -> Any:
            try:
                return resolve(ctx, args)
            except exceptions.UsageError as exc:
                import difflib  # (only for a mistyped command: not loaded at start-up)

                name = args[0] if args else ""
                known = command.list_commands(ctx)
                close = difflib.get_close_matches(name, known)
                maybe = f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
                fail(f"{name!r}: no such command of {ctx.command_path!r}{maybe}; commands: {', '.join(known)}"
                     if name else f"{ctx.command_path}: {str(exc.message).rstrip('.')}")

        command.resolve_command = resolve_command
    command.one_line_errors = True


def _option_names(param: Any) -> str:
    """An option's names as a refusal lists them: its long names, then its short ones in brackets
    (``--format (-f)``, ``--help (-h)``)."""
    names = [*param.opts, *getattr(param, "secondary_opts", [])]
    long = [n for n in names if n.startswith("--")] or names[:1]
    short = [n for n in names if n not in long]
    return "/".join(long) + (f" ({', '.join(short)})" if short else "")


def _usage(command: Any, ctx: Any) -> str:
    """The command's usage in one line: ``publicassembly check [OPTIONS] FILE...``."""
    pieces = [ctx.command_path, "[OPTIONS]"]
    for param in command.get_params(ctx):
        if getattr(param, "param_type_name", "") == "argument":
            word = (param.metavar or str(param.name).upper()) + ("..." if param.nargs == -1 else "")
            pieces.append(word if param.required else f"[{word}]")
    if getattr(command, "commands", None) is not None:
        pieces.append("COMMAND [ARGS]...")
    return " ".join(pieces)


def usage_error(exc: Any, command: Any, ctx: Any) -> str:
    """The one-line refusal of Click's usage error `exc` raised while `command` read its arguments, naming the
    option or argument first, as `bad_value` does:

    - an unknown option: ``--bogus: no such option of 'publicassembly check'; allowed: --as-of, --format (-f),
      --help (-h)`` (with Click's close matches first: ``(did you mean --as-of?)``);
    - an option without its value: ``--as-of: given without its value; write --as-of YYYY-MM-DD``;
    - a required option or argument not given: ``FILE: missing; usage: publicassembly check [OPTIONS] FILE...``,
      ``--output (-o): missing; 'publicassembly batch' requires --output OUTPUT``;
    - an argument the command does not take: ``extra: unexpected argument of 'publicassembly rules'; usage:
      publicassembly rules [OPTIONS]``; anything else: the command and Click's words, then its usage."""
    exceptions = _click_exceptions()
    params = command.get_params(ctx)
    options = [p for p in params if getattr(p, "param_type_name", "") == "option" and not getattr(p, "hidden", False)]
    if isinstance(exc, exceptions.NoSuchOption):
        close = sorted(exc.possibilities or [])
        maybe = f" (did you mean {', '.join(close)}?)" if close else ""
        allowed = ", ".join(_option_names(p) for p in options)
        return f"{exc.option_name}: no such option of {ctx.command_path!r}{maybe}; allowed: {allowed}"
    if isinstance(exc, exceptions.BadOptionUsage):
        name = exc.option_name
        param = next((p for p in options if name in (*p.opts, *getattr(p, "secondary_opts", []))), None)
        words = str(exc.message).rstrip(".")
        if param is not None and "requires" in words:
            return f"{name}: given without its value; write {name} {param.metavar or 'VALUE'}"
        return f"{name}: {re.sub(r'^Option .*? ', '', words)}"
    if isinstance(exc, exceptions.MissingParameter) and exc.param is not None:
        param = exc.param
        if getattr(param, "param_type_name", "") == "option":
            long = next((o for o in param.opts if o.startswith("--")), param.opts[0])
            return (f"{_option_names(param)}: missing; {ctx.command_path!r} requires "
                    f"{long} {param.metavar or 'VALUE'}")
        return f"{param.metavar or str(param.name).upper()}: missing; usage: {_usage(command, ctx)}"
    words = str(exc.message).rstrip(".")
    extra = _EXTRA_ARGUMENTS.match(words)
    if extra:
        noun = "arguments" if " " in extra.group(1) else "argument"
        return f"{extra.group(1)}: unexpected {noun} of {ctx.command_path!r}; usage: {_usage(command, ctx)}"
    return f"{ctx.command_path}: {words}; usage: {_usage(command, ctx)}"


#: Click's words for arguments a command does not take: "Got unexpected extra argument(s) (x y)".
_EXTRA_ARGUMENTS = re.compile(r"^Got unexpected extra arguments?(?:\(s\))? \((.*)\)$", re.DOTALL)


def _resuming(command: Any) -> None:
    """Make `command` (and its subcommands) call `resume_collector` before its own code, refuse an option
    given twice (`_given_once`), and a value Typer cannot convert or what Click refuses before (an unknown
    option or command, an option without its value, a missing option or argument) in one line
    (`_one_line_errors`)."""
    _given_once(command)
    _one_line_errors(command)
    callback: Callable[..., Any] | None = command.callback
    if callback is not None and not getattr(callback, "resumes_collector", False):
        @functools.wraps(callback)
        def run(*args: Any, **kwargs: Any) -> Any:
            resume_collector()
            return callback(*args, **kwargs)

        run.resumes_collector = True  # type: ignore[attr-defined]
        command.callback = run
    for sub in getattr(command, "commands", {}).values():
        _resuming(sub)


#: A code span of Markdown (`` `...` ``): left as it is by `markdown_text`.
_CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.DOTALL)


def markdown_text(text: str) -> str:
    """Help text as written, made safe for Typer's Markdown rendering (the app's ``rich_markup_mode``): a ``<``
    outside a code span becomes ``&lt;``, which Markdown shows as ``<``, so that a placeholder such as
    ``/towns/<alias>/hearings.ics`` is printed instead of being dropped as an HTML tag."""
    if "<" not in text:
        return text
    parts = _CODE_SPAN.split(text)  # text, fence, code, fence... : every third part from 0 is outside code
    out: list[str] = []
    i = 0
    while i < len(parts):
        out.append(parts[i].replace("<", "&lt;"))
        if i + 2 < len(parts):
            out.append(parts[i + 1] + parts[i + 2] + parts[i + 1])
        i += 3
    return "".join(out)


def tidy_help(command: Any, ctx: Any) -> None:
    """Prepare `command` (and its subcommands) for ``--help``: its help texts and its options' through
    `markdown_text`, and every flag, ``--help`` included, given an empty metavar — Typer shows the type of each
    option, ``<bool>`` for a flag, which takes no value. A flag declared with a metavar of its own keeps it."""
    if command.help:
        command.help = markdown_text(command.help)
    params = list(command.params)
    help_option = command.get_help_option(ctx)  # its names are the root's (context_settings), as in every context
    if help_option is not None:
        params.append(help_option)
    for param in params:
        if getattr(param, "help", None):
            param.help = markdown_text(param.help)
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""
    for sub in getattr(command, "commands", {}).values():
        tidy_help(sub, ctx)


class LazyCommandGroup(TyperGroup):
    """The root command group, loading command modules on demand (Click's "lazy loading of subcommands").

    Running a command imports only the module that defines it (`publicassembly.cli.COMMANDS` says which), so
    ``check`` does not pay for ReportLab, Django or numpy, and builds only its own Click command (`_build`).
    Listing the commands (``--help``, no command, a mistyped command and its suggestions) imports every module
    of `publicassembly.cli.COMMAND_MODULES`, so every command is listed with its own help text, in the order of
    the modules. A command missing from ``COMMANDS`` (or listed under the wrong module) still works: every
    module is then imported.
    """

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self._all_loaded = False
        _one_line_errors(self)  # (the root's own options and the choice of its command)
        for command in self.commands.values():  # those of modules imported before (tests import them)
            _resuming(command)

    @staticmethod
    def _registry() -> tuple[tuple[str, ...], dict[str, str]]:
        from publicassembly import cli  # the package: its modules table (imported before this module runs)

        return cli.COMMAND_MODULES, cli.COMMANDS

    def _load_all(self) -> None:
        if not self._all_loaded:
            for module in self._registry()[0]:
                importlib.import_module(f"publicassembly.cli.{module}")
            # Typer turns what the modules registered on `app` into Click commands; take them all.
            self.commands = dict(typer.main.get_group(app).commands)
            for command in self.commands.values():
                _resuming(command)
            self._all_loaded = True

    @staticmethod
    def _build(cmd_name: str) -> Any:
        """The Click command of the registered command `cmd_name` alone (as `typer.main.get_group` builds each
        of its commands), or None for a group (``export``) or a name not registered."""
        for info in app.registered_commands:
            name = info.name or typer.main.get_command_name(info.callback.__name__ if info.callback else "")
            if name == cmd_name:
                command = typer.main.get_command_from_info(
                    info, pretty_exceptions_short=app.pretty_exceptions_short,
                    rich_markup_mode=app.rich_markup_mode)
                _resuming(command)
                return command
        return None

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = self.commands.get(cmd_name)
        if command is None:
            module = self._registry()[1].get(cmd_name)
            if module is not None:  # import its module and build it alone, not every command of the module
                importlib.import_module(f"publicassembly.cli.{module}")
                command = self._build(cmd_name)
                if command is not None:
                    self.commands[cmd_name] = command
        if command is None:
            self._load_all()
            command = self.commands.get(cmd_name)
        if command is not None:
            tidy_help(command, ctx)
        return command

    def get_params(self, ctx: Any) -> list[Any]:
        params = super().get_params(ctx)
        tidy_help(self, ctx)
        return params

    def list_commands(self, ctx: Any) -> list[str]:
        self._load_all()
        modules = self._registry()[0]
        order: dict[str, tuple[int, int]] = {}
        for position, info in enumerate(app.registered_commands):
            callback = info.callback
            name = info.name or typer.main.get_command_name(callback.__name__ if callback else "")
            module = (callback.__module__ if callback else "").rpartition(".")[2]
            order.setdefault(name, (modules.index(module) if module in modules else len(modules), position))
        last = (len(modules) + 1, 0)  # groups (``export``) after the commands, as Typer lists them
        return sorted(self.commands, key=lambda name: order.get(name, last))


app = typer.Typer(
    cls=LazyCommandGroup,
    name="publicassembly",
    help=(
        "Town laws on public assemblies, run as code: Carmel (NY) Code ch. 31, the Public Assembly Ordinance "
        "(permits for assemblies of more than 500 persons), and Mount Pleasant (NY) Code ch. 164, Places of "
        "Assembly (certificates, occupant load, lawful occupancy, signs, penalties).\n\n"
        "Exit codes: 0 when every case was determined (whatever the determination says); 2 for bad input "
        "(a file, field, option or date), with a message on standard error naming the file, the field or "
        "line, and what is allowed (an option that takes one value, given twice, is refused too); 1 when the "
        "law core could not decide (a rule conflict) or failed; 141 when the reader of the output stopped "
        "reading it (`| head`), as a shell shows a command ended by SIGPIPE.\n\n"
        "Environment: `PYDANTIC_DISABLE_PLUGINS` is set to `__all__` for the command unless already set (no "
        "pydantic plugin is used); set it to an empty string to load pydantic plugins."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"publicassembly {publicassembly.__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """Town laws on public assemblies, run as code."""


#: Control characters (C0, DEL, C1) and the Unicode line and paragraph separators as visible escapes: text from
#: a case file (a room's name, a key, a description) is printed, never sent to the terminal as commands
#: (clearing it, setting its title).
_ONE_LINE = {c: f"\\x{c:02x}" for c in (*range(0x00, 0x20), *range(0x7F, 0xA0))} | {
    0x2028: "\\u2028", 0x2029: "\\u2029"}
_LINES = {c: e for c, e in _ONE_LINE.items() if c not in (0x09, 0x0A)}


def printable(text: str, *, one_line: bool = False) -> str:
    """`text` with its control characters shown as escapes (``\\x1b``): tab and newline kept, unless
    `one_line` (a field's name in an error line)."""
    return text.translate(_ONE_LINE if one_line else _LINES)


def error(message: str) -> None:
    """Print one error on standard error (``publicassembly: error: ...``), its control characters shown as
    escapes (a message may quote a case's text)."""
    typer.echo(printable(f"publicassembly: error: {message}"), err=True)


def fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    """Print one error line on standard error and exit with `code` (2, bad input, unless told)."""
    error(message)
    raise typer.Exit(code)


def every_refusal(*checks: Callable[[], Any]) -> list[Any]:
    """The values of `checks` (each reads one option and `fail`s naming it), run in their order: every option
    refused is told, one line each, before the command exits 2 — not only the first (a user who mistyped
    three options learns of the three in one run). A check exiting otherwise than 2 is not a refusal: it
    stops the command at once."""
    values: list[Any] = []
    refused = False
    for check in checks:
        try:
            values.append(check())
        except typer.Exit as exc:
            if exc.exit_code != EXIT_BAD_INPUT:
                raise
            refused = True
            values.append(None)
    if refused:
        raise typer.Exit(EXIT_BAD_INPUT)
    return values


_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def parse_date_option(value: str | None, option: str) -> date | None:
    """The date given to `option` (``--as-of``, ``--today``: YYYY-MM-DD, in the years 1778-2099 whose legal
    periods can be counted, `law.units.known_date`, interpretation G-2), or None when not given. Exits 2 naming
    `option` when the text is not such a date: the same refusal as an ``as_of`` in a case file or the API."""
    if value is None:
        return None
    text = value.strip()
    try:
        if not _ISO_DATE.match(text):
            raise ValueError
        day = date.fromisoformat(text)
    except ValueError:
        from publicassembly.law.cases import not_a_day

        problem = not_a_day(text)
        fail(f"{option}: {problem}" if problem is not None else
             f"{option}: {value!r} is not a date; write it as YYYY-MM-DD (e.g. 2026-07-04)")
    from publicassembly.law.units import known_date  # pydantic: loaded only when a date is given

    try:
        return known_date(day)
    except ValueError as exc:
        fail(f"{option}: {exc.args[0]}")
