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
// index.html loads this module; static/main.mjs connects it to the page's
// worker, whose Python asks where to listen through it.

const TYPING = new Set(["INPUT", "TEXTAREA", "SELECT"]);
const BUBBLING = new Set(["click", "keydown", "keyup", "input", "change", "submit", "pointerdown",
                          "pointermove", "pointerup", "pointercancel", "dragover", "drop",
                          "focusin", "focusout", "contextmenu"]);
const listens = new Map(); // kind -> [Listen, ...] in the order they came
let deliver = () => {};
let sending = Promise.resolve(); // the events waiting for a file, in the order they happened
let reading = 0; // how many of them
const AT_ONCE = new Set(["click", "submit"]); // sent in the event's own task
const atPlaces = new Map(); // kind -> the Listens at ":window" or ":document"
const watchers = new Map(); // kind -> another module's watcher of its Listens (drag.mjs)

// Where events go: a function taking the event's JSON.
export function connect(send) {
  deliver = send;
}

// Another module watches Listens of ``kind`` (drag.mjs: "drag"): it is
// handed each, with a function that sends an event's JSON-able object.
export function watch(kind, watcher) {
  watchers.set(kind, watcher);
}

export function hook(el) {
  return el ? { id: el.id || "", data: { ...el.dataset } } : { id: "", data: {} };
}

// The fields of the form an event happened in (those with a name or an id),
// as they stand.
function controls(form) {
  return [...form.elements].filter((el) => (el.name || el.id) && TYPING.has(el.tagName))
    .map((el) => ({
    name: el.name, type: el.type || el.tagName.toLowerCase(), value: String(el.value),
    checked: el.checked === true, disabled: el.disabled === true, ...hook(el),
  }));
}

// The file chosen in a file field or dropped, taken while the event lasts
// (a drop's files are gone after it).
function chosenFile(evt, at) {
  const files = evt.type === "drop" ? evt.dataTransfer?.files : at.files;
  const file = files && files.length ? files[0] : null;
  if (file && at.type === "file") at.value = ""; // the same file may be chosen again
  return file;
}

// What the event says, read while it lasts.
function described(listen, evt, at) {
  const out = { kind: listen.kind, selector: listen.selector, at: hook(at) };
  if ("value" in at && TYPING.has(at.tagName) && at.type !== "file") out.value = String(at.value);
  if (at.type === "checkbox" || at.type === "radio") out.checked = at.checked;
  if (evt instanceof KeyboardEvent) {
    out.key = evt.key;
    out.shift = evt.shiftKey;
  }
  const form = at instanceof HTMLFormElement ? at : at.closest("form");
  if (form) out.form = controls(form);
  if (TYPING.has(evt.target?.tagName) && evt.target.name) out.field = evt.target.name;
  if (evt.type === "click" && evt.detail === 0) out.keyed = true; // a key made it
  // when it happened, in ms on the clock every thread of the page shares
  out.at_ms = performance.timeOrigin + evt.timeStamp;
  out.focus = hook(document.activeElement === document.body ? null : document.activeElement);
  return out;
}

// A file comes along as text when no longer than the Listen's file_limit
// (read here: a File cannot cross to a worker as text any other way), else
// by its name and size only.
async function withFile(out, file, limit) {
  if (file) {
    const text = file.size <= limit ? await file.text() : null;
    out.file = { name: file.name, size: file.size, text };
  }
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

// An event on its way: sent at once, in the event's own task, unless a file is being read
// for an earlier one: then after it, in the order they happened. An event
// other than a click or a submit goes a moment later (``later``: once the
// listeners on its element have run, as when the Python listened there).
function send(out, file = null, limit = 0, later = false) {
  if (!file && !later && reading === 0) {
    deliver(JSON.stringify(out));
    return;
  }
  reading += 1;
  sending = sending.then(() => withFile(out, file, limit))
    .then((value) => deliver(JSON.stringify(value)))
    .catch((error) => console.error("allfives: an event was lost:", error))
    .finally(() => { reading -= 1; });
}

// What happens to the window or the document itself (a Listen's selector
// ":window" or ":document"): another window's storage written (its key, ""
// when storage was cleared; its new value, none when removed), the page
// hidden or shown again (the document's visibilityState), the window
// resized, an answer to a question the Python asked (static/paint.mjs), a
// write of the Python's not done (static/storage.mjs).
function heardAt(evt) {
  const place = evt.currentTarget === window ? ":window" : ":document";
  for (const listen of atPlaces.get(evt.type) ?? []) {
    if (listen.selector !== place) continue;
    const out = { kind: listen.kind, selector: listen.selector };
    if (evt instanceof StorageEvent) {
      out.key = evt.key ?? "";
      if (typeof evt.newValue === "string") out.value = evt.newValue; // none: removed
    }
    if (evt.type === "visibilitychange") out.value = document.visibilityState;
    if (evt.type === "allfives-answer") { // static/paint.mjs's answer to a question
      out.key = String(evt.detail.id);
      out.value = String(evt.detail.value);
    }
    if (evt.type === "allfives-refused") { // static/storage.mjs's write not done
      out.key = String(evt.detail.key);
      if (typeof evt.detail.value === "string") out.value = evt.detail.value; // none: nothing kept
      out.checked = evt.detail.full === true; // the browser refused it (else: another window wrote)
    }
    send(out);
  }
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
    if (!listen.send) continue;
    send(described(listen, evt, at), listen.file_limit > 0 ? chosenFile(evt, at) : null,
         listen.file_limit, !AT_ONCE.has(evt.type));
  }
}

// A "size" Listen: the elements its selector matches now are watched, and
// each change of their box is sent: exactly (getBoundingClientRect) and in
// whole pixels (clientWidth and clientHeight), so the Python can draw a board
// or a chart for the box it has without reading the page.
function watchSizes(one) {
  const observer = new ResizeObserver((entries) => {
    for (const { target } of entries) {
      const box = target.getBoundingClientRect();
      const out = { kind: one.kind, selector: one.selector, at: hook(target),
                    size: [box.width, box.height, target.clientWidth, target.clientHeight] };
      send(out);
    }
  });
  for (const el of document.querySelectorAll(one.selector)) observer.observe(el);
}

// A "media" Listen: whether the page matches the media query its selector
// is (reduced motion asked for), sent at first and whenever it changes.
function watchMedia(one) {
  const query = matchMedia(one.selector);
  const tell = () => send({ kind: one.kind, selector: one.selector, checked: query.matches },
                          null, 0, true);
  query.addEventListener("change", tell);
  tell();
}

// One Listen (events.Listen.to_json), as JSON text.
export function listen(text) {
  const one = JSON.parse(text);
  if (watchers.has(one.kind)) {
    watchers.get(one.kind)(one, (out) => send(out));
    return;
  }
  if (one.kind === "size") {
    watchSizes(one);
    return;
  }
  if (one.kind === "media") {
    watchMedia(one);
    return;
  }
  if (one.selector === ":window" || one.selector === ":document") {
    const place = one.selector === ":window" ? window : document;
    const known = atPlaces.get(one.kind) ?? [];
    if (!known.some((l) => l.selector === one.selector)) place.addEventListener(one.kind, heardAt);
    atPlaces.set(one.kind, [...known, one]);
    return;
  }
  if (!listens.has(one.kind)) {
    listens.set(one.kind, []);
    // events that bubble are heard as they reach the document; the others
    // (a dialog's close and cancel, focus) on their way down to the target
    document.addEventListener(one.kind, heard, { capture: !BUBBLING.has(one.kind) });
  }
  listens.get(one.kind).push(one);
}

globalThis.allfivesEvents = { connect, listen };
