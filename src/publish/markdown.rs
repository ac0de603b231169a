//! The Markdown pages (`site/<book>.md`, for a website that renders
//! Markdown): each rulebook with its diagrams replaced by image links, the
//! filled-in table of contents, and the images themselves. "Site" alone
//! means the HTML site ([`crate::html`]).

use std::fmt::Write as _;

use rayon::prelude::*;

use crate::book::{Book, io_reason};
use crate::contents::TocEntry;
use crate::diagnostic::Diagnostic;
use crate::output::OutputDir;
use crate::render::{DrawingStore, tree_to_png};

/// Column at which table-of-contents descriptions wrap, as in the
/// published pages.
const WRAP: usize = 79;

/// The output owner name of a book's site files.
pub fn owner(book: &Book) -> String {
    format!("site:{}", book.name)
}

/// Where a diagram's image goes, relative to `site/`.
pub fn image_path(book: &Book, image_name: &str, ext: &str) -> String {
    format!("images/{}/{image_name}.{ext}", book.name)
}

/// The page: the rulebook's own text, with each diagram block replaced by
/// its image link and the table of contents filled in.
pub fn page_markdown(book: &Book, toc: &[TocEntry]) -> String {
    let text = &book.source.text;
    let mut edits: Vec<(crate::source::Span, String)> = book
        .diagrams
        .iter()
        .map(|d| {
            let link = format!(
                "![Diagram](images/{}/{}.png)\n",
                crate::book::url_segment(&book.name),
                crate::book::url_segment(&d.image_name)
            );
            (d.span, link)
        })
        .collect();
    if let Some(span) = book.toc {
        edits.push((span, toc_markdown(book, toc)));
    }
    edits.sort_by_key(|(span, _)| span.start);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (span, replacement) in edits {
        // Edits never overlap in a book that parsed without errors; a
        // diagram inside the contents' span is dropped with it.
        if span.start < at {
            continue;
        }
        out.push_str(&text[at..span.start]);
        out.push_str(&replacement);
        at = span.end;
    }
    out.push_str(&text[at..]);
    out
}

/// `## Table of Contents`, a linked list of the `##` sections with their
/// descriptions, and the link definitions.
fn toc_markdown(book: &Book, toc: &[TocEntry]) -> String {
    let mut out = String::from("## Table of Contents\n");
    let sections: Vec<&TocEntry> = toc.iter().filter(|e| e.level == 2).collect();
    // A label the book already defines for something else would win over ours.
    let label = |slug: &str| {
        let taken = book
            .link_defs
            .iter()
            .any(|d| d.label.eq_ignore_ascii_case(slug) && d.url != format!("#{slug}"));
        if taken {
            format!("toc-{slug}")
        } else {
            slug.to_string()
        }
    };
    for e in &sections {
        let mut item = format!("* [{}][{}]", e.title, label(&e.slug));
        if let Some(d) = &e.description {
            item.push(' ');
            item.push_str(d);
        }
        out.push_str(&wrap(&item, WRAP, "    "));
    }
    out.push('\n');
    for e in &sections {
        let _ = writeln!(out, "[{}]: #{}", label(&e.slug), e.slug);
    }
    out.push('\n');
    out
}

/// Greedy word wrap; continuation lines get `indent`.
fn wrap(text: &str, width: usize, indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width && line.trim() != "*" {
            out.push_str(line.trim_end());
            out.push('\n');
            line = indent.to_string();
        } else if len > 0 && !line.ends_with(' ') {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
}

/// One diagram to draw.
struct Job<'a> {
    book: &'a Book,
    index: usize,
}

/// What the Markdown pages took.
#[derive(Debug, Default, Clone, Copy)]
pub struct PageStats {
    pub diagrams: usize,
    pub pngs_rendered: usize,
    /// Diagrams drawn (SVG made and parsed) for all the build's outputs.
    pub drawn: usize,
}

