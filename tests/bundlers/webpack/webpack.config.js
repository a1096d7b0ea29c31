// webpack 5's defaults do the rest: `exports` resolves `wallclock` to its
// browser entry (target `web` has no `node` condition), top-level await is on
// by default since 5.83, and `new URL('wallclock_bg.wasm', import.meta.url)`
// in the package's glue emits the .wasm as an asset next to the bundle.
import { fileURLToPath } from 'node:url';

export default {
  mode: 'production',
  entry: './main.js',
  output: {
    path: fileURLToPath(new URL('./dist', import.meta.url)),
    clean: true,
  },
};
