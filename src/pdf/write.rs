//! Laid-out pages to PDF bytes with krilla: embedded, subset fonts; diagrams
//! as vectors (`vector`); links, named destinations, the outline,
//! page labels and metadata.
//!
//! A tagged document ([`Meta::tagged`], the book) is PDF/UA-1, checked by
//! krilla's validator as it is written: each draw is marked as the content
//! of its element of the book's structure ([`Role`], [`Element`]) or as an
//! artifact, and the structure becomes the tag tree, in reading order.

use std::collections::{BTreeMap, HashMap};
use std::num::{NonZeroU16, NonZeroU32};
use std::sync::Arc;

use krilla::action::{Action, LinkAction};
use krilla::annotation::{Annotation, LinkAnnotation, Target as KTarget};
use krilla::color::rgb;
use krilla::configure::{Accessibility, ConfigurationBuilder};
use krilla::destination::{Destination, NamedDestination, XyzDestination};
use krilla::geom::{PathBuilder, Point, Rect, Size, Transform};
use krilla::metadata::{DateTime, Metadata};
use krilla::num::NormalizedF32;
use krilla::outline::{Outline, OutlineNode};
use krilla::page::{NumberingStyle, PageLabel, PageSettings};
use krilla::paint::{Fill, Stroke, StrokeDash};
use krilla::surface::Surface;
use krilla::tagging::{
    Artifact, ArtifactType, BBox, ContentTag, Identifier, ListNumbering, Node, SpanTag, Tag,
    TagGroup, TagKind, TagTree,
};
use krilla::text::{Font, GlyphId, KrillaGlyph};
use krilla::{Document, SerializeSettings};
use rayon::prelude::*;

use super::impose::{Slot, impose};
use super::layout::{Draw, Element, Figure, Kind, Label, Laid, OutlineEntry, Page, Role, Target};
use super::text::{FaceId, Fonts, Rgb};
use super::vector::{self, Shapes};

/// What the document says about itself.
pub struct Meta {
    pub title: String,
    pub subject: Option<String>,
    pub author: Option<String>,
    pub keywords: Vec<String>,
    pub date: Option<(i32, u8, u8)>,
    /// The document's language (`en`).
    pub lang: String,
    /// Tagged PDF/UA-1, validated as it is written: the pages' draws need
    /// their roles ([`Page::roles`]).
    pub tagged: bool,
}

/// A sheet for imposed formats: its size, in points.
pub struct Sheet {
    pub width: f32,
    pub height: f32,
}

fn paint(c: Rgb) -> krilla::paint::Paint {
    rgb::Color::new(c.0, c.1, c.2).into()
}

fn fill(c: Rgb) -> Fill {
    Fill {
        paint: paint(c),
        opacity: NormalizedF32::ONE,
        rule: Default::default(),
    }
}

/// Where each logical page lands: physical page and offset.
fn placements(pages: &[Page], sheet: Option<&Sheet>) -> (usize, Vec<Slot>) {
    match (sheet, pages.first()) {
        (Some(_), Some(first)) => impose(pages.len(), first.width, first.height),
        _ => (
            pages.len(),
            (0..pages.len())
                .map(|p| Slot {
                    page: p,
                    side: p,
                    x: 0.0,
                    y: 0.0,
                })
                .collect(),
        ),
    }
}

/// The PDF of pages whose drawings are all parsed already.
pub fn write(
    laid: Laid,
    fonts: &Fonts,
    meta: &Meta,
    sheet: Option<&Sheet>,
) -> Result<Vec<u8>, String> {
    write_book(laid, fonts, meta, sheet, &|_| None)
}

/// Drawings parsed at once, in parallel, for the pages about to be
/// written: enough to keep both cores busy, few enough to hold.
const PARSED_AT_ONCE: usize = 32;

/// The PDF of laid-out pages; `diagram` parses the book's diagram of an
/// index ([`Figure::Diagram`]) when its page is written, and `None` leaves
/// it out (the layout has reported why).
pub fn write_book(
    laid: Laid,
    fonts: &Fonts,
    meta: &Meta,
    sheet: Option<&Sheet>,
    diagram: &(dyn Fn(usize) -> Option<Arc<crate::render::Drawing>> + Sync),
) -> Result<Vec<u8>, String> {
    let mut pdf = Vec::new();
    let Laid {
        mut pages,
        trees,
        images,
        outline,
        anchors,
    } = laid;
    let parts = Parts {
        pages: pages.len(),
        trees: &trees,
        images: &images,
        outline: &outline,
        anchors: &anchors,
    };
    write_pages(
        &parts,
        &mut |emit| std::mem::take(&mut pages).into_iter().for_each(&mut *emit),
        fonts,
        meta,
        sheet,
        diagram,
        &mut |bytes| pdf.extend_from_slice(bytes),
    )?;
    Ok(pdf)
}

