//! The standalone website, `DIR/html/`: an index of every book, one page per
//! `##` section with a sidebar and previous/next links, a print page per
//! book, diagrams as inline SVG with alt text, and a prebuilt search index
//! (elasticlunr, read by its own small script). Pages come from minijinja
//! templates in `templates/html/`; the templates, stylesheet, scripts and
//! fonts are compiled in, so the site works offline and from `file://`.
//!
//! `serve` uses the same pages, with the engine's findings shown under
//! their diagrams and a live-reload script.

pub mod alt;
pub mod markup;
mod search;
mod templates;

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;
use serde::Serialize;

use crate::book::{Block, Book, plain_text};
use crate::contents::TocEntry;
use crate::diagnostic::Diagnostic;
use crate::output::hash;
use crate::render::{diagram_svg, svg_with_outlined_text};
use crate::style::Style;

use markup::{Writer, escape};
pub use templates::Templates;

/// The folder of the site inside the output folder.
pub const DIR: &str = "html";

/// One book as the site shows it.
pub struct SiteBook<'a> {
    pub book: &'a Book,
    pub toc: &'a [TocEntry],
    /// Findings to show in the pages (`serve`); empty for `build`.
    pub findings: Vec<&'a Diagnostic>,
}

/// How the pages are made.
#[derive(Clone, Debug, Default)]
pub struct HtmlOptions {
    /// Pages reload when `serve` rebuilds them: the number of the rebuild
    /// that wrote them, so that a page that missed a later rebuild (saved
    /// again while it loaded) reloads as soon as it asks.
    pub live_reload: Option<u64>,
}

/// The web drawings made so far, by what they were made from, so that a
/// rebuild draws only the diagrams that changed; and the last good drawing
/// of each diagram, which stays while the diagram has errors.
#[derive(Default)]
pub struct Drawings {
    by_key: Mutex<HashMap<u64, Arc<String>>>,
    last_good: Mutex<HashMap<(String, String), Arc<String>>>,
    /// How many drawings were made (not found) since the last `take_made`.
    made: std::sync::atomic::AtomicUsize,
}

impl Drawings {
    /// How many diagrams were drawn since the last call.
    pub fn take_made(&self) -> usize {
        self.made.swap(0, std::sync::atomic::Ordering::Relaxed)
    }

    fn draw(&self, svg: &str) -> Result<Arc<String>, String> {
        let key = hash(svg.as_bytes());
        if let Some(found) = lock(&self.by_key).get(&key) {
            return Ok(found.clone());
        }
        // Browsers lack the embedded fonts: text goes as outlines.
        let web = Arc::new(svg_with_outlined_text(svg)?);
        self.made.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        lock(&self.by_key).insert(key, web.clone());
        Ok(web)
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// One page of a book: its front page or a `##` section.
struct Page<'a> {
    /// The file name without `.html`.
    file: String,
    title: String,
    blocks: Vec<&'a Block>,
    /// Where its text starts in the book, to place findings.
    start: usize,
}

/// A file of the site: its path inside `html/` and its bytes.
pub type SiteFile = (String, Vec<u8>);

/// Every file of the site.
pub fn site(
    books: &[SiteBook],
    templates: &Templates,
    drawings: &Drawings,
    style: &Style,
    options: &HtmlOptions,
) -> Result<Vec<SiteFile>, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    // Draw every diagram first, in parallel; pages only look them up.
    let drawn: Vec<HashMap<usize, Drawn>> = books
        .iter()
        .map(|sb| draw_book(sb.book, drawings, style, &mut errors))
        .collect();
    let mut files: Vec<SiteFile> = Vec::new();
    let mut search = search::SearchIndex::new();
    let mut index_books = Vec::new();
    for (sb, drawn) in books.iter().zip(&drawn) {
        match book_files(sb, drawn, templates, options, &mut search) {
            Ok((mut f, summary)) => {
                files.append(&mut f);
                index_books.push(summary);
            }
            Err(e) => errors.push(e),
        }
        files.extend(linked_images(sb.book, &mut errors));
    }
    let site_title = match books {
        [one] => book_title(one.book),
        _ => "Rulebooks".to_string(),
    };
    let index = templates.render(
        "index.html",
        minijinja::context! {
            root => "",
            site_title => site_title.as_str(),
            page_title => site_title.as_str(),
            books => minijinja::value::Serde(&index_books),
            live_reload => options.live_reload,
        },
    );
    match index {
        Ok(text) => files.push(("index.html".into(), text.into_bytes())),
        Err(e) => errors.push(e),
    }
    files.push(("searchindex.js".into(), search.to_js().into_bytes()));
    files.extend(templates.assets());
    if errors.is_empty() {
        Ok(files)
    } else {
        Err(errors)
    }
}

