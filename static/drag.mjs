// Dragging on the page's thread (allfives/web/paint/events.py: a Listen of
// kind "drag", with a Draggable): a drag follows the finger at the screen's
// pace, so the element dragged and the place lit under it are moved here,
// and the page's Python hears only that a drag started ("start") and how it
// ended: let go ("drop", with the hook of the target under the pointer, and
// whether it ended over the table) or cancelled ("cancel"). The click that
// follows a drop is no click on what was dragged. What is dragged has the
// class "dragging" meanwhile: the page's style lets the pointer through it
// (pointer-events: none), to the target under it.
//
// index.html loads it after events.mjs, before Python starts.

import { hook, watch } from "./events.mjs";

const drags = []; // [Listen, send] in the order they came
let held = null; // the element pressed: { one, send, el, x, y, moved }
let swallow = ""; // the selector of what was dragged, until the click after its drop

function under(x, y, selector) {
  const hit = document.elementFromPoint(x, y);
  return hit ? hit.closest(selector) : null;
}

// The class that lights a target, on ``target`` alone (none: on nothing).
function light(one, target) {
  for (const lit of document.querySelectorAll(`.${CSS.escape(one.drag.light)}`)) {
    if (lit !== target) lit.classList.remove(one.drag.light);
  }
  target?.classList.add(one.drag.light);
}

function sent(h, value, extra = {}) {
  h.send({ kind: h.one.kind, selector: h.one.selector, at: hook(h.el), value, ...extra });
}

// The dragged element back in its place, nothing lit.
function ended(h) {
  h.el.classList.remove("dragging");
  h.el.style.transform = "";
  light(h.one, null);
}

function pressed(evt) {
  const target = evt.target instanceof Element ? evt.target : null;
  for (const [one, send] of drags) {
    const el = target?.closest(one.selector);
    if (el) {
      held = { one, send, el, x: evt.clientX, y: evt.clientY, moved: false };
      return;
    }
  }
}

function moved(evt) {
  if (!held) return;
  const dx = evt.clientX - held.x;
  const dy = evt.clientY - held.y;
  if (!held.moved) {
    if (dx * dx + dy * dy < held.one.drag.start_px ** 2) return;
    held.moved = true;
    held.el.classList.add("dragging");
    sent(held, "start");
  }
  held.el.style.transform = `translate(${dx}px, ${dy}px)`;
  light(held.one, under(evt.clientX, evt.clientY, held.one.drag.targets));
}

function released(evt) {
  const h = held;
  held = null;
  if (!h?.moved) return;
  swallow = h.one.selector;
  setTimeout(() => { swallow = ""; }, 0);
  const target = under(evt.clientX, evt.clientY, h.one.drag.targets);
  const onTable = under(evt.clientX, evt.clientY, h.one.drag.table) !== null;
  ended(h);
  sent(h, "drop", { target: hook(target), checked: onTable });
}

function cancelled() {
  const h = held;
  held = null;
  if (!h?.moved) return;
  ended(h);
  sent(h, "cancel", { checked: false });
}

// The click a drop ends with (on what was dragged) goes no further.
function clicked(evt) {
  if (swallow && evt.target instanceof Element && evt.target.closest(swallow)) {
    swallow = "";
    evt.stopPropagation();
  }
}

watch("drag", (one, send) => {
  if (!drags.length) {
    document.addEventListener("pointerdown", pressed);
    document.addEventListener("pointermove", moved);
    document.addEventListener("pointerup", released);
    document.addEventListener("pointercancel", cancelled);
    window.addEventListener("click", clicked, { capture: true });
  }
  drags.push([one, send]);
});
