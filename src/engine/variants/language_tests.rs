//! The switches that state a game's start, royalty, end, castling rooks,
//! pawn direction, turns and pieces: each both ways, on hand-made boards,
//! and each problem of a table at its place.

use super::*;
use crate::diagram::{Diagram, parse_diagram};
use crate::source::SourceFile;

/// The `[[variant]]` table for a game "G" with `switches`, checked; its
/// problems as `line:col: message | help`.
fn configure(switches: &str) -> (Option<Variant>, Vec<String>) {
    let text = format!("[[variant]]\ngame = \"G\"\n{switches}");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("chess-kit-docs.toml"), &text).unwrap();
    let settings = crate::settings::Settings::resolve(
        &[dir.path().to_path_buf()],
        &crate::settings::Flags::default(),
    );
    let found = settings
        .problems
        .iter()
        .map(|d| {
            format!(
                "{}: {} | {}",
                d.line_col().unwrap(),
                d.message,
                d.help.as_deref().unwrap_or("")
            )
        })
        .collect();
    (settings.variants.find("G").cloned(), found)
}

/// The findings of the game `switches` state on the diagram `rows`.
fn judge(switches: &str, rows: &str) -> Vec<String> {
    let (variant, found) = configure(switches);
    let variant = variant.unwrap_or_else(|| panic!("{found:#?}"));
    let text: String = rows
        .trim()
        .lines()
        .map(|l| format!("    {}\n", l.trim()))
        .collect();
    let src = SourceFile::new("t.md", text.clone());
    let mut diags = Vec::new();
    let d: Diagram = parse_diagram(&src, Span::new(0, text.len()), &mut diags).unwrap();
    assert!(diags.is_empty(), "{diags:#?}");
    let mut out = Vec::new();
    variant.check_variant_board(d.as_board().unwrap(), &mut out);
    out.into_iter().map(|f| f.message).collect()
}

fn legal(switches: &str, rows: &str) {
    let found = judge(switches, rows);
    assert!(found.is_empty(), "refused: {found:#?}");
}

/// The diagram is refused, and the first refusal says `reason`.
fn refused(switches: &str, rows: &str, reason: &str) {
    let found = judge(switches, rows);
    assert!(
        found.iter().any(|m| m.contains(reason)),
        "wanted {reason:?}, got {found:#?}"
    );
}

const ANGLE: &str = "start = \"rp6/np6/bp6/qp6/kp6/bp6/n1PPPPPP/1NBKQBNR\"\npawn_direction = { black = \"right\" }\n";

#[test]
fn a_start_position_gives_the_armies() {
    // Angle Chess: each side starts with one rook and six pawns.
    legal(
        ANGLE,
        "r p . . . . . .
         n p . . . . . .
         b p . . . . . .
         q p . . . . . .
         k p . . . . . .
         b p . . . . . .
         n . P P P P P P
         . N B K Q B N R",
    );
    refused(
        ANGLE,
        "r p . . . . . .
         n p . . . . . .
         b p . . . . . .
         q p . . . . . .
         k p . . . . . .
         b p . . . . . .
         n . P P P P P P
         R N B K Q B N R",
        "2 rooks",
    );
}

#[test]
fn pawns_go_the_way_the_game_turns_them() {
    // Black's pawns move right: a double step from the b-file.
    legal(
        ANGLE,
        "r p . . . . . .
         n p . . . . . .
         b . . p . . . .
         q p . . . . . .
         k p . . . . . .
         b p . . . . . .
         n . P P P P P P
         . N B K Q B N R
         arrow: b6, d6, black",
    );
    refused(
        ANGLE,
        "r p . . . . . .
         n p . . . . . .
         b p . . . . . .
         q p . . . . . .
         k p . . . . . .
         b p . . . . . .
         n . P P P P P P
         . N B K Q B N R
         arrow: b3, b2, black",
        "Black's pawns move to the right",
    );
    // It promotes on the h-file, so it never stands there.
    refused(
        ANGLE,
        ". . . . . . . p
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         k . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . K . . . .",
        "on the h-file, where it is promoted at once",
    );
    legal(
        ANGLE,
        ". . . . . . . q
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         k . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . K . . . .
         arrow: g8, h8, black",
    );
}

