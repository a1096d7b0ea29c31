// The page in English, Simplified Chinese and Traditional Chinese: the
// string tables are complete and consistent, the page picks its language
// from the address or the browser, the switch keeps the rule and round-trips
// through the address, and a Chinese page shows no English words beyond zone
// ids, rule text and spec tokens — the package's sentences (notes, the
// description, warnings, reasons) included, which the page asks for in its
// language and which are byte for byte tests/fixtures/sentences.json's.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { baseUrl, openPage, settle, select, fill, rows, eq, ok } from './harness.mjs';

const www = join(dirname(fileURLToPath(import.meta.url)), '..');
const { STRINGS: LOADED, LANGS, slotsOf, langOf, pickLang } = await import(pathToFileURL(join(www, 'page', 'i18n.js')).href);
/** Every language's table: English from page/i18n.js, the others from page/lang/. */
const STRINGS = { en: LOADED.en };
for (const l of LANGS.slice(1)) STRINGS[l] = (await import(pathToFileURL(join(www, 'page', 'lang', `${l}.js`)).href)).default;

/** One rendered example of every sentence, in every language (tests/fixtures/sentences.json). */
const SENTENCES = JSON.parse(readFileSync(join(www, '..', 'tests', 'fixtures', 'sentences.json'), 'utf8'));
const sentence = (code) => SENTENCES.find((e) => e.code === code);

const NY_DAILY = '#tz=America%2FNew_York&start=2026-03-06T02%3A30&rrule=FREQ%3DDAILY%3BCOUNT%3D4';

// ---------------------------------------------------------------- what a Chinese text may hold

const HAN = '\\u3400-\\u9fff';
/** Characters of the Traditional script that Simplified Chinese writes otherwise. */
const TRADITIONAL_ONLY = '時鐘執個週從區與們這會後為來對過間開關還變現種說應錯誤數據當點體實際選擇設計劃條網頁複製載擊顯將則單組務號見動續結觀長隊處項節鍵線並併內準撥兩歷記認讓試語讀寫輸請該沒經邊頭聽圖書門問題樣構億傳況剛刪華協賣衛壓參雙嗎啟員國場塊壞聲備夠奪奮婦學寧寶審寬導壽塵層歲島帶帳師幣幫庫異張彈強歸錄憶態總惡慣願戲戰戶擴掃擾報擔擁攔掛擋損換擲攝斷無舊曉暫殺雜權楊極槍櫃標檢歡畢匯湯溝淚淺測灣滿滅燈靈爐熱愛牽猶獵環電畫暢療監蓋盤確禮禍離積稱穩窮筆築簽簡類糧紀約級純紗綱納縱紛紙練細織終繞繪給絡絕統繼維綜綠羅罰罷職聯肅脅腦腳蘆榮獲萊慮雖蝕補裝規視覽覺觸訂討訓議訊講許論訪證評識訴詞譯詩話詢詳諸誰調談謀謝譜貝負貢財責敗貨質販購貫貴費貼貿資賞賠賴賽贏趙輪軟軸輕較輔輛輩辭達運進遠違連遲適遞邏遺郵鄰鄭醬釋鋼鑰錢鐵鈴銀鋪鏈銷鎖鋒鍛鎮閃閉闖閒鬧閱陽陰陣階陸陳險隨隱難霧須頂順顧頓預領頻顆額風飛飯飲館驅駕驗騎魚鳥雞鳴麥黃齊龍';
/** Characters of the Simplified script that Traditional Chinese writes otherwise. */
const SIMPLIFIED_ONLY = '时钟执个从区与们这会为来对过间开关还变现种说应错误数当点体实际选择设计条网页复载击显将则单组务号见动续结观长队处项节键线并内拨两历记认让试语读写输请该没经边头听图书门问题样构亿传况刚删华协卖卫压参双吗启员国场块坏声备够夺奋妇学宁宝审宽导寿尘层岁岛带帐师币帮库异张弹强归录忆态总恶惯愿戏战户扩扫扰报担拥拦挂挡损换掷摄断无旧晓暂杀杂权杨极枪柜标检欢毕汇汤沟泪浅测湾满灭灯灵炉热爱牵犹猎环电画畅疗监盖盘确礼祸离积称稳穷笔筑签简类粮纪约级纯纱纲纳纵纷纸练细织终绕绘给络绝统继维综绿罗罚罢职联肃胁脑脚芦荣获莱虑虽蚀补装规视览觉触订讨训议讯讲许论访证评识诉词译诗话询详诸谁调谈谋谢谱贝负贡财责败货质贩购贯贵费贴贸资赏赔赖赛赢赵轮软轴轻较辅辆辈辞达运进远违连迟适递逻遗邮邻郑酱释钢钥钱铁铃银铺链销锁锋锻镇闪闭闯闲闹阅阳阴阵阶陆陈险随隐难雾须顶顺顾顿预领频颗额风飞饭饮馆驱驾验骑鱼鸟鸡鸣麦黄齐龙';

