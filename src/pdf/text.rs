//! Text: the embedded fonts, shaping with rustybuzz (kerning, ligatures),
//! English hyphenation with hypher, and a Knuth–Plass line breaker over
//! the shaped widths.

use std::collections::HashMap;
use std::sync::Arc;

use resvg::usvg::fontdb;

use crate::assets;

/// The faces the book uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FaceId {
    Regular,
    Italic,
    SemiBold,
    Bold,
    BoldItalic,
    Heading,
}

impl FaceId {
    pub const ALL: [FaceId; 6] = [
        FaceId::Regular,
        FaceId::Italic,
        FaceId::SemiBold,
        FaceId::Bold,
        FaceId::BoldItalic,
        FaceId::Heading,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn bold(self) -> FaceId {
        match self {
            FaceId::Italic | FaceId::BoldItalic => FaceId::BoldItalic,
            FaceId::Heading => FaceId::Heading,
            _ => FaceId::Bold,
        }
    }

    pub fn italic(self) -> FaceId {
        match self {
            FaceId::Bold | FaceId::BoldItalic | FaceId::SemiBold => FaceId::BoldItalic,
            FaceId::Heading => FaceId::Heading,
            _ => FaceId::Italic,
        }
    }
}

/// One font face: its bytes (for the PDF) and the shaper's view of them.
pub struct Face {
    pub data: &'static [u8],
    pub rb: rustybuzz::Face<'static>,
    /// Ascender and descender in ems (the descender is negative).
    pub ascender: f32,
    pub descender: f32,
    units_per_em: f32,
}

/// The book's faces, in [`FaceId`] order.
pub struct Fonts {
    faces: Vec<Face>,
}

impl Fonts {
    /// Finds the faces among the embedded fonts; a family the binary does not
    /// embed is an error.
    pub fn new(body_family: &str, heading_family: &str) -> Result<Fonts, String> {
        let db = assets::font_database();
        let mut faces = Vec::new();
        for id in FaceId::ALL {
            let (family, weight, italic) = match id {
                FaceId::Regular => (body_family, 400, false),
                FaceId::Italic => (body_family, 400, true),
                FaceId::SemiBold => (body_family, 600, false),
                FaceId::Bold => (body_family, 700, false),
                FaceId::BoldItalic => (body_family, 700, true),
                FaceId::Heading => (heading_family, 400, false),
            };
            let query = fontdb::Query {
                families: &[fontdb::Family::Name(family)],
                weight: fontdb::Weight(weight),
                style: if italic {
                    fontdb::Style::Italic
                } else {
                    fontdb::Style::Normal
                },
                ..Default::default()
            };
            let found = db
                .query(&query)
                .and_then(|fid| db.faces().position(|f| f.id == fid));
            // The database holds the embedded files in `FONTS` order, one face each.
            let Some(file) = found.and_then(|i| assets::FONTS.get(i)) else {
                return Err(format!(
                    "the font family `{family}` is not embedded; use \"{}\" or \"{}\"",
                    assets::BODY_FAMILY,
                    assets::HEADING_FAMILY
                ));
            };
            let rb = rustybuzz::Face::from_slice(file.data, 0)
                .ok_or_else(|| format!("cannot read the font {}", file.file_name))?;
            let upem = f32::from(rb.units_per_em() as u16).max(1.0);
            faces.push(Face {
                data: file.data,
                ascender: f32::from(rb.ascender()) / upem,
                descender: f32::from(rb.descender()) / upem,
                units_per_em: upem,
                rb,
            });
        }
        Ok(Fonts { faces })
    }

    pub fn face(&self, id: FaceId) -> &Face {
        &self.faces[id.index()]
    }
}

impl Face {
    /// Font units per em, as the glyph outlines are drawn.
    pub fn units_per_em(&self) -> f32 {
        self.units_per_em
    }
}

/// A shaped glyph; lengths in ems, `cluster` a byte offset into its text.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glyph {
    pub id: u16,
    pub advance: f32,
    pub dx: f32,
    pub dy: f32,
    pub cluster: u32,
}

/// An RGB colour.
pub type Rgb = (u8, u8, u8);

/// Glyphs as a drawn line keeps them until its page is written: 8 bytes
/// a glyph where that holds it exactly (no offset, a cluster below
/// 65,536), else 20. A 10,000-diagram book holds millions of glyphs
/// while it is paginated.
#[derive(Clone, Debug, PartialEq)]
pub enum GlyphRun {
    Packed(Box<[PackedGlyph]>),
    Full(Box<[Glyph]>),
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PackedGlyph {
    id: u16,
    cluster: u16,
    advance: f32,
}

impl GlyphRun {
    pub fn new(glyphs: &[Glyph]) -> GlyphRun {
        let packed: Option<Box<[PackedGlyph]>> = glyphs
            .iter()
            .map(|g| {
                (g.dx == 0.0 && g.dy == 0.0)
                    .then(|| u16::try_from(g.cluster).ok())
                    .flatten()
                    .map(|cluster| PackedGlyph {
                        id: g.id,
                        cluster,
                        advance: g.advance,
                    })
            })
            .collect();
        match packed {
            Some(p) => GlyphRun::Packed(p),
            None => GlyphRun::Full(glyphs.into()),
        }
    }

