"""The files of deploy/ and docs/deploy.md against the code: every `binokel serve` command
line in a systemd unit or the docs parses with the real command line (so an option renamed
in the CLI breaks this test, not a club's server at its next restart), the template unit's
instance is the port, and the ports the docs enable are the ones nginx spreads clients
over."""

from __future__ import annotations

import configparser
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from binokel.cli import build_parser
from binokel.cli.serve import uvicorn_options

ROOT = Path(__file__).parent.parent
DEPLOY = ROOT / "deploy"
DOCS = ROOT / "docs" / "deploy.md"
UNITS = [DEPLOY / "binokel.service", DEPLOY / "binokel@.service"]


def unit(path: Path) -> configparser.ConfigParser:
    """A systemd unit file as sections of keys (a key given twice keeps its last value;
    ``%`` specifiers are left as they are)."""
    cp = configparser.ConfigParser(strict=False, interpolation=None, delimiters=("=",))
    cp.optionxform = str  # type: ignore[assignment,method-assign]  # keys keep their case
    cp.read_string(path.read_text())
    return cp


def serve_args(command: str, instance: str = "8001") -> list[str]:
    """The arguments after ``binokel serve`` of a command line (``%i``: the instance)."""
    argv = shlex.split(command.replace("%i", instance))
    assert Path(argv[0]).name == "binokel" and argv[1] == "serve", argv
    return argv[1:]


@pytest.mark.parametrize("path", UNITS, ids=lambda p: p.name)
def test_a_units_command_line_is_one_the_cli_takes(path: Path) -> None:
    u = unit(path)
    service = u["Service"]
    args = build_parser().parse_args(serve_args(service["ExecStart"]))
    assert args.command == "serve"
    options = uvicorn_options(args)      # the trusted proxies are addresses
    assert options["host"] == "127.0.0.1" and options["proxy_headers"] is True
    assert args.trusted_proxy == ["127.0.0.1"]   # nginx on the same machine
    assert service["User"] == "binokel" and service["Restart"] == "on-failure"
    assert service["KillSignal"] == "SIGTERM"
    assert u["Install"]["WantedBy"] == "multi-user.target"
    assert "postgresql.service" in u["Unit"]["After"]
    url = service["Environment"].partition("=")[2]
    assert service["Environment"].startswith("BINOKEL_DATABASE_URL=")
    assert url.startswith("postgresql+psycopg://")


def test_the_template_units_instance_is_the_port() -> None:
    service = unit(DEPLOY / "binokel@.service")["Service"]
    assert "--port %i" in service["ExecStart"]
    for instance in ("8000", "8002"):
        args = build_parser().parse_args(serve_args(service["ExecStart"], instance))
        assert args.port == int(instance)


def test_the_docs_commands_and_ports_match_the_files() -> None:
    text = DOCS.read_text()
    # Every `binokel serve ...` the docs show parses (``...`` stands for the rest).
    shown = re.findall(r"`(binokel serve[^`]*)`", text)
    assert len(shown) >= 3, shown
    for command in shown:
        argv = [a for a in serve_args(" ".join(command.split()).replace(" ...", ""))
                if a != "..."]
        build_parser().parse_args(argv)
    # The template is named and its instances are the ports nginx-cluster.conf lists.
    assert "deploy/binokel@.service" in text
    enabled = re.search(r"systemctl enable --now ((?:binokel@\d+ ?)+)", text)
    assert enabled is not None, "the docs do not say how to enable the template's instances"
    ports = [int(p) for p in re.findall(r"binokel@(\d+)", enabled.group(1))]
    upstream = (DEPLOY / "nginx-cluster.conf").read_text()
    assert ports == [int(p) for p in re.findall(r"server 127\.0\.0\.1:(\d+)", upstream)]
    for path in UNITS:
        assert f"deploy/{path.name}" in text


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")
@pytest.mark.parametrize("path", UNITS, ids=lambda p: p.name)
def test_systemd_finds_nothing_wrong_with_a_unit(path: Path, tmp_path: Path) -> None:
    """systemd's own check (the program it runs is not installed here: that is no error)."""
    name = "binokel@8001.service" if "@" in path.name else path.name
    (tmp_path / path.name).write_text(path.read_text())
    if name != path.name:
        (tmp_path / name).symlink_to(tmp_path / path.name)
    r = subprocess.run(["systemd-analyze", "verify", "--man=no", str(tmp_path / name)],
                       capture_output=True, text=True, timeout=60)
    problems = [line for line in (r.stdout + r.stderr).splitlines()
                if line.strip() and "is not executable" not in line]
    assert problems == [], problems
