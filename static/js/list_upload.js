// The rating list form: the national list's name and columns only for a national list
// (without JavaScript every field is shown).
document.addEventListener("DOMContentLoaded", () => {
  const form = document.querySelector("form[data-list-upload]");
  if (!form) return;
  const kind = form.querySelector("select[name=kind]");
  const show = () => {
    for (const row of form.querySelectorAll("[data-national]")) {
      row.hidden = kind.value !== "national";
    }
  };
  kind.addEventListener("change", show);
  show();
});
