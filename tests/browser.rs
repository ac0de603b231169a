//! The HTML site in a real browser: headless Chromium, driven through its
//! DevTools protocol over a pipe (`--remote-debugging-pipe`: JSON messages
//! ending in a NUL byte on file descriptors 3 and 4), so no network and no
//! extra crate is needed. Without Chromium these tests are skipped, with
//! one line that says why; `.ci/run` installs it.

#![cfg(unix)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const TOOL: &str = env!("CARGO_BIN_EXE_chess-kit-docs");
/// Generous: the machine may be busy; nothing here measures speed.
const PATIENCE: Duration = Duration::from_secs(60);

fn chromium_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    // On the PATH, as any other tool the tests use, so that hiding it
    // there (.ci/only-rust) is a machine without it.
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| {
            ["chromium", "chromium-browser", "google-chrome"].map(|name| dir.join(name))
        })
        .find(|p| p.is_file())
}

/// The browser, or `None` after saying (once) why the test is skipped.
fn chromium_or_skip() -> Option<PathBuf> {
    static SAID: std::sync::Once = std::sync::Once::new();
    let found = chromium_path();
    if found.is_none() {
        SAID.call_once(|| {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr().lock(),
                "skipped: the browser tests need Chromium (`chromium` on the PATH, or set CHROMIUM); install it with `apt-get install chromium` (.ci/run does)"
            );
        });
    }
    found
}

struct Browser {
    child: Child,
    to: File,
    events: mpsc::Receiver<Value>,
    /// Messages read while waiting for something else.
    backlog: Vec<Value>,
    next_id: u64,
    session: String,
    _profile: tempfile::TempDir,
}

impl Browser {
    fn launch(chromium: &Path) -> Browser {
        let profile = tempfile::tempdir().unwrap();
        let (to_read, to_write) = std::io::pipe().unwrap();
        let (from_read, from_write) = std::io::pipe().unwrap();
        let to_read: OwnedFd = to_read.into();
        let from_write: OwnedFd = from_write.into();
        let (in_fd, out_fd) = (to_read.as_raw_fd(), from_write.as_raw_fd());
        let mut command = Command::new(chromium);
        command
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-pipe",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        // SAFETY: only async-signal-safe calls (fcntl, dup2) between fork
        // and exec. Both ends move above 4 first, so that placing one at 3
        // or 4 cannot close the other.
        unsafe {
            command.pre_exec(move || {
                let high_in = libc::fcntl(in_fd, libc::F_DUPFD, 10);
                let high_out = libc::fcntl(out_fd, libc::F_DUPFD, 10);
                if high_in < 0
                    || high_out < 0
                    || libc::dup2(high_in, 3) < 0
                    || libc::dup2(high_out, 4) < 0
                {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = command.spawn().expect("chromium starts");
        drop(to_read);
        drop(from_write);
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(File::from(OwnedFd::from(from_read)));
            loop {
                let mut message = Vec::new();
                match reader.read_until(0, &mut message) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        message.pop();
                        if let Ok(v) = serde_json::from_slice::<Value>(&message)
                            && tx.send(v).is_err()
                        {
                            return;
                        }
                    }
                }
            }
        });
        let mut browser = Browser {
            child,
            to: File::from(OwnedFd::from(to_write)),
            events: rx,
            backlog: Vec::new(),
            next_id: 0,
            session: String::new(),
            _profile: profile,
        };
        let target = browser.call("Target.createTarget", json!({"url": "about:blank"}));
        let target_id = target["targetId"].as_str().unwrap().to_string();
        let attached = browser.call(
            "Target.attachToTarget",
            json!({"targetId": target_id, "flatten": true}),
        );
        browser.session = attached["sessionId"].as_str().unwrap().to_string();
        for domain in ["Page.enable", "Runtime.enable", "Log.enable"] {
            browser.call(domain, json!({}));
        }
        browser
    }

