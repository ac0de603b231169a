//! `chess-kit-docs lsp`: a language server on standard input and output,
//! so an editor shows the rules engine's findings as the author types.
//!
//! Built on rust-analyzer's own crates: `lsp-server` (a synchronous loop
//! over channels, no async runtime: a check takes milliseconds, so
//! requests are answered in order on one thread) and `ls-types` (the
//! protocol's types; the maintained fork of `lsp-types`, whose release
//! would add a second `bitflags` to the tree).
//!
//! A document is checked from the editor's text, never from disk, with the
//! settings of its book root read afresh each time (they are a small file),
//! so a change to them applies at the next check. Changes that arrive
//! together are checked once: the check starts when no message is waiting.
//! It runs on a thread of its own ([`checker`]), so requests are answered
//! while it runs; a request about the document waits for it at most
//! [`WAIT_FOR_CHECK`] (not at all for a very large text), and a check whose
//! document changed since is dropped.

mod checker;
mod document;
mod features;
/// The protocol's framing; public for the fuzzer.
pub mod transport;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender, TryRecvError, select};
use ls_types::{
    CodeActionParams, CompletionParams, DidChangeTextDocumentParams, DidCloseTextDocumentParams,
    DidOpenTextDocumentParams, DidSaveTextDocumentParams, DocumentSymbolParams, HoverParams,
    PublishDiagnosticsParams, Uri,
};
use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use self::document::{Document, Encoding, LineIndex};
use self::transport::{Outgoing, error_response};
use crate::diagnostic::Diagnostic;
use crate::incremental::ChunkedCheck;

/// How long a request about a document waits for the check of its latest
/// text before it is answered without one: a check of a book of usual size
/// takes milliseconds.
pub const WAIT_FOR_CHECK: Duration = Duration::from_millis(50);

/// A text this long (a very large paste) takes seconds to check: a request
/// about it is answered at once, never held up by its check.
const NO_WAIT_BYTES: usize = 1 << 20;

/// Runs the server on standard input and output until the editor says
/// `exit`. The exit code is 0 after a `shutdown` request, 1 otherwise (as
/// the protocol asks).
pub fn run_stdio() -> u8 {
    let (incoming, outgoing, threads) = transport::stdio();
    let code = Server::new(outgoing).run(&incoming);
    threads.join();
    code
}

struct Open {
    uri: Uri,
    path: PathBuf,
    doc: Document,
    /// A rulebook, checked; other files (the settings) are only followed.
    rulebook: bool,
    check: Option<Arc<ChunkedCheck>>,
    /// Where the document's latest change (or that of what it is checked
    /// with) stands in the server's count: a check of an older one is stale.
    generation: u64,
    /// The generation `check` was made from.
    checked: Option<u64>,
}

impl Open {
    /// The check of the document's text as it stands now, if done.
    fn current(&self) -> Option<&ChunkedCheck> {
        (self.checked == Some(self.generation))
            .then_some(self.check.as_deref())
            .flatten()
    }
}

struct Server {
    out: Sender<Outgoing>,
    encoding: Encoding,
    docs: HashMap<String, Open>,
    /// Documents changed since they were last checked.
    dirty: BTreeSet<String>,
    /// Other files whose problems were last published (the settings).
    elsewhere: BTreeSet<String>,
    shutdown: bool,
    watch_files: bool,
    /// The drawings hovers link to, made at the first hover.
    drawings: Option<features::Drawings>,
    /// The checking thread: texts to check, and their checks.
    jobs: Sender<checker::Job>,
    done: Receiver<checker::Done>,
    /// Changes counted across documents, so a document closed and opened
    /// again never takes an older check for its own.
    changes: u64,
}

impl Server {
    fn new(out: Sender<Outgoing>) -> Server {
        let (jobs, done) = checker::spawn();
        Server {
            out,
            encoding: Encoding::Utf16,
            docs: HashMap::new(),
            dirty: BTreeSet::new(),
            elsewhere: BTreeSet::new(),
            shutdown: false,
            watch_files: false,
            drawings: None,
            jobs,
            done,
            changes: 0,
        }
    }

