// Short sound effects, synthesised with WebAudio (no files): placing a Targi, taking a card, a
// raid, the end of a round, the end of the game. Which one plays is the page's Python decision
// (targi.app.table.sound, from the engine's log); this file only makes the noise, and only while
// <html data-sound="on">. A browser lets audio start only after a user gesture: the context is
// made (or resumed) when sound is switched on and on every press after that, so the computer's
// later moves are heard too. Without WebAudio, or when the browser refuses, it stays silent and
// never throws.
const root = document.documentElement;
const Context = window.AudioContext || window.webkitAudioContext;
let ctx = null;

const on = () => root.dataset.sound === "on";

function context() {
  if (!Context) return null;
  try {
    if (!ctx) ctx = new Context();
    if (ctx.state === "suspended") ctx.resume().catch(() => {});
  } catch {
    ctx = null; // no audio device, or the browser said no: silence
  }
  return ctx;
}

function wake() {
  if (on()) context();
}

// A tone from `t` (seconds from now): frequency `f` gliding to `f2`, fading out over `len`.
function tone(c, out, { t = 0, f, f2 = f, len, type = "triangle", gain = 0.3 }) {
  const start = c.currentTime + t;
  const osc = c.createOscillator();
  const amp = c.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(f, start);
  osc.frequency.exponentialRampToValueAtTime(f2, start + len);
  amp.gain.setValueAtTime(0.0001, start);
  amp.gain.exponentialRampToValueAtTime(gain, start + 0.008);
  amp.gain.exponentialRampToValueAtTime(0.0001, start + len);
  osc.connect(amp).connect(out);
  osc.start(start);
  osc.stop(start + len + 0.02);
}

// A burst of filtered noise (a card sliding, sand in a raid).
function noise(c, out, { t = 0, len, from, to, gain = 0.25, q = 1.2 }) {
  const start = c.currentTime + t;
  const frames = Math.ceil(c.sampleRate * len);
  const buffer = c.createBuffer(1, frames, c.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = Math.random() * 2 - 1;
  const src = c.createBufferSource();
  src.buffer = buffer;
  const band = c.createBiquadFilter();
  band.type = "bandpass";
  band.Q.value = q;
  band.frequency.setValueAtTime(from, start);
  band.frequency.exponentialRampToValueAtTime(to, start + len);
  const amp = c.createGain();
  amp.gain.setValueAtTime(0.0001, start);
  amp.gain.exponentialRampToValueAtTime(gain, start + len * 0.2);
  amp.gain.exponentialRampToValueAtTime(0.0001, start + len);
  src.connect(band).connect(amp).connect(out);
  src.start(start);
}

const EFFECTS = {
  // a wooden pawn set down on a card: a short knock
  place: (c, out) => {
    tone(c, out, { f: 420, f2: 180, len: 0.09, type: "sine", gain: 0.45 });
    noise(c, out, { len: 0.04, from: 2500, to: 1200, gain: 0.12 });
  },
  // a card slid off the table: a swish rising
  card: (c, out) => {
    noise(c, out, { len: 0.16, from: 900, to: 4200, gain: 0.22, q: 0.8 });
    tone(c, out, { t: 0.1, f: 880, len: 0.08, type: "sine", gain: 0.08 });
  },
  // the robber: two low drum beats in a gust of sand
  raid: (c, out) => {
    tone(c, out, { f: 130, f2: 55, len: 0.22, type: "sine", gain: 0.6 });
    tone(c, out, { t: 0.18, f: 120, f2: 50, len: 0.26, type: "sine", gain: 0.55 });
    noise(c, out, { len: 0.45, from: 600, to: 200, gain: 0.12, q: 0.7 });
  },
  // the end of a round: two soft bells
  round: (c, out) => {
    tone(c, out, { f: 659, len: 0.35, gain: 0.22 });
    tone(c, out, { t: 0.14, f: 988, len: 0.45, gain: 0.18 });
  },
  // the end of the game: a rising phrase on a plucked string
  end: (c, out) => {
    [523, 659, 784, 1047].forEach((f, i) =>
      tone(c, out, { t: i * 0.12, f, len: i === 3 ? 0.7 : 0.3, gain: 0.22 }),
    );
  },
};

function play(name) {
  const effect = EFFECTS[name];
  if (!effect || !on()) return;
  try {
    const c = context();
    if (!c || c.state !== "running") return; // not allowed yet: nothing, and no error
    const out = c.createGain();
    out.gain.value = 0.5;
    out.connect(c.destination);
    effect(c, out);
    api.last = name;
  } catch {
    // a sound is never worth an error
  }
}

// `last`: the effect last played (a test reads it; a browser without audio leaves it empty).
const api = { play, last: "" };
window.targiSound = api;

// Switching sound on is itself a press: make the context then, and keep it awake on presses.
new MutationObserver(wake).observe(root, { attributes: true, attributeFilter: ["data-sound"] });
for (const type of ["pointerdown", "keydown"]) {
  document.addEventListener(type, wake, { capture: true, passive: true });
}
