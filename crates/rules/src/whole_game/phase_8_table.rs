//! What every choice after a phase 8 first roll is worth for the whole game: one figure per keep
//! pattern of the ten dice (7^10 of them, 16 bytes each: about 4.5 GB), written by
//! `phase10 solitaire --phase-8-table PATH` and read by a server started with
//! `--solitaire-phase-8-table PATH`. The server reads the 1,024 figures a position needs from
//! the file itself, so it holds none of it in memory.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::os::unix::fs::FileExt;
use std::path::Path;

use crate::dice::advice::solitaire::patterns::{Patterns, Worth};

/// The file's first bytes, then `theta` (f64), then each pattern's value and chance.
const MAGIC: &[u8; 8] = b"P10PH8E2";
const HEADER: u64 = 16;
const PATTERNS: u64 = 282_475_249;

/// Writes the patterns as they are with two rolls left at `theta`.
pub fn write(path: &Path, theta: f64, patterns: &Patterns) -> io::Result<()> {
    let mut out = BufWriter::with_capacity(1 << 20, File::create(path)?);
    out.write_all(MAGIC)?;
    out.write_all(&theta.to_le_bytes())?;
    for worth in patterns.worths() {
        out.write_all(&worth.value.to_le_bytes())?;
        out.write_all(&worth.chance.to_le_bytes())?;
    }
    out.flush()
}

/// The table, open for reading.
#[derive(Debug)]
pub struct Phase8Table {
    file: File,
}

/// Why a file is not the table the server needs, in an operator's words.
#[derive(Debug, thiserror::Error)]
pub enum NotTheTable {
    #[error("cannot read {path}: {error}")]
    Unreadable { path: String, error: io::Error },
    #[error(
        "{path} is not a phase 8 table of `phase10 solitaire --phase-8-table` ({size} bytes, or another start)"
    )]
    Shape { path: String, size: u64 },
    #[error(
        "{path} was written for theta {found}, but data/solitaire.json has {wanted}: write it again with `phase10 solitaire --phase-8-table {path}`"
    )]
    Stale {
        path: String,
        found: f64,
        wanted: f64,
    },
}

impl Phase8Table {
    /// Opens the table at `path`, written for `theta` (the published one).
    pub fn open(path: &Path, theta: f64) -> Result<Phase8Table, NotTheTable> {
        let named = || path.display().to_string();
        let unreadable = |error| NotTheTable::Unreadable {
            path: named(),
            error,
        };
        let file = File::open(path).map_err(unreadable)?;
        let size = file.metadata().map_err(unreadable)?.len();
        let mut header = [0u8; HEADER as usize];
        file.read_exact_at(&mut header, 0).map_err(unreadable)?;
        if size != HEADER + PATTERNS * 16 || &header[..8] != MAGIC {
            return Err(NotTheTable::Shape {
                path: named(),
                size,
            });
        }
        let found = f64::from_le_bytes(header[8..].try_into().expect("eight bytes"));
        if found != theta {
            return Err(NotTheTable::Stale {
                path: named(),
                found,
                wanted: theta,
            });
        }
        Ok(Phase8Table { file })
    }

    /// What keeping the dice of `pattern` (`Patterns::index`) and rolling the rest is worth.
    pub fn worth(&self, pattern: usize) -> io::Result<Worth> {
        let mut bytes = [0u8; 16];
        self.file
            .read_exact_at(&mut bytes, HEADER + pattern as u64 * 16)?;
        let (value, chance) = bytes.split_at(8);
        Ok(Worth {
            value: f64::from_le_bytes(value.try_into().expect("eight bytes")),
            chance: f64::from_le_bytes(chance.try_into().expect("eight bytes")),
        })
    }
}