/// Writes `site/<book>.md`, the SVG and PNG of every diagram, and copies of
/// the images the book links to. `progress` is called after each diagram.
pub fn publish(
    books: &[(&Book, Vec<TocEntry>)],
    out: &OutputDir,
    drawings: &DrawingStore,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<PageStats, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    for (book, toc) in books {
        let page = page_markdown(book, toc);
        let rel = format!("site/{}.md", book.name);
        if let Err(d) = out.write(&owner(book), &rel, page.as_bytes(), None) {
            diags.push(d);
        }
        diags.extend(copy_linked_files(book, out));
    }
    let jobs: Vec<Job> = books
        .iter()
        .flat_map(|(book, _)| {
            (0..book.diagrams.len())
                .filter(|&i| book.diagrams[i].diagram.is_some())
                .map(move |index| Job { book, index })
        })
        .collect();
    let total = jobs.len();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<Result<bool, Diagnostic>> = jobs
        .par_iter()
        .map(|job| {
            let entry = &job.book.diagrams[job.index];
            let Some(diagram) = &entry.diagram else {
                return Ok(false);
            };
            let owner = owner(job.book);
            let block = job.book.source.slice(entry.span);
            // A drawing depends on its diagram's text, the style and the
            // tool, so its key is made from them without drawing it.
            let key = drawings.key(block);
            let drawing_error = |e: String| {
                Diagnostic::error(
                    &job.book.source,
                    entry.span,
                    format!("this diagram could not be drawn: {e}"),
                )
            };
            let drawing = || drawings.drawing(key, diagram).map_err(drawing_error);
            // Its text is outlines already, so any viewer shows it as it is.
            let svg_rel = format!("site/{}", image_path(job.book, &entry.image_name, "svg"));
            if !out.reuse(&owner, &svg_rel, key) {
                out.write(&owner, &svg_rel, drawing()?.svg.as_bytes(), Some(key))?;
            }
            let png_rel = format!("site/{}", image_path(job.book, &entry.image_name, "png"));
            let rendered = if out.reuse(&owner, &png_rel, key) {
                false
            } else {
                let png = tree_to_png(&drawing()?.tree, drawings.style()).map_err(drawing_error)?;
                out.write(&owner, &png_rel, &png, Some(key))?;
                true
            };
            let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            progress(n, total);
            Ok(rendered)
        })
        .collect();
    let mut stats = PageStats {
        diagrams: total,
        ..PageStats::default()
    };
    for r in results {
        match r {
            Ok(rendered) => stats.pngs_rendered += rendered as usize,
            Err(d) => diags.push(d),
        }
    }
    if diags.is_empty() {
        Ok(stats)
    } else {
        Err(diags)
    }
}

/// Copies the local files (images and others) a book links to beside its page, so the links
/// keep working.
fn copy_linked_files(book: &Book, out: &OutputDir) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    for (path, rel, span) in book.linked_files() {
        match crate::book::read_regular(&path) {
            Ok(bytes) => {
                let rel = format!("site/{rel}");
                if let Err(d) = out.write(&owner(book), &rel, &bytes, None) {
                    diags.push(d);
                }
            }
            Err(e) => diags.push(
                Diagnostic::error(
                    &book.source,
                    span,
                    format!("cannot read the linked file `{rel}`: {}", io_reason(&e)),
                )
                .with_help(format!("looked for {}", crate::paths::shown(&path))),
            ),
        }
    }
    diags
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceFile;

    fn book(text: &str) -> Book {
        let mut diags = Vec::new();
        let b = Book::parse(SourceFile::new("rules/demo.md", text), &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        b
    }

    const BOARD: &str = "    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . K . . .
";

    #[test]
    fn diagrams_become_image_links_and_the_toc_is_filled() {
        let text = format!(
            "---\ntitle: Demo\n---\n\n## Table of Contents\n\n## Zombie Chess\nIntro:\n\n{BOARD}\nMore.\n\n{BOARD}    arrow: e1, e2, white\n\n## Chess Golf\n\n{BOARD}"
        );
        let b = book(&text);
        let toc = vec![
            TocEntry {
                level: 2,
                title: "Zombie Chess".into(),
                slug: "zombie-chess".into(),
                description: Some("brings captured pieces back from the dead, to shamble across the board. (2 players, chess set, coins)".into()),
            },
            TocEntry {
                level: 2,
                title: "Chess Golf".into(),
                slug: "chess-golf".into(),
                description: None,
            },
        ];
        let page = page_markdown(&b, &toc);
        let expected = "---\ntitle: Demo\n---\n\n## Table of Contents
* [Zombie Chess][zombie-chess] brings captured pieces back from the dead, to
    shamble across the board. (2 players, chess set, coins)
* [Chess Golf][chess-golf]

[zombie-chess]: #zombie-chess
[chess-golf]: #chess-golf

## Zombie Chess
Intro:

![Diagram](images/demo/zombie-chess1.png)

More.

![Diagram](images/demo/zombie-chess2.png)

## Chess Golf

![Diagram](images/demo/chess-golf1.png)
";
        assert_eq!(page, expected);
    }

    #[test]
    fn wrap_keeps_short_lines_whole() {
        assert_eq!(wrap("* [A][a] short", 79, "    "), "* [A][a] short\n");
        assert_eq!(wrap("aaa bbb ccc", 7, "  "), "aaa bbb\n  ccc\n");
    }
}