/// Where pages go to be written, one by one.
pub type PageSink<'s> = dyn FnMut(Page) + 's;

/// What the pages refer to, known before the first page is written.
pub struct Parts<'p> {
    /// How many pages.
    pub pages: usize,
    pub trees: &'p [Figure],
    pub images: &'p [krilla::image::Image],
    pub outline: &'p [OutlineEntry],
    /// Each heading's page index and y.
    pub anchors: &'p BTreeMap<String, (usize, f32)>,
}

/// The PDF of the pages `fill` gives, in order, to the function it is
/// handed. Each page is written, and its drawings dropped, a batch at a
/// time as they come; zine pages, which the imposition reorders, are
/// gathered first. The file's bytes go to `out` in order, a piece at a
/// time; on an error, what went there is not a PDF.
pub fn write_pages(
    parts: &Parts,
    fill: &mut dyn FnMut(&mut PageSink),
    fonts: &Fonts,
    meta: &Meta,
    sheet: Option<&Sheet>,
    diagram: &(dyn Fn(usize) -> Option<Arc<crate::render::Drawing>> + Sync),
    out: &mut dyn FnMut(&[u8]),
) -> Result<(), String> {
    let kfonts: Vec<Font> = FaceId::ALL
        .iter()
        .map(|&f| {
            Font::new(fonts.face(f).data.into(), 0)
                .ok_or_else(|| format!("cannot embed the font for {f:?}"))
        })
        .collect::<Result<_, _>>()?;
    let stand_in = FaceId::ALL
        .iter()
        .map(|&f| {
            fonts
                .face(f)
                .rb
                .glyph_index('?')
                .map_or(0, |g| u32::from(g.0))
        })
        .collect();
    let settings = if meta.tagged {
        let configuration = ConfigurationBuilder::new()
            .with_accessibility_validator(Accessibility::UA1)
            .finish()
            .map_err(|e| format!("PDF/UA-1 cannot be written: {e:?}"))?;
        SerializeSettings {
            configuration,
            enable_tagging: true,
            ..SerializeSettings::default()
        }
    } else {
        SerializeSettings::default()
    };
    let mut writer = Writer {
        doc: Document::new_with(settings),
        tags: meta.tagged.then(Tags::default),
        kfonts,
        stand_in,
        parts,
        place: Vec::new(),
        shapes: Shapes::default(),
        diagram,
        sheet,
    };
    match sheet {
        Some(_) => {
            let mut pages = Vec::with_capacity(parts.pages);
            fill(&mut |p| pages.push(p));
            let (sides, slots) = placements(&pages, sheet);
            writer.place = vec![(0usize, 0.0f32, 0.0f32); pages.len()];
            for s in &slots {
                if let Some(w) = writer.place.get_mut(s.page) {
                    *w = (s.side, s.x, s.y);
                }
            }
            writer.write_sides(&mut pages, 0, sides, &slots)?;
        }
        None => {
            // A page is its own side.
            let mut batch: Vec<Page> = Vec::new();
            let mut first = 0;
            let mut failed = None;
            let flush = |writer: &mut Writer, batch: &mut Vec<Page>, first: &mut usize| {
                let slots: Vec<Slot> = (0..batch.len())
                    .map(|i| Slot {
                        page: *first + i,
                        side: *first + i,
                        x: 0.0,
                        y: 0.0,
                    })
                    .collect();
                let sides = batch.len();
                let result = writer.write_sides(batch, *first, sides, &slots);
                *first += batch.len();
                batch.clear();
                result
            };
            let mut drawn = 0;
            fill(&mut |p| {
                if failed.is_some() {
                    return;
                }
                drawn += figures(&p, parts.trees).count();
                batch.push(p);
                // A batch of drawings to parse together, or of pages when
                // they draw none.
                if drawn >= PARSED_AT_ONCE || batch.len() >= PARSED_AT_ONCE {
                    drawn = 0;
                    if let Err(e) = flush(&mut writer, &mut batch, &mut first) {
                        failed = Some(e);
                    }
                }
            });
            if let Some(e) = failed {
                return Err(e);
            }
            flush(&mut writer, &mut batch, &mut first)?;
        }
    }
    writer.finish(meta, out)
}

