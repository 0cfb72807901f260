// Registering a player found in a rating list: "Use" fills the add-player form with the
// list's name, title, federation, sex, birth year and ratings with the ID: FIDE's list
// fills FIDE's three ratings (standard, rapid, blitz) and FIDE ID, a national list its
// rating of the event's rate of play (the form's data-rate-of-play) as the national
// rating, the national ID and the list's name (#35), never a FIDE rating.  The arbiter checks the form and adds the player.
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
  const kind = ["standard", "rapid", "blitz"].includes(form.dataset.rateOfPlay)
    ? form.dataset.rateOfPlay
    : "standard";
  set("name", data.name);
  set("federation", data.federation);
  set("sex", data.sex);
  set("birth_year", data.birthYear);
  set("title", data.title);
  if (data.listKind === "fide") {
    set("fide_standard", data.standard || "0");
    set("fide_rapid", data.rapid || "0");
    set("fide_blitz", data.blitz || "0");
    set("fide_id", data.id);
  } else {
    set("national_rating", data[kind] || "0");
    set("national_id", data.id);
    set("national_list", data.listName);
    if (data.fideId) set("fide_id", data.fideId);
  }
  const name = form.querySelector("[name=name]");
  if (name) name.focus();
});
