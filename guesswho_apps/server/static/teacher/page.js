// What every teacher's page script uses (loaded first): an element by its id, a new element with its class and
// text (text, never HTML: nothing a student sent is read as markup), and renaming or removing a row.
(function () {
  "use strict";
  function el(tag, className, text) {
    var e = document.createElement(tag);
    if (className) { e.className = className; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  window.guesswhoPage = {
    $: function (id) { return document.getElementById(id); },
    el: el,
    // A row's Rename and Remove buttons (named for a screen reader: "Rename Sam (2)"), put in ``place``; Remove asks
    // first, saying that it deletes ``what``.
    rowButtons: function (place, name, what, rename, remove) {
      var pair = [["Rename", "Rename " + name, rename], ["Remove", "Remove " + name + " and " + what, function () {
        if (window.confirm("Remove " + name + " and " + what + "?")) { remove(); }
      }]];
      pair.forEach(function (b) {
        var button = el("button", "row-" + b[0].toLowerCase(), b[0]);
        button.type = "button";
        button.setAttribute("aria-label", b[1]);
        button.addEventListener("click", b[2]);
        place.appendChild(button);
      });
    },
    // A row's rename form (a labelled box, Save and Cancel), put in ``place`` with the focus in its box.
    renameForm: function (place, name, value, save, cancel) {
      var form = el("form", "row-form");
      var label = el("label", "", "New nickname for " + name + " ");
      var input = el("input");
      input.value = value;
      input.maxLength = 24;
      input.autocomplete = "off";
      label.appendChild(input);
      var ok = el("button", "", "Save");
      ok.type = "submit";
      var no = el("button", "", "Cancel");
      no.type = "button";
      form.appendChild(label);
      form.appendChild(ok);
      form.appendChild(no);
      place.appendChild(form);
      input.focus();
      no.addEventListener("click", cancel);
      form.addEventListener("submit", function (e) {
        e.preventDefault();
        save(input.value);
      });
    },
    // Rename or remove a row (``change``: {row, nickname} or {row, remove: true}) at ``address``, with the page's
    // header; ``done`` is said in the element ``status``, or why not; ``then`` runs after either.
    changeRow: function (address, change, done, status, then) {
      var headers = {"Content-Type": "application/json"};
      headers[document.body.dataset.header] = "rows";
      fetch(address, {method: "POST", headers: headers, credentials: "same-origin",
                      body: JSON.stringify(change)}).then(function (r) {
        return r.json().catch(function () { return {}; }).then(function (d) {
          if (!r.ok) { throw new Error(d.error || "the server answered " + r.status); }
          status.textContent = done;
        });
      }).catch(function (e) {
        status.textContent = "Not changed: " + e.message + ".";
      }).finally(then);
    }
  };
}());
