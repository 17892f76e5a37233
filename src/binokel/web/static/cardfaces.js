// Card faces of the web game, drawn as SVG by this module alone: no image files, no web fonts,
// no emoji (suit signs are paths, so they look the same on every system). A self-contained ES
// module without dependencies; the table imports it and sizes the returned <svg> with CSS.
//
//   cardSVG("EO", {deck: "german", colors: "standard", contrast: "normal", lang: "de"})
//   cardBackSVG({deck: "french"}), cardName("SA", {lang: "en"}), cardIndex("BU", {deck: "french"})
//
// Every face is 200 x 300 user units (viewBox), a 2:3 card. The corner index (rank over a small
// suit sign) stays inside the left 30% of the width, so a card fanned under its neighbour is
// still identified by the strip that shows. The markup uses no element ids, so any number of
// faces can share one document and a face string can be reused freely.

const W = 200;
const H = 300;
const SUITS = ["E", "B", "H", "S"];
const RANKS = ["A", "10", "K", "O", "U", "9", "7"];
const TOKEN = /^([EBHS])(A|10|K|O|U|9|7)$/;

/** Every card token, suit by suit from the highest rank: EA, E10, EK, ..., S7. */
export const TOKENS = Object.freeze(SUITS.flatMap((s) => RANKS.map((r) => s + r)));

const CHOICES = {
  deck: ["german", "french"],
  colors: ["standard", "four"],
  contrast: ["normal", "high"],
  lang: ["de", "en"],
};

// ------------------------------------------------------------------ names and indices
const SUIT_NAMES = {
  german: {
    de: { E: "Eichel", B: "Blatt", H: "Herz", S: "Schellen" },
    en: { E: "Acorns", B: "Leaves", H: "Hearts", S: "Bells" },
  },
  french: {
    de: { E: "Kreuz", B: "Pik", H: "Herz", S: "Karo" },
    en: { E: "Clubs", B: "Spades", H: "Hearts", S: "Diamonds" },
  },
};
const RANK_NAMES = {
  german: {
    de: { A: "As", 10: "Zehn", K: "König", O: "Ober", U: "Unter", 9: "Neun", 7: "Sieben" },
    en: { A: "Ace", 10: "Ten", K: "King", O: "Ober", U: "Unter", 9: "Nine", 7: "Seven" },
  },
  french: {
    de: { A: "As", 10: "Zehn", K: "König", O: "Dame", U: "Bube", 9: "Neun", 7: "Sieben" },
    en: { A: "Ace", 10: "Ten", K: "King", O: "Queen", U: "Jack", 9: "Nine", 7: "Seven" },
  },
};
const INDEX = {
  german: { de: { O: "O", U: "U" }, en: { O: "O", U: "U" } },
  french: { de: { O: "D", U: "B" }, en: { O: "Q", U: "J" } },
};

function describe(x) {
  if (typeof x !== "string") return x === null ? "null" : typeof x;
  return JSON.stringify(x.length > 24 ? x.slice(0, 24) + "…" : x);
}

function parse(token) {
  const m = typeof token === "string" ? TOKEN.exec(token) : null;
  if (!m) {
    throw new Error(`cardfaces: unknown card token ${describe(token)} ` +
      "(expected a suit E, B, H or S and a rank A, 10, K, O, U, 9 or 7, e.g. \"EA\", \"H10\")");
  }
  return { suit: m[1], rank: m[2] };
}

function options(opts) {
  if (opts === undefined || opts === null) opts = {};
  if (typeof opts !== "object") throw new Error(`cardfaces: options must be an object, not ${describe(opts)}`);
  const o = {};
  for (const [key, allowed] of Object.entries(CHOICES)) {
    const v = opts[key];
    if (v === undefined) o[key] = allowed[0];
    else if (allowed.includes(v)) o[key] = v;
    else throw new Error(`cardfaces: unknown ${key} ${describe(v)} (expected ${allowed.map((a) => `"${a}"`).join(" or ")})`);
  }
  return o;
}

/** The card's name in opts.lang for opts.deck: "Eichel-Ober", "Queen of Clubs", ... */
export function cardName(token, opts) {
  const { suit, rank } = parse(token);
  const o = options(opts);
  const s = SUIT_NAMES[o.deck][o.lang][suit];
  const r = RANK_NAMES[o.deck][o.lang][rank];
  return o.lang === "de" ? `${s}-${r}` : `${r} of ${s}`;
}

/** The rank as the corner index shows it: A, 10, K, O/U (German deck), D/B or Q/J (French). */
export function cardIndex(token, opts) {
  const { rank } = parse(token);
  const o = options(opts);
  return INDEX[o.deck][o.lang][rank] ?? rank;
}

