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

// Why an occurrence is in its state: what the ledger keeps in its `reason`
// column (as data, `stored.rs`), and `explain` shows in the reader's
// language. A ledger keeps these codes: rename one and the rows that name
// it show their stored data instead of a sentence.
templates! { LEDGER_REASONS;
    REASON_DISABLED "ledger.reason.disabled"
        "disabled" "计划已停用" "排程已停用";
    REASON_REMOVED "ledger.reason.removed"
        "removed" "计划已移除" "排程已移除";
    REASON_RECONCILED_DONE "ledger.reason.reconciled_done"
        "reconciled: the effect happened" "已核对：效果已发生" "已核對：效果已發生";
    REASON_RECONCILED_RETRY "ledger.reason.reconciled_retry"
        "reconciled: the effect did not happen, retry"
        "已核对：效果没有发生，重试"
        "已核對：效果沒有發生，重試";
    REASON_RECONCILED_DEAD "ledger.reason.reconciled_dead"
        "reconciled: given up" "已核对：已放弃" "已核對：已放棄";
    REASON_TRIGGERED "ledger.reason.triggered"
        "triggered by hand" "手动触发" "手動觸發";
    REASON_RETRIED "ledger.reason.retried"
        "retried by hand from `{state}`" "从`{state}`状态手动重试" "從`{state}`狀態手動重試";
    REASON_ESCALATED "ledger.reason.escalated"
        "the effect stayed unknown past {after}: {before}"
        "效果超过{after}仍然未知：{before}"
        "效果超過{after}仍然未知：{before}";
    REASON_OVERLAP_RUNNING "ledger.reason.overlap_running"
        "overlap: an earlier occurrence of the schedule was still running"
        "重叠：该计划较早的一个实例仍在运行"
        "重疊：該排程較早的一個實例仍在執行";
    REASON_OVERLAP_OTHER "ledger.reason.overlap_other"
        "overlap: `{other}` was still running"
        "重叠：`{other}`仍在运行"
        "重疊：`{other}`仍在執行";
    REASON_NOT_GENERATED "ledger.reason.not_generated"
        "no longer generated under tz database {tzdb}"
        "在时区数据库`{tzdb}`下不再生成"
        "在時區資料庫`{tzdb}`下不再產生";
    REASON_MERGED "ledger.reason.merged"
        "merged into `{nominal}`: same instant"
        "与{nominal}落在同一时刻，已合并"
        "與{nominal}落在同一時刻，已合併";
    REASON_EPOCH "ledger.reason.epoch"
        "epoch {epoch} began while it ran: its worker belongs to a replaced build; reconcile it"
        "运行期间第{epoch}纪元开始：它的工作进程属于已被替换的版本，请核对"
        "執行期間第{epoch}紀元開始：它的工作程序屬於已被替換的版本，請核對";
    REASON_SUPERSEDED "ledger.reason.superseded"
        "superseded by revision {next} from {cut}"
        "自{cut}起由第{next}版取代"
        "自{cut}起由第{next}版取代";
    REASON_DONE_BY "ledger.reason.done_by"
        "effect key already recorded done by `{other}`"
        "效果键已由`{other}`记录为完成"
        "效果鍵已由`{other}`記錄為完成";
    REASON_DONE_BY_PRUNED "ledger.reason.done_by_pruned"
        "effect key already recorded done by a pruned occurrence"
        "效果键已由一个已清理的实例记录为完成"
        "效果鍵已由一個已清理的實例記錄為完成";
    REASON_FAILED "ledger.reason.failed"
        "attempt {attempt} failed ({class}): {message}"
        "第{attempt}次尝试失败（`{class}`）：{message}"
        "第{attempt}次嘗試失敗（`{class}`）：{message}";
    REASON_LEASE_RAN_OUT "ledger.reason.lease_ran_out"
        "the lease of attempt {attempt} ran out"
        "第{attempt}次尝试的租约已到期"
        "第{attempt}次嘗試的租約已到期";
    REASON_LEASE_UNKNOWN "ledger.reason.lease_unknown"
        "the lease of attempt {attempt} ran out: the effect is unknown"
        "第{attempt}次尝试的租约已到期：效果未知"
        "第{attempt}次嘗試的租約已到期：效果未知";
    // How a command the worker ran (`--exec`) failed: an attempt's error.
    RUN_EXITED "ledger.run.exited"
        "`{command}` exited with status {code}"
        "`{command}`以状态码{code}退出"
        "`{command}`以狀態碼{code}結束";
    RUN_SIGNAL "ledger.run.signal"
        "`{command}` was killed by a signal"
        "`{command}`被信号终止"
        "`{command}`被訊號終止";
    RUN_TIMEOUT "ledger.run.timeout"
        "`{command}` ran past its timeout of {secs} s and was killed"
        "`{command}`运行超过了{secs}秒的超时，已被终止"
        "`{command}`執行超過了{secs}秒的逾時，已被終止";
    RUN_STOPPED "ledger.run.stopped"
        "`{command}` was still running {secs} s after the worker was told to stop, and was killed"
        "工作进程收到停止通知{secs}秒后`{command}`仍在运行，已被终止"
        "工作程序收到停止通知{secs}秒後`{command}`仍在執行，已被終止";
    RUN_SPAWN "ledger.run.spawn"
        "cannot run `sh -c {command}`: {why}"
        "无法运行`sh -c {command}`：{why}"
        "無法執行`sh -c {command}`：{why}";
    RUN_WAIT "ledger.run.wait"
        "cannot wait for `{command}`: {why}"
        "无法等待`{command}`结束：{why}"
        "無法等待`{command}`結束：{why}";
    RUN_STDERR "ledger.run.stderr"
        "{what}; stderr ends: {tail}"
        "{what}；标准错误输出的结尾：`{tail}`"
        "{what}；標準錯誤輸出的結尾：`{tail}`";
    NOTE_TZDB_CHANGED "ledger.note.tzdb_changed"
        "tz database {from_tzdb} → {tzdb}: the instant moved from {from} to {to}"
        "时区数据库由`{from_tzdb}`换成`{tzdb}`：时刻从{from}移到{to}"
        "時區資料庫由`{from_tzdb}`換成`{tzdb}`：時刻從{from}移到{to}";
    NOTE_TZDB_KEPT "ledger.note.tzdb_kept"
        "tz database {from_tzdb} → {tzdb} would move it from {from} to {to}, but it was already attempted: it keeps its instant"
        "时区数据库由`{from_tzdb}`换成`{tzdb}`会把它从{from}移到{to}，但它已经尝试过，因此保留原来的时刻"
        "時區資料庫由`{from_tzdb}`換成`{tzdb}`會把它從{from}移到{to}，但它已經嘗試過，因此保留原來的時刻";
    NOTE_NO_INSTANT "ledger.note.no_instant"
        "none" "无" "無";
    NOTE_LOCAL_TIME_GONE "ledger.note.local_time_gone"
        "none (the local time no longer exists)" "无（该当地时间已不存在）" "無（該當地時間已不存在）";
    REASON_RETRY_AFTER "ledger.reason.retry_after"
        "retry after attempt {attempts}: {why}"
        "第{attempts}次尝试后的重试：{why}"
        "第{attempts}次嘗試後的重試：{why}";
}
