// When an htmx request fails (an error status, or no connection), the element keeps
// what it showed and a note beside it says so, instead of being replaced by an error
// page (issue 21).  The note goes away with the element's next successful swap.
(() => {
  "use strict";

  function notes(id) {
    return document.querySelectorAll('.stale-note[data-for="' + CSS.escape(id) + '"]');
  }

  function failed(event, why) {
    const element = event.detail && event.detail.elt;
    if (!(element instanceof Element) || !element.id) return;
    let line = notes(element.id)[0];
    if (!line) {
      line = document.createElement("p");
      line.className = "stale-note";
      line.dataset.for = element.id;
      line.setAttribute("role", "status");
      element.before(line);
    }
    const at = new Date().toLocaleTimeString(document.documentElement.lang || [], { hour: "2-digit", minute: "2-digit" });
    line.textContent = window.swisswebText("refreshFailed", { time: at, why });
  }

  document.addEventListener("htmx:responseError", (event) => {
    const status = event.detail && event.detail.xhr ? event.detail.xhr.status : 0;
    failed(event, window.swisswebText("serverAnswered", { status }));
  });
  document.addEventListener("htmx:sendError", (event) => failed(event, window.swisswebText("noConnection")));
  document.addEventListener("htmx:afterSwap", (event) => {
    const element = event.detail && event.detail.elt;
    if (element instanceof Element && element.id) notes(element.id).forEach((n) => n.remove());
  });
})();
