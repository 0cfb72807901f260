// A searchable player field (#36 item 4): as the arbiter types a pairing number or a name,
// the server's short list of players (at most ten) shows under the field; arrow keys
// move in it, Enter or a click types the chosen player's "number. name" into the field
// and the player's id into the hidden field the form posts.  Typing again clears the
// id.  Without this script the field still takes a pairing number or a name.
(() => {
  const timers = new WeakMap();

  const listFor = (input) => {
    let list = input.parentElement.querySelector(".picker-list");
    if (!list) {
      list = document.createElement("div");
      list.className = "picker-list";
      list.setAttribute("aria-live", "polite");
      input.insertAdjacentElement("afterend", list);
    }
    return list;
  };

  const chosen = (input) => input.form?.querySelector(`input[type=hidden][name="${input.dataset.picks}"]`);

  const choose = (input, option) => {
    input.value = option.dataset.pick;
    const hidden = chosen(input);
    if (hidden) hidden.value = option.dataset.id;
    listFor(input).replaceChildren();
    input.focus();
  };

  const search = async (input) => {
    const url = new URL(input.dataset.playerPicker, window.location.href);
    url.searchParams.set("q", input.value);
    const response = await fetch(url, { headers: { "HX-Request": "true" } });
    if (!response.ok) return;
    const fragment = document.createRange().createContextualFragment(await response.text());
    listFor(input).replaceChildren(fragment);
  };

  document.addEventListener("input", (event) => {
    const input = event.target.closest("[data-player-picker]");
    if (!input) return;
    const hidden = chosen(input);
    if (hidden) hidden.value = "";
    clearTimeout(timers.get(input));
    timers.set(input, setTimeout(() => search(input), 200));
  });

  document.addEventListener("keydown", (event) => {
    const input = event.target.closest("[data-player-picker]");
    if (!input) return;
    const options = [...listFor(input).querySelectorAll("[data-pick]")];
    if (!options.length) return;
    const current = options.findIndex((o) => o.getAttribute("aria-selected") === "true");
    let next = current;
    if (event.key === "ArrowDown") next = Math.min(current + 1, options.length - 1);
    else if (event.key === "ArrowUp") next = Math.max(current - 1, 0);
    else if (event.key === "Enter" && current >= 0) {
      event.preventDefault();
      choose(input, options[current]);
      return;
    } else if (event.key === "Escape") {
      listFor(input).replaceChildren();
      return;
    } else return;
    event.preventDefault();
    options.forEach((o, i) => o.setAttribute("aria-selected", String(i === next)));
  });

  document.addEventListener("click", (event) => {
    const option = event.target.closest("[data-pick]");
    if (!option) return;
    const input = option.closest(".picker-list")?.previousElementSibling;
    if (input?.dataset.playerPicker !== undefined) choose(input, option);
  });
})();
