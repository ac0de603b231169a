//! The book model laid out as pages of positioned text, lines, diagrams
//! and images. Nothing here writes PDF: `write` turns pages into bytes.
//!
//! Blocks become a vertical list of unbreakable boxes (a line, a heading, a
//! diagram), each saying whether a page may break before it; pagination
//! then fills pages and backs up to the last allowed break. That one rule
//! gives widows and orphans, headings kept with what follows, and diagrams
//! kept with the sentence that introduces them.

use std::collections::BTreeMap;

use krilla::image::Image;
use rayon::prelude::*;
use resvg::usvg;

use super::quotes::curly_quotes;
use super::style::{BookStyle, PageStyle, parse_colour};
use super::text::{FaceId, Glyph, GlyphRun, Line, Rgb, Run, SetOptions, Shaper};
use crate::book::{Block, Book, Inline, plain_text};
use crate::contents::TocEntry;
use crate::diagnostic::Diagnostic;
use crate::render::{DrawingStore, UNIT};
use crate::style::Style;

/// Something drawn on a page; points, y down from the page's top.
#[derive(Clone, Debug)]
pub enum Draw {
    /// Glyphs from the baseline point (x, y).
    Text {
        x: f32,
        y: f32,
        size: f32,
        face: FaceId,
        colour: Rgb,
        text: String,
        glyphs: GlyphRun,
    },
    Line {
        from: (f32, f32),
        to: (f32, f32),
        width: f32,
        colour: Rgb,
        /// Dash and gap lengths.
        dash: Option<(f32, f32)>,
    },
    /// A diagram (an index into `Laid::trees`) in the box x, y, w, h.
    Svg {
        tree: usize,
        x: f32,
        y: f32,
        w: f32,
        h: f32,
    },
    Image {
        image: usize,
        x: f32,
        y: f32,
        w: f32,
        h: f32,
    },
    /// The page number of a heading, right-aligned at `x`; resolved to text
    /// once pages are known.
    PageRef {
        slug: String,
        x: f32,
        y: f32,
        size: f32,
        face: FaceId,
        colour: Rgb,
    },
}

impl Draw {
    fn shift(&mut self, dx: f32, dy: f32) {
        match self {
            Draw::Text { x, y, .. }
            | Draw::Svg { x, y, .. }
            | Draw::Image { x, y, .. }
            | Draw::PageRef { x, y, .. } => {
                *x += dx;
                *y += dy;
            }
            Draw::Line { from, to, .. } => {
                *from = (from.0 + dx, from.1 + dy);
                *to = (to.0 + dx, to.1 + dy);
            }
        }
    }
}

/// Where a link goes.
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    Url(String),
    /// A heading of the book, by slug.
    Heading(String),
}

#[derive(Clone, Debug)]
pub struct LinkArea {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
    pub target: Target,
    /// The link's element of the book's structure ([`Kind::Link`]).
    pub elem: Option<u32>,
    /// What the link says, for a screen reader: its text.
    pub alt: String,
}

/// What a drawing is to a reader of the tagged PDF: part of an element of
/// the book's structure, or an artifact (drawn, but not read out).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Content of the element of this id ([`Element`]).
    Content(u32),
    /// Decoration: a rule, dot leaders, a quote's bar, a decorative image.
    Layout,
    /// The running footer: the page number.
    Footer,
    /// The running head: the book's or the section's title.
    Header,
}

/// What an element of the book's structure is. The writer makes each a
/// PDF structure element (in brackets).
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// A heading of a level (`H1`..`H6`; the title page's title is 1),
    /// with its text.
    Heading(u8, String),
    /// A paragraph (`P`).
    Paragraph,
    /// A list (`L`), numbered or not.
    List {
        numbered: bool,
    },
    /// A list item (`LI`), its marker (`Lbl`) and its body (`LBody`).
    Item,
    Label,
    Body,
    /// A diagram or an image (`Figure`), with its alternative text.
    Figure(String),
    /// A link (`Link`): its text and its annotations.
    Link,
    /// The table of contents (`TOC`) and an entry of it (`TOCI`).
    Contents,
    ContentsEntry,
    /// A block quote (`BlockQuote`).
    Quote,
    /// A code block's text (`Code`, in a `P`).
    Code,
}

/// An element of the book's structure, in the order they are laid out:
/// each is given to the writer with the first page handed over after it
/// is made ([`Page::elements`]); `id` counts from 0 through the book.
#[derive(Clone, Debug, PartialEq)]
pub struct Element {
    pub id: u32,
    pub parent: Option<u32>,
    pub kind: Kind,
}

/// How a page is numbered: front matter in roman numerals, the body from 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Label {
    Roman(u32),
    Arabic(u32),
}

impl Label {
    pub fn text(self) -> String {
        match self {
            Label::Roman(n) => roman(n),
            Label::Arabic(n) => n.to_string(),
        }
    }
}

/// Lower-case roman numerals.
pub fn roman(mut n: u32) -> String {
    const TABLE: [(u32, &str); 13] = [
        (1000, "m"),
        (900, "cm"),
        (500, "d"),
        (400, "cd"),
        (100, "c"),
        (90, "xc"),
        (50, "l"),
        (40, "xl"),
        (10, "x"),
        (9, "ix"),
        (5, "v"),
        (4, "iv"),
        (1, "i"),
    ];
    let mut s = String::new();
    for (v, t) in TABLE {
        while n >= v {
            s.push_str(t);
            n -= v;
        }
    }
    s
}

#[derive(Clone, Debug)]
pub struct Page {
    pub width: f32,
    pub height: f32,
    pub label: Label,
    pub draws: Vec<Draw>,
    /// What each draw is to a reader, by index; empty for a page that is
    /// not tagged (the card deck's).
    pub roles: Vec<Role>,
    pub links: Vec<LinkArea>,
    /// The structure's elements made since the page before was handed
    /// over.
    pub elements: Vec<Element>,
}

/// A heading in the outline: its level (1 = `#`), title and slug.
#[derive(Clone, Debug, PartialEq)]
pub struct OutlineEntry {
    pub level: u8,
    pub title: String,
    pub slug: String,
}

/// A drawing on the pages. A book's diagrams are parsed again when their
/// pages are written, a few at a time, so that a large book's drawings are
/// never all held at once.
pub enum Figure {
    Tree(Box<usvg::Tree>),
    /// The book's diagram of this index.
    Diagram(usize),
}

/// The laid-out book.
pub struct Laid {
    pub pages: Vec<Page>,
    /// What each `Draw::Svg` draws, by its `tree`.
    pub trees: Vec<Figure>,
    pub images: Vec<Image>,
    pub outline: Vec<OutlineEntry>,
    /// Each heading's page index and y.
    pub anchors: BTreeMap<String, (usize, f32)>,
}

/// Where a page may break before a box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Brk {
    Allowed,
    /// Allowed at a cost ([`SPLIT_COST`]): between the parts of one table,
    /// which should share a page unless that leaves a hole.
    Avoid,
    Never,
    NewPage,
}

/// What breaking a page at [`Brk::Avoid`] costs: more than a page ending
/// a little short, less than a hole.
const SPLIT_COST: f64 = 300.0;

/// What a page under [`FULL_ENOUGH`] costs after another: two short pages
/// in a row read as a gap in the book, whatever stands after them.
const TWO_SHORT_COST: f64 = 3000.0;

/// What a box is, for the tests and the keep rules.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BoxKind {
    Line,
    Heading(u8),
    Figure,
    Other,
}

/// One unbreakable box of the vertical list. Draws are relative to the
/// text area's left edge and the box's top.
#[derive(Clone, Debug)]
pub struct VBox {
    pub height: f32,
    /// Space above, dropped at the top of a page.
    pub space_before: f32,
    pub brk: Brk,
    pub kind: BoxKind,
    pub draws: Vec<Draw>,
    /// What each draw is to a reader ([`VBox::add`] keeps them in step).
    pub roles: Vec<Role>,
    pub links: Vec<LinkArea>,
    pub anchors: Vec<String>,
    /// The first box of the book's body (numbered from 1).
    pub starts_body: bool,
    /// How many points a figure may shrink to fill a page.
    pub shrink: f32,
    /// The height of a figure's picture (its inked rows), which shrinking
    /// scales; 0 for anything else.
    picture: f32,
    /// The blank part at the box's foot (below a line's baseline, a
    /// figure's gap): a page that ends with this box ends this much
    /// higher to the eye.
    pub foot: f32,
    /// The first line's baseline, for list markers.
    baseline: Option<f32>,
    /// A paragraph's last line that ends with a colon: what follows is
    /// what it introduces, and stays right after it.
    introduces: bool,
    /// A figure that may move past the text after it, to the top of the
    /// next page, rather than leave its page short: one kept with a
    /// sentence that does not introduce it with a colon.
    pub floats: bool,
}

impl VBox {
    fn new(height: f32, kind: BoxKind) -> VBox {
        VBox {
            height,
            space_before: 0.0,
            brk: Brk::Allowed,
            kind,
            draws: Vec::new(),
            roles: Vec::new(),
            links: Vec::new(),
            anchors: Vec::new(),
            starts_body: false,
            shrink: 0.0,
            picture: 0.0,
            foot: 0.0,
            baseline: None,
            introduces: false,
            floats: false,
        }
    }

    /// Draws `d`, which is `role` to a reader.
    fn add(&mut self, d: Draw, role: Role) {
        self.draws.push(d);
        self.roles.push(role);
    }
}

/// Fills pages of `body` points with boxes, breaking only where allowed
/// when it can, gaps growing by up to `gap_stretch` of themselves. Returns,
/// per page, each box index and its y.
pub fn paginate(boxes: &[VBox], body: f32, gap_stretch: f32) -> Vec<Vec<(usize, f32)>> {
    paginate_shrinking(boxes, body, gap_stretch).0
}

/// How short a page may end (of its text block) before the page counts as
/// a hole; only the last page before a new section may end shorter.
pub const FULL_ENOUGH: f32 = 0.80;

/// How full a page should be, of its text block, to read as set evenly
/// beside its neighbours; a page ending shorter (but above
/// [`FULL_ENOUGH`]) costs more than another break, a shrunk figure or a
/// runt would.
pub const WELL_FILLED: f32 = 0.88;

/// How far, in lines of body text, any one gap (between paragraphs, around
/// a heading or a figure) may grow to fill a page: a typesetter keeps the
/// rhythm of the text, and fills a hole by moving lines or shrinking a
/// figure rather than by opening the spacing.
pub const MOST_GAP_GROWTH: f32 = 0.25;

/// One candidate page, boxes `start..end`: its natural height, how much
/// its figures may shrink and its gaps stretch, and the blank foot of its
/// last box.
struct PageFit {
    gap_stretch: f32,
    /// The most, in points, any one gap may grow.
    most: f32,
    /// The least a section's last page should hold, if the section began
    /// on an earlier page (0 for no least).
    runt: f32,
    natural: f32,
    shrink: f32,
    stretch: f32,
    foot: f32,
}

impl PageFit {
    /// The page's boxes `i..end`.
    fn of(boxes: &[&VBox], i: usize, end: usize, spacing: Spacing) -> PageFit {
        let mut fit = PageFit {
            gap_stretch: spacing.gap_stretch,
            most: spacing.most_growth,
            runt: spacing.runt,
            natural: 0.0,
            shrink: 0.0,
            stretch: 0.0,
            foot: 0.0,
        };
        for (k, b) in boxes[i..end].iter().enumerate() {
            fit.add(b, k == 0);
        }
        fit
    }

    fn add(&mut self, b: &VBox, first: bool) {
        let gap = if first { 0.0 } else { b.space_before };
        self.natural += gap + b.height;
        self.shrink += b.shrink;
        self.stretch += self.growth(gap);
        self.foot = b.foot;
    }

    /// How far a gap of `gap` points may grow.
    fn growth(&self, gap: f32) -> f32 {
        (gap * self.gap_stretch).min(self.most)
    }

    /// How far down the text block the page's ink reaches, as a share of
    /// it, when the page does not end a section (its gaps grown).
    fn fill(&self, body: f32) -> f32 {
        let ink = self.natural.min(body) + self.stretched(body, false) - self.foot;
        (ink / body).clamp(0.0, 1.0)
    }

    /// How much the gaps grow on this page: none on a section's last page,
    /// else as much as they may up to a full text block.
    fn stretched(&self, body: f32, ends_section: bool) -> f32 {
        if ends_section || self.natural >= body {
            0.0
        } else {
            self.stretch.min(body - self.natural)
        }
    }
}

/// Pages chosen as typesetters do, over the whole book rather than one page
/// at a time: every allowed set of breaks is weighed by how empty its pages
/// leave their text blocks (a page that ends a section may end anywhere),
/// diagrams shrink (down to their `shrink`) and gaps stretch (by up to
/// `gap_stretch` of themselves: the format's [`PageStyle::gap_stretch`]) to
/// fill a page instead of leaving a hole; a page ending under
/// [`WELL_FILLED`] costs more than a paragraph broken elsewhere. Returns the pages, as
/// `paginate`, and each box's height lost to shrinking.
pub fn paginate_shrinking(
    boxes: &[VBox],
    body: f32,
    gap_stretch: f32,
) -> (Vec<Vec<(usize, f32)>>, Vec<f32>) {
    paginate_without_runts(
        boxes,
        body,
        Spacing {
            gap_stretch,
            most_growth: f32::INFINITY,
            runt: 0.0,
        },
    )
}

/// How the gaps of a page may grow, and the least a section's last page
/// should hold.
#[derive(Clone, Copy, Debug)]
pub struct Spacing {
    /// How far a gap may grow, as a share of itself.
    pub gap_stretch: f32,
    /// The most, in points, any one gap may grow.
    pub most_growth: f32,
    /// The least a section's last page should hold, if the section began
    /// on an earlier page (0 for no least).
    pub runt: f32,
}

/// `paginate_shrinking`, where no gap grows by more than
/// `spacing.most_growth` and a section that runs over a page should not
/// end on a page holding less than `spacing.runt` points (a line or
/// three): such a page costs more than a previous page ending a little
/// short, so lines move over to keep it company, unless that would leave
/// a hole.
pub fn paginate_without_runts(
    boxes: &[VBox],
    body: f32,
    spacing: Spacing,
) -> (Vec<Vec<(usize, f32)>>, Vec<f32>) {
    let order: Vec<&VBox> = boxes.iter().collect();
    let (pages, lost, _) = paginate_in_order(&order, body, spacing);
    (pages, lost)
}