#[test]
fn en_passant_follows_a_sideways_double_step() {
    legal(
        ANGLE,
        "r p . . . . . .
         n p . . . . . .
         b p . . . . . .
         q . . p . . . .
         k p . P . . . .
         b p . . . . . .
         n . P . P P P P
         . N B K Q B N R
         arrow: b5, d5, black
         arrow: d4, c5, white",
    );
    refused(
        ANGLE,
        "r p . . . . . .
         n p . . . . . .
         b p . . . . . .
         q . . p . . . .
         k p . P . . . .
         b p . . . . . .
         n . P . P P P P
         . N B K Q B N R
         arrow: d4, c5, white",
        "cannot move to c5",
    );
}

#[test]
fn black_castles_along_its_file_in_angle_chess() {
    legal(
        ANGLE,
        ". p . . . . . .
         . p . . n . . .
         k p . . . . . .
         r p q . . . . .
         . . . . . . . .
         b p . . . . . .
         n . P P P P P P
         . N B K Q B N R
         arrow: a4, a6, black",
    );
    // With the knight still between king and rook it cannot.
    refused(
        ANGLE,
        "r p . . . . . .
         n p . . . . . .
         b p . . . . . .
         . p q . . . . .
         k p . . . . . .
         b p . . . . . .
         n . P P P P P P
         . N B K Q B N R
         arrow: a4, a6, black",
        "a4",
    );
}

const FORTRESS: &str = "castling_rooks = \"bg\"\n";

#[test]
fn castling_takes_the_rooks_the_settings_name() {
    legal(
        FORTRESS,
        ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         N R . . K . R N
         arrow: e1, g1, white",
    );
    legal(
        FORTRESS,
        ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         N . K R . . R N
         arrow: e1, c1, white",
    );
    // Through an attacked square it may not.
    refused(
        FORTRESS,
        ". . . . k . . .
         . . . . . r . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         N R . . K . R N
         arrow: e1, g1, white",
        "cannot castle",
    );
    // Without `castling_rooks`, the g-rook is not a castling rook.
    refused(
        "",
        ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         N R . . K . R N
         arrow: e1, g1, white",
        "a white rook stands there",
    );
}

const RIVER: &str = "royal = \"\"\nwin = [\"reach-rank\"]\n";

#[test]
fn a_king_that_is_not_royal_may_be_left_attacked_and_taken() {
    legal(
        RIVER,
        ". . . . r . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . K . . .
         arrow: e1, e2, white",
    );
    // No king at all, and play goes on.
    legal(
        RIVER,
        ". . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . r . . .
         R . . . . . . .
         arrow: a1, a2, white",
    );
    // With a royal king the first move is refused.
    refused(
        "",
        ". . . . r . . k
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . K . . .
         arrow: e1, e2, white",
        "check",
    );
}

#[test]
fn no_move_follows_a_piece_reaching_its_far_rank() {
    refused(
        RIVER,
        "R . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . K . . .
         arrow: e8, d7, black",
        "the white rook on a8 has reached rank 8",
    );
    legal(
        RIVER,
        ". . . . k . . .
         R . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . K . . .
         arrow: a7, a8, white",
    );
    // Only the pieces `reach_pieces` names win by arriving.
    legal(
        "royal = \"\"\nwin = [\"reach-rank\"]\nreach_pieces = \"K\"\n",
        "R . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . K . . .
         arrow: e8, d7, black",
    );
    refused(
        RIVER,
        "R . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . r . . .",
        "both sides have a piece on its far rank",
    );
}