/// The book's diagrams a page draws.
fn figures<'p>(page: &'p Page, trees: &'p [Figure]) -> impl Iterator<Item = usize> + 'p {
    page.draws
        .iter()
        .filter_map(|d| match d {
            Draw::Svg { tree, .. } => Some(*tree),
            _ => None,
        })
        .filter(|&t| matches!(trees.get(t), Some(Figure::Diagram(_))))
}

/// Where a piece of content is read: its page (in the book's order, before
/// any imposition), then its draw's index there; a link's annotations after
/// the page's draws.
type Key = (usize, usize, usize);

/// The tagged document's structure so far.
#[derive(Default)]
struct Tags {
    /// Every element, by id.
    elements: Vec<Element>,
    /// Each element's own content, by where it is read.
    content: Vec<Vec<(Key, Identifier)>>,
    /// Where each figure is drawn: its sheet side and box.
    boxes: HashMap<u32, BBox>,
}

impl Tags {
    fn take(&mut self, page: &mut Page) {
        for e in std::mem::take(&mut page.elements) {
            debug_assert_eq!(e.id as usize, self.elements.len());
            self.elements.push(e);
            self.content.push(Vec::new());
        }
    }

    fn add(&mut self, elem: u32, key: Key, id: Identifier) {
        if let Some(c) = self.content.get_mut(elem as usize) {
            c.push((key, id));
        }
    }

    fn is_figure(&self, elem: u32) -> bool {
        matches!(
            self.elements.get(elem as usize),
            Some(Element {
                kind: Kind::Figure(_),
                ..
            })
        )
    }

    /// The tag tree: each element holds its content and its elements in
    /// the order they are read; one with neither is left out.
    fn tree(self, lang: &str) -> TagTree {
        let Tags {
            elements,
            content,
            mut boxes,
        } = self;
        let n = elements.len();
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut roots = Vec::new();
        for e in &elements {
            match e.parent.map(|p| p as usize).filter(|&p| p < n) {
                Some(p) => children[p].push(e.id as usize),
                None => roots.push(e.id as usize),
            }
        }
        let mut built: Vec<Option<(Key, Node)>> = (0..n).map(|_| None).collect();
        let mut content = content;
        let gather = |ids: &[usize], built: &mut Vec<Option<(Key, Node)>>| -> Vec<(Key, Node)> {
            ids.iter().filter_map(|&c| built[c].take()).collect()
        };
        // An element is made after its parent: children first, from the end.
        for id in (0..n).rev() {
            let mut items: Vec<(Key, Node)> = std::mem::take(&mut content[id])
                .into_iter()
                .map(|(k, i)| (k, Node::Leaf(i)))
                .collect();
            items.extend(gather(&children[id], &mut built));
            if items.is_empty() {
                continue;
            }
            items.sort_by_key(|&(k, _)| k);
            let key = items[0].0;
            let mut tag = tag_of(&elements[id].kind);
            if let (TagKind::Figure(f), Some(b)) = (&mut tag, boxes.remove(&(id as u32))) {
                f.set_bbox(Some(b));
            }
            let group = TagGroup::with_children(tag, items.into_iter().map(|(_, n)| n).collect());
            built[id] = Some((key, group.into()));
        }
        let mut top = gather(&roots, &mut built);
        top.sort_by_key(|&(k, _)| k);
        TagTree::from(top.into_iter().map(|(_, n)| n).collect::<Vec<_>>())
            .with_lang(Some(lang.to_string()))
    }
}

/// The PDF structure element of an element of the book.
fn tag_of(kind: &Kind) -> TagKind {
    match kind {
        Kind::Heading(level, title) => Tag::Hn(
            NonZeroU16::new(u16::from(*level)).unwrap_or(NonZeroU16::MIN),
            Some(title.clone()),
        )
        .into(),
        Kind::Paragraph => Tag::P.into(),
        Kind::List { numbered } => Tag::L(if *numbered {
            ListNumbering::Decimal
        } else {
            ListNumbering::Disc
        })
        .into(),
        Kind::Item => Tag::LI.into(),
        Kind::Label => Tag::Lbl.into(),
        Kind::Body => Tag::LBody.into(),
        Kind::Figure(alt) => Tag::Figure(Some(alt.clone())).into(),
        Kind::Link => Tag::Link.into(),
        Kind::Contents => Tag::TOC.into(),
        Kind::ContentsEntry => Tag::TOCI.into(),
        Kind::Quote => Tag::BlockQuote.into(),
        Kind::Code => Tag::Code.into(),
    }
}