/// `paginate_without_runts`, where a figure that may float
/// ([`VBox::floats`]) and would leave the page before it short (under
/// [`WELL_FILLED`]) may move, when that costs the book less, within the
/// text of its own (sub)section: on past the text that follows it, up to
/// the next heading or figure, to the top of the next page; or back, past
/// the text before it on its page, to open the page its paragraph is read
/// on. The text fills the page, as a typesetter floats an illustration,
/// and a reader (or a screen reader, which follows the tag tree) meets the
/// figure in the section it illustrates. Figures a sentence introduces
/// with a colon, and the card table's parts, never float.
///
/// A page never spans two sections, and a page's cost depends on its own
/// section only, so each section is laid out apart, with its own rounds
/// of the float search: a book's layout costs time linear in its sections.
pub fn paginate_floating(
    boxes: &[VBox],
    body: f32,
    spacing: Spacing,
) -> (Vec<Vec<(usize, f32)>>, Vec<f32>) {
    let mut pages = Vec::new();
    let mut lost = Vec::with_capacity(boxes.len());
    let mut start = 0;
    while start < boxes.len() {
        let end = (start + 1..boxes.len())
            .find(|&i| boxes[i].brk == Brk::NewPage)
            .unwrap_or(boxes.len());
        let (section, section_lost) = paginate_floating_section(&boxes[start..end], body, spacing);
        pages.extend(
            section
                .into_iter()
                .map(|p| p.into_iter().map(|(i, y)| (start + i, y)).collect()),
        );
        lost.extend(section_lost);
        start = end;
    }
    (pages, lost)
}

/// [`paginate_floating`] over one section (or the book before its first).
fn paginate_floating_section(
    boxes: &[VBox],
    body: f32,
    spacing: Spacing,
) -> (Vec<Vec<(usize, f32)>>, Vec<f32>) {
    let n = boxes.len();
    let mut order: Vec<usize> = (0..n).collect();
    // A floated figure may start a page away from its line.
    // (Sizes only: the drawings stay with the book's boxes.)
    let freed: Vec<Option<VBox>> = boxes
        .iter()
        .map(|b| {
            b.floats.then(|| VBox {
                brk: Brk::Allowed,
                draws: Vec::new(),
                roles: Vec::new(),
                links: Vec::new(),
                anchors: Vec::new(),
                height: b.height,
                space_before: b.space_before,
                kind: b.kind,
                starts_body: b.starts_body,
                shrink: b.shrink,
                picture: b.picture,
                foot: b.foot,
                baseline: b.baseline,
                introduces: b.introduces,
                floats: b.floats,
            })
        })
        .collect();
    let mut moved = vec![false; n];
    // Each floated figure, the line it was kept with, and whether it went
    // back to the top of its line's page (rather than on to the next's).
    let mut floated: Vec<Floated> = Vec::new();
    // The section's pages (as box indices), each of its boxes' loss, and
    // its cost.
    let run = |order: &[usize], moved: &[bool]| {
        let seq: Vec<&VBox> = order
            .iter()
            .map(|&i| match &freed[i] {
                Some(f) if moved[i] => f,
                _ => &boxes[i],
            })
            .collect();
        let (pages, lost, cost) = paginate_in_order(&seq, body, spacing);
        // Back to the boxes' own indices.
        let pages: Pages = pages
            .into_iter()
            .map(|p| p.into_iter().map(|(k, y)| (order[k], y)).collect())
            .collect();
        let mut by_box = vec![0.0; n];
        for (k, l) in lost.into_iter().enumerate() {
            by_box[order[k]] = l;
        }
        (pages, by_box, cost)
    };
    let (mut pages, mut lost, mut cost) = run(&order, &moved);
    if !boxes.iter().any(|b| b.floats) {
        return (pages, lost);
    }
    // A few rounds, each moving the one figure that helps most.
    for _ in 0..16 {
        let mut found: Option<(Vec<usize>, Floated, _)> = None;
        let mut least = cost;
        for p in 0..pages.len().saturating_sub(1) {
            let Some(&(last, y)) = pages[p].last() else {
                continue;
            };
            let bottom = y + boxes[last].height - lost[last] - boxes[last].foot;
            if bottom >= body * WELL_FILLED {
                continue;
            }
            // The figure kept with the lines that open the next page.
            let Some(start) = pages[p + 1].first().map(|&(b, _)| b) else {
                continue;
            };
            let at = order.iter().position(|&b| b == start).unwrap_or(n);
            let mut k = at + 1;
            while k < n && boxes[order[k]].brk == Brk::Never && !boxes[order[k]].floats {
                k += 1;
            }
            if k >= n || !boxes[order[k]].floats || moved[order[k]] {
                continue;
            }
            let figure = order[k];
            // Only within its own (sub)section: a figure read in another
            // section than its text's would mislead a reader, and a screen
            // reader too. Onwards, past the text after it up to the next
            // heading or figure, to the top of the next page...
            let mut end = k + 1;
            while end < n
                && boxes[order[end]].kind == BoxKind::Line
                && boxes[order[end]].brk != Brk::NewPage
            {
                end += 1;
            }
            // ... or back, past the text before it up to the page's top
            // (not past a heading or figure), to open its line's page, as
            // a typesetter sets a figure at the top of the page that
            // refers to it.
            let top = pages[p].first().map_or(at, |&(b, _)| {
                order.iter().position(|&o| o == b).unwrap_or(at)
            });
            let mut from = k;
            while from > top
                && boxes[order[from - 1]].kind == BoxKind::Line
                && boxes[order[from - 1]].brk != Brk::NewPage
            {
                from -= 1;
            }
            // `to` counts in the order without the figure.
            let onward = (k + 1..end).map(|to| (to, false));
            let back = (from..k).map(|to| (to, true));
            for (to, backward) in onward.chain(back) {
                let mut trial = order.clone();
                trial.remove(k);
                trial.insert(to, figure);
                // Only where the text may break: not inside a paragraph's
                // kept lines, nor between a figure and its line.
                if trial
                    .get(to + 1)
                    .is_some_and(|&b| boxes[b].brk == Brk::Never)
                {
                    continue;
                }
                let mut trial_moved = moved.clone();
                trial_moved[figure] = true;
                let (tp, tl, tc) = run(&trial, &trial_moved);
                if tc >= least - 1e-6 {
                    continue;
                }
                // Every floated figure opens the page after its line's, or
                // (moved back) the page where its paragraph is read: its
                // line's own or the one before.
                let page_of = |b: usize| tp.iter().position(|pg| pg.iter().any(|&(i, _)| i == b));
                let placed = |f: usize, line: usize, backward: bool| {
                    let top = tp
                        .iter()
                        .position(|pg| pg.first().is_some_and(|&(i, _)| i == f));
                    match (top, page_of(line)) {
                        (Some(t), Some(q)) if backward => t == q || t + 1 == q,
                        (Some(t), Some(q)) => t == q + 1,
                        _ => false,
                    }
                };
                let line = order[k - 1];
                if placed(figure, line, backward)
                    && floated.iter().all(|&(f, l, b)| placed(f, l, b))
                {
                    least = tc;
                    found = Some((trial, (figure, line, backward), (tp, tl)));
                }
            }
        }
        let Some((trial, entry, (tp, tl))) = found else {
            break;
        };
        floated.push(entry);
        order = trial;
        moved[entry.0] = true;
        pages = tp;
        lost = tl;
        cost = least;
    }
    (pages, lost)
}

/// A floated figure, the line it was kept with, and whether it moved back.
type Floated = (usize, usize, bool);

/// Per page, each box index and its y.
type Pages = Vec<Vec<(usize, f32)>>;

/// The pages over the boxes in the order given: each page as indices into
/// `boxes` and their y, each box's height lost to shrinking, and the cost.
fn paginate_in_order(boxes: &[&VBox], body: f32, spacing: Spacing) -> (Pages, Vec<f32>, f64) {
    let n = boxes.len();
    // What the boxes kept with box k (k and the boxes after it that may
    // not break from it) need at the least, figures shrunk as far as they
    // may, and whether they hold a figure.
    let mut kept = vec![(0.0f32, false); n + 1];
    for k in (0..n).rev() {
        let b = boxes[k];
        let own = (
            b.space_before + b.height - b.shrink,
            b.kind == BoxKind::Figure,
        );
        kept[k] = if k + 1 < n && boxes[k + 1].brk == Brk::Never {
            (own.0 + kept[k + 1].0, own.1 || kept[k + 1].1)
        } else {
            own
        };
    }
    // best[i][s]: the least cost of the pages from a page that starts at
    // box i, where s is whether the page before it ended short (under
    // FULL_ENOUGH, not at a section's end).
    let mut best = vec![[f64::INFINITY; 2]; n + 1];
    let mut next = vec![[n; 2]; n + 1];
    best[n] = [0.0; 2];
    for i in (0..n).rev() {
        let mut fit = PageFit::of(boxes, i, i, spacing);
        // A page that opens a section (or the book) is no runt.
        let opens = i == 0 || boxes[i].brk == Brk::NewPage;
        let mut last_fitting = i + 1;
        for j in i..n {
            let b = boxes[j];
            if j > i && b.brk == Brk::NewPage {
                break;
            }
            let gap = if j == i { 0.0 } else { b.space_before };
            if j > i && fit.natural + gap + b.height - fit.shrink - b.shrink > body + 0.01 {
                break;
            }
            fit.add(b, j == i);
            last_fitting = j + 1;
            let end = j + 1;
            let breaks_here = end == n || boxes[end].brk != Brk::Never;
            if breaks_here {
                let ends_section = end == n || boxes[end].brk == Brk::NewPage;
                let before_figure = !ends_section
                    && kept[end].1
                    && kept[end].0 > (body - fit.natural).max(0.0) + 0.01;
                let split = if end < n && boxes[end].brk == Brk::Avoid {
                    SPLIT_COST
                } else {
                    0.0
                };
                let short = !ends_section && fit.fill(body) < FULL_ENOUGH;
                let cost = page_cost(&fit, body, ends_section, opens, before_figure)
                    + split
                    + best[end][usize::from(short)];
                for s in 0..2 {
                    let twice = if s == 1 && short { TWO_SHORT_COST } else { 0.0 };
                    if cost + twice < best[i][s] {
                        best[i][s] = cost + twice;
                        next[i][s] = end;
                    }
                }
            }
        }
        // No allowed break fits (a keep longer than a page): break where the
        // page is full, so the book still makes progress.
        for s in 0..2 {
            if best[i][s].is_infinite() {
                next[i][s] = last_fitting;
                best[i][s] = 1e9 + best[last_fitting][0];
            }
        }
    }
    let mut pages = Vec::new();
    let mut lost = vec![0.0; n];
    let mut i = 0;
    let mut short = false;
    while i < n {
        let end = next[i][usize::from(short)].clamp(i + 1, n);
        let fit = PageFit::of(boxes, i, end, spacing);
        let ends_section = end == n || boxes[end].brk == Brk::NewPage;
        short = !ends_section && fit.fill(body) < FULL_ENOUGH;
        // Every figure on an overfull page gives up the same share of what
        // it may; every gap on a short one grows by the same share.
        let share = if fit.natural > body && fit.shrink > 0.0 {
            ((fit.natural - body) / fit.shrink).min(1.0)
        } else {
            0.0
        };
        let grow = if fit.stretch > 0.0 {
            fit.stretched(body, ends_section) / fit.stretch
        } else {
            0.0
        };
        let mut y = 0.0;
        let mut placed = Vec::new();
        for j in i..end {
            let gap = if j == i {
                0.0
            } else {
                boxes[j].space_before + fit.growth(boxes[j].space_before) * grow
            };
            lost[j] = boxes[j].shrink * share;
            placed.push((j, y + gap));
            y += gap + boxes[j].height - lost[j];
        }
        pages.push(placed);
        i = end;
    }
    (pages, lost, best[0][0])
}

/// The cost of a page: nothing for the last page of a section; growing
/// fast with the empty part of the text block below the last ink, and far
/// more past [`WELL_FILLED`] and [`FULL_ENOUGH`], unless the next page
/// opens with a figure (and what it is kept with) that could not fit in
/// what the page leaves, even shrunk as far as it may (`before_figure`):
/// that page may end short, so the pages before it fill; a little for each
/// point a figure shrinks or a gap grows.
fn page_cost(
    fit: &PageFit,
    body: f32,
    ends_section: bool,
    opens: bool,
    before_figure: bool,
) -> f64 {
    let shrunk = (fit.natural - body).max(0.0);
    let shrink_cost = if fit.shrink > 0.0 {
        f64::from(shrunk / fit.shrink) * 4.0
    } else {
        0.0
    };
    if ends_section {
        // Less than a hole (which the page before would be), more than any
        // short page.
        let runt = if !opens && fit.natural < fit.runt {
            300.0
        } else {
            0.0
        };
        return 1.0 + shrink_cost + runt;
    }
    let grown = fit.stretched(body, false);
    let stretch_cost = if fit.stretch > 0.0 {
        f64::from(grown / fit.stretch).powi(2) * 2.0
    } else {
        0.0
    };
    let empty = f64::from(1.0 - fit.fill(body));
    let hole = if before_figure {
        0.0
    } else if empty > f64::from(1.0 - FULL_ENOUGH) {
        1000.0 + 1000.0 * empty
    } else if empty > f64::from(1.0 - WELL_FILLED) {
        100.0 + 100.0 * empty
    } else {
        0.0
    };
    1.0 + (empty * 10.0).powi(2) + hole + shrink_cost + stretch_cost
}

/// Shrinks a figure's picture by `lost` points of height, about its
/// centre line.
fn shrink_figure(b: &mut VBox, lost: f32) {
    let scale = if b.picture > 0.0 {
        ((b.picture - lost) / b.picture).clamp(0.0, 1.0)
    } else {
        1.0
    };
    for d in &mut b.draws {
        if let Draw::Svg { x, y, w, h, .. } | Draw::Image { x, y, w, h, .. } = d {
            *x += *w * (1.0 - scale) / 2.0;
            *y *= scale;
            *w *= scale;
            *h *= scale;
        }
    }
    b.picture -= lost;
    b.height -= lost;
}

