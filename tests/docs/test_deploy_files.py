"""The service files of docs/server.md run the server as the docs say: the systemd unit's
and the container's commands are `thebes server` commands the command line takes, keeping
the data where the unit and the container keep their state."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

from thebes.cli.arguments import build_parser
from thebes.cli.server import server_command

DEPLOY = Path(__file__).parents[2] / "deploy"


def parsed(command: list[str]) -> object:
    assert Path(command[0]).name == "thebes"
    return build_parser().parse_args(command[1:])


def test_the_systemd_unit_runs_the_server_in_its_state_directory() -> None:
    unit = (DEPLOY / "thebes-server.service").read_text()
    lines = dict(line.split("=", 1) for line in unit.splitlines() if "=" in line and line[0] != "#")
    args = parsed(shlex.split(lines["ExecStart"]))
    assert args.handler is server_command  # type: ignore[attr-defined]
    assert args.data == f"/var/lib/{lines['StateDirectory']}"  # type: ignore[attr-defined]
    assert lines["KillSignal"] == "SIGTERM" and lines["SuccessExitStatus"] == str(128 + 15)


def test_the_container_runs_the_server_on_its_volume_and_port() -> None:
    lines = (DEPLOY / "Containerfile").read_text().splitlines()

    def given(word: str) -> str:
        return next(line for line in lines if line.startswith(word + " "))[len(word) + 1 :]

    args = parsed(json.loads(given("CMD")))
    assert args.handler is server_command  # type: ignore[attr-defined]
    volume, port = given("VOLUME"), given("EXPOSE")
    assert args.data == volume and str(args.port) == port  # type: ignore[attr-defined]
    assert args.listen == "0.0.0.0"  # type: ignore[attr-defined]
