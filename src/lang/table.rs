//! The words of the command line's `--format table` around its columns:
//! the empty table, the zone's transitions, the warnings and a diff's
//! summary. Column headers are keys (the same in every language).

use super::templates;

templates! { TABLE;
    NO_OCCURRENCES "table.no_occurrences"
        "(no occurrences)" "（没有实例）" "（沒有實例）";
    TRANSITIONS "table.transitions"
        "transitions:" "时钟调整：" "時鐘調整：";
    WALL_CLOCK "table.wall_clock"
        "  (wall clock {from} -> {to})" "（当地时钟从{from}变为{to}）" "（當地時鐘從{from}變為{to}）";
    WARNINGS "table.warnings"
        "warnings:" "警告：" "警告：";
    DIFF_SUMMARY "table.diff_summary"
        "{added} added, {removed} removed, {moved} moved, {changed} changed, {unchanged} unchanged"
        "新增{added}个，删除{removed}个，移动{moved}个，改变{changed}个，不变{unchanged}个"
        "新增{added}個，刪除{removed}個，移動{moved}個，改變{changed}個，不變{unchanged}個";
}
