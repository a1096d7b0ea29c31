"""`from_cron`: a cron line as the schedule its product runs. The spec is
the real command line's `from-cron --format json` byte for byte, and its
expansion gives the runs each product's own code makes at the 2026 clock
changes (`tests/fixtures/cron-dst.json`, which the Rust suite checks too)."""

from __future__ import annotations

import json
from datetime import date, datetime, timezone
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from conftest import Cli, canonical, fixture_json

import wallclock

NEW_YORK = [c for c in fixture_json("cron-dst.json") if c["timeZone"] == "America/New_York"]


def cli_from_cron(cli: Cli, line: str, *options: str) -> Any:
    """`wallclock from-cron OPTIONS --format json -- LINE`: the spec, or the
    JSON error as `{"error": …}`."""
    status, out, err = cli.run("from-cron", *options, "--format", "json", "--", line)
    if status == 2:
        return {"error": json.loads(err.strip().splitlines()[-1])}
    assert status == 0, err
    return json.loads(out)


def python_from_cron(line: str, **options: Any) -> Any:
    try:
        return wallclock.from_cron(line, **options).schedule.to_dict()
    except wallclock.WallclockError as e:
        return {"error": e.to_dict()}


def runs(expansion: wallclock.Expansion) -> list[datetime]:
    """The distinct instants at which the expansion runs, in order."""
    out: list[datetime] = []
    for entry in expansion.entries:
        if entry.instant is not None and entry.status != "merged" and entry.instant not in out:
            out.append(entry.instant)
    return sorted(out)


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def test_every_product_is_in_the_new_york_cases() -> None:
    dialects = {c["dialect"] for c in NEW_YORK}
    assert {"kubernetes", "cronie", "systemd", "quartz"} <= dialects
    assert all(len([c for c in NEW_YORK if c["dialect"] == d]) >= 2 for d in dialects)


@pytest.mark.parametrize(
    "case", NEW_YORK,
    ids=[f"{c['dialect']}-{c['line']}-{c['transition']}" for c in NEW_YORK],
)
def test_the_spec_is_the_cli_json_and_runs_as_the_product(case: dict[str, Any], cli: Cli) -> None:
    made = wallclock.from_cron(
        case["line"], dialect=case["dialect"], tz="America/New_York", start="2026-01-01"
    )
    want = cli_from_cron(
        cli, case["line"], "--dialect", case["dialect"], "--tz", "America/New_York",
        "--start", "2026-01-01",
    )
    assert canonical(made.schedule.to_dict()) == canonical(want)
    expansion = made.schedule.expand(since=case["from"], until=case["to"])
    assert runs(expansion) == [utc(r) for r in case["runs"]], case["source"]


WARNED = [
    # No zone given: the line is read in UTC, and that is said.
    ("cronie", "*/5 2 * * *", (), "zone_assumed"),
    # Which 01:30 GitHub runs on 1 November is not documented.
    ("github-actions", "30 1 * * *", ("--tz", "America/New_York"), "fold_undocumented"),
    # A timer restarted in the repeated hour runs once more.
    ("systemd", "*-*-* 01:30", ("--tz", "America/New_York"), "timer_restart_in_fold"),
]


@pytest.mark.parametrize("dialect,line,options,code", WARNED, ids=[w[0] for w in WARNED])
def test_warnings_are_the_cli_warnings(
    dialect: str, line: str, options: tuple[str, ...], code: str, cli: Cli
) -> None:
    keywords = {k.lstrip("-"): v for k, v in zip(options[::2], options[1::2])}
    _, warnings = wallclock.from_cron(line, dialect=dialect, start="2026-01-01", **keywords)
    assert code in [w.code for w in warnings]
    assert all(isinstance(w, wallclock.SpecWarning) and w.message for w in warnings)
    status, _, err = cli.run(
        "from-cron", "--dialect", dialect, *options, "--start", "2026-01-01",
        "--format", "json", "--", line,
    )
    assert status == 0, err
    said = [json.loads(x)["warning"] for x in err.splitlines() if x.startswith('{"warning"')]
    assert canonical([w.to_dict() for w in warnings]) == canonical(said)