/** Text that is not English even though it is Latin: what the issue allows in Chinese output. */
const NOT_WORDS = [
  /`[^`]*`/g, // spec tokens and input quoted back, in backticks
  /\b(?:RRULE:)?[A-Z]+=[^\s;，。、）)]*(?:;[A-Z]+=[^\s;，。、）)]*)*/g, // RRULE text
  /\b(?:[A-Z][A-Za-z_-]+|Etc)(?:\/[A-Za-z0-9_+-]+)+/g, // IANA zone ids
  /\d{4}-\d{2}-\d{2}(?:T\d{2}(?::\d{2}){1,2})?(?:Z|[+-]\d{2}:?\d{2})?/g, // ISO 8601 dates and times
  /\b-?P(?:\d+[YMWD])*(?:T(?:\d+[HMS])+)?\b/g, // ISO 8601 durations
  /\b\d+[smhd]\b/g, // short durations (10m)
  /\bUTC[−+]\d+(?::\d{2}){0,2}/g, // offsets
  /\b\d{4}[a-z]\b/g, // tz database versions (2026f)
];
/** Names and tokens a Chinese page keeps: the product, formats, RFC 5545 names, spec fields and policy tokens. */
const ALLOWED = new Set(`wallclock IANA WebAssembly iCalendar JSON CSV RFC UTC Ctrl C Z
  RRULE RDATE EXDATE DTSTART TZID FREQ INTERVAL COUNT UNTIL BYDAY BYMONTHDAY BYHOUR BYMINUTE BYSECOND BYMONTH BYSETPOS WKST
  maxLateness maxCatchUp grace overlap misfire gap fold invalidDate
  skip shift snap first second both omit backward forward all latest_only allow queue`.split(/\s+/));

/** The English words left in `text` once the allowed Latin is taken out. */
function englishWords(text) {
  let rest = text;
  for (const re of NOT_WORDS) rest = rest.replace(re, ' ');
  return (rest.match(/[A-Za-z][A-Za-z_]*/g) || []).filter((w) => !ALLOWED.has(w));
}

/** What a Chinese text must not hold: the other script, ASCII punctuation or spaces next to Han. */
function chineseProblems(lang, text) {
  const other = lang === 'zh-CN' ? TRADITIONAL_ONLY : SIMPLIFIED_ONLY;
  const problems = [...new Set([...text].filter((c) => other.includes(c)))].map((c) => `${lang === 'zh-CN' ? 'Traditional' : 'Simplified'} ${c}`);
  const ascii = text.match(new RegExp(`[${HAN}][,;:()?!]|[,;:()?!][${HAN}]`, 'g'));
  if (ascii) problems.push(`ASCII punctuation next to Han: ${ascii.join(' ')}`);
  const spaced = text.match(new RegExp(`[${HAN}] [${HAN}0-9A-Za-z]|[0-9A-Za-z] [${HAN}]`, 'g'));
  if (spaced) problems.push(`space next to Han: ${spaced.join(' | ')}`);
  const words = englishWords(text);
  if (words.length) problems.push(`English: ${words.join(' ')}`);
  return problems;
}

/**
 * Everything a reader meets on the page: visible text (options and
 * screen-reader-only text included) and the aria-label, title and
 * placeholder attributes; not what another `lang` marks (the switch's other
 * languages) nor `<code>` (spec tokens). Returns [where, text] pairs.
 */
function readable(page) {
  return page.evaluate(() => {
    const lang = document.documentElement.lang;
    const out = [];
    const skip = (el) => el.closest('[hidden], script, style, datalist, code, textarea') || el.closest('[lang]')?.getAttribute('lang') !== lang;
    const where = (el) => el.id ? `#${el.id}` : `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} in ${el.closest('[id]')?.id}`;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.data.trim() && !skip(n.parentElement)) out.push([where(n.parentElement), n.data.trim()]);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (skip(el)) continue;
      for (const a of ['aria-label', 'title', 'placeholder']) if (el.getAttribute(a)) out.push([`${where(el)}@${a}`, el.getAttribute(a)]);
    }
    out.push(['title', document.title]);
    return out;
  });
}