// ------------------------------------------------------------------ colours
// ink: index text (checked for contrast against the face); fill/shade/line/hi: the suit sign;
// robe/tint: court figures. "four" strengthens the German colours and recolours the French
// deck to the four-colour scheme; "high" keeps every ink at 7:1 or better against white.
const GERMAN_COLORS = {
  standard: {
    E: { ink: "#6b4418", fill: "#c2a13a", shade: "#6e4520", line: "#3a2408", hi: "#f0dc8c", acc: "#e3b84a", robe: "#7a4d22", tint: "#f5eddc" },
    B: { ink: "#23752b", fill: "#45a040", shade: "#1f6122", line: "#163f16", hi: "#a5dc8e", acc: "#c9e8b5", robe: "#3b8a38", tint: "#e9f3e2" },
    H: { ink: "#c8161d", fill: "#dc262d", shade: "#a3131a", line: "#6e0b0f", hi: "#ff9d94", acc: "#ffd0cc", robe: "#c8232a", tint: "#fbe9e6" },
    S: { ink: "#b35600", fill: "#f6b91f", shade: "#c9412a", line: "#6b3a00", hi: "#fff3b0", acc: "#7a2a12", robe: "#e9a317", tint: "#fcf3d6" },
  },
  four: {
    E: { ink: "#5a3208", fill: "#b88f1c", shade: "#5c3510", line: "#2e1a02", hi: "#f0d47a", acc: "#f0c040", robe: "#6a3c12", tint: "#f3e8d2" },
    B: { ink: "#0f7a1f", fill: "#2f9e2c", shade: "#0f5514", line: "#0b360c", hi: "#9fe08a", acc: "#c6f0b0", robe: "#238a22", tint: "#e4f4dc" },
    H: { ink: "#d0000f", fill: "#e8101c", shade: "#a00010", line: "#620008", hi: "#ff9a90", acc: "#ffd0cc", robe: "#d0121c", tint: "#fde6e3" },
    S: { ink: "#c25400", fill: "#ffb300", shade: "#d03010", line: "#5e3000", hi: "#fff2a0", acc: "#6a2000", robe: "#f0a000", tint: "#fff2cc" },
  },
  // high contrast has one palette: its colours are already as strong as they go
  high: {
    E: { ink: "#4a2800", fill: "#c89c10", shade: "#6b3c00", line: "#000", acc: "#ffd23c", robe: "#6b3c00", tint: "#fff" },
    B: { ink: "#006400", fill: "#1d9a1d", shade: "#005000", line: "#000", acc: "#d8ffd0", robe: "#1d8a1d", tint: "#fff" },
    H: { ink: "#b00000", fill: "#e00000", shade: "#8a0000", line: "#000", acc: "#fff", robe: "#d00000", tint: "#fff" },
    S: { ink: "#8a4000", fill: "#ffc000", shade: "#d02000", line: "#000", acc: "#000", robe: "#ffb000", tint: "#fff" },
  },
};

const BLACK = "#161616";
const RED = "#cc0f1a";
const FRENCH_INK = {
  standard: { E: BLACK, B: BLACK, H: RED, S: RED },
  four: { E: "#157a2c", B: BLACK, H: RED, S: "#1459c2" },
  standardHigh: { E: "#000", B: "#000", H: "#b00000", S: "#b00000" },
  fourHigh: { E: "#006400", B: "#000", H: "#b00000", S: "#0038a8" },
};

// Court costumes of the French deck: [robe, frame tint] per suit. The robes are colours of
// their own (blue for clubs, charcoal for spades), since black robes read as blots.
const FRENCH_COSTUME = {
  standard: { E: ["#2b56a0", "#eef0f4"], B: ["#3b3d46", "#eeeeee"], H: ["#c8232a", "#fbecea"], S: ["#a3203a", "#fbecea"] },
  four: { E: ["#1f8a3a", "#e8f3e8"], B: ["#3b3d46", "#eeeeee"], H: ["#c8232a", "#fbecea"], S: ["#1f5fbf", "#e6eefa"] },
};

function palette(suit, o) {
  const high = o.contrast === "high";
  if (o.deck === "german") return GERMAN_COLORS[high ? "high" : o.colors][suit];
  const ink = FRENCH_INK[o.colors + (high ? "High" : "")][suit];
  const [robe, tint] = FRENCH_COSTUME[o.colors][suit];
  return { ink, fill: ink, shade: ink, line: high ? "#000" : ink, robe, tint: high ? "#fff" : tint };
}

// ------------------------------------------------------------------ path data
// Faces are built from path data moved into place at generation time, so that, e.g., the ten
// pips of a Ten share one <path> per layer instead of ten groups: a deck's DOM stays small
// and quick to lay out and paint, and the markup needs no ids and no <use>.
const r2 = (n) => Math.round(n * 100) / 100;
const SEGMENT = /([MLCQSTAHVZ])([^MLCQSTAHVZ]*)/gi;
const NUMBER = /-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi;

// Path data is parsed once into segments [command, numbers, roles]; a role says what moving
// does to a number: 0/1 an absolute x/y, 2 a radius, 3 nothing (angle, flag), 4/5 a relative
// x/y. Moving is then a plain loop, fast enough to draw a deck in a few milliseconds.
const compiled = new Map();
const ARC_ROLES = [2, 2, 3, 3, 3, 0, 1];

