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
        say_skipped(&format!(
            "{why} needs `{program}`; install it (.ci/run does)"
        ));
    }
    found
}

/// Prints why a test is skipped where the user sees it: straight to
/// standard error, which the test harness does not capture (its
/// `eprintln!` capture would hide the line for a test that passes).
pub fn say_skipped(why: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "skipped: {why}");
}