    pub fn len(&self) -> usize {
        match self {
            GlyphRun::Packed(p) => p.len(),
            GlyphRun::Full(f) => f.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn to_vec(&self) -> Vec<Glyph> {
        match self {
            GlyphRun::Packed(p) => p
                .iter()
                .map(|g| Glyph {
                    id: g.id,
                    advance: g.advance,
                    dx: 0.0,
                    dy: 0.0,
                    cluster: u32::from(g.cluster),
                })
                .collect(),
            GlyphRun::Full(f) => f.to_vec(),
        }
    }
}

/// Shapes text, remembering each (face, word) it has shaped, and each
/// word's hyphenation points: a book sets the same words many times, and
/// a lookup allocates nothing.
pub struct Shaper<'f> {
    pub fonts: &'f Fonts,
    shaped: [HashMap<Box<str>, Arc<[Glyph]>>; FaceId::ALL.len()],
    hyphens: HashMap<Box<str>, Arc<[usize]>>,
    /// Each face's shaping plan for each script met: making one looks up
    /// the face's features, the most of shaping a short word.
    plans: HashMap<(usize, rustybuzz::Script), rustybuzz::ShapePlan>,
}

impl<'f> Shaper<'f> {
    pub fn new(fonts: &'f Fonts) -> Self {
        Shaper {
            fonts,
            shaped: Default::default(),
            hyphens: HashMap::new(),
            plans: HashMap::new(),
        }
    }

    pub fn shape(&mut self, face: FaceId, text: &str) -> Arc<[Glyph]> {
        if let Some(g) = self.shaped[face.index()].get(text) {
            return g.clone();
        }
        let f = self.fonts.face(face);
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(text);
        buffer.set_direction(rustybuzz::Direction::LeftToRight);
        // As `rustybuzz::shape` makes its plan, once for each script.
        buffer.guess_segment_properties();
        let script = buffer.script();
        let plan = self.plans.entry((face.index(), script)).or_insert_with(|| {
            // Lining figures: Raleway's default old-style ones make
            // "Chess960" read as "Chessg6o".
            let lining =
                rustybuzz::Feature::new(rustybuzz::ttf_parser::Tag::from_bytes(b"lnum"), 1, ..);
            rustybuzz::ShapePlan::new(
                &f.rb,
                rustybuzz::Direction::LeftToRight,
                (script != rustybuzz::script::UNKNOWN).then_some(script),
                None,
                &[lining],
            )
        });
        let out = rustybuzz::shape_with_plan(&f.rb, plan, buffer);
        let scale = 1.0 / f.units_per_em;
        let glyphs: Arc<[Glyph]> = out
            .glyph_infos()
            .iter()
            .zip(out.glyph_positions())
            .map(|(info, pos)| Glyph {
                id: info.glyph_id as u16,
                advance: pos.x_advance as f32 * scale,
                dx: pos.x_offset as f32 * scale,
                dy: pos.y_offset as f32 * scale,
                cluster: info.cluster,
            })
            .collect();
        self.shaped[face.index()].insert(text.into(), glyphs.clone());
        glyphs
    }

    /// [`hyphenation_points`], remembered.
    fn hyphenation(&mut self, word: &str) -> Arc<[usize]> {
        if let Some(p) = self.hyphens.get(word) {
            return p.clone();
        }
        let points: Arc<[usize]> = hyphenation_points(word).into();
        self.hyphens.insert(word.into(), points.clone());
        points
    }

    /// The advance of a text at a size, in points.
    pub fn width(&mut self, face: FaceId, text: &str, size: f32) -> f32 {
        advance(&self.shape(face, text)) * size
    }
}

/// The advance of glyphs, in ems.
pub fn advance(glyphs: &[Glyph]) -> f32 {
    glyphs.iter().map(|g| g.advance).sum()
}

/// A piece of paragraph text in one style. `link` is the layout's index of
/// the link it belongs to. A `\n` is a forced line break.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub text: String,
    pub face: FaceId,
    pub colour: Rgb,
    pub link: Option<usize>,
}

/// Shaped text placed on a line: `x` from the line's start, in points.
#[derive(Clone, Debug, PartialEq)]
pub struct Fragment {
    pub x: f32,
    pub width: f32,
    pub face: FaceId,
    pub colour: Rgb,
    pub link: Option<usize>,
    pub text: String,
    pub glyphs: Vec<Glyph>,
    /// The hyphen the breaker added at the line's end: drawn, but not part
    /// of the text (tagged PDF makes it an artifact, so the word reads
    /// whole).
    pub hyphen: bool,
}

/// One set line.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub fragments: Vec<Fragment>,
    /// The width the line takes, in points.
    pub width: f32,
    /// Ends in a hyphen the breaker added.
    pub hyphenated: bool,
}

/// How a paragraph is set.
#[derive(Clone, Copy, Debug)]
pub struct SetOptions {
    pub size: f32,
    /// Ragged right (headings, contents descriptions) instead of justified.
    pub ragged: bool,
    pub hyphenate: bool,
    pub tolerance: f32,
    pub hyphen_penalty: f32,
}

const INFINITE: f32 = 10000.0;
const FILL: f32 = 1.0e6;
const LINE_PENALTY: f32 = 10.0;
const FLAGGED_DEMERITS: f32 = 3000.0;
const FITNESS_DEMERITS: f32 = 100.0;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    /// An index into the paragraph's pieces.
    Box(usize),
    /// `space`: the face and link of the space, so justified text keeps it.
    Glue,
    Penalty {
        cost: f32,
        flagged: bool,
        /// The piece whose style a break's hyphen takes.
        hyphen: Option<usize>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Item {
    kind: Kind,
    width: f32,
    stretch: f32,
    shrink: f32,
}

/// A word, or the part of one between hyphenation points: its text in
/// the run, and its glyphs in the word's shaped glyphs.
struct Piece<'r> {
    face: FaceId,
    colour: Rgb,
    link: Option<usize>,
    text: &'r str,
    word: Arc<[Glyph]>,
    glyphs: std::ops::Range<usize>,
    /// Where `text` starts in the word, in bytes.
    offset: u32,
}

impl Piece<'_> {
    fn advance(&self) -> f32 {
        advance(&self.word[self.glyphs.clone()])
    }

    /// Its glyphs, their clusters counted from `base` in a fragment's text.
    fn glyphs(&self, base: u32) -> impl Iterator<Item = Glyph> + '_ {
        self.word[self.glyphs.clone()].iter().map(move |g| Glyph {
            cluster: g.cluster.saturating_sub(self.offset) + base,
            ..*g
        })
    }
}

