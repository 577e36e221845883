// The lesson view: asks the class server for the session's lesson results every few seconds and draws them (no
// library, no request to another site).  Projector mode draws no nickname at all (remembered for this class in
// this browser tab), and so does nothing but the counts and the misconceptions.
(function () {
  "use strict";
  var body = document.body;
  var api = body.dataset.api, pollMs = Number(body.dataset.pollMs) || 2000, code = body.dataset.code;
  var SVG = "http://www.w3.org/2000/svg";
  var KINDS = [["first", "right first time"], ["after", "right after tries"], ["not_yet", "not yet"],
               ["not_tried", "not tried"]];
  var timer = null, signedOut = false, last = null, chosen = "";
  var projectorKey = "guesswho-projector-" + code, lessonKey = "guesswho-lesson-" + code;

  var $ = window.guesswhoPage.$, el = window.guesswhoPage.el;
  function remember(key, value) {
    try { sessionStorage.setItem(key, value); } catch (e) { /* private mode: not remembered */ }
  }
  function recall(key) {
    try { return sessionStorage.getItem(key) || ""; } catch (e) { return ""; }
  }
  function plural(n, one, many) { return n + " " + (n === 1 ? one : many); }

  // The line the students type: the server's address as they reach it (the server says it); when it listens on
  // this computer only, there is none: the page says why, and how to get one, instead.
  var reach = body.dataset.reach;
  $("local-only").hidden = reach !== "this computer";
  $("join").hidden = reach === "this computer";
  function serverAddress() {
    if (reach === "network") { return body.dataset.students; }
    return window.location.protocol + "//" + window.location.host + body.dataset.game;
  }
  $("join-line").textContent = 'join_class("' + code + '", "nickname", "' + serverAddress() + '")';

  function glance(e, total) {
    var pic = document.createElementNS(SVG, "svg");
    pic.setAttribute("viewBox", "0 0 100 10");
    pic.setAttribute("preserveAspectRatio", "none");
    pic.setAttribute("class", "glance");
    pic.setAttribute("role", "img");
    pic.setAttribute("aria-label", KINDS.map(function (k) { return e[k[0]] + " " + k[1]; }).join(", "));
    var x = 0;
    KINDS.forEach(function (k) {
      var w = total ? 100 * e[k[0]] / total : 0;
      var r = document.createElementNS(SVG, "rect");
      [["x", x], ["y", 0], ["width", w], ["height", 10], ["class", k[0].replace("_", "-")]].forEach(function (a) {
        r.setAttribute(a[0], a[1]);
      });
      pic.appendChild(r);
      x += w;
    });
    return pic;
  }

  function emptyRow(tbody, columns, text) {
    var td = el("td", "", text);
    td.colSpan = columns;
    var tr = el("tr");
    tr.appendChild(td);
    tbody.appendChild(tr);
  }

  function drawLessons(v) {
    var select = $("lesson");
    var options = [["", "the latest with results (now " + v.lesson + ")"]].concat(v.lessons.map(function (x) {
      return [x.id, x.id + " " + x.title + (x.results ? "" : " (no results yet)")];
    }));
    if (select.options.length !== options.length) {
      select.replaceChildren.apply(select, options.map(function (o) { return el("option", "", o[1]); }));
    }
    options.forEach(function (o, k) {
      select.options[k].value = o[0];
      select.options[k].textContent = o[1];
    });
    select.value = chosen;
  }

  function drawExercises(v) {
    $("joined").textContent = plural(v.joined, "student has", "students have") + " joined class " + code +
      "; lesson " + v.lesson + ": " + v.title + ".";
    var tbody = $("exercises").tBodies[0];
    tbody.replaceChildren();
    v.exercises.forEach(function (e) {
      var tr = el("tr");
      var th = el("th", "", e.id + " " + e.title);
      th.scope = "row";
      tr.appendChild(th);
      KINDS.forEach(function (k) { tr.appendChild(el("td", "", String(e[k[0]]))); });
      var td = el("td");
      td.appendChild(glance(e, v.joined));
      tr.appendChild(td);
      tbody.appendChild(tr);
    });
    if (!v.exercises.length) { emptyRow(tbody, 6, "This lesson has no exercises."); }
  }

  function drawMostWrong(v) {
    var box = $("most-wrong");
    box.replaceChildren();
    if (!v.most_wrong.length) {
      box.appendChild(el("p", "big", "No wrong answer yet."));
      return;
    }
    v.most_wrong.forEach(function (w) {
      var part = el("div", "wrong");
      part.appendChild(el("h3", "", w.id + " " + w.title + ": " + plural(w.students, "student", "students") +
                                    " got it wrong at least once"));
      var list = el("ul");
      w.misconceptions.forEach(function (m) {
        var li = el("li");
        li.appendChild(el("strong", "", plural(m.students, "student", "students") + ": "));
        li.appendChild(el("q", "", m.words));
        list.appendChild(li);
      });
      if (w.unnamed) {
        list.appendChild(el("li", "", plural(w.unnamed, "student", "students") +
                                      ": wrong answers the answer reader has no name for"));
      }
      part.appendChild(list);
      box.appendChild(part);
    });
  }

  function drawStudents(v) {
    var table = $("students");
    var head = el("tr");
    var first = el("th", "", "Nickname");
    first.scope = "col";
    head.appendChild(first);
    v.exercises.forEach(function (e) {
      var th = el("th", "", e.id);
      th.scope = "col";
      head.appendChild(th);
    });
    var change = el("th", "", "Rename or remove");
    change.scope = "col";
    head.appendChild(change);
    table.tHead.replaceChildren(head);
    var tbody = table.tBodies[0];
    tbody.replaceChildren();
    if (body.classList.contains("projector")) { return; }         // no nickname on the page at all
    v.students.forEach(function (s) {
      var tr = el("tr");
      var th = el("th", "", s.name);
      th.scope = "row";
      tr.appendChild(th);
      s.results.forEach(function (r) {
        tr.appendChild(el("td", r.status.replace(" ", "-"), r.words || "\u2013"));
      });
      tr.appendChild(rowButtons(s));
      tbody.appendChild(tr);
    });
    if (!v.students.length) { emptyRow(tbody, v.exercises.length + 2, "Nobody has joined yet."); }
  }

  // A student's row can be renamed (a form in its last cell) or removed with their results; the table is not
  // drawn again while a new name is being typed.
  var editing = false;
  function rowButtons(s) {
    var td = el("td", "row-change");
    window.guesswhoPage.rowButtons(td, s.name, "their results", function () {
      editing = true;
      td.replaceChildren();
      window.guesswhoPage.renameForm(td, s.name, "", function (value) {
        editing = false;
        changeRow({row: s.id, nickname: value}, s.name + " renamed " + value + ".");
      }, function () { editing = false; poll(); });
    }, function () { changeRow({row: s.id, remove: true}, s.name + " removed."); });
    return td;
  }

  function changeRow(change, done) {
    window.guesswhoPage.changeRow(api + "/lesson/rows", change, done, $("rows-status"), poll);
  }

  function drawFull(v) {
    var full = v.max_students && v.joined >= v.max_students;
    $("class-full").hidden = !full && !v.refused_full;
    $("class-full").textContent = full || v.refused_full ? "The class is full: " + v.joined + " of the " +
      v.max_students + " students this server takes have joined" + (v.refused_full ? "; " +
      plural(v.refused_full, "notebook was", "notebooks were") + " refused" : "") + ". To take more, start the " +
      "server again with a larger --max-students (the class session goes on)." : "";
  }

  function draw(v) {
    drawLessons(v);
    drawExercises(v);
    drawMostWrong(v);
    drawFull(v);
    if (!editing) { drawStudents(v); }
    $("gradebook").href = api + "/gradebook.csv" + (chosen ? "?lesson=" + encodeURIComponent(chosen) : "");
  }

  function status(text, fault) {
    var s = $("connection");
    s.textContent = text;
    s.classList.toggle("fault", !!fault);
  }

  function poll() {
    if (timer) { clearTimeout(timer); }
    timer = null;
    var every = "every " + Math.round(pollMs / 1000) + " s";
    fetch(api + "/lesson" + (chosen ? "?lesson=" + encodeURIComponent(chosen) : ""),
          {cache: "no-store", credentials: "same-origin"}).then(function (r) {
      if (r.status === 403) { signedOut = true; }
      return r.json().catch(function () { return {}; }).then(function (data) {
        if (!r.ok) { throw new Error(data.error || "the server answered " + r.status); }
        return data;
      });
    }).then(function (v) {
      last = v;
      draw(v);
      status("Updated at " + new Date().toLocaleTimeString() + "; the lesson view updates " + every + ".", false);
    }).catch(function (e) {
      if (signedOut) {
        status("You are signed out of this class: open the teacher's page again and sign in.", true);
      } else if (e instanceof TypeError) {
        status("The class server cannot be reached (" + e.message + "). Trying again " + every +
               "; the results below may be old.", true);
      } else {
        status("The server answered, but " + e.message + ". Trying again " + every +
               "; the results below may be old.", true);
      }
    }).finally(function () {
      if (!signedOut) { timer = setTimeout(poll, pollMs); }
    });
  }

  function projector(on) {
    body.classList.toggle("projector", on);
    var b = $("projector");
    b.setAttribute("aria-pressed", on ? "true" : "false");
    remember(projectorKey, on ? "1" : "");
    if (last) { draw(last); }
  }
  $("projector").addEventListener("click", function () { projector(!body.classList.contains("projector")); });
  $("lesson").addEventListener("change", function () {
    chosen = $("lesson").value;
    remember(lessonKey, chosen);
    poll();
  });
  $("reset").addEventListener("click", function () {
    if (!window.confirm("Delete the lesson results of class " + code + "? This cannot be undone.")) { return; }
    var headers = {};
    headers[body.dataset.header] = "reset";
    fetch(api + "/lesson/reset", {method: "POST", headers: headers, credentials: "same-origin"}).then(function (r) {
      if (!r.ok) { throw new Error("the server answered " + r.status); }
      poll();
    }).catch(function (e) { status("The reset did not happen (" + e.message + ").", true); });
  });

  chosen = recall(lessonKey);
  projector(!!recall(projectorKey));
  poll();
})();
