// Only the dev server needs this: it pre-bundles dependencies into
// node_modules/.vite/deps, where `new URL('wallclock_bg.wasm', import.meta.url)`
// in the package's glue no longer points at the .wasm (the server answers with
// index.html). `vite build` finds and emits the .wasm without it.
export default {
  optimizeDeps: { exclude: ['wallclock'] },
};
