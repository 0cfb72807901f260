// The draft review's reasons one click away (issue 36): each board's "?" and each
// bracket's "N steps" link opens the engine's steps in a row under it, fetched from the
// round's "why" page as a fragment, and closes it again on a second click.  Without
// JavaScript the links lead to that page.
// Each pairing number picks its player for the swap form: the first click fills the
// first field, the second the other (a third starts again); the picked numbers are
// marked, and the form says what is picked.  Without JavaScript the numbers are links
// to the page with the fields filled (?swap=A&swap=B).
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

  const text = (key, values) => window.swisswebText(key, values);

  function swapFields() {
    const form = document.getElementById("swap");
    if (!form) return null;
    return {
      first: form.elements.namedItem("first_no"),
      second: form.elements.namedItem("second_no"),
      button: form.querySelector("button[type=submit]"),
      state: form.querySelector(".swap-state"),
    };
  }

  // The picked numbers marked in the table, and said beside the form.
  function showPicked() {
    const fields = swapFields();
    if (!fields) return;
    const first = fields.first.value.trim();
    const second = fields.second.value.trim();
    for (const link of document.querySelectorAll("table.draft a.picked")) {
      link.classList.remove("picked");
      link.removeAttribute("aria-current");
    }
    for (const link of document.querySelectorAll("table.draft a[href*='swap=']")) {
      const number = link.textContent.trim();
      if (number && (number === first || number === second)) {
        link.classList.add("picked");
        link.setAttribute("aria-current", "true");
      }
    }
    fields.state.textContent =
      first && second ? text("swapReady", { first, second })
      : first ? text("swapFirst", { first })
      : "";
  }

  function pick(link) {
    const fields = swapFields();
    if (!fields) return false;
    const number = link.textContent.trim();
    const first = fields.first.value.trim();
    if (!first || fields.second.value.trim()) {
      fields.first.value = number;
      fields.second.value = "";
    } else if (number !== first) {
      fields.second.value = number;
    }
    showPicked();
    if (fields.first.value && fields.second.value) fields.button.focus();
    return true;
  }

  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link || !link.closest("table.draft")) return;
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    if (link.search.match(/[?&]boards?=/)) {
      event.preventDefault();
      toggle(link);
    } else if (link.search.match(/[?&]swap=/) && pick(link)) {
      event.preventDefault();
    }
  });

  // Numbers typed into the fields mark their players too.
  document.addEventListener("input", (event) => {
    if (event.target instanceof Element && event.target.closest("#swap")) showPicked();
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", showPicked);
  } else {
    showPicked();
  }
})();
