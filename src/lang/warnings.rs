//! The iCalendar import's warnings (what it assumed or rewrote to read an
//! event as a schedule) and the command line's `empty_window`.
//!
//! English quotes a time as the spec writes it (`2026-03-08T02:30`, slots
//! `value`, `was`, `now`, `clock`); Chinese reads the same times as dates
//! and clock times (slots `start`, `at`, `to`, `time`), and quotes only the
//! iCalendar text itself.

use super::templates;

templates! { WARNINGS;
    UTC_START "warning.utc_start"
        "`DTSTART:{value}` is in UTC: read as {shown} in `{zone}`, so it recurs at {clock} local time (its UTC time moves when the clocks change)"
        "`DTSTART:{value}`是协调世界时：按`{zone}`时区读作{start}，因此按当地时间{time}重复（时钟调整时，它对应的协调世界时随之改变）"
        "`DTSTART:{value}`是世界標準時間：依`{zone}`時區讀作{start}，因此依當地時間{time}重複（時鐘調整時，它對應的世界標準時間隨之改變）";
    ALL_DAY_EVENT "warning.all_day_event"
        "`DTSTART;VALUE=DATE:{value}` is an all-day event: read as starting at 00:00 in `{zone}`"
        "`DTSTART;VALUE=DATE:{value}`是全天事件：按`{zone}`时区读作从00:00开始"
        "`DTSTART;VALUE=DATE:{value}`是全天事件：依`{zone}`時區讀作從00:00開始";
    FLOATING_START "warning.floating_start"
        "`DTSTART:{value}` has no zone (a floating time): read in `{zone}`"
        "`DTSTART:{value}`没有时区（浮动时间）：按`{zone}`时区读取"
        "`DTSTART:{value}`沒有時區（浮動時間）：依`{zone}`時區讀取";
    OVERRIDE_CANCELLED "warning.override_cancelled"
        "the occurrence {was} of `{uid}` is cancelled (`STATUS:CANCELLED`): read as `EXDATE` {was}"
        "`{uid}`在{at}的那一次已取消（`STATUS:CANCELLED`）：读作{at}的`EXDATE`"
        "`{uid}`在{at}的那一次已取消（`STATUS:CANCELLED`）：讀作{at}的`EXDATE`";
    OVERRIDE_IGNORED "warning.override_ignored"
        "the override of {was} of `{uid}` keeps its time: what else it changes (summary, duration, …) is not part of a schedule"
        "`{uid}`对{at}那一次的修改没有改变时间：它改动的其他内容（摘要、时长等）不属于计划"
        "`{uid}`對{at}那一次的修改沒有改變時間：它改動的其他內容（摘要、時長等）不屬於排程";
    OVERRIDE_MOVED "warning.override_moved"
        "the occurrence {was} of `{uid}` was moved to {now} (`RECURRENCE-ID`): read as `EXDATE` {was} and `RDATE` {now}"
        "`{uid}`在{at}的那一次已移到{to}（`RECURRENCE-ID`）：读作{at}的`EXDATE`和{to}的`RDATE`"
        "`{uid}`在{at}的那一次已移到{to}（`RECURRENCE-ID`）：讀作{at}的`EXDATE`和{to}的`RDATE`";
    EVENT_REFUSED "warning.event_refused"
        "the event `{uid}` is not read: {message} ({code})"
        "事件`{uid}`未读取：{message}（`{code}`）"
        "事件`{uid}`未讀取：{message}（`{code}`）";
    EVENT_REFUSED_NO_UID "warning.event_refused.no_uid"
        "the event without `UID` is not read: {message} ({code})"
        "一个没有`UID`的事件未读取：{message}（`{code}`）"
        "一個沒有`UID`的事件未讀取：{message}（`{code}`）";
}

// The command line's only (the wasm build leaves `empty_window` out).
#[cfg(not(target_arch = "wasm32"))]
templates! { EMPTY_WINDOW;
    EMPTY_WINDOW_ONE "warning.empty_window"
        "no occurrence falls in the window{span}: the first is at {first}; `--from {first}` starts the window there"
        "所给时间范围{span}内没有任何实例：第一个实例在{first}；用`--from {token}`可让时间范围从那里开始"
        "所給時間範圍{span}內沒有任何實例：第一個實例在{first}；用`--from {token}`可讓時間範圍從那裡開始";
    EMPTY_WINDOW_NEITHER "warning.empty_window.neither"
        "neither schedule has an occurrence in the window{span}: the first is at {first}; `--from {first}` starts the window there"
        "两个计划在所给时间范围{span}内都没有实例：最早的实例在{first}；用`--from {token}`可让时间范围从那里开始"
        "兩個排程在所給時間範圍{span}內都沒有實例：最早的實例在{first}；用`--from {token}`可讓時間範圍從那裡開始";
    WINDOW_FROM_TO "warning.empty_window.from_to"
        " from {from} to {to}" "（{from}至{to}）" "（{from}至{to}）";
    WINDOW_FROM "warning.empty_window.from"
        " from {from}" "（{from}起）" "（{from}起）";
    WINDOW_TO "warning.empty_window.to"
        " to {to}" "（至{to}）" "（至{to}）";
}