/// The rows of a diagram that hold ink, in its own units: the blank bands
/// its margins leave above and below are the page's to space, not the
/// picture's. Found by drawing it small, so that only what shows counts
/// (the card pictures a diagram defines but places elsewhere do not),
/// with the PNGs' rasteriser, which draws each piece once at this size.
fn inked_rows(tree: &usvg::Tree) -> (f32, f32) {
    let size = tree.size();
    let full = size.height();
    // 4 pixels to a square: a blank band is trimmed to within a quarter.
    let scale = 4.0 / UNIT as f32;
    let (w, h) = (
        (size.width() * scale).ceil() as u32,
        (full * scale).ceil() as u32,
    );
    let Some(mut pixmap) = resvg::tiny_skia::Pixmap::new(w.max(1), h.max(1)) else {
        return (0.0, full);
    };
    crate::render::raster::render(
        tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    let width = pixmap.width() as usize;
    let inked = |row: &usize| {
        pixmap.pixels()[row * width..(row + 1) * width]
            .iter()
            .any(|p| p.alpha() > 0)
    };
    let rows = pixmap.height() as usize;
    match ((0..rows).find(inked), (0..rows).rev().find(inked)) {
        // Whole rows: a row with any ink in it is kept.
        (Some(first), Some(last)) => (
            (first as f32 / scale).min(full),
            ((last + 1) as f32 / scale).min(full),
        ),
        _ => (0.0, full),
    }
}

/// The size of every run of a diagram's text, in its units. Diagrams draw
/// text as glyph outlines in a group that flips font units (y up) onto the
/// picture, `scale(s -s)` with s = size / units per em; all the embedded
/// faces have the same units per em.
/// What the layout needs of a diagram's drawing, measured when it is
/// parsed; the drawing itself is parsed again when its page is written.
struct Measured {
    size: usvg::Size,
    /// The first and last inked rows ([`inked_rows`]).
    inked: (f32, f32),
    /// The sizes of its text ([`text_sizes`]).
    text_sizes: Vec<f32>,
}

impl Measured {
    fn of(tree: &usvg::Tree, units_per_em: f32) -> Measured {
        let mut text = Vec::new();
        text_sizes(tree.root(), units_per_em, &mut text);
        Measured {
            size: tree.size(),
            inked: inked_rows(tree),
            text_sizes: text,
        }
    }
}

pub fn text_sizes(group: &usvg::Group, units_per_em: f32, out: &mut Vec<f32>) {
    for node in group.children() {
        if let usvg::Node::Group(g) = node {
            let t = g.abs_transform();
            if t.sy < 0.0 && t.kx == 0.0 && t.ky == 0.0 {
                out.push(-t.sy * units_per_em);
            } else {
                text_sizes(g, units_per_em, out);
            }
        }
    }
}

#[derive(Clone, Copy)]
struct Colours {
    text: Rgb,
    heading: Rgb,
    link: Rgb,
    muted: Rgb,
    rule: Rgb,
}

struct Ctx<'a> {
    book: &'a Book,
    bs: &'a BookStyle,
    ps: &'a PageStyle,
    shaper: Shaper<'a>,
    colours: Colours,
    width: f32,
    body: f32,
    out: Vec<VBox>,
    targets: Vec<LinkTo>,
    trees: Vec<Option<usize>>,
    /// Each drawing's diagram index and size.
    tree_list: Vec<(usize, Measured)>,
    images: Vec<Image>,
    outline: Vec<OutlineEntry>,
    /// The book's title as the running heads of left pages set it.
    running_title: String,
    /// The headings the next one may fall under: each one's written level
    /// and its level in the structure tree.
    heading_levels: Vec<(u8, u8)>,
    diags: Vec<Diagnostic>,
    body_started: bool,
    /// Break before the next box: set to `Never` after a heading.
    next_brk: Option<Brk>,
    /// Anchors of a heading not drawn, given to the next box.
    pending_anchors: Vec<String>,
    /// The slug of a first heading that only repeats the book's title: not
    /// drawn, nor listed in the contents.
    title_slug: Option<String>,
    /// The board coordinates' size, in a diagram's units.
    label_units: f32,
    /// Whether boxes keep what they draw: the first pass only measures.
    keep_draws: bool,
    /// The box of the last part of the card table set, while nothing but
    /// lines has followed it.
    card_part: Option<usize>,
    /// The structure's elements not yet handed over with a page.
    elements: Vec<Element>,
    /// The next element's id.
    next_elem: u32,
    /// The element new elements go into; `None` at the top.
    parent: Option<u32>,
}

/// What a link says to a screen reader (PDF/UA wants every link to say
/// something): its text, or where it goes when it has none.
fn link_alt(text: &str, target: &Target) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if !text.is_empty() {
        return text;
    }
    match target {
        Target::Url(u) if !u.trim().is_empty() => u.trim().to_string(),
        Target::Heading(slug) if !slug.trim().is_empty() => format!("section {slug}"),
        _ => "link".to_string(),
    }
}

/// A link of the text: where it goes, its element, and what it says.
struct LinkTo {
    target: Target,
    elem: u32,
    alt: String,
}

/// Whether a heading says the same as the title, whatever its quotes.
pub fn same_title(heading: &str, title: &str) -> bool {
    let plain = |s: &str| -> String {
        s.trim()
            .chars()
            .map(|c| match c {
                '\u{2018}' | '\u{2019}' => '\'',
                '\u{201c}' | '\u{201d}' => '"',
                '\u{2013}' | '\u{2014}' => '-',
                c => c,
            })
            .collect()
    };
    plain(heading) == plain(title)
}

fn colour(text: &str, name: &str, diags: &mut Vec<String>) -> Rgb {
    parse_colour(text).unwrap_or_else(|| {
        diags.push(format!(
            "book style: {name} `{text}` is not a #rrggbb colour"
        ));
        (0, 0, 0)
    })
}

/// Parses a diagram's SVG with the embedded fonts only (the rasteriser's
/// parse: one way to read our drawings).
pub use crate::render::parse_svg;

/// The running head of page `pi`, as a printed book has it: the book's
/// title on a left (even) page, the section's on a right (odd) one. Only
/// on the body's pages (numbered in arabic), and not on a page that opens
/// a section, whose heading says it already.
fn running_head(plan: &Plan, pi: usize, book_title: &str) -> Option<String> {
    let Some(Label::Arabic(n)) = plan.labels.get(pi).copied() else {
        return None;
    };
    let sections = plan.outline.iter().filter(|e| e.level <= 2);
    let mut current = None;
    for e in sections {
        match plan.anchors.get(e.slug.as_str()) {
            Some(&(p, _)) if p == pi => return None,
            Some(&(p, _)) if p < pi => current = Some(e.title.as_str()),
            _ => {}
        }
    }
    if n % 2 == 0 {
        Some(book_title.to_string())
    } else {
        current.map(str::to_string)
    }
}

/// Whether a `##` heading opens the back matter (Chicago's appendixes,
/// solutions, glossary and the like) rather than a section of the part
/// before it: a bookmark at the top, not under the last part.
fn is_back_matter(title: &str) -> bool {
    let t = title.trim().to_lowercase();
    let first = t.split_whitespace().next().unwrap_or("");
    matches!(
        first,
        "appendix" | "appendices" | "solutions" | "answers" | "glossary" | "bibliography" | "index"
    ) || t == "notes"
}

/// Lays out the whole book for one page format.
pub fn layout(
    book: &Book,
    toc: &[TocEntry],
    style: &Style,
    bs: &BookStyle,
    ps: &PageStyle,
    fonts: &super::text::Fonts,
) -> Result<Laid, Vec<Diagnostic>> {
    let (plan, second) = plan(book, toc, &DrawingStore::new(style), bs, ps, fonts)?;
    let mut pages = Vec::with_capacity(plan.pages);
    second.pages(&plan, &mut |p| pages.push(p));
    Ok(Laid {
        pages,
        trees: plan.trees,
        images: plan.images,
        outline: plan.outline,
        anchors: plan.anchors,
    })
}

/// The book paginated: what the writer needs before the first page, and
/// where each box goes.
pub struct Plan {
    /// How many pages.
    pub pages: usize,
    /// What each `Draw::Svg` draws, by its `tree`.
    pub trees: Vec<Figure>,
    pub images: Vec<Image>,
    pub outline: Vec<OutlineEntry>,
    /// Each heading's page index and y.
    pub anchors: BTreeMap<String, (usize, f32)>,
    /// Per page, how far its most stretched gap (between paragraphs, around
    /// headings and figures) grew past its natural size, in points.
    pub gap_growth: Vec<f32>,
    /// Per page, whether the next page opens with a figure that could not
    /// fit in what this page leaves (its gaps at their natural size), even
    /// shrunk as far as it may, with the lines it is kept with: the page may
    /// end short before it, and pagination lets it, so that the pages
    /// before it fill.
    pub figure_next: Vec<bool>,
    /// Per page, each box index and its y.
    pages_of: Vec<Vec<(usize, f32)>>,
    /// How much each box's figure shrinks.
    lost: Vec<f32>,
    labels: Vec<Label>,
}

/// The second pass over the book, which draws the pages of a [`Plan`].
pub struct SecondPass<'a> {
    ctx: Ctx<'a>,
    toc: &'a [TocEntry],
}

impl SecondPass<'_> {
    /// Lays the book out again, giving each page to `emit` as soon as its
    /// last box is set, in page order.
    pub fn pages(mut self, plan: &Plan, emit: &mut dyn FnMut(Page)) {
        let mut next = 0;
        run(&mut self.ctx, self.toc, &mut |ctx| {
            ctx.flush(plan, &mut next, false, emit)
        });
        self.ctx.flush(plan, &mut next, true, emit);
    }
}

/// The book in two passes. The first sets every line and paginates the
/// book (pagination weighs the whole book, and the contents need every
/// page number), keeping only each box's measure. The second
/// ([`SecondPass::pages`]) sets the lines again and hands over each page
/// once it is full, so a large book's lines are never all held at once.
pub fn plan<'a>(
    book: &'a Book,
    toc: &'a [TocEntry],
    drawings: &DrawingStore,
    bs: &'a BookStyle,
    ps: &'a PageStyle,
    fonts: &'a super::text::Fonts,
) -> Result<(Plan, SecondPass<'a>), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let t = &bs.text;
    let colours = Colours {
        text: colour(&t.colour, "colour", &mut errors),
        heading: colour(&t.heading_colour, "heading_colour", &mut errors),
        link: colour(&t.link_colour, "link_colour", &mut errors),
        muted: colour(&t.muted_colour, "muted_colour", &mut errors),
        rule: colour(&t.rule_colour, "rule_colour", &mut errors),
    };
    let width = ps.width - ps.margin_inner - ps.margin_outer;
    let body = ps.height - ps.margin_top - ps.margin_bottom;
    let sane = |v: f32, lo: f32, hi: f32| v.is_finite() && v >= lo && v <= hi;
    if !(sane(ps.width, 72.0, 5000.0)
        && sane(ps.height, 72.0, 5000.0)
        && sane(width, 36.0, 5000.0)
        && sane(body, 36.0, 5000.0)
        && sane(ps.body_size, 3.0, 72.0)
        && sane(ps.square, 2.0, 500.0)
        && sane(ps.title_size, 3.0, 300.0)
        && sane(ps.footer_size, 2.0, 72.0)
        && sane(ps.diagram_text, 1.0, 72.0)
        && sane(ps.gap_stretch, 0.0, 4.0)
        && sane(t.leading, 0.8, 4.0)
        && sane(t.paragraph_gap, 0.0, 10.0)
        && sane(t.list_indent, 0.0, 20.0)
        && t.heading_scale.iter().all(|&s| sane(s, 0.3, 10.0))
        && t.heading_above
            .iter()
            .chain(&t.heading_below)
            .all(|&s| sane(s, 0.0, 20.0)))
    {
        errors.push("book style: a page size, margin, font size or spacing is out of range".into());
    }
    if !errors.is_empty() {
        return Err(errors
            .into_iter()
            .map(|m| Diagnostic::file_error(&book.source.path, m))
            .collect());
    }

    // Every diagram's drawing, measured in parallel; order stays the book's.
    let em = fonts.face(FaceId::Regular).rb.units_per_em() as f32;
    let style = drawings.style();
    let parsed: Vec<Option<Result<Measured, String>>> = book
        .diagrams
        .par_iter()
        .map(|entry| {
            let key = drawings.key(book.source.slice(entry.span));
            entry
                .diagram
                .as_ref()
                .map(|d| drawings.drawing(key, d).map(|d| Measured::of(&d.tree, em)))
        })
        .collect();
    let mut diags = Vec::new();
    let mut trees = Vec::new();
    let mut tree_list = Vec::new();
    for (i, (entry, p)) in book.diagrams.iter().zip(parsed).enumerate() {
        match p {
            Some(Ok(size)) => {
                trees.push(Some(tree_list.len()));
                tree_list.push((i, size));
            }
            Some(Err(e)) => {
                diags.push(Diagnostic::error(
                    &book.source,
                    entry.span,
                    format!("this diagram cannot be drawn: {e}"),
                ));
                trees.push(None);
            }
            None => trees.push(None),
        }
    }

    let mut ctx = Ctx {
        book,
        bs,
        ps,
        shaper: Shaper::new(fonts),
        colours,
        width,
        body,
        out: Vec::new(),
        targets: Vec::new(),
        trees,
        tree_list,
        images: Vec::new(),
        outline: Vec::new(),
        running_title: curly_quotes(book.front_matter.title().unwrap_or(&book.name).trim()),
        heading_levels: Vec::new(),
        diags,
        body_started: false,
        next_brk: None,
        pending_anchors: Vec::new(),
        title_slug: None,
        label_units: (style.board.label_size * UNIT) as f32,
        keep_draws: false,
        card_part: None,
        elements: Vec::new(),
        next_elem: 0,
        parent: None,
    };
    run(&mut ctx, toc, &mut |_| {});
    if !ctx.diags.is_empty() {
        return Err(ctx.diags);
    }
    let plan = ctx.plan();
    Ok((
        plan,
        SecondPass {
            ctx: ctx.again(),
            toc,
        },
    ))
}

/// Lays out the book's blocks, calling `after_block` after each one, when
/// every box pushed so far is final.
fn run<'a>(ctx: &mut Ctx<'a>, toc: &[TocEntry], after_block: &mut dyn FnMut(&mut Ctx<'a>)) {
    let book = ctx.book;
    let width = ctx.width;
    ctx.title_page();
    after_block(ctx);
    let title = book.front_matter.title().unwrap_or(&book.name).trim();
    let has_toc = book
        .blocks
        .iter()
        .any(|b| matches!(b, Block::TableOfContents { .. }));
    let mut seen_toc = !has_toc;
    let mut first = true;
    for block in &book.blocks {
        if first {
            // The front matter starts on the page after the title.
            ctx.next_brk = Some(Brk::NewPage);
            first = false;
        }
        match block {
            Block::TableOfContents { .. } => {
                ctx.contents(toc);
                seen_toc = true;
            }
            // A book that opens with its title as a heading would show it
            // twice: the title page already does.
            Block::Heading {
                level: 1,
                title: heading,
                slug,
                ..
            } if ctx.outline.is_empty() && same_title(heading, title) => {
                ctx.pending_anchors.push(slug.clone());
                ctx.title_slug = Some(slug.clone());
            }
            Block::Heading { level, .. } if *level <= 2 && seen_toc && !ctx.body_started => {
                ctx.body_started = true;
                let at = ctx.out.len();
                ctx.block(block, 0.0, width, 0);
                if let Some(b) = ctx.out.get_mut(at) {
                    b.starts_body = true;
                }
            }
            _ => ctx.block(block, 0.0, width, 0),
        }
        after_block(ctx);
    }
    ctx.notice();
}

impl<'a> Ctx<'a> {
    fn size(&self) -> f32 {
        self.ps.body_size
    }

    fn lead(&self) -> f32 {
        self.ps.body_size * self.bs.text.leading
    }

