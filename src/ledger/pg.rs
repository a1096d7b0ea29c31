//! The PostgreSQL side of the store boundary: the database `--db` names
//! (a URL or a key=value connection string, parsed once), connecting
//! (password files, timeouts), the write gate, statements and values, and
//! errors that name the database but never the password.

use std::borrow::Cow;
use std::cell::Cell;
use std::error::Error as StdError;
use std::time::Duration;

use bytes::BytesMut;
use futures_util::StreamExt;
use percent_encoding::percent_decode_str;
use tokio_postgres::config::Host;
use tokio_postgres::error::SqlState;
use tokio_postgres::types::{FromSql, IsNull, ToSql, Type, to_sql_checked};
use tokio_postgres::{Config, NoTls};

use super::error::LedgerError;
use super::store::{Gate, Row, SqlValue, StatementCache};
use crate::format::fmt_instant;
use crate::lang::{Text, input_errors as says};

/// The advisory lock that is the ledger's write gate (see [`Gate`]): one
/// ledger per database, so one key.
const GATE_KEY: i64 = 0x7761_6c6c_636c_6f63; // "wallcloc"

/// How long a connection attempt may take when the URL does not say.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// Microseconds from the Unix epoch to PostgreSQL's (2000-01-01).
const PG_EPOCH_MICROS: i64 = 946_684_800_000_000;

/// A PostgreSQL database as `--db` names it, parsed once: its connection
/// settings and how every message shows it,
/// `postgres://USER:***@HOST:PORT/DATABASE` (`:***` when a password was
/// given, never the password itself).
#[derive(Clone, PartialEq, Eq)]
pub struct PgTarget {
    config: Config,
    shown: String,
}

impl PgTarget {
    /// `db` as a PostgreSQL database: a `postgres://` or `postgresql://`
    /// URL (the scheme in any case) or a key=value connection string
    /// (`host=… dbname=…`); None for anything else (a SQLite file). A
    /// string that is one of them but does not parse is `invalid_option`,
    /// its password not shown.
    pub(crate) fn parse(db: &str) -> Option<Result<PgTarget, LedgerError>> {
        if let Some(rest) = strip_scheme(db) {
            return Some(parse_url(rest));
        }
        if is_key_value(db) {
            return Some(parse_key_value(db));
        }
        None
    }

    fn new(config: Config) -> PgTarget {
        let shown = show(&config);
        PgTarget { config, shown }
    }

    /// How messages show the database.
    pub(crate) fn shown(&self) -> &str {
        &self.shown
    }
}

/// What follows `postgres://` or `postgresql://`, in any case.
fn strip_scheme(db: &str) -> Option<&str> {
    ["postgres://", "postgresql://"].iter().find_map(|scheme| {
        db.get(..scheme.len())
            .filter(|head| head.eq_ignore_ascii_case(scheme))
            .map(|_| &db[scheme.len()..])
    })
}

/// The keys a key=value connection string may start with (libpq's).
const KEYWORDS: &[&str] = &[
    "host",
    "hostaddr",
    "port",
    "dbname",
    "user",
    "password",
    "passfile",
    "connect_timeout",
    "options",
    "application_name",
    "sslmode",
    "target_session_attrs",
    "service",
];

/// True for `KEY=…` where KEY is a connection keyword: a key=value
/// connection string, not a file name.
fn is_key_value(db: &str) -> bool {
    db.split_once('=')
        .is_some_and(|(key, _)| KEYWORDS.contains(&key.trim()))
}

