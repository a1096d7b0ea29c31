"""What every test of the package shares: the repository's shared fixtures
and the real `wallclock` command line whose JSON the package must print."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures"


def fixture_json(name: str) -> Any:
    return json.loads((FIXTURES / name).read_text())


def fixture_lines(name: str) -> list[dict[str, Any]]:
    lines = (FIXTURES / name).read_text().splitlines()
    return [json.loads(line) for line in lines if line.strip()]


class Cli:
    """The real `wallclock` binary (`cargo build --features native`), or
    the one `WALLCLOCK_CLI` names."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def run(self, *args: str, stdin: str | None = None) -> tuple[int, str, str]:
        done = subprocess.run(
            [str(self.path), *args],
            input=stdin,
            capture_output=True,
            text=True,
            timeout=120,
        )
        return done.returncode, done.stdout, done.stderr

    def json(self, *args: str) -> Any:
        """The command's JSON on stdout, or its JSON error as `{"error": …}`."""
        status, out, err = self.run(*args, "--format", "json")
        if status == 2:
            return {"error": json.loads(err.strip().splitlines()[-1])}
        return json.loads(out)


@pytest.fixture(scope="session")
def cli() -> Cli:
    path = Path(os.environ.get("WALLCLOCK_CLI", REPO / "target" / "debug" / "wallclock"))
    if not path.exists():
        pytest.fail(f"no wallclock command line at {path}: run `cargo build --features native` "
                    "or set WALLCLOCK_CLI")
    return Cli(path)


def canonical(value: Any) -> str:
    """JSON as the comparison of surfaces writes it."""
    return json.dumps(value, sort_keys=True)


# The names Python gives the window options of JSON and JS (`from` is a
# Python keyword).
PYTHON_NAMES = {"from": "since", "to": "until", "limit": "limit"}


def python_spelling(error: dict[str, Any]) -> dict[str, Any]:
    """A JSON/JS window-option error (`{code, message, field}`) as Python
    words it: `since`/`until`, `limit=50`, and for a bound that is no time
    the other forms Python takes, as the command line lists them."""
    message = (error["message"].replace("`from`", "`since`").replace("`to`", "`until`")
               .replace("`limit: 50`", "`limit=50`").replace("a `until`", "an `until`"))
    if error["code"] == "invalid_date_time":
        message += ("; or an aware `datetime`, or `now`, or a duration from the window start "
                    "such as `P7D` or `+7d`")
    out = {**error, "message": message}
    if "field" in error:
        out["field"] = PYTHON_NAMES.get(error["field"], error["field"])
    return out