    fn push(&mut self, mut b: VBox) {
        b.anchors.append(&mut self.pending_anchors);
        if let Some(brk) = self.next_brk.take() {
            // A forced page break wins over a keep.
            if b.brk != Brk::NewPage || brk == Brk::NewPage {
                b.brk = brk;
            }
        }
        if !self.keep_draws {
            b.draws = Vec::new();
            b.roles = Vec::new();
            b.links = Vec::new();
        }
        self.out.push(b);
    }

    /// A new element of the structure, in the current parent. The first
    /// pass, which keeps no drawing, makes none.
    fn open(&mut self, kind: Kind) -> u32 {
        let id = self.next_elem;
        if self.keep_draws {
            self.elements.push(Element {
                id,
                parent: self.parent,
                kind,
            });
            self.next_elem += 1;
        }
        id
    }

    /// Runs `f` with `parent` as the parent of the elements it makes.
    fn within<T>(&mut self, parent: u32, f: impl FnOnce(&mut Self) -> T) -> T {
        let outer = self.parent.replace(parent);
        let r = f(self);
        self.parent = outer;
        r
    }

    /// A link of the text to `target`, which says `alt`: its element (in
    /// the current parent) and its index for [`Run::link`].
    fn link(&mut self, target: Target, alt: String) -> usize {
        let elem = self.open(Kind::Link);
        let alt = link_alt(&alt, &target);
        self.targets.push(LinkTo { target, elem, alt });
        self.targets.len() - 1
    }

    fn opts(&self, size: f32, ragged: bool) -> SetOptions {
        SetOptions {
            size,
            ragged,
            hyphenate: !ragged,
            tolerance: self.bs.text.tolerance,
            hyphen_penalty: self.bs.text.hyphen_penalty,
        }
    }

    fn baseline(&self, face: FaceId, size: f32, line_height: f32) -> f32 {
        let f = self.shaper.fonts.face(face);
        let content = (f.ascender - f.descender) * size;
        (line_height - content) / 2.0 + f.ascender * size
    }

    /// Inline content to styled runs.
    fn runs(
        &mut self,
        inlines: &[Inline],
        face: FaceId,
        colour: Rgb,
        link: Option<usize>,
        out: &mut Vec<Run>,
    ) {
        for i in inlines {
            match i {
                Inline::Text(t) => out.push(Run {
                    text: t.replace('\n', " "),
                    face,
                    colour,
                    link,
                }),
                Inline::Code(t) => out.push(Run {
                    text: t.clone(),
                    face: if face == FaceId::Regular {
                        FaceId::SemiBold
                    } else {
                        face
                    },
                    colour,
                    link,
                }),
                Inline::Strong(c) => self.runs(c, face.bold(), colour, link, out),
                Inline::Emphasis(c) => self.runs(c, face.italic(), colour, link, out),
                Inline::Link(l) => {
                    let (content, url) = (&l.content, &l.url);
                    let heading = |slug: &str| {
                        self.book
                            .sections
                            .iter()
                            .any(|s| s.slug == slug)
                            .then(|| Target::Heading(slug.to_string()))
                    };
                    let rulebook = crate::book::rulebook_link(url);
                    let target = match (url.strip_prefix('#'), rulebook) {
                        (Some(slug), _) => heading(slug),
                        // The book itself, by its file name: its heading.
                        (None, Some(link)) if link.book == self.book.name => {
                            link.anchor.as_deref().and_then(heading)
                        }
                        // Another rulebook: its PDF beside this one, at
                        // the heading's named destination.
                        (None, Some(link)) => Some(Target::Url(format!(
                            "{}.pdf{}",
                            crate::book::url_segment(&link.book),
                            link.anchor
                                .map(|a| format!("#{}", crate::book::url_segment(&a)))
                                .unwrap_or_default()
                        ))),
                        (None, None) if !url.is_empty() => Some(Target::Url(url.clone())),
                        (None, None) => None,
                    };
                    match target {
                        Some(t) => {
                            let id = self.link(t, plain_text(content));
                            self.runs(content, face, self.colours.link, Some(id), out);
                        }
                        None => self.runs(content, face, colour, link, out),
                    }
                }
                Inline::Image(image) => out.push(Run {
                    text: image.alt.clone(),
                    face: face.italic(),
                    colour,
                    link,
                }),
                Inline::SoftBreak => out.push(Run {
                    text: " ".into(),
                    face,
                    colour,
                    link,
                }),
                Inline::HardBreak => out.push(Run {
                    text: "\n".into(),
                    face,
                    colour,
                    link,
                }),
            }
        }
    }

    /// Lines of a paragraph as boxes, with widow and orphan control; their
    /// text is the content of element `elem`.
    #[allow(clippy::too_many_arguments)]
    fn set_lines(
        &mut self,
        runs: &[Run],
        x: f32,
        width: f32,
        size: f32,
        ragged: bool,
        space_before: f32,
        keep_all: bool,
        elem: u32,
    ) -> usize {
        let lines = self.shaper.set(runs, &[width], &self.opts(size, ragged));
        let lh = size * self.bs.text.leading;
        let n = lines.len();
        for (i, line) in lines.iter().enumerate() {
            let mut b = self.line_box(line, x, lh, size, FaceId::Regular, elem);
            if i == 0 {
                b.space_before = space_before;
            } else {
                // Two lines at least at the foot and at the head of a page,
                // and no word hyphenated across a page break.
                b.brk = if !keep_all && i >= 2 && n - i >= 2 && !lines[i - 1].hyphenated {
                    Brk::Allowed
                } else {
                    Brk::Never
                };
            }
            self.push(b);
        }
        let text: String = runs.iter().map(|r| r.text.as_str()).collect();
        if n > 0
            && text.trim_end().ends_with(':')
            && let Some(last) = self.out.last_mut()
        {
            last.introduces = true;
        }
        n
    }

    /// A line as a box; its text is the content of element `elem`, or of
    /// its link's.
    fn line_box(&self, line: &Line, x: f32, lh: f32, size: f32, face: FaceId, elem: u32) -> VBox {
        let mut b = VBox::new(lh, BoxKind::Line);
        let base = self.baseline(face, size, lh);
        b.baseline = Some(base);
        b.foot = lh - base;
        // Exact: a book holds every line until it is paginated.
        b.draws.reserve_exact(line.fragments.len());
        b.roles.reserve_exact(line.fragments.len());
        for f in &line.fragments {
            let link = f.link.and_then(|l| self.targets.get(l));
            b.add(
                Draw::Text {
                    x: x + f.x,
                    y: base,
                    size,
                    face: f.face,
                    colour: f.colour,
                    text: f.text.clone(),
                    glyphs: GlyphRun::new(&f.glyphs),
                },
                // A hyphen the breaker added is not read: the word is.
                if f.hyphen {
                    Role::Layout
                } else {
                    Role::Content(link.map_or(elem, |l| l.elem))
                },
            );
            if let Some(l) = link {
                b.links.push(LinkArea {
                    x: x + f.x,
                    y: 0.0,
                    w: f.width,
                    h: lh,
                    target: l.target.clone(),
                    elem: Some(l.elem),
                    alt: l.alt.clone(),
                });
            }
        }
        b
    }

    fn block(&mut self, block: &Block, x: f32, width: f32, depth: usize) {
        let lead = self.lead();
        let gap = lead * self.bs.text.paragraph_gap;
        match block {
            Block::Heading {
                level, title, slug, ..
            } => self.heading(*level, title, slug, x, width),
            Block::TableOfContents { .. } => {}
            Block::Paragraph { content, .. } => {
                let images: Vec<&crate::book::Image> = content
                    .iter()
                    .filter_map(|i| match i {
                        Inline::Image(image) => Some(&**image),
                        _ => None,
                    })
                    .collect();
                let only_images = !images.is_empty()
                    && content.iter().all(|i| match i {
                        Inline::Image(_) | Inline::SoftBreak | Inline::HardBreak => true,
                        Inline::Text(t) => t.trim().is_empty(),
                        _ => false,
                    });
                if only_images {
                    for image in images {
                        self.image(&image.alt, &image.url, image.span, x, width);
                    }
                    return;
                }
                let p = self.open(Kind::Paragraph);
                self.within(p, |ctx| {
                    let mut runs = Vec::new();
                    ctx.runs(content, FaceId::Regular, ctx.colours.text, None, &mut runs);
                    ctx.set_lines(&runs, x, width, ctx.size(), false, gap, false, p);
                });
            }
            Block::List { start, items, .. } => {
                let indent = self.bs.text.list_indent * self.size();
                let list = self.open(Kind::List {
                    numbered: start.is_some(),
                });
                for (k, item) in items.iter().enumerate() {
                    let marker = match start {
                        Some(s) => format!("{}.", s.saturating_add(k as u64)),
                        None if depth.is_multiple_of(2) => "•".to_string(),
                        None => "–".to_string(),
                    };
                    let (label, body) = self.within(list, |ctx| {
                        let li = ctx.open(Kind::Item);
                        ctx.within(li, |ctx| (ctx.open(Kind::Label), ctx.open(Kind::Body)))
                    });
                    let at = self.out.len();
                    for (bi, b) in item.iter().enumerate() {
                        self.within(body, |ctx| {
                            ctx.block(b, x + indent, width - indent, depth + 1)
                        });
                        // A tight list's items sit closer than paragraphs.
                        if bi == 0
                            && let Some(first) = self.out.get_mut(at)
                        {
                            first.space_before = if k == 0 { gap } else { gap * 0.4 };
                        }
                    }
                    let size = self.size();
                    let face = if start.is_some() {
                        FaceId::SemiBold
                    } else {
                        FaceId::Regular
                    };
                    let glyphs = self.shaper.shape(face, &marker);
                    let w = super::text::advance(&glyphs) * size;
                    let glyphs = GlyphRun::new(&glyphs);
                    let colour = self.colours.heading;
                    if let Some(first) = self.out.get_mut(at) {
                        let y = first.baseline.unwrap_or(size);
                        // First, as it is read: before the item's text.
                        first.draws.insert(
                            0,
                            Draw::Text {
                                x: x + indent - w - size * 0.45,
                                y,
                                size,
                                face,
                                colour,
                                text: marker,
                                glyphs,
                            },
                        );
                        first.roles.insert(0, Role::Content(label));
                    }
                }
            }
            Block::Diagram { index, .. } => self.diagram(*index, x, width),
            Block::BlockQuote { blocks, .. } => {
                let indent = self.size() * 1.2;
                let at = self.out.len();
                let quote = self.open(Kind::Quote);
                for b in blocks {
                    self.within(quote, |ctx| ctx.block(b, x + indent, width - indent, depth));
                }
                let rule = self.colours.rule;
                let lw = self.size() * 0.15;
                for b in &mut self.out[at..] {
                    let h = b.height;
                    b.add(
                        Draw::Line {
                            from: (x + lw, 0.0),
                            to: (x + lw, h),
                            width: lw,
                            colour: rule,
                            dash: None,
                        },
                        Role::Layout,
                    );
                }
            }
            Block::Code { text, .. } => {
                let size = self.size() * 0.9;
                let lh = size * 1.3;
                let mut first = true;
                let p = self.open(Kind::Paragraph);
                let code = self.within(p, |ctx| ctx.open(Kind::Code));
                for l in text.lines() {
                    let run = Run {
                        text: l.trim_end().to_string(),
                        face: FaceId::SemiBold,
                        colour: self.colours.muted,
                        link: None,
                    };
                    let lines = self
                        .shaper
                        .set(&[run], &[width - size], &self.opts(size, true));
                    for line in lines.iter() {
                        let mut b = self.line_box(line, x + size, lh, size, FaceId::SemiBold, code);
                        if first {
                            b.space_before = gap;
                            first = false;
                        } else {
                            b.brk = Brk::Never;
                        }
                        self.push(b);
                    }
                }
            }
            // Raw HTML (comments, mostly) has nothing to print.
            Block::Html { .. } => {}
            Block::Rule { .. } => {
                let mut b = VBox::new(lead, BoxKind::Other);
                b.space_before = gap;
                b.add(
                    Draw::Line {
                        from: (x + width * 0.3, lead / 2.0),
                        to: (x + width * 0.7, lead / 2.0),
                        width: 0.6,
                        colour: self.colours.rule,
                        dash: None,
                    },
                    Role::Layout,
                );
                self.push(b);
            }
        }
    }

    /// The structure-tree level of a heading written at `level`: one below
    /// the nearest heading before it written higher, so levels never skip
    /// (a `###` right under the `#` title is an H2).
    fn tag_level(&mut self, level: u8) -> u8 {
        while self.heading_levels.last().is_some_and(|&(l, _)| l >= level) {
            self.heading_levels.pop();
        }
        let tag = self.heading_levels.last().map_or(1, |&(_, t)| t + 1);
        self.heading_levels.push((level, tag));
        tag
    }

    fn heading(&mut self, level: u8, title: &str, slug: &str, x: f32, width: f32) {
        let t = &self.bs.text;
        let li = usize::from(level.clamp(1, 4)) - 1;
        let size = self.size() * t.heading_scale[li];
        let lead = self.lead();
        let lh = size * 1.18;
        let run = Run {
            text: title.to_string(),
            face: FaceId::Heading,
            colour: self.colours.heading,
            link: None,
        };
        let lines = self.shaper.set(&[run], &[width], &self.opts(size, true));
        let above = if level == 1 { self.body * 0.28 } else { 0.0 };
        let text_h = lh * lines.len().max(1) as f32;
        let below = t.heading_below[li] * lead;
        let rule = level == 2;
        let rule_gap = if rule { size * 0.3 } else { 0.0 };
        let mut b = VBox::new(above + text_h + rule_gap + below, BoxKind::Heading(level));
        let base = self.baseline(FaceId::Heading, size, lh);
        // An appendix is a part of the book of its own, whatever its `##`.
        let depth = if is_back_matter(title) { 1 } else { level };
        let tag = self.tag_level(depth);
        let h = Role::Content(self.open(Kind::Heading(tag, title.to_string())));
        for (i, line) in lines.iter().enumerate() {
            let centre = if level == 1 {
                (width - line.width) / 2.0
            } else {
                0.0
            };
            for f in &line.fragments {
                b.add(
                    Draw::Text {
                        x: x + centre + f.x,
                        y: above + lh * i as f32 + base,
                        size,
                        face: f.face,
                        colour: f.colour,
                        text: f.text.clone(),
                        glyphs: GlyphRun::new(&f.glyphs),
                    },
                    h,
                );
            }
        }
        if rule {
            let y = text_h + rule_gap * 0.5;
            b.add(
                Draw::Line {
                    from: (x, y),
                    to: (x + width, y),
                    width: 0.8,
                    colour: self.colours.rule,
                    dash: None,
                },
                Role::Layout,
            );
        }
        b.space_before = t.heading_above[li] * lead;
        b.brk = if level <= 2 {
            Brk::NewPage
        } else {
            Brk::Allowed
        };
        b.anchors.push(slug.to_string());
        self.outline.push(OutlineEntry {
            level: depth,
            title: title.to_string(),
            slug: slug.to_string(),
        });
        self.push(b);
        self.next_brk = Some(Brk::Never);
    }

