"""The ``lang`` keyword: every example of tests/fixtures/sentences.json that
a Python function makes gives the fixture's text in English, Simplified and
Traditional Chinese (the texts tests/cli_lang.rs checks the command line
prints with ``--lang``), a result is the command line's ``--lang`` JSON, and
a language the package does not write is English with a warning."""

from __future__ import annotations

import json
import warnings
from typing import Any

import pytest

import wallclock
from wallclock import WallclockError

from conftest import Cli, fixture_json

LANGS = ("en", "zh-CN", "zh-TW")
NY_SKIP = {"timeZone": "America/New_York", "start": "2026-03-06T02:30",
           "rrule": "FREQ=DAILY;COUNT=4"}


def call(name: str, args: list[Any], lang: str) -> Any:
    """The example's call through the package, its result as the command
    line's JSON (``{"error": …}`` when it raises); ``None`` for a call the
    package does not make."""
    o: dict[str, Any] = args[1] if len(args) > 1 and isinstance(args[1], dict) else {}
    window = {"since": o.get("from"), "until": o.get("to")}
    try:
        if name == "expand":
            return wallclock.expand(args[0], limit=o.get("limit"), lang=lang, **window).to_dict()
        if name == "notices":
            return wallclock.notices(args[0], lang=lang, **window).to_dict()
        if name == "validate":
            return wallclock.validate(args[0], lang=lang).to_dict()
        if name == "describe":
            # Before every example's start: about the years after it, as the
            # library's `describe` without a "now" is.
            now = args[1] if len(args) > 1 else "2000-01-01T00:00:00Z"
            return wallclock.describe(args[0], now=now, lang=lang)
        if name == "diff":
            o = args[2]
            return wallclock.diff(args[0], args[1], since=o.get("from"), until=o.get("to"),
                                  lang=lang).to_dict()
        if name == "fromCron":
            got = wallclock.from_cron(args[0], dialect=o["dialect"], tz=o.get("timeZone"),
                                      start=o.get("start"), now="1970-01-01T00:00:00Z",
                                      lang=lang)
            return {"warnings": [w.to_dict() for w in got.warnings]}
        if name == "decideMisfires":
            got = wallclock.decide_misfires(args[0], args[1], now=args[2], lang=lang)
            return {"decisions": got.to_list(), "warnings": [w.to_dict() for w in got.warnings]}
    except WallclockError as e:
        return {"error": {"message": str(e)}}
    return None


def pick(value: Any, pointer: str) -> Any:
    for part in pointer.split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        value = value[int(part)] if isinstance(value, list) else value.get(part)
        if value is None:
            return None
    return value


def test_every_example_the_package_makes_in_every_language() -> None:
    checked, bad = 0, []
    for example in fixture_json("sentences.json"):
        # The JS package's own argument errors, and errors that name a window
        # bound as JS spells it (Python's are `since` and `until`).
        if example.get("native") is False or example.get("python") is False:
            continue
        for lang in LANGS:
            value = call(example["call"], example["args"], lang)
            if value is None:
                break
            got = pick(value, example["pick"])
            checked += 1
            if got != example[lang]:
                bad.append(f"{example['code']} ({lang}): {got!r}\n  fixture: {example[lang]}")
    assert checked > 400, checked
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", LANGS)
def test_a_result_is_the_command_lines_lang_json(cli: Cli, lang: str) -> None:
    spec = json.dumps(NY_SKIP)

    def command(*args: str) -> Any:
        status, out, err = cli.run("--lang", lang, *args, "--spec", "-", "--format", "json",
                                   stdin=spec)
        assert status == 0, err
        return json.loads(out)

    expansion = wallclock.expand(NY_SKIP, lang=lang).to_dict()
    assert expansion == command("expand")
    assert wallclock.validate(NY_SKIP, lang=lang).to_dict() == command("validate")
    now = "2026-01-01T00:00:00Z"
    assert (wallclock.describe(NY_SKIP, now=now, lang=lang)
            == command("describe", "--now", now)["description"])
    note = expansion["entries"][2]["notes"][0]["message"]
    assert note.startswith({"en": "02:30 does not exist", "zh-CN": "2026年3月8日在",
                            "zh-TW": "2026年3月8日在"}[lang]), note


def test_an_unknown_language_is_english_with_a_warning() -> None:
    example = next(e for e in fixture_json("sentences.json") if e["call"] == "readLang")
    with pytest.warns(UserWarning) as seen:
        got = wallclock.describe(NY_SKIP, now="2026-01-01T00:00:00Z", lang=example["args"][0])
    assert got == wallclock.describe(NY_SKIP, now="2026-01-01T00:00:00Z")
    assert [str(w.message) for w in seen] == [example["en"]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        wallclock.describe(NY_SKIP, now="2026-01-01T00:00:00Z", lang="zh-Hant-HK")


def test_from_cron_warns_in_the_language_asked_for() -> None:
    line = "CRON_TZ=America/New_York 30 1 * * *"
    got = {lang: wallclock.from_cron(line, dialect="cronie", start="2026-01-01", lang=lang)
           for lang in (None, *LANGS)}
    assert [w.code for w in got["zh-TW"].warnings] == [w.code for w in got[None].warnings]
    assert got["en"].warnings == got[None].warnings
    assert got["zh-TW"].schedule.to_json() == got[None].schedule.to_json()
    assert "主機" in got["zh-TW"].warnings[0].message
    assert "主机" in got["zh-CN"].warnings[0].message