#[test]
fn a_turn_of_two_moves_is_held_to_check_at_its_end() {
    let double = "moves_per_turn = 2\n";
    let rows = ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . r . . .
         . . . . . . . .
         . . . . . . . .
         R . . K . . . .
         arrow: d1, e1, white";
    // Into check on the first move of the turn: allowed.
    legal(double, rows);
    refused("", rows, "check");
    // And left there at its end: not.
    refused(
        double,
        &format!("{rows}\n arrow: a1, a2, white"),
        "in check at the end of White's turn of 2 moves",
    );
    legal(
        double,
        ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . r . . .
         . . . . . . . .
         . . . . . . . .
         R . . . . K . .
         arrow: d1, e1, white
         arrow: e1, f1, white",
    );
}

#[test]
fn a_piece_stated_in_betza_moves_as_stated() {
    let limpy = "pieces = { N = \"nN\" }\n";
    let start = "r n b q k b n r
         p p p p p p p p
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         P P P P P P P P
         R N B Q K B N R";
    refused(limpy, &format!("{start}\n arrow: g1, f3, white"), "g2");
    legal("", &format!("{start}\n arrow: g1, f3, white"));
    legal(
        limpy,
        "r n b q k b n r
         p p p p p p p p
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         P P P P P P . P
         R N B Q K B N R
         arrow: g1, f3, white",
    );
    // A pawn that also steps sideways (Better Pawns).
    let better = "pieces = { P = \"mfsWcfF\" }\n";
    let pawn = |arrow: &str| {
        format!(
            ". . . . k . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . P . . .
             . . . . . . . .
             . . . . K . . .
             {arrow}"
        )
    };
    legal(better, &pawn("arrow: e3, f3, white"));
    refused("", &pawn("arrow: e3, f3, white"), "f3");
    refused(better, &pawn("arrow: e3, e2, white"), "moves as `mfsWcfF`");
}

#[test]
fn pieces_that_come_back_may_stand_on_one_colour() {
    let rows = ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . B . . . . .
         P P P P P P P P
         B . . . K . . .";
    legal("reinsert = true\n", rows);
    refused("", rows, "2 bishops on one colour");
}

#[test]
fn a_piece_may_take_its_own_side_but_never_its_king() {
    let rows = |arrow: &str| {
        format!(
            "r n b q k b n r
             p p p p p p p p
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             P P P P P P P P
             R N B Q K B N R
             {arrow}"
        )
    };
    legal("capture_own = true\n", &rows("arrow: d1, d2, white"));
    refused(
        "",
        &rows("arrow: d1, d2, white"),
        "a white pawn stands there",
    );
    refused(
        "capture_own = true\n",
        &rows("arrow: d1, e1, white"),
        "a white king stands there",
    );
}

#[test]
fn pieces_other_than_pawns_promote_where_the_game_says() {
    // A knight that reaches the eighth rank may become a queen.
    let rows = "Q . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         P P P P P P P P
         R . B Q K B N R
         arrow: b6, a8, white";
    legal("promoting = \"PNBRQ\"\n", rows);
    refused("", rows, "a8");
    // A missing piece pays for an extra one; none missing, none extra.
    refused(
        "promoting = \"PNBRQ\"\n",
        "Q Q . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         P P P P P P P P
         R N B Q K B N R",
        "too many pieces",
    );
}

#[test]
fn a_slider_moves_through_transparent_pieces_but_captures_only_before_them() {
    let rows = |arrow: &str| {
        format!(
            "r . . . k . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             P . . . . . . .
             . . . . . . . .
             . . . . . . . .
             R . . . K . . .
             {arrow}"
        )
    };
    legal("transparent = \"all\"\n", &rows("arrow: a1, a6, white"));
    refused("", &rows("arrow: a1, a6, white"), "in the way");
    refused(
        "transparent = \"all\"\n",
        &rows("arrow: a1, a8, white"),
        "a piece that moves through another cannot capture in the same move",
    );
    refused(
        "transparent = \"enemy\"\n",
        &rows("arrow: a1, a6, white"),
        "in the way",
    );
}

