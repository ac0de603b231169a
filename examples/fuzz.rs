//! A mutational fuzzer in cargo-fuzz's spirit, on stable Rust: it mutates
//! the seed rulebooks (invalid UTF-8, deep nesting, extreme numbers, long
//! lines and labels, many arrows, random byte edits, splices) and runs each
//! input through parse, check (with the replay and the searches), SVG and
//! PNG drawing, the site page, the PDF book and the deck, catching panics
//! and timing out slow inputs. Every failing input is saved as the
//! regression folder keeps it: `crash-<hash>.md`, its bytes, and
//! `crash-<hash>.txt`, what went wrong. Copy both into
//! `tests/fuzz_regressions/` to keep it as a regression test.
//!
//! ```sh
//! cargo run --release --example fuzz -- --seconds 90 [--seed N] [--runs N]
//!     [--crashes DIR] [--timeout-ms N] [--workers N]
//! ```
//!
//! Inputs run on one worker thread a core (`--workers`). The same seed
//! gives the same inputs in the same order. Exit code 0: no
//! failure; 1: a panic or a time-out (inputs saved); 2: a usage error.

#[path = "../tests/fuzz/stages.rs"]
mod stages;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use chess_kit_docs::style::Style;
use stages::Depth;

/// xorshift64*: small, fast and the same everywhere, so a seed reproduces.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const SEEDS: &[&str] = &[
    "rules/rules.md",
    "rules/new_rules.md",
    "tests/seeds/crowded_rules.md",
    "tests/seeds/karls_variants.md",
    "tests/seeds/published_rules.md",
];

const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1e308",
    "-1e308",
    "1e-308",
    "NaN",
    "inf",
    "-inf",
    "20",
    "-20",
    "20.0001",
    "1000",
    "-1000",
    "4294967295",
    "4294967296",
    "18446744073709551616",
    "99999999999999999999",
    "0.3333333333333333",
    "-1.333",
    "8.5",
    "9",
    "0x10",
    "1_0",
    "",
    " ",
    "١",
];

const INVALID_UTF8: &[&[u8]] = &[
    b"\xff",
    b"\xfe\xff",
    b"\xe9",
    b"\xc3",
    b"\xe2\x82",
    b"\xf0\x9f\x98",
    b"\xed\xa0\x80",
    b"\xc0\xaf",
    b"\xef\xbb\xbf",
    b"\x00",
    b"\r",
    b"\t",
    "\u{200b}".as_bytes(),
    "\u{fffd}".as_bytes(),
    "é".as_bytes(),
];

const LINES: &[&str] = &[
    "    arrow: e2, e4, white",
    "    arrow: a1, h8, black",
    "    arrow: e4, e4, grey",
    "    arrow: e0, e9, white",
    "    margins: -9, 0",
    "    margins: 20, 20, 20, 20",
    "    card: C, 8.5, 0",
    "    card: back, -20, -20",
    "    checkers: 4294967295, 4294967295",
    "    text: :, 1, 1",
    "    corner text: 1: Walter, 10.5, 1",
    "    rect: 1, 1, 8, 8",
    "    type: cards",
    "    type: masquerade",
    "    type: cloak",
    "    . K Q R B N combo",
    "    Piece Cards Gap",
    "    K AS 2S 3S 4S 5S 6S 7S 8S 9",
    "## Chess Golf",
    "## Gravity Chess",
    "## Tar Pit Chess",
    "## Chess960",
    "## Two Move Chess",
    "## Table of Contents",
    "1. a1a2, b1b9",
    "---",
    "title: x",
    "![Diagram](images/x.png)",
    "![Diagram](../../etc/passwd)",
    "[a]: #a",
    "```",
    "",
];

