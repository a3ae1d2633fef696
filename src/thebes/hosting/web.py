"""The web door of a hosted game (``thebes host --web PORT``): a small page with xterm.js,
and a websocket that makes the page a terminal at the table, served by aiohttp on the same
event loop as the SSH server, so that browsers and SSH clients share its guard (places,
throttled codes) and its seating (a seat taken over from either side).

Nothing is served but the page's own files, named one by one and read once at the start
(no folder is served, so no path a visitor sends reaches the disk), and the websocket,
which runs nothing but the table. A socket is a stranger until its first message proves a
seat: ``{"user", "code", "cols", "rows", "lang"?, "plain"?}`` (answered ``{"joined", "code"?}``,
with the code to come back with when it is another), the code compared in constant
time (:func:`~thebes.hosting.invites.same_code`) and wrong codes throttled per address
exactly as over SSH. The code travels in the link's fragment (``#user=Ann&code=...``),
which browsers never send to a server, so it is in no log; the page takes it out of the
address bar once read. A socket from another site's page is refused (its Origin is not
this server's).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import ssl
from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlsplit

import asyncssh
from aiohttp import WSMsgType, web

from thebes.hosting.guard import ip_address
from thebes.hosting.server import Droppable
from thebes.hosting.web_connection import REFUSED, WebSession, environment_of, size_of
from thebes.hosting.web_gate import Gate, Socket
from thebes.hosting.web_page import page_language, rendered
from thebes.language import _, current_language, speaking

if TYPE_CHECKING:
    from thebes.hosting.server import Host

STATIC = Path(__file__).with_name("web_static")
# The files served, by the name the page asks for: (file under STATIC, content type).
FILES = {
    "": ("index.html", "text/html; charset=utf-8"),
    "page.js": ("page.js", "text/javascript; charset=utf-8"),
    "page.css": ("page.css", "text/css; charset=utf-8"),
    "xterm.js": ("xterm/xterm.js", "text/javascript; charset=utf-8"),
    "xterm.css": ("xterm/xterm.css", "text/css; charset=utf-8"),
    "addon-fit.js": ("xterm/addon-fit.js", "text/javascript; charset=utf-8"),
    "LICENSE.xterm": ("xterm/LICENSE.xterm", "text/plain; charset=utf-8"),
    "LICENSE.addon-fit": ("xterm/LICENSE.addon-fit", "text/plain; charset=utf-8"),
}
HEADERS = {
    # Only this page's own scripts, styles and socket; never framed by another site's page.
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
MESSAGE_LIMIT = 64 * 1024  # bytes of one message from a page (a paste is cut by the rate)
REQUEST_LIMIT = 4 * 1024  # bytes of a request's body (none is ever needed)
HOST_KEY: web.AppKey[Host[Any]] = web.AppKey("host")
PAGES_KEY: web.AppKey[dict[str, tuple[bytes, str]]] = web.AppKey("pages")
TEMPLATE_KEY: web.AppKey[str] = web.AppKey("template")  # the page, before its words
GATE_KEY: web.AppKey[Gate] = web.AppKey("gate")


@dataclass(frozen=True, slots=True)
class WebDoor:
    """Where the web door listens: ``port`` (0: any free one) on ``listen`` (None: every
    address), over HTTPS when given a certificate and its key (PEM files); ``proxies``:
    the addresses of reverse proxies trusted to say whom they pass on (X-Forwarded-For)."""

    port: int
    listen: str | None = None
    certificate: Path | None = None
    key: Path | None = None
    proxies: frozenset[str] = frozenset()

    def tls(self) -> ssl.SSLContext | None:
        """The TLS context of the certificate given (raises OSError, ssl.SSLError)."""
        if self.certificate is None:
            return None
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(self.certificate, self.key)
        return context

    @property
    def scheme(self) -> str:
        return "http" if self.certificate is None else "https"


def link(base: str, user: str, code: str | None) -> str:
    """The address a browser opens for ``user`` at the page served at ``base``
    (``https://host:port``); the code (if given) in its fragment."""
    fragment = "user=" + quote(user, safe="")
    if code is not None:
        fragment += "&code=" + quote(code, safe="")
    return f"{base}/#{fragment}"


async def start(host: Host[Any], door: WebDoor) -> tuple[web.AppRunner, int]:
    """The web door listening for ``host``; its runner (to clean up) and its port."""
    pages = {name: ((STATIC / file).read_bytes(), kind) for name, (file, kind) in FILES.items()}
    app = web.Application(client_max_size=REQUEST_LIMIT)
    app[HOST_KEY], app[PAGES_KEY], app[GATE_KEY] = (
        host,
        pages,
        Gate(lambda peer: from_proxy(peer, door.proxies)),
    )
    app[TEMPLATE_KEY] = pages[""][0].decode("utf-8")
    app.on_shutdown.append(app[GATE_KEY].close)
    app.router.add_get("/socket", _socket)
    app.router.add_get("/{name:[A-Za-z.-]*}", _page)
    # A connection that asks for nothing has the login's few seconds, as over SSH.
    grace = host.guard.limits.login_timeout
    runner = web.AppRunner(app, access_log=None, handle_signals=False, keepalive_timeout=grace)
    await runner.setup()
    try:
        port = await app[GATE_KEY].listen(runner, door.listen or None, door.port, door.tls(), grace)
    except BaseException:
        await runner.cleanup()
        raise
    return runner, port


async def _page(request: web.Request) -> web.StreamResponse:
    found = request.app[PAGES_KEY].get(request.match_info["name"])
    if found is None:
        raise web.HTTPNotFound()
    body, kind = found
    headers = {**HEADERS, "Content-Type": kind}
    if request.match_info["name"] == "":  # the page itself, in the visitor's language
        language = page_language(request.headers.get("Accept-Language"), current_language())
        body = rendered(request.app[TEMPLATE_KEY], language)
        headers.update({"Content-Language": language, "Vary": "Accept-Language"})
    return web.Response(body=body, headers=headers)


def same_origin(request: web.Request) -> bool:
    """Whether the socket was opened by this server's own page: a browser always says which
    page opens a socket (Origin), and another site's page must not act for its visitor. A
    client that is no browser sends none, and can send whatever it likes anyway."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and parts.netloc == request.host


def visitor_address(request: web.Request, proxies: frozenset[str]) -> str:
    """Where a socket comes from, for the guard's counts per address: its peer, or, when the
    peer is a reverse proxy trusted with ``--web-proxy``, the address that proxy put last
    in X-Forwarded-For (the peer it saw; what comes before is what the visitor claims)."""
    remote = request.remote or "?"
    if from_proxy(remote, proxies):
        forwarded = ",".join(request.headers.getall("X-Forwarded-For", []))
        with contextlib.suppress(ValueError):
            return ip_address(forwarded.rsplit(",", 1)[-1])
    return remote


def from_proxy(peer: str, proxies: frozenset[str]) -> bool:
    """Whether ``peer`` is a reverse proxy trusted with ``--web-proxy``."""
    with contextlib.suppress(ValueError):
        return ip_address(peer) in proxies
    return False


class Visitor:
    """A socket's place in the guard, from its first byte to its end."""

    def __init__(self, socket: web.WebSocketResponse) -> None:
        self.socket = socket
        self.session: WebSession | None = None
        self.refused: str | None = None
        self.dropped = asyncio.Event()

    def drop(self, reason: int, message: str) -> None:
        """The guard gave this socket's place to a newer one."""
        if self.session is not None:
            self.session.drop(reason, message)
        elif self.refused is None:  # a stranger still: closed now, not at its first message
            self.refused = message
            self.dropped.set()  # and a wrong code's wait ends: it holds no place any more
            asyncio.get_running_loop().create_task(_refuse(self.socket, message))

    async def wait(self, seconds: float) -> None:
        """``seconds``, or until this socket's place is taken."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.dropped.wait(), seconds)


async def _socket(request: web.Request) -> web.StreamResponse:
    host = request.app[HOST_KEY]
    if not same_origin(request):
        raise web.HTTPForbidden()
    limits = host.guard.limits
    socket = Socket(max_msg_size=MESSAGE_LIMIT, heartbeat=limits.keepalive, compress=False)
    await socket.prepare(request)
    request.app[GATE_KEY].leave(request.transport)  # a websocket: the guard counts it now
    address = visitor_address(request, host.web.proxies if host.web else frozenset())
    visitor = Visitor(socket)
    # Refused before its first message says its language: in the browser's, as its page.
    with speaking(page_language(request.headers.get("Accept-Language"), current_language())):
        refusal, evicted = host.guard.arrive(visitor, address)
    if refusal is not None:
        await _refuse(socket, refusal)
        return socket
    if isinstance(evicted, Droppable):
        evicted.drop(asyncssh.DISC_TOO_MANY_CONNECTIONS, _("too many connections"))
    try:
        await _visit(host, socket, visitor, address)
    finally:
        host.guard.leave(visitor)
        if visitor.session is not None:
            await visitor.session.close(1001, "")
    return socket


async def _visit(
    host: Host[Any], socket: web.WebSocketResponse, visitor: Visitor, address: str
) -> None:
    """The first message proves a seat; then the table, until the socket ends."""
    limits = host.guard.limits
    try:
        message = await asyncio.wait_for(socket.receive(), limits.login_timeout)
        first = json.loads(message.data) if message.type == WSMsgType.TEXT else None
    except (TimeoutError, ValueError, TypeError):
        first = None
    if not isinstance(first, dict) or visitor.refused is not None:
        await socket.close()
        return
    environment = environment_of(first)
    with speaking(_language(environment)):
        proved = await _prove(host, first, address, visitor)
        if visitor.refused is not None:  # its place was taken while it waited
            return
        if isinstance(proved, Unproved):
            await _refuse(socket, proved.said, code=proved.ask_code, final=proved.final)
            return
        who, again = proved
        place = host.admission.place_of(who)
        refusal, evicted = host.guard.join(visitor, place)
        if refusal is not None:
            await _refuse(socket, refusal)
            return
        if isinstance(evicted, Droppable):
            evicted.drop(asyncssh.DISC_BY_APPLICATION, _("your seat is now in use elsewhere"))
    session = WebSession(
        host.seating, place, limits, socket, size_of(first.get("cols"), first.get("rows")),
        environment,
    )  # fmt: skip
    visitor.session = session
    host.seating.opened(session)
    joined = {"joined": first.get("user")}
    if again is not None:  # a server's one-time link: the page comes back with this code
        joined["code"] = again
    await socket.send_str(json.dumps(joined))
    session.start()
    async for message in socket:
        session.received(message)
        await session.paced()


@dataclass(frozen=True, slots=True)
class Unproved:
    """Why a page's first message proves no one; whether its page asks for a code, or
    trying again is no use."""

    said: str
    ask_code: bool = False
    final: bool = False


async def _prove(
    host: Host[Any], first: dict[str, Any], address: str, visitor: Visitor
) -> tuple[Hashable, str | None] | Unproved:
    """Who the first message's user and code prove (and the code to come back with, if it
    is another), or why not (a sentence, and whether the page asks for a code), after the
    wait a wrong code earns (as over SSH: doubling per address, shut out after too many)."""
    guard = host.guard
    if not guard.may_guess(address):
        await visitor.wait(guard.limits.most_delay)
        return Unproved(_("too many wrong codes: try again later"))
    user, code = first.get("user"), first.get("code")
    who, again = None, None
    if isinstance(user, str) and isinstance(code, str):
        who, again = host.admission.by_web(user[:100], code[:100])
    if who is None:
        await visitor.wait(guard.failed(address))
        said, ask_code = host.admission.web_code_refused()
        return Unproved(said, ask_code, final=not ask_code)
    return who, again


async def _refuse(
    socket: web.WebSocketResponse, reason: str, *, code: bool = False, final: bool = False
) -> None:
    """Tell the page why it is not let in (``code``: ask the code again; ``final``: trying
    again is no use), and close."""
    with contextlib.suppress(ConnectionError, RuntimeError):
        refused: dict[str, Any] = {"refused": reason, "code": code}
        if final:
            refused["final"] = True
        await socket.send_str(json.dumps(refused))
        await socket.close(code=REFUSED, message=b"refused")


def _language(environment: dict[str, str]) -> str:
    from thebes.hosting.terminals import client_language

    return client_language(environment) or current_language()