#[test]
fn a_piece_moves_only_with_a_companion_while_one_that_has_can() {
    let rows = |arrow: &str| {
        format!(
            ". . . . k . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . P . . .
             . . . . . . . .
             . . . . . . . .
             R . . . K R . .
             {arrow}"
        )
    };
    refused(
        "companion = true\n",
        &rows("arrow: e4, e5, white"),
        "has no friendly piece beside it",
    );
    legal("companion = true\n", &rows("arrow: f1, f2, white"));
    legal("", &rows("arrow: e4, e5, white"));
    // With no piece beside another, any piece may move.
    legal(
        "companion = true\n",
        ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . P . . .
         . . . . . . . .
         . . . . . . . .
         R . . . . . K .
         arrow: e4, e5, white",
    );
}

#[test]
fn every_problem_of_the_new_switches_is_reported_at_its_place() {
    let (variant, found) = configure(
        "start = \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP\"\n\
         royal = \"Q\"\n\
         win = \"king-captur\"\n\
         castling_rooks = \"bz\"\n\
         pawn_direction = { black = \"sideways\" }\n\
         moves_per_turn = 0\n\
         pieces = { N = \"nX\" }\n\
         transparent = \"al\"\n",
    );
    assert!(variant.is_none());
    let expect = [
        "3:9: `start = \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP\"` has 7 ranks",
        "4:9: `royal = \"Q\"`: only the king can be royal",
        "5:7: `king-captur` in win is not a way to win",
        "6:18: `z` in `castling_rooks = \"bz\"` is not a file",
        "7:28: `sideways` is not a direction a pawn can move",
        "8:18: `moves_per_turn = 0` is not a number of moves from 1 to 4",
        "9:",
        "10:15: `transparent = \"al\"` names no pieces",
    ];
    assert_eq!(found.len(), expect.len(), "{found:#?}");
    for (f, e) in found.iter().zip(expect) {
        assert!(f.starts_with(e), "{f} does not start with {e}");
    }
    assert!(
        found[2].contains("did you mean `king-capture`?"),
        "{found:#?}"
    );
    assert!(found[7].contains("did you mean `all`?"), "{found:#?}");
    assert!(found[6].contains("Betza"), "{found:#?}");
}

#[test]
fn switches_that_contradict_each_other_are_errors() {
    let (_, found) = configure("royal = \"\"\ncheck = true\n");
    assert!(
        found[0].contains("`check = true` cannot go with `royal = \"\"`"),
        "{found:#?}"
    );
    let (_, found) = configure("royal = \"\"\nwin = \"checkmate\"\n");
    assert!(
        found[0].contains("is not won by mating or capturing the king"),
        "{found:#?}"
    );
    let (_, found) = configure("start = \"8/8/8/8/8/8/8/4K2k\"\nset_aside = \"N\"\n");
    assert!(
        found[0].contains("`set_aside` cannot go with `start`"),
        "{found:#?}"
    );
    let (_, found) = configure("castling = false\ncastling_rooks = \"bg\"\n");
    assert!(found[0].contains("`castling = false`"), "{found:#?}");
    let (_, found) = configure("reach_pieces = \"K\"\n");
    assert!(
        found[0].contains("does not list \"reach-rank\""),
        "{found:#?}"
    );
    let (_, found) = configure("check = false\nwin = \"checkmate\"\n");
    assert!(found[0].contains("needs check"), "{found:#?}");
}

#[test]
fn a_moving_piece_drags_the_friendly_piece_south_of_it() {
    let sticky = "drag = \"south\"\n";
    // The rook on a2 moves to b2... no: the knight on c4 moves to e5 and
    // drags the pawn on c3 to e4.
    let rows = ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . N . . .
         . . . . P . . .
         . . . . . . . .
         . . . . . . . .
         . . . . K . . .
         arrow: c4, e5, white";
    legal(sticky, rows);
    // Moving up one square, the piece behind takes the square it left.
    legal(
        sticky,
        ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . R . . .
         . . . . B . . .
         . . . . . . . .
         . . . . . . . .
         . . . . K . . .
         arrow: e4, e5, white",
    );
    // A piece left behind with room to follow is refused.
    let left = ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . N . . .
         . . . . . . . .
         . . P . . . . .
         . . . . . . . .
         . . . . K . . .
         arrow: c4, e5, white";
    refused(
        sticky,
        left,
        "would have dragged the white pawn on c3 along to e4",
    );
    legal("", left);
}