    fn next_message(&mut self, deadline: Instant) -> Value {
        let left = deadline.saturating_duration_since(Instant::now());
        self.events
            .recv_timeout(left)
            .expect("the browser answers in time")
    }

    /// Sends a command (to the page, once attached) and waits for its answer.
    fn call(&mut self, method: &str, params: Value) -> Value {
        match self.try_call(method, params) {
            Ok(v) => v,
            Err(m) => panic!("{method}: {m}"),
        }
    }

    /// Like `call`, with the browser's error (a page reloading, say) as `Err`.
    fn try_call(&mut self, method: &str, params: Value) -> Result<Value, Value> {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({"id": id, "method": method, "params": params});
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        let mut bytes = serde_json::to_vec(&message).unwrap();
        bytes.push(0);
        self.to.write_all(&bytes).unwrap();
        let deadline = Instant::now() + PATIENCE;
        loop {
            let m = self.next_message(deadline);
            if m["id"].as_u64() == Some(id) {
                return match m.get("error") {
                    Some(e) => Err(e.clone()),
                    None => Ok(m["result"].clone()),
                };
            }
            self.backlog.push(m);
        }
    }

    /// Opens `url` and waits for its load event.
    fn open(&mut self, url: &str) {
        self.backlog.clear();
        self.call("Page.navigate", json!({"url": url}));
        let deadline = Instant::now() + PATIENCE;
        while !self
            .backlog
            .iter()
            .any(|m| m["method"] == "Page.loadEventFired")
        {
            let m = self.next_message(deadline);
            self.backlog.push(m);
        }
    }

    /// The page's console errors, uncaught exceptions and failed loads so far.
    fn errors(&mut self) -> Vec<String> {
        while let Ok(m) = self.events.try_recv() {
            self.backlog.push(m);
        }
        self.backlog
            .iter()
            .filter_map(|m| match m["method"].as_str()? {
                "Runtime.exceptionThrown" => Some(m["params"]["exceptionDetails"].to_string()),
                "Runtime.consoleAPICalled" if m["params"]["type"] == "error" => {
                    Some(m["params"]["args"].to_string())
                }
                "Log.entryAdded" if m["params"]["entry"]["level"] == "error" => {
                    Some(m["params"]["entry"].to_string())
                }
                _ => None,
            })
            .collect()
    }

    fn eval(&mut self, expression: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true}),
        );
        assert!(r.get("exceptionDetails").is_none(), "{expression}: {r}");
        r["result"]["value"].clone()
    }

    /// `eval` while the page may be reloading: `None` until it answers.
    fn poll(&mut self, expression: &str) -> Option<Value> {
        let r = self
            .try_call(
                "Runtime.evaluate",
                json!({"expression": expression, "returnByValue": true}),
            )
            .ok()?;
        r.get("exceptionDetails")
            .is_none()
            .then(|| r["result"]["value"].clone())
    }

    fn width(&mut self, width: u32, mobile: bool) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": mobile}),
        );
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Builds the bundled books' site into a fresh folder.
fn built_site() -> (tempfile::TempDir, PathBuf) {
    let out = tempfile::tempdir().unwrap();
    let o = Command::new(TOOL)
        .args(["build", "rules", "--out"])
        .arg(out.path())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = out.path().join("html");
    (out, html)
}

fn pages(html: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut dirs = vec![html.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(d).unwrap().filter_map(Result::ok) {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "html") {
                found.push(p);
            }
        }
    }
    found.sort();
    found
}

fn file_url(p: &Path) -> String {
    format!("file://{}", p.display())
}

const DIAGRAM_SIZES: &str = "Array.from(document.querySelectorAll('figure.diagram')).map(f => { const s = f.querySelector('svg'); if (!s) return [f.id, 0, 0]; const r = s.getBoundingClientRect(); return [f.id, r.width, r.height]; })";