/// A URL after its scheme. The user and password run up to the URL's last
/// `@`: a password may hold `/`, `?`, `#`, `:` and `@` as they are (or
/// percent-encoded), and a host never holds `@`. The rest (hosts, ports,
/// database, parameters) is the `postgres` crate's to parse.
fn parse_url(rest: &str) -> Result<PgTarget, LedgerError> {
    let (userinfo, remainder) = match rest.rfind('@') {
        Some(at) => (Some(&rest[..at]), &rest[at + 1..]),
        None => (None, rest),
    };
    let (user, password) = match userinfo.map(|u| u.split_once(':')) {
        None => (None, None),
        Some(None) => (userinfo, None),
        Some(Some((user, password))) => (Some(user), Some(password)),
    };
    let user = user.filter(|u| !u.is_empty());
    let prefix = format!(
        "postgres://{}{}{}",
        user.unwrap_or(""),
        if password.is_some() { ":***" } else { "" },
        if userinfo.is_some() { "@" } else { "" }
    );
    // Hosts and database, without the parameters (where a password may be).
    let head = remainder.split('?').next().unwrap_or("");
    let shown = format!("{prefix}{head}");
    let refuse = |text: Text| {
        LedgerError::new("invalid_option", text.with("url", shown.as_str())).with_field("db")
    };
    let invalid = |detail: &str| {
        refuse(
            Text::new(says::PG_BAD_URL)
                .with("detail", detail)
                .with("quoted", detail.replace('`', "")),
        )
    };
    let user = user
        .map(|u| percent_decode_str(u).decode_utf8().map(Cow::into_owned))
        .transpose()
        .map_err(|_| refuse(Text::new(says::PG_USER_NOT_UTF8)))?;
    let mut config: Config = format!("postgres://{remainder}")
        .parse()
        .map_err(|e: tokio_postgres::Error| invalid(&parse_detail(&e)))?;
    if config.get_user().is_none()
        && let Some(user) = &user
    {
        config.user(user);
    }
    if config.get_password().is_none()
        && let Some(password) = password
    {
        config.password(percent_decode_str(password).collect::<Vec<u8>>());
    }
    Ok(PgTarget::new(config))
}

/// A key=value connection string (`host=… port=… dbname=…`).
fn parse_key_value(db: &str) -> Result<PgTarget, LedgerError> {
    let config: Config = db.parse().map_err(|e: tokio_postgres::Error| {
        LedgerError::new(
            "invalid_option",
            Text::new(says::PG_BAD_STRING)
                .with("detail", parse_detail(&e))
                .with("quoted", parse_detail(&e).replace('`', "")),
        )
        .with_field("db")
    })?;
    Ok(PgTarget::new(config))
}

/// What a connection string's parser says is wrong: the option it
/// refused, never its value.
fn parse_detail(e: &tokio_postgres::Error) -> String {
    match e.source() {
        Some(source) => source.to_string(),
        None => e.to_string(),
    }
}

/// `postgres://USER:***@HOST:PORT[,HOST:PORT…]/DATABASE`.
fn show(config: &Config) -> String {
    let mut out = "postgres://".to_owned();
    let password = config.get_password().is_some();
    if let Some(user) = config.get_user() {
        out.push_str(user);
    }
    if password {
        out.push_str(":***");
    }
    if password || config.get_user().is_some() {
        out.push('@');
    }
    let ports = config.get_ports();
    let port = |i: usize| ports.get(i).or(ports.first()).copied().unwrap_or(5432);
    let hosts: Vec<String> = match config.get_hosts() {
        [] => vec![format!("localhost:{}", port(0))],
        hosts => hosts
            .iter()
            .enumerate()
            .map(|(i, h)| match h {
                Host::Tcp(h) if h.contains(':') => format!("[{h}]:{}", port(i)),
                Host::Tcp(h) => format!("{h}:{}", port(i)),
                Host::Unix(p) => format!("{}:{}", p.display(), port(i)),
            })
            .collect(),
    };
    out.push_str(&hosts.join(","));
    let db = config
        .get_dbname()
        .or(config.get_user())
        .unwrap_or("postgres");
    out.push('/');
    out.push_str(db);
    out
}

/// An open PostgreSQL connection with its statement cache. It reconnects,
/// once, at the start of the next statement or transaction after the
/// server dropped it or left a request unanswered (never inside a
/// transaction).
pub(crate) struct Client {
    conn: Conn,
    cache: StatementCache,
    config: Config,
    busy: Duration,
    /// How long a connection attempt may take (`connect_timeout`).
    connect: Duration,
    server: String,
    /// Set when a statement lost the connection: the next transaction
    /// opens a new one, whatever the client says.
    broken: Cell<bool>,
}

