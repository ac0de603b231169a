//! The protocol's framing on standard input and output: a `Content-Length`
//! header, then a JSON body. lsp-server reads messages too, but ends the
//! connection on the first malformed one; an editor (or a fuzzer) that
//! sends one gets an error response here, and the server goes on.

use std::io::{self, BufRead, Read, Write};
use std::thread;

use crossbeam_channel::{Receiver, Sender, unbounded};
use lsp_server::{ErrorCode, Message, Notification, RequestId, Response};
use serde::Deserialize;
use serde::de::IgnoredAny;

/// The largest message body read; a larger one is skipped with an error.
/// An editor's messages are a book's text at most (a few hundred KB).
const MAX_BODY: usize = 64 << 20;

/// What the server writes: a message, or an error response that lsp-server
/// cannot express (one whose request id is unknown, JSON `null`).
pub enum Outgoing {
    Message(Message),
    Raw(String),
}

impl From<Message> for Outgoing {
    fn from(m: Message) -> Outgoing {
        Outgoing::Message(m)
    }
}

pub struct IoThreads {
    reader: thread::JoinHandle<()>,
    writer: thread::JoinHandle<()>,
}

impl IoThreads {
    /// Waits for the writer to send what is queued. The reader is not
    /// waited for: it may be blocked on standard input, which the process's
    /// exit closes.
    pub fn join(self) {
        let _ = self.writer.join();
        drop(self.reader);
    }
}

/// The messages read from standard input, the sender of those written to
/// standard output, and the two threads that do it.
pub fn stdio() -> (Receiver<Message>, Sender<Outgoing>, IoThreads) {
    let (out_tx, out_rx) = unbounded::<Outgoing>();
    let (in_tx, in_rx) = unbounded::<Message>();
    let writer = thread::spawn(move || {
        let stdout = io::stdout();
        let mut stdout = stdout.lock();
        for out in out_rx {
            if write(&mut stdout, &out).is_err() {
                break;
            }
        }
    });
    let errors = out_tx.clone();
    let reader = thread::spawn(move || {
        let stdin = io::stdin();
        read_all(&mut stdin.lock(), &in_tx, &errors);
    });
    (in_rx, out_tx, IoThreads { reader, writer })
}

/// Reads messages until the input ends or an `exit` notification: each
/// good one goes to `messages`, and each bad one gets its error response.
pub fn read_all(input: &mut impl BufRead, messages: &Sender<Message>, errors: &Sender<Outgoing>) {
    loop {
        let body = match read_frame(input) {
            Ok(Some(body)) => body,
            Ok(None) => return,
            Err(Frame::Bad(reason)) => {
                let _ = errors.send(Outgoing::Raw(error_json(
                    None,
                    ErrorCode::ParseError,
                    &reason,
                )));
                continue;
            }
            Err(Frame::Io) => return,
        };
        match message(&body) {
            Ok(msg) => {
                let exit = matches!(&msg, Message::Notification(n) if n.method == "exit");
                if messages.send(msg).is_err() || exit {
                    return;
                }
            }
            Err(e) => {
                let _ = errors.send(Outgoing::Raw(malformed(&body, &e)));
            }
        }
    }
}

/// The message of `body`. A notification (no request id) is read straight
/// into its fields: `Message` is an untagged enum, which buffers the whole
/// body and copies a 50 MB paste's text once for each kind it tries, and
/// that held up the answer to the next request. Anything else, and any body
/// that this does not read, is read as `Message`, which gives the same
/// notification or the error.
fn message(body: &[u8]) -> serde_json::Result<Message> {
    // An object only: an array would be read as the struct's fields in
    // order, as `Message` does not read it.
    if body.trim_ascii_start().starts_with(b"{")
        && let Ok(n) = serde_json::from_slice::<Unnumbered>(body)
        && n.id.is_none()
    {
        return Ok(Message::Notification(Notification {
            method: n.method,
            params: n.params,
        }));
    }
    serde_json::from_slice::<Message>(body)
}

/// A message read as a notification: its method and parameters, and
/// whether it has an id (a `null` one is none, as lsp-server reads it).
#[derive(Deserialize)]
struct Unnumbered {
    #[serde(default)]
    id: Option<IgnoredAny>,
    method: String,
    #[serde(default)]
    params: serde_json::Value,
}

