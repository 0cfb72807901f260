// The check-in desk (issue 34): the list narrows as the arbiter types a name, and Enter
// marks the one player left present (with several left, it moves to the first one's
// button).  Without this script the search box is a plain search on the server.
(() => {
  "use strict";
  const search = document.querySelector("[data-check-in-search]");
  const list = document.getElementById("ci-list");
  if (!search || !list) return;

  // As the server's name search compares names: letters Unicode does not
  // decompose are written as their base letters, then accents are dropped.
  const LETTERS = { "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ł": "l", "þ": "th", "ð": "d", "ı": "i", "ħ": "h" };
  const key = (text) =>
    text
      .toLowerCase()
      .replace(/[øæœßđłþðıħ]/g, (letter) => LETTERS[letter])
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "");
  const words = () => key(search.value).replace(/,/g, " ").split(/\s+/).filter(Boolean);

  function visible() {
    return [...list.querySelectorAll("li[id]")].filter((row) => !row.hidden);
  }

  function filter() {
    const wanted = words();
    for (const row of list.querySelectorAll("li[id]")) {
      const name = row.querySelector("span");
      const text = key(name ? name.textContent : "");
      row.hidden = !wanted.every((word) => text.includes(word));
    }
  }

  search.addEventListener("input", filter);
  search.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const rows = visible();
    const waiting = rows.filter((row) => !row.classList.contains("here"));
    if (rows.length === 1 && waiting.length === 1) {
      waiting[0].querySelector("button[name=player]").click();
      search.value = "";
      filter();
      search.focus();
    } else if (rows.length > 0) {
      const first = rows[0].querySelector("button");
      if (first) first.focus();
    }
  });
  filter();
})();
