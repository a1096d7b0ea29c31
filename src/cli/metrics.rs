//! `ledger run --metrics-addr`: the ledger's Prometheus text at `/metrics`
//! and a `/healthz` that fails while the store cannot be reached, served
//! on a thread of the daemon with a connection of its own.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::ledger::{Ledger, LedgerError};

/// Binds `addr` and serves until `stop` is set. `open` gives a fresh
/// connection whenever the last one failed.
pub(super) fn serve(
    addr: &str,
    open: impl Fn() -> Result<Ledger, LedgerError> + Send + 'static,
    stop: Arc<AtomicBool>,
) -> Result<(), LedgerError> {
    let listener = TcpListener::bind(addr).map_err(|e| {
        LedgerError::new(
            "invalid_option",
            format!("cannot serve metrics on `{addr}`: {e}"),
        )
        .with_field("metrics-addr")
    })?;
    listener.set_nonblocking(true).map_err(|e| {
        LedgerError::new("internal", format!("cannot poll the metrics socket: {e}"))
    })?;
    std::thread::spawn(move || {
        let mut ledger: Option<Ledger> = None;
        while !stop.load(Ordering::Relaxed) {
            match listener.accept() {
                Ok((stream, _)) => answer(stream, &open, &mut ledger),
                Err(_) => std::thread::sleep(Duration::from_millis(50)),
            }
        }
    });
    Ok(())
}

/// Answers one request.
fn answer(
    stream: TcpStream,
    open: &impl Fn() -> Result<Ledger, LedgerError>,
    ledger: &mut Option<Ledger>,
) {
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
    let (status, body) = match path {
        "/metrics" => match stats(open, ledger) {
            Ok(text) => ("200 OK", text),
            Err(e) => ("503 Service Unavailable", format!("{}\n", e.message())),
        },
        "/healthz" => match stats(open, ledger) {
            Ok(_) => ("200 OK", "ok\n".to_owned()),
            Err(e) => ("503 Service Unavailable", format!("{}\n", e.message())),
        },
        _ => ("404 Not Found", "try /metrics or /healthz\n".to_owned()),
    };
    let mut out = &stream;
    let _ = write!(
        out,
        "HTTP/1.1 {status}\r\nContent-Type: text/plain; version=0.0.4\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
}

/// The Prometheus text, on the kept connection or a new one.
fn stats(
    open: &impl Fn() -> Result<Ledger, LedgerError>,
    ledger: &mut Option<Ledger>,
) -> Result<String, LedgerError> {
    if ledger.is_none() {
        *ledger = Some(open()?);
    }
    let result = match ledger.as_ref() {
        Some(l) => l.stats().map(|s| s.to_prometheus()),
        None => Err(LedgerError::new("internal", "no connection")),
    };
    if result.is_err() {
        *ledger = None;
    }
    result
}
