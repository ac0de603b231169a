//! The version `--version` prints: the crate's, and the commit it was built
//! from with that commit's date, `0.1.0 (5055dec 2026-11-29)`.
//!
//! The commit comes from `CHESS_KIT_DOCS_COMMIT` when it is set (the
//! release workflow sets it; set and empty means none), else from git when
//! the crate's folder is a git checkout (it has a `.git`). A crate from
//! crates.io or a wheel's source distribution has none and prints the
//! version alone; so does a checkout where git cannot be run.
//!
//! The script runs again only when the commit can have changed: when HEAD
//! or the branch it points to moves (the files git keeps them in), or the
//! variable changes. Every other build reuses its answer, so nothing is
//! compiled again for it. After a commit, the next build compiles this
//! crate again (cargo recompiles every target of a package whose build
//! script ran), as it would after an edit; `CHESS_KIT_DOCS_COMMIT=` (set,
//! empty) in the environment leaves git out and the version alone.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=CHESS_KIT_DOCS_COMMIT");
    let version = std::env::var("CARGO_PKG_VERSION").expect("cargo sets CARGO_PKG_VERSION");
    let commit = match std::env::var("CHESS_KIT_DOCS_COMMIT") {
        Ok(given) => Some(given.trim().to_string()).filter(|c| !c.is_empty()),
        Err(_) => from_git(Path::new(
            &std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
        )),
    };
    let full = match commit {
        Some(commit) => format!("{version} ({commit})"),
        None => version,
    };
    println!("cargo:rustc-env=CHESS_KIT_DOCS_VERSION={full}");
}

/// `5055dec 2026-11-29`: HEAD's short hash and its commit date, when `dir`
/// is the top of a git checkout. Names the files HEAD is read from for
/// `rerun-if-changed`.
fn from_git(dir: &Path) -> Option<String> {
    // Only this crate's own checkout: a packaged copy unpacked inside some
    // other repository (target/package/, a vendored tree) names no commit.
    if !dir.join(".git").exists() {
        return None;
    }
    // HEAD names the branch (or, detached, the commit); the branch's file,
    // or packed-refs once git has packed it, names the commit. A worktree
    // keeps HEAD apart from the shared refs: git says where each is.
    let mut watched = vec![git_path(dir, "HEAD")?];
    if let Some(branch) = git(dir, &["symbolic-ref", "-q", "HEAD"]) {
        watched.push(git_path(dir, &branch)?);
        watched.push(git_path(dir, "packed-refs")?);
    }
    // A path that does not exist would make cargo run the script on every
    // build: name only the files that are there.
    for path in watched.iter().filter(|p| p.exists()) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    git(
        dir,
        &[
            "-c",
            "log.showSignature=false",
            "log",
            "-1",
            "--format=%h %cs",
        ],
    )
}

/// Where git keeps `name` (`HEAD`, `refs/heads/main`, `packed-refs`).
fn git_path(dir: &Path, name: &str) -> Option<PathBuf> {
    git(dir, &["rev-parse", "--git-path", name]).map(|p| dir.join(p))
}

/// git's one line of output, or None when git is missing or fails.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        // A build started from a git hook must not read that hook's
        // repository.
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE")
        .output()
        .ok()?;
    let line = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && !line.is_empty()).then_some(line)
}
