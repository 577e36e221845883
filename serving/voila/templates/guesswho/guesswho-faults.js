// The game page says so when its game is lost, and offers one button to start a new game.
//
// A game is lost when the program running it (the page's kernel) stopped and the server restarted it (it
// was killed, or ran out of memory: the new one knows nothing of the game), or when the connection to the
// server is lost (the server stopped, or the network).  Without this the page keeps showing the old game
// and its buttons silently do nothing.  The page's connections to its kernel are watched from the moment
// they are made (this script runs before Voila's own scripts): the server's "restarting" or "dead" status
// for the kernel, or the connection closing, puts a message on top of the page; a connection that comes
// back to the same kernel (a short network cut) takes it away again.
(function () {
  "use strict";
  var NativeWebSocket = window.WebSocket;
  var KERNEL_CHANNELS = /\/api\/kernels\/[0-9a-f-]+\/channels/;
  var leaving = false;
  var lost = false;           // the kernel restarted: this game is over for good
  var sockets = [];           // the page's connections to its kernel
  var MESSAGES = {
    kernel: "This game has stopped: the server had to restart the program that was running it, " +
            "so the game is lost.",
    connection: "The connection to the game server is lost (the server stopped, or the network is down), " +
                "so this game cannot go on.",
    down: "The game server is not answering yet. Try again in a moment, or ask your teacher."
  };

  window.addEventListener("beforeunload", function () { leaving = true; });
  window.addEventListener("pagehide", function () { leaving = true; });

  function banner() {
    var box = document.getElementById("gw-fault");
    if (box) { return box; }
    box = document.createElement("div");
    box.id = "gw-fault";
    box.className = "gw-fault";
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:10000;padding:1em 1.5em;" +
      "background:#b00020;color:#fff;font:16px/1.4 system-ui,sans-serif;box-shadow:0 2px 6px rgba(0,0,0,.4);";
    var text = document.createElement("span");
    text.className = "gw-fault-text";
    var button = document.createElement("button");
    button.className = "gw-fault-new-game";
    button.textContent = "Start a new game";
    button.style.cssText = "margin-left:1em;font-size:16px;padding:.3em 1em;border:0;border-radius:4px;" +
      "background:#fff;color:#b00020;cursor:pointer;";
    button.addEventListener("click", newGame);
    box.appendChild(text);
    box.appendChild(button);
    (document.body || document.documentElement).appendChild(box);
    return box;
  }

  function show(kind) {
    if (leaving || (lost && kind === "connection")) { return; }
    if (kind === "kernel") { lost = true; }
    var box = banner();
    box.dataset.kind = kind;
    box.style.display = "";
    box.querySelector(".gw-fault-text").textContent = MESSAGES[kind];
    box.querySelector("button").focus();
  }

  function hide(kind) {
    var box = document.getElementById("gw-fault");
    if (box && box.dataset.kind === kind) { box.style.display = "none"; }
  }

  // A new game is a new page; first make sure the server answers, so the button never leads to the
  // browser's own error page.
  function newGame() {
    fetch(window.location.href, { method: "HEAD", cache: "no-store" }).then(
      function () { leaving = true; window.location.reload(); },
      function () { show("down"); }
    );
  }

  function status(data) {
    // The kernel's status, from a message in either of the server's formats (JSON text, or the binary
    // "v1.kernel.websocket.jupyter.org" format: offsets, then channel, header, parent header, metadata,
    // content); null for other messages.
    try {
      if (typeof data === "string") {
        var msg = JSON.parse(data);
        return msg.header && msg.header.msg_type === "status" ? msg.content.execution_state : null;
      }
      if (!(data instanceof ArrayBuffer)) { return null; }
      var view = new DataView(data);
      var count = view.getUint32(0, true);
      var offsets = [];
      for (var i = 0; i < count; i++) { offsets.push(view.getUint32(8 * (i + 1), true)); }
      var decoder = new TextDecoder();
      var part = function (k) { return decoder.decode(new Uint8Array(data, offsets[k], offsets[k + 1] - offsets[k])); };
      if (JSON.parse(part(1)).msg_type !== "status") { return null; }
      return JSON.parse(part(4)).execution_state;
    } catch (e) {
      return null;
    }
  }

  function watch(socket) {
    socket.addEventListener("message", function (event) {
      var state = status(event.data);
      if (state === "restarting" || state === "autorestarting" || state === "dead") { show("kernel"); }
    });
    sockets.push(socket);
    socket.addEventListener("open", function () { hide("connection"); });
    socket.addEventListener("close", function () {
      sockets = sockets.filter(function (s) { return s !== socket; });
      var open = sockets.some(function (s) { return s.readyState === NativeWebSocket.OPEN; });
      if (!open) { show("connection"); }
    });
  }

  function GameWebSocket(url, protocols) {
    var socket = protocols === undefined ? new NativeWebSocket(url) : new NativeWebSocket(url, protocols);
    if (KERNEL_CHANNELS.test(String(url))) { watch(socket); }
    return socket;
  }
  GameWebSocket.prototype = NativeWebSocket.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (k) { GameWebSocket[k] = NativeWebSocket[k]; });
  window.WebSocket = GameWebSocket;
})();
