"""A deliberately naive RFC 5545 §3.3.10 expander: the second, independent
oracle of scripts/oracle/generate.py (python-dateutil is the first). It shares
no code with wallclock and is written for obviousness, not speed.

Period by period (INTERVAL periods apart, counted from the period holding
DTSTART, periods aligned on WKST for WEEKLY), every day of the period is
tested against every day-level BY part (a day passes when it passes each
part given; a BYDAY list passes when any of its elements matches), each
passing day is combined with every time of the period, BYSETPOS picks from
the sorted set, and what is >= DTSTART and <= UNTIL is kept, COUNT applies
last. Missing parts default from DTSTART as in dateutil / docs/spec.md §2.2. A
date-only UNTIL is the whole day (docs/spec.md §2.5).

Returns (list of naive datetimes, horizon): when the work budget runs out,
`horizon` is the last datetime up to which the list is complete, else None.
"""

import datetime as dt
import time

FREQS = ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"]
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


def _ints(v):
    return [int(x) for x in v.split(",")] if v else []


def _byday(v):
    out = []
    for e in v.split(",") if v else []:
        wd = DAYS.index(e[-2:].upper())
        n = int(e[:-2]) if e[:-2] else None
        out.append((n, wd))
    return out


def _until(v):
    if v is None:
        return None
    v = v.rstrip("Z")
    if len(v) == 8:
        return dt.datetime.strptime(v, "%Y%m%d").replace(hour=23, minute=59, second=59)
    return dt.datetime.strptime(v, "%Y%m%dT%H%M%S")


def _week1(year, wkst):
    jan1 = dt.date(year, 1, 1)
    off = (wkst - jan1.weekday()) % 7
    return jan1 + dt.timedelta(days=off - 7 if off >= 4 else off)


def week_of(day, wkst):
    """(week number, weeks in that week-year) with weeks starting on wkst."""
    for y in (day.year + 1, day.year, day.year - 1):
        w1 = _week1(y, wkst)
        if day >= w1:
            n = (_week1(y + 1, wkst) - w1).days // 7
            return (day - w1).days // 7 + 1, n