/// A paragraph turned into boxes, glue and penalties.
struct Para<'r> {
    items: Vec<Item>,
    pieces: Vec<Piece<'r>>,
}

fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r')
}

/// Byte offsets inside `word` where it may be hyphenated.
pub fn hyphenation_points(word: &str) -> Vec<usize> {
    let start = word.find(|c: char| c.is_ascii_alphabetic());
    let end = word.rfind(|c: char| c.is_ascii_alphabetic()).map(|e| e + 1);
    let (Some(start), Some(end)) = (start, end) else {
        return Vec::new();
    };
    let core = &word[start..end];
    // Only plain words: no digits, no inner punctuation, not too long.
    if core.len() < 5 || core.len() > 40 || !core.bytes().all(|b| b.is_ascii_alphabetic()) {
        return Vec::new();
    }
    let lower = core.to_ascii_lowercase();
    let mut points = Vec::new();
    let mut at = start;
    let syllables: Vec<&str> = hypher::hyphenate(&lower, hypher::Lang::English).collect();
    for s in &syllables[..syllables.len().saturating_sub(1)] {
        at += s.len();
        points.push(at);
    }
    points
}

/// Whether `word` holds a web address, which a line breaks only where
/// [`word_breaks`] says and never hyphenates.
fn is_url(word: &str) -> bool {
    word.contains("://") || word.trim_start_matches(['(', '[', '<']).starts_with("www.")
}

/// Whether `word` (past any opening punctuation) starts with a capital: a
/// name, or a sentence's first word, which is not hyphenated.
fn is_capitalised(word: &str) -> bool {
    word.chars()
        .find(|c| c.is_alphanumeric())
        .is_some_and(char::is_uppercase)
}

