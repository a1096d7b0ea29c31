// The page's DOM helpers, and the one way it writes HTML: `html`…``
// escapes every interpolated value unless it is itself `Html` (another
// template's result, or `raw(…)` for markup the page wrote itself); arrays
// are joined. The writers take `Html` only, so a plain string never reaches
// innerHTML.

const ESC = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ESC[c]);

/** Markup that is safe to write: built by `html` or marked with `raw`. */
export class Html {
  constructor(text) {
    this.text = text;
  }
}

/** Markup the page wrote itself, written as it is (never user or wasm text). */
export const raw = (text) => new Html(String(text));

/** No markup at all. */
export const EMPTY = new Html('');

function part(v) {
  if (v instanceof Html) return v.text;
  if (Array.isArray(v)) {
    let s = '';
    for (const x of v) s += part(x);
    return s;
  }
  return escape(v);
}

/** The tagged template: `html`<li>${text}</li>`` with `text` escaped. */
export function html(strings, ...values) {
  let s = strings[0];
  for (let i = 0; i < values.length; i++) s += part(values[i]) + strings[i + 1];
  return new Html(s);
}

/** Joins `Html` pieces (and escapes anything else). */
export const join = (items) => new Html(part(items));

function checked(h) {
  if (!(h instanceof Html)) throw new TypeError('the page writes HTML through html`…` only');
  return h.text;
}

/** Replaces an element's content with `h`. */
export function writeHtml(el, h) {
  el.innerHTML = checked(h);
}

/** Appends `h` at the end of an element's content. */
export function appendHtml(el, h) {
  el.insertAdjacentHTML('beforeend', checked(h));
}

const written = new WeakMap();

/** Replaces an element's content with `h` only when it differs from what this function last wrote there. */
export function setHtml(el, h) {
  const text = checked(h);
  if (written.get(el) === text) return;
  el.innerHTML = text;
  written.set(el, text);
}

export const $ = (id) => document.getElementById(id);

/**
 * Runs `fn` after the next frame has been rendered: a task queued from a
 * requestAnimationFrame callback runs once that frame's style, layout and
 * paint are done. A hidden page gets no frames, hence the timer.
 */
export function afterFrame(fn) {
  let done = false;
  const once = () => { if (!done) { done = true; fn(); } };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 250);
}

/** Runs `fn` in a task of its own soon (no 4 ms clamping of nested timers). */
export function yieldThen(fn) {
  if (window.scheduler?.postTask) window.scheduler.postTask(fn, { priority: 'user-visible' });
  else setTimeout(fn, 0);
}
