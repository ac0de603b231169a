//! `build`: checks the books, then publishes those without errors through
//! every output ([`crate::publish`]), all or nothing.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::Stage;
use crate::book::Book;
use crate::check::{CheckRun, load_and_check};
use crate::config::{source_date, source_date_problem};
use crate::contents::TocEntry;
use crate::diagnostic::Diagnostic;
use crate::html;
use crate::output::{OutputDir, Stats};
use crate::pdf::{PageFormat, PdfOptions};
use crate::publish::markdown::PageStats;
use crate::publish::{Context, HtmlSite, MarkdownPages, Output, PdfBooks};
use crate::settings::{Flags, Settings};
use rayon::prelude::*;

/// What `build` is asked to do.
#[derive(Clone, Debug, Default)]
pub struct BuildOptions {
    /// Rulebooks or folders of them; empty for `rules/`.
    pub paths: Vec<PathBuf>,
    /// The output folder; `None` for the settings' or `output/`.
    pub out: Option<PathBuf>,
    /// A style file; `None` for the settings' or the compiled-in one.
    pub style: Option<PathBuf>,
    /// Publish without the rules check (syntax is still checked).
    pub no_check: bool,
    /// The PDF page format; `None` for the settings' or letter.
    pub page: Option<PageFormat>,
}

/// A book `build` published.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuiltBook {
    pub name: String,
    /// The rulebook it was built from.
    pub source: PathBuf,
    pub diagrams: usize,
    /// Its website page, its PDF and its HTML site's front page.
    pub page: PathBuf,
    pub pdf: PathBuf,
    pub html: PathBuf,
}

/// What a successful publication wrote.
#[derive(Clone, Debug)]
pub struct Published {
    pub books: Vec<BuiltBook>,
    pub pages: PageStats,
    pub files: Stats,
    /// The files written and removed, relative to the output folder.
    pub changes: crate::output::Changes,
    pub elapsed: Duration,
}

/// What `build` did.
#[derive(Debug, Default)]
pub struct BuildReport {
    /// Every problem, unsorted.
    pub diags: Vec<Diagnostic>,
    /// The books not published and why: a summary of the problems above,
    /// printed after them.
    pub refused: Vec<Diagnostic>,
    /// What was written, when something was published without error.
    pub published: Option<Published>,
    /// Each stage and its time, for `-v`.
    pub stages: Vec<Stage>,
}

impl BuildReport {
    pub fn failed(&self) -> bool {
        self.diags
            .iter()
            .chain(&self.refused)
            .any(Diagnostic::is_error)
    }
}

