//! The book model: one rulebook read once into front matter, blocks,
//! sections and diagrams, each with its source span.
//!
//! CommonMark would read an indented block after a list as part of the list
//! item; a rulebook means it as a diagram. So diagrams are found by a line
//! scan first, and pulldown-cmark sees each one as an HTML comment of the
//! same length, which ends any open list and keeps every offset true.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use pulldown_cmark::{Event, HeadingLevel, LinkType, Options, Parser, Tag, TagEnd};

use crate::diagnostic::Diagnostic;
use crate::diagram::{
    CardFace, CardRow, Diagram, DiagramKind, Grid, card_face, parse_diagram_block,
};
use crate::source::{SourceFile, Span};

/// `title:`, `subtitle:` and any other `key: value` lines between `---` lines.
#[derive(Clone, Debug, Default)]
pub struct FrontMatter {
    pub fields: Vec<(String, String)>,
    pub span: Option<Span>,
}

impl FrontMatter {
    pub fn get(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.as_str())
    }

    pub fn title(&self) -> Option<&str> {
        self.get("title")
    }

    pub fn subtitle(&self) -> Option<&str> {
        self.get("subtitle")
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Inline {
    Text(String),
    Code(String),
    Strong(Vec<Inline>),
    Emphasis(Vec<Inline>),
    /// Links and images are boxed: they are rare and the largest, and every
    /// line of prose is an inline or two.
    Link(Box<Link>),
    Image(Box<Image>),
    SoftBreak,
    HardBreak,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    pub content: Vec<Inline>,
    pub url: String,
    /// The label of a reference link (`[text][label]`).
    pub reference: Option<String>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Image {
    pub alt: String,
    pub url: String,
    pub span: Span,
}

/// The text of inline content, without markup.
pub fn plain_text(inlines: &[Inline]) -> String {
    let mut out = String::new();
    fn walk(out: &mut String, inlines: &[Inline]) {
        for i in inlines {
            match i {
                Inline::Text(t) | Inline::Code(t) => out.push_str(t),
                Inline::Strong(c) | Inline::Emphasis(c) => walk(out, c),
                Inline::Link(link) => walk(out, &link.content),
                Inline::Image(image) => out.push_str(&image.alt),
                Inline::SoftBreak | Inline::HardBreak => out.push(' '),
            }
        }
    }
    walk(&mut out, inlines);
    out
}

#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    Heading {
        level: u8,
        content: Vec<Inline>,
        /// The text of `content` without markup ([`plain_text`]), read once
        /// while the parse holds it: the rules read every heading's title.
        title: String,
        /// The anchor id, unique in the book (`zombie-chess`).
        slug: String,
        span: Span,
    },
    /// The `## Table of Contents` heading; the tool writes its contents, and
    /// whatever stood under it before (an earlier published list) is dropped.
    TableOfContents {
        span: Span,
    },
    Paragraph {
        content: Vec<Inline>,
        span: Span,
    },
    List {
        /// The first number of a numbered list.
        start: Option<u64>,
        items: Vec<Vec<Block>>,
        span: Span,
    },
    /// An index into `Book::diagrams`.
    Diagram {
        index: usize,
        span: Span,
    },
    BlockQuote {
        blocks: Vec<Block>,
        span: Span,
    },
    Code {
        text: String,
        span: Span,
    },
    Html {
        text: String,
        span: Span,
    },
    Rule {
        span: Span,
    },
}

impl Block {
    /// Where the block stands in the book's text.
    pub fn span(&self) -> Span {
        match self {
            Block::Heading { span, .. }
            | Block::TableOfContents { span }
            | Block::Paragraph { span, .. }
            | Block::List { span, .. }
            | Block::Diagram { span, .. }
            | Block::BlockQuote { span, .. }
            | Block::Code { span, .. }
            | Block::Html { span, .. }
            | Block::Rule { span } => *span,
        }
    }
}

/// A `#` part or a `##` section heading.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    pub level: u8,
    pub title: String,
    pub slug: String,
    pub span: Span,
}

/// A diagram block and where it sits in the book.
#[derive(Clone, Debug)]
pub struct DiagramEntry {
    /// The block's span, whole lines with their indentation.
    pub span: Span,
    /// `None` when the text had problems (reported as diagnostics).
    pub diagram: Option<Diagram>,
    /// The card symbols the block uses, checked against the card table.
    card_symbols: Vec<(String, Span)>,
    /// Index into `Book::sections` of the `#`/`##` heading it sits under.
    pub section: Option<usize>,
    /// 1-based count within its section.
    pub number: usize,
    /// The image name without extension: the section slug and the number.
    pub image_name: String,
}

#[derive(Clone, Debug)]
pub struct LinkDef {
    pub label: String,
    pub url: String,
    pub span: Span,
}

/// One image link of the book, to a file beside it.
#[derive(Clone, Debug)]
pub struct ImageRef {
    pub url: String,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Book {
    /// The file stem: `rules` for `tests/seeds/rules.md`.
    pub name: String,
    pub source: Arc<SourceFile>,
    pub front_matter: FrontMatter,
    pub blocks: Vec<Block>,
    pub sections: Vec<Section>,
    pub diagrams: Vec<DiagramEntry>,
    /// Reference link definitions, sorted by label.
    pub link_defs: Vec<LinkDef>,
    pub images: Vec<ImageRef>,
    /// Plain links (not images) to local files, in reading order.
    pub links: Vec<ImageRef>,
    /// The span of the `## Table of Contents` heading and what stood under it.
    pub toc: Option<Span>,
    /// The folder its images, links and contents file are relative to:
    /// the file's own, or for standard input the folder it stands in.
    pub folder: PathBuf,
}

/// How deeply quotes, lists, emphasis and links may nest inside each other.
/// Rulebooks use three or four levels; the limit keeps the parser's and the
/// typesetter's recursion and the page's indentation bounded.
pub const MAX_NESTING: usize = 16;

/// The longest line a rulebook may have, in characters. Seeds stay under
/// 400; the limit bounds what the shaper and line breaker get at once.
pub const MAX_LINE_CHARS: usize = 10_000;

/// The longest heading anchor that may name image files, in bytes: with
/// the number, extension and a temporary suffix it stays under the 255
/// bytes a file name may have.
pub const MAX_SLUG_BYTES: usize = 150;

/// Names the output folder holds for itself: a book so named would mix
/// its files with them.
const RESERVED_NAMES: [&str; 2] = ["assets", "deck"];

/// Why a book's name (its file name without `.md`) cannot name its files
/// (`NAME.pdf`, `site/NAME.md`, `html/NAME/`), if it cannot.
pub fn name_problem(name: &str) -> Option<String> {
    if name.is_empty() || name.starts_with('.') {
        return Some(
            "starts with a dot or is empty, so its files would be hidden or be the folder itself"
                .into(),
        );
    }
    if name.len() > MAX_SLUG_BYTES {
        return Some(format!(
            "has {} bytes; its files are named after it, and may have at most {MAX_SLUG_BYTES}",
            name.len()
        ));
    }
    if let Some(c) = name
        .chars()
        .find(|&c| c.is_control() || matches!(c, '/' | '\\'))
    {
        return Some(format!(
            "holds {c:?}, which cannot be part of a file or folder name"
        ));
    }
    if RESERVED_NAMES.contains(&name.to_ascii_lowercase().as_str()) {
        return Some("is a name the output folder keeps for its own files".into());
    }
    None
}

/// A book's name: its file's name without `.md` (`rules` for
/// `rules/rules.md`).
pub fn book_name(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "book".to_string())
}

/// One segment of a link's path: a name percent-encoded, so that `#`,
/// `?`, `%` or a space in it is part of the name.
pub fn url_segment(name: &str) -> String {
    const SEGMENT: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
        .remove(b'-')
        .remove(b'_')
        .remove(b'.')
        .remove(b'~');
    percent_encoding::utf8_percent_encode(name, SEGMENT).to_string()
}

/// A heading whose anchor is too long for the file names made from it.
fn long_anchor(source: &Arc<SourceFile>, section: &Section, named: &str) -> Diagnostic {
    Diagnostic::error(
        source,
        Span::new(section.span.start, section.span.start + 1),
        format!(
            "this heading's anchor has {} bytes; {named} named after it, and may have at most {MAX_SLUG_BYTES}",
            section.slug.len()
        ),
    )
    .with_help("shorten the heading")
}

/// The cards of the seeds' Appendix A, for a book without a card table.
pub const DEFAULT_CARD_TABLE: &str = include_str!("../templates/card-table.md");

impl Book {
    /// Reads and parses a rulebook; an unreadable file is the one error.
    pub fn load(path: &Path, diags: &mut Vec<Diagnostic>) -> Option<Book> {
        match read_regular_file(path) {
            Ok(bytes) => match SourceFile::from_bytes(path, bytes) {
                (src, None) => Some(Book::parse(src, diags)),
                (src, Some((span, reason))) => {
                    diags.push(Diagnostic::error(&src, span, reason));
                    None
                }
            },
            Err(reason) => {
                diags.push(Diagnostic::file_error(
                    path,
                    format!("cannot read the rulebook: {reason}"),
                ));
                None
            }
        }
    }

    /// Parses a rulebook's text. Problems go to `diags`; the book is
    /// returned either way so every problem can be reported in one run.
    pub fn parse(source: Arc<SourceFile>, diags: &mut Vec<Diagnostic>) -> Book {
        Book::parse_with(source, diags, None)
    }