    fn run(&mut self, incoming: &Receiver<Message>) -> u8 {
        // Until `initialize`, a request is refused and a notification
        // dropped, as the protocol asks.
        loop {
            match incoming.recv() {
                Ok(Message::Request(r)) if r.method == "initialize" => {
                    self.initialize(r);
                    break;
                }
                Ok(Message::Request(r)) => self.send(error_response(
                    r.id,
                    ErrorCode::ServerNotInitialized,
                    "the server is not initialized yet",
                )),
                Ok(Message::Notification(n)) if n.method == "exit" => return 1,
                Ok(_) => {}
                Err(_) => return 1,
            }
        }
        loop {
            while let Ok(done) = self.done.try_recv() {
                self.finished(done);
            }
            let message = match incoming.try_recv() {
                Ok(m) => m,
                Err(TryRecvError::Empty) => {
                    self.check_changed();
                    select! {
                        recv(incoming) -> m => match m {
                            Ok(m) => m,
                            Err(_) => return self.exit_code(),
                        },
                        recv(self.done) -> done => {
                            if let Ok(done) = done {
                                self.finished(done);
                            }
                            continue;
                        }
                    }
                }
                Err(TryRecvError::Disconnected) => return self.exit_code(),
            };
            match message {
                Message::Notification(n) if n.method == "exit" => return self.exit_code(),
                Message::Request(r) => {
                    if let Some(uri) = r.params["textDocument"]["uri"].as_str() {
                        let key = uri.to_string();
                        self.wait_for_check(&key);
                    }
                    let id = r.id.clone();
                    let method = r.method.clone();
                    let reply =
                        catch_unwind(AssertUnwindSafe(|| self.request(r))).unwrap_or_else(|_| {
                            Err((
                                ErrorCode::InternalError,
                                format!("`{method}` failed inside the server"),
                            ))
                        });
                    self.send(match reply {
                        Ok(result) => Message::Response(Response::new_ok(id, result)),
                        Err((code, message)) => error_response(id, code, message),
                    });
                }
                Message::Notification(n) => {
                    let method = n.method.clone();
                    if catch_unwind(AssertUnwindSafe(|| self.notification(n))).is_err() {
                        eprintln!("chess-kit-docs lsp: `{method}` failed inside the server");
                    }
                }
                // The editor's answer to our registration: nothing to do.
                Message::Response(_) => {}
            }
        }
    }

    fn exit_code(&self) -> u8 {
        if self.shutdown { 0 } else { 1 }
    }

    fn send(&self, message: Message) {
        let _ = self.out.send(Outgoing::Message(message));
    }

    fn notify(&self, method: &str, params: impl serde::Serialize) {
        self.send(Message::Notification(Notification::new(
            method.to_string(),
            params,
        )));
    }

    fn initialize(&mut self, r: Request) {
        let caps = &r.params["capabilities"];
        // Bytes when the editor can count them, else UTF-16 units.
        let offered = caps["general"]["positionEncodings"].as_array();
        if offered.is_some_and(|list| list.iter().any(|e| e == "utf-8")) {
            self.encoding = Encoding::Utf8;
        }
        self.watch_files = caps["workspace"]["didChangeWatchedFiles"]["dynamicRegistration"]
            .as_bool()
            .unwrap_or(false);
        let result = json!({
            "capabilities": {
                "positionEncoding": match self.encoding {
                    Encoding::Utf8 => "utf-8",
                    Encoding::Utf16 => "utf-16",
                },
                "textDocumentSync": {
                    "openClose": true,
                    "change": 2,
                    "save": { "includeText": false },
                },
                "hoverProvider": true,
                "codeActionProvider": { "codeActionKinds": ["quickfix"] },
                "completionProvider": { "triggerCharacters": [" ", ",", ":", "#"] },
                "documentSymbolProvider": true,
            },
            "serverInfo": { "name": "chess-kit-docs", "version": env!("CARGO_PKG_VERSION") },
        });
        self.send(Message::Response(Response::new_ok(r.id, result)));
    }

