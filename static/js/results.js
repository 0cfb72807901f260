// Keyboard-first result entry: type 1, 0, =, + or - and press Enter; once the board's
// row comes back from the server, the cursor moves to the next board without a result
// (or stays on the row, text selected, when the server refused the entry).
document.addEventListener("htmx:afterSettle", (event) => {
  const id = event.detail.target && event.detail.target.id;
  if (!id || !id.startsWith("board-")) return;
  const row = document.getElementById(id);
  if (!row) return;
  const own = row.querySelector("input[name=result]");
  if (row.querySelector(".error")) {
    if (own) { own.focus(); own.select(); }
    return;
  }
  let next = row.nextElementSibling;
  while (next) {
    const input = next.querySelector("input[name=result]");
    if (input && !input.value) { input.focus(); return; }
    next = next.nextElementSibling;
  }
});
