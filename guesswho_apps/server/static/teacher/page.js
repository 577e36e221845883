// What every teacher's page script uses (loaded first): an element by its id, and a new element with its class
// and text (text, never HTML: nothing a student sent is read as markup).
(function () {
  "use strict";
  window.guesswhoPage = {
    $: function (id) { return document.getElementById(id); },
    el: function (tag, className, text) {
      var e = document.createElement(tag);
      if (className) { e.className = className; }
      if (text !== undefined) { e.textContent = text; }
      return e;
    }
  };
}());
