#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ (cargo fuzz, libFuzzer) for a given time
# each, one after the other, from a corpus seeded with the test fixtures
# and the RFC 5545 examples, with the RRULE dictionary and the target's own;
# then prints the runs and the edges (libFuzzer's `cov`) each reached.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     default: 600 seconds, every target
#
# cargo fuzz needs a nightly toolchain (its sanitizer and coverage flags
# are unstable); where none is installed this script says so and exits 2
# without fuzzing anything. The project itself builds and is tested on
# stable: CI (scripts/test-all.sh) only checks that the fuzz crate compiles.
# A crash stops its target, leaves the input in fuzz/artifacts/TARGET/, and
# makes the script exit 1 once the other targets have run.
# FUZZ_ARGS adds libFuzzer flags (e.g. FUZZ_ARGS='-max_len=8192'). Each
# target runs in one process, so one core at a time is busy.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-600}
shift || true
if ! [[ $seconds =~ ^[0-9]+$ ]]; then
  echo "scripts/fuzz.sh: expected SECONDS (a whole number), got \`$seconds\`" >&2
  exit 2
fi

if ! cargo +nightly --version >/dev/null 2>&1; then
  cat >&2 <<'EOF'
scripts/fuzz.sh: no nightly Rust toolchain here, so nothing was fuzzed.
cargo fuzz builds with unstable compiler flags (-Zsanitizer, coverage); install
one with `rustup toolchain install nightly`, then run this script again. The
fuzz targets' inputs that once crashed are tests of the normal suite
(tests/fuzz_regressions.rs), which runs on stable.
EOF
  exit 2
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  echo "scripts/fuzz.sh: cargo-fuzz is not installed: \`cargo install cargo-fuzz\`, then run this script again" >&2
  exit 2
fi

targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
  mapfile -t targets < <(cd fuzz && cargo +nightly fuzz list)
fi

echo "=== seeding fuzz/corpus from the fixtures, the RFC examples and fuzz/seeds"
cargo run --quiet --example fuzz_seed -- fuzz/corpus

dict_of() {
  case "$1" in
    parse_rule | expand_spec) echo rrule ;;
    spec_json) echo spec ;;
    ical_import) echo ical ;;
    window) echo window ;;
    cron_line) echo cron ;;
    *) echo "" ;;
  esac
}

mkdir -p fuzz/logs target/fuzz
status=0
for t in "${targets[@]}"; do
  echo "=== $t: ${seconds}s"
  dict=target/fuzz/$t.dict
  cat fuzz/dict/rrule.dict > "$dict"
  own=$(dict_of "$t")
  if [[ -n $own && $own != rrule ]]; then cat "fuzz/dict/$own.dict" >> "$dict"; fi
  mkdir -p "fuzz/corpus/$t" "fuzz/artifacts/$t"
  # shellcheck disable=SC2086
  if ! (cd fuzz && cargo +nightly fuzz run --debug-assertions "$t" "corpus/$t" -- \
      -max_total_time="$seconds" -dict="../$dict" -print_final_stats=1 \
      -artifact_prefix="artifacts/$t/" ${FUZZ_ARGS:-}) > "fuzz/logs/$t.log" 2>&1; then
    echo "$t: CRASHED, input in fuzz/artifacts/$t/ (log: fuzz/logs/$t.log)"
    status=1
  fi
done

echo
# `edges`: libFuzzer's `cov`, the instrumented edges the corpus reaches, of
# all the binary has (its inline 8-bit counters: wallclock, serde, jiff, …).
printf '%-12s %12s %16s %10s %8s\n' target runs edges features corpus
for t in "${targets[@]}"; do
  log=fuzz/logs/$t.log
  runs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || true)
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  cov=$(grep -o 'cov: [0-9]*' <<<"$last" | grep -o '[0-9]*' || true)
  ft=$(grep -o 'ft: [0-9]*' <<<"$last" | grep -o '[0-9]*' || true)
  corp=$(grep -o 'corp: [0-9]*' <<<"$last" | grep -o '[0-9]*' || true)
  all=$(grep -o '([0-9]* inline 8-bit counters)' "$log" | head -1 | grep -o '^([0-9]*' | tr -d '(' || true)
  printf '%-12s %12s %16s %10s %8s\n' "$t" "${runs:--}" "${cov:--} of ${all:--}" "${ft:--}" "${corp:--}"
done
exit "$status"