struct Writer<'w, 'p> {
    doc: Document,
    /// The structure of a tagged document.
    tags: Option<Tags>,
    kfonts: Vec<Font>,
    /// Each face's question mark, drawn for a character it has no glyph for.
    stand_in: Vec<u32>,
    parts: &'w Parts<'p>,
    /// Each page's side and offset there; empty when each page is its own
    /// side.
    place: Vec<(usize, f32, f32)>,
    shapes: Shapes,
    diagram: &'w (dyn Fn(usize) -> Option<Arc<crate::render::Drawing>> + Sync),
    sheet: Option<&'w Sheet>,
}

impl Writer<'_, '_> {
    fn dest(&self, slug: &str) -> Option<XyzDestination> {
        let &(p, y) = self.parts.anchors.get(slug)?;
        let (side, dx, dy) = if self.place.is_empty() {
            (p, 0.0, 0.0)
        } else {
            *self.place.get(p)?
        };
        Some(XyzDestination::new(
            side,
            Point::from_xy(dx, dy + (y - 12.0).max(0.0)),
        ))
    }

    /// Writes `sides` physical pages, from the side of page `first`:
    /// `pages` holds the pages from `first` on, and `slots` places them.
    fn write_sides(
        &mut self,
        pages: &mut [Page],
        first: usize,
        sides: usize,
        slots: &[Slot],
    ) -> Result<(), String> {
        if let Some(tags) = &mut self.tags {
            for p in pages.iter_mut() {
                tags.take(p);
            }
        }
        let first_side = slots.iter().map(|s| s.side).min().unwrap_or(0);
        let mut on_side: Vec<Vec<&Slot>> = vec![Vec::new(); sides];
        for s in slots {
            if let Some(on) = on_side.get_mut(s.side - first_side) {
                on.push(s);
            }
        }
        let trees = self.parts.trees;
        // The diagrams each side draws.
        let figures_of = |pages: &[Page], side: usize| -> Vec<usize> {
            on_side[side]
                .iter()
                .filter_map(|s| pages.get(s.page - first))
                .flat_map(|p| figures(p, trees))
                .collect()
        };
        let mut parsed: HashMap<usize, Arc<crate::render::Drawing>> = HashMap::new();
        let mut next = 0;
        for (side, on) in on_side.iter().enumerate() {
            if side == next {
                // The next sides' diagrams, parsed together; the last ones dropped.
                let mut wanted = Vec::new();
                while next < sides && (next == side || wanted.len() < PARSED_AT_ONCE) {
                    wanted.extend(figures_of(pages, next));
                    next += 1;
                }
                wanted.sort_unstable();
                wanted.dedup();
                let diagram = self.diagram;
                parsed = wanted
                    .par_iter()
                    .filter_map(|&t| match trees.get(t) {
                        Some(Figure::Diagram(d)) => Some((t, diagram(*d)?)),
                        _ => None,
                    })
                    .collect();
            }
            let (w, h, label) = match self.sheet {
                Some(s) => {
                    let side = side + first_side;
                    let which = if side % 2 == 0 { "front" } else { "back" };
                    let label =
                        PageLabel::new(None, Some(format!("sheet {} {which}", side / 2 + 1)), None);
                    (s.width, s.height, label)
                }
                None => {
                    let Some(p) = on.first().and_then(|s| pages.get(s.page - first)) else {
                        continue;
                    };
                    let label = match p.label {
                        Label::Roman(n) => PageLabel::new(
                            Some(NumberingStyle::LowerRoman),
                            None,
                            NonZeroU32::new(n),
                        ),
                        Label::Arabic(n) => {
                            PageLabel::new(Some(NumberingStyle::Arabic), None, NonZeroU32::new(n))
                        }
                    };
                    (p.width, p.height, label)
                }
            };
            let settings = PageSettings::from_wh(w, h)
                .ok_or("a page has no size")?
                .with_page_label(label);
            let mut links = Vec::new();
            for s in on {
                let Some(p) = pages.get(s.page - first) else {
                    continue;
                };
                for l in &p.links {
                    let Some(rect) =
                        Rect::from_xywh(l.x + s.x, l.y + s.y, l.w.max(0.1), l.h.max(0.1))
                    else {
                        continue;
                    };
                    let target = match &l.target {
                        Target::Url(u) => KTarget::Action(Action::Link(LinkAction::new(u.clone()))),
                        Target::Heading(slug) => match self.dest(slug) {
                            Some(d) => KTarget::Destination(Destination::Named(
                                NamedDestination::new(slug.clone(), d),
                            )),
                            None => continue,
                        },
                    };
                    let alt = Some(l.alt.clone()).filter(|a| !a.trim().is_empty());
                    links.push((
                        Annotation::new_link(LinkAnnotation::new(rect, target), alt),
                        l.elem,
                        s.page,
                    ));
                }
            }
            let mut page = self.doc.start_page_with(settings);
            {
                let mut surface = page.surface();
                for s in on {
                    let Some(p) = pages.get(s.page - first) else {
                        continue;
                    };
                    surface.push_transform(&Transform::from_translate(s.x, s.y));
                    draw_page(
                        &mut surface,
                        Drawing {
                            trees,
                            images: self.parts.images,
                            parsed: &parsed,
                            fonts: &self.kfonts,
                            stand_in: &self.stand_in,
                        },
                        p,
                        &mut self.shapes,
                        self.tags.as_mut().map(|t| (t, *s)),
                    );
                    surface.pop();
                }
                if let (Some(sh), Some(first_page)) = (self.sheet, pages.first()) {
                    let tagged = self.tags.is_some();
                    if tagged {
                        surface.start_tagged(ContentTag::Artifact(Artifact::with_kind(
                            ArtifactType::Page,
                        )));
                    }
                    marks(&mut surface, sh, first_page.width, first_page.height);
                    if tagged {
                        surface.end_tagged();
                    }
                }
                surface.finish();
            }
            for (k, (link, elem, at)) in links.into_iter().enumerate() {
                match (&mut self.tags, elem) {
                    (Some(tags), Some(elem)) => {
                        let id = page.add_tagged_annotation(link);
                        tags.add(elem, (at, usize::MAX, k), id);
                    }
                    _ => page.add_annotation(link),
                }
            }
            page.finish();
            for s in on {
                if let Some(done) = pages.get_mut(s.page - first) {
                    done.draws = Vec::new();
                    done.roles = Vec::new();
                    done.links = Vec::new();
                }
            }
        }
        Ok(())
    }

