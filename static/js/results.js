// Keyboard-first result entry: type 1, 0, =, + or - and press Enter; after the board's
// row comes back from the server, the cursor moves to the next board without a result.
document.addEventListener("htmx:afterSwap", (event) => {
  const row = event.detail.target;
  if (!row || !row.matches || !row.matches("tr.board")) return;
  if (row.querySelector(".error")) {
    const input = row.querySelector("input[name=result]");
    if (input) { input.focus(); input.select(); }
    return;
  }
  let next = row.nextElementSibling;
  while (next) {
    const input = next.querySelector("input[name=result]");
    if (input && !input.value) { input.focus(); return; }
    next = next.nextElementSibling;
  }
});
