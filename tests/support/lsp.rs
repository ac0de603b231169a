//! An editor's side of `chess-kit-docs lsp`: framed JSON-RPC on the
//! server's standard input and output, for the tests that drive it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const TOOL: &str = env!("CARGO_BIN_EXE_chess-kit-docs");
const WAIT: Duration = Duration::from_secs(30);

pub struct Client {
    pub child: Child,
    pub stdin: ChildStdin,
    incoming: mpsc::Receiver<Value>,
    /// Messages read while waiting for another.
    pub held: Vec<Value>,
    next_id: i64,
}

impl Client {
    pub fn start() -> Client {
        Client::start_in(Path::new("."))
    }

    /// The server, started in the folder `cwd`.
    pub fn start_in(cwd: &Path) -> Client {
        Client::start_tool(Path::new(TOOL), cwd)
    }

    /// The server of the binary `tool` (another build, to compare with).
    pub fn start_tool(tool: &Path, cwd: &Path) -> Client {
        let mut child = Command::new(tool)
            .args(["lsp", "--stdio"])
            .current_dir(cwd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the tool starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, incoming) = mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if r.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(v) = line.strip_prefix("Content-Length: ") {
                        length = v.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; length.expect("a Content-Length header")];
                if r.read_exact(&mut body).is_err() {
                    return;
                }
                let _ = tx.send(serde_json::from_slice(&body).expect("the server writes JSON"));
            }
        });
        Client {
            child,
            stdin,
            incoming,
            held: Vec::new(),
            next_id: 1,
        }
    }

    pub fn initialized(capabilities: Value) -> Client {
        let mut c = Client::start();
        let reply = c.request(
            "initialize",
            json!({ "processId": null, "rootUri": null, "capabilities": capabilities }),
        );
        assert!(
            reply["result"]["capabilities"]["hoverProvider"] == true,
            "{reply}"
        );
        c.notify("initialized", json!({}));
        c
    }

    pub fn write_raw(&mut self, body: &[u8]) {
        write!(self.stdin, "Content-Length: {}\r\n\r\n", body.len()).unwrap();
        self.stdin.write_all(body).unwrap();
        self.stdin.flush().unwrap();
    }

    pub fn send(&mut self, message: Value) {
        self.write_raw(message.to_string().as_bytes());
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    pub fn request(&mut self, method: &str, params: Value) -> Value {
        self.request_within(WAIT, method, params)
    }

    /// [`Client::request`], its answer awaited for as long as `limit`.
    pub fn request_within(&mut self, limit: Duration, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        self.wait_at_most(limit, |m| m["id"] == id && m.get("method").is_none())
    }

    /// The next message `wanted` takes, keeping the others for later.
    pub fn wait(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        self.wait_at_most(WAIT, wanted)
    }

    /// [`Client::wait`], for as long as `limit`.
    pub fn wait_at_most(&mut self, limit: Duration, wanted: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.held.iter().position(&wanted) {
            return self.held.remove(i);
        }
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let m = self
                .incoming
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no such message in {limit:?}; held: {:?}", self.held));
            if wanted(&m) {
                return m;
            }
            self.held.push(m);
        }
    }

    /// The next diagnostics published for `uri`.
    pub fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        let m = self.wait(|m| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
        });
        m["params"]["diagnostics"].as_array().unwrap().clone()
    }

    pub fn open(&mut self, uri: &str, text: &str) -> Vec<Value> {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": {
                "uri": uri, "languageId": "markdown", "version": 1, "text": text,
            }}),
        );
        self.diagnostics(uri)
    }

    pub fn change(&mut self, uri: &str, version: i64, range: Value, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri, "version": version },
                "contentChanges": [{ "range": range, "text": text }],
            }),
        );
    }

    pub fn shutdown(mut self) -> i32 {
        let reply = self.request("shutdown", Value::Null);
        assert_eq!(reply["result"], Value::Null, "{reply}");
        self.notify("exit", Value::Null);
        drop(self.stdin);
        let status = self.child.wait().unwrap();
        status.code().unwrap_or(-1)
    }
}
