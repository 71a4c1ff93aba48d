//! The committed data files are exactly what `scenarios/convert.py` makes from the reference
//! data. Needs the reference data (`../shared/carddata`) and python3: where they are absent (a
//! bare checkout) the test prints a SKIPPED line that the test output shows, and in CI
//! (`CI` set, as CI services do) it fails instead, so CI never passes without it.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::Command;

/// Report a test that cannot run here: a line on the real stderr (test output capture does
/// not hide it), or a failure under CI.
fn skip(test: &str, why: &str) {
    let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
    assert!(
        !ci,
        "{test}: {why}; CI must run the shared-data tests (is ../shared present?)"
    );
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {why}");
}

#[test]
fn converted_data_is_up_to_date() {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let src = repo.join("../shared/carddata");
    if !src.join("cards.json").exists() {
        skip(
            "converted_data_is_up_to_date",
            &format!("reference data not found at {}", src.display()),
        );
        return;
    }
    let out = std::env::temp_dir().join(format!("lotr-sim-convert-{}", std::process::id()));
    std::fs::create_dir_all(&out).unwrap();
    let status = Command::new("python3")
        .arg(repo.join("scenarios/convert.py"))
        .arg(&src)
        .arg(&out)
        .status();
    let Ok(status) = status else {
        skip("converted_data_is_up_to_date", "python3 not available");
        return;
    };
    assert!(status.success(), "convert.py failed");
    for f in ["cards.csv", "scenarios.csv"] {
        let want = std::fs::read(out.join(f)).unwrap();
        let have = std::fs::read(repo.join("scenarios").join(f)).unwrap();
        assert!(
            want == have,
            "scenarios/{f} is stale: run `python3 scenarios/convert.py`"
        );
    }
    let _ = std::fs::remove_dir_all(&out);
}
