//! The error messages of the input readers and the native surfaces: the
//! iCalendar import, the cron readers, crontab files, the command line,
//! the ledger and the Python module.
#![cfg_attr(target_arch = "wasm32", allow(dead_code))]

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

    // The cron readers (`from_cron`, `wallclock from-cron`, `lint`): a
    // field's error names the field and the byte it starts at, then why.
    CRON_FIELD "input.cron.field"
        "invalid {part} `{text}` at byte {at}: {why}"
        "第{at}字节处的{part}`{text}`无效：{why}"
        "第{at}位元組處的{part}`{text}`無效：{why}";
    CRON_FIELD_COUNT "input.cron.field_count"
        "{product} expects {want} fields ({parts}), found {found}: e.g. `{example}`{command}"
        "{product}需要{want}个字段（{parts}），实际有{found}个：例如`{example}`{command}"
        "{product}需要{want}個欄位（{parts}），實際有{found}個：例如`{example}`{command}";
    CRON_OPTIONAL "input.cron.optional"
        "[{part}]" "可选的{part}" "可選的{part}";
    CRON_NOT_THE_COMMAND "input.cron.not_the_command"
        "; pass only the schedule, not the command"
        "；只需给出时间字段，不要带上命令"
        "；只需給出時間欄位，不要帶上命令";
    CRON_SELECTS_NOTHING "input.cron.selects_nothing"
        "it selects no {part} ({product} would accept the line and never run it)"
        "{part}没有选中任何值（{product}会接受这一行，却永远不会执行它）"
        "{part}沒有選中任何值（{product}會接受這一行，卻永遠不會執行它）";
    CRON_NO_DAY "input.cron.no_day"
        "the day fields select no day: {product} would accept the line and never run it"
        "日期字段和星期字段没有选中任何一天：{product}会接受这一行，却永远不会执行它"
        "日期欄位和星期欄位沒有選中任何一天：{product}會接受這一行，卻永遠不會執行它";
    CRON_TOO_LONG "input.cron.too_long"
        "the cron line is {len} bytes long: expected at most {max}, e.g. `30 9 * * 1-5`"
        "cron行长{len}字节：最多应为{max}字节，例如`30 9 * * 1-5`"
        "cron行長{len}位元組：最多應為{max}位元組，例如`30 9 * * 1-5`";
    CRON_DIALECT "input.cron.unknown_dialect"
        "unknown dialect `{dialect}`: expected one of {names}, e.g. `kubernetes`"
        "未知的方言`{dialect}`：应为{names}之一，例如`kubernetes`"
        "未知的方言`{dialect}`：應為{names}之一，例如`kubernetes`";
    CRON_OUT_OF_RANGE "input.cron.out_of_range"
        "`{value}` is out of range: {expected}" "`{value}`超出范围：{expected}" "`{value}`超出範圍：{expected}";
    CRON_STEP_ZERO "input.cron.step_zero"
        "the step must be at least 1, e.g. `{example}`"
        "步长至少为1，例如`{example}`"
        "步長至少為1，例如`{example}`";
    CRON_STEP_NOT_A_NUMBER "input.cron.step_not_a_number"
        "the step must be a whole number, e.g. `*/15`" "步长必须是整数，例如`*/15`" "步長必須是整數，例如`*/15`";
    CRON_REVERSED "input.cron.reversed"
        "the range starts after it ends: expected `{form}`, e.g. `{example}`"
        "范围的起点在终点之后：应为`{form}`，例如`{example}`"
        "範圍的起點在終點之後：應為`{form}`，例如`{example}`";
    CRON_REVERSED_VALUES "input.cron.reversed_values"
        "the range starts after it ends ({start} > {end}): expected `low-high`, e.g. `1-5`"
        "范围的起点在终点之后（{start}大于{end}）：应为`low-high`，例如`1-5`"
        "範圍的起點在終點之後（{start}大於{end}）：應為`low-high`，例如`1-5`";
    CRON_BELOW "input.cron.below"
        "the range starts below {lo}: {expected}" "范围的起点小于{lo}：{expected}" "範圍的起點小於{lo}：{expected}";
    CRON_ABOVE "input.cron.above"
        "the range ends above {hi}: {expected}" "范围的终点大于{hi}：{expected}" "範圍的終點大於{hi}：{expected}";
    CRON_EXPECT_MONTH "input.cron.expect.month"
        "expected {lo}-{hi} or `{first}`-`{last}`, e.g. `{example}`"
        "应为{lo}-{hi}或`{first}`-`{last}`，例如`{example}`"
        "應為{lo}-{hi}或`{first}`-`{last}`，例如`{example}`";
    CRON_EXPECT_DOW_0_6 "input.cron.expect.dow_0_6"
        "expected 0-6 (Sunday is 0) or `sun`-`sat`, e.g. `1-5`"
        "应为0-6（0是星期日）或`sun`-`sat`，例如`1-5`"
        "應為0-6（0是星期日）或`sun`-`sat`，例如`1-5`";
    CRON_EXPECT_DOW_0_7 "input.cron.expect.dow_0_7"
        "expected 0-7 (Sunday is 0 and 7) or `sun`-`sat`, e.g. `1-5`"
        "应为0-7（0和7都是星期日）或`sun`-`sat`，例如`1-5`"
        "應為0-7（0和7都是星期日）或`sun`-`sat`，例如`1-5`";
    CRON_EXPECT_NUMBERS "input.cron.expect.numbers"
        "expected {lo}-{hi}, `*`, a range or a list, e.g. `{example}`"
        "应为{lo}-{hi}、`*`、范围或列表，例如`{example}`"
        "應為{lo}-{hi}、`*`、範圍或清單，例如`{example}`";
    CRON_EXPECT_RANGE "input.cron.expect.range"
        "expected {lo}-{hi}, e.g. `{example}`" "应为{lo}-{hi}，例如`{example}`" "應為{lo}-{hi}，例如`{example}`";

    // Kubernetes (robfig/cron).
    ROBFIG_PRODUCT "input.cron.robfig.product"
        "Kubernetes (robfig/cron)" "Kubernetes（`robfig/cron`）" "Kubernetes（`robfig/cron`）";
    ROBFIG_EMPTY "input.cron.robfig.empty"
        "the schedule is empty: expected five fields, e.g. `30 9 * * 1-5`"
        "计划为空：应为五个字段，例如`30 9 * * 1-5`"
        "排程為空：應為五個欄位，例如`30 9 * * 1-5`";
    ROBFIG_ZONE_ONLY "input.cron.robfig.zone_only"
        "`{line}` names a zone but no schedule: expected `CRON_TZ=Zone` and five fields, e.g. `CRON_TZ=Europe/Berlin 30 9 * * 1-5`"
        "`{line}`只指定了时区，没有时间字段：应为`CRON_TZ=Zone`加五个字段，例如`CRON_TZ=Europe/Berlin 30 9 * * 1-5`"
        "`{line}`只指定了時區，沒有時間欄位：應為`CRON_TZ=Zone`加五個欄位，例如`CRON_TZ=Europe/Berlin 30 9 * * 1-5`";
    ROBFIG_DESCRIPTOR "input.cron.robfig.descriptor"
        "unknown descriptor `@{name}`: {product} knows `@yearly`, `@annually`, `@monthly`, `@weekly`, `@daily`, `@midnight`, `@hourly` and `@every <duration>`, e.g. `@daily`"
        "未知的描述符`@{name}`：{product}认得`@yearly`、`@annually`、`@monthly`、`@weekly`、`@daily`、`@midnight`、`@hourly`和`@every <duration>`，例如`@daily`"
        "未知的描述符`@{name}`：{product}認得`@yearly`、`@annually`、`@monthly`、`@weekly`、`@daily`、`@midnight`、`@hourly`和`@every <duration>`，例如`@daily`";
    ROBFIG_EVERY "input.cron.robfig.every"
        "invalid `@every` duration `{text}`: expected a Go duration such as `1h30m`, `90s` or `1.5h`"
        "`@every`的时长`{text}`无效：应为`Go`的时长格式，例如`1h30m`、`90s`或`1.5h`"
        "`@every`的時長`{text}`無效：應為`Go`的時長格式，例如`1h30m`、`90s`或`1.5h`";
    ROBFIG_SLASHES "input.cron.robfig.slashes"
        "too many slashes: expected `low-high/step`, e.g. `0-30/10`"
        "斜线太多：应为`low-high/step`，例如`0-30/10`"
        "斜線太多：應為`low-high/step`，例如`0-30/10`";
    ROBFIG_HYPHENS "input.cron.robfig.hyphens"
        "too many hyphens: expected `low-high`, e.g. `1-5`"
        "连字符太多：应为`low-high`，例如`1-5`"
        "連字號太多：應為`low-high`，例如`1-5`";
    ROBFIG_SEVEN "input.cron.robfig.seven"
        "Kubernetes reads days of week 0-6 (Sunday is 0): `7` is an error, write `0` for Sunday"
        "Kubernetes的星期取值为0-6（0是星期日）：`7`是错误，星期日请写`0`"
        "Kubernetes的星期取值為0-6（0是星期日）：`7`是錯誤，星期日請寫`0`";

    // cronie, Debian's cron, GitHub Actions.
    VIXIE_EMPTY_ITEM "input.cron.vixie.empty_item"
        "an empty list item: expected a value, e.g. `1,15`"
        "列表中有空项：应为一个值，例如`1,15`"
        "清單中有空項：應為一個值，例如`1,15`";
    VIXIE_NO_ZONE "input.cron.vixie.no_zone"
        "`CRON_TZ=` names no zone: expected `CRON_TZ=Zone` before the fields, e.g. `CRON_TZ=Europe/Berlin 30 9 * * *`"
        "`CRON_TZ=`没有指定时区：应在字段之前写`CRON_TZ=Zone`，例如`CRON_TZ=Europe/Berlin 30 9 * * *`"
        "`CRON_TZ=`沒有指定時區：應在欄位之前寫`CRON_TZ=Zone`，例如`CRON_TZ=Europe/Berlin 30 9 * * *`";
    VIXIE_GITHUB_MACRO "input.cron.vixie.github_macro"
        "GitHub Actions does not accept `{text}`: expected five fields, e.g. `0 0 * * *` for daily"
        "GitHub Actions不接受`{text}`：应为五个字段，例如每天执行一次用`0 0 * * *`"
        "GitHub Actions不接受`{text}`：應為五個欄位，例如每天執行一次用`0 0 * * *`";
    VIXIE_REBOOT "input.cron.vixie.reboot"
        "`@reboot` runs when {product} starts, not on a calendar: there is no schedule to import"
        "`@reboot`在{product}启动时执行，不按日历执行：没有可以导入的计划"
        "`@reboot`在{product}啟動時執行，不依行事曆執行：沒有可以匯入的排程";
    VIXIE_MACRO "input.cron.vixie.macro"
        "unknown macro `@{name}`: {product} knows `@yearly`, `@annually`, `@monthly`, `@weekly`, `@daily`, `@midnight`, `@hourly` and `@reboot`, e.g. `@daily`"
        "未知的宏`@{name}`：{product}认得`@yearly`、`@annually`、`@monthly`、`@weekly`、`@daily`、`@midnight`、`@hourly`和`@reboot`，例如`@daily`"
        "未知的巨集`@{name}`：{product}認得`@yearly`、`@annually`、`@monthly`、`@weekly`、`@daily`、`@midnight`、`@hourly`和`@reboot`，例如`@daily`";
    VIXIE_STEP_NEEDS_RANGE "input.cron.vixie.step_needs_range"
        "a step needs a range before it: {product} reads `N/step` as an error, e.g. `{example}` for every {step}th value from {lo}"
        "步长前面需要一个范围：{product}把`N/step`当作错误，例如`{example}`表示从{lo}起每{step}个值取一个"
        "步長前面需要一個範圍：{product}把`N/step`當作錯誤，例如`{example}`表示從{lo}起每{step}個值取一個";
    VIXIE_STEP "input.cron.vixie.step"
        "a step must be a whole number of at least 1, e.g. `*/15`"
        "步长必须是不小于1的整数，例如`*/15`"
        "步長必須是不小於1的整數，例如`*/15`";
    VIXIE_UNEXPECTED "input.cron.vixie.unexpected"
        "unexpected `{text}`: {expected}" "无法识别`{text}`：{expected}" "無法識別`{text}`：{expected}";
    VIXIE_RANDOM_FORM "input.cron.vixie.random_form"
        "expected `~`, `N~`, `~M` or `N~M` (a random value), e.g. `0~30`"
        "应为`~`、`N~`、`~M`或`N~M`（随机值），例如`0~30`"
        "應為`~`、`N~`、`~M`或`N~M`（隨機值），例如`0~30`";
    VIXIE_RANDOM_RANGE "input.cron.vixie.random_range"
        "the random range must lie in {lo}..={hi} and start before it ends, e.g. `0~30`"
        "随机范围必须在{lo}到{hi}之间，且起点在终点之前，例如`0~30`"
        "隨機範圍必須在{lo}到{hi}之間，且起點在終點之前，例如`0~30`";

    // Quartz and EventBridge Scheduler.
    QUARTZ_QUESTION "input.cron.quartz.question"
        "{product} needs `?` in exactly one of the day-of-month and day-of-week fields, e.g. `{example}`"
        "{product}要求日期字段和星期字段中恰好有一个是`?`，例如`{example}`"
        "{product}要求日期欄位和星期欄位中恰好有一個是`?`，例如`{example}`";
    QUARTZ_QUESTION_ELSEWHERE "input.cron.quartz.question_elsewhere"
        "`?` is only for the day-of-month and day-of-week fields, e.g. `0 0 12 ? * MON`"
        "`?`只能用于日期字段和星期字段，例如`0 0 12 ? * MON`"
        "`?`只能用於日期欄位和星期欄位，例如`0 0 12 ? * MON`";
    QUARTZ_ALONE "input.cron.quartz.alone"
        "{product} takes `#` and `L` in the day of week alone, not in a list, e.g. `6#3`"
        "{product}的星期字段中`#`和`L`只能单独使用，不能放在列表里，例如`6#3`"
        "{product}的星期欄位中`#`和`L`只能單獨使用，不能放在清單裡，例如`6#3`";
    QUARTZ_UNCLOSED "input.cron.quartz.unclosed"
        "`cron(` is not closed: expected `cron(minute hour day-of-month month day-of-week year)`, e.g. `cron(30 9 ? * MON-FRI *)`"
        "`cron(`没有闭合：应为`cron(minute hour day-of-month month day-of-week year)`，例如`cron(30 9 ? * MON-FRI *)`"
        "`cron(`沒有閉合：應為`cron(minute hour day-of-month month day-of-week year)`，例如`cron(30 9 ? * MON-FRI *)`";
    QUARTZ_SLASH "input.cron.quartz.slash"
        "`/` must be followed by a whole number, e.g. `0/15`"
        "`/`后面必须是整数，例如`0/15`"
        "`/`後面必須是整數，例如`0/15`";
    QUARTZ_STEP_LARGE "input.cron.quartz.step_large"
        "the step `{step}` is larger than {hi}, e.g. `0/15`"
        "步长`{step}`大于{hi}，例如`0/15`"
        "步長`{step}`大於{hi}，例如`0/15`";
    QUARTZ_L_N "input.cron.quartz.l_n"
        "expected `L-n` with n from 0 to 30 (the n-th day before the last), e.g. `L-2`"
        "应为`L-n`，`n`为0到30（最后一天之前的第`n`天），例如`L-2`"
        "應為`L-n`，`n`為0到30（最後一天之前的第`n`天），例如`L-2`";
    QUARTZ_L_FORMS "input.cron.quartz.l_forms"
        "expected `L`, `L-n`, `LW` or `L-nW`, e.g. `L-2`"
        "应为`L`、`L-n`、`LW`或`L-nW`，例如`L-2`"
        "應為`L`、`L-n`、`LW`或`L-nW`，例如`L-2`";
    QUARTZ_NW "input.cron.quartz.nw"
        "expected `nW` with a single day 1-31 (the weekday nearest it), e.g. `15W`"
        "应为`nW`，`n`为1到31中的一天（取离它最近的工作日），例如`15W`"
        "應為`nW`，`n`為1到31中的一天（取離它最近的平日），例如`15W`";
    QUARTZ_HASH "input.cron.quartz.hash"
        "expected `d#n`: a weekday 1-7 (1 is Sunday) and n from 1 to 5, e.g. `6#3` for the third Friday"
        "应为`d#n`：`d`为星期1-7（1是星期日），`n`为1到5，例如`6#3`表示第三个星期五"
        "應為`d#n`：`d`為星期1-7（1是星期日），`n`為1到5，例如`6#3`表示第三個星期五";
    QUARTZ_LAST_WEEKDAY "input.cron.quartz.last_weekday"
        "expected `dL`: the last weekday d of the month, 1-7 (1 is Sunday), e.g. `6L` for the last Friday"
        "应为`dL`：当月最后一个星期`d`，`d`为1-7（1是星期日），例如`6L`表示最后一个星期五"
        "應為`dL`：當月最後一個星期`d`，`d`為1-7（1是星期日），例如`6L`表示最後一個星期五";
    QUARTZ_EXPECT_DOW "input.cron.quartz.expect_dow"
        "expected 1-7 (1 is Sunday) or `SUN`-`SAT`, e.g. `MON-FRI`"
        "应为1-7（1是星期日）或`SUN`-`SAT`，例如`MON-FRI`"
        "應為1-7（1是星期日）或`SUN`-`SAT`，例如`MON-FRI`";
    QUARTZ_EXPECT_DOM "input.cron.quartz.expect_dom"
        "expected 1-31, `L`, `L-n`, `nW` or `LW`, e.g. `15`"
        "应为1-31、`L`、`L-n`、`nW`或`LW`，例如`15`"
        "應為1-31、`L`、`L-n`、`nW`或`LW`，例如`15`";
    QUARTZ_EXPECT "input.cron.quartz.expect"
        "expected {lo}-{hi}, `*`, a range or `a/n`, e.g. `0/15`"
        "应为{lo}-{hi}、`*`、范围或`a/n`，例如`0/15`"
        "應為{lo}-{hi}、`*`、範圍或`a/n`，例如`0/15`";

    // APScheduler.
    APS_STEP_ZERO "input.cron.aps.step_zero"
        "the step must be a positive number, e.g. `*/15`" "步长必须是正数，例如`*/15`" "步長必須是正數，例如`*/15`";
    APS_STEP_LARGE "input.cron.aps.step_large"
        "the step value ({step}) is higher than the total range of the expression ({range})"
        "步长（{step}）大于表达式的整个范围（{range}）"
        "步長（{step}）大於運算式的整個範圍（{range}）";
    APS_UNRECOGNIZED "input.cron.aps.unrecognized"
        "APScheduler does not recognize it: expected `*`, `*/step`, `first-last/step` or names, e.g. {example}"
        "APScheduler无法识别：应为`*`、`*/step`、`first-last/step`或名称，例如{example}"
        "APScheduler無法識別：應為`*`、`*/step`、`first-last/step`或名稱，例如{example}";
    APS_FIRST_LOW "input.cron.aps.first_low"
        "the first value ({first}) is lower than the minimum value ({lo})"
        "起始值（{first}）小于最小值（{lo}）"
        "起始值（{first}）小於最小值（{lo}）";
    APS_LAST_HIGH "input.cron.aps.last_high"
        "the last value ({last}) is higher than the maximum value ({hi})"
        "结束值（{last}）大于最大值（{hi}）"
        "結束值（{last}）大於最大值（{hi}）";
    APS_MIN_MAX "input.cron.aps.min_max"
        "the minimum value in a range must not be higher than the maximum"
        "范围中的最小值不能大于最大值"
        "範圍中的最小值不能大於最大值";
    APS_MONTH_NAME "input.cron.aps.month_name"
        "invalid month name `{name}`" "月份名称`{name}`无效" "月份名稱`{name}`無效";
    APS_WEEKDAY_NUMBER "input.cron.aps.weekday_number"
        "`{n}` is not a weekday: expected 0-7 (Sunday is 0 and 7) or `mon`-`sun`, e.g. `mon-fri`"
        "`{n}`不是星期：应为0-7（0和7都是星期日）或`mon`-`sun`，例如`mon-fri`"
        "`{n}`不是星期：應為0-7（0和7都是星期日）或`mon`-`sun`，例如`mon-fri`";
    APS_WEEKDAY_NAME "input.cron.aps.weekday_name"
        "invalid weekday name `{name}`: expected `mon`-`sun`, e.g. `mon-fri`"
        "星期名称`{name}`无效：应为`mon`-`sun`，例如`mon-fri`"
        "星期名稱`{name}`無效：應為`mon`-`sun`，例如`mon-fri`";

    // systemd calendar events.
    SYSTEMD_EMPTY "input.cron.systemd.empty"
        "the calendar value is empty: expected `[weekdays] [date] [time] [zone]`, e.g. `Mon..Fri *-*-* 09:00`"
        "日历值为空：应为`[weekdays] [date] [time] [zone]`，例如`Mon..Fri *-*-* 09:00`"
        "日曆值為空：應為`[weekdays] [date] [time] [zone]`，例如`Mon..Fri *-*-* 09:00`";
    SYSTEMD_AT "input.cron.systemd.at"
        "expected `@` and seconds since 1970, e.g. `@1767225600`"
        "应为`@`加上自1970年起的秒数，例如`@1767225600`"
        "應為`@`加上自1970年起的秒數，例如`@1767225600`";
    SYSTEMD_WEEKDAYS "input.cron.systemd.weekdays"
        "expected weekday names Monday first (`Mon..Fri`, `Sat,Sun`), e.g. `Mon..Fri 09:00`"
        "应为星期名称，一周从星期一开始（`Mon..Fri`、`Sat,Sun`），例如`Mon..Fri 09:00`"
        "應為星期名稱，一週從星期一開始（`Mon..Fri`、`Sat,Sun`），例如`Mon..Fri 09:00`";
    SYSTEMD_TILDE "input.cron.systemd.tilde"
        "`~` must stand before the day, e.g. `*-02~03` for the third last day of February"
        "`~`必须写在日之前，例如`*-02~03`表示二月倒数第三天"
        "`~`必須寫在日之前，例如`*-02~03`表示二月倒數第三天";
    SYSTEMD_DATE "input.cron.systemd.date"
        "expected `month-day` or `year-month-day`, e.g. `*-*-01`"
        "应为`month-day`或`year-month-day`，例如`*-*-01`"
        "應為`month-day`或`year-month-day`，例如`*-*-01`";
    SYSTEMD_TIME "input.cron.systemd.time"
        "expected `hour:minute[:second]`, e.g. `09:00` or `*:0/15`"
        "应为`hour:minute[:second]`，例如`09:00`或`*:0/15`"
        "應為`hour:minute[:second]`，例如`09:00`或`*:0/15`";
    SYSTEMD_FRACTION "input.cron.systemd.fraction"
        "a fraction of a second cannot be an RRULE's `BYSECOND`: expected whole seconds, e.g. `30`"
        "RRULE的`BYSECOND`不能带小数秒：应为整秒，例如`30`"
        "RRULE的`BYSECOND`不能帶小數秒：應為整秒，例如`30`";
    SYSTEMD_CHAIN "input.cron.systemd.chain"
        "expected `*` or `start[..stop][/repeat]` lists within {lo}-{hi}, e.g. `{lo}/2` or `{lo}..{to}`"
        "应为`*`或{lo}-{hi}之内的`start[..stop][/repeat]`列表，例如`{lo}/2`或`{lo}..{to}`"
        "應為`*`或{lo}-{hi}之內的`start[..stop][/repeat]`清單，例如`{lo}/2`或`{lo}..{to}`";
    SYSTEMD_FROM_END "input.cron.systemd.from_end"
        "days from the month's end go up to 28 (`~28`), e.g. `*-*~01` for the last day"
        "从月末倒数的天数最多为28（`~28`），例如`*-*~01`表示最后一天"
        "從月底倒數的天數最多為28（`~28`），例如`*-*~01`表示最後一天";
    SYSTEMD_YEARS "input.cron.systemd.years"
        "expected years 1970-2199, e.g. `2026-*-*`"
        "应为1970-2199之间的年份，例如`2026-*-*`"
        "應為1970-2199之間的年份，例如`2026-*-*`";

    // Crontabs, manifests and timers (`from-cron FILE`, `lint`).
    CRONTAB_START "input.crontab.start"
        "invalid `start` `{text}`: {why}, or a date such as `2026-01-01`"
        "`start`的值`{text}`无效：{why}；也可以是日期，例如`2026-01-01`"
        "`start`的值`{text}`無效：{why}；也可以是日期，例如`2026-01-01`";
    CRONTAB_TWO_ZONES "input.crontab.two_zones"
        "the lines name two zones, `{first}` and `{second}`: a spec has one; split them into two timers"
        "这些行指定了两个时区`{first}`和`{second}`：一个计划只有一个时区；请拆成两个定时器"
        "這些行指定了兩個時區`{first}`和`{second}`：一個排程只有一個時區；請拆成兩個計時器";
    CRONTAB_NO_ON_CALENDAR "input.crontab.no_on_calendar"
        "`{name}` has no `OnCalendar=` in a `[Timer]` section: expected e.g. `OnCalendar=Mon..Fri 09:00`"
        "`{name}`的`[Timer]`段中没有`OnCalendar=`：应当有一行，例如`OnCalendar=Mon..Fri 09:00`"
        "`{name}`的`[Timer]`區段中沒有`OnCalendar=`：應當有一行，例如`OnCalendar=Mon..Fri 09:00`";
    CRONTAB_NOT_YAML "input.crontab.not_yaml"
        "`{name}` is not YAML: {why}" "`{name}`不是YAML：`{why}`" "`{name}`不是YAML：`{why}`";
    CRONTAB_NO_CRONJOB "input.crontab.no_cronjob"
        "`{name}` holds no `kind: CronJob`: expected a Kubernetes manifest with a CronJob, e.g. `kind: CronJob` with `spec.schedule`"
        "`{name}`中没有`kind: CronJob`：应为含有CronJob的Kubernetes清单，例如带`spec.schedule`的`kind: CronJob`"
        "`{name}`中沒有`kind: CronJob`：應為含有CronJob的Kubernetes資訊清單，例如帶`spec.schedule`的`kind: CronJob`";

    // The command line's own errors.
    CLI_AT "input.cli.at"
        "{path}:{line}: {why}" "`{path}`第{line}行：{why}" "`{path}`第{line}行：{why}";
    CLI_CANNOT_READ "input.cli.cannot_read"
        "cannot read `{path}`: {why}" "无法读取`{path}`：{why}" "無法讀取`{path}`：{why}";
    CLI_NOT_FOUND "input.cli.not_found"
        "{os}" "文件不存在" "檔案不存在";
    CLI_OS "input.cli.os"
        "{os}" "`{os}`" "`{os}`";
    CLI_TOO_LARGE "input.cli.too_large"
        "larger than {max} bytes" "大于{max}字节" "大於{max}位元組";
    CLI_NOT_UTF8 "input.cli.not_utf8"
        "not UTF-8 text (byte {at})" "不是`UTF-8`文本（第{at}字节）" "不是`UTF-8`文字（第{at}位元組）";
    CLI_NO_SCHEDULE "input.cli.no_schedule"
        "no schedule given: expected `--spec FILE` (`-` for stdin) or `--tz ZONE --start DATETIME`, e.g. `--tz America/New_York --start 2026-03-06T02:30 --rrule FREQ=DAILY;COUNT=4`"
        "没有给出计划：应为`--spec FILE`（`-`表示标准输入）或`--tz ZONE --start DATETIME`，例如`--tz America/New_York --start 2026-03-06T02:30 --rrule FREQ=DAILY;COUNT=4`"
        "沒有給出排程：應為`--spec FILE`（`-`表示標準輸入）或`--tz ZONE --start DATETIME`，例如`--tz America/New_York --start 2026-03-06T02:30 --rrule FREQ=DAILY;COUNT=4`";
    CLI_NO_TZ "input.cli.no_tz"
        "missing `--tz`: an inline spec needs a time zone, e.g. `--tz America/New_York`"
        "缺少`--tz`：在命令行中给出的计划需要时区，例如`--tz America/New_York`"
        "缺少`--tz`：在命令列中給出的排程需要時區，例如`--tz America/New_York`";
    CLI_NO_START "input.cli.no_start"
        "missing `--start`: an inline spec needs a local start, e.g. `--start 2026-03-06T02:30`"
        "缺少`--start`：在命令行中给出的计划需要当地的起始时间，例如`--start 2026-03-06T02:30`"
        "缺少`--start`：在命令列中給出的排程需要當地的起始時間，例如`--start 2026-03-06T02:30`";
    CLI_NO_COMMAND "input.cli.no_command"
        "no command given: expected one of `expand`, `validate`, `describe`, `notices`, `ical`, `from-ical`, `from-cron`, `lint`, `misfire`, `diff`, `zones`, e.g. `wallclock expand --spec daily.json --limit 10`"
        "没有给出命令：应为`expand`、`validate`、`describe`、`notices`、`ical`、`from-ical`、`from-cron`、`lint`、`misfire`、`diff`、`zones`之一，例如`wallclock expand --spec daily.json --limit 10`"
        "沒有給出命令：應為`expand`、`validate`、`describe`、`notices`、`ical`、`from-ical`、`from-cron`、`lint`、`misfire`、`diff`、`zones`之一，例如`wallclock expand --spec daily.json --limit 10`";
    CLI_MISSING_ARGUMENTS "input.cli.missing_arguments"
        "missing required {n|argument|arguments} {names}: see `{help}`"
        "缺少必需的参数{names}：参见`{help}`"
        "缺少必要的參數{names}：參見`{help}`";
    CLI_BOTH_STDIN "input.cli.both_stdin"
        "`--{first} -` and `--{second} -` cannot both read stdin: put one of them in a file"
        "`--{first} -`和`--{second} -`不能同时读取标准输入：请把其中一个放进文件"
        "`--{first} -`和`--{second} -`不能同時讀取標準輸入：請把其中一個放進檔案";
    CLI_INSTANT "input.cli.instant"
        "invalid `{flag}` `{text}`: expected an instant such as `2026-03-08T07:00:00Z`"
        "`{flag}`的值`{text}`无效：应为一个时刻，例如`2026-03-08T07:00:00Z`"
        "`{flag}`的值`{text}`無效：應為一個時刻，例如`2026-03-08T07:00:00Z`";
    CLI_BOUND "input.cli.bound"
        "invalid `--{field}` `{text}`: expected an instant such as `2026-03-08T07:00:00Z` or a date such as `2026-01-01`"
        "`--{field}`的值`{text}`无效：应为一个时刻（例如`2026-03-08T07:00:00Z`）或日期（例如`2026-01-01`）"
        "`--{field}`的值`{text}`無效：應為一個時刻（例如`2026-03-08T07:00:00Z`）或日期（例如`2026-01-01`）";
    CLI_TO_AFTER_FROM "input.cli.to_after_from"
        "`--to` must be after `--from`, e.g. `--from 2026-01-01 --to 2027-01-01`"
        "`--to`必须晚于`--from`，例如`--from 2026-01-01 --to 2027-01-01`"
        "`--to`必須晚於`--from`，例如`--from 2026-01-01 --to 2027-01-01`";
    CLI_NEEDS_DIALECT "input.cli.needs_dialect"
        "a cron line needs `--dialect`: which product runs `{line}`? one of {names}, e.g. `--dialect kubernetes`"
        "cron行需要`--dialect`：`{line}`由哪个产品执行？应为{names}之一，例如`--dialect kubernetes`"
        "cron行需要`--dialect`：`{line}`由哪個產品執行？應為{names}之一，例如`--dialect kubernetes`";
    CLI_SPEC_NOT_CRONTAB "input.cli.spec_not_crontab"
        "`{path}` is a spec, not a crontab, manifest or timer: `wallclock lint` reads specs"
        "`{path}`是计划文件，不是crontab、清单或定时器文件：`wallclock lint`可以读取计划文件"
        "`{path}`是排程檔案，不是crontab、資訊清單或計時器檔案：`wallclock lint`可以讀取排程檔案";

    // The ledger (`wallclock ledger …`): rendered in the language the
    // command speaks when the error is made.
    LEDGER_NO_DB "input.ledger.no_db"
        "no ledger given: expected `--db FILE` or `--db postgres://…` (or `WALLCLOCK_DB`), e.g. `wallclock ledger --db ledger.db init`"
        "没有指定账本：应为`--db FILE`或`--db postgres://…`（或`WALLCLOCK_DB`），例如`wallclock ledger --db ledger.db init`"
        "沒有指定帳本：應為`--db FILE`或`--db postgres://…`（或`WALLCLOCK_DB`），例如`wallclock ledger --db ledger.db init`";
    LEDGER_NOT_FOUND "input.ledger.not_found"
        "no ledger at `{path}`: create one with `wallclock ledger init --db {path}`"
        "`{path}`处没有账本：用`wallclock ledger init --db {path}`创建一个"
        "`{path}`處沒有帳本：用`wallclock ledger init --db {path}`建立一個";
    LEDGER_DIRECTORY "input.ledger.directory"
        "`{path}` is a directory: `--db` takes the ledger's file, e.g. `{file}`"
        "`{path}`是目录：`--db`应指向账本文件，例如`{file}`"
        "`{path}`是目錄：`--db`應指向帳本檔案，例如`{file}`";
    LEDGER_SQLITE_NOT_LEDGER "input.ledger.sqlite_not_a_ledger"
        "`{path}` is a SQLite database but not a wallclock ledger: create a ledger in a new file with `wallclock ledger init --db NEW_FILE`"
        "`{path}`是SQLite数据库，但不是wallclock账本：请用`wallclock ledger init --db NEW_FILE`在新文件中创建账本"
        "`{path}`是SQLite資料庫，但不是wallclock帳本：請用`wallclock ledger init --db NEW_FILE`在新檔案中建立帳本";
    LEDGER_PG_NOT_LEDGER "input.ledger.postgres_not_a_ledger"
        "`{location}` is a PostgreSQL database but not a wallclock ledger: create a ledger in a new, empty database with `wallclock ledger init --db postgres://…/NEW_DATABASE`"
        "`{location}`是PostgreSQL数据库，但不是wallclock账本：请用`wallclock ledger init --db postgres://…/NEW_DATABASE`在新的空数据库中创建账本"
        "`{location}`是PostgreSQL資料庫，但不是wallclock帳本：請用`wallclock ledger init --db postgres://…/NEW_DATABASE`在新的空資料庫中建立帳本";
    LEDGER_NOT_LEDGER "input.ledger.not_a_ledger"
        "`{location}` is not a wallclock ledger: create one with `wallclock ledger init`"
        "`{location}`不是wallclock账本：用`wallclock ledger init`创建一个"
        "`{location}`不是wallclock帳本：用`wallclock ledger init`建立一個";
    LEDGER_OTHER_DATABASE "input.ledger.other_database"
        "`{location}` already holds another database (tables {tables}): `init` creates a ledger only in a new or empty database"
        "`{location}`中已经有另一个数据库（表{tables}）：`init`只在新的或空的数据库中创建账本"
        "`{location}`中已經有另一個資料庫（資料表{tables}）：`init`只在新的或空的資料庫中建立帳本";
    LEDGER_OUTDATED "input.ledger.outdated"
        "`{location}` has schema version {version}, older than this wallclock's ({latest}): a reading command does not upgrade it; run `wallclock ledger init` (or any writing command) once with write access"
        "`{location}`的结构版本为{version}，比此wallclock的版本（{latest}）旧：只读的命令不会升级它；请在有写权限时运行一次`wallclock ledger init`（或任一写入命令）"
        "`{location}`的結構版本為{version}，比此wallclock的版本（{latest}）舊：唯讀的命令不會升級它；請在有寫入權限時執行一次`wallclock ledger init`（或任一寫入命令）";
    LEDGER_TOO_NEW "input.ledger.too_new"
        "the ledger has schema version {version}, newer than this wallclock understands ({latest}): upgrade wallclock"
        "账本的结构版本为{version}，比此wallclock能读的版本（{latest}）新：请升级wallclock"
        "帳本的結構版本為{version}，比此wallclock能讀的版本（{latest}）新：請升級wallclock";
    LEDGER_READ_ONLY "input.ledger.read_only"
        "the ledger `{path}` is read-only for this user: this command writes, so it needs write access to the file and its folder; `occurrences`, `stats`, `explain`, `schedules` and `show` only read"
        "账本`{path}`对当前用户只读：此命令要写入，需要对该文件及其所在目录有写权限；`occurrences`、`stats`、`explain`、`schedules`和`show`只读取"
        "帳本`{path}`對目前使用者唯讀：此命令要寫入，需要對該檔案及其所在目錄有寫入權限；`occurrences`、`stats`、`explain`、`schedules`和`show`只讀取";
    LEDGER_UNREADABLE "input.ledger.unreadable"
        "cannot read the ledger `{path}` ({why}): a reader needs the ledger's shared-memory file `{path}-shm` beside it (there while a writer has it open), or write access to the folder `{folder}` to create it"
        "无法读取账本`{path}`（`{why}`）：读取方需要账本旁边的共享内存文件`{path}-shm`（有写入方打开账本时才存在），或对目录`{folder}`有写权限以创建它"
        "無法讀取帳本`{path}`（`{why}`）：讀取方需要帳本旁邊的共享記憶體檔案`{path}-shm`（有寫入方開啟帳本時才存在），或對目錄`{folder}`有寫入權限以建立它";
    LEDGER_AT_LOCATION "input.ledger.at_location"
        "`{location}`: {why}" "`{location}`：{why}" "`{location}`：{why}";
    LEDGER_UNKNOWN_KEY "input.ledger.unknown_key"
        "no occurrence has key `{key}`: keys look like `<schedule>|<nominal>`, e.g. `digest|2026-10-21T09:00:00`; list them with `wallclock ledger occurrences`"
        "没有键为`{key}`的实例：键的形式为`<schedule>|<nominal>`，例如`digest|2026-10-21T09:00:00`；可用`wallclock ledger occurrences`列出"
        "沒有鍵為`{key}`的實例：鍵的形式為`<schedule>|<nominal>`，例如`digest|2026-10-21T09:00:00`；可用`wallclock ledger occurrences`列出";
    LEDGER_UNKNOWN_SCHEDULE "input.ledger.unknown_schedule"
        "no schedule `{id}` in the ledger: add it with `wallclock ledger add --spec FILE`"
        "账本中没有计划`{id}`：用`wallclock ledger add --spec FILE`添加"
        "帳本中沒有排程`{id}`：用`wallclock ledger add --spec FILE`新增";
    LEDGER_SCHEDULE_EXISTS "input.ledger.schedule_exists"
        "schedule `{id}` already exists: use `update` to change its rule"
        "计划`{id}`已经存在：请用`update`修改其规则"
        "排程`{id}`已經存在：請用`update`修改其規則";
    LEDGER_FIRST_REVISION "input.ledger.first_revision"
        "a new schedule starts at revision 1, not {revision}: use `update` for a new revision"
        "新计划从第1版开始，而不是第{revision}版：新版本请用`update`"
        "新排程從第1版開始，而不是第{revision}版：新版本請用`update`";
    LEDGER_RETRY_STATE "input.ledger.retry_state"
        "`{key}` is `{states}`: only a `dead`, `manual` or `unknown_effect` occurrence can be retried"
        "`{key}`的状态是`{states}`：只有`dead`、`manual`或`unknown_effect`状态的实例才能重试"
        "`{key}`的狀態是`{states}`：只有`dead`、`manual`或`unknown_effect`狀態的實例才能重試";
    LEDGER_RECONCILE_STATE "input.ledger.reconcile_state"
        "`{key}` is `{states}`, not `unknown_effect` or `manual`: only an unknown effect can be reconciled"
        "`{key}`的状态是`{states}`，不是`unknown_effect`或`manual`：只有效果未知的实例才能核对"
        "`{key}`的狀態是`{states}`，不是`unknown_effect`或`manual`：只有效果未知的實例才能核對";
    LEDGER_TRIGGERED "input.ledger.already_triggered"
        "schedule `{id}` was already triggered at {at}: one manual run per second, try again"
        "计划`{id}`已在{at}触发过：每秒只能手动执行一次，请重试"
        "排程`{id}`已在{at}觸發過：每秒只能手動執行一次，請重試";
    LEDGER_DISABLED "input.ledger.disabled"
        "schedule `{id}` is disabled, so nothing of it is claimed: enable it first with `wallclock ledger enable {id}`"
        "计划`{id}`已停用，它的实例都不会被领取：请先用`wallclock ledger enable {id}`启用"
        "排程`{id}`已停用，它的實例都不會被領取：請先用`wallclock ledger enable {id}`啟用";
    LEDGER_REMOVED "input.ledger.removed"
        "schedule `{id}` was removed at {at}: its history stays, but it never plans or runs again and its id is not reused; add the schedule under a new id"
        "计划`{id}`已于{at}删除：历史记录保留，但它不会再规划或执行，其ID也不会再用；请以新的ID添加该计划"
        "排程`{id}`已於{at}刪除：歷史記錄保留，但它不會再規劃或執行，其ID也不會再用；請以新的ID新增該排程";
    LEDGER_MAX_ATTEMPTS "input.ledger.max_attempts"
        "`--max-attempts` must be at least 1, e.g. `--max-attempts 5`"
        "`--max-attempts`至少为1，例如`--max-attempts 5`"
        "`--max-attempts`至少為1，例如`--max-attempts 5`";
    LEDGER_POSITIVE "input.ledger.positive"
        "`--{field}` must be longer than zero, e.g. `PT10M`"
        "`--{field}`必须大于零，例如`PT10M`"
        "`--{field}`必須大於零，例如`PT10M`";
    LEDGER_INSTANT "input.ledger.instant"
        "invalid `--{field}` `{text}`: expected a UTC instant such as `2026-10-24T12:00:00Z` or `2026-10-24T08:00:00-04:00`"
        "`--{field}`的值`{text}`无效：应为一个时刻，例如`2026-10-24T12:00:00Z`或`2026-10-24T08:00:00-04:00`"
        "`--{field}`的值`{text}`無效：應為一個時刻，例如`2026-10-24T12:00:00Z`或`2026-10-24T08:00:00-04:00`";
    LEDGER_HORIZON "input.ledger.horizon"
        "the horizon must be zero or more and at most `P366D`, e.g. `P14D`"
        "规划范围必须不小于零且不超过`P366D`，例如`P14D`"
        "規劃範圍必須不小於零且不超過`P366D`，例如`P14D`";
    LEDGER_LEASE "input.ledger.lease"
        "the lease must be longer than zero, e.g. `PT5M`"
        "租约必须大于零，例如`PT5M`"
        "租約必須大於零，例如`PT5M`";
    LEDGER_PROMETHEUS "input.ledger.prometheus"
        "`--format prometheus` is only for `wallclock ledger stats`: expected `table`, `json`, `jsonl` or `csv`"
        "`--format prometheus`只用于`wallclock ledger stats`：应为`table`、`json`、`jsonl`或`csv`"
        "`--format prometheus`只用於`wallclock ledger stats`：應為`table`、`json`、`jsonl`或`csv`";
    LEDGER_REPORT "input.ledger.report"
        "cannot write the report to `{path}`: {why}"
        "无法把报告写入`{path}`：{why}"
        "無法把報告寫入`{path}`：{why}";
    LEDGER_EPOCH "input.ledger.epoch"
        "this worker runs in epoch {pinned}, but the ledger is in epoch {now} (`wallclock ledger epoch bump`): a worker of a replaced build may not claim, renew or record anything; what it dispatched is waiting for `reconcile`"
        "此工作进程运行在第{pinned}纪元，而账本已在第{now}纪元（`wallclock ledger epoch bump`）：已被替换的版本的工作进程不能再领取、续约或记录任何内容；它已派发的执行等待`reconcile`"
        "此工作程序執行於第{pinned}紀元，而帳本已在第{now}紀元（`wallclock ledger epoch bump`）：已被替換的版本的工作程序不能再領取、續約或記錄任何內容；它已派發的執行等待`reconcile`";
    LEDGER_UNKNOWN_STATE "input.ledger.unknown_state"
        "unknown state `{state}`: expected one of {states}"
        "未知的状态`{state}`：应为{quoted}之一"
        "未知的狀態`{state}`：應為{quoted}之一";
    LEDGER_PRUNED_NEVER_RAN "input.ledger.pruned_never_ran"
        "{why} (a pruned occurrence that never ran leaves nothing behind)"
        "{why}（被清理且从未执行的实例不会留下任何记录）"
        "{why}（被清理且從未執行的實例不會留下任何記錄）";
    LEDGER_REVISION "input.ledger.revision"
        "schedule `{id}` is at revision {current}: the update is revision {next}, not {given}"
        "计划`{id}`当前为第{current}版：此次更新应为第{next}版，而不是第{given}版"
        "排程`{id}`目前為第{current}版：此次更新應為第{next}版，而不是第{given}版";
    LEDGER_CUTOVER_ORDER "input.ledger.cutover_order"
        "cutover `{cut}` is not after revision {current}'s cutover `{last}`: revisions own consecutive half-open ranges"
        "切换时刻`{cut}`不晚于第{current}版的切换时刻`{last}`：各版本依次占有相连的左闭右开区间"
        "切換時刻`{cut}`不晚於第{current}版的切換時刻`{last}`：各版本依次占有相連的左閉右開區間";
    LEDGER_REACHES_BACK "input.ledger.reaches_back"
        "cutover `{cut}` is not after `{at}`, where {what}: a new revision cannot take over what an earlier one dispatched or decided; use a cutover from `{after}` on"
        "切换时刻`{cut}`不晚于`{at}`，而此时{what}：新版本不能接管旧版本已派发或已决定的实例；请使用`{after}`或更晚的切换时刻"
        "切換時刻`{cut}`不晚於`{at}`，而此時{what}：新版本不能接管舊版本已派發或已決定的實例；請使用`{after}`或更晚的切換時刻";
    LEDGER_REACHES_BACK_STATE "input.ledger.reaches_back.state"
        "revision {revision} already has `{nominal}` {state}"
        "第{revision}版的`{nominal}`已处于`{state}`状态"
        "第{revision}版的`{nominal}`已處於`{state}`狀態";
    LEDGER_REACHES_BACK_ATTEMPTS "input.ledger.reaches_back.attempts"
        "revision {revision} already has `{nominal}` {state} after {attempts} {attempts|attempt|attempts}"
        "第{revision}版的`{nominal}`经{attempts}次尝试后已处于`{state}`状态"
        "第{revision}版的`{nominal}`經{attempts}次嘗試後已處於`{state}`狀態";
    LEDGER_REACHES_BACK_PRUNED "input.ledger.reaches_back.pruned"
        "schedule `{id}` ran or decided an occurrence that was pruned since (its high-water mark)"
        "计划`{id}`已执行或决定过一个此后被清理的实例（即它的高水位标记）"
        "排程`{id}`已執行或決定過一個此後被清理的實例（即它的高水位標記）";
    LEDGER_LOCKED "input.ledger.locked"
        "the ledger database is locked by another process: {why}; retry, or raise `--busy-timeout`"
        "账本数据库被另一个进程锁定（`{why}`）：请重试，或调大`--busy-timeout`"
        "帳本資料庫被另一個程序鎖定（`{why}`）：請重試，或調大`--busy-timeout`";
    LEDGER_CORRUPT "input.ledger.corrupt"
        "the file is not a readable SQLite ledger: {why}"
        "该文件不是可读取的SQLite账本：`{why}`"
        "該檔案不是可讀取的SQLite帳本：`{why}`";
    LEDGER_DISK_FULL "input.ledger.disk_full"
        "the ledger database cannot grow: {why}{nothing}: free disk space and retry"
        "账本数据库无法增长（`{why}`）{nothing}：请释放磁盘空间后重试"
        "帳本資料庫無法成長（`{why}`）{nothing}：請釋放磁碟空間後重試";
    LEDGER_CANNOT_OPEN "input.ledger.cannot_open"
        "cannot open the ledger database: {why}"
        "无法打开账本数据库：`{why}`"
        "無法開啟帳本資料庫：`{why}`";
    LEDGER_DATABASE "input.ledger.database"
        "database error: {why}" "数据库错误：`{why}`" "資料庫錯誤：`{why}`";
    LEDGER_NOTHING_WRITTEN "input.ledger.nothing_written"
        "; nothing of this change was written" "；这次更改没有写入任何内容" "；這次變更沒有寫入任何內容";
    LEDGER_ROLLED_BACK "input.ledger.rolled_back"
        "; the failing transaction was rolled back, earlier ones stay committed ({what})"
        "；失败的事务已回滚，之前的事务仍已提交（{what}）"
        "；失敗的交易已復原，之前的交易仍已認可（{what}）";
    LEDGER_EARLIER_COMMITTED "input.ledger.earlier_committed"
        "; earlier transactions stay committed ({what})"
        "；之前的事务仍已提交（{what}）"
        "；之前的交易仍已認可（{what}）";
    // What the earlier transactions of a plan or a tick hold (`what` above).
    COMMITTED_PLAN "input.ledger.committed.plan"
        "{n} occurrences planned in {passes} earlier transactions"
        "之前的{passes}个事务中已规划{n}个实例"
        "之前的{passes}個交易中已規劃{n}個實例";
    COMMITTED_OCCURRENCES "input.ledger.committed.occurrences"
        "occurrences {parts}" "实例：{parts}" "實例：{parts}";
    COMMITTED_PLANNED "input.ledger.committed.planned"
        "{n} planned" "{n}个已规划" "{n}個已規劃";
    COMMITTED_DECIDED "input.ledger.committed.decided"
        "{n} decided" "{n}个已决定" "{n}個已決定";
    COMMITTED_RELEASED "input.ledger.committed.released"
        "{n} released after their lease" "{n}个在租约到期后释放" "{n}個在租約到期後釋放";
    COMMITTED_CLAIMED "input.ledger.committed.claimed"
        "{n} claimed" "{n}个已领取" "{n}個已領取";
    COMMITTED_DONE "input.ledger.committed.done"
        "{n} done with their effect recorded" "{n}个已完成并记录效果" "{n}個已完成並記錄效果";
    COMMITTED_RETRIED "input.ledger.committed.retried"
        "{n} failed and waiting for a retry" "{n}个失败后等待重试" "{n}個失敗後等待重試";
    COMMITTED_DEAD "input.ledger.committed.dead"
        "{n} dead" "{n}个已放弃（`dead`）" "{n}個已放棄（`dead`）";
    COMMITTED_FENCED "input.ledger.committed.fenced"
        "{n} fenced" "{n}个被隔离（`fenced`）" "{n}個被隔離（`fenced`）";
    COMMITTED_REFUSED "input.ledger.committed.refused"
        "{n} refused" "{n}个被拒绝" "{n}個被拒絕";
    PG_ERROR "input.ledger.pg.error"
        "{what} (server {server}): {detail}"
        "{what}（服务器`{server}`）：`{quoted}`"
        "{what}（伺服器`{server}`）：`{quoted}`";
    PG_CREDENTIALS "input.ledger.pg.credentials"
        "PostgreSQL refused the credentials; check the user and password (PGPASSWORD, PGPASSFILE)"
        "PostgreSQL拒绝了登录凭据；请检查用户名和密码（`PGPASSWORD`、`PGPASSFILE`）"
        "PostgreSQL拒絕了登入憑證；請檢查使用者名稱和密碼（`PGPASSWORD`、`PGPASSFILE`）";
    PG_STATEMENT_TIMEOUT "input.ledger.pg.statement_timeout"
        "a statement ran past the server's statement_timeout{nothing}"
        "有一条语句超过了服务器的`statement_timeout`{nothing}"
        "有一條陳述式超過了伺服器的`statement_timeout`{nothing}";
    PG_LOCKED "input.ledger.pg.locked"
        "the ledger is locked by another connection{nothing}: retry, or raise `--busy-timeout`"
        "账本被另一个连接锁定{nothing}：请重试，或调大`--busy-timeout`"
        "帳本被另一個連線鎖定{nothing}：請重試，或調大`--busy-timeout`";
    PG_NO_SLOT "input.ledger.pg.no_slot"
        "the PostgreSQL server has no free connection slot (too many connections); try again once another client has left"
        "PostgreSQL服务器没有空闲的连接槽（连接过多）；请等其他客户端断开后再试"
        "PostgreSQL伺服器沒有空閒的連線槽（連線過多）；請等其他用戶端中斷後再試";
    PG_DISK_FULL "input.ledger.pg.disk_full"
        "the PostgreSQL server cannot grow the ledger{nothing}: free disk space and retry"
        "PostgreSQL服务器无法扩大账本{nothing}：请释放磁盘空间后重试"
        "PostgreSQL伺服器無法擴大帳本{nothing}：請釋放磁碟空間後重試";
    PG_LOST "input.ledger.pg.lost"
        "the connection to PostgreSQL was lost; whatever was not committed was rolled back"
        "与PostgreSQL的连接已断开；未提交的内容都已回滚"
        "與PostgreSQL的連線已中斷；未認可的內容都已復原";
    PG_UNREACHABLE "input.ledger.pg.unreachable"
        "cannot reach the PostgreSQL server" "无法连接PostgreSQL服务器" "無法連線到PostgreSQL伺服器";
    PG_NO_DATABASE "input.ledger.pg.no_database"
        "no such PostgreSQL database: create it (`createdb`), then `wallclock ledger init`"
        "没有这个PostgreSQL数据库：请先创建它（`createdb`），再运行`wallclock ledger init`"
        "沒有這個PostgreSQL資料庫：請先建立它（`createdb`），再執行`wallclock ledger init`";
    PG_OTHER "input.ledger.pg.other"
        "PostgreSQL error" "PostgreSQL错误" "PostgreSQL錯誤";
    PG_BAD_URL "input.ledger.pg.bad_url"
        "`{url}` is not a PostgreSQL connection URL ({detail}): write `postgres://USER:PASSWORD@HOST:PORT/DATABASE`"
        "`{url}`不是PostgreSQL连接URL（`{quoted}`）：应写作`postgres://USER:PASSWORD@HOST:PORT/DATABASE`"
        "`{url}`不是PostgreSQL連線URL（`{quoted}`）：應寫作`postgres://USER:PASSWORD@HOST:PORT/DATABASE`";
    PG_BAD_STRING "input.ledger.pg.bad_string"
        "the PostgreSQL connection string is not valid ({detail}): write `host=HOST port=PORT user=USER dbname=DATABASE`"
        "PostgreSQL连接字符串无效（`{quoted}`）：应写作`host=HOST port=PORT user=USER dbname=DATABASE`"
        "PostgreSQL連線字串無效（`{quoted}`）：應寫作`host=HOST port=PORT user=USER dbname=DATABASE`";
    PG_NO_ANSWER "input.ledger.pg.no_answer"
        "cannot reach the PostgreSQL server (server {server}): no answer within {limit} (`connect_timeout`)"
        "无法连接PostgreSQL服务器（服务器`{server}`）：{limit}内没有应答（`connect_timeout`）"
        "無法連線到PostgreSQL伺服器（伺服器`{server}`）：{limit}內沒有回應（`connect_timeout`）";
    PG_SILENT "input.ledger.pg.silent"
        "the PostgreSQL server did not answer within {limit} (`--busy-timeout` + `connect_timeout`) (server {server}): the connection is closed, and the server rolls back whatever it had not committed"
        "PostgreSQL服务器在{limit}内没有应答（`--busy-timeout`加`connect_timeout`）（服务器`{server}`）：连接已关闭，服务器会回滚所有未提交的内容"
        "PostgreSQL伺服器在{limit}內沒有回應（`--busy-timeout`加`connect_timeout`）（伺服器`{server}`）：連線已關閉，伺服器會復原所有未認可的內容";

    // The Python module's own limit on what it reads.
    PY_TOO_LARGE "input.python.too_large"
        "invalid `{field}`: larger than {max} bytes"
        "`{field}`无效：大于{max}字节"
        "`{field}`無效：大於{max}位元組";

    // What the machine around a command refused: its output, its signals,
    // a socket, a ledger whose stored rows no longer read. `{why}` is the
    // operating system's, clap's, SQLite's or PostgreSQL's own message,
    // quoted as it is.
    CLI_STDOUT "input.cli.stdout"
        "cannot write to stdout: {why}"
        "无法写入标准输出：`{why}`"
        "無法寫入標準輸出：`{why}`";
    CLI_STDOUT_CLOSED "input.cli.stdout_closed"
        "stdout was closed" "标准输出已关闭" "標準輸出已關閉";
    CLI_SIGNALS "input.cli.signals"
        "cannot watch signals: {why}" "无法监听信号：`{why}`" "無法監聽訊號：`{why}`";
    CLI_USAGE "input.cli.usage"
        "{what}{hints}: see `{help}`"
        "{what}{hints}：参见`{help}`"
        "{what}{hints}：參見`{help}`";
    // What clap refused: in English clap's own line (`{clap}`), in Chinese
    // the same facts, or clap's line quoted for the rarer kinds.
    CLI_CLAP "input.cli.clap"
        "{clap}" "命令行参数有误（`{quoted}`）" "命令列參數有誤（`{quoted}`）";
    CLI_UNKNOWN_ARGUMENT "input.cli.unknown_argument"
        "{clap}" "未知的参数`{arg}`" "未知的參數`{arg}`";
    CLI_UNKNOWN_SUBCOMMAND "input.cli.unknown_subcommand"
        "{clap}" "未知的子命令`{name}`" "未知的子命令`{name}`";
    CLI_INVALID_VALUE "input.cli.invalid_value"
        "{clap}" "`{arg}`的值`{value}`无效" "`{arg}`的值`{value}`無效";
    CLI_NO_VALUE "input.cli.no_value"
        "{clap}" "`{arg}`需要一个值" "`{arg}`需要一個值";
    CLI_TWICE "input.cli.twice"
        "{clap}" "`{arg}`只能给出一次" "`{arg}`只能給出一次";
    CLI_NO_SUBCOMMAND "input.cli.no_subcommand"
        "{clap}" "`{name}`需要一个子命令" "`{name}`需要一個子命令";
    CLI_CONFLICT "input.cli.conflict"
        "{clap}" "`{arg}`不能与`{prior}`同时使用" "`{arg}`不能與`{prior}`同時使用";
    CLI_DID_YOU_MEAN "input.cli.did_you_mean"
        ": did you mean {names}" "；是否想输入{names}" "；是否想輸入{names}";
    CLI_ONE_OF "input.cli.one_of"
        ": expected one of {values}" "；应为{values}之一" "；應為{values}之一";
    LEDGER_METRICS_ADDR "input.ledger.metrics_addr"
        "cannot serve metrics on `{addr}`: {why}"
        "无法在`{addr}`上提供指标：`{why}`"
        "無法在`{addr}`上提供指標：`{why}`";
    LEDGER_METRICS_POLL "input.ledger.metrics_poll"
        "cannot poll the metrics socket: {why}"
        "无法轮询指标套接字：`{why}`"
        "無法輪詢指標通訊端：`{why}`";
    LEDGER_UNRECORDED "input.ledger.unrecorded"
        "the outcome of `{key}` attempt {attempt} ({outcome}) is not recorded: {why}"
        "`{key}`第{attempt}次尝试的结果（{outcome}）没有记录下来：{why}"
        "`{key}`第{attempt}次嘗試的結果（{outcome}）沒有記錄下來：{why}";
    LEDGER_OUTCOME_DONE "input.ledger.outcome.done"
        "done" "完成" "完成";
    LEDGER_OUTCOME_FAILED "input.ledger.outcome.failed"
        "failed ({class})" "失败：`{class}`" "失敗：`{class}`";
    LEDGER_MIGRATE_TO "input.ledger.migrate.to"
        "`--to` takes a PostgreSQL URL, e.g. `postgres://USER@HOST:5432/DATABASE`: a ledger moves from SQLite to PostgreSQL"
        "`--to`应为PostgreSQL URL，例如`postgres://USER@HOST:5432/DATABASE`：账本只能从SQLite迁移到PostgreSQL"
        "`--to`應為PostgreSQL URL，例如`postgres://USER@HOST:5432/DATABASE`：帳本只能從SQLite移轉到PostgreSQL";
    LEDGER_MIGRATE_FROM "input.ledger.migrate.from"
        "`--from` takes a SQLite ledger file"
        "`--from`应为SQLite账本文件"
        "`--from`應為SQLite帳本檔案";
    LEDGER_MIGRATE_NOT_EMPTY "input.ledger.migrate.not_empty"
        "`{to}` is not empty (it holds {tables}): a ledger moves into an empty database only"
        "`{to}`不是空的（其中有表{tables}）：账本只能迁移到空数据库中"
        "`{to}`不是空的（其中有資料表{tables}）：帳本只能移轉到空資料庫中";
    LEDGER_MIGRATE_INCONSISTENT "input.ledger.migrate.inconsistent"
        "`{from}` is not a consistent ledger: {fault}; nothing was copied"
        "`{from}`不是一致的账本（{fault}）：没有复制任何内容"
        "`{from}`不是一致的帳本（{fault}）：沒有複製任何內容";
    // What made it inconsistent: a key or schedule (`name`) and the values
    // the check found (`a`, `b`, `c`).
    LEDGER_FAULT_GENERATION "input.ledger.fault.generation"
        "`{name}` attempt {a} has claim generation {b}, above its occurrence's {c}"
        "`{name}`的第{a}次尝试属于第{b}代领取，晚于其实例的第{c}代"
        "`{name}`的第{a}次嘗試屬於第{b}代領取，晚於其實例的第{c}代";
    LEDGER_FAULT_EFFECT "input.ledger.fault.effect"
        "`{name}` has an effect recorded but is `{a}`, not `done`"
        "`{name}`已记录效果，但状态是`{a}`而不是`done`"
        "`{name}`已記錄效果，但狀態是`{a}`而不是`done`";
    LEDGER_FAULT_ATTEMPTS "input.ledger.fault.attempts"
        "`{name}` counts {a} attempts but has {b}"
        "`{name}`记有{a}次尝试，实际却有{b}次"
        "`{name}`記有{a}次嘗試，實際卻有{b}次";
    LEDGER_FAULT_RUNNING "input.ledger.fault.running"
        "`{name}` is running under claim generation {a} without its attempt"
        "`{name}`正以第{a}代领取执行，却没有对应的尝试记录"
        "`{name}`正以第{a}代領取執行，卻沒有對應的嘗試記錄";
    LEDGER_FAULT_REVISION "input.ledger.fault.revision"
        "`{name}` is at revision {a}, not its newest, {b}"
        "计划`{name}`处于第{a}版，而不是最新的第{b}版"
        "排程`{name}`處於第{a}版，而不是最新的第{b}版";
    LEDGER_WAL "input.ledger.wal"
        "cannot switch the ledger to WAL mode (got `{mode}`)"
        "无法把账本切换到`WAL`模式（得到的是`{mode}`）"
        "無法把帳本切換到`WAL`模式（得到的是`{mode}`）";
    LEDGER_STORED_INSTANT "input.ledger.stored_instant"
        "the ledger holds `{text}` where an instant was expected"
        "账本中存的是`{text}`，而此处应为时刻"
        "帳本中存的是`{text}`，而此處應為時刻";
    LEDGER_STORED_SPEC "input.ledger.stored_spec"
        "a stored spec no longer reads: {why}"
        "账本中存储的计划已无法读取：{why}"
        "帳本中儲存的排程已無法讀取：{why}";
    LEDGER_STORED_VALUE "input.ledger.stored_value"
        "the ledger holds {value} in column {column}, which does not read as expected"
        "账本第{column}列中的`{value}`无法按预期读取"
        "帳本第{column}欄中的`{value}`無法按預期讀取";
    PG_STORED_VALUE "input.ledger.pg.stored_value"
        "column {column} of a ledger row does not read: {why}"
        "账本某一行的第{column}列无法读取：`{why}`"
        "帳本某一列的第{column}欄無法讀取：`{why}`";
    PG_RUNTIME "input.ledger.pg.runtime"
        "cannot start the PostgreSQL client's runtime: {why}"
        "无法启动PostgreSQL客户端的运行时：`{why}`"
        "無法啟動PostgreSQL用戶端的執行階段：`{why}`";
}
