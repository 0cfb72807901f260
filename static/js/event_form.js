// The new-event form: the SB-ordered Swiss accelerates rounds 1 and 2 by its text, so
// choosing `sb` ticks "Acceleration" and choosing another system unticks it again, until
// the arbiter sets the box by hand (then it is left as he set it).
document.addEventListener("DOMContentLoaded", () => {
  const form = document.querySelector("form[data-new-event]");
  if (!form) return;
  const system = form.querySelector("select[name=system]");
  const acceleration = form.querySelector("input[name=acceleration]");
  if (!system || !acceleration) return;
  let touched = false;
  acceleration.addEventListener("change", () => { touched = true; });
  system.addEventListener("change", () => {
    if (!touched) acceleration.checked = system.value === "sb";
  });
});
