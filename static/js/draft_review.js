// The draft review's reasons one click away (issue 36): each board's "?" and each
// bracket's "N steps" link opens the engine's steps in a row under it, fetched from the
// round's "why" page as a fragment, and closes it again on a second click.  Without
// JavaScript the links lead to that page.
(() => {
  "use strict";

  function toggle(link) {
    const row = link.closest("tr");
    const open = row.nextElementSibling;
    if (open && open.classList.contains("why-row")) {
      open.remove();
      link.setAttribute("aria-expanded", "false");
      return;
    }
    const panel = document.createElement("tr");
    panel.className = "why-row";
    const cell = document.createElement("td");
    cell.colSpan = 14;
    cell.textContent = "…";
    panel.append(cell);
    row.after(panel);
    link.setAttribute("aria-expanded", "true");
    fetch(link.href, { credentials: "same-origin", headers: { "HX-Request": "true" } })
      .then((response) => {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      })
      .then((html) => {
        // The server's own template, every value escaped there.
        cell.innerHTML = html;
      })
      .catch(() => {
        cell.textContent = "";
        const away = document.createElement("a");
        away.href = link.href;
        away.textContent = link.href;
        cell.append(away);
      });
  }

  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link || !link.closest("table.draft") || !link.search.match(/[?&]boards?=/)) return;
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    toggle(link);
  });
})();