#[test]
fn every_page_shows_its_diagrams_without_errors_and_its_links_resolve() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let (_out, html) = built_site();
    let mut browser = Browser::launch(&chromium);
    browser.width(1200, false);
    let mut shown: BTreeSet<String> = BTreeSet::new();
    let mut links: BTreeSet<String> = BTreeSet::new();
    for page in pages(&html) {
        browser.open(&file_url(&page));
        let errors = browser.errors();
        assert!(errors.is_empty(), "{}: {errors:?}", page.display());
        let sizes = browser.eval(DIAGRAM_SIZES);
        for s in sizes.as_array().unwrap() {
            let (id, w, h) = (
                s[0].as_str().unwrap(),
                s[1].as_f64().unwrap(),
                s[2].as_f64().unwrap(),
            );
            assert!(
                w > 10.0 && h > 10.0,
                "{}: {id} is {w} x {h}",
                page.display()
            );
            if !page.ends_with("print.html") {
                let book = page
                    .parent()
                    .unwrap()
                    .file_name()
                    .unwrap()
                    .to_string_lossy();
                shown.insert(format!("{book}/{id}"));
            }
        }
        // Each drawing's pieces and glyphs are its own: every `<use>` finds
        // its definition inside the same drawing.
        let dangling = browser.eval(
            "Array.from(document.querySelectorAll('figure.diagram svg use')).filter(u => { const id = (u.getAttribute('href') || '').slice(1); return !Array.from(u.closest('svg').querySelectorAll('[id]')).some(e => e.id === id); }).length",
        );
        assert_eq!(dangling, 0, "{}", page.display());
        let ids = browser.eval(
            "(() => { const ids = Array.from(document.querySelectorAll('figure.diagram svg [id]')).map(e => e.id); return ids.length - new Set(ids).size; })()",
        );
        assert_eq!(ids, 0, "{}: an id used twice", page.display());
        let hrefs =
            browser.eval("Array.from(document.querySelectorAll('a[href]')).map(a => a.href)");
        for h in hrefs.as_array().unwrap() {
            let h = h.as_str().unwrap();
            if h.starts_with("file://") {
                links.insert(h.to_string());
            }
        }
    }
    // Every diagram of the bundled books, once each on the section pages.
    let mut expected = BTreeSet::new();
    for book in ["rules", "new_rules", "karl"] {
        let mut diags = Vec::new();
        let b = chess_kit_docs::book::Book::load(
            &Path::new("rules").join(format!("{book}.md")),
            &mut diags,
        )
        .unwrap();
        for d in &b.diagrams {
            expected.insert(format!("{book}/diagram-{}", d.image_name));
        }
    }
    assert_eq!(shown, expected);
    // Every internal link reaches a file, and its anchor is on that page.
    assert!(links.len() > 50, "{links:?}");
    let mut texts: BTreeMap<PathBuf, String> = BTreeMap::new();
    for link in &links {
        let rest = link.trim_start_matches("file://");
        let (path, anchor) = match rest.split_once('#') {
            Some((p, a)) => (p, Some(a)),
            None => (rest, None),
        };
        let path = PathBuf::from(path.split('?').next().unwrap());
        assert!(path.is_file(), "broken link {link}");
        if let Some(anchor) = anchor.filter(|a| !a.is_empty()) {
            let text = texts
                .entry(path.clone())
                .or_insert_with(|| std::fs::read_to_string(&path).unwrap());
            assert!(
                text.contains(&format!("id=\"{anchor}\"")),
                "no anchor: {link}"
            );
        }
    }
}

/// The sidebar comes from the book's one toc.js: every page of the book
/// listed, the page shown marked as the current one.
#[test]
fn the_sidebar_lists_every_page_and_marks_the_current_one() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let (_out, html) = built_site();
    let mut browser = Browser::launch(&chromium);
    browser.open(&file_url(&html.join("rules/zombie-chess.html")));
    assert!(browser.errors().is_empty(), "{:?}", browser.errors());
    let listed =
        browser.eval("Array.from(document.querySelectorAll('#toc li a')).map(a => a.textContent)");
    let listed = listed.as_array().unwrap();
    assert_eq!(listed[0], "Contents", "{listed:?}");
    assert!(listed.iter().any(|t| t == "Chess Golf"), "{listed:?}");
    let pages_of_book = pages(&html.join("rules"))
        .into_iter()
        .filter(|p| !p.ends_with("print.html"))
        .count();
    assert_eq!(listed.len(), pages_of_book, "{listed:?}");
    let current = browser.eval("Array.from(document.querySelectorAll('#toc a[aria-current=page]')).map(a => a.textContent)");
    assert_eq!(current, serde_json::json!(["Zombie Chess"]));
}

