// The new-event form (#20).  Each system's defaults come from the page, which takes them
// from the engine's registry: nothing here names a system.
// - Acceleration: ticked for a system whose text accelerates rounds 1 and 2 (the
//   select's data-accelerating), until the arbiter sets the box by hand.
// - Tie-breaks: the chosen system's default (the field's data-system-defaults), until
//   the arbiter types his own.
// - Options: only those the chosen system reads are shown (each option's data-systems);
//   without JavaScript every option is shown, with the systems that read it.
// - Slug: made from the name as it is typed, until the arbiter types a slug.
document.addEventListener("DOMContentLoaded", () => {
  const form = document.querySelector("form[data-new-event]");
  if (!form) return;
  const system = form.querySelector("select[name=system]");
  if (!system) return;
  const acceleration = form.querySelector("input[name=acceleration]");
  const tiebreaks = form.querySelector("input[name=tiebreaks]");
  const name = form.querySelector("input[name=name]");
  const slug = form.querySelector("input[name=slug]");
  const accelerating = (system.dataset.accelerating || "").split(" ");
  const defaults = tiebreaks ? JSON.parse(tiebreaks.dataset.systemDefaults || "{}") : {};

  let accelerationTouched = false;
  if (acceleration) acceleration.addEventListener("change", () => { accelerationTouched = true; });
  let tiebreaksTouched = false;
  if (tiebreaks) tiebreaks.addEventListener("input", () => { tiebreaksTouched = true; });

  const showOptions = () => {
    for (const option of form.querySelectorAll("[data-systems]")) {
      option.hidden = !option.dataset.systems.split(" ").includes(system.value);
    }
  };
  system.addEventListener("change", () => {
    if (acceleration && !accelerationTouched) {
      acceleration.checked = accelerating.includes(system.value);
    }
    if (tiebreaks && !tiebreaksTouched && system.value in defaults) {
      tiebreaks.value = defaults[system.value];
    }
    showOptions();
  });
  showOptions();

  if (name && slug) {
    // Django's slugify: ASCII letters, digits, "_" and "-"; spaces and dashes to one "-".
    const slugify = (text) => text.normalize("NFKD").replace(/[^\x00-\x7f]/g, "")
      .toLowerCase().replace(/[^\w\s-]/g, "").replace(/[-\s]+/g, "-")
      .replace(/^[-_]+|[-_]+$/g, "").slice(0, 70);
    let slugTouched = slug.value !== "";
    slug.addEventListener("input", () => { slugTouched = slug.value !== ""; });
    name.addEventListener("input", () => {
      if (!slugTouched) slug.value = slugify(name.value);
    });
  }
});