#[test]
fn pieces_may_jump_like_checkers_and_take_what_they_jump() {
    let checkers = "checkers_jump = \"KQRB\"\n";
    let rows = ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . R . . . . .
         . . . . . . . .
         . . . . K . . .
         arrow: a1, c3, white";
    // The rook on c3 jumped from a1 over a piece on b2, which it took.
    legal(checkers, rows);
    refused("", rows, "a1");
    // A proposed jump over a black knight.
    let jump = ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . n . . . . . .
         R . . . K . . .
         arrow: a1, c3, white";
    legal(checkers, jump);
    refused("", jump, "a1");
}

#[test]
fn pawns_eliminate_the_enemies_in_front_of_them() {
    let deadly = "deadly_pawns = \"diagonal\"\n";
    let rows = ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . n . . . .
         . . . . P . . .
         . . . . . . . .
         . . . . . . . .
         . . . . K . . .";
    refused(deadly, rows, "eliminates it at once");
    legal("", rows);
    // A knight may move in front of a pawn: it is gone at once.
    legal(
        deadly,
        ". . . . k . . .
         . . . . . . . .
         . n . . . . . .
         . . . . . . . .
         . . . . P . . .
         . . . . . . . .
         . . . . . . . .
         . . . . K . . .
         arrow: b6, d5, black",
    );
}

#[test]
fn a_piece_that_comes_back_demoted_may_exceed_the_army() {
    let rows = ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . R . . . . .
         P P P P P P P P
         R . . . K . . R";
    legal("reinsert = \"demoted\"\n", rows);
    refused("reinsert = true\n", rows, "3 rooks");
}

#[test]
fn a_start_with_pawns_on_the_first_rank_and_no_white_king() {
    // Horde: White's 36 pawns, some on the first rank; they double-step
    // from the first and second ranks only.
    let horde = "start = \"rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP\"\n";
    let start = "r n b q k b n r
         p p p p p p p p
         . . . . . . . .
         . P P . . P P .
         P P P P P P P P
         P P P P P P P P
         P P P P P P P P
         P P P P P P P P";
    legal(horde, start);
    refused("", start, "White has no king");
    refused(
        horde,
        "r n b q k b n r
         p p p p p p p p
         P . . . . . . .
         . P P . . P P .
         . P P P P P P P
         P P P P P P P P
         P P P P P P P P
         P P P P P P P P
         arrow: a4, a6, white",
        "a4",
    );
}

#[test]
fn a_start_must_stand_on_the_board_in_play() {
    let (_, found) = configure("board = \"b2-g7\"\nstart = \"8/8/8/8/8/8/8/4K2k\"\n");
    assert!(
        found[0].contains("`start` puts pieces on e1, h1, which are not on this game's board"),
        "{found:#?}"
    );
}

#[test]
fn a_piece_may_combine_moves() {
    let amazon = "pieces = { Q = \"QN\" }\n";
    let rows = |arrow: &str| {
        format!(
            "r n b q k b n r
             p p p p p p p p
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             P P P P P P P P
             R N B Q K B N R
             {arrow}"
        )
    };
    legal(amazon, &rows("arrow: d1, e3, white"));
    refused("", &rows("arrow: d1, e3, white"), "e3");
    refused(amazon, &rows("arrow: d1, d4, white"), "d2 is in the way");
}

