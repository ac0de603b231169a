//! Karl's games as `rules/chess-kit-docs.toml` states them: for each
//! configured game of `rules/karl.md`, a diagram its rules allow and one
//! they forbid, chosen where the game departs from chess, checked as
//! `chess-kit-docs check` reports them, with the reason of each refusal.

use std::fs;
use std::process::Command;

/// Checks one diagram (its board rows, then its lines, one a line) in a
/// `## game` section, with the bundled settings; returns the exit code and
/// standard error.
fn check(game: &str, diagram: &str) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let mut text = format!("## {game}\n\n");
    for l in diagram.lines().map(str::trim).filter(|l| !l.is_empty()) {
        text.push_str("    ");
        text.push_str(l);
        text.push('\n');
    }
    fs::write(dir.path().join("book.md"), text).unwrap();
    fs::copy(
        "rules/chess-kit-docs.toml",
        dir.path().join("chess-kit-docs.toml"),
    )
    .unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_chess-kit-docs"))
        .args(["check", dir.path().to_str().unwrap()])
        .output()
        .expect("the binary runs");
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        err.contains("1 rule-checked, 0 syntax-only"),
        "{game} is not rule-checked: {err}"
    );
    (o.status.code(), err)
}

/// The findings of a check, without the warnings about the bundled
/// settings' other games (absent from the one-section book).
fn errors(err: &str) -> String {
    err.split("\n\n")
        .filter(|block| block.trim_start().starts_with("error"))
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// Asserts that the diagram passes.
#[track_caller]
fn keeps(game: &str, diagram: &str) {
    let (code, err) = check(game, diagram);
    assert_eq!(code, Some(0), "{game}:\n{diagram}\n{}", errors(&err));
    assert!(errors(&err).is_empty(), "{game}: {}", errors(&err));
}

/// Asserts that the diagram fails, its findings saying each of `reason`.
#[track_caller]
fn breaks(game: &str, diagram: &str, reason: &[&str]) {
    let (code, err) = check(game, diagram);
    assert_eq!(code, Some(1), "{game}: accepted\n{diagram}");
    let found = errors(&err);
    for r in reason {
        assert!(found.contains(r), "{game}: expected `{r}` in\n{found}");
    }
}

const START: &str = "r n b q k b n r
    p p p p p p p p
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    P P P P P P P P
    R N B Q K B N R";

/// The position `START` with `arrow` drawn under it.
fn from_start(arrow: &str) -> String {
    format!("{START}\n{arrow}")
}

/// Angle Chess's start, as `rules/karl.md` draws it.
const ANGLE: &str = "r p . . . . . .
    n p . . . . . .
    b p . . . . . .
    q p . . . . . .
    k p . . . . . .
    b p . . . . . .
    n . P P P P P P
    . N B K Q B N R";

#[test]
fn angle_chess_black_pawns_move_to_the_right() {
    let game = "Angle Chess";
    // "Black pawns move to the right": a step, and a double step from
    // their start line (the b-file).
    keeps(game, &format!("{ANGLE}\narrow: b5, c5, black"));
    keeps(game, &format!("{ANGLE}\narrow: b5, d5, black"));
    keeps(game, &format!("{ANGLE}\narrow: e2, e4, white"));
    // Not down the board as in chess, nor sideways to capture.
    breaks(
        game,
        &format!("{ANGLE}\narrow: b5, b4, black"),
        &["the black pawn on b5 cannot move to b4"],
    );
    breaks(
        game,
        &format!("{ANGLE}\narrow: b5, c6, black"),
        &[
            "the black pawn on b5 cannot move to c6",
            "Black's pawns move to the right",
        ],
    );
    // A double step only from the start line.
    breaks(
        game,
        ". . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . p . . . . .
         k . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . K . . . .
         arrow: c5, e5, black",
        &["the black pawn on c5 cannot move to e5"],
    );
}

#[test]
fn angle_chess_black_promotes_on_the_h_file_and_castles_along_the_a_file() {
    let game = "Angle Chess";
    // "all chess rules apply correspondingly": a black pawn reaching the
    // h-file is promoted.
    keeps(
        game,
        ". . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . q
         k . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . K . . . .
         arrow: g5, h5, black",
    );
    breaks(
        game,
        ". . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . p
         k . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . K . . . .",
        &["a black pawn on h5, on the h-file, where it is promoted at once"],
    );
    // And none stands on the a-file, behind its start line.
    breaks(
        game,
        ". . . . . . . .
         . . . . . . . .
         . . . . . . . .
         p . . . . . . .
         k . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . K . . . .",
        &["a black pawn on a5, behind where Black's pawns start"],
    );
    // Black castles along the a-file: the king a4-a6, the rook a8-a5.
    keeps(
        game,
        ". p . . . . . .
         . p . . . . . .
         k p . . . . . .
         r p . . . . . .
         . p . . . . . .
         b p . . . . . .
         n . P P P P P P
         . N B K Q B N R
         arrow: a4, a6, black",
    );
    // Not over the knight still on a7.
    breaks(
        game,
        "r p . . . . . .
         n p . . . . . .
         . p . . . . . .
         . p . . . . . .
         k p . . . . . .
         b p . . . . . .
         n . P P P P P P
         . N B K Q B N R
         arrow: a4, a6, black",
        &[
            "the black king on a4 cannot castle to a6",
            "a black knight on a7 is in the way",
        ],
    );
}

#[test]
fn angle_chess_takes_en_passant_across_the_two_directions() {
    let game = "Angle Chess";
    let board = ". . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        k . . p P . . .
        . . . . . . . .
        . . . . . . . .
        . . . K . . . .";
    // White's pawn passed e3 with its double step: Black's pawn beside it
    // (on d4, its forward the right) takes it there.
    keeps(
        game,
        &format!("{board}\narrow: e2, e4, white\narrow: d4, e3, black"),
    );
    // Without the double step, e3 is an empty square to the side.
    breaks(
        game,
        &format!("{board}\narrow: d4, e3, black"),
        &["the black pawn on d4 cannot move to e3"],
    );
    // Black's double step b4-d4 passed c4: White's pawn on d3 takes there.
    keeps(
        game,
        ". . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         k . . p . . . .
         . . . P . . . .
         . . . . . . . .
         . . . K . . . .
         arrow: b4, d4, black
         arrow: d3, c4, white",
    );
}

/// Fortress Chess with its rooks on b and g, the knights outside them.
const FORTRESS: &str = "n r b q k b r n
    . p p p p p p .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . P P P P P P .";

#[test]
fn fortress_chess_castles_with_the_rooks_on_b_and_g() {
    let game = "Fortress Chess";
    // "Castling moves king and rook to the same places as in standard
    // chess": made on both wings, and proposed for Black.
    keeps(
        game,
        &format!("{FORTRESS}\nN R B Q . R K N\narrow: e1, g1, white"),
    );
    keeps(
        game,
        &format!("{FORTRESS}\nN . K R . B R N\narrow: e1, c1, white"),
    );
    keeps(
        game,
        &format!(
            "{}\nN R B Q K B R N\narrow: e8, g8, black",
            FORTRESS.replacen("n r b q k b r n", "n r b q k . r n", 1)
        ),
    );
    // A rook on h1 is no castling rook of this game.
    breaks(
        game,
        &format!("{FORTRESS}\nN R B Q K . . R\narrow: e1, g1, white"),
        &[
            "the white king on e1 cannot castle to g1",
            "takes the rook that starts on g1, and no white rook stands there",
        ],
    );
}

/// A refused castling of Fortress Chess says what stops it: a piece
/// between, an attacked square.
#[test]
fn fortress_chess_says_why_a_castling_is_refused() {
    let game = "Fortress Chess";
    breaks(
        game,
        &format!("{FORTRESS}\nN R B Q K B R N\narrow: e1, g1, white"),
        &["must be empty, and a white bishop on f1 is in the way"],
    );
    breaks(
        game,
        "n r b . k b r n
         . p p p p . p .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . q . .
         . P P P P . P .
         N R B Q K . R N
         arrow: e1, g1, white",
        &["a king may not castle through or into an attacked square, and f1 is attacked"],
    );
    breaks(
        game,
        "n r b . k b r n
         . p p p . p p .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . q . . .
         . P P P . P P .
         N R B Q K . R N
         arrow: e1, g1, white",
        &["a king may not castle out of check"],
    );
}

#[test]
fn limpy_chess_knights_cannot_jump() {
    let game = "Limpy Chess";
    // "the square orthogonally adjacent to it must be empty": in the start
    // position no knight can move.
    breaks(
        game,
        &from_start("arrow: g1, f3, white"),
        &[
            "the white knight on g1 cannot move to f3",
            "the square g2 next to it is occupied",
        ],
    );
    let board = ". . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . . p . . .
        . . . . N . . .
        . . . . . . . .
        . . . . . . . .
        . . . . K . . .";
    // A limp whose first, orthogonal step is free.
    keeps(game, &format!("{board}\narrow: e4, c5, white"));
    keeps(game, &format!("{board}\narrow: e4, g5, white"));
    breaks(
        game,
        &format!("{board}\narrow: e4, d6, white"),
        &[
            "the white knight on e4 cannot move to d6",
            "the square e5 next to it is occupied",
        ],
    );
}

#[test]
fn transparent_chess_sliders_pass_through_pieces_but_do_not_capture_after() {
    let game = "Transparent Chess";
    let board = "r . . . k . . .
        p . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        P . . P . . . .
        R . B Q K . . .";
    // Through a friendly pawn to an empty square, for a rook, a bishop and
    // a queen.
    keeps(game, &format!("{board}\narrow: a1, a6, white"));
    keeps(game, &format!("{board}\narrow: c1, h6, white"));
    keeps(game, &format!("{board}\narrow: d1, d6, white"));
    // Through an enemy pawn too ("all" pieces are transparent).
    keeps(game, &format!("{board}\narrow: a8, a4, black"));
    // "A piece which moves through a transparent piece cannot capture in
    // the same move."
    breaks(
        game,
        &format!("{board}\narrow: a1, a7, white"),
        &[
            "the white rook on a1 cannot take on a7",
            "a piece that moves through another cannot capture in the same move",
        ],
    );
    // A knight is no rook, bishop or queen: chess as ever.
    breaks(
        game,
        &format!("{board}\narrow: e1, e3, white"),
        &["the white king on e1 cannot reach e3"],
    );
}

#[test]
fn companion_chess_moves_a_piece_with_a_neighbour_while_one_can() {
    let game = "Companion Chess";
    let board = ". . . . k . . .
        . . . . p p . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . P P . .
        R . . . . . K .";
    keeps(game, &format!("{board}\narrow: e2, e4, white"));
    breaks(
        game,
        &format!("{board}\narrow: a1, a5, white"),
        &[
            "the white rook on a1 has no friendly piece beside it",
            "the white pawn on e2 can move",
        ],
    );
    // "Only if you cannot move that way you are allowed to make any legal
    // chess move": the king and pawn side by side are stuck.
    keeps(
        game,
        ". . . . k . r .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . p
         . . . . . . . P
         R . . . . . . K
         arrow: a1, a5, white",
    );
}

#[test]
fn cannibal_chess_eats_its_own_pieces_but_not_its_king() {
    let game = "Cannibal Chess";
    // "You may eat your own pieces": the rook takes its knight.
    keeps(
        game,
        &(START
            .replacen("R N B Q K B N R", ". R B Q K B N R", 1)
            .to_string()
            + "\narrow: a1, b1, white"),
    );
    // A pawn eats diagonally, as it captures.
    keeps(
        game,
        &(START
            .replacen(". . . . . . . .\n    P", ". . . . . N . .\n    P", 1)
            .replacen("R N B Q K B N R", "R N B Q K B . R", 1)
            + "\narrow: e2, f3, white"),
    );
    // The piece eaten may come back anywhere: two bishops on light squares.
    keeps(
        game,
        &START
            .replacen(". . . . . . . .\n    P", ". . . . . B . .\n    P", 1)
            .replacen("R N B Q K B N R", "R N . Q K B N R", 1),
    );
    breaks(
        game,
        &(START.replacen("P P P P P P P P", "P P P . . P P P", 1) + "\narrow: d1, e1, white"),
        &["the white queen on d1 cannot move to e1: a white king stands there"],
    );
    breaks(
        game,
        &(START
            .replacen(". . . . . . . .\n    P", ". . . . . N . .\n    P", 1)
            .replacen("R N B Q K B N R", "R N B Q K B . R", 1)
            + "\narrow: f2, f3, white"),
        &["the white pawn on f2 cannot move to f3: a white knight stands there"],
    );
}

#[test]
fn promotion_chess_promotes_any_piece_on_the_far_rank() {
    let game = "Promotion Chess";
    // "Whenever a piece hits the eighth rank ... it may promote to any
    // other piece apart from a pawn": a knight becomes a queen.
    keeps(
        game,
        ". . . . Q . . k
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . K . . .
         arrow: f6, e8, white",
    );
    // "may": a rook that stays a rook.
    keeps(
        game,
        ". . . . R . . k
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         K . . . . . . .
         arrow: e1, e8, white",
    );
    // Black's bishop reaching the first rank as a knight.
    keeps(
        game,
        ". . . . . . . k
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         n . . . . . . K
         arrow: d4, a1, black",
    );
    // Not short of the eighth rank.
    breaks(
        game,
        ". . . . . . . k
         . . . . Q . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         K . . . . . . .
         arrow: f5, e7, white",
        &["the white queen on f5 cannot reach e7"],
    );
}

#[test]
fn better_pawns_step_sideways_and_capture_only_diagonally_forward() {
    let game = "Better Pawns";
    let board = ". . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . p . . . .
        . . . . P n . .
        . . . . . . . .
        . . . . . . . .
        . . . . K . . .";
    keeps(game, &format!("{board}\narrow: e4, d4, white"));
    keeps(game, &format!("{board}\narrow: e4, d5, white"));
    keeps(game, &format!("{board}\narrow: e4, e5, white"));
    breaks(
        game,
        &format!("{board}\narrow: e4, f4, white"),
        &[
            "the white pawn on e4 cannot move to f4",
            "f4 is occupied, and it moves that way only to an empty square",
        ],
    );
    breaks(
        game,
        &format!("{board}\narrow: e4, e3, white"),
        &["the white pawn on e4 cannot move to e3"],
    );
    // Still a pawn: it steps two squares from its start, and no further.
    keeps(game, &from_start("arrow: d2, d4, white"));
    breaks(
        game,
        &from_start("arrow: d2, d5, white"),
        &["the white pawn on d2 cannot"],
    );
}

#[test]
fn crazy_pawns_also_move_like_a_queen_to_an_empty_square() {
    let game = "Crazy Pawns Variants";
    let board = ". . . . k . . .
        . p . . . . . .
        . . . . . . . .
        . . . . . n . .
        . . . . P . . .
        . . . . . . . .
        . . . . P . . .
        . . . . K . . .";
    keeps(game, &format!("{board}\narrow: e4, a4, white"));
    keeps(game, &format!("{board}\narrow: e4, c6, white"));
    keeps(game, &format!("{board}\narrow: e4, f5, white"));
    // "only to an empty square": no capture like a queen.
    breaks(
        game,
        &format!("{board}\narrow: e4, b7, white"),
        &[
            "the white pawn on e4 cannot move to b7",
            "b7 is occupied, and it moves that way only to an empty square",
        ],
    );
    // Nor through a piece.
    breaks(
        game,
        &format!("{board}\narrow: e2, e6, white"),
        &["the white pawn on e2 cannot move to e6: e4 is in the way"],
    );
}

#[test]
fn river_chess_is_won_on_the_far_rank_and_its_king_is_no_royal() {
    let game = "River Chess";
    // "The king is non-royal and can be taken at any time": it may step
    // into attack, and be taken, and the game goes on.
    keeps(
        game,
        ". . . . r . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . K . . .
         . . . . . . . .
         arrow: e1, e2, white",
    );
    keeps(
        game,
        ". . . . . . . .
         . . . . . . . .
         . . . . . . . .
         r . . . Q . . .
         . . . . . . . .
         . . . . . . . .
         . . . . K . . .
         . . . . . . . .
         arrow: e7, e5, white
         arrow: a5, a4, black",
    );
    // "get one of your pieces to the far rank": the game ends there.
    let reached = "R . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . K . . .";
    keeps(game, &format!("{reached}\narrow: a1, a8, white"));
    breaks(
        game,
        &format!("{reached}\narrow: a1, a8, white\narrow: e8, d8, black"),
        &[
            "the game is over: it is won when a piece reaches its far rank, and the white rook on a8 has reached rank 8",
        ],
    );
    // Black's far rank is the first.
    breaks(
        game,
        ". . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . k . .
         . . . . . . . .
         . . . . . r K .
         arrow: g1, f1, white",
        &["the black rook on f1 has reached rank 1"],
    );
    breaks(
        game,
        &reached.replacen(". . . . K . . .", ". . . . K . . r", 1),
        &["both sides have a piece on its far rank"],
    );
}

#[test]
fn double_move_chess_may_cross_check_between_its_two_moves_only() {
    let game = "Double Move Chess";
    // "In the first partial move the king may move into check": and out
    // of it with the second.
    keeps(
        game,
        ". . . . r . . k
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . K . . . .
         . . . . . . . .
         . . . . . . . .
         arrow: d2, e2, white
         arrow: e2, d3, white",
    );
    // A turn that ends with the king attacked, whichever move came first.
    for arrows in [
        "arrow: d2, e2, white\narrow: a1, b3, white",
        "arrow: a1, b3, white\narrow: d2, e2, white",
    ] {
        breaks(
            game,
            &format!(
                ". . . . r . . k
                 . . . . . . . .
                 . . . . . . . .
                 . . . . . . . .
                 . . . . . . . .
                 . N . . . . . .
                 . . . . K . . .
                 . . . . . . . .
                 {arrows}"
            ),
            &[
                "the white king is in check at the end of White's turn of 2 moves",
                "between the moves of a turn a king may stand in check",
            ],
        );
    }
    keeps(
        game,
        &format!("{TWO_PAWNS}\narrow: e2, e4, white\narrow: d2, d4, white"),
    );
}

/// White's pawns on d4 and e4, each from its start.
const TWO_PAWNS: &str = "r n b q k b n r
    p p p p p p p p
    . . . . . . . .
    . . . . . . . .
    . . . P P . . .
    . . . . . . . .
    P P P . . P P P
    R N B Q K B N R";

#[test]
fn fastpawn_and_twin_chess_play_two_chess_moves_a_turn() {
    // Fastpawn: "A pawn is allowed to make two ... standard pawn moves".
    let e5 = "r n b q k b n r
        p p p p p p p p
        . . . . . . . .
        . . . . P . . .
        . . . . . . . .
        . . . . . . . .
        P P P P . P P P
        R N B Q K B N R";
    keeps(
        "Fastpawn Chess",
        &format!("{e5}\narrow: e2, e4, white\narrow: e4, e5, white"),
    );
    breaks(
        "Fastpawn Chess",
        &format!("{e5}\narrow: e2, e5, white"),
        &["the white pawn on e2 cannot reach e5"],
    );
    // Twin: "Pawn e2-e4 may be followed by Pawn h2-h4 in the same turn."
    let twin = |h: &str| {
        format!(
            "r n b q k b n r
             p p p p p p p p
             . . . . . . . .
             . . . . . . . {}
             . . . . P . . {}
             . . . . . . . .
             P P P P . P P .
             R N B Q K B N R
             arrow: e2, e4, white
             arrow: h2, h{}, white",
            if h == "5" { "P" } else { "." },
            if h == "4" { "P" } else { "." },
            h
        )
    };
    keeps("Twin Chess", &twin("4"));
    breaks(
        "Twin Chess",
        &twin("5"),
        &["the white pawn on h2 cannot reach h5"],
    );
}

/// The white rook on e7 has taken the black king on e8.
const KING_TAKEN: &str = ". . . . R . . .
    . . . . . . . .
    . . p . . . . .
    . . . . . . . .
    . . . n . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . K . . .
    arrow: e7, e8, white";

#[test]
fn one_two_and_two_one_chess_take_kings_and_end_there() {
    for game in ["One-two Chess", "Two-one Chess"] {
        // "You are allowed to move your king ... into check at any time."
        keeps(
            game,
            ". . . . r . . k
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . K . . .
             . . . . . . . .
             arrow: d2, e2, white",
        );
        // "You are allowed to capture your opponent's king."
        keeps(game, KING_TAKEN);
        breaks(
            game,
            &format!("{KING_TAKEN}\narrow: c6, c5, black"),
            &["the game is over: it ends when a king is captured, and the black king is gone"],
        );
        breaks(
            game,
            &from_start("arrow: e2, e5, white"),
            &["the white pawn on e2 cannot reach e5"],
        );
    }
    // One-two: "you move once with your opponent's pieces, then twice
    // with your pieces".
    keeps(
        "One-two Chess",
        "r n b q k b n r
         p p p p . p p p
         . . . . . . . .
         . . . . p . . .
         . . . P P . . .
         . . . . . . . .
         P P P . . P P P
         R N B Q K B N R
         arrow: e7, e5, black
         arrow: e2, e4, white
         arrow: d2, d4, white",
    );
}

#[test]
fn the_banks_and_the_statues_bring_pieces_back() {
    // A piece put back on an empty square: two bishops on light squares
    // with every pawn still there.
    let back = START
        .replacen(". . . . . . . .\n    P", ". . . . . B . .\n    P", 1)
        .replacen("R N B Q K B N R", "R N . Q K B N R", 1);
    for game in [
        "Bank Chess",
        "Bank Chess - Half-Standard",
        "Bank Chess - Swap variant",
        "Bank Chess - Half-Standard Swap",
        "Statue Chess",
        "Cannibal Chess",
    ] {
        keeps(game, &back);
        keeps(game, &from_start("arrow: g1, f3, white"));
        // "except the king": the king never goes to the bank.
        breaks(
            game,
            &START.replacen("R N B Q K B N R", "R N B Q . B N R", 1),
            &["White has no king"],
        );
        // "Pawns can only be re-inserted from rank two to rank seven."
        breaks(
            game,
            &START
                .replacen("P P P P P P P P", "P P P P P P P .", 1)
                .replacen("R N B Q K B N R", "R N B Q K B N P", 1),
            &["a white pawn on h1, White's first rank"],
        );
    }
    // In chess, the same bishops mean a promotion that no missing pawn
    // made.
    breaks(
        "Cloak Chess",
        &back,
        &["2 bishops on one colour of square means 1 promoted pawn"],
    );
}

#[test]
fn black_hole_chess_swap_variant_keeps_the_black_hole() {
    let game = "Black Hole Chess - Swap variant";
    keeps(
        game,
        &(START.replacen("P P P P P P P P", "P P P . P P P P", 1) + "\narrow: d1, d4, white"),
    );
    breaks(
        game,
        ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . K . . .
         . . . . . . . .
         . . . . . . . .
         arrow: e3, e4, white",
        &["the white king on e3 cannot move to e4: a king may not enter a hole"],
    );
}

#[test]
fn chess_as_ever_in_cloak_pass_and_penalty_chess() {
    for game in ["Cloak Chess", "Pass Chess", "Penalty Chess"] {
        keeps(game, &from_start("arrow: e2, e4, white"));
        // Pass Chess: a side that passed moves twice; Penalty Chess: the
        // side whose piece was taken.
        keeps(
            game,
            &format!("{TWO_PAWNS}\narrow: e2, e4, white\narrow: d2, d4, white"),
        );
        breaks(
            game,
            ". . . . r . . k
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . K . . . .
             arrow: d1, e2, white",
            &["the white king on d1 cannot move to e2: it would leave the white king in check"],
        );
        breaks(
            game,
            &from_start("arrow: b1, b3, white"),
            &["the white knight on b1 cannot reach b3"],
        );
    }
}

#[test]
fn karls_book_checks_clean_with_the_bundled_settings() {
    let o = Command::new(env!("CARGO_BIN_EXE_chess-kit-docs"))
        .args(["check", "rules/karl.md", "--deny", "warnings"])
        .output()
        .expect("the binary runs");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
}

/// Where a game's moves meet check: a king is attacked by the moves the
/// game gives its pieces, not by chess's.
#[test]
fn check_follows_each_games_own_moves() {
    // Angle Chess: a black pawn on d4 attacks e5 and e3 (its forward is
    // the right), not c3.
    let angle = |king: &str, arrow: &str| {
        format!(
            "k . . . . . . .
             . . . . . . . .
             . . . . . {} . .
             . . . . . . . .
             . . . p . . . .
             . . . . . . . .
             . . . {} . . . .
             . . . . . . . .
             arrow: {arrow}, white",
            if king == "f6" { "K" } else { "." },
            if king == "d2" { "K" } else { "." },
        )
    };
    breaks(
        "Angle Chess",
        &angle("f6", "f6, e5"),
        &["the white king on f6 cannot move to e5: it would leave the white king in check"],
    );
    keeps("Angle Chess", &angle("d2", "d2, c3"));
    breaks(
        "Cloak Chess",
        &angle("d2", "d2, c3"),
        &["the black pawn on d4 gives check to the white king on c3"],
    );
    keeps("Cloak Chess", &angle("f6", "f6, e5"));
    // Limpy Chess: a knight whose first step is blocked gives no check.
    let limpy = |g6: &str| {
        format!(
            ". . . . . . . .
             . . . . . k . .
             . . . . . . {g6} .
             . . . . . . N .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . K . . .
             arrow: e1, d1, white"
        )
    };
    keeps("Limpy Chess", &limpy("p"));
    breaks(
        "Limpy Chess",
        &limpy("."),
        &["the black king on f7 is in check, but it is White's turn"],
    );
    // Transparent Chess: a rook cannot capture after passing through a
    // piece, so the king behind it is not attacked.
    let transparent = ". . . . r . . k
        . . . . . . . .
        . . . . . . . .
        . . . . p . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . K . . . .
        arrow: d1, e1, white";
    keeps("Transparent Chess", transparent);
    breaks(
        "Cloak Chess",
        &transparent.replace(". . . . p . . .", ". . . . . . . ."),
        &["the white king on d1 cannot move to e1: it would leave the white king in check"],
    );
    // Crazy Pawns: a pawn's queen moves go to empty squares only, so they
    // give no check.
    keeps(
        "Crazy Pawns Variants",
        ". . . k . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . P . . .
         . . . . . . . .
         . . . . . . . .
         . . . . K . . .
         arrow: d8, e8, black",
    );
    // Companion Chess: a piece with a neighbour "can move" only by a legal
    // move; in check, the lone rook that blocks may move.
    keeps(
        "Companion Chess",
        ". . k . . . . r
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . R . . . .
         P P . . . . . .
         . . . . . . . K
         arrow: d3, h3, white",
    );
}

#[test]
fn promotion_chess_counts_promoted_pieces_from_all_pieces() {
    // Any piece may have become a queen (here both knights):
    // three queens with all eight pawns.
    keeps(
        "Promotion Chess",
        "r n b q k b n r
         p p p p p p p p
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         P P P P P P P P
         R Q B Q K B Q R",
    );
    // But eight pieces besides the king and the eight pawns are one too
    // many.
    breaks(
        "Promotion Chess",
        "r n b q k b n r
         p p p p p p p p
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . Q
         P P P P P P P P
         R Q B Q K B Q R",
        &["White has too many pieces"],
    );
}

/// The `##` games of Karl's list, in the book's order.
fn karls_games() -> Vec<String> {
    fs::read_to_string("rules/karl.md")
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("## "))
        .filter(|h| *h != "Table of Contents")
        .map(str::to_string)
        .collect()
}

