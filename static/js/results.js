// Keyboard result entry that cannot lose a result (issue 20).
//
// Type 1, 0, =, + or - (or --) in a board's field and press Enter.  The cursor moves to
// the next board without a result at once, before the server answers, so fast typing
// never lands in the wrong field.  Each board keeps its own queue: the value typed last
// is the one saved, one request at a time, each with the version the previous save
// returned.  Every row says "saving", "saved" or "refused: why"; a refused result stays
// in its field with the reason beside it.  When the server cannot be reached (or answers
// with an error page), the save is retried with a growing pause until it goes through,
// and leaving the page while anything is unsaved asks first.  Without JavaScript the form
// posts as a normal form.
(() => {
  "use strict";

  const KEYS = new Set(["1", "0", "=", "+", "-", "--", "1-0", "0-1", "1/2", "+-", "-+", "adj", ""]);
  const queues = new Map();

  const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

  function show(row, kind, text) {
    const cell = row.querySelector(".save-state");
    row.dataset.save = kind;
    if (cell) {
      cell.dataset.state = kind;
      cell.textContent = text;
    }
  }

  function nextEmpty(row) {
    for (let next = row.nextElementSibling; next; next = next.nextElementSibling) {
      const input = next.querySelector("input[name=result]");
      if (input && !input.value) return input;
    }
    return null;
  }

  function queueFor(form) {
    const id = form.dataset.game;
    if (!queues.has(id)) {
      queues.set(id, { busy: false, next: null, version: form.elements.version.value });
    }
    return queues.get(id);
  }

  async function post(form, value, version) {
    const token = form.elements.csrfmiddlewaretoken.value;
    const body = new URLSearchParams({ csrfmiddlewaretoken: token, result: value, version });
    const response = await fetch(form.action, {
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

  async function pump(form, queue) {
    const row = form.closest("tr");
    const input = form.elements.result;
    queue.busy = true;
    while (queue.next !== null) {
      const value = queue.next;
      queue.next = null;
      let pause = 400;
      for (;;) {
        let answer;
        try {
          answer = await post(form, value, queue.version);
        } catch (_) {
          answer = { status: 0, data: null };
        }
        const data = answer.data;
        if (data !== null) {
          queue.version = String(data.version);
          form.elements.version.value = queue.version;
          if (queue.next === null) {
            if (data.ok) {
              if (input.value.trim() === value) input.value = data.result;
              show(row, "saved", "saved");
            } else {
              show(row, "refused", "refused: " + data.error);
            }
          }
          break;
        }
        if (answer.status === 401 || answer.status === 403) {
          show(row, "refused", "not saved: sign in again in another tab, then press Enter here");
          break;
        }
        const why = answer.status ? "the server answered " + answer.status : "no connection";
        show(row, "retrying", "not saved yet (" + why + "); trying again");
        await sleep(pause);
        pause = Math.min(pause * 2, 8000);
      }
    }
    queue.busy = false;
  }

  function enter(form) {
    const row = form.closest("tr");
    const input = form.elements.result;
    const value = input.value.trim();
    if (!KEYS.has(value)) {
      show(row, "refused", "refused: type 1, 0, =, + or - (forfeits), -- (double forfeit)");
      input.select();
      return false;
    }
    const queue = queueFor(form);
    queue.next = value;
    show(row, "saving", "saving…");
    if (!queue.busy) pump(form, queue);
    return true;
  }

  document.addEventListener(
    "keydown",
    (event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || input.name !== "result") return;
      const form = input.form;
      if (event.key !== "Enter" || !form || !form.classList.contains("result-form")) return;
      event.preventDefault();
      if (!enter(form)) return;
      const next = nextEmpty(form.closest("tr"));
      if (next) next.focus();
    },
    true,
  );

  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.classList.contains("result-form")) return;
      event.preventDefault();
      enter(form);
    },
    true,
  );

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