/// One connection: `tokio-postgres`'s client, and the runtime that drives
/// the connection's task while the client waits for an answer. Every wait
/// has a deadline, so a server that stops answering (stopped, frozen, cut
/// off) ends the wait instead of blocking the process; dropping the
/// runtime closes the socket, and the server rolls back what it had not
/// committed when it notices.
struct Conn {
    client: tokio_postgres::Client,
    runtime: tokio::runtime::Runtime,
}

/// A write transaction on a [`Client`].
pub(crate) struct Transaction<'c> {
    tx: tokio_postgres::Transaction<'c>,
    runtime: &'c tokio::runtime::Runtime,
    answer: Duration,
    cache: &'c mut StatementCache,
    server: &'c str,
    broken: &'c Cell<bool>,
}

impl Client {
    /// Connects to `target`. Without a password there, `PGPASSWORD`, then
    /// `PGPASSFILE` (default `~/.pgpass`) give it, as for `psql`. `busy`
    /// bounds every wait for a lock (`lock_timeout`); connecting, logging
    /// in included, may take `connect_timeout` (10 s unless the target
    /// says), and every later answer `busy` + `connect_timeout`.
    pub(crate) fn connect(target: &PgTarget, busy: Duration) -> Result<Client, LedgerError> {
        let mut config = target.config.clone();
        let server = target.shown.clone();
        if config.get_password().is_none()
            && let Some(pw) = password_from_env(&config)
        {
            config.password(pw);
        }
        let connect = config
            .get_connect_timeout()
            .copied()
            .unwrap_or(CONNECT_TIMEOUT)
            .max(Duration::from_secs(1));
        config.connect_timeout(connect);
        if config.get_application_name().is_none() {
            config.application_name("wallclock");
        }
        let conn = open(&config, busy, connect, &server)?;
        Ok(Client {
            conn,
            cache: StatementCache::new(),
            config,
            busy,
            connect,
            server,
            broken: Cell::new(false),
        })
    }

    /// The database as messages show it.
    pub(crate) fn server(&self) -> &str {
        &self.server
    }

    /// How long the server may take to answer a request: the longest
    /// wait for a lock, then `connect_timeout` more.
    fn answer(&self) -> Duration {
        self.busy + self.connect
    }

    /// A new connection when the server closed this one or left a request
    /// unanswered.
    fn reconnect_if_closed(&mut self) -> Result<(), LedgerError> {
        if self.conn.client.is_closed() || self.broken.get() {
            self.conn = open(&self.config, self.busy, self.connect, &self.server)?;
            self.cache.clear();
            self.broken.set(false);
        }
        Ok(())
    }

