//! Reading the result CSVs for the pictures: every column by its header name (never by
//! position), so extra columns or a new column order do not matter, and a missing column or a
//! bad value is reported with the file, the line and the fix.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// A result CSV the pictures cannot use: the file, the line (1-based, 0 for the whole file) and
/// what is wrong. The command line reports it as bad input (exit status 2).
#[derive(Debug)]
pub struct BadCsv {
    pub path: PathBuf,
    pub line: u64,
    pub msg: String,
}

impl fmt::Display for BadCsv {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(
                f,
                "{}, line {}: {}",
                self.path.display(),
                self.line,
                self.msg
            )?;
        } else {
            write!(f, "{}: {}", self.path.display(), self.msg)?;
        }
        write!(
            f,
            "; regenerate the folder's CSVs with `lotr-sim run` (or `merge`, `compare`) before plotting"
        )
    }
}

impl std::error::Error for BadCsv {}

/// One CSV file: its header and its rows with their line numbers.
pub struct Table {
    pub path: PathBuf,
    header: Vec<String>,
    rows: Vec<(u64, Vec<String>)>,
}

/// Largest CSV read whole for the pictures (`summary.csv`, `threat.csv`, `rounds.csv`,
/// `compare.csv` hold a few rows per configuration: kilobytes).
pub const MAX_TABLE_BYTES: u64 = 64 << 20;

/// An opened CSV: its path, its header and the reader positioned at its first row.
type Opened = (PathBuf, Vec<String>, csv::Reader<std::fs::File>);

/// A column of a [`Table`], found by name.
#[derive(Clone, Copy)]
pub struct Col(Option<usize>);

impl Col {
    /// The field of `rec` in this column (empty for a column the file lacks).
    pub fn get<'a>(&self, rec: &'a csv::StringRecord) -> &'a str {
        self.0.and_then(|c| rec.get(c)).unwrap_or("")
    }
}

impl Table {
    /// Opens `dir/name` as a CSV reader with its header; `None` when the file does not exist.
    /// Only a regular file is opened (a pipe or a device would block or never end), and a file
    /// read whole (`max`) is at most that many bytes.
    fn open(dir: &Path, name: &str, max: Option<u64>) -> Result<Option<Opened>, BadCsv> {
        let path = dir.join(name);
        let Ok(meta) = std::fs::metadata(&path) else {
            return Ok(None);
        };
        let bad = |line: u64, msg: String| BadCsv {
            path: path.clone(),
            line,
            msg,
        };
        if !meta.is_file() {
            return Err(bad(
                0,
                "not a regular file (a folder, pipe or device)".to_string(),
            ));
        }
        if let Some(max) = max.filter(|&m| meta.len() > m) {
            return Err(bad(
                0,
                format!(
                    "{} bytes, more than the {max} a lotr-sim report of this kind holds",
                    meta.len()
                ),
            ));
        }
        let mut rd = csv::ReaderBuilder::new()
            .has_headers(true)
            .flexible(false)
            .from_path(&path)
            .map_err(|e| bad(0, format!("cannot read it: {e}")))?;
        let header: Vec<String> = rd
            .headers()
            .map_err(|e| bad(1, format!("bad header: {e}")))?
            .iter()
            .map(|h| h.trim().to_string())
            .collect();
        Ok(Some((path, header, rd)))
    }

    /// The header of `dir/name` alone (its rows are not read); `None` when it does not exist.
    pub fn header_of(dir: &Path, name: &str) -> Result<Option<Vec<String>>, BadCsv> {
        Ok(Table::open(dir, name, None)?.map(|(_, header, _)| header))
    }

    /// Reads `dir/name` row by row without keeping the rows (for `games.csv`, which may hold
    /// millions): `f` gets a header-only [`Table`] (for [`Table::col`]), each row's line and
    /// its fields. `false` when the file does not exist.
    pub fn scan(
        dir: &Path,
        name: &str,
        mut f: impl FnMut(&Table, u64, &csv::StringRecord) -> Result<(), BadCsv>,
    ) -> Result<bool, BadCsv> {
        let Some((path, header, mut rd)) = Table::open(dir, name, None)? else {
            return Ok(false);
        };
        let t = Table {
            path,
            header,
            rows: Vec::new(),
        };
        let mut rec = csv::StringRecord::new();
        loop {
            match rd.read_record(&mut rec) {
                Ok(true) => {
                    let line = rec.position().map_or(0, |p| p.line());
                    f(&t, line, &rec)?;
                }
                Ok(false) => return Ok(true),
                Err(e) => {
                    let line = e.position().map_or(0, |p| p.line());
                    return Err(BadCsv {
                        path: t.path.clone(),
                        line,
                        msg: format!("bad row: {e}"),
                    });
                }
            }
        }
    }

