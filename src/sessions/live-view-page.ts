/**
 * The live-view page a session's `liveViewUrl` / `interactiveLiveViewUrl` opens: the session's current tab,
 * drawn from screencast frames that arrive over a WebSocket (the same URL, upgraded). The interactive variant
 * sends the viewer's mouse, wheel and keyboard back, in the page's own coordinates.
 *
 * `window.liveView` exposes what the page has seen (frames, size, state) for scripts and tests.
 */

export function liveViewPage(options: { sessionId: string; interactive: boolean }): string {
  const title = `${options.interactive ? "Interactive live view" : "Live view"} · browser session ${options.sessionId}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
  html, body { margin: 0; height: 100%; background: #1d1f21; color: #ddd; font: 13px system-ui, sans-serif; }
  header { height: 28px; display: flex; align-items: center; gap: 12px; padding: 0 10px; background: #111; }
  #status { color: #9c9; }
  main { height: calc(100% - 28px); display: flex; align-items: center; justify-content: center; }
  #screen { max-width: 100%; max-height: 100%; background: #fff; user-select: none; -webkit-user-drag: \
none; ${options.interactive ? "cursor: default;" : ""} }
</style>
</head>
<body>
<header><strong>${title}</strong><span id="status">connecting…</span></header>
<main><img id="screen" alt="The session's browser tab" draggable="false"></main>
<script>
(() => {
  const interactive = ${options.interactive};
  const screen = document.getElementById("screen");
  const status = document.getElementById("status");
  const state = { frames: 0, width: 0, height: 0, open: false, closed: null, interactive };
  window.liveView = state;
  const socket = new WebSocket(location.href.replace(/^http/, "ws"));
  socket.onopen = () => { state.open = true; status.textContent = interactive ? "live · interactive" : "live"; };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type !== "frame") return;
    screen.src = "data:image/jpeg;base64," + message.data;
    state.frames += 1;
    state.width = message.width;
    state.height = message.height;
  };
  socket.onclose = (event) => {
    state.open = false;
    state.closed = { code: event.code, reason: event.reason };
    status.textContent = "ended" + (event.reason ? ": " + event.reason : "");
    status.style.color = "#c99";
  };
  if (!interactive) return;
  const send = (message) => { if (socket.readyState === 1) socket.send(JSON.stringify(message)); };
  const point = (event) => {
    const box = screen.getBoundingClientRect();
    return { x: ((event.clientX - box.left) * state.width) / box.width, y: ((event.clientY - box.top) * state.height) \
/ box.height };
  };
  const BUTTONS = ["left", "middle", "right"];
  screen.addEventListener("mousedown", (e) => { e.preventDefault(); send({ type: "mouse", action: "down", ...point(e), \
button: BUTTONS[e.button], clickCount: e.detail || 1 }); });
  screen.addEventListener("mouseup", (e) => { e.preventDefault(); send({ type: "mouse", action: "up", ...point(e), \
button: BUTTONS[e.button], clickCount: e.detail || 1 }); });
  let pendingMove = null;
  screen.addEventListener("mousemove", (e) => {
    if (!pendingMove) requestAnimationFrame(() => { send(pendingMove); pendingMove = null; });
    pendingMove = { type: "mouse", action: "move", ...point(e) };
  });
  screen.addEventListener("wheel", (e) => { e.preventDefault(); send({ type: "wheel", ...point(e), deltaX: e.deltaX, \
deltaY: e.deltaY }); }, { passive: false });
  screen.addEventListener("contextmenu", (e) => e.preventDefault());
  for (const action of ["down", "up"]) {
    window.addEventListener("key" + action, (e) => {
      if (e.metaKey) return;
      e.preventDefault();
      send({ type: "key", action, key: e.key });
    });
  }
})();
</script>
</body>
</html>`;
}