    /// Begins a write transaction and passes the write gate.
    pub(crate) fn write(&mut self, gate: Gate) -> Result<Transaction<'_>, LedgerError> {
        self.reconnect_if_closed()?;
        let answer = self.answer();
        let Client {
            conn,
            cache,
            server,
            broken,
            ..
        } = self;
        let runtime = &conn.runtime;
        let tx = wait(runtime, answer, conn.client.transaction(), server, broken)?;
        let lock = match gate {
            Gate::Exclusive => "SELECT pg_advisory_xact_lock($1)",
            Gate::Shared => "SELECT pg_advisory_xact_lock_shared($1)",
        };
        wait(
            runtime,
            answer,
            tx.execute(lock, &[&GATE_KEY]),
            server,
            broken,
        )?;
        Ok(Transaction {
            tx,
            runtime,
            answer,
            cache,
            server,
            broken,
        })
    }

    pub(crate) fn rows(
        &mut self,
        sql: &str,
        args: &[SqlValue],
        each: &mut dyn FnMut(&Row<'_>) -> Result<(), LedgerError>,
    ) -> Result<(), LedgerError> {
        self.reconnect_if_closed()?;
        let answer = self.answer();
        let Client {
            conn,
            cache,
            server,
            broken,
            ..
        } = self;
        let (client, runtime) = (&conn.client, &conn.runtime);
        let st = statement(client, runtime, answer, cache, sql, server, broken)?;
        // Row by row as the server sends them: a long listing is never
        // held at once, and each row has its own deadline.
        let rows = wait(
            runtime,
            answer,
            client.query_raw(&st, args.iter()),
            server,
            broken,
        )?;
        let mut rows = std::pin::pin!(rows);
        let mut buf = Vec::new();
        while let Some(r) = wait(
            runtime,
            answer,
            async { rows.next().await.transpose() },
            server,
            broken,
        )? {
            values(&r, &mut buf)?;
            each(&Row::new(&buf))?;
        }
        Ok(())
    }

    pub(crate) fn execute(&mut self, sql: &str, args: &[SqlValue]) -> Result<usize, LedgerError> {
        self.reconnect_if_closed()?;
        let answer = self.answer();
        let Client {
            conn,
            cache,
            server,
            broken,
            ..
        } = self;
        let (client, runtime) = (&conn.client, &conn.runtime);
        let st = statement(client, runtime, answer, cache, sql, server, broken)?;
        let n = wait(
            runtime,
            answer,
            client.execute(&st, &params(args)),
            server,
            broken,
        )?;
        Ok(n as usize)
    }
}

impl Transaction<'_> {
    pub(crate) fn commit(self) -> Result<(), LedgerError> {
        wait(
            self.runtime,
            self.answer,
            self.tx.commit(),
            self.server,
            self.broken,
        )
    }

    pub(crate) fn rows(
        &mut self,
        sql: &str,
        args: &[SqlValue],
        each: &mut dyn FnMut(&Row<'_>) -> Result<(), LedgerError>,
    ) -> Result<(), LedgerError> {
        let st = self.statement(sql)?;
        let rows = wait(
            self.runtime,
            self.answer,
            self.tx.query(&st, &params(args)),
            self.server,
            self.broken,
        )?;
        deliver(&rows, each)
    }

    pub(crate) fn execute(&mut self, sql: &str, args: &[SqlValue]) -> Result<usize, LedgerError> {
        let st = self.statement(sql)?;
        let n = wait(
            self.runtime,
            self.answer,
            self.tx.execute(&st, &params(args)),
            self.server,
            self.broken,
        )?;
        Ok(n as usize)
    }

    /// Runs several statements at once: a schema migration, which waits
    /// for the server as long as it takes (an `ALTER TABLE` of a large
    /// ledger may legitimately take minutes; it is interrupted with the
    /// process, and the server rolls it back).
    pub(crate) fn batch(&mut self, sql: &str) -> Result<(), LedgerError> {
        self.runtime
            .block_on(self.tx.batch_execute(sql))
            .map_err(|e| lost(&e, self.server, self.broken))
    }

    fn statement(&mut self, sql: &str) -> Result<tokio_postgres::Statement, LedgerError> {
        statement(
            &self.tx,
            self.runtime,
            self.answer,
            self.cache,
            sql,
            self.server,
            self.broken,
        )
    }
}

