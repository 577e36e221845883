// The teacher's page: the class quiz and the export (apart from the tally, teacher.js).  The quiz asks the
// class server for the positions where the class lost most (/class/api/<code>/quiz), shows one without its
// answer (predict), and reveals the best move, why, and how many chose what.  Projector mode shows the quiz
// alone, in large type (Escape leaves it).  The export's links add ?nicknames=yes when the teacher asks.
(function () {
  "use strict";
  var body = document.body;
  var api = body.dataset.api;
  var quiz = null, shown = 0, revealed = false;

  var $ = window.guesswhoPage.$, el = window.guesswhoPage.el;
  function plural(k, word) { return k + " " + word + (k === 1 ? "" : "s"); }

  function boardWords(p) {
    if (p.board === "faces") { return "On the board of faces (every question is about a trait)"; }
    if (p.board === "characters") { return "On the characters' board (any group of suspects may be asked about)"; }
    return "On a numbered board";
  }

  // The position, without its answer: the rules, the board, the two players' suspects; on the board of faces the
  // board itself, the mover's suspects up.
  function drawPosition() {
    var p = quiz.positions[shown];
    $("quiz-where").textContent = "Position " + (shown + 1) + " of " + quiz.positions.length + ". The class's " +
      plural(p.times, "move") + " here gave away " + p.loss + " of a chance of winning, added up.";
    $("quiz-position").textContent = p.rules_title + " (the " + p.rules + " rules). " + boardWords(p) + ", you have " +
      plural(p.you, "suspect") + " left" + (p.suspects ? " (" + p.suspects.join(", ") + ")" : "") +
      "; the computer has " + p.computer + ". It is your move.";
    var img = $("quiz-board");
    img.hidden = !p.image;
    if (p.image) {
      img.src = p.image;
      img.alt = "The board at this position: your " + plural(p.you, "suspect") + " up (" + p.suspects.join(", ") +
        "), the others flipped down.";
    } else {
      img.removeAttribute("src");
      img.alt = "";
    }
    var list = $("quiz-choices");
    list.replaceChildren.apply(list, p.choices.map(function (c) {
      var li = el("li", "", c.words);
      li.dataset.move = c.move;
      return li;
    }));
    $("quiz-prev").disabled = shown === 0;
    $("quiz-next").disabled = shown >= quiz.positions.length - 1;
    drawAnswer();
  }

  // The reveal: the best moves and the exact chance with them, how many chose what, and why.
  function drawAnswer() {
    var p = quiz.positions[shown], r = p.reveal;
    var button = $("quiz-reveal");
    button.setAttribute("aria-pressed", revealed ? "true" : "false");
    button.textContent = revealed ? "Hide the answer" : "Reveal the answer";
    $("quiz-answer").hidden = !revealed;
    Array.prototype.forEach.call($("quiz-choices").children, function (li) {
      li.classList.toggle("best-move", revealed && r.best.indexOf(li.dataset.move) >= 0);
    });
    if (!revealed) { return; }
    $("quiz-best").textContent = (r.best.length === 1 ? "The best move: " : "The best moves: ") + r.best.join("; ") +
      ". Your chance of winning with it: " + r.chance + ".";
    var rows = $("quiz-chosen").tBodies[0];
    rows.replaceChildren.apply(rows, r.chosen.map(function (c) {
      var tr = el("tr");
      tr.dataset.move = c.move;
      [c.move, String(c.times), c.value, c.best ? "best" : "no"].forEach(function (x) { tr.appendChild(el("td", "", x)); });
      return tr;
    }));
    var why = $("quiz-why");
    why.replaceChildren.apply(why, r.why.map(function (w) { return el("p", "", w); }).concat(
      [el("p", "", "Your chance with the best move, answer by answer: " + r.arithmetic + ".")]));
  }

  function status(text, fault) {
    var s = $("quiz-status");
    s.textContent = text;
    s.classList.toggle("fault", !!fault);
  }

  function load() {
    status("Loading the class quiz\u2026", false);
    fetch(api + "/quiz", {cache: "no-store", credentials: "same-origin"}).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (data) {
        if (!r.ok) { throw new Error(data.error || "the server answered " + r.status); }
        return data;
      });
    }).then(function (data) {
      quiz = data;
      $("quiz-load").textContent = "Update the quiz (the class plays on)";
      if (!quiz.positions.length) {
        $("quiz-card").hidden = true;
        status("No position to ask about yet: " + (quiz.moves ? "every one of the " + plural(quiz.moves, "move") +
               " so far was a best move." : "no student move is recorded yet."), false);
        return;
      }
      shown = Math.min(shown, quiz.positions.length - 1);
      revealed = false;
      $("quiz-card").hidden = false;
      status("The quiz holds the " + plural(quiz.positions.length, "position") + " where the class lost most (from " +
             plural(quiz.moves, "student move") + ").", false);
      drawPosition();
      $("quiz-where").focus();
    }).catch(function (e) {
      status("The quiz could not be loaded (" + e.message + "). Press the button to try again.", true);
    });
  }

  function go(k) {
    shown = k;
    revealed = false;
    drawPosition();
    $("quiz-where").focus();
  }

  function projector(on) {
    body.classList.toggle("projector", on);
    $("quiz-projector").setAttribute("aria-pressed", on ? "true" : "false");
    $("quiz-projector").textContent = on ? "Leave projector mode" : "Projector mode";
    if (on && !quiz) { load(); }
  }

  $("quiz-load").addEventListener("click", load);
  $("quiz-projector").addEventListener("click", function () { projector(!body.classList.contains("projector")); });
  $("quiz-prev").addEventListener("click", function () { go(shown - 1); });
  $("quiz-next").addEventListener("click", function () { go(shown + 1); });
  $("quiz-reveal").addEventListener("click", function () {
    revealed = !revealed;
    drawAnswer();
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && body.classList.contains("projector")) { projector(false); }
  });

  // The export: anonymous unless the teacher asks for the nicknames.
  function exportLinks() {
    var ask = $("export-nicknames").checked ? "?nicknames=yes" : "";
    ["games", "moves"].forEach(function (t) { $("export-" + t).href = api + "/export/" + t + ".csv" + ask; });
  }
  $("export-nicknames").addEventListener("change", exportLinks);
  exportLinks();
})();