/// The site's figures are lining, as the book's are ("Chess960", not
/// "Chessg6o"); printed, a heading stays with what follows and diagrams
/// are centred.
#[test]
fn figures_are_lining_and_print_keeps_headings_with_their_text() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let (_out, html) = built_site();
    let mut browser = Browser::launch(&chromium);
    browser.open(&file_url(&html.join("rules/chess960.html")));
    let numeric = browser.eval(
        "[getComputedStyle(document.body).fontVariantNumeric, getComputedStyle(document.querySelector('#toc a') || document.body).fontVariantNumeric, getComputedStyle(document.querySelector('main p')).fontVariantNumeric]",
    );
    assert_eq!(
        numeric,
        json!(["lining-nums", "lining-nums", "lining-nums"])
    );
    browser.call("Emulation.setEmulatedMedia", json!({"media": "print"}));
    let printed = browser.eval(
        "(() => { const h = document.querySelector('main h2'); const f = document.querySelector('figure.diagram'); const s = f.querySelector('svg').getBoundingClientRect(); const r = f.getBoundingClientRect(); return [getComputedStyle(h).breakAfter, Math.abs((s.left - r.left) - (r.right - s.right)) < 2]; })()",
    );
    assert_eq!(printed, json!(["avoid", true]));
}

/// Every page opens, for a keyboard, with a link past the top bar to its
/// `main`; a book's pages are each headed by an `h1` (a game's `##` is
/// its page's title), and a grid's drawing is followed by its table.
#[test]
fn pages_start_with_a_skip_link_and_an_h1_and_grids_have_tables() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let (_out, html) = built_site();
    let mut browser = Browser::launch(&chromium);
    for page in pages(&html) {
        browser.open(&file_url(&page));
        let first = browser.eval(
            "(() => { const f = document.querySelector('a[href], button, input, select, textarea, [tabindex]'); const t = document.querySelector(f.getAttribute('href')); return [f.className, f.getAttribute('href'), t ? t.tagName : null]; })()",
        );
        assert_eq!(
            first,
            json!(["skip-link", "#main", "MAIN"]),
            "{}",
            page.display()
        );
        let in_book = page.parent() != Some(html.as_path());
        if in_book && !page.ends_with("print.html") {
            let heading = browser.eval(
                "(() => { const h = document.querySelector('main h1, main h2, main h3, main h4, main h5, main h6'); return h ? h.tagName : null; })()",
            );
            assert_eq!(heading, json!("H1"), "{}", page.display());
        }
    }
    // Masquerade Chess: three grids, each with its table, out of sight.
    browser.open(&file_url(&html.join("rules/masquerade-chess.html")));
    let tables = browser.eval(
        "Array.from(document.querySelectorAll('figure.diagram table')).map(t => [t.closest('figure').querySelector('svg').getAttribute('aria-label').includes('the table that follows'), t.querySelectorAll('th[scope=row]').length, t.parentElement.getBoundingClientRect().width <= 1, Array.from(t.querySelectorAll('td')).filter(td => td.textContent.startsWith('circle:')).length])",
    );
    assert_eq!(
        tables,
        json!([[true, 5, true, 0], [true, 5, true, 5], [true, 5, true, 0]])
    );
}