    /// Reads `dir/name` whole; `None` when the file does not exist.
    pub fn read(dir: &Path, name: &str) -> Result<Option<Table>, BadCsv> {
        let Some((path, header, mut rd)) = Table::open(dir, name, Some(MAX_TABLE_BYTES))? else {
            return Ok(None);
        };
        let bad = |line: u64, msg: String| BadCsv {
            path: path.clone(),
            line,
            msg,
        };
        let mut rows = Vec::new();
        for rec in rd.records() {
            let rec = rec.map_err(|e| {
                let line = e.position().map_or(0, |p| p.line());
                bad(line, format!("bad row: {e}"))
            })?;
            let line = rec.position().map_or(0, |p| p.line());
            rows.push((line, rec.iter().map(str::to_string).collect()));
        }
        Ok(Some(Table { path, header, rows }))
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The header, as read.
    pub fn header(&self) -> &[String] {
        &self.header
    }

    /// The column named `name`; an error naming the file when it has none.
    pub fn col(&self, name: &str) -> Result<Col, BadCsv> {
        match self.header.iter().position(|h| h == name) {
            Some(i) => Ok(Col(Some(i))),
            None => Err(BadCsv {
                path: self.path.clone(),
                line: 1,
                msg: format!("no column `{name}` in the header"),
            }),
        }
    }

    /// The column named `name` if the file has it.
    pub fn opt_col(&self, name: &str) -> Col {
        Col(self.header.iter().position(|h| h == name))
    }

    /// The text of `col` in row `row` (empty for a column the file lacks).
    pub fn str(&self, row: usize, col: Col) -> &str {
        col.0.map_or("", |c| self.rows[row].1[c].as_str())
    }

    /// A number in row `row`, column `col`; an empty field is an error.
    pub fn num<T: FromStr>(&self, row: usize, col: Col) -> Result<T, BadCsv> {
        match self.opt_num(row, col)? {
            Some(v) => Ok(v),
            None => Err(self.bad_value(row, col, "an empty field")),
        }
    }

    /// A number in row `row`, column `col`; `None` for an empty field or a missing column.
    pub fn opt_num<T: FromStr>(&self, row: usize, col: Col) -> Result<Option<T>, BadCsv> {
        let s = self.str(row, col).trim();
        if s.is_empty() {
            return Ok(None);
        }
        s.parse()
            .map(Some)
            .map_err(|_| self.bad_value(row, col, &format!("`{s}`, not a number")))
    }

    fn bad_value(&self, row: usize, col: Col, what: &str) -> BadCsv {
        let name = col.0.map_or("?", |c| self.header[c].as_str());
        BadCsv {
            path: self.path.clone(),
            line: self.rows[row].0,
            msg: format!("column `{name}` holds {what}"),
        }
    }
}

/// What identifies one configuration in `summary.csv`, `rounds.csv` and `threat.csv`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Key {
    pub scenario: String,
    pub mode: String,
    pub players: String,
    pub decks: String,
    pub bots: String,
}

/// The key columns of a table.
pub struct KeyCols([Col; 5]);

impl KeyCols {
    pub fn of(t: &Table) -> Result<KeyCols, BadCsv> {
        Ok(KeyCols([
            t.col("scenario")?,
            t.col("mode")?,
            t.opt_col("players"),
            t.opt_col("decks"),
            t.opt_col("bots"),
        ]))
    }

    pub fn key(&self, t: &Table, row: usize) -> Key {
        let s = |i: usize| t.str(row, self.0[i]).to_string();
        Key {
            scenario: s(0),
            mode: s(1),
            players: s(2),
            decks: s(3),
            bots: s(4),
        }
    }
}

/// Short labels for `keys`: only the parts that differ between them (scenario and mode for a
/// sweep, decks for a deck comparison, bots for a bot comparison); for a single key, scenario
/// and mode.
pub fn labels(keys: &[Key]) -> Vec<String> {
    let parts = |k: &Key| -> [String; 5] {
        [
            k.scenario.clone(),
            k.mode.clone(),
            format!("{} player(s)", k.players),
            k.decks.clone(),
            k.bots.clone(),
        ]
    };
    let all: Vec<[String; 5]> = keys.iter().map(parts).collect();
    let varies: Vec<bool> = (0..5)
        .map(|i| all.iter().any(|p| p[i] != all[0][i]))
        .collect();
    let use_: Vec<bool> = if varies.iter().any(|&v| v) {
        varies
    } else {
        vec![true, true, false, false, false]
    };
    all.iter()
        .map(|p| {
            (0..5)
                .filter(|&i| use_[i])
                .map(|i| p[i].as_str())
                .collect::<Vec<_>>()
                .join(" · ")
        })
        .collect()
}

/// The keys of `t` in their order of first appearance, and each row's key index.
pub fn group(t: &Table) -> Result<(Vec<Key>, Vec<usize>), BadCsv> {
    let kc = KeyCols::of(t)?;
    let mut keys: Vec<Key> = Vec::new();
    let mut of_row = Vec::with_capacity(t.len());
    for r in 0..t.len() {
        let k = kc.key(t, r);
        let i = match keys.iter().position(|x| *x == k) {
            Some(i) => i,
            None => {
                keys.push(k);
                keys.len() - 1
            }
        };
        of_row.push(i);
    }
    Ok((keys, of_row))
}
