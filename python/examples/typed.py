"""The package as a user's code meets it: `mypy --strict` checks this file
against the package's annotations and stubs (scripts/test-all.sh), and the
test suite runs it."""

from __future__ import annotations

from datetime import datetime, timezone

import wallclock
from wallclock.apscheduler import WallclockTrigger
from wallclock.celery import wallclock_schedule

spec = {"timeZone": "America/New_York", "start": "2026-03-06T02:30",
        "rrule": "FREQ=DAILY;COUNT=4", "gap": "shift"}

expansion: wallclock.Expansion = wallclock.expand(spec, limit=10)
for entry in expansion.entries:
    nominal: datetime = entry.nominal
    when: datetime | None = entry.instant
    notes: list[str] = [note.message for note in entry.notes]
    print(entry.key, entry.status, nominal.fold, when, entry.local, notes)

week = wallclock.expand(spec, since=datetime(2026, 3, 7, tzinfo=timezone.utc), until="P7D")
codes: list[str] = [w.code for w in week.warnings]
schedule = wallclock.Schedule(spec)
print(wallclock.describe(schedule, now="2026-03-01T00:00:00Z"), codes, week.tzdb)
changes = wallclock.diff(spec, {**spec, "gap": "skip"}, since="2026-03-01", until="2026-04-01")
print(changes.summary["changed"], [c.cause for c in changes.changes])
decisions = wallclock.decide_misfires(spec, expansion.entries[:2], now="2026-03-07T12:00:00Z")
print([d.decision for d in decisions], decisions.to_list(), decisions.warnings)
upcoming: datetime | None = wallclock.next_execution(spec, "2026-03-07T12:00:00Z")
print(upcoming, wallclock.notices(spec, now="2026-03-01T00:00:00Z").transitions)

try:
    wallclock.validate({"timeZone": "Europe/Londn", "start": "2026-01-01T09:00"})
except wallclock.WallclockError as error:
    print(error.code, error.field, error.position, error.to_dict())

trigger = WallclockTrigger(spec)
first: datetime | None = trigger.get_next_fire_time(None, datetime(2026, 3, 1, tzinfo=timezone.utc))
beat = wallclock_schedule(schedule)
print(first, beat.is_due(datetime(2026, 3, 6, tzinfo=timezone.utc)))

imported: wallclock.CronSchedule = wallclock.from_cron(
    "30 2 * * *", dialect="kubernetes", tz="America/New_York", start="2026-01-01")
cron_schedule: wallclock.Schedule = imported.schedule
cron_codes: list[str] = [w.code for w in imported.warnings]
print(cron_schedule.rrule, cron_codes)
