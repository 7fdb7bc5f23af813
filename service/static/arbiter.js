// Arbiter: small progressive enhancements. Every page works without this file.
(function () {
  "use strict";

  var results = document.getElementById("results");
  var input = document.getElementById("q");
  var offlinePage = results && results.getAttribute("data-offline") === "1";

  // ---- offline search over the saved index ------------------------------------------------
  var indexPromise = null;
  function loadIndex() {
    if (!indexPromise) {
      indexPromise = fetch("/offline/index.json").then(function (r) {
        if (!r.ok) throw new Error("no index");
        return r.json();
      }).then(function (data) {
        data.records.forEach(function (rec) {
          rec.titleWords = words(rec[1]).map(stem);
          rec.textWords = words(rec[4]).map(stem);
        });
        return data;
      });
      indexPromise.catch(function () { indexPromise = null; });
    }
    return indexPromise;
  }
  function words(text) {
    return (text || "").toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .split(/[^a-z0-9+]+/).filter(Boolean);
  }
  var STOP = { the: 1, a: 1, an: 1, of: 1, to: 1, and: 1, or: 1, is: 1, can: 1, in: 1, on: 1, it: 1, my: 1, i: 1, does: 1, do: 1, if: 1, with: 1 };
  function stem(w) {
    if (w.length > 5 && /ing$/.test(w)) return w.slice(0, -3).replace(/(.)\1$/, "$1");
    if (w.length > 4 && /ed$/.test(w)) return w.slice(0, -2).replace(/(.)\1$/, "$1");
    if (w.length > 4 && /ies$/.test(w)) return w.slice(0, -3) + "y";
    if (w.length > 3 && /s$/.test(w) && !/ss$/.test(w)) return w.slice(0, -1);
    return w;
  }
  function localSearch(data, q) {
    var terms = words(q).filter(function (w) { return !STOP[w]; }).map(stem);
    if (!terms.length) return { hits: [], cards: [] };
    var qlow = q.trim().toLowerCase();
    var cards = data.cards.filter(function (c) { return qlow.length > 2 && c[1].toLowerCase().indexOf(qlow) >= 0; }).slice(0, 3);
    var hits = [];
    data.records.forEach(function (rec) {
      var score = 0, found = 0;
      terms.forEach(function (t) {
        var inTitle = rec.titleWords.indexOf(t) >= 0;
        var count = 0;
        for (var i = 0; i < rec.textWords.length; i++) if (rec.textWords[i] === t) count++;
        if (inTitle || count) found++;
        score += (inTitle ? 4 : 0) + Math.min(count, 4) / 2;
      });
      if (!found) return;
      if (rec.titleWords.join(" ") === terms.join(" ")) score += 6;
      score *= found / terms.length;
      if (rec[2] !== "Codex") score *= 0.75;
      hits.push({ rec: rec, score: score, all: found === terms.length });
    });
    hits.sort(function (a, b) { return (b.all - a.all) || (b.score - a.score); });
    return { hits: hits.slice(0, 30), cards: cards, terms: terms, total: hits.length };
  }
  function snippet(text, terms) {
    var sentences = text.split(/(?<=[.!?])\s+/);
    var best = sentences[0] || "", bestScore = -1;
    sentences.forEach(function (s) {
      var ws = words(s).map(stem), n = 0;
      terms.forEach(function (t) { if (ws.indexOf(t) >= 0) n++; });
      if (n > bestScore) { best = s; bestScore = n; }
    });
    return best.length > 220 ? best.slice(0, 217) + "…" : best;
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }
  function markInto(node, text, terms) {      // text nodes and <mark>: never innerHTML
    text.split(/([A-Za-z0-9+]+)/).forEach(function (part) {
      if (part && terms.indexOf(stem(part.toLowerCase())) >= 0) node.appendChild(el("mark", null, part));
      else if (part) node.appendChild(document.createTextNode(part));
    });
  }
  function renderLocal(q) {
    return loadIndex().then(function (data) {
      var out = localSearch(data, q);
      results.textContent = "";
      var meta = el("div", "results-meta");
      meta.setAttribute("role", "status");
      meta.appendChild(el("p", "offline-banner", "Offline: searching the copy saved on this device (rules as of " +
        String(data.built_at || "").slice(0, 10) + ")."));
      meta.appendChild(el("p", "count", out.hits.length ? out.total + " results" : "No results for “" + q + "”."));
      results.appendChild(meta);
      out.cards.forEach(function (c) {
        var p = el("p", "named-card"), a = el("a", "card", c[1]);
        a.href = c[0];
        p.appendChild(a);
        p.appendChild(document.createTextNode(" — " + c[2] + " card"));
        results.appendChild(p);
      });
      var ol = el("ol", "results");
      out.hits.forEach(function (h) {
        var li = el("li", "hit"), a = el("a", "hit-title", h.rec[1]);
        a.href = h.rec[0];
        li.appendChild(a);
        li.appendChild(el("span", "src", h.rec[2]));
        if (h.rec[3]) li.appendChild(el("span", "parent", "in " + h.rec[3]));
        var p = el("p", "snippet");
        markInto(p, snippet(h.rec[4], out.terms), out.terms);
        li.appendChild(p);
        ol.appendChild(li);
      });
      results.appendChild(ol);
    });
  }

  // ---- search as you type: the server's results fragment, or the saved index offline ------
  if (input && results && window.fetch && !offlinePage) {
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
        .then(function (r) { if (!r.ok && r.status >= 500) throw new Error("offline"); return r.ok ? r.text() : ""; })
        .then(function (html) {
          if (mine !== seq) return;  // a newer query already answered
          // A reader who has already moved into the results (Down arrow) keeps their place:
          // the newer list arriving must not drop the focus to the page.
          var links = results.querySelectorAll("a.hit-title, a.card");
          var at = Array.prototype.indexOf.call(links, document.activeElement);
          results.innerHTML = html;  // server-rendered, autoescaped fragment
          if (at >= 0) {
            links = results.querySelectorAll("a.hit-title, a.card");
            if (links.length) links[Math.min(at, links.length - 1)].focus();
          }
          history.replaceState(null, "", (base.indexOf("?") < 0 ? "?" : base.slice(base.indexOf("?")) + "&") + "q=" + encodeURIComponent(q));
        })
        .catch(function () { if (mine === seq) renderLocal(q).catch(function () {}); });
    };
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(run, 120);
    });
  }
  if (input && results) {
    // Down arrow from the box moves to the first result.
    input.addEventListener("keydown", function (e) {
      if (e.key === "ArrowDown") {
        var first = results.querySelector("a.hit-title, a.card");
        if (first) { e.preventDefault(); first.focus(); }
      }
    });
  }
  if (offlinePage) {
    var q0 = new URLSearchParams(location.search).get("q");
    if (q0) {
      if (input) input.value = q0;
      renderLocal(q0).catch(function () {
        results.textContent = "";
        results.appendChild(el("p", "note", "The rules have not been saved on this device yet: open the site once with a signal."));
      });
    }
    if (input && input.form) {
      input.form.addEventListener("submit", function (e) {
        if (navigator.onLine) return;
        e.preventDefault();
        history.replaceState(null, "", "?q=" + encodeURIComponent(input.value.trim()));
        renderLocal(input.value.trim()).catch(function () {});
      });
    }
  }

  // ---- copy a link: the clipboard where the browser allows it, else select it to copy -----
  Array.prototype.forEach.call(document.querySelectorAll("button.copy[data-copy]"), function (btn) {
    btn.hidden = false;
    btn.addEventListener("click", function () {
      var url = new URL(btn.getAttribute("data-copy"), location.href).href;
      var done = function () {
        btn.textContent = "Copied";
        setTimeout(function () { btn.textContent = "Copy link"; }, 1500);
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(url).then(done, function () { fallbackCopy(url, btn, done); });
      } else {
        fallbackCopy(url, btn, done);
      }
    });
  });
  function fallbackCopy(url, btn, done) {
    // Plain HTTP on a LAN has no clipboard API: copy from a selected field instead.
    var field = document.createElement("input");
    field.value = url;
    field.setAttribute("readonly", "");
    field.className = "copy-field";
    field.setAttribute("aria-label", "Link");
    btn.insertAdjacentElement("afterend", field);
    field.focus();
    field.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    if (ok) { done(); field.remove(); } else { btn.textContent = "Select and copy the link"; }
  }

  // ---- offline: the service worker, and what the page says without a signal ---------------
  var note = document.querySelector(".offline-note");
  var showOffline = function () { if (note) note.hidden = navigator.onLine; };
  window.addEventListener("online", showOffline);
  window.addEventListener("offline", showOffline);
  showOffline();
  var sw = document.body.getAttribute("data-sw");
  if (sw && "serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(sw).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function () {
      var check = function (tries) {
        caches.match("/offline/ready").then(function (r) {
          if (r) document.documentElement.setAttribute("data-offline-ready", "1");
          else if (tries > 0) setTimeout(function () { check(tries - 1); }, 500);
        });
      };
      check(120);
    }).catch(function () {});
  }
})();
