#!/usr/bin/env bash
# The Python package's tests: `pip install ./python` (maturin's release
# build of the PyO3 crate) into throwaway virtualenvs with the pinned test
# requirements, then pytest against the real `wallclock` command line, the
# APScheduler 4 adapter in a virtualenv of its own (APScheduler 3 and 4
# share an import name), `mypy --strict` on an example and stubtest on the
# extension module's stubs. Needs python3 (3.10 or later) with venv and
# pip, and PyPI through pip.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
export PIP_DISABLE_PIP_VERSION_CHECK=1

# The command line the corpus tests compare with.
cargo build --locked --features native --bin wallclock
export WALLCLOCK_CLI="$repo/target/debug/wallclock"

venvs=$(mktemp -d)
trap 'rm -rf "$venvs"' EXIT

timed() {
  local started=$SECONDS
  "$@"
  printf 'test-python: %-40s %4d s\n' "$1 ${2:-}" $((SECONDS - started))
}

install() {
  python3 -m venv "$venvs/$1"
  "$venvs/$1/bin/pip" install --quiet "$2" -r "$repo/python/$3"
}

# `pip install ./python`, as a user installs it.
timed install py "$repo/python" requirements-test.txt
(cd python && timed "$venvs/py/bin/pytest" -q)
# Outside the source tree, so that the installed package (with its
# extension module and stubs) is what gets checked.
(cd "$venvs" && timed "$venvs/py/bin/mypy" --config-file "$repo/python/pyproject.toml" \
  --cache-dir "$venvs/mypy-cache" "$repo/python/examples/typed.py")
(cd "$venvs" && timed "$venvs/py/bin/python" -m mypy.stubtest --mypy-config-file "$repo/python/pyproject.toml" wallclock._native)
(cd "$venvs" && "$venvs/py/bin/python" "$repo/python/examples/typed.py" > /dev/null)

# The same build as a wheel (cargo finds it built: the same interpreter
# configures PyO3), installed into the APScheduler 4 virtualenv.
timed "$venvs/py/bin/pip" wheel --quiet --no-deps --wheel-dir "$venvs/wheels" "$repo/python"
timed install aps4 "$(ls "$venvs"/wheels/wallclock-*.whl)" requirements-apscheduler4.txt
(cd python && timed "$venvs/aps4/bin/pytest" -q -o addopts="-p no:cacheprovider" tests/test_apscheduler4.py)
