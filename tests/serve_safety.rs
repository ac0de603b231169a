//! `serve` as a user runs it, on what an outside fuzzer and probes found:
//! a request's path is checked before anything is opened, so nothing
//! outside the site (no `/dev/zero`, no FIFO, no link out of it) is read;
//! and the site is built in a fresh private folder, never one planted at
//! the name it once had (`chess-kit-docs-serve-<pid>`); and a FIFO among
//! its inputs (settings, style, contents, image, template, a watched file)
//! holds up neither the first build nor a rebuild.
//!
//! Each server runs with `TMPDIR` set to a folder of the test's own, so its
//! site folder can be found, and is started through `sh`, which says its
//! pid and waits before it becomes `serve`, so that the test can prepare
//! for a given pid.

#![cfg(unix)]

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const TOOL: &str = env!("CARGO_BIN_EXE_chess-kit-docs");
/// Generous for a build: the machine may be busy.
const PATIENCE: Duration = Duration::from_secs(60);
/// What a refused request may take; reading `/dev/zero` or waiting on a
/// FIFO takes longer.
const QUICK: Duration = Duration::from_secs(5);
const PREFIX: &str = "chess-kit-docs-serve-";

const BOOK: &str = "## A\n\n    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . K . . .
";

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(status.success(), "mkfifo {}", path.display());
}

/// A folder to serve from: `rules/book.md`, and `tmp/` for `TMPDIR`.
fn project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("rules")).unwrap();
    std::fs::create_dir(dir.path().join("tmp")).unwrap();
    std::fs::write(dir.path().join("rules/book.md"), BOOK).unwrap();
    dir
}

/// A running `serve`, stopped with Ctrl-C when dropped.
struct Served {
    child: Child,
    _stdin: ChildStdin,
    pid: u32,
    port: u16,
    lines: mpsc::Receiver<String>,
    said: Vec<String>,
}

impl Drop for Served {
    fn drop(&mut self) {
        if self.interrupt(Duration::from_secs(10)).is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

impl Served {
    /// `serve ARGS` in `dir` (`TMPDIR` = `dir/tmp`); `before` runs with the
    /// pid `serve` will have, before it starts. Does not wait for it.
    fn spawn(dir: &Path, args: &[&str], before: impl FnOnce(u32)) -> Served {
        Served::spawn_with_files(dir, args, None, before)
    }

    /// As `spawn`, with at most `files` open file descriptors.
    fn spawn_with_files(
        dir: &Path,
        args: &[&str],
        files: Option<u32>,
        before: impl FnOnce(u32),
    ) -> Served {
        let port = free_port();
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(
                "echo $$; read go; if [ -n \"$NOFILE\" ]; then ulimit -n \"$NOFILE\"; fi; \
                 exec \"$0\" serve \"$@\"",
            )
            .env("NOFILE", files.map(|n| n.to_string()).unwrap_or_default())
            .arg(TOOL)
            .args(args)
            .args(["--port", &port.to_string()])
            .current_dir(dir)
            .env("TMPDIR", dir.join("tmp"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut pid = String::new();
        stdout.read_line(&mut pid).unwrap();
        let pid: u32 = pid.trim().parse().unwrap();
        before(pid);
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"go\n").unwrap();
        let (tx, lines) = mpsc::channel();
        let stderr = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            let _keep = stdout;
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        Served {
            child,
            _stdin: stdin,
            pid,
            port,
            lines,
            said: Vec::new(),
        }
    }

    /// `serve ARGS`, serving.
    fn start(dir: &Path, args: &[&str], before: impl FnOnce(u32)) -> Served {
        let mut served = Served::spawn(dir, args, before);
        served.wait_for("serving http://127.0.0.1:", PATIENCE);
        served
    }

    /// Waits until the server has said `what`.
    fn wait_for(&mut self, what: &str, patience: Duration) {
        if self.said_it(what, patience) {
            return;
        }
        panic!("serve never said `{what}`:\n{}", self.said.join("\n"));
    }

    fn said_it(&mut self, what: &str, patience: Duration) -> bool {
        let deadline = Instant::now() + patience;
        while !self.said.iter().any(|l| l.contains(what)) {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => self.said.push(l),
                Err(_) => return false,
            }
        }
        true
    }

    /// Ctrl-C, and its exit status if it stops within `patience`.
    fn interrupt(&mut self, patience: Duration) -> Option<std::process::ExitStatus> {
        if let Ok(Some(status)) = self.child.try_wait() {
            return Some(status);
        }
        // SAFETY: signalling the child we started.
        unsafe {
            libc::kill(self.pid as i32, libc::SIGINT);
        }
        let deadline = Instant::now() + patience;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        None
    }

    /// Ctrl-C: it stops, with exit 0.
    fn stop(mut self) {
        let status = self.interrupt(PATIENCE);
        assert!(status.is_some_and(|s| s.success()), "{status:?}");
    }

    fn get(&self, path: &str) -> Result<(u16, String), String> {
        get(self.port, path)
    }

    /// Bytes the process has read so far (Linux), to tell whether a
    /// request read a file it refused.
    fn bytes_read(&self) -> Option<u64> {
        let io = std::fs::read_to_string(format!("/proc/{}/io", self.pid)).ok()?;
        io.lines()
            .find_map(|l| l.strip_prefix("rchar:"))
            .and_then(|n| n.trim().parse().ok())
    }
}

/// A port nothing listens on now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `GET path`: its status and body, or why there was none within `QUICK`.
fn get(port: u16, path: &str) -> Result<(u16, String), String> {
    let mut stream =
        std::net::TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    stream.set_read_timeout(Some(QUICK)).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
    )
    .map_err(|e| e.to_string())?;
    let started = Instant::now();
    let mut response = Vec::new();
    let mut buf = [0u8; 1 << 16];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => response.extend_from_slice(&buf[..n]),
            Err(e) => return Err(format!("{path}: no answer within {QUICK:?}: {e}")),
        }
        if started.elapsed() > QUICK {
            return Err(format!("{path}: still answering after {QUICK:?}"));
        }
    }
    let text = String::from_utf8_lossy(&response).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("{path}: not an HTTP response: {text:.200}"))?;
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    Ok((status, body))
}