    fn diagram(&mut self, index: usize, x: f32, width: f32) {
        let Some(tree) = self.trees.get(index).copied().flatten() else {
            return;
        };
        let size = self.tree_list[tree].1.size;
        let (uw, uh) = (size.width().max(1.0), size.height().max(1.0));
        // One square size through the book; narrower only when the text is.
        let mut scale = self.ps.square / UNIT as f32;
        if uw * scale > width {
            scale = width / uw;
        }
        let max_h = self.body * 0.92;
        if uh * scale > max_h {
            scale = max_h / uh;
        }
        let (w, h) = (uw * scale, uh * scale);
        let (top, bottom) = self.tree_list[tree].1.inked;
        let picture = (bottom - top) * scale;
        let gap = self.lead() * 0.6;
        let mut b = VBox::new(picture + gap, BoxKind::Figure);
        b.space_before = gap;
        b.foot = gap;
        b.picture = picture;
        // It may shrink to 80 % rather than leave a hole at a page's foot,
        // but not so far that its text gets too small to read.
        let least = self.least_scale(tree, scale);
        b.shrink = picture * (1.0 - least.max(0.8)).max(0.0);
        // Read out as the site's alt text says it.
        let alt = if self.keep_draws {
            crate::html::alt::of_diagram(self.book, index).unwrap_or_default()
        } else {
            String::new()
        };
        let figure = self.open(Kind::Figure(alt));
        b.add(
            Draw::Svg {
                tree,
                x: x + (width - w) / 2.0,
                y: -top * scale,
                w,
                h,
            },
            Role::Content(figure),
        );
        // Kept with the sentence that introduces it; one that only
        // illustrates what it follows may float.
        if let Some(
            last @ VBox {
                kind: BoxKind::Line,
                ..
            },
        ) = self.out.last()
        {
            b.brk = Brk::Never;
            b.floats = !last.introduces;
        }
        let card_part = self.book.diagrams.get(index).is_some_and(|d| {
            matches!(
                d.diagram.as_ref().map(|d| &d.kind),
                Some(crate::diagram::DiagramKind::Grid(
                    crate::diagram::Grid::Cards(_)
                ))
            )
        });
        if card_part {
            b.floats = false;
            self.keep_card_table(&b);
        }
        self.push(b);
        self.card_part = card_part.then(|| self.out.len() - 1);
    }

    /// The book's card table is one table, written in parts (the black
    /// cards, the red cards), each introduced by a line: a part that
    /// follows the one before with only its introduction between them
    /// stays on that part's page, when the parts fit one page together.
    /// Otherwise the second part could stand alone on its section's last
    /// page, as the letter book's Appendix A did.
    fn keep_card_table(&mut self, part: &VBox) {
        let Some(previous) = self.card_part else {
            return;
        };
        let between = &self.out[previous + 1..];
        if between.is_empty() || between.iter().any(|b| b.kind != BoxKind::Line) {
            return;
        }
        // The run of parts kept together so far, from its first part.
        let mut first = previous;
        while first > 0 && matches!(self.out[first].brk, Brk::Never | Brk::Avoid) {
            first -= 1;
        }
        let run = &self.out[first..];
        let height: f32 = run
            .iter()
            .enumerate()
            .map(|(k, b)| if k == 0 { 0.0 } else { b.space_before } + b.height - b.shrink)
            .sum::<f32>()
            + part.space_before
            + part.height
            - part.shrink;
        if height <= self.body {
            for b in &mut self.out[previous + 1..] {
                if b.brk == Brk::Allowed {
                    b.brk = Brk::Avoid;
                }
            }
        }
    }

    /// How far a diagram drawn at `scale` points to its unit may shrink
    /// (as a share of its size) and keep its text readable: at least the
    /// format's `diagram_text` points, the board coordinates a point less.
    fn least_scale(&self, tree: usize, scale: f32) -> f32 {
        self.tree_list[tree]
            .1
            .text_sizes
            .iter()
            .map(|&size| {
                let least = if (size - self.label_units).abs() < 0.01 * UNIT as f32 {
                    self.ps.diagram_text - 1.0
                } else {
                    self.ps.diagram_text
                };
                least / (size * scale).max(1e-3)
            })
            .fold(0.0, f32::max)
    }

    fn image(&mut self, alt: &str, url: &str, span: crate::source::Span, x: f32, width: f32) {
        let path = match self.book.local_image_path(url) {
            // A web image is not fetched: its alt text and link stand in.
            None => {
                let text = if alt.is_empty() {
                    url.to_string()
                } else {
                    alt.to_string()
                };
                let p = self.open(Kind::Paragraph);
                let link = self.within(p, |ctx| {
                    ctx.link(Target::Url(url.to_string()), text.clone())
                });
                let run = Run {
                    text,
                    face: FaceId::Italic,
                    colour: self.colours.link,
                    link: Some(link),
                };
                let gap = self.lead() * self.bs.text.paragraph_gap;
                self.set_lines(&[run], x, width, self.size(), false, gap, false, p);
                return;
            }
            Some(Err(reason)) => {
                self.diags
                    .push(Diagnostic::error(&self.book.source, span, reason));
                return;
            }
            Some(Ok(p)) => p,
        };
        let bytes = match crate::book::read_regular(&path) {
            Ok(b) => b,
            Err(e) => {
                self.diags.push(
                    Diagnostic::error(
                        &self.book.source,
                        span,
                        format!(
                            "cannot read the image `{url}`: {}",
                            crate::book::io_reason(&e)
                        ),
                    )
                    .with_help(format!("looked for {}", crate::paths::shown(&path))),
                );
                return;
            }
        };
        let image = if bytes.starts_with(b"\x89PNG") {
            Image::from_png(bytes.into(), true)
        } else if bytes.starts_with(&[0xff, 0xd8]) {
            Image::from_jpeg(bytes.into(), true)
        } else {
            Err("it is neither PNG nor JPEG".to_string())
        };
        let image = match image {
            Ok(i) => i,
            Err(e) => {
                self.diags.push(Diagnostic::error(
                    &self.book.source,
                    span,
                    format!("the image `{url}` cannot be used: {e}"),
                ));
                return;
            }
        };
        let (pw, ph) = image.size();
        // 150 pixels to the inch, or smaller to fit.
        let mut w = pw.max(1) as f32 * 72.0 / 150.0;
        let mut h = ph.max(1) as f32 * 72.0 / 150.0;
        let fit = (width / w).min(self.body * 0.9 / h).min(1.0);
        w *= fit;
        h *= fit;
        self.images.push(image);
        let gap = self.lead() * 0.6;
        let mut b = VBox::new(h + gap, BoxKind::Figure);
        b.space_before = gap;
        b.foot = gap;
        b.picture = h;
        // It may shrink to 80 % rather than leave a hole at a page's foot.
        b.shrink = h * 0.2;
        // An image with no alt text is decoration, as on the web.
        let role = if alt.trim().is_empty() {
            Role::Layout
        } else {
            Role::Content(self.open(Kind::Figure(alt.to_string())))
        };
        b.add(
            Draw::Image {
                image: self.images.len() - 1,
                x: x + (width - w) / 2.0,
                y: 0.0,
                w,
                h,
            },
            role,
        );
        if matches!(
            self.out.last(),
            Some(VBox {
                kind: BoxKind::Line,
                ..
            })
        ) {
            b.brk = Brk::Never;
        }
        self.push(b);
    }

    /// Centred lines of ragged text as one box, the content of `elem`.
    fn centred(
        &mut self,
        text: &str,
        face: FaceId,
        size: f32,
        colour: Rgb,
        lh_ratio: f32,
        elem: u32,
    ) -> VBox {
        let run = Run {
            text: text.to_string(),
            face,
            colour,
            link: None,
        };
        let opts = self.opts(size, true);
        let mut lines = self
            .shaper
            .set(std::slice::from_ref(&run), &[self.width], &opts);
        // Balanced: the narrowest measure that needs no more lines.
        let mut w = self.width;
        while lines.len() > 1 && w > self.width * 0.5 {
            w *= 0.95;
            let narrower = self.shaper.set(std::slice::from_ref(&run), &[w], &opts);
            if narrower.len() > lines.len() || narrower.iter().any(|l| l.width > w + 0.01) {
                break;
            }
            lines = narrower;
        }
        let lh = size * lh_ratio;
        let base = self.baseline(face, size, lh);
        let mut b = VBox::new(lh * lines.len() as f32, BoxKind::Other);
        for (i, line) in lines.iter().enumerate() {
            let dx = (self.width - line.width) / 2.0;
            for f in &line.fragments {
                b.add(
                    Draw::Text {
                        x: dx + f.x,
                        y: lh * i as f32 + base,
                        size,
                        face: f.face,
                        colour: f.colour,
                        text: f.text.clone(),
                        glyphs: GlyphRun::new(&f.glyphs),
                    },
                    Role::Content(elem),
                );
            }
        }
        b
    }

    fn title_page(&mut self) {
        let fm = &self.book.front_matter;
        // Front matter is plain text: its quotes are curled as the body's.
        let title = curly_quotes(fm.title().unwrap_or(&self.book.name));
        let subtitle = fm.subtitle().map(curly_quotes);
        let author = fm.get("author").map(curly_quotes);
        let size = self.ps.title_size;
        let mut page = VBox::new(self.body, BoxKind::Other);
        page.brk = Brk::NewPage;
        let mut y = self.body * 0.3;
        // The book's first heading (one that repeats the title is not
        // drawn again).
        let level = self.tag_level(1);
        let h1 = self.open(Kind::Heading(level, title.clone()));
        let colour = self.colours.heading;
        let t = self.centred(&title, FaceId::Heading, size, colour, 1.15, h1);
        for (mut d, role) in t.draws.into_iter().zip(t.roles) {
            d.shift(0.0, y);
            page.add(d, role);
        }
        y += t.height + size * 0.35;
        page.add(
            Draw::Line {
                from: (self.width * 0.3, y),
                to: (self.width * 0.7, y),
                width: 1.0,
                colour: self.colours.rule,
                dash: None,
            },
            Role::Layout,
        );
        y += size * 0.45;
        for (text, face, scale) in [
            (subtitle, FaceId::Italic, 0.5),
            (author, FaceId::Regular, 0.42),
        ] {
            if let Some(text) = text {
                let p = self.open(Kind::Paragraph);
                let s = self.centred(&text, face, size * scale, self.colours.text, 1.3, p);
                for (mut d, role) in s.draws.into_iter().zip(s.roles) {
                    d.shift(0.0, y);
                    page.add(d, role);
                }
                y += s.height + size * 0.2;
            }
        }
        self.push(page);
    }

    fn contents(&mut self, toc: &[TocEntry]) {
        self.next_brk = Some(Brk::NewPage);
        self.heading(2, "Contents", "table-of-contents", 0.0, self.width);
        let size = self.size();
        let lead = self.lead();
        let num_w = self.shaper.width(FaceId::Regular, "000", size);
        let dot = self.shaper.shape(FaceId::Regular, ".").to_vec();
        let step = size * 0.55;
        let contents = self.open(Kind::Contents);
        for e in toc {
            if self.title_slug.as_deref() == Some(e.slug.as_str()) {
                continue;
            }
            // An entry: its link (the title, the description that runs on
            // from it, and the page number).
            let link = self.within(contents, |ctx| {
                let entry = ctx.open(Kind::ContentsEntry);
                ctx.within(entry, |ctx| ctx.open(Kind::Link))
            });
            let (face, tsize, colour, above) = if e.level <= 1 {
                (
                    FaceId::Heading,
                    size * 1.2,
                    self.colours.heading,
                    lead * 0.9,
                )
            } else {
                (FaceId::SemiBold, size, self.colours.text, lead * 0.35)
            };
            let lh = tsize * 1.3;
            let mut runs = vec![Run {
                text: e.title.clone(),
                face,
                colour,
                link: None,
            }];
            // The author writes a description to continue its heading
            // ("Zombie Chess is a game where…"): it runs on from it.
            if let Some(d) = e.description.as_ref().filter(|_| e.level > 1) {
                runs.push(Run {
                    text: format!(" {}", curly_quotes(d)),
                    face: FaceId::Italic,
                    colour: self.colours.muted,
                    link: None,
                });
            }
            let avail = self.width - num_w - size;
            let lines = self.shaper.set(&runs, &[avail], &self.opts(tsize, true));
            let base = self.baseline(face, tsize, lh);
            let mut b = VBox::new(0.0, BoxKind::Other);
            b.space_before = above;
            let mut y = 0.0;
            for (i, line) in lines.iter().enumerate() {
                for f in &line.fragments {
                    b.add(
                        Draw::Text {
                            x: f.x,
                            y: y + base,
                            size: tsize,
                            face: f.face,
                            colour: f.colour,
                            text: f.text.clone(),
                            glyphs: GlyphRun::new(&f.glyphs),
                        },
                        Role::Content(link),
                    );
                }
                if i + 1 == lines.len() {
                    // Dot leaders on a grid, so they line up down the page.
                    let from = ((line.width + size * 0.5) / step).ceil() * step;
                    let to = self.width - num_w - size * 0.4;
                    let count = ((to - from) / step).floor().max(0.0) as usize;
                    if count > 0 {
                        let mut glyphs = Vec::with_capacity(count);
                        let mut text = String::with_capacity(count);
                        for k in 0..count {
                            let mut g = dot.first().copied().unwrap_or(Glyph {
                                id: 0,
                                advance: 0.0,
                                dx: 0.0,
                                dy: 0.0,
                                cluster: 0,
                            });
                            g.advance = step / size;
                            g.cluster = k as u32;
                            glyphs.push(g);
                            text.push('.');
                        }
                        b.add(
                            Draw::Text {
                                x: from,
                                y: y + base,
                                size,
                                face: FaceId::Regular,
                                colour: self.colours.muted,
                                text,
                                glyphs: GlyphRun::new(&glyphs),
                            },
                            Role::Layout,
                        );
                    }
                    b.add(
                        Draw::PageRef {
                            slug: e.slug.clone(),
                            x: self.width,
                            y: y + base,
                            size,
                            face: FaceId::Regular,
                            colour,
                        },
                        Role::Content(link),
                    );
                }
                y += lh;
            }
            b.height = y;
            b.links.push(LinkArea {
                x: 0.0,
                y: 0.0,
                w: self.width,
                h: y,
                target: Target::Heading(e.slug.clone()),
                elem: Some(link),
                alt: link_alt(&e.title, &Target::Heading(e.slug.clone())),
            });
            self.push(b);
            // A part's entry stays with its first section's.
            if e.level <= 1 {
                self.next_brk = Some(Brk::Never);
            }
        }
    }