/// A new connection: connecting and logging in, then the session's
/// settings, within `connect` (per host of the target).
fn open(
    config: &Config,
    busy: Duration,
    connect: Duration,
    server: &str,
) -> Result<Conn, LedgerError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| {
            LedgerError::new(
                "internal",
                Text::new(says::PG_RUNTIME).with("why", e.to_string()),
            )
        })?;
    let limit = connect * config.get_hosts().len().max(1) as u32;
    // Every wait for a lock (the write gate included) ends after `busy`.
    let settings = format!(
        "SET lock_timeout = {}; SET TIME ZONE 'UTC'",
        busy.as_millis().max(1)
    );
    let connecting = async {
        let (client, connection) = config.connect(NoTls).await?;
        // Driven whenever the runtime waits for an answer; it ends when
        // the client is dropped or the server closes the connection.
        tokio::spawn(connection);
        client.batch_execute(&settings).await?;
        Ok::<_, tokio_postgres::Error>(client)
    };
    // The timer is made inside the runtime, whose clock it needs.
    let opened = runtime.block_on(async { tokio::time::timeout(limit, connecting).await });
    match opened {
        Ok(Ok(client)) => Ok(Conn { client, runtime }),
        Ok(Err(e)) => Err(pg_error(&e, server)),
        Err(_) => Err(LedgerError::new(
            "database_unreachable",
            Text::new(says::PG_NO_ANSWER)
                .with("server", server)
                .with("limit", seconds(limit)),
        )
        .with_field("db")),
    }
}

/// Waits for the server's answer to `request`, at most `limit`: past it
/// the connection is given up (`broken`: the next transaction opens a new
/// one) and the request fails with `database_unreachable`.
fn wait<T>(
    runtime: &tokio::runtime::Runtime,
    limit: Duration,
    request: impl std::future::Future<Output = Result<T, tokio_postgres::Error>>,
    server: &str,
    broken: &Cell<bool>,
) -> Result<T, LedgerError> {
    match runtime.block_on(async { tokio::time::timeout(limit, request).await }) {
        Ok(answer) => answer.map_err(|e| lost(&e, server, broken)),
        Err(_) => {
            broken.set(true);
            Err(LedgerError::new(
                "database_unreachable",
                Text::new(says::PG_SILENT)
                    .with("limit", seconds(limit))
                    .with("server", server),
            )
            .with_field("db"))
        }
    }
}

/// `12 s`, `2.5 s`.
fn seconds(d: Duration) -> String {
    format!("{} s", d.as_secs_f64())
}

/// The statement for `sql`, prepared once per connection.
fn statement(
    client: &impl tokio_postgres::GenericClient,
    runtime: &tokio::runtime::Runtime,
    answer: Duration,
    cache: &mut StatementCache,
    sql: &str,
    server: &str,
    broken: &Cell<bool>,
) -> Result<tokio_postgres::Statement, LedgerError> {
    if let Some(st) = cache.get(sql) {
        return Ok(st.clone());
    }
    let st = wait(
        runtime,
        answer,
        client.prepare(&dollar_placeholders(sql)),
        server,
        broken,
    )?;
    cache.insert(sql.to_owned(), st.clone());
    Ok(st)
}

fn params(args: &[SqlValue]) -> Vec<&(dyn ToSql + Sync)> {
    args.iter().map(|a| a as &(dyn ToSql + Sync)).collect()
}

fn deliver(
    rows: &[tokio_postgres::Row],
    each: &mut dyn FnMut(&Row<'_>) -> Result<(), LedgerError>,
) -> Result<(), LedgerError> {
    let mut buf = Vec::new();
    for r in rows {
        values(r, &mut buf)?;
        each(&Row::new(&buf))?;
    }
    Ok(())
}

/// Reads every column of `r` into `buf`.
fn values(r: &tokio_postgres::Row, buf: &mut Vec<SqlValue>) -> Result<(), LedgerError> {
    buf.clear();
    for i in 0..r.len() {
        let v: SqlValue = r.try_get(i).map_err(|e| {
            LedgerError::new(
                "database_corrupt",
                Text::new(says::PG_STORED_VALUE)
                    .with("column", i)
                    .with("why", e.to_string()),
            )
        })?;
        buf.push(v);
    }
    Ok(())
}

/// `?N` → `$N` outside string literals.
pub(crate) fn dollar_placeholders(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut quoted = false;
    for c in sql.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                out.push(c);
            }
            '?' if !quoted => out.push('$'),
            _ => out.push(c),
        }
    }
    out
}

