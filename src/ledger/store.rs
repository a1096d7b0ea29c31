//! The store boundary: one SQL connection to SQLite or PostgreSQL.
//!
//! The ledger is written once against [`Store`] and [`Tx`]. What differs
//! per server lives here: opening, the write gate, placeholders, value
//! conversion and errors. SQL is written in the subset both servers
//! understand with `?N` placeholders (sent to PostgreSQL as `$N`). Instants
//! are text on SQLite and `timestamptz` on PostgreSQL and read back as the
//! same text on both (`2026-10-20T09:00:00Z`), so the ledger compares and
//! parses them one way.

use std::cell::RefCell;
use std::collections::HashMap;
use std::time::Duration;

use super::error::LedgerError;
use super::pg;
use crate::lang::{Text, input_errors as says};

/// A value read from or written to a store.
#[derive(Clone, Debug, PartialEq)]
pub enum SqlValue {
    /// SQL NULL.
    Null,
    /// An integer (0/1 flags included).
    Int(i64),
    /// A floating-point number.
    Real(f64),
    /// Text; an instant reads as its UTC text.
    Text(String),
}

/// Which server a connection talks to, for the few statements that differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dialect {
    Sqlite,
    Postgres,
}

/// How a write transaction passes the write gate. SQLite has one writer at
/// a time either way (`BEGIN IMMEDIATE`). On PostgreSQL the gate is a
/// transaction-level advisory lock: `Exclusive` for whatever reads and then
/// decides over many rows (schedule changes, plans, misfire decisions,
/// lease recovery), `Shared` for claims and outcome marks, which change
/// only rows they lock themselves (`FOR UPDATE SKIP LOCKED`), so any number
/// of workers claim at once but never while a disable or a cutover decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Gate {
    Exclusive,
    Shared,
}

/// One row of a result, in column order.
pub(crate) struct Row<'a>(&'a [SqlValue]);

