// chess-kit-docs site: the theme switch, the small-screen menu, search over
// the prebuilt index (elasticlunr), copying a diagram's FEN, and live
// reload under `serve`.
(function () {
  "use strict";
  var root = document.body.dataset.root || "";

  // Theme: follows the system until the reader picks one.
  var themes = ["auto", "light", "dark"];
  var button = document.getElementById("theme-toggle");
  function showTheme() {
    var t = document.documentElement.dataset.theme || "auto";
    var label = t === "auto" ? "Theme: follows the system" : "Theme: " + t;
    button.setAttribute("aria-label", label);
    button.title = label;
    button.textContent = t === "light" ? "☀" : t === "dark" ? "☾" : "◐";
  }
  if (button) {
    showTheme();
    button.addEventListener("click", function () {
      var t = document.documentElement.dataset.theme || "auto";
      var next = themes[(themes.indexOf(t) + 1) % themes.length];
      if (next === "auto") delete document.documentElement.dataset.theme;
      else document.documentElement.dataset.theme = next;
      try { localStorage.setItem("chess-kit-theme", next === "auto" ? "" : next); } catch (e) {}
      showTheme();
    });
  }

  // The book's contents, written once in its toc.js and shown on every
  // page (without scripts, the page links the contents page instead).
  var toc = document.getElementById("toc");
  if (toc && window.chessKitToc) {
    var here = decodeURIComponent(location.pathname.split("/").pop()) || "index.html";
    window.chessKitToc.forEach(function (entry) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = entry.href;
      a.textContent = entry.title;
      if (decodeURIComponent(entry.href) === here) {
        li.className = "current";
        a.setAttribute("aria-current", "page");
      }
      li.appendChild(a);
      toc.appendChild(li);
    });
  }

  var menu = document.getElementById("menu-toggle");
  if (menu) {
    menu.addEventListener("click", function () {
      var open = document.body.classList.toggle("menu-open");
      menu.setAttribute("aria-expanded", open ? "true" : "false");
    });
  }

  // Search.
  var input = document.getElementById("search");
  var results = document.getElementById("search-results");
  var index = null;
  function loadIndex() {
    if (!index && window.elasticlunr && window.chessKitSearch) {
      index = elasticlunr.Index.load(window.chessKitSearch);
    }
    return index;
  }
  function teaser(body, terms) {
    var lower = body.toLowerCase();
    var at = -1;
    for (var i = 0; i < terms.length && at < 0; i++) at = lower.indexOf(terms[i]);
    if (at < 0) at = 0;
    // About 160 characters around the first match, cut between words.
    var start = Math.max(0, at - 60);
    var end = Math.min(body.length, start + 160);
    if (start > 0) {
      var space = body.indexOf(" ", start);
      start = space >= 0 && space < at ? space + 1 : start;
    }
    if (end < body.length) {
      var last = body.lastIndexOf(" ", end);
      end = last > at ? last : end;
    }
    return (start > 0 ? "… " : "") + body.slice(start, end).replace(/\s+/g, " ").trim() + (end < body.length ? " …" : "");
  }
  function search(query) {
    results.textContent = "";
    query = query.trim();
    if (!query || !loadIndex()) { results.hidden = true; return; }
    var found = index.search(query, { fields: { title: { boost: 3 }, body: { boost: 1 }, book: { boost: 0 } }, bool: "AND", expand: true });
    var list = document.createElement("ol");
    var terms = query.toLowerCase().split(/\s+/);
    found.slice(0, 30).forEach(function (r) {
      var doc = index.documentStore.getDoc(r.ref);
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = root + r.ref;
      a.textContent = doc.title;
      li.appendChild(a);
      var book = document.createElement("span");
      book.className = "book-name";
      book.textContent = " · " + doc.book;
      li.appendChild(book);
      var t = document.createElement("span");
      t.className = "teaser";
      t.textContent = teaser(doc.body, terms);
      li.appendChild(t);
      list.appendChild(li);
    });
    var head = document.createElement("p");
    head.textContent = found.length === 0 ? "No page matches “" + query + "”." :
      found.length + (found.length === 1 ? " page matches" : " pages match") + " “" + query + "”:";
    results.appendChild(head);
    results.appendChild(list);
    results.hidden = false;
  }
  if (input && results) {
    input.addEventListener("input", function () { search(input.value); });
    input.addEventListener("keydown", function (e) {
      if (e.key === "Escape") { input.value = ""; search(""); }
    });
    // A link can open a search: index.html?search=zombie
    var q = new URLSearchParams(location.search).get("search");
    if (q) { input.value = q; search(q); }
  }

  // "Copy FEN" under a chess diagram: the clipboard where the browser
  // gives it (a secure context, which file:// pages may not be), else a
  // selected copy of the text, else a box to copy it from by hand.
  function copied(button, label) {
    var was = button.dataset.label || button.textContent;
    button.dataset.label = was;
    button.textContent = label;
    setTimeout(function () { button.textContent = was; }, 1500);
  }
  function copyByHand(button, fen) {
    var area = document.createElement("textarea");
    area.value = fen;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) {}
    document.body.removeChild(area);
    if (ok) copied(button, "Copied");
    else window.prompt("Copy this FEN:", fen);
  }
  document.addEventListener("click", function (e) {
    var button = e.target.closest ? e.target.closest("button.copy-fen") : null;
    if (!button) return;
    var fen = button.dataset.fen;
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(fen).then(
        function () { copied(button, "Copied"); },
        function () { copyByHand(button, fen); });
    } else {
      copyByHand(button, fen);
    }
  });

  // Live reload under `serve`: the server sends an event after each rebuild.
  var built = document.body.dataset.liveReload;
  if (built !== undefined && window.EventSource) {
    var key = "chess-kit-scroll:" + location.pathname;
    var saved = sessionStorage.getItem(key);
    if (saved !== null) { window.scrollTo(0, +saved); sessionStorage.removeItem(key); }
    var events = new EventSource("/__livereload?since=" + encodeURIComponent(built));
    events.addEventListener("reload", function () {
      sessionStorage.setItem(key, String(window.scrollY));
      location.reload();
    });
  }
})();
