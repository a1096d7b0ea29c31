#!/usr/bin/env python3
"""Generates tests/fixtures/dateutil-ruleset.jsonl, the expected values of
tests/several_rules.rs: schedules with two or three RRULEs and one DTSTART,
whose occurrences are the union of the rules' (RFC 5545 §3.8.5.3: several
RRULE properties in one component; each rule's COUNT counts its own
occurrences), computed by python-dateutil's `rruleset` and by the union of
the naive RFC 5545 reference's expansions of each rule alone
(rfcref.py), kept only where the two agree.

Regenerate (needs python-dateutil, 2.9.0 was used; a minute or two):

    python3 scripts/oracle/ruleset.py > tests/fixtures/dateutil-ruleset.jsonl

The rules come from generate.py's generators (the first rule's DTSTART is
the schedule's); each rule must also agree between dateutil and the
reference on its own, so the dateutil defects generate.py lists drop out.
Some cases are cron's day-of-month-or-day-of-week shape: a MONTHLY rule on
a range of days and a WEEKLY rule on a weekday, at one time of day. Zone
UTC, invalidDate `omit`; at most LIMIT (50) occurrences, which the test
also asks.
"""

import argparse
import collections
import itertools
import json
import os
import random
import signal
import sys
import warnings

from dateutil.rrule import rruleset, rrulestr

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402
from generate import FMT, LIMIT, DAYS, Timeout, _alarm, gen_case, gen_count, rule_text  # noqa: E402

warnings.simplefilter("ignore")


def dateutil_parts(parts):
    """The rule as generate.run_dateutil hands it to dateutil."""
    p = dict(parts)
    if "UNTIL" in p and len(p["UNTIL"]) == 8:
        p["UNTIL"] += "T235959"
    if "UNTIL" in p and p["UNTIL"].endswith("Z"):
        p["UNTIL"] = p["UNTIL"][:-1]
    return p


def run_ruleset(start, rules, timeout):
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        rs = rruleset()
        for parts in rules:
            rs.rrule(rrulestr(rule_text(dateutil_parts(parts)), dtstart=start))
        return "ok", [d.strftime(FMT) for d in itertools.islice(rs, LIMIT)]
    except Timeout:
        return "timeout", None
    except Exception as e:  # noqa: BLE001
        return f"error {type(e).__name__}", None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def cron_pair(rng, start):
    """cron's `M H a-b * D`: days a..b of the month or weekday D."""
    a = rng.choice([1, 1, 8, 15, 25])
    b = min(31, a + rng.choice([0, 2, 6]))
    time = {"BYHOUR": str(start.hour), "BYMINUTE": str(start.minute)}
    month = {"FREQ": "MONTHLY", "BYMONTHDAY": ",".join(map(str, range(a, b + 1))), **time}
    week = {"FREQ": "WEEKLY", "BYDAY": rng.choice(DAYS), **time}
    return [month, week]


def bound(rng, parts, start):
    if rng.random() < 0.75:
        parts["COUNT"] = str(gen_count(rng))
    else:
        parts["UNTIL"] = generate.until_for(rng, parts["FREQ"], start, int(parts.get("INTERVAL", "1")))
    return parts


def gen_ruleset(rng):
    kind, start, first = gen_case(rng)
    if rng.random() < 0.2:
        rules = [bound(rng, p, start) for p in cron_pair(rng, start)]
        return "cron", start, rules
    rules = [first]
    for _ in range(rng.choice([1, 1, 2])):
        _, _, parts = gen_case(rng)
        if "UNTIL" in parts:
            # After the schedule's start, as for the first rule.
            del parts["UNTIL"]
            parts = bound(rng, parts, start)
        rules.append(parts)
    return kind, start, rules


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=5545)
    ap.add_argument("--cases", type=int, default=300, help="cases to keep")
    ap.add_argument("--timeout", type=float, default=2.0, help="per oracle and case, seconds")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    tally = collections.Counter()
    out = sys.stdout
    while tally["kept"] < args.cases:
        kind, start, rules = gen_ruleset(rng)
        alone = []
        for parts in rules:
            ds, d = generate.run_dateutil(start, parts, args.timeout)
            rs, r = generate.run_reference(start, parts, args.timeout)
            if ds != "ok" or rs != "ok" or d != r:
                break
            if "COUNT" in parts and len(d) < min(int(parts["COUNT"]), LIMIT):
                break
            alone.append(r)
        if len(alone) < len(rules):
            tally["dropped: a rule the oracles do not both expand alike"] += 1
            continue
        union = sorted(set(itertools.chain.from_iterable(alone)))[:LIMIT]
        us, u = run_ruleset(start, rules, args.timeout)
        if us != "ok":
            tally[f"dropped: rruleset {us}"] += 1
            continue
        if u != union:
            tally["dropped: rruleset and the reference's union disagree"] += 1
            continue
        if not u:
            tally["dropped: empty"] += 1
            continue
        shared = sum(1 for x in u if sum(x in a for a in alone) > 1)
        tally["kept"] += 1
        tally["kept with a time several rules generate"] += shared > 0
        tally[f"kept: {kind}"] += 1
        out.write(json.dumps({"start": start.strftime(FMT), "rrule": [rule_text(p) for p in rules],
                              "nominals": u}, separators=(",", ":")) + "\n")
    out.flush()
    for k in sorted(tally):
        print(f"  {k:56} {tally[k]}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