#[test]
fn a_cross_eyed_piece_takes_as_far_the_other_way() {
    let cross = "cross_eyed = true\n";
    // "Rook h4-h3 captures on h5."
    let took = ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . R
         . . . . . . . .
         . . . . K . . .
         arrow: h4, h3, white";
    legal(cross, took);
    let proposed = |arrow: &str| {
        format!(
            ". . . . k . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . n
             . . . . . . . R
             . . . . . . . .
             . . . . . . . .
             . . . . K . . .
             {arrow}"
        )
    };
    legal(cross, &proposed("arrow: h4, h3, white"));
    // Landing on a piece takes nothing: it cannot land there.
    refused(
        cross,
        &proposed("arrow: h4, h5, white"),
        "a piece never takes where it lands",
    );
    legal("", &proposed("arrow: h4, h5, white"));
    // "if a8 is empty, Black's move c7-c5 may be answered by b7-a8Q x c6."
    legal(
        cross,
        ". . . . k . . .
         . P . . . . . .
         . . . . . . . .
         . . p . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . K . . .
         arrow: c7, c5, black
         arrow: b7, a8, white",
    );
}

#[test]
fn a_pawn_with_nothing_to_become_does_not_reach_the_last_rank() {
    let rows = ". . . . k . . .
         P . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . K . . .
         arrow: a7, a8, white";
    refused(
        "promotion = \"\"\n",
        rows,
        "a pawn cannot promote in this game",
    );
    legal("", rows);
    // Where its arrival wins, it may stay a pawn: the game is over.
    legal(
        "promotion = \"\"\nroyal = \"\"\nwin = \"reach-rank\"\n",
        rows,
    );
}

#[test]
fn a_start_may_be_written_for_the_board_in_play() {
    // As Fairy-Stockfish writes a 6×6 game's start.
    let six = "board = 6\nstart = \"rnqknr/pppppp/6/6/PPPPPP/RNQKNR\"\ncastling = false\n";
    let (variant, found) = configure(six);
    assert!(found.is_empty(), "{found:#?}");
    let v = variant.unwrap();
    assert_eq!(
        v.setup.king,
        [Some(Square::new(3, 1)), Some(Square::new(3, 6))]
    );
    legal(
        six,
        ". . . . . . . .
         . . . . . . . .
         r n q k n r . .
         p p p . p p . .
         . . . p . . . .
         . . . . . . . .
         P P P P P P . .
         R N Q K N R . .
         arrow: d5, d4, black",
    );
    // A third rook is one too many: no pawn is missing.
    refused(
        six,
        ". . . . . . . .
         . . . . . . . .
         r n q k n r . .
         p p p p p p . .
         . . . . . . . .
         . . . . . . . .
         P P P P P P . .
         R R Q K N R . .",
        "3 rooks",
    );
}

#[test]
fn castling_rooks_must_stand_in_the_start() {
    let (_, found) = configure(
        "start = \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\"\ncastling_rooks = \"bg\"\n",
    );
    assert!(
        found[0].contains("`castling_rooks` names b1, where `start` puts no white rook"),
        "{found:#?}"
    );
}

#[test]
fn a_piece_is_named_by_its_capital_letter() {
    let (_, found) = configure("pieces = { N = \"nN\", n = \"N\", S = \"W\" }\n");
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(
        found.iter().any(
            |f| f.contains("`n` in pieces is not a piece's capital letter")
                && f.contains("did you mean `N`?")
        ),
        "{found:#?}"
    );
    assert!(
        found
            .iter()
            .any(|f| f.contains("`S` in pieces") && f.contains("did you mean `N`?")),
        "{found:#?}"
    );
}

#[test]
fn a_switch_of_the_wrong_type_says_what_to_write() {
    let (_, found) = configure("companion = \"yes\"\n");
    assert!(
        found[0].contains("invalid type")
            && found[0].contains("write `true` or `false`, without quotes (did you mean `true`?)"),
        "{found:#?}"
    );
    let (_, found) = configure("deadly_pawns = \"diagonl\"\n");
    assert!(found[0].contains("did you mean `diagonal`?"), "{found:#?}");
}

#[test]
fn a_made_move_that_drags_a_king_into_check_says_so() {
    refused(
        "drag = \"south\"\n",
        ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . p P . . .
         . . . . K . . .
         . . . . . . . .
         . . . . . . . .
         arrow: e2, e4, white",
        "check",
    );
}