    /// [`Book::parse`] of a part of a book, whose reference links may be
    /// defined in the rest of it.
    pub fn parse_with(
        source: Arc<SourceFile>,
        diags: &mut Vec<Diagnostic>,
        others: Option<OtherDefinitions>,
    ) -> Book {
        let name = book_name(&source.path);
        if let Some(problem) = name_problem(&name) {
            let first_line = source.text.find('\n').unwrap_or(source.text.len());
            diags.push(
                Diagnostic::error(
                    &source,
                    Span::new(0, first_line),
                    format!("this rulebook's name `{name}` {problem}"),
                )
                .with_help(
                    "rename the file: its name (without `.md`) names its PDF, pages and images",
                ),
            );
        }
        let text = &source.text;
        check_line_lengths(&source, diags);
        let front_matter = front_matter(text);
        let (blocks_found, near_misses) = find_diagram_blocks(text, front_matter.span);
        for miss in near_misses {
            diags.push(
                Diagnostic::warning(&source, miss.span, miss.message).with_help(
                    "a diagram is a block indented four spaces that follows a blank line or a heading",
                ),
            );
        }

        let mut masked = text.clone().into_bytes();
        if let Some(span) = front_matter.span {
            blank(&mut masked[span.range()]);
        }
        for &span in &blocks_found {
            mask_as_comment(&mut masked[span.range()]);
        }
        // Only ASCII bytes were written over whole characters, so it is still UTF-8.
        let masked = String::from_utf8(masked).unwrap_or_default();

        let mut builder = Builder {
            source: &source,
            diagram_starts: blocks_found.iter().map(|s| s.start).collect(),
            slugs: BTreeMap::new(),
            images: Vec::new(),
            links: Vec::new(),
            in_toc: false,
            toc: None,
            diags: Vec::new(),
            depth: 0,
        };
        let references = others.map(|others| -> References {
            Box::new(move |link: pulldown_cmark::BrokenLink| {
                let label = reference_label(&link.reference);
                let url = others.urls.get(&label).cloned();
                others.asked.borrow_mut().insert(label);
                Some((url?.into(), "".into()))
            })
        });
        let parser = Parser::new_with_broken_link_callback(
            &masked,
            Options::ENABLE_SMART_PUNCTUATION,
            references,
        );
        let link_defs = {
            let mut defs: Vec<LinkDef> = parser
                .reference_definitions()
                .iter()
                .map(|(label, def)| LinkDef {
                    label: label.to_string(),
                    url: def.dest.to_string(),
                    span: Span::from(def.span.clone()),
                })
                .collect();
            defs.sort_by_key(|d| d.span.start);
            defs
        };
        let mut events = parser.into_offset_iter().peekable();
        let blocks = builder.blocks(&mut events, None);
        builder.close_toc(text.len());

        let mut book = Book {
            name,
            source: source.clone(),
            front_matter,
            blocks,
            sections: Vec::new(),
            diagrams: Vec::new(),
            link_defs,
            images: builder.images,
            links: builder.links,
            toc: builder.toc,
            folder: source
                .path
                .parent()
                .map(Path::to_path_buf)
                .unwrap_or_default(),
        };
        diags.append(&mut builder.diags);
        book.index_sections_and_diagrams(&blocks_found, diags);
        book.check_card_symbols(diags);
        book
    }

    /// Records `#`/`##` sections, and numbers each diagram within its section.
    fn index_sections_and_diagrams(&mut self, found: &[Span], diags: &mut Vec<Diagnostic>) {
        let mut sections = Vec::new();
        collect_sections(&self.blocks, &mut sections);
        self.sections = sections;
        // Each `##` section is an HTML page named after its anchor.
        for section in self.sections.iter().filter(|s| s.level == 2) {
            if section.slug.len() > MAX_SLUG_BYTES {
                diags.push(long_anchor(
                    &self.source,
                    section,
                    "its HTML page and its diagrams' image files are",
                ));
            }
        }
        // A `## Table of Contents` heading ends the section before it: a
        // diagram under it stands under no section.
        let tocs: Vec<usize> = self
            .blocks
            .iter()
            .filter_map(|b| match b {
                Block::TableOfContents { span } => Some(span.start),
                _ => None,
            })
            .collect();
        let mut counts: BTreeMap<Option<usize>, usize> = BTreeMap::new();
        for &span in found {
            // The sections stand in book order: the last one before.
            let section = self
                .sections
                .partition_point(|s| s.span.start < span.start)
                .checked_sub(1)
                .filter(|&i| {
                    let start = self.sections[i].span.start;
                    !tocs.iter().any(|&t| t > start && t < span.start)
                });
            let number = counts.entry(section).or_default();
            *number += 1;
            let slug = section.map(|i| self.sections[i].slug.as_str());
            if *number == 1
                && let Some(i) = section
                && self.sections[i].level != 2
                && slug.is_some_and(|s| s.len() > MAX_SLUG_BYTES)
            {
                diags.push(long_anchor(
                    &self.source,
                    &self.sections[i],
                    "its diagrams' image files are",
                ));
            }
            let (diagram, card_symbols) = parse_diagram_block(&self.source, span, diags);
            self.diagrams.push(DiagramEntry {
                span,
                diagram,
                card_symbols,
                section,
                number: *number,
                image_name: image_name(slug, *number),
            });
        }
    }

    /// The `##` sections (games, appendices), without the table of contents.
    pub fn chapters(&self) -> impl Iterator<Item = &Section> {
        self.sections.iter().filter(|s| s.level == 2)
    }

    /// The game a diagram belongs to: its `##` section.
    pub fn section_of(&self, entry: &DiagramEntry) -> Option<&Section> {
        entry
            .section
            .map(|i| &self.sections[i])
            .filter(|s| s.level == 2)
    }

    /// Every `type: cards` row of the book, in order.
    pub fn card_rows(&self) -> impl Iterator<Item = &CardRow> {
        self.diagrams
            .iter()
            .filter_map(|d| match d.diagram.as_ref().map(|d| &d.kind) {
                Some(DiagramKind::Grid(Grid::Cards(table))) => Some(table),
                _ => None,
            })
            .flat_map(|table| table.rows.iter())
    }

    /// The symbols a card may show: piece letters, `back`, and the symbols
    /// of the book's card table (or of the compiled-in table when it has none).
    pub fn card_symbols(&self) -> BTreeSet<String> {
        let mut symbols: BTreeSet<String> = "KQRBNPkqrbnp".chars().map(String::from).collect();
        symbols.insert("back".to_string());
        let own: Vec<&CardRow> = self.card_rows().collect();
        if own.is_empty() {
            symbols.extend(default_card_rows().into_iter().map(|r| r.symbol));
        } else {
            symbols.extend(own.into_iter().map(|r| r.symbol.clone()));
        }
        symbols
    }

    fn check_card_symbols(&self, diags: &mut Vec<Diagnostic>) {
        let known = self.card_symbols();
        for entry in &self.diagrams {
            for (symbol, span) in &entry.card_symbols {
                if !known.contains(symbol) {
                    let extra: Vec<&str> = known
                        .iter()
                        .map(String::as_str)
                        .filter(|s| *s != "back" && !matches!(card_face(s), CardFace::Piece(_)))
                        .collect();
                    let (help, fix) = crate::suggest::help_and_fix(
                        symbol,
                        known.iter().map(String::as_str),
                        &format!(
                            "a card shows a piece letter (K Q R B N P, k q r b n p), `back`, or a symbol of the book's card table ({})",
                            extra.join(", ")
                        ),
                    );
                    let d = Diagnostic::error(
                        &self.source,
                        *span,
                        format!("unknown card symbol `{symbol}`"),
                    )
                    .with_help(help);
                    diags.push(match fix {
                        Some(name) => d.with_fix(name),
                        None => d,
                    });
                }
            }
        }
    }

    /// Reports image links whose file is missing, leads outside the book's
    /// folder, is not a regular file, or is not a PNG or JPEG image (the
    /// formats the PDF book can hold), so `check` refuses what `build` would.
    /// Local files the book links to (not images) must exist in its
    /// folder, as regular files: they are copied beside its pages.
    pub fn check_links(&self, diags: &mut Vec<Diagnostic>) {
        // Each other rulebook linked with an anchor is read once.
        let mut read: BTreeMap<PathBuf, Option<BTreeSet<String>>> = BTreeMap::new();
        let mut headings_of = |path: &Path| {
            read.entry(path.to_path_buf())
                .or_insert_with(|| {
                    let text = read_regular_text(path).ok()?;
                    let book = Book::parse(SourceFile::new(path, text), &mut Vec::new());
                    Some(book.heading_slugs())
                })
                .clone()
        };
        for link in &self.links {
            let problem = match self.local_path(&link.url, "link") {
                None => None,
                Some(Err(reason)) => Some((reason, None)),
                Some(Ok(path)) => match std::fs::metadata(&path) {
                    Ok(meta) if meta.is_file() => None,
                    Ok(_) => Some((
                        format!(
                            "the link `{}` leads to something that is not a regular file",
                            link.url
                        ),
                        Some(path),
                    )),
                    Err(_) => Some((
                        format!(
                            "the link `{}` leads to no file, so it would be published broken",
                            link.url
                        ),
                        Some(path),
                    )),
                },
            };
            if let Some((reason, path)) = problem {
                let mut d = Diagnostic::error(&self.source, link.span, reason);
                if let Some(path) = path {
                    d = d.with_help(format!("looked for {}", crate::paths::shown(&path)));
                }
                diags.push(d);
                continue;
            }
            if let Some(d) = self.anchor_problem(link, &mut headings_of) {
                diags.push(d);
            }
        }
    }

