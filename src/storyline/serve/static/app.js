// storyline serve: the live "new since you last looked" marker, fed by the change stream.
// No build step, nothing from outside: EventSource, fetch, DOMParser and localStorage only.
(function () {
  "use strict";
  var SEEN = "storyline.seen.";          // + story id: when you last opened that story (ms)
  var VISIT = "storyline.index-visit";   // when you last opened the story list (ms)

  function load(key) {
    try { return Number(window.localStorage.getItem(key)) || 0; } catch (e) { return 0; }
  }
  function save(key, value) {
    try { window.localStorage.setItem(key, String(value)); } catch (e) { /* private mode: no marker */ }
  }
  function when(stamp) { var t = Date.parse(stamp || ""); return isNaN(t) ? 0 : t; }

  var list = document.getElementById("stories");
  var status = document.getElementById("live-status");
  var match = window.location.pathname.match(/^\/stories\/([A-Za-z0-9_-]+)$/);
  var storyId = match ? match[1] : null;
  var updatedHere = 0;

  function badge(item, text) {
    var mark = item.querySelector(".new-badge");
    if (!mark) { return; }
    mark.textContent = text;
    mark.hidden = false;
    item.classList.add("is-new");
  }

  if (list) {
    var lastVisit = load(VISIT);
    Array.prototype.forEach.call(list.querySelectorAll("li[data-id]"), function (item) {
      var since = Math.max(lastVisit, load(SEEN + item.getAttribute("data-id")));
      if (since && when(item.getAttribute("data-updated")) > since) { badge(item, "new"); }
    });
    save(VISIT, Date.now());
  }
  function linkBack() {
    var top = document.querySelector("header.story .wrap");
    if (top && !document.getElementById("back-to-index")) {
      var back = document.createElement("a");
      back.id = "back-to-index";
      back.href = "/";
      back.textContent = "← All stories";
      top.insertBefore(back, top.firstChild);
    }
  }
  function linkPeople() {
    // each person's or organisation's card links to their page across all stories
    Array.prototype.forEach.call(document.querySelectorAll("div.entity h4"), function (heading) {
      var name = heading.firstChild && heading.firstChild.nodeType === 3 ? heading.firstChild.nodeValue.trim() : "";
      if (!name || heading.querySelector("a.across")) { return; }
      var link = document.createElement("a");
      link.className = "across small";
      link.href = "/people/" + encodeURIComponent(name);
      link.textContent = " all stories →";
      heading.appendChild(link);
    });
  }
  if (storyId) {
    save(SEEN + storyId, Date.now());
    linkBack();
    linkPeople();
  }

  function storyItem(change) {
    var item = document.createElement("li");
    item.setAttribute("data-id", change.story_id);
    var link = document.createElement("a");
    link.className = "title";
    link.href = "/stories/" + encodeURIComponent(change.story_id);
    link.textContent = change.title || change.story_id;
    var mark = document.createElement("span");
    mark.className = "new-badge";
    mark.hidden = true;
    var line = document.createElement("div");
    line.className = "cite-line";
    var code = document.createElement("code");
    code.textContent = change.story_id;
    line.appendChild(code);
    item.appendChild(link);
    item.appendChild(document.createTextNode(" "));
    item.appendChild(mark);
    item.appendChild(line);
    return item;
  }

  function onIndex(change) {
    var item = list.querySelector('li[data-id="' + change.story_id + '"]');
    if (!item) {
      item = storyItem(change);
      var none = document.getElementById("no-stories");
      if (none) { none.remove(); }
    } else {
      var link = item.querySelector("a.title");
      if (link && change.title) { link.textContent = change.title; }
    }
    list.insertBefore(item, list.firstChild);  // the story just updated goes to the top
    item.setAttribute("data-updated", change.at);
    badge(item, change.created ? "new story" : "+" + change.new_articles + " new");
    updatedHere += 1;
    if (status) { status.textContent = updatedHere + " update" + (updatedHere === 1 ? "" : "s") + " since you opened this page"; }
  }

  function onStory(change) {
    if (change.story_id !== storyId) { return; }
    window.fetch(window.location.pathname, { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : Promise.reject(response.status); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html");
        ["header.story", "nav.toc", "main"].forEach(function (selector) {
          var now = document.querySelector(selector), next = fresh.querySelector(selector);
          if (now && next) { now.replaceWith(document.importNode(next, true)); }
        });
        linkBack();
        linkPeople();
        var note = document.getElementById("live-note");
        if (!note) {
          note = document.createElement("p");
          note.id = "live-note";
          note.className = "new-badge";
          note.setAttribute("role", "status");
          var header = document.querySelector("header.story .wrap");
          if (header) { header.appendChild(note); }
        }
        updatedHere += change.new_articles;
        note.textContent = updatedHere + " new article" + (updatedHere === 1 ? "" : "s") + " since you opened this page";
        save(SEEN + storyId, Date.now());
      })
      .catch(function () { /* the next change tries again */ });
  }

  if ((list || storyId) && window.EventSource) {
    var source = new EventSource("/api/changes/stream");
    source.addEventListener("story", function (event) {
      var change;
      try { change = JSON.parse(event.data); } catch (e) { return; }
      if (list) { onIndex(change); }
      if (storyId) { onStory(change); }
    });
  }
}());