/// One mutation of `bytes`, in place.
fn mutate(bytes: &mut Vec<u8>, rng: &mut Rng, seeds: &[Vec<u8>]) {
    let len = bytes.len();
    let at = rng.below(len + 1);
    let line_start = bytes[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    match rng.below(12) {
        // Random byte edits.
        0 => {
            for _ in 0..1 + rng.below(8) {
                if bytes.is_empty() {
                    break;
                }
                let i = rng.below(bytes.len());
                match rng.below(3) {
                    0 => bytes[i] ^= 1 << rng.below(8),
                    1 => bytes[i] = rng.next() as u8,
                    _ => {
                        bytes.remove(i);
                    }
                }
            }
        }
        // Invalid (or odd) UTF-8.
        1 => {
            let bad = rng.pick(INVALID_UTF8);
            bytes.splice(at..at, bad.iter().copied());
        }
        // Deep nesting at a line start.
        2 => {
            let units: [&[u8]; 8] = [b">", b"* ", b"*", b"_", b"![", b"[", b"1. ", b"  "];
            let unit: &[u8] = units[rng.below(units.len())];
            let depth = *rng.pick(&[3usize, 17, 100, 1_000, 20_000]);
            let mut nest = unit.repeat(depth);
            nest.extend_from_slice(b"x");
            if unit == b"*" || unit == b"_" {
                nest.extend(unit.repeat(depth));
            }
            if unit == b"![" || unit == b"[" {
                nest.extend(b"](u)".repeat(depth));
            }
            nest.push(b'\n');
            bytes.splice(line_start..line_start, nest);
        }
        // An extreme number in place of a number.
        3 => {
            let text = String::from_utf8_lossy(bytes).into_owned();
            let starts: Vec<usize> = text
                .char_indices()
                .filter(|&(i, c)| {
                    (c.is_ascii_digit() || c == '-')
                        && !text[..i].ends_with(|p: char| p.is_ascii_alphanumeric() || p == '.')
                })
                .map(|(i, _)| i)
                .collect();
            if starts.is_empty() || text.len() != bytes.len() {
                return;
            }
            let s = *rng.pick(&starts);
            let e = s + text[s..]
                .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
                .unwrap_or(text.len() - s);
            let n = rng.pick(NUMBERS);
            bytes.splice(s..e, n.bytes());
        }
        // A long line or a long label.
        4 => {
            let n = *rng.pick(&[81usize, 1_000, 9_999, 10_001, 100_000]);
            let filler = rng
                .pick(&["x", "word ", "é", "-", "*", ", ", "\t"])
                .repeat(n);
            let line = if rng.chance(2) {
                format!("    text: {filler}, 1, 1\n")
            } else {
                format!("{filler}\n")
            };
            bytes.splice(line_start..line_start, line.bytes());
        }
        // Many arrows (or other diagram lines).
        5 => {
            let count = *rng.pick(&[2usize, 8, 64, 1_000]);
            let mut block = Vec::new();
            for _ in 0..count {
                let line = if rng.chance(2) {
                    let sq = |r: &mut Rng| {
                        format!("{}{}", (b'a' + r.below(8) as u8) as char, r.below(10))
                    };
                    let colour = *rng.pick(&["white", "black", "grey"]);
                    format!("    arrow: {}, {}, {colour}\n", sq(rng), sq(rng))
                } else {
                    format!("{}\n", rng.pick(LINES))
                };
                block.extend(line.bytes());
            }
            bytes.splice(line_start..line_start, block);
        }
        // A splice from another seed.
        6 => {
            let other = rng.pick(seeds);
            if other.is_empty() {
                return;
            }
            let s = rng.below(other.len());
            let e = (s + rng.below(4_000)).min(other.len());
            bytes.splice(at..at, other[s..e].iter().copied());
        }
        // Cut a stretch out.
        7 => {
            let e = (at + rng.below(2_000)).min(len);
            bytes.drain(at..e);
        }
        // Duplicate a stretch.
        8 => {
            let e = (at + rng.below(2_000)).min(len);
            let copy = bytes[at..e].to_vec();
            bytes.splice(e..e, copy);
        }
        // A known line from the language, at a line start.
        9 => {
            let line = format!("{}\n", rng.pick(LINES));
            bytes.splice(line_start..line_start, line.bytes());
        }
        // Swap two lines.
        10 => {
            let mut lines: Vec<Vec<u8>> =
                bytes.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
            let (i, j) = (rng.below(lines.len()), rng.below(lines.len()));
            lines.swap(i, j);
            *bytes = lines.join(&b'\n');
        }
        // Truncate.
        _ => bytes.truncate(at),
    }
}

struct Args {
    seconds: f64,
    seed: u64,
    runs: Option<u64>,
    crashes: PathBuf,
    timeout: Duration,
    /// Inputs run at once; `None` for one a core.
    workers: Option<usize>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        seconds: 60.0,
        seed: 1,
        runs: None,
        crashes: PathBuf::from("target/fuzz-crashes"),
        timeout: Duration::from_secs(20),
        workers: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        let bad = |v: &str| format!("{flag}: `{v}` is not a number");
        match flag.as_str() {
            "--seconds" => {
                let v = value()?;
                args.seconds = v.parse().map_err(|_| bad(&v))?;
            }
            "--seed" => {
                let v = value()?;
                args.seed = v.parse().map_err(|_| bad(&v))?;
            }
            "--runs" => {
                let v = value()?;
                args.runs = Some(v.parse().map_err(|_| bad(&v))?);
            }
            "--timeout-ms" => {
                let v = value()?;
                args.timeout = Duration::from_millis(v.parse().map_err(|_| bad(&v))?);
            }
            "--workers" => {
                let v = value()?;
                let n: usize = v.parse().map_err(|_| bad(&v))?;
                args.workers = Some(n.max(1));
            }
            "--crashes" => args.crashes = PathBuf::from(value()?),
            _ => return Err(format!("unknown argument `{flag}`")),
        }
    }
    Ok(args)
}

