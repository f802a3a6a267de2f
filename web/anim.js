// Moves, animated at the chosen pace AFTER the table is redrawn: the redraw (targi.app) shows
// the end state at once, so input is never delayed; then, in the next animation frame, the
// pieces that changed play from where they came from to where they are. A Targi walks from
// its player's panel to its card, tribe markers pop in, a card taken flies from where it was
// to the display or the hand, goods/gold/VP show +/- deltas, face-down cards turn up.
// `prefers-reduced-motion: reduce` or the "instant" pace: nothing moves.
const DURATION_MS = { slow: 700, normal: 450, fast: 220, instant: 0 };
const ID = "targi-move"; // every animation of this file (tests count them)
const $ = (id) => document.getElementById(id);
const reduced = matchMedia("(prefers-reduced-motion: reduce)");

let before = null; // what the table showed after the previous redraw

function duration() {
  if (reduced.matches) return 0;
  return DURATION_MS[$("pace")?.value] ?? DURATION_MS.normal;
}

// Where an element is on the page (document coordinates: the page may scroll in between).
function place(el) {
  const r = el.getBoundingClientRect();
  return { x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height };
}

// What changed between two redraws is read from the table's own attributes.
function snapshot() {
  const table = $("table");
  const board = $("board");
  const s = {
    seq: Number(table.dataset.seq),
    mode: table.dataset.mode,
    targis: new Set(),
    markers: new Set(),
    down: new Set(),
    cards: new Map(), // card id -> where it was (document coordinates)
    panel: new Map(), // card id in a player's display or hand -> "display" | "hand"
    stock: new Map(), // "player:letter" -> count
  };
  if (!board || table.hidden) return s;
  for (const pc of board.querySelectorAll("[data-border] [data-piece=targi]"))
    s.targis.add(pc.closest("[data-border]").dataset.border + ":" + pieceOwner(pc));
  for (const pc of board.querySelectorAll("[data-space] [data-piece=marker]"))
    s.markers.add(pc.closest("[data-space]").dataset.space + ":" + pieceOwner(pc));
  for (const cell of board.querySelectorAll("[data-space].down")) s.down.add(cell.dataset.space);
  for (const card of table.querySelectorAll(".card[data-card]")) s.cards.set(card.dataset.card, place(card));
  for (const card of table.querySelectorAll("[data-player] .card[data-card]"))
    s.panel.set(card.dataset.card, card.closest(".hand") ? "hand" : "display");
  for (const token of table.querySelectorAll("[data-player] [data-stock]")) {
    const p = token.closest("[data-player]").dataset.player;
    s.stock.set(p + ":" + token.dataset.stock, Number(token.textContent) || 0);
  }
  return s;
}

function pieceOwner(pc) {
  return pc.classList.contains("p1") ? "1" : "0";
}

function fly(el, from, ms, delay = 0) {
  const to = place(el);
  const dx = from.x + from.w / 2 - (to.x + to.w / 2);
  const dy = from.y + from.h / 2 - (to.y + to.h / 2);
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
  const a = el.animate(
    [{ translate: `${dx}px ${dy}px`, zIndex: 5 }, { translate: "0 0", zIndex: 5 }],
    { duration: ms, delay, easing: "cubic-bezier(.3,.7,.4,1)", fill: "backwards" },
  );
  a.id = ID;
}

function pop(el, ms, delay = 0) {
  const a = el.animate([{ scale: 0, opacity: 0 }, { scale: 1.3, opacity: 1, offset: 0.7 }, { scale: 1 }], {
    duration: ms,
    delay,
    easing: "ease-out",
    fill: "backwards",
  });
  a.id = ID;
}

function turnUp(el, ms, delay = 0) {
  const a = el.animate([{ transform: "perspective(400px) rotateY(90deg)" }, { transform: "none" }], {
    duration: ms,
    delay,
    easing: "ease-out",
    fill: "backwards",
  });
  a.id = ID;
}

function delta(token, change, ms) {
  const badge = document.createElement("span");
  badge.className = "delta " + (change > 0 ? "up" : "down");
  badge.textContent = (change > 0 ? "+" : "\u2212") + Math.abs(change);
  badge.setAttribute("aria-hidden", "true");
  token.append(badge);
  const a = badge.animate(
    [
      { opacity: 0, translate: "0 4px" },
      { opacity: 1, translate: "0 -6px", offset: 0.25 },
      { opacity: 1, translate: "0 -10px", offset: 0.75 },
      { opacity: 0, translate: "0 -14px" },
    ],
    { duration: ms * 2.2, easing: "ease-out" },
  );
  a.id = ID;
  a.finished.then(() => badge.remove(), () => badge.remove());
}

function play(old, now, ms) {
  const table = $("table");
  const board = $("board");
  for (const key of now.targis) {
    if (old.targis.has(key)) continue;
    const [n, p] = key.split(":");
    const pc = board.querySelector(`[data-border="${n}"] [data-piece=targi]`);
    const home = table.querySelector(`[data-player="${p}"] h2 [data-piece=targi]`);
    if (pc && home) fly(pc, place(home), ms);
  }
  for (const key of now.markers) {
    if (old.markers.has(key)) continue;
    const pc = board.querySelector(`[data-space="${key.split(":")[0]}"] [data-piece=marker]`);
    if (pc) pop(pc, ms, ms * 0.3);
  }
  for (const space of old.down) {
    if (now.down.has(space)) continue;
    const card = board.querySelector(`[data-space="${space}"] .card`);
    if (card) turnUp(card, ms, ms * 0.2);
  }
  // A card now in a display or hand that was elsewhere before (centre, in play, hand) flies
  // from there; one that was nowhere to be seen (drawn from a deck) appears.
  for (const [id, where] of now.panel) {
    if (old.panel.get(id) === where) continue;
    const card = table.querySelector(`[data-player] .card[data-card="${id}"]`);
    const from = old.cards.get(id);
    if (card && from) fly(card, from, ms);
    else if (card) pop(card, ms);
  }
  for (const [key, count] of now.stock) {
    const was = old.stock.get(key);
    if (was === undefined || was === count) continue;
    const [p, letter] = key.split(":");
    const token = table.querySelector(`[data-player="${p}"] [data-stock="${letter}"]`);
    if (token) delta(token, count - was, ms);
  }
}

function afterRedraw() {
  const now = snapshot();
  const old = before;
  before = now;
  const ms = duration();
  document.documentElement.dataset.motion = ms ? "on" : "off";
  // Only a game that moved on by a move or a few: not a new game, an undo or another game.
  if (!ms || !old || old.mode !== now.mode || now.seq <= old.seq || now.seq - old.seq > 12) return;
  play(old, now, ms);
}

function watch() {
  const table = $("table");
  if (!table) return;
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    // The next frame, before it is painted: the click's own work is already done.
    requestAnimationFrame(() => {
      queued = false;
      afterRedraw();
    });
  }).observe(table, { attributes: true, attributeFilter: ["data-seq"] });
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch);
else watch();