/// The print page, printed by the browser: a lead-in ("…like this:") is
/// on the page of what it leads in to, and a part's heading on its first
/// game's. Each pair is marked with a word the printed text shows, so
/// drawings, which have no text, are found too.
#[test]
fn printing_keeps_lead_ins_and_part_headings_with_what_follows() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    if Command::new("pdftotext").arg("-v").output().is_err() {
        eprintln!("skipped: printing is checked with pdftotext (poppler-utils)");
        return;
    }
    let (out, html) = built_site();
    let mut browser = Browser::launch(&chromium);
    browser.call("Emulation.setEmulatedMedia", json!({"media": "print"}));
    let style = browser_style_of_print(&mut browser, &html.join("rules/print.html"));
    assert_eq!(style, json!(["avoid", "avoid", "page", "auto", "avoid"]));
    let mut pairs = 0;
    for book in ["rules", "new_rules"] {
        browser.open(&file_url(&html.join(book).join("print.html")));
        let marked = browser
            .eval(
                "(() => { let n = 0; for (const e of document.querySelectorAll('p.lead-in, main h1')) { const next = e.nextElementSibling; if (!next) continue; n++; const at = next.matches('ul, ol') ? next.firstElementChild : next; e.insertAdjacentHTML('beforeend', ` <span>ckdlead${n}</span>`); at.insertAdjacentHTML('afterbegin', `<span>ckdnext${n}</span> `); } return n; })()",
            )
            .as_u64()
            .unwrap();
        let printed = browser.call(
            "Page.printToPDF",
            json!({"paperWidth": 8.5, "paperHeight": 11, "printBackground": false}),
        );
        use base64::Engine;
        let pdf = base64::engine::general_purpose::STANDARD
            .decode(printed["data"].as_str().unwrap())
            .unwrap();
        let path = out.path().join(format!("{book}-printed.pdf"));
        std::fs::write(&path, pdf).unwrap();
        let text = Command::new("pdftotext")
            .arg(&path)
            .arg("-")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&text.stdout).into_owned();
        // The page of each marker word.
        let mut page_of: BTreeMap<String, usize> = BTreeMap::new();
        for (n, page) in text.split('\u{c}').enumerate() {
            for word in page.split_whitespace().filter(|w| w.starts_with("ckd")) {
                page_of.insert(word.to_string(), n + 1);
            }
        }
        for n in 1..=marked {
            let (lead, next) = (
                page_of.get(&format!("ckdlead{n}")),
                page_of.get(&format!("ckdnext{n}")),
            );
            assert!(lead.is_some(), "{book}: marker {n} not printed");
            assert_eq!(lead, next, "{book}: pair {n} split across pages");
        }
        pairs += marked;
    }
    // The bundled books' 20 lead-ins to a diagram, and their parts.
    assert!(pairs > 20, "{pairs}");
}

/// The print rules as the browser applies them: a lead-in's and a
/// heading's break after, a part's break before and its first game's,
/// a figure's break inside.
fn browser_style_of_print(browser: &mut Browser, page: &Path) -> Value {
    browser.open(&file_url(page));
    browser.eval(
        "(() => { const s = e => getComputedStyle(document.querySelector(e)); return [s('p.lead-in').breakAfter, s('main h3').breakAfter, s('#by-other-designers').breakBefore, s('h2.opens-part').breakBefore, s('figure.diagram').breakInside]; })()",
    )
}

