//! The language server as an editor meets it on a large book, driven over
//! standard input and output. Two figures, printed, for this build and for
//! any other binaries named in `CHESS_KIT_DOCS_BINS` (colon-separated, to
//! compare with a release), taken in turn, round after round:
//!
//! - the server's CPU time per edit of a 10,000-diagram book, each edit
//!   followed by its diagnostics (from `/proc/PID/stat`: the machine is
//!   shared, so CPU rather than wall time): an edit of one diagram (an
//!   arrow's end), and one of a `##` heading (its game unknown, then
//!   known again);
//! - the longest wait for an answer to a hover while a 50 MB paste (the
//!   whole text replaced by a 30,000-diagram book) is checked.
//!
//! `cargo bench --bench lsp` (`-- 1` for one round)

use std::path::Path;
use std::process::Child;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

#[path = "support/compare.rs"]
mod compare;
#[path = "../tests/large/book.rs"]
mod large;
#[path = "../tests/support/lsp.rs"]
mod lsp_client;
use lsp_client::Client;

const EDITS: usize = 10;
/// How long a hover may wait, and the paste's check may take, before the
/// bench gives up on them (the release before took minutes).
const PATIENCE: Duration = Duration::from_secs(600);

/// The CPU time a process has used, from /proc (Linux).
fn cpu_time(child: &Child) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", child.id())).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

fn book(rules: &str, diagrams: usize) -> String {
    let one = large::large_book(rules, 1, 1);
    let per_copy = chess_kit_docs::book::Book::parse(
        chess_kit_docs::source::SourceFile::new("one.md", one),
        &mut Vec::new(),
    )
    .diagrams
    .len();
    large::large_book(rules, per_copy, diagrams)
}

fn initialized(tool: &Path, dir: &Path) -> Client {
    let mut c = Client::start_tool(tool, dir);
    c.request(
        "initialize",
        json!({ "processId": null, "rootUri": null, "capabilities": {} }),
    );
    c.notify("initialized", json!({}));
    c
}

fn diagnostics_of(c: &mut Client, uri: &str, version: i64) -> Vec<Value> {
    let m = c.wait_at_most(PATIENCE, |m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == uri
            && m["params"]["version"] == version
    });
    m["params"]["diagnostics"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// An edit the bench makes, back and forth: on the first line that is
/// `line`, the characters `at` become each of `texts` in turn.
struct Edit {
    line: &'static str,
    at: (u64, u64),
    texts: [&'static str; 2],
}

/// Zombie Chess, diagram 1: an arrow's end moved and back.
const DIAGRAM_EDIT: Edit = Edit {
    line: "    arrow: e5, d4, black",
    at: (15, 17),
    texts: ["d3", "d4"],
};

/// The Zombie Chess heading misspelt and back: its section's game is
/// unknown, then known again.
const HEADING_EDIT: Edit = Edit {
    line: "## Zombie Chess",
    at: (3, 15),
    texts: ["Zombie Chss", "Zombie Chess"],
};

/// CPU per edit of a 10,000-diagram book.
fn cpu_per_edit(tool: &Path, dir: &Path, text: &str, edit: &Edit) -> Duration {
    let path = dir.join("rules.md");
    let uri = format!("file://{}", path.display());
    let mut c = initialized(tool, dir);
    c.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "markdown", "version": 1, "text": text } }),
    );
    diagnostics_of(&mut c, &uri, 1);
    let line = text
        .lines()
        .position(|l| l == edit.line)
        .expect("the seed's line") as u64;
    let (start, mut end) = edit.at;
    let before = cpu_time(&c.child).unwrap_or_default();
    for (i, new) in edit.texts.iter().cycle().take(EDITS).enumerate() {
        let version = i as i64 + 2;
        c.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri, "version": version },
                "contentChanges": [{ "range": {
                    "start": { "line": line, "character": start },
                    "end": { "line": line, "character": end },
                }, "text": new }],
            }),
        );
        end = start + new.len() as u64;
        diagnostics_of(&mut c, &uri, version);
    }
    let spent = cpu_time(&c.child).unwrap_or_default() - before;
    c.shutdown();
    spent / EDITS as u32
}

/// The longest a hover waits for its answer while a 50 MB paste is
/// checked, and how long the paste's diagnostics took.
fn paste_gap(tool: &Path, dir: &Path, small: &str, paste: &str) -> (Duration, Duration) {
    let path = dir.join("rules.md");
    let uri = format!("file://{}", path.display());
    let mut c = initialized(tool, dir);
    c.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "markdown", "version": 1, "text": small } }),
    );
    diagnostics_of(&mut c, &uri, 1);
    let started = Instant::now();
    c.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": uri, "version": 2 },
            "contentChanges": [{ "text": paste }],
        }),
    );
    let sent = started.elapsed();
    let mut longest = Duration::ZERO;
    // When the longest wait's hover was sent, after the paste's start.
    let mut when = Duration::ZERO;
    let done =
        |m: &Value| m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == 2;
    while !c.held.iter().any(done) && started.elapsed() < PATIENCE {
        let asked = Instant::now();
        c.request_within(
            PATIENCE,
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": { "line": 30, "character": 6 } }),
        );
        let waited = asked.elapsed();
        if waited > longest {
            longest = waited;
            when = asked - started;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    diagnostics_of(&mut c, &uri, 2);
    let checked = started.elapsed();
    c.shutdown();
    eprintln!("  (writing the paste took {sent:?}; the longest wait's hover was sent at {when:?})");
    (longest, checked)
}

fn main() {
    let (rounds, tools) = (compare::rounds(), compare::tools());
    let seed = std::fs::read_to_string("tests/seeds/rules.md").unwrap();
    let rules = std::fs::read_to_string("rules/rules.md").unwrap();
    let ten_thousand = book(&seed, 10_000);
    let paste = book(&seed, 30_500);
    let dir = tempfile::tempdir().unwrap();
    for f in ["chess-kit-docs.toml", "rules_contents.csv"] {
        std::fs::copy(Path::new("rules").join(f), dir.path().join(f)).unwrap();
    }
    println!(
        "10,000-diagram book: {} bytes; paste: {} bytes",
        ten_thousand.len(),
        paste.len()
    );
    for round in 1..=rounds {
        for tool in &tools {
            let diagram = cpu_per_edit(tool, dir.path(), &ten_thousand, &DIAGRAM_EDIT);
            let heading = cpu_per_edit(tool, dir.path(), &ten_thousand, &HEADING_EDIT);
            let (gap, checked) = paste_gap(tool, dir.path(), &rules, &paste);
            println!(
                "round {round}, {}: CPU per edit of a diagram {diagram:?}, of a heading {heading:?}; 50 MB paste: longest hover wait {gap:?}, diagnostics after {checked:?}",
                tool.display()
            );
        }
    }
}