/// A diagram as the page shows it.
struct Drawn {
    svg: Arc<String>,
    alt: String,
    /// The drawing is an earlier one: the diagram has errors now.
    stale: bool,
}

fn draw_book(
    book: &Book,
    drawings: &Drawings,
    style: &Style,
    errors: &mut Vec<Diagnostic>,
) -> HashMap<usize, Drawn> {
    let results: Vec<(usize, Result<Option<Drawn>, Diagnostic>)> = book
        .diagrams
        .par_iter()
        .enumerate()
        .map(|(i, entry)| {
            let key = (book.name.clone(), entry.image_name.clone());
            let game = book.section_of(entry).map(|s| s.title.as_str());
            let Some(diagram) = &entry.diagram else {
                let last = lock(&drawings.last_good).get(&key).cloned();
                return (
                    i,
                    Ok(last.map(|svg| Drawn {
                        svg,
                        alt: format!("{}: an earlier drawing", game.unwrap_or("diagram")),
                        stale: true,
                    })),
                );
            };
            let svg = diagram_svg(diagram, style);
            let result = drawings
                .draw(&svg)
                .map(|svg| {
                    lock(&drawings.last_good).insert(key, svg.clone());
                    Some(Drawn {
                        svg,
                        alt: alt::alt_text(game, diagram),
                        stale: false,
                    })
                })
                .map_err(|e| {
                    Diagnostic::error(
                        &book.source,
                        entry.span,
                        format!("this diagram could not be drawn: {e}"),
                    )
                });
            (i, result)
        })
        .collect();
    let mut drawn = HashMap::new();
    for (i, r) in results {
        match r {
            Ok(Some(d)) => {
                drawn.insert(i, d);
            }
            Ok(None) => {}
            Err(e) => errors.push(e),
        }
    }
    drawn
}

pub fn book_title(book: &Book) -> String {
    book.front_matter
        .title()
        .map(str::to_string)
        .unwrap_or_else(|| book.name.clone())
}

/// The front page, then one page per `##` section. A `#` part heading (after
/// the contents) and its text open the section that follows them.
fn split_pages(book: &Book) -> Vec<Page<'_>> {
    let mut pages = vec![Page {
        file: "index".into(),
        title: book_title(book),
        blocks: Vec::new(),
        start: 0,
    }];
    let mut pending: Vec<&Block> = Vec::new();
    for block in &book.blocks {
        match block {
            Block::Heading {
                level: 2,
                content,
                slug,
                ..
            } => {
                let file = match slug.as_str() {
                    "index" | "print" | "" => format!("section-{slug}"),
                    s => s.to_string(),
                };
                let start = pending
                    .first()
                    .map_or(block.span().start, |b| b.span().start);
                let mut blocks = std::mem::take(&mut pending);
                blocks.push(block);
                pages.push(Page {
                    file,
                    title: plain_text(content),
                    blocks,
                    start,
                });
            }
            // A part after the contents belongs with the games it opens.
            Block::Heading { level: 1, .. }
                if pages.len() > 1
                    || pages[0]
                        .blocks
                        .iter()
                        .any(|b| matches!(b, Block::TableOfContents { .. })) =>
            {
                pending.push(block)
            }
            _ if !pending.is_empty() => pending.push(block),
            _ => {
                if let Some(last) = pages.last_mut() {
                    last.blocks.push(block);
                }
            }
        }
    }
    if let Some(last) = pages.last_mut() {
        last.blocks.append(&mut pending);
    }
    pages
}

#[derive(Serialize)]
struct Link {
    title: String,
    href: String,
    description: Option<String>,
    level: u8,
    current: bool,
}

#[derive(Serialize)]
struct BookSummary {
    title: String,
    subtitle: Option<String>,
    href: String,
    print_href: String,
    entries: Vec<Link>,
}

