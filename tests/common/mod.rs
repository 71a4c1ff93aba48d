//! What the integration tests that run the `lotr-sim` binary share: the binary, fresh
//! temporary folders, and running it.
#![allow(dead_code)] // each test file uses its own part of this

use std::fs;
use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

pub const BIN: &str = env!("CARGO_BIN_EXE_lotr-sim");

/// A temporary folder that does not exist yet, unique to this process and call
/// (`lotr-sim-SUITE-TAG-PID-N`).
pub fn unique_dir(suite: &str, tag: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let d = std::env::temp_dir().join(format!("lotr-sim-{suite}-{tag}-{}-{n}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    d
}

/// Run the binary with `args`.
pub fn lotr(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .output()
        .expect("cannot start lotr-sim")
}

/// Run the binary with `args`, assert it succeeded, and return its stdout.
pub fn ok(args: &[&str]) -> String {
    let o = lotr(args);
    assert!(
        o.status.success(),
        "lotr-sim {args:?} failed ({:?}):\n{}",
        o.status,
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}
