//! A fresh `build` of the current edition, as issue 42 measures it: the
//! two books of `rules/` (`rules.md` and `new_rules.md`, their contents
//! files and `chess-kit-docs.toml`) into an empty folder, and `rules.md`
//! alone. Each binary (this build, and any named in `CHESS_KIT_DOCS_BINS`,
//! colon-separated, to compare with a release) runs in turn, round after
//! round; a round's figure is the children's CPU (user and system) a
//! build, over `RUNS` builds. The median and range over the rounds close.
//!
//! `cargo bench --bench build_edition` (`-- 5` for five rounds)

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

#[path = "support/compare.rs"]
mod compare;
#[path = "support/cpu.rs"]
mod cpu;
use cpu::children_cpu;

const RUNS: u32 = 3;

/// A folder holding `files` of `rules/`.
fn edition(files: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for f in files {
        std::fs::copy(Path::new("rules").join(f), dir.path().join(f)).unwrap();
    }
    dir
}

/// CPU a fresh build of `folder` with `tool`, over `RUNS` builds.
fn fresh_build(tool: &Path, folder: &Path) -> Duration {
    let before = children_cpu();
    for _ in 0..RUNS {
        let out = tempfile::tempdir().unwrap();
        let status = Command::new(tool)
            .args(["build", "-q", "-o"])
            .arg(out.path())
            .arg(folder)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("the tool runs");
        assert_eq!(status.code(), Some(0), "{} failed", tool.display());
    }
    (children_cpu() - before) / RUNS
}

fn main() {
    let (rounds, tools) = (compare::rounds(), compare::tools());
    let both = edition(&[
        "rules.md",
        "rules_contents.csv",
        "new_rules.md",
        "new_rules_contents.csv",
        "chess-kit-docs.toml",
    ]);
    let one = edition(&["rules.md", "rules_contents.csv", "chess-kit-docs.toml"]);
    let cases = [
        ("the current edition", both.path()),
        ("rules.md", one.path()),
    ];
    let mut figures = vec![vec![Vec::new(); tools.len()]; cases.len()];
    for round in 1..=rounds {
        for (t, tool) in tools.iter().enumerate() {
            for (c, (name, folder)) in cases.iter().enumerate() {
                let cpu = fresh_build(tool, folder);
                println!(
                    "round {round}, {}, {name}: {cpu:?} CPU a build",
                    tool.display()
                );
                figures[c][t].push(cpu);
            }
        }
    }
    for (c, (name, _)) in cases.iter().enumerate() {
        for (t, tool) in tools.iter().enumerate() {
            let mut f = figures[c][t].clone();
            f.sort();
            if f.is_empty() {
                continue;
            }
            println!(
                "{name}, {}: median {:?}, range {:?} to {:?} CPU a build",
                tool.display(),
                f[f.len() / 2],
                f[0],
                f[f.len() - 1]
            );
        }
    }
}