/// The bundled `[[variant]]` tables, each by its game.
fn bundled_tables() -> Vec<toml::Table> {
    let text = fs::read_to_string("rules/chess-kit-docs.toml").unwrap();
    let settings: toml::Table = text.parse().unwrap();
    settings["variant"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_table().unwrap().clone())
        .collect()
}

/// The guide's table of Karl's list: each row's game and whether it is
/// stated.
fn guide_rows() -> Vec<(String, bool)> {
    let page = fs::read_to_string("docs/variants.md").unwrap();
    let list = page
        .split("## Karl's list")
        .nth(1)
        .expect("docs/variants.md has a section `Karl's list`");
    list.lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| game") && !l.starts_with("| ---"))
        .map(|l| {
            let cells: Vec<&str> = l.split(" | ").map(|c| c.trim_matches('|').trim()).collect();
            (cells[0].to_string(), cells[1] == "yes")
        })
        .collect()
}

#[test]
fn the_guide_lists_each_of_karls_games_as_the_settings_state_it() {
    let games = karls_games();
    assert_eq!(games.len(), 40, "{games:?}");
    let rows = guide_rows();
    let listed: Vec<&String> = rows.iter().map(|(g, _)| g).collect();
    assert_eq!(
        listed,
        games.iter().collect::<Vec<_>>(),
        "docs/variants.md's Karl's list: one row a game, in the book's order"
    );
    let tables = bundled_tables();
    let configured = |g: &str| tables.iter().any(|t| t["game"].as_str() == Some(g));
    for (game, stated) in &rows {
        assert_eq!(
            *stated,
            configured(game),
            "{game}: the guide says stated = {stated}, the bundled settings disagree"
        );
    }
    let count = rows.iter().filter(|(_, s)| *s).count();
    let page = fs::read_to_string("docs/variants.md").unwrap();
    assert!(
        page.contains(&format!("{count} of the 40 are stated.")),
        "docs/variants.md should say {count} of the 40 are stated"
    );
}