/** Fails with every piece of `page`'s text that is not Chinese as `lang` writes it. */
async function checkChinese(page, lang, what) {
  eq(await page.evaluate(() => document.documentElement.lang), lang, `${what}: <html lang>`);
  const bad = [];
  for (const [where, text] of await readable(page)) {
    const problems = chineseProblems(lang, text);
    if (problems.length) bad.push(`${where}: ${JSON.stringify(text)}: ${problems.join('; ')}`);
  }
  eq(bad, [], `${what}: text that is not ${lang}`);
}

/** Keys whose text is a list of names separated by spaces. */
const WORD_LISTS = ['fmt.months', 'fmt.monthsLong'];

/** The rows' cells as text, with the status by its token (the badge's class) beside its words. */
const table = (page) => rows(page).then((rs) => rs.map((r) => [r.nominal, r.local, r.utc, r.status]));

/** Waits until the address says `lang`. */
const addressSays = (page, lang) => page.waitForFunction((l) => new URLSearchParams(location.hash.slice(1)).get('lang') === l, lang, { timeout: 5000 });

// ---------------------------------------------------------------- seed 000 §5 in three languages

/** How each language writes a nominal, a local time with its offset and a UTC instant in the table (written here, not read from the page's code). */
const WD = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  'zh-CN': ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
  'zh-TW': ['週日', '週一', '週二', '週三', '週四', '週五', '週六'],
};
const zhDate = (d) => `${+d.slice(0, 4)}年${+d.slice(5, 7)}月${+d.slice(8, 10)}日`;
const wd = (lang, d) => WD[lang][new Date(`${d}T00:00Z`).getUTCDay()];
const FORMAT = {
  en: {
    nominal: (d, t) => `${wd('en', d)} ${d} ${t}`,
    local: (d, t, o) => `${d} ${t} ${o === -4 ? '−04:00' : o === -5 ? '−05:00' : o === 1 ? '+01:00' : '+02:00'}`,
    utc: (d, t) => `${d} ${t}Z`,
    second: ' (2nd)',
  },
  'zh-CN': {
    nominal: (d, t) => `${zhDate(d)}${wd('zh-CN', d)}${t}`,
    local: (d, t, o) => `${zhDate(d)}${t}（UTC${o < 0 ? '−' : '+'}${Math.abs(o)}）`,
    utc: (d, t) => `${zhDate(d)}${t}`,
    second: '（第二次）',
  },
  'zh-TW': {
    nominal: (d, t) => `${zhDate(d)}${wd('zh-TW', d)}${t}`,
    local: (d, t, o) => `${zhDate(d)}${t}（UTC${o < 0 ? '−' : '+'}${Math.abs(o)}）`,
    utc: (d, t) => `${zhDate(d)}${t}`,
    second: '（第二次）',
  },
};
const STATUS = {
  en: { scheduled: 'scheduled', shifted: 'shifted', skipped: 'skipped', doubled: 'doubled' },
  'zh-CN': { scheduled: '按时', shifted: '调整', skipped: '跳过', doubled: '两次' },
  'zh-TW': { scheduled: '準時', shifted: '調整', skipped: '略過', doubled: '兩次' },
};

/** A row: [date, time, status, [local date, time, offset] or null, [utc date, time] or null, second of a fold]. */
function row(lang, [d, time, st, local, utc, second]) {
  const f = FORMAT[lang];
  return [f.nominal(d, time) + (second ? f.second : ''), local ? f.local(...local) : '—', utc ? f.utc(...utc) : '—', STATUS[lang][st]];
}

