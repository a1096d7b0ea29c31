//! The PostgreSQL side of the store boundary: connecting (URL, password
//! files, timeouts), the write gate, statements and values, and errors that
//! name the server but never the password.

use std::cell::Cell;
use std::error::Error as StdError;
use std::time::Duration;

use bytes::BytesMut;
use postgres::config::Host;
use postgres::error::SqlState;
use postgres::fallible_iterator::FallibleIterator;
use postgres::types::{FromSql, IsNull, ToSql, Type, to_sql_checked};
use postgres::{Config, NoTls};

use super::error::LedgerError;
use super::store::{Gate, Row, SqlValue, StatementCache};
use crate::format::fmt_instant;

/// The advisory lock that is the ledger's write gate (see [`Gate`]): one
/// ledger per database, so one key.
const GATE_KEY: i64 = 0x7761_6c6c_636c_6f63; // "wallcloc"

/// How long a connection attempt may take when the URL does not say.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// Microseconds from the Unix epoch to PostgreSQL's (2000-01-01).
const PG_EPOCH_MICROS: i64 = 946_684_800_000_000;

/// An open PostgreSQL connection with its statement cache. It reconnects,
/// once, at the start of the next statement or transaction after the
/// server dropped it (never inside a transaction).
pub(crate) struct Client {
    client: postgres::Client,
    cache: StatementCache,
    config: Config,
    busy: Duration,
    server: String,
    /// Set when a statement lost the connection: the next transaction
    /// opens a new one, whatever the client says.
    broken: Cell<bool>,
}

/// A write transaction on a [`Client`].
pub(crate) struct Transaction<'c> {
    tx: postgres::Transaction<'c>,
    cache: &'c mut StatementCache,
    server: &'c str,
    broken: &'c Cell<bool>,
}

impl Client {
    /// Connects to the database a `postgres://` URL names. Without a
    /// password in the URL, `PGPASSWORD`, then `PGPASSFILE` (default
    /// `~/.pgpass`) give it, as for `psql`. `busy` bounds every wait for a
    /// lock (`lock_timeout`).
    pub(crate) fn connect(url: &str, busy: Duration) -> Result<Client, LedgerError> {
        let mut config: Config = url.parse().map_err(|e: postgres::Error| {
            LedgerError::new(
                "invalid_option",
                format!(
                    "`{}` is not a PostgreSQL connection URL ({}): write `postgres://USER@HOST:PORT/DATABASE`",
                    redact(url),
                    scrub(&e.to_string(), url)
                ),
            )
            .with_field("db")
        })?;
        let server = server_name(&config);
        if config.get_password().is_none()
            && let Some(pw) = password_from_env(&config)
        {
            config.password(pw);
        }
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        if config.get_application_name().is_none() {
            config.application_name("wallclock");
        }
        let client = open(&config, busy, &server)?;
        Ok(Client {
            client,
            cache: StatementCache::new(),
            config,
            busy,
            server,
            broken: Cell::new(false),
        })
    }

    /// `host:port/database`, for messages.
    pub(crate) fn server(&self) -> &str {
        &self.server
    }

    /// A new connection when the server closed this one.
    fn reconnect_if_closed(&mut self) -> Result<(), LedgerError> {
        if self.client.is_closed() || self.broken.get() {
            self.client = open(&self.config, self.busy, &self.server)?;
            self.cache.clear();
            self.broken.set(false);
        }
        Ok(())
    }

