"""The options of the web door (`thebes host --web PORT`), and the door they ask for.

A browser joins a hosted table at a page this process serves ([hosting](docs/hosting.md)):
its port, the TLS certificate it is served with (HTTPS), and the address printed in the
links when a reverse proxy serves it to the internet under another one.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from thebes.cli import values
from thebes.errors import EXIT_USAGE, ThebesError
from thebes.language import _
from thebes.safeio.text import printable

if TYPE_CHECKING:
    from thebes.hosting.web import WebDoor


class WebSetupError(ThebesError):
    """Web options that cannot serve the page; the message says why."""

    exit_code = EXIT_USAGE


def add_web(parser: argparse.ArgumentParser) -> None:
    """--web PORT, --web-cert FILE, --web-key FILE, --web-proxy ADDRESS, --web-url URL."""
    parser.add_argument(
        "--web",
        type=values.port,
        metavar="PORT",
        help=_("also let browsers join, at a page served on PORT (0: any free port)"),
    )
    parser.add_argument(
        "--web-cert",
        type=values.path_text,
        metavar="FILE",
        help=_("serve the page over HTTPS with this certificate (PEM; with --web-key)"),
    )
    parser.add_argument(
        "--web-key",
        type=values.path_text,
        metavar="FILE",
        help=_("the private key of --web-cert (PEM)"),
    )
    parser.add_argument(
        "--web-proxy",
        type=proxy_address,
        action="append",
        default=[],
        metavar="ADDRESS",
        help=_(
            "a reverse proxy at ADDRESS passes browsers on: each counts from the address it "
            "gives in X-Forwarded-For (may be repeated)"
        ),
    )
    parser.add_argument(
        "--web-url",
        type=base_url,
        metavar="URL",
        help=_(
            "the address the links give, when a reverse proxy serves the page, e.g. "
            "https://thebes.example.org"
        ),
    )


def proxy_address(text: str) -> str:
    """An IP address, written as the door compares it."""
    from thebes.hosting.guard import ip_address

    try:
        return ip_address(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not an IP address").format(text=printable(repr(text)))
        ) from None


def base_url(text: str) -> str:
    """An http or https address with a host, without its trailing slash."""
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise argparse.ArgumentTypeError(
            _("{text} is not an http or https address").format(text=printable(repr(text)))
        )
    return text.strip().rstrip("/")


def web_door(args: argparse.Namespace) -> WebDoor | None:
    """The door the options ask for (None: no --web), its certificate checked now, so that a
    wrong file is said before anything is hosted."""
    certificate, key = args.web_cert, args.web_key
    if args.web is None:
        if certificate or key or args.web_url or args.web_proxy:
            raise WebSetupError(
                _("--web-cert, --web-key, --web-proxy and --web-url need --web PORT")
            )
        return None
    if (certificate is None) != (key is None):
        raise WebSetupError(_("--web-cert and --web-key go together"))
    import ssl

    from thebes.hosting.web import WebDoor

    door = WebDoor(
        args.web,
        args.listen,
        Path(certificate) if certificate else None,
        Path(key) if key else None,
        frozenset(args.web_proxy),
    )
    try:
        door.tls()
    except (OSError, ssl.SSLError) as exc:
        raise WebSetupError(
            _("cannot serve HTTPS with {file}: {reason}").format(
                file=printable(str(certificate)), reason=printable(str(exc))
            )
        ) from None
    return door