    fn finish(mut self, meta: &Meta, out: &mut dyn FnMut(&[u8])) -> Result<(), String> {
        for slug in self.parts.anchors.keys() {
            if let Some(d) = self.dest(slug) {
                // None only for a name already registered through a link: same target.
                let _ = self
                    .doc
                    .register_named_destination(NamedDestination::new(slug.clone(), d));
            }
        }
        let outline = outline(self.parts.outline, &|slug| self.dest(slug));
        self.doc.set_outline(outline);
        if let Some(tags) = self.tags.take() {
            self.doc.set_tag_tree(tags.tree(&meta.lang));
        }
        let mut m = Metadata::new()
            .title(meta.title.clone())
            .creator("chess-kit-docs".to_string())
            .keywords(meta.keywords.clone())
            .language(meta.lang.clone());
        if let Some(s) = &meta.subject {
            m = m.description(s.clone());
        }
        if let Some(a) = &meta.author {
            m = m.authors(vec![a.clone()]);
        }
        if let Some((y, mo, d)) = meta.date
            && let Ok(y) = u16::try_from(y)
        {
            m = m.creation_date(DateTime::new(y).month(mo.clamp(1, 12)).day(d.clamp(1, 31)));
        }
        self.doc.set_metadata(m);
        // Serialising is the peak of a large build; with this repository's
        // krilla the file is handed to `out` as it is made, so it is never
        // held whole beside the chunks ([`FinishTo`]).
        crate::memory::release_freed();
        self.doc.finish_to(out).map_err(|e| match e {
            krilla::error::KrillaError::Validation(errors) => format!(
                "the PDF is not PDF/UA-1 (krilla's validator): {}",
                errors
                    .iter()
                    .map(|e| format!("{e:?}"))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
            e => format!("the PDF could not be written: {e:?}"),
        })
    }
}

/// `Document::finish_to` for a krilla without it: the PDF made whole, then
/// handed to `sink` in one piece. This repository builds krilla patched
/// (vendor/krilla, through `[patch.crates-io]`), whose own `finish_to`
/// hands the PDF over a megabyte at a time, with the same bytes; an
/// inherent method is chosen before a trait's, so there this one goes
/// unused. The crate as published on crates.io builds with krilla as
/// published, which has no `finish_to`, and uses this one (a large book
/// then needs more memory: vendor/krilla/PATCHED.md).
#[allow(dead_code)]
pub trait FinishTo {
    fn finish_to(self, sink: &mut dyn FnMut(&[u8])) -> krilla::error::KrillaResult<()>;
}

impl FinishTo for Document {
    fn finish_to(self, sink: &mut dyn FnMut(&[u8])) -> krilla::error::KrillaResult<()> {
        sink(&self.finish()?);
        Ok(())
    }
}

/// The outline nests as the headings do: a `#` part holds the `##`
/// sections after it, a section its `###` subsections.
fn outline(headings: &[OutlineEntry], dest: &dyn Fn(&str) -> Option<XyzDestination>) -> Outline {
    let entries: Vec<(u8, OutlineNode)> = headings
        .iter()
        .filter(|e| e.level <= 3)
        .filter_map(|e| Some((e.level, OutlineNode::new(e.title.clone(), dest(&e.slug)?))))
        .collect();
    // Build bottom-up with a stack of open nodes.
    let mut root = Outline::new();
    let mut stack: Vec<(u8, OutlineNode)> = Vec::new();
    fn close(stack: &mut Vec<(u8, OutlineNode)>, root: &mut Outline, level: u8) {
        while stack.last().is_some_and(|(l, _)| *l >= level) {
            if let Some((_, node)) = stack.pop() {
                match stack.last_mut() {
                    Some((_, parent)) => parent.push_child(node),
                    None => root.push_child(node),
                }
            }
        }
    }
    for (level, node) in entries {
        close(&mut stack, &mut root, level);
        stack.push((level, node));
    }
    close(&mut stack, &mut root, 0);
    root
}

/// What a page's draws refer to.
struct Drawing<'d> {
    trees: &'d [Figure],
    images: &'d [krilla::image::Image],
    parsed: &'d HashMap<usize, Arc<crate::render::Drawing>>,
    fonts: &'d [Font],
    stand_in: &'d [u32],
}

