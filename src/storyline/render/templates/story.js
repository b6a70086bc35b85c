// storyline story page behaviour. Reads and toggles attributes only: it never writes
// markup, so article text (data) can never become code.
(function () {
  "use strict";
  var back = document.getElementById("back");
  var origin = null;

  function reveal(id) {
    var el = id ? document.getElementById(id) : null;
    if (!el) { return; }
    var box = el.closest("details");
    if (box && !box.open) { box.open = true; }
    var active = document.querySelectorAll("mark.active");
    for (var i = 0; i < active.length; i++) { active[i].classList.remove("active"); }
    var ref = el.getAttribute("data-ref");
    if (ref) {
      var pieces = document.querySelectorAll("mark[data-ref]");
      for (var j = 0; j < pieces.length; j++) {
        if (pieces[j].getAttribute("data-ref") === ref) { pieces[j].classList.add("active"); }
      }
    }
    el.scrollIntoView({ block: "center" });
  }

  function fromHash() {
    var id = "";
    try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { id = location.hash.slice(1); }
    reveal(id);
  }

  document.addEventListener("click", function (ev) {
    var link = ev.target.closest ? ev.target.closest("a.src, sup.refs a") : null;
    if (!link) { return; }
    origin = link;
    if (back) { back.hidden = false; }
    var target = (link.getAttribute("href") || "").slice(1);
    if ("#" + target === location.hash) { ev.preventDefault(); reveal(target); }
  });

  if (back) {
    back.addEventListener("click", function () {
      back.hidden = true;
      if (origin) { origin.scrollIntoView({ block: "center" }); origin.focus(); }
    });
  }

  function setAll(open) {
    var boxes = document.querySelectorAll("details.article");
    for (var i = 0; i < boxes.length; i++) { boxes[i].open = open; }
  }
  var expand = document.getElementById("expand-all");
  var collapse = document.getElementById("collapse-all");
  if (expand) { expand.addEventListener("click", function () { setAll(true); }); }
  if (collapse) { collapse.addEventListener("click", function () { setAll(false); }); }

  // Print every article in full, then restore what the reader had open.
  window.addEventListener("beforeprint", function () {
    var boxes = document.querySelectorAll("details");
    for (var i = 0; i < boxes.length; i++) {
      boxes[i].setAttribute("data-was-open", boxes[i].open ? "1" : "0");
      boxes[i].open = true;
    }
  });
  window.addEventListener("afterprint", function () {
    var boxes = document.querySelectorAll("details[data-was-open]");
    for (var i = 0; i < boxes.length; i++) {
      boxes[i].open = boxes[i].getAttribute("data-was-open") === "1";
      boxes[i].removeAttribute("data-was-open");
    }
  });

  window.addEventListener("hashchange", fromHash);
  fromHash();
})();