/// `/..%2f..%2f…` to the absolute `path`, as a page could ask for it.
fn outside(path: &Path) -> String {
    let encoded = path.to_str().unwrap().trim_start_matches('/');
    format!("/{}{}", "..%2f".repeat(16), encoded.replace('/', "%2f"))
}

/// The site folders in `tmp`.
fn site_folders(tmp: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(tmp)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(PREFIX))
        .map(|e| e.path())
        .collect();
    found.sort();
    found
}

#[test]
fn a_path_out_of_the_site_is_refused_before_anything_is_read() {
    let dir = project();
    let secret = dir.path().join("secret.txt");
    std::fs::write(&secret, "SECRET").unwrap();
    let fifo = dir.path().join("pipe");
    mkfifo(&fifo);
    let served = Served::start(dir.path(), &["rules"], |_| {});
    let (status, body) = served.get("/").unwrap();
    assert_eq!(status, 200, "{body:.300}");

    let before = served.bytes_read();
    let (status, _) = served
        .get(&outside(Path::new("/dev/zero")))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(status, 404);
    if let (Some(before), Some(after)) = (before, served.bytes_read()) {
        assert!(
            after - before < 1 << 20,
            "{} bytes read for a refused request",
            after - before
        );
    }
    for probe in [
        outside(&fifo),
        outside(&secret),
        "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd".to_string(),
        "/%2fetc%2fpasswd".to_string(),
        "/..%5c..%5c..%5c..%5cetc%5cpasswd".to_string(),
        "/index.html%00.png".to_string(),
    ] {
        let (status, body) = served.get(&probe).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(status, 404, "{probe}");
        assert!(
            !body.contains("SECRET") && !body.contains("root:"),
            "{probe}"
        );
    }
    served.stop();
}