/// Whether `word` is a numeral (maybe after an opening parenthesis), which
/// stays on the line of the word after it: "(2 players", "4 kings".
fn is_numeral(word: &str) -> bool {
    let digits = word.trim_start_matches(['(', '[']);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Byte offsets inside `word` where a line may break with no hyphen added.
/// In plain text, after a dash or slash with text on both sides. In a web
/// address, as Chicago style has it, never inside `https://`: only after a
/// slash that follows the host, or before a `.`, `?` or `#` in it.
fn word_breaks(word: &str) -> Vec<usize> {
    // Text must follow a break, not only closing punctuation.
    let inside = |at: usize| at > 0 && word[at..].chars().any(char::is_alphanumeric);
    if !is_url(word) {
        return word
            .char_indices()
            .map(|(i, c)| (i, i + c.len_utf8(), c))
            .filter(|&(i, end, c)| matches!(c, '-' | '–' | '—' | '/') && i > 0 && end < word.len())
            .map(|(_, end, _)| end)
            .collect();
    }
    let host = word.find("://").map_or(0, |i| i + 3);
    let host = word[host..]
        .find(|c: char| c.is_alphanumeric())
        .map_or(host, |i| host + i);
    word.char_indices()
        .filter(|&(i, _)| i > host)
        .filter_map(|(i, c)| match c {
            '/' => Some(i + 1),
            '.' | '?' | '#' => Some(i),
            _ => None,
        })
        .filter(|&at| inside(at))
        .collect()
}

impl Shaper<'_> {
    fn para<'r>(&mut self, runs: &'r [Run], opt: &SetOptions) -> Para<'r> {
        let mut items: Vec<Item> = Vec::new();
        let mut pieces: Vec<Piece<'r>> = Vec::new();
        // The last word set, across runs.
        let mut last_word = "";
        for run in runs {
            let space = self.width(run.face, " ", opt.size);
            let mut rest = run.text.as_str();
            while let Some(c) = rest.chars().next() {
                if c == '\n' {
                    trim_glue(&mut items);
                    push_finish(&mut items);
                    rest = &rest[1..];
                    continue;
                }
                if is_space(c) {
                    let n = rest.find(|c: char| !is_space(c)).unwrap_or(rest.len());
                    rest = &rest[n..];
                    let last_is_box = matches!(
                        items.last(),
                        Some(Item {
                            kind: Kind::Box(_),
                            ..
                        })
                    );
                    if last_is_box {
                        if is_numeral(last_word) {
                            items.push(NO_BREAK);
                        }
                        let (stretch, shrink) = if opt.ragged {
                            (space * 3.0, 0.0)
                        } else {
                            (space * 0.5, space * 0.33)
                        };
                        items.push(Item {
                            kind: Kind::Glue,
                            width: space,
                            stretch,
                            shrink,
                        });
                    }
                    continue;
                }
                let n = rest
                    .find(|c: char| is_space(c) || c == '\n')
                    .unwrap_or(rest.len());
                let word = &rest[..n];
                rest = &rest[n..];
                last_word = word;
                self.word(word, run, opt, &mut items, &mut pieces);
            }
        }
        trim_glue(&mut items);
        push_finish(&mut items);
        Para { items, pieces }
    }

    /// A word: boxes, with penalties where it may break (after a dash, or at
    /// a hyphenation point).
    fn word<'r>(
        &mut self,
        word: &'r str,
        run: &'r Run,
        opt: &SetOptions,
        items: &mut Vec<Item>,
        pieces: &mut Vec<Piece<'r>>,
    ) {
        let url = is_url(word);
        let hyphenate = opt.hyphenate && !url;
        let mut start = 0;
        let mut cuts = word_breaks(word).into_iter();
        loop {
            let cut = cuts.next();
            self.part(
                &word[start..cut.unwrap_or(word.len())],
                run,
                opt,
                hyphenate,
                items,
                pieces,
            );
            let Some(end) = cut else { break };
            // A long address is meant to break, and no hyphen shows where:
            // better than a loose line.
            items.push(Item {
                kind: Kind::Penalty {
                    cost: if url { 0.0 } else { opt.hyphen_penalty },
                    flagged: !url,
                    hyphen: None,
                },
                width: 0.0,
                stretch: 0.0,
                shrink: 0.0,
            });
            start = end;
        }
    }

    /// A part of a word between dashes: boxes, with a hyphen's penalty at
    /// each hyphenation point when `hyphenate`.
    fn part<'r>(
        &mut self,
        part: &'r str,
        run: &'r Run,
        opt: &SetOptions,
        hyphenate: bool,
        items: &mut Vec<Item>,
        pieces: &mut Vec<Piece<'r>>,
    ) {
        let glyphs = self.shape(run.face, part);
        // Names are not hyphenated: "Fischer", not "Fis-cher".
        let points = (hyphenate && !is_capitalised(part)).then(|| self.hyphenation(part));
        // Only where every later glyph belongs to later text (no ligature
        // across): (byte, glyph index).
        let cuts = points.iter().flat_map(|p| p.iter()).filter_map(|&p| {
            let g = glyphs.iter().position(|g| g.cluster as usize == p)?;
            (glyphs[g..].iter().all(|x| x.cluster as usize >= p)
                && glyphs[..g].iter().all(|x| (x.cluster as usize) < p))
            .then_some((p, g))
        });
        let end = (part.len(), glyphs.len());
        let mut hyphen_width = None;
        let mut from = (0usize, 0usize);
        for to in cuts.chain(std::iter::once(end)) {
            let piece = Piece {
                face: run.face,
                colour: run.colour,
                link: run.link,
                text: &part[from.0..to.0],
                word: glyphs.clone(),
                glyphs: from.1..to.1,
                offset: from.0 as u32,
            };
            let width = piece.advance() * opt.size;
            pieces.push(piece);
            items.push(Item {
                kind: Kind::Box(pieces.len() - 1),
                width,
                stretch: 0.0,
                shrink: 0.0,
            });
            if to != end {
                let width =
                    *hyphen_width.get_or_insert_with(|| self.width(run.face, "-", opt.size));
                items.push(Item {
                    kind: Kind::Penalty {
                        cost: opt.hyphen_penalty,
                        flagged: true,
                        hyphen: Some(pieces.len() - 1),
                    },
                    width,
                    stretch: 0.0,
                    shrink: 0.0,
                });
            }
            from = to;
        }
    }

    /// Sets a paragraph into lines of the given widths (the last width
    /// repeats).
    pub fn set(&mut self, runs: &[Run], widths: &[f32], opt: &SetOptions) -> Vec<Line> {
        let para = self.para(runs, opt);
        if para.pieces.is_empty() {
            return Vec::new();
        }
        let width_of = |line: usize| -> f32 {
            widths
                .get(line)
                .or(widths.last())
                .copied()
                .unwrap_or(0.0)
                .max(1.0)
        };
        let tol = opt.tolerance.max(0.1);
        let breaks = knuth_plass(&para.items, &width_of, tol)
            .or_else(|| knuth_plass(&para.items, &width_of, tol * 3.0))
            .unwrap_or_else(|| first_fit(&para.items, &width_of));
        self.lines(&para, &breaks, &width_of, opt)
    }

    fn lines(
        &mut self,
        para: &Para,
        breaks: &[usize],
        width_of: &dyn Fn(usize) -> f32,
        opt: &SetOptions,
    ) -> Vec<Line> {
        let items = &para.items;
        let mut out = Vec::new();
        let mut start = 0;
        for (line_no, &b) in breaks.iter().enumerate() {
            let begin = line_start(items, start);
            let end = b.min(items.len());
            let (mut natural, mut stretch, mut shrink) = (0.0, 0.0, 0.0);
            for it in &items[begin.min(end)..end] {
                if !matches!(it.kind, Kind::Penalty { .. }) {
                    natural += it.width;
                    stretch += it.stretch;
                    shrink += it.shrink;
                }
            }
            let (hyphen, hyphenated) = match items.get(b).map(|i| i.kind) {
                Some(Kind::Penalty {
                    hyphen: Some(p), ..
                }) => (Some(p), true),
                _ => (None, false),
            };
            if hyphenated {
                natural += items[b].width;
            }
            // A break at a space, or a forced one (a hard line break), as
            // opposed to one after a dash or a slash inside a word.
            let at_space = match items.get(b).map(|i| i.kind) {
                Some(Kind::Glue) => true,
                Some(Kind::Penalty { cost, .. }) => cost <= -INFINITE,
                _ => false,
            };
            let target = width_of(line_no);
            let last = line_no + 1 == breaks.len();
            let mut ratio = if natural < target && stretch > 0.0 {
                (target - natural) / stretch
            } else if natural > target && shrink > 0.0 {
                ((target - natural) / shrink).max(-1.0)
            } else {
                0.0
            };
            if (last || opt.ragged) && ratio > 0.0 {
                ratio = 0.0;
            }
            // A line the breaker could not fill is left ragged, not gappy.
            if ratio > opt.tolerance * 3.0 {
                ratio = 0.0;
            }
            let mut line = Line {
                fragments: Vec::new(),
                width: 0.0,
                hyphenated,
            };
            let mut x = 0.0;
            let mut pending_space: Option<f32> = None;
            for it in &items[begin.min(end)..end] {
                match it.kind {
                    Kind::Box(p) => {
                        let piece = &para.pieces[p];
                        self.place(&mut line, piece, x, pending_space.take(), opt.size);
                        x += it.width;
                    }
                    Kind::Glue => {
                        let w = if ratio >= 0.0 {
                            it.width + ratio * it.stretch
                        } else {
                            it.width + ratio * it.shrink
                        };
                        // The paragraph's closing fill has no width of its own.
                        if it.stretch < FILL {
                            pending_space = Some(pending_space.unwrap_or(0.0) + w);
                            x += w;
                        }
                    }
                    Kind::Penalty { .. } => {}
                }
            }
            if let Some(p) = hyphen {
                let piece = &para.pieces[p];
                let glyphs = self.shape(piece.face, "-").to_vec();
                // A fragment of its own, so it can be drawn and not read.
                line.fragments.push(Fragment {
                    x,
                    width: advance(&glyphs) * opt.size,
                    face: piece.face,
                    colour: piece.colour,
                    link: piece.link,
                    text: "-".to_string(),
                    glyphs,
                    hyphen: true,
                });
                x += items[b].width;
            } else if !last
                && at_space
                && let Some(f) = line.fragments.last_mut()
            {
                // The space the line ends at stays in the text, without
                // width, so words are not run together across lines.
                self.trailing_space(f, 0.0);
            }
            line.width = x;
            out.push(line);
            start = b + 1;
        }
        out
    }

    /// A space glyph of `advance` ems at the end of `f`, whose width stays
    /// as it is: nothing is drawn after it.
    fn trailing_space(&mut self, f: &mut Fragment, advance: f32) {
        let id = self.shape(f.face, " ").first().map(|g| g.id).unwrap_or(0);
        f.glyphs.push(Glyph {
            id,
            advance,
            dx: 0.0,
            dy: 0.0,
            cluster: f.text.len() as u32,
        });
        f.text.push(' ');
    }

    /// Adds a piece to the line, joining the previous fragment when the
    /// style is the same (with the space as a real, stretched space glyph).
    fn place(&mut self, line: &mut Line, piece: &Piece, x: f32, space: Option<f32>, size: f32) {
        let width = piece.advance() * size;
        if let Some(last) = line.fragments.last_mut()
            && last.face == piece.face
            && last.colour == piece.colour
            && last.link == piece.link
        {
            if let Some(w) = space {
                let sp = self.shape(piece.face, " ");
                let id = sp.first().map(|g| g.id).unwrap_or(0);
                last.glyphs.push(Glyph {
                    id,
                    advance: w / size,
                    dx: 0.0,
                    dy: 0.0,
                    cluster: last.text.len() as u32,
                });
                last.text.push(' ');
            }
            let base = last.text.len() as u32;
            last.glyphs.extend(piece.glyphs(base));
            last.text.push_str(piece.text);
            last.width = x + width - last.x;
            return;
        }
        // A space between two styles stays in the text too, at the end of
        // the first (whose width, and so its link's area, stays the same).
        if let (Some(w), Some(last)) = (space, line.fragments.last_mut()) {
            self.trailing_space(last, w / size);
        }
        line.fragments.push(Fragment {
            x,
            width,
            face: piece.face,
            colour: piece.colour,
            link: piece.link,
            text: piece.text.to_string(),
            glyphs: piece.glyphs(0).collect(),
            hyphen: false,
        });
    }
}

