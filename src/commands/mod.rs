//! What each command does, as a library call, one file a command (as
//! mdBook's `src/cmd/`): each takes its options, resolves its settings
//! through [`crate::settings`] and returns a report with its diagnostics.
//! The command line (`cli`) parses the arguments and prints the report;
//! `serve` and the language server call the same code.

use std::time::{Duration, Instant};

use crate::diagnostic::Diagnostic;

pub mod build;
pub mod check;
pub mod clean;
pub mod deck;
pub mod init;
pub mod lsp;
pub mod render;
pub mod serve;

pub use crate::settings::{DEFAULT_OUT, DEFAULT_RULES, STDIN_NAME};

/// A stage of a command and the time it took, for `-v`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    pub what: String,
    pub took: Duration,
}

impl Stage {
    pub(crate) fn since(what: impl Into<String>, started: Instant) -> Stage {
        Stage {
            what: what.into(),
            took: started.elapsed(),
        }
    }
}

/// Why a command stopped.
#[derive(Debug)]
pub enum Failure {
    /// A usage problem, in words (exit code 2).
    Usage(String),
    /// Problems in the input (exit code 1).
    Input(Vec<Diagnostic>),
    /// A problem in the input that has no place in a file, in words (exit code 1).
    Message(String),
}

/// What the commands' tests share.
#[cfg(test)]
pub(crate) mod testing {
    /// A legal board: the two kings.
    pub const BOARD: &str = "    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . K . . .
";

    /// A temporary folder holding `files` (name, text).
    pub fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        dir
    }
}
