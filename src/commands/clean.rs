//! `clean`: deletes what `build` and `deck` wrote, as their manifest lists it.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::Failure;
use crate::diagnostic::Diagnostic;
use crate::settings::{Flags, Settings};

/// What `clean` is asked to do.
#[derive(Clone, Debug, Default)]
pub struct CleanOptions {
    /// Rulebooks or folders of them, whose settings may name the output
    /// folder (`build.out`); empty for `rules/`.
    pub paths: Vec<PathBuf>,
    /// The output folder; `None` for the settings' or `output/`.
    pub out: Option<PathBuf>,
}

/// What `clean` did.
#[derive(Debug)]
pub struct CleanReport {
    /// The output folder.
    pub root: PathBuf,
    /// `false` when there was no such folder (nothing to do).
    pub existed: bool,
    /// The files removed, relative to the folder.
    pub removed: Vec<String>,
    pub elapsed: Duration,
    /// Files left in place (warnings) or that could not be removed (errors).
    pub diags: Vec<Diagnostic>,
}

/// `clean`: deletes what `build` and `deck` wrote into the output folder
/// (the one `build` with the same paths writes to), as its manifest lists
/// it, and the folders that leaves empty; nothing else.
pub fn clean(options: &CleanOptions) -> Result<CleanReport, Failure> {
    let started = Instant::now();
    let settings = Settings::resolve(
        &options.paths,
        &Flags {
            out: options.out.clone(),
            ..Flags::default()
        },
    );
    // A settings file with an error may name the wrong output folder.
    if settings.config_failed && options.out.is_none() {
        let mut problems = settings.problems;
        problems.retain(|d| d.path == settings.root.join(crate::config::CONFIG_FILE));
        return Err(Failure::Input(problems));
    }
    let root = settings.out;
    if std::fs::symlink_metadata(&root).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
        return Ok(CleanReport {
            root,
            existed: false,
            removed: Vec::new(),
            elapsed: started.elapsed(),
            diags: Vec::new(),
        });
    }
    if !root.is_dir() {
        return Err(Failure::Input(vec![Diagnostic::file_error(
            &root,
            "not cleaned: this is not a folder",
        )]));
    }
    let cleaned = crate::output::clean(&root).map_err(|d| Failure::Input(vec![d]))?;
    Ok(CleanReport {
        root,
        existed: true,
        removed: cleaned.removed,
        elapsed: started.elapsed(),
        diags: cleaned.diags,
    })
}
