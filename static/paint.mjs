// The page's one writer's hand: it applies, in the page's thread, what the
// page's Python sends (allfives/web/paint/writer.py: a JSON message of the
// parts that changed and the moment's effects, built from frames as values
// in parts.py). Nothing here decides anything: it puts each part's HTML or
// text, attributes, classes and properties on the element its selector
// finds, then does the effects in order. It is the only code that writes
// the game's screens into the page, so the page's Python can run in a
// worker and send the same messages (issue 40).
//
// Until then index.html loads it as a module before Python starts, and the
// page's Python calls globalThis.allfivesPaint.paint(message).

// One element as parts.Part says: content first (what lay inside goes), then
// what the part names of the element itself. keep_open: a <details> inside
// that the person had opened stays open when the content comes again.
function put(el, part) {
  const wasOpen = part.keep_open === true && el.querySelector("details[open]") !== null;
  if (typeof part.html === "string") el.innerHTML = part.html;
  if (typeof part.text === "string") el.textContent = part.text;
  if (wasOpen) {
    const details = el.querySelector("details");
    if (details) details.open = true;
  }
  for (const [name, value] of part.attrs ?? []) {
    if (value === null) el.removeAttribute(name);
    else el.setAttribute(name, value);
  }
  for (const [name, on] of part.classes ?? []) el.classList.toggle(name, on);
  for (const [prop, value] of part.props ?? []) el[prop] = value;
}

// A file the browser saves (a record, a backup): a link to it, clicked.
function save(filename, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}


// A backup's values (allfives/web/storage/restoring.py), as JSON {key: value,
// or null to keep nothing there), kept whole: "kept"; or, if the browser
// refuses one, none of them, each key written put back as it was: "refused".
function keepAll(text) {
  const written = []; // [key, what it held], in order
  try {
    for (const [key, value] of Object.entries(JSON.parse(text))) {
      const was = localStorage.getItem(key);
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
      written.push([key, was]);
    }
    return "kept";
  } catch (error) {
    console.warn(`allfives: a backup not kept: ${error}`);
    try { // all out first, so what they held fits again as it did
      for (const [key] of written) localStorage.removeItem(key);
      for (const [key, was] of written) if (was !== null) localStorage.setItem(key, was);
    } catch (broken) {
      console.error(`allfives: storage not put back as it was: ${broken}`);
    }
    return "refused";
  }
}

// What the page's Python may ask the page's thread (allfives/web/paint/asking.py),
// each answer a word: will the browser keep this page's storage?
const QUESTIONS = {
  async persist() {
    const storage = navigator.storage;
    if (!storage?.persist) return "missing";
    try {
      if (storage.persisted && await storage.persisted()) return "granted";
      return (await storage.persist()) ? "granted" : "refused";
    } catch (error) { // a browser that refuses to answer
      console.warn(`allfives: storage.persist: ${error}`);
      return "missing";
    }
  },
  "keep-all": keepAll, // will it keep a backup's values (all of them, or none)?
};

// The answer comes back as an event at the document (static/events.mjs
// sends it on like any other).
function ask(question, text) {
  const { id, arg } = JSON.parse(text);
  const asked = QUESTIONS[question];
  Promise.resolve(asked ? asked(arg) : "").then((value) => {
    document.dispatchEvent(new CustomEvent("allfives-answer", { detail: { id, value } }));
  });
}

// A link of this page's (its query: "?deal=..."), whole, in a field,
// selected, and on the clipboard where there is one (the field shows it
// either way).
function copyLink(field, text) {
  const link = new URL(text, location.href).href;
  field.value = link;
  field.select();
  Promise.resolve(navigator.clipboard?.writeText(link))
    .catch((error) => console.warn(`allfives: no clipboard: ${error}`));
}

