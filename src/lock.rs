//! An exclusive lock on an output folder, held for a whole command (`run`, `run --resume`,
//! `merge`, `compare`; any future command that writes a folder takes it the same way).
//!
//! The lock is `DIR/.lotr-sim.lock`, locked with the operating system's advisory file lock
//! (`flock`, through `std::fs::File::try_lock`): the kernel releases it when the process ends,
//! however it ends, so a lock left by a dead process (`kill -9`, power loss) is stale by
//! construction and the next process takes it over at once. The file holds the holder's pid
//! and command, for the message the next process prints. On release the file is removed (the
//! folder is left as it was found); a process that locked a file which another one removed in
//! the meantime sees that the path no longer names its file and tries again, so two processes
//! can never both believe they hold the folder.

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// Name of the lock file in a locked folder.
pub const LOCK_FILE: &str = ".lotr-sim.lock";

/// Why a folder could not be locked.
#[derive(Debug)]
pub enum LockError {
    /// Another live process holds the folder: its pid and command, as its lock file says
    /// (`None` when it had not written them yet).
    Busy {
        dir: PathBuf,
        pid: Option<u32>,
        command: String,
    },
    /// The lock file cannot be created or locked (read-only folder, ...).
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
}

impl std::fmt::Display for LockError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LockError::Busy { dir, pid, command } => {
                let who = match pid {
                    Some(p) if command.is_empty() => format!("process {p}"),
                    Some(p) => format!("process {p} (`lotr-sim {command}`)"),
                    None => "another lotr-sim process".to_string(),
                };
                write!(
                    f,
                    "output folder {} is in use by {who}; wait for it to finish (or stop it), or choose another --out",
                    dir.display()
                )
            }
            LockError::Io { path, error } => write!(
                f,
                "cannot lock {}: {error}; choose a writable folder",
                path.display()
            ),
        }
    }
}

impl std::error::Error for LockError {}

/// A held folder lock; dropping it releases the lock and removes the lock file.
#[derive(Debug)]
pub struct FolderLock {
    file: File,
    path: PathBuf,
}

fn same_file(file: &File, path: &Path) -> bool {
    match (file.metadata(), fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// The pid and command written in a lock file (`pid N` and `command ...` lines).
fn holder(path: &Path) -> (Option<u32>, String) {
    let mut text = String::new();
    if let Ok(f) = File::open(path) {
        let _ = f.take(4096).read_to_string(&mut text);
    }
    let mut pid = None;
    let mut command = String::new();
    for l in text.lines() {
        if let Some(p) = l.strip_prefix("pid ") {
            pid = p.trim().parse().ok();
        } else if let Some(c) = l.strip_prefix("command ") {
            command = c.chars().take(200).collect();
        }
    }
    (pid, command)
}

impl FolderLock {
    /// Lock the existing folder `dir` for this process; `command` names what holds it (shown
    /// to a process that finds it busy). Never waits: a held lock is an error at once.
    pub fn acquire(dir: &Path, command: &str) -> Result<FolderLock, LockError> {
        let path = dir.join(LOCK_FILE);
        let io = |error| LockError::Io {
            path: path.clone(),
            error,
        };
        // A few rounds at most: each retry means another process removed the file between our
        // open and our lock, i.e. it released the folder.
        for _ in 0..100 {
            let mut file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .map_err(io)?;
            match file.try_lock() {
                Ok(()) => {}
                Err(fs::TryLockError::WouldBlock) => {
                    // The holder writes its pid right after locking: give it a moment.
                    let mut seen = holder(&path);
                    for _ in 0..20 {
                        if seen.0.is_some() {
                            break;
                        }
                        std::thread::sleep(std::time::Duration::from_millis(5));
                        seen = holder(&path);
                    }
                    return Err(LockError::Busy {
                        dir: dir.to_path_buf(),
                        pid: seen.0,
                        command: seen.1,
                    });
                }
                Err(fs::TryLockError::Error(e)) => return Err(io(e)),
            }
            if !same_file(&file, &path) {
                // Released and removed by its holder after we opened it: start again.
                continue;
            }
            let line = format!(
                "pid {}\ncommand {}\n",
                std::process::id(),
                command.replace(['\n', '\r'], " ")
            );
            (|| {
                file.set_len(0)?;
                file.seek(SeekFrom::Start(0))?;
                file.write_all(line.as_bytes())?;
                file.flush()
            })()
            .map_err(io)?;
            return Ok(FolderLock { file, path });
        }
        Err(io(std::io::Error::other(
            "the lock file keeps being replaced by other processes",
        )))
    }

    /// The lock file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for FolderLock {
    fn drop(&mut self) {
        // Remove the file while still holding the lock, so that whoever locks the old file
        // next sees it is gone and starts again; the lock itself goes with the file handle.
        if same_file(&self.file, &self.path) {
            let _ = fs::remove_file(&self.path);
        }
        let _ = self.file.unlock();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn second_lock_is_refused_and_release_removes_the_file() {
        let d = std::env::temp_dir().join(format!("lotr-sim-lock-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        let a = FolderLock::acquire(&d, "run --out x").unwrap();
        match FolderLock::acquire(&d, "run") {
            Err(LockError::Busy { pid, command, .. }) => {
                assert_eq!(pid, Some(std::process::id()));
                assert_eq!(command, "run --out x");
            }
            other => panic!("{other:?}"),
        }
        assert!(a.path().exists());
        drop(a);
        assert!(!d.join(LOCK_FILE).exists());
        // A stale file (no process holds its lock) is taken over.
        fs::write(d.join(LOCK_FILE), "pid 999999999\ncommand run\n").unwrap();
        let b = FolderLock::acquire(&d, "merge").unwrap();
        assert_eq!(holder(b.path()), (Some(std::process::id()), "merge".into()));
        drop(b);
        fs::remove_dir_all(&d).unwrap();
    }
}
