//! Error messages of the core: rules, specs, windows, options, durations,
//! policies, zones. Each code is `error.<ErrorCode>.<what>`; user input
//! is quoted back in slots, in backticks as in English.
// Some messages belong to surfaces a build leaves out (the command line's
// flags in the wasm build); an unused constant costs nothing.
#![allow(dead_code)]

use super::templates;

templates! { ERRORS;
    // --- RRULE text (`invalid_rrule`, `unsupported`, `count_and_until`).
    RULE_TOO_LONG "error.invalid_rrule.too_long"
        "the rule is {len} bytes long: expected at most {max}, e.g. `FREQ=DAILY;COUNT=5`"
        "规则长{len}字节：最多{max}字节，例如`FREQ=DAILY;COUNT=5`"
        "規則長{len}位元組：最多{max}位元組，例如`FREQ=DAILY;COUNT=5`";
    RULE_EMPTY "error.invalid_rrule.empty"
        "the rule is empty: expected `NAME=VALUE` parts separated by `;`, e.g. `FREQ=DAILY;COUNT=5`"
        "规则为空：应为以`;`分隔的`NAME=VALUE`，例如`FREQ=DAILY;COUNT=5`"
        "規則為空：應為以`;`分隔的`NAME=VALUE`，例如`FREQ=DAILY;COUNT=5`";
    RULE_EMPTY_PART "error.invalid_rrule.empty_part"
        "empty rule part between `;` separators: expected `NAME=VALUE`, e.g. `FREQ=DAILY;COUNT=5`"
        "两个`;`之间的规则部分为空：应为`NAME=VALUE`，例如`FREQ=DAILY;COUNT=5`"
        "兩個`;`之間的規則部分為空：應為`NAME=VALUE`，例如`FREQ=DAILY;COUNT=5`";
    RULE_NO_EQUALS "error.invalid_rrule.no_equals"
        "rule part `{part}` has no `=`: expected `NAME=VALUE`, e.g. `FREQ=DAILY;COUNT=5`"
        "规则部分`{part}`缺少`=`：应为`NAME=VALUE`，例如`FREQ=DAILY;COUNT=5`"
        "規則部分`{part}`缺少`=`：應為`NAME=VALUE`，例如`FREQ=DAILY;COUNT=5`";
    RULE_TWICE "error.invalid_rrule.twice"
        "`{name}` is given twice (at bytes {first} and {second}): give each part once{list}, e.g. `{example}`"
        "`{name}`出现了两次（第{first}和第{second}字节）：每个部分只能给一次{list}，例如`{example}`"
        "`{name}`出現了兩次（第{first}和第{second}位元組）：每個部分只能給一次{list}，例如`{example}`";
    RULE_EMPTY_VALUE "error.invalid_rrule.empty_value"
        "`{name}` has an empty value: expected {expected}, e.g. `{example}`"
        "`{name}`的值为空：应为{expected}，例如`{example}`"
        "`{name}`的值為空：應為{expected}，例如`{example}`";
    RULE_EMPTY_ELEMENT "error.invalid_rrule.empty_element"
        "`{name}` has an empty list element: expected {expected}, e.g. `{example}`"
        "`{name}`的列表中有空元素：应为{expected}，例如`{example}`"
        "`{name}`的列表中有空元素：應為{expected}，例如`{example}`";
    RULE_TOO_MANY "error.invalid_rrule.too_many_elements"
        "`{name}` has more than {max} elements: expected at most {max}, e.g. `{example}`"
        "`{name}`的元素超过{max}个：最多{max}个，例如`{example}`"
        "`{name}`的元素超過{max}個：最多{max}個，例如`{example}`";
    RULE_RSCALE "error.unsupported.rscale"
        "`{part}` (RFC 7529) is not supported: rules expand in the Gregorian calendar only, e.g. `FREQ=YEARLY;BYMONTH=2`"
        "不支持`{part}`（RFC 7529）：规则只按公历展开，例如`FREQ=YEARLY;BYMONTH=2`"
        "不支援`{part}`（RFC 7529）：規則只依公曆展開，例如`FREQ=YEARLY;BYMONTH=2`";
    RULE_SKIP "error.unsupported.skip"
        "`{part}` (RFC 7529) is not supported: use the schedule's `invalidDate` policy (`omit`, `backward` or `forward`) instead, e.g. `\"invalidDate\": \"backward\"`"
        "不支持`{part}`（RFC 7529）：请改用计划的`invalidDate`策略（`omit`、`backward`或`forward`），例如`\"invalidDate\": \"backward\"`"
        "不支援`{part}`（RFC 7529）：請改用排程的`invalidDate`策略（`omit`、`backward`或`forward`），例如`\"invalidDate\": \"backward\"`";
    RULE_UNKNOWN_PART "error.invalid_rrule.unknown_part"
        "unknown rule part `{part}`{hint}: expected one of {names}, e.g. `FREQ=WEEKLY;BYDAY=MO`"
        "未知的规则部分`{part}`{hint}：应为{names}之一，例如`FREQ=WEEKLY;BYDAY=MO`"
        "未知的規則部分`{part}`{hint}：應為{names}之一，例如`FREQ=WEEKLY;BYDAY=MO`";
    RULE_EMPTY_NAME "error.invalid_rrule.empty_name"
        "the rule part name is empty: expected one of {names}, e.g. `FREQ=WEEKLY;BYDAY=MO`"
        "规则部分的名称为空：应为{names}之一，例如`FREQ=WEEKLY;BYDAY=MO`"
        "規則部分的名稱為空：應為{names}之一，例如`FREQ=WEEKLY;BYDAY=MO`";
    RULE_DID_YOU_MEAN "error.invalid_rrule.did_you_mean"
        " (did you mean `{name}`?)" "（是否想写`{name}`？）" "（是否想寫`{name}`？）";
    RULE_INVALID_VALUE "error.invalid_rrule.value"
        "invalid `{name}` value `{value}`: expected {expected}, e.g. `{example}`"
        "`{name}`的值`{value}`无效：应为{expected}，例如`{example}`"
        "`{name}`的值`{value}`無效：應為{expected}，例如`{example}`";
    UNTIL_NO_DATE "error.invalid_rrule.until_date"
        "a real calendar date (there is no {date})"
        "日历上真实存在的日期（没有{date}这一天）"
        "日曆上真實存在的日期（沒有{date}這一天）";
    UNTIL_NO_TIME "error.invalid_rrule.until_time"
        "a time of day in 00:00:00..=23:59:59 (not {time}) after the `T`"
        "`T`后接00:00:00..=23:59:59之间的时刻（不是{time}）"
        "`T`後接00:00:00..=23:59:59之間的時刻（不是{time}）";
    UNTIL_RANGE "error.invalid_rrule.until_range"
        "an instant between -009999-01-02T01:59:59Z and 9999-12-30T22:00:00.999999999Z"
        "`-009999-01-02T01:59:59Z`到`9999-12-30T22:00:00.999999999Z`之间的时刻"
        "`-009999-01-02T01:59:59Z`到`9999-12-30T22:00:00.999999999Z`之間的時刻";
    RULE_NO_FREQ "error.invalid_rrule.no_freq"
        "`FREQ` is missing: every rule needs one (RFC 5545 §3.3.10), e.g. `FREQ=DAILY;COUNT=5`"
        "缺少`FREQ`：每条规则都必须有（RFC 5545 §3.3.10），例如`FREQ=DAILY;COUNT=5`"
        "缺少`FREQ`：每條規則都必須有（RFC 5545 §3.3.10），例如`FREQ=DAILY;COUNT=5`";
    RULE_LEAP_SECOND "error.unsupported.leap_second"
        "`BYSECOND` value `60` is not supported: a leap second has no civil time, expected 0..=59, e.g. `BYSECOND=0,30`"
        "不支持`BYSECOND`的值`60`：闰秒没有对应的民用时间，应为0..=59，例如`BYSECOND=0,30`"
        "不支援`BYSECOND`的值`60`：閏秒沒有對應的民用時間，應為0..=59，例如`BYSECOND=0,30`";
    RULE_COUNT_AND_UNTIL "error.count_and_until"
        "`COUNT` and `UNTIL` cannot both be given (RFC 5545 §3.3.10): keep one, e.g. `FREQ=DAILY;COUNT=10`"
        "`COUNT`和`UNTIL`不能同时给出（RFC 5545 §3.3.10）：只保留一个，例如`FREQ=DAILY;COUNT=10`"
        "`COUNT`和`UNTIL`不能同時給出（RFC 5545 §3.3.10）：只保留一個，例如`FREQ=DAILY;COUNT=10`";
    BYDAY_MONTHLY "error.invalid_rrule.byday_monthly"
        "invalid `BYDAY` value `{value}` with `FREQ=MONTHLY`: expected an ordinal in 1..=5 or -5..=-1 (a month has at most five of a weekday), e.g. `BYDAY=2MO,-1FR`"
        "`FREQ=MONTHLY`下`BYDAY`的值`{value}`无效：序数应在1..=5或-5..=-1之间（一个月中同一星期几最多五次），例如`BYDAY=2MO,-1FR`"
        "`FREQ=MONTHLY`下`BYDAY`的值`{value}`無效：序數應在1..=5或-5..=-1之間（一個月中同一星期幾最多五次），例如`BYDAY=2MO,-1FR`";
    BYDAY_WEEKNO "error.invalid_rrule.byday_weekno"
        "`BYDAY` value `{value}` has an ordinal, which is not allowed with `FREQ=YEARLY` and `BYWEEKNO` (RFC 5545 §3.3.10): drop the ordinal, e.g. `FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO`"
        "`BYDAY`的值`{value}`带序数，而`FREQ=YEARLY`与`BYWEEKNO`同用时不允许序数（RFC 5545 §3.3.10）：请去掉序数，例如`FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO`"
        "`BYDAY`的值`{value}`帶序數，而`FREQ=YEARLY`與`BYWEEKNO`同用時不允許序數（RFC 5545 §3.3.10）：請去掉序數，例如`FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO`";
    BYDAY_BYMONTH "error.invalid_rrule.byday_bymonth"
        "invalid `BYDAY` value `{value}` with `FREQ=YEARLY` and `BYMONTH`: the ordinal counts within each month, so expected 1..=5 or -5..=-1, e.g. `FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU`"
        "`FREQ=YEARLY`与`BYMONTH`同用时`BYDAY`的值`{value}`无效：序数在每个月内计数，应在1..=5或-5..=-1之间，例如`FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU`"
        "`FREQ=YEARLY`與`BYMONTH`同用時`BYDAY`的值`{value}`無效：序數在每個月內計數，應在1..=5或-5..=-1之間，例如`FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU`";
    BYDAY_ORDINAL "error.invalid_rrule.byday_ordinal"
        "`BYDAY` value `{value}` has an ordinal, which is only allowed with `FREQ=MONTHLY` or `FREQ=YEARLY` (RFC 5545 §3.3.10), e.g. `FREQ=MONTHLY;BYDAY=-1FR`"
        "`BYDAY`的值`{value}`带序数，序数只能与`FREQ=MONTHLY`或`FREQ=YEARLY`同用（RFC 5545 §3.3.10），例如`FREQ=MONTHLY;BYDAY=-1FR`"
        "`BYDAY`的值`{value}`帶序數，序數只能與`FREQ=MONTHLY`或`FREQ=YEARLY`同用（RFC 5545 §3.3.10），例如`FREQ=MONTHLY;BYDAY=-1FR`";
    BYSETPOS_ALONE "error.invalid_rrule.bysetpos_alone"
        "`BYSETPOS` needs another `BYxxx` part to select from (RFC 5545 §3.3.10), e.g. `FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1`"
        "`BYSETPOS`需要另一个`BYxxx`部分供其选取（RFC 5545 §3.3.10），例如`FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1`"
        "`BYSETPOS`需要另一個`BYxxx`部分供其選取（RFC 5545 §3.3.10），例如`FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1`";
    RULE_ONLY_WITH "error.invalid_rrule.only_with"
        "`{name}` is only allowed with `FREQ={only}` (RFC 5545 §3.3.10), not `FREQ={freq}`, e.g. `{example}`"
        "`{name}`只能与`FREQ={only}`同用（RFC 5545 §3.3.10），不能与`FREQ={freq}`同用，例如`{example}`"
        "`{name}`只能與`FREQ={only}`同用（RFC 5545 §3.3.10），不能與`FREQ={freq}`同用，例如`{example}`";
    RULE_NOT_WITH "error.invalid_rrule.not_with"
        "`{name}` is not allowed with `FREQ={freq}` (RFC 5545 §3.3.10), e.g. `{example}`"
        "`{name}`不能与`FREQ={freq}`同用（RFC 5545 §3.3.10），例如`{example}`"
        "`{name}`不能與`FREQ={freq}`同用（RFC 5545 §3.3.10），例如`{example}`";

    // --- The spec: its JSON, its fields.
    JSON "error.invalid_spec.json"
        "invalid JSON: {detail}" "JSON无效：{detail}" "JSON無效：{detail}";
    JSON_TRAILING "error.invalid_spec.json_trailing"
        "invalid JSON: {detail}: expected one spec object and nothing after it"
        "JSON无效：{detail}；应只有一个计划对象，其后不能再有内容"
        "JSON無效：{detail}；應只有一個排程物件，其後不能再有內容";
    JSON_AT "error.json_at"
        "{what} at line {line} column {column}" "第{line}行第{column}列{what}" "第{line}行第{column}列{what}";
    NOT_AN_OBJECT "error.invalid_spec.not_an_object"
        "invalid spec: expected an object with at least `timeZone` and `start`, e.g. `{{\"timeZone\": \"Europe/Berlin\", \"start\": \"2026-03-30T07:00\", \"rrule\": \"FREQ=DAILY\"}}`"
        "计划无效：应为至少包含`timeZone`和`start`的对象，例如`{{\"timeZone\": \"Europe/Berlin\", \"start\": \"2026-03-30T07:00\", \"rrule\": \"FREQ=DAILY\"}}`"
        "排程無效：應為至少包含`timeZone`和`start`的物件，例如`{{\"timeZone\": \"Europe/Berlin\", \"start\": \"2026-03-30T07:00\", \"rrule\": \"FREQ=DAILY\"}}`";
    SPEC_FIELD "error.invalid_spec.field"
        "invalid spec field `{field}`: {detail}" "计划字段`{field}`无效：{detail}" "排程欄位`{field}`無效：{detail}";
    SPEC_SHAPE "error.invalid_spec.shape"
        "invalid spec: {detail}" "计划无效：{detail}" "排程無效：{detail}";
    MISSING_FIELD "error.invalid_spec.missing_field"
        "missing field `{name}`" "缺少字段`{name}`" "缺少欄位`{name}`";
    POLICY_TYPE "error.invalid_policy.type"
        "{detail}" "`{field}`的值无效：{detail}" "`{field}`的值無效：{detail}";
    INVALID_TYPE "error.serde.invalid_type"
        "invalid type: {got}, expected {want}" "类型无效：{got}，应为{want}" "型別無效：{got}，應為{want}";
    INVALID_VALUE "error.serde.invalid_value"
        "invalid value: {got}, expected {want}" "值无效：{got}，应为{want}" "值無效：{got}，應為{want}";
    GOT_VALUE "error.serde.got_value"
        "{kind}{value}" "{kind}`{plain}`" "{kind}`{plain}`";
    SERDE "error.serde"
        "{detail}" "`{plain}`" "`{plain}`";
    DUPLICATE_FIELD "error.invalid_spec.duplicate_field"
        "duplicate field `{name}`" "字段`{name}`重复" "欄位`{name}`重複";
    UNKNOWN_FIELD "error.invalid_spec.unknown_field"
        "unknown field `{name}`, expected {names}" "未知字段`{name}`，应为{names}" "未知欄位`{name}`，應為{names}";
    UNKNOWN_FIELD_OF "error.invalid_spec.unknown_field_of"
        "unknown field `{name}`, expected one of {names}" "未知字段`{name}`，应为{names}之一" "未知欄位`{name}`，應為{names}之一";
    ID_CHARS "error.invalid_spec.id_chars"
        "invalid `{field}` `{id}`: U+{cp} at byte {at} is not printable ({kind}); expected printable text, e.g. `daily-report`"
        "`{field}`的值`{id}`无效：第{at}字节处的`U+{cp}`不可打印（{kind}）；应为可打印的文本，例如`daily-report`"
        "`{field}`的值`{id}`無效：第{at}位元組處的`U+{cp}`不可列印（{kind}）；應為可列印的文字，例如`daily-report`";
    ID "error.invalid_spec.id"
        "invalid `id` `{id}`: expected 1 to {max} bytes without `|` (the key separator), e.g. `daily-report`"
        "`id`的值`{id}`无效：应为1到{max}字节且不含`|`（键的分隔符），例如`daily-report`"
        "`id`的值`{id}`無效：應為1到{max}位元組且不含`|`（鍵的分隔符），例如`daily-report`";
    REVISION "error.invalid_spec.revision"
        "invalid `revision` `0`: expected an integer >= 1, e.g. `\"revision\": 2`"
        "`revision`的值`0`无效：应为不小于1的整数，例如`\"revision\": 2`"
        "`revision`的值`0`無效：應為不小於1的整數，例如`\"revision\": 2`";
    START "error.invalid_start.read"
        "invalid `start` `{start}`: {why}" "`start`的值`{start}`无效：{why}" "`start`的值`{start}`無效：{why}";
    START_PAST_END "error.invalid_start.past_end"
        "invalid `start` `{start}`: it has no instant in `{zone}`, where the last representable time is {last}: expected an earlier one"
        "`start`的值`{start}`无效：它在`{zone}`中没有对应的时刻，该时区能表示的最后时间是`{last}`：应更早"
        "`start`的值`{start}`無效：它在`{zone}`中沒有對應的時刻，該時區能表示的最後時間是`{last}`：應更早";
    START_NO_INSTANT "error.invalid_start.no_instant"
        "`start` has no instant" "`start`没有对应的时刻" "`start`沒有對應的時刻";
    RRULE_EMPTY_LIST "error.invalid_rrule.empty_list"
        "`rrule` is an empty list: expected one rule or more, e.g. `[\"FREQ=MONTHLY;BYMONTHDAY=1\", \"FREQ=WEEKLY;BYDAY=MO\"]`, or no `rrule` for `start` and `rdate` alone"
        "`rrule`是空列表：应至少有一条规则，例如`[\"FREQ=MONTHLY;BYMONTHDAY=1\", \"FREQ=WEEKLY;BYDAY=MO\"]`；只用`start`和`rdate`时不写`rrule`"
        "`rrule`是空列表：應至少有一條規則，例如`[\"FREQ=MONTHLY;BYMONTHDAY=1\", \"FREQ=WEEKLY;BYDAY=MO\"]`；只用`start`和`rdate`時不寫`rrule`";
    TOO_MANY_RULES "error.limit_exceeded.rules"
        "`rrule` has {n} rules: at most {max} are accepted"
        "`rrule`有{n}条规则：最多接受{max}条"
        "`rrule`有{n}條規則：最多接受{max}條";
    UNTIL_BEFORE_START "error.until_before_start"
        "`UNTIL` is before `start` `{start}`: the rule would have no occurrence; move UNTIL after start, e.g. `UNTIL={until}`"
        "`UNTIL`早于`start`（{start}）：规则不会有任何实例；请把`UNTIL`移到起始时间之后，例如`UNTIL={until}`"
        "`UNTIL`早於`start`（{start}）：規則不會有任何實例；請把`UNTIL`移到起始時間之後，例如`UNTIL={until}`";
    TOO_MANY_ENTRIES "error.limit_exceeded.list"
        "`{field}` has {n} entries: at most {max} are accepted"
        "`{field}`有{n}项：最多接受{max}项"
        "`{field}`有{n}項：最多接受{max}項";
    DATE_ENTRY "error.invalid_date_time.entry"
        "invalid `{field}` entry `{item}`: {why}" "`{field}`中的`{item}`无效：{why}" "`{field}`中的`{item}`無效：{why}";
    OUT_OF_RANGE "error.invalid_date_time.out_of_range"
        "`{text}` is out of range" "`{text}`超出范围" "`{text}`超出範圍";
    INSTANT "error.invalid_date_time.instant"
        "invalid `{field}` `{text}`: expected an instant such as `2026-03-08T07:00:00Z` or a local date-time such as `2026-03-08T02:00`"
        "`{field}`的值`{text}`无效：应为时刻（如`2026-03-08T07:00:00Z`）或当地日期时间（如`2026-03-08T02:00`）"
        "`{field}`的值`{text}`無效：應為時刻（如`2026-03-08T07:00:00Z`）或當地日期時間（如`2026-03-08T02:00`）";
    LOCAL "error.invalid_date_time.local"
        "expected a local date-time `YYYY-MM-DDTHH:MM[:SS]` with no offset, e.g. `2026-03-08T09:00`"
        "应为不带偏移的当地日期时间`YYYY-MM-DDTHH:MM[:SS]`，例如`2026-03-08T09:00`"
        "應為不帶偏移的當地日期時間`YYYY-MM-DDTHH:MM[:SS]`，例如`2026-03-08T09:00`";
    LOCAL_OFFSET "error.invalid_date_time.local_offset"
        "{local}; a nominal time is read in the schedule's `timeZone`, so drop the offset"
        "{local}；名义时间按计划的`timeZone`读取，请去掉偏移"
        "{local}；名義時間依排程的`timeZone`讀取，請去掉偏移";
    NOT_A_DATE "error.invalid_date_time.not_a_date"
        "{date} is not a date in the Gregorian calendar" "公历中没有{date}" "公曆中沒有{date}";
    NOT_A_TIME "error.invalid_date_time.not_a_time"
        "{time} is not a time of day (expected 00:00:00 to 23:59:59)"
        "{time}不是一天中的时刻（应在00:00:00到23:59:59之间）"
        "{time}不是一天中的時刻（應在00:00:00到23:59:59之間）";

    // --- Durations (`invalid_duration`).
    DURATION "error.invalid_duration.iso"
        "invalid `{field}` `{text}`: {why}, e.g. `PT5M`, `PT2H` or `P2D`"
        "`{field}`的值`{text}`无效：{why}，例如`PT5M`、`PT2H`或`P2D`"
        "`{field}`的值`{text}`無效：{why}，例如`PT5M`、`PT2H`或`P2D`";
    DURATION_SHORT "error.invalid_duration.short"
        "invalid `{field}` `{text}`: {why}, e.g. `PT5M`, `P2D`, `90s`, `5m`, `2h`, `14d` or `2w`"
        "`{field}`的值`{text}`无效：{why}，例如`PT5M`、`P2D`、`90s`、`5m`、`2h`、`14d`或`2w`"
        "`{field}`的值`{text}`無效：{why}，例如`PT5M`、`P2D`、`90s`、`5m`、`2h`、`14d`或`2w`";
    TIMEOUT "error.invalid_duration.timeout"
        "invalid `timeout` `{text}`: it must be longer than zero, e.g. `PT10M`"
        "`timeout`的值`{text}`无效：必须大于零，例如`PT10M`"
        "`timeout`的值`{text}`無效：必須大於零，例如`PT10M`";
    WINDOW_BEYOND "error.invalid_duration.beyond"
        "invalid `{field}` `{text}`: the window ends beyond the supported range"
        "`{field}`的值`{text}`无效：窗口的结束超出了支持的范围"
        "`{field}`的值`{text}`無效：時間窗的結束超出了支援的範圍";

    // --- Windows and options (`invalid_option`, `limit_exceeded`).
    LIMIT "error.invalid_option.limit"
        "invalid `{field}` `{text}`: expected a whole number of 1 or more, e.g. `{example}`"
        "`{field}`的值`{text}`无效：应为不小于1的整数，例如`{example}`"
        "`{field}`的值`{text}`無效：應為不小於1的整數，例如`{example}`";
    LIMIT_ZERO "error.invalid_option.limit_zero"
        "invalid `limit` `0`: expected 1 or more (such as 50)"
        "`limit`的值`0`无效：应不小于1（如50）"
        "`limit`的值`0`無效：應不小於1（如50）";
    OR_OTHER_FORMS "error.invalid_option.other_forms"
        "{error}; or `now`, or a duration from the window start such as `P7D` or `+7d`"
        "{error}；也可以是`now`，或从窗口起点算起的时长，如`P7D`或`+7d`"
        "{error}；也可以是`now`，或從時間窗起點算起的時長，如`P7D`或`+7d`";
    OR_DATETIME "error.invalid_option.or_datetime"
        "{error}; or an aware `datetime`, or `now`, or a duration from the window start such as `P7D` or `+7d`"
        "{error}；也可以是带时区的`datetime`、`now`，或从窗口起点算起的时长，如`P7D`或`+7d`"
        "{error}；也可以是帶時區的`datetime`、`now`，或從時間窗起點算起的時長，如`P7D`或`+7d`";
    FLAG_INSTANT "error.invalid_date_time.flag"
        "invalid `--{field}` `{text}`: expected an instant such as `2026-03-08T07:00:00Z` or `2026-03-08T02:00:00-05:00`, or a local date-time in the schedule's zone such as `2026-03-08T09:00`"
        "`--{field}`的值`{text}`无效：应为时刻（如`2026-03-08T07:00:00Z`或`2026-03-08T02:00:00-05:00`），或计划时区的当地日期时间（如`2026-03-08T09:00`）"
        "`--{field}`的值`{text}`無效：應為時刻（如`2026-03-08T07:00:00Z`或`2026-03-08T02:00:00-05:00`），或排程時區的當地日期時間（如`2026-03-08T09:00`）";
    NO_CLOCK "error.invalid_option.no_clock"
        "invalid `{field}` `{text}`: no clock is read here; give an instant such as `2026-03-08T07:00:00Z`"
        "`{field}`的值`{text}`无效：这里不读取时钟；请给出时刻，如`2026-03-08T07:00:00Z`"
        "`{field}`的值`{text}`無效：這裡不讀取時鐘；請給出時刻，如`2026-03-08T07:00:00Z`";
    WINDOW_ORDER "error.invalid_option.window_order"
        "the window ends (`{to_name}` {to}) before it starts (`{from_name}` {from})"
        "窗口的结束（`{to_name}`，{to}）早于开始（`{from_name}`，{from}）"
        "時間窗的結束（`{to_name}`，{to}）早於開始（`{from_name}`，{from}）";
    UNBOUNDED "error.invalid_option.unbounded"
        "the rule has no COUNT or UNTIL, so the expansion needs a `limit` (such as 50) or {a} `{to}`"
        "规则没有`COUNT`或`UNTIL`，因此展开需要`limit`（如50）或`{to}`"
        "規則沒有`COUNT`或`UNTIL`，因此展開需要`limit`（如50）或`{to}`";
    TOO_MANY_EXPANDED "error.limit_exceeded.entries"
        "the expansion has more than {max} entries, the ceiling of one call"
        "展开结果超过{max}项，即单次调用的上限"
        "展開結果超過{max}項，即單次呼叫的上限";
    TOO_MANY_NOTICES "error.limit_exceeded.notices"
        "more than {max} notices, the ceiling of one call"
        "提示超过{max}条，即单次调用的上限"
        "提示超過{max}條，即單次呼叫的上限";
    TOO_MANY_STEPS "error.limit_exceeded.steps"
        "the rule needs more than {max} expansion steps, the ceiling of one call"
        "该规则需要超过{max}步展开，超出单次调用的上限"
        "該規則需要超過{max}步展開，超出單次呼叫的上限";
    ADVISE_COUNT "error.limit_exceeded.advise_count"
        "{error}: `COUNT` counts from `start` {start}, so every occurrence before the window is walked; move `start` nearer the window, with the `COUNT` that is left, or end the rule with `UNTIL`, which lets the expansion skip to the window{by}"
        "{error}：`COUNT`从`start`（{start}）起计数，窗口之前的每个实例都要走一遍；请把`start`移近窗口并相应减少`COUNT`，或用`UNTIL`结束规则，展开便可直接跳到窗口{by}"
        "{error}：`COUNT`從`start`（{start}）起計數，時間窗之前的每個實例都要走一遍；請把`start`移近時間窗並相應減少`COUNT`，或用`UNTIL`結束規則，展開便可直接跳到時間窗{by}";
    ADVISE_NARROW "error.limit_exceeded.advise_narrow"
        "{error}: narrow the window with `to` or lower `limit`{by}"
        "{error}：请用`to`缩小窗口或调低`limit`{by}"
        "{error}：請用`to`縮小時間窗或調低`limit`{by}";
    ADVISE_END "error.limit_exceeded.advise_end"
        "{error}: narrow the window with `to` or lower `limit`, or add COUNT or UNTIL{by}"
        "{error}：请用`to`缩小窗口、调低`limit`，或加上`COUNT`或`UNTIL`{by}"
        "{error}：請用`to`縮小時間窗、調低`limit`，或加上`COUNT`或`UNTIL`{by}";
    ADVISE_BY "error.limit_exceeded.advise_by"
        "; check its BY parts too: they may meet rarely or never"
        "；另请检查其`BYxxx`部分：它们可能很少或从不同时满足"
        "；另請檢查其`BYxxx`部分：它們可能很少或從不同時滿足";

    // --- Outages and due lists.
    BACK_NOT_AFTER "error.invalid_option.back"
        "`back` {back} is not after `down` {down}: the scheduler must come back after it went down"
        "`back`（{back}）不晚于`down`（{down}）：调度器必须在停机之后恢复"
        "`back`（{back}）不晚於`down`（{down}）：排程器必須在停機之後恢復";
    COUNT_RANGE "error.invalid_option.count"
        "invalid `{field}` `{value}`: expected 0..={max}, e.g. `{field}: {max}`"
        "`{field}`的值`{value}`无效：应为0..={max}，例如`{field}: {max}`"
        "`{field}`的值`{value}`無效：應為0..={max}，例如`{field}: {max}`";
    OUTAGE_TOO_MANY "error.limit_exceeded.outage"
        "more than {max} occurrences fall between `down` and `back`: too many to simulate, choose a shorter outage"
        "`down`与`back`之间的实例超过{max}个：太多，无法模拟，请选更短的停机时段"
        "`down`與`back`之間的實例超過{max}個：太多，無法模擬，請選更短的停機時段";
    DUE_LIST "error.invalid_option.due_list"
        "invalid due list{at}: {why}, e.g. `[{{\"key\": \"daily|2026-10-21T09:00:00\", \"instant\": \"2026-10-21T13:00:00Z\"}}]`"
        "到期列表{at}无效：{why}，例如`[{{\"key\": \"daily|2026-10-21T09:00:00\", \"instant\": \"2026-10-21T13:00:00Z\"}}]`"
        "到期清單{at}無效：{why}，例如`[{{\"key\": \"daily|2026-10-21T09:00:00\", \"instant\": \"2026-10-21T13:00:00Z\"}}]`";
    DUE_AT "error.invalid_option.due_at"
        " at [{i}]" "中的`[{i}]`" "中的`[{i}]`";
    DUE_FOREIGN "error.invalid_option.due_foreign"
        "invalid due list at [{i}]: key `{key}` is not of schedule `{id}`: expected `{id}|YYYY-MM-DDTHH:MM:SS`"
        "到期列表中的`[{i}]`无效：键`{key}`不属于计划`{id}`：应为`{id}|YYYY-MM-DDTHH:MM:SS`"
        "到期清單中的`[{i}]`無效：鍵`{key}`不屬於排程`{id}`：應為`{id}|YYYY-MM-DDTHH:MM:SS`";
    DUE_NO_NOMINAL "error.invalid_option.due_nominal"
        "invalid due list at [{i}]: key `{key}` has no nominal time `YYYY-MM-DDTHH:MM:SS` after `{id}|`"
        "到期列表中的`[{i}]`无效：键`{key}`在`{id}|`之后没有名义时间`YYYY-MM-DDTHH:MM:SS`"
        "到期清單中的`[{i}]`無效：鍵`{key}`在`{id}|`之後沒有名義時間`YYYY-MM-DDTHH:MM:SS`";
    DUE_TWICE "error.invalid_option.due_twice"
        "invalid due list at [{i}]: key `{key}` is listed twice (also at [{first}]): each occurrence is decided once"
        "到期列表中的`[{i}]`无效：键`{key}`出现了两次（另见`[{first}]`）：每个实例只决定一次"
        "到期清單中的`[{i}]`無效：鍵`{key}`出現了兩次（另見`[{first}]`）：每個實例只決定一次";

    // --- Policies and zones.
    POLICY "error.invalid_policy"
        "invalid `{field}` value `{value}`: expected one of {tokens}, e.g. `{example}`"
        "`{field}`的值`{value}`无效：应为{tokens}之一，例如`{example}`"
        "`{field}`的值`{value}`無效：應為{tokens}之一，例如`{example}`";
    ZONE_DID_YOU_MEAN "error.unknown_time_zone.did_you_mean"
        "unknown time zone `{name}`: did you mean `{zone}`?"
        "未知时区`{name}`：是否想写`{zone}`？"
        "未知時區`{name}`：是否想寫`{zone}`？";
    ZONE_UNKNOWN "error.unknown_time_zone"
        "unknown time zone `{name}`: expected an IANA name, e.g. `America/New_York`"
        "未知时区`{name}`：应为IANA时区名，例如`America/New_York`"
        "未知時區`{name}`：應為IANA時區名稱，例如`America/New_York`";

    // --- The JS package's arguments.
    JS_NOW "error.invalid_option.now"
        "invalid `now`: expected an instant string, e.g. `2026-03-08T12:00:00Z`"
        "`now`无效：应为表示时刻的字符串，例如`2026-03-08T12:00:00Z`"
        "`now`無效：應為表示時刻的字串，例如`2026-03-08T12:00:00Z`";
    JS_ARG "error.invalid_option.argument"
        "invalid `{field}`: {why}" "`{field}`无效：{why}" "`{field}`無效：{why}";
    JS_EXPECTED "error.invalid_option.expected"
        "expected {expected}, got {got}" "应为{expected}，实际为{got}" "應為{expected}，實際為{got}";
    JS_REQUIRED "error.invalid_option.required"
        "`{field}` is required: expected an instant or a local date-time, e.g. `2026-03-01T00:00:00Z`"
        "缺少`{field}`：应为时刻或当地日期时间，例如`2026-03-01T00:00:00Z`"
        "缺少`{field}`：應為時刻或當地日期時間，例如`2026-03-01T00:00:00Z`";
    JS_ICAL "error.invalid_ical.not_text"
        "invalid iCalendar input: expected text, got {got}"
        "iCalendar输入无效：应为文本，实际为{got}"
        "iCalendar輸入無效：應為文字，實際為{got}";
    JS_OPTIONS_OBJECT "error.invalid_option.not_an_object"
        "invalid options: expected an object such as `{{ limit: 50 }}`, got {got}"
        "选项无效：应为对象，如`{{ limit: 50 }}`，实际为{got}"
        "選項無效：應為物件，如`{{ limit: 50 }}`，實際為{got}";
    JS_OPTIONS "error.invalid_option.options"
        "invalid options: {detail}" "选项无效：{detail}" "選項無效：{detail}";

    INTERNAL "error.internal"
        "internal error: {what}" "内部错误（`{what}`）" "內部錯誤（`{what}`）";
}