#[test]
fn nothing_but_a_regular_file_inside_the_site_is_served() {
    let dir = project();
    let secret = dir.path().join("secret.txt");
    std::fs::write(&secret, "SECRET").unwrap();
    let served = Served::start(dir.path(), &["rules"], |_| {});
    let sites = site_folders(&dir.path().join("tmp"));
    assert_eq!(sites.len(), 1, "{sites:?}");
    let html = sites[0].join("html");
    assert!(html.join("index.html").is_file());
    // What someone who could write there would plant.
    symlink(&secret, html.join("secret.html")).unwrap();
    symlink(dir.path(), html.join("up")).unwrap();
    mkfifo(&html.join("pipe.html"));
    std::fs::create_dir(html.join("folder")).unwrap();
    for probe in [
        "/secret.html",
        "/up/secret.txt",
        "/pipe.html",
        "/folder",
        "/folder/",
    ] {
        let (status, body) = served.get(probe).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(status, 404, "{probe}");
        assert!(!body.contains("SECRET"), "{probe}");
    }
    let (status, _) = served.get("/index.html").unwrap();
    assert_eq!(status, 200);
    served.stop();
}

#[test]
fn the_site_folder_is_fresh_private_and_never_one_planted_at_its_old_name() {
    for plant in ["link", "folder"] {
        let dir = project();
        let tmp = dir.path().join("tmp");
        let elsewhere = dir.path().join("elsewhere");
        std::fs::create_dir(&elsewhere).unwrap();
        let mut planted = PathBuf::new();
        let served = Served::start(dir.path(), &["rules"], |pid| {
            planted = tmp.join(format!("{PREFIX}{pid}"));
            if plant == "link" {
                symlink(&elsewhere, &planted).unwrap();
            } else {
                std::fs::create_dir_all(planted.join("html")).unwrap();
                std::fs::write(planted.join("html/index.html"), "PLANTED").unwrap();
            }
        });
        let (status, body) = served.get("/").unwrap();
        assert_eq!(status, 200, "{plant}: {body:.300}");
        assert!(!body.contains("PLANTED"), "{plant}");
        assert_eq!(
            std::fs::read_dir(&elsewhere).unwrap().count(),
            0,
            "{plant}: written through the planted link"
        );
        let fresh: Vec<PathBuf> = site_folders(&tmp)
            .into_iter()
            .filter(|p| *p != planted)
            .collect();
        assert_eq!(fresh.len(), 1, "{plant}: {fresh:?}");
        let name = fresh[0].file_name().unwrap().to_string_lossy().into_owned();
        assert_ne!(name, format!("{PREFIX}{}", served.pid));
        let mode = std::fs::symlink_metadata(&fresh[0])
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o700, "{plant}: {mode:o}");
        served.stop();
        assert!(!fresh[0].exists(), "{plant}: its folder is left behind");
        assert!(
            std::fs::symlink_metadata(&planted).is_ok(),
            "{plant}: what it did not make is not its to remove"
        );
    }
}

/// Each input a FIFO in turn: `serve` still serves, and still rebuilds
/// when the book changes.
#[test]
fn a_fifo_among_the_inputs_holds_nothing_up() {
    let cases: [(&str, &str, &str); 7] = [
        ("the settings", "rules/chess-kit-docs.toml", ""),
        ("the contents", "rules/book_contents.csv", ""),
        ("the style", "rules/style.toml", "style"),
        ("an image", "rules/pic.png", "image"),
        ("a template", "templates/html/page.html", ""),
        ("a watched file", "rules/notes.md", ""),
        ("a watched file made later", "rules/later.md", "later"),
    ];
    let mut held = Vec::new();
    for (what, fifo, extra) in cases {
        let dir = project();
        std::fs::create_dir_all(dir.path().join("templates/html")).unwrap();
        let book = dir.path().join("rules/book.md");
        match extra {
            "style" => std::fs::write(
                dir.path().join("rules/chess-kit-docs.toml"),
                "[build]\nstyle = \"style.toml\"\n",
            )
            .unwrap(),
            "image" => std::fs::write(&book, format!("{BOOK}\n![A picture](pic.png)\n")).unwrap(),
            _ => {}
        }
        if extra != "later" {
            mkfifo(&dir.path().join(fifo));
        }
        let mut served = Served::spawn(dir.path(), &["rules"], |_| {});
        if !served.said_it("serving http://127.0.0.1:", Duration::from_secs(20)) {
            held.push(format!("{what}: the first build"));
            continue;
        }
        if extra == "later" {
            // The watcher starts after the first line; give it a moment.
            std::thread::sleep(Duration::from_millis(500));
            mkfifo(&dir.path().join(fifo));
        }
        // Saved until it is seen: the watcher may start after the first save.
        let mut rebuilt = false;
        for n in 0..20 {
            let text = std::fs::read_to_string(&book).unwrap();
            std::fs::write(&book, format!("{text}\n<!-- {n} -->\n")).unwrap();
            if served.said_it("book.md changed", Duration::from_millis(500)) {
                rebuilt = true;
                break;
            }
        }
        if !rebuilt {
            held.push(format!("{what}: the rebuild"));
            continue;
        }
        let (status, _) = served.get("/").unwrap_or_else(|e| panic!("{what}: {e}"));
        // An image that cannot be read is an error: no site, but an answer.
        assert!(status == 200 || status == 404, "{what}: {status}");
        match served.interrupt(Duration::from_secs(20)) {
            Some(status) => assert!(status.success(), "{what}: {status:?}"),
            None => held.push(format!("{what}: stopping")),
        }
    }
    assert!(held.is_empty(), "held up by a FIFO: {held:#?}");
}

