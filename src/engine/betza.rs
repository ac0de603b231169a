//! Betza notation: a piece's moves as a game designer writes them in
//! `[[variant]]` settings, read as Fairy-Stockfish reads them
//! (`customPiece1 = a:mNcK`), and the moves it gives on a board.
//!
//! A piece is a list of groups, each an atom with lower-case modifiers
//! before it:
//!
//! - atoms: `W` (1,0), `F` (1,1), `D` (2,0), `N` (2,1), `A` (2,2),
//!   `H` (3,0), `C` (3,1), `Z` (3,2), `G` (3,3), `K` = `WF`; the riders
//!   `R` = `WW`, `B` = `FF`, `Q` = `KK`. An atom doubled (`NN`) rides
//!   without limit; followed by one digit (`W2`, `R4`) it rides at most
//!   that many steps (`0`: no limit);
//! - `m` moves only to an empty square, `c` only captures (neither: both);
//! - directions `f b l r v s`, paired as Fairy-Stockfish pairs them (`fl`,
//!   `fs`, `lf`, `fh`, `hl` …): `f` is the piece's forward, so a black
//!   piece's `f` goes down the board. For an oblique atom such as `N` a
//!   single letter means the two leaps nearest that way (`fN`: two
//!   forward and one to either side), `fs` the two that go more sideways,
//!   `fh` all four forward ones, `fr` the one more right, `rf` the one more
//!   forward;
//! - `n`: lame, the squares a single leap passes must be empty (`nN` is the
//!   Xiangqi horse: first one square orthogonally, which must be empty, then
//!   one diagonally outward); `j`: the leap must jump over exactly one
//!   piece there;
//! - `p`: a cannon's hop along a line over exactly one piece, to any square
//!   beyond it up to the next piece (a digit limits how far beyond); `g`: a
//!   grasshopper's, just beyond the piece it hops over.
//!
//! Refused with an error at the offending letter: `i` (first move only) and
//! `e` (en passant), which are the game's rules rather than the piece's;
//! `n` or `j` on a rider or on a one-square step; `p` or `g` on anything but
//! a line (`W F K R B Q`); letters outside the notation; modifiers with no
//! atom after them; a direction that gives the atom no move.

use std::fmt;

/// A piece's moves, parsed from Betza notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Betza {
    text: String,
    groups: Vec<Group>,
}

/// Why a text is not Betza notation: where (a byte range of the text) and
/// what to write instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    /// Byte offset of the offending character(s) in the text.
    pub offset: usize,
    /// Their length in bytes (0 for an empty text).
    pub len: usize,
    pub message: String,
    pub help: Option<String>,
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for BetzaError {}

/// What stands on a square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Occupant {
    Empty,
    Friend,
    Enemy,
    /// Off the board, or a square not in play.
    Off,
}

/// One move: a quiet move to an empty square, or a capture.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Target {
    pub to: (i8, i8),
    pub capture: bool,
}

/// The Betza of an orthodox piece by its letter (either case), as single
/// moves: a pawn without its double step, en passant or promotion, a king
/// without castling. `""` for any other letter.
pub fn orthodox(role_letter: char) -> &'static str {
    match role_letter.to_ascii_uppercase() {
        'K' => "K",
        'Q' => "Q",
        'R' => "R",
        'B' => "B",
        'N' => "N",
        'P' => "mfWcfF",
        _ => "",
    }
}

/// How a group's steps are taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// One leap, whatever it passes.
    Leap,
    /// One leap; the squares passed must be empty (`n`).
    Lame,
    /// One leap; exactly one square passed must be occupied (`j`).
    Jump,
    /// The step repeated along a line up to the first piece; at most that
    /// many steps, 0 for no limit.
    Ride(u8),
    /// Along a line over exactly one piece, then at most that many squares
    /// beyond it up to the next piece (0: no limit; 1: a grasshopper).
    Hop(u8),
}

/// One atom with its modifiers.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Group {
    /// The atom letter as written (`W` … `Q`).
    atom: char,
    quiet: bool,
    capture: bool,
    kind: Kind,
    /// Whether it came from `g` (a grasshopper) rather than `p`.
    grasshopper: bool,
    /// The steps in the piece's own frame: x to its right, y forward.
    steps: Vec<(i8, i8)>,
}

/// The leaps of an atom letter, as Fairy-Stockfish's (rank, file) pairs,
/// and whether the letter is itself a rider.
fn atom(c: char) -> Option<(&'static [(i8, i8)], bool)> {
    const W: (i8, i8) = (1, 0);
    const F: (i8, i8) = (1, 1);
    Some(match c {
        'W' => (&[W], false),
        'F' => (&[F], false),
        'D' => (&[(2, 0)], false),
        'N' => (&[(2, 1)], false),
        'A' => (&[(2, 2)], false),
        'H' => (&[(3, 0)], false),
        'C' => (&[(3, 1)], false),
        'Z' => (&[(3, 2)], false),
        'G' => (&[(3, 3)], false),
        'K' => (&[W, F], false),
        'R' => (&[W], true),
        'B' => (&[F], true),
        'Q' => (&[W, F], true),
        _ => return None,
    })
}