/// Phrases an error's slot holds: English, Simplified, Traditional.
pub(crate) type Words = [&'static str; 3];

/// Declares phrases as [`Words`] constants.
macro_rules! words {
    ($($name:ident = $en:literal, $cn:literal, $tw:literal;)*) => {
        $(pub(crate) const $name: Words = [$en, $cn, $tw];)*
    };
}

words! {
    NONE = "", "", "";
    ONE_LIST = ", with all values in one list", "，所有值写在一个列表里", "，所有值寫在一個列表裡";
    LINE_BREAK = "a line break", "换行符", "換行符";
    BIDI = "a bidirectional control", "双向控制符", "雙向控制字元";
    CONTROL = "a control character", "控制字符", "控制字元";
    AN = "an", "", "";
    A = "a", "", "";

    // Why a duration is refused.
    DUR_ISO = "expected an ISO 8601 duration", "应为ISO 8601时长", "應為ISO 8601時長";
    DUR_ANY = "expected an ISO 8601 or a short duration", "应为ISO 8601时长或简写时长", "應為ISO 8601時長或簡寫時長";
    DUR_RANGE = "the duration is out of range", "时长超出范围", "時長超出範圍";
    DUR_NEGATIVE = "expected a duration of zero or more", "时长不能为负", "時長不能為負";
    DUR_MONTHS = "years and months have no fixed length; use days or hours", "年和月没有固定长度；请用天或小时", "年和月沒有固定長度；請用天或小時";
    DUR_POSITIVE = "expected a positive duration", "时长应为正", "時長應為正";
    DUR_ZERO = "expected a duration longer than zero", "时长应大于零", "時長應大於零";

    // What a due list is refused for.
    DUE_ARRAY = "expected a JSON array", "应为JSON数组", "應為JSON陣列";
    DUE_KEY = "missing string `key`", "缺少字符串`key`", "缺少字串`key`";
    DUE_INSTANT = "missing string `instant`", "缺少字符串`instant`", "缺少字串`instant`";

    // What an RRULE part's value looks like.
    FREQ_VALUES = "one of `SECONDLY`, `MINUTELY`, `HOURLY`, `DAILY`, `WEEKLY`, `MONTHLY`, `YEARLY`", "`SECONDLY`、`MINUTELY`、`HOURLY`、`DAILY`、`WEEKLY`、`MONTHLY`、`YEARLY`之一", "`SECONDLY`、`MINUTELY`、`HOURLY`、`DAILY`、`WEEKLY`、`MONTHLY`、`YEARLY`之一";
    UNTIL_VALUES = "`YYYYMMDD`, `YYYYMMDDTHHMMSS` or `YYYYMMDDTHHMMSSZ`", "`YYYYMMDD`、`YYYYMMDDTHHMMSS`或`YYYYMMDDTHHMMSSZ`", "`YYYYMMDD`、`YYYYMMDDTHHMMSS`或`YYYYMMDDTHHMMSSZ`";
    WEEKNO_VALUES = "1..=53 or -53..=-1", "1..=53或-53..=-1", "1..=53或-53..=-1";
    YEARDAY_VALUES = "1..=366 or -366..=-1", "1..=366或-366..=-1", "1..=366或-366..=-1";
    MONTHDAY_VALUES = "1..=31 or -31..=-1", "1..=31或-31..=-1", "1..=31或-31..=-1";
    BYDAY_VALUES = "a weekday `SU`, `MO`, `TU`, `WE`, `TH`, `FR`, `SA`, optionally after an ordinal", "星期`SU`、`MO`、`TU`、`WE`、`TH`、`FR`、`SA`，前面可加序数", "星期`SU`、`MO`、`TU`、`WE`、`TH`、`FR`、`SA`，前面可加序數";
    WKST_VALUES = "a weekday `SU`, `MO`, `TU`, `WE`, `TH`, `FR` or `SA`", "星期`SU`、`MO`、`TU`、`WE`、`TH`、`FR`或`SA`", "星期`SU`、`MO`、`TU`、`WE`、`TH`、`FR`或`SA`";
    BYDAY_ORDINALS = "an ordinal in 1..=53 or -53..=-1 (never 0) before the weekday, or none", "星期前的序数为1..=53或-53..=-1（不能为0），或不加序数", "星期前的序數為1..=53或-53..=-1（不能為0），或不加序數";

    // What a JS value is, as an error says what it got.
    JS_UNDEFINED = "undefined", "`undefined`", "`undefined`";
    JS_NULL = "null", "`null`", "`null`";
    JS_ARRAY = "an array", "数组", "陣列";
    JS_FUNCTION = "a function", "函数", "函式";
    JS_OBJECT = "an object", "对象", "物件";
    JS_NUMBER = "number", "数字", "數字";
    JS_STRING = "string", "字符串", "字串";
    JS_BOOLEAN = "boolean", "布尔值", "布林值";
    JS_SYMBOL = "symbol", "`symbol`", "`symbol`";
    JS_BIGINT = "bigint", "`bigint`", "`bigint`";

    // What serde_json says is wrong with a JSON text (after "at line L column C" in Chinese).
    JSON_EOF_LIST = "EOF while parsing a list", "处数组未结束，文本就结束了", "處陣列未結束，文字就結束了";
    JSON_EOF_OBJECT = "EOF while parsing an object", "处对象未结束，文本就结束了", "處物件未結束，文字就結束了";
    JSON_EOF_STRING = "EOF while parsing a string", "处字符串未结束，文本就结束了", "處字串未結束，文字就結束了";
    JSON_EOF_VALUE = "EOF while parsing a value", "处应有一个值，文本却结束了", "處應有一個值，文字卻結束了";
    JSON_COLON = "expected `:`", "处应为`:`", "處應為`:`";
    JSON_LIST_END = "expected `,` or `]`", "处应为`,`或`]`", "處應為`,`或`]`";
    JSON_OBJECT_END = "expected `,` or `}`", "处应为`,`或`}`", "處應為`,`或`}`";
    JSON_IDENT = "expected ident", "处应为`true`、`false`或`null`", "處應為`true`、`false`或`null`";
    JSON_VALUE = "expected value", "处应有一个值", "處應有一個值";
    JSON_QUOTE = "expected `\"`", "处应为`\"`", "處應為`\"`";
    JSON_ESCAPE = "invalid escape", "处的转义序列无效", "處的跳脫序列無效";
    JSON_NUMBER = "invalid number", "处的数字无效", "處的數字無效";
    JSON_RANGE = "number out of range", "处的数字超出范围", "處的數字超出範圍";
    JSON_CODE_POINT = "invalid unicode code point", "处的Unicode码位无效", "處的Unicode碼位無效";
    JSON_CONTROL = "control character (\\u0000-\\u001F) found while parsing a string", "处的字符串中有控制字符（`\\u0000`至`\\u001F`）", "處的字串中有控制字元（`\\u0000`至`\\u001F`）";
    JSON_KEY = "key must be a string", "处的键必须是字符串", "處的鍵必須是字串";
    JSON_SURROGATE = "lone leading surrogate in hex escape", "处的十六进制转义中有孤立的前导代理项", "處的十六進位跳脫中有孤立的前導代理項";
    JSON_COMMA = "trailing comma", "处有多余的逗号", "處有多餘的逗號";
    JSON_TRAILING_CHARS = "trailing characters", "处有多余的字符", "處有多餘的字元";
    JSON_HEX_END = "unexpected end of hex escape", "处的十六进制转义意外结束", "處的十六進位跳脫意外結束";
    JSON_DEPTH = "recursion limit exceeded", "处嵌套层数超出限制", "處巢狀層數超出限制";

    // What serde says a value was, where it names the value too (the
    // English ends in the space before it).
    GOT_BOOLEAN = "boolean ", "布尔值", "布林值";
    GOT_INTEGER = "integer ", "整数", "整數";
    GOT_FLOAT = "floating point ", "浮点数", "浮點數";
    GOT_STRING = "string ", "字符串", "字串";
    // What else serde says a value was, and what belonged there.
    GOT_UNIT = "unit value", "空值", "空值";
    GOT_SEQ = "sequence", "数组", "陣列";
    GOT_MAP = "map", "对象", "物件";
    GOT_SURROGATE = "a string with a lone surrogate", "含孤立代理项的字符串", "含孤立代理項的字串";
    WANT_STRING = "a string", "字符串", "字串";
    WANT_NUMBER = "a number", "数字", "數字";
    WANT_F64 = "f64", "数字", "數字";
    WANT_SEQ = "a sequence", "数组", "陣列";
    WANT_RRULES = "an RRULE string or a list of them", "RRULE字符串或其列表", "RRULE字串或其清單";
    WANT_U32 = "u32", "0至4294967295的整数", "0至4294967295的整數";
    WANT_UNICODE = "well-formed Unicode", "格式正确的Unicode文本", "格式正確的Unicode文字";
    JS_KEYLESS = "an object whose keys cannot be read", "无法读取其键的对象", "無法讀取其鍵的物件";
    JS_INSTANT_ARG = "an instant or a local date-time such as `2026-03-08T02:30`", "时刻或当地日期时间（如`2026-03-08T02:30`）", "時刻或當地日期時間（如`2026-03-08T02:30`）";
    JS_ZONE_ARG = "an IANA zone name such as `America/New_York`", "IANA时区名（如`America/New_York`）", "IANA時區名稱（如`America/New_York`）";
    JS_DUE_ARRAY = "an array of `{ key, instant }` objects", "由`{ key, instant }`对象组成的数组", "由`{ key, instant }`物件組成的陣列";
    JS_DUE_ITEM = "an object `{ key, instant }`", "对象`{ key, instant }`", "物件`{ key, instant }`";
}
