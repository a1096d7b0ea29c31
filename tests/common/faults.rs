//! Fault injection for the resilience suites, each undone when its guard
//! is dropped, also when a test panics: child processes in their own
//! process group (killed), a PostgreSQL server of a test's own (thawed,
//! stopped and removed), a frozen server (SIGCONT), a small tmpfs
//! (unmounted).
#![allow(dead_code)]

use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// A child process in a process group of its own (a `wallclock` with the
/// commands it started), its stdout and stderr in files. Dropped while it
/// still runs, the whole group is killed.
pub struct Spawned {
    child: Child,
    pub out: PathBuf,
    pub err: PathBuf,
}

impl Spawned {
    /// Starts `c` in its own process group, stdout to `<dir>/<name>.out`,
    /// stderr to `<dir>/<name>.err`.
    pub fn start(c: &mut Command, dir: &Path, name: &str) -> Spawned {
        let out = dir.join(format!("{name}.out"));
        let err = dir.join(format!("{name}.err"));
        let child = c
            .stdin(Stdio::null())
            .stdout(Stdio::from(std::fs::File::create(&out).unwrap()))
            .stderr(Stdio::from(std::fs::File::create(&err).unwrap()))
            .process_group(0)
            .spawn()
            .unwrap();
        Spawned { child, out, err }
    }

    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Sends `sig` (`TERM`, `INT`, …) to the process.
    pub fn signal(&self, sig: &str) {
        signal(&[self.id()], sig);
    }

    /// The exit status once the process has ended, or None while it runs.
    pub fn status(&mut self) -> Option<ExitStatus> {
        self.child.try_wait().unwrap()
    }