function compile(d) {
  let segs = compiled.get(d);
  if (segs === undefined) {
    segs = [];
    for (const [, cmd, args] of d.matchAll(SEGMENT)) {
      const n = (args.match(NUMBER) || []).map(Number);
      const C = cmd.toUpperCase();
      const rel = cmd !== C ? 4 : 0;
      const roles = n.map((_, i) => {
        if (C === "H") return rel;
        if (C === "V") return rel + 1;
        if (C === "A") return ARC_ROLES[i % 7] + (i % 7 > 4 ? rel : 0);
        return rel + (i % 2);
      });
      segs.push([cmd, n, roles]);
    }
    if (compiled.size < 4096) compiled.set(d, segs);   // fixed drawings; the bound is a guard
  }
  return segs;
}

/** Path data `d` scaled by `k` and moved by (x, y); a negative `k` also turns it by 180°. */
function moved(d, x, y, k) {
  const ak = Math.abs(k);
  let out = "";
  for (const [cmd, n, roles] of compile(d)) {
    out += cmd;
    for (let i = 0; i < n.length; i++) {
      const v = n[i];
      const role = roles[i];
      const w = role === 0 ? x + v * k : role === 1 ? y + v * k : role === 2 ? v * ak : role === 3 ? v : v * k;
      out += (i ? "," : "") + Math.round(w * 10) / 10;   // 0.1 unit: under 0.05 px on screen
    }
  }
  return out;
}

const circle = (cx, cy, r) => `M${r2(cx - r)},${r2(cy)}A${r},${r} 0 1 0 ${r2(cx + r)},${r2(cy)}A${r},${r} 0 1 0 ${r2(cx - r)},${r2(cy)}Z`;

function ellipse(cx, cy, rx, ry, deg = 0) {
  const c = Math.cos((deg * Math.PI) / 180) * rx;
  const s = Math.sin((deg * Math.PI) / 180) * rx;
  const a = `${r2(cx - c)},${r2(cy - s)}`;
  const b = `${r2(cx + c)},${r2(cy + s)}`;
  return `M${a}A${rx},${ry} ${deg} 1 0 ${b}A${rx},${ry} ${deg} 1 0 ${a}Z`;
}

// ------------------------------------------------------------------ suit signs
// Each sign is drawn around (0, 0) in a box of about 100 x 100 units, as layers painted in
// order. A layer names palette colours; `sw: "o"` strokes it with the outline, whose width the
// caller gives in card units (so a small index sign gets a relatively stronger line), a number
// is a detail line of that width in sign units. `lv: 1` layers (veins, scales) are left out of
// the small index signs; `hi` layers (highlights) also out of high contrast.
function leafOutline() {
  // The Blatt: a broad leaf, tip up, with a scalloped edge and a notch where the stem sits.
  const right = [[0, -50], [12, -39], [24, -28], [34, -15], [40, 0], [40, 14], [33, 25], [19, 31], [0, 24]];
  const pts = right.concat(right.slice(0, -1).reverse().map(([x, y]) => [-x, y]));
  let d = `M${pts[0][0]},${pts[0][1]}`;
  for (let i = 1; i < pts.length; i++) {
    const [x0, y0] = pts[i - 1];
    const [x1, y1] = pts[i];
    const bulge = i === 1 || i === pts.length - 1 ? 0.12 : 0.3;
    d += `Q${r2((x0 + x1) / 2 + (y1 - y0) * bulge)},${r2((y0 + y1) / 2 - (x1 - x0) * bulge)} ${x1},${y1}`;
  }
  return d + "Z";
}

function acornScales() {
  let d = "";
  /** @type {[number, number[]][]} */
  const rows = [[9, [-20, -10, 0, 10, 20]], [17, [-15, -5, 5, 15]], [25, [-10, 0, 10]]];
  for (const [y, xs] of rows) {
    for (const x of xs) d += `M${x - 4},${y}q4,4.5 8,0`;
  }
  return d;
}

const down5 = (d) => moved(d, 0, 5, 1);   // the bell sits 5 units low in its box

