//! The ledger's words for people: what `ledger explain` says about a key.

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
