//! Why: a misfire decision's reason, a difference's reason in `diff`.

use super::templates;

templates! { REASONS;
    // --- Misfire decisions (`decideMisfires`, the ledger's tick, outages).
    MISFIRE_EXPIRED "misfire.expired"
        "late by {late}, more than maxLateness {max}"
        "晚了{late}，超过`maxLateness`（{max}）"
        "晚了{late}，超過`maxLateness`（{max}）";
    MISFIRE_CATCH_UP_FULL "misfire.catch_up_full"
        "{n} newer missed occurrences already fill maxCatchUp {n}"
        "已有{n}个较新的错过实例占满了`maxCatchUp`（{n}）"
        "已有{n}個較新的錯過實例佔滿了`maxCatchUp`（{n}）";
    MISFIRE_RUN_ALL "misfire.run_all"
        "late by {late}; policy `all` runs every missed occurrence"
        "晚了{late}；`all`策略补跑每一个错过的实例"
        "晚了{late}；`all`策略補跑每一個錯過的實例";
    MISFIRE_RUN_NEWEST "misfire.run_newest"
        "late by {late}; the newest missed occurrence runs"
        "晚了{late}；补跑最新的那一个错过实例"
        "晚了{late}；補跑最新的那一個錯過實例";
    MISFIRE_COALESCED "misfire.coalesced"
        "coalesced into the newer occurrence `{newest}`"
        "并入较新的实例`{newest}`"
        "併入較新的實例`{newest}`";
    MISFIRE_WITHIN_GRACE "misfire.within_grace"
        "late by {late}, within grace {grace}"
        "晚了{late}，仍在`grace`（{grace}）之内"
        "晚了{late}，仍在`grace`（{grace}）之內";
    MISFIRE_SKIPPED "misfire.skipped"
        "late by {late}, more than grace {grace}; policy `skip` drops it"
        "晚了{late}，超过`grace`（{grace}）；`skip`策略放弃这一次"
        "晚了{late}，超過`grace`（{grace}）；`skip`策略放棄這一次";
    NOT_DUE "warning.not_due"
        "[{i}] `{key}` is due at {due}, after `now` {now}: not decided yet"
        "`due[{i}]`（`{key}`）在{due}到期，晚于`now`（{now}）：暂不决定"
        "`due[{i}]`（`{key}`）在{due}到期，晚於`now`（{now}）：暫不決定";

    // --- What an edit changes (`diff`): the field, then what it does here.
    DIFF_REASON "diff.reason"
        "{field}: {detail}" "{field}：{detail}" "{field}：{detail}";
    DIFF_FIELD "diff.field"
        "`{field}` `{old}` → `{new}`" "`{field}`从`{old}`改为`{new}`" "`{field}`從`{old}`改為`{new}`";
    DIFF_RRULE "diff.rrule"
        "`rrule` {parts}" "`rrule`中{parts}" "`rrule`中{parts}";
    DIFF_PART_CHANGED "diff.part_changed"
        "`{name}={old}` → `{name}={new}`" "`{name}={old}`改为`{name}={new}`" "`{name}={old}`改為`{name}={new}`";
    DIFF_PART_REMOVED "diff.part_removed"
        "`{name}={old}` removed" "删除`{name}={old}`" "刪除`{name}={old}`";
    DIFF_PART_ADDED "diff.part_added"
        "`{name}={new}` added" "增加`{name}={new}`" "新增`{name}={new}`";
    DIFF_UNEXPLAINED "diff.unexplained"
        "no spec field explains it" "没有哪个计划字段能解释这一变化" "沒有哪個排程欄位能解釋這一變化";
    DIFF_ID "diff.id"
        "every key names the id, so every occurrence is another one"
        "每个键都包含`id`，因此每个实例都成了另一个实例"
        "每個鍵都包含`id`，因此每個實例都成了另一個實例";
    DIFF_NOW_LISTS "diff.now_lists"
        "`{field}` now lists {nominal}" "`{field}`现在列出了{nominal}" "`{field}`現在列出了{nominal}";
    DIFF_NO_LONGER_LISTS "diff.no_longer_lists"
        "`{field}` no longer lists {nominal}" "`{field}`不再列出{nominal}" "`{field}`不再列出{nominal}";
    DIFF_COUNT_MOVES "diff.count_moves"
        "the policy changes which times count toward `COUNT`, so the rule ends elsewhere"
        "该策略改变了哪些时间计入`COUNT`，因此规则在别处结束"
        "該策略改變了哪些時間計入`COUNT`，因此規則在別處結束";
}
