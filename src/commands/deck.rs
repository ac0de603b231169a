//! `deck`: the card deck to print and cut, and one image per card face.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::{Failure, Stage};
use crate::book::Book;
use crate::config::{source_date, source_date_problem};
use crate::diagnostic::Diagnostic;
use crate::output::{OutputDir, Stats};
use crate::pdf::PageFormat;
use crate::publish::Output;
use crate::settings::{Flags, Settings, find_books};

/// What `deck` is asked to do.
#[derive(Clone, Debug, Default)]
pub struct DeckRequest {
    /// A rulebook, or a folder of them (as `build` takes them); `None`
    /// for `rules/`.
    pub book: Option<PathBuf>,
    pub out: Option<PathBuf>,
    /// The paper; `None` for the settings' `build.page` (letter for a
    /// booklet or a zine, which print on letter sheets), or letter.
    pub page: Option<crate::deck::DeckPage>,
    pub backs: bool,
    /// In points.
    pub bleed: f32,
    /// The player aids; `None` for `player_aids.md` in the rulebooks'
    /// folder, if there is one (without it the deck is cards only).
    pub aids: Option<PathBuf>,
    pub style: Option<PathBuf>,
}

/// What `deck` wrote.
#[derive(Debug)]
pub struct DeckReport {
    /// Cards printed, and the pages they fill.
    pub printed: usize,
    pub pages: usize,
    pub page: crate::deck::DeckPage,
    pub pdf: PathBuf,
    /// Distinct faces, their folder, and how many were drawn this time.
    pub faces: usize,
    pub images: PathBuf,
    pub drawn: usize,
    pub files: Stats,
    /// The files written and removed, relative to the output folder.
    pub changes: crate::output::Changes,
    pub elapsed: Duration,
    /// Each stage and its time, for `-v`.
    pub stages: Vec<Stage>,
    /// Problems met while writing (the summary still holds).
    pub diags: Vec<Diagnostic>,
}

/// The book whose card table the deck follows: the one book that has a
/// `type: cards` table, or the first when none has (the compiled-in
/// table). Two books with tables are an error naming both.
fn deck_book(books: &[Book]) -> Result<&Book, Failure> {
    let with_table: Vec<&Book> = books
        .iter()
        .filter(|b| b.card_rows().next().is_some())
        .collect();
    match with_table[..] {
        [] => Ok(&books[0]),
        [one] => Ok(one),
        [first, second, ..] => Err(Failure::Input(vec![
            Diagnostic::file_error(
                &second.source.path,
                format!(
                    "two rulebooks have a card table: {} and {}, and a deck follows one",
                    crate::paths::shown(&first.source.path),
                    crate::paths::shown(&second.source.path)
                ),
            )
            .with_help("give the deck the rulebook whose cards it prints: `deck rules/<book>.md`"),
        ])),
    }
}

/// `deck`: everything is drawn in memory first, so bad input leaves the
/// output folder as it was; then unchanged files are left alone. A switch
/// a killed run left unfinished there is finished even when this run
/// fails, so the folder is never left half old and half new.
pub fn deck(args: &DeckRequest) -> Result<DeckReport, Failure> {
    let made = make_deck(args);
    if let Err(Failure::Input(diags)) = &made {
        let out = Settings::resolve(
            args.book.as_slice(),
            &Flags {
                out: args.out.clone(),
                style: None,
                page: None,
            },
        )
        .out;
        let mut finished = crate::output::finish_interrupted(&out);
        if !finished.is_empty() {
            finished.extend(diags.iter().cloned());
            return Err(Failure::Input(finished));
        }
    }
    made
}

