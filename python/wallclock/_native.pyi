# The extension module built from python/src/lib.rs: text in, the command
# line's JSON text out, its sentences in the language `lang` names (English
# by default). Every function raises wallclock.WallclockError.
# scripts/test-all.sh checks this file against the module with stubtest.

__all__ = [
    "decide_misfires",
    "describe",
    "diff",
    "expand",
    "from_cron",
    "next_execution",
    "notices",
    "time_zones",
    "tzdb_version",
    "validate",
]

def expand(
    spec: str,
    limit: str | None,
    since: str | None,
    until: str | None,
    now: str,
    lang: str | None = None,
) -> str: ...
def notices(
    spec: str,
    since: str | None,
    until: str | None,
    horizon: str | None,
    now: str,
    lang: str | None = None,
) -> str: ...
def describe(spec: str, now: str, lang: str | None = None) -> str: ...
def validate(spec: str, lang: str | None = None) -> str: ...
def diff(
    old: str,
    new: str,
    since: str | None,
    until: str | None,
    now: str,
    lang: str | None = None,
) -> str: ...
def decide_misfires(
    spec: str, due: str, now: str, lang: str | None = None
) -> tuple[str, str]: ...
def next_execution(spec: str, at: str, strictly_after: bool) -> str | None: ...
def time_zones() -> list[str]: ...
def tzdb_version() -> str: ...
def from_cron(
    line: str,
    dialect: str,
    tz: str | None,
    id: str | None,
    start: str | None,
    gap: str | None,
    fold: str | None,
    now: str,
    lang: str | None = None,
) -> tuple[str, str]: ...