/// Draws a page; with `tags`, a tagged document's and the slot the page
/// is in, each run of draws of one role is marked as its element's
/// content or as an artifact.
fn draw_page(
    surface: &mut Surface,
    with: Drawing,
    page: &Page,
    shapes: &mut Shapes,
    mut tags: Option<(&mut Tags, &Slot)>,
) {
    let Drawing {
        trees,
        images,
        parsed,
        fonts,
        stand_in,
    } = with;
    let mut open: Option<Role> = None;
    for (i, d) in page.draws.iter().enumerate() {
        let drawn = match d {
            Draw::Text { glyphs, .. } => !glyphs.is_empty(),
            Draw::Line { .. } => true,
            Draw::Svg { tree, .. } => match trees.get(*tree) {
                Some(Figure::Tree(_)) => true,
                Some(Figure::Diagram(_)) => parsed.contains_key(tree),
                None => false,
            },
            Draw::Image { image, .. } => images.get(*image).is_some(),
            Draw::PageRef { .. } => false,
        };
        if !drawn {
            continue;
        }
        if let Some((tags, slot)) = &mut tags {
            let role = page.roles.get(i).copied();
            if role != open {
                if open.is_some() {
                    surface.end_tagged();
                }
                let artifact = |kind| ContentTag::Artifact(Artifact::with_kind(kind));
                match role {
                    Some(Role::Content(e)) => {
                        let tag = if tags.is_figure(e) {
                            ContentTag::Other
                        } else {
                            ContentTag::Span(SpanTag::empty())
                        };
                        let id = surface.start_tagged(tag);
                        tags.add(e, (slot.page, i, 0), id);
                    }
                    Some(Role::Layout) => {
                        surface.start_tagged(artifact(ArtifactType::Layout));
                    }
                    Some(Role::Footer) => {
                        surface.start_tagged(artifact(ArtifactType::Footer));
                    }
                    Some(Role::Header) => {
                        surface.start_tagged(artifact(ArtifactType::Header));
                    }
                    None => {}
                }
                open = role;
            }
            if let (
                Some(Role::Content(e)),
                Draw::Svg { x, y, w, h, .. } | Draw::Image { x, y, w, h, .. },
            ) = (role, d)
                && let Some(rect) = Rect::from_xywh(x + slot.x, y + slot.y, *w, *h)
            {
                tags.boxes.entry(e).or_insert(BBox::new(slot.side, rect));
            }
        }
        match d {
            Draw::Text {
                x,
                y,
                size,
                face,
                colour,
                text,
                glyphs,
            } => {
                if glyphs.is_empty() {
                    continue;
                }
                let glyphs = glyphs.to_vec();
                let text = readable(text);
                let kg: Vec<KrillaGlyph> = glyphs
                    .iter()
                    .enumerate()
                    .map(|(i, g)| {
                        let start = (g.cluster as usize).min(text.len());
                        let end = glyphs[i + 1..]
                            .iter()
                            .map(|n| n.cluster as usize)
                            .find(|&c| c > start)
                            .unwrap_or(text.len())
                            .min(text.len());
                        // PDF/UA draws no missing glyph (`.notdef`): a
                        // question mark stands in, the text keeps the
                        // character.
                        let id = match g.id {
                            0 => stand_in.get(face.index()).copied().unwrap_or(0),
                            id => u32::from(id),
                        };
                        KrillaGlyph::new(
                            GlyphId::new(id),
                            g.advance,
                            g.dx,
                            -g.dy,
                            0.0,
                            start..end,
                            None,
                        )
                    })
                    .collect();
                surface.set_fill(Some(fill(*colour)));
                surface.set_stroke(None);
                surface.draw_glyphs(
                    Point::from_xy(*x, *y),
                    &kg,
                    fonts[face.index()].clone(),
                    &text,
                    *size,
                    false,
                );
            }
            Draw::Line {
                from,
                to,
                width,
                colour,
                dash,
            } => line(surface, *from, *to, *width, *colour, *dash),
            Draw::Svg { tree, x, y, w, h } => {
                let t = match trees.get(*tree) {
                    Some(Figure::Tree(t)) => Some(t.as_ref()),
                    Some(Figure::Diagram(_)) => parsed.get(tree).map(|d| &d.tree),
                    None => None,
                };
                if let (Some(t), Some(size)) = (t, Size::from_wh(*w, *h)) {
                    surface.push_transform(&Transform::from_translate(*x, *y));
                    vector::draw_svg(surface, t, size, shapes);
                    surface.pop();
                }
            }
            Draw::Image { image, x, y, w, h } => {
                if let (Some(i), Some(size)) = (images.get(*image), Size::from_wh(*w, *h)) {
                    surface.push_transform(&Transform::from_translate(*x, *y));
                    surface.draw_image(i.clone(), size);
                    surface.pop();
                }
            }
            // Resolved by the layout; nothing is left to draw.
            Draw::PageRef { .. } => {}
        }
    }
    if open.is_some() {
        surface.end_tagged();
    }
}

