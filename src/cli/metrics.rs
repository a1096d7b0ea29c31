//! `ledger run --metrics-addr`: the ledger's Prometheus text at `/metrics`
//! and a `/healthz` that fails while the store cannot be reached, served
//! on a thread of the daemon with connections of its own.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::lang::{Text, input_errors as says};
use crate::ledger::{Ledger, LedgerError, Location};

/// Binds `addr` and serves the ledger at `location` until `stop` is set.
pub(super) fn serve(
    addr: &str,
    location: Location,
    busy: Duration,
    stop: Arc<AtomicBool>,
) -> Result<(), LedgerError> {
    let listener = TcpListener::bind(addr).map_err(|e| {
        LedgerError::new(
            "invalid_option",
            Text::new(says::LEDGER_METRICS_ADDR)
                .with("addr", addr)
                .with("why", e.to_string()),
        )
        .with_field("metrics-addr")
    })?;
    listener.set_nonblocking(true).map_err(|e| {
        LedgerError::new(
            "internal",
            Text::new(says::LEDGER_METRICS_POLL).with("why", e.to_string()),
        )
    })?;
    std::thread::spawn(move || {
        let mut kept: Option<Ledger> = None;
        while !stop.load(Ordering::Relaxed) {
            match listener.accept() {
                Ok((stream, _)) => answer(stream, &location, busy, &mut kept),
                Err(_) => std::thread::sleep(Duration::from_millis(50)),
            }
        }
    });
    Ok(())
}

/// Answers one request.
fn answer(stream: TcpStream, location: &Location, busy: Duration, kept: &mut Option<Ledger>) {
    let _ = stream.set_nonblocking(false);
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let mut reader = BufReader::new(&stream);
    let mut request = String::new();
    if reader.read_line(&mut request).is_err() {
        return;
    }
    // The rest of the head, up to the blank line.
    let mut line = String::new();
    while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
        line.clear();
    }
    let path = request.split_whitespace().nth(1).unwrap_or("");
    let text = "text/plain; version=0.0.4";
    let (status, kind, body) = match path {
        "/metrics" => match stats(location, busy, kept) {
            Ok(body) => ("200 OK", text, body),
            Err(e) => unavailable(&e),
        },
        "/healthz" => match probe(location, busy) {
            Ok(()) => ("200 OK", text, "ok\n".to_owned()),
            Err(e) => unavailable(&e),
        },
        _ => (
            "404 Not Found",
            text,
            "try /metrics or /healthz\n".to_owned(),
        ),
    };
    let mut out = &stream;
    let _ = write!(
        out,
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
}

/// A 503 whose body is the store's error object (`code`, `message`), as
/// the CLI prints it.
fn unavailable(e: &LedgerError) -> (&'static str, &'static str, String) {
    let body =
        serde_json::to_string(e).unwrap_or_else(|_| format!("{{\"code\":\"{}\"}}", e.code()));
    (
        "503 Service Unavailable",
        "application/json",
        format!("{body}\n"),
    )
}

/// Whether the ledger can be reached where the daemon was told it is: a
/// new read-only connection and its schema version. A new one each time,
/// because a connection the daemon keeps can outlive what it points at (a
/// SQLite file removed or replaced under it stays readable through the
/// open file).
fn probe(location: &Location, busy: Duration) -> Result<(), LedgerError> {
    Ledger::open_read_only(location, busy)?.schema_version()?;
    Ok(())
}

/// The Prometheus text, on the kept connection or a new one.
fn stats(
    location: &Location,
    busy: Duration,
    kept: &mut Option<Ledger>,
) -> Result<String, LedgerError> {
    let ledger = match kept.take() {
        Some(l) => l,
        None => Ledger::open_read_only(location, busy)?,
    };
    let text = ledger.stats()?.to_prometheus();
    *kept = Some(ledger);
    Ok(text)
}