/// Under a chess diagram, "Copy FEN" copies the position: by the
/// clipboard where the page has one, else by a selected copy, else in a
/// box to copy from by hand; the analysis link holds the same FEN; neither
/// is printed. The clipboard, the copy command and the box are stood in
/// for, so the test sees what each was given.
#[test]
fn copy_fen_copies_the_position_by_each_way_the_browser_allows() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let (_out, html) = built_site();
    let mut browser = Browser::launch(&chromium);
    browser.open(&file_url(&html.join("rules/zombie-chess.html")));
    let fen = "r1bqkbnr/pppp1ppp/2n5/8/3pP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 1";
    let first = browser.eval(
        "(() => { const b = document.querySelector('button.copy-fen'); const a = b.parentElement.querySelector('a.analysis'); return [b.dataset.fen, a.href, b.getBoundingClientRect().height > 0]; })()",
    );
    assert_eq!(
        first,
        json!([
            fen,
            "https://lichess.org/analysis/standard/r1bqkbnr/pppp1ppp/2n5/8/3pP3/5N2/PPP2PPP/RNBQKB1R_w_KQkq_-_0_1",
            true
        ])
    );
    // The clipboard.
    browser.eval(
        "Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: t => { window.copiedByClipboard = t; return Promise.resolve(); } } }); Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true }); document.querySelector('button.copy-fen').click();",
    );
    let got = browser
        .poll("window.copiedByClipboard && [window.copiedByClipboard, document.querySelector('button.copy-fen').textContent]")
        .unwrap_or_default();
    assert_eq!(got, json!([fen, "Copied"]));
    // No clipboard: a selected copy.
    browser.eval(
        "Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined }); document.execCommand = c => { window.copiedBySelection = c === 'copy' && document.activeElement.value; return true; }; document.querySelectorAll('button.copy-fen')[1].click();",
    );
    let got = browser.eval("window.copiedBySelection");
    assert_eq!(
        got,
        json!("r1bqkbnr/pppp1ppp/2P5/8/3nP3/8/PPP2PPP/RNBQKB1R w KQkq - 0 1")
    );
    // Nor that: a box to copy from.
    browser.eval(
        "document.execCommand = () => false; window.prompt = (m, t) => { window.prompted = t; }; document.querySelector('button.copy-fen').click();",
    );
    assert_eq!(browser.eval("window.prompted"), json!(fen));
    assert!(browser.errors().is_empty(), "{:?}", browser.errors());
    browser.call("Emulation.setEmulatedMedia", json!({"media": "print"}));
    let printed =
        browser.eval("getComputedStyle(document.querySelector('figure.diagram .fen')).display");
    assert_eq!(printed, json!("none"));
}

#[test]
fn search_for_zombie_finds_zombie_chess() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let (_out, html) = built_site();
    let mut browser = Browser::launch(&chromium);
    let index = html.join("index.html");
    browser.open(&format!("{}?search=zombie", file_url(&index)));
    assert!(browser.errors().is_empty(), "{:?}", browser.errors());
    let found = browser.eval(
        "Array.from(document.querySelectorAll('#search-results li a')).map(a => [a.textContent, a.href])",
    );
    let found = found.as_array().unwrap();
    let first = &found[0];
    assert_eq!(first[0], "Zombie Chess", "{found:?}");
    assert!(
        first[1]
            .as_str()
            .unwrap()
            .ends_with("/rules/zombie-chess.html")
    );
    // Each teaser starts and ends between words of its page's text.
    let cut = browser.eval(
        "Array.from(document.querySelectorAll('#search-results li')).filter(li => { const t = li.querySelector('.teaser').textContent.replace(/^… /, '').replace(/ …$/, ''); const body = Object.values(elasticlunr.Index.load(window.chessKitSearch).documentStore.docs).find(d => li.querySelector('a').href.endsWith(d.id || '') && d.body.replace(/\\s+/g, ' ').includes(t)); if (!body) return true; const text = body.body.replace(/\\s+/g, ' '); const at = text.indexOf(t); const before = at === 0 || text[at - 1] === ' '; const after = at + t.length === text.length || text[at + t.length] === ' '; return !(before && after); }).map(li => li.querySelector('.teaser').textContent)",
    );
    assert_eq!(cut, json!([]), "teasers cut mid-word");
    // A word in no book finds nothing.
    browser.open(&format!("{}?search=xylophone", file_url(&index)));
    let none = browser.eval("document.querySelectorAll('#search-results li').length");
    assert_eq!(none, 0);
}

