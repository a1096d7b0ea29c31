#!/usr/bin/env python3
"""Generates tests/fixtures/dateutil.jsonl, the expected values of
tests/dateutil_oracle.rs, from two oracles independent of wallclock.

Regenerate (needs python-dateutil, 2.9.0 was used; takes about ten minutes):

    python3 scripts/oracle/generate.py > tests/fixtures/dateutil.jsonl

The summary goes to stderr; `--seed` and `--cases` change the fixed defaults.
wallclock is never run here: every expected list comes from python-dateutil
and from rfcref.py (a naive RFC 5545 §3.3.10 expander in this directory),
and a case is kept only when both produce the same list.

Cases: seeded random RFC 5545-valid rules (FREQ YEARLY..SECONDLY, INTERVAL,
0-4 BY parts, BYSETPOS, WKST) plus targeted kinds the random mix reaches
rarely: BYWEEKNO with BYDAY/BYMONTH and every WKST, BYYEARDAY (59/60/366,
negative), BYSETPOS, sub-daily with BYHOUR/BYMINUTE/BYSECOND and large
INTERVALs, month ends (29/30/31, -1), 29 February, and WEEKLY rules starting
around ISO weeks 52/53. DTSTARTs favour month ends, 29 February and the days
around year boundaries. Every case is bounded: COUNT <= 30 or an UNTIL a few
periods away, and at most LIMIT (50) occurrences, which the test also asks.
Zone UTC, invalidDate `omit` (wallclock's default, RFC 5545's behaviour).

Semantics aligned between the oracles and wallclock:
  * A date-only UNTIL (`UNTIL=20260401`) includes that whole day (docs/spec.md §2.5);
    dateutil reads it as midnight, so it is given 23:59:59 of that day.
    A UTC UNTIL (`...Z`) is given to dateutil without the Z (zone is UTC).
  * DTSTART is an occurrence only when the rule generates it (docs/spec.md §2.2),
    as in dateutil; the nominals list contains no extra DTSTART.

Cases drop out (counted in the summary) when dateutil or the reference time
out, when dateutil refuses the rule, when a COUNT rule yields fewer than
COUNT (the oracles then searched to year 9999: costly, not a bounded case),
when the result is empty unless an UNTIL bounds it (cheap for wallclock too),
and when the two oracles disagree. Every disagreement seen so far is one of
three python-dateutil 2.9.0 defects, for which the RFC is on wallclock's
and the reference's side:
  * BYDAY mixing plain weekdays and ordinals (`BYDAY=MO,-1FR`): dateutil
    intersects the two kinds; RFC 5545 §3.3.10 makes a BYDAY list a set of
    days, each element matching on its own (a union).
  * WEEKLY with BYSETPOS: dateutil's first week starts at DTSTART, not at
    the WKST-aligned week holding it, so BYSETPOS counts from the wrong set;
    the RFC's WEEKLY period is the whole week starting on WKST.
  * BYWEEKNO near year boundaries (week 53, negative weeks, the days of
    week 1 in the previous December): dateutil mis-numbers weeks there; the
    RFC numbers weeks as ISO 8601 does, with weeks starting on WKST and week
    1 the first one holding at least four days of the year.
Timeouts are wall-clock, so the file is not byte-reproducible: a rerun keeps
or drops a few borderline cases differently (2 of 1 350 between two runs on
the same machine), while the cases both runs keep have identical expected
values; review a regenerated file with that in mind. dateutil
keeps walking periods to year 9999 when they yield no occurrence, even past
UNTIL, so some UNTIL-bounded rules with an empty result time out and drop.
"""

import argparse
import collections
import datetime as dt
import itertools
import json
import os
import random
import signal
import sys
import time
import warnings

from dateutil.rrule import rrulestr

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rfcref  # noqa: E402

warnings.simplefilter("ignore")

LIMIT = 50
FREQS = ["YEARLY", "MONTHLY", "WEEKLY", "DAILY", "HOURLY", "MINUTELY", "SECONDLY"]
FREQ_WEIGHTS = [28, 24, 14, 12, 9, 7, 6]
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
PART_ORDER = ["FREQ", "INTERVAL", "COUNT", "UNTIL", "BYMONTH", "BYWEEKNO", "BYYEARDAY",
              "BYMONTHDAY", "BYDAY", "BYHOUR", "BYMINUTE", "BYSECOND", "BYSETPOS", "WKST"]
