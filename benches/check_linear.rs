//! `check` is linear in the book: CPU per diagram of `check` on books of
//! 1,000 and 10,000 diagrams, for the README's large book
//! (`large_book`) and for one of many Chess Golf sections (`golf_book`).
//! Each binary (this build, and any named in `CHESS_KIT_DOCS_BINS`,
//! colon-separated, to compare with a release) runs in turn, round after
//! round; CPU is the children's user and system time (`getrusage`; the
//! machine is shared, so not wall time). A diagram's CPU is what the book
//! costs beyond its first copy (a `check` of that copy alone): a run's
//! fixed cost is the process's start and each game's first use of its
//! code and tables, which an empty book does not pay (the large book's
//! first copy costs 2.7 ms more than an empty book: 4 % of its diagrams'
//! CPU at 1,000). The two sizes alternate, `PAIRS` times a
//! round: one run at 10,000 diagrams, then ten at 1,000 (about the same
//! CPU), then the other way about, so both meet the same hour of the
//! machine; a round's figures are the sums' ratio and the pairs' median
//! ratio, with the pairs' range, and the run's is the median of every
//! pair of every round.
//!
//! `cargo bench --bench check_linear` (`-- 1` for one round)

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use chess_kit_docs::book::Book;
use chess_kit_docs::source::SourceFile;

#[path = "support/compare.rs"]
mod compare;
#[path = "support/cpu.rs"]
mod cpu;
use cpu::children_cpu;
#[path = "../tests/large/book.rs"]
mod large;

const PAIRS: usize = 10;

fn write_book(
    dir: &Path,
    name: &str,
    make: fn(&str, usize, usize) -> String,
    seed: &str,
    n: usize,
) -> (PathBuf, usize) {
    let one = make(seed, 1, 1);
    let per_copy = Book::parse(SourceFile::new("one.md", one), &mut Vec::new())
        .diagrams
        .len();
    let text = make(seed, per_copy, n);
    let diagrams = Book::parse(SourceFile::new(name, text.as_str()), &mut Vec::new())
        .diagrams
        .len();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    (path, diagrams)
}

/// CPU of `runs` runs of `tool check book`.
fn cpu_of(tool: &Path, book: &Path, runs: usize) -> Duration {
    let before = children_cpu();
    for _ in 0..runs {
        let status = Command::new(tool)
            .arg("check")
            .arg(book)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("the tool runs");
        assert!(
            status.code().is_some(),
            "{} ended by a signal",
            tool.display()
        );
    }
    children_cpu() - before
}

/// A run's fixed cost: the CPU of a check of the book's first copy, and
/// how many diagrams that copy holds.
#[derive(Clone, Copy)]
struct Fixed {
    cpu: Duration,
    diagrams: usize,
}

/// CPU per diagram of `tool check book` over `runs` runs, beyond each
/// run's fixed cost.
fn per_diagram(tool: &Path, book: &Path, diagrams: usize, runs: usize, fixed: Fixed) -> Duration {
    cpu_of(tool, book, runs).saturating_sub(fixed.cpu * runs as u32)
        / (runs * (diagrams - fixed.diagrams)) as u32
}

fn main() {
    let (rounds, tools) = (compare::rounds(), compare::tools());
    let seed = std::fs::read_to_string("tests/seeds/rules.md").unwrap();
    let rules = std::fs::read_to_string("rules/rules.md").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let books = [
        (
            "large",
            large::large_book as fn(&str, usize, usize) -> String,
            &seed,
        ),
        ("golf", large::golf_book, &rules),
    ];
    // Every pair's ratio, by tool and book, for the run's figure.
    let mut all = vec![vec![Vec::new(); books.len()]; tools.len()];
    for round in 1..=rounds {
        for (t, tool) in tools.iter().enumerate() {
            for (k, (name, make, text)) in books.iter().enumerate() {
                let (one, n_one) = write_book(dir.path(), &format!("{name}1.md"), *make, text, 1);
                let fixed = Fixed {
                    cpu: cpu_of(tool, &one, 50) / 50,
                    diagrams: n_one,
                };
                let (small, n_small) =
                    write_book(dir.path(), &format!("{name}1000.md"), *make, text, 1_000);
                let (big, n_big) =
                    write_book(dir.path(), &format!("{name}10000.md"), *make, text, 10_000);
                let (mut small_cpu, mut big_cpu) = (Duration::ZERO, Duration::ZERO);
                let mut ratios = Vec::new();
                for pair in 0..PAIRS {
                    let measure_small = || per_diagram(tool, &small, n_small, 10, fixed);
                    let measure_big = || per_diagram(tool, &big, n_big, 1, fixed);
                    let (a, b) = if pair % 2 == 0 {
                        let b = measure_big();
                        (measure_small(), b)
                    } else {
                        (measure_small(), measure_big())
                    };
                    small_cpu += a;
                    big_cpu += b;
                    ratios.push(b.as_secs_f64() / a.as_secs_f64());
                }
                let (a, b) = (small_cpu / PAIRS as u32, big_cpu / PAIRS as u32);
                all[t][k].extend(&ratios);
                ratios.sort_by(f64::total_cmp);
                let (low, high) = (ratios[0], ratios[PAIRS - 1]);
                // The middle pairs' mean: a pair disturbed by the shared
                // machine moves it less than it moves the sums.
                let median = (ratios[(PAIRS - 1) / 2] + ratios[PAIRS / 2]) / 2.0;
                println!(
                    "round {round}, {}, {name} book: CPU per diagram {a:?} at {n_small}, {b:?} at {n_big} ({:+.1} % by the sums, {:+.1} % the pairs' median, pairs {:+.1} to {:+.1} %; a run's fixed cost {:?}, its first copy of {} diagrams)",
                    tool.display(),
                    (b.as_secs_f64() / a.as_secs_f64() - 1.0) * 100.0,
                    (median - 1.0) * 100.0,
                    (low - 1.0) * 100.0,
                    (high - 1.0) * 100.0,
                    fixed.cpu,
                    fixed.diagrams,
                );
            }
        }
    }
    // The run's figure: the median of every pair of every round, less
    // moved by one disturbed round than any round's own.
    for (t, tool) in tools.iter().enumerate() {
        for (k, (name, _, _)) in books.iter().enumerate() {
            let mut ratios = all[t][k].clone();
            ratios.sort_by(f64::total_cmp);
            let n = ratios.len();
            let percent = |r: f64| (r - 1.0) * 100.0;
            println!(
                "all {rounds} rounds, {}, {name} book: {:+.1} % the median of {n} pairs (the middle half {:+.1} to {:+.1} %)",
                tool.display(),
                percent((ratios[(n - 1) / 2] + ratios[n / 2]) / 2.0),
                percent(ratios[n / 4]),
                percent(ratios[(3 * n) / 4 - 1]),
            );
        }
    }
}
