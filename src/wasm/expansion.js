// Builds `expand`'s result objects from the columns `src/wasm.rs` fills
// (`Columns`): creating each object here, with string slices of one decoded
// text, is several times faster than serializing every entry to JSON in
// wasm and parsing it back. The objects are exactly those JSON.parse would
// give: same properties in the same order, so JSON.stringify of the result
// is still the CLI's JSON byte for byte.
//
// `fields`: bytes (a view of wasm memory, read at once) of ASCII text, per
//   entry the nominal time (19 characters), then, when it has an instant,
//   the instant with its `Z` (20) and, unless it equals the nominal time,
//   the local wall time (19); after the entries, per transition, its
//   instant with its `Z` (20), the local time before (19) and after (19).
// `meta`: one u32 per entry: bits 0-1 status, bit 2 fold, bit 4 the entry
//   has notes or `mergedInto` (the next item of `tail.extras`), bit 5 it has
//   an instant, bit 6 its local wall time is its nominal time, bits 8.. the
//   index of its offset in `tail.offsets`.
// `shifts`: per transition three u32: the indexes of the offsets before and
//   after in `tail.offsets`, and 1 for a gap, 0 for a fold.
// `keys`: the entries' idempotency keys (made by Rust), one after the other;
//   `keyLengths`: the length of each, in UTF-16 code units.
// `tail`: JSON text `{ tzdb, offsets, extras, warnings }`.

const STATUS = ['scheduled', 'shifted', 'skipped', 'merged'];
const ascii = new TextDecoder();

export function buildExpansion(bytes, meta, shifts, keys, keyLengths, zone, tail) {
  const fields = ascii.decode(bytes);
  const rest = JSON.parse(tail);
  const offsets = rest.offsets;
  const suffixes = offsets.map((offset) => offset + '[' + zone + ']');
  const extras = rest.extras;
  const n = meta.length;
  const entries = [];
  let next = 0;
  let p = 0;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const m = meta[i];
    const nominal = fields.slice(p, p + 19);
    p += 19;
    let instant = null;
    let local = null;
    if ((m & 32) !== 0) {
      instant = fields.slice(p, p + 20);
      p += 20;
      if ((m & 64) !== 0) {
        local = nominal + suffixes[m >>> 8];
      } else {
        local = fields.slice(p, p + 19) + suffixes[m >>> 8];
        p += 19;
      }
    }
    const key = keys.slice(k, k + keyLengths[i]);
    k += keyLengths[i];
    const extra = (m & 16) !== 0 ? extras[next++] : null;
    const entry = {
      nominal,
      fold: (m >> 2) & 1,
      status: STATUS[m & 3],
      instant,
      local,
      key,
      notes: extra === null ? [] : extra.notes,
    };
    if (extra !== null && extra.mergedInto !== undefined) entry.mergedInto = extra.mergedInto;
    entries.push(entry);
  }
  const transitions = [];
  for (let i = 0; i < shifts.length; i += 3, p += 58) {
    transitions.push({
      instant: fields.slice(p, p + 20),
      offsetBefore: offsets[shifts[i]],
      offsetAfter: offsets[shifts[i + 1]],
      kind: shifts[i + 2] === 1 ? 'gap' : 'fold',
      localBefore: fields.slice(p + 20, p + 39),
      localAfter: fields.slice(p + 39, p + 58),
    });
  }
  return { tzdb: rest.tzdb, entries, transitions, warnings: rest.warnings };
}