FMT = "%Y-%m-%dT%H:%M:%S"

SPECIAL_STARTS = [
    # month ends, 29 February, year boundaries / ISO weeks 52 and 53
    (2026, 1, 31), (2026, 3, 31), (2026, 4, 30), (2026, 2, 28), (2025, 12, 31),
    (2024, 2, 29), (2028, 2, 29), (2024, 1, 31), (2027, 8, 31), (2026, 5, 31),
    (2026, 12, 28), (2026, 12, 31), (2027, 1, 1), (2027, 1, 3), (2027, 1, 4),
    (2020, 12, 31), (2021, 1, 1), (2021, 1, 3), (2021, 1, 4), (2015, 12, 31),
    (2016, 1, 1), (2016, 1, 3), (2025, 12, 29), (2026, 1, 1), (2026, 1, 4),
    (2032, 12, 31), (2033, 1, 2), (2024, 12, 30), (2024, 12, 31), (2022, 1, 2),
    (2023, 1, 1), (2029, 12, 31), (2030, 1, 1), (2026, 6, 30), (2026, 9, 30),
]
# Mondays of ISO week 52 or 53 and of the following week 1, and days around them
ISO_WEEK_STARTS = [
    (2015, 12, 21), (2015, 12, 28), (2016, 1, 4), (2020, 12, 21), (2020, 12, 28),
    (2021, 1, 4), (2026, 12, 21), (2026, 12, 28), (2027, 1, 4), (2024, 12, 23),
    (2024, 12, 30), (2025, 1, 6), (2032, 12, 27), (2033, 1, 3), (2037, 12, 28),
    (2019, 12, 30), (2018, 12, 31), (2025, 12, 29), (2026, 1, 5), (2009, 12, 28),
]


# ---------------------------------------------------------------------------
# Generation
# ---------------------------------------------------------------------------

def gen_time(rng):
    hh = rng.choice([0, 0, 8, 9, 12, 17, 23, rng.randrange(24)])
    mm = rng.choice([0, 0, 30, 59, rng.randrange(60)])
    ss = rng.choice([0, 0, 0, 15, 59, rng.randrange(60)])
    return hh, mm, ss


def gen_start(rng, specials=SPECIAL_STARTS):
    if rng.random() < 0.6:
        y, m, d = rng.choice(specials)
        date = dt.date(y, m, d) + dt.timedelta(days=rng.choice([0, 0, 0, -1, 1, 3, -3]))
    else:
        day0 = dt.date(2019, 1, 1).toordinal()
        date = dt.date.fromordinal(day0 + rng.randrange(365 * 14))
    return dt.datetime(date.year, date.month, date.day, *gen_time(rng))


def sample(rng, population, lo, hi):
    k = rng.randint(lo, hi)
    return sorted(rng.sample(population, min(k, len(population))))


def gen_count(rng):
    """Small counts mostly, to keep the fixture small; up to 30."""
    return rng.choices([rng.randint(1, 5), rng.randint(6, 10), rng.randint(11, 20), rng.randint(21, 30)],
                       [50, 32, 14, 4])[0]


def gen_byday(rng, ordinal_ok, in_month):
    """BYDAY elements: plain weekdays, and ordinals where the RFC allows them."""
    out = []
    for _ in range(rng.randint(1, 3)):
        wd = rng.choice(DAYS)
        if ordinal_ok and rng.random() < 0.55:
            if in_month:
                n = rng.choice([1, 2, 3, 4, 5, -1, -2, -5])
            else:
                n = rng.choice([1, 2, 10, 20, 26, 52, 53, -1, -2, -10, -52, -53])
            out.append(f"{n}{wd}")
        else:
            out.append(wd)
    return list(dict.fromkeys(out))


