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
pub mod grid_table;
pub mod markup;
mod search;
mod templates;

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;
use serde::Serialize;

use crate::book::{Block, Book};
use crate::contents::TocEntry;
use crate::diagnostic::Diagnostic;
use crate::engine::fen::{DiagramFen, FenResult};
use crate::output::hash;
use crate::render::{DrawingStore, diagram_svg, with_id_prefix};
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
    /// Each diagram's position as FEN, as the engine read it, in the
    /// book's order: a diagram with one gets a "Copy FEN" button and a
    /// link to an online analysis board. Empty: none.
    pub fens: &'a [FenResult],
}

/// How the pages are made.
#[derive(Clone, Debug, Default)]
pub struct HtmlOptions {
    /// Pages reload when `serve` rebuilds them. Each page carries
    /// [`LIVE_RELOAD_MARK`], which `serve` replaces with the number of the
    /// rebuild current when it sends the page, so that a page that missed
    /// a later rebuild reloads as soon as it asks, and a page that did not
    /// change is not written again.
    pub live_reload: bool,
    /// The index's order and the books' descriptions, from the settings.
    pub site: crate::config::SiteConfig,
}

/// What a page under `serve` says in place of its rebuild's number.
pub const LIVE_RELOAD_MARK: &str = "data-live-reload=\"ckd-rebuild\"";

/// The web drawings made so far, by what they were made from, so that a
/// rebuild draws only the diagrams that changed; and the last good drawing
/// of each diagram, which stays while the diagram has errors.
#[derive(Default)]
pub struct Drawings {
    by_key: Mutex<HashMap<u64, Arc<String>>>,
    last_good: Mutex<HashMap<(String, String), Arc<String>>>,
    /// How many drawings were made (not found) since the last `take_made`.
    made: std::sync::atomic::AtomicUsize,
    /// Keep nothing: a single build uses each drawing once, and a large
    /// book's drawings together would not fit in memory.
    forget: bool,
    /// The build's drawings, which its other outputs share.
    shared: Option<Arc<DrawingStore>>,
    /// The search index last made, kept with the drawings for the same
    /// reason: a rebuild makes again only what changed.
    search: search::LastIndex,
}

impl Drawings {
    /// Drawings for one build: each is taken from the build's `shared`
    /// drawings when its page needs it, and dropped with the page.
    pub fn for_one_build(shared: Arc<DrawingStore>) -> Drawings {
        Drawings {
            forget: true,
            shared: Some(shared),
            ..Drawings::default()
        }
    }

    /// How many diagrams were drawn since the last call.
    pub fn take_made(&self) -> usize {
        self.made.swap(0, std::sync::atomic::Ordering::Relaxed)
    }

