//! `wallclock lint`'s findings: what a product does on the coming clock
//! changes, the traps of its lines and files, and the fixes in words (a
//! fix that is a spec value, such as `snap` or `BYDAY=SU`, stays as it is).
//!
//! English writes an offset as the spec does (`-04:00`, slots `before`
//! and `after`); Chinese as `（UTC−4）` (slots `offset_before` and
//! `offset_after`).

// The wasm build reads cron lines (their traps' sentences are here) but
// does not lint files: the other templates go unused there.
#![cfg_attr(target_arch = "wasm32", allow(dead_code))]

use super::templates;

templates! { LINT;
    // --- What the clock changes do to the runs; `who` is the product or
    // the spec.
    GAP_SKIPPED "lint.gap_skipped"
        "{who} does not run at {list} on {day}: that time does not exist in {zone}"
        "{day}，{who}不会在{list}执行：{zone}时区没有{n|这一时刻|这些时刻}"
        "{day}，{who}不會在{list}執行：{zone}時區沒有{n|這一時刻|這些時刻}";
    MIDNIGHT_SKIPPED "lint.midnight_skipped"
        "{who} does not run on {day}: midnight does not exist in {zone}"
        "{day}，{who}不会执行：{zone}时区没有午夜00:00"
        "{day}，{who}不會執行：{zone}時區沒有午夜00:00";
    GAP_MOVED "lint.gap_moved"
        "{who} runs at {at} instead of {list} on {day}: that time does not exist in {zone}"
        "{day}，{who}改在{at}执行，而不是{list}：{zone}时区没有{n|这一时刻|这些时刻}"
        "{day}，{who}改在{at}執行，而不是{list}：{zone}時區沒有{n|這一時刻|這些時刻}";
    FOLD_TWICE "lint.fold_twice"
        "{who} runs twice on {day} ({both})"
        "{day}，{who}执行两次（{both}）"
        "{day}，{who}執行兩次（{both}）";
    FOLD_TWICE_PAIR "lint.fold_twice.pair"
        "{time} {before} and {time} {after}"
        "{time}（{offset_before}）和{time}（{offset_after}）"
        "{time}（{offset_before}）和{time}（{offset_after}）";
    FOLD_TWICE_NEXT "lint.fold_twice.next"
        "; {pair}" "；{pair}" "；{pair}";
    FOLD_SECOND "lint.fold_second"
        "{who} runs at {list} only in the second pass on {day}, an hour after the clock first showed it ({zone} repeats that hour)"
        "{day}，{who}只在第二次经过{list}时执行，比时钟第一次显示{n|这一时刻|这些时刻}晚一小时（{zone}时区重复了那一小时）"
        "{day}，{who}只在第二次經過{list}時執行，比時鐘第一次顯示{n|這一時刻|這些時刻}晚一小時（{zone}時區重複了那一小時）";
    THE_SPEC "lint.who.spec"
        "the spec" "该计划" "此排程";

    // --- Traps of a line.
    DAY_OR "lint.day_or"
        "`{text}` runs on the days of month `{dom}` and also on every day of week `{dow}` ({product} joins the two day fields with OR when both are set), not on the days that are both"
        "`{text}`在日期字段`{dom}`所列的日子执行，也在星期字段`{dow}`所列的每一天执行（两个字段都设置时，{product}用“或”连接它们），而不是只在两者同时满足的日子执行"
        "`{text}`在日期欄位`{dom}`所列的日子執行，也在星期欄位`{dow}`所列的每一天執行（兩個欄位都設定時，{product}用「或」連接它們），而不是只在兩者同時符合的日子執行";
    STEP_IN_DAY_FIELD "lint.step_in_day_field"
        "`{field}` in the {part} field {how} for {product}"
        "对{product}而言，{part}中的`{field}`{how}"
        "對{product}而言，{part}中的`{field}`{how}";
    STEP_UNRESTRICTED "lint.step_in_day_field.unrestricted"
        "counts as unrestricted (it starts with `*`), so the other day field must match too"
        "算作不受限（它以`*`开头），因此另一个日期字段也必须匹配"
        "算作不受限（它以`*`開頭），因此另一個日期欄位也必須相符";
    STEP_RESTRICTED "lint.step_in_day_field.restricted"
        "counts as restricted, so a restricted other day field is joined with OR"
        "算作受限，因此与另一个受限的日期字段以“或”连接"
        "算作受限，因此與另一個受限的日期欄位以「或」連接";
    LINE "lint.line"
        "`{text}`: {sentence}" "`{text}`：{sentence}" "`{text}`：{sentence}";
    UNKNOWN_ZONE "lint.unknown_zone"
        "{product}: {message}" "{product}：{message}" "{product}：{message}";
    DAY_OF_WEEK_READING "lint.day_of_week_reading"
        "APScheduler reads the day of week `{field}` as {first}-{last}, not as cron does"
        "APScheduler把星期字段`{field}`读作`{first}-{last}`，与cron的读法不同"
        "APScheduler把星期欄位`{field}`讀作`{first}-{last}`，與cron的讀法不同";
    IGNORED_TEXT "lint.ignored_text"
        "Debian's cron ignores `{junk}` after `{kept}` in the {part} field"
        "Debian的cron忽略{part}中`{kept}`之后的`{junk}`"
        "Debian的cron忽略{part}中`{kept}`之後的`{junk}`";

    // --- Traps of a file.
    TZ_IGNORED "lint.tz_ignored"
        "{product} does not read `TZ=` for scheduling: it only reaches the commands, so this line runs in the host's zone"
        "{product}调度时不读取`TZ=`：它只传给命令，因此这一行按主机的时区执行"
        "{product}排程時不讀取`TZ=`：它只傳給命令，因此這一行依主機的時區執行";
    TZ_IGNORED_CRON_TZ "lint.tz_ignored.cron_tz"
        "{product} does not read `TZ=` or `CRON_TZ=` for scheduling: it only reaches the commands, so this line runs in the host's zone"
        "{product}调度时不读取`TZ=`或`CRON_TZ=`：它们只传给命令，因此这一行按主机的时区执行"
        "{product}排程時不讀取`TZ=`或`CRON_TZ=`：它們只傳給命令，因此這一行依主機的時區執行";
    RANDOMIZED_DELAY "lint.randomized_delay"
        "`RandomizedDelaySec={value}` delays each run by a random time up to it: the runs are not at the calendar's times"
        "`RandomizedDelaySec={value}`让每次执行随机推迟，最多推迟这么久：执行时间不是日历给出的时刻"
        "`RandomizedDelaySec={value}`讓每次執行隨機延後，最多延後這麼久：執行時間不是日曆給出的時刻";
    NO_TIME_ZONE "lint.no_time_zone"
        "CronJob `{job}` has no `spec.timeZone`: it runs in kube-controller-manager's zone, which the manifest does not say"
        "CronJob`{job}`没有`spec.timeZone`：它按`kube-controller-manager`所在的时区执行，而清单没有写明这个时区"
        "CronJob`{job}`沒有`spec.timeZone`：它依`kube-controller-manager`所在的時區執行，而清單沒有寫明這個時區";
    TZ_IN_SCHEDULE "lint.tz_in_schedule"
        "a `TZ=` or `CRON_TZ=` prefix in `spec.schedule` is not supported by Kubernetes (the API server refuses it since 1.27): set `spec.timeZone`"
        "Kubernetes不支持在`spec.schedule`中使用`TZ=`或`CRON_TZ=`前缀（自1.27起`kube-apiserver`会拒绝它）：请设置`spec.timeZone`"
        "Kubernetes不支援在`spec.schedule`中使用`TZ=`或`CRON_TZ=`前綴（自1.27起`kube-apiserver`會拒絕它）：請設定`spec.timeZone`";

    // --- Fixes in words.
    FIX_BOTH_DAYS "lint.fix.day_or"
        "one rule with both BYMONTHDAY and BYDAY, if both must match"
        "若两者都须满足：一条同时含`BYMONTHDAY`和`BYDAY`的规则"
        "若兩者都須符合：一條同時含`BYMONTHDAY`和`BYDAY`的規則";
    FIX_DAYS_LISTED "lint.fix.step_in_day_field"
        "the days listed explicitly" "逐一列出的日子" "逐一列出的日子";
    FIX_A_ZONE "lint.fix.unknown_zone"
        "a zone of the tz database" "IANA时区数据库中的一个时区" "IANA時區資料庫中的一個時區";
    FIX_A_DATE "lint.fix.never_runs"
        "a date that exists" "一个存在的日期" "一個存在的日期";
    FIX_MEANT_ZONE "lint.fix.tz_ignored"
        "the zone the line was meant for" "这一行本应使用的时区" "這一行本應使用的時區";
}
