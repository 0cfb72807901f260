// Keyboard result entry that cannot lose a result (issue 20).
//
// Type 1, 0, =, + or - (or --) in a board's field and press Enter.  The cursor moves to
// the next board without a result at once, before the server answers, so fast typing
// never lands in the wrong field.  Each board keeps its own queue: the value typed last
// is the one saved, one request at a time, each with the version the previous save
// returned.  Every row says "saving", "saved" or "refused: why"; a refused result stays
// in its field with the reason beside it.  When the server cannot be reached (or answers
// with an error page), the save is retried with a growing pause until it goes through,
// and leaving the page while anything is unsaved asks first.  Without JavaScript the
// table is one form that saves every changed board at once.
//
// The table is kept small (a budget of 200 KB at 1,000 players): one CSRF token for the
// page, each board's field named g<game id>v<version shown>, and the state text added
// only when there is something to say.
//
// A save the server refuses (someone else changed the board, a correction not
// confirmed, ...) blocks that board (issue 36): Enter there saves nothing more, so a
// result typed in a tab opened before another arbiter's entry never overwrites it.  The
// arbiter reloads the page, or presses the row's "save it anyway" button, which saves
// the value over the board as it is now.  Each state change is announced to the page
// as a "swissweb:save" event on the row (static/js/board_entry.js counts the saves
// pending and the boards still missing); window.swisswebResults.enter(field) saves a
// field as Enter there does.
(() => {
  "use strict";

  // A draw may be typed as it is written (#36): ½, ½-½, 1/2, 0.5 or 0,5.
  const KEYS = new Set([
    "1", "0", "=", "+", "-", "--", "1-0", "0-1", "1/2", "+-", "-+", "adj", "",
    "½", "½-½", "0.5", "0,5", "0.5-0.5", "0,5-0,5", "1/2-1/2",
  ]);
  const queues = new Map();
  const text = (key, values) => window.swisswebText(key, values);

  const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

  const FIELD = /^g(\d+)v(\d+)$/;

  function show(row, kind, text) {
    let cell = row.querySelector(".save-state");
    if (!cell) {
      const input = row.querySelector("input");
      if (!input) return;
      cell = document.createElement("span");
      cell.className = "save-state";
      cell.setAttribute("aria-live", "polite");
      input.after(cell);
    }
    row.dataset.save = kind;
    cell.dataset.state = kind;
    cell.textContent = text;
    const button = row.querySelector("button.overwrite");
    if (button && kind !== "refused") button.remove();
    row.dispatchEvent(new CustomEvent("swissweb:save", { bubbles: true, detail: { kind } }));
  }

  function offerOverwrite(row, input, queue) {
    if (row.querySelector("button.overwrite")) return;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "overwrite";
    button.textContent = text("overwrite");
    button.addEventListener("click", () => {
      if (!queue.blocked) return;
      queue.version = queue.blocked.version;
      input.name = "g" + queue.id + "v" + queue.version;
      queue.blocked = null;
      button.remove();
      enter(input);
      input.focus();
    });
    row.querySelector(".save-state").after(button);
  }

  function resultField(element) {
    if (!(element instanceof HTMLInputElement) || !FIELD.test(element.name)) return null;
    const form = element.form;
    return form && form.classList.contains("results-form") ? element : null;
  }

  function nextEmpty(row) {
    for (let next = row.nextElementSibling; next; next = next.nextElementSibling) {
      const input = next.querySelector("input");
      if (input && resultField(input) && !input.value) return input;
    }
    return null;
  }

  function queueFor(input) {
    const [, id, version] = FIELD.exec(input.name);
    if (!queues.has(id)) {
      queues.set(id, { id, busy: false, next: null, version, blocked: null });
    }
    return queues.get(id);
  }

  async function post(input, id, value, version) {
    const form = input.form;
    const token = form.elements.csrfmiddlewaretoken.value;
    const url = form.dataset.resultUrl.replace("/games/0/", "/games/" + id + "/");
    const body = new URLSearchParams({ csrfmiddlewaretoken: token, result: value, version });
    // A correction of a round that a later round rests on: the page opened with
    // ?correct=1 (the arbiter's confirmation) carries confirm=1, sent with each result;
    // without it the server refuses the correction (409, "confirm": true).
    const confirm = form.elements.namedItem("confirm");
    if (confirm instanceof HTMLInputElement && confirm.value === "1") body.set("confirm", "1");
    const response = await fetch(url, {
      method: "POST",
      body,
      credentials: "same-origin",
      headers: { Accept: "application/json", "X-CSRFToken": token },
    });
    let data = null;
    try {
      data = await response.json();
    } catch (_) {
      data = null;
    }
    return { status: response.status, data };
  }

  async function pump(input, queue) {
    const row = input.closest("tr");
    queue.busy = true;
    while (queue.next !== null) {
      const value = queue.next;
      queue.next = null;
      let pause = 400;
      for (;;) {
        let answer;
        try {
          answer = await post(input, queue.id, value, queue.version);
        } catch (_) {
          answer = { status: 0, data: null };
        }
        const data = answer.data;
        if (data !== null && data.ok) {
          queue.version = String(data.version);
          input.name = "g" + queue.id + "v" + queue.version;
          if (queue.next === null) {
            if (input.value.trim() === value) input.value = data.shown ?? data.result;
            show(row, "saved", text("saved"));
          }
          break;
        }
        if (data !== null) {
          // Refused: the board keeps the version this page knew, and is blocked (above);
          // a value typed meanwhile is not sent.
          queue.blocked = { version: String(data.version) };
          queue.next = null;
          show(row, "refused", text("refused", { why: data.error }));
          offerOverwrite(row, input, queue);
          break;
        }
        if (answer.status === 401 || answer.status === 403) {
          show(row, "refused", text("signIn"));
          break;
        }
        const why = answer.status
          ? text("serverAnswered", { status: answer.status })
          : text("noConnection");
        show(row, "retrying", text("retrying", { why }));
        await sleep(pause);
        pause = Math.min(pause * 2, 8000);
      }
    }
    queue.busy = false;
  }

  function enter(input) {
    const row = input.closest("tr");
    const value = input.value.trim();
    if (!KEYS.has(value)) {
      show(row, "refused", text("badKey"));
      input.select();
      return false;
    }
    const queue = queueFor(input);
    if (queue.blocked) {
      show(row, "refused", text("blocked"));
      offerOverwrite(row, input, queue);
      return false;
    }
    queue.next = value;
    show(row, "saving", text("saving"));
    if (!queue.busy) pump(input, queue);
    return true;
  }

  document.addEventListener(
    "keydown",
    (event) => {
      const input = resultField(event.target);
      if (event.key !== "Enter" || !input) return;
      event.preventDefault();
      if (!enter(input)) return;
      const next = nextEmpty(input.closest("tr"));
      if (next) next.focus();
    },
    true,
  );

  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.classList.contains("results-form")) return;
      event.preventDefault();
      const input = resultField(document.activeElement);
      if (input) enter(input);
    },
    true,
  );

  window.swisswebResults = {
    enter,
    pending: () => [...queues.values()].filter((q) => q.busy || q.next !== null).length,
  };

  window.addEventListener("beforeunload", (event) => {
    for (const queue of queues.values()) {
      if (queue.busy || queue.next !== null) {
        event.preventDefault();
        event.returnValue = "";
        return;
      }
    }
  });
})();