#[test]
fn each_table_the_guide_shows_is_the_bundled_one() {
    let page = fs::read_to_string("docs/variants.md").unwrap();
    let tables = bundled_tables();
    let mut shown = 0;
    for block in page.split("```toml\n").skip(1) {
        let text = block.split("```").next().unwrap();
        let parsed: toml::Table = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        for t in parsed["variant"].as_array().unwrap() {
            let t = t.as_table().unwrap();
            assert!(
                tables.contains(t),
                "docs/variants.md shows a table that is not the bundled one:\n{text}"
            );
            shown += 1;
        }
    }
    assert!(shown >= 15, "only {shown} tables shown");
}

#[test]
fn checkers_chess_pieces_jump_and_take_what_they_jump() {
    let game = "Checkers Chess";
    let board = ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . n . . . . . .
         R . . . K . . .";
    // "the King, Queen, Bishop and Rook may jump like in Checkers": the
    // rook a1 over the knight on b2 to c3, taking it.
    keeps(game, &format!("{board}\narrow: a1, c3, white"));
    // Onto a square beyond an empty one it may not.
    breaks(
        game,
        &format!("{board}\narrow: a1, b2, white"),
        &["the white rook on a1 cannot"],
    );
    // A knight is not among them.
    breaks(
        game,
        ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . n . . . . . .
         N . . . K . . .
         arrow: a1, c3, white",
        &["the white knight on a1 cannot"],
    );
}