/// A penalty no line breaks at; before a space, it keeps the words on
/// either side together.
const NO_BREAK: Item = Item {
    kind: Kind::Penalty {
        cost: INFINITE,
        flagged: false,
        hyphen: None,
    },
    width: 0.0,
    stretch: 0.0,
    shrink: 0.0,
};

fn trim_glue(items: &mut Vec<Item>) {
    while matches!(
        items.last(),
        Some(Item {
            kind: Kind::Glue,
            ..
        })
    ) || items.last() == Some(&NO_BREAK)
    {
        items.pop();
    }
}

/// The end of a paragraph (or a forced break): fill, then a forced break.
fn push_finish(items: &mut Vec<Item>) {
    items.push(Item {
        kind: Kind::Glue,
        width: 0.0,
        stretch: FILL,
        shrink: 0.0,
    });
    items.push(Item {
        kind: Kind::Penalty {
            cost: -INFINITE,
            flagged: false,
            hyphen: None,
        },
        width: 0.0,
        stretch: 0.0,
        shrink: 0.0,
    });
}

/// The first item of a line after a break at `from - 1`: glue and
/// penalties at the start of a line are discarded.
fn line_start(items: &[Item], from: usize) -> usize {
    let mut i = from;
    while i < items.len() && !matches!(items[i].kind, Kind::Box(_)) {
        if let Kind::Penalty { cost, .. } = items[i].kind
            && cost <= -INFINITE
        {
            break;
        }
        i += 1;
    }
    i
}

fn is_break(items: &[Item], b: usize) -> bool {
    match items[b].kind {
        Kind::Glue => b > 0 && matches!(items[b - 1].kind, Kind::Box(_)),
        Kind::Penalty { cost, .. } => cost < INFINITE,
        Kind::Box(_) => false,
    }
}

struct Node {
    pos: usize,
    start: usize,
    line: usize,
    fitness: u8,
    flagged: bool,
    demerits: f32,
    prev: Option<usize>,
}

