//! `serve`'s web server: std's sockets, one thread a connection, one
//! request a connection (`Connection: close`), GET and HEAD only; the
//! request head is parsed by httparse. tiny_http 0.12 served before: its
//! thread pool could leave a new connection queued behind a browser's idle
//! keep-alive connections, and the page never finished loading.

use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::time::Duration;

/// The longest request head read; a browser's is under 2 KiB.
const MAX_HEAD: usize = 16 * 1024;
/// How long a client may take to send its request, or to take a write.
const PATIENCE: Duration = Duration::from_secs(10);

/// A request the server answers: its method and target (path and query).
#[derive(Debug, PartialEq, Eq)]
pub struct Request {
    pub head_only: bool,
    pub target: String,
}

/// What to send back.
pub enum Body {
    Bytes(Vec<u8>),
    /// A file opened for the answer, with the length it had then.
    File(std::fs::File, u64),
}

pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Body,
}

/// A bound listener; `addr` to wake it.
pub struct Server {
    listener: TcpListener,
}

impl Server {
    pub fn bind(addr: &str) -> io::Result<Server> {
        Ok(Server {
            listener: TcpListener::bind(addr)?,
        })
    }

    pub fn addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Accepts connections until `stopped` says so (checked after each
    /// connection: `wake` makes one), each on a thread of its own.
    pub fn run(
        &self,
        stopped: impl Fn() -> bool,
        handle: impl Fn(TcpStream) + Clone + Send + 'static,
    ) {
        for stream in self.listener.incoming() {
            if stopped() {
                return;
            }
            let Ok(stream) = stream else { continue };
            let handle = handle.clone();
            std::thread::spawn(move || handle(stream));
        }
    }
}

/// Unblocks a `run` waiting for a connection.
pub fn wake(addr: SocketAddr) {
    let _ = TcpStream::connect_timeout(&addr, Duration::from_secs(1));
}

/// Reads one request head. `Err` is the answer to send instead (400, 405,
/// 431), or `None` when the client sent nothing or went away.
pub fn read_request(stream: &mut TcpStream) -> Result<Request, Option<Response>> {
    stream.set_read_timeout(Some(PATIENCE)).map_err(|_| None)?;
    stream.set_write_timeout(Some(PATIENCE)).map_err(|_| None)?;
    let mut head = Vec::with_capacity(2048);
    let mut chunk = [0u8; 2048];
    loop {
        let n = stream.read(&mut chunk).map_err(|_| None)?;
        if n == 0 {
            return Err(None);
        }
        head.extend_from_slice(&chunk[..n]);
        let mut headers = [httparse::EMPTY_HEADER; 64];
        let mut parsed = httparse::Request::new(&mut headers);
        match parsed.parse(&head) {
            Ok(httparse::Status::Complete(_)) => {
                let (Some(method), Some(target)) = (parsed.method, parsed.path) else {
                    return Err(Some(plain(400, "Bad request")));
                };
                let head_only = match method {
                    "GET" => false,
                    "HEAD" => true,
                    _ => return Err(Some(plain(405, "Only GET and HEAD are served"))),
                };
                return Ok(Request {
                    head_only,
                    target: target.to_string(),
                });
            }
            Ok(httparse::Status::Partial) if head.len() < MAX_HEAD => continue,
            Ok(httparse::Status::Partial) => {
                return Err(Some(plain(431, "Request header too large")));
            }
            Err(httparse::Error::TooManyHeaders) => {
                return Err(Some(plain(431, "Too many request headers")));
            }
            Err(_) => return Err(Some(plain(400, "Bad request"))),
        }
    }
}

/// A short plain-text answer.
pub fn plain(status: u16, text: &str) -> Response {
    Response {
        status,
        content_type: "text/plain; charset=utf-8",
        body: Body::Bytes(format!("{text}\n").into_bytes()),
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        431 => "Request Header Fields Too Large",
        _ => "Error",
    }
}

/// Sends `response` and closes the connection; a client that went away is
/// no error of ours.
pub fn respond(mut stream: TcpStream, response: Response, head_only: bool) {
    let len = match &response.body {
        Body::Bytes(b) => b.len() as u64,
        Body::File(_, len) => *len,
    };
    let allow = if response.status == 405 {
        "Allow: GET, HEAD\r\n"
    } else {
        ""
    };
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {len}\r\nCache-Control: no-store\r\n{allow}Connection: close\r\n\r\n",
        response.status,
        reason(response.status),
        response.content_type,
    );
    let sent = stream.write_all(head.as_bytes()).and_then(|()| {
        if head_only {
            return Ok(());
        }
        match response.body {
            Body::Bytes(b) => stream.write_all(&b),
            // The length read when it was opened, and no more.
            Body::File(file, len) => io::copy(&mut file.take(len), &mut stream).map(drop),
        }
    });
    if sent.is_ok() {
        let _ = stream.flush();
        let _ = stream.shutdown(Shutdown::Write);
    }
}