#[test]
fn nothing_scrolls_sideways_on_a_phone() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let (_out, html) = built_site();
    let mut browser = Browser::launch(&chromium);
    browser.width(375, true);
    for page in pages(&html) {
        browser.open(&file_url(&page));
        let sizes = browser.eval(
            "[document.documentElement.scrollWidth, document.documentElement.clientWidth, Math.max(...Array.from(document.querySelectorAll('figure.diagram svg')).map(s => s.getBoundingClientRect().right), 0)]",
        );
        let (scroll, client, right) = (
            sizes[0].as_f64().unwrap(),
            sizes[1].as_f64().unwrap(),
            sizes[2].as_f64().unwrap(),
        );
        assert!(scroll <= client, "{}: {scroll} > {client}", page.display());
        assert!(
            right <= client,
            "{}: a diagram ends at {right}",
            page.display()
        );
    }
}

/// The `serve` process, stopped (Ctrl-C) if a check fails on the way, so it
/// never outlives the test.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        if let Ok(None) = self.0.try_wait() {
            // SAFETY: signalling the child we started.
            unsafe {
                libc::kill(self.0.id() as i32, libc::SIGINT);
            }
            let _ = self.0.wait();
        }
    }
}

/// `serve rules` over a copy of the bundled rulebook, with what it says on
/// its terminal.
struct Served {
    server: Server,
    port: u16,
    book: PathBuf,
    lines: mpsc::Receiver<String>,
    said: Vec<String>,
    dir: tempfile::TempDir,
}

impl Served {
    fn start() -> Served {
        let dir = tempfile::tempdir().unwrap();
        let rules = dir.path().join("rules");
        std::fs::create_dir(&rules).unwrap();
        for f in ["rules.md", "rules_contents.csv"] {
            std::fs::copy(Path::new("rules").join(f), rules.join(f)).unwrap();
        }
        let port = free_port();
        // A temporary folder of its own, to see that `serve` cleans up.
        std::fs::create_dir(dir.path().join("tmp")).unwrap();
        let mut server = Server(
            Command::new(TOOL)
                .args(["serve", "rules", "--port", &port.to_string()])
                .current_dir(dir.path())
                .env("TMPDIR", dir.path().join("tmp"))
                .stderr(Stdio::piped())
                .spawn()
                .unwrap(),
        );
        let (tx, lines) = mpsc::channel();
        let stderr = server.0.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let mut served = Served {
            server,
            port,
            book: rules.join("rules.md"),
            lines,
            said: Vec::new(),
            dir,
        };
        served.wait_for("serving http://127.0.0.1:");
        served
    }

    fn url(&self, page: &str) -> String {
        format!("http://127.0.0.1:{}/{page}", self.port)
    }