    /// A link to a heading (`#golf`, `two.md#golf`) whose book has no such
    /// heading: an error, since every output would publish it leading
    /// nowhere. `headings_of` gives another book's anchors, read once.
    fn anchor_problem(
        &self,
        link: &ImageRef,
        headings_of: &mut impl FnMut(&Path) -> Option<BTreeSet<String>>,
    ) -> Option<Diagnostic> {
        let (book, anchor, slugs) = if let Some(anchor) = link.url.strip_prefix('#') {
            let anchor = percent_encoding::percent_decode_str(anchor)
                .decode_utf8_lossy()
                .into_owned();
            (self.name.clone(), anchor, self.heading_slugs())
        } else {
            let target = rulebook_link(&link.url)?;
            let anchor = target.anchor?;
            let Some(Ok(path)) = self.local_path(&link.url, "link") else {
                return None;
            };
            let own = std::fs::canonicalize(self.source.path()).is_ok_and(|own| own == path);
            let slugs = if own {
                self.heading_slugs()
            } else {
                headings_of(&path)?
            };
            (target.book, anchor, slugs)
        };
        if anchor.is_empty() || slugs.contains(&anchor) {
            return None;
        }
        let (help, _) = crate::suggest::help_and_fix(
            &anchor,
            slugs.iter().map(String::as_str),
            "an anchor is a heading's text in lower case, its spaces as `-`: `## Chess Golf` is `#chess-golf`",
        );
        Some(
            Diagnostic::error(
                &self.source,
                link.span,
                format!(
                    "the link `{}` leads to no heading `#{anchor}` in {book}.md, so it would be published broken",
                    link.url
                ),
            )
            .with_help(help),
        )
    }

    /// The anchors of every heading of the book.
    pub fn heading_slugs(&self) -> BTreeSet<String> {
        fn walk(blocks: &[Block], out: &mut BTreeSet<String>) {
            for b in blocks {
                match b {
                    Block::Heading { slug, .. } => {
                        out.insert(slug.clone());
                    }
                    Block::BlockQuote { blocks, .. } => walk(blocks, out),
                    Block::List { items, .. } => {
                        for item in items {
                            walk(item, out);
                        }
                    }
                    _ => {}
                }
            }
        }
        let mut out = BTreeSet::new();
        walk(&self.blocks, &mut out);
        out
    }

    /// The local files a book links to, images and others, each once: the
    /// path it is read from, and where its copy goes beside the pages.
    pub fn linked_files(&self) -> Vec<(PathBuf, String, Span)> {
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        // A link to a rulebook leads to its own published page.
        let pages = self
            .links
            .iter()
            .filter(|l| !local_rel(&l.url).ends_with(".md"));
        for r in self.images.iter().chain(pages) {
            if let Some(Ok(path)) = self.local_image_path(&r.url) {
                let rel = local_rel(&r.url).trim_start_matches("./").to_string();
                if seen.insert(rel.clone()) {
                    out.push((path, rel, r.span));
                }
            }
        }
        out
    }

    pub fn check_images(&self, diags: &mut Vec<Diagnostic>) {
        for image in &self.images {
            let problem = match self.local_image_path(&image.url) {
                None => None,
                Some(Err(reason)) => Some((reason, None)),
                Some(Ok(path)) => image_problem(&path).map(|reason| {
                    let reason = format!("the image `{}` {reason}", image.url);
                    (reason, Some(path))
                }),
            };
            if let Some((reason, path)) = problem {
                let mut d = Diagnostic::error(&self.source, image.span, reason);
                if let Some(path) = path {
                    d = d.with_help(format!("looked for {}", crate::paths::shown(&path)));
                }
                diags.push(d);
            }
        }
    }

    /// The file an image link points to, for links to local files; `None`
    /// for web links. A link that leads out of the book's folder, by `..`
    /// or through a symbolic link, is an error; an existing file is given
    /// with its links resolved, so it is read from where it really is.
    pub fn local_image_path(&self, url: &str) -> Option<Result<PathBuf, String>> {
        self.local_path(url, "image")
    }

    /// [`local_image_path`](Self::local_image_path) for any link, `what`
    /// naming it in the reasons.
    fn local_path(&self, url: &str, what: &str) -> Option<Result<PathBuf, String>> {
        if is_external(url) {
            return None;
        }
        let decoded = local_rel(url);
        let rel = Path::new(&decoded);
        let escapes = rel.is_absolute()
            || rel.components().any(|c| {
                !matches!(
                    c,
                    std::path::Component::Normal(_) | std::path::Component::CurDir
                )
            });
        if escapes {
            return Some(Err(format!(
                "the {what} `{url}` must be a path inside the book's folder, without `..`"
            )));
        }
        let dir = self.folder.as_path();
        let path = dir.join(rel);
        let (Ok(real), Ok(real_dir)) = (
            std::fs::canonicalize(&path),
            std::fs::canonicalize(if dir.as_os_str().is_empty() {
                Path::new(".")
            } else {
                dir
            }),
        ) else {
            return Some(Ok(path));
        };
        if !real.starts_with(&real_dir) {
            return Some(Err(format!(
                "the {what} `{url}` is a link to {}, outside the book's folder",
                crate::paths::shown(&real)
            )));
        }
        Some(Ok(real))
    }
}

/// Whether a link leads off the book: a web address or any other scheme
/// (`mailto:`), a data URL, or an anchor in the page.
fn is_external(url: &str) -> bool {
    let scheme = url.split_once(':').is_some_and(|(s, _)| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c))
    });
    scheme || url.starts_with('#') || url.starts_with("//")
}

/// A link to a rulebook beside this one (`two.md`, `two.md#chess-golf`,
/// `./two%20b.md`): the book's name and the anchor, if any. Each output
/// turns it into a link to that book's published page or heading.
pub fn rulebook_link(url: &str) -> Option<RulebookLink> {
    if is_external(url) {
        return None;
    }
    let rel = local_rel(url);
    let rel = rel.trim_start_matches("./");
    let name = rel.strip_suffix(".md")?;
    if name.is_empty() || name.contains(['/', '\\']) {
        return None;
    }
    let anchor = url
        .split_once('#')
        .map(|(_, a)| {
            percent_encoding::percent_decode_str(a)
                .decode_utf8_lossy()
                .into_owned()
        })
        .filter(|a| !a.is_empty());
    Some(RulebookLink {
        book: name.to_string(),
        anchor,
    })
}

/// Where a link to a rulebook leads: see [`rulebook_link`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulebookLink {
    /// The book's name (its file name without `.md`).
    pub book: String,
    /// A heading's anchor in it.
    pub anchor: Option<String>,
}

/// A local link's file path: the query and anchor dropped, and
/// percent-decoded as a browser reads it (`my%20board.png`).
fn local_rel(url: &str) -> String {
    let path = url.split(['?', '#']).next().unwrap_or("");
    percent_encoding::percent_decode_str(path)
        .decode_utf8_lossy()
        .into_owned()
}

/// Why the file at `path` cannot be a book's image, if it cannot.
fn image_problem(path: &Path) -> Option<String> {
    use std::io::Read as _;
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(_) => return Some("does not exist".to_string()),
    };
    if !meta.is_file() {
        return Some("is not a regular file".to_string());
    }
    let mut head = Vec::with_capacity(8);
    let read = std::fs::File::open(path).and_then(|f| f.take(8).read_to_end(&mut head));
    if let Err(e) = read {
        return Some(format!("cannot be read: {}", io_reason(&e)));
    }
    let png = head.starts_with(b"\x89PNG\r\n\x1a\n");
    let jpeg = head.starts_with(&[0xff, 0xd8, 0xff]);
    if !png && !jpeg {
        return Some("is neither a PNG nor a JPEG image".to_string());
    }
    if png {
        let file = std::fs::File::open(path).ok()?;
        if let Err(e) = png::Decoder::new(std::io::BufReader::new(file)).read_info() {
            return Some(format!("is not a readable PNG: {e}"));
        }
    }
    None
}

/// The compiled-in card table rows.
pub fn default_card_rows() -> Vec<CardRow> {
    // Read once: the language server checks a book in many parts.
    static ROWS: std::sync::OnceLock<Vec<CardRow>> = std::sync::OnceLock::new();
    ROWS.get_or_init(|| {
        let src = SourceFile::new("<compiled-in card table>", DEFAULT_CARD_TABLE);
        let mut diags = Vec::new();
        let book = Book::parse(src, &mut diags);
        debug_assert!(diags.is_empty(), "{diags:?}");
        book.card_rows().cloned().collect()
    })
    .clone()
}

/// The bytes of a regular file; a folder, FIFO or device is refused
/// rather than read (a FIFO would hang, `/dev/zero` never ends).
pub fn read_regular_file(path: &Path) -> Result<Vec<u8>, String> {
    read_regular(path).map_err(|e| io_reason(&e))
}