impl ToSql for SqlValue {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut BytesMut,
    ) -> Result<IsNull, Box<dyn StdError + Sync + Send>> {
        match self {
            SqlValue::Null => Ok(IsNull::Yes),
            SqlValue::Int(i) => int_to_sql(*i, ty, out),
            SqlValue::Real(f) => match *ty {
                Type::FLOAT4 => (*f as f32).to_sql(ty, out),
                _ => f.to_sql(ty, out),
            },
            SqlValue::Text(s) => match *ty {
                Type::TIMESTAMPTZ | Type::TIMESTAMP => instant_micros(s)?.to_sql(ty, out),
                Type::INT8 | Type::INT4 | Type::INT2 | Type::BOOL => {
                    int_to_sql(s.parse::<i64>()?, ty, out)
                }
                _ => s.as_str().to_sql(ty, out),
            },
        }
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    to_sql_checked!();
}

fn int_to_sql(
    i: i64,
    ty: &Type,
    out: &mut BytesMut,
) -> Result<IsNull, Box<dyn StdError + Sync + Send>> {
    match *ty {
        Type::INT8 => i.to_sql(ty, out),
        Type::INT4 => i32::try_from(i)?.to_sql(ty, out),
        Type::INT2 => i16::try_from(i)?.to_sql(ty, out),
        Type::BOOL => (i != 0).to_sql(ty, out),
        Type::FLOAT8 => (i as f64).to_sql(ty, out),
        _ => i.to_string().as_str().to_sql(ty, out),
    }
}

/// An instant's text as PostgreSQL's microseconds; the empty text (the
/// ledger's "no bound") is `-infinity`.
fn instant_micros(text: &str) -> Result<i64, Box<dyn StdError + Sync + Send>> {
    if text.is_empty() {
        return Ok(i64::MIN);
    }
    let ts: jiff::Timestamp = text.parse()?;
    Ok(ts.as_microsecond() - PG_EPOCH_MICROS)
}

impl<'a> FromSql<'a> for SqlValue {
    fn from_sql(ty: &Type, raw: &'a [u8]) -> Result<SqlValue, Box<dyn StdError + Sync + Send>> {
        Ok(match *ty {
            Type::INT8 => SqlValue::Int(i64::from_sql(ty, raw)?),
            Type::INT4 => SqlValue::Int(i32::from_sql(ty, raw)?.into()),
            Type::INT2 => SqlValue::Int(i16::from_sql(ty, raw)?.into()),
            Type::BOOL => SqlValue::Int(bool::from_sql(ty, raw)?.into()),
            Type::FLOAT8 => SqlValue::Real(f64::from_sql(ty, raw)?),
            Type::FLOAT4 => SqlValue::Real(f32::from_sql(ty, raw)?.into()),
            Type::TIMESTAMPTZ | Type::TIMESTAMP => {
                let micros = i64::from_sql(ty, raw)?;
                if micros == i64::MIN || micros == i64::MAX {
                    SqlValue::Text(String::new())
                } else {
                    let ts = jiff::Timestamp::from_microsecond(micros + PG_EPOCH_MICROS)?;
                    SqlValue::Text(fmt_instant(ts))
                }
            }
            _ => SqlValue::Text(<&str>::from_sql(ty, raw)?.to_owned()),
        })
    }

    fn from_sql_null(_: &Type) -> Result<SqlValue, Box<dyn StdError + Sync + Send>> {
        Ok(SqlValue::Null)
    }

    fn accepts(ty: &Type) -> bool {
        *ty != Type::NUMERIC
    }
}

