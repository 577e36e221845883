// The printed link ends in #code=...&token=...: the part after # never reaches the server (nor its log); it
// fills the form, leaves the address bar, and signs in.
(function () {
  "use strict";
  var form = document.getElementById("signin");
  if (!form || !window.location.hash) { return; }
  var given = new URLSearchParams(window.location.hash.slice(1));
  history.replaceState(null, "", window.location.pathname + window.location.search);
  if (given.get("code") && given.get("token")) {
    document.getElementById("code").value = given.get("code");
    document.getElementById("token").value = given.get("token");
    form.submit();
  }
})();