/// Starts an event stream: its head, then what `next` gives, each written
/// as it comes, until `next` says `None` or the client goes away.
pub fn stream_events(mut stream: TcpStream, mut next: impl FnMut() -> Option<String>) {
    let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: close\r\n\r\nretry: 500\n\n";
    if stream.write_all(head.as_bytes()).is_err() {
        return;
    }
    while let Some(message) = next() {
        if stream.write_all(message.as_bytes()).is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A server on a free port whose every request is answered with its
    /// target; the raw answer to `sent`.
    fn exchange(sent: &[u8]) -> String {
        let server = Server::bind("127.0.0.1:0").unwrap();
        let addr = server.addr().unwrap();
        std::thread::spawn(move || {
            server.run(
                || false,
                |mut stream| match read_request(&mut stream) {
                    Ok(r) => respond(stream, plain(200, &r.target), r.head_only),
                    Err(Some(answer)) => respond(stream, answer, false),
                    Err(None) => {}
                },
            )
        });
        let mut client = TcpStream::connect(addr).unwrap();
        client.write_all(sent).unwrap();
        let mut answer = String::new();
        client.read_to_string(&mut answer).unwrap();
        answer
    }

    #[test]
    fn a_get_is_answered_and_the_connection_closed() {
        let a = exchange(b"GET /rules/a%20b.html?x=1 HTTP/1.1\r\nHost: h\r\n\r\n");
        assert!(a.starts_with("HTTP/1.1 200 OK\r\n"), "{a}");
        assert!(a.contains("Connection: close\r\n"), "{a}");
        assert!(a.contains("Content-Length: 22\r\n"), "{a}");
        assert!(a.ends_with("\r\n\r\n/rules/a%20b.html?x=1\n"), "{a}");
    }

    #[test]
    fn a_head_gets_the_length_without_the_body() {
        let a = exchange(b"HEAD /x HTTP/1.1\r\n\r\n");
        assert!(a.contains("Content-Length: 3\r\n"), "{a}");
        assert!(a.ends_with("\r\n\r\n"), "{a}");
    }

    #[test]
    fn only_get_and_head_are_served() {
        let a = exchange(b"POST /x HTTP/1.1\r\nContent-Length: 0\r\n\r\n");
        assert!(a.starts_with("HTTP/1.1 405 "), "{a}");
        assert!(a.contains("Allow: GET, HEAD\r\n"), "{a}");
    }

    #[test]
    fn a_malformed_or_endless_head_is_refused() {
        let a = exchange(b"GET /x HTTP/1.1\r\nBad Header\r\n\r\n");
        assert!(a.starts_with("HTTP/1.1 400 "), "{a}");
        let mut long = b"GET /x HTTP/1.1\r\n".to_vec();
        while long.len() <= MAX_HEAD {
            long.extend_from_slice(b"X-Filler: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n");
        }
        let a = exchange(&long);
        assert!(a.starts_with("HTTP/1.1 431 "), "{a}");
    }

    /// What failed under tiny_http: more connections at once than it had
    /// idle threads, while others stay open, are all answered.
    #[test]
    fn many_open_connections_do_not_hold_up_a_new_one() {
        let server = Server::bind("127.0.0.1:0").unwrap();
        let addr = server.addr().unwrap();
        std::thread::spawn(move || {
            server.run(
                || false,
                |mut stream| {
                    if let Ok(r) = read_request(&mut stream) {
                        respond(stream, plain(200, &r.target), r.head_only)
                    }
                },
            )
        });
        // Open and silent, as a browser's spare connections are.
        let idle: Vec<TcpStream> = (0..12).map(|_| TcpStream::connect(addr).unwrap()).collect();
        let mut client = TcpStream::connect(addr).unwrap();
        client
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        client.write_all(b"GET /late HTTP/1.1\r\n\r\n").unwrap();
        let mut answer = String::new();
        client.read_to_string(&mut answer).unwrap();
        assert!(answer.ends_with("/late\n"), "{answer}");
        drop(idle);
    }
}