def expand(start, parts, limit=50, budget_s=3.0):
    freq = FREQS.index(parts["FREQ"])
    Y, M, W, D, H, MI, S = 6, 5, 4, 3, 2, 1, 0
    interval = int(parts.get("INTERVAL", 1))
    count = int(parts["COUNT"]) if "COUNT" in parts else None
    until = _until(parts.get("UNTIL"))
    bymonth = _ints(parts.get("BYMONTH"))
    byweekno = _ints(parts.get("BYWEEKNO"))
    byyearday = _ints(parts.get("BYYEARDAY"))
    bymonthday = _ints(parts.get("BYMONTHDAY"))
    byday = _byday(parts.get("BYDAY"))
    byhour = _ints(parts.get("BYHOUR"))
    byminute = _ints(parts.get("BYMINUTE"))
    bysecond = _ints(parts.get("BYSECOND"))
    bysetpos = _ints(parts.get("BYSETPOS"))
    wkst = DAYS.index(parts.get("WKST", "MO"))

    if not (byweekno or byyearday or bymonthday or byday):
        if freq == Y:
            bymonth = bymonth or [start.month]
            bymonthday = [start.day]
        elif freq == M:
            bymonthday = [start.day]
        elif freq == W:
            byday = [(None, start.weekday())]
    nth_in_month = freq == M or (freq == Y and bool(bymonth))

    def day_ok(d):
        if bymonth and d.month not in bymonth:
            return False
        if byweekno:
            w, n = week_of(d, wkst)
            if w not in byweekno and (w - n - 1) not in byweekno:
                return False
        if byyearday:
            ylen = 366 if _leap(d.year) else 365
            doy = d.timetuple().tm_yday
            if doy not in byyearday and (doy - ylen - 1) not in byyearday:
                return False
        mlen = _mlen(d.year, d.month)
        if bymonthday:
            if d.day not in bymonthday and (d.day - mlen - 1) not in bymonthday:
                return False
        if byday:
            hit = False
            for n, wd in byday:
                if wd != d.weekday():
                    continue
                if n is None:
                    hit = True
                    break
                if nth_in_month:
                    idx, ln = d.day, mlen
                else:
                    idx, ln = d.timetuple().tm_yday, (366 if _leap(d.year) else 365)
                if n == (idx - 1) // 7 + 1 or n == -((ln - idx) // 7 + 1):
                    hit = True
                    break
            if not hit:
                return False
        return True

    hours = byhour or [start.hour]
    minutes = byminute or [start.minute]
    seconds = bysecond or [start.second]

    def times(pstart):
        """Times (h, m, s) of the period that starts at datetime pstart."""
        if freq >= D:
            return [(h, m, s) for h in hours for m in minutes for s in seconds]
        h = pstart.hour
        if byhour and h not in byhour:
            return []
        if freq == H:
            return [(h, m, s) for m in minutes for s in seconds]
        m = pstart.minute
        if byminute and m not in byminute:
            return []
        if freq == MI:
            return [(h, m, s) for s in seconds]
        if bysecond and pstart.second not in bysecond:
            return []
        return [(h, m, pstart.second)]

    # first period
    if freq == Y:
        idx0 = start.year
    elif freq == M:
        idx0 = start.year * 12 + start.month - 1
    elif freq == W:
        p0 = dt.datetime.combine(start.date() - dt.timedelta(days=(start.weekday() - wkst) % 7), dt.time())
    elif freq == D:
        p0 = dt.datetime.combine(start.date(), dt.time())
    elif freq == H:
        p0 = start.replace(minute=0, second=0)
    elif freq == MI:
        p0 = start.replace(second=0)
    else:
        p0 = start
    step = {W: dt.timedelta(days=7 * interval), D: dt.timedelta(days=interval),
            H: dt.timedelta(hours=interval), MI: dt.timedelta(minutes=interval),
            S: dt.timedelta(seconds=interval)}.get(freq)

    out = []
    t_end = time.monotonic() + budget_s
    k = 0
    day_cache = {}
    while True:
        if time.monotonic() > t_end:
            return out, (pstart_prev if k else start)
        if freq == Y:
            y = idx0 + k * interval
            if y > 9999:
                return out, None
            pstart = dt.datetime(y, 1, 1)
            days = [dt.date(y, 1, 1) + dt.timedelta(days=i) for i in range(366 if _leap(y) else 365)]
        elif freq == M:
            i = idx0 + k * interval
            y, m = divmod(i, 12)
            if y > 9999:
                return out, None
            pstart = dt.datetime(y, m + 1, 1)
            days = [dt.date(y, m + 1, d) for d in range(1, _mlen(y, m + 1) + 1)]
        else:
            try:
                pstart = p0 + k * step
            except OverflowError:
                return out, None
            if freq == W:
                days = [pstart.date() + dt.timedelta(days=i) for i in range(7)]
            else:
                days = [pstart.date()]
        if until and pstart > until:
            return out, None
        pstart_prev = pstart
        k += 1
        if freq < D:
            d = days[0]
            ok = day_cache.get(d)
            if ok is None:
                ok = day_cache[d] = day_ok(d)
            if not ok:
                # jump to the first aligned period of the next day
                nxt = dt.datetime.combine(d + dt.timedelta(days=1), dt.time())
                k = max(k, -(-((nxt - p0) // dt.timedelta(seconds=1)) // int(step.total_seconds())))
                continue
            ts = times(pstart)
            if not ts and freq < H and byhour and pstart.hour not in byhour:
                nxt = pstart.replace(minute=0, second=0) + dt.timedelta(hours=1)
                k = max(k, -(-((nxt - p0) // dt.timedelta(seconds=1)) // int(step.total_seconds())))
                continue
            if not ts and freq == S and byminute and pstart.minute not in byminute:
                nxt = pstart.replace(second=0) + dt.timedelta(minutes=1)
                k = max(k, -(-((nxt - p0) // dt.timedelta(seconds=1)) // int(step.total_seconds())))
                continue
            sset = [dt.datetime.combine(d, dt.time(*t)) for t in ts]
        else:
            ts = times(pstart)
            sset = [dt.datetime.combine(d, dt.time(*t)) for d in days if day_ok(d) for t in ts]
        sset = sorted(set(sset))
        if bysetpos:
            picked = set()
            for p in bysetpos:
                i = p - 1 if p > 0 else len(sset) + p
                if 0 <= i < len(sset):
                    picked.add(sset[i])
            sset = sorted(picked)
        for x in sset:
            if x < start:
                continue
            if until and x > until:
                return out, None
            out.append(x)
            if (count is not None and len(out) >= count) or len(out) >= limit:
                return out, None


def _leap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


def _mlen(y, m):
    return [31, 29 if _leap(y) else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