    fn notice(&mut self) {
        let n = &self.bs.notice;
        if n.text.trim().is_empty() {
            return;
        }
        let (heading, text) = (n.heading.clone(), n.text.clone());
        self.next_brk = Some(Brk::NewPage);
        let size = self.size() * 0.9;
        let lead = size * self.bs.text.leading;
        let hs = self.size() * self.bs.text.heading_scale[2];
        // A heading as the book's sections are, after them.
        // A part of the book of its own: a bookmark at the top.
        let level = self.tag_level(1);
        let h = self.open(Kind::Heading(level, heading.clone()));
        let anchor = crate::book::slug(&heading);
        self.pending_anchors.push(anchor.clone());
        self.outline.push(OutlineEntry {
            level: 1,
            title: heading.clone(),
            slug: anchor,
        });
        let head = Run {
            text: heading,
            face: FaceId::Heading,
            colour: self.colours.heading,
            link: None,
        };
        self.set_lines(&[head], 0.0, self.width, hs, true, 0.0, true, h);
        self.next_brk = Some(Brk::Never);
        for para in text.split("\n\n").map(str::trim).filter(|p| !p.is_empty()) {
            let p = self.open(Kind::Paragraph);
            let mut runs = Vec::new();
            for (k, word) in para.split_whitespace().enumerate() {
                let space = if k == 0 { "" } else { " " };
                let url = word
                    .trim_start_matches('(')
                    .trim_end_matches([')', ',', '.', ';']);
                if url.starts_with("https://") || url.starts_with("http://") {
                    let link =
                        self.within(p, |ctx| ctx.link(Target::Url(url.to_string()), url.into()));
                    let (pre, post) = word.split_once(url).unwrap_or(("", ""));
                    runs.push(Run {
                        text: format!("{space}{pre}"),
                        face: FaceId::Regular,
                        colour: self.colours.muted,
                        link: None,
                    });
                    runs.push(Run {
                        text: url.to_string(),
                        face: FaceId::Regular,
                        colour: self.colours.link,
                        link: Some(link),
                    });
                    runs.push(Run {
                        text: post.to_string(),
                        face: FaceId::Regular,
                        colour: self.colours.muted,
                        link: None,
                    });
                } else {
                    runs.push(Run {
                        text: format!("{space}{}", curly_quotes(word)),
                        face: FaceId::Regular,
                        colour: self.colours.muted,
                        link: None,
                    });
                }
            }
            runs.retain(|r| !r.text.is_empty());
            self.set_lines(&runs, 0.0, self.width, size, false, lead * 0.5, false, p);
        }
    }

    /// Paginates, numbers the pages, adds footers and resolves page numbers.
    /// Paginates the boxes of the first pass.
    fn plan(&mut self) -> Plan {
        let ps = self.ps;
        // A section's last page holds more than three lines.
        let runt = self.lead() * 3.5;
        let spacing = Spacing {
            gap_stretch: ps.gap_stretch,
            most_growth: self.lead() * MOST_GAP_GROWTH,
            runt,
        };
        let (pages_of, lost) = paginate_floating(&self.out, self.body, spacing);
        let body_page = pages_of
            .iter()
            .position(|p| p.iter().any(|&(i, _)| self.out[i].starts_body));
        let labels = (0..pages_of.len())
            .map(|pi| match body_page {
                Some(b) if pi >= b => Label::Arabic((pi - b + 1) as u32),
                Some(_) => Label::Roman(pi as u32 + 1),
                None => Label::Arabic(pi as u32 + 1),
            })
            .collect();
        let mut anchors = BTreeMap::new();
        for (pi, placed) in pages_of.iter().enumerate() {
            for &(bi, y) in placed {
                for a in &self.out[bi].anchors {
                    anchors.entry(a.clone()).or_insert((pi, ps.margin_top + y));
                }
            }
        }
        let gap_growth = pages_of
            .iter()
            .map(|placed| {
                placed
                    .windows(2)
                    .map(|w| {
                        let ((a, ya), (b, yb)) = (w[0], w[1]);
                        let natural = ya + self.out[a].height - lost[a] + self.out[b].space_before;
                        (yb - natural).max(0.0)
                    })
                    .fold(0.0, f32::max)
            })
            .collect();
        let figure_next: Vec<bool> = pages_of
            .iter()
            .zip(pages_of.iter().skip(1).map(Some).chain([None]))
            .map(|(placed, next)| {
                if next.and_then(|n| n.first()).is_none() {
                    return false;
                }
                // What the page leaves, its gaps at their natural size.
                let natural: f32 = placed
                    .iter()
                    .enumerate()
                    .map(|(k, &(b, _))| {
                        let gap = if k == 0 {
                            0.0
                        } else {
                            self.out[b].space_before
                        };
                        gap + self.out[b].height - lost[b]
                    })
                    .sum();
                let room = self.body - natural;
                // The boxes kept with the next page's first, in page order
                // (a floated figure comes after the text it moved past).
                let next = next.map(Vec::as_slice).unwrap_or_default();
                let kept = 1 + next[1..]
                    .iter()
                    .take_while(|&&(b, _)| self.out[b].brk == Brk::Never)
                    .count();
                let kept: Vec<&VBox> = next[..kept].iter().map(|&(b, _)| &self.out[b]).collect();
                let least: f32 = kept
                    .iter()
                    .map(|b| b.space_before + b.height - b.shrink)
                    .sum();
                kept.iter().any(|b| b.kind == BoxKind::Figure) && least > room + 0.01
            })
            .collect();
        Plan {
            pages: pages_of.len(),
            gap_growth,
            figure_next,
            trees: self
                .tree_list
                .iter()
                .map(|&(d, _)| Figure::Diagram(d))
                .collect(),
            images: std::mem::take(&mut self.images),
            outline: std::mem::take(&mut self.outline),
            anchors,
            pages_of,
            lost,
            labels,
        }
    }