// A sound (play/cues.py's notes, as JSON {"name", "notes"}), played by
// static/sound.mjs if it can; then the element at target is marked with its
// name (data-sound: the last sound heard, for tests).
function sound(target, text) {
  const { name, notes } = JSON.parse(text);
  if (!globalThis.allfivesSound?.play(notes)) return;
  const node = document.querySelector(target);
  if (node) node.dataset.sound = name;
}
// Whether focus has fallen to the page (its element was redrawn, or none had it).
function fallen(active) {
  return !active || active === document.body || !active.isConnected;
}

// Whether a "refocus" applies, read as the message comes (``had``: the
// element that has focus then, the body when none has): focus has fallen to
// the page (no ``within``), or is inside an element ``within`` matches.
function applies(within, had) {
  return within ? Boolean(had?.closest(within)) : fallen(had);
}

// A "slide": the element at ``target`` (in an SVG: the board, drawn a moment
// after this message) slides in from the box the element ``from`` has now,
// over ``ms``; not when the person asks for reduced motion.
function slide(target, { from, ms }) {
  const start = document.querySelector(from)?.getBoundingClientRect();
  if (!start || !ms || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  requestAnimationFrame(() => {
    const node = document.querySelector(target);
    if (!node) return;
    const end = node.getBoundingClientRect();
    const scale = node.ownerSVGElement?.getScreenCTM()?.a || 1;
    const dx = (start.left + start.width / 2 - end.left - end.width / 2) / scale;
    const dy = (start.top + start.height / 2 - end.top - end.height / 2) / scale;
    node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0px, 0px)" }],
                 { duration: ms, easing: "cubic-bezier(.2,.7,.3,1)" });
  });
}

// One parts.Effect: focus, a dialog opened or closed (by id), a box
// scrolled to its top or its end, words said to screen readers or hushed,
// a file saved, a tile's slide, a question asked, the address's query
// dropped, a sound played; a link copied.
function act(kind, target, text) {
  if (kind === "download") {
    save(target, text);
    return;
  }
  if (kind === "slide") {
    slide(target, JSON.parse(text));
    return;
  }
  if (kind === "ask") {
    ask(target, text);
    return;
  }
  if (kind === "drop-query") {
    history.replaceState({}, "", location.pathname);
    return;
  }
  if (kind === "sound") {
    sound(target, text);
    return;
  }
  if (kind === "open" || kind === "close") {
    const dialog = document.getElementById(target);
    if (dialog && kind === "open" && !dialog.open) dialog.showModal();
    else if (dialog && kind === "close" && dialog.open) dialog.close();
    return;
  }
  const node = document.querySelector(target);
  if (!node) return;
  if (kind === "say") {
    // the same words twice in a row are changed a little, or not read again
    node.textContent = node.textContent === text ? `${text}\u00a0` : text;
  } else if (kind === "hush") {
    node.textContent = "";
  } else if (kind === "focus" || kind === "refocus") {
    node.focus();
  } else if (kind === "scroll-start") {
    node.scrollTop = 0;
  } else if (kind === "scroll-end") {
    node.scrollTop = node.scrollHeight;
  } else if (kind === "copy-link") {
    copyLink(node, text);
  } else {
    console.warn(`allfives: an effect of no known kind: ${kind}`);
  }
}

// A message of writer.message: {"changes": [[selector, part], ...],
// "effects": [[kind, target, text], ...]}.
export function paint(message) {
  const { changes = [], effects = [] } = JSON.parse(message);
  // a refocus applies by where focus is as the message comes, once per message
  const had = document.activeElement;
  const fits = effects.map(([kind, , text]) => kind !== "refocus" || applies(text, had));
  let moved = false; // an effect of this message has moved focus
  for (const [selector, part] of changes) {
    const node = document.querySelector(selector);
    if (node === null) {
      console.warn(`allfives: nothing on the page matches ${selector}`);
      continue;
    }
    put(node, part);
  }
  effects.forEach(([kind, target, text], i) => {
    if (kind === "refocus" && (moved || !fits[i])) return;
    act(kind, target, text);
    moved = moved || ((kind === "focus" || kind === "refocus") && document.querySelector(target) !== null);
  });
}

globalThis.allfivesPaint = { paint };
