//! The committed data files are exactly what `scenarios/convert.py` makes from the reference
//! data. Runs where the reference data (`../shared/carddata`) and python3 are present; elsewhere
//! (a bare checkout) there is nothing to compare against and the test says so.

use std::path::PathBuf;
use std::process::Command;

#[test]
fn converted_data_is_up_to_date() {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let src = repo.join("../shared/carddata");
    if !src.join("cards.json").exists() {
        eprintln!(
            "reference data not found at {}: freshness not checked",
            src.display()
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
        eprintln!("python3 not available: freshness not checked");
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