/** Seed 000 §5.2 and §5.4: each rule under each policy, the rows it lists (the same facts in every language). */
const SEED = [
  {
    what: 'New York daily 02:30 from 6 March 2026, COUNT=4 (§5.2)',
    hash: NY_DAILY,
    field: '#gap',
    cases: {
      skip: [['2026-03-06', '02:30', 'scheduled', ['2026-03-06', '02:30', -5], ['2026-03-06', '07:30']],
        ['2026-03-07', '02:30', 'scheduled', ['2026-03-07', '02:30', -5], ['2026-03-07', '07:30']],
        ['2026-03-08', '02:30', 'skipped', null, null],
        ['2026-03-09', '02:30', 'scheduled', ['2026-03-09', '02:30', -4], ['2026-03-09', '06:30']],
        ['2026-03-10', '02:30', 'scheduled', ['2026-03-10', '02:30', -4], ['2026-03-10', '06:30']]],
      shift: [['2026-03-06', '02:30', 'scheduled', ['2026-03-06', '02:30', -5], ['2026-03-06', '07:30']],
        ['2026-03-07', '02:30', 'scheduled', ['2026-03-07', '02:30', -5], ['2026-03-07', '07:30']],
        ['2026-03-08', '02:30', 'shifted', ['2026-03-08', '03:30', -4], ['2026-03-08', '07:30']],
        ['2026-03-09', '02:30', 'scheduled', ['2026-03-09', '02:30', -4], ['2026-03-09', '06:30']]],
      snap: [['2026-03-06', '02:30', 'scheduled', ['2026-03-06', '02:30', -5], ['2026-03-06', '07:30']],
        ['2026-03-07', '02:30', 'scheduled', ['2026-03-07', '02:30', -5], ['2026-03-07', '07:30']],
        ['2026-03-08', '02:30', 'shifted', ['2026-03-08', '03:00', -4], ['2026-03-08', '07:00']],
        ['2026-03-09', '02:30', 'scheduled', ['2026-03-09', '02:30', -4], ['2026-03-09', '06:30']]],
    },
  },
  {
    what: 'New York daily 01:30 across the fall-back hour of 1 November 2026 (§5.2)',
    hash: '#tz=America%2FNew_York&start=2026-10-31T01%3A30&rrule=FREQ%3DDAILY%3BCOUNT%3D3',
    field: '#fold',
    cases: {
      first: [['2026-10-31', '01:30', 'scheduled', ['2026-10-31', '01:30', -4], ['2026-10-31', '05:30']],
        ['2026-11-01', '01:30', 'scheduled', ['2026-11-01', '01:30', -4], ['2026-11-01', '05:30']],
        ['2026-11-02', '01:30', 'scheduled', ['2026-11-02', '01:30', -5], ['2026-11-02', '06:30']]],
      second: [['2026-10-31', '01:30', 'scheduled', ['2026-10-31', '01:30', -4], ['2026-10-31', '05:30']],
        ['2026-11-01', '01:30', 'scheduled', ['2026-11-01', '01:30', -5], ['2026-11-01', '06:30'], true],
        ['2026-11-02', '01:30', 'scheduled', ['2026-11-02', '01:30', -5], ['2026-11-02', '06:30']]],
      both: [['2026-10-31', '01:30', 'scheduled', ['2026-10-31', '01:30', -4], ['2026-10-31', '05:30']],
        ['2026-11-01', '01:30', 'doubled', ['2026-11-01', '01:30', -4], ['2026-11-01', '05:30']],
        ['2026-11-01', '01:30', 'doubled', ['2026-11-01', '01:30', -5], ['2026-11-01', '06:30'], true]],
    },
  },
  {
    what: 'Berlin monthly on the 31st at 08:00 from 31 January 2026, COUNT=6 (§5.4)',
    hash: '#tz=Europe%2FBerlin&start=2026-01-31T08%3A00&rrule=FREQ%3DMONTHLY%3BBYMONTHDAY%3D31%3BCOUNT%3D6',
    field: '#invalidDate',
    cases: {
      omit: ['01-31', '03-31', '05-31', '07-31', '08-31', '10-31'].map((md) => berlin(md, 'scheduled')),
      // A moved day runs at its time on the day it moves to (its note says why).
      backward: ['01-31', '02-28', '03-31', '04-30', '05-31', '06-30'].map((md) => berlin(md, 'scheduled')),
      forward: ['01-31', '03-01', '03-31', '05-01', '05-31', '07-01'].map((md) => berlin(md, 'scheduled')),
    },
  },
];

/** A Berlin row at 08:00 on 2026-`md` (CEST from 29 March to 25 October, else CET). */
function berlin(md, st) {
  const d = `2026-${md}`;
  const summer = d >= '2026-03-29' && d < '2026-10-25';
  return [d, '08:00', st, [d, '08:00', summer ? 2 : 1], [d, summer ? '06:00' : '07:00']];
}

