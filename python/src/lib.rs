//! `wallclock._native`: the engine for the Python package `wallclock`.
//!
//! Each function takes text (a spec as JSON, window bounds and "now" as
//! the package writes them, the language as a tag) and returns the command
//! line's JSON text, with its sentences and any error message in that
//! language,
//! through `wallclock::python`, which reads everything as the CLI does. The
//! engine runs without the GIL, inside `catch_unwind`: a panic becomes a
//! `WallclockError` with the code `internal`, never a `PanicException`.
//! Every error is raised as `wallclock.WallclockError` (defined in Python,
//! `wallclock/_errors.py`) with the engine's code, message, field and
//! position.
#![forbid(unsafe_code)]

use std::ffi::CString;
use std::panic::{AssertUnwindSafe, catch_unwind};

use pyo3::exceptions::PyUserWarning;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;
use wallclock::python::{self as host, Cron, Window};
use wallclock::{Error, Lang};

/// The package's exception type, imported once.
static ERROR_TYPE: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// `error` as a `wallclock.WallclockError`, its message in `lang`.
fn raise(py: Python<'_>, error: &Error, lang: Lang) -> PyErr {
    let made = ERROR_TYPE
        .import(py, "wallclock._errors", "WallclockError")
        .and_then(|ty| {
            ty.call1((
                error.code().as_str(),
                error.text().render(lang),
                error.field(),
                error.position(),
            ))
        });
    match made {
        Ok(instance) => PyErr::from_value(instance),
        Err(e) => e,
    }
}

/// The language a `lang` keyword names (`None`: English). A tag wallclock
/// does not write is English, with the `unknown_language` sentence as a
/// `UserWarning`, never an error.
fn language(py: Python<'_>, tag: Option<&str>) -> PyResult<Lang> {
    let Some(tag) = tag else {
        return Ok(Lang::En);
    };
    let (lang, warning) = Lang::read(tag);
    if let Some(warning) = warning {
        let message = CString::new(warning.render(Lang::En)).unwrap_or_default();
        PyErr::warn(py, py.get_type::<PyUserWarning>().as_any(), &message, 2)?;
    }
    Ok(lang)
}

/// Runs `work` on the engine without the GIL, speaking the language `lang`
/// names; its error, or a panic, is raised as a `WallclockError`.
fn engine<T: Send>(
    py: Python<'_>,
    lang: Option<&str>,
    work: impl FnOnce() -> Result<T, Error> + Send,
) -> PyResult<T> {
    let lang = language(py, lang)?;
    let result = py.detach(|| {
        let _speaking = lang.speak();
        catch_unwind(AssertUnwindSafe(work)).unwrap_or_else(|panic| {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Err(host::engine_panicked(&what))
        })
    });
    result.map_err(|e| raise(py, &e, lang))
}

#[pymodule]
mod _native {
    use super::*;

    /// `wallclock expand --format json`.
    #[pyfunction]
    #[pyo3(signature = (spec, limit, since, until, now, lang=None))]
    fn expand(
        py: Python<'_>,
        spec: &str,
        limit: Option<&str>,
        since: Option<&str>,
        until: Option<&str>,
        now: &str,
        lang: Option<&str>,
    ) -> PyResult<String> {
        let window = Window {
            limit,
            since,
            until,
            horizon: None,
        };
        engine(py, lang, || host::expand(spec, &window, now))
    }

    /// `wallclock notices --format json`.
    #[pyfunction]
    #[pyo3(signature = (spec, since, until, horizon, now, lang=None))]
    fn notices(
        py: Python<'_>,
        spec: &str,
        since: Option<&str>,
        until: Option<&str>,
        horizon: Option<&str>,
        now: &str,
        lang: Option<&str>,
    ) -> PyResult<String> {
        let window = Window {
            limit: None,
            since,
            until,
            horizon,
        };
        engine(py, lang, || host::notices(spec, &window, now))
    }

    /// `wallclock describe --now NOW`: the sentence.
    #[pyfunction]
    #[pyo3(signature = (spec, now, lang=None))]
    fn describe(py: Python<'_>, spec: &str, now: &str, lang: Option<&str>) -> PyResult<String> {
        engine(py, lang, || host::describe(spec, now))
    }

    /// `wallclock validate --format json`.
    #[pyfunction]
    #[pyo3(signature = (spec, lang=None))]
    fn validate(py: Python<'_>, spec: &str, lang: Option<&str>) -> PyResult<String> {
        engine(py, lang, || host::validate(spec))
    }

    /// `wallclock diff --format json`.
    #[pyfunction]
    #[pyo3(signature = (old, new, since, until, now, lang=None))]
    fn diff(
        py: Python<'_>,
        old: &str,
        new: &str,
        since: Option<&str>,
        until: Option<&str>,
        now: &str,
        lang: Option<&str>,
    ) -> PyResult<String> {
        let window = Window {
            limit: None,
            since,
            until,
            horizon: None,
        };
        engine(py, lang, || host::diff(old, new, &window, now))
    }

    /// `wallclock misfire --format json`, and the `not_due` warnings' JSON.
    #[pyfunction]
    #[pyo3(signature = (spec, due, now, lang=None))]
    fn decide_misfires(
        py: Python<'_>,
        spec: &str,
        due: &str,
        now: &str,
        lang: Option<&str>,
    ) -> PyResult<(String, String)> {
        engine(py, lang, || host::decide_misfires(spec, due, now))
    }

    /// The next execution at (or strictly after) an instant, or `None`.
    #[pyfunction]
    fn next_execution(
        py: Python<'_>,
        spec: &str,
        at: &str,
        strictly_after: bool,
    ) -> PyResult<Option<String>> {
        engine(py, None, || host::next_execution(spec, at, strictly_after))
    }

    /// `wallclock from-cron --format json`: the spec's JSON and its
    /// warnings' JSON, the warnings in `lang`.
    #[pyfunction]
    #[pyo3(signature = (line, dialect, tz, id, start, gap, fold, now, lang=None))]
    #[allow(clippy::too_many_arguments)]
    fn from_cron(
        py: Python<'_>,
        line: &str,
        dialect: &str,
        tz: Option<&str>,
        id: Option<&str>,
        start: Option<&str>,
        gap: Option<&str>,
        fold: Option<&str>,
        now: &str,
        lang: Option<&str>,
    ) -> PyResult<(String, String)> {
        let cron = Cron {
            dialect,
            tz,
            id,
            start,
            gap,
            fold,
        };
        engine(py, lang, || host::from_cron(line, &cron, now))
    }

    /// Every zone name of the bundled tz database, sorted.
    #[pyfunction]
    fn time_zones() -> Vec<String> {
        wallclock::time_zones()
    }

    /// The bundled tz database's version, e.g. `2026f`.
    #[pyfunction]
    fn tzdb_version() -> &'static str {
        wallclock::tzdb_version()
    }
}
