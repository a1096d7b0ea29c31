//! Claim workers as real processes, shared by the ledger benches: each is
//! this bench's own executable started with `env` set to its argument, says
//! `ready` once its ledger is open, waits for `go`, claims and runs until
//! nothing is due, and prints how many it ran.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Starts `workers` workers (worker `w` gets `arg(w)` in `env`), lets them
/// all go at once, and returns how many occurrences they ran together and
/// the time from "go" to the last count.
pub fn race(workers: usize, env: &str, arg: impl Fn(usize) -> String) -> (u64, Duration) {
    let exe = std::env::current_exe().expect("the bench executable");
    let mut children: Vec<_> = (0..workers)
        .map(|w| {
            let mut child = Command::new(&exe)
                .env(env, arg(w))
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .expect("start a claim worker");
            let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
            let ready = lines.next().expect("a line").expect("read");
            assert_eq!(ready, "ready", "a claim worker opened its ledger");
            (child, lines)
        })
        .collect();
    let t = Instant::now();
    for (child, _) in &mut children {
        let stdin = child.stdin.as_mut().expect("stdin");
        stdin
            .write_all(b"go\n")
            .and_then(|()| stdin.flush())
            .expect("start the worker");
    }
    let mut ran = 0;
    for (_, lines) in &mut children {
        let n = lines.next().expect("a count").expect("read");
        ran += n.parse::<u64>().expect("a count");
    }
    let elapsed = t.elapsed();
    for (mut child, _) in children {
        assert!(
            child.wait().expect("wait").success(),
            "a claim worker failed"
        );
    }
    (ran, elapsed)
}