    /// The drawing as diagram `index` of its book's pages shows it. `key`
    /// names what it is drawn from (the diagram's text, the style), so a
    /// kept drawing is found without drawing. Its text is outlines
    /// already, so a browser shows it as it is, once its ids are the
    /// diagram's own.
    fn draw(&self, key: u64, index: usize, svg: impl FnOnce() -> String) -> Arc<String> {
        let key = hash(format!("{key}\n{index}").as_bytes());
        if let Some(found) = lock(&self.by_key).get(&key) {
            return found.clone();
        }
        let web = Arc::new(with_id_prefix(&svg(), &format!("ckd{index}-")));
        self.made.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if !self.forget {
            lock(&self.by_key).insert(key, web.clone());
        }
        web
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

/// Where the site's files go as they are made: kept in memory (`serve`),
/// or written into the output folder (`build`), so that a large book's
/// pages are never all held at once.
pub trait SiteSink {
    /// A whole file.
    fn file(&mut self, rel: String, bytes: Vec<u8>) -> Result<(), Diagnostic>;
    /// Starts a file that comes in pieces (a book's print page): `piece`s
    /// follow, then `end`. One is open at a time.
    fn start(&mut self, rel: &str) -> Result<(), Diagnostic>;
    fn piece(&mut self, bytes: &[u8]);
    fn end(&mut self) -> Result<(), Diagnostic>;
}

/// A sink that keeps every file, in the order they were made.
#[derive(Default)]
struct Collected {
    files: Vec<SiteFile>,
    open: Option<SiteFile>,
}

impl SiteSink for Collected {
    fn file(&mut self, rel: String, bytes: Vec<u8>) -> Result<(), Diagnostic> {
        self.files.push((rel, bytes));
        Ok(())
    }

    fn start(&mut self, rel: &str) -> Result<(), Diagnostic> {
        self.open = Some((rel.to_string(), Vec::new()));
        Ok(())
    }

    fn piece(&mut self, bytes: &[u8]) {
        if let Some((_, b)) = &mut self.open {
            b.extend_from_slice(bytes);
        }
    }

    fn end(&mut self) -> Result<(), Diagnostic> {
        self.files.extend(self.open.take());
        Ok(())
    }
}

/// Every file of the site.
pub fn site(
    books: &[SiteBook],
    templates: &Templates,
    drawings: &Drawings,
    style: &Style,
    options: &HtmlOptions,
) -> Result<Vec<SiteFile>, Vec<Diagnostic>> {
    let mut sink = Collected::default();
    write_site(books, templates, drawings, style, options, &mut sink)?;
    Ok(sink.files)
}

/// Every file of the site, each given to `sink` when it is made. `Err`
/// when anything failed, after the rest was made.
pub fn write_site(
    books: &[SiteBook],
    templates: &Templates,
    drawings: &Drawings,
    style: &Style,
    options: &HtmlOptions,
    sink: &mut dyn SiteSink,
) -> Result<(), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut search = search::SearchIndex::new();
    let mut index_books = Vec::new();
    let run_anchors: BTreeMap<String, BTreeMap<String, String>> = books
        .iter()
        .map(|sb| (sb.book.name.clone(), page_anchors(&split_pages(sb.book))))
        .collect();
    for sb in books {
        let made = Made {
            books: &run_anchors,
            drawings,
            style,
            templates,
            options,
        };
        match book_files(sb, &made, &mut search, sink) {
            Ok(summary) => index_books.push(summary),
            Err(e) => errors.push(e),
        }
        for (rel, bytes) in linked_file_copies(sb.book, &mut errors) {
            if let Err(e) = sink.file(rel, bytes) {
                errors.push(e);
            }
        }
    }
    order_index(&mut index_books, &options.site);
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
            live_reload => options.live_reload.then_some("ckd-rebuild"),
        },
    );
    let mut files = Vec::new();
    match index {
        Ok(text) => files.push(("index.html".into(), text.into_bytes())),
        Err(e) => errors.push(e),
    }
    // Kept for the next rebuild only where there is one (serve).
    let js = search.into_js(&drawings.search, !drawings.forget);
    let js = Arc::try_unwrap(js).map_or_else(|js| js.as_bytes().to_vec(), String::into_bytes);
    files.push(("searchindex.js".into(), js));
    files.extend(templates.assets());
    for (rel, bytes) in files {
        if let Err(e) = sink.file(rel, bytes) {
            errors.push(e);
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// What pages are made with.
struct Made<'a> {
    /// Each book's heading anchors, for links between the run's books.
    books: &'a BTreeMap<String, BTreeMap<String, String>>,
    drawings: &'a Drawings,
    style: &'a Style,
    templates: &'a Templates,
    options: &'a HtmlOptions,
}

/// A diagram as the page shows it.
struct Drawn {
    svg: Arc<String>,
    alt: String,
    /// The drawing is an earlier one: the diagram has errors now.
    stale: bool,
}

/// Diagrams drawn at once, in parallel, before the pages that show them:
/// enough to keep both cores busy, few enough to hold.
const DRAWN_AT_ONCE: usize = 64;

/// The drawings of diagrams `indices`, made in parallel.
fn draw_diagrams(
    book: &Book,
    indices: &[usize],
    drawings: &Drawings,
    style: &Style,
    style_key: u64,
) -> HashMap<usize, Option<Drawn>> {
    indices
        .par_iter()
        .map(|&i| (i, draw_diagram(book, i, drawings, style, style_key)))
        .collect()
}

/// Diagram `i` as the page shows it: `None` when it has errors and no
/// earlier drawing.
fn draw_diagram(
    book: &Book,
    i: usize,
    drawings: &Drawings,
    style: &Style,
    style_key: u64,
) -> Option<Drawn> {
    let entry = &book.diagrams[i];
    let key = (book.name.clone(), entry.image_name.clone());
    let game = book.section_of(entry).map(|s| s.title.as_str());
    let Some(diagram) = &entry.diagram else {
        let last = lock(&drawings.last_good).get(&key).cloned();
        return last.map(|svg| Drawn {
            svg,
            alt: format!("{}: an earlier drawing", game.unwrap_or("diagram")),
            stale: true,
        });
    };
    let made_from = hash(format!("{}\n{style_key}", book.source.slice(entry.span)).as_bytes());
    let svg = drawings.draw(made_from, i, || {
        let shared = drawings.shared.as_ref().and_then(|store| {
            let key = store.key(book.source.slice(entry.span));
            store.drawing(key, diagram).ok()
        });
        match shared {
            Some(d) => d.svg.clone(),
            None => diagram_svg(diagram, style),
        }
    });
    if !drawings.forget {
        lock(&drawings.last_good).insert(key, svg.clone());
    }
    Some(Drawn {
        svg,
        // The PDF's figures say the same (`pdf::layout`), a grid's cells
        // there in its alt text, here in a table beside it.
        alt: alt::on_site(book, i).unwrap_or_default(),
        stale: false,
    })
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
                title,
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
                    title: title.clone(),
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
    /// The book's file name without `.md`.
    name: String,
    title: String,
    subtitle: Option<String>,
    description: Option<String>,
    href: String,
    print_href: String,
    entries: Vec<Link>,
}

/// The index's order: the books the settings list, in their order, then
/// the others by title (a leading "The", "A" or "An" aside, as a library
/// files them), then by file name.
fn order_index(books: &mut [BookSummary], site: &crate::config::SiteConfig) {
    let listed = |b: &BookSummary| site.book.iter().position(|s| s.name == b.name);
    let filed_as = |b: &BookSummary| {
        let title = b.title.trim().to_lowercase();
        ["the ", "a ", "an "]
            .iter()
            .find_map(|article| title.strip_prefix(article).map(str::to_string))
            .unwrap_or(title)
    };
    books.sort_by(|a, b| {
        let by_listing = match (listed(a), listed(b)) {
            (Some(x), Some(y)) => x.cmp(&y),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        };
        by_listing
            .then_with(|| filed_as(a).cmp(&filed_as(b)))
            .then_with(|| a.name.cmp(&b.name))
    });
}

/// Where each heading of a book's pages lives: `zombie-chess` on
/// `zombie-chess.html`, `setup` at `zombie-chess.html#setup`.
fn page_anchors(pages: &[Page]) -> BTreeMap<String, String> {
    let mut anchors = BTreeMap::new();
    for page in pages {
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
    anchors
}

/// A book's pages and its entry for the site's index.
fn book_files(
    sb: &SiteBook,
    made: &Made,
    search: &mut search::SearchIndex,
    sink: &mut dyn SiteSink,
) -> Result<BookSummary, Diagnostic> {
    let Made {
        books: run_anchors,
        drawings,
        style,
        templates,
        options,
    } = *made;
    let book = sb.book;
    let style_key = style.key();
    // The drawings of the pages being made; one missing (a diagram outside
    // its page's text range) is drawn when it is asked for.
    let drawn: RefCell<HashMap<usize, Option<Drawn>>> = RefCell::default();
    let with_drawn = |i: usize, f: &mut dyn FnMut(Option<&Drawn>)| {
        if !drawn.borrow().contains_key(&i) {
            let d = draw_diagram(book, i, drawings, style, style_key);
            drawn.borrow_mut().insert(i, d);
        }
        f(drawn.borrow().get(&i).and_then(Option::as_ref));
    };
    let title = book_title(book);
    let pages = split_pages(book);
    // Every heading's page, for links between pages.
    let anchors = run_anchors
        .get(&book.name)
        .cloned()
        .unwrap_or_else(|| page_anchors(&pages));
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
        // A finding in another file (the settings) goes at the top.
        let at = match d.span {
            Some(s) if d.path == book.source.path => s.start,
            _ => 0,
        };
        if d.path != book.source.path {
            by_page.entry(0).or_default().push(d);
        } else if let Some(i) = book
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
        with_drawn(i, &mut |d| {
            match d {
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
        });
        if let Some(grid) = entry.diagram.as_ref().and_then(|d| d.as_grid()) {
            let table = grid_table::word_table(grid);
            out.push_str(&grid_table::table_html(&table, &format!("{id}-table")));
        }
        if let Some(Ok(fen)) = sb.fens.get(i) {
            out.push_str(&fen_html(fen));
        }
        for d in by_diagram.get(&i).into_iter().flatten() {
            out.push_str(&finding_html(d));
        }
        out.push_str("</figure>\n");
        out
    };
    // The sidebar, once for the book (every page lists every page, so
    // inlined it would grow the site with the square of its sections).
    let toc: Vec<serde_json::Value> = pages
        .iter()
        .enumerate()
        .map(|(i, p)| {
            serde_json::json!({
                "title": if i == 0 { "Contents" } else { p.title.as_str() },
                "href": format!("{}.html", p.file),
            })
        })
        .collect();
    sink.file(
        format!("{}/toc.js", book.name),
        format!("window.chessKitToc = {};\n", serde_json::Value::Array(toc)).into_bytes(),
    )?;
    let print_rel = format!("{}/print.html", book.name);
    let print_page = |content: String| {
        templates.render(
            "print.html",
            minijinja::context! {
                root => "../",
                site_title => title.as_str(),
                book_title => title.as_str(),
                page_title => title.as_str(),
                content => minijinja::Value::from_safe_string(content),
                live_reload => options.live_reload.then_some("ckd-rebuild"),
            },
        )
    };
    // The print page holds every diagram: it is written as it is made,
    // between the template's head and tail, unless the template does more
    // with its content than show it.
    let print_frame = template_frame(&print_page)?;
    if let Some((head, _)) = &print_frame {
        sink.start(&print_rel)?;
        sink.piece(head.as_bytes());
    }
    let mut print_body = String::new();
    let print_writer = Writer {
        anchors: &print_anchors,
        book: &book.name,
        books: run_anchors,
        diagram: &diagram_html,
        contents: &|| contents_html("", true),
        levels_up: 0,
    };
    // The diagrams' text ranges: a page's diagrams are those that start
    // between its start and the next page's.
    let diagrams_of = |n: usize| {
        let from = pages[n].start;
        let to = pages.get(n + 1).map_or(usize::MAX, |p| p.start);
        let lo = book.diagrams.partition_point(|d| d.span.start < from);
        let hi = book.diagrams.partition_point(|d| d.span.start < to);
        lo..hi.max(lo)
    };
    let mut next = 0;
    for (n, page) in pages.iter().enumerate() {
        if n == next {
            // The drawings of the next pages, made together.
            let mut wanted = Vec::new();
            while next < pages.len() && (next == n || wanted.len() < DRAWN_AT_ONCE) {
                wanted.extend(diagrams_of(next));
                next += 1;
            }
            *drawn.borrow_mut() = draw_diagrams(book, &wanted, drawings, style, style_key);
        }
        // A page's first heading is its h1: a game's `##` is raised; the
        // front page, unless it opens with a `#`, is headed by the title.
        let first_level = page.blocks.iter().find_map(|b| match b {
            Block::Heading { level, .. } => Some(*level),
            _ => None,
        });
        let mut content = String::new();
        let top = if n == 0 && first_level != Some(1) {
            content.push_str(&format!(
                "<h1 class=\"book-title\">{}</h1>\n",
                escape(&title)
            ));
            2
        } else {
            1
        };
        let writer = Writer {
            anchors: &anchors,
            book: &book.name,
            books: run_anchors,
            diagram: &diagram_html,
            contents: &|| contents_html("", false),
            levels_up: first_level.map_or(0, |l| l.saturating_sub(top)),
        };
        let blocks: Vec<Block> = page.blocks.iter().map(|b| (*b).clone()).collect();
        writer.blocks(&mut content, &blocks);
        print_writer.blocks(&mut print_body, &blocks);
        if print_frame.is_some() {
            sink.piece(print_body.as_bytes());
            print_body.clear();
        }
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
                content => minijinja::Value::from_safe_string(content),
                findings_summary => summary,
                findings_top => minijinja::Value::from_safe_string(top),
                error_count => errors,
                prev => minijinja::value::Serde(n.checked_sub(1).and_then(link)),
                next => minijinja::value::Serde(link(n + 1)),
                print_href => "print.html",
                live_reload => options.live_reload.then_some("ckd-rebuild"),
            },
        )?;
        sink.file(
            format!("{}/{}.html", book.name, page.file),
            text.into_bytes(),
        )?;
        let mut body = String::new();
        for b in &blocks {
            search::plain(&mut body, b, &|i| {
                let mut alt = String::new();
                with_drawn(i, &mut |d| {
                    alt = d.map(|d| d.alt.clone()).unwrap_or_default()
                });
                alt
            });
        }
        search.add(
            &format!("{}/{}.html", book.name, page.file),
            if n == 0 { &title } else { &page.title },
            &body,
            &title,
        );
    }
    drawn.borrow_mut().clear();
    match print_frame {
        Some((_, tail)) => {
            sink.piece(tail.as_bytes());
            sink.end()?;
        }
        None => sink.file(print_rel, print_page(print_body)?.into_bytes())?,
    }
    let summary = BookSummary {
        name: book.name.clone(),
        title: title.clone(),
        subtitle: book.front_matter.subtitle().map(str::to_string),
        description: book
            .front_matter
            .get("description")
            .map(str::to_string)
            .or_else(|| {
                made.options
                    .site
                    .book
                    .iter()
                    .find(|b| b.name == book.name)
                    .and_then(|b| b.description.clone())
            }),
        href: format!("{}/index.html", crate::book::url_segment(&book.name)),
        print_href: format!("{}/print.html", crate::book::url_segment(&book.name)),
        entries: entries
            .into_iter()
            .map(|mut e| {
                e.href = format!("{}/{}", crate::book::url_segment(&book.name), e.href);
                e
            })
            .collect(),
    };
    Ok(summary)
}