/// The text a run of glyphs stands for, without the characters PDF/UA
/// does not let a glyph stand for (NUL, U+FEFF, U+FFFE): each is
/// replaced by one of the same length in UTF-8 and the same meaning, so
/// the glyphs' byte ranges still hold.
fn readable(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains(['\0', '\u{feff}', '\u{fffe}']) {
        return text.into();
    }
    text.chars()
        .map(|c| match c {
            '\0' => ' ',
            '\u{feff}' => '\u{2060}',
            '\u{fffe}' => '\u{fffd}',
            c => c,
        })
        .collect::<String>()
        .into()
}

fn line(
    surface: &mut Surface,
    from: (f32, f32),
    to: (f32, f32),
    width: f32,
    colour: Rgb,
    dash: Option<(f32, f32)>,
) {
    let mut pb = PathBuilder::new();
    pb.move_to(from.0, from.1);
    pb.line_to(to.0, to.1);
    let Some(path) = pb.finish() else {
        return;
    };
    surface.set_fill(None);
    surface.set_stroke(Some(Stroke {
        paint: paint(colour),
        width,
        dash: dash.map(|(a, b)| StrokeDash {
            array: vec![a, b],
            offset: 0.0,
        }),
        ..Default::default()
    }));
    surface.draw_path(&path);
    surface.set_stroke(None);
}