const GERMAN_SIGNS = {
  H: [
    { d: "M0,46C-14,32 -50,12 -50,-14C-50,-36 -35,-47 -22,-47C-10,-47 -3,-40 0,-31C3,-40 10,-47 22,-47C35,-47 50,-36 50,-14C50,12 14,32 0,46Z", fill: "fill", stroke: "line", sw: "o" },
    { d: "M-38,-20C-38,-33 -28,-39 -20,-38C-28,-33 -32,-26 -32,-13Z", fill: "hi", op: 0.8, hi: 1 },
    { d: "M0,36C-12,24 -40,8 -43,-12", stroke: "shade", sw: 3, op: 0.55, lv: 1 },
  ],
  B: [
    { d: "M-2.5,20C-2,34 1,42 8,50L12,47C6,41 3,33 2.5,20Z", fill: "shade", stroke: "line", sw: "o" },
    { d: leafOutline(), fill: "fill", stroke: "line", sw: "o" },
    { d: "M0,22L0,-42M0,10Q14,5 30,-2M0,10Q-14,5 -30,-2M0,-6Q11,-11 24,-19M0,-6Q-11,-11 -24,-19M0,-21Q7,-25 14,-32M0,-21Q-7,-25 -14,-32", stroke: "shade", sw: 3, cap: 1, lv: 1 },
    { d: "M-6,-38Q-22,-22 -30,0", stroke: "hi", sw: 3.5, cap: 1, op: 0.8, hi: 1 },
  ],
  E: [
    { d: "M-3,31C-3,39 0,45 7,50L11,47C5,43 3,38 3,31Z", fill: "shade", stroke: "line", sw: "o" },
    { d: "M0,-46C15,-46 26,-30 26,-10L26,6L-26,6L-26,-10C-26,-30 -15,-46 0,-46Z", fill: "fill", stroke: "line", sw: "o" },
    { d: "M-3,-45L0,-52L3,-45Z", fill: "shade", stroke: "line", sw: "o" },
    { d: "M-17,-20C-17,-33 -10,-40 -4,-41C-9,-35 -12,-27 -12,-14Z", fill: "hi", op: 0.85, hi: 1 },
    { d: "M-31,2Q0,-9 31,2C31,20 19,33 0,33C-19,33 -31,20 -31,2Z", fill: "shade", stroke: "line", sw: "o" },
    { d: acornScales(), stroke: "acc", sw: 2.4, cap: 1, lv: 1 },
  ],
  S: [ // the Schelle: a round bell with a knob, a band and a slit
    { d: down5("M-6,-36L-6,-45Q0,-51 6,-45L6,-36Z"), fill: "fill", stroke: "line", sw: "o" },
    { d: down5(circle(0, 0, 40)), fill: "fill" },
    { d: down5("M-39.6,-8Q0,2 39.6,-8L39.4,5Q0,15 -39.4,5Z"), fill: "shade", stroke: "line", sw: 2 },
    { d: down5("M-27,-2.2v.1M-13.5,.7v.1M0,1.6v.1M13.5,.7v.1M27,-2.2v.1"), stroke: "fill", sw: 4.5, cap: 1, lv: 1 },
    // the slit is straight, so the bell never looks like a smiling face
    { d: down5("M-15,25L15,25"), stroke: "line", sw: 4.5, cap: 1 },
    { d: down5(circle(-16, 25, 4.6) + circle(16, 25, 4.6)), fill: "line" },
    { d: down5(ellipse(-17, -21, 10, 6, -38)), fill: "hi", op: 0.9, hi: 1 },
    { d: down5(circle(0, 0, 40)), stroke: "line", sw: "o" },
  ],
};

// The club is the outer outline of three overlapping circles (r 21 at (0,-23), (-20,9) and
// (20,9)) and a stem as one path, so an outline shows no seams between the lobes.
const FRENCH_PATHS = {
  E: "M-17.81,-11.88A21,21 0 1 1 17.81,-11.88A21,21 0 1 1 3,21.33C3,32 8,41 17,48L-17,48C-8,41 -3,32 -3,21.33A21,21 0 1 1 -17.81,-11.88Z",
  B: "M0,-48C7,-35 46,-14 46,10C46,27 34,35 22,35C13,35 6,30 3,23C4,35 8,42 17,48L-17,48C-8,42 -4,35 -3,23C-6,30 -13,35 -22,35C-34,35 -46,27 -46,10C-46,-14 -7,-35 0,-48Z",
  H: "M0,46C-8,33 -48,10 -48,-16C-48,-35 -35,-46 -22,-46C-10,-46 -3,-38 0,-28C3,-38 10,-46 22,-46C35,-46 48,-35 48,-16C48,10 8,33 0,46Z",
  S: "M0,-50C9,-34 22,-15 37,0C22,15 9,34 0,50C-9,34 -22,15 -37,0C-22,-15 -9,-34 0,-50Z",
};
const FRENCH_SIGNS = {
  normal: Object.fromEntries(SUITS.map((s) => [s, [{ d: FRENCH_PATHS[s], fill: "fill" }]])),
  high: Object.fromEntries(SUITS.map((s) => [s, [{ d: FRENCH_PATHS[s], fill: "fill", stroke: "line", sw: "o" }]])),
};

// German signs differ in their natural width; these factors give them equal visual weight.
const SIGN_SCALE = { german: { E: 1.2, B: 1.04, H: 0.96, S: 1.04 }, french: { E: 0.98, B: 0.98, H: 0.98, S: 1.02 } };

const signCache = new Map();

/**
 * Suit signs `size` units tall at `places` ([x, y, turned] each), one <path> per layer for all
 * of them. `level` 0 is the plain index sign; `outline` is the outline width in card units.
 * Cached: every layout the module asks for is fixed, so the cache stays small.
 */