    /// Begins a write transaction and passes the write gate.
    pub(crate) fn write(&mut self, gate: Gate) -> Result<Transaction<'_>, LedgerError> {
        self.reconnect_if_closed()?;
        let server = self.server.as_str();
        let mut tx = self
            .client
            .transaction()
            .map_err(|e| lost(&e, server, &self.broken))?;
        let lock = match gate {
            Gate::Exclusive => "SELECT pg_advisory_xact_lock($1)",
            Gate::Shared => "SELECT pg_advisory_xact_lock_shared($1)",
        };
        tx.execute(lock, &[&GATE_KEY])
            .map_err(|e| lost(&e, server, &self.broken))?;
        Ok(Transaction {
            tx,
            cache: &mut self.cache,
            server,
            broken: &self.broken,
        })
    }

    pub(crate) fn rows(
        &mut self,
        sql: &str,
        args: &[SqlValue],
        each: &mut dyn FnMut(&Row<'_>) -> Result<(), LedgerError>,
    ) -> Result<(), LedgerError> {
        self.reconnect_if_closed()?;
        let st = statement(
            &mut self.client,
            &mut self.cache,
            sql,
            &self.server,
            &self.broken,
        )?;
        // Row by row as the server sends them: a long listing is never held at once.
        let mut rows = self
            .client
            .query_raw(&st, args.iter())
            .map_err(|e| lost(&e, &self.server, &self.broken))?;
        let mut buf = Vec::new();
        while let Some(r) = rows
            .next()
            .map_err(|e| lost(&e, &self.server, &self.broken))?
        {
            values(&r, &mut buf)?;
            each(&Row::new(&buf))?;
        }
        Ok(())
    }

    pub(crate) fn execute(&mut self, sql: &str, args: &[SqlValue]) -> Result<usize, LedgerError> {
        self.reconnect_if_closed()?;
        let st = statement(
            &mut self.client,
            &mut self.cache,
            sql,
            &self.server,
            &self.broken,
        )?;
        let n = self
            .client
            .execute(&st, &params(args))
            .map_err(|e| lost(&e, &self.server, &self.broken))?;
        Ok(n as usize)
    }
}

impl Transaction<'_> {
    pub(crate) fn commit(self) -> Result<(), LedgerError> {
        self.tx
            .commit()
            .map_err(|e| lost(&e, self.server, self.broken))
    }

    pub(crate) fn rows(
        &mut self,
        sql: &str,
        args: &[SqlValue],
        each: &mut dyn FnMut(&Row<'_>) -> Result<(), LedgerError>,
    ) -> Result<(), LedgerError> {
        let st = statement(&mut self.tx, self.cache, sql, self.server, self.broken)?;
        let rows = self
            .tx
            .query(&st, &params(args))
            .map_err(|e| lost(&e, self.server, self.broken))?;
        deliver(&rows, each)
    }

    pub(crate) fn execute(&mut self, sql: &str, args: &[SqlValue]) -> Result<usize, LedgerError> {
        let st = statement(&mut self.tx, self.cache, sql, self.server, self.broken)?;
        let n = self
            .tx
            .execute(&st, &params(args))
            .map_err(|e| lost(&e, self.server, self.broken))?;
        Ok(n as usize)
    }

    /// Runs several statements at once (a migration).
    pub(crate) fn batch(&mut self, sql: &str) -> Result<(), LedgerError> {
        self.tx
            .batch_execute(sql)
            .map_err(|e| lost(&e, self.server, self.broken))
    }
}

fn open(config: &Config, busy: Duration, server: &str) -> Result<postgres::Client, LedgerError> {
    let mut client = config.connect(NoTls).map_err(|e| pg_error(&e, server))?;
    // Every wait for a lock (the write gate included) ends after `busy`.
    client
        .batch_execute(&format!(
            "SET lock_timeout = {}; SET TIME ZONE 'UTC'",
            busy.as_millis().max(1)
        ))
        .map_err(|e| pg_error(&e, server))?;
    Ok(client)
}

/// The statement for `sql`, prepared once per connection.
fn statement(
    client: &mut impl postgres::GenericClient,
    cache: &mut StatementCache,
    sql: &str,
    server: &str,
    broken: &Cell<bool>,
) -> Result<postgres::Statement, LedgerError> {
    if let Some(st) = cache.get(sql) {
        return Ok(st.clone());
    }
    let st = client
        .prepare(&dollar_placeholders(sql))
        .map_err(|e| lost(&e, server, broken))?;
    cache.insert(sql.to_owned(), st.clone());
    Ok(st)
}

fn params(args: &[SqlValue]) -> Vec<&(dyn ToSql + Sync)> {
    args.iter().map(|a| a as &(dyn ToSql + Sync)).collect()
}