def until_for(rng, freq, start, interval):
    span = {
        "YEARLY": dt.timedelta(days=365 * rng.randint(1, 6)),
        "MONTHLY": dt.timedelta(days=rng.randint(60, 500)),
        "WEEKLY": dt.timedelta(days=rng.randint(14, 120)),
        "DAILY": dt.timedelta(days=rng.randint(3, 30)),
        "HOURLY": dt.timedelta(hours=rng.randint(5, 24 * 5)),
        "MINUTELY": dt.timedelta(minutes=rng.randint(10, 60 * 5)),
        "SECONDLY": dt.timedelta(seconds=rng.randint(30, 600)),
    }[freq] * max(1, min(interval, 3))
    u = start + span
    kind = rng.random()
    if kind < 0.2:
        return u.strftime("%Y%m%d")  # date-only: docs/spec.md §2.5, whole day
    if kind < 0.4:
        return u.strftime("%Y%m%dT%H%M%SZ")  # zone is UTC, so same as local
    return u.strftime("%Y%m%dT%H%M%S")


def gen_random(rng):
    """A random RFC-valid rule: FREQ, maybe INTERVAL, 0-4 BY parts, maybe WKST."""
    freq = rng.choices(FREQS, FREQ_WEIGHTS)[0]
    parts = {"FREQ": freq}
    sub_daily = freq in ("HOURLY", "MINUTELY", "SECONDLY")
    if rng.random() < 0.35:
        if sub_daily:
            parts["INTERVAL"] = str(rng.choice([2, 3, 5, 7, 15, 25, 90]))
        else:
            parts["INTERVAL"] = str(rng.choice([2, 2, 3, 4, 5]))
    # which BY parts the RFC allows with this FREQ, and how likely each is
    allowed = {"BYMONTH": 3, "BYDAY": 5, "BYHOUR": 2, "BYMINUTE": 2, "BYSECOND": 1}
    if freq == "YEARLY":
        allowed.update(BYWEEKNO=3, BYYEARDAY=3, BYMONTHDAY=4)
    elif freq == "MONTHLY":
        allowed.update(BYMONTHDAY=5)
    elif freq == "DAILY":
        allowed.update(BYMONTHDAY=2)
    elif sub_daily:
        allowed.update(BYMONTHDAY=1, BYYEARDAY=1)
    k = rng.choices([0, 1, 2, 3, 4], [10, 35, 35, 15, 5])[0]
    chosen = set()
    names, weights = list(allowed), list(allowed.values())
    while len(chosen) < min(k, len(names)):
        chosen.add(rng.choices(names, weights)[0])
    if "BYMONTH" in chosen:
        parts["BYMONTH"] = ",".join(map(str, sample(rng, list(range(1, 13)), 1, 4)))
    if "BYWEEKNO" in chosen:
        pool = [1, 2, 3, 10, 20, 26, 51, 52, 53, -1, -2, -53, -52]
        parts["BYWEEKNO"] = ",".join(map(str, sample(rng, pool, 1, 3)))
    if "BYYEARDAY" in chosen:
        pool = [1, 2, 59, 60, 100, 200, 365, 366, -1, -2, -365, -366, -100]
        parts["BYYEARDAY"] = ",".join(map(str, sample(rng, pool, 1, 3)))
    if "BYMONTHDAY" in chosen:
        pool = [1, 2, 13, 15, 28, 29, 30, 31, -1, -2, -3, -28, -29, -30, -31]
        parts["BYMONTHDAY"] = ",".join(map(str, sample(rng, pool, 1, 3)))
    if "BYDAY" in chosen:
        ordinal_ok = freq == "MONTHLY" or (freq == "YEARLY" and "BYWEEKNO" not in parts)
        in_month = freq == "MONTHLY" or "BYMONTH" in parts or rng.random() < 0.3
        parts["BYDAY"] = ",".join(gen_byday(rng, ordinal_ok, in_month))
    if "BYHOUR" in chosen:
        parts["BYHOUR"] = ",".join(map(str, sample(rng, [0, 1, 6, 9, 12, 17, 23], 1, 3)))
    if "BYMINUTE" in chosen:
        parts["BYMINUTE"] = ",".join(map(str, sample(rng, [0, 1, 15, 30, 45, 59], 1, 3)))
    if "BYSECOND" in chosen:
        parts["BYSECOND"] = ",".join(map(str, sample(rng, [0, 1, 30, 59], 1, 2)))
    # BYSETPOS: mostly where a period's set can hold several occurrences
    if chosen and rng.random() < (0.3 if freq in ("YEARLY", "MONTHLY", "WEEKLY") else 0.08):
        pool = [1, 2, 3, -1, -2, -3, 5, 10] if not sub_daily else [1, -1]
        parts["BYSETPOS"] = ",".join(map(str, sample(rng, pool, 1, 2)))
    if rng.random() < 0.3:
        parts["WKST"] = rng.choice(DAYS)
    return gen_start(rng), parts


