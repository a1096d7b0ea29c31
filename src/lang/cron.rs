//! The cron import's warnings: how a product's runs differ from the spec's.

use super::templates;

templates! { CRON;
    RANDOM_VALUE "cron.random_value"
        "{product} picks the {parts} at random each time it reads the crontab (`~`); the spec uses the lowest value it could pick"
        "{product}每次读取crontab时随机选取{parts}（`~`）；该计划取它可能选到的最小值"
        "{product}每次讀取crontab時隨機選取{parts}（`~`）；此排程取它可能選到的最小值";
    EVERY_ELAPSED "cron.every_elapsed"
        "`@every` counts elapsed time from when the CronJob was created or last ran; the spec steps through wall-clock times from its start, which differ from it by a clock change's width after one"
        "`@every`从CronJob创建或上次执行时起计算经过的时间；该计划则从起始时间起按当地时钟时间递进，每经过一次时钟调整，两者就相差一次调整的幅度"
        "`@every`從CronJob建立或上次執行時起計算經過的時間；此排程則從起始時間起依當地時鐘時間遞進，每經過一次時鐘調整，兩者就相差一次調整的幅度";
    YEAR_LIST "cron.year_list"
        "{product} runs only in the years the line lists; a spec can bound years only from its start to an UNTIL, so it runs in every year from {first} to {last}"
        "{product}只在该行列出的年份执行；计划只能用起始时间和`UNTIL`限定年份，因此它在{first}年到{last}年之间的每一年都执行"
        "{product}只在該行列出的年份執行；排程只能用起始時間和`UNTIL`限定年份，因此它在{first}年到{last}年之間的每一年都執行";
    TIMER_RESTART_IN_FOLD "cron.timer_restart_in_fold"
        "a timer started or restarted during the repeated hour on {date} computes {time} in the first pass, already past, and elapses at once: an extra run the spec does not have"
        "在{date}重复的那一小时内启动或重启的定时器，会算出第一次出现的{time}，而这一时刻已经过去，于是立即触发：多出一次该计划没有的执行"
        "在{date}重複的那一小時內啟動或重啟的計時器，會算出第一次出現的{time}，而這一時刻已經過去，於是立即觸發：多出一次此排程沒有的執行";
    FOLD_UNDOCUMENTED "cron.fold_undocumented"
        "{product} does not document which of the two {time} on {date} it runs; the spec runs the first (`fold` `first`)"
        "{product}的文档没有说明{date}出现两次的{time}执行哪一次；该计划执行第一次（`fold`为`first`）"
        "{product}的文件沒有說明{date}出現兩次的{time}執行哪一次；此排程執行第一次（`fold`為`first`）";
    GAP_RUNS_EACH "cron.cron_gap_runs_each"
        "{product} runs each skipped time ({times}) separately, one after another, when the clock jumps on {date}; the spec runs them once, at {at}"
        "{date}时钟拨快时，{product}把每个被跳过的时间（{times}）逐一补跑；该计划只在{at}执行一次"
        "{date}時鐘撥快時，{product}把每個被跳過的時間（{times}）逐一補跑；此排程只在{at}執行一次";
    CLOCK_JUMP "cron.cron_clock_jump"
        "the clock change at {instant} moves the clock by more than 3 hours, which {product} takes for a clock correction: it runs nothing for the skipped times and repeats nothing, unlike the spec"
        "{instant}的时钟调整超过3小时，{product}会把它当作校时：被跳过的时间不补跑，重复的时间也不重跑，与该计划不同"
        "{instant}的時鐘調整超過3小時，{product}會把它當作校時：被跳過的時間不補跑，重複的時間也不重跑，與此排程不同";
    TZ_HOST_CHANGE "cron.cron_tz_host_change"
        "cronie does not run CRON_TZ jobs with a fixed time during the host's own repeated hour (cron.c, find_jobs), and when the host's zone is this zone it runs them once in it: the spec assumes a host zone without clock changes at those times (`--fold first` for a host in this zone)"
        "在主机自身时区重复的那一小时内，cronie不执行固定时间的`CRON_TZ`任务（`cron.c`，`find_jobs`）；主机时区与该时区相同时，只在其中执行一次：该计划假定主机时区在这些时间没有时钟调整（主机在该时区时用`--fold first`）"
        "在主機自身時區重複的那一小時內，cronie不執行固定時間的`CRON_TZ`工作（`cron.c`，`find_jobs`）；主機時區與該時區相同時，只在其中執行一次：此排程假定主機時區在這些時間沒有時鐘調整（主機在該時區時用`--fold first`）";
    GAP_OVERSHOOT "cron.gap_overshoot"
        "when its search for the next run crosses the clock change on {date}, APScheduler lands {minutes} min later than it aims and skips the runs in between (for `0 2,3 * * *` the 03:00, for `0 0 * * *` the next midnight); the spec runs them"
        "APScheduler查找下一次执行时若跨过{date}的时钟调整，会比目标晚{minutes}分钟，并跳过其间的执行（`0 2,3 * * *`漏掉03:00，`0 0 * * *`漏掉下一个午夜）；该计划照常执行"
        "APScheduler搜尋下一次執行時若跨過{date}的時鐘調整，會比目標晚{minutes}分鐘，並略過其間的執行（`0 2,3 * * *`漏掉03:00，`0 0 * * *`漏掉下一個午夜）；此排程照常執行";
    NEVER_RUNS "cron.never_runs"
        "{product} would never run this line: no date matches it (the spec starts at {start} and generates nothing)"
        "{product}永远不会执行这一行：没有日期与之匹配（该计划从{start}开始，不生成任何实例）"
        "{product}永遠不會執行這一行：沒有日期與之相符（此排程從{start}開始，不產生任何實例）";
    NEAREST_WEEKDAY "cron.nearest_weekday"
        "{product}'s weekday nearest day {day} depends on the length of the month in a way no rule can say for February: the spec may miss or add a run there"
        "{product}中离`{day}`日最近的工作日取决于月份长短，而二月的情形没有规则能表达：该计划在二月可能少一次或多一次执行"
        "{product}中離`{day}`日最近的平日取決於月份長短，而二月的情形沒有規則能表達：此排程在二月可能少一次或多一次執行";
    ZONE_ASSUMED "cron.zone_assumed"
        "no zone given: the line is read in UTC; {product} runs it in {host}"
        "未指定时区：该行按UTC读取；{product}则在{host}执行它"
        "未指定時區：該行依UTC讀取；{product}則在{host}執行它";

    // Products and places whose English name Chinese writes otherwise.
    DEBIAN "cron.product.debian" "Debian's cron" "Debian的cron" "Debian的cron";
    HOST_KUBERNETES "cron.host.kubernetes"
        "kube-controller-manager's zone (a CronJob without `timeZone`)"
        "`kube-controller-manager`所在的时区（未设置`timeZone`的CronJob）"
        "`kube-controller-manager`所在的時區（未設定`timeZone`的CronJob）";
    HOST_UTC_UNLESS "cron.host.utc_unless_set"
        "UTC unless a time zone is set" "UTC（除非设置了时区）" "UTC（除非設定了時區）";
    HOST_JVM "cron.host.jvm" "the JVM's default zone" "JVM的默认时区" "JVM的預設時區";
    HOST_LOCAL "cron.host.local" "the host's local zone" "主机的本地时区" "主機的本地時區";
    HOST "cron.host" "the host's zone" "主机的时区" "主機的時區";
}

/// A cron field's name, as `random_value` lists it: `minute`, 分钟字段.
pub(crate) const PARTS: [[&str; 3]; 8] = [
    ["second", "秒字段", "秒欄位"],
    ["minute", "分钟字段", "分鐘欄位"],
    ["hour", "小时字段", "小時欄位"],
    ["day-of-month", "日期字段", "日期欄位"],
    ["month", "月份字段", "月份欄位"],
    ["day-of-week", "星期字段", "星期欄位"],
    ["year", "年份字段", "年份欄位"],
    ["cron", "整行", "整行"],
];
