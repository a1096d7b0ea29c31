// What every bundler app does once `wallclock` is imported: expands the case
// in the page's hash (URL-encoded JSON `{ "spec": …, "options": … }`, chosen
// by scripts/test-bundlers.sh) and writes `JSON.stringify` of the result into
// <pre id="out">, the text `wallclock expand` prints for the same spec. An
// error is written there too, as `error: <code>: <message>`, so the runner
// reports it instead of timing out. `data-ready` marks the end either way.
// The package is passed in rather than imported here: each app resolves
// `wallclock` from its own node_modules (or import map).
export function run(wallclock) {
  const out = document.getElementById('out');
  try {
    const { spec, options } = JSON.parse(decodeURIComponent(location.hash.slice(1)));
    out.textContent = JSON.stringify(wallclock.expand(spec, options));
  } catch (e) {
    out.textContent = `error: ${e.code ?? e.name}: ${e.message}`;
  }
  out.dataset.ready = '1';
}