    /// Waits until the server has said `what`.
    fn wait_for(&mut self, what: &str) {
        let deadline = Instant::now() + PATIENCE;
        while !self.said.iter().any(|l| l.contains(what)) {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => self.said.push(l),
                Err(_) => panic!("serve never said `{what}`: {:?}", self.said),
            }
        }
    }

    /// Everything the server has said so far, for a failure's message.
    fn transcript(&mut self) -> String {
        self.said.extend(self.lines.try_iter());
        self.said.join("\n")
    }

    /// Runs `check` every 100 ms until it holds; a failure shows what the
    /// server said meanwhile.
    fn eventually(&mut self, what: &str, mut check: impl FnMut() -> bool) {
        let deadline = Instant::now() + PATIENCE;
        while !check() {
            if Instant::now() >= deadline {
                panic!("never happened: {what}\nserve said:\n{}", self.transcript());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Ctrl-C: it stops cleanly, with exit 0 and its temporary folder gone.
    fn stop(mut self) {
        let pid = self.server.0.id();
        // SAFETY: signalling the child we started.
        unsafe {
            libc::kill(pid as i32, libc::SIGINT);
        }
        let status = self.server.0.wait().unwrap();
        assert!(status.success(), "{status:?}");
        let left: Vec<_> = std::fs::read_dir(self.dir.path().join("tmp"))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        assert!(left.is_empty(), "left behind: {left:?}");
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

/// The outer HTML of a page's first diagram, or "" while there is none.
const FIRST_DIAGRAM: &str = "(() => { const s = document.querySelector('#diagram-zombie-chess1 svg'); return s ? s.outerHTML : ''; })()";

/// `serve` started, and Zombie Chess's page open in a browser, with its
/// first diagram as first drawn.
fn serve_and_open(chromium: &Path) -> (Served, Browser, Value) {
    let served = Served::start();
    let mut browser = Browser::launch(chromium);
    browser.open(&served.url("rules/zombie-chess.html"));
    let before = browser.eval(FIRST_DIAGRAM);
    assert!(before.as_str().unwrap().starts_with("<svg"));
    (served, browser, before)
}

#[test]
fn serve_reloads_an_edited_diagram_and_shows_a_broken_ones_error() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let (mut served, mut browser, before) = serve_and_open(&chromium);

    // An edit to the first diagram reaches the open page.
    let book = served.book.clone();
    let text = std::fs::read_to_string(&book).unwrap();
    let edited = text.replacen("arrow: d4, c6, grey", "arrow: d4, b5, grey", 1);
    assert_ne!(edited, text);
    std::fs::write(&book, &edited).unwrap();
    served.eventually("the page shows the edited diagram", || {
        let now = browser.poll(FIRST_DIAGRAM);
        now.as_ref()
            .and_then(Value::as_str)
            .is_some_and(|s| !s.is_empty() && s != before.as_str().unwrap())
    });
    assert!(browser.errors().is_empty(), "{:?}", browser.errors());

    // A broken diagram shows its error under it, with the terminal's line,
    // and keeps its last good drawing.
    let broken = edited.replacen("    . . n . . . . .", "    . . n . . x . .", 1);
    assert_ne!(broken, edited);
    let line = broken[..broken.find(". . n . . x").unwrap()]
        .lines()
        .count();
    std::fs::write(&book, &broken).unwrap();
    let boxed = "(() => { const f = document.querySelector('#diagram-zombie-chess1 .finding.error'); return f ? f.textContent : ''; })()";
    let mut message = String::new();
    served.eventually("the error box under the diagram", || {
        message = browser
            .poll(boxed)
            .as_ref()
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        !message.is_empty()
    });
    assert!(
        message.contains(&format!("rules.md:{line}:")) && message.contains("error:"),
        "{message}"
    );
    let stale =
        browser.eval("document.querySelectorAll('#diagram-zombie-chess1 .board.stale svg').length");
    assert_eq!(stale, 1);
    let summary = browser.eval("document.querySelector('.findings-summary').textContent");
    assert!(summary.as_str().unwrap().contains("error"), "{summary}");
    served.wait_for(&format!("rules.md:{line}:"));
    served.stop();
}

/// An editor may empty a file before it writes it, and `git checkout` may
/// delete a rulebook and make it again. The open page of that book is gone
/// for a moment, and comes back with it.
#[test]
fn serve_brings_back_a_page_whose_book_was_gone_for_a_moment() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let (mut served, mut browser, before) = serve_and_open(&chromium);

    let book = served.book.clone();
    let text = std::fs::read_to_string(&book).unwrap();
    std::fs::write(&book, "").unwrap();
    served.eventually("the page says it is gone", || {
        browser
            .poll("document.body ? document.body.textContent : ''")
            .as_ref()
            .and_then(Value::as_str)
            .is_some_and(|t| t.to_lowercase().contains("not found"))
    });
    std::fs::write(&book, &text).unwrap();
    served.eventually("the page is back, with its diagram", || {
        browser
            .poll(FIRST_DIAGRAM)
            .as_ref()
            .and_then(Value::as_str)
            .is_some_and(|s| s == before.as_str().unwrap())
    });
    served.stop();
}

#[test]
fn serve_names_the_flag_when_its_port_is_taken() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let o = Command::new(TOOL)
        .args(["serve", "rules", "--port", &port.to_string()])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(&format!("port {port} is taken")) && err.contains("--port"),
        "{err}"
    );
    let mut rest = String::new();
    let _ = (&o.stdout[..]).read_to_string(&mut rest);
    assert!(rest.is_empty());
}
