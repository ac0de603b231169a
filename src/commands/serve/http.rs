//! `serve`'s web server: std's sockets, one thread a connection, one
//! request a connection (`Connection: close`), GET and HEAD only; the
//! request head is parsed by httparse. tiny_http 0.12 served before: its
//! thread pool could leave a new connection queued behind a browser's idle
//! keep-alive connections, and the page never finished loading.

use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The longest request head read; a browser's is under 2 KiB.
const MAX_HEAD: usize = 16 * 1024;
/// How long a client may take to send its whole request head, or to take
/// a write (shorter in unit tests, which wait it out).
const PATIENCE: Duration = Duration::from_secs(if cfg!(test) { 1 } else { 10 });

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
    /// connection: `wake` makes one), each on a thread of its own, at most
    /// [`MAX_CONNECTIONS`] at once; past that a connection is told 503 at
    /// once. When `accept` fails (no file descriptor left), it waits before
    /// trying again rather than spinning.
    pub fn run(
        &self,
        stopped: impl Fn() -> bool,
        handle: impl Fn(TcpStream) + Clone + Send + 'static,
    ) {
        let open = Arc::new(AtomicUsize::new(0));
        let mut backoff = Duration::ZERO;
        loop {
            let accepted = self.listener.accept();
            if stopped() {
                return;
            }
            let stream = match accepted {
                Ok((stream, _)) => {
                    backoff = Duration::ZERO;
                    stream
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => {
                    backoff =
                        (backoff * 2).clamp(Duration::from_millis(10), Duration::from_secs(1));
                    std::thread::sleep(backoff);
                    continue;
                }
            };
            if open.load(Ordering::Acquire) >= MAX_CONNECTIONS {
                busy(stream);
                continue;
            }
            let held = Held::new(&open);
            let handle = handle.clone();
            // A thread that cannot be made drops the connection (and `held`).
            let _ = std::thread::Builder::new().spawn(move || {
                let _held = held;
                handle(stream)
            });
        }
    }
}

/// The most connections served at once: a browser opens six a page, and
/// each open page holds one for its reload events.
pub const MAX_CONNECTIONS: usize = 128;

/// One connection counted as open while this lives.
struct Held(Arc<AtomicUsize>);

