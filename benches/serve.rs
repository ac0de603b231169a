//! `serve`, as the author sees it: from saving a one-diagram edit of the
//! current edition's `rules/rules.md` to the reload event reaching an open
//! page, read by a client on the reload stream. Wall time, so the
//! machine's load shows in it; the median of 30 saves is printed, with
//! the server's own rebuild times.
//!
//! `cargo bench --bench serve`

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const TOOL: &str = env!("CARGO_BIN_EXE_chess-kit-docs");
const SAVES: usize = 30;

/// Reads and drops what the stream says until it has been quiet for 300 ms.
fn drain(events: &mut BufReader<TcpStream>) {
    let quiet = Duration::from_millis(300);
    events.get_ref().set_read_timeout(Some(quiet)).unwrap();
    let mut line = String::new();
    while events.read_line(&mut line).is_ok_and(|n| n > 0) {
        line.clear();
    }
    events
        .get_ref()
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("rules");
    std::fs::create_dir(&rules).unwrap();
    for f in ["rules.md", "rules_contents.csv"] {
        std::fs::copy(Path::new("rules").join(f), rules.join(f)).unwrap();
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut server = Command::new(TOOL)
        .args(["serve", "rules", "--port", &port.to_string()])
        .current_dir(dir.path())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut said = BufReader::new(server.stderr.take().unwrap());
    let mut line = String::new();
    while !line.contains("serving") {
        line.clear();
        assert!(said.read_line(&mut line).unwrap() > 0, "serve stopped");
    }
    let said = std::thread::spawn(move || {
        said.lines()
            .map_while(Result::ok)
            .filter_map(|l| {
                let ms = l.split(" in ").nth(1)?.split(" ms").next()?;
                ms.parse::<u64>().ok()
            })
            .collect::<Vec<_>>()
    });

    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .write_all(b"GET /__livereload?since=0 HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut events = BufReader::new(stream);
    let book = rules.join("rules.md");
    let text = std::fs::read_to_string(&book).unwrap();
    let edited = text.replacen("arrow: d4, c6, grey", "arrow: d4, b5, grey", 1);
    assert_ne!(text, edited);
    let mut times = Vec::new();
    for i in 0..SAVES {
        // Quiet first, so each save is its own rebuild: a save that came
        // as two writes (truncate, then write) may have made two.
        drain(&mut events);
        let started = Instant::now();
        std::fs::write(&book, if i % 2 == 0 { &edited } else { &text }).unwrap();
        let mut line = String::new();
        loop {
            line.clear();
            assert!(events.read_line(&mut line).unwrap() > 0, "stream closed");
            if line.starts_with("event: reload") {
                break;
            }
        }
        times.push(started.elapsed());
        if std::env::var_os("SERVE_BENCH_TRACE").is_some() {
            eprintln!("save {i}: {:?}", started.elapsed());
        }
    }
    // SAFETY: signalling the child we started.
    unsafe {
        libc::kill(server.id() as i32, libc::SIGINT);
    }
    server.wait().unwrap();
    let mut rebuilds = said.join().unwrap();
    times.sort();
    rebuilds.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "serve, save -> reload event, one diagram of rules/rules.md edited, {SAVES} saves: median {:.0} ms (fastest {:.0}, slowest {:.0})",
        ms(times[SAVES / 2]),
        ms(times[0]),
        ms(times[SAVES - 1])
    );
    if !rebuilds.is_empty() {
        println!(
            "  of which the rebuild (serve's own line): median {} ms, {} rebuilds",
            rebuilds[rebuilds.len() / 2],
            rebuilds.len()
        );
    }
}