impl<'a> Row<'a> {
    pub(crate) fn new(values: &'a [SqlValue]) -> Row<'a> {
        Row(values)
    }

    /// Column `i`, converted.
    pub(crate) fn get<T: FromValue>(&self, i: usize) -> Result<T, LedgerError> {
        let v = self
            .0
            .get(i)
            .ok_or_else(|| super::error::internal("a column past the end of a row"))?;
        T::from_value(v).ok_or_else(|| {
            LedgerError::new(
                "database_corrupt",
                Text::new(says::LEDGER_STORED_VALUE)
                    .with("value", format!("{v:?}"))
                    .with("column", i),
            )
        })
    }

    /// Every column.
    pub(crate) fn values(&self) -> &[SqlValue] {
        self.0
    }
}

/// A Rust value a column converts to.
pub(crate) trait FromValue: Sized {
    fn from_value(v: &SqlValue) -> Option<Self>;
}

impl FromValue for i64 {
    fn from_value(v: &SqlValue) -> Option<i64> {
        match v {
            SqlValue::Int(i) => Some(*i),
            _ => None,
        }
    }
}

macro_rules! from_int {
    ($($t:ty),*) => {$(
        impl FromValue for $t {
            fn from_value(v: &SqlValue) -> Option<$t> {
                <$t>::try_from(i64::from_value(v)?).ok()
            }
        }
    )*};
}
from_int!(u8, u32, u64, i32, usize);

impl FromValue for bool {
    fn from_value(v: &SqlValue) -> Option<bool> {
        Some(i64::from_value(v)? != 0)
    }
}

impl FromValue for f64 {
    fn from_value(v: &SqlValue) -> Option<f64> {
        match v {
            SqlValue::Real(f) => Some(*f),
            SqlValue::Int(i) => Some(*i as f64),
            _ => None,
        }
    }
}

impl FromValue for String {
    fn from_value(v: &SqlValue) -> Option<String> {
        match v {
            SqlValue::Text(s) => Some(s.clone()),
            _ => None,
        }
    }
}

impl FromValue for SqlValue {
    fn from_value(v: &SqlValue) -> Option<SqlValue> {
        Some(v.clone())
    }
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(v: &SqlValue) -> Option<Option<T>> {
        match v {
            SqlValue::Null => Some(None),
            v => T::from_value(v).map(Some),
        }
    }
}

impl From<&str> for SqlValue {
    fn from(s: &str) -> SqlValue {
        SqlValue::Text(s.to_owned())
    }
}

impl From<String> for SqlValue {
    fn from(s: String) -> SqlValue {
        SqlValue::Text(s)
    }
}

impl From<i64> for SqlValue {
    fn from(i: i64) -> SqlValue {
        SqlValue::Int(i)
    }
}

/// A Rust value a statement argument is made from (by reference, as
/// `args!` takes them).
pub(crate) trait ToValue {
    fn to_value(&self) -> SqlValue;
}

macro_rules! to_int {
    ($($t:ty),*) => {$(
        impl ToValue for $t {
            fn to_value(&self) -> SqlValue {
                SqlValue::Int(*self as i64)
            }
        }
    )*};
}
to_int!(i64, i32, u8, u32, u64, usize);

impl ToValue for bool {
    fn to_value(&self) -> SqlValue {
        SqlValue::Int(i64::from(*self))
    }
}

impl ToValue for str {
    fn to_value(&self) -> SqlValue {
        SqlValue::Text(self.to_owned())
    }
}

impl ToValue for String {
    fn to_value(&self) -> SqlValue {
        SqlValue::Text(self.clone())
    }
}

impl ToValue for SqlValue {
    fn to_value(&self) -> SqlValue {
        self.clone()
    }
}

impl<T: ToValue> ToValue for Option<T> {
    fn to_value(&self) -> SqlValue {
        self.as_ref().map_or(SqlValue::Null, ToValue::to_value)
    }
}

impl<T: ToValue + ?Sized> ToValue for &T {
    fn to_value(&self) -> SqlValue {
        (**self).to_value()
    }
}

/// Statement arguments: `args![a, b]` is `[a.to_value(), b.to_value()]`.
macro_rules! args {
    () => { [] as [$crate::ledger::store::SqlValue; 0] };
    ($($v:expr),+ $(,)?) => {
        [$($crate::ledger::store::ToValue::to_value(&$v)),+]
    };
}
pub(crate) use args;

/// What runs SQL: an open store or one of its transactions.
pub(crate) trait Sql {
    /// Calls `each` with every row `sql` returns.
    fn each_row(
        &self,
        sql: &str,
        args: &[SqlValue],
        each: &mut dyn FnMut(&Row<'_>) -> Result<(), LedgerError>,
    ) -> Result<(), LedgerError>;

    /// Runs a statement that returns no rows; how many rows it changed.
    fn execute(&self, sql: &str, args: &[SqlValue]) -> Result<usize, LedgerError>;

    /// The server behind it.
    fn dialect(&self) -> Dialect;

    /// Every row, converted by `f`.
    fn query_map<T>(
        &self,
        sql: &str,
        args: &[SqlValue],
        mut f: impl FnMut(&Row<'_>) -> Result<T, LedgerError>,
    ) -> Result<Vec<T>, LedgerError>
    where
        Self: Sized,
    {
        let mut out = Vec::new();
        self.each_row(sql, args, &mut |r| {
            out.push(f(r)?);
            Ok(())
        })?;
        Ok(out)
    }

    /// The first row, converted by `f`; None when there is none.
    fn query_opt<T>(
        &self,
        sql: &str,
        args: &[SqlValue],
        f: impl FnOnce(&Row<'_>) -> Result<T, LedgerError>,
    ) -> Result<Option<T>, LedgerError>
    where
        Self: Sized,
    {
        let mut f = Some(f);
        let mut out = None;
        self.each_row(sql, args, &mut |r| {
            if let Some(f) = f.take() {
                out = Some(f(r)?);
            }
            Ok(())
        })?;
        Ok(out)
    }

    /// The first row, converted by `f`; an error when there is none.
    fn query_row<T>(
        &self,
        sql: &str,
        args: &[SqlValue],
        f: impl FnOnce(&Row<'_>) -> Result<T, LedgerError>,
    ) -> Result<T, LedgerError>
    where
        Self: Sized,
    {
        self.query_opt(sql, args, f)?.ok_or_else(|| {
            super::error::internal("a query that always returns a row returned none")
        })
    }
}

/// An open ledger connection.
pub(crate) enum Store {
    Sqlite(rusqlite::Connection),
    Postgres(Box<RefCell<pg::Client>>),
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Store::Sqlite(c) => write!(f, "sqlite:{}", c.path().unwrap_or("")),
            Store::Postgres(c) => write!(f, "postgres://{}", c.borrow().server()),
        }
    }
}

impl Store {
    /// A write transaction through the write gate.
    pub(crate) fn write(&mut self, gate: Gate) -> Result<Tx<'_>, LedgerError> {
        match self {
            Store::Sqlite(c) => Ok(Tx(TxInner::Sqlite(
                c.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?,
            ))),
            Store::Postgres(c) => Ok(Tx(TxInner::Postgres(RefCell::new(
                c.get_mut().write(gate)?,
            )))),
        }
    }

    /// Where it is, for messages: the SQLite file, or the PostgreSQL
    /// server and database (never a password).
    pub(crate) fn location(&self) -> String {
        match self {
            Store::Sqlite(c) => c.path().unwrap_or("").to_owned(),
            Store::Postgres(c) => c.borrow().server().to_owned(),
        }
    }

    /// The SQLite connection, for what only SQLite has (pragmas).
    pub(crate) fn sqlite(&self) -> Option<&rusqlite::Connection> {
        match self {
            Store::Sqlite(c) => Some(c),
            Store::Postgres(_) => None,
        }
    }
}

impl Sql for Store {
    fn each_row(
        &self,
        sql: &str,
        args: &[SqlValue],
        each: &mut dyn FnMut(&Row<'_>) -> Result<(), LedgerError>,
    ) -> Result<(), LedgerError> {
        match self {
            Store::Sqlite(c) => sqlite_rows(c, sql, args, each),
            Store::Postgres(c) => c.borrow_mut().rows(sql, args, each),
        }
    }

    fn execute(&self, sql: &str, args: &[SqlValue]) -> Result<usize, LedgerError> {
        match self {
            Store::Sqlite(c) => sqlite_execute(c, sql, args),
            Store::Postgres(c) => c.borrow_mut().execute(sql, args),
        }
    }

    fn dialect(&self) -> Dialect {
        match self {
            Store::Sqlite(_) => Dialect::Sqlite,
            Store::Postgres(_) => Dialect::Postgres,
        }
    }
}

/// A write transaction; dropped without [`Tx::commit`], it rolls back.
pub struct Tx<'c>(TxInner<'c>);

/// A read transaction on a SQLite connection: in WAL mode every read in it
/// sees the file as of its first read, whatever other connections commit
/// meanwhile, and it blocks none of them. It ends when dropped.
pub(crate) fn sqlite_snapshot(conn: &rusqlite::Connection) -> Result<Tx<'_>, LedgerError> {
    Ok(Tx(TxInner::Sqlite(conn.unchecked_transaction()?)))
}

enum TxInner<'c> {
    Sqlite(rusqlite::Transaction<'c>),
    Postgres(RefCell<pg::Transaction<'c>>),
}

impl Tx<'_> {
    /// Commits.
    pub(crate) fn commit(self) -> Result<(), LedgerError> {
        match self.0 {
            TxInner::Sqlite(t) => Ok(t.commit()?),
            TxInner::Postgres(t) => t.into_inner().commit(),
        }
    }

    /// Runs a statement that returns no rows; how many rows it changed.
    /// A handler's own writes in [`super::Ledger::tick`] go through this,
    /// with `?1`, `?2`, … placeholders on both stores.
    pub fn execute(&self, sql: &str, args: &[SqlValue]) -> Result<usize, LedgerError> {
        Sql::execute(self, sql, args)
    }

    /// Runs several statements at once (a migration).
    pub(crate) fn batch(&self, sql: &str) -> Result<(), LedgerError> {
        match &self.0 {
            TxInner::Sqlite(t) => Ok(t.execute_batch(sql)?),
            TxInner::Postgres(t) => t.borrow_mut().batch(sql),
        }
    }

    /// The rows of a query, every column as a [`SqlValue`].
    pub fn rows(&self, sql: &str, args: &[SqlValue]) -> Result<Vec<Vec<SqlValue>>, LedgerError> {
        self.query_map(sql, args, |r| Ok(r.values().to_vec()))
    }
}

impl Sql for Tx<'_> {
    fn each_row(
        &self,
        sql: &str,
        args: &[SqlValue],
        each: &mut dyn FnMut(&Row<'_>) -> Result<(), LedgerError>,
    ) -> Result<(), LedgerError> {
        match &self.0 {
            TxInner::Sqlite(t) => sqlite_rows(t, sql, args, each),
            TxInner::Postgres(t) => t.borrow_mut().rows(sql, args, each),
        }
    }

    fn execute(&self, sql: &str, args: &[SqlValue]) -> Result<usize, LedgerError> {
        match &self.0 {
            TxInner::Sqlite(t) => sqlite_execute(t, sql, args),
            TxInner::Postgres(t) => t.borrow_mut().execute(sql, args),
        }
    }

    fn dialect(&self) -> Dialect {
        match &self.0 {
            TxInner::Sqlite(_) => Dialect::Sqlite,
            TxInner::Postgres(_) => Dialect::Postgres,
        }
    }
}

impl rusqlite::ToSql for SqlValue {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, ValueRef};
        Ok(ToSqlOutput::Borrowed(match self {
            SqlValue::Null => ValueRef::Null,
            SqlValue::Int(i) => ValueRef::Integer(*i),
            SqlValue::Real(f) => ValueRef::Real(*f),
            SqlValue::Text(s) => ValueRef::Text(s.as_bytes()),
        }))
    }
}

