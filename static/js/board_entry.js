// Results by board number (issue 36): the arbiter types "17 1", "17=", "17 ½", "17+",
// ... in one box and presses Enter; the box finds board 17's row, puts the result in its
// field and saves it as Enter in that field does (static/js/results.js: one save at a
// time per board, the version the page showed, a refused save blocking the board).
// The box stays focused and empty for the next slip.  Beside it, the number of saves
// still pending; under it, the boards without a result, each a link to its row, the
// list shrinking as results are saved.
(() => {
  "use strict";

  const text = (key, values) => window.swisswebText(key, values);

  // What may follow the board number, and the key of results.js it stands for.
  const RESULTS = new Map([
    ["1", "1"], ["1-0", "1"], ["1:0", "1"],
    ["0", "0"], ["0-1", "0"], ["0:1", "0"],
    ["=", "="], ["½", "="], ["1/2", "="], ["0.5", "="], ["0,5", "="], ["½-½", "="],
    ["1/2-1/2", "="], ["+", "+"], ["+-", "+"], ["+:-", "+"], ["-", "-"], ["-+", "-"],
    ["-:+", "-"], ["--", "--"], ["-:-", "--"],
  ]);

  // "17 1" -> {board: 17, key: "1"}; {error} when it cannot be read.
  function parseEntry(typed) {
    const found = /^\s*(\d{1,5})\s*(.*?)\s*$/.exec(typed);
    if (!found) return { error: "boxBadBoard" };
    const key = RESULTS.get(found[2].replace(/\s+/g, ""));
    if (key === undefined) return { error: "boxBadResult", board: Number(found[1]) };
    return { board: Number(found[1]), key };
  }
  window.swisswebParseEntry = parseEntry;

  function rowsByBoard(form) {
    const rows = new Map();
    for (const row of form.querySelectorAll("tr.board")) {
      rows.set(Number(row.cells[0].textContent.trim()), row);
    }
    return rows;
  }

  function start() {
    const box = document.getElementById("board-entry");
    const form = document.querySelector("form.results-form");
    if (!box || !form || !window.swisswebResults) return;
    const panel = box.closest(".board-entry");
    const state = panel.querySelector(".board-entry-state");
    const pending = panel.querySelector("[data-pending]");
    const missing = document.querySelector(".missing");
    const rows = rowsByBoard(form);
    panel.hidden = false;

    const say = (kind, sentence) => {
      state.dataset.state = kind;
      state.textContent = sentence;
    };
    const count = () => {
      pending.textContent = text("pending", { count: window.swisswebResults.pending() });
    };
    count();

    function refreshMissing(row) {
      if (!missing) return;
      const input = row.querySelector("input");
      const link = missing.querySelector(`a[href="#${row.id}"]`);
      if (input && input.value.trim() && link) link.remove();
      const left = missing.querySelectorAll(".missing-boards a").length;
      missing.querySelector(".missing-count").textContent =
        left ? text("missing", { count: left }) : text("missingNone");
    }

    document.addEventListener("swissweb:save", (event) => {
      const row = event.target;
      setTimeout(count, 0);
      if (event.detail.kind === "saved") refreshMissing(row);
    });

    box.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      const typed = box.value;
      if (!typed.trim()) return;
      const entry = parseEntry(typed);
      if (entry.error) {
        say("refused", text(entry.error, { board: entry.board }));
        return;
      }
      const row = rows.get(entry.board);
      const input = row ? row.querySelector("input") : null;
      if (!input) {
        say("refused", text(row ? "boxBye" : "boxNoBoard", { board: entry.board }));
        return;
      }
      row.scrollIntoView({ block: "nearest" });
      // A blocked board keeps the value in its field, unsent, for "Save it anyway".
      input.value = entry.key;
      if (!window.swisswebResults.enter(input)) {
        say("refused", text("boxBlocked", { board: entry.board }));
        return;
      }
      say("saving", text("boxSaving", { board: entry.board, result: entry.key }));
      box.value = "";
      count();
    });

    // A missing board's link: to its row, the cursor in its field.
    if (missing) {
      missing.addEventListener("click", (event) => {
        const link = event.target instanceof Element ? event.target.closest("a") : null;
        const row = link ? document.getElementById(link.hash.slice(1)) : null;
        const input = row ? row.querySelector("input") : null;
        if (!input) return;
        event.preventDefault();
        row.scrollIntoView({ block: "center" });
        input.focus();
      });
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