/// The bytes of `path` (links followed) if it is a regular file. A folder,
/// FIFO or device is an error before it is opened, so nothing blocks or
/// reads forever; the file read is the one checked, up to its length then.
pub fn read_regular(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read as _;
    let not_regular = || {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "it is not a regular file (a folder, FIFO or device is never read)",
        )
    };
    let first = std::fs::metadata(path)?;
    if !first.is_file() {
        return Err(not_regular());
    }
    // Refused before it is opened: a sparse 100 GB file would exhaust memory.
    if first.len() > MAX_INPUT_BYTES {
        return Err(too_large(first.len()));
    }
    let file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    if meta.len() > MAX_INPUT_BYTES {
        return Err(too_large(meta.len()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(meta.len()).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The largest file the tool reads (a rulebook, settings file, contents
/// file, style, template or image), and the largest standard input: a
/// large book of 10,000 diagrams is about 3 MB.
pub const MAX_INPUT_BYTES: u64 = 64 << 20;

fn too_large(len: u64) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidData,
        format!(
            "it is {} MB, over the {} MB the tool reads from one file",
            len.div_ceil(1 << 20),
            MAX_INPUT_BYTES >> 20
        ),
    )
}

/// Standard input as UTF-8 text, up to [`MAX_INPUT_BYTES`].
pub fn read_stdin_text() -> std::io::Result<String> {
    use std::io::Read as _;
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("it is over the {} MB the tool reads", MAX_INPUT_BYTES >> 20),
        ));
    }
    String::from_utf8(bytes)
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "it is not UTF-8 text"))
}

/// [`read_regular`] as UTF-8 text.
pub fn read_regular_text(path: &Path) -> std::io::Result<String> {
    String::from_utf8(read_regular(path)?)
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "it is not UTF-8 text"))
}

pub(crate) fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or folder".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
    }
}

fn collect_sections(blocks: &[Block], out: &mut Vec<Section>) {
    for block in blocks {
        if let Block::Heading {
            level,
            title,
            slug,
            span,
            ..
        } = block
            && *level <= 2
        {
            out.push(Section {
                level: *level,
                title: title.clone(),
                slug: slug.clone(),
                span: *span,
            });
        }
    }
}

/// Reports each line longer than [`MAX_LINE_CHARS`], at its first
/// character past the limit.
fn check_line_lengths(source: &Arc<SourceFile>, diags: &mut Vec<Diagnostic>) {
    let mut offset = 0;
    for line in crate::source::lines_inclusive(&source.text) {
        let start = offset;
        offset += line.len();
        if line.len() <= MAX_LINE_CHARS {
            continue;
        }
        if let Some((at, c)) = line.char_indices().nth(MAX_LINE_CHARS)
            && c != '\n'
            && c != '\r'
        {
            let chars = line.trim_end_matches(['\n', '\r']).chars().count();
            diags.push(
                Diagnostic::error(
                    source,
                    Span::new(start + at, start + at + c.len_utf8()),
                    format!(
                        "this line has {chars} characters; a line may have at most {MAX_LINE_CHARS}"
                    ),
                )
                .with_help(
                    "break the paragraph into shorter lines; a single line break does not end it",
                ),
            );
        }
    }
}

/// Where the front matter ends, if the text has one.
pub(crate) fn front_matter_end(text: &str) -> Option<usize> {
    front_matter(text).span.map(|s| s.end)
}

fn front_matter(text: &str) -> FrontMatter {
    let mut lines = text.split_inclusive('\n');
    let Some(first) = lines.next() else {
        return FrontMatter::default();
    };
    if first.trim_end() != "---" {
        return FrontMatter::default();
    }
    let mut offset = first.len();
    let mut fields = Vec::new();
    for line in lines {
        offset += line.len();
        let body = line.trim_end();
        if body == "---" || body == "..." {
            return FrontMatter {
                fields,
                span: Some(Span::new(0, offset)),
            };
        }
        if let Some((k, v)) = body.split_once(':') {
            let v = v.trim();
            let v = v
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .unwrap_or(v);
            fields.push((k.trim().to_string(), v.to_string()));
        }
    }
    // No closing line: not front matter after all.
    FrontMatter::default()
}

fn is_blank(line: &str) -> bool {
    line.trim().is_empty()
}

fn indent_width(line: &str) -> usize {
    let mut width = 0;
    for c in line.chars() {
        match c {
            ' ' => width += 1,
            '\t' => width += 4 - width % 4,
            _ => break,
        }
    }
    width
}

fn is_atx_heading(line: &str) -> bool {
    if indent_width(line) > 3 {
        return false;
    }
    let t = line.trim_start();
    let hashes = t.chars().take_while(|&c| c == '#').count();
    (1..=6).contains(&hashes) && t[hashes..].chars().next().is_none_or(char::is_whitespace)
}

pub(crate) fn fence_marker(line: &str) -> Option<&'static str> {
    if indent_width(line) > 3 {
        return None;
    }
    let t = line.trim_start();
    ["```", "~~~"].into_iter().find(|m| t.starts_with(m))
}

/// A board row or a grid's `type:` line, as a diagram's first line is.
/// An indented block that starts otherwise is a code block, not a diagram.
fn starts_a_diagram(line: &str) -> bool {
    let t = line.trim();
    if let Some((name, _)) = t.split_once(':') {
        return name.trim() == "type";
    }
    let square = |c: char| c == '.' || "KQRBNPkqrbnp".contains(c);
    let mut tokens = t.split_whitespace();
    let (Some(first), second) = (tokens.next(), tokens.next()) else {
        return false;
    };
    let Some(second) = second else {
        // Squares written together: `rnbqkbnr`.
        return first.chars().count() == 8 && first.chars().all(square);
    };
    // Squares spaced: every token one character, one of them a square. A
    // line of prose stops at its first longer word.
    let mut any = false;
    for w in [first, second].into_iter().chain(tokens) {
        let mut chars = w.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return false;
        };
        any |= square(c);
    }
    any
}

/// An almost-diagram: a board the scan does not take, and why.
struct NearMiss {
    span: Span,
    message: String,
}

/// Spans (whole lines) of the diagram blocks: a run of lines indented four
/// or more that follows a blank line or a heading, and starts as a board or
/// a grid. Also the boards that miss by their indentation or by the line
/// before them, which would otherwise vanish into the text.
fn find_diagram_blocks(text: &str, front: Option<Span>) -> (Vec<Span>, Vec<NearMiss>) {
    let mut found = Vec::new();
    let mut misses = Vec::new();
    let mut offset = 0;
    let mut previous_opens = true; // the start of the file counts as a blank line
    // Within a run of indented lines that is not a diagram (code, or a
    // paragraph's continuation), only its first line may be reported.
    let mut in_other_block = false;
    let mut fence: Option<&str> = None;
    let mut current: Option<Span> = None;
    for line in crate::source::lines_inclusive(text) {
        let start = offset;
        offset += line.len();
        if front.is_some_and(|f| start < f.end) {
            continue;
        }
        let body = line.trim_end_matches(['\n', '\r']);
        if let Some(marker) = fence {
            if body.trim_start().starts_with(marker) && indent_width(body) <= 3 {
                fence = None;
            }
            previous_opens = false;
            continue;
        }
        let indent = indent_width(body);
        let indented = !is_blank(body) && indent >= 4;
        if let Some(span) = current.as_mut() {
            if indented {
                span.end = offset;
                continue;
            }
            found.push(*span);
            current = None;
        } else if indented && previous_opens && starts_a_diagram(body) {
            current = Some(Span::new(start, offset));
            continue;
        } else if !in_other_block && !is_blank(body) && starts_a_diagram(body) {
            let first = body.len() - body.trim_start().len();
            let span = Span::new(start + first, start + body.trim_end().len());
            if indented {
                misses.push(NearMiss {
                    span,
                    message: "this board is not a diagram: the line before it is not blank"
                        .to_string(),
                });
            } else if previous_opens && (1..=3).contains(&indent) {
                misses.push(NearMiss {
                    span,
                    message: format!(
                        "this board is not a diagram: it is indented {indent} spaces, not four"
                    ),
                });
            }
        }
        in_other_block = indented;
        if let Some(marker) = fence_marker(body) {
            fence = Some(marker);
        }
        previous_opens = is_blank(body) || is_atx_heading(body);
    }
    if let Some(span) = current {
        found.push(span);
    }
    (found, misses)
}

fn blank(bytes: &mut [u8]) {
    for b in bytes {
        if *b != b'\n' && *b != b'\r' {
            *b = b' ';
        }
    }
}

/// Rewrites a block as `<!-- … -->` of the same length, newlines kept.
fn mask_as_comment(bytes: &mut [u8]) {
    blank(bytes);
    let content: Vec<usize> = (0..bytes.len())
        .filter(|&i| bytes[i] != b'\n' && bytes[i] != b'\r')
        .collect();
    let first_line_len = bytes
        .iter()
        .take_while(|&&b| b != b'\n' && b != b'\r')
        .count();
    let last_line_len = bytes
        .iter()
        .rev()
        .skip_while(|&&b| b == b'\n' || b == b'\r')
        .take_while(|&&b| b != b'\n' && b != b'\r')
        .count();
    let single_line = content.len() == first_line_len;
    let fits = first_line_len >= 4 && last_line_len >= 3 && (!single_line || first_line_len >= 7);
    if !fits {
        return;
    }
    bytes[..4].copy_from_slice(b"<!--");
    let n = content.len();
    for (k, &i) in content[n - 3..].iter().enumerate() {
        bytes[i] = b"-->"[k];
    }
}

type Events<'a, 'i> = std::iter::Peekable<pulldown_cmark::OffsetIter<'a, References<'a>>>;

/// How a reference link whose label the text does not define is resolved:
/// from the definitions of the rest of the book, for a part of it parsed
/// alone ([`crate::incremental`]).
type References<'a> = Box<
    dyn FnMut(
            pulldown_cmark::BrokenLink<'a>,
        ) -> Option<(pulldown_cmark::CowStr<'a>, pulldown_cmark::CowStr<'a>)>
        + 'a,
>;

/// The reference definitions of the rest of the book, by label as
/// [`reference_label`] writes it, and the labels a parse looked up there.
pub struct OtherDefinitions<'d> {
    pub urls: &'d BTreeMap<String, String>,
    pub asked: &'d std::cell::RefCell<BTreeSet<String>>,
}