def gen_weekno(rng):
    parts = {"FREQ": "YEARLY",
             "BYWEEKNO": ",".join(map(str, sample(rng, [1, 2, 52, 53, -1, -2, -52, -53, 26], 1, 2)))}
    if rng.random() < 0.6:
        parts["BYDAY"] = ",".join(sample(rng, DAYS, 1, 3))
    if rng.random() < 0.3:
        parts["BYMONTH"] = rng.choice(["1", "12", "1,12", "6"])
    if rng.random() < 0.2:
        parts["INTERVAL"] = str(rng.choice([2, 3]))
    parts["WKST"] = rng.choice(DAYS)
    return gen_start(rng), parts


def gen_yearday(rng):
    parts = {"FREQ": rng.choice(["YEARLY", "YEARLY", "HOURLY", "MINUTELY"]),
             "BYYEARDAY": ",".join(map(str, sample(rng, [1, 59, 60, 61, 365, 366, -1, -306, -307, -365, -366], 1, 3)))}
    if parts["FREQ"] != "YEARLY":
        parts["BYHOUR"] = "3"
        parts["BYMINUTE"] = "7"
    if rng.random() < 0.3:
        parts["BYMONTH"] = rng.choice(["2", "3", "12", "1,12"])
    if rng.random() < 0.3:
        parts["BYDAY"] = rng.choice(["MO", "1MO", "-1SU", "TU,TH"]) if parts["FREQ"] == "YEARLY" else "MO,TU"
    return gen_start(rng), parts


def gen_setpos(rng):
    f = rng.choice(["YEARLY", "MONTHLY", "WEEKLY", "DAILY"])
    parts = {"FREQ": f, "BYSETPOS": ",".join(map(str, sample(rng, [1, 2, -1, -2, 3, 7, -7, 20, -20], 1, 3)))}
    parts["BYHOUR"] = ",".join(map(str, sample(rng, [0, 9, 17, 23], 1, 3)))
    if rng.random() < 0.5:
        parts["BYMINUTE"] = rng.choice(["0", "0,30", "15,45"])
    if f in ("YEARLY", "MONTHLY", "WEEKLY") and rng.random() < 0.8:
        parts["BYDAY"] = ",".join(sample(rng, DAYS, 1, 3))
    if f in ("YEARLY", "MONTHLY") and rng.random() < 0.4:
        parts["BYMONTHDAY"] = rng.choice(["1", "-1", "1,15,-1", "29,30,31"])
    if f == "YEARLY" and rng.random() < 0.5:
        parts["BYMONTH"] = rng.choice(["2", "1,7"])
    if rng.random() < 0.5:
        parts["INTERVAL"] = str(rng.randint(2, 4))
    parts["WKST"] = rng.choice(DAYS)
    return gen_start(rng), parts


def gen_subdaily(rng):
    f = rng.choice(["HOURLY", "MINUTELY", "SECONDLY"])
    parts = {"FREQ": f, "INTERVAL": str(rng.choice([1, 2, 5, 7, 13, 25, 61, 90, 3600]))}
    for k, pool in (("BYHOUR", [0, 1, 11, 23]), ("BYMINUTE", [0, 1, 30, 59]), ("BYSECOND", [0, 1, 59])):
        if rng.random() < 0.4:
            parts[k] = ",".join(map(str, sample(rng, pool, 1, 2)))
    if rng.random() < 0.3:
        parts["BYDAY"] = ",".join(sample(rng, DAYS, 1, 2))
    if rng.random() < 0.2:
        parts["BYMONTHDAY"] = rng.choice(["1", "-1", "31"])
    if rng.random() < 0.2:
        parts["BYMONTH"] = rng.choice(["1", "3", "12"])
    if rng.random() < 0.15 and len(parts) > 2:  # BYSETPOS needs another BYxxx part
        parts["BYSETPOS"] = rng.choice(["1", "-1"])
    return gen_start(rng), parts


