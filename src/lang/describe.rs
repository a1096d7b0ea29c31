//! `describe`: the sentence saying when a schedule runs, its invalid-date
//! sentence and its DST sentences. English builds "every month on the last
//! Friday in March at 17:00"; Chinese puts the period, the months, the day
//! and the time in its own order (每年3月最后一个星期五17:00执行), so each
//! piece is a template and the templates that join them order the slots.

use super::templates;

templates! { DESCRIBE;
    // --- The rule sentence. `{when}` is one of the WHEN templates; the
    // optional clauses after it are empty texts when absent.
    NO_OCCURRENCE "describe.no_occurrence"
        "It has no occurrence in the {years} years after {date}."
        "{date}之后的{years}年内没有任何实例。"
        "{date}之後的{years}年內沒有任何實例。";
    ALSO "describe.also" "Also {rule}" "另外，{rule}" "另外，{rule}";
    UNION "describe.union"
        "A time more than one rule generates runs once."
        "多条规则生成的同一时间只执行一次。"
        "多條規則產生的同一時間只執行一次。";
    RULE "describe.rule"
        "{when} in {zone}, starting {start}{count}{until}{plus}{except}."
        "自{start}起，在{zone}时区{when}{count}{until}{plus}{except}。"
        "自{start}起，在{zone}時區{when}{count}{until}{plus}{except}。";
    WHEN_YEARLY "describe.when.yearly"
        "{frequency}{day}{months} {times}{filters}{among}"
        "{frequency}{months}{day}{times}执行{filters}{among}"
        "{frequency}{months}{day}{times}執行{filters}{among}";
    WHEN "describe.when"
        "{frequency}{day}{months} {times}{filters}{among}"
        "{months}{frequency}{day}{times}执行{filters}{among}"
        "{months}{frequency}{day}{times}執行{filters}{among}";
    WHEN_HOURLY "describe.when.hourly"
        "{frequency}{day}{months} {times}{filters}{among}"
        "{months}{day}{frequency}的{times}执行{filters}{among}"
        "{months}{day}{frequency}的{times}執行{filters}{among}";
    WHEN_SUB_HOURLY "describe.when.sub_hourly"
        "{frequency}{day}{months} {times}{filters}{among}"
        "{months}{day}{times}{frequency}执行一次{filters}{among}"
        "{months}{day}{times}{frequency}執行一次{filters}{among}";

    // How often: every {n} periods.
    EVERY_SECOND "describe.every.second"
        "{n|every second|every {n} seconds}" "{n|每秒|每{n}秒}" "{n|每秒|每{n}秒}";
    EVERY_MINUTE "describe.every.minute"
        "{n|every minute|every {n} minutes}" "{n|每分钟|每{n}分钟}" "{n|每分鐘|每{n}分鐘}";
    EVERY_HOUR "describe.every.hour"
        "{n|every hour|every {n} hours}" "{n|每小时|每{n}小时}" "{n|每小時|每{n}小時}";
    EVERY_DAY "describe.every.day"
        "{n|every day|every {n} days}" "{n|每天|每{n}天}" "{n|每天|每{n}天}";
    EVERY_WEEK "describe.every.week"
        "{n|every week|every {n} weeks}" "{n|每周|每{n}周}" "{n|每週|每{n}週}";
    EVERY_MONTH "describe.every.month"
        "{n|every month|every {n} months}" "{n|每月|每{n}个月}" "{n|每月|每{n}個月}";
    EVERY_YEAR "describe.every.year"
        "{n|every year|every {n} years}" "{n|每年|每{n}年}" "{n|每年|每{n}年}";
    // Weekly rules name their days with the period.
    EVERY_WEEKDAY "describe.every.weekday"
        "every weekday" "每周一至周五" "每週一至週五";
    EVERY_DAYS "describe.every.days"
        "every {days}" "每{days}" "每{days}";
    EVERY_WEEK_ON "describe.every.week_on"
        "{every} on {days}" "{every}的{days}" "{every}的{days}";

    // --- The day: BYMONTHDAY, BYDAY, BYYEARDAY, BYWEEKNO, or the start's
    // day. Each English phrase brings its leading space.
    DAY_PARTS "describe.day.parts"
        "{month_days}{by_day}{year_days}{week_no}"
        "{week_no}{year_days}{month_days}{by_day}"
        "{week_no}{year_days}{month_days}{by_day}";
    MONTH_DAYS "describe.day.month_days"
        " on the {days}" "{days}" "{days}";
    NEGATIVE_MONTH_DAY "describe.day.month_day_from_end"
        "{nth} day of the month" "{nth}天" "{nth}天";
    MONTH_DAYS_ON_WEEKDAYS "describe.day.month_days_on_weekdays"
        " on the {days} that is {weekdays}" "恰逢{weekdays}的{days}" "恰逢{weekdays}的{days}";
    // BYDAY: the days (`the first Monday`, `weekdays`), then how they
    // join the sentence.
    ON_NTH "describe.day.on_nth" " on {days}" "的{days}" "的{days}";
    ON_PLAIN "describe.day.on_plain" " on {days}" "逢{days}" "逢{days}";
    NTH_WEEKDAYS "describe.day.nth_weekdays"
        "the {items}" "{items}" "{items}";
    NTH_WEEKDAYS_OF_YEAR "describe.day.nth_weekdays_of_year"
        "the {items} of the year" "{items}" "{items}";
    EVERY_AND_NTH_WEEKDAYS "describe.day.every_and_nth_weekdays"
        "{items}" "{items}" "{items}";
    EVERY_AND_NTH_WEEKDAYS_OF_YEAR "describe.day.every_and_nth_weekdays_of_year"
        "{items} of the year" "{items}" "{items}";
    NTH_WEEKDAY "describe.day.nth_weekday"
        "{nth} {weekday}" "{nth}个{weekday}" "{nth}個{weekday}";
    EVERY_WEEKDAY_ITEM "describe.day.every_weekday"
        "every {weekday}" "每个{weekday}" "每個{weekday}";
    WEEKDAYS "describe.day.weekdays"
        "weekdays" "周一至周五" "週一至週五";
    YEAR_DAYS "describe.day.year_days"
        " on {days} of the year" "的{days}" "的{days}";
    YEAR_DAY "describe.day.year_day"
        "day {n}" "第{n}天" "第{n}天";
    YEAR_DAY_FROM_END "describe.day.year_day_from_end"
        "the {nth} day" "{nth}天" "{nth}天";
    WEEK_NUMBERS "describe.day.week_numbers"
        " in ISO {n|week|weeks} {weeks}" "ISO{weeks}" "ISO{weeks}";
    WEEK_NUMBER "describe.day.week_number"
        "{n}" "第{n}周" "第{n}週";
    WEEK_FROM_END "describe.day.week_from_end"
        "the {nth} week" "{nth}周" "{nth}週";
    WEEK_NUMBERS_ON "describe.day.week_numbers_on"
        "{weeks} on {weekday}" "{weeks}的{weekday}" "{weeks}的{weekday}";
    START_DAY "describe.day.start_day"
        " on the {day}" "{day}" "{day}";
    START_MONTH_DAY "describe.day.start_month_day"
        " on {month} {day}" "{month}{day}日" "{month}{day}日";
    // BYSETPOS picking days of the period's set.
    SET_POSITIONS "describe.day.set_positions"
        " on the {positions} {set} of the {of}{among}" "{among}{set}中的{positions}" "{among}{set}中的{positions}";
    SET_POSITIONS_OF_WEEKDAY "describe.day.set_positions_of_weekday"
        " on the {positions} {weekday} of the {of}{among}" "{among}的{positions}{weekday}" "{among}的{positions}{weekday}";
    SET_AMONG_MONTH_DAYS "describe.day.set_among_month_days"
        " among the {days}" "{days}里" "{days}裡";
    NTH_OF_SET "describe.day.nth_of_set"
        "{nth}" "{nth}天" "{nth}天";
    NTH_COUNTED "describe.day.nth_counted"
        "{nth}" "{nth}个" "{nth}個";
    SET_WEEKDAYS "describe.set.weekdays"
        "weekday" "周一至周五" "週一至週五";
    SET_WEEKEND "describe.set.weekend"
        "weekend day" "周六和周日" "週六和週日";
    SET_WHICHEVER "describe.set.whichever"
        "{days} (whichever comes)" "{days}" "{days}";
    SET_MATCHING "describe.set.matching"
        "matching day" "符合条件的日子" "符合條件的日子";
    OF_WEEK "describe.of.week" "week" "周" "週";
    OF_MONTH "describe.of.month" "month" "月" "月";
    OF_YEAR "describe.of.year" "year" "年" "年";
    OF_DAY "describe.of.day" "day" "天" "天";
    OF_HOUR "describe.of.hour" "hour" "小时" "小時";
    OF_MINUTE "describe.of.minute" "minute" "分钟" "分鐘";
    OF_SECOND "describe.of.second" "second" "秒" "秒";

    // --- Months.
    MONTHS "describe.months"
        " in {months}" "{months}" "{months}";

    // --- Times of day.
    AT_TIMES "describe.times"
        "at {times}" "{times}" "{times}";
    AT_MANY_TIMES "describe.times.many"
        "at {n} times a day, from {first} to {last}" "在{first}至{last}之间的{n}个时刻" "在{first}至{last}之間的{n}個時刻";
    PAST_THE_HOUR "describe.times.past_the_hour"
        "at {minutes} past the hour" "{minutes}" "{minutes}";
    MINUTE_MARK "describe.times.minute"
        ":{m}" "{m}分" "{m}分";
    MINUTE_SECOND_MARK "describe.times.minute_second"
        ":{m}:{s}" "{m}分{s}秒" "{m}分{s}秒";
    FROM_START "describe.times.from_start"
        " (from {time})" "（从{time}起）" "（從{time}起）";
    FROM_TIME "describe.times.from"
        "from {time}" "从{time}起" "從{time}起";
    ONLY_MINUTES "describe.times.only_minutes"
        ", only at minutes {minutes}" "，仅限{minutes}" "，僅限{minutes}";
    ONLY_SECONDS "describe.times.only_seconds"
        ", only at seconds {seconds}" "，仅限{seconds}" "，僅限{seconds}";
    SECONDS_OF_MINUTE "describe.times.seconds_of_minute"
        ", at seconds {seconds} of each minute" "，在每分钟的{seconds}" "，在每分鐘的{seconds}";
    SECOND_MARK "describe.times.second"
        "{s}" "第{s}秒" "第{s}秒";
    DURING_HOURS "describe.times.during_hours"
        ", during {n|hour|hours} {hours}" "，仅限{hours}" "，僅限{hours}";
    HOUR_MARK "describe.times.hour"
        "{h}" "{h}时" "{h}時";
    AMONG "describe.among"
        ", only the {positions} of those in each {period}" "，每{period}只取其中{positions}" "，每{period}只取其中{positions}";

    // --- The clauses after the zone and start.
    COUNT "describe.count"
        ", {runs|once|{runs} times}" "，共{runs}次" "，共{runs}次";
    COUNT_TWICE "describe.count.twice"
        ", {runs|once|{runs} times} ({count} {count|occurrence|occurrences}: {twice} {twice|runs|run} twice in a repeated hour)"
        "，共执行{runs}次（{count}个实例，其中{twice}个在重复的那一小时内执行两次）"
        "，共執行{runs}次（{count}個實例，其中{twice}個在重複的那一小時內執行兩次）";
    COUNT_MERGED "describe.count.merged"
        ", {runs|once|{runs} times} ({count} {count|occurrence|occurrences}: {merged} merged into another at the same instant)"
        "，共执行{runs}次（{count}个实例，其中{merged}个与另一实例在同一时刻而合并）"
        "，共執行{runs}次（{count}個實例，其中{merged}個與另一實例在同一時刻而合併）";
    UNTIL_DATE "describe.until.date"
        ", until {date}" "，直到{date}" "，直到{date}";
    UNTIL_LOCAL "describe.until.local"
        ", until {at}" "，直到{at}" "，直到{at}";
    UNTIL_UTC "describe.until.utc"
        ", until {at} UTC" "，直到协调世界时{at}" "，直到世界標準時間{at}";
    PLUS "describe.plus"
        ", plus {n} extra {n|date|dates}" "，另加{n}个日期" "，另加{n}個日期";
    EXCEPT "describe.except"
        ", except {n} {n|date|dates}" "，排除{n}个日期" "，排除{n}個日期";

    // --- A schedule without a rule: its dates.
    NEVER "describe.dates.never"
        "Never: every date is excluded (EXDATE), in {zone}."
        "在{zone}时区从不执行：所有日期都被`EXDATE`排除。"
        "在{zone}時區從不執行：所有日期都被`EXDATE`排除。";
    ONCE "describe.dates.once"
        "Once, on {date} at {time} in {zone}."
        "在{zone}时区于{date}{time}执行一次。"
        "在{zone}時區於{date}{time}執行一次。";
    ON_DATES "describe.dates.list"
        "On {n} dates in {zone}: {dates}."
        "在{zone}时区的{n}个日期执行：{dates}。"
        "在{zone}時區的{n}個日期執行：{dates}。";
    MORE_DATES "describe.dates.more"
        "{n} more" "另外{n}个" "另外{n}個";

    // --- Days the month lacks.
    INVALID_DATE "describe.invalid_date"
        "In {what}, {action}." "在{what}，{action}。" "在{what}，{action}。";
    MONTHS_WITHOUT "describe.invalid_date.months_without"
        "months without a {day}" "没有{day}的月份" "沒有{day}的月份";
    MONTHS_WITHOUT_LISTED "describe.invalid_date.months_without_listed"
        "months without a {day} ({months})" "没有{day}的月份（{months}）" "沒有{day}的月份（{months}）";
    YEARS_WITHOUT_FEB_29 "describe.invalid_date.years_without_february_29"
        "years without February 29" "平年（没有2月29日的年份）" "平年（沒有2月29日的年份）";
    COMMON_FEBRUARY "describe.invalid_date.common_february"
        "February of common years" "平年的2月" "平年的2月";
    OMITTED "describe.invalid_date.omit"
        "that occurrence is omitted (not moved, not counted)"
        "这一次不执行（不顺延，也不计入次数）"
        "這一次不執行（不順延，也不計入次數）";
    MOVED_BACK "describe.invalid_date.backward"
        "it moves back to the last day of the month"
        "改在当月最后一天执行"
        "改在當月最後一天執行";
    MOVED_FORWARD "describe.invalid_date.forward"
        "it moves forward to the 1st of the next month"
        "改在下个月1日执行"
        "改在下個月1日執行";

    // --- Clock changes.
    GAP "describe.gap"
        "When {subject} {one|does|do} not exist ({when}; clocks jump from {from} to {to}), {action}."
        "在{when}，时钟从{from}拨快到{to}，{subject}不存在：{action}。"
        "在{when}，時鐘從{from}撥快到{to}，{subject}不存在：{action}。";
    FOLD "describe.fold"
        "When {subject} {one|occurs|occur} twice ({when}; clocks go back from {from} to {to}), {action}."
        "在{when}，时钟从{from}拨回到{to}，{subject}出现两次：{action}。"
        "在{when}，時鐘從{from}撥回到{to}，{subject}出現兩次：{action}。";
    TIMES_FROM_TO "describe.dst.times_from_to"
        "the times from {first} to {last}" "{first}至{last}之间的时间" "{first}至{last}之間的時間";
    NTH_WEEKDAY_OF_MONTH "describe.dst.nth_weekday_of_month"
        "{nth} {weekday} of {month}" "{month}{nth}个{weekday}" "{month}{nth}個{weekday}";
    MANY_DATES "describe.dst.many_dates"
        "{n} dates, first {first}" "{n}个日期（首个为{first}）" "{n}個日期（首個為{first}）";
    SKIPPED "describe.gap.skip"
        "that occurrence is skipped" "当天这一次跳过" "當天這一次略過";
    SKIPPED_NOT_COUNTED "describe.gap.skip_counted"
        "that occurrence is skipped and not counted" "当天这一次跳过，且不计入次数" "當天這一次略過，且不計入次數";
    SHIFTED "describe.gap.shift"
        "it runs later by the length of the gap, with the offset from before the change (e.g. {at})"
        "按拨快前的偏移推迟执行，推迟的时长等于跳过的时长，例如改在{at}执行"
        "依撥快前的偏移延後執行，延後的時長等於跳過的時長，例如改在{at}執行";
    SNAPPED "describe.gap.snap"
        "it runs at {at}, the moment the clocks change"
        "改在时钟拨快的那一刻{at}执行"
        "改在時鐘撥快的那一刻{at}執行";
    FOLD_FIRST "describe.fold.first"
        "it runs once, at the first ({a})" "只在第一次出现时执行（{a}）" "只在第一次出現時執行（{a}）";
    FOLD_SECOND "describe.fold.second"
        "it runs once, at the second ({b})" "只在第二次出现时执行（{b}）" "只在第二次出現時執行（{b}）";
    FOLD_BOTH "describe.fold.both"
        "it runs twice, at both ({a} and {b}), and both count"
        "两次都执行（{a}和{b}），且都计入次数"
        "兩次都執行（{a}和{b}），且都計入次數";
    ZONE_NAME "describe.dst.zone_name"
        "{abbr}" "{offset}" "{offset}";
    UNAFFECTED "describe.unaffected"
        "Clock changes in {zone} do not affect it in the {years} years after {date}."
        "{date}之后的{years}年内，{zone}时区的时钟调整不影响该计划。"
        "{date}之後的{years}年內，{zone}時區的時鐘調整不影響此排程。";
}