/// `build`: checks the books, then writes the website pages, images and PDF
/// books of those without errors. `progress(done, total)` follows the
/// drawing of the diagrams.
pub fn build(options: &BuildOptions, progress: &(dyn Fn(usize, usize) + Sync)) -> BuildReport {
    let started = Instant::now();
    let mut stages = Vec::new();
    let settings = Settings::resolve(
        &options.paths,
        &Flags {
            out: options.out.clone(),
            style: options.style.clone(),
            page: options.page,
        },
    );
    // A problem in the settings, styles or templates is reported with the
    // books' own, and like them stops the publication.
    let mut diags = settings.problems.clone();
    let style = &settings.style;
    let pdf_options = PdfOptions {
        format: settings.page,
        date: source_date(),
    };
    diags.extend(source_date_problem());
    let out_dir = settings.out.clone();
    // A switch a killed run left half done is finished now, whether or not
    // this run publishes: the folder never stays half old, half new.
    diags.extend(crate::output::finish_interrupted(&out_dir));
    stages.push(Stage::since(
        "read the settings, styles and templates",
        started,
    ));

    let run = CheckRun {
        rules: !options.no_check,
        options: settings.engine_options(false),
    };
    let checking = Instant::now();
    let mut checked = load_and_check(&settings, &run, &mut diags);
    stages.append(&mut checked.timings);
    stages.push(Stage::since(
        if options.no_check {
            "read the books (syntax only)"
        } else {
            "read and checked the books"
        },
        checking,
    ));
    diags.extend(checked.diags);
    crate::memory::place_blocks_for(checked.books.iter().map(|(b, _)| b.source.text.len()).sum());
    let publishable: Vec<(&Book, Vec<TocEntry>)> = checked
        .books
        .iter()
        .filter(|(b, _)| !checked.failed.contains(&b.name))
        .map(|(b, toc)| (b, toc.clone()))
        .collect();
    let mut refused = Vec::new();
    for (book, _) in checked
        .books
        .iter()
        .filter(|(b, _)| checked.failed.contains(&b.name))
    {
        let path = &book.source.path;
        let errors: Vec<&Diagnostic> = diags
            .iter()
            .filter(|d| d.is_error() && &d.path == path)
            .collect();
        let count = errors.len();
        let d = Diagnostic::file_error(
            path,
            format!(
                "not published: {} has {count} error{} (above)",
                crate::paths::shown(path),
                if count == 1 { "" } else { "s" }
            ),
        );
        // Only a rules finding can be kept; a syntax error must be fixed.
        refused.push(if errors.iter().any(|d| d.rule.is_some()) {
            d.with_help(
                "fix them, or keep a rules finding with an allowance in chess-kit-docs.toml",
            )
        } else {
            d.with_help("fix them")
        });
    }
    let mut published = None;
    // All or nothing: an error anywhere in the run (a book, its contents
    // file, the settings) publishes no book at all.
    let errors = diags.iter().filter(|d| d.is_error()).count();
    if errors > 0 {
        refused.push(
            Diagnostic::file_error(
                &out_dir,
                format!(
                    "nothing published: the run has {errors} error{} (above), and a build publishes all its books or none",
                    if errors == 1 { "" } else { "s" }
                ),
            )
            .with_help("the last published files in the output folder stay as they were"),
        );
        return BuildReport {
            diags,
            refused,
            published,
            stages,
        };
    }
    let sources: Vec<&Path> = checked.books.iter().map(|(b, _)| b.source.path()).collect();
    let inside = crate::output::sources_inside(&out_dir, &sources);
    if !inside.is_empty() {
        diags.extend(inside);
        return BuildReport {
            diags,
            refused,
            published,
            stages,
        };
    }
    if !publishable.is_empty() {
        // The check's working memory is freed: the outputs start without it.
        crate::memory::release_freed();
        match OutputDir::open(&out_dir) {
            Ok(output) => {
                // Each diagram is drawn once, for all three outputs.
                let drawings = std::sync::Arc::new(crate::render::DrawingStore::new(style));
                let pages = MarkdownPages {
                    drawings: drawings.clone(),
                };
                let pdfs = PdfBooks {
                    drawings: drawings.clone(),
                    options: pdf_options,
                };
                let site = HtmlSite {
                    drawings: drawings.clone(),
                    fens: &checked.fens,
                };
                let outputs: [&dyn Output; 3] = [&pages, &pdfs, &site];
                let cx = Context {
                    books: &publishable,
                    settings: &settings,
                    output: &output,
                    progress,
                };
                // The outputs are made side by side; each is timed from
                // the same start.
                let publishing = Instant::now();
                let results: Vec<_> = outputs
                    .par_iter()
                    .map(|o| {
                        let made = o.write(&cx);
                        let took = Stage::since(format!("{} (side by side)", o.name()), publishing);
                        (made, took)
                    })
                    .collect();
                let (mut pngs, mut diagrams) = (0, 0);
                let mut errors = Vec::new();
                for (made, took) in results {
                    stages.push(took);
                    match made {
                        Ok(made) => {
                            pngs += made.pngs;
                            diagrams += made.diagrams;
                        }
                        Err(mut e) => errors.append(&mut e),
                    }
                }
                let result = if errors.is_empty() {
                    Ok(PageStats {
                        diagrams,
                        pngs_rendered: pngs,
                        drawn: drawings.made(),
                    })
                } else {
                    Err(errors)
                };
                let books: Vec<&Book> = publishable.iter().map(|(b, _)| *b).collect();
                let owners: BTreeSet<String> =
                    outputs.iter().flat_map(|o| o.owners(&books)).collect();
                match result {
                    Ok(pages) => {
                        let committing = Instant::now();
                        let (files, changes, mut finish_diags) = output.finish_listed(&owners);
                        stages.push(Stage::since("moved the new files into place", committing));
                        diags.append(&mut finish_diags);
                        let books = publishable
                            .iter()
                            .map(|(book, _)| BuiltBook {
                                name: book.name.clone(),
                                source: book.source.path.clone(),
                                diagrams: book.diagrams.len(),
                                page: out_dir.join("site").join(format!("{}.md", book.name)),
                                pdf: out_dir.join(format!("{}.pdf", book.name)),
                                html: out_dir.join(html::DIR).join(&book.name).join("index.html"),
                            })
                            .collect();
                        published = Some(Published {
                            books,
                            pages,
                            files,
                            changes,
                            elapsed: started.elapsed(),
                        });
                    }
                    Err(mut errs) => {
                        diags.append(&mut errs);
                        // All or nothing: the last published files stay as they were.
                        diags.append(&mut output.abandon());
                    }
                }
            }
            Err(d) => diags.push(d),
        }
    }
    BuildReport {
        diags,
        refused,
        published,
        stages,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use crate::commands::testing::{BOARD, folder};

    /// The PNG, the SVG, the PDF and the HTML page share one drawing of
    /// each diagram; a rebuild with nothing changed draws none.
    #[test]
    fn a_build_draws_each_diagram_once_for_all_its_outputs() {
        let out = tempfile::tempdir().unwrap();
        let options = BuildOptions {
            paths: vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/rules.md")],
            out: Some(out.path().to_path_buf()),
            ..BuildOptions::default()
        };
        let built = build(&options, &|_, _| {}).published.expect("published");
        assert!(built.pages.diagrams > 30, "{:?}", built.pages);
        // Two diagrams written alike are one drawing.
        let book = Book::load(&options.paths[0], &mut Vec::new()).unwrap();
        let distinct: BTreeSet<&str> = book
            .diagrams
            .iter()
            .map(|d| book.source.slice(d.span))
            .collect();
        assert!(distinct.len() < built.pages.diagrams);
        assert_eq!(built.pages.drawn, distinct.len(), "{:?}", built.pages);
        let again = build(&options, &|_, _| {}).published.expect("published");
        assert_eq!(again.pages.drawn, 0, "{:?}", again.pages);
    }

    #[test]
    fn build_publishes_nothing_when_one_book_is_broken() {
        let good = format!("# Good\n\n## Zombie Chess\n\n{BOARD}");
        let bad = "# Bad\n\n## Zombie Chess\n\n    . . x\n";
        let dir = folder(&[("good.md", &good), ("bad.md", bad)]);
        let out = dir.path().join("out");
        let report = build(
            &BuildOptions {
                paths: vec![dir.path().to_path_buf()],
                out: Some(out.clone()),
                ..BuildOptions::default()
            },
            &|_, _| {},
        );
        assert!(report.failed());
        assert!(report.published.is_none());
        assert!(!out.join("good.pdf").exists());
        assert!(!out.join("site/good.md").exists());
        assert!(!out.join("site/bad.md").exists());
        let refused: Vec<&str> = report.refused.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(refused.len(), 2, "{refused:?}");
        assert!(report.refused[0].path.ends_with("bad.md"), "{refused:?}");
        assert!(refused[0].starts_with("not published: "), "{refused:?}");
        assert!(
            refused[1].starts_with("nothing published: the run has 3 errors (above)"),
            "{refused:?}"
        );
    }
}