/// The password `psql` would use: `PGPASSWORD`, else the first matching
/// line of `PGPASSFILE` (default `~/.pgpass`).
fn password_from_env(config: &Config) -> Option<Vec<u8>> {
    if let Ok(pw) = std::env::var("PGPASSWORD") {
        return Some(pw.into_bytes());
    }
    let file = std::env::var_os("PGPASSFILE")
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| std::path::Path::new(&h).join(".pgpass")))?;
    let text = std::fs::read_to_string(file).ok()?;
    let host = match config.get_hosts().first() {
        Some(Host::Tcp(h)) => h.clone(),
        _ => "localhost".to_owned(),
    };
    let port = config
        .get_ports()
        .first()
        .copied()
        .unwrap_or(5432)
        .to_string();
    let user = config.get_user().unwrap_or("");
    let db = config.get_dbname().unwrap_or(user);
    let want = [host.as_str(), port.as_str(), db, user];
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|line| {
            let fields = pgpass_fields(line);
            if fields.len() != 5 {
                return None;
            }
            let matches = want.iter().zip(&fields).all(|(w, f)| f == "*" || f == w);
            matches.then(|| fields[4].clone().into_bytes())
        })
}

/// A `.pgpass` line's fields: `:` separates, `\` escapes.
fn pgpass_fields(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                if let (Some(n), Some(f)) = (chars.next(), fields.last_mut()) {
                    f.push(n);
                }
            }
            ':' => fields.push(String::new()),
            c => {
                if let Some(f) = fields.last_mut() {
                    f.push(c);
                }
            }
        }
    }
    fields
}

/// [`pg_error`], noting a lost connection in `broken` so that the next
/// transaction opens a new one.
fn lost(e: &tokio_postgres::Error, server: &str, broken: &Cell<bool>) -> LedgerError {
    let err = pg_error(e, server);
    if err.code() == "connection_lost" {
        broken.set(true);
    }
    err
}

/// True for a connection that broke in use (reset, closed, timed out).
fn communicating(e: &tokio_postgres::Error) -> bool {
    let text = e.to_string();
    text.starts_with("error communicating") || text.starts_with("connection closed")
}

/// True for a failure to open a connection (refused, unresolvable, timed out).
fn connecting(e: &tokio_postgres::Error) -> bool {
    let text = e.to_string();
    text.starts_with("error connecting") || text.starts_with("timeout")
}

/// A PostgreSQL error as a ledger error naming the server (never the password).
pub(crate) fn pg_error(e: &tokio_postgres::Error, server: &str) -> LedgerError {
    let detail = match e.as_db_error() {
        Some(db) => db.message().to_owned(),
        None => e
            .source()
            .map_or_else(|| e.to_string(), |s| format!("{e}: {s}")),
    };
    let code = e.code();
    let (token, what) = pg_what(e, code);
    let text = Text::new(says::PG_ERROR)
        .with("what", what)
        .with("server", server)
        .with("quoted", detail.replace('`', ""))
        .with("detail", detail);
    LedgerError::new(token, text).with_field("db")
}