/// The text a template puts before and after its `content`, when it shows
/// the content as it is (rendered with two different contents, it differs
/// only there); `None` when it does anything else with it.
fn template_frame(
    render: &dyn Fn(String) -> Result<String, Diagnostic>,
) -> Result<Option<(String, String)>, Diagnostic> {
    const A: &str = "\u{1}chess-kit-docs content A\u{1}";
    const B: &str = "\u{1}chess-kit-docs content B, longer\u{1}";
    let split = |text: String, marker: &str| {
        let (head, tail) = text.split_once(marker)?;
        (!tail.contains(marker)).then(|| (head.to_string(), tail.to_string()))
    };
    let a = split(render(A.to_string())?, A);
    let b = split(render(B.to_string())?, B);
    Ok(a.filter(|a| Some(a) == b.as_ref()))
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

/// The online analysis board a position opens in: lichess.org's, with
/// the FEN in its path (spaces as `_`, as lichess writes them).
pub fn analysis_url(fen: &DiagramFen) -> String {
    format!(
        "https://lichess.org/analysis/{}/{}",
        fen.variant(),
        fen.fen.replace(' ', "_")
    )
}

/// Under a diagram: a button that copies its FEN (the site's script does
/// the copying) and a plain link to an analysis board, which needs no
/// script and works wherever the reader is online.
fn fen_html(fen: &DiagramFen) -> String {
    format!(
        "<p class=\"fen\"><button type=\"button\" class=\"copy-fen\" data-fen=\"{fen_text}\" title=\"{fen_text}\">Copy FEN</button> <a class=\"analysis\" href=\"{url}\" rel=\"external noopener\">Open in an analysis board (lichess.org)</a></p>",
        fen_text = escape(&fen.fen),
        url = escape(&analysis_url(fen)),
    )
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

/// Copies of the local files (images and others) a book links to, beside its pages.
fn linked_file_copies(book: &Book, errors: &mut Vec<Diagnostic>) -> Vec<SiteFile> {
    let mut files = Vec::new();
    for (path, rel, span) in book.linked_files() {
        match crate::book::read_regular(&path) {
            Ok(bytes) => files.push((format!("{}/{rel}", book.name), bytes)),
            Err(e) => errors.push(Diagnostic::error(
                &book.source,
                span,
                format!(
                    "cannot read the linked file `{rel}`: {}",
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