    /// After `initialized`: ask to hear of changes to the settings, the
    /// contents files and the styles, which the editor may not have open.
    fn watch(&self) {
        if !self.watch_files {
            return;
        }
        // Any TOML: the settings may name a style file anywhere.
        let watchers: Vec<Value> = ["**/*.toml", "**/*.csv", "**/templates/html/*"]
            .iter()
            .map(|glob| json!({ "globPattern": glob }))
            .collect();
        let params = json!({ "registrations": [{
            "id": "chess-kit-docs-settings",
            "method": "workspace/didChangeWatchedFiles",
            "registerOptions": { "watchers": watchers },
        }]});
        self.send(Message::Request(Request::new(
            RequestId::from("chess-kit-docs-watch".to_string()),
            "client/registerCapability".to_string(),
            params,
        )));
    }

    fn notification(&mut self, n: Notification) {
        match n.method.as_str() {
            "initialized" => self.watch(),
            "textDocument/didOpen" => {
                let Some(p) = params::<DidOpenTextDocumentParams>(n.params) else {
                    return;
                };
                let item = p.text_document;
                let path = path_of(&item.uri);
                // Only a rulebook of a book root is checked, as `build`
                // picks its books: a README or notes get no findings.
                let rulebook = crate::settings::is_rulebook(&path);
                let key = item.uri.as_str().to_string();
                self.changes += 1;
                self.docs.insert(
                    key.clone(),
                    Open {
                        uri: item.uri,
                        path,
                        doc: Document::new(item.text, item.version, self.encoding),
                        rulebook,
                        check: None,
                        generation: self.changes,
                        checked: None,
                    },
                );
                if rulebook {
                    self.dirty.insert(key);
                }
            }
            "textDocument/didChange" => {
                let Some(p) = params::<DidChangeTextDocumentParams>(n.params) else {
                    return;
                };
                let key = p.text_document.uri.as_str().to_string();
                self.changes += 1;
                if let Some(open) = self.docs.get_mut(&key) {
                    open.doc.apply(p.content_changes, p.text_document.version);
                    if open.rulebook {
                        open.generation = self.changes;
                        self.dirty.insert(key);
                    } else {
                        self.all_dirty();
                    }
                }
            }
            "textDocument/didClose" => {
                let Some(p) = params::<DidCloseTextDocumentParams>(n.params) else {
                    return;
                };
                let key = p.text_document.uri.as_str().to_string();
                self.dirty.remove(&key);
                if let Some(open) = self.docs.remove(&key)
                    && open.rulebook
                {
                    self.publish(open.uri, Vec::new(), None);
                }
            }
            "textDocument/didSave" => {
                let Some(p) = params::<DidSaveTextDocumentParams>(n.params) else {
                    return;
                };
                // A rulebook is checked from the editor's text already;
                // saving anything else may change what it is checked with.
                let key = p.text_document.uri.as_str();
                if !self.docs.get(key).is_some_and(|o| o.rulebook) {
                    self.all_dirty();
                }
            }
            "workspace/didChangeWatchedFiles" => self.all_dirty(),
            _ => {}
        }
    }

    fn all_dirty(&mut self) {
        self.changes += 1;
        for (key, open) in self.docs.iter_mut().filter(|(_, o)| o.rulebook) {
            open.generation = self.changes;
            self.dirty.insert(key.clone());
        }
    }

    /// Sends every changed rulebook's text to be checked.
    fn check_changed(&mut self) {
        for key in std::mem::take(&mut self.dirty) {
            let Some(open) = self.docs.get(&key) else {
                continue;
            };
            let job = checker::Job {
                key,
                uri: open.uri.clone(),
                generation: open.generation,
                version: open.doc.version,
                path: open.path.clone(),
                text: Arc::clone(&open.doc.text),
                index: Arc::clone(&open.doc.index),
                previous: open.check.clone(),
            };
            let _ = self.jobs.send(job);
        }
    }