enum Frame {
    /// The header or body cannot be read as a message; reading goes on at
    /// the next header.
    Bad(String),
    /// The input failed or ended inside a message.
    Io,
}

/// One message's body, `None` at the end of the input.
fn read_frame(input: &mut impl BufRead) -> Result<Option<Vec<u8>>, Frame> {
    let mut length: Option<Result<usize, String>> = None;
    let mut line = Vec::new();
    let mut any = false;
    loop {
        line.clear();
        let n = input
            .take(MAX_HEADER as u64)
            .read_until(b'\n', &mut line)
            .map_err(|_| Frame::Io)?;
        if n == 0 {
            return if any { Err(Frame::Io) } else { Ok(None) };
        }
        any = true;
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            break;
        }
        // After a frame whose length could not be read, its body runs into
        // the next header (`{…}Content-Length: 52`): the header is found
        // there, so reading picks up again at the next message.
        if let Some(at) = text.to_ascii_lowercase().rfind(CONTENT_LENGTH) {
            let value = text[at + CONTENT_LENGTH.len()..].trim();
            length = Some(
                value
                    .parse::<usize>()
                    .map_err(|_| format!("bad Content-Length `{value}`")),
            );
        }
    }
    let length = match length {
        None => return Err(Frame::Bad("a message header without Content-Length".into())),
        Some(Err(reason)) => return Err(Frame::Bad(reason)),
        Some(Ok(n)) => n,
    };
    if length > MAX_BODY {
        io::copy(&mut input.take(length as u64), &mut io::sink()).map_err(|_| Frame::Io)?;
        return Err(Frame::Bad(format!(
            "a message of {length} bytes, more than the {MAX_BODY} read"
        )));
    }
    let mut body = vec![0; length];
    input.read_exact(&mut body).map_err(|_| Frame::Io)?;
    Ok(Some(body))
}

/// The header that gives a body's length, as matched (case-insensitively).
const CONTENT_LENGTH: &str = "content-length:";

/// A header line longer than this is not a header.
const MAX_HEADER: usize = 4096;

/// The error response to a body that is not a message: to its request when
/// it has a usable id (an invalid request), else to none (a parse error).
fn malformed(body: &[u8], error: &serde_json::Error) -> String {
    match serde_json::from_slice::<serde_json::Value>(body) {
        Ok(value) => {
            let id = value.get("id").and_then(|id| match id {
                serde_json::Value::Number(n) => n
                    .as_i64()
                    .and_then(|n| i32::try_from(n).ok())
                    .map(RequestId::from),
                serde_json::Value::String(s) => Some(RequestId::from(s.clone())),
                _ => None,
            });
            error_json(
                id,
                ErrorCode::InvalidRequest,
                &format!("not a request, response or notification: {error}"),
            )
        }
        Err(_) => error_json(
            None,
            ErrorCode::ParseError,
            &format!("the message is not JSON: {error}"),
        ),
    }
}

fn error_json(id: Option<RequestId>, code: ErrorCode, message: &str) -> String {
    let id = match id {
        Some(id) => serde_json::to_value(&id).unwrap_or(serde_json::Value::Null),
        None => serde_json::Value::Null,
    };
    serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": { "code": code as i32, "message": message },
    })
    .to_string()
}

fn write(out: &mut impl Write, message: &Outgoing) -> io::Result<()> {
    match message {
        Outgoing::Message(m) => m.write(out),
        Outgoing::Raw(text) => {
            write!(out, "Content-Length: {}\r\n\r\n", text.len())?;
            out.write_all(text.as_bytes())?;
            out.flush()
        }
    }
}