impl Held {
    fn new(open: &Arc<AtomicUsize>) -> Held {
        open.fetch_add(1, Ordering::AcqRel);
        Held(Arc::clone(open))
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The answer to a connection past the limit, sent without reading the
/// request and without waiting on the client.
fn busy(mut stream: TcpStream) {
    let _ = stream.set_write_timeout(Some(Duration::from_millis(100)));
    let text = "Too many connections; try again\n";
    let _ = write!(
        stream,
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\nRetry-After: 1\r\nConnection: close\r\n\r\n{text}",
        text.len()
    );
    let _ = stream.shutdown(Shutdown::Write);
}

/// Unblocks a `run` waiting for a connection.
pub fn wake(addr: SocketAddr) {
    let _ = TcpStream::connect_timeout(&addr, Duration::from_secs(1));
}

/// Reads one request head. `Err` is the answer to send instead (400, 405,
/// 431), or `None` when the client sent nothing or went away.
pub fn read_request(stream: &mut TcpStream) -> Result<Request, Option<Response>> {
    stream.set_write_timeout(Some(PATIENCE)).map_err(|_| None)?;
    let port = stream.local_addr().map_err(|_| None)?.port();
    // The whole head within PATIENCE: a client that sends a byte now and
    // then does not hold a connection for long.
    let deadline = Instant::now() + PATIENCE;
    let mut head = Vec::with_capacity(2048);
    let mut chunk = [0u8; 2048];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(None);
        }
        stream.set_read_timeout(Some(left)).map_err(|_| None)?;
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
                if let Some(host) = parsed
                    .headers
                    .iter()
                    .find(|h| h.name.eq_ignore_ascii_case("host"))
                    && !is_local_host(host.value, port)
                {
                    return Err(Some(plain(
                        403,
                        "This server answers only localhost, 127.0.0.1 and [::1] at its port",
                    )));
                }
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

/// Whether a `Host` header names this machine at the server's port: a
/// page elsewhere that made its own name lead here (DNS rebinding) sends
/// its own name, and is refused.
fn is_local_host(value: &[u8], port: u16) -> bool {
    let Ok(value) = std::str::from_utf8(value) else {
        return false;
    };
    let Some((name, given)) = value.trim().rsplit_once(':') else {
        return false;
    };
    given.parse::<u16>() == Ok(port)
        && (name.eq_ignore_ascii_case("localhost") || name == "127.0.0.1" || name == "[::1]")
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
        403 => "Forbidden",
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
    /// `{port}` in `sent` stands for the server's port.
    fn exchange(sent: &[u8]) -> String {
        let addr = echo_server();
        let sent = String::from_utf8_lossy(sent).replace("{port}", &addr.port().to_string());
        let mut client = TcpStream::connect(addr).unwrap();
        client.write_all(sent.as_bytes()).unwrap();
        let mut answer = String::new();
        client.read_to_string(&mut answer).unwrap();
        answer
    }

    /// A server on a free port that answers each request with its target.
    fn echo_server() -> SocketAddr {
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
        addr
    }

    #[test]
    fn a_get_is_answered_and_the_connection_closed() {
        let a = exchange(b"GET /rules/a%20b.html?x=1 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n");
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

    /// A page elsewhere whose name was made to lead here (DNS rebinding)
    /// sends its own name: only this machine's names at this port pass.
    #[test]
    fn only_this_machines_names_at_its_port_are_answered() {
        for host in [
            "127.0.0.1:{port}",
            "localhost:{port}",
            "LocalHost:{port}",
            "[::1]:{port}",
        ] {
            let a = exchange(format!("GET /x HTTP/1.1\r\nHost: {host}\r\n\r\n").as_bytes());
            assert!(a.starts_with("HTTP/1.1 200 "), "{host}: {a}");
        }
        for host in [
            "evil.example:{port}",
            "127.0.0.1",
            "localhost",
            "127.0.0.1:1",
            "127.0.0.1.evil.example:{port}",
            "",
        ] {
            let a = exchange(format!("GET /x HTTP/1.1\r\nHost: {host}\r\n\r\n").as_bytes());
            assert!(a.starts_with("HTTP/1.1 403 "), "{host}: {a}");
            assert!(a.contains("answers only localhost"), "{host}: {a}");
        }
    }

    /// A client that sends a byte now and then is cut off when the whole
    /// head has taken PATIENCE, not kept while each byte comes in time.
    #[test]
    fn a_head_sent_slowly_is_cut_off_at_the_deadline() {
        let addr = echo_server();
        let mut client = TcpStream::connect(addr).unwrap();
        let started = Instant::now();
        let mut closed = false;
        for byte in b"GET /slow HTTP/1.1\r\nX-Drip: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" {
            std::thread::sleep(Duration::from_millis(100));
            if client.write_all(&[*byte]).is_err() {
                closed = true;
                break;
            }
        }
        // Eight seconds of drip: cut off after PATIENCE, long before its end.
        assert!(closed, "the slow client was never cut off");
        assert!(
            started.elapsed() < PATIENCE * 3,
            "held for {:?}",
            started.elapsed()
        );
    }

    /// Past the limit a connection is told 503 at once; once the others
    /// close, connections are served again.
    #[test]
    fn connections_past_the_limit_are_told_to_come_back() {
        let addr = echo_server();
        let idle: Vec<TcpStream> = (0..MAX_CONNECTIONS)
            .map(|_| TcpStream::connect(addr).unwrap())
            .collect();
        // Each idle connection is counted when accepted: wait until the
        // server has taken them all.
        let deadline = Instant::now() + Duration::from_secs(10);
        let busy = loop {
            let mut client = TcpStream::connect(addr).unwrap();
            client
                .set_read_timeout(Some(Duration::from_secs(5)))
                .unwrap();
            let _ = client.write_all(b"GET /late HTTP/1.1\r\n\r\n");
            let mut answer = String::new();
            let _ = client.read_to_string(&mut answer);
            if answer.starts_with("HTTP/1.1 503 ") || Instant::now() > deadline {
                break answer;
            }
        };
        assert!(
            busy.starts_with("HTTP/1.1 503 Service Unavailable\r\n"),
            "{busy}"
        );
        assert!(busy.contains("Retry-After: 1\r\n"), "{busy}");
        drop(idle);
        let deadline = Instant::now() + Duration::from_secs(10);
        let served = loop {
            let a = exchange_with(addr, b"GET /again HTTP/1.1\r\n\r\n");
            if a.starts_with("HTTP/1.1 200 ") || Instant::now() > deadline {
                break a;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(served.ends_with("/again\n"), "{served}");
    }

    fn exchange_with(addr: SocketAddr, sent: &[u8]) -> String {
        let mut client = TcpStream::connect(addr).unwrap();
        client
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        let _ = client.write_all(sent);
        let mut answer = String::new();
        let _ = client.read_to_string(&mut answer);
        answer
    }
}