    /// A check done: kept and published, unless its document has changed
    /// since (a newer check is on its way) or was closed.
    fn finished(&mut self, done: checker::Done) {
        let Some(open) = self.docs.get_mut(&done.key) else {
            return;
        };
        if done.generation != open.generation {
            return;
        }
        // A large book's check takes long to free: not on this thread.
        if let Some(old) = open.check.replace(done.check)
            && old.len >= NO_WAIT_BYTES
        {
            std::thread::spawn(move || drop(old));
        }
        open.checked = Some(done.generation);
        let _ = self.out.send(Outgoing::Raw(done.publish));
        self.publish_elsewhere();
    }

    /// Waits, at most [`WAIT_FOR_CHECK`], for the check of the document
    /// `key`'s latest text, publishing the checks that arrive meanwhile.
    fn wait_for_check(&mut self, key: &str) {
        let deadline = Instant::now() + WAIT_FOR_CHECK;
        loop {
            let waiting = self.docs.get(key).is_some_and(|o| {
                o.rulebook && o.current().is_none() && o.doc.text.len() < NO_WAIT_BYTES
            });
            if !waiting {
                return;
            }
            self.check_changed();
            match self.done.recv_deadline(deadline) {
                Ok(done) => self.finished(done),
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return,
            }
        }
    }

    /// The settings' problems, at the settings file: published when some
    /// open rulebook's check found them, and cleared when none does.
    fn publish_elsewhere(&mut self) {
        let mut by_file: BTreeMap<PathBuf, Vec<&Diagnostic>> = BTreeMap::new();
        for open in self.docs.values() {
            for d in open.check.iter().flat_map(|c| &c.elsewhere) {
                by_file.entry(d.path.clone()).or_default().push(d);
            }
        }
        let mut now = BTreeSet::new();
        let mut messages = Vec::new();
        for (path, diags) in by_file {
            let Some(uri) = uri_of(&path) else { continue };
            let mut shown: Vec<ls_types::Diagnostic> = Vec::new();
            // One file's problems all quote the same text: index it once.
            let text = diags
                .iter()
                .find_map(|d| d.source.as_ref())
                .map_or("", |s| s.text.as_str());
            let index = LineIndex::new(text, self.encoding);
            for d in diags {
                let one = features::diagnostic(&index, text, d);
                if !shown.contains(&one) {
                    shown.push(one);
                }
            }
            now.insert(uri.as_str().to_string());
            messages.push((uri, shown));
        }
        for gone in self.elsewhere.difference(&now) {
            if let Ok(uri) = gone.parse::<Uri>() {
                messages.push((uri, Vec::new()));
            }
        }
        self.elsewhere = now;
        for (uri, diagnostics) in messages {
            self.publish(uri, diagnostics, None);
        }
    }

    fn publish(&self, uri: Uri, diagnostics: Vec<ls_types::Diagnostic>, version: Option<i32>) {
        self.notify(
            "textDocument/publishDiagnostics",
            PublishDiagnosticsParams {
                uri,
                diagnostics,
                version,
            },
        );
    }