/// A reference label as CommonMark matches it: case and runs of white
/// space do not count.
pub fn reference_label(label: &str) -> String {
    label
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

struct Builder<'s> {
    source: &'s Arc<SourceFile>,
    diagram_starts: Vec<usize>,
    slugs: BTreeMap<String, usize>,
    images: Vec<ImageRef>,
    links: Vec<ImageRef>,
    in_toc: bool,
    toc: Option<Span>,
    diags: Vec<Diagnostic>,
    /// How many quotes, lists, emphases and links enclose the current event.
    depth: usize,
}

impl Builder<'_> {
    /// Reads blocks until the end tag `until` (or the end of input).
    fn blocks(&mut self, events: &mut Events, until: Option<TagEnd>) -> Vec<Block> {
        let mut out = Vec::new();
        // A tight list item holds its text without a paragraph around it.
        let mut loose: Vec<Inline> = Vec::new();
        let mut loose_span: Option<Span> = None;
        while let Some((event, range)) = events.next() {
            let span = Span::from(range);
            let is_inline = matches!(
                &event,
                Event::Text(_)
                    | Event::Code(_)
                    | Event::SoftBreak
                    | Event::HardBreak
                    | Event::InlineHtml(_)
                    | Event::Start(
                        Tag::Strong | Tag::Emphasis | Tag::Link { .. } | Tag::Image { .. }
                    )
            );
            if is_inline {
                loose_span = Some(loose_span.map_or(span, |s| s.to(span)));
                self.inline(event, span, events, &mut loose);
                continue;
            }
            if let Some(at) = loose_span.take() {
                let content = std::mem::take(&mut loose);
                self.push(&mut out, Block::Paragraph { content, span: at });
            }
            match event {
                Event::End(end) if Some(end) == until => break,
                Event::Start(Tag::Heading { level, .. }) => {
                    let content = self.inlines(events, TagEnd::Heading(level));
                    let level = heading_level(level);
                    let title = plain_text(&content);
                    let span = Span::new(span.start, span.end);
                    if until.is_none() {
                        self.close_toc(span.start);
                    }
                    if level == 2 && title.trim().eq_ignore_ascii_case("table of contents") {
                        self.in_toc = until.is_none();
                        self.toc = Some(span);
                        out.push(Block::TableOfContents { span });
                        continue;
                    }
                    let slug = self.unique_slug(&title);
                    out.push(Block::Heading {
                        level,
                        content,
                        title,
                        slug,
                        span,
                    });
                }
                Event::Start(Tag::Paragraph) => {
                    let content = self.inlines(events, TagEnd::Paragraph);
                    self.push(&mut out, Block::Paragraph { content, span });
                }
                Event::Start(Tag::List(start)) => {
                    let items = self.nested(span, events, |b, events| {
                        let mut items = Vec::new();
                        while let Some((event, _)) = events.next() {
                            match event {
                                Event::Start(Tag::Item) => {
                                    items.push(b.blocks(events, Some(TagEnd::Item)))
                                }
                                Event::End(TagEnd::List(_)) => break,
                                _ => {}
                            }
                        }
                        items
                    });
                    if let Some(items) = items {
                        self.push(&mut out, Block::List { start, items, span });
                    }
                }
                Event::Start(Tag::BlockQuote(_)) => {
                    if let Some(blocks) = self.nested(span, events, |b, events| {
                        b.blocks(events, Some(TagEnd::BlockQuote(None)))
                    }) {
                        self.push(&mut out, Block::BlockQuote { blocks, span });
                    }
                }
                Event::Start(Tag::CodeBlock(_)) => {
                    let mut text = String::new();
                    for (event, _) in events.by_ref() {
                        match event {
                            Event::Text(t) => text.push_str(&t),
                            Event::End(TagEnd::CodeBlock) => break,
                            _ => {}
                        }
                    }
                    self.push(&mut out, Block::Code { text, span });
                }
                Event::Start(Tag::HtmlBlock) => {
                    // Its text is the source's (a masked diagram's is not).
                    for (event, _) in events.by_ref() {
                        if let Event::End(TagEnd::HtmlBlock) = event {
                            break;
                        }
                    }
                    // Sorted, as the blocks were found in book order.
                    match self.diagram_starts.binary_search(&span.start) {
                        Ok(index) => {
                            if until.is_none() {
                                self.close_toc(span.start);
                            }
                            out.push(Block::Diagram { index, span });
                        }
                        Err(_) => {
                            self.swallowed_diagrams(span);
                            self.raw_images(span);
                            let text = self.source.slice(span).to_string();
                            self.push(&mut out, Block::Html { text, span })
                        }
                    }
                }
                Event::Rule => self.push(&mut out, Block::Rule { span }),
                // Tags this model does not use are read through and dropped.
                Event::Start(_) => {}
                _ => {}
            }
        }
        if let Some(at) = loose_span {
            self.push(
                &mut out,
                Block::Paragraph {
                    content: loose,
                    span: at,
                },
            );
        }
        out
    }

    /// Reads the content of a quote, list, emphasis or link whose start tag
    /// was just read, one level deeper. Past [`MAX_NESTING`] levels the
    /// content is an error and is skipped without recursing, so no input
    /// can overflow the stack (here or in any later walk of the tree).
    fn nested<T>(
        &mut self,
        span: Span,
        events: &mut Events,
        read: impl FnOnce(&mut Self, &mut Events) -> T,
    ) -> Option<T> {
        if self.depth >= MAX_NESTING {
            let at = Span::new(span.start, span.start + 1);
            self.diags.push(
                Diagnostic::error(
                    self.source,
                    at,
                    format!(
                        "quotes, lists, emphasis and links nest more than {MAX_NESTING} deep here"
                    ),
                )
                .with_help("nest them less deeply; the book cannot be laid out past this depth"),
            );
            let mut open = 1usize;
            for (event, _) in events.by_ref() {
                match event {
                    Event::Start(_) => open += 1,
                    Event::End(_) => open -= 1,
                    _ => {}
                }
                if open == 0 {
                    break;
                }
            }
            return None;
        }
        self.depth += 1;
        let read = read(self, events);
        self.depth -= 1;
        Some(read)
    }

    /// A block under the table of contents heading is the old contents and is dropped.
    fn push(&mut self, out: &mut Vec<Block>, block: Block) {
        if !self.in_toc {
            out.push(block);
        }
    }

    /// An HTML block that runs over a diagram: an unclosed `<!--`,
    /// `<script>`, `<pre>`, `<style>`, `<?` or `<![CDATA[` goes on past
    /// blank lines, over headings and diagrams, to its end marker or the end
    /// of the book. A reader of the Markdown would see none of it, so the
    /// diagrams in it are neither checked nor drawn: an error at its start.
    fn swallowed_diagrams(&mut self, html: Span) {
        let starts = &self.diagram_starts;
        let from = starts.partition_point(|&d| d <= html.start);
        let to = starts.partition_point(|&d| d < html.end);
        let inside: Vec<usize> = starts[from..to.max(from)].to_vec();
        let Some(&first) = inside.first() else {
            return;
        };
        let text = &self.source.text;
        // How far below, not on which line: the language server checks a
        // section alone.
        let below = self.source.line_of(first) - self.source.line_of(html.start);
        let first_line = text[html.start..].lines().next().unwrap_or("").trim();
        let opener: String = if first_line.starts_with("<!--") {
            "<!--".into()
        } else {
            first_line
                .split(|c: char| c.is_whitespace() || c == '>')
                .next()
                .unwrap_or("")
                .chars()
                .take(12)
                .collect()
        };
        let at = Span::new(
            html.start,
            html.start + text[html.start..].find('\n').unwrap_or(0),
        );
        self.diags.push(
            Diagnostic::error(
                self.source,
                at,
                format!(
                    "this HTML block (`{opener}`) is never closed before the diagram {below} line{} below it: it runs on over {} and everything between, which a reader of the Markdown would not see",
                    if below == 1 { "" } else { "s" },
                    if inside.len() == 1 {
                        "that diagram".to_string()
                    } else {
                        format!("{} diagrams", inside.len())
                    }
                ),
            )
            .with_help(
                "close it (`-->`, `</script>`, `</pre>`, `</style>`, `?>`, `]]>`) where the HTML ends, or leave a diagram out of it",
            ),
        );
    }

    /// An HTML `<img>` with a local `src` is published as written, its
    /// image neither checked nor copied: a warning at the tag.
    fn raw_images(&mut self, html: Span) {
        let text = self.source.slice(html);
        let lower = text.to_ascii_lowercase();
        for (at, _) in lower.match_indices("<img") {
            let tag = &text[at..at + lower[at..].find('>').unwrap_or(lower.len() - at)];
            let src = tag
                .to_ascii_lowercase()
                .find("src=")
                .map(|i| tag[i + 4..].trim_start_matches(['"', '\'']))
                .and_then(|v| v.split(['"', '\'', ' ', '>']).next())
                .unwrap_or("");
            if src.is_empty() || is_external(src) {
                continue;
            }
            let start = html.start + at;
            self.diags.push(
                Diagnostic::warning(self.source, Span::new(start, start + tag.len()), format!(
                    "the HTML image `{src}` is published as written: the tool neither checks nor copies it"
                ))
                .with_help(format!("write it as ![…]({src}), which is checked and copied beside the pages")),
            );
        }
    }

    fn close_toc(&mut self, at: usize) {
        if self.in_toc {
            self.in_toc = false;
            if let Some(toc) = self.toc.as_mut() {
                toc.end = at;
            }
        }
    }

    /// The heading's slug, numbered as GitHub numbers repeats (`setup-1`),
    /// and never one an earlier heading already has (`Setup 1` after two
    /// `Setup`s), so anchors and image names stay unique.
    fn unique_slug(&mut self, title: &str) -> String {
        let base = slug(title);
        loop {
            let n = self.slugs.entry(base.clone()).or_default();
            *n += 1;
            let candidate = if *n == 1 {
                base.clone()
            } else {
                format!("{base}-{}", *n - 1)
            };
            if candidate == base || !self.slugs.contains_key(&candidate) {
                self.slugs.entry(candidate.clone()).or_insert(1);
                return candidate;
            }
        }
    }

    fn inlines(&mut self, events: &mut Events, until: TagEnd) -> Vec<Inline> {
        let mut out = Vec::new();
        while let Some((event, range)) = events.next() {
            if matches!(&event, Event::End(end) if *end == until) {
                break;
            }
            self.inline(event, Span::from(range), events, &mut out);
        }
        // A heading keeps the author's hyphen: its text is the game's name,
        // which the settings, the contents file and its page's name go by.
        if !matches!(until, TagEnd::Heading(_)) {
            spaced_dashes(&mut out);
        }
        // The book is kept whole for the whole build: no room to grow.
        for inline in &mut out {
            if let Inline::Text(text) = inline {
                text.shrink_to_fit();
            }
        }
        out.shrink_to_fit();
        out
    }

    /// Adds one inline event (and, for a start tag, everything up to its
    /// end) to `out`; returns false for an event that is not inline.
    fn inline(
        &mut self,
        event: Event,
        span: Span,
        events: &mut Events,
        out: &mut Vec<Inline>,
    ) -> bool {
        match event {
            Event::Text(t) => match out.last_mut() {
                Some(Inline::Text(prev)) => prev.push_str(&t),
                _ => out.push(Inline::Text(t.to_string())),
            },
            Event::Code(t) => out.push(Inline::Code(t.to_string())),
            Event::SoftBreak => out.push(Inline::SoftBreak),
            Event::HardBreak => out.push(Inline::HardBreak),
            Event::Start(Tag::Strong) => {
                if let Some(content) =
                    self.nested(span, events, |b, events| b.inlines(events, TagEnd::Strong))
                {
                    out.push(Inline::Strong(content))
                }
            }
            Event::Start(Tag::Emphasis) => {
                if let Some(content) = self.nested(span, events, |b, events| {
                    b.inlines(events, TagEnd::Emphasis)
                }) {
                    out.push(Inline::Emphasis(content))
                }
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                id,
                ..
            }) => {
                let Some(content) =
                    self.nested(span, events, |b, events| b.inlines(events, TagEnd::Link))
                else {
                    return true;
                };
                // The `Unknown` kinds are those the rest of the book defines.
                let reference = matches!(
                    link_type,
                    LinkType::Reference
                        | LinkType::Collapsed
                        | LinkType::Shortcut
                        | LinkType::ReferenceUnknown
                        | LinkType::CollapsedUnknown
                        | LinkType::ShortcutUnknown
                )
                .then(|| id.to_string());
                // Local files and the book's own anchors are checked.
                if !is_external(&dest_url) || dest_url.starts_with('#') {
                    self.links.push(ImageRef {
                        url: dest_url.to_string(),
                        span,
                    });
                }
                out.push(Inline::Link(Box::new(Link {
                    content,
                    url: dest_url.to_string(),
                    reference,
                    span,
                })));
            }
            Event::Start(Tag::Image { dest_url, .. }) => {
                let Some(alt) =
                    self.nested(span, events, |b, events| b.inlines(events, TagEnd::Image))
                else {
                    return true;
                };
                let alt = plain_text(&alt);
                let url = dest_url.to_string();
                self.images.push(ImageRef {
                    url: url.clone(),
                    span,
                });
                out.push(Inline::Image(Box::new(Image { alt, url, span })));
            }
            Event::InlineHtml(t) => {
                self.raw_images(span);
                out.push(Inline::Text(t.to_string()))
            }
            _ => return false,
        }
        true
    }
}

