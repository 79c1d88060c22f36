"""constraints.txt, the libraries at the versions tested together (`make install`, README): every library the
project asks for is pinned there, once, at a version its range in pyproject.toml admits, so that `pip install -c
constraints.txt -e '.[dev]'` installs the tested set and cannot conflict with the project's own ranges."""

from __future__ import annotations

import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]


def _pins() -> dict[str, Version]:
    pins: dict[str, Version] = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, sep, version = line.partition("==")
        assert sep, f"constraints.txt: {line!r} is not name==version"
        key = canonicalize_name(name)
        assert key not in pins, f"constraints.txt pins {name} twice"
        pins[key] = Version(version)
    return pins


def _requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [Requirement(r) for r in [*project["dependencies"], *project["optional-dependencies"]["dev"]]]


def test_every_requirement_is_pinned_within_its_range() -> None:
    pins = _pins()
    for requirement in _requirements():
        key = canonicalize_name(requirement.name)
        assert key in pins, f"{requirement.name} is not pinned in constraints.txt (make upgrade)"
        assert requirement.specifier.contains(pins[key], prereleases=True), (
            f"constraints.txt pins {requirement.name}=={pins[key]}, outside pyproject.toml's {requirement}")


def test_the_installed_libraries_are_the_pinned_ones() -> None:
    """What this environment runs is what constraints.txt records (a stale .venv is reinstalled by `make
    install`, whose stamp depends on the file)."""
    from importlib.metadata import distributions

    pins = _pins()
    installed = {canonicalize_name(d.metadata["Name"]): Version(d.version) for d in distributions()}
    for key, version in pins.items():
        assert installed.get(key) == version, f"{key}: installed {installed.get(key)}, pinned {version}"
