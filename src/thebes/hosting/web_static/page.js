// The page of a hosted Thebes table: the terminal (xterm.js), the socket to the table, the
// join form, and the line and buttons a phone types with. The protocol (thebes.hosting.web):
// the first message {"user", "code", "cols", "rows", "lang", "plain"}; then ["k", keys] for what is
// typed and ["r", cols, rows] for a new size; the table's output comes as binary frames,
// the door's own words as JSON text ({"joined"} or {"refused", "code", "final"}).
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
  const screen = $("screen");
  // What the page says, in the page's language (the server filled them in).
  const WORDS = JSON.parse($("words").textContent);
  // xterm.js's own words for a screen reader, in the page's language too.
  Terminal.strings.promptLabel = WORDS.terminal_input;
  Terminal.strings.tooMuchOutput = WORDS.too_much_output;

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
  term.open(screen);

  // The table's layouts: 80 columns by 24 rows, and the wide one, 120 by 40 (the whole
  // board), worth a slightly smaller font (WIDE_FONT at least) where it fits. The 80 columns
  // always fit the width (the font shrinks as far as it must); the 24 rows fit the height
  // down to READABLE (a phone held sideways), below which the screen scrolls instead, kept
  // on the cursor (the prompt) as the table draws.
  const WIDE = [120, 40], WIDE_FONT = 11, READABLE = 8, SMALLEST = 4;
  function fontFor(cols, rows) {  // the largest font up to FONT at which cols x rows fit
    term.options.fontSize = FONT;
    const room = fit.proposeDimensions();
    if (!room) return null;
    let font = Math.floor(FONT * Math.min(1, room.cols / cols, room.rows / rows) * 10) / 10;
    for (; font > SMALLEST; font = Math.round((font - 0.5) * 10) / 10) {
      term.options.fontSize = font;
      const tried = fit.proposeDimensions();
      if (tried && tried.cols >= cols && tried.rows >= rows) return font;
    }
    return SMALLEST;
  }
  function layout() {
    const wide = fontFor(WIDE[0], WIDE[1]);
    if (wide === null) return;
    let font = wide;
    if (wide < WIDE_FONT) {
      const across = fontFor(COLUMNS, 1), whole = fontFor(COLUMNS, ROWS);
      font = Math.min(across, Math.max(whole, READABLE));
    }
    term.options.fontSize = font;
    const fitted = fit.proposeDimensions();
    if (!fitted) return;
    term.resize(Math.max(COLUMNS, fitted.cols), Math.max(ROWS, fitted.rows));
    showCursor();
  }
  // Where the rows overflow the screen, the row the table's cursor is on stays in view.
  function showCursor() {
    if (screen.scrollHeight <= screen.clientHeight) return;
    const row = screen.scrollHeight / term.rows, top = term.buffer.active.cursorY * row;
    if (top < screen.scrollTop || top + row > screen.scrollTop + screen.clientHeight) {
      screen.scrollTop = Math.max(0, top + row - screen.clientHeight);
    }
  }
  term.onRender(showCursor);

  let socket = null, joining = fromLink(), joined = false, proven = false, retry = 1, tries = 0;
  let replaced = null;  // the socket a new one stands in for, closed once the new one is seated
  // A lost connection is joined again by itself, waiting longer each time, until TRIES in a
  // row have failed (about four minutes): then a button does it.
  const TRIES = 10;

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

  // The phone's line and buttons work only while the page is at the table.
  function connected(yes) {
    for (const each of document.querySelectorAll("#keys input, #keys button")) each.disabled = !yes;
  }

  // The door's reasons are phrases ("wrong name or code"): on the page, sentences.
  function sentence(text) { return text ? text[0].toUpperCase() + text.slice(1) : ""; }

  function say(text, button) {
    status.textContent = sentence(text);
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
    screen.hidden = $("keys").hidden = true;
    form.hidden = false;
    $("why").textContent = sentence(why);
    $("user").value = (joining && joining.user) || "";
    $("code").value = "";
    (joining && joining.user ? $("code") : $("user")).focus();
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    joining = { user: $("user").value.trim(), code: $("code").value.trim() };
    form.hidden = true;
    screen.hidden = $("keys").hidden = false;
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
      if (socket !== ws) return;  // one this page has let go of, still closing
      if (typeof event.data !== "string") {
        // The table draws once this terminal has its place: the one it stands in for goes.
        if (replaced) { replaced.close(1000); replaced = null; }
        term.write(new Uint8Array(event.data));
        return;
      }
      const said = JSON.parse(event.data);
      if (said.joined !== undefined) {
        joined = true; proven = true; retry = 1; tries = 0;
        connected(true);
        send(["r", term.cols, term.rows]); // in case the window changed while joining
        if (said.code) joining.code = said.code; // a server's link is good once: this is ours
        sessionStorage.setItem(STORED, JSON.stringify(joining));
        say("");
        term.focus();
      } else if (said.refused !== undefined) {
        if (said.code) { sessionStorage.removeItem(STORED); joining.code = ""; ask(said.refused); }
        else if (said.final) { sessionStorage.removeItem(STORED); joined = false; say(said.refused); }
        else say(said.refused, WORDS.try_again);
      }
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      connected(false);
      if (event.code === 1000) { joined = false; say(WORDS.ended, WORDS.join_again); }
      else if (event.code === 4003) { /* refused: said already */ }
      else if (event.code === 4009) { joined = false; say(WORDS.elsewhere, WORDS.join_here); }
      else if (event.code === 4008) { joined = false; say(event.reason || WORDS.disconnected, WORDS.join_again); }
      else if (event.code === 4010) { joined = false; say(WORDS.closed, WORDS.join_again); }
      else if (joined && tries < TRIES) {
        tries += 1;
        say(WORDS.lost.replace("{seconds}", retry));
        setTimeout(connect, retry * 1000);
        retry = Math.min(retry * 2, 30);
      } else { joined = false; tries = 0; retry = 1; say(WORDS.unreachable, WORDS.try_again); }
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

  // Plain text or the drawn table: the table is joined again, as the other one. The new
  // socket takes the seat over from the old one (which the table then closes): the others
  // hear nothing, where a close first would have told them this player dropped and came back.
  plain.addEventListener("change", () => {
    try { localStorage.setItem(PLAIN, plain.checked ? "1" : "0"); } catch (e) { /* private */ }
    term.options.screenReaderMode = plain.checked;
    if (!socket) return;
    replaced = socket;
    socket = null;
    term.reset();
    connect();
  });

  // A link pasted into this tab, which has the page already: only the fragment changes.
  window.addEventListener("hashchange", () => {
    const linked = fromLink();
    if (!linked || !linked.user) return;
    joining = linked;
    joined = false;
    const old = socket;
    socket = null;
    if (old) old.close(1000);
    form.hidden = true;
    screen.hidden = $("keys").hidden = false;
    term.reset();
    connect();
  });

  connected(false);
  layout();
  connect();
})();
