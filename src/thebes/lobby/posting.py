"""One POST of a webhook's message over a connection already made, and its answer's status,
all within a deadline.

A minimal HTTP/1.1 client rather than http.client: that one bounds each read, not the
whole, and an answer dripped a byte at a time would hold a sending thread for hours. Here
every send and read gets only the time left before the deadline, and only the first few
KB of the answer are read.
"""

from __future__ import annotations

import re
import socket
import time

ANSWER_MOST = 4_096  # bytes read of an answer: its status line is all that counts
STATUS = re.compile(rb"HTTP/\d\.\d (\d{3})[ \r]")
CONTENT_LENGTH = re.compile(rb"\r\ncontent-length:[ \t]*(\d{1,12})[ \t]*\r\n", re.IGNORECASE)


class BadAnswer(Exception):
    """The other end answered with something that is no HTTP answer."""


def left(deadline: float) -> float:
    """The seconds left before ``deadline``; a TimeoutError if none."""
    seconds = deadline - time.monotonic()
    if seconds <= 0:
        raise TimeoutError
    return seconds


def exchange(connection: socket.socket, request: bytes, deadline: float) -> int:
    """Send ``request`` and read the answer's status, all before ``deadline``; a
    TimeoutError when it passes, a BadAnswer when what comes back is no HTTP answer."""
    connection.settimeout(left(deadline))
    connection.sendall(request)  # its timeout bounds the whole of it
    received = b""
    total = 0
    while (end := received.find(b"\r\n\r\n")) < 0 or 100 <= _status(received) < 200:
        if end >= 0:  # an interim answer (103 Early Hints): the real one follows
            received = received[end + 4 :]
            continue
        if total >= ANSWER_MOST:
            raise BadAnswer(f"no HTTP answer in its first {ANSWER_MOST} bytes")
        connection.settimeout(left(deadline))
        chunk = connection.recv(ANSWER_MOST)
        if not chunk:
            raise BadAnswer("the connection closed without an answer")
        received += chunk
        total += len(chunk)
    status = _status(received)
    _drain(connection, received[end + 4 :], received[:end], total, deadline)
    return status


def _status(head: bytes) -> int:
    match = STATUS.match(head)
    if match is None:
        raise BadAnswer("not an HTTP answer")
    return int(match[1])


def _drain(
    connection: socket.socket, body: bytes, head: bytes, total: int, deadline: float
) -> None:
    """Read the rest of a short answer, ignored, so that the other end can finish writing
    it; a long one is cut short, and nothing read here changes the outcome."""
    length = CONTENT_LENGTH.search(head + b"\r\n")
    wanted = int(length[1]) if length else ANSWER_MOST
    got = len(body)
    try:
        while got < wanted and total < ANSWER_MOST:
            connection.settimeout(left(deadline))
            chunk = connection.recv(ANSWER_MOST - total)
            if not chunk:
                return
            got += len(chunk)
            total += len(chunk)
    except OSError:
        return
