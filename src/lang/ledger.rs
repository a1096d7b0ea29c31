//! The ledger's words for people: what `ledger explain` says about a key,
//! and the sentences and table words of its other reports.

use super::templates;

templates! { LEDGER;
    EXPLAIN_KEY "ledger.explain.key"
        "key     {key}" "键：`{key}`" "鍵：`{key}`";
    EXPLAIN_RECORDED "ledger.explain.recorded"
        "effect  recorded at {at} (generation {generation})"
        "效果：已于{at}记录（第{generation}代）"
        "效果：已於{at}記錄（第{generation}代）";
    EXPLAIN_NONE "ledger.explain.none"
        "effect  none recorded" "效果：尚未记录" "效果：尚未記錄";
    EXPLAIN_NOTE "ledger.explain.note"
        "note    {note}" "说明：{note}" "說明：{note}";
    EXPLAIN_PRUNED "ledger.explain.pruned"
        "the occurrence with key `{key}` ran (its effect was recorded at {at}) and was then pruned: its row and attempts are gone, its effect record stays, so the key never runs again"
        "键为`{key}`的实例已执行（其效果于{at}记录），随后被清理：它的行和尝试记录已删除，效果记录仍在，因此该键不会再次执行"
        "鍵為`{key}`的實例已執行（其效果於{at}記錄），隨後被清理：它的列和嘗試記錄已刪除，效果記錄仍在，因此該鍵不會再次執行";
}

// What `ledger add`, `ledger shadow` and `ledger stats` say to people
// (their keys, states and codes stay as they are).
templates! { LEDGER_REPORTS;
    ADD_PLANNED "ledger.add.planned"
        "occurrences from {from} on are planned; none before it (use --backfill-from to run past ones)"
        "已从{from}起规划实例，此前的不规划（要执行过去的实例，请用`--backfill-from`）"
        "已從{from}起規劃實例，此前的不規劃（要執行過去的實例，請用`--backfill-from`）";
    ADD_BACKFILL "ledger.add.backfill"
        "occurrences from {from} on are planned; those before now are missed and the misfire policy decides them at the next tick"
        "已从{from}起规划实例；其中早于现在的已错过，由`misfire`策略在下一次`tick`时决定如何处理"
        "已從{from}起規劃實例；其中早於現在的已錯過，由`misfire`策略在下一次`tick`時決定如何處理";
    SHADOW_ENGINE "ledger.shadow.engine"
        "this build's rule engine (tz database {tzdb})"
        "当前版本的规则引擎（时区数据库`{tzdb}`）"
        "目前版本的規則引擎（時區資料庫`{tzdb}`）";
    SHADOW_TZDB "ledger.shadow.tzdb"
        "tz database {from} → {tzdb}"
        "时区数据库由`{from}`换成`{tzdb}`"
        "時區資料庫由`{from}`換成`{tzdb}`";
    SHADOW_SAME_TZDB "ledger.shadow.same_tzdb"
        "this build's rule engine (same tz database {tzdb})"
        "当前版本的规则引擎（时区数据库相同，均为`{tzdb}`）"
        "目前版本的規則引擎（時區資料庫相同，均為`{tzdb}`）";
    STATS_LATENESS "ledger.stats.lateness"
        "lateness (s): count {count} min {min} p50 {p50} p90 {p90} p99 {p99} max {max}"
        "延迟（秒）：共{count}次，最小{min}，中位数{p50}，90%分位{p90}，99%分位{p99}，最大{max}"
        "延遲（秒）：共{count}次，最小{min}，中位數{p50}，90%分位{p90}，99%分位{p99}，最大{max}";
    STATS_TZDB "ledger.stats.tzdb"
        "tzdb {which}: {version}"
        "时区数据库`{which}`：`{version}`"
        "時區資料庫`{which}`：`{version}`";
}