def gen_monthend(rng):
    f = rng.choice(["MONTHLY", "MONTHLY", "YEARLY", "DAILY"])
    parts = {"FREQ": f}
    r = rng.random()
    if r < 0.35:
        pass  # the day of month of DTSTART (29, 30 or 31): omitted in short months
    elif r < 0.8:
        parts["BYMONTHDAY"] = ",".join(map(str, sample(rng, [28, 29, 30, 31, -1, -2, -29, -30, -31], 1, 3)))
    else:
        parts["BYDAY"] = rng.choice(["-1MO", "-1FR", "5SA", "-5SU", "MO,-1FR"]) if f == "MONTHLY" else "MO,TU"
    if f == "YEARLY" and rng.random() < 0.6:
        parts["BYMONTH"] = ",".join(map(str, sample(rng, list(range(1, 13)), 1, 4)))
    if rng.random() < 0.3:
        parts["INTERVAL"] = str(rng.choice([2, 3, 5]))
    start = gen_start(rng)
    y, m = rng.choice([(2026, 1), (2026, 3), (2027, 8), (2024, 1), (2028, 1), (2026, 12)])
    day = rng.choice([29, 30, 31])
    return start.replace(year=y, month=m, day=day), parts


def gen_leapday(rng):
    parts = rng.choice([
        {"FREQ": "YEARLY"},
        {"FREQ": "YEARLY", "BYMONTH": "2", "BYMONTHDAY": "29"},
        {"FREQ": "YEARLY", "BYMONTH": "2", "BYMONTHDAY": "-1"},
        {"FREQ": "YEARLY", "BYYEARDAY": "60"},
        {"FREQ": "YEARLY", "BYYEARDAY": "-307"},
        {"FREQ": "MONTHLY", "BYMONTHDAY": "29"},
        {"FREQ": "MONTHLY", "INTERVAL": "12"},
        {"FREQ": "MONTHLY", "INTERVAL": "6"},
        {"FREQ": "YEARLY", "INTERVAL": "4"},
        {"FREQ": "YEARLY", "BYMONTH": "2", "BYDAY": "-1TH"},
        {"FREQ": "DAILY", "BYMONTH": "2", "BYMONTHDAY": "28,29"},
    ])
    y = rng.choice([2024, 2028, 2020, 2096, 2000])
    start = dt.datetime(y, 2, 29, *gen_time(rng))
    return start, dict(parts)


def gen_isoweek(rng):
    parts = {"FREQ": "WEEKLY"}
    if rng.random() < 0.7:
        parts["BYDAY"] = ",".join(sample(rng, DAYS, 1, 4))
    if rng.random() < 0.5:
        parts["INTERVAL"] = str(rng.choice([2, 3, 52, 53]))
    if rng.random() < 0.2:
        parts["BYMONTH"] = rng.choice(["1", "12", "1,12"])
    if rng.random() < 0.7:
        parts["WKST"] = rng.choice(DAYS)
    y, m, d = rng.choice(ISO_WEEK_STARTS)
    date = dt.date(y, m, d) + dt.timedelta(days=rng.randrange(7))
    return dt.datetime(date.year, date.month, date.day, *gen_time(rng)), parts


KINDS = [("random", gen_random, 52), ("weekno", gen_weekno, 9), ("yearday", gen_yearday, 7),
         ("setpos", gen_setpos, 10), ("subdaily", gen_subdaily, 8), ("monthend", gen_monthend, 6),
         ("leapday", gen_leapday, 4), ("isoweek", gen_isoweek, 4)]


def gen_case(rng):
    name, gen, _ = rng.choices(KINDS, [k[2] for k in KINDS])[0]
    start, parts = gen(rng)
    interval = int(parts.get("INTERVAL", "1"))
    if rng.random() < 0.72:
        parts["COUNT"] = str(gen_count(rng))
    else:
        parts["UNTIL"] = until_for(rng, parts["FREQ"], start, interval)
    return name, start, parts


def rule_text(parts):
    return ";".join(f"{k}={parts[k]}" for k in PART_ORDER if k in parts)


