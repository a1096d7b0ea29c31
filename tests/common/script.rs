//! Script hygiene for Chinese text: Simplified text has no character only
//! Traditional Chinese writes, Traditional text none only Simplified
//! writes, neither uses ASCII punctuation or spaces between Han characters,
//! and no English word is left outside backticks, zone ids and the names
//! below.
#![allow(dead_code)]

use std::collections::BTreeSet;

use wallclock::Lang;

/// Pairs of (Simplified, Traditional) characters that differ, as the two
/// scripts write the words wallclock uses. Each side is forbidden in the
/// other script's text.
const PAIRS: &[(char, char)] = &[
    ('时', '時'),
    ('钟', '鐘'),
    ('执', '執'),
    ('个', '個'),
    ('周', '週'),
    ('从', '從'),
    ('区', '區'),
    ('后', '後'),
    ('这', '這'),
    ('会', '會'),
    ('与', '與'),
    ('为', '為'),
    ('点', '點'),
    ('数', '數'),
    ('间', '間'),
    ('设', '設'),
    ('计', '計'),
    ('划', '劃'),
    ('单', '單'),
    ('开', '開'),
    ('关', '關'),
    ('应', '應'),
    ('错', '錯'),
    ('误', '誤'),
    ('无', '無'),
    ('输', '輸'),
    ('标', '標'),
    ('对', '對'),
    ('发', '發'),
    ('现', '現'),
    ('产', '產'),
    ('规', '規'),
    ('则', '則'),
    ('义', '義'),
    ('过', '過'),
    ('还', '還'),
    ('处', '處'),
    ('进', '進'),
    ('变', '變'),
    ('项', '項'),
    ('历', '歷'),
    ('录', '錄'),
    ('没', '沒'),
    ('拨', '撥'),
    ('两', '兩'),
    ('实', '實'),
    ('当', '當'),
    ('读', '讀'),
    ('写', '寫'),
    ('请', '請'),
    ('该', '該'),
    ('结', '結'),
    ('别', '別'),
    ('称', '稱'),
    ('种', '種'),
    ('库', '庫'),
    ('锁', '鎖'),
    ('连', '連'),
    ('运', '運'),
    ('务', '務'),
    ('试', '試'),
    ('态', '態'),
    ('状', '狀'),
    ('记', '記'),
    ('节', '節'),
    ('约', '約'),
    ('语', '語'),
    ('们', '們'),
    ('于', '於'),
    ('样', '樣'),
    ('并', '並'),
    ('据', '據'),
    ('长', '長'),
    ('达', '達'),
    ('选', '選'),
    ('释', '釋'),
    ('转', '轉'),
    ('换', '換'),
    ('载', '載'),
    ('户', '戶'),
    ('显', '顯'),
    ('补', '補'),
    ('级', '級'),
    ('续', '續'),
    ('统', '統'),
    ('页', '頁'),
    ('条', '條'),
    ('码', '碼'),
    ('键', '鍵'),
    ('号', '號'),
    ('内', '內'),
    ('际', '際'),
    ('领', '領'),
    ('罚', '罰'),
    ('检', '檢'),
    ('确', '確'),
    ('认', '認'),
    ('决', '決'),
    ('断', '斷'),
    ('议', '議'),
    ('闰', '閏'),
    ('夺', '奪'),
    ('调', '調'),
    ('离', '離'),
    ('线', '線'),
    ('网', '網'),
    ('络', '絡'),
    ('复', '復'),
    ('专', '專'),
    ('门', '門'),
    ('类', '類'),
    ('负', '負'),
    ('万', '萬'),
    ('亿', '億'),
    ('带', '帶'),
    ('档', '檔'),
    ('备', '備'),
    ('灾', '災'),
    ('尝', '嘗'),
    ('启', '啟'),
    ('动', '動'),
    ('将', '將'),
    ('删', '刪'),
    ('纪', '紀'),
    ('华', '華'),
    ('参', '參'),
    ('说', '說'),
    ('权', '權'),
    ('证', '證'),
    ('满', '滿'),
    ('虑', '慮'),
    ('览', '覽'),
    ('么', '麼'),
    ('优', '優'),
    ('尽', '盡'),
    ('经', '經'),
    ('构', '構'),
    ('旧', '舊'),
    ('价', '價'),
    ('问', '問'),
    ('题', '題'),
    ('风', '風'),
    ('险', '險'),
    ('严', '嚴'),
    ('岁', '歲'),
    ('观', '觀'),
    ('测', '測'),
    ('异', '異'),
    ('压', '壓'),
    ('缩', '縮'),
    ('体', '體'),
    ('导', '導'),
    ('让', '讓'),
    ('难', '難'),
    ('张', '張'),
    ('闭', '閉'),
    ('鉴', '鑑'),
    ('适', '適'),
    ('给', '給'),
    ('仅', '僅'),
];

