//! What the benches that compare builds share: the binaries to run in
//! turn and how many rounds.

use std::path::PathBuf;

/// This build's binary, then those named in `CHESS_KIT_DOCS_BINS`
/// (colon-separated: a release to compare with).
pub fn tools() -> Vec<PathBuf> {
    let mut tools = vec![PathBuf::from(env!("CARGO_BIN_EXE_chess-kit-docs"))];
    if let Ok(others) = std::env::var("CHESS_KIT_DOCS_BINS") {
        tools.extend(
            others
                .split(':')
                .filter(|s| !s.is_empty())
                .map(PathBuf::from),
        );
    }
    tools
}

/// The rounds asked for on the command line (`-- 1`), else 3.
pub fn rounds() -> usize {
    std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(3)
}
