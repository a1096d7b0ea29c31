// Builds `expand`'s result objects from the columns `src/wasm.rs` fills
// (`Columns`): creating each object here, with string slices of one decoded
// text, is several times faster than serializing every entry to JSON in
// wasm and parsing it back. The objects are exactly those JSON.parse would
// give: same properties in the same order, so JSON.stringify of the result
// is still the CLI's JSON byte for byte.
//
// `fields`: bytes (a view of wasm memory, read at once), per entry WIDTH
//   ASCII characters: the nominal time (19), the
//   instant with its `Z` (20) and the local wall time (19); the last two are
//   blanks when the entry has no instant.
// `meta`: one u32 per entry: bits 0-1 status, bit 2 fold, bit 3 the key's
//   `|fold=1` suffix, bit 4 the entry has notes or `mergedInto` (the next
//   item of `tail.extras`), bit 5 it has an instant, bits 8.. the index of
//   its offset in `tail.offsets`.
// `tail`: JSON text `{ tzdb, offsets, extras, transitions, warnings }`.

const WIDTH = 58;
const STATUS = ['scheduled', 'shifted', 'skipped', 'merged'];
const ascii = new TextDecoder();

export function buildExpansion(bytes, meta, id, zone, tail) {
  const fields = ascii.decode(bytes);
  const rest = JSON.parse(tail);
  const keyPrefix = id + '|';
  const suffixes = rest.offsets.map((offset) => offset + '[' + zone + ']');
  const extras = rest.extras;
  const n = meta.length;
  const entries = [];
  let next = 0;
  for (let i = 0, p = 0; i < n; i++, p += WIDTH) {
    const m = meta[i];
    const nominal = fields.slice(p, p + 19);
    const timed = (m & 32) !== 0;
    const extra = (m & 16) !== 0 ? extras[next++] : null;
    const entry = {
      nominal,
      fold: (m >> 2) & 1,
      status: STATUS[m & 3],
      instant: timed ? fields.slice(p + 19, p + 39) : null,
      local: timed ? fields.slice(p + 39, p + 58) + suffixes[m >>> 8] : null,
      key: (m & 8) !== 0 ? keyPrefix + nominal + '|fold=1' : keyPrefix + nominal,
      notes: extra === null ? [] : extra.notes,
    };
    if (extra !== null && extra.mergedInto !== undefined) entry.mergedInto = extra.mergedInto;
    entries.push(entry);
  }
  return { tzdb: rest.tzdb, entries, transitions: rest.transitions, warnings: rest.warnings };
}