/// The code and the sentence of a PostgreSQL error.
fn pg_what(e: &tokio_postgres::Error, code: Option<&SqlState>) -> (&'static str, Text) {
    let nothing = || Text::new(says::LEDGER_NOTHING_WRITTEN);
    let (token, what) = if code == Some(&SqlState::INVALID_PASSWORD)
        || code == Some(&SqlState::INVALID_AUTHORIZATION_SPECIFICATION)
    {
        ("authentication_failed", Text::new(says::PG_CREDENTIALS))
    } else if code == Some(&SqlState::QUERY_CANCELED) {
        (
            "statement_timeout",
            Text::new(says::PG_STATEMENT_TIMEOUT).with("nothing", nothing()),
        )
    } else if code == Some(&SqlState::LOCK_NOT_AVAILABLE)
        || code == Some(&SqlState::T_R_DEADLOCK_DETECTED)
        || code == Some(&SqlState::T_R_SERIALIZATION_FAILURE)
    {
        (
            "database_locked",
            Text::new(says::PG_LOCKED).with("nothing", nothing()),
        )
    } else if code == Some(&SqlState::TOO_MANY_CONNECTIONS) {
        ("database_unreachable", Text::new(says::PG_NO_SLOT))
    } else if code == Some(&SqlState::DISK_FULL) {
        (
            "disk_full",
            Text::new(says::PG_DISK_FULL).with("nothing", nothing()),
        )
    } else if code == Some(&SqlState::ADMIN_SHUTDOWN)
        || code == Some(&SqlState::CRASH_SHUTDOWN)
        || code == Some(&SqlState::CANNOT_CONNECT_NOW)
        || e.is_closed()
        || (e.as_db_error().is_none() && !connecting(e) && communicating(e))
    {
        ("connection_lost", Text::new(says::PG_LOST))
    } else if e.as_db_error().is_none() && connecting(e) {
        ("database_unreachable", Text::new(says::PG_UNREACHABLE))
    } else if code == Some(&SqlState::INVALID_CATALOG_NAME) {
        ("ledger_not_found", Text::new(says::PG_NO_DATABASE))
    } else {
        ("database_error", Text::new(says::PG_OTHER))
    };
    (token, what)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(db: &str) -> PgTarget {
        match PgTarget::parse(db) {
            Some(Ok(t)) => t,
            Some(Err(e)) => panic!("{db}: {e}"),
            None => panic!("{db}: not PostgreSQL"),
        }
    }

    fn password(t: &PgTarget) -> String {
        String::from_utf8(t.config.get_password().unwrap().to_vec()).unwrap()
    }

    #[test]
    fn a_password_may_hold_url_characters_as_they_are() {
        for (db, pw) in [
            ("postgres://wcs:Zq/7?xY4@127.0.0.1:5433/sec", "Zq/7?xY4"),
            ("postgres://wcs:pw@ss99@127.0.0.1:5433/sec", "pw@ss99"),
            ("postgres://wcs:a#b:c%@127.0.0.1:5433/sec", "a#b:c%"),
            (
                "postgres://wcs:%2F%3F%40%23%25%3A@127.0.0.1:5433/sec",
                "/?@#%:",
            ),
            ("POSTGRES://wcs:Zq/7@127.0.0.1:5433/sec", "Zq/7"),
            ("PostgreSQL://wcs:Zq/7@127.0.0.1:5433/sec", "Zq/7"),
        ] {
            let t = target(db);
            assert_eq!(password(&t), pw, "{db}");
            assert_eq!(t.config.get_user(), Some("wcs"), "{db}");
            assert_eq!(t.config.get_dbname(), Some("sec"), "{db}");
            assert_eq!(t.config.get_ports(), &[5433], "{db}");
            assert_eq!(t.shown(), "postgres://wcs:***@127.0.0.1:5433/sec", "{db}");
        }
    }

    #[test]
    fn a_key_value_string_is_postgresql_and_shown_as_a_url() {
        let t = target("host=db.internal port=6000 user=ops password='a b/?@' dbname=ledger");
        assert_eq!(password(&t), "a b/?@");
        assert_eq!(t.shown(), "postgres://ops:***@db.internal:6000/ledger");
        let t = target("postgres://ops@h1:1,[::1]:2/ledger?connect_timeout=3");
        assert_eq!(t.shown(), "postgres://ops@h1:1,[::1]:2/ledger");
        for file in [
            "ledger.db",
            "./host=x.db",
            "/var/lib/postgres/ledger.db",
            "x=1",
        ] {
            assert!(PgTarget::parse(file).is_none(), "{file}");
        }
    }

    #[test]
    fn a_url_that_does_not_parse_shows_no_password() {
        for db in [
            "postgres://wcs:Zq/7?xY4@127.0.0.1:5433/sec?connect_timeout=abc",
            "postgres://wcs:Zq/7?xY4@127.0.0.1:port/sec",
            "postgres://wcs:Zq/7?xY4@127.0.0.1:5433/sec?password=Zq/7?xY4&nope=1",
            "host=127.0.0.1 password=Zq/7?xY4 connect_timeout=abc",
            "host=127.0.0.1 password='Zq/7?xY4",
        ] {
            let Some(Err(e)) = PgTarget::parse(db) else {
                panic!("{db} parses");
            };
            assert_eq!((e.code(), e.field()), ("invalid_option", Some("db")), "{e}");
            assert!(!e.message().contains("xY4"), "{e}");
        }
    }
}
