// Arbiter: small progressive enhancements. Every page works without this file.
(function () {
  "use strict";

  // Search as you type: fetch the server-rendered results fragment (one rendering path).
  var input = document.getElementById("q");
  var results = document.getElementById("results");
  if (input && results && window.fetch) {
    var timer = null, seq = 0, last = input.value.trim();
    var run = function () {
      var q = input.value.trim();
      if (q === last) return;
      last = q;
      var mine = ++seq;
      var base = input.getAttribute("data-fragment-url");
      var url = base + (base.indexOf("?") < 0 ? "?" : "&") + "fragment=1&q=" + encodeURIComponent(q);
      if (!q) { results.innerHTML = ""; history.replaceState(null, "", location.pathname); return; }
      fetch(url, { headers: { "Accept": "text/html" } })
        .then(function (r) { return r.ok ? r.text() : ""; })
        .then(function (html) {
          if (mine !== seq) return;  // a newer query already answered
          results.innerHTML = html;  // server-rendered, autoescaped fragment
          history.replaceState(null, "", (base.indexOf("?") < 0 ? "?" : base.slice(base.indexOf("?")) + "&") + "q=" + encodeURIComponent(q));
        })
        .catch(function () {});
    };
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(run, 120);
    });
    // Down arrow from the box moves to the first result.
    input.addEventListener("keydown", function (e) {
      if (e.key === "ArrowDown") {
        var first = results.querySelector("a.hit-title");
        if (first) { e.preventDefault(); first.focus(); }
      }
    });
  }

  // Copyable deep links for sub-entries.
  var buttons = document.querySelectorAll("button.copy[data-copy]");
  Array.prototype.forEach.call(buttons, function (btn) {
    if (!navigator.clipboard) return;
    btn.hidden = false;
    btn.addEventListener("click", function () {
      var url = new URL(btn.getAttribute("data-copy"), location.href).href;
      navigator.clipboard.writeText(url).then(function () {
        btn.textContent = "Copied";
        setTimeout(function () { btn.textContent = "Copy link"; }, 1500);
      }, function () {});
    });
  });
})();