fn make_deck(args: &DeckRequest) -> Result<DeckReport, Failure> {
    use crate::deck::{self as d, DeckOptions};

    let input = |d: Diagnostic| Failure::Input(vec![d]);
    let started = Instant::now();
    let mut stages = Vec::new();
    let settings = Settings::resolve(
        args.book.as_slice(),
        &Flags {
            out: args.out.clone(),
            style: args.style.clone(),
            page: None,
        },
    );
    // The deck is drawn in the settings' style on their paper: a problem in
    // them would print a wrong deck.
    if settings.failed() {
        return Err(Failure::Input(settings.problems));
    }
    let given = settings.paths[0].clone();
    let style = &settings.style;
    let config = &settings.config;
    let page = args.page.unwrap_or(match config.build.page {
        Some(PageFormat::A4) => d::DeckPage::A4,
        // A booklet and a zine are printed on letter sheets.
        Some(PageFormat::Letter | PageFormat::Booklet | PageFormat::Zine) | None => {
            d::DeckPage::Letter
        }
    });
    let options = DeckOptions {
        page,
        backs: args.backs,
        bleed_pt: args.bleed,
        date: source_date(),
    };
    let date_warning = source_date_problem();
    // A bleed the sheet has no room for is a bad option value.
    if let Err(e) = d::grid(style, &options) {
        return Err(Failure::Usage(format!(
            "--bleed on {} paper: {e}",
            options.page.name()
        )));
    }
    let mut diags = Vec::new();
    let book_paths = find_books(std::slice::from_ref(&given), &mut diags);
    let books: Vec<Book> = book_paths
        .iter()
        .filter_map(|path| Book::load(path, &mut diags))
        .collect();
    // A broken card table (or any error) would print a wrong deck.
    if books.is_empty() || diags.iter().any(Diagnostic::is_error) {
        diags.push(Diagnostic::file_error(
            &given,
            if given.is_dir() {
                "no deck written: the rulebooks have errors (above)"
            } else {
                "no deck written: the rulebook has errors (above)"
            },
        ));
        return Err(Failure::Input(diags));
    }
    let book = deck_book(&books)?;
    let folder = if given.is_dir() {
        given.clone()
    } else {
        given.parent().unwrap_or(Path::new("")).to_path_buf()
    };
    let aids_path = args
        .aids
        .clone()
        .unwrap_or_else(|| folder.join(d::AIDS_FILE));
    let default_aids = args.aids.is_none();
    let aids = if default_aids
        && std::fs::symlink_metadata(&aids_path)
            .is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound)
    {
        // No player aids: a deck of cards only.
        d::Aids::none(&aids_path)
    } else {
        d::Aids::load(&aids_path, default_aids).map_err(Failure::Input)?
    };
    stages.push(Stage::since(
        "read the settings, style, book and player aids",
        started,
    ));
    let laying = Instant::now();
    let games: Vec<&Book> = books.iter().collect();
    let faces = d::faces_with_games(book, &games, &aids, style).map_err(Failure::Input)?;
    stages.push(Stage::since(
        format!("laid out {} distinct faces", faces.len()),
        laying,
    ));
    let out_dir = settings.out.clone();
    let sources: Vec<&Path> = book_paths
        .iter()
        .map(PathBuf::as_path)
        .chain([aids_path.as_path()])
        .collect();
    let inside = crate::output::sources_inside(&out_dir, &sources);
    if !inside.is_empty() {
        return Err(Failure::Input(inside));
    }
    let output = OutputDir::open(&out_dir).map_err(input)?;
    let deck_files = crate::publish::deck::DeckFiles {
        book,
        faces: &faces,
        options: &options,
    };
    let drawing = Instant::now();
    let books = [(book, Vec::new())];
    let cx = crate::publish::Context {
        books: &books,
        settings: &settings,
        output: &output,
        progress: &|_, _| {},
    };
    let mut errors = Vec::new();
    let drawn = match deck_files.write(&cx) {
        Ok(made) => made.pngs,
        Err(mut e) => {
            // All or nothing: the last deck stays as it was.
            e.append(&mut output.abandon());
            return Err(Failure::Input(e));
        }
    };
    stages.push(Stage::since(
        format!("drew {}", crate::publish::deck::drawn_summary(drawn)),
        drawing,
    ));
    let owners = deck_files.owners(&[book]).into_iter().collect();
    let committing = Instant::now();
    let (files, changes, mut finish_diags) = output.finish_listed(&owners);
    stages.push(Stage::since("moved the new files into place", committing));
    errors.append(&mut finish_diags);
    errors.extend(date_warning);
    let (printed, pages) = d::page_count(&faces, style, &options);
    Ok(DeckReport {
        printed,
        pages,
        page: options.page,
        pdf: out_dir.join(crate::publish::deck::PDF),
        faces: faces.len(),
        images: out_dir.join("deck"),
        drawn,
        files,
        changes,
        elapsed: started.elapsed(),
        stages,
        diags: errors,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use crate::commands::testing::{BOARD, folder};

    #[test]
    fn a_bleed_the_sheet_cannot_hold_is_a_usage_error() {
        let request = DeckRequest {
            bleed: 72.0,
            ..DeckRequest::default()
        };
        assert!(matches!(deck(&request), Err(Failure::Usage(_))));
    }
}
