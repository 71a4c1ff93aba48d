//! What the deck-import tests share: the embedded card database, a card by code, and a
//! fixture file of a folder under `tests/fixtures/`.

use std::path::PathBuf;
use std::sync::OnceLock;

use lotr_sim::data::{load_embedded, CardDb, DefId};

/// The embedded card database, loaded once per test binary.
pub fn db() -> &'static CardDb {
    static DB: OnceLock<CardDb> = OnceLock::new();
    DB.get_or_init(|| load_embedded().expect("embedded data loads"))
}

/// The card with this code (panics naming it if there is none).
pub fn id(code: &str) -> DefId {
    db().by_code(code)
        .unwrap_or_else(|| panic!("no card {code}"))
}

/// `tests/fixtures/FOLDER/NAME`.
pub fn fixture_in(folder: &str, name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(folder)
        .join(name)
}