fn heading_level(level: HeadingLevel) -> u8 {
    match level {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

/// The image file name (without extension) of diagram `number` of the
/// section with anchor `slug` (`None`: before any heading). A hyphen
/// separates the number when the anchor ends in a digit or a hyphen, so the
/// name is unique by construction: `## A` diagram 11 is `a11`, `## A1`
/// diagram 1 is `a1-1`, and a diagram before any heading is `diagram-1`
/// (`## Diagram` gives `diagram1`).
pub fn image_name(slug: Option<&str>, number: usize) -> String {
    match slug {
        None => format!("diagram-{number}"),
        Some(s) if s.is_empty() || s.ends_with(|c: char| c.is_ascii_digit() || c == '-') => {
            format!("{s}-{number}")
        }
        Some(s) => format!("{s}{number}"),
    }
}

/// A heading's anchor as GitHub makes it: lower case, punctuation dropped,
/// spaces to hyphens. `Chess Golf` → `chess-golf`.
pub fn slug(title: &str) -> String {
    title
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// A hyphen with a space either side (or at a line's end) is a dash:
/// "player - it's" reads "player – it's". Smart punctuation turns `--`
/// and `---` into dashes but leaves a spaced hyphen alone. Between two
/// numbers the dash is a range, set closed up: "2 - 6" reads "2–6".
fn spaced_dashes(inlines: &mut [Inline]) {
    for i in 0..inlines.len() {
        let line_ends = matches!(
            inlines.get(i + 1),
            Some(Inline::SoftBreak | Inline::HardBreak)
        );
        if let Inline::Text(t) = &mut inlines[i] {
            if t.contains(" - ") {
                *t = t.replace(" - ", " \u{2013} ");
            }
            if t.contains(" \u{2013} ") {
                *t = number_ranges(t);
            }
            if line_ends && t.ends_with(" -") {
                t.pop();
                t.push('\u{2013}');
            }
        }
    }
}

/// `text` with each spaced en dash between two numerals closed up.
fn number_ranges(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(" \u{2013} ") {
        let (before, after) = (&rest[..at], &rest[at + " \u{2013} ".len()..]);
        out.push_str(before);
        let range = before.ends_with(|c: char| c.is_ascii_digit())
            && after.starts_with(|c: char| c.is_ascii_digit());
        out.push_str(if range { "\u{2013}" } else { " \u{2013} " });
        rest = after;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book(text: &str) -> (Book, Vec<Diagnostic>) {
        let mut diags = Vec::new();
        let b = Book::parse(SourceFile::new("dir/test.md", text), &mut diags);
        (b, diags)
    }

    const BOARD: &str = "    r n b q k b n r
    p p p p p p p p
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    P P P P P P P P
    R N B Q K B N R
";

    #[test]
    fn reads_front_matter_headings_and_paragraphs() {
        let (b, diags) = book(
            "---\ntitle: The Rules\nsubtitle: Experiments\n---\n\n### Intro\nSome **bold** and *italic* text.\n",
        );
        assert!(diags.is_empty());
        assert_eq!(b.front_matter.title(), Some("The Rules"));
        assert_eq!(b.front_matter.subtitle(), Some("Experiments"));
        assert_eq!(b.name, "test");
        let Block::Heading { level, slug, .. } = &b.blocks[0] else {
            panic!("{:?}", b.blocks[0]);
        };
        assert_eq!((*level, slug.as_str()), (3, "intro"));
        let Block::Paragraph { content, .. } = &b.blocks[1] else {
            panic!();
        };
        assert_eq!(
            content,
            &vec![
                Inline::Text("Some ".into()),
                Inline::Strong(vec![Inline::Text("bold".into())]),
                Inline::Text(" and ".into()),
                Inline::Emphasis(vec![Inline::Text("italic".into())]),
                Inline::Text(" text.".into()),
            ]
        );
    }

    #[test]
    fn a_spaced_hyphen_is_a_dash_but_not_in_a_heading() {
        let (b, _) = book(
            "## Bank Chess - Swap variant\nI am no player - it's study -\nnot play. A well-known x-ray, -5 and a - b `c - d`.\n",
        );
        // The settings and the contents file name the game as written.
        assert_eq!(b.sections[0].title, "Bank Chess - Swap variant");
        let Block::Paragraph { content, .. } = &b.blocks[1] else {
            panic!("{:?}", b.blocks);
        };
        assert_eq!(
            content,
            &vec![
                Inline::Text("I am no player \u{2013} it\u{2019}s study \u{2013}".into()),
                Inline::SoftBreak,
                Inline::Text("not play. A well-known x-ray, -5 and a \u{2013} b ".into()),
                Inline::Code("c - d".into()),
                Inline::Text(".".into()),
            ]
        );
    }

    #[test]
    fn a_dash_between_numbers_is_a_closed_up_range() {
        let (b, _) = book("## A\nThe 2 - 6 of Hearts, 2 -- 4 players, 1 - a pawn - 3.\n");
        let Block::Paragraph { content, .. } = &b.blocks[1] else {
            panic!("{:?}", b.blocks);
        };
        assert_eq!(
            content,
            &vec![Inline::Text(
                "The 2\u{2013}6 of Hearts, 2\u{2013}4 players, 1 \u{2013} a pawn \u{2013} 3."
                    .into()
            )]
        );
    }

    #[test]
    fn a_diagram_after_a_list_is_a_diagram() {
        // The Cooperative Chess setup: CommonMark would continue the list item.
        let text = format!(
            "## Cooperative Chess\n* one\n* two\n\n{BOARD}    card: back, 11, -1\n\n### Play\n"
        );
        let (b, diags) = book(&text);
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(b.diagrams.len(), 1);
        assert!(b.diagrams[0].diagram.is_some());
        assert!(matches!(b.blocks[1], Block::List { ref items, .. } if items.len() == 2));
        assert!(matches!(b.blocks[2], Block::Diagram { index: 0, .. }));
        assert!(matches!(b.blocks[3], Block::Heading { level: 3, .. }));
        assert_eq!(b.diagrams[0].image_name, "cooperative-chess1");
    }

    #[test]
    fn tight_list_items_keep_their_text() {
        let (b, _) = book("* You must **move** a chess piece.\n* Then *draw*.\n");
        let Block::List { items, .. } = &b.blocks[0] else {
            panic!("{:?}", b.blocks);
        };
        let Block::Paragraph { content, .. } = &items[0][0] else {
            panic!("{:?}", items[0]);
        };
        assert_eq!(plain_text(content), "You must move a chess piece.");
        assert!(matches!(content[1], Inline::Strong(_)));
        let Block::Paragraph { content, .. } = &items[1][0] else {
            panic!("{:?}", items[1]);
        };
        assert_eq!(plain_text(content), "Then draw.");
    }

    #[test]
    fn a_diagram_may_follow_a_heading_directly() {
        let text = "## Masquerade Chess\n#### Alice\n    type: masquerade\n    . K Q R B N combo\n    K . . O . . KR\n";
        let (b, diags) = book(text);
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(b.diagrams.len(), 1);
        assert_eq!(b.diagrams[0].image_name, "masquerade-chess1");
    }

    #[test]
    fn indented_continuation_lines_are_not_diagrams() {
        let text = "* [Manna Chess][manna] adds random power ups. (2\n    players, chess set)\n\n[manna]: #manna\n";
        let (b, diags) = book(text);
        assert!(diags.is_empty());
        assert!(b.diagrams.is_empty());
        assert_eq!(b.link_defs.len(), 1);
        assert_eq!(b.link_defs[0].url, "#manna");
    }

    const START: &str = "r n b q k b n r\np p p p p p p p\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\nP P P P P P P P\nR N B Q K B N R\n";

    fn indented(board: &str, spaces: usize) -> String {
        board
            .lines()
            .map(|l| format!("{}{l}\n", " ".repeat(spaces)))
            .collect()
    }

    #[test]
    fn a_board_indented_two_or_three_spaces_is_a_warning_at_its_line() {
        for spaces in [2, 3] {
            let text = format!(
                "## Zombie Chess\n\nThe start.\n\n{}",
                indented(START, spaces)
            );
            let (b, diags) = book(&text);
            assert!(b.diagrams.is_empty());
            assert_eq!(diags.len(), 1, "{diags:?}");
            let d = &diags[0];
            assert_eq!(d.severity, crate::diagnostic::Severity::Warning);
            assert_eq!(
                d.render_short(),
                format!(
                    "dir/test.md:5:{}: warning: this board is not a diagram: it is indented {spaces} spaces, not four",
                    spaces + 1
                )
            );
        }
        // Four spaces: a diagram, and no warning.
        let (b, diags) = book(&format!("## Zombie Chess\n\n{}", indented(START, 4)));
        assert_eq!(b.diagrams.len(), 1);
        assert!(diags.is_empty(), "{diags:?}");
    }

    #[test]
    fn a_board_with_no_blank_line_before_it_is_a_warning() {
        let text = format!("## Zombie Chess\n\nThe start:\n{}", indented(START, 4));
        let (b, diags) = book(&text);
        assert!(b.diagrams.is_empty());
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!(
            diags[0].render_short(),
            "dir/test.md:4:5: warning: this board is not a diagram: the line before it is not blank"
        );
        // The same in a list item.
        let text = format!("* Setup:\n{}", indented(START, 4));
        let (b, diags) = book(&text);
        assert!(b.diagrams.is_empty());
        assert_eq!(diags.len(), 1, "{diags:?}");
    }

    #[test]
    fn a_diagram_starts_with_a_board_row_or_a_type_line() {
        for row in [
            "r n b q k b n r",
            "rnbqkbnr",
            ". . . . . . . .",
            "P .",
            "type: cards",
            "  type : table",
        ] {
            assert!(starts_a_diagram(row), "{row}");
        }
        for other in [
            "",
            "1 2 3 4 5 6 7 8",
            "rnbqkbn",
            "rnbqkbnrr",
            "r n b q k b n rook",
            "The king moves one square.",
            "P",
            "arrow: e2, e4, white",
        ] {
            assert!(!starts_a_diagram(other), "{other}");
        }
    }

    #[test]
    fn indented_prose_is_a_code_block_not_a_diagram() {
        let text =
            "## Zombie Chess\n\n    This is not a board at all,\n    just two indented lines.\n";
        let (b, diags) = book(text);
        assert!(diags.is_empty(), "{diags:?}");
        assert!(b.diagrams.is_empty());
        let code = b.blocks.iter().any(|block| {
            matches!(block, Block::Code { text, .. } if text.contains("just two indented lines"))
        });
        assert!(code, "{:?}", b.blocks);
        // A garbled board is still a diagram, reported as one.
        let (b, diags) = book("## Zombie Chess\n\n    r n b q k b n\n");
        assert_eq!(b.diagrams.len(), 1);
        assert!(!diags.is_empty());
    }

    #[test]
    fn fenced_code_is_not_a_diagram() {
        let (b, _) = book("```\n\n    not a diagram\n```\n");
        assert!(b.diagrams.is_empty());
    }

    #[test]
    fn diagrams_are_numbered_within_their_section() {
        let text = format!(
            "## Zombie Chess\n\n{BOARD}\ntext\n\n{BOARD}\n## Chess Golf\n\n{BOARD}\n# Part\n\n{BOARD}"
        );
        let (b, diags) = book(&text);
        assert!(diags.is_empty(), "{diags:?}");
        let names: Vec<&str> = b.diagrams.iter().map(|d| d.image_name.as_str()).collect();
        assert_eq!(
            names,
            ["zombie-chess1", "zombie-chess2", "chess-golf1", "part1"]
        );
        assert_eq!(b.section_of(&b.diagrams[2]).unwrap().title, "Chess Golf");
        assert!(b.section_of(&b.diagrams[3]).is_none());
    }

    #[test]
    fn the_book_model_keeps_no_spare_room() {
        // A build keeps the whole book: a 10,000-diagram book's prose was
        // half spare capacity before its inlines were trimmed.
        let lines: String = (0..40)
            .map(|i| format!("line {i} of *prose* and [a link](#x)\n"))
            .collect();
        let (b, _) = book(&lines);
        let Block::Paragraph { content, .. } = &b.blocks[0] else {
            panic!("{:?}", b.blocks[0]);
        };
        assert!(content.len() > 100, "{}", content.len());
        assert_eq!(content.capacity(), content.len());
        for inline in content {
            if let Inline::Text(t) = inline {
                assert_eq!(t.capacity(), t.len(), "{t:?}");
            }
        }
        // Links and images are boxed, so a line of prose stays small.
        assert!(std::mem::size_of::<Inline>() <= 32);
    }

    #[test]
    fn reference_links_keep_their_label_and_url() {
        let (b, _) = book("Read [Nibelungenlied][Nib].\n\n[Nib]: https://example.com/n\n");
        let Block::Paragraph { content, .. } = &b.blocks[0] else {
            panic!();
        };
        let Inline::Link(link) = &content[1] else {
            panic!("{content:?}");
        };
        assert_eq!(link.url, "https://example.com/n");
        assert_eq!(link.reference.as_deref(), Some("Nib"));
    }

    #[test]
    fn the_old_table_of_contents_is_dropped() {
        let text = "## Table of Contents\n* [Manna][manna] old.\n\n[manna]: #manna\n\n# New Games\ntext\n## Manna\n";
        let (b, _) = book(text);
        assert!(matches!(b.blocks[0], Block::TableOfContents { .. }));
        assert!(matches!(b.blocks[1], Block::Heading { level: 1, .. }));
        let toc = b.toc.unwrap();
        assert_eq!(
            &text[toc.range()],
            "## Table of Contents\n* [Manna][manna] old.\n\n[manna]: #manna\n\n"
        );
        assert_eq!(b.chapters().count(), 1);
    }

    #[test]
    fn unknown_card_symbols_are_errors_and_table_symbols_are_known() {
        let text = format!(
            "## Game\n\n{BOARD}    card: c, 8.5, 0\n    card: z, 9, 0\n\n## Appendix\n\n    type: cards\n    Piece Cards Gap\n    c  _  _ 6S 7S 6C 7C  _  _ _\n"
        );
        let (b, diags) = book(&text);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!(diags[0].message, "unknown card symbol `z`");
        assert_eq!(diags[0].line_col().unwrap().line, 12);
        assert!(b.card_symbols().contains("c"));
        assert!(!b.card_symbols().contains("C"));
    }

    #[test]
    fn the_compiled_in_card_table_serves_books_without_one() {
        let (b, diags) = book(&format!("## Game\n\n{BOARD}    card: C, 8.5, 0\n"));
        assert!(diags.is_empty(), "{diags:?}");
        assert!(b.card_symbols().contains("C"));
        assert_eq!(default_card_rows().len(), 14);
    }

    #[test]
    fn slugs_match_github() {
        assert_eq!(slug("Zombie Chess"), "zombie-chess");
        assert_eq!(slug("Chess960"), "chess960");
        assert_eq!(slug("Appendix A"), "appendix-a");
        assert_eq!(slug("Cloak and Dagger Chess"), "cloak-and-dagger-chess");
        assert_eq!(slug("What's new?"), "whats-new");
    }

    #[test]
    fn duplicate_headings_get_numbered_slugs() {
        let (b, _) = book("## Setup\n## Setup\n");
        let slugs: Vec<&str> = b.sections.iter().map(|s| s.slug.as_str()).collect();
        assert_eq!(slugs, ["setup", "setup-1"]);
    }

    #[test]
    fn a_numbered_repeat_never_takes_a_slug_already_used() {
        let (b, _) = book("## Setup 1\n## Setup\n## Setup\n## Setup 1\n");
        let slugs: Vec<&str> = b.sections.iter().map(|s| s.slug.as_str()).collect();
        assert_eq!(slugs, ["setup-1", "setup", "setup-2", "setup-1-1"]);
    }

    #[test]
    fn image_names_that_once_collided_differ() {
        let text = format!(
            "{BOARD}\n## A\n\n{}## A1\n\n{BOARD}\n## Diagram\n\n{BOARD}",
            format!("{BOARD}\n").repeat(11)
        );
        let (b, diags) = book(&text);
        assert!(diags.is_empty(), "{diags:?}");
        let names: Vec<&str> = b.diagrams.iter().map(|d| d.image_name.as_str()).collect();
        assert_eq!(names[0], "diagram-1");
        assert_eq!(names[11], "a11");
        assert_eq!(names[12], "a1-1");
        assert_eq!(names[13], "diagram1");
        let unique: BTreeSet<&str> = names.iter().copied().collect();
        assert_eq!(unique.len(), names.len());
    }

    #[test]
    fn no_two_slugs_and_numbers_share_an_image_name() {
        // Every slug of up to four characters from the characters that
        // matter (a letter, digits, hyphen, underscore, a non-ASCII
        // letter), the empty slug and no section, against numbers 1 to 120.
        let alphabet = ['a', '1', '0', '-', '_', '\u{e9}'];
        let mut slugs: Vec<Option<String>> = vec![None, Some(String::new())];
        let mut layer = vec![String::new()];
        for _ in 0..4 {
            layer = layer
                .iter()
                .flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}")))
                .collect();
            slugs.extend(layer.iter().cloned().map(Some));
        }
        let mut seen: BTreeMap<String, (Option<String>, usize)> = BTreeMap::new();
        for slug in &slugs {
            for n in 1..=120 {
                let name = image_name(slug.as_deref(), n);
                if let Some(other) = seen.insert(name.clone(), (slug.clone(), n)) {
                    panic!("{name}: {slug:?} {n} and {other:?}");
                }
            }
        }
        assert_eq!(seen.len(), slugs.len() * 120);
    }

    #[test]
    fn an_html_block_that_runs_over_a_diagram_is_an_error_at_its_start() {
        for opener in [
            "<!-- the games below are drafts",
            "<script>",
            "<pre>",
            "<style>",
            "<?",
            "<![CDATA[",
        ] {
            let text = format!(
                "# Book\n\n## Table of Contents\n\n{opener}\n\n## Zombie Chess\n\n{BOARD}\nMore.\n"
            );
            let (_, diags) = book(&text);
            let errors: Vec<_> = diags.iter().filter(|d| d.is_error()).collect();
            assert_eq!(errors.len(), 1, "{opener}: {diags:?}");
            assert_eq!(errors[0].line_col().unwrap().to_string(), "5:1", "{opener}");
            assert!(
                errors[0]
                    .message
                    .contains("is never closed before the diagram 4 lines below it"),
                "{opener}: {}",
                errors[0].message
            );
            // Closed before the diagram, it is plain HTML.
            let closed = text.replace(
                "\n\n## Zombie",
                match opener {
                    "<script>" => "</script>\n\n## Zombie",
                    "<pre>" => "</pre>\n\n## Zombie",
                    "<style>" => "</style>\n\n## Zombie",
                    "<?" => "?>\n\n## Zombie",
                    "<![CDATA[" => "]]>\n\n## Zombie",
                    _ => "-->\n\n## Zombie",
                },
            );
            let (b, diags) = book(&closed);
            assert!(diags.iter().all(|d| !d.is_error()), "{opener}: {diags:?}");
            assert_eq!(b.diagrams.len(), 1);
        }
    }

    #[test]
    fn a_name_that_cannot_name_the_books_files_is_an_error_at_line_one() {
        let parse = |path: &str| {
            let mut diags = Vec::new();
            Book::parse(SourceFile::new(path, "# T\n\ntext\n"), &mut diags);
            diags
        };
        let long = format!("dir/{}.md", "a".repeat(151));
        for (path, reason) in [
            ("dir/..md", "starts with a dot"),
            ("dir/.hidden.md", "starts with a dot"),
            (long.as_str(), "has 151 bytes"),
            ("dir/a\\b.md", "holds '\\\\'"),
            ("dir/a\u{7}b.md", "holds '\\u{7}'"),
            ("dir/assets.md", "keeps for its own files"),
            ("dir/Deck.md", "keeps for its own files"),
        ] {
            let diags = parse(path);
            assert_eq!(diags.len(), 1, "{path}: {diags:?}");
            assert_eq!(diags[0].line_col().unwrap().to_string(), "1:1", "{path}");
            assert!(
                diags[0].message.contains(reason),
                "{path}: {}",
                diags[0].message
            );
        }
        for fine in [
            "dir/a#b.md",
            "dir/a?b.md",
            "dir/a%2e.md",
            "dir/a b.md",
            "dir/r\u{e8}gles.md",
        ] {
            assert!(parse(fine).is_empty(), "{fine}");
        }
    }

    #[test]
    fn a_raw_html_image_with_a_local_source_is_a_warning_at_its_tag() {
        for text in [
            "# T\n\n<img src=\"board.png\" alt=\"b\">\n",
            "# T\n\nSee <IMG SRC='board.png'> here.\n",
        ] {
            let (_, diags) = book(text);
            assert_eq!(diags.len(), 1, "{text}: {diags:?}");
            assert!(diags[0].is_warning());
            assert_eq!(diags[0].line_col().unwrap().line, 3);
            assert!(
                diags[0]
                    .message
                    .contains("the HTML image `board.png` is published as written"),
                "{}",
                diags[0].message
            );
        }
        let (_, diags) = book("# T\n\n<img src=\"https://example.com/b.png\">\n");
        assert!(diags.is_empty(), "{diags:?}");
    }

    #[test]
    fn local_links_are_decoded_and_checked() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("my notes.txt"), "n").unwrap();
        let text = "# T\n\n[a](my%20notes.txt) [b](gone.txt#x) [c](mailto:a@b.c) [d](#t) [e](https://x.org/y)\n";
        let mut diags = Vec::new();
        let b = Book::parse(SourceFile::new(dir.path().join("b.md"), text), &mut diags);
        b.check_links(&mut diags);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert!(
            diags[0]
                .message
                .contains("the link `gone.txt#x` leads to no file"),
            "{diags:?}"
        );
        let files: Vec<String> = b
            .linked_files()
            .into_iter()
            .map(|(_, rel, _)| rel)
            .collect();
        assert_eq!(files, ["my notes.txt", "gone.txt"]);
    }

    #[test]
    fn a_name_in_a_link_is_percent_encoded() {
        assert_eq!(url_segment("rules"), "rules");
        assert_eq!(url_segment("new_rules-2.x~"), "new_rules-2.x~");
        assert_eq!(url_segment("a#b"), "a%23b");
        assert_eq!(url_segment("a?b"), "a%3Fb");
        assert_eq!(url_segment("a%2e"), "a%252e");
        assert_eq!(url_segment("a b"), "a%20b");
        assert_eq!(url_segment("r\u{e8}gles"), "r%C3%A8gles");
    }

    #[test]
    fn an_over_long_anchor_is_an_error_at_its_heading() {
        let title = "Long ".repeat(40);
        let (_, diags) = book(&format!("## Short\n\n## {title}\n\n{BOARD}"));
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!(diags[0].line_col().unwrap().to_string(), "3:1");
        assert!(
            diags[0].message.contains(
                "has 199 bytes; its HTML page and its diagrams' image files are named after it"
            ),
            "{}",
            diags[0].message
        );
        // A `##` section is a page, diagrams or not.
        let (_, diags) = book(&format!("## {title}\n\ntext only\n"));
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert!(diags[0].message.contains("its HTML page"), "{diags:?}");
        // A `#` heading makes a file only for its diagrams.
        let (_, diags) = book(&format!("# {title}\n\ntext only\n"));
        assert!(diags.is_empty(), "no diagram, no file: {diags:?}");
        let (_, diags) = book(&format!("# {title}\n\n{BOARD}"));
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert!(
            diags[0]
                .message
                .contains("; its diagrams' image files are named"),
            "{diags:?}"
        );
    }

    #[test]
    fn image_links_are_recorded_with_their_span() {
        let text = "Intro\n\n![Diagram](images/new_rules/diagram1.png)\n";
        let (b, _) = book(text);
        assert_eq!(b.images.len(), 1);
        assert_eq!(b.images[0].url, "images/new_rules/diagram1.png");
        let mut diags = Vec::new();
        b.check_images(&mut diags);
        assert_eq!(diags.len(), 1);
        assert_eq!(
            diags[0].message,
            "the image `images/new_rules/diagram1.png` does not exist"
        );
        assert_eq!(diags[0].line_col().unwrap().to_string(), "3:1");
    }
}