    /// Waits for the process to end, failing the test after `within`.
    pub fn wait(&mut self, within: Duration) -> ExitStatus {
        let t = Instant::now();
        loop {
            if let Some(s) = self.status() {
                return s;
            }
            assert!(
                t.elapsed() < within,
                "pid {} still runs after {within:?}; stderr:\n{}",
                self.id(),
                self.stderr()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn stdout(&self) -> String {
        std::fs::read_to_string(&self.out).unwrap_or_default()
    }

    pub fn stderr(&self) -> String {
        std::fs::read_to_string(&self.err).unwrap_or_default()
    }

    /// The JSON Lines records of `event` on stderr.
    pub fn events(&self, event: &str) -> Vec<serde_json::Value> {
        self.stderr()
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter(|v| v["event"] == event)
            .collect()
    }

    /// Waits until stderr holds a record of `event`, failing after `within`
    /// or when the process ends first.
    pub fn wait_event(&mut self, event: &str, within: Duration) -> serde_json::Value {
        let t = Instant::now();
        loop {
            if let Some(v) = self.events(event).into_iter().next() {
                return v;
            }
            if let Some(s) = self.status() {
                panic!("ended ({s}) before any `{event}`:\n{}", self.stderr());
            }
            assert!(
                t.elapsed() < within,
                "no `{event}` after {within:?}:\n{}",
                self.stderr()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Spawned {
    fn drop(&mut self) {
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", self.child.id())])
                .stderr(Stdio::null())
                .status();
            let _ = self.child.wait();
        }
    }
}

/// `kill -SIG pid…`.
pub fn signal(pids: &[u32], sig: &str) {
    if pids.is_empty() {
        return;
    }
    let _ = Command::new("kill")
        .arg(format!("-{sig}"))
        .args(pids.iter().map(u32::to_string))
        .stderr(Stdio::null())
        .status();
}

/// Whether process `pid` has ended (gone, or a zombie waiting to be reaped).
pub fn ended(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
    }
}

/// The children of process `parent` (from `/proc`).
pub fn children(parent: u32) -> Vec<u32> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return out;
    };
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // pid (comm) state ppid …: the command name may hold spaces.
        let ppid = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(1))
            .and_then(|p| p.parse::<u32>().ok());
        if ppid == Some(parent) {
            out.push(pid);
        }
    }
    out
}

/// A server binary from `WALLCLOCK_PG_BIN` (set by `scripts/pg-cluster.sh`).
pub fn pg_bin(name: &str) -> PathBuf {
    let bin = std::env::var("WALLCLOCK_PG_BIN").unwrap_or_else(|_| {
        panic!(
            "WALLCLOCK_PG_BIN is not set: run through `bash scripts/test-all.sh`, or \
             `bash scripts/pg-cluster.sh start` and `eval \"$(bash scripts/pg-cluster.sh env)\"`"
        )
    });
    Path::new(&bin).join(name)
}

/// Runs `c` as the `postgres` OS user (initdb and the server refuse root)
/// and asserts that it succeeded.
fn as_postgres(c: &mut Command) {
    let out = Command::new("runuser")
        .args(["-u", "postgres", "--"])
        .arg(c.get_program())
        .args(c.get_args())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{c:?}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A PostgreSQL server of one test's own, which it may freeze, restart and
/// starve of connections: a cluster in a folder of the system's temporary
/// directory (which the `postgres` OS user can reach), trust logins for
/// `postgres` on 127.0.0.1, a free port, `conf` added to its settings.
/// Dropped, it is thawed, stopped and removed.
pub struct OwnServer {
    pub data: PathBuf,
    pub port: u16,
}

impl OwnServer {
    pub fn new(name: &str, conf: &str) -> OwnServer {
        let root = std::env::temp_dir().join(format!("wallclock-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        std::fs::set_permissions(&root, std::fs::Permissions::from_mode(0o755)).unwrap();
        let chown = Command::new("chown")
            .arg("postgres:")
            .arg(&root)
            .status()
            .unwrap();
        assert!(chown.success(), "chown postgres: {}", root.display());
        let data = root.join("data");
        as_postgres(
            Command::new(pg_bin("initdb"))
                .arg("-D")
                .arg(&data)
                .args(["-U", "postgres", "--auth=trust", "--no-sync"])
                .args(["--encoding=UTF8", "--locale=C.UTF-8"]),
        );
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let settings = format!(
            "listen_addresses = '127.0.0.1'\nport = {port}\nunix_socket_directories = '{}'\n\
             fsync = off\nfull_page_writes = off\n{conf}\n",
            root.display()
        );
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(data.join("postgresql.conf"))
            .unwrap();
        std::io::Write::write_all(&mut f, settings.as_bytes()).unwrap();
        let server = OwnServer { data, port };
        server.pg_ctl(&["start"]);
        server
    }

    /// The URL of database `db` as the superuser `postgres`, `query`
    /// (`connect_timeout=2`, …) appended when not empty.
    pub fn url(&self, db: &str, query: &str) -> String {
        let query = match query {
            "" => String::new(),
            q => format!("?{q}"),
        };
        format!("postgres://postgres@127.0.0.1:{}/{db}{query}", self.port)
    }

    /// A plain connection as `postgres`.
    pub fn connect(&self) -> Result<postgres::Client, postgres::Error> {
        postgres::Client::connect(&self.url("postgres", ""), postgres::NoTls)
    }

    /// Runs `sql` as `postgres` on database `postgres`.
    pub fn sql(&self, sql: &str) {
        self.connect()
            .unwrap()
            .batch_execute(sql)
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    }

    pub fn pg_ctl(&self, args: &[&str]) {
        let log = self.data.parent().unwrap().join("server.log");
        as_postgres(
            Command::new(pg_bin("pg_ctl"))
                .arg("-D")
                .arg(&self.data)
                .arg("-l")
                .arg(log)
                .args(["-w", "-t", "60"])
                .args(args),
        );
    }

    /// `pg_ctl restart -m fast`: every connection is closed.
    pub fn restart(&self) {
        self.pg_ctl(&["-m", "fast", "restart"]);
    }

    /// The postmaster's process id.
    pub fn postmaster(&self) -> Option<u32> {
        std::fs::read_to_string(self.data.join("postmaster.pid"))
            .ok()?
            .lines()
            .next()?
            .trim()
            .parse()
            .ok()
    }

    /// SIGSTOP to the postmaster and every backend: the server accepts TCP
    /// connections (the kernel does) but answers nothing, until the guard
    /// is dropped.
    pub fn freeze(&self) -> Frozen {
        let postmaster = self.postmaster().expect("the server runs");
        // The postmaster first: it forks no new backend meanwhile.
        signal(&[postmaster], "STOP");
        let mut pids = vec![postmaster];
        pids.extend(children(postmaster));
        signal(&pids, "STOP");
        Frozen(pids)
    }
}

impl Drop for OwnServer {
    fn drop(&mut self) {
        // A stopped server would not stop.
        if let Some(pm) = self.postmaster() {
            let mut pids = children(pm);
            pids.push(pm);
            signal(&pids, "CONT");
        }
        let _ = Command::new("runuser")
            .args(["-u", "postgres", "--"])
            .arg(pg_bin("pg_ctl"))
            .arg("-D")
            .arg(&self.data)
            .args(["-m", "immediate", "-w", "stop"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        if let Some(root) = self.data.parent() {
            let _ = std::fs::remove_dir_all(root);
        }
    }
}

/// A frozen server's processes; dropped, they go on (SIGCONT).
pub struct Frozen(Vec<u32>);

impl Frozen {
    pub fn thaw(self) {}
}

impl Drop for Frozen {
    fn drop(&mut self) {
        signal(&self.0, "CONT");
    }
}

/// A size-limited tmpfs mounted on a directory for one test, unmounted
/// when dropped.
pub struct SmallDisk(PathBuf);

impl SmallDisk {
    pub fn mount(dir: &Path, size: &str) -> SmallDisk {
        let out = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "a real full disk needs a tmpfs mount (run as root): {}",
            String::from_utf8_lossy(&out.stderr)
        );
        SmallDisk(dir.to_owned())
    }

    /// Fills the file system with `<dir>/filler` but for about `leave`
    /// bytes; the guard removes the filler when dropped.
    pub fn fill(&self, leave: u64) -> Filler {
        let out = Command::new("df")
            .args(["--output=avail", "-B1"])
            .arg(&self.0)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let avail: u64 = text.lines().nth(1).unwrap().trim().parse().unwrap();
        let path = self.0.join("filler");
        let mut f = std::fs::File::create(&path).unwrap();
        // Up to the last byte the file system gives.
        let mut left = avail.saturating_sub(leave);
        let chunk = vec![0u8; 64 * 1024];
        while left > 0 {
            let n = left.min(chunk.len() as u64) as usize;
            match std::io::Write::write(&mut f, &chunk[..n]) {
                Ok(0) | Err(_) => break,
                Ok(n) => left -= n as u64,
            }
        }
        let _ = f.sync_all();
        Filler(path)
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// The file that fills a [`SmallDisk`]; removed when dropped.
pub struct Filler(PathBuf);

impl Filler {
    pub fn remove(self) {}
}

impl Drop for Filler {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