/// Names and abbreviations Chinese text keeps in Latin letters: standards,
/// products, the offset notation, and the sentence codes of formats.
pub const LATIN_NAMES: &[&str] = &[
    "UTC",
    "IANA",
    "CLDR",
    "POSIX",
    "Windows",
    "ISO",
    "RFC",
    "JSON",
    "CSV",
    "JSONL",
    "SQLite",
    "PostgreSQL",
    "iCalendar",
    "WebAssembly",
    "wallclock",
    "YAML",
    "Unicode",
    "RRULE",
    "ID",
    "HTTP",
    "URL",
    "Node",
    // The products the cron import reproduces, and their words.
    "Kubernetes",
    "CronJob",
    "cron",
    "crontab",
    "cronie",
    "Debian",
    "systemd",
    "Quartz",
    "JVM",
    "APScheduler",
    "EventBridge",
    "Scheduler",
    "GitHub",
    "Actions",
];

/// The slot names a template fills.
pub fn slots(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = text;
    while let Some(i) = rest.find('{') {
        if rest[i..].starts_with("{{") {
            rest = &rest[i + 2..];
            continue;
        }
        let name_end = rest[i..].find(['}', '|']).map_or(rest.len(), |e| i + e);
        out.insert(rest[i + 1..name_end].to_owned());
        rest = &rest[name_end..];
    }
    out
}

fn is_han(c: char) -> bool {
    matches!(c, '\u{4e00}'..='\u{9fff}' | '\u{3400}'..='\u{4dbf}')
}

fn is_full_width_punct(c: char) -> bool {
    "，；：（）、。！？“”「」《》".contains(c)
}

/// Checks text meant to be `lang` (Chinese): its script, its punctuation
/// and that no English word is left. `text` has had backticked spans (and
/// anything else exempt, such as zone ids) taken out.
pub fn check_chinese(lang: Lang, text: &str) -> Result<(), String> {
    for &(simplified, traditional) in PAIRS {
        let (wrong, script) = match lang {
            Lang::ZhCn => (traditional, "a Traditional-only character"),
            _ => (simplified, "a Simplified-only character"),
        };
        if text.contains(wrong) {
            return Err(format!("{script} `{wrong}`"));
        }
    }
    let chars: Vec<char> = text.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        if ",;()!?".contains(*c) {
            return Err(format!("ASCII punctuation `{c}`"));
        }
        if *c == ':' && !chars.get(i + 1).is_some_and(char::is_ascii_digit) {
            return Err("ASCII punctuation `:`".to_owned());
        }
        if *c == ' ' {
            let near = |j: Option<&char>| j.is_some_and(|c| is_han(*c) || is_full_width_punct(*c));
            if near(i.checked_sub(1).and_then(|j| chars.get(j))) || near(chars.get(i + 1)) {
                return Err("a space next to Chinese text".to_owned());
            }
        }
    }
    for word in text
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| !w.is_empty())
    {
        if !LATIN_NAMES.contains(&word) {
            return Err(format!("the English word `{word}`"));
        }
    }
    Ok(())
}

/// An example's `exempt` list (`tests/fixtures/sentences.json`): the
/// words its Chinese may hold that the checks would refuse.
pub fn exempt(example: &serde_json::Value) -> Vec<String> {
    example["exempt"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e.as_str().map(str::to_owned))
        .collect()
}

/// Checks rendered Chinese output: `exempt` texts (RRULE text the input
/// gave, a nested message still in English), then backticked spans and
/// zone ids (any token that names a zone) are taken out, then
/// [`check_chinese`].
pub fn check_rendered(lang: Lang, text: &str, exempt: &[&str]) -> Result<(), String> {
    let mut text = text.to_owned();
    for e in exempt {
        text = text.replace(e, "");
    }
    let mut rest = String::new();
    let mut inside = false;
    for part in text.split('`') {
        if !inside {
            rest.push_str(part);
        }
        inside = !inside;
    }
    let zones = wallclock::time_zones();
    let is_zone_char = |c: char| c.is_ascii_alphanumeric() || "/_+-".contains(c);
    let mut kept = String::new();
    let mut token = String::new();
    let flush = |token: &mut String, kept: &mut String| {
        if !token.contains('/') || !zones.iter().any(|z| z == token.as_str()) {
            kept.push_str(token);
        }
        token.clear();
    };
    for c in rest.chars() {
        if is_zone_char(c) {
            token.push(c);
        } else {
            flush(&mut token, &mut kept);
            kept.push(c);
        }
    }
    flush(&mut token, &mut kept);
    check_chinese(lang, &kept)
}
