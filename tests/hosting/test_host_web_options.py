"""`thebes host --web`: the links it prints (as lines and in the JSON), the options refused
before any game is made, and the page served over HTTPS with the certificate given."""

from __future__ import annotations

import asyncio
import datetime
import io
import json
import ssl
from pathlib import Path

import aiohttp
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from ssh_doubles import NAMES, EchoTable

from thebes.cli.host import web_lines, write_json
from thebes.cli.main import main
from thebes.hosting.hostkey import host_key
from thebes.hosting.invites import Invites
from thebes.hosting.server import Host
from thebes.hosting.web import WebDoor


def test_the_links_give_each_seat_its_code_in_the_fragment() -> None:
    invites = Invites(["Ann", "Bob", "Cleo"], [0, 1])
    lines = web_lines(invites, "https://t.example")
    assert lines[1] == f"  Ann: https://t.example/#user=Ann&code={invites.codes[0]}"
    assert lines[3] == (
        f"  Spectators: https://t.example/#user=spectator&code={invites.spectator_code}"
    )
    out = io.StringIO()
    write_json(out, invites, 2222, "SHA256:abc", "http://h:8080")
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert rows[1]["web"] == f"http://h:8080/#user=Bob&code={invites.codes[1]}"


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--web-cert", "c.pem", "--web-key", "k.pem"], "need --web PORT"),
        (["--web", "0", "--web-cert", "c.pem"], "go together"),
        (["--web", "0", "--web-cert", "missing.pem", "--web-key", "k.pem"], "cannot serve HTTPS"),
        (["--web", "0", "--web-url", "ftp://x"], "not an http or https address"),
        (["--web-proxy", "127.0.0.1"], "need --web PORT"),
        (["--web", "0", "--web-proxy", "localhost"], "not an IP address"),
    ],
)
def test_web_options_that_cannot_serve_are_refused_before_a_game_is_made(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    options: list[str],
    said: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    game = tmp_path / "g.json"
    try:
        code = main(["host", "--json", "--players", "Ann,Bob", "--save", str(game), *options])
    except SystemExit as exit_:  # argparse's refusal of a value
        code = int(str(exit_.code))
    assert code == 2
    assert said in capsys.readouterr().err
    assert not game.exists()


def self_signed(folder: Path) -> tuple[Path, Path]:
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .sign(key, hashes.SHA256())
    )
    cert_file, key_file = folder / "cert.pem", folder / "key.pem"
    cert_file.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_file, key_file


def test_the_page_and_the_socket_are_served_over_https_with_the_certificate(
    tmp_path: Path,
) -> None:
    cert_file, key_file = self_signed(tmp_path)
    door = WebDoor(0, "127.0.0.1", cert_file, key_file)
    table = EchoTable()
    invites = Invites(NAMES, table.person_seats())
    trusted = ssl.create_default_context(cafile=str(cert_file))
    trusted.check_hostname = False

    async def visit(host: Host[Invites]) -> str:
        base = f"https://127.0.0.1:{host.web_port}"
        async with aiohttp.ClientSession() as client:
            async with client.get(base + "/", ssl=trusted) as response:
                assert response.status == 200
            async with client.ws_connect(base + "/socket", ssl=trusted) as ws:
                first = {"user": "Ann", "code": invites.codes[0], "cols": 80, "rows": 24}
                await ws.send_str(json.dumps(first))
                said = await ws.receive()
                return str(said.data)

    key = host_key(tmp_path / "host_key")
    with Host(table, invites, key, listen="127.0.0.1", port=0, web=door) as host:
        assert json.loads(asyncio.run(visit(host))) == {"joined": "Ann"}