fn sqlite_value(v: rusqlite::types::ValueRef<'_>) -> SqlValue {
    use rusqlite::types::ValueRef;
    match v {
        ValueRef::Null => SqlValue::Null,
        ValueRef::Integer(i) => SqlValue::Int(i),
        ValueRef::Real(f) => SqlValue::Real(f),
        ValueRef::Text(t) | ValueRef::Blob(t) => {
            SqlValue::Text(String::from_utf8_lossy(t).into_owned())
        }
    }
}

fn sqlite_rows(
    conn: &rusqlite::Connection,
    sql: &str,
    args: &[SqlValue],
    each: &mut dyn FnMut(&Row<'_>) -> Result<(), LedgerError>,
) -> Result<(), LedgerError> {
    let mut st = conn.prepare_cached(sql)?;
    let n = st.column_count();
    let mut rows = st.query(rusqlite::params_from_iter(args))?;
    let mut buf = Vec::with_capacity(n);
    while let Some(r) = rows.next()? {
        buf.clear();
        for i in 0..n {
            buf.push(sqlite_value(r.get_ref(i)?));
        }
        each(&Row(&buf))?;
    }
    Ok(())
}

fn sqlite_execute(
    conn: &rusqlite::Connection,
    sql: &str,
    args: &[SqlValue],
) -> Result<usize, LedgerError> {
    Ok(conn
        .prepare_cached(sql)?
        .execute(rusqlite::params_from_iter(args))?)
}

/// Where a ledger lives, as `--db` names it: a SQLite file or a PostgreSQL
/// database.
#[derive(Clone, PartialEq, Eq)]
pub enum Location {
    /// A SQLite file.
    Sqlite(std::path::PathBuf),
    /// A PostgreSQL database, by connection URL or key=value string, parsed.
    Postgres(Box<pg::PgTarget>),
}

impl Location {
    /// A `postgres://` or `postgresql://` URL (the scheme in any case) or a
    /// key=value connection string (`host=… dbname=…`) names a PostgreSQL
    /// database; anything else is a SQLite file. A PostgreSQL URL or string
    /// that does not parse is `invalid_option`, showing no password.
    pub fn parse(db: &str) -> Result<Location, LedgerError> {
        match pg::PgTarget::parse(db) {
            Some(target) => Ok(Location::Postgres(Box::new(target?))),
            None => Ok(Location::Sqlite(db.into())),
        }
    }

    /// How to show it: the file, or `postgres://USER:***@HOST:PORT/DATABASE`.
    pub fn redacted(&self) -> String {
        match self {
            Location::Sqlite(p) => p.display().to_string(),
            Location::Postgres(target) => target.shown().to_owned(),
        }
    }
}

impl std::fmt::Debug for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.redacted())
    }
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.redacted())
    }
}

/// Opens a PostgreSQL store.
pub(crate) fn connect_postgres(
    target: &pg::PgTarget,
    busy: Duration,
) -> Result<Store, LedgerError> {
    Ok(Store::Postgres(Box::new(RefCell::new(
        pg::Client::connect(target, busy)?,
    ))))
}

/// Statement text cache key → prepared statement, per PostgreSQL connection.
pub(crate) type StatementCache = HashMap<String, tokio_postgres::Statement>;