// ---------------------------------------------------------------- the tests

export const tests = [
  {
    name: 'i18n: every string the page writes exists in English, Simplified and Traditional Chinese, with the same slots, and the Chinese is Chinese',
    async run() {
      const keys = Object.keys(STRINGS.en).sort();
      for (const lang of LANGS) eq(Object.keys(STRINGS[lang]).sort(), keys, `the keys of ${lang}`);
      const slots = [];
      const chinese = [];
      for (const k of keys) {
        // A format (`fmt.*`) may put its parts in other slots in English; the two Chinese ones agree.
        const langs = k.startsWith('fmt.') ? ['zh-CN', 'zh-TW'] : LANGS;
        const want = JSON.stringify(slotsOf(STRINGS[langs[0]][k]));
        for (const l of langs) if (JSON.stringify(slotsOf(STRINGS[l][k])) !== want) slots.push(`${k} (${l}): ${slotsOf(STRINGS[l][k])} vs ${want}`);
        for (const l of ['zh-CN', 'zh-TW']) {
          // Markup and slot names are not text.
          const text = STRINGS[l][k].replace(/<[^>]+>/g, '').replace(/\{\w+\}/g, '');
          // A list of names (`fmt.months`) is checked name by name.
          const problems = (WORD_LISTS.includes(k) ? text.split(' ') : [text]).flatMap((x) => chineseProblems(l, x));
          if (problems.length) chinese.push(`${k} (${l}): ${problems.join('; ')}`);
        }
      }
      eq(slots, [], 'templates whose slots differ between languages');
      eq(chinese, [], 'Chinese strings that break the conventions');
      // Every key the code names is in the tables (keys built at run time are listed where they are built).
      const src = ['main.js', 'render.js', 'rrule.js', 'page/update.js', 'page/form.js', 'page/year.js', 'page/changes.js', 'page/compare.js', 'page/outage.js', 'page/share.js', 'page/table.js', 'page/state.js']
        .map((f) => readFileSync(join(www, f), 'utf8')).join('\n');
      const html = readFileSync(join(www, 'index.html'), 'utf8');
      const named = [...src.matchAll(/\bt[h]?\('([\w.-]+)'/g)].map((m) => m[1])
        .concat([...src.matchAll(/\btn\('([\w.-]+)'/g)].flatMap((m) => [`${m[1]}.one`, `${m[1]}.other`]))
        .concat([...html.matchAll(/data-t(?:-html)?="([^"]+)"/g)].map((m) => m[1]))
        .concat([...html.matchAll(/data-t-attr="([^"]+)"/g)].flatMap((m) => m[1].split(';').map((p) => p.split('=')[1])));
      eq([...new Set(named.filter((k) => !(k in STRINGS.en)))], [], 'keys the code names that no table has');
    },
  },
  {
    name: 'i18n: the English the server sends in index.html is the English table',
    async run(page) {
      const diffs = await page.evaluate(async () => {
        const { t } = await import(new URL('page/i18n.js', location.href).href);
        const doc = new DOMParser().parseFromString(await (await fetch('index.html')).text(), 'text/html');
        const out = [];
        if (doc.title !== t('page.title')) out.push(`title: ${doc.title}`);
        for (const el of doc.querySelectorAll('[data-t]')) if (el.textContent !== t(el.dataset.t)) out.push(`${el.dataset.t}: ${el.textContent}`);
        for (const el of doc.querySelectorAll('[data-t-html]')) if (el.innerHTML !== t(el.dataset.tHtml)) out.push(`${el.dataset.tHtml}: ${el.innerHTML}`);
        for (const el of doc.querySelectorAll('[data-t-attr]')) {
          for (const pair of el.dataset.tAttr.split(';')) {
            const [name, key] = pair.split('=');
            if (el.getAttribute(name) !== t(key)) out.push(`${key}: ${el.getAttribute(name)}`);
          }
        }
        return out;
      });
      eq(diffs, [], 'HTML text that differs from the English table');
    },
  },
  {
    name: 'i18n: language tags read as the package reads them; the address wins over the browser',
    async run() {
      const cases = {
        en: 'en', 'en-GB': 'en', zh: 'zh-CN', 'zh-Hans': 'zh-CN', 'zh-SG': 'zh-CN', zh_CN: 'zh-CN', 'zh-CN': 'zh-CN', 'zh-Hans-HK': 'zh-CN',
        'zh-Hant': 'zh-TW', 'zh-HK': 'zh-TW', 'zh-MO': 'zh-TW', zh_TW: 'zh-TW', 'zh-TW': 'zh-TW', 'zh-Hant-CN': 'zh-TW', 'zh_TW.UTF-8': 'zh-TW', 'ZH-hant': 'zh-TW',
        fr: null, 'de-DE': null, '': null, zhx: null,
      };
      eq(Object.fromEntries(Object.keys(cases).map((k) => [k, langOf(k)])), cases, 'langOf');
      eq(pickLang('zh-TW', ['zh-CN']), { lang: 'zh-TW', unknown: null }, 'the address first');
      eq(pickLang(null, ['fr-FR', 'zh-HK', 'en']), { lang: 'zh-TW', unknown: null }, 'else the first browser language the page offers');
      eq(pickLang('fr', ['de', 'zh-SG']), { lang: 'zh-CN', unknown: 'fr' }, 'an unknown address tag falls to the browser, and is reported');
      eq(pickLang(null, ['fr', 'de']), { lang: 'en', unknown: null }, 'else English');
    },
  },
  ...[['zh-CN', 'zh-CN'], ['zh-TW', 'zh-TW'], ['zh-HK', 'zh-TW'], ['zh-SG', 'zh-CN'], ['fr-FR', 'en']].map(([locale, lang]) => ({
    name: `i18n: a browser in ${locale} gets the page in ${lang}, and the address says so`,
    hash: NY_DAILY,
    options: { locale },
    async run(page) {
      eq(await page.evaluate(() => document.documentElement.lang), lang, '<html lang>');
      eq(await page.textContent('#h-when'), { en: 'When', 'zh-CN': '时间', 'zh-TW': '時間' }[lang], 'a heading');
      await addressSays(page, lang);
      eq(await page.getAttribute('#langs [aria-current]', 'data-lang'), lang, 'the switch marks it');
    },
  })),
  {
    name: 'i18n: `lang` in the address (hash or query) wins over the browser; an unknown one is reported and ignored',
    options: { locale: 'zh-CN' },
    async run(page, { browser }) {
      for (const [address, lang, note] of [[`${NY_DAILY}&lang=en`, 'en', false], [`?lang=zh-Hant${NY_DAILY}`, 'zh-TW', false], [`${NY_DAILY}&lang=fr`, 'zh-CN', true]]) {
        const other = await openPage(browser, address, { locale: 'zh-CN' });
        try {
          eq(await other.page.evaluate(() => document.documentElement.lang), lang, `${address}: <html lang>`);
          eq(await other.page.isVisible('#lang-note'), note, `${address}: the note about an unknown language`);
          if (note) ok((await other.page.textContent('#lang-note')).includes('“fr”'), await other.page.textContent('#lang-note'));
          await addressSays(other.page, lang);
          eq(other.problems, [], `${address}: no console errors`);
        } finally {
          await other.context.close();
        }
      }
    },
  },
  {
    name: 'i18n: the switch keeps the rule being edited, round-trips through the address, and a shared link keeps its language',
    hash: NY_DAILY,
    async run(page, { browser }) {
      await select(page, '#gap', 'shift');
      await fill(page, '#b-count', '3');
      const english = await table(page);
      await page.click('#langs [data-lang="zh-TW"]');
      await settle(page);
      eq(await page.evaluate(() => document.documentElement.lang), 'zh-TW', '<html lang> follows');
      eq([await page.inputValue('#gap'), await page.inputValue('#rrule'), await page.inputValue('#tz')], ['shift', 'FREQ=DAILY;COUNT=3', 'America/New_York'], 'the rule as edited');
      eq((await table(page)).map((r) => r[3]), ['準時', '準時', '調整'], 'the rows, in Traditional Chinese');
      eq(await page.evaluate(() => document.activeElement.dataset.lang), 'zh-TW', 'focus stays on the switch');
      await addressSays(page, 'zh-TW');
      // The link in the address opens the same page in the same language, whatever the browser's.
      const url = page.url();
      const other = await openPage(browser, url.slice(url.indexOf('#')), { locale: 'en-US' });
      try {
        eq(await other.page.evaluate(() => document.documentElement.lang), 'zh-TW', 'a shared link keeps its language');
        eq(await table(other.page), await table(page), 'the same rows');
        eq(other.problems, [], 'no console errors on the shared page');
      } finally {
        await other.context.close();
      }
      // Copy link carries it too.
      await page.click('[data-copy="link"]');
      await page.waitForFunction(() => document.getElementById('share-out').value.includes('lang='));
      ok((await page.inputValue('#share-out')).includes('lang=zh-TW'), 'the copied link names the language');
      // Another language's link is the page as it is now in that language.
      const href = await page.getAttribute('#langs [data-lang="zh-CN"]', 'href');
      ok(href.includes('lang=zh-CN') && href.includes('gap=shift') && href.includes('COUNT%3D3'), `the switch's link: ${href}`);
      // Editing the address switches too; then back to English with the rule unchanged.
      await page.evaluate(() => { location.hash = location.hash.replace('lang=zh-TW', 'lang=zh-CN'); });
      await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
      await settle(page);
      eq((await table(page)).map((r) => r[3]), ['按时', '按时', '调整'], 'the rows, in Simplified Chinese');
      await page.click('#langs [data-lang="en"]');
      await settle(page);
      await addressSays(page, 'en');
      eq(await table(page), english, 'English again, the same rows');
      eq(await page.textContent('#h-when'), 'When', 'the static text too');
    },
  },
  ...['en', 'zh-CN', 'zh-TW'].flatMap((lang) => SEED.map((s) => ({
    name: `i18n (${lang}): seed 000, ${s.what}, under each policy`,
    hash: `${s.hash}&lang=${lang}`,
    async run(page) {
      for (const [policy, want] of Object.entries(s.cases)) {
        await select(page, s.field, policy);
        eq(await table(page), want.map((r) => row(lang, r)), `${policy}: the rows`);
      }
    },
  }))),
  ...['en', 'zh-CN', 'zh-TW'].map((lang) => ({
    name: `i18n (${lang}): the package's notes on the page are the sentences of tests/fixtures/sentences.json`,
    // The fixture's gap examples: this rule under skip, shift and snap, the note of 8 March.
    hash: `${NY_DAILY}&lang=${lang}`,
    async run(page) {
      for (const policy of ['skip', 'shift', 'snap']) {
        await select(page, '#gap', policy);
        const code = { skip: 'gap_skipped', shift: 'gap_shifted', snap: 'gap_snapped' }[policy];
        const example = sentence(`note.${code}`);
        eq(example.args[0].gap, policy, `the fixture's note.${code} is this rule under ${policy}`);
        const shown = await page.$$eval(`#rows [data-code="${code}"]`, (els) => els.map((el) => el.textContent));
        eq(shown, [example[lang]], `${policy}: the note of 2026-03-08`);
      }
    },
  })),
  ...['zh-CN', 'zh-TW'].map((locale) => ({
    name: `i18n: with the browser in ${locale} the page shows no English beyond zone ids, rule text and spec tokens`,
    // Every section at work: a gap skipped, the policy comparison, an outage with its overlap table, a changed rule.
    hash: `${NY_DAILY}&cmp=1&down=2026-03-06T00%3A00&back=2026-03-12T00%3A00&dur=10m&misfire=latest_only`,
    options: { locale },
    async run(page) {
      await select(page, '#gap', 'shift'); // "What changes" lists the change
      await page.evaluate(() => window.wallclockPage.whenComplete());
      await checkChinese(page, locale, 'the page with every section filled');
      // The page's own errors and hints too.
      await fill(page, '#jobDuration', '十分');
      await page.evaluate(() => window.wallclockPage.whenComplete());
      ok(await page.isVisible('#jobDuration-err'), '#jobDuration-err shown');
      await checkChinese(page, locale, 'the page with a job duration error');
      await select(page, '#b-mdmode', 'days');
      await fill(page, '#b-monthdays', '31');
      await fill(page, '#b-times', '9:00, 17:30');
      await fill(page, '#n', '0');
      await page.evaluate(() => window.wallclockPage.whenComplete());
      for (const id of ['b-times-err', 'n-err']) ok(await page.isVisible(`#${id}`), `#${id} shown`);
      await checkChinese(page, locale, 'the page with errors');
    },
  })),
];
