//! The checks of open rulebooks, on a thread of their own, so that the
//! server answers requests (hover, completion, shutdown) while a long
//! check runs: a 50 MB paste takes seconds to check. Each check is a
//! [`ChunkedCheck`], which re-checks only the parts of the book an edit
//! touched, through the same code `check` and `build` use; its findings
//! are turned into the protocol's diagnostics here too, against the text
//! that was checked.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::Arc;
use std::thread;

use crossbeam_channel::{Receiver, Sender, unbounded};

use super::document::LineIndex;
use super::features;
use crate::incremental::ChunkedCheck;

/// One rulebook's text to check, as it stood at `generation`.
pub struct Job {
    pub key: String,
    pub uri: ls_types::Uri,
    pub generation: u64,
    pub version: i32,
    pub path: PathBuf,
    /// The editor's text, shared, not copied: a paste may be 50 MB.
    pub text: Arc<String>,
    /// The index of `text`, for the diagnostics' positions.
    pub index: Arc<LineIndex>,
    /// The last check of the document, whose untouched parts this check
    /// reuses.
    pub previous: Option<Arc<ChunkedCheck>>,
}

/// A check done: stale, and dropped, when its document changed since
/// `generation`.
pub struct Done {
    pub key: String,
    pub generation: u64,
    pub check: Arc<ChunkedCheck>,
    /// The `publishDiagnostics` message of the check, written out as JSON
    /// here: for a large book, writing it would hold the server's answers
    /// up.
    pub publish: String,
}

/// Starts the checking thread: jobs in, results out. It ends when the
/// jobs' sender is dropped.
pub fn spawn() -> (Sender<Job>, Receiver<Done>) {
    let (jobs_tx, jobs) = unbounded::<Job>();
    let (done_tx, done) = unbounded::<Done>();
    thread::spawn(move || {
        while let Ok(first) = jobs.recv() {
            for job in newest(first, &jobs) {
                let Some(result) = run(job) else { continue };
                if done_tx.send(result).is_err() {
                    return;
                }
            }
        }
    });
    (jobs_tx, done)
}

/// `first` and every job already waiting, the newest of each document
/// only: an older text's check would be stale before it began.
fn newest(first: Job, jobs: &Receiver<Job>) -> Vec<Job> {
    let mut out = vec![first];
    while let Ok(job) = jobs.try_recv() {
        match out.iter_mut().find(|j| j.key == job.key) {
            Some(older) if older.generation <= job.generation => *older = job,
            Some(_) => {}
            None => out.push(job),
        }
    }
    out
}

/// A notification as the protocol writes it, serialised straight from
/// its params (a large book's diagnostics are megabytes of JSON).
#[derive(serde::Serialize)]
struct Notification<'a, P> {
    jsonrpc: &'static str,
    method: &'static str,
    params: &'a P,
}

fn run(job: Job) -> Option<Done> {
    let checked = catch_unwind(AssertUnwindSafe(|| {
        let check = ChunkedCheck::check(&job.path, &job.text, job.previous.as_deref());
        let diagnostics = check
            .diags
            .iter()
            .map(|d| features::diagnostic(&job.index, &job.text, d))
            .collect();
        let params = ls_types::PublishDiagnosticsParams {
            uri: job.uri.clone(),
            diagnostics,
            version: Some(job.version),
        };
        let publish = serde_json::to_string(&Notification {
            jsonrpc: "2.0",
            method: "textDocument/publishDiagnostics",
            params: &params,
        });
        (Arc::new(check), publish)
    }));
    let Ok((check, Ok(publish))) = checked else {
        eprintln!(
            "chess-kit-docs lsp: checking {} failed",
            crate::paths::shown(&job.path)
        );
        return None;
    };
    Some(Done {
        key: job.key,
        generation: job.generation,
        check,
        publish,
    })
}