/// Fold marks down the middle of each half and cut marks across the sheet's
/// middle, kept inside what office printers reach.
fn marks(surface: &mut Surface, sheet: &Sheet, page_w: f32, page_h: f32) {
    let grey = (150, 150, 150);
    let edge = 18.0;
    let len = 14.0;
    let fold_x = page_w;
    for row in 0..2 {
        let top = row as f32 * page_h;
        let bottom = top + page_h;
        if bottom > sheet.height + 0.5 {
            break;
        }
        let y0 = if row == 0 { top + edge } else { top + 4.0 };
        let y1 = if row == 1 {
            bottom - edge
        } else {
            bottom - 4.0
        };
        line(
            surface,
            (fold_x, y0),
            (fold_x, y0 + len),
            0.5,
            grey,
            Some((2.0, 2.0)),
        );
        line(
            surface,
            (fold_x, y1 - len),
            (fold_x, y1),
            0.5,
            grey,
            Some((2.0, 2.0)),
        );
    }
    let cut = page_h;
    line(surface, (edge, cut), (edge + len, cut), 0.5, grey, None);
    line(
        surface,
        (sheet.width - edge - len, cut),
        (sheet.width - edge, cut),
        0.5,
        grey,
        None,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::Book;
    use crate::pdf::BookStyle;
    use crate::pdf::layout::{layout, parse_svg};
    use crate::render::diagram_svg;
    use crate::source::SourceFile;
    use crate::style::Style;

    /// A book of `n` boards, each different, a few to a section.
    fn book(n: usize) -> Book {
        let mut text = String::from("---\ntitle: Many Boards\n---\n\n## Table of Contents\n\n");
        for i in 0..n {
            if i % 5 == 0 {
                text.push_str(&format!(
                    "## Section {}\n\nText before the boards.\n\n",
                    i / 5
                ));
            }
            text.push_str(&format!(
                "A board:\n\n    . . . . k . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . K . . .\n    corner text: {i}, 1, 1\n\n"
            ));
        }
        let mut diags = Vec::new();
        let b = Book::parse(SourceFile::new("many.md", text), &mut diags);
        assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
        b
    }

    /// Writing the diagrams parsed a batch at a time gives the same bytes
    /// as writing them all parsed first, on plain and imposed pages.
    #[test]
    fn diagrams_parsed_per_batch_give_the_same_pdf_as_all_at_once() {
        let b = book(PARSED_AT_ONCE * 3 + 7);
        let toc = crate::contents::table_of_contents(&b, &mut Vec::new());
        let style = Style::default();
        let bs = BookStyle::default();
        let fonts = Fonts::new(&bs.text.body_family, &bs.text.heading_family).unwrap();
        let diagram = |i: usize| {
            let d = b.diagrams.get(i)?.diagram.as_ref()?;
            let svg = diagram_svg(d, &style);
            let tree = parse_svg(&svg).ok()?;
            Some(Arc::new(crate::render::Drawing { svg, tree }))
        };
        let meta = || Meta {
            title: "Many Boards".into(),
            subject: None,
            author: None,
            keywords: Vec::new(),
            date: None,
            lang: "en".into(),
            tagged: true,
        };
        for (ps, sheet) in [
            (&bs.letter, None),
            (
                &bs.zine,
                Some(Sheet {
                    width: bs.letter.width,
                    height: bs.letter.height,
                }),
            ),
        ] {
            let per_batch = layout(&b, &toc, &style, &bs, ps, &fonts).unwrap();
            assert_eq!(per_batch.trees.len(), b.diagrams.len());
            let streamed =
                write_book(per_batch, &fonts, &meta(), sheet.as_ref(), &diagram).unwrap();
            let mut all = layout(&b, &toc, &style, &bs, ps, &fonts).unwrap();
            all.trees = all
                .trees
                .iter()
                .map(|f| match f {
                    Figure::Diagram(d) => Figure::Tree(Box::new(diagram(*d).unwrap().tree.clone())),
                    Figure::Tree(_) => unreachable!("the layout parses nothing to keep"),
                })
                .collect();
            let whole = write(all, &fonts, &meta(), sheet.as_ref()).unwrap();
            assert!(streamed == whole, "the PDFs differ");
            // Leaving a diagram out shows: the test can tell.
            let mut fewer = layout(&b, &toc, &style, &bs, ps, &fonts).unwrap();
            fewer.trees[0] = Figure::Diagram(usize::MAX);
            let missing = write_book(fewer, &fonts, &meta(), sheet.as_ref(), &diagram).unwrap();
            assert!(missing != whole);
        }
    }
}