function signs(suit, o, places, size, level, outline) {
  const key = `${suit}${o.deck}${o.colors}${o.contrast}|${level}|${size}|${outline}|${places}`;
  let out = signCache.get(key);
  if (out === undefined) {
    out = drawSigns(suit, o, places, size, level, outline);
    if (signCache.size < 4096) signCache.set(key, out);   // a guard, never reached
  }
  return out;
}

function drawSigns(suit, o, places, size, level, outline) {
  const p = palette(suit, o);
  const high = o.contrast === "high";
  const k = (size / 100) * SIGN_SCALE[o.deck][suit];
  const layers = o.deck === "german" ? GERMAN_SIGNS[suit] : FRENCH_SIGNS[o.contrast][suit];
  let out = "";
  for (const L of layers) {
    if ((L.lv || L.hi) && level < 1) continue;
    if (L.hi && high) continue;
    let d = "";
    for (const [x, y, turned] of places) d += moved(L.d, x, y, turned ? -k : k);
    out += `<path d="${d}" fill="${L.fill ? p[L.fill] : "none"}"`;
    if (L.stroke) out += ` stroke="${p[L.stroke]}" stroke-width="${r2(L.sw === "o" ? outline : L.sw * k)}"`;
    if (L.cap) out += ` stroke-linecap="round"`;
    if (L.op) out += ` opacity="${L.op}"`;
    out += "/>";
  }
  return out;
}

// ------------------------------------------------------------------ layout
const FONT = "Arial,'Liberation Sans',Helvetica,Roboto,'DejaVu Sans',sans-serif";

function geometry(o) {
  const high = o.contrast === "high";
  return high
    ? { font: 50, cx: 28, base: 50, signY: 78, signSize: 33, tenWidth: 44, outline: 3, border: 3.5, cols: [73, 127], pip: 34 }
    : { font: 45, cx: 26, base: 47, signY: 71, signSize: 30, tenWidth: 40, outline: 1.6, border: 2, cols: [70, 130], pip: 34 };
}

function cornerIndex(suit, rank, o, p, g) {
  const label = INDEX[o.deck][o.lang][rank] ?? rank;
  const fit = label.length > 1 ? ` textLength="${g.tenWidth}" lengthAdjust="spacingAndGlyphs"` : "";
  return `<text x="${g.cx}" y="${g.base}" font-size="${g.font}" text-anchor="middle" fill="${p.ink}"${fit}>${label}</text>` +
    signs(suit, o, [[g.cx, g.signY, false]], g.signSize, 0, g.outline);
}

// Pip centres on a 200 x 300 face: two columns (geometry().cols, c = 0 or 1) and the middle
// line (c = -1), as on real cards. Pips in the lower half are turned, so the card reads the
// same from both ends.
const ROWS4 = [42, 114, 186, 258];
const PIPS = {
  10: [...[0, 1].flatMap((c) => ROWS4.map((y) => [c, y])), [-1, 78], [-1, 222]],
  9: [...[0, 1].flatMap((c) => ROWS4.map((y) => [c, y])), [-1, 150]],
  7: [...[0, 1].flatMap((c) => [42, 150, 258].map((y) => [c, y])), [-1, 96]],
};

function pips(suit, rank, o, g) {
  const places = PIPS[rank].map(([c, y]) => [c < 0 ? 100 : g.cols[c], y, y > 150]);
  return signs(suit, o, places, g.pip, 1, g.outline);
}

const SKIN = "#f6d5b5";
const GOLD = "#e8b22e";

// The German Ace (the Daus) sits in a tinted oval above a gold banner, the French Ace is the
// plain large sign; in high contrast both are the plain sign with a heavy outline.
const BANNER = "M68,214Q100,226 132,214L132,231Q100,243 68,231Z";
const BANNER_ENDS = "M68,217L52,213L58,223.5L52,234L68,231ZM132,217L148,213L142,223.5L148,234L132,231Z";

function ace(suit, o, p) {
  const high = o.contrast === "high";
  if (high || o.deck === "french") {
    return signs(suit, o, [[100, 150, false]], o.deck === "german" ? 104 : 96, 1, high ? 4 : 2.4);
  }
  const st = `stroke="${p.line}" stroke-width="1.6"`;
  return `<path d="${ellipse(100, 146, 62, 80)}" fill="${p.tint}" stroke="${p.ink}" stroke-width="1" stroke-opacity=".35"/>` +
    signs(suit, o, [[100, 140, false]], 100, 1, 2.4) +
    `<path d="${BANNER_ENDS}" fill="#c8901e" ${st}/><path d="${BANNER}" fill="${GOLD}" ${st}/>` +
    `<path d="M74,223Q100,233 126,223" fill="none" stroke="#fff3c4" stroke-width="2" stroke-linecap="round" opacity=".8"/>`;
}

