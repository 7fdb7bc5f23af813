// The rulings workbench's board editor: build a scenario by tapping squares, picking cards by
// name, and choosing an action whose fields come from the scenario format's JSON Schema. The
// JSON text box stays the source of truth and both views edit it: a change on the board rewrites
// the JSON, and valid JSON typed in the box redraws the board. Without this file the page is a
// JSON editor and works the same.
(function () {
  "use strict";
  var root = document.getElementById("board-editor");
  var ta = document.getElementById("scenario");
  if (!root || !ta || !window.fetch || !window.JSON) return;
  var status = document.getElementById("json-status");
  var statusHelp = status ? status.innerHTML : "";

  var UNIT_FIELDS = { unit: 1, attacker: 1, mover: 1, caster: 1, other: 1, carrier: 1 };
  var UNIT_LISTS = { interceptors: 1, defenders: 1, units: 1, targets: 1 };
  var REGIONS = ["surface", "underground", "underwater", "void"];
  var schema = null, actions = {}, cards = [], byName = {};
  var doc = parse() || blank();
  var selected = null;        // the square whose panel is open
  var picking = null;         // {label, add(square)}: taps go to an action field

  function blank() {
    return { format: "arbiter.scenario/1", turn: { active: "p1", number: 3, phase: "main" },
             players: [{ id: "p1" }, { id: "p2" }], sites: [], units: [],
             action: { "do": "range_of_motion", unit: "" } };
  }
  function parse() {
    try {
      var d = JSON.parse(ta.value || "");
      return d && typeof d === "object" && !Array.isArray(d) ? d : null;
    } catch (e) { return null; }
  }
  function say(text, bad) {
    if (!status) return;
    if (!text) { status.innerHTML = statusHelp; status.className = "hint"; return; }
    status.textContent = text;
    status.className = bad ? "hint json-error" : "hint";
  }
  function write() { ta.value = JSON.stringify(doc, null, 2); say(""); }
  ta.addEventListener("input", function () {
    var d = parse();
    if (d) { doc = d; say(""); render(); }
    else say("The JSON has an error; the board shows the last valid version.", true);
  });

  // ---- helpers over the document ------------------------------------------------------------
  function el(tag, attrs, kids) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") e.textContent = attrs[k];
      else if (k === "on") Object.keys(attrs.on).forEach(function (ev) { e.addEventListener(ev, attrs.on[ev]); });
      else if (attrs[k] === true) e.setAttribute(k, "");
      else if (attrs[k] !== false && attrs[k] != null) e.setAttribute(k, attrs[k]);
    });
    (kids || []).forEach(function (c) { if (c) e.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return e;
  }
  var uid = 0;
  function fieldId(name) { uid += 1; return "ed-" + name + "-" + uid; }
  function labelled(text, control) { control.id = control.id || fieldId("f"); return [el("label", { "for": control.id, text: text }), control]; }
  function list(key) { if (!Array.isArray(doc[key])) doc[key] = []; return doc[key]; }
  function squareOf(at) {
    if (typeof at === "number") return at;
    if (Array.isArray(at) && typeof at[0] === "number") return at[0];
    return null;
  }
  function regionOf(at) { return Array.isArray(at) && at[1] ? at[1] : "surface"; }
  function players() {
    var ids = (Array.isArray(doc.players) ? doc.players : []).map(function (p) { return p && p.id; }).filter(Boolean);
    return ids.length ? ids : ["p1", "p2"];
  }
  function colour(ctl) { var i = players().indexOf(ctl); return "p" + ((i < 0 ? 0 : i) % 4); }
  function unitName(u) { return u.name || u.card || u.token || u.id || "?"; }
  function siteAt(n) { return list("sites").filter(function (s) { return s && s.square === n; })[0] || null; }
  function unitsAt(n) { return list("units").filter(function (u) { return u && squareOf(u.at) === n; }); }
  function isWater(site) {
    if (!site) return false;
    if (site.flooded) return true;
    var a = site.affinity;
    if (typeof a === "string") return /w/i.test(a);
    if (a && typeof a === "object") return !!(a.water || a.W);
    var c = byName[(site.card || site.name || "").toLowerCase()];
    return false || (c && /water/i.test(c.subtypes || "") ? true : false);
  }
  function newId(base) {
    var stem = (base || "unit").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "unit";
    var ids = list("units").map(function (u) { return u.id; }), id = stem, n = 2;
    while (ids.indexOf(id) >= 0) { id = stem + "-" + n; n += 1; }
    return id;
  }
  function setName(obj, value, kinds) {
    // a catalog card of a fitting type is named with "card" (the engine reads its stats);
    // anything else is a free name
    var c = byName[value.trim().toLowerCase()];
    if (c && (!kinds || kinds.indexOf(c.type) >= 0)) { obj.card = c.name; delete obj.name; }
    else { obj.name = value; delete obj.card; }
    return c;
  }

  // ---- the realm: 20 tappable squares ----------------------------------------------------
  var grid = el("div", { "class": "realm-grid", role: "group", "aria-label": "The realm: tap a square to edit it" });
  var pickNote = el("p", { "class": "hint", role: "status" });
  var panel = el("div", { "class": "panel square-panel", "aria-live": "polite" });
  var setup = el("div", { "class": "panel" });
  var actionPanel = el("div", { "class": "panel action-panel" });

  function renderGrid() {
    // a redraw (the card list arriving, a change) keeps the keyboard on the square it was on
    var focused = grid.contains(document.activeElement) ? document.activeElement.getAttribute("data-square") : null;
    grid.textContent = "";
    var path = currentPath();
    for (var n = 1; n <= 20; n++) {
      (function (n) {
        var site = siteAt(n), units = unitsAt(n);
        var kind = site ? (site.rubble ? "land" : isWater(site) ? "water" : "land") : "void";
        var label = "Square " + n + ": " + (site ? (site.name || site.card || "a site") + (site.controller ? ", " + site.controller : "") : "void") +
          (units.length ? "; units: " + units.map(function (u) { return unitName(u) + " (" + u.controller + ")"; }).join(", ") : "");
        var b = el("button", { type: "button", "class": kind + (path.indexOf(n) >= 0 ? " in-path" : ""), "data-square": n,
          "aria-pressed": selected === n ? "true" : "false", "aria-label": label,
          on: { click: function () { tap(n); }, keydown: function (e) { arrow(e, n); } } },
          [el("span", { "class": "n", text: String(n) }), site ? el("span", { "class": "s", text: site.name || site.card || "site" }) : null]);
        units.forEach(function (u) { b.appendChild(el("span", { "class": "u " + colour(u.controller), text: unitName(u) })); });
        grid.appendChild(b);
      })(n);
    }
    if (focused) focusSquare(+focused);
  }
  function arrow(e, n) {
    var d = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -5, ArrowDown: 5 }[e.key];
    if (!d) return;
    var m = n + d;
    if (m < 1 || m > 20 || (Math.abs(d) === 1 && Math.ceil(m / 5) !== Math.ceil(n / 5))) return;
    e.preventDefault();
    var b = grid.querySelector('[data-square="' + m + '"]');
    if (b) b.focus();
  }
  function tap(n) {
    if (picking) { picking.add(n); write(); renderGrid(); renderAction(); focusSquare(n); return; }
    selected = selected === n ? null : n;
    renderGrid(); renderPanel(); focusSquare(n);
  }
  function focusSquare(n) { var b = grid.querySelector('[data-square="' + n + '"]'); if (b) b.focus(); }

  // ---- one square: its site, units and aura ------------------------------------------------
  function ctlSelect(value, onchange, allowNone) {
    var s = el("select", { on: { change: function () { onchange(s.value); } } });
    if (allowNone) s.appendChild(el("option", { value: "", text: "no one" }));
    players().forEach(function (p) { s.appendChild(el("option", { value: p, text: p, selected: p === value })); });
    return s;
  }
  function cardInput(value, placeholder, onchange) {
    var i = el("input", { type: "text", list: "card-names", value: value || "", placeholder: placeholder, autocomplete: "off",
      on: { change: function () { onchange(i.value); } } });
    return i;
  }
  function changed() { write(); renderGrid(); renderPanel(); renderSetup(); renderAction(); }

  function renderPanel() {
    panel.textContent = "";
    if (!selected) { panel.appendChild(el("p", { "class": "hint", text: "Tap a square to place a site, a unit or an aura there." })); return; }
    var n = selected, site = siteAt(n);
    panel.appendChild(el("h2", { text: "Square " + n }));
    if (site) {
      var f = el("div", { "class": "fields" });
      labelled("Site", cardInput(site.card || site.name, "site card or name", function (v) { setName(site, v, ["site"]); changed(); })).forEach(function (x) { f.appendChild(x); });
      labelled("Controller", ctlSelect(site.controller, function (v) { if (v) site.controller = v; else delete site.controller; changed(); }, true)).forEach(function (x) { f.appendChild(x); });
      ["flooded", "rubble"].forEach(function (k) {
        labelled(k, el("input", { type: "checkbox", checked: !!site[k], on: { change: function (e) { if (e.target.checked) site[k] = true; else delete site[k]; changed(); } } })).forEach(function (x) { f.appendChild(x); });
      });
      panel.appendChild(f);
      panel.appendChild(el("div", { "class": "row" }, [el("button", { type: "button", "class": "small secondary", text: "Remove the site",
        on: { click: function () { doc.sites = list("sites").filter(function (s) { return s !== site; }); changed(); } } })]));
    } else {
      var siteName = cardInput("", "site card or name (optional)", function () {});
      panel.appendChild(el("div", { "class": "row" }, labelled("Site", siteName).concat([el("button", { type: "button", "class": "small", text: "Place a site",
        on: { click: function () {
          var s = { square: n, controller: (doc.turn && doc.turn.active) || players()[0] };
          setName(s, siteName.value || "Site " + n, ["site"]);
          list("sites").push(s); changed();
        } } })])));
    }
    unitsAt(n).forEach(function (u) { panel.appendChild(unitRow(u)); });
    var newUnit = cardInput("", "minion card or name", function () {});
    panel.appendChild(el("div", { "class": "row unit-row" }, labelled("New unit", newUnit).concat([el("button", { type: "button", "class": "small", text: "Add a unit",
      on: { click: function () {
        var name = newUnit.value.trim() || "Minion";
        var u = { id: newId(name), controller: (doc.turn && doc.turn.active) || players()[0], at: n };
        var c = setName(u, name, ["minion", "avatar"]);
        if (!c) u.power = 1;
        else if (c.type === "avatar") u.kind = "avatar";
        list("units").push(u); changed();
      } } })])));
    list("auras").filter(function (a) { return a && a.at === n; }).forEach(function (a) { panel.appendChild(auraRow(a)); });
    panel.appendChild(el("div", { "class": "row" }, [el("button", { type: "button", "class": "small secondary", text: "Place an aura here (top-left of 2x2)",
      on: { click: function () { list("auras").push({ at: n, name: "Aura", effects: [] }); changed(); } } })]));
  }
  function unitRow(u) {
    var box = el("div", { "class": "unit-row" });
    var c = byName[(u.card || "").toLowerCase()];
    box.appendChild(el("h3", { text: unitName(u) + (c ? " — " + c.type + (c.attack != null ? ", power " + c.attack + (c.defence != null && c.defence !== c.attack ? "/" + c.defence : "") : "") : "") }));
    var f = el("div", { "class": "fields" });
    function add(label, control) { labelled(label, control).forEach(function (x) { f.appendChild(x); }); }
    add("Card or name", cardInput(u.card || u.name, "card or name", function (v) {
      var card = setName(u, v, ["minion", "avatar"]);
      if (!card && u.power == null) u.power = 1;
      changed();
    }));
    add("Id", el("input", { type: "text", value: u.id || "", on: { change: function (e) { renameUnit(u, e.target.value.trim() || u.id); changed(); } } }));
    add("Controller", ctlSelect(u.controller, function (v) { u.controller = v; changed(); }));
    add("Power", el("input", { type: "text", inputmode: "numeric", value: Array.isArray(u.power) ? u.power.join("/") : (u.power == null ? "" : u.power),
      placeholder: c ? "from the card" : "e.g. 3 or 3/5",
      on: { change: function (e) {
        var v = e.target.value.trim(), m = v.match(/^(\d+)\s*\/\s*(\d+)$/);
        if (!v) delete u.power; else if (m) u.power = [+m[1], +m[2]]; else if (/^\d+$/.test(v)) u.power = +v;
        changed();
      } } }));
    add("Damage", el("input", { type: "number", min: 0, max: 999, value: u.damage || 0,
      on: { change: function (e) { var v = parseInt(e.target.value, 10); if (v > 0) u.damage = v; else delete u.damage; changed(); } } }));
    add("Tapped", el("input", { type: "checkbox", checked: !!u.tapped, on: { change: function (e) { if (e.target.checked) u.tapped = true; else delete u.tapped; changed(); } } }));
    var region = el("select", { on: { change: function (e) { var sq = squareOf(u.at); u.at = e.target.value === "surface" ? sq : [sq, e.target.value]; changed(); } } });
    REGIONS.forEach(function (r) { region.appendChild(el("option", { value: r, text: r, selected: regionOf(u.at) === r })); });
    add("Region", region);
    box.appendChild(f);
    box.appendChild(el("div", { "class": "row" }, [el("button", { type: "button", "class": "small secondary", text: "Remove " + unitName(u),
      on: { click: function () { doc.units = list("units").filter(function (x) { return x !== u; }); changed(); } } })]));
    return box;
  }
  function renameUnit(u, id) {
    var old = u.id;
    u.id = id;
    if (doc.action && typeof doc.action === "object") {
      Object.keys(doc.action).forEach(function (k) { if (doc.action[k] === old) doc.action[k] = id; });
    }
  }
  function auraRow(a) {
    var f = el("div", { "class": "fields unit-row" });
    labelled("Aura", cardInput(a.card || a.name, "aura card or name", function (v) { setName(a, v, ["aura"]); changed(); })).forEach(function (x) { f.appendChild(x); });
    ["silence", "flood"].forEach(function (eff) {
      labelled(eff, el("input", { type: "checkbox", checked: (a.effects || []).indexOf(eff) >= 0, on: { change: function (e) {
        a.effects = (a.effects || []).filter(function (x) { return x !== eff; });
        if (e.target.checked) a.effects.push(eff);
        changed();
      } } })).forEach(function (x) { f.appendChild(x); });
    });
    f.appendChild(el("span"));
    f.appendChild(el("button", { type: "button", "class": "small secondary", text: "Remove the aura",
      on: { click: function () { doc.auras = list("auras").filter(function (x) { return x !== a; }); changed(); } } }));
    return f;
  }

  // ---- players and the turn -----------------------------------------------------------------
  function renderSetup() {
    setup.textContent = "";
    setup.appendChild(el("h2", { text: "Players and turn" }));
    var turn = doc.turn && typeof doc.turn === "object" ? doc.turn : (doc.turn = { active: players()[0] });
    var f = el("div", { "class": "fields" });
    function add(label, control) { labelled(label, control).forEach(function (x) { f.appendChild(x); }); }
    add("Active player", ctlSelect(turn.active, function (v) { turn.active = v; changed(); }));
    add("Turn number", el("input", { type: "number", min: 1, max: 999, value: turn.number || 1,
      on: { change: function (e) { turn.number = Math.max(1, parseInt(e.target.value, 10) || 1); changed(); } } }));
    var phase = el("select", { on: { change: function (e) { turn.phase = e.target.value; changed(); } } });
    ["setup", "start", "main", "end"].forEach(function (p) { phase.appendChild(el("option", { value: p, text: p, selected: (turn.phase || "main") === p })); });
    add("Phase", phase);
    (Array.isArray(doc.players) ? doc.players : []).forEach(function (p) {
      add("Life of " + p.id, el("input", { type: "number", min: 0, max: 999, value: p.life == null ? 20 : p.life,
        on: { change: function (e) { var v = parseInt(e.target.value, 10); if (isNaN(v) || v === 20) delete p.life; else p.life = v; changed(); } } }));
    });
    setup.appendChild(f);
  }

  // ---- the action: its fields from the JSON Schema --------------------------------------------
  function deref(p) {
    if (p && p.$ref) return schema.$defs[p.$ref.split("/").pop()] || {};
    return p || {};
  }
  function options(p) {
    p = deref(p);
    if (p.enum) return p.enum;
    if (p.anyOf) {
      var out = null;
      p.anyOf.forEach(function (q) { var o = options(q); if (o) out = (out || []).concat(o); });
      return out;
    }
    if (p.const !== undefined) return [p.const];
    return null;
  }
  function isSquare(p) { p = deref(p); return p.type === "integer" && p.maximum === 20; }
  function kindOf(name, p) {
    var alts = (p.anyOf || [p]).map(deref).filter(function (q) { return q.type !== "null"; });
    if (UNIT_FIELDS[name] && alts.some(function (q) { return q.type === "string"; })) return "unit";
    if (alts.some(function (q) { return q.title === "SiteRef" || (q.properties && q.properties.site); }) &&
        alts.some(function (q) { return q.type === "string"; })) return "target";
    if (alts.some(isSquare)) return "place";
    if (alts.length === 1 && alts[0].type === "array" && alts[0].items) {
      var items = alts[0].items;
      if ((items.anyOf || [items]).some(isSquare)) return "path";
      if (UNIT_LISTS[name] && (items.anyOf || [items]).map(deref).some(function (q) { return q.type === "string"; })) return "units";
    }
    if (options(p)) return "choice";
    if (alts.length === 1 && alts[0].type === "boolean") return "bool";
    if (alts.length === 1 && alts[0].type === "integer") return "int";
    if (alts.length === 1 && alts[0].type === "string") return "text";
    return "json";
  }
  function currentPath() {
    var a = doc.action;
    if (!a || typeof a !== "object" || !Array.isArray(a.path)) return [];
    return a.path.map(squareOf).filter(function (x) { return x; });
  }
  function renderAction() {
    actionPanel.textContent = "";
    actionPanel.appendChild(el("h2", { text: "Action or question" }));
    if (!schema) { actionPanel.appendChild(el("p", { "class": "hint", text: "Loading the actions…" })); return; }
    var a = doc.action && typeof doc.action === "object" ? doc.action : (doc.action = { "do": "range_of_motion" });
    var f = el("div", { "class": "fields" });
    function add(label, control) { labelled(label, control).forEach(function (x) { f.appendChild(x); }); }
    var pick = el("select", { on: { change: function (e) {
      var def = actions[e.target.value], keep = { "do": e.target.value };
      Object.keys(a).forEach(function (k) { if (def && def.properties[k] && k !== "do") keep[k] = a[k]; });
      doc.action = keep; picking = null; changed();
    } } });
    Object.keys(actions).sort().forEach(function (k) { pick.appendChild(el("option", { value: k, text: k.replace(/_/g, " "), selected: k === a["do"] })); });
    add("Do", pick);
    var def = actions[a["do"]];
    if (def && def.description) { f.appendChild(el("span")); f.appendChild(el("p", { "class": "hint", text: def.description.replace(/``/g, "") })); }
    var required = (def && def.required) || [];
    Object.keys((def && def.properties) || {}).forEach(function (name) {
      if (name === "do") return;
      var p = def.properties[name], kind = kindOf(name, p);
      var label = name.replace(/_/g, " ") + (required.indexOf(name) >= 0 ? " *" : "");
      add(label, widget(a, name, p, kind));
    });
    actionPanel.appendChild(f);
    if (picking) actionPanel.appendChild(el("p", { "class": "hint", role: "status", text: "Tap squares on the board to add them to " + picking.label + "." }));
  }
  function set(a, name, value) { if (value === undefined || value === "" || value === null) delete a[name]; else a[name] = value; write(); renderGrid(); }
  function unitOptions(sel, value, blank) {
    sel.appendChild(el("option", { value: "", text: blank }));
    list("units").forEach(function (u) { sel.appendChild(el("option", { value: u.id, text: u.id + " (" + unitName(u) + ", " + u.controller + ")", selected: u.id === value })); });
  }
  function widget(a, name, p, kind) {
    var v = a[name];
    if (kind === "unit") {
      var s = el("select", { on: { change: function (e) { set(a, name, e.target.value); } } });
      unitOptions(s, v, "— a unit —");
      return s;
    }
    if (kind === "target") {
      var t = el("select", { on: { change: function (e) {
        var x = e.target.value;
        set(a, name, /^site:/.test(x) ? { site: +x.slice(5) } : x);
      } } });
      unitOptions(t, typeof v === "string" ? v : (v && v.unit), "— none —");
      list("sites").forEach(function (s) {
        t.appendChild(el("option", { value: "site:" + s.square, text: "the site on " + s.square + " (" + (s.name || s.card || "site") + ")", selected: !!(v && v.site === s.square) }));
      });
      return t;
    }
    if (kind === "place") {
      var q = el("select", { on: { change: function (e) { set(a, name, e.target.value ? +e.target.value : undefined); } } });
      q.appendChild(el("option", { value: "", text: "— a square —" }));
      for (var n = 1; n <= 20; n++) q.appendChild(el("option", { value: n, text: String(n), selected: squareOf(v) === n }));
      return q;
    }
    if (kind === "path") {
      var wrap = el("div", { "class": "row" });
      var shown = (Array.isArray(v) ? v : []).map(function (x) { return Array.isArray(x) ? x.join(" ") : x; }).join(" → ") || "no steps yet";
      wrap.appendChild(el("span", { text: shown }));
      wrap.appendChild(el("button", { type: "button", "class": "small" + (picking && picking.name === name ? "" : " secondary"),
        "aria-pressed": picking && picking.name === name ? "true" : "false", text: picking && picking.name === name ? "Done" : "Tap squares",
        on: { click: function () {
          picking = picking && picking.name === name ? null : { name: name, label: name, add: function (n) { a[name] = (Array.isArray(a[name]) ? a[name] : []).concat([n]); } };
          renderAction();
        } } }));
      wrap.appendChild(el("button", { type: "button", "class": "small secondary", text: "Clear", on: { click: function () { set(a, name, undefined); renderAction(); } } }));
      return wrap;
    }
    if (kind === "units") {
      var box = el("div", { "class": "row", role: "group" });
      var chosen = Array.isArray(v) ? v : [];
      list("units").forEach(function (u) {
        var id = fieldId("cb");
        box.appendChild(el("input", { type: "checkbox", id: id, checked: chosen.indexOf(u.id) >= 0, on: { change: function (e) {
          var now = (Array.isArray(a[name]) ? a[name] : []).filter(function (x) { return x !== u.id; });
          if (e.target.checked) now.push(u.id);
          set(a, name, now.length ? now : undefined);
        } } }));
        box.appendChild(el("label", { "for": id, text: u.id }));
      });
      return box;
    }
    if (kind === "choice") {
      var c = el("select", { on: { change: function (e) { var x = e.target.value; set(a, name, x === "" ? undefined : (x === "true" ? true : x === "false" ? false : x)); } } });
      c.appendChild(el("option", { value: "", text: "—" }));
      options(p).forEach(function (o) { if (o !== null) c.appendChild(el("option", { value: String(o), text: String(o), selected: v === o })); });
      return c;
    }
    if (kind === "bool") {
      var dflt = deref(p)["default"];
      return el("input", { type: "checkbox", checked: v === undefined ? !!dflt : !!v, on: { change: function (e) { set(a, name, e.target.checked === !!dflt ? undefined : e.target.checked); } } });
    }
    if (kind === "int") {
      return el("input", { type: "number", value: v == null ? "" : v, on: { change: function (e) { var x = e.target.value; set(a, name, x === "" ? undefined : parseInt(x, 10)); } } });
    }
    if (kind === "text") {
      return el("input", { type: "text", value: v == null ? "" : v, on: { change: function (e) { set(a, name, e.target.value); } } });
    }
    var area = el("textarea", { rows: 2, spellcheck: "false", placeholder: "JSON",
      on: { change: function (e) {
        var x = e.target.value.trim();
        if (!x) { set(a, name, undefined); return; }
        try { set(a, name, JSON.parse(x)); } catch (err) { say("The field " + name + " is not valid JSON.", true); }
      } } });
    area.value = v === undefined ? "" : JSON.stringify(v);
    return area;
  }

  var gameNote = el("p", { "class": "hint", hidden: true,
    text: "This scenario is of another game (\"game\" in the JSON): the board editor is for Sorcery; edit the JSON." });
  function render() {
    var other = !!(doc.game && doc.game !== "sorcery");
    [grid, panel, setup, actionPanel].forEach(function (e) { e.hidden = other; });
    gameNote.hidden = !other;
    if (other) return;
    renderGrid(); renderPanel(); renderSetup(); renderAction();
  }

  // ---- start: the page, then the schema and the card names -----------------------------------
  var names = el("datalist", { id: "card-names" });
  root.appendChild(el("p", { "class": "hint", text: "Build the board by tapping squares; the JSON below follows every change, and editing the JSON redraws the board." }));
  root.appendChild(gameNote);
  root.appendChild(grid);
  root.appendChild(pickNote);
  root.appendChild(panel);
  root.appendChild(setup);
  root.appendChild(actionPanel);
  root.appendChild(names);
  root.appendChild(el("div", { "class": "row" }, [el("button", { type: "button", "class": "small secondary", text: "Start an empty board",
    on: { click: function () { doc = blank(); selected = null; picking = null; changed(); } } })]));
  root.hidden = false;
  if (!ta.value.trim()) write();
  if (window.matchMedia && window.matchMedia("(max-width: 40rem)").matches) {
    var details = document.getElementById("json-view");
    if (details) details.open = false;
  }
  render();
  fetch(root.getAttribute("data-schema-url")).then(function (r) { return r.json(); }).then(function (s) {
    schema = s;
    var mapping = (((s.properties || {}).action || {}).discriminator || {}).mapping || {};
    Object.keys(mapping).forEach(function (k) { actions[k] = s.$defs[mapping[k].split("/").pop()]; });
    renderAction();
  }).catch(function () { say("The action list could not be loaded; edit the JSON directly.", true); });
  fetch(root.getAttribute("data-cards-url")).then(function (r) { return r.json(); }).then(function (d) {
    cards = d.cards || [];
    cards.forEach(function (c) {
      byName[c.name.toLowerCase()] = c;
      names.appendChild(el("option", { value: c.name }));
    });
    render();
  }).catch(function () {});
})();