/// Total-fit line breaking (Knuth & Plass 1981). Returns the item index of
/// each break, or `None` when no set of lines keeps every ratio within
/// `[-1, tolerance]`.
fn knuth_plass(
    items: &[Item],
    width_of: &dyn Fn(usize) -> f32,
    tolerance: f32,
) -> Option<Vec<usize>> {
    let n = items.len();
    let mut sw = vec![0.0f32; n + 1];
    let mut sy = vec![0.0f32; n + 1];
    let mut sz = vec![0.0f32; n + 1];
    for (i, it) in items.iter().enumerate() {
        let counts = !matches!(it.kind, Kind::Penalty { .. });
        sw[i + 1] = sw[i] + if counts { it.width } else { 0.0 };
        sy[i + 1] = sy[i] + if counts { it.stretch } else { 0.0 };
        sz[i + 1] = sz[i] + if counts { it.shrink } else { 0.0 };
    }
    let mut nodes = vec![Node {
        pos: 0,
        start: line_start(items, 0),
        line: 0,
        fitness: 1,
        flagged: false,
        demerits: 0.0,
        prev: None,
    }];
    let mut active: Vec<usize> = vec![0];
    for b in 0..n {
        if !is_break(items, b) {
            continue;
        }
        let (cost, flagged, pen_width) = match items[b].kind {
            Kind::Penalty { cost, flagged, .. } => (cost, flagged, items[b].width),
            _ => (0.0, false, 0.0),
        };
        let forced = cost <= -INFINITE;
        let mut best: [Option<(f32, usize)>; 4] = [None; 4];
        let mut i = 0;
        while i < active.len() {
            let a = &nodes[active[i]];
            let s = a.start.min(b);
            let natural = sw[b] - sw[s] + pen_width;
            let target = width_of(a.line);
            let ratio = if natural < target {
                let y = sy[b] - sy[s];
                if y > 0.0 {
                    (target - natural) / y
                } else {
                    f32::INFINITY
                }
            } else if natural > target {
                let z = sz[b] - sz[s];
                if z > 0.0 {
                    (target - natural) / z
                } else {
                    f32::NEG_INFINITY
                }
            } else {
                0.0
            };
            if (-1.0..=tolerance).contains(&ratio) {
                let badness = 100.0 * ratio.abs().powi(3);
                let base = (LINE_PENALTY + badness).powi(2);
                let mut d = if cost >= 0.0 {
                    base + cost * cost
                } else if cost > -INFINITE {
                    base - cost * cost
                } else {
                    base
                };
                if flagged && a.flagged {
                    d += FLAGGED_DEMERITS;
                }
                let fitness: u8 = if ratio < -0.5 {
                    0
                } else if ratio <= 0.5 {
                    1
                } else if ratio <= 1.0 {
                    2
                } else {
                    3
                };
                if (i32::from(fitness) - i32::from(a.fitness)).abs() > 1 {
                    d += FITNESS_DEMERITS;
                }
                let total = a.demerits + d;
                let slot = &mut best[fitness as usize];
                if slot.is_none_or(|(t, _)| total < t) {
                    *slot = Some((total, active[i]));
                }
            }
            if ratio < -1.0 || forced {
                active.remove(i);
            } else {
                i += 1;
            }
        }
        let least = best
            .iter()
            .flatten()
            .map(|(t, _)| *t)
            .fold(f32::INFINITY, f32::min);
        for (fitness, slot) in best.iter().enumerate() {
            if let Some((total, from)) = *slot
                && total <= least + FITNESS_DEMERITS
            {
                nodes.push(Node {
                    pos: b,
                    start: line_start(items, b + 1),
                    line: nodes[from].line + 1,
                    fitness: fitness as u8,
                    flagged,
                    demerits: total,
                    prev: Some(from),
                });
                active.push(nodes.len() - 1);
            }
        }
        if active.is_empty() {
            return None;
        }
    }
    let end = active
        .iter()
        .copied()
        .filter(|&i| nodes[i].pos + 1 == n)
        .min_by(|&a, &b| nodes[a].demerits.total_cmp(&nodes[b].demerits))?;
    let mut breaks = Vec::new();
    let mut at = Some(end);
    while let Some(i) = at {
        if nodes[i].prev.is_some() {
            breaks.push(nodes[i].pos);
        }
        at = nodes[i].prev;
    }
    breaks.reverse();
    Some(breaks)
}