// ------------------------------------------------------------------ court cards
// A court card is a framed, double-headed bust: the upper half is drawn, and every path of it
// also holds its copy turned by 180° about the card's centre. King: crown, beard and ermine;
// Ober: plumed hat and sash, the sign held up above; Unter: cap with a feather, the sign held
// low in front; the French Dame: tiara, long hair and pearls; the French Bube: beret with a
// feather, its sign beside the head like the King's and the Dame's. All drawings are our own.
const HAIR = { K: "#ece6da", O: "#4a2f18", U: "#d9a441", Q: "#9a5524", J: "#7a4a24" };

const courtCache = new Map();

/** A court card's picture (cached: it depends on suit, rank and style, not on the language). */
function court(suit, rank, o, p, g) {
  const key = suit + rank + o.deck + o.colors + o.contrast;
  let s = courtCache.get(key);
  if (s === undefined) courtCache.set(key, (s = drawCourt(suit, rank, o, p, g)));
  return s;
}

function drawCourt(suit, rank, o, p, g) {
  const high = o.contrast === "high";
  const german = o.deck === "german";
  const who = german ? rank : { K: "K", O: "Q", U: "J" }[rank];
  const line = high ? "#000" : "#33261c";
  const st = `stroke="${line}" stroke-width="${high ? 2.4 : 1.4}"`;
  const thin = `fill="none" stroke="${line}" stroke-width="${high ? 2 : 1.2}" stroke-linecap="round"`;
  const hair = HAIR[who];
  // the head's centre: the Ober's sign is held above its head, the Unter's low in front
  const y = german ? { K: 70, O: 87, U: 58 }[rank] : 74;
  const Y = (d) => r2(y + d);
  const parts = [];
  const P = (d, attrs) => parts.push(`<path d="${d}${moved(d, 200, 300, -1)}" ${attrs}/>`);

  // hair that falls behind the head and shoulders
  if (who === "Q") P(`M84,${Y(-6)}C78,${Y(16)} 84,${Y(34)} 74,${Y(46)}L126,${Y(46)}C116,${Y(34)} 122,${Y(16)} 116,${Y(-6)}C116,${Y(-24)} 84,${Y(-24)} 84,${Y(-6)}Z`, `fill="${hair}" ${st}`);
  else if (who === "K") P(`M84,${Y(-8)}C81,${Y(8)} 83,${Y(18)} 88,${Y(22)}L112,${Y(22)}C117,${Y(18)} 119,${Y(8)} 116,${Y(-8)}Z`, `fill="${hair}" ${st}`);

  // torso and sleeves down to the middle line
  P(`M60,150L60,${Y(52)}C60,${Y(39)} 71,${Y(32)} 88,${Y(28)}L112,${Y(28)}C129,${Y(32)} 140,${Y(39)} 140,${Y(52)}L140,150Z`, `fill="${p.robe}" ${st}`);
  const sleeves = `M60,150L60,${Y(52)}C60,${Y(42)} 66,${Y(36)} 74,${Y(33)}L79,150ZM140,150L140,${Y(52)}C140,${Y(42)} 134,${Y(36)} 126,${Y(33)}L121,150Z`;
  P(sleeves, high ? `fill="none" ${st}` : `fill="#000" opacity=".2"`);
  if (who !== "Q") {
    P(`M90,${Y(28)}L110,${Y(28)}L115,150L85,150Z`, `fill="${high ? "#fff" : p.tint}" ${st}`);
    let buttons = "";
    for (let b = y + 42; b < 146; b += 13) buttons += circle(100, b, 2.4);
    P(buttons, `fill="${GOLD}" ${st}`);
  }
  if (who === "O") P(`M66,${Y(41)}L73,${Y(35)}L132,150L123,150Z`, `fill="${GOLD}" ${st}`);
  P(`M93,${Y(12)}L107,${Y(12)}L107,${Y(30)}L93,${Y(30)}Z`, `fill="${SKIN}" ${st}`);

  // collars
  if (who === "K") {
    // a short ermine mantle round the neck, white with black tails
    P(`M68,${Y(38)}C78,${Y(27)} 92,${Y(28)} 100,${Y(37)}C108,${Y(28)} 122,${Y(27)} 132,${Y(38)}L135,${Y(47)}C122,${Y(40)} 109,${Y(43)} 100,${Y(51)}C91,${Y(43)} 78,${Y(40)} 65,${Y(47)}Z`, `fill="#fff" ${st}`);
    P([[75, 37], [88, 36], [112, 36], [125, 37], [100, 44]].map(([x, d]) => `M${x},${Y(d)}l0,4.5`).join(""),
      `stroke="#111" stroke-width="2.6" stroke-linecap="round"`);
  } else if (who === "Q") {
    P(`M86,${Y(29)}Q100,${Y(50)} 114,${Y(29)}Z`, `fill="${SKIN}" ${st}`);
    let pearls = "";
    for (let i = 0; i <= 6; i++) pearls += circle(88 + 4 * i, y + 31 + (56 * i * (6 - i)) / 36, 2.3);
    P(pearls, `fill="#fff" stroke="${line}" stroke-width=".8"`);
  } else {
    P(`M82,${Y(27)}L100,${Y(39)}L118,${Y(27)}L113,${Y(23)}L100,${Y(31)}L87,${Y(23)}Z`, `fill="${high ? "#fff" : GOLD}" ${st}`);
  }

  // head and face
  P(ellipse(100, y, 15, 18), `fill="${SKIN}" ${st}`);
  if (who === "O" || who === "J") P(`M85.5,${Y(-2)}C85,${Y(-12)} 115,${Y(-12)} 114.5,${Y(-2)}C110,${Y(-8)} 90,${Y(-8)} 85.5,${Y(-2)}Z`, `fill="${hair}" ${st}`);
  if (who === "U") P(`M85.5,${Y(2)}C84,${Y(-12)} 116,${Y(-12)} 114.5,${Y(2)}C110,${Y(-6)} 90,${Y(-6)} 85.5,${Y(2)}Z`, `fill="${hair}" ${st}`);
  if (!high) P(circle(92, y + 6, 3.2) + circle(108, y + 6, 3.2), `fill="#e7837a" opacity=".35"`);
  P(circle(94.5, y - 1, 1.8) + circle(105.5, y - 1, 1.8), `fill="${line}"`);
  P(`M100.5,${Y(1)}q-3,4.5 -0.5,6`, thin);
  if (who === "K") {
    P(`M86,${Y(2)}C86,${Y(24)} 95,${Y(34)} 100,${Y(35)}C105,${Y(34)} 114,${Y(24)} 114,${Y(2)}C111,${Y(11)} 106,${Y(13)} 100,${Y(13)}C94,${Y(13)} 89,${Y(11)} 86,${Y(2)}Z`, `fill="${hair}" ${st}`);
    P(`M93,${Y(11)}Q100,${Y(6)} 107,${Y(11)}`, thin);
  } else if (who === "O") {
    P(`M92.5,${Y(10)}Q96,${Y(6.5)} 100,${Y(8.5)}Q104,${Y(6.5)} 107.5,${Y(10)}`, `fill="none" stroke="${hair}" stroke-width="3" stroke-linecap="round"`);
  } else {
    P(`M96,${Y(11)}Q100,${Y(13.5)} 104,${Y(11)}`, `fill="none" stroke="${high ? "#000" : "#b3403a"}" stroke-width="${high ? 2 : 1.3}" stroke-linecap="round"`);
  }

  // headwear
  if (who === "K") {
    P(`M84,${Y(-12)}L84,${Y(-36)}L92,${Y(-24)}L100,${Y(-41)}L108,${Y(-24)}L116,${Y(-36)}L116,${Y(-12)}Z`, `fill="${GOLD}" ${st}`);
    P(`M84,${Y(-18)}L116,${Y(-18)}`, thin);
    P(circle(84, y - 38, 3) + circle(100, y - 43, 3) + circle(116, y - 38, 3), `fill="${GOLD}" ${st}`);
    P(circle(100, y - 15, 2.2), `fill="${high ? "#b00000" : "#c0262d"}"`);
  } else if (who === "Q") {
    P(`M85,${Y(-10)}C86,${Y(-22)} 114,${Y(-22)} 115,${Y(-10)}C108,${Y(-15)} 92,${Y(-15)} 85,${Y(-10)}Z`, `fill="${hair}" ${st}`);
    P(`M88,${Y(-16)}L90,${Y(-28)}L95,${Y(-21)}L100,${Y(-32)}L105,${Y(-21)}L110,${Y(-28)}L112,${Y(-16)}Q100,${Y(-19)} 88,${Y(-16)}Z`, `fill="${GOLD}" ${st}`);
    P(circle(100, y - 33, 2.4), `fill="${GOLD}" ${st}`);
  } else if (who === "O") {
    const hat = high ? "#111" : "#2d2a28";
    P(`M105,${Y(-24)}C112,${Y(-40)} 128,${Y(-44)} 138,${Y(-36)}C127,${Y(-35)} 117,${Y(-30)} 110,${Y(-19)}Z`, `fill="${high ? "#fff" : p.fill}" ${st}`);
    P(`M88,${Y(-13)}C87,${Y(-32)} 113,${Y(-32)} 112,${Y(-13)}Z`, `fill="${hat}" ${st}`);
    P(ellipse(100, y - 13, 25, 5.5), `fill="${hat}" ${st}`);
  } else {
    // the Unter's cap and the Bube's beret, each with a feather
    const cap = high ? "#111" : who === "J" ? p.shade : p.robe;
    P(`M112,${Y(-18)}C117,${Y(-32)} 127,${Y(-36)} 133,${Y(-32)}C125,${Y(-29)} 120,${Y(-24)} 117,${Y(-14)}Z`, `fill="#fff" ${st}`);
    P(who === "J"
      ? `M83,${Y(-9)}C78,${Y(-26)} 118,${Y(-32)} 119,${Y(-12)}C110,${Y(-16)} 92,${Y(-15)} 83,${Y(-9)}Z`
      : `M85,${Y(-7)}C84,${Y(-27)} 116,${Y(-27)} 115,${Y(-7)}C108,${Y(-11)} 92,${Y(-11)} 85,${Y(-7)}Z`, `fill="${cap}" ${st}`);
  }

  // the suit sign: the Ober holds it up, the Unter low in front, the German King wears it
  const both = (x, sy) => [[x, sy, false], [200 - x, 300 - sy, true]];
  let sign;
  if (!german) sign = signs(suit, o, both(134, 30), 22, 1, g.outline);
  else if (rank === "O") sign = signs(suit, o, both(100, 34), 30, 1, g.outline);
  else {
    const [sy, r, size] = rank === "U" ? [126, 19, 28] : [y + 66, 12.5, 19];
    P(circle(100, sy, r), `fill="#fffdf6" ${st}`);
    sign = signs(suit, o, both(100, sy), size, 1, g.outline);
  }

  const frame = `x="50" y="12" width="100" height="276" rx="7"`;
  return `<rect ${frame} fill="${p.tint}"/>` + parts.join("") + sign +
    `<path d="M50,150L150,150" stroke="${high ? "#000" : p.ink}" stroke-width="${high ? 2.5 : 1.2}"/>` +
    `<rect ${frame} fill="none" stroke="${high ? "#000" : p.ink}" stroke-width="${high ? 3 : 1.6}"/>`;
}

