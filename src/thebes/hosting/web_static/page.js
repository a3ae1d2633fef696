// The page of a hosted Thebes table: the terminal (xterm.js), the socket to the table, the
// join form, and the line and buttons a phone types with. The protocol (thebes.hosting.web):
// the first message {"user", "code", "cols", "rows", "lang", "plain"}; then ["k", keys] for what is
// typed and ["r", cols, rows] for a new size; the table's output comes as binary frames,
// the door's own words as JSON text ({"joined"} or {"refused", "code"}).
"use strict";
(() => {
  const KEYS = {
    enter: "\r", tab: "\t", esc: "\x1b", backspace: "\x7f", ctrlc: "\x03",
    up: "\x1b[A", down: "\x1b[B", right: "\x1b[C", left: "\x1b[D",
  };
  const STORED = "thebes-join"; // this tab's seat and code: a reload joins it again
  const PLAIN = "thebes-plain"; // plain text (for a screen reader), kept for next time
  const COLUMNS = 80, ROWS = 24, FONT = 15; // the table's layout, and the font it wants
  const $ = (id) => document.getElementById(id);
  const status = $("status"), form = $("join"), line = $("line"), plain = $("plain");
  // What the page says, in the page's language (the server filled them in).
  const WORDS = JSON.parse($("words").textContent);

  // The seat and code: from the link's fragment (then taken out of the address bar and the
  // history), else from this tab's storage, else asked.
  function fromLink() {
    const params = new URLSearchParams(location.hash.slice(1));
    if (location.hash) history.replaceState(null, "", location.pathname + location.search);
    const user = params.get("user"), code = params.get("code");
    let stored = null;
    try { stored = JSON.parse(sessionStorage.getItem(STORED) || "null"); } catch (e) { stored = null; }
    if (!user) return stored;
    if (code) return { user, code };
    return stored && stored.user === user ? stored : { user, code: "" };
  }

  function stored(key) { try { return localStorage.getItem(key); } catch (e) { return null; } }
  plain.checked = stored(PLAIN) === "1";
  const term = new Terminal({ fontSize: FONT, cursorBlink: true, scrollback: 2000,
    screenReaderMode: plain.checked,
    fontFamily: "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace" });
  const fit = new FitAddon.FitAddon();
  term.loadAddon(fit);
  term.open($("screen"));

  // At least 80 columns and 24 rows: the font shrinks until 80 columns fit the width; the
  // rows fill the height, and never fewer than 24 (the page scrolls then). Where a font of
  // at least WIDE_FONT fits 120 columns and 40 rows, it shrinks to that instead: the table's
  // wide layout (the whole board) is worth a slightly smaller font.
  const WIDE = [120, 40], WIDE_FONT = 11;
  function layout() {
    term.options.fontSize = FONT;
    const wanted = fit.proposeDimensions();
    if (!wanted) return;
    if (wanted.cols < WIDE[0] || wanted.rows < WIDE[1]) {
      const scale = Math.min(wanted.cols / WIDE[0], wanted.rows / WIDE[1]);
      let font = Math.floor(FONT * scale * 10) / 10;
      while (font >= WIDE_FONT) {
        term.options.fontSize = font;
        const tried = fit.proposeDimensions();
        if (tried && tried.cols >= WIDE[0] && tried.rows >= WIDE[1]) break;
        font = Math.round((font - 0.5) * 10) / 10;
      }
      if (font < WIDE_FONT) term.options.fontSize = FONT;
    }
    if (term.options.fontSize === FONT && wanted.cols < COLUMNS) {
      term.options.fontSize = Math.max(4, Math.floor((FONT * wanted.cols * 10) / COLUMNS) / 10);
    }
    const fitted = fit.proposeDimensions();
    if (!fitted) return;
    term.resize(Math.max(COLUMNS, fitted.cols), Math.max(ROWS, fitted.rows));
  }

  let socket = null, joining = fromLink(), joined = false, proven = false, retry = 1;

  // What is typed at once goes in pieces the door takes (a message over 64 KB closes the
  // socket; beyond 16 KB at once the door drops keys anyway, as a person types no faster).
  const PIECE = 8192;
  function send(what) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    if (what[0] !== "k") { socket.send(JSON.stringify(what)); return; }
    for (let at = 0; at < what[1].length && at < 2 * PIECE; at += PIECE) {
      socket.send(JSON.stringify(["k", what[1].slice(at, at + PIECE)]));
    }
  }
  term.onData((keys) => send(["k", keys]));
  // A new size goes once this socket is in: its first message must be the proof.
  term.onResize(({ cols, rows }) => { if (proven) send(["r", cols, rows]); });
  window.addEventListener("resize", layout);
  if (window.visualViewport) window.visualViewport.addEventListener("resize", layout);

  function say(text, button) {
    status.textContent = text;
    if (button) {
      const again = document.createElement("button");
      again.type = "button";
      again.textContent = button;
      again.addEventListener("click", () => connect());
      status.appendChild(again);
    }
  }

  // The join form in the terminal's place (empty until a seat is joined).
  function ask(why) {
    say("");
    $("screen").hidden = $("keys").hidden = true;
    form.hidden = false;
    $("why").textContent = why || "";
    $("user").value = (joining && joining.user) || "";
    $("code").value = "";
    (joining && joining.user ? $("code") : $("user")).focus();
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    joining = { user: $("user").value.trim(), code: $("code").value.trim() };
    form.hidden = true;
    $("screen").hidden = $("keys").hidden = false;
    connect();
  });

  function connect() {
    if (!joining || !joining.user || !joining.code) { ask(""); return; }
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const ws = new WebSocket(scheme + location.host + "/socket");
    socket = ws;
    proven = false;
    ws.binaryType = "arraybuffer";
    say(WORDS.joining);
    ws.onopen = () => {
      layout();
      ws.send(JSON.stringify({ user: joining.user, code: joining.code, cols: term.cols,
        rows: term.rows, lang: document.documentElement.lang, plain: plain.checked }));
    };
    ws.onmessage = (event) => {
      if (typeof event.data !== "string") { term.write(new Uint8Array(event.data)); return; }
      const said = JSON.parse(event.data);
      if (said.joined !== undefined) {
        joined = true; proven = true; retry = 1;
        send(["r", term.cols, term.rows]); // in case the window changed while joining
        if (said.code) joining.code = said.code; // a server's link is good once: this is ours
        sessionStorage.setItem(STORED, JSON.stringify(joining));
        say("");
        term.focus();
      } else if (said.refused !== undefined) {
        if (said.code) { sessionStorage.removeItem(STORED); joining.code = ""; ask(said.refused); }
        else say(said.refused, WORDS.try_again);
      }
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      if (event.code === 1000) { joined = false; say(WORDS.ended, WORDS.join_again); }
      else if (event.code === 4003) { /* refused: said already */ }
      else if (event.code === 4009) { joined = false; say(WORDS.elsewhere, WORDS.join_here); }
      else if (event.code === 4008) { joined = false; say(event.reason || WORDS.disconnected, WORDS.join_again); }
      else if (joined) {
        say(WORDS.lost.replace("{seconds}", retry));
        setTimeout(connect, retry * 1000);
        retry = Math.min(retry * 2, 30);
      } else say(WORDS.unreachable, WORDS.try_again);
    };
  }

  // The line a phone's keyboard types into: Enter sends it, with the Enter key.
  $("keys").addEventListener("submit", (event) => {
    event.preventDefault();
    send(["k", line.value + "\r"]);
    line.value = "";
  });
  for (const button of document.querySelectorAll("#keys button[data-key]")) {
    // Pressed without taking the focus from the line: the phone's keyboard stays up.
    button.addEventListener("mousedown", (event) => event.preventDefault());
    button.addEventListener("click", () => {
      if (button.dataset.key === "enter" && line.value) { send(["k", line.value + "\r"]); line.value = ""; }
      else send(["k", KEYS[button.dataset.key]]);
    });
  }

  // Plain text or the drawn table: the table is joined again, as the other one.
  plain.addEventListener("change", () => {
    try { localStorage.setItem(PLAIN, plain.checked ? "1" : "0"); } catch (e) { /* private */ }
    term.options.screenReaderMode = plain.checked;
    if (!socket) return;
    const old = socket;
    socket = null;
    old.close(1000);
    term.reset();
    connect();
  });

  layout();
  connect();
})();
