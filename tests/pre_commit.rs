//! The pre-commit hook (`.pre-commit-hooks.yaml`) run by pre-commit itself,
//! as a rulebook repository runs it: `pre-commit try-repo` on a scratch
//! repository holding the bundled rulebooks, with the tool just built on
//! the PATH (the `-installed` hook; the cargo-built one runs the same
//! command). CI installs pre-commit from PyPI (`.ci/run`). The `-wheel`
//! hook, which installs the Python wheel, is run the same way by
//! `.ci/wheel`, which builds that wheel first.

#[allow(dead_code)]
mod support;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn git(dir: &Path, args: &[&str]) {
    let o = Command::new("git")
        .args(["-c", "user.name=ckd", "-c", "user.email=ckd@example.org"])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git runs");
    assert!(
        o.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

fn try_repo(dir: &Path) -> Output {
    let tool = PathBuf::from(env!("CARGO_BIN_EXE_chess-kit-docs"));
    let path = format!(
        "{}:{}",
        tool.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // pre-commit takes hooks from a git repository: this one, or, for the
    // crate as packaged (no `.git`), a scratch repository holding only its
    // `.pre-commit-hooks.yaml`, which is all the `-installed` hook needs.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scratch = tempfile::tempdir().unwrap();
    let hooks = if root.join(".git").exists() {
        root.to_path_buf()
    } else {
        let hooks = scratch.path().to_path_buf();
        std::fs::copy(
            root.join(".pre-commit-hooks.yaml"),
            hooks.join(".pre-commit-hooks.yaml"),
        )
        .expect("the crate packages .pre-commit-hooks.yaml");
        git(&hooks, &["init", "-q"]);
        git(&hooks, &["add", "-A"]);
        git(&hooks, &["commit", "-qm", "the hooks"]);
        hooks
    };
    Command::new("pre-commit")
        .arg("try-repo")
        .arg(&hooks)
        .args(["chess-kit-docs-check-installed", "--all-files"])
        .current_dir(dir)
        .env("PATH", path)
        // pre-commit keeps its environments here; a fresh one per run.
        .env("PRE_COMMIT_HOME", dir.join(".pre-commit-home"))
        .output()
        .expect("pre-commit is installed (`pip install pre-commit`, as .ci/run does)")
}

#[test]
fn the_hook_passes_a_good_book_and_stops_a_commit_with_a_broken_diagram() {
    if !support::have(
        "pre-commit",
        "running the hook as a rulebook repository does",
    ) {
        return;
    }
    let scratch = tempfile::tempdir().unwrap();
    let repo = scratch.path();
    let rules = repo.join("rules");
    std::fs::create_dir(&rules).unwrap();
    for entry in std::fs::read_dir("rules").unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            std::fs::copy(&path, rules.join(path.file_name().unwrap())).unwrap();
        }
    }
    std::fs::write(repo.join(".gitignore"), ".pre-commit-home/\n").unwrap();
    git(repo, &["init", "-q"]);
    git(repo, &["add", "-A"]);
    git(repo, &["commit", "-qm", "the rulebooks"]);

    let o = try_repo(repo);
    let out = String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("chess-kit-docs check (installed tool)") && out.contains("Passed"),
        "{out}"
    );

    // One misspelt line in a diagram: the hook fails and says where and why.
    let book = rules.join("rules.md");
    let text = std::fs::read_to_string(&book).unwrap();
    std::fs::write(&book, text.replacen("    arrow:", "    arow:", 1)).unwrap();
    let o = try_repo(repo);
    let out = String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{out}");
    assert!(out.contains("Failed"), "{out}");
    assert!(out.contains("unknown line name `arow`"), "{out}");
    assert!(out.contains("did you mean `arrow`?"), "{out}");
    assert!(out.contains("rules/rules.md:"), "{out}");
}

/// The `-wheel` hook's package (the pyproject.toml at the top, which
/// pre-commit installs) depends on the chess-kit-docs wheel of this very
/// version, so a release's hook runs that release.
#[test]
fn the_wheel_hook_installs_this_version() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    if !root.join("python/pyproject.toml").exists() {
        support::say_skipped(
            "no python/pyproject.toml here (a packaged crate has no wheel to build)",
        );
        return;
    }
    let shim = std::fs::read_to_string(root.join("pyproject.toml")).unwrap();
    let version = env!("CARGO_PKG_VERSION");
    let lines: Vec<&str> = shim.lines().collect();
    assert!(
        lines.contains(&format!("version = \"{version}\"").as_str()),
        "{shim}"
    );
    assert!(
        lines.contains(&format!("dependencies = [\"chess-kit-docs=={version}\"]").as_str()),
        "{shim}"
    );
    // The wheel's own version is Cargo.toml's: maturin reads it there.
    let wheel = std::fs::read_to_string(root.join("python/pyproject.toml")).unwrap();
    assert!(wheel.contains("dynamic = [\"version\"]"), "{wheel}");
    let hooks = std::fs::read_to_string(root.join(".pre-commit-hooks.yaml")).unwrap();
    assert!(
        hooks.contains("- id: chess-kit-docs-check-wheel"),
        "{hooks}"
    );
    assert!(hooks.contains(&format!("rev: v{version}")), "{hooks}");
}
