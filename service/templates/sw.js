/* Arbiter's service worker: keeps the rules on this device for use without a signal.
   Build {{ build }}: a new corpus build is a new script, which saves the new pages and drops the old copy. */
"use strict";
var BUILD = {{ build|tojson }};
var CACHE = "arbiter-" + BUILD;
var PAGES = {{ pages_url|tojson }};
var OFFLINE = {{ offline_url|tojson }};
var READY = "/offline/ready";

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return fetch(PAGES, { cache: "no-store" }).then(function (r) { return r.json(); }).then(function (list) {
      var urls = list.urls.slice();
      // a few at a time: the server is small and other people use it too
      function next() {
        var batch = urls.splice(0, 6);
        if (!batch.length) return cache.put(READY, new Response(JSON.stringify(
          { build: list.build, built_at: list.built_at }), { headers: { "Content-Type": "application/json" } }));
        return Promise.all(batch.map(function (u) {
          return fetch(u, { cache: "no-cache" }).then(function (resp) {
            if (resp.ok) return cache.put(u, resp);
          }).catch(function () {});
        })).then(next);
      }
      return next();
    });
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf("arbiter-") === 0 && k !== CACHE; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

function keepable(url) {
  return /^\/(entries|cards|rulebook|keywords|conflicts|rulings\/[0-9a-f]{16}$|static\/|search\/help|offline)/.test(url.pathname)
    || url.pathname === "/";
}

self.addEventListener("fetch", function (event) {
  var req = event.request;
  if (req.method !== "GET") return;
  var url = new URL(req.url);
  if (url.origin !== self.location.origin || url.pathname.indexOf("/api/") === 0) return;
  event.respondWith(fetch(req).then(function (resp) {
    if (resp.ok && keepable(url) && !url.search) {
      var copy = resp.clone();
      caches.open(CACHE).then(function (cache) { cache.put(req, copy); });
    }
    return resp;
  }).catch(function () {
    return caches.open(CACHE).then(function (cache) {
      return cache.match(req, { ignoreSearch: false }).then(function (hit) {
        if (hit) return hit;
        if (url.pathname === "/search" || url.pathname === "/" || req.mode === "navigate") {
          return cache.match(OFFLINE);   // the offline page searches the saved index
        }
        return cache.match(req, { ignoreSearch: true }).then(function (any) {
          return any || new Response("", { status: 504, statusText: "Offline" });
        });
      });
    });
  }));
});