// ------------------------------------------------------------------ public faces
function escapeAttr(s) {
  return s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

function svgOpen(label, extra) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeAttr(label)}"` +
    ` font-family="${FONT}" font-weight="700" stroke-linejoin="round"${extra}>`;
}

/** The face of `token` as an SVG string (viewBox 0 0 200 300, role="img", aria-label = name). */
export function cardSVG(token, opts) {
  const { suit, rank } = parse(token);
  const o = options(opts);
  const p = palette(suit, o);
  const g = geometry(o);
  const high = o.contrast === "high";
  let body;
  if (rank === "A") body = ace(suit, o, p);
  else if (rank === "K" || rank === "O" || rank === "U") body = court(suit, rank, o, p, g);
  else body = pips(suit, rank, o, g);
  const idx = cornerIndex(suit, rank, o, p, g);
  return svgOpen(cardName(token, o), ` class="cardface" data-card="${token}"`) +
    `<rect class="cf-face" x="${g.border / 2}" y="${g.border / 2}" width="${W - g.border}" height="${H - g.border}" rx="13"` +
    ` fill="${high ? "#fff" : "#fffdf6"}" stroke="${high ? "#000" : "#8a8478"}" stroke-width="${g.border}"/>` +
    body + `<g class="cf-idx">${idx}</g><g class="cf-idx" transform="rotate(180 100 150)">${idx}</g></svg>`;
}