/// A book's pages and its entry for the site's index.
fn book_files(
    sb: &SiteBook,
    drawn: &HashMap<usize, Drawn>,
    templates: &Templates,
    options: &HtmlOptions,
    search: &mut search::SearchIndex,
) -> Result<(Vec<SiteFile>, BookSummary), Diagnostic> {
    let book = sb.book;
    let title = book_title(book);
    let pages = split_pages(book);
    // Every heading's page, for links between pages.
    let mut anchors = BTreeMap::new();
    for page in &pages {
        for b in &page.blocks {
            if let Block::Heading { level, slug, .. } = b {
                let href = if *level == 2 {
                    format!("{}.html", page.file)
                } else {
                    format!("{}.html#{slug}", page.file)
                };
                anchors.entry(slug.clone()).or_insert(href);
            }
        }
    }
    let print_anchors: BTreeMap<String, String> = anchors
        .keys()
        .map(|slug| (slug.clone(), format!("#{slug}")))
        .collect();
    let page_of_slug = |slug: &str| anchors.get(slug).cloned();
    let entries: Vec<Link> = sb
        .toc
        .iter()
        .filter_map(|e| {
            Some(Link {
                title: e.title.clone(),
                href: page_of_slug(&e.slug)?,
                description: e.description.clone(),
                level: e.level,
                current: false,
            })
        })
        .collect();
    let contents_html = |prefix: &str, print: bool| {
        let mut out = String::from("<ul class=\"contents\">\n");
        for e in sb.toc {
            let href = if print {
                format!("#{}", e.slug)
            } else {
                match page_of_slug(&e.slug) {
                    Some(h) => format!("{prefix}{h}"),
                    None => continue,
                }
            };
            out.push_str(&format!(
                "<li class=\"level{}\"><a href=\"{}\">{}</a>",
                e.level,
                escape(&href),
                escape(&e.title)
            ));
            if let Some(d) = &e.description {
                out.push_str(&format!(
                    " <span class=\"description\">{}</span>",
                    escape(d)
                ));
            }
            out.push_str("</li>\n");
        }
        out.push_str("</ul>\n");
        out
    };
    // Findings under their diagram, or at the top of their page.
    let mut by_diagram: BTreeMap<usize, Vec<&Diagnostic>> = BTreeMap::new();
    let mut by_page: BTreeMap<usize, Vec<&Diagnostic>> = BTreeMap::new();
    for d in &sb.findings {
        let at = d.span.map_or(0, |s| s.start);
        if let Some(i) = book
            .diagrams
            .iter()
            .position(|e| e.span.start <= at && at < e.span.end.max(e.span.start + 1))
        {
            by_diagram.entry(i).or_default().push(d);
        } else {
            let page = pages.iter().rposition(|p| p.start <= at).unwrap_or(0);
            by_page.entry(page).or_default().push(d);
        }
    }
    let diagram_html = |i: usize| {
        let entry = &book.diagrams[i];
        let id = format!("diagram-{}", entry.image_name);
        let mut out = format!("<figure class=\"diagram\" id=\"{}\">", escape(&id));
        match drawn.get(&i) {
            Some(d) => {
                let class = if d.stale { "board stale" } else { "board" };
                let svg = d.svg.replacen(
                    "<svg ",
                    &format!("<svg role=\"img\" aria-label=\"{}\" ", escape(&d.alt)),
                    1,
                );
                out.push_str(&format!("<div class=\"{class}\">{svg}</div>"));
            }
            None => out.push_str(
                "<div class=\"board missing\" role=\"img\" aria-label=\"a diagram that could not be drawn\">this diagram has errors, and no earlier drawing</div>",
            ),
        }
        for d in by_diagram.get(&i).into_iter().flatten() {
            out.push_str(&finding_html(d));
        }
        out.push_str("</figure>\n");
        out
    };
    let sidebar = |current: usize| -> Vec<Link> {
        pages
            .iter()
            .enumerate()
            .map(|(i, p)| Link {
                title: if i == 0 {
                    "Contents".into()
                } else {
                    p.title.clone()
                },
                href: format!("{}.html", p.file),
                description: None,
                level: 2,
                current: i == current,
            })
            .collect()
    };
    let mut files = Vec::new();
    let mut print_body = String::new();
    let print_writer = Writer {
        anchors: &print_anchors,
        diagram: &diagram_html,
        contents: &|| contents_html("", true),
    };
    for (n, page) in pages.iter().enumerate() {
        let writer = Writer {
            anchors: &anchors,
            diagram: &diagram_html,
            contents: &|| contents_html("", false),
        };
        let mut content = String::new();
        let blocks: Vec<Block> = page.blocks.iter().map(|b| (*b).clone()).collect();
        writer.blocks(&mut content, &blocks);
        print_writer.blocks(&mut print_body, &blocks);
        // Findings of the page: those in its text, and those of its diagrams.
        let mut page_findings: Vec<&Diagnostic> = by_page.get(&n).cloned().unwrap_or_default();
        let top: String = page_findings.iter().map(|d| finding_html(d)).collect();
        for b in &blocks {
            if let Block::Diagram { index, .. } = b {
                page_findings.extend(by_diagram.get(index).into_iter().flatten());
            }
        }
        let count = |f: fn(&Diagnostic) -> bool| page_findings.iter().filter(|d| f(d)).count();
        let (errors, warnings) = (count(Diagnostic::is_error), count(Diagnostic::is_warning));
        let summary = findings_summary(errors, warnings);
        let link = |i: usize| {
            pages.get(i).map(|p| Link {
                title: if i == 0 {
                    title.clone()
                } else {
                    p.title.clone()
                },
                href: format!("{}.html", p.file),
                description: None,
                level: 2,
                current: false,
            })
        };
        let text = templates.render(
            "page.html",
            minijinja::context! {
                root => "../",
                site_title => title.as_str(),
                book_title => title.as_str(),
                page_title => if n == 0 { title.clone() } else { page.title.clone() },
                sidebar => minijinja::value::Serde(sidebar(n)),
                content => minijinja::Value::from_safe_string(content),
                findings_summary => summary,
                findings_top => minijinja::Value::from_safe_string(top),
                error_count => errors,
                prev => minijinja::value::Serde(n.checked_sub(1).and_then(link)),
                next => minijinja::value::Serde(link(n + 1)),
                print_href => "print.html",
                live_reload => options.live_reload,
            },
        )?;
        files.push((
            format!("{}/{}.html", book.name, page.file),
            text.into_bytes(),
        ));
        let mut body = String::new();
        for b in &blocks {
            search::plain(&mut body, b, &|i| {
                drawn.get(&i).map(|d| d.alt.clone()).unwrap_or_default()
            });
        }
        search.add(
            &format!("{}/{}.html", book.name, page.file),
            if n == 0 { &title } else { &page.title },
            &body,
            &title,
        );
    }
    let print = templates.render(
        "print.html",
        minijinja::context! {
            root => "../",
            site_title => title.as_str(),
            book_title => title.as_str(),
            page_title => title.as_str(),
            content => minijinja::Value::from_safe_string(print_body),
            live_reload => options.live_reload,
        },
    )?;
    files.push((format!("{}/print.html", book.name), print.into_bytes()));
    let summary = BookSummary {
        title: title.clone(),
        subtitle: book.front_matter.subtitle().map(str::to_string),
        href: format!("{}/index.html", book.name),
        print_href: format!("{}/print.html", book.name),
        entries: entries
            .into_iter()
            .map(|mut e| {
                e.href = format!("{}/{}", book.name, e.href);
                e
            })
            .collect(),
    };
    Ok((files, summary))
}

