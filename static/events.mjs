// What a person does, as values for the page's Python (allfives/web/paint/
// events.py): the Python says where to listen (a Listen: an event kind at
// the elements a selector matches), this listens once per kind on the
// document and sends each event as JSON naming the element's hook (its id
// and data attributes), a field's value, a key, a form's fields. No DOM
// object crosses, so the Python that answers can run in a worker.
//
// Whether the browser's default is prevented is decided here, when the event
// happens, from the Listen (prevent; prevent_when: while the page has a match
// for a selector, which the Python's frames set).
//
// Until the page's Python runs in a worker, index.html loads this module
// before Python starts and the Python calls globalThis.allfivesEvents.

const TYPING = new Set(["INPUT", "TEXTAREA", "SELECT"]);
const BUBBLING = new Set(["click", "keydown", "keyup", "input", "change", "submit", "pointerdown",
                          "pointermove", "pointerup", "pointercancel", "dragover", "drop",
                          "focusin", "focusout", "contextmenu"]);
const listens = new Map(); // kind -> [Listen, ...] in the order they came
let deliver = () => {};

// Where events go: a function taking the event's JSON.
export function connect(send) {
  deliver = send;
}

function hook(el) {
  return el ? { id: el.id || "", data: { ...el.dataset } } : { id: "", data: {} };
}

function described(listen, evt, at) {
  const out = { kind: listen.kind, selector: listen.selector, at: hook(at) };
  if ("value" in at && TYPING.has(at.tagName)) out.value = String(at.value);
  if (at.type === "checkbox" || at.type === "radio") out.checked = at.checked;
  if (evt instanceof KeyboardEvent) {
    out.key = evt.key;
    out.shift = evt.shiftKey;
  }
  if (evt.type === "submit" && at instanceof HTMLFormElement) {
    out.fields = [...new FormData(at).entries()]
      .filter(([, value]) => typeof value === "string");
  }
  out.focus = hook(document.activeElement === document.body ? null : document.activeElement);
  return out;
}

function passes(listen, evt) {
  if (listen.keys.length && !listen.keys.includes(evt.key)) return false;
  if (listen.plain && (evt.ctrlKey || evt.metaKey || evt.altKey || evt.defaultPrevented ||
                       TYPING.has(evt.target?.tagName))) return false;
  return !(listen.unless && document.querySelector(listen.unless));
}

// How deep an element lies: the nearer the target, the sooner it answers, as
// listeners on the elements themselves would in the event's bubbling.
function depth(el) {
  let n = 0;
  for (let node = el; node; node = node.parentElement) n += 1;
  return n;
}

function heard(evt) {
  const target = evt.target instanceof Element ? evt.target : null;
  const matched = [];
  for (const listen of listens.get(evt.type) ?? []) {
    const at = target?.closest(listen.selector);
    if (at) matched.push([depth(at), matched.length, listen, at]);
  }
  matched.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, , listen, at] of matched) {
    if (!passes(listen, evt)) continue;
    if (listen.prevent || (listen.prevent_when && document.querySelector(listen.prevent_when))) {
      evt.preventDefault();
    }
    deliver(JSON.stringify(described(listen, evt, at)));
  }
}

// One Listen (events.Listen.to_json), as JSON text.
export function listen(text) {
  const one = JSON.parse(text);
  if (!listens.has(one.kind)) {
    listens.set(one.kind, []);
    // events that bubble are heard as they reach the document; the others
    // (a dialog's close and cancel, focus) on their way down to the target
    document.addEventListener(one.kind, heard, { capture: !BUBBLING.has(one.kind) });
  }
  listens.get(one.kind).push(one);
}

globalThis.allfivesEvents = { connect, listen };