/// An error response to a request, as lsp-server builds it.
pub fn error_response(id: RequestId, code: ErrorCode, message: impl Into<String>) -> Message {
    Message::Response(Response::new_err(id, code as i32, message.into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> (Vec<Message>, Vec<String>) {
        let (tx, rx) = unbounded();
        let (etx, erx) = unbounded();
        read_all(&mut io::Cursor::new(input.to_vec()), &tx, &etx);
        drop((tx, etx));
        let errors = erx
            .into_iter()
            .map(|o| match o {
                Outgoing::Raw(s) => s,
                Outgoing::Message(m) => format!("{m:?}"),
            })
            .collect();
        (rx.into_iter().collect(), errors)
    }

    fn framed(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    #[test]
    fn bad_messages_get_errors_and_reading_goes_on() {
        let good = r#"{"jsonrpc":"2.0","id":7,"method":"shutdown"}"#;
        let input = [
            framed("{not json"),
            framed(r#"{"jsonrpc":"2.0","id":3,"method":5}"#),
            "Content-Type: x\r\n\r\n".to_string(),
            "Content-Length: many\r\n\r\n".to_string(),
            framed(good),
        ]
        .concat();
        let (messages, errors) = frames(input.as_bytes());
        assert_eq!(messages.len(), 1, "{messages:?}");
        assert!(matches!(&messages[0], Message::Request(r) if r.method == "shutdown"));
        assert_eq!(errors.len(), 4, "{errors:?}");
        assert!(errors[0].contains("\"id\":null") && errors[0].contains("-32700"));
        assert!(errors[0].contains("not JSON"), "{}", errors[0]);
        // A request whose method is not a string: an invalid request, to its id.
        assert!(errors[1].contains("\"id\":3") && errors[1].contains("-32600"));
        assert!(
            errors[2].contains("without Content-Length"),
            "{}",
            errors[2]
        );
        assert!(errors[3].contains("bad Content-Length"), "{}", errors[3]);
    }

    /// A body after a length that does not parse is not skipped (its size
    /// is unknown); reading picks up at the header that follows it.
    #[test]
    fn reading_picks_up_at_the_next_header_after_a_bad_length() {
        let lost = r#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#;
        let pretty = "{\n  \"jsonrpc\": \"2.0\",\n\n  \"id\": 2\n}";
        let input = [
            format!("Content-Length: 4x\r\n\r\n{lost}"),
            framed(r#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#),
            format!("content-length: -1\r\n\r\n{pretty}"),
            framed(r#"{"jsonrpc":"2.0","id":4,"method":"shutdown"}"#),
        ]
        .concat();
        let (messages, errors) = frames(input.as_bytes());
        let ids: Vec<String> = messages
            .iter()
            .map(|m| match m {
                Message::Request(r) => r.id.to_string(),
                other => format!("{other:?}"),
            })
            .collect();
        assert_eq!(ids, ["3", "4"], "{errors:?}");
        assert!(errors[0].contains("bad Content-Length `4x`"), "{errors:?}");
    }

    /// Each body reads as the message, or fails with the error, that
    /// lsp-server's `Message` gives it: the notification's shortcut changes
    /// no reading.
    #[test]
    fn a_notification_reads_as_lsp_server_reads_it() {
        let bodies = [
            r#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"text":"a\n\"b\""}}"#,
            r#" {"method":"initialized"}"#,
            r#"{"method":"x","params":[1],"id":null,"extra":true}"#,
            r#"{"params":{},"method":"x","id":4}"#,
            r#"{"id":"a","method":"x"}"#,
            r#"{"id":4,"result":null}"#,
            r#"{"id":4.5,"method":"x"}"#,
            r#"{"method":7}"#,
            r#"{"method":"x","method":"y"}"#,
            r#"[null,"x",{}]"#,
            r#"["x",{}]"#,
            r#"{"method":"x""#,
            "",
        ];
        for body in bodies {
            let ours = format!("{:?}", message(body.as_bytes()));
            let theirs = format!("{:?}", serde_json::from_slice::<Message>(body.as_bytes()));
            assert_eq!(ours, theirs, "{body}");
        }
        // The shortcut is taken: a notification, its text unescaped.
        let Ok(Message::Notification(n)) = message(bodies[0].as_bytes()) else {
            panic!("not a notification");
        };
        assert_eq!(n.params["text"], "a\n\"b\"");
    }

    #[test]
    fn a_body_cut_short_ends_the_input_without_a_message() {
        let (messages, errors) = frames(b"Content-Length: 100\r\n\r\n{\"id\"");
        assert!(messages.is_empty() && errors.is_empty());
    }

    #[test]
    fn reading_stops_after_exit() {
        let input = [
            framed(r#"{"jsonrpc":"2.0","method":"exit"}"#),
            framed(r#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#),
        ]
        .concat();
        let (messages, _) = frames(input.as_bytes());
        assert_eq!(messages.len(), 1);
    }
}