fn findings_summary(errors: usize, warnings: usize) -> Option<String> {
    let plural = |n: usize, one: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {one}s")
        }
    };
    match (errors, warnings) {
        (0, 0) => None,
        (e, 0) => Some(format!("This page has {}.", plural(e, "error"))),
        (0, w) => Some(format!("This page has {}.", plural(w, "warning"))),
        (e, w) => Some(format!(
            "This page has {} and {}.",
            plural(e, "error"),
            plural(w, "warning")
        )),
    }
}

/// A finding as the terminal prints it, in a box.
fn finding_html(d: &Diagnostic) -> String {
    let class = if d.allowed.is_some() {
        "allowed"
    } else if d.is_error() {
        "error"
    } else {
        "warning"
    };
    format!(
        "<pre class=\"finding {class}\" role=\"note\">{}</pre>",
        escape(d.render().trim_end())
    )
}

/// Copies of the images a book links to, beside its pages.
fn linked_images(book: &Book, errors: &mut Vec<Diagnostic>) -> Vec<SiteFile> {
    let mut files = Vec::new();
    for image in &book.images {
        let Some(Ok(path)) = book.local_image_path(&image.url) else {
            continue;
        };
        match std::fs::read(&path) {
            Ok(bytes) => files.push((
                format!("{}/{}", book.name, image.url.trim_start_matches("./")),
                bytes,
            )),
            Err(e) => errors.push(Diagnostic::error(
                &book.source,
                image.span,
                format!(
                    "cannot read the image `{}`: {}",
                    image.url,
                    crate::book::io_reason(&e)
                ),
            )),
        }
    }
    files
}

/// The output owner of the site's files.
pub const OWNER: &str = "html";

#[cfg(test)]
mod tests;
