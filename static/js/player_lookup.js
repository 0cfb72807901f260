// Registering a player found in a rating list: "Use" fills the add-player form with the
// list's name, rating, title, federation, sex, birth year and ID (FIDE ID from FIDE's list, national
// ID from a national one).  The arbiter checks the form and adds the player.
document.addEventListener("click", (event) => {
  const chosen = event.target.closest("[data-lookup-player]");
  if (!chosen) return;
  const form = document.querySelector("form[data-player-add]");
  if (!form) return;
  const data = chosen.dataset;
  const set = (name, value) => {
    const field = form.querySelector(`[name=${name}]`);
    if (field) field.value = value;
  };
  set("name", data.name);
  set("rating", data.rating || "0");
  set("title", data.title);
  set("federation", data.federation);
  set("sex", data.sex);
  set("birth_year", data.birthYear);
  set("fide_id", data.listKind === "fide" ? data.id : "");
  set("national_id", data.listKind === "fide" ? "" : data.id);
  const name = form.querySelector("[name=name]");
  if (name) name.focus();
});
