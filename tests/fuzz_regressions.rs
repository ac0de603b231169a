//! Every input in `tests/fuzz_regressions/` once crashed the tool, hung it
//! or half-published a book; the `.txt` beside each says how. Each goes
//! through every stage: the fuzzer's own runner (parse, check with the
//! searches, SVG, PNG, site page, PDF, deck), then `check`, `build` and
//! `deck` as the commands run them on the file. None may panic; each ends
//! in success or in errors that name the input; and a book `check` passes,
//! `build` publishes, while one it refuses leaves no book behind.
//!
//! The fuzzer (`examples/fuzz.rs`) saves a failing input in this form, an
//! `.md` of the input's bytes and a `.txt` of what went wrong: copy both
//! here to keep it.

use std::path::{Path, PathBuf};

use chess_kit_docs::commands::Failure;
use chess_kit_docs::commands::build::{BuildOptions, build};
use chess_kit_docs::commands::check::{CheckOptions, check};
use chess_kit_docs::commands::deck::{DeckRequest, deck};
use chess_kit_docs::style::Style;

#[path = "fuzz/stages.rs"]
mod stages;

fn inputs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the regressions folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    found.sort();
    found
}

/// The saved folders: a book with the settings or contents file that once
/// let a refused run publish, and a `NOTE.txt` saying how.
fn folders() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the regressions folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    found.sort();
    found
}

/// Each saved folder run as the commands run it (`stages::run_folder`):
/// nothing panics, `build` fails exactly when `check` finds errors, and a
/// failed build publishes nothing, whichever file (book, settings,
/// contents) holds the error.
#[test]
fn every_saved_folder_is_judged_alike_by_check_and_build() {
    let folders = folders();
    assert!(folders.len() >= 5, "{folders:?}");
    for folder in folders {
        let name = folder.file_name().unwrap().to_string_lossy().into_owned();
        let note = std::fs::read_to_string(folder.join("NOTE.txt")).unwrap_or_default();
        assert!(!note.trim().is_empty(), "{name} has no NOTE.txt");
        let mut files: stages::Folder = std::fs::read_dir(&folder)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name() != "NOTE.txt")
            .map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                (name, std::fs::read(e.path()).unwrap())
            })
            .collect();
        files.sort();
        let published = std::panic::catch_unwind(|| stages::run_folder(&files, true))
            .unwrap_or_else(|e| {
                let why = e
                    .downcast_ref::<String>()
                    .cloned()
                    .unwrap_or_else(|| "a panic".into());
                panic!("{name}: {why}")
            });
        // The issue-22 folders each hold an error the run once published.
        if note.starts_with("issue 22:") {
            assert!(!published, "{name}: published");
        }
    }
}

#[test]
fn every_saved_input_has_a_note_saying_why_it_is_kept() {
    let inputs = inputs();
    // The inputs issue 10 lists, at least.
    assert!(inputs.len() >= 12, "{inputs:?}");
    for input in &inputs {
        let note = std::fs::read_to_string(input.with_extension("txt")).unwrap_or_default();
        assert!(!note.trim().is_empty(), "{} has no note", input.display());
    }
}

#[test]
fn every_saved_input_runs_through_every_stage() {
    let style = Style::default();
    let aids = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/seeds/player_aids.md");
    for input in inputs() {
        let name = input.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&input).unwrap();
        stages::run(&name, &bytes, stages::Depth::FULL, &style);

        // As the commands run it, in a folder of its own.
        let dir = tempfile::tempdir().unwrap();
        let book = dir.path().join("book.md");
        std::fs::write(&book, &bytes).unwrap();
        let book_aids = dir.path().join("player_aids.md");
        std::fs::copy(&aids, &book_aids).unwrap();
        let checked = check(&CheckOptions {
            paths: vec![book.clone()],
            shortest: true,
        });
        for d in checked.diags.iter().filter(|d| d.is_error()) {
            assert_eq!(d.path, book, "{name}: {}", d.render_short());
            assert!(!d.message.is_empty(), "{name}");
        }
        let out = dir.path().join("out");
        let built = build(
            &BuildOptions {
                paths: vec![book.clone()],
                out: Some(out.clone()),
                ..BuildOptions::default()
            },
            &|_, _| {},
        );
        let shown = |diags: &[chess_kit_docs::diagnostic::Diagnostic]| {
            diags.iter().map(|d| d.render_short()).collect::<Vec<_>>()
        };
        if checked.errors() == 0 {
            assert!(
                !built.failed() && built.published.is_some(),
                "{name}: check passed it but build refused it: {:?}",
                shown(&built.diags)
            );
            assert!(out.join("book.pdf").is_file(), "{name}");
        } else {
            assert!(built.failed(), "{name}: check refused it but build did not");
            assert!(built.published.is_none(), "{name}");
            assert!(!out.join("book.pdf").exists(), "{name}: half published");
            assert!(
                built.diags.iter().any(|d| d.is_error() && d.path == book),
                "{name}: {:?}",
                shown(&built.diags)
            );
        }

        match deck(&DeckRequest {
            book: Some(book.clone()),
            out: Some(dir.path().join("deck")),
            ..DeckRequest::default()
        }) {
            Ok(report) => assert!(report.pdf.is_file(), "{name}"),
            // The bundled aids name games these books lack: errors there too.
            Err(Failure::Input(diags)) => assert!(
                diags
                    .iter()
                    .any(|d| d.is_error() && (d.path == book || d.path == book_aids)),
                "{name}: {:?}",
                shown(&diags)
            ),
            Err(other) => panic!("{name}: deck: {other:?}"),
        }
    }
}