    fn request(&mut self, r: Request) -> Result<Value, (ErrorCode, String)> {
        if self.shutdown {
            return Err((
                ErrorCode::InvalidRequest,
                "the server is shutting down".to_string(),
            ));
        }
        match r.method.as_str() {
            "shutdown" => {
                self.shutdown = true;
                Ok(Value::Null)
            }
            "textDocument/hover" => {
                let p: HoverParams = request_params(r.params)?;
                let at = p.text_document_position_params;
                let Some(open) = self.docs.get(at.text_document.uri.as_str()) else {
                    return Ok(Value::Null);
                };
                let Some(check) = open.current() else {
                    return Ok(Value::Null);
                };
                let offset = open.doc.offset(at.position);
                let style = style_of(check);
                if self.drawings.is_none() {
                    self.drawings = features::Drawings::new();
                }
                to_value(features::hover(
                    &open.doc,
                    check,
                    &style,
                    offset,
                    self.drawings.as_mut(),
                ))
            }
            "textDocument/codeAction" => {
                let p: CodeActionParams = request_params(r.params)?;
                let Some((open, check)) = self.checked(&p.text_document.uri) else {
                    return Ok(json!([]));
                };
                let settings = self.settings_file(&open.path);
                to_value(features::code_actions(
                    &open.uri,
                    &open.doc,
                    check,
                    p.range,
                    settings.as_ref(),
                ))
            }
            "textDocument/completion" => {
                let p: CompletionParams = request_params(r.params)?;
                let at = p.text_document_position;
                let Some((open, check)) = self.checked(&at.text_document.uri) else {
                    return Ok(json!([]));
                };
                let offset = open.doc.offset(at.position);
                to_value(features::completions(&open.doc, check, offset))
            }
            "textDocument/documentSymbol" => {
                let p: DocumentSymbolParams = request_params(r.params)?;
                let Some((open, check)) = self.checked(&p.text_document.uri) else {
                    return Ok(json!([]));
                };
                to_value(features::symbols(&open.doc, check))
            }
            method => Err((
                ErrorCode::MethodNotFound,
                format!("`{method}` is not a request this server answers"),
            )),
        }
    }

    /// An open rulebook and the check of its text as it stands; none while
    /// that check is still running (past [`WAIT_FOR_CHECK`]).
    fn checked(&self, uri: &Uri) -> Option<(&Open, &ChunkedCheck)> {
        let open = self.docs.get(uri.as_str())?;
        Some((open, open.current()?))
    }

    /// The settings file of the rulebook at `path`: the editor's copy when
    /// it has one open, else the disk's.
    fn settings_file(&self, path: &Path) -> Option<features::SettingsFile> {
        let file = features::settings_path(path);
        let uri = uri_of(&file)?;
        Some(match self.docs.get(uri.as_str()) {
            Some(open) => features::SettingsFile {
                uri,
                text: Some(String::clone(&open.doc.text)),
                version: Some(open.doc.version),
                encoding: self.encoding,
            },
            None => features::SettingsFile {
                uri,
                text: crate::book::read_regular_text(&file).ok(),
                version: None,
                encoding: self.encoding,
            },
        })
    }
}

/// The style diagrams are drawn in for the book's settings.
fn style_of(check: &ChunkedCheck) -> crate::style::Style {
    check.settings.style.clone()
}

/// A notification's parameters; a malformed one is dropped with a word on
/// standard error (a notification has no reply to carry an error).
fn params<P: DeserializeOwned>(value: Value) -> Option<P> {
    serde_json::from_value(value)
        .map_err(|e| eprintln!("chess-kit-docs lsp: a notification's parameters: {e}"))
        .ok()
}

fn request_params<P: DeserializeOwned>(value: Value) -> Result<P, (ErrorCode, String)> {
    serde_json::from_value(value).map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
}

fn to_value(v: impl serde::Serialize) -> Result<Value, (ErrorCode, String)> {
    serde_json::to_value(v).map_err(|e| (ErrorCode::InternalError, e.to_string()))
}

/// The file a URI names; one that is not a file (an unsaved buffer) is
/// checked as if it stood in the current folder.
fn path_of(uri: &Uri) -> PathBuf {
    if let Some(path) = uri.to_file_path() {
        return path.into_owned();
    }
    let name = uri.as_str().rsplit(['/', ':']).next().unwrap_or("untitled");
    PathBuf::from(if name.is_empty() { "untitled" } else { name })
}

fn uri_of(path: &Path) -> Option<Uri> {
    let absolute = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().ok()?.join(path)
    };
    Uri::from_file_path(absolute)
}
