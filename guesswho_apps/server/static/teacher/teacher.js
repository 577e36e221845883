// The teacher's page: asks the class server for the tally every few seconds and draws it (no library, no
// request to another site).  The server answers 403 once the teacher's cookie is gone; a lost connection is
// shown, and the page keeps trying.
(function () {
  "use strict";
  var body = document.body;
  var api = body.dataset.api, pollMs = Number(body.dataset.pollMs) || 2000, code = body.dataset.code;
  var SVG = "http://www.w3.org/2000/svg";
  var timer = null, stopped = false;

  var $ = window.guesswhoPage.$, el = window.guesswhoPage.el;
  // Percentages come from the server, printed by the library's one rule (guesswho_lib.rules.format_percent).
  function plural(n, one, many) { return n + " " + (n === 1 ? one : (many || one + "s")); }
  function svg(tag, attrs) {
    var e = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    return e;
  }

  // The address the students type: the server's, as they reach it (the server says it); when the server
  // listens on this computer only, there is none: the page says why, and how to get one, instead.  (Without the
  // server's word, under a hub: as the teacher's browser reaches it.)
  var reach = body.dataset.reach;
  $("local-only").hidden = reach !== "this computer";
  $("join").hidden = $("activity").hidden = reach === "this computer";
  function address(query) {
    if (reach === "network") { return body.dataset.students + query; }
    return window.location.protocol + "//" + window.location.host + body.dataset.game + query;
  }

  // The store: whether games can be recorded now, and how many wait in the server's memory (said even while the
  // store cannot be read: the server answers with what it holds).
  function storeStatus(s) {
    var line = $("store");
    var one = s && s.unsent === 1;
    var waiting = s && s.unsent ? " " + plural(s.unsent, "finished game") + (one ? " waits" : " wait") +
      " in the server's memory and " + (one ? "is" : "are") +
      " recorded when the students press Send again (do not stop the server)." : "";
    var playing = s && s.writable === false && s.under_way ? " " + plural(s.under_way, "game") +
      " under way." : "";
    line.hidden = !(s && s.writable === false) && !waiting;
    line.textContent = s && s.writable === false ?
      "Games cannot be recorded now: " + s.problem + "." + waiting + playing : waiting.trim();
  }

  // One group of the activity: the win rate, its interval and the exact expectation, in words and as a bar.
  function groupCard(g) {
    var card = el("div", "group");
    card.appendChild(el("h3", "", g.name + " (" + g.move + ")"));
    if (g.games) {
      card.appendChild(el("p", "rate", g.rate_pct));
      card.appendChild(el("p", "", g.wins + " won of " + plural(g.games, "game")));
      card.appendChild(el("p", "", "95% interval: " + g.low_pct + " to " + g.high_pct));
      card.appendChild(el("p", "by-server", g.by_server ? plural(g.by_server, "game") + " left unfinished, " +
        "finished by the server with best play" : "no game left unfinished"));
    } else {
      card.appendChild(el("p", "rate", "no games yet"));
    }
    card.appendChild(el("p", "expected answer", "Exact expectation: " + g.expected + " = " + g.expected_pct));
    var hidden = body.classList.contains("hide-answers");
    var label = (g.games ? "win rate " + g.rate_pct + ", 95% interval " + g.low_pct + " to " + g.high_pct
                         : "no games yet") + (hidden ? "" : ", exact expectation " + g.expected_pct);
    var pic = svg("svg", {viewBox: "0 0 100 14", preserveAspectRatio: "none", role: "img", "aria-label": label,
                          "class": "bar"});
    pic.appendChild(svg("rect", {x: 0, y: 3, width: 100, height: 8, "class": "track"}));
    if (g.games) {
      pic.appendChild(svg("rect", {x: 100 * g.low, y: 3, width: 100 * (g.high - g.low), height: 8,
                                   "class": "interval"}));
      pic.appendChild(svg("rect", {x: 100 * g.rate_float - 0.8, y: 1, width: 1.6, height: 12, "class": "observed"}));
    }
    pic.appendChild(svg("rect", {x: 100 * g.expected_float - 0.4, y: 0, width: 0.8, height: 14,
                                 "class": "expectation answer"}));
    card.appendChild(pic);
    return card;
  }

  function row(cells, lastIsAnswer) {
    var tr = el("tr");
    cells.forEach(function (c, k) {
      tr.appendChild(el("td", lastIsAnswer && k === cells.length - 1 ? "answer" : "", String(c)));
    });
    return tr;
  }

  function fill(tbody, rows, empty, columns, lastIsAnswer) {
    tbody.replaceChildren();
    if (!rows.length) {
      var td = el("td", "", empty);
      td.colSpan = columns;
      var tr = el("tr");
      tr.appendChild(td);
      tbody.appendChild(tr);
    }
    rows.forEach(function (r) { tbody.appendChild(row(r, lastIsAnswer)); });
  }

  function draw(t) {
    $("activity-address").textContent = address(t.activity.address);
    $("join-address").textContent = address("?class=" + code);
    var groups = $("groups");
    groups.replaceChildren.apply(groups, t.activity.groups.map(groupCard));
    $("other-first").textContent = t.activity.other_first_move ?
      plural(t.activity.other_first_move, "activity game") + " began with a guess: in neither group." : "";
    $("left-out").textContent = t.left_out && t.left_out.games ?
      "Left out of every figure on this page: " + t.left_out.reasons.map(function (r) {
        return plural(r.games, "game") + " " + r.text;
      }).join("; ") + "." : "";
    storeStatus(t.store);
    if (t.counted_per_nickname) { $("cap").textContent = String(t.counted_per_nickname); }
    $("class-full").hidden = !t.class_full;
    $("class-full").textContent = t.class_full ? "The class is full: " + plural(t.class_full, "notebook") +
      " could not join its lesson (the lesson view says how many joined; start the server with a larger " +
      "--max-students)." : "";

    var c = t.costs;
    $("costs-summary").textContent = c.moves ?
      "Student moves so far: " + c.moves + " (" + c.optimal + " best, " + c.costly + " that gave away a chance)." :
      "No moves yet.";
    var most = Math.max.apply(null, [1].concat(c.by_cost.map(function (b) { return b.moves; })));
    var byCost = $("by-cost");
    byCost.replaceChildren();
    c.by_cost.slice(0, 8).forEach(function (b) {
      var line = el("div", "cost-line");
      line.appendChild(el("span", "cost-label", "cost " + b.cost));
      var pic = svg("svg", {viewBox: "0 0 100 6", preserveAspectRatio: "none", role: "img", "class": "cost-bar",
                            "aria-label": plural(b.moves, "move") + " cost " + b.cost});
      pic.appendChild(svg("rect", {x: 0, y: 0, width: 100 * b.moves / most, height: 6, "class": "observed"}));
      line.appendChild(pic);
      line.appendChild(el("span", "cost-count", plural(b.moves, "move")));
      byCost.appendChild(line);
    });
    fill($("mistakes").tBodies[0], c.mistakes.map(function (m) {
      return [m.times, m.you + " : " + m.computer, m.move, m.best, m.cost, m.rules + ", " + m.board];
    }), "No costly move yet.", 6);

    $("games-summary").textContent = plural(t.games, "game") + " finished by " + plural(t.players, "player") +
      "; the students won " + t.wins + ".";
    fill($("by-settings").tBodies[0], t.by_settings.map(function (s) {
      return [s.rules, s.board, s.computer === "human" ? "a second player" : "computer, " + s.computer, s.first, s.games, s.wins, s.rate + " = " + s.rate_pct,
              s.low_pct + " to " + s.high_pct, s.expected ? s.expected + " = " + s.expected_pct : "-"];
    }), "No game yet.", 9, true);
    drawRows(t.rows);
  }

  // The rows of who has played: each can be renamed (a form in the row) or removed (with its games).  Drawn
  // again only when they change and no rename is being typed.
  var shownRows = "", editing = null;
  function drawRows(rows) {
    var key = JSON.stringify(rows);
    if (key === shownRows || editing !== null) { return; }
    shownRows = key;
    var list = $("players").querySelector("ul");
    list.replaceChildren.apply(list, rows.map(function (r) {
      var li = el("li", "row");
      li.appendChild(el("span", "row-name", r.name + ": " + plural(r.games, "game")));
      window.guesswhoPage.rowButtons(li, r.name, "their games", function () { renameForm(li, r); }, function () {
        changeRow({row: r.id, remove: true}, r.name + " removed.");
      });
      return li;
    }));
  }

  function renameForm(li, r) {
    editing = r.id;
    window.guesswhoPage.renameForm(li, r.name, r.nickname, function (value) {
      editing = null;
      changeRow({row: r.id, nickname: value}, r.name + " renamed " + value + ".");
    }, function () { editing = null; shownRows = ""; poll(); });
  }

  function changeRow(change, done) {
    window.guesswhoPage.changeRow(api + "/rows", change, done, $("rows-status"), function () {
      shownRows = "";
      if (timer) { clearTimeout(timer); }
      poll();
    });
  }

  // Predict, then reveal: the answers stay hidden until the teacher shows them (remembered for this class in
  // this browser tab).
  var revealKey = "guesswho-reveal-" + code, last = null;
  function reveal(shown) {
    body.classList.toggle("hide-answers", !shown);
    var b = $("reveal");
    b.setAttribute("aria-pressed", shown ? "true" : "false");
    b.textContent = shown ? "Hide the exact answers" : "Reveal the exact answers";
    try { sessionStorage.setItem(revealKey, shown ? "1" : ""); } catch (e) { /* private mode: not remembered */ }
    if (last) { draw(last); }
  }
  $("reveal").addEventListener("click", function () { reveal(body.classList.contains("hide-answers")); });
  try { reveal(!!sessionStorage.getItem(revealKey)); } catch (e) { reveal(false); }

  function status(text, fault) {
    var s = $("connection");
    s.textContent = text;
    s.classList.toggle("fault", !!fault);
  }

  function poll() {
    timer = null;
    fetch(api + "/tally", {cache: "no-store", credentials: "same-origin"}).then(function (r) {
      if (r.status === 403) {
        stopped = true;
        throw new Error("signed out");
      }
      if (!r.ok) {
        return r.json().catch(function () { return {}; }).then(function (e) {
          if (e.store) { storeStatus(e.store); }          // the store unavailable: what waits in memory
          var said = new Error(e.error || "the server answered " + r.status);
          said.fromServer = !!e.error;
          throw said;
        });
      }
      return r.json();
    }).then(function (t) {
      last = t;
      draw(t);
      status("Updated at " + new Date().toLocaleTimeString() + "; the tally updates every " +
             Math.round(pollMs / 1000) + " s.", false);
    }).catch(function (e) {
      if (stopped) {
        status("You are signed out of this class: open the teacher's page again and sign in.", true);
      } else if (e.fromServer) {
        status("The server answered, but " + e.message + ". Trying again every " + Math.round(pollMs / 1000) +
               " s; the tally below may be old.", true);
      } else {
        status("The class server cannot be reached (" + e.message + "). Trying again every " +
               Math.round(pollMs / 1000) + " s; the tally below may be old.", true);
      }
    }).finally(function () {
      if (!stopped) { timer = setTimeout(poll, pollMs); }
    });
  }

  $("reset").addEventListener("click", function () {
    if (!window.confirm("Delete every game of class " + code + "? This cannot be undone.")) { return; }
    var headers = {};
    headers[body.dataset.header] = "reset";
    fetch(api + "/reset", {method: "POST", headers: headers, credentials: "same-origin"}).then(function (r) {
      if (!r.ok) { throw new Error("the server answered " + r.status); }
      if (timer) { clearTimeout(timer); }
      poll();
    }).catch(function (e) { status("The reset did not happen (" + e.message + ").", true); });
  });

  poll();
})();
