"""The 2026 clock changes in New York and Berlin, each under two policies,
with the UTC instants a daily rule must fire at (worked out by hand from
the offsets: New York EST −05:00 / EDT −04:00, changes on 8 March at 07:00Z
and 1 November at 06:00Z; Berlin CET +01:00 / CEST +02:00, changes on 29 March
and 25 October at 01:00Z). Berlin's repeated hour is 02:00–03:00 on
25 October, so its fold cases run at 02:30 that day."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=timezone.utc)


@dataclass(frozen=True)
class Day:
    name: str
    zone: str
    start: str
    policy: dict[str, str]
    fires: list[datetime] = field(default_factory=list)

    @property
    def spec(self) -> dict[str, Any]:
        return {"id": self.name, "timeZone": self.zone, "start": self.start,
                "rrule": "FREQ=DAILY;COUNT=4", **self.policy}

    @property
    def before(self) -> datetime:
        """An instant a day before the first fire."""
        return self.fires[0] - timedelta(days=1)


DAYS = [
    Day("ny-march-skip", "America/New_York", "2026-03-06T02:30", {"gap": "skip"},
        [utc("2026-03-06T07:30"), utc("2026-03-07T07:30"), utc("2026-03-09T06:30"),
         utc("2026-03-10T06:30")]),
    Day("ny-march-shift", "America/New_York", "2026-03-06T02:30", {"gap": "shift"},
        [utc("2026-03-06T07:30"), utc("2026-03-07T07:30"), utc("2026-03-08T07:30"),
         utc("2026-03-09T06:30")]),
    Day("ny-november-first", "America/New_York", "2026-10-30T01:30", {"fold": "first"},
        [utc("2026-10-30T05:30"), utc("2026-10-31T05:30"), utc("2026-11-01T05:30"),
         utc("2026-11-02T06:30")]),
    Day("ny-november-both", "America/New_York", "2026-10-31T01:30", {"fold": "both"},
        [utc("2026-10-31T05:30"), utc("2026-11-01T05:30"), utc("2026-11-01T06:30"),
         utc("2026-11-02T06:30")]),
    Day("berlin-march-skip", "Europe/Berlin", "2026-03-27T02:30", {"gap": "skip"},
        [utc("2026-03-27T01:30"), utc("2026-03-28T01:30"), utc("2026-03-30T00:30"),
         utc("2026-03-31T00:30")]),
    Day("berlin-march-shift", "Europe/Berlin", "2026-03-27T02:30", {"gap": "shift"},
        [utc("2026-03-27T01:30"), utc("2026-03-28T01:30"), utc("2026-03-29T01:30"),
         utc("2026-03-30T00:30")]),
    Day("berlin-october-first", "Europe/Berlin", "2026-10-23T02:30", {"fold": "first"},
        [utc("2026-10-23T00:30"), utc("2026-10-24T00:30"), utc("2026-10-25T00:30"),
         utc("2026-10-26T01:30")]),
    Day("berlin-october-both", "Europe/Berlin", "2026-10-24T02:30", {"fold": "both"},
        [utc("2026-10-24T00:30"), utc("2026-10-25T00:30"), utc("2026-10-25T01:30"),
         utc("2026-10-26T01:30")]),
]

IDS = [d.name for d in DAYS]