#[test]
fn cross_eyed_chess_takes_as_far_the_other_way() {
    let game = "Cross-eyed Chess";
    let board = ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . n
         . . . . . . . R
         . . . . . . . .
         . . . . . . . .
         . . . . K . . .";
    // "Rook h4-h3 captures on h5."
    keeps(game, &format!("{board}\narrow: h4, h3, white"));
    breaks(
        game,
        &format!("{board}\narrow: h4, h5, white"),
        &["a piece never takes where it lands"],
    );
}

#[test]
fn deadly_pawns_chess_leaves_no_piece_in_front_of_a_pawn() {
    let game = "Deadly Pawns Chess";
    keeps(
        game,
        ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . P . . .
         . . . . . n . .
         . . . . . . . .
         . . . . K . . .",
    );
    breaks(
        game,
        ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . n . . . .
         . . . . P . . .
         . . . . . . . .
         . . . . . . . .
         . . . . K . . .",
        &["the black knight on d5 stands where the white pawn on e4 eliminates it at once"],
    );
}

#[test]
fn hades_chess_brings_pieces_back_as_lesser_ones() {
    let game = "Hades Chess";
    // Three rooks and eight pawns: a queen came back as a rook.
    keeps(
        game,
        ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . R . . . . .
         P P P P P P P P
         R . . . K . . R",
    );
    // Not more pieces than the army has.
    breaks(
        game,
        ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . R . . . . .
         P P P P P P P P
         R N B Q K B N R",
        &["White has too many pieces"],
    );
}

#[test]
fn sticky_chess_drags_the_piece_south_of_the_mover() {
    let game = "Sticky Chess";
    // The knight c4-e5 drags the pawn on c3 to e4.
    keeps(
        game,
        ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . N . . .
         . . . . P . . .
         . . . . . . . .
         . . . . . . . .
         . . . . K . . .
         arrow: c4, e5, white",
    );
    breaks(
        game,
        ". . . . k . . .
         . . . . . . . .
         . . . . . . . .
         . . . . N . . .
         . . . . . . . .
         . . P . . . . .
         . . . . . . . .
         . . . . K . . .
         arrow: c4, e5, white",
        &["would have dragged the white pawn on c3 along to e4"],
    );
}

#[test]
fn cross_eyed_chess_takes_en_passant_as_karl_shows_it() {
    // "if a8 is empty, Black's move c7-c5 may be answered by b7-a8Qxc6.
    // Note that the Queen stays on a8 after White's move!"
    keeps(
        "Cross-eyed Chess",
        "Q . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . k
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . K . . .
         arrow: c7, c5, black
         arrow: b7, a8, white",
    );
}