    /// A fresh context for the second pass, keeping the measured drawings
    /// and the shaped words.
    fn again(self) -> Ctx<'a> {
        Ctx {
            book: self.book,
            bs: self.bs,
            ps: self.ps,
            shaper: self.shaper,
            colours: self.colours,
            width: self.width,
            body: self.body,
            out: Vec::new(),
            targets: Vec::new(),
            trees: self.trees,
            tree_list: self.tree_list,
            images: Vec::new(),
            outline: Vec::new(),
            running_title: self.running_title,
            heading_levels: Vec::new(),
            diags: Vec::new(),
            body_started: false,
            next_brk: None,
            pending_anchors: Vec::new(),
            title_slug: None,
            label_units: self.label_units,
            keep_draws: true,
            card_part: None,
            elements: Vec::new(),
            next_elem: 0,
            parent: None,
        }
    }

    /// A line of the page's margins (its number, its running head): small,
    /// muted and centred, its baseline at `y`.
    fn margin_line(&mut self, text: String, face: FaceId, y: f32) -> Draw {
        let size = self.ps.footer_size;
        let glyphs = self.shaper.shape(face, &text);
        let w = super::text::advance(&glyphs) * size;
        Draw::Text {
            x: (self.ps.width - w) / 2.0,
            y,
            size,
            face,
            colour: self.colours.muted,
            text,
            glyphs: GlyphRun::new(&glyphs),
        }
    }

    /// Gives `emit` every page from `next` on whose boxes are all set
    /// (with `all`, every page left), moving their drawings out of the
    /// boxes.
    fn flush(&mut self, plan: &Plan, next: &mut usize, all: bool, emit: &mut dyn FnMut(Page)) {
        let ps = self.ps;
        while let Some(placed) = plan.pages_of.get(*next) {
            if !all && placed.iter().any(|&(bi, _)| bi >= self.out.len()) {
                return;
            }
            let pi = *next;
            *next += 1;
            // Sized exactly (one more for the page number).
            let draws: usize = placed
                .iter()
                .filter_map(|&(bi, _)| self.out.get(bi))
                .map(|b| b.draws.len())
                .sum();
            let mut page = Page {
                width: ps.width,
                height: ps.height,
                label: plan.labels.get(pi).copied().unwrap_or(Label::Arabic(1)),
                draws: Vec::with_capacity(draws + 1),
                roles: Vec::with_capacity(draws + 1),
                links: Vec::new(),
                // Every element its content belongs to is made by now.
                elements: std::mem::take(&mut self.elements),
            };
            for &(bi, y) in placed {
                let Some(b) = self.out.get_mut(bi) else {
                    continue;
                };
                if let Some(&lost) = plan.lost.get(bi)
                    && lost > 0.0
                {
                    shrink_figure(b, lost);
                }
                let (dx, dy) = (ps.margin_inner, ps.margin_top + y);
                for mut d in std::mem::take(&mut b.draws) {
                    d.shift(dx, dy);
                    page.draws.push(d);
                }
                page.roles.append(&mut b.roles);
                for mut l in std::mem::take(&mut b.links) {
                    l.x += dx;
                    l.y += dy;
                    page.links.push(l);
                }
            }
            for d in &mut page.draws {
                if let Draw::PageRef {
                    slug,
                    x,
                    y,
                    size,
                    face,
                    colour,
                } = d
                {
                    let text = plan
                        .anchors
                        .get(slug.as_str())
                        .and_then(|&(p, _)| plan.labels.get(p))
                        .map(|l| l.text())
                        .unwrap_or_default();
                    let glyphs = self.shaper.shape(*face, &text);
                    let w = super::text::advance(&glyphs) * *size;
                    let glyphs = GlyphRun::new(&glyphs);
                    *d = Draw::Text {
                        x: *x - w,
                        y: *y,
                        size: *size,
                        face: *face,
                        colour: *colour,
                        text,
                        glyphs,
                    };
                }
            }
            // The title page has no number.
            if pi != 0 {
                let y = ps.height - ps.margin_bottom + ps.footer_gap;
                let number = self.margin_line(page.label.text(), FaceId::Regular, y);
                page.draws.push(number);
                page.roles.push(Role::Footer);
            }
            if let Some(text) = running_head(plan, pi, &self.running_title) {
                // In the top margin as the number is in the bottom one.
                let y = ps.margin_top - ps.footer_gap + ps.footer_size;
                let head = self.margin_line(text, FaceId::Italic, y);
                page.draws.push(head);
                page.roles.push(Role::Header);
            }
            debug_assert_eq!(page.draws.len(), page.roles.len());
            emit(page);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceFile;

    fn vbox(h: f32, brk: Brk) -> VBox {
        let mut b = VBox::new(h, BoxKind::Line);
        b.brk = brk;
        b
    }

    #[test]
    fn roman_numerals() {
        assert_eq!(roman(1), "i");
        assert_eq!(roman(4), "iv");
        assert_eq!(roman(14), "xiv");
        assert_eq!(roman(1994), "mcmxciv");
    }

    #[test]
    fn a_figure_shrinks_rather_than_leave_a_hole() {
        // Six lines of 10, a figure of 50 kept with the line before it, then
        // more text, on pages of 100. At full size the figure and its line
        // go over, leaving half a page empty; shrunk by 10 they fit.
        let mut boxes: Vec<VBox> = (0..6).map(|_| vbox(10.0, Brk::Allowed)).collect();
        let mut fig = VBox::new(50.0, BoxKind::Figure);
        fig.brk = Brk::Never;
        fig.shrink = 12.0;
        boxes.push(fig);
        boxes.extend((0..8).map(|_| vbox(10.0, Brk::Allowed)));
        let (pages, lost) = paginate_shrinking(&boxes, 100.0, 1.0);
        assert_eq!(pages[0].last().unwrap().0, 6);
        assert!((lost[6] - 10.0).abs() < 1e-3, "{}", lost[6]);
        assert!(lost.iter().enumerate().all(|(i, &l)| i == 6 || l == 0.0));
        // Without room to shrink, the figure takes its line to the next page.
        boxes[6].shrink = 0.0;
        let (pages, lost) = paginate_shrinking(&boxes, 100.0, 1.0);
        assert_eq!(pages[1][0].0, 5);
        assert!(lost.iter().all(|&l| l == 0.0));
    }

    #[test]
    fn earlier_breaks_avoid_a_later_hole() {
        // Eighteen lines, then a figure of 60 kept with the last of them,
        // on pages of 100. A page at a time fills page 1 with ten lines;
        // page 2 then holds seven (70 %), as the figure and its line go
        // over. Weighing the whole section, page 1 ends earlier and page 2
        // holds more: no page but the last is under three quarters.
        let mut boxes: Vec<VBox> = (0..18).map(|_| vbox(10.0, Brk::Allowed)).collect();
        let mut fig = VBox::new(60.0, BoxKind::Figure);
        fig.brk = Brk::Never;
        boxes.push(fig);
        boxes.extend((0..6).map(|_| vbox(10.0, Brk::Allowed)));
        let pages = paginate(&boxes, 100.0, 1.0);
        let fill = |p: &Vec<(usize, f32)>| {
            let (i, y) = *p.last().unwrap();
            (y + boxes[i].height) / 100.0
        };
        for page in &pages[..pages.len() - 1] {
            assert!(fill(page) >= FULL_ENOUGH, "{pages:?}");
        }
    }

    #[test]
    fn the_page_before_a_figure_that_cannot_fit_ends_short_not_the_pages_before() {
        // Twenty-six lines, then a figure of 60 kept with the last of
        // them, on pages of 100. Twenty-five lines come before the figure
        // and its line, which go over whatever the third page holds: one
        // page ends short. Spread evenly, two pages would end at 80 %; a
        // typesetter fills the first two (90 %) and leaves the room above
        // the figure on the third (70 %).
        let mut boxes: Vec<VBox> = (0..26).map(|_| vbox(10.0, Brk::Allowed)).collect();
        let mut fig = VBox::new(60.0, BoxKind::Figure);
        fig.brk = Brk::Never;
        boxes.push(fig);
        boxes.extend((0..3).map(|_| vbox(10.0, Brk::Allowed)));
        let pages = paginate(&boxes, 100.0, 1.0);
        let ends: Vec<usize> = pages.iter().map(|p| p.last().unwrap().0).collect();
        assert_eq!(ends, [8, 17, 24, 29], "{pages:?}");
        // Only when the figure could not fit: shrunk far enough to, it
        // comes up to the third page, and every page but the last is full.
        boxes[26].shrink = 30.0;
        let pages = paginate(&boxes, 100.0, 1.0);
        let fill = |p: &Vec<(usize, f32)>| {
            let (i, y) = *p.last().unwrap();
            (y + boxes[i].height) / 100.0
        };
        for page in &pages[..pages.len() - 1] {
            assert!(fill(page) >= WELL_FILLED, "{pages:?}");
        }
    }

    fn spacing(gap_stretch: f32, runt: f32) -> Spacing {
        Spacing {
            gap_stretch,
            most_growth: f32::INFINITY,
            runt,
        }
    }

    /// Four paragraphs of two lines of 5, 11 apart (73 points), then one
    /// of four lines, on pages of 100; a line is 5, so a quarter line is
    /// 1.25. Gaps may grow to four times themselves here.
    fn short_paragraphs() -> Vec<VBox> {
        let mut boxes = Vec::new();
        for lines in [2, 2, 2, 2, 4] {
            for i in 0..lines {
                let mut b = vbox(
                    5.0,
                    if i == 0 || (i >= 2 && lines - i >= 2) {
                        Brk::Allowed
                    } else {
                        Brk::Never
                    },
                );
                if i == 0 {
                    b.space_before = 11.0;
                }
                boxes.push(b);
            }
        }
        boxes
    }

    #[test]
    fn no_gap_grows_past_a_quarter_line() {
        let boxes = short_paragraphs();
        let growth = |pages: &[Vec<(usize, f32)>]| {
            pages
                .iter()
                .flat_map(|p| p.windows(2))
                .map(|w| {
                    let ((a, ya), (b, yb)) = (w[0], w[1]);
                    yb - (ya + boxes[a].height + boxes[b].space_before)
                })
                .fold(0.0, f32::max)
        };
        // Uncapped, as the book was set before: the first page's four gaps
        // open by 1.5 points each to bring its last line to the foot.
        let (old, _) = paginate_without_runts(&boxes, 100.0, spacing(3.0, 0.0));
        assert!((growth(&old) - 1.5).abs() < 1e-3, "{old:?}");
        // Capped at a quarter line, no gap grows further.
        let capped = Spacing {
            most_growth: 1.25,
            ..spacing(3.0, 0.0)
        };
        let (new, _) = paginate_without_runts(&boxes, 100.0, capped);
        assert!(growth(&new) <= 1.25 + 1e-3, "{new:?}");
    }

    #[test]
    fn a_paragraph_breaks_rather_than_leave_a_short_page() {
        // The first page could end after the fourth paragraph, at 73 %
        // (77 % with its gaps grown by a quarter line), or break the fifth
        // after two lines and end at 94 % (99 % with its gaps grown): a
        // typesetter breaks the paragraph and keeps the gaps.
        let boxes = short_paragraphs();
        let capped = Spacing {
            most_growth: 1.25,
            ..spacing(3.0, 0.0)
        };
        let (pages, _) = paginate_without_runts(&boxes, 100.0, capped);
        let ends: Vec<usize> = pages.iter().map(|p| p.last().unwrap().0).collect();
        assert_eq!(ends, [9, 11], "{pages:?}");
        let (i, y) = *pages[0].last().unwrap();
        assert!((y + boxes[i].height - 99.0).abs() < 1e-3, "{pages:?}");
    }

    #[test]
    fn a_figure_floats_past_text_rather_than_leave_a_short_page() {
        // Six lines of 10, a line with a figure of 50 kept with it, then
        // three more lines and eight after a new section's heading, on
        // pages of 100. Kept in place, the figure and its line go over and
        // leave the first page at 60 %; floated past the three lines to
        // the top of the next page, the text fills the first.
        let mut boxes: Vec<VBox> = (0..7).map(|_| vbox(10.0, Brk::Allowed)).collect();
        let mut fig = VBox::new(50.0, BoxKind::Figure);
        fig.brk = Brk::Never;
        fig.floats = true;
        boxes.push(fig);
        boxes.extend((0..3).map(|_| vbox(10.0, Brk::Allowed)));
        boxes.push(vbox(10.0, Brk::NewPage));
        boxes.extend((0..8).map(|_| vbox(10.0, Brk::Allowed)));
        let spacing = spacing(0.0, 0.0);
        let ids = |pages: &[Vec<(usize, f32)>]| -> Vec<Vec<usize>> {
            pages
                .iter()
                .map(|p| p.iter().map(|&(i, _)| i).collect())
                .collect()
        };
        let (pages, _) = paginate_floating(&boxes, 100.0, spacing);
        assert_eq!(
            ids(&pages),
            [
                vec![0, 1, 2, 3, 4, 5, 6, 8, 9, 10],
                vec![7],
                (11..20).collect()
            ]
        );
        // A figure its sentence introduces with a colon stays after it.
        boxes[7].floats = false;
        let (pages, _) = paginate_floating(&boxes, 100.0, spacing);
        assert_eq!(ids(&pages)[1], [6, 7, 8, 9, 10]);
    }

    /// Each section is laid out apart: twenty sections, each a figure
    /// that floats to fill its first page (more than the float search's
    /// rounds for one section), come out as each section laid out alone.
    #[test]
    fn every_section_is_laid_out_apart_and_each_may_float_its_figures() {
        let section = |first: Brk| {
            let mut boxes: Vec<VBox> = vec![vbox(10.0, first)];
            boxes.extend((0..6).map(|_| vbox(10.0, Brk::Allowed)));
            let mut fig = VBox::new(50.0, BoxKind::Figure);
            fig.brk = Brk::Never;
            fig.floats = true;
            boxes.push(fig);
            boxes.extend((0..3).map(|_| vbox(10.0, Brk::Allowed)));
            boxes
        };
        let spacing = spacing(0.0, 0.0);
        let alone = paginate_floating(&section(Brk::Allowed), 100.0, spacing).0;
        let ids = |pages: &[Vec<(usize, f32)>]| -> Vec<Vec<usize>> {
            pages
                .iter()
                .map(|p| p.iter().map(|&(i, _)| i).collect())
                .collect()
        };
        assert_eq!(ids(&alone)[1], [7], "the figure floats");
        let mut book = section(Brk::Allowed);
        for _ in 1..20 {
            book.extend(section(Brk::NewPage));
        }
        let (pages, lost) = paginate_floating(&book, 100.0, spacing);
        assert_eq!(lost.len(), book.len());
        let want: Vec<Vec<usize>> = (0..20)
            .flat_map(|k| {
                ids(&alone)
                    .into_iter()
                    .map(move |p| p.into_iter().map(|i| k * 11 + i).collect())
            })
            .collect();
        assert_eq!(ids(&pages), want);
        // And at the same heights.
        for (page, same) in pages.iter().zip(alone.iter().cycle()) {
            let ys = |p: &[(usize, f32)]| p.iter().map(|&(_, y)| y).collect::<Vec<_>>();
            assert_eq!(ys(page), ys(same));
        }
    }

    fn ids(pages: &[Vec<(usize, f32)>]) -> Vec<Vec<usize>> {
        pages
            .iter()
            .map(|p| p.iter().map(|&(i, _)| i).collect())
            .collect()
    }

    #[test]
    fn a_figure_never_floats_past_a_heading() {
        // Seven lines of 10 and a figure of 50 kept with the last, then a
        // subsection's heading, kept with its first line, and two lines
        // more, before a new section, on pages of 100. Floated past the
        // heading, the figure would be read in the wrong subsection; it
        // goes back instead, to open the first page, and the text after
        // it fills the page.
        let mut boxes: Vec<VBox> = (0..7).map(|_| vbox(10.0, Brk::Allowed)).collect();
        let mut fig = VBox::new(50.0, BoxKind::Figure);
        fig.brk = Brk::Never;
        fig.floats = true;
        boxes.push(fig);
        boxes.push(VBox::new(10.0, BoxKind::Heading(3)));
        boxes.push(vbox(10.0, Brk::Never));
        boxes.push(vbox(10.0, Brk::Allowed));
        boxes.push(vbox(10.0, Brk::NewPage));
        boxes.extend((0..8).map(|_| vbox(10.0, Brk::Allowed)));
        let (pages, _) = paginate_floating(&boxes, 100.0, spacing(0.0, 0.0));
        assert_eq!(
            ids(&pages),
            [
                vec![7, 0, 1, 2, 3, 4],
                vec![5, 6, 8, 9, 10],
                (11..20).collect()
            ]
        );
        // Nor back past a heading: with the subsection opening the first
        // page, the figure stays after its text.
        boxes[0].kind = BoxKind::Heading(3);
        boxes[1].brk = Brk::Never;
        let (pages, _) = paginate_floating(&boxes, 100.0, spacing(0.0, 0.0));
        assert_eq!(pages[0][0].0, 0);
        let order: Vec<usize> = ids(&pages).concat();
        assert_eq!(order, (0..20).collect::<Vec<_>>());
    }

    #[test]
    fn two_pages_in_a_row_do_not_end_short() {
        // Sixteen lines of 10, then two figures of 60, each kept with a
        // line, on pages of 100. Ten lines and six leave the second page
        // at 60 % before a figure that cannot fit, and the third at 70 %
        // before the other: two short pages in a row. Eight and eight end
        // the first page a little short instead, and the second does not.
        let mut boxes: Vec<VBox> = (0..17).map(|_| vbox(10.0, Brk::Allowed)).collect();
        for at in [17, 19] {
            let mut fig = VBox::new(60.0, BoxKind::Figure);
            fig.brk = Brk::Never;
            boxes.insert(at, fig);
            if at == 17 {
                boxes.insert(18, vbox(10.0, Brk::Allowed));
            }
        }
        let (pages, _) = paginate_floating(&boxes, 100.0, spacing(0.0, 0.0));
        assert_eq!(
            ids(&pages),
            [
                (0..8).collect::<Vec<_>>(),
                (8..16).collect(),
                vec![16, 17],
                vec![18, 19]
            ]
        );
    }

    #[test]
    fn the_parts_of_a_table_share_a_page_unless_that_leaves_a_hole() {
        // A line, then two parts of a table of 35, each with its line,
        // the second's break avoided: together they fill the page.
        let part = |brk| {
            let mut fig = VBox::new(35.0, BoxKind::Figure);
            fig.brk = Brk::Never;
            [vbox(10.0, brk), fig]
        };
        let mut boxes = vec![vbox(10.0, Brk::Allowed)];
        boxes.extend(part(Brk::Allowed));
        boxes.extend(part(Brk::Avoid));
        boxes.extend((0..3).map(|_| vbox(10.0, Brk::Allowed)));
        let (pages, _) = paginate_floating(&boxes, 100.0, spacing(0.0, 0.0));
        assert_eq!(ids(&pages)[0], [0, 1, 2, 3, 4]);
        // After five lines, kept together they would leave half the page
        // blank: the first part ends that page, the second opens the next.
        let mut boxes: Vec<VBox> = (0..5).map(|_| vbox(10.0, Brk::Allowed)).collect();
        boxes.extend(part(Brk::Allowed));
        boxes.extend(part(Brk::Avoid));
        let (pages, _) = paginate_floating(&boxes, 100.0, spacing(0.0, 0.0));
        assert_eq!(ids(&pages), [(0..7).collect::<Vec<_>>(), vec![7, 8]]);
    }

    #[test]
    fn only_a_figure_its_sentence_does_not_introduce_floats() {
        let text = format!(
            "## A\nThis is the start.\n\n{BOARD}\nAnd then:\n\n{BOARD}\n* A list item.\n\n{BOARD}\n"
        );
        let (boxes, _) = lay(&text);
        let floats: Vec<bool> = boxes
            .iter()
            .filter(|b| b.kind == BoxKind::Figure)
            .map(|b| b.floats)
            .collect();
        assert_eq!(floats, [true, false, true]);
    }

    #[test]
    fn a_section_does_not_end_on_a_runt_page() {
        // Twelve lines of 10 on pages of 100, then a new section: ten and
        // two leaves two lines alone; eight and four keeps the first page
        // over three quarters full and the last no runt.
        let mut boxes: Vec<VBox> = (0..12).map(|_| vbox(10.0, Brk::Allowed)).collect();
        boxes.push(vbox(10.0, Brk::NewPage));
        let lines_on = |pages: &[Vec<(usize, f32)>]| pages.iter().map(Vec::len).collect::<Vec<_>>();
        let (plain, _) = paginate_shrinking(&boxes, 100.0, 0.0);
        assert_eq!(lines_on(&plain), [10, 2, 1]);
        let (kept, _) = paginate_without_runts(&boxes, 100.0, spacing(0.0, 35.0));
        assert_eq!(lines_on(&kept), [8, 4, 1]);
        // Not at the cost of a hole: with eleven lines, seven and four
        // would leave the first page at 70 %, so one line stays alone.
        boxes.remove(0);
        let (kept, _) = paginate_without_runts(&boxes, 100.0, spacing(0.0, 35.0));
        assert_eq!(lines_on(&kept), [10, 1, 1]);
    }

    #[test]
    fn typographic_punctuation_and_lining_figures() {
        let (boxes, _) = lay("## A\nIt's \"Chess960\" -- for 2--4 players.\n");
        let text: String = boxes
            .iter()
            .flat_map(|b| &b.draws)
            .filter_map(|d| match d {
                Draw::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert!(text.contains("It\u{2019}s"), "{text}");
        assert!(text.contains("\u{201c}Chess960\u{201d}"), "{text}");
        assert!(text.contains("2\u{2013}4"), "{text}");
        let fonts = super::super::text::Fonts::new("Raleway", "Fredoka One").unwrap();
        let mut shaper = Shaper::new(&fonts);
        let nine = shaper.shape(FaceId::Regular, "9")[0].id;
        let old_style = fonts.face(FaceId::Regular).rb.glyph_index('9').unwrap().0;
        assert_ne!(nine, old_style, "lining figures are on");
    }

    #[test]
    fn a_first_heading_that_repeats_the_title_is_shown_once() {
        let text = "---\ntitle: Karl's Zebra Games\n---\n# Karl's Zebra Games\n\n\
                    ## Table of Contents\n\n## Angle\nSome text.\n";
        let mut diags = Vec::new();
        let book = Book::parse(SourceFile::new("dir/t.md", text), &mut diags);
        let toc = crate::contents::table_of_contents(&book, &mut diags);
        let fonts = super::super::text::Fonts::new("Raleway", "Fredoka One").unwrap();
        let bs = BookStyle::default();
        let laid = layout(&book, &toc, &Style::default(), &bs, &bs.letter, &fonts).unwrap();
        let zebras = |p: &Page| {
            p.draws
                .iter()
                .filter(|d| matches!(d, Draw::Text { text, .. } if text.contains("Zebra")))
                .count()
        };
        // On the title page only: neither a page of its own nor a contents line.
        assert!(zebras(&laid.pages[0]) > 0);
        assert_eq!(laid.pages[1..].iter().map(zebras).sum::<usize>(), 0);
        // Links to it still land: on the contents page.
        let slug = &book.sections[0].slug;
        assert_eq!(laid.anchors.get(slug).map(|a| a.0), Some(1));
        // A heading that differs from the title is drawn.
        let other = text.replace("# Karl's Zebra Games", "# Zebra Parts");
        let book = Book::parse(SourceFile::new("dir/t.md", &other), &mut diags);
        let toc = crate::contents::table_of_contents(&book, &mut diags);
        let laid = layout(&book, &toc, &Style::default(), &bs, &bs.letter, &fonts).unwrap();
        assert!(laid.pages[1..].iter().map(zebras).sum::<usize>() > 0);
    }

    /// A contents entry's description continues its heading on the same
    /// line, as the author writes it ("Zombie Chess is a game where…").
    #[test]
    fn a_description_runs_on_from_its_heading() {
        let text = "---\ntitle: Games\n---\n## Table of Contents\n\n## Zombie Chess\nText.\n";
        let mut diags = Vec::new();
        let book = Book::parse(SourceFile::new("dir/t.md", text), &mut diags);
        let mut toc = crate::contents::table_of_contents(&book, &mut diags);
        let zombie = toc.iter_mut().find(|e| e.title == "Zombie Chess").unwrap();
        zombie.description = Some("is a game where you bury each piece you capture.".into());
        let fonts = super::super::text::Fonts::new("Raleway", "Fredoka One").unwrap();
        let bs = BookStyle::default();
        let laid = layout(&book, &toc, &Style::default(), &bs, &bs.letter, &fonts).unwrap();
        let contents = laid
            .pages
            .iter()
            .find(|p| {
                p.draws
                    .iter()
                    .any(|d| matches!(d, Draw::Text { text, .. } if text == "Contents"))
            })
            .unwrap();
        let at = |word: &str| {
            contents
                .draws
                .iter()
                .find_map(|d| match d {
                    Draw::Text { text, y, face, .. } if text.contains(word) => Some((*y, *face)),
                    _ => None,
                })
                .unwrap()
        };
        let (title_y, title_face) = at("Zombie");
        let (description_y, description_face) = at("bury");
        assert_eq!(title_y, description_y, "one line");
        assert_eq!(title_face, FaceId::SemiBold);
        assert_eq!(description_face, FaceId::Italic);
    }

    #[test]
    fn the_second_pass_hands_over_each_page_before_the_book_is_set() {
        // Twelve sections of a page or so each, with a contents page that
        // needs every page number, and a link back to the first section.
        let mut text = String::from("---\ntitle: Pages\n---\n## Table of Contents\n");
        for i in 0..12 {
            text.push_str(&format!("\n## Game {i}\n\n"));
            for _ in 0..6 {
                text.push_str(&format!("{}\n\n", long_text(60)));
            }
            text.push_str("See [the first game](#game-0).\n");
        }
        let mut diags = Vec::new();
        let book = Book::parse(SourceFile::new("dir/t.md", text), &mut diags);
        let toc = crate::contents::table_of_contents(&book, &mut diags);
        let fonts = super::super::text::Fonts::new("Raleway", "Fredoka One").unwrap();
        let bs = BookStyle::default();
        let style = Style::default();
        let drawings = DrawingStore::new(&style);
        let (plan, mut second) = plan(&book, &toc, &drawings, &bs, &bs.letter, &fonts).unwrap();
        // The first pass keeps no drawing.
        assert!(plan.pages > 12, "{} pages", plan.pages);
        // Boxes set when each page was handed over, and the pages.
        let mut set_at = Vec::new();
        let mut pages = Vec::new();
        let mut next = 0;
        run(&mut second.ctx, &toc, &mut |ctx| {
            let set = ctx.out.len();
            ctx.flush(&plan, &mut next, false, &mut |p| {
                set_at.push(set);
                pages.push(p);
            })
        });
        let total = second.ctx.out.len();
        second.ctx.flush(&plan, &mut next, true, &mut |p| {
            set_at.push(total);
            pages.push(p);
        });
        assert_eq!(pages.len(), plan.pages);
        // A page goes as soon as the block that fills it is set.
        assert!(
            set_at[0] < total / 10 && set_at[plan.pages / 4] < total / 2,
            "pages held until {set_at:?} of {total} boxes"
        );
        // The same pages as a layout that holds them all, numbers included.
        let laid = layout(&book, &toc, &style, &bs, &bs.letter, &fonts).unwrap();
        let texts = |p: &Page| -> Vec<String> {
            p.draws
                .iter()
                .filter_map(|d| match d {
                    Draw::Text { text, .. } => Some(text.clone()),
                    _ => None,
                })
                .collect()
        };
        let streamed: Vec<Vec<String>> = pages.iter().map(texts).collect();
        let held: Vec<Vec<String>> = laid.pages.iter().map(texts).collect();
        assert_eq!(streamed, held);
        let contents = streamed[1].join(" ");
        let game_11 = laid.anchors["game-11"].0;
        assert!(
            contents.contains(&laid.pages[game_11].label.text()),
            "{contents}"
        );
    }

    #[test]
    fn gaps_stretch_to_the_foot_except_at_a_section_end() {
        // Eight paragraphs of two lines of 10, 5 apart, on pages of 100:
        // four fill 95 points of the first page, whose three gaps then grow
        // to bring the last line to the foot. The last page ends the book
        // and keeps its natural gaps.
        let mut boxes = Vec::new();
        for _ in 0..8 {
            let mut first = vbox(10.0, Brk::Allowed);
            first.space_before = 5.0;
            boxes.push(first);
            boxes.push(vbox(10.0, Brk::Never));
        }
        let pages = paginate(&boxes, 100.0, 1.0);
        assert_eq!(pages.len(), 2, "{pages:?}");
        let bottom = |p: &Vec<(usize, f32)>| {
            let (i, y) = *p.last().unwrap();
            y + boxes[i].height
        };
        assert!((bottom(&pages[0]) - 100.0).abs() < 1e-3, "{pages:?}");
        assert!((bottom(&pages[1]) - 95.0).abs() < 1e-3, "{pages:?}");
    }

    #[test]
    fn gaps_grow_as_far_as_the_format_lets_them() {
        // Three paragraphs of two lines of 10, 10 apart (80 points), then a
        // figure of 50 kept with its line, on pages of 100. The first page
        // ends at 80 % with no stretch; its two gaps may then grow by half
        // (90), or all the way to the foot, and never past it.
        let mut boxes = Vec::new();
        for _ in 0..3 {
            let mut first = vbox(10.0, Brk::Allowed);
            first.space_before = 10.0;
            boxes.push(first);
            boxes.push(vbox(10.0, Brk::Never));
        }
        let mut line = vbox(10.0, Brk::Allowed);
        line.space_before = 10.0;
        boxes.push(line);
        let mut fig = VBox::new(50.0, BoxKind::Figure);
        fig.brk = Brk::Never;
        boxes.push(fig);
        boxes.push(vbox(10.0, Brk::Allowed));
        let bottom = |stretch: f32| {
            let pages = paginate(&boxes, 100.0, stretch);
            assert_eq!(pages[0].len(), 6, "{pages:?}");
            let (i, y) = *pages[0].last().unwrap();
            y + boxes[i].height
        };
        assert!((bottom(0.0) - 80.0).abs() < 1e-3);
        assert!((bottom(0.5) - 90.0).abs() < 1e-3);
        assert!((bottom(1.0) - 100.0).abs() < 1e-3);
        assert!((bottom(1.4) - 100.0).abs() < 1e-3);
    }

    #[test]
    fn a_diagram_is_set_without_its_blank_bands() {
        // The same board, once with two blank squares above and below it:
        // both take the same height on the page.
        let text = format!("## A\nSee:\n\n{BOARD}    margins: 0, 2\n\nAnd:\n\n{BOARD}\nAfter.\n");
        let (boxes, _) = lay(&text);
        let figures: Vec<&VBox> = boxes.iter().filter(|b| b.kind == BoxKind::Figure).collect();
        assert_eq!(figures.len(), 2);
        let drawn = |b: &VBox| match b.draws[0] {
            Draw::Svg { y, h, .. } => (y, h),
            _ => panic!("not a diagram"),
        };
        // The plain board in its frame is 8 2/3 squares high; rows of ink
        // are found to a quarter square.
        let square = drawn(figures[1]).1 / (8.0 + 2.0 / 3.0);
        let (a, b) = (figures[0].height, figures[1].height);
        assert!((a - b).abs() <= square / 4.0 + 0.01, "{a} {b}");
        // The margins are still drawn, above and below the box, where
        // nothing shows.
        let (y, h) = drawn(figures[0]);
        assert!(y < -square * 1.5 && h > a + square * 3.5, "{y} {h} {a}");
    }

    #[test]
    fn pagination_backs_up_to_an_allowed_break() {
        // Five lines of 10 on pages of 35: the break before box 3 is not
        // allowed, so the page ends before box 2.
        let boxes = vec![
            vbox(10.0, Brk::Allowed),
            vbox(10.0, Brk::Allowed),
            vbox(10.0, Brk::Allowed),
            vbox(10.0, Brk::Never),
            vbox(10.0, Brk::Allowed),
        ];
        let pages = paginate(&boxes, 35.0, 1.0);
        let idx: Vec<Vec<usize>> = pages
            .iter()
            .map(|p| p.iter().map(|x| x.0).collect())
            .collect();
        assert_eq!(idx, vec![vec![0, 1], vec![2, 3, 4]]);
        // Forced breaks, and a box taller than a page still makes progress.
        let boxes = vec![
            vbox(50.0, Brk::Allowed),
            vbox(5.0, Brk::NewPage),
            vbox(5.0, Brk::Never),
        ];
        let pages = paginate(&boxes, 35.0, 1.0);
        assert_eq!(pages.len(), 2);
        assert!(paginate(&[], 10.0, 1.0).is_empty());
    }

    fn lay(text: &str) -> (Vec<VBox>, Vec<Vec<(usize, f32)>>) {
        let mut diags = Vec::new();
        let book = Book::parse(SourceFile::new("dir/t.md", text), &mut diags);
        let fonts = super::super::text::Fonts::new("Raleway", "Fredoka One").unwrap();
        let bs = BookStyle::default();
        let style = Style::default();
        let mut ctx_diags = Vec::new();
        let toc = crate::contents::table_of_contents(&book, &mut ctx_diags);
        // Build the boxes the way `layout` does, then paginate them.
        let laid = layout(&book, &toc, &style, &bs, &bs.zine, &fonts);
        assert!(laid.is_ok());
        let width = bs.zine.width - bs.zine.margin_inner - bs.zine.margin_outer;
        let body = bs.zine.height - bs.zine.margin_top - bs.zine.margin_bottom;
        let mut ctx = Ctx {
            book: &book,
            bs: &bs,
            ps: &bs.zine,
            shaper: Shaper::new(&fonts),
            colours: Colours {
                text: (0, 0, 0),
                heading: (0, 0, 0),
                link: (0, 0, 0),
                muted: (0, 0, 0),
                rule: (0, 0, 0),
            },
            width,
            body,
            out: Vec::new(),
            targets: Vec::new(),
            trees: Vec::new(),
            tree_list: Vec::new(),
            images: Vec::new(),
            outline: Vec::new(),
            running_title: String::new(),
            heading_levels: Vec::new(),
            diags: Vec::new(),
            body_started: false,
            next_brk: None,
            pending_anchors: Vec::new(),
            title_slug: None,
            label_units: (style.board.label_size * UNIT) as f32,
            keep_draws: true,
            card_part: None,
            elements: Vec::new(),
            next_elem: 0,
            parent: None,
        };
        let parsed: Vec<Option<usize>> = book
            .diagrams
            .iter()
            .enumerate()
            .map(|(i, d)| {
                let tree =
                    parse_svg(&crate::render::diagram_svg(d.diagram.as_ref()?, &style)).ok()?;
                let em = ctx.shaper.fonts.face(FaceId::Regular).rb.units_per_em() as f32;
                ctx.tree_list.push((i, Measured::of(&tree, em)));
                Some(ctx.tree_list.len() - 1)
            })
            .collect();
        ctx.trees = parsed;
        for b in &book.blocks {
            ctx.block(b, 0.0, width, 0);
        }
        let pages = paginate(&ctx.out, body, bs.zine.gap_stretch);
        (ctx.out, pages)
    }

    const BOARD: &str = "    r n b q k b n r\n    p p p p p p p p\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    P P P P P P P P\n    R N B Q K B N R\n";

    fn long_text(n: usize) -> String {
        (0..n)
            .map(|i| {
                format!("Sentence number {i} tells the players what to do next with their pieces.")
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn sections_start_new_pages_and_headings_are_never_last() {
        let text = format!(
            "## First\n{}\n\n### Sub\n{}\n\n## Second\nShort.\n\n### Third\n{}\n",
            long_text(20),
            long_text(15),
            long_text(30)
        );
        let (boxes, pages) = lay(&text);
        for (pi, page) in pages.iter().enumerate() {
            let (last, _) = *page.last().unwrap();
            assert!(
                !matches!(boxes[last].kind, BoxKind::Heading(_)),
                "page {pi} ends with a heading"
            );
            for &(i, _) in page.iter().skip(1) {
                assert!(
                    !matches!(boxes[i].kind, BoxKind::Heading(2)),
                    "a section starts mid-page"
                );
            }
        }
        let second = pages
            .iter()
            .position(|p| {
                p.iter()
                    .any(|&(i, _)| boxes[i].kind == BoxKind::Heading(2) && i > 0)
            })
            .unwrap();
        assert_eq!(
            pages[second][0].0,
            boxes
                .iter()
                .rposition(|b| b.kind == BoxKind::Heading(2))
                .unwrap()
        );
    }

    #[test]
    fn no_widows_or_orphans() {
        let text = format!(
            "## A\n{}\n\n{}\n\n{}\n",
            long_text(9),
            long_text(13),
            long_text(17)
        );
        let (boxes, pages) = lay(&text);
        assert!(pages.len() >= 2);
        for page in &pages {
            // The first box of a page is never the last line of a paragraph
            // that started on the page before, and the last is never a
            // paragraph's first line with more to come.
            let (first, _) = page[0];
            let (last, _) = *page.last().unwrap();
            if boxes[first].brk == Brk::Allowed && first > 0 && boxes[first].kind == BoxKind::Line {
                let next_is_new = boxes
                    .get(first + 1)
                    .is_none_or(|b| b.space_before > 0.0 || b.kind != BoxKind::Line);
                assert!(
                    !next_is_new || boxes[first].space_before > 0.0,
                    "a widow at the top of a page"
                );
            }
            if boxes[last].kind == BoxKind::Line {
                let continues = boxes
                    .get(last + 1)
                    .is_some_and(|b| b.kind == BoxKind::Line && b.space_before == 0.0);
                let starts = boxes[last].space_before > 0.0;
                assert!(!(continues && starts), "an orphan at the foot of a page");
            }
        }
    }

    #[test]
    fn a_diagram_is_never_split_and_stays_with_its_sentence() {
        let text = format!(
            "## A\n{}\n\nIn this example, White moves:\n\n{BOARD}\nAfter.\n",
            long_text(22)
        );
        let (boxes, pages) = lay(&text);
        let fig = boxes
            .iter()
            .position(|b| b.kind == BoxKind::Figure)
            .unwrap();
        let page = pages
            .iter()
            .find(|p| p.iter().any(|&(i, _)| i == fig))
            .unwrap();
        // The introducing line shares the diagram's page.
        assert!(page.iter().any(|&(i, _)| i == fig - 1));
        let draws = boxes[fig].draws.len();
        assert_eq!(draws, 1);
    }
}
