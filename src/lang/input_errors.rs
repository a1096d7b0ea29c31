//! The error messages of the input readers and the native surfaces: the
//! iCalendar import, the cron readers, crontab files, the command line,
//! the ledger and the Python module.

use super::templates;

templates! { INPUT_ERRORS;
    // iCalendar (`parse_ical`, `wallclock from-ical`).
    ICAL "input.ical"
        "invalid iCalendar: {why}" "iCalendar无效：{why}" "iCalendar無效：{why}";
    ICAL_NO_UID "input.ical.no_uid"
        "no event with `UID` `{uid}`: the calendar has {events}"
        "没有`UID`为`{uid}`的事件：日历中有{events}"
        "沒有`UID`為`{uid}`的事件：行事曆中有{events}";
    ICAL_EVENTS "input.ical.events"
        "{n} {n|event|events} (UIDs {uids})"
        "{n}个事件（`UID`：{uids}）"
        "{n}個事件（`UID`：{uids}）";
    ICAL_ONE_WITHOUT_UID "input.ical.one_without_uid"
        "one without UID" "一个没有`UID`的事件" "一個沒有`UID`的事件";
    ICAL_WITHOUT_UID "input.ical.without_uid"
        "without `UID`" "没有`UID`" "沒有`UID`";
    ICAL_NONE_READ "input.ical.none_read"
        "none of the {total} events can be read; the first, {uid}: {why}"
        "{total}个事件都无法读取；第一个（{uid}）：{why}"
        "{total}個事件都無法讀取；第一個（{uid}）：{why}";
    ICAL_MANY "input.ical.many_events"
        "the calendar has {events}: a spec is one event; read them all with `wallclock from-ical`, or one with `--uid`"
        "日历中有{events}：一个计划只对应一个事件；用`wallclock from-ical`读取全部，或用`--uid`读取其中一个"
        "行事曆中有{events}：一個排程只對應一個事件；用`wallclock from-ical`讀取全部，或用`--uid`讀取其中一個";
    ICAL_TWO_DTSTART "input.ical.two_dtstart"
        "more than one `DTSTART`: expected exactly one"
        "`DTSTART`不止一个：应当恰好有一个"
        "`DTSTART`不只一個：應當恰好有一個";
    ICAL_EXRULE "input.ical.exrule"
        "`EXRULE` is not supported (RFC 5545 removed it): list the excluded times as `EXDATE`"
        "不支持`EXRULE`（RFC 5545已将其删除）：请把要排除的时间列为`EXDATE`"
        "不支援`EXRULE`（RFC 5545已將其刪除）：請把要排除的時間列為`EXDATE`";
    ICAL_PERIOD "input.ical.period"
        "`{name};VALUE=PERIOD` is not supported: list the start date-times instead"
        "不支持`{name};VALUE=PERIOD`：请改为列出各段的开始日期时间"
        "不支援`{name};VALUE=PERIOD`：請改為列出各段的開始日期時間";
    ICAL_EXTRA "input.ical.extra"
        "`{prop}`: {why}" "`{prop}`：{why}" "`{prop}`：{why}";
    ICAL_NO_DTSTART "input.ical.no_dtstart"
        "no `DTSTART` found: expected a VEVENT with e.g. `DTSTART;TZID=America/New_York:20260306T023000`"
        "没有找到`DTSTART`：`VEVENT`中应当有一行，例如`DTSTART;TZID=America/New_York:20260306T023000`"
        "找不到`DTSTART`：`VEVENT`中應當有一行，例如`DTSTART;TZID=America/New_York:20260306T023000`";
    ICAL_OVERRIDES_WASM "input.ical.overrides_in_wasm"
        "overrides (`RECURRENCE-ID`) are read by `wallclock from-ical`, not by the WebAssembly package"
        "单次修改（`RECURRENCE-ID`）由`wallclock from-ical`读取，WebAssembly包不读取"
        "單次修改（`RECURRENCE-ID`）由`wallclock from-ical`讀取，WebAssembly套件不讀取";
    ICAL_ORPHAN "input.ical.orphan"
        "an override (`RECURRENCE-ID`) of `UID` `{uid}` has no main event: expected a VEVENT with the same `UID` and no `RECURRENCE-ID`"
        "`UID`为`{uid}`的单次修改（`RECURRENCE-ID`）没有对应的主事件：应当有一个`UID`相同且没有`RECURRENCE-ID`的`VEVENT`"
        "`UID`為`{uid}`的單次修改（`RECURRENCE-ID`）沒有對應的主事件：應當有一個`UID`相同且沒有`RECURRENCE-ID`的`VEVENT`";
    ICAL_THIS_AND_FUTURE "input.ical.this_and_future"
        "`RECURRENCE-ID;RANGE=THISANDFUTURE` changes every later occurrence: split the series into two schedules (an `UNTIL` on the first, a new `DTSTART` for the second)"
        "`RECURRENCE-ID;RANGE=THISANDFUTURE`会改变之后的每一次实例：请把这一系列拆成两个计划（第一个加`UNTIL`，第二个用新的`DTSTART`）"
        "`RECURRENCE-ID;RANGE=THISANDFUTURE`會改變之後的每一次實例：請把這一系列拆成兩個排程（第一個加`UNTIL`，第二個用新的`DTSTART`）";
    ICAL_DATE_NOT_TIME "input.ical.date_without_time"
        "`{name}` `{value}` is a date without a time, but the event's `DTSTART` has a time of day: expected a date-time such as `{value}T090000`"
        "`{name}`的值`{value}`是不带时间的日期，但该事件的`DTSTART`有具体时间：应当是日期时间，例如`{value}T090000`"
        "`{name}`的值`{value}`是不帶時間的日期，但此事件的`DTSTART`有具體時間：應當是日期時間，例如`{value}T090000`";
    ICAL_OUT_OF_RANGE "input.ical.out_of_range"
        "`{value}` is out of range" "`{value}`超出范围" "`{value}`超出範圍";
    ICAL_TZID_AND_UTC "input.ical.tzid_and_utc"
        "`DTSTART` has both `TZID` and a UTC value `{value}`: drop the `Z`"
        "`DTSTART`既有`TZID`又是UTC时间`{value}`：请去掉`Z`"
        "`DTSTART`既有`TZID`又是UTC時間`{value}`：請去掉`Z`";
    ICAL_UTC_START "input.ical.utc_start"
        "`DTSTART:{value}` is in UTC: a schedule needs the zone its times are local to, e.g. `DTSTART;TZID=America/New_York:20260306T023000`, or read it in one with `--tz`"
        "`DTSTART:{value}`是UTC时间：计划需要知道其时间所属的时区，例如`DTSTART;TZID=America/New_York:20260306T023000`，或用`--tz`指定一个时区来读取"
        "`DTSTART:{value}`是UTC時間：排程需要知道其時間所屬的時區，例如`DTSTART;TZID=America/New_York:20260306T023000`，或用`--tz`指定一個時區來讀取";
    ICAL_ALL_DAY "input.ical.all_day"
        "`DTSTART;VALUE=DATE:{value}` is an all-day event (a date without a time of day or zone): a schedule runs at a time in a zone, e.g. `DTSTART;TZID=America/New_York:{value}T090000`, or read it as starting at 00:00 in a zone with `--tz`"
        "`DTSTART;VALUE=DATE:{value}`是全天事件（只有日期，没有时间和时区）：计划在某个时区的某个时间执行，例如`DTSTART;TZID=America/New_York:{value}T090000`，或用`--tz`指定时区，从当天00:00开始读取"
        "`DTSTART;VALUE=DATE:{value}`是全天事件（只有日期，沒有時間和時區）：排程在某個時區的某個時間執行，例如`DTSTART;TZID=America/New_York:{value}T090000`，或用`--tz`指定時區，從當天00:00開始讀取";
    ICAL_FLOATING "input.ical.floating"
        "`DTSTART:{value}` has no `TZID`: a floating time has no zone; add one, e.g. `DTSTART;TZID=America/New_York:{value}`, or read it in one with `--tz`"
        "`DTSTART:{value}`没有`TZID`：浮动时间不属于任何时区；请加上时区，例如`DTSTART;TZID=America/New_York:{value}`，或用`--tz`指定一个时区来读取"
        "`DTSTART:{value}`沒有`TZID`：浮動時間不屬於任何時區；請加上時區，例如`DTSTART;TZID=America/New_York:{value}`，或用`--tz`指定一個時區來讀取";
    ICAL_NOT_A_LINE "input.ical.not_a_line"
        "expected `NAME:VALUE`, found `{text}`"
        "应为`NAME:VALUE`，实际为`{text}`"
        "應為`NAME:VALUE`，實際為`{text}`";
    ICAL_BAD_NAME "input.ical.bad_name"
        "invalid property name `{name}`" "属性名`{name}`无效" "屬性名稱`{name}`無效";
    ICAL_PARAM_NO_EQUALS "input.ical.param_without_equals"
        "parameter of `{name}` without `=`" "`{name}`的参数缺少`=`" "`{name}`的參數缺少`=`";
    ICAL_UNCLOSED_QUOTE "input.ical.unclosed_quote"
        "unclosed quote in parameter `{name}`"
        "参数`{name}`中的引号没有闭合"
        "參數`{name}`中的引號沒有閉合";
    ICAL_NO_COLON "input.ical.no_colon"
        "expected `:` before the value of `{name}`"
        "`{name}`的值之前应有`:`"
        "`{name}`的值之前應有`:`";
    ICAL_NOT_A_DATE "input.ical.not_a_date"
        "`{value}` is not a date `YYYYMMDD`, e.g. `20260306`"
        "`{value}`不是`YYYYMMDD`格式的日期，例如`20260306`"
        "`{value}`不是`YYYYMMDD`格式的日期，例如`20260306`";
    ICAL_NOT_A_DATE_TIME "input.ical.not_a_date_time"
        "`{value}` is not a date-time `YYYYMMDDTHHMMSS`, e.g. `20260306T023000`"
        "`{value}`不是`YYYYMMDDTHHMMSS`格式的日期时间，例如`20260306T023000`"
        "`{value}`不是`YYYYMMDDTHHMMSS`格式的日期時間，例如`20260306T023000`";
    ICAL_NO_VALUE "input.ical.no_value"
        "`{name}` has no value" "`{name}`没有值" "`{name}`沒有值";
    ICAL_MANY_VALUES "input.ical.many_values"
        "`{name}` has more than one value" "`{name}`有不止一个值" "`{name}`有不只一個值";
    ICAL_INTEGER "input.ical.integer"
        "expected an integer >= {min}, e.g. `2`"
        "应为不小于{min}的整数，例如`2`"
        "應為不小於{min}的整數，例如`2`";
    ICAL_OTHER_ZONE "input.ical.other_zone"
        "`TZID={tzid}` differs from DTSTART's `{zone}`: a schedule's dates are all local to one zone"
        "`TZID={tzid}`与`DTSTART`的`{zone}`不同：一个计划的日期都属于同一个时区"
        "`TZID={tzid}`與`DTSTART`的`{zone}`不同：一個排程的日期都屬於同一個時區";
}