#[test]
fn a_demoted_piece_stands_only_for_a_missing_one_above_it() {
    let demoted = "reinsert = \"demoted\"\n";
    // Nine pawns with every knight on the board: none came back as one.
    refused(
        demoted,
        "r n b q k b n r
         p p p p p p p p
         . . . . . . . .
         . . . . . . . .
         . . . . P . . .
         . . . . . . . .
         P P P P P P P P
         R N B Q K B N R",
        "White has 9 pawns",
    );
    // With a knight missing, the ninth pawn is that knight come back.
    legal(
        demoted,
        "r n b q k b n r
         p p p p p p p p
         . . . . . . . .
         . . . . . . . .
         . . . . P . . .
         . . . . . . . .
         P P P P P P P P
         R . B Q K B N R",
    );
}

#[test]
fn a_race_of_kings_names_the_king() {
    refused(
        "royal = \"\"\nwin = \"reach-rank\"\nreach_pieces = \"K\"\n",
        ". . . . K . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . k . . .
         . . . . . . . R
         arrow: h1, h2, white",
        "it is won when a king reaches its far rank, and the white king on e8 has reached rank 8",
    );
}

#[test]
fn a_castling_refused_for_an_attack_by_a_piece_stated_in_betza_says_so() {
    // The black cannon on f8 hops the pawn on f2 onto f1.
    refused(
        "pieces = { R = \"mRcpR\" }\n",
        ". k . . . r . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . P . .
         . . . . K . . R
         arrow: e1, g1, white",
        "may not castle through or into an attacked square, and f1 is attacked",
    );
}

#[test]
fn castling_too_far_says_where_castling_takes_the_king() {
    refused(
        "start = \"nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN\"\n",
        "n r b k q b r n
         p p p p p p p p
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         P P P P P P P P
         N R B K . . R N
         arrow: d1, g1, white",
        "castling takes the king two squares towards the rook on g1, to f1",
    );
}

#[test]
fn a_piece_where_a_pawn_eliminates_it_is_one_error() {
    let found = judge(
        "deadly_pawns = \"diagonal\"\n",
        ". . . . k . . .
         . . . . . . . .
         . . . n . . . .
         . . . . P . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . K . . .
         arrow: e4, e5, white",
    );
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].contains("eliminates it at once"), "{found:#?}");
}

#[test]
fn settings_words_are_read_whatever_their_case_and_a_table_is_asked_for() {
    let (variant, found) = configure("drag = \"South\"\ndeadly_pawns = \"Diagonal\"\n");
    assert!(found.is_empty() && variant.is_some(), "{found:#?}");
    let (_, found) = configure("pawn_direction = \"left\"\n");
    assert!(found[0].contains("a table in braces"), "{found:#?}");
    let (_, found) = configure("pieces = { K = \"\" }\n");
    assert!(
        found[0].contains("`pieces` gives the king no moves: its Betza notation is empty"),
        "{found:#?}"
    );
}

#[test]
fn a_settings_file_that_does_not_parse_asks_for_no_game_again() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("chess-kit-docs.toml"),
        "[[variant]]\ngame = \"River Chess\"\nroyal = \"\"\n\n[[variant]]\ngame = \"Limpy Chess\"\npieces = { N = \"nN\", N = \"N\" }\n",
    )
    .unwrap();
    let settings = crate::settings::Settings::resolve(
        &[dir.path().to_path_buf()],
        &crate::settings::Flags::default(),
    );
    assert_eq!(settings.problems.len(), 1, "{:#?}", settings.problems);
    assert!(settings.problems[0].message.contains("duplicate key"));
    // Both tables are taken as broken: their games get no second warning.
    for game in ["River Chess", "Limpy Chess"] {
        assert!(settings.broken_games.iter().any(|g| g == game), "{game}");
    }
}

#[test]
fn a_piece_out_and_back_in_one_turn_may_have_shielded_its_king() {
    // The knight went d7–f6 (Black in check from the rook) and back.
    legal(
        "moves_per_turn = 2\n",
        ". . . . . . . .
         . R . n k . . .
         . . . . . . . p
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . K . . .
         arrow: d7, f6, black
         arrow: f6, d7, black",
    );
}