def test_an_or_line_is_a_schedule_of_two_rules(cli: Cli) -> None:
    # cronie: days 1-7 of the month OR every Monday, not "the first Monday".
    made = wallclock.from_cron(
        "0 9 1-7 * 1", dialect="cronie", tz=ZoneInfo("America/New_York"), start="2026-03-01"
    )
    want = cli_from_cron(
        cli, "0 9 1-7 * 1", "--dialect", "cronie", "--tz", "America/New_York",
        "--start", "2026-03-01",
    )
    assert canonical(made.schedule.to_dict()) == canonical(want)
    rules = made.schedule.rrule
    assert isinstance(rules, list) and len(rules) == 2
    march = made.schedule.expand(since="2026-03-01", until="2026-04-01")
    # 09:00 EST is 14:00 UTC until the change on Sunday 8 March, then 13:00.
    want_runs = [datetime(2026, 3, d, 14, tzinfo=timezone.utc) for d in range(1, 8)] + [
        datetime(2026, 3, d, 13, tzinfo=timezone.utc) for d in (9, 16, 23, 30)
    ]
    assert runs(march) == want_runs


@pytest.mark.parametrize(
    "options",
    [
        ("--id", "nightly", "--fold", "first"),
        ("--gap", "shift", "--fold", "second"),
    ],
)
def test_id_and_policies_replace_the_products(options: tuple[str, ...], cli: Cli) -> None:
    flags = dict(zip(options[::2], options[1::2]))
    made = wallclock.from_cron(
        "30 1,2 * * *", dialect="kubernetes", tz="America/New_York", start=date(2026, 1, 1),
        id=flags.get("--id"), gap=flags.get("--gap"), fold=flags.get("--fold"),
    )
    want = cli_from_cron(
        cli, "30 1,2 * * *", "--dialect", "kubernetes", "--tz", "America/New_York",
        "--start", "2026-01-01", *options,
    )
    assert canonical(made.schedule.to_dict()) == canonical(want)
    product = wallclock.from_cron(
        "30 1,2 * * *", dialect="kubernetes", tz="America/New_York", start="2026-01-01"
    )
    assert product.schedule.to_dict()["fold"] == "both"
    assert made.schedule != product.schedule


def test_without_start_the_schedule_starts_at_now() -> None:
    made = wallclock.from_cron(
        "@daily", dialect="kubernetes", tz="America/New_York", now="2026-03-07T12:00:00Z"
    )
    assert made.schedule.to_dict()["start"] == "2026-03-08T00:00:00"


BAD = [
    ("kubernetes", "61 * * * *", ()),
    ("kubernetes", "0 9 * * 7", ()),
    ("kubernetes", "0 9 * *", ()),
    ("cronie", "*/0 * * * *", ()),
    ("quartz", "0 0 9 1 * MON", ()),
    ("systemd", "*-*-* 25:00", ()),
    ("cronie", "0 9 * * mon", ("--tz", "America/New_Yrok")),
    ("fcron", "0 9 * * *", ()),
    ("kubernetes", "0 9 * * *", ("--gap", "later")),
    ("kubernetes", "0 9 * * *", ("--start", "2026-13-01")),
]


@pytest.mark.parametrize("dialect,line,options", BAD, ids=[f"{d}-{l}" for d, l, _ in BAD])
def test_bad_input_is_the_cli_error(
    dialect: str, line: str, options: tuple[str, ...], cli: Cli
) -> None:
    want = cli_from_cron(cli, line, "--dialect", dialect, *options)
    assert "error" in want, want
    keywords = {k.lstrip("-"): v for k, v in zip(options[::2], options[1::2])}
    got = python_from_cron(line, dialect=dialect, **keywords)
    assert canonical(got) == canonical(want)


def test_the_line_position_is_kept() -> None:
    with pytest.raises(wallclock.WallclockError) as raised:
        wallclock.from_cron("0 9 * * 7", dialect="kubernetes", tz="UTC")
    assert raised.value.position is not None and raised.value.field is not None


def test_bad_python_arguments_are_wallclock_errors() -> None:
    with pytest.raises(wallclock.WallclockError) as raised:
        wallclock.from_cron(
            "0 9 * * *", dialect="cronie",
            start=datetime(2026, 1, 1, tzinfo=timezone.utc),
        )
    assert raised.value.code == "invalid_start"
    with pytest.raises(wallclock.WallclockError) as raised:
        wallclock.from_cron("0 9 * * *", dialect="cronie", now=datetime(2026, 1, 1))
    assert raised.value.code == "invalid_date_time"