/// The corpus: the seeds and every saved regression input.
fn corpus() -> Vec<(String, Vec<u8>)> {
    let mut inputs: Vec<(String, Vec<u8>)> = SEEDS
        .iter()
        .map(|p| (p.to_string(), std::fs::read(p).expect("a seed rulebook")))
        .collect();
    let dir = Path::new("tests/fuzz_regressions");
    let mut saved: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    saved.sort();
    for p in saved {
        if p.extension().is_some_and(|e| e == "md")
            && let Ok(bytes) = std::fs::read(&p)
        {
            inputs.push((p.display().to_string(), bytes));
        }
    }
    inputs
}

/// An input being run, and when it is late.
struct Running {
    input: Vec<u8>,
    depth: Depth,
    run: u64,
    deadline: Instant,
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    // Panics are counted and reported here, not printed by the hook.
    std::panic::set_hook(Box::new(|_| {}));
    let corpus = corpus();
    let seeds: Vec<Vec<u8>> = corpus.iter().map(|(_, b)| b.clone()).collect();
    let mut rng = Rng::new(args.seed);
    let started = Instant::now();
    let deadline = Duration::from_secs_f64(args.seconds);
    let mut runs = 0u64;
    let mut failures = 0u64;
    let _ = std::fs::create_dir_all(&args.crashes);
    let (to_main, results) = mpsc::channel::<(usize, Result<(), String>)>();
    // A worker a core, so a slow input can be timed out without killing
    // it. Their stacks are those of the tool's own worker threads (rayon's
    // 2 MiB), so a recursion that would overflow there overflows here too.
    let workers = args.workers.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let to_workers: Vec<mpsc::Sender<(Vec<u8>, Depth)>> = (0..workers)
        .map(|id| {
            let (to_worker, inbox) = mpsc::channel::<(Vec<u8>, Depth)>();
            let to_main = to_main.clone();
            std::thread::Builder::new()
                .name(format!("fuzz-worker-{id}"))
                .stack_size(2 << 20)
                .spawn(move || {
                    let style = Style::default();
                    for (input, depth) in inbox {
                        let result = catch_unwind(AssertUnwindSafe(|| {
                            stages::run("fuzz.md", &input, depth, &style)
                        }))
                        .map_err(|e| {
                            e.downcast_ref::<String>()
                                .cloned()
                                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                                .unwrap_or_else(|| "a panic".to_string())
                        });
                        if to_main.send((id, result)).is_err() {
                            break;
                        }
                    }
                })
                .expect("a worker thread");
            to_worker
        })
        .collect();
    let mut running: Vec<Option<Running>> = (0..workers).map(|_| None).collect();
    loop {
        // Every idle worker gets the next input, while time and runs last.
        let more = |runs: u64| started.elapsed() < deadline && args.runs.is_none_or(|n| runs < n);
        for (id, slot) in running.iter_mut().enumerate() {
            if slot.is_some() || !more(runs) {
                continue;
            }
            let (_, base) = &corpus[rng.below(corpus.len())];
            let mut input = base.clone();
            for _ in 0..1 + rng.below(4) {
                mutate(&mut input, &mut rng, &seeds);
            }
            // Every input is parsed, checked and drawn as SVG, and its
            // diagnostics drawn; the costly stages run on a share of them
            // (the Golf search, a third of the time at 1 in 16, on 1 in 64).
            let depth = Depth {
                shortest: rng.chance(64),
                drawn_in_full: if rng.chance(4) { usize::MAX } else { 4 },
                pngs: if rng.chance(4) { 2 } else { 0 },
                pdf: rng.chance(8),
                deck: rng.chance(16),
            };
            // A stack overflow aborts the process: the input is on disk first.
            let _ = std::fs::write(args.crashes.join(format!("last-input-{id}.md")), &input);
            runs += 1;
            to_workers[id]
                .send((input.clone(), depth))
                .expect("the worker is alive");
            *slot = Some(Running {
                input,
                depth,
                run: runs,
                deadline: Instant::now() + args.timeout,
            });
        }
        let Some(first_deadline) = running.iter().flatten().map(|r| r.deadline).min() else {
            break;
        };
        let wait = first_deadline.saturating_duration_since(Instant::now());
        let (failed, outcome) = match results.recv_timeout(wait) {
            Ok((id, Ok(()))) => {
                running[id] = None;
                continue;
            }
            Ok((id, Err(panic))) => (running[id].take(), format!("panic: {panic}")),
            Err(_) => {
                // The late worker is still busy with its input.
                let late = running
                    .iter_mut()
                    .filter(|r| r.as_ref().is_some_and(|r| r.deadline <= Instant::now()))
                    .min_by_key(|r| r.as_ref().map(|r| r.deadline));
                let Some(late) = late else {
                    continue;
                };
                (late.take(), format!("took longer than {:?}", args.timeout))
            }
        };
        let Some(Running {
            input, depth, run, ..
        }) = failed
        else {
            continue;
        };
        failures += 1;
        let stem = format!("crash-{:016x}", chess_kit_docs::output::hash(&input));
        let path = args.crashes.join(format!("{stem}.md"));
        let _ = std::fs::write(&path, &input);
        let note = format!(
            "examples/fuzz.rs, seed {}, run {run}: {outcome}\nstages: {depth:?}\n",
            args.seed
        );
        let _ = std::fs::write(args.crashes.join(format!("{stem}.txt")), note);
        eprintln!("run {run}: {outcome}; input saved as {}", path.display());
        if outcome.starts_with("took") {
            // A worker hangs: report at once rather than wait for the rest.
            break;
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    println!(
        "fuzz: seed {}, {runs} runs on {workers} worker{} in {elapsed:.1} s ({:.1} runs/s), {failures} failures",
        args.seed,
        if workers == 1 { "" } else { "s" },
        runs as f64 / elapsed.max(1e-9)
    );
    std::process::exit(if failures == 0 { 0 } else { 1 });
}
