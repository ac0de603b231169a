//! `init`: the skeleton of a rulebook project ([`crate::init`]'s files),
//! written all or nothing.

use std::path::{Path, PathBuf};

use super::Failure;
use crate::book::io_reason;
use crate::diagnostic::Diagnostic;

/// What `init` made.
#[derive(Debug)]
pub struct InitReport {
    /// The files created, in the order written.
    pub created: Vec<PathBuf>,
    /// A `.gitignore` that was there already (a new repository's): kept as
    /// it is, and the line the skeleton's would have held, for the author
    /// to add.
    pub kept_gitignore: Option<(PathBuf, String)>,
}

/// `init`: writes the skeleton of a rulebook project into `dir` (made if
/// needed). It never overwrites: when any of its files is there already,
/// each such file is an error and nothing is written. A file is created
/// only where none is (never through a link), and a failure half way
/// removes what this run created.
pub fn init(dir: &Path) -> Result<InitReport, Failure> {
    let files: Vec<(PathBuf, String)> = crate::init::files()
        .into_iter()
        // `init` in the current folder names its files as `rules/rules.md`.
        .map(|(rel, text)| match dir == Path::new(".") {
            true => (rel, text),
            false => (dir.join(rel), text),
        })
        .collect();
    // A repository made on GitHub comes with a `.gitignore`: it is the
    // author's, kept as it is, and the skeleton's line is only suggested.
    let mut kept_gitignore = None;
    let files: Vec<(PathBuf, String)> = files
        .into_iter()
        .filter(|(path, text)| {
            let theirs = path.file_name().is_some_and(|n| n == ".gitignore")
                && std::fs::symlink_metadata(path).is_ok();
            if theirs {
                let line = text.lines().last().unwrap_or_default().to_string();
                kept_gitignore = Some((path.clone(), line));
            }
            !theirs
        })
        .collect();
    let there: Vec<Diagnostic> = files
        .iter()
        .filter(|(path, _)| std::fs::symlink_metadata(path).is_ok())
        .map(|(path, _)| {
            Diagnostic::file_error(
                path,
                "not created: this file exists, and init never overwrites a file",
            )
            .with_help("nothing was written: move the file away, or init another folder")
        })
        .collect();
    if !there.is_empty() {
        return Err(Failure::Input(there));
    }
    let mut created: Vec<PathBuf> = Vec::new();
    let mut made_dirs: Vec<PathBuf> = Vec::new();
    let mut result = Ok(());
    for (path, text) in &files {
        let folder = path.parent().unwrap_or(Path::new(""));
        // The folders missing on the way, outermost first, to undo them.
        let missing: Vec<PathBuf> = folder
            .ancestors()
            .filter(|d| !d.as_os_str().is_empty() && std::fs::symlink_metadata(d).is_err())
            .map(Path::to_path_buf)
            .collect();
        let written = std::fs::create_dir_all(folder)
            .map_err(|e| (folder.to_path_buf(), e, "cannot create this folder"))
            .and_then(|()| {
                made_dirs.extend(missing.into_iter().rev());
                std::fs::OpenOptions::new()
                    .write(true)
                    .create_new(true)
                    .open(path)
                    .and_then(|mut f| {
                        use std::io::Write as _;
                        created.push(path.clone());
                        f.write_all(text.as_bytes())
                    })
                    .map_err(|e| (path.clone(), e, "cannot create this file"))
            });
        if let Err((at, e, what)) = written {
            result = Err(Diagnostic::file_error(
                &at,
                format!("{what}: {}", io_reason(&e)),
            ));
            break;
        }
    }
    match result {
        Ok(()) => Ok(InitReport {
            created,
            kept_gitignore,
        }),
        Err(d) => {
            // All or nothing: what this run made goes again.
            for path in &created {
                let _ = std::fs::remove_file(path);
            }
            for folder in made_dirs.iter().rev() {
                let _ = std::fs::remove_dir(folder);
            }
            Err(Failure::Input(vec![d.with_help(
                "nothing was left: the files this run had created are removed",
            )]))
        }
    }
}