/// The fallback: fill each line as far as it goes (a word wider than the
/// line stands alone and overflows).
fn first_fit(items: &[Item], width_of: &dyn Fn(usize) -> f32) -> Vec<usize> {
    let mut breaks = Vec::new();
    let mut start = line_start(items, 0);
    let mut last_ok: Option<usize> = None;
    let mut b = 0;
    while b < items.len() {
        if is_break(items, b) {
            let natural: f32 = items[start.min(b)..b]
                .iter()
                .filter(|i| !matches!(i.kind, Kind::Penalty { .. }))
                .map(|i| i.width - i.shrink)
                .sum::<f32>()
                + items[b].width
                    * f32::from(u8::from(matches!(items[b].kind, Kind::Penalty { .. })));
            let forced = matches!(items[b].kind, Kind::Penalty { cost, .. } if cost <= -INFINITE);
            if natural > width_of(breaks.len())
                && let Some(ok) = last_ok
            {
                breaks.push(ok);
                start = line_start(items, ok + 1);
                last_ok = None;
                b = ok + 1;
                continue;
            }
            if forced {
                breaks.push(b);
                start = line_start(items, b + 1);
                last_ok = None;
            } else {
                last_ok = Some(b);
            }
        }
        b += 1;
    }
    breaks
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fonts() -> Fonts {
        Fonts::new("Raleway", "Fredoka One").unwrap()
    }

    fn run(text: &str) -> Vec<Run> {
        vec![Run {
            text: text.to_string(),
            face: FaceId::Regular,
            colour: (0, 0, 0),
            link: None,
        }]
    }

    fn opts() -> SetOptions {
        SetOptions {
            size: 10.0,
            ragged: false,
            hyphenate: true,
            tolerance: 1.5,
            hyphen_penalty: 50.0,
        }
    }

    const TEXT: &str = "Just because you've captured a piece doesn't mean you can stop worrying about it. In Zombie Chess, it can come back from the dead and shamble across the board until you destroy it permanently. Each player will also need paper and pencil to draw an eight by eight grid to record where you secretly bury your opponent's pieces.";

    fn text_of(line: &Line) -> String {
        line.fragments
            .iter()
            .map(|f| f.text.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn unknown_families_are_errors() {
        assert!(Fonts::new("Comic Sans", "Fredoka One").is_err());
    }

    #[test]
    fn shaping_kerns() {
        let f = fonts();
        let mut s = Shaper::new(&f);
        // Raleway kerns "AV": the pair is narrower than its letters apart.
        let pair = s.width(FaceId::Regular, "AV", 10.0);
        let apart = s.width(FaceId::Regular, "A", 10.0) + s.width(FaceId::Regular, "V", 10.0);
        assert!(pair < apart - 0.05, "{pair} vs {apart}");
    }

    #[test]
    fn hyphenation_points_are_english() {
        assert_eq!(hyphenation_points("extensive"), vec![2, 5]);
        assert_eq!(hyphenation_points("(permanently)."), vec![4, 6]);
        assert!(hyphenation_points("a1b2c3d").is_empty());
        assert!(hyphenation_points("the").is_empty());
    }

    #[test]
    fn web_addresses_break_only_where_chicago_style_allows() {
        let url = "(https://donkirkby.github.io/chess-kit/rules?x#top).";
        let at: Vec<&str> = word_breaks(url).iter().map(|&b| &url[b..]).collect();
        assert_eq!(
            at,
            [
                ".github.io/chess-kit/rules?x#top).",
                ".io/chess-kit/rules?x#top).",
                "chess-kit/rules?x#top).",
                "rules?x#top).",
                "?x#top).",
                "#top).",
            ]
        );
        // Plain words still break after their dashes and slashes.
        let plain = "well-documented/plain";
        let at: Vec<&str> = word_breaks(plain).iter().map(|&b| &plain[b..]).collect();
        assert_eq!(at, ["documented/plain", "plain"]);
        // Set in a measure far too narrow, a web address keeps its `//`
        // whole, and is never hyphenated.
        let fonts = fonts();
        let mut shaper = Shaper::new(&fonts);
        let lines = shaper.set(
            &run("see https://donkirkby.github.io/chess-kit/permanently now"),
            &[30.0],
            &opts(),
        );
        for l in &lines {
            let t = text_of(l);
            assert!(
                !t.trim_end().ends_with(":/") && !t.trim_end().ends_with("https:"),
                "{t:?}"
            );
            assert!(!l.hyphenated, "{t:?}");
        }
    }

    #[test]
    fn names_are_not_hyphenated() {
        let fonts = fonts();
        let mut shaper = Shaper::new(&fonts);
        let hyphens = |shaper: &mut Shaper, text: &str| {
            let runs = run(text);
            let para = shaper.para(&runs, &opts());
            para.items
                .iter()
                .filter(|i| {
                    matches!(
                        i.kind,
                        Kind::Penalty {
                            hyphen: Some(_),
                            ..
                        }
                    )
                })
                .count()
        };
        // The patterns would split the name; the breaker does not.
        assert!(!hyphenation_points("Fischer").is_empty());
        assert_eq!(hyphens(&mut shaper, "Bobby Fischer (Fischer's)"), 0);
        assert_eq!(hyphens(&mut shaper, "extensive"), 2);
    }

    #[test]
    fn a_numeral_keeps_to_the_word_after_it() {
        let fonts = fonts();
        let mut shaper = Shaper::new(&fonts);
        for width in [60.0, 80.0, 100.0, 120.0, 140.0] {
            let lines = shaper.set(
                &run("pieces for the game (2 players, 4 kings and 16 pawns) in 3"),
                &[width],
                &opts(),
            );
            for l in &lines {
                let t = text_of(l);
                let last = t.split_whitespace().last().unwrap_or("");
                assert!(
                    !is_numeral(last) || std::ptr::eq(l, lines.last().unwrap()),
                    "{width}: a line ends at a numeral: {t:?}"
                );
            }
        }
    }

    #[test]
    fn no_line_is_overfull_and_lines_are_justified() {
        let f = fonts();
        let mut s = Shaper::new(&f);
        let lines = s.set(&run(TEXT), &[200.0], &opts());
        assert!(lines.len() >= 5, "{}", lines.len());
        for (i, l) in lines.iter().enumerate() {
            assert!(l.width <= 200.01, "line {i} is {} wide", l.width);
            if i + 1 < lines.len() {
                assert!(
                    (l.width - 200.0).abs() < 0.05,
                    "line {i} is not justified: {}",
                    l.width
                );
            }
        }
        // The last line is set at its natural width.
        let last = lines.last().unwrap();
        assert!(last.width < 199.0);
        // Every word survives, in order.
        let joined: String = lines
            .iter()
            .map(|l| {
                // The added hyphen is a fragment of its own.
                let words = Line {
                    fragments: l.fragments.iter().filter(|f| !f.hyphen).cloned().collect(),
                    ..l.clone()
                };
                let t = text_of(&words);
                if l.hyphenated { t } else { t + " " }
            })
            .collect();
        assert_eq!(
            joined.split_whitespace().collect::<Vec<_>>().join(" "),
            TEXT
        );
    }

    #[test]
    fn known_breaks_of_a_short_paragraph() {
        let f = fonts();
        let mut s = Shaper::new(&f);
        let lines = s.set(&run("aaa bbb ccc ddd"), &[40.0], &opts());
        let texts: Vec<String> = lines.iter().map(text_of).collect();
        assert!(texts.len() >= 2);
        // A line keeps the space it ends at (without width): the lines'
        // text reads as the paragraph's.
        assert_eq!(texts.concat(), "aaa bbb ccc ddd");
        let ends = &lines[0].fragments.last().unwrap().glyphs;
        assert_eq!(ends.last().unwrap().advance, 0.0);
        // One line when it fits.
        let one = s.set(&run("aaa bbb"), &[400.0], &opts());
        assert_eq!(one.len(), 1);
        assert_eq!(text_of(&one[0]), "aaa bbb");
    }

    #[test]
    fn hyphenation_is_used_when_it_helps() {
        let f = fonts();
        let mut s = Shaper::new(&f);
        let narrow = s.set(&run(TEXT), &[110.0], &opts());
        assert!(narrow.iter().any(|l| l.hyphenated));
        let mut no = opts();
        no.hyphenate = false;
        let plain = s.set(&run(TEXT), &[110.0], &no);
        assert!(!plain.iter().any(|l| l.hyphenated));
        // A wide measure needs no hyphen.
        let wide = s.set(&run("short words only here"), &[400.0], &opts());
        assert!(!wide.iter().any(|l| l.hyphenated));
    }

    #[test]
    fn each_glyph_points_at_its_own_text_after_every_break() {
        // Words cut at hyphenation points and after dashes are set from one
        // shaping of the word: each piece's glyphs must still point at the
        // piece's own text in its fragment, so the PDF reads as written.
        let f = fonts();
        let mut s = Shaper::new(&f);
        let text = "extensively well-documented permanently/temporarily hyphenation \
                    extensively well-documented permanently/temporarily hyphenation";
        for width in [60.0, 90.0, 130.0, 400.0] {
            let lines = s.set(&run(text), &[width], &opts());
            for fr in lines.iter().flat_map(|l| &l.fragments) {
                let mut last = 0;
                for g in &fr.glyphs {
                    let at = g.cluster as usize;
                    assert!(at < fr.text.len() && at >= last, "{width}: {fr:?}");
                    last = at;
                }
                // Each glyph is the shaped character its cluster names.
                let shaped: Vec<u16> = s
                    .shape(fr.face, &fr.text)
                    .iter()
                    .filter(|g| fr.text.as_bytes()[g.cluster as usize] != b' ')
                    .map(|g| g.id)
                    .collect();
                let placed: Vec<u16> = fr
                    .glyphs
                    .iter()
                    .filter(|g| fr.text.as_bytes()[g.cluster as usize] != b' ')
                    .map(|g| g.id)
                    .collect();
                assert_eq!(placed, shaped, "{width}: {:?}", fr.text);
            }
        }
    }

    #[test]
    fn impossible_measures_do_not_panic() {
        let f = fonts();
        let mut s = Shaper::new(&f);
        let lines = s.set(&run("Supercalifragilistic word"), &[5.0], &opts());
        assert!(!lines.is_empty());
        assert!(s.set(&run(""), &[100.0], &opts()).is_empty());
        assert!(s.set(&run("   \n "), &[0.0], &opts()).len() <= 2);
        let lines = s.set(&run("one\ntwo"), &[300.0], &opts());
        assert_eq!(lines.len(), 2);
    }

    #[test]
    fn ragged_lines_keep_natural_spaces() {
        let f = fonts();
        let mut s = Shaper::new(&f);
        let mut o = opts();
        o.ragged = true;
        let lines = s.set(&run(TEXT), &[200.0], &o);
        assert!(lines.iter().any(|l| l.width < 195.0));
        assert!(lines.iter().all(|l| l.width <= 200.01));
    }

    #[test]
    fn the_text_reads_as_written_across_styles_and_hyphens() {
        // What a screen reader gets from the tagged PDF: the space between
        // two styles is kept (drawn nowhere: the first fragment's width is
        // its words'), and a hyphen the breaker adds is a fragment of its
        // own, which the PDF draws and does not read.
        let f = fonts();
        let mut s = Shaper::new(&f);
        let styled = |text: &str, face| Run {
            text: text.to_string(),
            face,
            colour: (0, 0, 0),
            link: None,
        };
        let runs = [
            styled("choose", FaceId::Regular),
            styled(" colours ", FaceId::Italic),
            styled("and partners", FaceId::Regular),
        ];
        let line = &s.set(&runs, &[400.0], &opts())[0];
        let text: String = line.fragments.iter().map(|f| f.text.as_str()).collect();
        assert_eq!(text, "choose colours and partners");
        let first = &line.fragments[0];
        let word = s.width(FaceId::Regular, "choose", 10.0);
        assert!((first.width - word).abs() < 0.01, "{} {word}", first.width);
        let narrow = s.set(&run(TEXT), &[110.0], &opts());
        let hyphenated = narrow.iter().find(|l| l.hyphenated).unwrap();
        let last = hyphenated.fragments.last().unwrap();
        assert!(last.hyphen && last.text == "-", "{last:?}");
        assert_eq!(
            narrow
                .iter()
                .flat_map(|l| &l.fragments)
                .filter(|f| f.hyphen)
                .count(),
            narrow.iter().filter(|l| l.hyphenated).count()
        );
        let read: String = narrow
            .iter()
            .flat_map(|l| &l.fragments)
            .filter(|f| !f.hyphen)
            .map(|f| f.text.as_str())
            .collect();
        assert_eq!(read, TEXT);
        // A line broken after a slash inside a word ends without one.
        let url = "see https://creativecommons.org/licenses/by-sa/4.0/ for the licence";
        let lines = s.set(&run(url), &[150.0], &opts());
        assert!(lines.len() > 1);
        let read: String = lines
            .iter()
            .flat_map(|l| &l.fragments)
            .filter(|f| !f.hyphen)
            .map(|f| f.text.as_str())
            .collect();
        assert_eq!(read, url);
    }
}

#[cfg(test)]
mod glyph_run_tests {
    use super::*;

    fn glyph(id: u16, cluster: u32, dx: f32) -> Glyph {
        Glyph {
            id,
            advance: 0.5 + f32::from(id) / 7.0,
            dx,
            dy: 0.0,
            cluster,
        }
    }

    #[test]
    fn a_run_gives_back_exactly_the_glyphs_it_was_made_of() {
        let plain: Vec<Glyph> = (0..40).map(|i| glyph(i, u32::from(i) * 3, 0.0)).collect();
        let run = GlyphRun::new(&plain);
        assert!(matches!(run, GlyphRun::Packed(_)));
        assert_eq!(run.to_vec(), plain);
        assert_eq!(run.len(), 40);
        // A mark's offset, or a cluster past 65,535, keeps every field.
        for odd in [glyph(7, 2, 0.25), glyph(7, 70_000, 0.0)] {
            let mut glyphs = plain.clone();
            glyphs.push(odd);
            let run = GlyphRun::new(&glyphs);
            assert!(matches!(run, GlyphRun::Full(_)));
            assert_eq!(run.to_vec(), glyphs);
        }
        assert!(GlyphRun::new(&[]).is_empty());
    }
}