/// CPU time the process has used so far, from `/proc` (Linux).
fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the command name in parentheses: fields 14 and 15 are user and
    // system time in clock ticks (100 a second on Linux).
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// More connections than the server may open files: it neither spins on a
/// failing `accept` nor stops answering once they close, and past its own
/// limit it answers 503 at once.
#[test]
fn more_connections_than_open_files_neither_spin_nor_stop_the_server() {
    if !Path::new("/proc/self/stat").exists() {
        eprintln!("skipped: no /proc here to measure the server's CPU time");
        return;
    }
    let dir = project();
    let served = Served::spawn_with_files(dir.path(), &["rules"], Some(96), |_| {});
    let mut served = served;
    served.wait_for("serving http://127.0.0.1:", PATIENCE);
    let addr = std::net::SocketAddr::from(([127, 0, 0, 1], served.port));
    // Open and silent: more than the 96 files the server may hold, and
    // fewer than those and the listener's queue of 128 together, so none
    // waits for its connection.
    let idle: Vec<std::net::TcpStream> = (0..200)
        .filter_map(|_| std::net::TcpStream::connect_timeout(&addr, Duration::from_secs(1)).ok())
        .collect();
    assert!(idle.len() > 96, "only {} connections opened", idle.len());
    let before = cpu_time(served.pid).unwrap();
    std::thread::sleep(Duration::from_secs(2));
    let spent = cpu_time(served.pid).unwrap() - before;
    assert!(
        spent < Duration::from_millis(500),
        "the server spent {spent:?} of CPU in 2 s with its files used up"
    );
    drop(idle);
    // Once they close, pages are served again (after a back-off of a second
    // at most).
    let deadline = Instant::now() + QUICK * 2;
    let answer = loop {
        let answer = served.get("/book/index.html");
        if matches!(answer, Ok((200, _))) || Instant::now() > deadline {
            break answer;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(matches!(answer, Ok((200, _))), "{answer:?}");
    served.stop();
}

/// Ctrl-C sent the moment the address shows stops the server, even where
/// it was started ignoring Ctrl-C (a background job of a script): the
/// handler is in place before the address is said.
#[test]
fn ctrl_c_as_soon_as_the_address_shows_stops_the_server() {
    let dir = project();
    for _ in 0..3 {
        let port = free_port();
        let mut child = Command::new("sh")
            .arg("-c")
            .arg("trap '' INT; exec \"$0\" serve rules --port \"$1\"")
            .arg(TOOL)
            .arg(port.to_string())
            .current_dir(dir.path())
            .env("TMPDIR", dir.path().join("tmp"))
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut line = String::new();
        while stderr.read_line(&mut line).unwrap_or(0) > 0 && !line.contains("http://127.0.0.1:") {
            line.clear();
        }
        assert!(
            line.contains("http://127.0.0.1:"),
            "serve never said its address"
        );
        // SAFETY: signalling the child we started.
        unsafe {
            libc::kill(child.id() as i32, libc::SIGINT);
        }
        let deadline = Instant::now() + PATIENCE;
        let status = loop {
            if let Ok(Some(status)) = child.try_wait() {
                break Some(status);
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                break None;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(
            status.is_some_and(|s| s.success()),
            "serve did not stop on Ctrl-C: {status:?}"
        );
    }
}
