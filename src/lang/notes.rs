//! The notes an entry carries (one per `NoteCode` and policy variant), and
//! the warnings of a spec or an expansion.

use super::templates;

templates! { NOTES;
    // --- Notes: what a clock change or a missing date did to an entry.
    GAP_SKIPPED "note.gap_skipped"
        "{time} does not exist on {date} in {zone} (clocks jump from {from} to {to}); skipped, and not counted"
        "{date}在{zone}时区没有{time}（时钟从{from}拨快到{to}）；此次跳过，不计入次数"
        "{date}在{zone}時區沒有{time}（時鐘從{from}撥快到{to}）；此次略過，不計入次數";
    GAP_SHIFTED "note.gap_shifted"
        "{time} does not exist on {date} in {zone} (clocks jump from {from} to {to}); runs at {at}"
        "{date}在{zone}时区没有{time}（时钟从{from}拨快到{to}）；改在{at}执行"
        "{date}在{zone}時區沒有{time}（時鐘從{from}撥快到{to}）；改在{at}執行";
    GAP_SNAPPED "note.gap_snapped"
        "{time} does not exist on {date} in {zone} (clocks jump from {from} to {to}); runs at {at}, when the clocks change"
        "{date}在{zone}时区没有{time}（时钟从{from}拨快到{to}）；改在拨快的那一刻{at}执行"
        "{date}在{zone}時區沒有{time}（時鐘從{from}撥快到{to}）；改在撥快的那一刻{at}執行";
    FOLD_FIRST "note.fold_first"
        "{time} occurs twice on {date} in {zone} (clocks go back from {from} to {to}); runs once, at the first ({a})"
        "{date}在{zone}时区{time}出现两次（时钟从{from}拨回到{to}）；只在第一次执行，即{a}"
        "{date}在{zone}時區{time}出現兩次（時鐘從{from}撥回到{to}）；只在第一次執行，即{a}";
    FOLD_SECOND "note.fold_second"
        "{time} occurs twice on {date} in {zone} (clocks go back from {from} to {to}); runs once, at the second ({b})"
        "{date}在{zone}时区{time}出现两次（时钟从{from}拨回到{to}）；只在第二次执行，即{b}"
        "{date}在{zone}時區{time}出現兩次（時鐘從{from}撥回到{to}）；只在第二次執行，即{b}";
    FOLD_BOTH "note.fold_both"
        "{time} occurs twice on {date} in {zone} (clocks go back from {from} to {to}); runs twice, at {a} and at {b}"
        "{date}在{zone}时区{time}出现两次（时钟从{from}拨回到{to}）；两次都执行：{a}和{b}"
        "{date}在{zone}時區{time}出現兩次（時鐘從{from}撥回到{to}）；兩次都執行：{a}和{b}";
    FOLD_BOTH_ENDED "note.fold_both.ended"
        "{time} occurs twice on {date} in {zone} (clocks go back from {from} to {to}); runs once, at the first ({a}), because {ends} ends the rule before the second ({b})"
        "{date}在{zone}时区{time}出现两次（时钟从{from}拨回到{to}）；只执行一次，即第一次{a}：`{ends}`在第二次{b}之前结束了规则"
        "{date}在{zone}時區{time}出現兩次（時鐘從{from}撥回到{to}）；只執行一次，即第一次{a}：`{ends}`在第二次{b}之前結束了規則";
    INVALID_DATE_BACKWARD "note.invalid_date_backward"
        "{requested} does not exist ({month} has {days} days); runs on {date}, the last day of the month"
        "{requested}不存在（{month}只有{days}天）；改在当月最后一天{date}执行"
        "{requested}不存在（{month}只有{days}天）；改在當月最後一天{date}執行";
    INVALID_DATE_FORWARD "note.invalid_date_forward"
        "{requested} does not exist ({month} has {days} days); runs on {date}, the first day of the next month"
        "{requested}不存在（{month}只有{days}天）；改在下个月第一天{date}执行"
        "{requested}不存在（{month}只有{days}天）；改在下個月第一天{date}執行";
    MERGED_DATE "note.merged.date"
        "{requested} moved {policy} to {nominal}, which the rule also generates; runs once, as that occurrence"
        "{requested}按`{policy}`移到{nominal}，而规则本身也生成这一时间；两者合并为一次执行"
        "{requested}依`{policy}`移到{nominal}，而規則本身也產生這一時間；兩者合併為一次執行";
    MERGED_INSTANT "note.merged.instant"
        "{nominal} resolves to {instant}, the same instant as {into}{second}; runs once, as that occurrence"
        "{nominal}对应{instant}，与{into}{second}是同一时刻；两者合并为一次执行"
        "{nominal}對應{instant}，與{into}{second}是同一時刻；兩者合併為一次執行";
    MERGED_SECOND "note.merged.second"
        " (second)"
        "（第二次出现）"
        "（第二次出現）";
    // A time on the clock after a change, with what English calls the
    // zone's abbreviation and Chinese the offset.
    WALL "wall"
        "{time} {abbr}"
        "{time}（{offset}）"
        "{time}（{offset}）";
    WALL_DATED "wall.dated"
        "{date} {time} {abbr}"
        "{date}{time}（{offset}）"
        "{date}{time}（{offset}）";

    // --- Warnings.
    UNKNOWN_LANGUAGE "warning.unknown_language"
        "unknown language `{tag}`: expected `en`, `zh-CN` or `zh-TW`; writing English"
        "未知语言`{tag}`：可用`en`、`zh-CN`或`zh-TW`；改用英文"
        "未知語言`{tag}`：可用`en`、`zh-CN`或`zh-TW`；改用英文";
    OUT_OF_RANGE "warning.out_of_range"
        "the expansion ends before {nominal}: in {zone} it would fall after 9999-12-30T22:00:00Z, the last representable instant"
        "展开在{nominal}之前结束：在{zone}时区，它会晚于可表示的最后时刻`9999-12-30T22:00:00Z`"
        "展開在{nominal}之前結束：在{zone}時區，它會晚於可表示的最後時刻`9999-12-30T22:00:00Z`";
    EXDATE_UNMATCHED "warning.exdate_unmatched"
        "`exdate` {nominal} matches no occurrence, so it removes nothing ({hint})"
        "`exdate`中的{nominal}不对应任何实例，因此不会移除任何实例（{hint}）"
        "`exdate`中的{nominal}不對應任何實例，因此不會移除任何實例（{hint}）";
    EXDATE_NO_OCCURRENCE "warning.exdate_unmatched.none"
        "the schedule has no occurrence on {day}"
        "该计划在{day}没有实例"
        "此排程在{day}沒有實例";
    EXDATE_SAME_DAY "warning.exdate_unmatched.same_day"
        "on {day} it runs at {times}"
        "{day}的执行时间为{times}"
        "{day}的執行時間為{times}";
    RDATE_DUPLICATE "warning.rdate_duplicate"
        "`rdate` {nominal} is already an occurrence (of the rule or `start`), so it adds nothing"
        "`rdate`中的{nominal}已是一个实例（由规则或`start`生成），因此不会增加任何实例"
        "`rdate`中的{nominal}已是一個實例（由規則或`start`產生），因此不會增加任何實例";
    START_UNSYNCHRONIZED "warning.start_unsynchronized"
        "the rule does not generate `start` {start}; the first occurrence is {first}"
        "规则不会生成`start`所指的{start}；第一个实例是{first}"
        "規則不會產生`start`所指的{start}；第一個實例是{first}";
    START_UNSYNCHRONIZED_NEVER "warning.start_unsynchronized.never"
        "the rule does not generate `start` {start} nor any later time"
        "规则既不会生成`start`所指的{start}，也不会生成之后的任何时间"
        "規則既不會產生`start`所指的{start}，也不會產生之後的任何時間";
    START_UNSYNCHRONIZED_RULES "warning.start_unsynchronized.rules"
        "no rule generates `start` {start}; the first occurrence is {first}"
        "没有哪条规则生成`start`所指的{start}；第一个实例是{first}"
        "沒有哪條規則產生`start`所指的{start}；第一個實例是{first}";
    START_UNSYNCHRONIZED_NEVER_RULES "warning.start_unsynchronized.never.rules"
        "no rule generates `start` {start} nor any later time"
        "没有哪条规则生成`start`所指的{start}，也没有哪条规则生成之后的任何时间"
        "沒有哪條規則產生`start`所指的{start}，也沒有哪條規則產生之後的任何時間";
    START_IN_GAP "warning.start_in_gap"
        "`start` {start} does not exist in {zone}; it is treated like any other nominal under gap `{policy}`"
        "`start`所指的{start}在{zone}时区不存在；它和其他名义时间一样按`gap`策略`{policy}`处理"
        "`start`所指的{start}在{zone}時區不存在；它和其他名義時間一樣依`gap`策略`{policy}`處理";
    START_IN_FOLD "warning.start_in_fold"
        "`start` {start} occurs twice in {zone}; it is treated like any other nominal under fold `{policy}`"
        "`start`所指的{start}在{zone}时区出现两次；它和其他名义时间一样按`fold`策略`{policy}`处理"
        "`start`所指的{start}在{zone}時區出現兩次；它和其他名義時間一樣依`fold`策略`{policy}`處理";
    ZONE_WINDOWS "warning.windows_zone"
        "`{name}` is a Windows zone name: read as `{primary}` (CLDR's mapping); write IANA names, e.g. `{primary}`"
        "`{name}`是Windows时区名：按CLDR的对应关系读作`{primary}`；请改写IANA时区名，例如`{primary}`"
        "`{name}`是Windows時區名稱：依CLDR的對應關係讀作`{primary}`；請改寫IANA時區名稱，例如`{primary}`";
    ZONE_ALIAS "warning.zone_alias"
        "`{given}` is an alias of `{primary}`: the schedule uses the canonical name `{primary}`"
        "`{given}`是`{primary}`的别名：该计划使用规范名称`{primary}`"
        "`{given}`是`{primary}`的別名：此排程使用標準名稱`{primary}`";
    ZONE_FIXED "warning.fixed_offset_zone"
        "`{abbr}` is a fixed offset, UTC{offset} all year with no daylight saving time: for the local time of a place use its zone, e.g. `{region}`"
        "`{abbr}`是固定偏移，全年为UTC{offset}，没有夏令时：要表示某地的当地时间，请使用该地的时区，例如`{region}`"
        "`{abbr}`是固定偏移，全年為UTC{offset}，沒有日光節約時間：要表示某地的當地時間，請使用該地的時區，例如`{region}`";
    ZONE_REVERSED "warning.reversed_sign_zone"
        "`{spelling}` is UTC{actual}, a fixed offset whose sign is reversed (POSIX style): for UTC{named} use `{fix}`"
        "`{spelling}`是UTC{actual}，一个正负号相反的固定偏移（POSIX写法）：要表示UTC{named}，请用`{fix}`"
        "`{spelling}`是UTC{actual}，一個正負號相反的固定偏移（POSIX寫法）：要表示UTC{named}，請用`{fix}`";
}