const ATOMS: &str = "W F D N A H C Z G, K R B Q";
const VERTICALS: &str = "fbvh";
const HORIZONTALS: &str = "rlsh";

/// The eight leaps of atom (`first`, `second`) in the piece's frame (x
/// right, y forward), each with the direction words that select it:
/// Fairy-Stockfish's table in `from_betza`, entry for entry.
fn candidates(first: i8, second: i8) -> [((i8, i8), &'static [&'static str]); 8] {
    let (f, s) = (first, second);
    [
        ((s, f), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        ((-s, -f), &["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        ((f, -s), &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        ((-f, s), &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        ((f, s), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        ((-f, -s), &["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        ((s, -f), &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        ((-s, f), &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ]
}

/// The steps one direction word gives an atom (all of them for `None`).
/// For a single orthogonal atom a mixed pair such as `fs` is the two
/// letters apart (a soldier's `fsW`), as in Fairy-Stockfish.
fn steps_for(leaps: &[(i8, i8)], word: Option<&str>) -> Vec<(i8, i8)> {
    let mut out = Vec::new();
    for &(first, second) in leaps {
        let words: Vec<String> = match word {
            None => Vec::new(),
            Some(w) => {
                let letters: Vec<char> = w.chars().collect();
                if let [a, b] = letters[..]
                    && leaps.len() == 1
                    && second == 0
                    && a != b
                {
                    vec![format!("{a}{a}"), format!("{b}{b}")]
                } else {
                    vec![w.to_string()]
                }
            }
        };
        for (step, selectors) in candidates(first, second) {
            let chosen = word.is_none() || words.iter().any(|w| selectors.contains(&w.as_str()));
            if chosen && !out.contains(&step) {
                out.push(step);
            }
        }
    }
    out
}

fn error(offset: usize, len: usize, message: impl Into<String>) -> BetzaError {
    BetzaError {
        offset,
        len,
        message: message.into(),
        help: None,
    }
}

impl BetzaError {
    fn with_help(mut self, help: impl Into<String>) -> BetzaError {
        self.help = Some(help.into());
        self
    }
}

/// The modifiers read since the last atom.
#[derive(Default)]
struct Pending {
    /// Where the first of them stands.
    start: Option<usize>,
    quiet: bool,
    capture: bool,
    /// `p` or `g`, with its offset.
    hop: Option<(char, usize)>,
    lame: Option<usize>,
    jump: Option<usize>,
    /// Direction words with their offsets and lengths.
    directions: Vec<(String, usize, usize)>,
}

impl Pending {
    fn mark(&mut self, at: usize) {
        self.start.get_or_insert(at);
    }
}

/// Parses Betza notation: one or more groups, each lower-case modifiers
/// and an atom (`mfWcfF`, `nN`, `mRcpR`).
pub fn parse(text: &str) -> Result<Betza, BetzaError> {
    if text.is_empty() {
        let help = "write its moves, e.g. `N` for a knight, or `mfWcfF` for a pawn \
                    without its double step";
        return Err(
            error(0, 0, "the piece has no moves: its Betza notation is empty").with_help(help),
        );
    }
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut groups = Vec::new();
    let mut pending = Pending::default();
    let mut i = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        let next = chars.get(i + 1).map(|&(_, c)| c);
        match c {
            'm' | 'c' => {
                pending.mark(at);
                if c == 'm' {
                    pending.quiet = true;
                } else {
                    pending.capture = true;
                }
            }
            'p' | 'g' => {
                pending.mark(at);
                if let Some((other, _)) = pending.hop
                    && other != c
                {
                    return Err(error(at, 1, "`p` and `g` cannot both change one atom").with_help(
                        "`p` hops over a piece to any square beyond it, `g` to the square just beyond it: write one of them",
                    ));
                }
                pending.hop = Some((c, at));
            }
            'n' => {
                pending.mark(at);
                pending.lame = Some(at);
            }
            'j' => {
                pending.mark(at);
                pending.jump = Some(at);
            }
            'i' => {
                let message = "`i` (a move for the piece's first move only) is not supported";
                let help = "write the piece's ordinary moves; a pawn's double step is the \
                            game's `double_step` setting";
                return Err(error(at, 1, message).with_help(help));
            }
            'e' => {
                return Err(error(
                    at,
                    1,
                    "`e` (en passant) is not part of a piece's moves here",
                )
                .with_help(
                    "write the pawn's moves as `mfWcfF`: en passant is the game's own rule",
                ));
            }
            c if VERTICALS.contains(c) || HORIZONTALS.contains(c) => {
                pending.mark(at);
                // Fairy-Stockfish's pairing: a letter doubled, or a
                // vertical and a horizontal one, make one word.
                let pairs = next.is_some_and(|c2| {
                    c2 == c
                        || (VERTICALS.contains(c) && HORIZONTALS.contains(c2))
                        || (HORIZONTALS.contains(c) && VERTICALS.contains(c2))
                });
                if pairs && let Some(c2) = next {
                    pending.directions.push((format!("{c}{c2}"), at, 2));
                    i += 1;
                } else {
                    pending.directions.push((format!("{c}{c}"), at, 1));
                }
            }
            c if atom(c).is_some() => {
                let (group, used) = read_group(&chars, i, &pending)?;
                groups.push(group);
                pending = Pending::default();
                i += used;
                continue;
            }
            c if c.is_ascii_digit() => {
                return Err(
                    error(at, 1, format!("the range `{c}` follows no atom")).with_help(
                        "a range comes just after its atom, as in `W2` (at most two steps) or `R4`",
                    ),
                );
            }
            _ => return Err(unknown(at, c, &pending)),
        }
        i += 1;
    }
    if let Some(start) = pending.start {
        let mods = &text[start..];
        let mut e = error(
            start,
            text.len() - start,
            format!("`{mods}` has no atom after it: a modifier changes the atom that follows it"),
        );
        let last = mods.chars().last().unwrap_or(' ');
        let upper = last.to_ascii_uppercase();
        e = if atom(upper).is_some() {
            let mut fixed = mods[..mods.len() - last.len_utf8()].to_string();
            fixed.push(upper);
            e.with_help(format!(
                "did you mean `{fixed}`? atoms are capitals: {ATOMS}"
            ))
        } else {
            e.with_help(format!(
                "end it with an atom, e.g. `{mods}W`; atoms are {ATOMS}"
            ))
        };
        return Err(e);
    }
    Ok(Betza {
        text: text.to_string(),
        groups,
    })
}

/// The error for a character that is no part of the notation.
fn unknown(at: usize, c: char, pending: &Pending) -> BetzaError {
    let e = error(at, c.len_utf8(), format!("`{c}` is not a Betza letter"));
    let upper = c.to_ascii_uppercase();
    let help = if c.is_whitespace() {
        "write the notation without spaces, e.g. `mfWcfF`".to_string()
    } else if c == 'L' || c == 'J' {
        format!(
            "`{c}` means the camel in some notations and the zebra in others: write `C` for the camel (3,1) or `Z` for the zebra (3,2)"
        )
    } else if c == 'P' {
        "a pawn's moves are `mfWcfF` (one step forward, capturing one step diagonally forward)"
            .to_string()
    } else if c.is_lowercase() && atom(upper).is_some() {
        format!("did you mean `{upper}`? atoms are capitals: {ATOMS}")
    } else if c.is_ascii_uppercase() {
        format!("atoms are {ATOMS}")
    } else if pending.start.is_some() || c.is_lowercase() {
        format!(
            "modifiers are m c (move, capture), f b l r v s h (directions), n j (lame, jumping), p g (hoppers); atoms are {ATOMS}"
        )
    } else {
        format!("Betza notation is modifiers (m c f b l r v s h n j p g) and atoms ({ATOMS})")
    };
    e.with_help(help)
}

/// Reads the atom at `chars[i]`, with its doubling or range, as a group
/// with the pending modifiers; returns it and the characters it took.
fn read_group(
    chars: &[(usize, char)],
    i: usize,
    pending: &Pending,
) -> Result<(Group, usize), BetzaError> {
    let (at, c) = chars[i];
    let (leaps, mut rider) = atom(c).unwrap_or((&[], false));
    let mut used = 1;
    let mut limit = 0u8;
    let mut explicit_range = None;
    match chars.get(i + 1) {
        Some(&(d_at, d)) if d.is_ascii_digit() => {
            rider = true;
            limit = d as u8 - b'0';
            explicit_range = Some(d_at);
            used = 2;
            if let Some(&(d2_at, d2)) = chars.get(i + 2)
                && d2.is_ascii_digit()
            {
                return Err(error(
                    d2_at,
                    1,
                    format!("a range is one digit, and `{d}{d2}` is two"),
                )
                .with_help(format!("write `{c}{d}` or `{c}{c}` (no limit)")));
            }
        }
        Some(&(_, d)) if d == c => {
            rider = true;
            used = 2;
        }
        _ => {}
    }
    let straight = matches!(c, 'W' | 'F' | 'K' | 'R' | 'B' | 'Q');
    let one_square = matches!(c, 'W' | 'F' | 'K');
    let kind = if let Some((h, h_at)) = pending.hop {
        if !straight {
            return Err(error(
                h_at,
                1,
                format!("`{h}` (a hop over a piece) works along lines, not with `{c}`"),
            )
            .with_help(
                "hop with W, F, K, R, B or Q, e.g. `pR` (a cannon) or `gQ` (a grasshopper)",
            ));
        }
        if let Some(m_at) = pending.lame.or(pending.jump) {
            return Err(error(
                m_at,
                1,
                format!("`{h}` hops over a piece, so it cannot also be lame or jumping"),
            )
            .with_help(format!("drop the `n` or `j`, e.g. `{h}R`")));
        }
        if h == 'g' {
            if let Some(d_at) = explicit_range {
                let message = "a grasshopper (`g`) lands just beyond the piece it hops over, \
                               so it takes no range";
                let d = chars[i + 1].1;
                let help = format!(
                    "write `g{c}`, or `p{c}{d}` for a hop that lands at most that far beyond"
                );
                return Err(error(d_at, 1, message).with_help(help));
            }
            Kind::Hop(1)
        } else {
            Kind::Hop(limit)
        }
    } else if rider {
        if let Some(m_at) = pending.lame.or(pending.jump) {
            let m = if pending.lame == Some(m_at) { 'n' } else { 'j' };
            let rider = chars_text(chars, i, used);
            let message = format!("`{m}` changes a single leap, and `{rider}` is a rider");
            let help = "use it on a leap, e.g. `nN` (a Xiangqi horse) or `jD`; a rider \
                        already stops at the first piece in its way";
            return Err(error(m_at, 1, message).with_help(help));
        }
        Kind::Ride(limit)
    } else if pending.lame.is_some() && pending.jump.is_some() {
        let j_at = pending.jump.unwrap_or(at);
        return Err(error(
            j_at,
            1,
            "`n` (cannot jump) and `j` (must jump) contradict each other",
        )
        .with_help(format!("write `n{c}` or `j{c}`")));
    } else if let Some(m_at) = pending.lame.or(pending.jump) {
        let m = if pending.lame.is_some() { 'n' } else { 'j' };
        if one_square {
            return Err(error(
                m_at,
                1,
                format!("`{m}` changes a leap over squares, and `{c}` passes none"),
            )
            .with_help(format!(
                "write `{c}` alone, or use `{m}` on a longer leap such as `{m}N` or `{m}D`"
            )));
        }
        if m == 'n' { Kind::Lame } else { Kind::Jump }
    } else {
        Kind::Leap
    };
    let quiet = pending.quiet || !pending.capture;
    let capture = pending.capture || !pending.quiet;
    let steps = if pending.directions.is_empty() {
        steps_for(leaps, None)
    } else {
        let mut steps = Vec::new();
        for (word, w_at, w_len) in &pending.directions {
            let some = steps_for(leaps, Some(word));
            if some.is_empty() {
                let shown = &word[..*w_len];
                let reversed: String = shown.chars().rev().collect();
                let help = if *w_len == 2 && !steps_for(leaps, Some(&reversed)).is_empty() {
                    format!("did you mean `{reversed}{c}`?")
                } else if shown.contains('h') {
                    format!(
                        "`h` (half) goes after a direction: `fh{c}` (all forward moves), `bh{c}`, `lh{c}` or `rh{c}`"
                    )
                } else {
                    format!(
                        "directions are f b l r v s, or pairs such as `fl`, `fs` or `fh` (all forward ones), before the atom: `f{c}`"
                    )
                };
                return Err(error(
                    *w_at,
                    *w_len,
                    format!("`{shown}` gives `{c}` no direction to move in"),
                )
                .with_help(help));
            }
            for s in some {
                if !steps.contains(&s) {
                    steps.push(s);
                }
            }
        }
        steps
    };
    Ok((
        Group {
            atom: c,
            quiet,
            capture,
            kind,
            grasshopper: matches!(pending.hop, Some(('g', _))),
            steps,
        },
        used,
    ))
}

fn chars_text(chars: &[(usize, char)], i: usize, n: usize) -> String {
    chars[i..(i + n).min(chars.len())]
        .iter()
        .map(|&(_, c)| c)
        .collect()
}

/// The name of a square, `b2`; off the board, its coordinates.
fn square_name((file, rank): (i8, i8)) -> String {
    if (0..8).contains(&file) && (1..=8).contains(&rank) {
        format!("{}{}", (b'a' + file as u8) as char, rank)
    } else {
        format!("({file}, {rank})")
    }
}

/// The forward step, normalised to one of the four orthogonal unit steps
/// (anything else is White's forward).
fn forward_unit(forward: (i8, i8)) -> (i8, i8) {
    match (forward.0.signum(), forward.1.signum()) {
        (0, 0) => (0, 1),
        (x, 0) => (x, 0),
        (0, y) => (0, y),
        _ => (0, 1),
    }
}

/// A step of the piece's frame (x right, y forward) on the board.
fn to_board((x, y): (i8, i8), forward: (i8, i8)) -> (i16, i16) {
    let (fx, fy) = (forward.0 as i16, forward.1 as i16);
    // The piece's right is its forward turned clockwise.
    let (rx, ry) = (fy, -fx);
    (x as i16 * rx + y as i16 * fx, x as i16 * ry + y as i16 * fy)
}

/// The squares a leap of `step` (piece frame) passes, in order, in the
/// piece frame: Fairy-Stockfish's lame path, which goes along the longer
/// side first and diagonally once both sides are equal (`N`: the
/// orthogonal square next to the piece).
fn passed((x, y): (i8, i8)) -> Vec<(i8, i8)> {
    let mut out = Vec::new();
    let (mut cx, mut cy) = (0i8, 0i8);
    while (cx, cy) != (x, y) {
        let diff = (x - cx).abs() - (y - cy).abs();
        if diff >= 0 {
            cx += (x - cx).signum();
        }
        if diff <= 0 {
            cy += (y - cy).signum();
        }
        if (cx, cy) != (x, y) {
            out.push((cx, cy));
        }
    }
    out
}

/// The furthest a rider or hopper is followed, whatever `at` says.
const MAX_STEPS: i16 = 64;

/// A square on the board, as `at` takes it; `None` when the sum leaves
/// `i8`, which is off every board.
fn add(from: (i8, i8), (dx, dy): (i16, i16), k: i16) -> Option<(i8, i8)> {
    let x = i8::try_from(from.0 as i16 + dx * k).ok()?;
    let y = i8::try_from(from.1 as i16 + dy * k).ok()?;
    Some((x, y))
}

fn occupant(at: &dyn Fn(i8, i8) -> Occupant, sq: Option<(i8, i8)>) -> Occupant {
    sq.map_or(Occupant::Off, |(x, y)| at(x, y))
}

impl Group {
    /// Every square the group reaches from `from`, as far as the pieces in
    /// between allow, with what stands there: the target's occupant is
    /// the caller's to judge (a rider's ray includes the piece it stops
    /// at).
    fn reach(
        &self,
        from: (i8, i8),
        forward: (i8, i8),
        at: &dyn Fn(i8, i8) -> Occupant,
        out: &mut dyn FnMut((i8, i8), Occupant),
    ) {
        for &step in &self.steps {
            let d = to_board(step, forward);
            match self.kind {
                Kind::Leap | Kind::Lame | Kind::Jump => {
                    let Some(to) = add(from, d, 1) else { continue };
                    let occ = at(to.0, to.1);
                    if occ == Occupant::Off {
                        continue;
                    }
                    let ok = match self.kind {
                        Kind::Lame => self.pieces_passed(from, step, forward, at).is_empty(),
                        Kind::Jump => self.jumps_one(from, step, forward, at),
                        _ => true,
                    };
                    if ok {
                        out(to, occ);
                    }
                }
                Kind::Ride(limit) => {
                    let limit = if limit == 0 { MAX_STEPS } else { limit as i16 };
                    for k in 1..=limit {
                        let sq = add(from, d, k);
                        let occ = occupant(at, sq);
                        let Some(sq) = sq.filter(|_| occ != Occupant::Off) else {
                            break;
                        };
                        out(sq, occ);
                        if occ != Occupant::Empty {
                            break;
                        }
                    }
                }
                Kind::Hop(limit) => {
                    let limit = if limit == 0 { MAX_STEPS } else { limit as i16 };
                    let mut hurdle = false;
                    let mut beyond = 0;
                    for k in 1..=MAX_STEPS {
                        let sq = add(from, d, k);
                        let occ = occupant(at, sq);
                        let Some(sq) = sq.filter(|_| occ != Occupant::Off) else {
                            break;
                        };
                        if !hurdle {
                            hurdle = occ != Occupant::Empty;
                            continue;
                        }
                        out(sq, occ);
                        beyond += 1;
                        if occ != Occupant::Empty || beyond >= limit {
                            break;
                        }
                    }
                }
            }
        }
    }

    /// Whether exactly one of the squares a single leap passes holds a
    /// piece (and none is out of play).
    fn jumps_one(
        &self,
        from: (i8, i8),
        step: (i8, i8),
        forward: (i8, i8),
        at: &dyn Fn(i8, i8) -> Occupant,
    ) -> bool {
        let passed = self.pieces_passed(from, step, forward, at);
        passed.len() == 1 && passed[0].1 != Occupant::Off
    }

    /// The squares (on the board) a single leap passes that are not empty.
    fn pieces_passed(
        &self,
        from: (i8, i8),
        step: (i8, i8),
        forward: (i8, i8),
        at: &dyn Fn(i8, i8) -> Occupant,
    ) -> Vec<((i8, i8), Occupant)> {
        passed(step)
            .into_iter()
            .filter_map(|s| {
                let sq = add(from, to_board(s, forward), 1);
                let occ = occupant(at, sq);
                (occ != Occupant::Empty).then(|| (sq.unwrap_or(from), occ))
            })
            .collect()
    }

    /// Why this group does not go from `from` to `to` although its pattern
    /// points there, or `None` when the pattern does not point there (or
    /// nothing stops it).
    fn blocked(
        &self,
        from: (i8, i8),
        to: (i8, i8),
        forward: (i8, i8),
        at: &dyn Fn(i8, i8) -> Occupant,
    ) -> Option<String> {
        let target = at(to.0, to.1);
        if target == Occupant::Off {
            return None;
        }
        let delta = (to.0 as i16 - from.0 as i16, to.1 as i16 - from.1 as i16);
        for &step in &self.steps {
            let d = to_board(step, forward);
            let Some(k) = multiple(delta, d) else {
                continue;
            };
            let line: Vec<((i8, i8), Occupant)> = (1..k)
                .filter_map(|j| add(from, d, j))
                .map(|sq| (sq, at(sq.0, sq.1)))
                .collect();
            let pieces: Vec<(i8, i8)> = line
                .iter()
                .filter(|(_, o)| *o != Occupant::Empty)
                .map(|&(sq, _)| sq)
                .collect();
            let path = match self.kind {
                Kind::Leap | Kind::Lame | Kind::Jump if k != 1 => continue,
                Kind::Leap => None,
                Kind::Lame => self
                    .pieces_passed(from, step, forward, at)
                    .first()
                    .map(|&(sq, occ)| blocker(from, sq, occ)),
                Kind::Jump if self.jumps_one(from, step, forward, at) => None,
                Kind::Jump => match self.pieces_passed(from, step, forward, at).len() {
                    0 => Some(
                        "it must jump over a piece, and the square it passes is empty".to_string(),
                    ),
                    _ => Some(
                        "it jumps over exactly one piece, and the squares it passes hold more"
                            .to_string(),
                    ),
                },
                Kind::Ride(limit) if limit != 0 && k > limit as i16 => continue,
                Kind::Ride(_) => {
                    line.iter()
                        .find(|(_, o)| *o != Occupant::Empty)
                        .map(|&(sq, occ)| match occ {
                            Occupant::Off => blocker(from, sq, occ),
                            _ => format!("{} is in the way", square_name(sq)),
                        })
                }
                Kind::Hop(_) if line.iter().any(|(_, o)| *o == Occupant::Off) => line
                    .iter()
                    .find(|(_, o)| *o == Occupant::Off)
                    .map(|&(sq, occ)| blocker(from, sq, occ)),
                Kind::Hop(limit) => match pieces.as_slice() {
                    [] => Some(format!(
                        "it must hop over a piece, and there is none between {} and {}",
                        square_name(from),
                        square_name(to)
                    )),
                    [hurdle] => {
                        // The hurdle is the `h`th step; the target the `k`th.
                        let h = line
                            .iter()
                            .position(|(sq, _)| sq == hurdle)
                            .map_or(0, |p| p as i16 + 1);
                        let beyond = k - h;
                        if limit == 1 && beyond > 1 {
                            Some(format!(
                                "it lands just beyond the piece it hops over, on {}",
                                square_name(add(from, d, h + 1).unwrap_or(to))
                            ))
                        } else if limit != 0 && beyond > limit as i16 {
                            Some(format!(
                                "it lands at most {limit} squares beyond the piece it hops over ({})",
                                square_name(*hurdle)
                            ))
                        } else {
                            None
                        }
                    }
                    [.., last] => {
                        let names: Vec<String> = pieces[..pieces.len() - 1]
                            .iter()
                            .map(|&s| square_name(s))
                            .collect();
                        Some(format!(
                            "it hops over exactly one piece, and {} and {} stand between",
                            names.join(", "),
                            square_name(*last)
                        ))
                    }
                },
            };
            if path.is_some() {
                return path;
            }
            return match target {
                Occupant::Friend => {
                    Some(format!("{} holds a piece of its own side", square_name(to)))
                }
                Occupant::Empty if !self.quiet => Some(format!(
                    "{} is empty, and it moves that way only to capture",
                    square_name(to)
                )),
                Occupant::Enemy if !self.capture => Some(format!(
                    "{} is occupied, and it moves that way only to an empty square",
                    square_name(to)
                )),
                _ => None,
            };
        }
        None
    }
}

/// The reason a piece on `sq` stops a leap from `from`.
fn blocker(from: (i8, i8), sq: (i8, i8), occ: Occupant) -> String {
    let next = (sq.0 - from.0).abs() <= 1 && (sq.1 - from.1).abs() <= 1;
    match (occ, next) {
        (Occupant::Off, _) => format!("the square {} it passes is not in play", square_name(sq)),
        (_, true) => format!("the square {} next to it is occupied", square_name(sq)),
        (_, false) => format!("{} is in the way", square_name(sq)),
    }
}

/// The `k` ≥ 1 with `k·d = delta`, if any.
fn multiple(delta: (i16, i16), d: (i16, i16)) -> Option<i16> {
    let k = if d.0 != 0 {
        delta.0 / d.0
    } else if d.1 != 0 {
        delta.1 / d.1
    } else {
        return None;
    };
    (k >= 1 && (d.0 * k, d.1 * k) == delta).then_some(k)
}

impl Betza {
    /// The notation as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Every move of a piece on `from` whose forward direction is `forward`
    /// (a unit step: (0,1) for a White piece, (0,-1) for Black, (1,0) or
    /// (-1,0) for a side whose pawns move along ranks; any other value is
    /// taken as (0,1)); `at(file, rank)` says what stands on any square
    /// (files 0..=7 for a..h, ranks 1..=8; anything else is Off). A target
    /// is a quiet move to an empty square (capture false) or a capture of
    /// an enemy piece (capture true). No duplicates.
    pub fn moves(
        &self,
        from: (i8, i8),
        forward: (i8, i8),
        at: &dyn Fn(i8, i8) -> Occupant,
    ) -> Vec<Target> {
        let forward = forward_unit(forward);
        let mut out: Vec<Target> = Vec::new();
        for g in &self.groups {
            g.reach(from, forward, at, &mut |to, occ| {
                let capture = match occ {
                    Occupant::Empty if g.quiet => false,
                    Occupant::Enemy if g.capture => true,
                    _ => return,
                };
                if !out.iter().any(|t| t.to == to) {
                    out.push(Target { to, capture });
                }
            });
        }
        out
    }

    /// The squares the piece attacks (where it could capture an enemy
    /// piece if one stood there, whatever stands there now): for check
    /// detection. A rider's line ends at the first piece, of either side.
    pub fn attacks(
        &self,
        from: (i8, i8),
        forward: (i8, i8),
        at: &dyn Fn(i8, i8) -> Occupant,
    ) -> Vec<(i8, i8)> {
        let forward = forward_unit(forward);
        let mut out = Vec::new();
        for g in self.groups.iter().filter(|g| g.capture) {
            g.reach(from, forward, at, &mut |to, _| {
                if !out.contains(&to) {
                    out.push(to);
                }
            });
        }
        out
    }

    /// Why `from`->`to` is not a move, when the piece's pattern could
    /// make that jump but something stops it ("the square b2 next to it is
    /// occupied", "c4 is in the way", "d3 is empty, and it moves that way
    /// only to capture"), else None: also None when it is a move.
    pub fn blocked(
        &self,
        from: (i8, i8),
        to: (i8, i8),
        forward: (i8, i8),
        at: &dyn Fn(i8, i8) -> Occupant,
    ) -> Option<String> {
        let forward = forward_unit(forward);
        if self.moves(from, forward, at).iter().any(|t| t.to == to) {
            return None;
        }
        // The groups that could make this move first: a cannon's
        // capture without a screen says more than its quiet move's
        // refusal to capture.
        let target = at(to.0, to.1);
        let fits = |g: &Group| match target {
            Occupant::Empty => g.quiet,
            Occupant::Enemy => g.capture,
            _ => true,
        };
        let (first, second): (Vec<&Group>, Vec<&Group>) = self.groups.iter().partition(|g| fits(g));
        first
            .into_iter()
            .chain(second)
            .find_map(|g| g.blocked(from, to, forward, at))
    }

    /// The notation in plain words, for a refusal message: "a knight's
    /// leap that cannot jump (the square orthogonally next to it must be
    /// empty)"; "one step forward or sideways to an empty square, or one
    /// step diagonally forward to capture".
    pub fn describe(&self) -> String {
        let parts: Vec<String> = self.groups.iter().map(describe_group).collect();
        match parts.len() {
            0 => "no move".to_string(),
            1 => parts[0].clone(),
            2 => format!("{}, or {}", parts[0], parts[1]),
            n => format!("{}, or {}", parts[..n - 1].join(", "), parts[n - 1]),
        }
    }
}

impl fmt::Display for Betza {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::str::FromStr for Betza {
    type Err = BetzaError;
    fn from_str(s: &str) -> Result<Betza, BetzaError> {
        parse(s)
    }
}

fn number(n: i8) -> &'static str {
    match n {
        1 => "one",
        2 => "two",
        3 => "three",
        _ => "several",
    }
}

/// A set of steps (piece frame) in words: "forward or sideways",
/// "diagonally forward", "two forward and one to either side".
fn directions(steps: &[(i8, i8)]) -> String {
    let has = |s: (i8, i8)| steps.contains(&s);
    let mut words: Vec<String> = Vec::new();
    // Whole classes first: all four orthogonal or diagonal steps of a
    // length.
    let mut done: Vec<(i8, i8)> = Vec::new();
    let mut ordered: Vec<(i8, i8)> = steps.to_vec();
    // Forward first, then sideways, then backward; nearer the line first.
    ordered.sort_by_key(|&(x, y)| (-y, x.abs(), x));
    for &(x, y) in &ordered {
        if done.contains(&(x, y)) {
            continue;
        }
        let n = x.abs().max(y.abs());
        let orth = [(0, n), (0, -n), (n, 0), (-n, 0)];
        let diag = [(n, n), (-n, n), (n, -n), (-n, -n)];
        if (x == 0 || y == 0) && orth.iter().all(|&s| has(s)) {
            words.push("orthogonally".into());
            done.extend(orth);
            continue;
        }
        if x.abs() == y.abs() && diag.iter().all(|&s| has(s)) {
            words.push("diagonally".into());
            done.extend(diag);
            continue;
        }
        let mirror = (-x, y);
        let both = x != 0 && has(mirror);
        done.push((x, y));
        if both {
            done.push(mirror);
        }
        let fb = if y > 0 { "forward" } else { "backward" };
        let side = if x < 0 { "left" } else { "right" };
        words.push(if x == 0 {
            fb.to_string()
        } else if y == 0 {
            if both {
                "sideways".to_string()
            } else {
                format!("to the {side}")
            }
        } else if x.abs() == y.abs() {
            if both {
                format!("diagonally {fb}")
            } else {
                format!("diagonally {fb}-{side}")
            }
        } else {
            let fb = if y > 0 { "forward" } else { "back" };
            let (ny, nx) = (number(y.abs()), number(x.abs()));
            if both {
                format!("{ny} {fb} and {nx} to either side")
            } else {
                format!("{ny} {fb} and {nx} to the {side}")
            }
        });
    }
    words.join(" or ")
}

fn describe_group(g: &Group) -> String {
    let (leaps, _) = atom(g.atom).unwrap_or((&[], false));
    let full = steps_for(leaps, None);
    let all = full.iter().all(|s| g.steps.contains(s));
    let (first, second) = leaps.first().copied().unwrap_or((1, 0));
    let oblique = leaps.len() == 1 && second != 0 && second != first;
    let half = |f: fn(&(i8, i8)) -> bool| {
        let want: Vec<(i8, i8)> = full.iter().copied().filter(f).collect();
        want.len() == g.steps.len() && want.iter().all(|s| g.steps.contains(s))
    };
    let dirs = if all {
        match (leaps.len(), oblique) {
            (2, _) => "in any direction".to_string(),
            (_, true) => String::new(),
            _ => directions(&g.steps),
        }
    } else if oblique && half(|s| s.1 > 0) {
        "forward".into()
    } else if oblique && half(|s| s.1 < 0) {
        "backward".into()
    } else if oblique && half(|s| s.0 < 0) {
        "to the left".into()
    } else if oblique && half(|s| s.0 > 0) {
        "to the right".into()
    } else {
        directions(&g.steps)
    };
    let leap_noun = match g.atom {
        'N' => "knight's leap",
        'C' => "camel's leap (three squares one way and one the other)",
        'Z' => "zebra's leap (three squares one way and two the other)",
        _ if first == 2 => "leap of two squares",
        _ if first == 3 => "leap of three squares",
        _ => "step",
    };
    let unit = first == 1;
    let mut text = match g.kind {
        Kind::Leap | Kind::Lame | Kind::Jump | Kind::Ride(1) => {
            if unit {
                format!("one step {dirs}")
            } else {
                format!("a {leap_noun} {dirs}")
            }
        }
        Kind::Ride(n) => {
            let count = if n == 0 {
                "any number of".to_string()
            } else {
                format!("up to {n}")
            };
            if unit {
                format!("{count} squares {dirs}")
            } else {
                let plural = match leap_noun.split_once(' ') {
                    Some(("leap", rest)) => format!("leaps {rest}"),
                    _ => leap_noun.replacen("leap", "leaps", 1),
                };
                format!("{count} {plural} in a straight line {dirs}")
            }
        }
        Kind::Hop(n) => {
            let how = match (g.grasshopper || n == 1, n, g.quiet, g.capture) {
                (true, ..) if !g.capture => "to the square just beyond it, if empty".to_string(),
                (true, ..) if !g.quiet => "to capture on the square just beyond it".to_string(),
                (true, ..) => "to the square just beyond it".to_string(),
                (_, 0, true, true) => "to any square beyond it".to_string(),
                (_, 0, true, false) => "to an empty square beyond it".to_string(),
                (_, 0, ..) => "to capture the first piece beyond it".to_string(),
                (_, n, true, true) => format!("to a square at most {n} beyond it"),
                (_, n, true, false) => format!("to an empty square at most {n} beyond it"),
                (_, n, ..) => format!("to capture a piece at most {n} beyond it"),
            };
            format!("along a line {dirs}, hopping over one piece {how}")
        }
    };
    text.truncate(text.trim_end().len());
    if !matches!(g.kind, Kind::Hop(_)) {
        match (g.quiet, g.capture) {
            (true, false) => text.push_str(" to an empty square"),
            (false, true) => text.push_str(" to capture"),
            _ => {}
        }
    }
    let passes = leaps.first().map_or(0, |&(f, s)| passed((s, f)).len());
    let what = if g.atom == 'N' {
        "the square orthogonally next to it"
    } else if passes == 1 {
        "the square it passes"
    } else {
        "the squares it passes"
    };
    match g.kind {
        Kind::Lame => text.push_str(&format!(" that cannot jump ({what} must be empty)")),
        Kind::Jump if passes == 1 => text.push_str(&format!(
            " that must jump over a piece ({what} must be occupied)"
        )),
        Kind::Jump => {
            text.push_str(" that must jump over exactly one piece on the squares it passes")
        }
        _ => {}
    }
    text
}

#[cfg(test)]
mod tests;
