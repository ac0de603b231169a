use super::*;
use crate::diagram::{Color, Square};
use crate::engine::chess::{
    SquareSet, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, reach,
    rook_attacks,
};

const WHITE: (i8, i8) = (0, 1);
const BLACK: (i8, i8) = (0, -1);
const RIGHTWARD: (i8, i8) = (1, 0);

fn sq(name: &str) -> (i8, i8) {
    let b = name.as_bytes();
    ((b[0] - b'a') as i8, (b[1] - b'0') as i8)
}

/// A board with friends and enemies on the named squares.
fn board(friends: &[&str], enemies: &[&str]) -> impl Fn(i8, i8) -> Occupant {
    let friends: Vec<(i8, i8)> = friends.iter().map(|s| sq(s)).collect();
    let enemies: Vec<(i8, i8)> = enemies.iter().map(|s| sq(s)).collect();
    move |f, r| {
        if !(0..8).contains(&f) || !(1..=8).contains(&r) {
            Occupant::Off
        } else if friends.contains(&(f, r)) {
            Occupant::Friend
        } else if enemies.contains(&(f, r)) {
            Occupant::Enemy
        } else {
            Occupant::Empty
        }
    }
}

fn piece(text: &str) -> Betza {
    parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

/// The moves as sorted names, a capture with an `x`: `["d5", "xe5"]`.
fn moves_on(
    text: &str,
    from: &str,
    forward: (i8, i8),
    friends: &[&str],
    enemies: &[&str],
) -> Vec<String> {
    let at = board(friends, enemies);
    let mut out: Vec<String> = piece(text)
        .moves(sq(from), forward, &at)
        .iter()
        .map(|t| format!("{}{}", if t.capture { "x" } else { "" }, square_name(t.to)))
        .collect();
    out.sort();
    out
}

fn moves(text: &str, from: &str) -> Vec<String> {
    moves_on(text, from, WHITE, &[], &[])
}

fn names(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn each_leaper_atom_gives_its_leaps_and_no_other() {
    assert_eq!(moves("W", "d4"), names(&["c4", "d3", "d5", "e4"]));
    assert_eq!(moves("F", "d4"), names(&["c3", "c5", "e3", "e5"]));
    assert_eq!(moves("D", "d4"), names(&["b4", "d2", "d6", "f4"]));
    assert_eq!(moves("A", "d4"), names(&["b2", "b6", "f2", "f6"]));
    assert_eq!(moves("H", "d4"), names(&["a4", "d1", "d7", "g4"]));
    assert_eq!(moves("G", "d4"), names(&["a1", "a7", "g1", "g7"]));
    assert_eq!(
        moves("N", "d4"),
        names(&["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"])
    );
    assert_eq!(
        moves("C", "d4"),
        names(&["a3", "a5", "c1", "c7", "e1", "e7", "g3", "g5"])
    );
    assert_eq!(
        moves("Z", "d4"),
        names(&["a2", "a6", "b1", "b7", "f1", "f7", "g2", "g6"])
    );
    assert_eq!(
        moves("K", "d4"),
        names(&["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"])
    );
    // Leaps off the board are not moves; a corner knight has two.
    assert_eq!(moves("N", "a1"), names(&["b3", "c2"]));
    // A leaper jumps whatever stands between.
    assert_eq!(
        moves_on("D", "d4", WHITE, &["d5", "c4", "e4", "d3"], &[]),
        names(&["b4", "d2", "d6", "f4"])
    );
}

#[test]
fn riders_stop_at_the_first_piece_capturing_an_enemy_not_a_friend() {
    let r = moves_on("R", "d4", WHITE, &["d6"], &["f4"]);
    assert_eq!(
        r,
        names(&["a4", "b4", "c4", "d1", "d2", "d3", "d5", "e4", "xf4"])
    );
    assert_eq!(moves("B", "a1").len(), 7);
    assert_eq!(moves("Q", "d4").len(), 27);
    // Doubling and shorthand mean the same.
    assert_eq!(moves("WW", "d4"), moves("R", "d4"));
    assert_eq!(moves("FF", "d4"), moves("B", "d4"));
    assert_eq!(moves("RR", "d4"), moves("R", "d4"));
    assert_eq!(moves("KK", "d4"), moves("Q", "d4"));
    // The nightrider: knight's leaps along a line, stopped by a piece on
    // a landing square, not by one it jumps.
    let nn = moves_on("NN", "a1", WHITE, &["b2", "a2"], &["c5"]);
    assert_eq!(nn, names(&["b3", "xc5", "c2", "e3", "g4"]));
    assert_eq!(
        moves("NN", "a1"),
        names(&["b3", "c5", "d7", "c2", "e3", "g4"])
    );
}

#[test]
fn a_range_limits_a_rider() {
    assert_eq!(
        moves("W2", "d4"),
        names(&["b4", "c4", "d2", "d3", "d5", "d6", "e4", "f4"])
    );
    assert_eq!(moves("R4", "a1").len(), 8);
    assert!(moves("R4", "a1").contains(&"a5".to_string()));
    assert!(!moves("R4", "a1").contains(&"a6".to_string()));
    assert_eq!(moves("W1", "d4"), moves("W", "d4"));
    assert_eq!(moves("R0", "d4"), moves("R", "d4"));
    assert_eq!(moves("N2", "a1"), names(&["b3", "c2", "c5", "e3"]));
    // Stopped before its range by a piece.
    assert_eq!(moves_on("B3", "a1", WHITE, &["c3"], &[]), names(&["b2"]));
}

#[test]
fn m_moves_only_to_an_empty_square_and_c_only_captures() {
    assert_eq!(
        moves_on("mW", "d4", WHITE, &[], &["d5"]),
        names(&["c4", "d3", "e4"])
    );
    assert_eq!(moves_on("cW", "d4", WHITE, &[], &["d5"]), names(&["xd5"]));
    assert_eq!(
        moves_on("cW", "d4", WHITE, &["d3"], &[]),
        Vec::<String>::new()
    );
    // Both letters: both.
    assert_eq!(
        moves_on("mcW", "d4", WHITE, &[], &["d5"]),
        moves_on("W", "d4", WHITE, &[], &["d5"])
    );
    // A queen that captures as a king.
    let b = moves_on("mQcK", "d4", WHITE, &[], &["d5", "d7", "g7"]);
    assert!(b.contains(&"xd5".to_string()) && b.contains(&"f6".to_string()));
    assert!(!b.contains(&"xg7".to_string()) && !b.contains(&"g7".to_string()));
    // The pawn: forward to an empty square, diagonally forward to capture.
    let p = moves_on("mfWcfF", "e4", WHITE, &[], &["d5", "f3", "e5"]);
    assert_eq!(p, names(&["xd5"]));
    let p = moves_on("mfWcfF", "e4", WHITE, &[], &["f5"]);
    assert_eq!(p, names(&["e5", "xf5"]));
    // Modifier order does not matter (Fairy-Stockfish's pawn is `fmW…`).
    assert_eq!(moves_on("fmWfcF", "e4", WHITE, &[], &["f5"]), p);
}

#[test]
fn directions_are_relative_to_the_pieces_forward() {
    assert_eq!(moves_on("fW", "d4", WHITE, &[], &[]), names(&["d5"]));
    assert_eq!(moves_on("fW", "d4", BLACK, &[], &[]), names(&["d3"]));
    assert_eq!(moves_on("fW", "d4", RIGHTWARD, &[], &[]), names(&["e4"]));
    assert_eq!(moves_on("fW", "d4", (-1, 0), &[], &[]), names(&["c4"]));
    // A rightward piece's left is up the board.
    assert_eq!(moves_on("lW", "d4", RIGHTWARD, &[], &[]), names(&["d5"]));
    assert_eq!(moves_on("lW", "d4", WHITE, &[], &[]), names(&["c4"]));
    assert_eq!(moves_on("lW", "d4", BLACK, &[], &[]), names(&["e4"]));
    assert_eq!(moves_on("bW", "d4", WHITE, &[], &[]), names(&["d3"]));
    assert_eq!(moves_on("rW", "d4", WHITE, &[], &[]), names(&["e4"]));
    assert_eq!(moves_on("vW", "d4", WHITE, &[], &[]), names(&["d3", "d5"]));
    assert_eq!(moves_on("sW", "d4", WHITE, &[], &[]), names(&["c4", "e4"]));
    // The soldier: forward or sideways, for either side.
    assert_eq!(
        moves_on("fsW", "d4", WHITE, &[], &[]),
        names(&["c4", "d5", "e4"])
    );
    assert_eq!(
        moves_on("fsW", "d4", BLACK, &[], &[]),
        names(&["c4", "d3", "e4"])
    );
    assert_eq!(moves_on("frW", "d4", WHITE, &[], &[]), names(&["d5", "e4"]));
    // Diagonal atoms: a letter is the pair of that side.
    assert_eq!(moves_on("fF", "d4", WHITE, &[], &[]), names(&["c5", "e5"]));
    assert_eq!(moves_on("fF", "d4", BLACK, &[], &[]), names(&["c3", "e3"]));
    assert_eq!(
        moves_on("fF", "d4", RIGHTWARD, &[], &[]),
        names(&["e3", "e5"])
    );
    assert_eq!(moves_on("lF", "d4", WHITE, &[], &[]), names(&["c3", "c5"]));
    assert_eq!(moves_on("flF", "d4", WHITE, &[], &[]), names(&["c5"]));
    assert_eq!(moves_on("brF", "d4", WHITE, &[], &[]), names(&["e3"]));
    assert_eq!(moves_on("sF", "d4", WHITE, &[], &[]), moves("F", "d4"));
    assert_eq!(moves_on("fB", "d4", WHITE, &[], &[]).len(), 7);
    assert_eq!(
        moves_on("fK", "d4", WHITE, &[], &[]),
        names(&["c5", "d5", "e5"])
    );
}

#[test]
fn oblique_directions_follow_fairy_stockfish() {
    let n = |t: &str, fwd| moves_on(t, "d4", fwd, &[], &[]);
    // f: the two leaps nearest forward (the shogi knight).
    assert_eq!(n("fN", WHITE), names(&["c6", "e6"]));
    assert_eq!(n("ffN", WHITE), names(&["c6", "e6"]));
    assert_eq!(n("fN", BLACK), names(&["c2", "e2"]));
    assert_eq!(n("fN", RIGHTWARD), names(&["f3", "f5"]));
    // fs: the two forward ones that go more sideways; fh: all four.
    assert_eq!(n("fsN", WHITE), names(&["b5", "f5"]));
    assert_eq!(n("fhN", WHITE), names(&["b5", "c6", "e6", "f5"]));
    assert_eq!(n("bhN", WHITE), names(&["b3", "c2", "e2", "f3"]));
    assert_eq!(n("bN", WHITE), names(&["c2", "e2"]));
    // fr is the more right of the forward-right pair, rf the more forward.
    assert_eq!(n("frN", WHITE), names(&["f5"]));
    assert_eq!(n("rfN", WHITE), names(&["e6"]));
    assert_eq!(n("flN", WHITE), names(&["b5"]));
    assert_eq!(n("lfN", WHITE), names(&["c6"]));
    assert_eq!(n("frN", BLACK), names(&["b3"]));
    // l, r: the two leaps nearest that side; v, s: the vertical and
    // sideways fours.
    assert_eq!(n("lN", WHITE), names(&["b3", "b5"]));
    assert_eq!(n("rN", WHITE), names(&["f3", "f5"]));
    assert_eq!(n("vN", WHITE), names(&["c2", "c6", "e2", "e6"]));
    assert_eq!(n("sN", WHITE), names(&["b3", "b5", "f3", "f5"]));
    assert_eq!(n("lhN", WHITE), names(&["b3", "b5", "c2", "c6"]));
    assert_eq!(n("rhN", WHITE), names(&["e2", "e6", "f3", "f5"]));
    // Several directions add up.
    assert_eq!(n("fbN", WHITE), names(&["c2", "c6", "e2", "e6"]));
    // The same rules for the other oblique atoms.
    assert_eq!(n("fC", WHITE), names(&["c7", "e7"]));
    assert_eq!(n("fsZ", WHITE), names(&["a6", "g6"]));
}

#[test]
fn a_lame_knight_is_stopped_by_the_orthogonal_square_next_to_it() {
    // b1 with b2 occupied: a3 and c3 go through b2; d2 goes through c1.
    let blocked = moves_on("nN", "b1", WHITE, &["b2"], &[]);
    assert_eq!(blocked, names(&["d2"]));
    let free = moves_on("nN", "b1", WHITE, &["a2", "c2"], &[]);
    assert_eq!(free, names(&["a3", "c3", "d2"]));
    // c1 occupied: d2 is gone, a3 and c3 stay.
    assert_eq!(
        moves_on("nN", "b1", WHITE, &["c1"], &["c3"]),
        names(&["a3", "xc3"])
    );
    let p = piece("nN");
    let at = board(&["b2"], &[]);
    assert_eq!(
        p.blocked(sq("b1"), sq("c3"), WHITE, &at).as_deref(),
        Some("the square b2 next to it is occupied")
    );
    assert_eq!(p.blocked(sq("b1"), sq("d2"), WHITE, &at), None);
    assert_eq!(p.blocked(sq("b1"), sq("b4"), WHITE, &at), None);
    // An ordinary knight jumps.
    assert_eq!(
        moves_on("N", "b1", WHITE, &["b2", "c1"], &[]),
        names(&["a3", "c3", "d2"])
    );
    // A lame alfil and dabbaba: the middle square must be empty.
    assert_eq!(moves_on("nA", "c1", WHITE, &["d2"], &[]), names(&["a3"]));
    assert_eq!(
        moves_on("nD", "d4", WHITE, &["d5", "c4"], &[]),
        names(&["d2", "f4"])
    );
    // A lame zebra (the Janggi elephant): one orthogonal, then two
    // diagonal squares.
    assert_eq!(moves("Z", "d1"), names(&["a3", "b4", "f4", "g3"]));
    assert_eq!(
        moves_on("nZ", "d1", WHITE, &["d2"], &[]),
        names(&["a3", "g3"])
    );
    assert_eq!(
        moves_on("nZ", "d1", WHITE, &["c3"], &[]),
        names(&["a3", "f4", "g3"])
    );
    assert_eq!(
        moves_on("nZ", "d1", WHITE, &["e1"], &[]),
        names(&["a3", "b4", "f4"])
    );
}

#[test]
fn a_jumping_leap_needs_exactly_one_piece_to_jump() {
    assert_eq!(moves_on("jD", "d4", WHITE, &["d5"], &[]), names(&["d6"]));
    assert_eq!(moves_on("jD", "d4", WHITE, &[], &[]), Vec::<String>::new());
    assert_eq!(
        moves_on("jN", "b1", WHITE, &["b2"], &[]),
        names(&["a3", "c3"])
    );
    let at = board(&[], &[]);
    assert!(
        piece("jD")
            .blocked(sq("d4"), sq("d6"), WHITE, &at)
            .unwrap()
            .contains("must jump over a piece")
    );
}

#[test]
fn hoppers_jump_exactly_one_piece() {
    // A cannon: over d6 to d7 and d8 (empty) or the first piece beyond.
    assert_eq!(
        moves_on("pR", "d4", WHITE, &["d6", "b4"], &["d8"]),
        names(&["a4", "d7", "xd8"])
    );
    // Xiangqi cannon: moves as a rook, captures by hopping.
    let c = moves_on("mRcpR", "a1", WHITE, &["a3"], &["a6", "c1"]);
    assert_eq!(c, names(&["a2", "b1", "xa6"]));
    // A grasshopper lands just beyond.
    assert_eq!(
        moves_on("gQ", "d4", WHITE, &["d6"], &["f6"]),
        names(&["d7", "g7"])
    );
    assert_eq!(
        moves_on("gR", "d4", WHITE, &["d5"], &["d6"]),
        names(&["xd6"])
    );
    // A limited hopper: at most two beyond.
    assert_eq!(
        moves_on("pR2", "a1", WHITE, &["a2"], &[]),
        names(&["a3", "a4"])
    );
    // Attacks beyond the screen only.
    let p = piece("mRcpR");
    let at = board(&["a3"], &[]);
    let mut a: Vec<String> = p
        .attacks(sq("a1"), WHITE, &at)
        .into_iter()
        .map(square_name)
        .collect();
    a.sort();
    assert_eq!(a, names(&["a4", "a5", "a6", "a7", "a8"]));
    let at = board(&[], &["a6"]);
    assert!(
        p.blocked(sq("a1"), sq("a6"), WHITE, &at)
            .unwrap()
            .contains("must hop over a piece")
    );
    let at = board(&["a2", "a3"], &["a6"]);
    assert!(
        p.blocked(sq("a1"), sq("a6"), WHITE, &at)
            .unwrap()
            .contains("a2 and a3")
    );
    let at = board(&["d6"], &["d8"]);
    assert_eq!(
        piece("gR")
            .blocked(sq("d4"), sq("d8"), WHITE, &at)
            .as_deref(),
        Some("it lands just beyond the piece it hops over, on d7")
    );
}

#[test]
fn blocked_names_what_stops_the_move() {
    let at = board(&["c4"], &["d6"]);
    let r = piece("R");
    assert_eq!(
        r.blocked(sq("a4"), sq("e4"), WHITE, &at).as_deref(),
        Some("c4 is in the way")
    );
    assert_eq!(
        r.blocked(sq("a4"), sq("c4"), WHITE, &at).as_deref(),
        Some("c4 holds a piece of its own side")
    );
    assert_eq!(r.blocked(sq("d1"), sq("d6"), WHITE, &at), None);
    assert_eq!(
        r.blocked(sq("b4"), sq("e4"), WHITE, &at).as_deref(),
        Some("c4 is in the way")
    );
    assert_eq!(r.blocked(sq("a4"), sq("b5"), WHITE, &at), None);
    let p = piece("mfWcfF");
    assert_eq!(
        p.blocked(sq("e4"), sq("d5"), WHITE, &at).as_deref(),
        Some("d5 is empty, and it moves that way only to capture")
    );
    let at = board(&[], &["e5"]);
    assert_eq!(
        p.blocked(sq("e4"), sq("e5"), WHITE, &at).as_deref(),
        Some("e5 is occupied, and it moves that way only to an empty square")
    );
    assert_eq!(p.blocked(sq("e4"), sq("e6"), WHITE, &at), None);
}

#[test]
fn attacks_are_the_capturing_moves_whatever_stands_there() {
    let p = piece("mfWcfF");
    let at = board(&["d5"], &[]);
    let mut a: Vec<String> = p
        .attacks(sq("e4"), WHITE, &at)
        .into_iter()
        .map(square_name)
        .collect();
    a.sort();
    assert_eq!(a, names(&["d5", "f5"]));
    let mut a: Vec<String> = p
        .attacks(sq("e4"), BLACK, &at)
        .into_iter()
        .map(square_name)
        .collect();
    a.sort();
    assert_eq!(a, names(&["d3", "f3"]));
    // A move-only group attacks nothing.
    assert!(piece("mQ").attacks(sq("d4"), WHITE, &at).is_empty());
}

#[test]
fn describe_says_it_in_words() {
    let d = |t: &str| piece(t).describe();
    assert_eq!(
        d("nN"),
        "a knight's leap that cannot jump (the square orthogonally next to it must be empty)"
    );
    assert_eq!(
        d("mfsWcfF"),
        "one step forward or sideways to an empty square, or one step diagonally forward to capture"
    );
    assert_eq!(
        d("mfWcfF"),
        "one step forward to an empty square, or one step diagonally forward to capture"
    );
    assert_eq!(d("N"), "a knight's leap");
    assert_eq!(d("K"), "one step in any direction");
    assert_eq!(d("Q"), "any number of squares in any direction");
    assert_eq!(d("R"), "any number of squares orthogonally");
    assert_eq!(d("B"), "any number of squares diagonally");
    assert_eq!(d("W2"), "up to 2 squares orthogonally");
    assert_eq!(d("NN"), "any number of knight's leaps in a straight line");
    assert_eq!(
        d("fN"),
        "a knight's leap two forward and one to either side"
    );
    assert_eq!(d("fhN"), "a knight's leap forward");
    assert_eq!(d("D"), "a leap of two squares orthogonally");
    assert_eq!(d("fA"), "a leap of two squares diagonally forward");
    assert_eq!(d("frF"), "one step diagonally forward-right");
    assert_eq!(d("fK"), "one step forward or diagonally forward");
    assert_eq!(
        d("mQcK"),
        "any number of squares in any direction to an empty square, or one step in any direction to capture"
    );
    assert_eq!(
        d("mRcpR"),
        "any number of squares orthogonally to an empty square, or along a line orthogonally, hopping over one piece to capture the first piece beyond it"
    );
    assert_eq!(
        d("gQ"),
        "along a line in any direction, hopping over one piece to the square just beyond it"
    );
    assert_eq!(
        d("jD"),
        "a leap of two squares orthogonally that must jump over a piece (the square it passes must be occupied)"
    );
    assert_eq!(d("mfWcfFmQ").matches(", ").count(), 2);
}

#[test]
fn errors_point_at_the_offending_letter() {
    let e = |t: &str| parse(t).unwrap_err();
    let empty = e("");
    assert_eq!((empty.offset, empty.len), (0, 0));
    assert!(empty.help.is_some());
    let x = e("mfWX");
    assert_eq!((x.offset, x.len), (3, 1));
    assert!(x.message.contains("`X`"));
    // A lowercase atom at the end.
    let n = e("n");
    assert_eq!((n.offset, n.len), (0, 1));
    assert!(
        n.help.as_deref().unwrap().contains("did you mean `N`?"),
        "{n:?}"
    );
    let n = e("Kcn");
    assert_eq!((n.offset, n.len), (1, 2));
    assert!(n.help.as_deref().unwrap().contains("`cN`"), "{n:?}");
    let m = e("mfWcf");
    assert_eq!((m.offset, m.len), (3, 2));
    assert!(m.message.contains("no atom"));
    // A direction the atom cannot take.
    let h = e("hN");
    assert_eq!((h.offset, h.len), (0, 1));
    assert!(h.help.as_deref().unwrap().contains("`fhN`"), "{h:?}");
    assert!(e("hfN").help.unwrap().contains("did you mean `fhN`?"));
    let sf = e("WsfF");
    assert_eq!((sf.offset, sf.len), (1, 2));
    assert!(sf.help.as_deref().unwrap().contains("`fsF`"), "{sf:?}");
    // Unsupported and contradictory modifiers.
    assert_eq!(e("imfW2").offset, 0);
    assert!(e("fmWfceF").help.unwrap().contains("mfWcfF"));
    assert_eq!(e("pN").offset, 0);
    assert_eq!(e("nR").offset, 0);
    assert_eq!(e("nNN").offset, 0);
    assert_eq!(e("nW").offset, 0);
    assert_eq!(e("njN").offset, 1);
    assert_eq!(e("pgR").offset, 1);
    assert_eq!(e("gR2").offset, 2);
    let two = e("R12");
    assert_eq!((two.offset, two.len), (2, 1));
    assert_eq!(e("2W").offset, 0);
    assert!(e("L").help.unwrap().contains("camel"));
    assert!(e("mfW cfF").help.unwrap().contains("spaces"));
    assert_eq!(e("Né").offset, 1);
    assert_eq!(e("Né").len, 2);
    assert_eq!(
        e("Nk").help.unwrap(),
        format!("did you mean `K`? atoms are capitals: {ATOMS}")
    );
}

#[test]
fn concatenated_groups_all_apply() {
    assert_eq!(piece("mfWcfFmQ").groups.len(), 3);
    assert_eq!(piece("RNF").groups.len(), 3);
    assert_eq!(moves("BN", "a1").len(), 7 + 2);
    let p = moves_on("mfWcfFmQ", "e4", WHITE, &[], &["d5"]);
    assert!(p.contains(&"xd5".to_string()) && p.contains(&"e8".to_string()));
    assert_eq!(piece("mfWcfF").to_string(), "mfWcfF");
}

/// Every string of up to three characters over the notation's letters
/// and a few others parses or is refused, and what parses generates
/// moves and words without panicking.
#[test]
fn no_input_panics() {
    let alphabet: Vec<char> = "WFDNAHCZGKRBQmcfblrvshnjpgie0129LX é".chars().collect();
    let at = board(&["d5", "c3"], &["e5", "b6"]);
    let mut strings = vec![String::new()];
    let mut last = vec![String::new()];
    for _ in 0..3 {
        let mut next = Vec::new();
        for s in &last {
            for &c in &alphabet {
                let mut t = s.clone();
                t.push(c);
                next.push(t);
            }
        }
        strings.extend(next.iter().cloned());
        last = next;
    }
    let mut parsed = 0;
    for s in &strings {
        match parse(s) {
            Ok(b) => {
                parsed += 1;
                for fwd in [WHITE, BLACK, RIGHTWARD, (-1, 0), (0, 0), (3, 3)] {
                    for from in [(3, 4), (0, 1), (7, 8), (-1, 20), (i8::MAX, i8::MIN)] {
                        let m = b.moves(from, fwd, &at);
                        let a = b.attacks(from, fwd, &at);
                        for t in &m {
                            assert_ne!(at(t.to.0, t.to.1), Occupant::Off, "{s}");
                            assert_eq!(m.iter().filter(|u| u.to == t.to).count(), 1, "{s}");
                        }
                        assert!(a.len() <= 64, "{s}");
                        let _ = b.blocked(from, (4, 7), fwd, &at);
                    }
                }
                assert!(!b.describe().is_empty());
            }
            Err(e) => {
                assert!(e.offset + e.len <= s.len(), "{s}: {e:?}");
                assert!(s.is_char_boundary(e.offset) && s.is_char_boundary(e.offset + e.len));
                assert!(!e.message.is_empty());
            }
        }
    }
    assert!(parsed > 1000, "{parsed}");
}

// The orthodox pieces against the engine's own generator.

fn square((f, r): (i8, i8)) -> Square {
    Square::new(f as u8, r as u8)
}

fn set(squares: impl IntoIterator<Item = (i8, i8)>) -> SquareSet {
    let mut s = SquareSet::EMPTY;
    for sq in squares {
        s.insert(square(sq));
    }
    s
}

/// Boards to try: empty, and crowded ones drawn by a fixed generator
/// (each square a friend, an enemy or empty).
fn boards() -> Vec<[Occupant; 64]> {
    let mut out = vec![[Occupant::Empty; 64]];
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for density in [2u64, 3, 5, 8] {
        let mut b = [Occupant::Empty; 64];
        for cell in b.iter_mut() {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let r = seed >> 33;
            *cell = match r % density {
                0 => Occupant::Friend,
                1 => Occupant::Enemy,
                _ => Occupant::Empty,
            };
        }
        out.push(b);
    }
    out
}

#[test]
fn orthodox_pieces_move_as_the_engine_moves_them() {
    for b in boards() {
        let at = |f: i8, r: i8| {
            if (0..8).contains(&f) && (1..=8).contains(&r) {
                b[(r as usize - 1) * 8 + f as usize]
            } else {
                Occupant::Off
            }
        };
        let all = |o: Occupant| {
            (0..64)
                .filter(move |&i| b[i] == o)
                .map(|i| ((i % 8) as i8, (i / 8 + 1) as i8))
        };
        let enemies = set(all(Occupant::Enemy));
        for letter in ['K', 'Q', 'R', 'B', 'N', 'P'] {
            let betza = piece(orthodox(letter));
            for i in 0..64 {
                let from = ((i % 8) as i8, (i / 8 + 1) as i8);
                // The piece's own square is its own, not another piece.
                let occ =
                    set(all(Occupant::Friend).chain(all(Occupant::Enemy))).without(square(from));
                let at = |f: i8, r: i8| {
                    if (f, r) == from {
                        Occupant::Empty
                    } else {
                        at(f, r)
                    }
                };
                for (color, forward) in [(Color::White, WHITE), (Color::Black, BLACK)] {
                    let engine = match letter {
                        'K' => king_attacks(square(from)),
                        'Q' => queen_attacks(square(from), occ),
                        'R' => rook_attacks(square(from), occ),
                        'B' => bishop_attacks(square(from), occ),
                        'N' => knight_attacks(square(from)),
                        _ => pawn_attacks(color, square(from)),
                    };
                    let attacks = betza.attacks(from, forward, &at);
                    assert_eq!(set(attacks.iter().copied()), engine, "{letter} {from:?}");
                    assert_eq!(attacks.len(), engine.len());
                    let moves = betza.moves(from, forward, &at);
                    let quiet = set(moves.iter().filter(|t| !t.capture).map(|t| t.to));
                    let captures = set(moves.iter().filter(|t| t.capture).map(|t| t.to));
                    let want_quiet = if letter == 'P' {
                        // One step forward only: no double step here.
                        let one = set([(from.0, from.1 + forward.1)]);
                        reach(&occ, square(from), crate::diagram::Role::Pawn, color).quiet & one
                    } else {
                        engine - occ
                    };
                    assert_eq!(quiet, want_quiet, "{letter} {from:?} quiet");
                    assert_eq!(captures, engine & enemies, "{letter} {from:?} captures");
                }
            }
        }
    }
}

#[test]
fn squares_out_of_play_stop_riders_and_lame_leaps() {
    // A board with a hole on d5 (as a cut-down or holed board has).
    let base = board(&[], &[]);
    let at = move |f: i8, r: i8| {
        if (f, r) == sq("d5") {
            Occupant::Off
        } else {
            base(f, r)
        }
    };
    let r = piece("R");
    let up: Vec<(i8, i8)> = r
        .moves(sq("d4"), WHITE, &at)
        .iter()
        .map(|t| t.to)
        .filter(|&(f, r)| f == 3 && r > 4)
        .collect();
    assert!(up.is_empty(), "{up:?}");
    assert_eq!(
        r.blocked(sq("d4"), sq("d7"), WHITE, &at).as_deref(),
        Some("the square d5 it passes is not in play")
    );
    // A knight leaps over it; a lame one does not.
    let to = |b: &Betza| {
        b.moves(sq("d4"), WHITE, &at)
            .iter()
            .any(|t| t.to == sq("c6"))
    };
    assert!(to(&piece("N")));
    assert!(!to(&piece("nN")));
    // Nothing lands on it.
    assert!(
        !piece("W")
            .moves(sq("d4"), WHITE, &at)
            .iter()
            .any(|t| t.to == sq("d5"))
    );
    assert_eq!(piece("W").blocked(sq("d4"), sq("d5"), WHITE, &at), None);
}
