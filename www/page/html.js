// The one way the page writes HTML. `html`…`` escapes every interpolated
// value unless it is itself `Html` (another template's result, or `raw(…)`
// for markup the page wrote itself); arrays are joined. The writers below
// take `Html` only, so a plain string never reaches innerHTML.

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
