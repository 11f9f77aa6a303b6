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


// The marks of the page's own words (allfives/web/home/language_frame.py):
// a marked text and the attribute naming an element's marked attributes
// (index.html's), a text's English as first read, what a language's frame
// left there, whether it holds markup, the marked element's number.
export const MARKS = {
  text: "data-i18n", attribute: "data-i18n-attr", kept: "data-i18n-en",
  written: "data-i18n-shown", markup: "data-i18n-html", id: "data-i18n-id",
};
let numbered = 0; // how many marked elements have a number (MARKS.id)

// Python's whitespace (str.isspace), which page_text.normalize strips: not
// JavaScript's trim(), which keeps U+001C to U+001F and U+0085 and takes U+FEFF.
const PY_SPACE = "[\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680" +
  "\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const PY_EDGES = new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, "g");
const PY_SPLIT = new RegExp(`${PY_SPACE}+`);

// page_text.normalize: each run of HTML's whitespace one space (a no-break
// space is kept), none at either end.
export function normalize(text) {
  return text.replace(/[ \t\n\r\f]+/g, " ").replace(PY_EDGES, "");
}

// A marked element's number (MARKS.id), given the first time it is met.
function numberOf(node) {
  if (!node.hasAttribute(MARKS.id)) node.setAttribute(MARKS.id, String(numbered++));
  return Number(node.getAttribute(MARKS.id));
}

function held(node, name) {
  return node.hasAttribute(name) ? node.getAttribute(name) : null;
}

// The "marks" question: every marked text, then every marked attribute, as
// the page holds it (language_frame.read_marks reads them into Marked
// values): its element's number, what it shows now (HTML when markup: a text
// with elements in it, the first time), its English kept and what the last
// language left there (null before the first), the attribute and all its
// element's marked ones; and whether the page links a manifest.
function marks() {
  const out = [];
  for (const node of document.querySelectorAll(`[${MARKS.text}]`)) {
    const markup = node.hasAttribute(MARKS.markup) ||
      (!node.hasAttribute(MARKS.kept) && node.childElementCount > 0);
    out.push({ id: numberOf(node), now: markup ? node.innerHTML : node.textContent,
               kept: held(node, MARKS.kept), written: held(node, MARKS.written), markup });
  }
  for (const node of document.querySelectorAll(`[${MARKS.attribute}]`)) {
    const names = node.getAttribute(MARKS.attribute).split(PY_SPLIT).filter(Boolean);
    for (const name of names) {
      out.push({ id: numberOf(node), now: node.getAttribute(name) ?? "",
                 kept: held(node, `${MARKS.kept}-${name}`),
                 written: held(node, `${MARKS.written}-${name}`), attribute: name,
                 marked: names });
    }
  }
  return JSON.stringify({ marks: out,
                          manifest: document.querySelector("link[rel=manifest]") !== null });
}

// A "mark-shown" effect, right after a language's frame: each text it kept
// (the elements ``target`` matches) notes what it shows now, as the page
// holds it (markup may come back spelled otherwise), for the next language
// to tell it from what the page's code writes there.
function markShown(target) {
  for (const node of document.querySelectorAll(target)) {
    const now = node.hasAttribute(MARKS.markup) ? node.innerHTML : node.textContent;
    node.setAttribute(MARKS.written, normalize(now));
  }
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
// each answer a text: will the browser keep this page's storage? What do the
// page's marked texts say?
const QUESTIONS = {
  marks,
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
// dropped, a sound played, the page's marked texts' words noted; a link
// copied.
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
  if (kind === "mark-shown") {
    markShown(target);
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
