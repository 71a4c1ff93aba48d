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

/// Run the binary with `args` and return its output; fails the test (killing the process) if
/// it has not ended after `secs` seconds: for inputs that could hang.
pub fn within(secs: u64, args: &[&str]) -> Output {
    use std::process::Stdio;
    let mut child = Command::new(BIN)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let t0 = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if t0.elapsed().as_secs() >= secs {
            let _ = child.kill();
            panic!("{args:?} still running after {secs} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}

/// Start the binary with `args` (stderr captured), wait until `ready` exists (at most 60 s, or
/// until the process ends), then `delay`, then send `signal` (`kill SIGNAL PID`, e.g. `-INT`,
/// `-9`) and return its output; fails the test (killing the process) if it is still running
/// 60 s after the signal.
pub fn signal_when(
    args: &[&str],
    ready: &std::path::Path,
    delay: std::time::Duration,
    signal: &str,
) -> Output {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let mut child = Command::new(BIN)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let t0 = Instant::now();
    while !ready.exists() && t0.elapsed() < Duration::from_secs(60) {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(delay);
    let _ = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status();
    let t1 = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if t1.elapsed() >= Duration::from_secs(60) {
            let _ = child.kill();
            panic!("{args:?} still running 60 s after kill {signal}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}
pub mod cards;
