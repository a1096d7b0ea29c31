"""The shared corpora: every case's `to_dict()` is byte for byte the real
command line's JSON (and the fixture's), after `json.dumps(sort_keys=True)`,
so Python is a fourth surface that cannot drift from the CLI, Node and the
page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import Cli, canonical, fixture_lines, python_spelling

import wallclock

CORPUS = fixture_lines("corpus.jsonl")
DIFF_CORPUS = fixture_lines("diff-corpus.jsonl")



def check(got: Any, want: Any, expected: str) -> None:
    """Python's answer is the CLI's JSON; an error about a window option is
    the fixture's (JSON's and JS's words) in Python's spelling, since the
    CLI words it for its flags."""
    fixture = json.loads(expected)
    if "error" in fixture and fixture["error"].get("field") in ("from", "to", "limit"):
        assert want["error"]["code"] == fixture["error"]["code"]
        assert canonical(got) == canonical({"error": python_spelling(fixture["error"])})
        return
    assert canonical(want) == canonical(fixture), "the CLI left the fixture"
    assert canonical(got) == canonical(want)


def python_expand(case: dict[str, Any]) -> Any:
    o = case["options"]
    try:
        return wallclock.expand(
            case["spec"], since=o.get("from"), until=o.get("to"), limit=o.get("limit")
        ).to_dict()
    except wallclock.WallclockError as e:
        return {"error": e.to_dict()}


def cli_expand(cli: Cli, case: dict[str, Any], tmp_path: Path) -> Any:
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps(case["spec"]))
    args = ["expand", "--spec", str(spec)]
    for option in ("limit", "from", "to"):
        if option in case["options"]:
            args += [f"--{option}", str(case["options"][option])]
    return cli.json(*args)


@pytest.mark.parametrize("case", CORPUS, ids=[c["name"] for c in CORPUS])
def test_expand_is_the_cli_json(case: dict[str, Any], cli: Cli, tmp_path: Path) -> None:
    check(python_expand(case), cli_expand(cli, case, tmp_path), case["expected"])


def test_the_corpus_is_all_there() -> None:
    assert len(CORPUS) >= 30 and len(DIFF_CORPUS) >= 8


@pytest.mark.parametrize("case", DIFF_CORPUS, ids=[c["name"] for c in DIFF_CORPUS])
def test_diff_is_the_cli_json(case: dict[str, Any], cli: Cli, tmp_path: Path) -> None:
    window = case["window"]
    try:
        got = wallclock.diff(
            case["old"], case["new"], since=window["from"], until=window["to"]
        ).to_dict()
    except wallclock.WallclockError as e:
        got = {"error": e.to_dict()}
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps(case["old"]))
    new.write_text(json.dumps(case["new"]))
    want = cli.json("diff", "--old", str(old), "--new", str(new),
                    "--from", window["from"], "--to", window["to"])
    check(got, want, case["expected"])


def test_notices_validate_and_misfire_are_the_cli_json(cli: Cli, tmp_path: Path) -> None:
    spec = {"id": "daily", "timeZone": "America/New_York", "start": "2026-01-05T02:30",
            "rrule": "FREQ=DAILY", "fold": "both", "exdate": ["2026-01-07T03:30"]}
    path = tmp_path / "spec.json"
    path.write_text(json.dumps(spec))
    now = "2026-02-01T00:00:00Z"
    got = wallclock.notices(spec, now=now).to_dict()
    assert canonical(got) == canonical(cli.json("notices", "--spec", str(path), "--now", now))
    assert [e["status"] for e in got["entries"]] == ["skipped"], "8 March"
    got = wallclock.notices(spec, since="2026-10-01", horizon="P2M").to_dict()
    assert canonical(got) == canonical(cli.json(
        "notices", "--spec", str(path), "--from", "2026-10-01", "--horizon", "P2M"))
    got = wallclock.validate(spec).to_dict()
    assert canonical(got) == canonical(cli.json("validate", "--spec", str(path)))
    assert got["warnings"][0]["code"] == "exdate_unmatched"
    due = [{"key": "daily|2026-03-09T02:30:00", "instant": "2026-03-09T06:30:00Z"},
           {"key": "daily|2026-03-10T02:30:00", "instant": "2026-03-10T06:30:00Z"}]
    due_path = tmp_path / "due.json"
    due_path.write_text(json.dumps(due))
    decisions = wallclock.decide_misfires({**spec, "misfire": "latest_only"}, due,
                                          now="2026-03-10T12:00:00Z")
    path.write_text(json.dumps({**spec, "misfire": "latest_only"}))
    want = cli.json("misfire", "--spec", str(path), "--due", str(due_path),
                    "--now", "2026-03-10T12:00:00Z")
    assert canonical(decisions.to_list()) == canonical(want)
    assert [d.decision for d in decisions] == ["coalesced", "run"]
