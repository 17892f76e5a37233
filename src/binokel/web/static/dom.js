// Small DOM helpers. Every text goes through textContent: nicknames and server texts are
// data, never HTML.

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

/**
 * A button that copies ``text()`` to the clipboard and says so for two seconds; hidden where
 * the browser does not let the page write the clipboard (https and localhost only) or
 * refuses it. ``words``: its label and what it says after copying, in the page's language.
 * @param {() => string} text
 * @param {{copy: string, copied: string}} words
 * @param {Record<string, string>} [attrs]
 */
export function copyButton(text, words, attrs = {}) {
  const b = el("button", { type: "button", class: "small", ...attrs, text: words.copy,
    hidden: !navigator.clipboard });
  b.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text());
      b.textContent = words.copied;
      setTimeout(() => { b.textContent = words.copy; }, 2000);
    } catch { b.hidden = true; }
  });
  return b;
}

/** Replace an element's children only when the new text differs (no needless reflow). */
export function setText(e, text) {
  if (e.textContent !== text) e.textContent = text;
}

/** Toggle a set of classes on an element. */
export function classes(e, map) {
  for (const [k, v] of Object.entries(map)) e.classList.toggle(k, !!v);
}

/** Whether the user asked for less motion. */
export const calm = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Move ``e`` visually from the rectangle ``from`` to where it is now (FLIP). */
export function flyFrom(e, from, ms = 280, delay = 0) {
  if (!from || calm() || !e.animate) return null;
  const to = e.getBoundingClientRect();
  if (!to.width) return null;
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const k = from.width && to.width ? Math.max(0.3, Math.min(2, from.width / to.width)) : 1;
  return e.animate([
    { transform: `translate(${dx}px, ${dy}px) scale(${k})`, opacity: 0.6 },
    { transform: "none", opacity: 1 },
  ], { duration: ms, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" });
}
