//! What the command-line tests share: the built binary, run as a user runs
//! it from the project folder, and its output as text.

use std::process::{Command, Output};

pub fn tool() -> Command {
    Command::new(env!("CARGO_BIN_EXE_chess-kit-docs"))
}

pub fn run(args: &[&str]) -> Output {
    tool().args(args).output().expect("the binary runs")
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Whether `program` runs here; if not, says why the test is skipped (a
/// machine with only Rust runs the tests; `.ci/run` installs the rest).
pub fn have(program: &str, why: &str) -> bool {
    // Installed when it starts at all (poppler's tools answer `--version`
    // with an error).
    let found = Command::new(program).arg("--version").output().is_ok();
    if !found {
        eprintln!("skipped: {why} needs `{program}`; install it (.ci/run does)");
    }
    found
}
