// Every card's full text on hover, keyboard focus and long press, and the crossing preview: a
// border card the player may take now outlines the central cards its tribe markers would claim
// and the border cards it closes to the opponent. The words and the preview come with the
// table (targi.app.html.render: data-text, data-preview*); this file only shows them.
const LONG_PRESS_MS = 450;
const HOVER_MS = 250; // a pointer passing over the board does not flash every card's text
const MOVE_TOLERANCE_PX = 10;
// A long press's own click, when the browser sends one, comes with the lift: its timeStamp is
// the lift's (on a busy page it is handled late, but stamped when the finger lifted).
const OWN_CLICK_MS = 600;
const $ = (id) => document.getElementById(id);

let tip = null; // the floating tooltip (#cardtip), made on first use
let shownFor = null; // the element whose text is shown
// A touch that may become a long press: {timer, x, y, el, at (its pointerdown's timeStamp)}.
// The timer only shows the text while the finger rests; whether the touch was a long press is
// decided when it lifts, from the two events' timeStamps (when the finger touched and lifted),
// because on a page busy with Python the timer fires late, possibly before a lift that came
// long before it: a tap must never be taken for a long press and lose its move.
let press = null;
// A long press shows the text; it does not also make the move. Not a flag that waits for the
// next click: a phone sends no click for a long press, and the next click (a keyboard's, a
// screen reader's) would be lost. Only a click on the pressed card, stamped with its lift, is
// its own: {el, at (the pointerup's timeStamp)}.
let longPress = null;
let hoverTimer = 0;

function tooltip() {
  if (!tip) {
    tip = document.createElement("div");
    tip.id = "cardtip";
    tip.className = "cardtip";
    tip.setAttribute("role", "tooltip");
    tip.hidden = true;
    document.body.append(tip);
  }
  return tip;
}

function readable(target) {
  return target instanceof Element ? target.closest("[data-text], [data-preview]") : null;
}

function outline(el, on) {
  const board = $("board");
  if (!board || !el || !el.dataset.preview) return;
  for (const space of (el.dataset.previewMarkers || "").split(" ").filter(Boolean))
    board.querySelector(`[data-space="${space}"]`)?.classList.toggle("preview-claim", on);
  for (const n of (el.dataset.previewCloses || "").split(" ").filter(Boolean))
    board.querySelector(`[data-border="${n}"]`)?.classList.toggle("preview-closed", on);
}

// The preview's outlines at once; the text box at once or after `delay` ms.
function show(el, delay = 0) {
  if (shownFor === el) return;
  hide();
  const text = [el.dataset.text, el.dataset.preview].filter(Boolean).join(" ");
  if (!text) return;
  shownFor = el;
  outline(el, true);
  if (delay) hoverTimer = setTimeout(() => shownFor === el && place(el, text), delay);
  else place(el, text);
}

function place(el, text) {
  const box = tooltip();
  // inside the landmark or dialog of the card it describes (content outside landmarks is lost
  // to landmark navigation; axe's "region" rule)
  const home = el.closest("main, [role=dialog]") || document.body;
  if (box.parentNode !== home) home.append(box);
  box.textContent = text;
  box.hidden = false;
  el.setAttribute("aria-describedby", "cardtip");
  const r = el.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  box.style.maxWidth = width + "px";
  const left = Math.max(8, Math.min(r.left + r.width / 2 - width / 2, window.innerWidth - width - 8));
  box.style.left = left + "px";
  const below = r.bottom + 6;
  const height = box.offsetHeight;
  box.style.top = (below + height < window.innerHeight ? below : Math.max(8, r.top - height - 6)) + "px";
}

function hide() {
  clearTimeout(hoverTimer);
  if (shownFor) {
    outline(shownFor, false);
    shownFor.removeAttribute("aria-describedby");
  }
  shownFor = null;
  if (tip) tip.hidden = true;
}

function cancelPress() {
  if (press) clearTimeout(press.timer);
  press = null;
}

// Hover starts with a mouse that moved. Chromium also sends a mouse-type pointerover, with no
// pointermove, when a redraw or a scroll puts another element under the place the pointer last
// was (on a phone: where a mouse or a test last clicked); reacting to it left a card's text open
// over the moves after a tap. A pointermove at the point of the last touch is no movement either.
let restingAt = null; // where the pointer last was: {x, y}
function moved(e) {
  const at = { x: e.clientX, y: e.clientY };
  const still = restingAt !== null && restingAt.x === at.x && restingAt.y === at.y;
  restingAt = at;
  return !still;
}
document.addEventListener("pointermove", (e) => {
  if (e.pointerType !== "mouse") return;
  if (!moved(e)) return;
  const el = readable(e.target);
  if (el) show(el, HOVER_MS);
});
document.addEventListener("pointerout", (e) => {
  if (e.pointerType !== "mouse" || !shownFor) return;
  if (!(e.relatedTarget instanceof Node && shownFor.contains(e.relatedTarget))) hide();
});
document.addEventListener("focusin", (e) => {
  const el = readable(e.target);
  if (el && e.target === el && el.matches(":focus-visible")) show(el);
  else if (shownFor && !shownFor.contains(e.target)) hide();
});
document.addEventListener("focusout", (e) => {
  if (shownFor && e.target === shownFor) hide();
});
document.addEventListener("pointerdown", (e) => {
  restingAt = { x: e.clientX, y: e.clientY };
  cancelPress();
  longPress = null;
  const el = readable(e.target);
  if (shownFor && shownFor !== el) hide();
  if (!el || e.pointerType === "mouse") return;
  const timer = setTimeout(() => show(el), LONG_PRESS_MS);
  press = { el, x: e.clientX, y: e.clientY, at: e.timeStamp, timer };
});
document.addEventListener("pointermove", (e) => {
  if (press && Math.hypot(e.clientX - press.x, e.clientY - press.y) > MOVE_TOLERANCE_PX) cancelPress();
});
document.addEventListener("pointerup", (e) => {
  if (!press) return;
  const { el, at } = press;
  cancelPress();
  if (e.timeStamp - at >= LONG_PRESS_MS) {
    longPress = { el, at: e.timeStamp };
    show(el);
  } else if (shownFor === el) hide(); // a tap the late timer took for a press: its move goes on
});
document.addEventListener("pointercancel", cancelPress);
document.addEventListener("contextmenu", (e) => {
  if (longPress || press) e.preventDefault(); // a long press on a card is for reading it
});
document.addEventListener(
  "click",
  (e) => {
    const own =
      longPress !== null &&
      e.target instanceof Node &&
      longPress.el.contains(e.target) &&
      Math.abs(e.timeStamp - longPress.at) < OWN_CLICK_MS;
    if (!own) return;
    longPress = null;
    e.preventDefault();
    e.stopImmediatePropagation();
  },
  true,
);
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape") hide();
});
addEventListener("scroll", () => shownFor && !shownFor.matches(":focus-visible") && hide(), {
  passive: true,
});

// A redraw replaces the cells: what was shown belongs to the old table.
function watchTable() {
  const table = $("table");
  if (!table) return;
  new MutationObserver(() => {
    const focused = document.activeElement;
    hide();
    const el = readable(focused);
    if (el && el === focused && el.matches(":focus-visible")) show(el);
  }).observe(table, { attributes: true, attributeFilter: ["data-seq"] });
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watchTable);
else watchTable();
