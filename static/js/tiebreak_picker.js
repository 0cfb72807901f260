// The tie-break picker of the event form (FIDE C.07: any tie-break, in any order).
// The text field stays the one the form sends; the picker shows its codes as a list to
// reorder and remove, and adds a code with one modifier.  Only the modifiers the chosen
// code takes are offered (each code's data-kinds: C cut, M median, F fore, L limit).
document.addEventListener("DOMContentLoaded", () => {
  const picker = document.querySelector("[data-tiebreak-picker]");
  const field = document.querySelector("input[name=tiebreaks]");
  if (!picker || !field) return;
  const chosen = picker.querySelector("[data-chosen]");
  const empty = picker.querySelector("[data-empty]");
  const code = picker.querySelector("select[data-code]");
  const modifier = picker.querySelector("select[data-modifier]");
  const add = picker.querySelector("button[data-add]");
  const text = (key, values) => window.swisswebText(key, values);

  const codes = () => field.value.split(",").map((c) => c.trim()).filter((c) => c !== "");
  const write = (list) => {
    field.value = list.join(",");
    field.dispatchEvent(new Event("input", { bubbles: true }));  // renders, marks it typed
  };
  const button = (label, text, action) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "secondary";
    b.textContent = text;
    b.setAttribute("aria-label", label);
    b.addEventListener("click", action);
    return b;
  };
  // The list is built again only when the codes changed: the form's change event (the
  // field losing focus as a button of the list is pressed) must not replace that button
  // between the press and the release, which would lose the click.
  let shown = null;
  const render = () => {
    if (field.value === shown) return;
    shown = field.value;
    const list = codes();
    chosen.replaceChildren();
    empty.hidden = list.length > 0;
    list.forEach((item, index) => {
      const li = document.createElement("li");
      const name = document.createElement("span");
      name.textContent = item;
      li.append(name);
      const move = (to) => () => {
        const next = codes();
        [next[index], next[to]] = [next[to], next[index]];
        write(next);
      };
      if (index > 0) li.append(button(text("moveUp", { code: item }), "↑", move(index - 1)));
      if (index < list.length - 1) li.append(button(text("moveDown", { code: item }), "↓", move(index + 1)));
      const remove = () => write(codes().filter((_, i) => i !== index));
      li.append(button(text("remove", { code: item }), "✕", remove));
      chosen.append(li);
    });
  };
  const offerModifiers = () => {
    const kinds = code.selectedOptions[0] ? code.selectedOptions[0].dataset.kinds : "";
    for (const option of modifier.options) {
      option.hidden = option.disabled = option.value !== "" && !kinds.includes(option.value[0]);
    }
    if (modifier.selectedOptions[0] && modifier.selectedOptions[0].disabled) modifier.value = "";
  };
  code.addEventListener("change", offerModifiers);
  add.addEventListener("click", () => {
    const item = modifier.value ? `${code.value}-${modifier.value}` : code.value;
    const list = codes();
    if (!list.some((c) => c.toUpperCase() === item.toUpperCase())) write([...list, item]);
  });
  field.addEventListener("input", render);
  // The new-event form sets the field to the chosen system's defaults.
  if (field.form) field.form.addEventListener("change", () => setTimeout(render, 0));
  picker.hidden = false;
  offerModifiers();
  render();
});