fn deliver(
    rows: &[postgres::Row],
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
fn values(r: &postgres::Row, buf: &mut Vec<SqlValue>) -> Result<(), LedgerError> {
    buf.clear();
    for i in 0..r.len() {
        let v: SqlValue = r.try_get(i).map_err(|e| {
            LedgerError::new(
                "database_corrupt",
                format!("column {i} of a ledger row does not read: {e}"),
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

/// `host:port/database` of the first host.
fn server_name(config: &Config) -> String {
    let host = match config.get_hosts().first() {
        Some(Host::Tcp(h)) => h.clone(),
        Some(Host::Unix(p)) => p.display().to_string(),
        None => "localhost".to_owned(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let db = config
        .get_dbname()
        .or(config.get_user())
        .unwrap_or("postgres");
    format!("{host}:{port}/{db}")
}

/// A URL with its password replaced by `***`.
pub(crate) fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let (authority, tail) = match rest.find(['/', '?']) {
        Some(i) => rest.split_at(i),
        None => (rest, ""),
    };
    let mut out = format!("{scheme}://");
    match authority.rsplit_once('@') {
        Some((userinfo, host)) => {
            match userinfo.split_once(':') {
                Some((user, _)) => out.push_str(&format!("{user}:***@")),
                None => out.push_str(&format!("{userinfo}@")),
            }
            out.push_str(host);
        }
        None => out.push_str(authority),
    }
    // `password=` may also come as a query parameter.
    let tail: Vec<String> = tail
        .split('&')
        .map(|part| match part.split_once("password=") {
            Some((head, _)) => format!("{head}password=***"),
            None => part.to_owned(),
        })
        .collect();
    out.push_str(&tail.join("&"));
    out
}

/// `text` without any occurrence of the URL's password.
fn scrub(text: &str, url: &str) -> String {
    let password = url
        .split_once("://")
        .and_then(|(_, rest)| rest.rsplit_once('@'))
        .and_then(|(userinfo, _)| userinfo.split_once(':'))
        .map(|(_, pw)| pw);
    match password {
        Some(pw) if !pw.is_empty() => text.replace(pw, "***"),
        _ => text.to_owned(),
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
fn lost(e: &postgres::Error, server: &str, broken: &Cell<bool>) -> LedgerError {
    let err = pg_error(e, server);
    if err.code() == "connection_lost" {
        broken.set(true);
    }
    err
}

/// True for a connection that broke in use (reset, closed, timed out).
fn communicating(e: &postgres::Error) -> bool {
    let text = e.to_string();
    text.starts_with("error communicating") || text.starts_with("connection closed")
}

/// True for a failure to open a connection (refused, unresolvable, timed out).
fn connecting(e: &postgres::Error) -> bool {
    let text = e.to_string();
    text.starts_with("error connecting") || text.starts_with("timeout")
}

/// A PostgreSQL error as a ledger error naming the server (never the password).
pub(crate) fn pg_error(e: &postgres::Error, server: &str) -> LedgerError {
    let detail = match e.as_db_error() {
        Some(db) => db.message().to_owned(),
        None => e
            .source()
            .map_or_else(|| e.to_string(), |s| format!("{e}: {s}")),
    };
    let code = e.code();
    let (token, what) = if code == Some(&SqlState::INVALID_PASSWORD)
        || code == Some(&SqlState::INVALID_AUTHORIZATION_SPECIFICATION)
    {
        (
            "authentication_failed",
            "PostgreSQL refused the credentials; check the user and password (PGPASSWORD, PGPASSFILE)",
        )
    } else if code == Some(&SqlState::QUERY_CANCELED) {
        (
            "statement_timeout",
            "a statement ran past the server's statement_timeout; nothing of this change was written",
        )
    } else if code == Some(&SqlState::LOCK_NOT_AVAILABLE)
        || code == Some(&SqlState::T_R_DEADLOCK_DETECTED)
        || code == Some(&SqlState::T_R_SERIALIZATION_FAILURE)
    {
        (
            "database_locked",
            "the ledger is locked by another connection; nothing of this change was written: retry, or raise `--busy-timeout`",
        )
    } else if code == Some(&SqlState::DISK_FULL) {
        (
            "disk_full",
            "the PostgreSQL server cannot grow the ledger; nothing of this change was written: free disk space and retry",
        )
    } else if code == Some(&SqlState::ADMIN_SHUTDOWN)
        || code == Some(&SqlState::CRASH_SHUTDOWN)
        || code == Some(&SqlState::CANNOT_CONNECT_NOW)
        || e.is_closed()
        || (e.as_db_error().is_none() && !connecting(e) && communicating(e))
    {
        (
            "connection_lost",
            "the connection to PostgreSQL was lost; whatever was not committed was rolled back",
        )
    } else if e.as_db_error().is_none() && connecting(e) {
        ("database_unreachable", "cannot reach the PostgreSQL server")
    } else if code == Some(&SqlState::INVALID_CATALOG_NAME) {
        (
            "ledger_not_found",
            "no such PostgreSQL database: create it (`createdb`), then `wallclock ledger init`",
        )
    } else {
        ("database_error", "PostgreSQL error")
    };
    LedgerError::new(token, format!("{what} (server {server}): {detail}")).with_field("db")
}