const BACK_NAME = { de: "Kartenrückseite", en: "Card back" };

/** A lattice of small diamonds filling the back's inner panel. */
const LATTICE = (() => {
  let d = "";
  for (let y = 22; y <= 278; y += 12) {
    for (let x = (y - 22) % 24 ? 22 : 28; x <= 178; x += 12) d += `M${x},${y - 5}l5,5l-5,5l-5,-5z`;
  }
  return d;
})();

/** The back of a card: a lattice panel with a medallion of the deck's four suit signs. */
export function cardBackSVG(opts) {
  const o = options(opts);
  const high = o.contrast === "high";
  const german = o.deck === "german";
  const ground = german ? "#7d1d25" : "#1e3a6e";
  const pattern = high ? "#fff" : german ? "#c99a45" : "#8fb0e0";
  let s = svgOpen(BACK_NAME[o.lang], ` class="cardback"`);
  s += `<rect x="1" y="1" width="198" height="298" rx="13" fill="#fffdf6" stroke="${high ? "#000" : "#8a8478"}" stroke-width="2"/>`;
  s += `<rect x="10" y="10" width="180" height="280" rx="8" fill="${ground}"/>`;
  s += `<path d="${LATTICE}" fill="${pattern}" opacity="${high ? 0.5 : 0.55}"/>`;
  s += `<rect x="16" y="16" width="168" height="268" rx="5" fill="none" stroke="${pattern}" stroke-width="${high ? 3 : 1.5}"/>`;
  s += `<path d="${ellipse(100, 150, 52, 70)}" fill="#fffdf6" stroke="${pattern}" stroke-width="${high ? 5 : 4}"/>`;
  for (const [suit, x, y] of [["E", 100, 113], ["B", 71, 150], ["H", 129, 150], ["S", 100, 187]]) {
    s += signs(suit, o, [[x, y, false]], 30, 1, high ? 3 : 1.6);
  }
  return s + "</svg>";
}
