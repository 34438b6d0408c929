/* layoutpdf inspector: details panel, selection, keyboard navigation. No network, no libraries
   (window.katex is used for equations when a vendored copy was inlined, else raw LaTeX). */
(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("layout-data").textContent);
  var ITEMS = DATA.items || {};
  var pages = Array.prototype.slice.call(document.querySelectorAll("section.page"));
  var body = document.body;
  var panel = document.getElementById("details-body");
  var indicator = document.getElementById("page-indicator");
  var navLinks = Array.prototype.slice.call(document.querySelectorAll(".pager .nav a"));
  var current = 0, pinned = null, zoom = 1.3;

  /* ---------- pages ---------- */
  function setCurrent(pos) {
    if (!pages.length) { indicator.textContent = "no pages"; return; }
    current = Math.max(0, Math.min(pages.length - 1, pos));
    pages.forEach(function (p, i) { p.classList.toggle("current", i === current); });
    navLinks.forEach(function (a, i) { a.classList.toggle("current", i === current); });
    var page = pages[current];
    indicator.textContent = "page " + (+page.dataset.page + 1) + " (" + (current + 1) + "/" + pages.length + ")";
    body.dataset.currentPage = page.dataset.page;
  }
  function goTo(pos) {
    if (!pages.length) return;
    pos = Math.max(0, Math.min(pages.length - 1, pos));
    setCurrent(pos);
    pages[pos].scrollIntoView({ block: "start", behavior: "auto" });
    pages[pos].focus({ preventScroll: true });
  }
  function posOfPage(index) {
    for (var i = 0; i < pages.length; i++) if (+pages[i].dataset.page === +index) return i;
    return -1;
  }
  var ticking = false;
  window.addEventListener("scroll", function () {
    if (ticking) return;
    ticking = true;
    window.requestAnimationFrame(function () {
      ticking = false;
      var line = document.querySelector(".toolbar").offsetHeight + 40, pos = 0;
      for (var i = 0; i < pages.length; i++) if (pages[i].getBoundingClientRect().top <= line) pos = i;
      if (pos !== current) setCurrent(pos);
    });
  });

  /* ---------- details ---------- */
  function el(tag, cls, text) {
    var n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text !== undefined && text !== null) n.textContent = String(text);
    return n;
  }
  function fmt(v) {
    if (v === null || v === undefined || v === "") return "—";
    if (Array.isArray(v)) return v.length ? v.map(fmt).join("; ") : "—";
    if (typeof v === "number") return Number.isInteger(v) ? String(v) : v.toFixed(3);
    if (typeof v === "boolean") return v ? "yes" : "no";
    return String(v);
  }
  function jump(key, label) {
    var a = el("a", "jump", label || key.split(":").slice(1).join(":"));
    a.href = "#"; a.dataset.select = key;
    return a;
  }
  function dl(rows) {
    var d = el("dl");
    rows.forEach(function (r) {
      if (r[1] === undefined) return;
      d.appendChild(el("dt", null, r[0]));
      var dd = el("dd");
      if (r[1] instanceof Node) dd.appendChild(r[1]); else dd.textContent = fmt(r[1]);
      d.appendChild(dd);
    });
    return d;
  }
  function reviewFlag(item) {
    return item.needs_review ? el("span", "review-flag", "needs review") : el("span", "ok-flag", "ok");
  }
  function pageLink(page) { return jump("page:" + page, "p. " + (page + 1)); }
  function ref(kind, id) { return id ? jump(kind + ":" + id, id) : "—"; }
  function typeset(src, node, display) {
    /* KaTeX when it was inlined and understands the source; false leaves the raw LaTeX */
    if (!window.katex) return false;
    try { window.katex.render(src, node, { throwOnError: true, displayMode: display, trust: false }); return true; }
    catch (e) { node.textContent = ""; return false; }
  }
  function latexNode(src) {
    var box = el("div");
    var math = el("div", "typeset");
    if (typeset(src, math, true)) box.appendChild(math);
    box.appendChild(el("code", "latex-src", src));
    return box;
  }
  document.querySelectorAll(".latex").forEach(function (note) {
    var code = note.querySelector("code");
    var math = el("span", "typeset");
    if (code && typeset(code.textContent, math, false)) {
      note.title = code.textContent;
      code.style.display = "none";
      note.appendChild(math);
      note.classList.add("katex-done");
    }
  });
  /* rows are [label, value, field]; fields not named here still show, under their own name */
  var ROWS = {
    element: [["layer", "layer"], ["reading order", "order"], ["column", "column"], ["level", "level"],
              ["bbox", "bbox"], ["lines", "lines"], ["text source", "text_source"], ["reasons", "reasons"],
              ["continues on", "continuation"]],
    figure: [["label", "label"], ["score", "score"], ["review", "needs_review"], ["reasons", "reasons"],
             ["caption", "caption"], ["caption element", "caption_element_id"],
             ["box element", "element_id"], ["figure kind", "figure_kind"], ["mentions", "mentions"],
             ["context", "context"]],
    table: [["label", "label"], ["score", "score"], ["review", "needs_review"], ["reasons", "reasons"],
            ["caption", "caption"], ["caption element", "caption_element_id"], ["box element", "element_id"],
            ["rows", "rows"], ["columns", "columns"], ["header rows", "header_rows"], ["continued", "continued"]],
    footnote: [["marker", "marker"], ["score", "score"], ["review", "needs_review"], ["reasons", "reasons"],
               ["note text", "text"], ["anchor element", "anchor_element_id"], ["anchor", "anchor_context"],
               ["note element", "element_id"], ["continued in", "continuation_element_ids"]],
    equation: [["LaTeX", "latex"], ["display", "display"], ["tag", "tag"], ["confidence", "confidence"],
               ["review", "needs_review"], ["reasons", "reasons"], ["element", "element_id"]]
  };
  var HIDDEN = { kind: 1, id: 1, page: 1, text: 1, bindings: 1, role: 1, caption_page: 1, anchor_page: 1,
                 anchor_offset: 1, anchor_span_id: 1 };
  function value(item, field) {
    var v = item[field];
    if (field === "needs_review") return reviewFlag(item);
    if (field === "latex") return latexNode(v);
    if (field === "mentions" || field === "context" || field === "continuation_element_ids")
      return (v && v.length) ? refs(v) : v;
    if (/element_id$/.test(field)) return ref("element", v);
    if (field === "continuation") return v.map(function (c) { return "p. " + (c.page + 1) + " [" + c.bbox.join(", ") + "]"; });
    if (/bbox$/.test(field) && Array.isArray(v)) return v.join(", ");
    return v;
  }
  function refs(ids) {
    var span = el("span");
    ids.forEach(function (id, i) { if (i) span.appendChild(document.createTextNode(" ")); span.appendChild(ref("element", id)); });
    return span;
  }
  function rows(item) {
    var known = ROWS[item.kind] || [], used = {}, out = [];
    known.forEach(function (r) {
      used[r[1]] = 1;
      out.push([r[0], value(item, r[1])]);
    });
    Object.keys(item).forEach(function (k) {
      if (!used[k] && !HIDDEN[k]) out.push([k.replace(/_/g, " "), value(item, k)]);
    });
    return out;
  }
  function header(item) {
    var h = el("div", "head");
    var badge = el("span", "kind", item.kind === "element" ? item.role : item.kind);
    var node = document.querySelector('[data-kind="' + item.kind + '"][data-id="' + CSS.escape(item.id) + '"]');
    if (node && node.style.getPropertyValue("--c")) badge.style.setProperty("--c", node.style.getPropertyValue("--c"));
    h.appendChild(badge);
    h.appendChild(document.createTextNode(" " + item.id + " · "));
    h.appendChild(pageLink(item.page));
    return h;
  }
  function render(key) {
    var item = ITEMS[key];
    panel.textContent = "";
    if (!item) { panel.appendChild(el("p", "hint", "Hover or click a box to see its details.")); return; }
    panel.dataset.key = key;
    panel.appendChild(header(item));
    if (item.kind === "element") {
      panel.appendChild(dl(rows(item)));
      if (item.text) panel.appendChild(el("div", "text", item.text));
      item.bindings.forEach(function (bkey) {
        var b = ITEMS[bkey];
        if (!b) return;
        var box = el("div", "binding" + (b.needs_review ? " review" : ""));
        box.appendChild(el("b", null, b.kind + " "));
        box.appendChild(jump(bkey, b.label || b.id));
        box.appendChild(dl(rows(b)));
        panel.appendChild(box);
      });
    } else {
      panel.appendChild(dl(rows(item)));
      if (item.kind === "figure" && item.text) panel.appendChild(el("div", "text", item.text));
    }
  }
  function nodesOf(key) {
    var kind = key.split(":")[0], id = key.slice(kind.length + 1);
    return document.querySelectorAll('[data-kind="' + kind + '"][data-id="' + CSS.escape(id) + '"]');
  }
  function select(key, opts) {
    document.querySelectorAll(".selected").forEach(function (n) { n.classList.remove("selected"); });
    pinned = key;
    if (!key) { render(null); return; }
    var item = ITEMS[key];
    nodesOf(key).forEach(function (n) { n.classList.add("selected"); });
    if (item && item.bindings) item.bindings.forEach(function (b) {
      nodesOf(b).forEach(function (n) { if (n.classList.contains("bind")) n.classList.add("selected"); });
    });
    render(key);
    document.getElementById("side").scrollTop = 0;
    if (opts && opts.reveal && item) {
      var pos = posOfPage(item.page);
      var node = document.querySelector('section.page[data-page="' + item.page + '"] [data-kind="' + item.kind + '"][data-id="' + CSS.escape(item.id) + '"]');
      if (pos >= 0) setCurrent(pos);
      if (node && node.scrollIntoView) node.scrollIntoView({ block: "center" });
      else if (pos >= 0) goTo(pos);
    }
  }
  function keyOf(node) {
    var t = node && node.closest && node.closest("[data-kind][data-id]");
    if (!t || !t.closest("svg")) return null;
    return t.dataset.kind + ":" + t.dataset.id;
  }

  document.addEventListener("mouseover", function (ev) {
    var key = keyOf(ev.target);
    if (key && ITEMS[key]) render(key);
  });
  document.addEventListener("mouseout", function (ev) {
    var key = keyOf(ev.target);
    if (key && key !== keyOf(ev.relatedTarget)) render(pinned);
  });
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest && ev.target.closest("a[data-select], a[data-goto], button[data-action]");
    if (a && a.dataset.select) {
      ev.preventDefault();
      var s = a.dataset.select;
      if (s.indexOf("page:") === 0) goTo(posOfPage(+s.slice(5)));
      else select(s, { reveal: true });
      return;
    }
    if (a && a.dataset.goto !== undefined) { ev.preventDefault(); goTo(posOfPage(+a.dataset.goto)); return; }
    if (a && a.dataset.action) { action(a.dataset.action); return; }
    var key = keyOf(ev.target);
    if (key && ITEMS[key]) select(key);
  });
  document.addEventListener("focusin", function (ev) {
    var key = keyOf(ev.target);
    if (key && ITEMS[key]) {
      select(key);
      var pos = posOfPage(ITEMS[key].page);
      if (pos >= 0 && pos !== current) setCurrent(pos);
    }
  });

  /* ---------- toggles, zoom, keys ---------- */
  document.querySelectorAll("input[data-toggle]").forEach(function (box) {
    function apply() {
      var name = box.dataset.toggle;
      if (name === "inline-latex") body.classList.toggle("show-inline-latex", box.checked);
      else body.classList.toggle("hide-" + name, !box.checked);
    }
    box.addEventListener("change", apply);
    apply();
  });
  document.querySelectorAll("input[data-toggle-role]").forEach(function (box) {
    box.addEventListener("change", function () {
      var role = box.dataset.toggleRole;
      document.querySelectorAll('.el[data-role="' + role + '"], .el-part[data-part-role="' + role + '"]').forEach(function (n) {
        n.classList.toggle("role-hidden", !box.checked);
      });
    });
  });
  function setZoom(z) {
    zoom = Math.max(0.5, Math.min(4, z));
    document.documentElement.style.setProperty("--zoom", zoom.toFixed(2));
  }
  function stepElement(delta) {
    var els = Array.prototype.slice.call(document.querySelectorAll(".el:not(.role-hidden)"));
    if (!els.length) return;
    var at = els.indexOf(document.activeElement);
    if (at < 0) {
      var inPage = els.filter(function (n) { return pages[current] && pages[current].contains(n); });
      at = inPage.length ? els.indexOf(inPage[0]) - delta : -delta;
    }
    var next = els[Math.max(0, Math.min(els.length - 1, at + delta))];
    next.focus();
    next.scrollIntoView({ block: "nearest" });
  }
  function action(name) {
    if (name === "next") goTo(current + 1);
    else if (name === "prev") goTo(current - 1);
    else if (name === "zoom-in") setZoom(zoom * 1.2);
    else if (name === "zoom-out") setZoom(zoom / 1.2);
  }
  document.addEventListener("keydown", function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var t = ev.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.isContentEditable)) return;
    switch (ev.key) {
      case "j": case "ArrowRight": action("next"); break;
      case "k": case "ArrowLeft": action("prev"); break;
      case "n": stepElement(1); break;
      case "p": stepElement(-1); break;
      case "+": case "=": action("zoom-in"); break;
      case "-": action("zoom-out"); break;
      case "Escape": select(null); if (document.activeElement && document.activeElement.blur) document.activeElement.blur(); break;
      case "Enter": case " ":
        var key = keyOf(t);
        if (!key) return;
        select(key);
        break;
      default: return;
    }
    ev.preventDefault();
  });

  function fitBar() {
    document.documentElement.style.setProperty("--bar", document.querySelector(".toolbar").offsetHeight + "px");
  }
  window.addEventListener("resize", fitBar);
  fitBar();
  setCurrent(0);
  window.layoutpdfInspector = { goTo: goTo, select: select, current: function () { return current; }, data: DATA };
})();