# ---------------------------------------------------------------------------
# The two oracles
# ---------------------------------------------------------------------------

class Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise Timeout()


def run_dateutil(start, parts, timeout):
    p = dict(parts)
    if "UNTIL" in p and len(p["UNTIL"]) == 8:
        p["UNTIL"] += "T235959"  # docs/spec.md §2.5: a date-only UNTIL includes that whole day
    if "UNTIL" in p and p["UNTIL"].endswith("Z"):
        p["UNTIL"] = p["UNTIL"][:-1]  # zone is UTC: naive dtstart needs a naive UNTIL
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        rule = rrulestr(rule_text(p), dtstart=start)
        return "ok", [d.strftime(FMT) for d in itertools.islice(rule, LIMIT)]
    except Timeout:
        return "timeout", None
    except Exception as e:  # noqa: BLE001
        return f"error {type(e).__name__}", None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def run_reference(start, parts, budget):
    out, horizon = rfcref.expand(start, dict(parts), limit=LIMIT, budget_s=budget)
    if horizon is not None:
        return "timeout", None
    return "ok", [x.strftime(FMT) for x in out]


def dateutil_defect(parts):
    """The known python-dateutil defect a disagreeing rule shows, if any."""
    byday = parts["BYDAY"].split(",") if "BYDAY" in parts else []
    plain = [e for e in byday if len(e) == 2]
    if plain and len(plain) < len(byday):
        return "mixed BYDAY"
    if parts["FREQ"] == "WEEKLY" and "BYSETPOS" in parts:
        return "WEEKLY+BYSETPOS"
    if "BYWEEKNO" in parts:
        return "BYWEEKNO"
    return "UNEXPLAINED"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=5545)
    ap.add_argument("--cases", type=int, default=1350, help="cases to keep")
    ap.add_argument("--timeout", type=float, default=2.0, help="per oracle and case, seconds")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    tally = collections.Counter()
    kept_kinds = collections.Counter()
    unexplained = []
    t0 = time.monotonic()
    n_generated = 0
    out = sys.stdout
    while tally["kept"] < args.cases:
        n_generated += 1
        kind, start, parts = gen_case(rng)
        rule = rule_text(parts)
        by_parts = [k for k in parts if k.startswith("BY") and k != "BYSETPOS"]
        assert by_parts or "BYSETPOS" not in parts, f"RFC-invalid rule generated: {rule}"
        ds, d = run_dateutil(start, parts, args.timeout)
        if ds != "ok":
            tally[f"dropped: dateutil {ds}"] += 1
            continue
        rs, r = run_reference(start, parts, args.timeout)
        if rs != "ok":
            tally[f"dropped: reference {rs}"] += 1
            continue
        if d != r:
            cls = dateutil_defect(parts)
            tally[f"dropped: oracles disagree ({cls})"] += 1
            if cls == "UNEXPLAINED":
                unexplained.append(f"{start.strftime(FMT)} {rule}")
            continue
        if "COUNT" in parts and len(d) < min(int(parts["COUNT"]), LIMIT):
            tally["dropped: fewer than COUNT (searched to year 9999)"] += 1
            continue
        if not d and "UNTIL" not in parts:
            tally["dropped: empty without UNTIL"] += 1
            continue
        if not d:
            tally["kept: empty (UNTIL-bounded)"] += 1
        tally["kept"] += 1
        tally["kept occurrences"] += len(d)
        kept_kinds[kind] += 1
        out.write(json.dumps({"start": start.strftime(FMT), "rrule": rule, "nominals": d},
                             separators=(",", ":")) + "\n")
    out.flush()

    err = sys.stderr
    print(f"seed={args.seed} generated={n_generated} kept={tally['kept']} "
          f"occurrences={tally['kept occurrences']} elapsed={time.monotonic() - t0:.0f}s", file=err)
    for k in sorted(tally):
        if k not in ("kept", "kept occurrences"):
            print(f"  {k:52} {tally[k]}", file=err)
    print("  kept by kind: " + ", ".join(f"{k} {v}" for k, v in sorted(kept_kinds.items())), file=err)
    for u in unexplained:
        print(f"  unexplained disagreement: {u}", file=err)
    return 0


if __name__ == "__main__":
    sys.exit(main())
