//! The configured games' end at a king's capture and the reasons their
//! refusals give, checked as `chess-kit-docs check` reports them: the
//! bundled settings (`rules/chess-kit-docs.toml`) for the author's games,
//! and games configured from the guide's switches.

use std::fs;
use std::process::Command;

/// Checks one diagram of `game` (rows of the board, then its lines) with
/// `toml` as the settings; returns the exit code and standard error.
fn configured(toml: &str, game: &str, rows: &str, lines: &[&str]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let mut text = format!("## {game}\n\n");
    for l in rows.lines().map(str::trim).chain(lines.iter().copied()) {
        text.push_str("    ");
        text.push_str(l);
        text.push('\n');
    }
    fs::write(dir.path().join("book.md"), text).unwrap();
    fs::write(dir.path().join("chess-kit-docs.toml"), toml).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_chess-kit-docs"))
        .args(["check", dir.path().to_str().unwrap()])
        .output()
        .expect("the binary runs");
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        err.contains("1 rule-checked, 0 syntax-only"),
        "{game}: {err}"
    );
    (o.status.code(), err)
}

fn bundled(game: &str, rows: &str, lines: &[&str]) -> (Option<i32>, String) {
    let toml = fs::read_to_string("rules/chess-kit-docs.toml").unwrap();
    configured(&toml, game, rows, lines)
}

/// Asserts that the diagram passes.
fn keeps(toml: Option<&str>, game: &str, rows: &str, lines: &[&str]) {
    let (code, err) = match toml {
        Some(t) => configured(t, game, rows, lines),
        None => bundled(game, rows, lines),
    };
    assert_eq!(code, Some(0), "{game} {lines:?}: {err}");
    assert!(!err.contains("error:"), "{game}: {err}");
}

/// Asserts that the diagram fails for `reason` (each of its parts), and
/// that no finding says `not`.
fn breaks(toml: Option<&str>, game: &str, rows: &str, lines: &[&str], reason: &[&str], not: &str) {
    let (code, err) = match toml {
        Some(t) => configured(t, game, rows, lines),
        None => bundled(game, rows, lines),
    };
    assert_eq!(code, Some(1), "{game} {lines:?}: {err}");
    for r in reason {
        assert!(err.contains(r), "{game} {lines:?}: expected `{r}` in {err}");
    }
    assert!(
        not.is_empty() || !err.contains(not),
        "{game} {lines:?}: `{not}` in {err}"
    );
}

const OVER: &str = "the game is over: it ends when a king is captured, and the black king is gone";
const HELP: &str = "help: a diagram may show a king's capture as its last move, but no move of either side follows it";

/// A River-like game from the guide's switches: no check, kings captured,
/// no en passant, queens only.
const RIVER: &str = "[[variant]]
game = \"River Chess\"
check = false
en_passant = false
promotion = \"Q\"
";

/// Holes on the back ranks: one cut out, one that swallows.
const HOLES: &str = "[[variant]]
game = \"Cut Chess\"
holes = [\"f1\", \"b8\"]

[[variant]]
game = \"Pit Chess\"
holes = [\"f1\", \"b8\"]
holes_swallow = true
";

#[test]
fn every_game_that_ends_at_a_kings_capture_plays_no_move_after_it() {
    // White's rook on e7 takes the black king on e8 (made), or proposes
    // to; a black knight on d4 and a black pawn on c6.
    let taken = ". . . . R . . .
        . . . . . . . .
        . . p . . . . .
        . . . . . . . .
        . . . n . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . K . . .";
    let standing = taken.replace(". . . . R . . .", ". . . . k . . .").replace(
        ". . . . . . . .\n        . . p",
        ". . . . R . . .\n        . . p",
    );
    for (toml, game) in [
        (None, "Telepathic Chess"),
        (None, "Secret Chesswords"),
        (Some(RIVER), "River Chess"),
    ] {
        let (taken, standing) = if game == "Secret Chesswords" {
            (
                // The middle 6×6: the rook takes on e7.
                ". . . . . . . .
                 . . . . R . . .
                 . . p . . . . .
                 . . . . . . . .
                 . . . n . . . .
                 . . . . . . . .
                 . . . . K . . .
                 . . . . . . . ."
                    .to_string(),
                ". . . . . . . .
                 . . . . k . . .
                 . . p . R . . .
                 . . . . . . . .
                 . . . n . . . .
                 . . . . . . . .
                 . . . . K . . .
                 . . . . . . . ."
                    .to_string(),
            )
        } else {
            (taken.to_string(), standing.clone())
        };
        let (from, to) = if game == "Secret Chesswords" {
            ("e6", "e7")
        } else {
            ("e7", "e8")
        };
        let made = format!("arrow: {from}, {to}, white");
        keeps(toml, game, &taken, &[&made]);
        let proposed = format!("arrow: {from}, {to}, white");
        keeps(toml, game, &standing, &[&proposed]);
        // After the capture, no move of either side.
        breaks(
            toml,
            game,
            &taken,
            &[&made, "arrow: c6, c5, black"],
            &[OVER, HELP],
            "",
        );
        let king = if game == "Secret Chesswords" {
            "arrow: e2, d2, white"
        } else {
            "arrow: e1, d1, white"
        };
        breaks(toml, game, &taken, &[&made, king], &[OVER, HELP], "");
        // A black move that may come before the capture is read so
        // (where a black move may leave its king attacked).
        let reply = format!("arrow: d4, {}, black", if to == "e8" { "e6" } else { "f5" });
        if game == "Telepathic Chess" {
            breaks(toml, game, &standing, &[&proposed, &reply], &[OVER], "");
        } else {
            keeps(toml, game, &standing, &[&proposed, &reply]);
        }
        // A king missing before the drawn moves: no arrow at all.
        breaks(
            toml,
            game,
            &taken,
            &["arrow: d4, b3, black"],
            &[OVER, HELP],
            "",
        );
    }
}

#[test]
fn a_telepathic_move_that_uncovers_its_own_king_is_no_legal_chess_move() {
    // "The mover makes any legal chess move": the rook on d2 came from
    // e2, where it shielded its king from the black rook on e3 beside it
    // (no piece can have been removed between them).
    let uncovered = ". . . . . . k .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . r . . .
        . . . R . . . .
        . . . . K . . .";
    breaks(
        None,
        "Telepathic Chess",
        uncovered,
        &["arrow: e2, d2, white", "arrow: e3, e1, black"],
        &["the white rook on e2 cannot move to d2: it would leave the white king in check"],
        "the game is over",
    );
    // A rook move that keeps the king shielded, then the black rook's
    // capture of the rook (no king taken).
    keeps(
        None,
        "Telepathic Chess",
        &uncovered.replace(". . . R . . . .", ". . . . R . . ."),
        &["arrow: e3, e2, black"],
    );
}

#[test]
fn a_forbidden_promotion_is_refused_as_a_promotion() {
    // "Pawns cannot promote to bishops": a pawn on e6 stepped to e7 and
    // is shown a bishop; it may become a knight.
    let promoted = ". . . . . . . .
        . . . . B . k .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . K .
        . . . . . . . .";
    for game in ["Secret Chesswords", "Split-Brain Chess"] {
        let (code, err) = bundled(game, promoted, &["arrow: e6, e7, white"]);
        assert_eq!(code, Some(1), "{err}");
        assert!(
            err.contains(
                "the pawn on e6 cannot promote to a bishop on e7: in this game a pawn promotes only to a queen, a rook or a knight"
            ),
            "{game}: {err}"
        );
        assert!(
            err.contains("help: draw the promoted pawn as a queen, a rook or a knight"),
            "{game}: {err}"
        );
        assert!(!err.contains("not a diagonal"), "{game}: {err}");
        assert!(!err.contains("did you mean"), "{game}: {err}");
        keeps(
            None,
            game,
            &promoted.replace(". . . . B . k .", ". . . . N . k ."),
            &["arrow: e6, e7, white"],
        );
    }
    // On the full board with `promotion = "Q"`: a knight on e8 from e7.
    let knight = ". . . . N . . k
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . K . . .";
    breaks(
        Some(RIVER),
        "River Chess",
        knight,
        &["arrow: e7, e8, white"],
        &[
            "the pawn on e7 cannot promote to a knight on e8: in this game a pawn promotes only to a queen",
        ],
        "knight's jump",
    );
    keeps(
        Some(RIVER),
        "River Chess",
        &knight.replace(". . . . N . . k", ". . . . Q . . k"),
        &["arrow: e7, e8, white"],
    );
}

#[test]
fn a_pawns_diagonal_step_into_the_black_hole_is_no_capture() {
    // "Any piece that moves to square of the Black hole ends outside the
    // board", but a pawn steps diagonally only to capture, and the hole
    // holds no piece.
    let board = "r n b q k b n r
        p p p p p p p p
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . P . . . . .
        P P . P P P P P
        R N B Q K B N R";
    breaks(
        None,
        "Black Hole Chess",
        board,
        &["arrow: c3, d4, white"],
        &[
            "the white pawn on c3 cannot move to d4: a pawn moves diagonally only to capture, and the hole on d4 never holds a piece",
        ],
        "not part of this game's board",
    );
    // Straight ahead it falls in.
    keeps(
        None,
        "Black Hole Chess",
        &board
            .replace(". . P . . . . .", ". . . P . . . .")
            .replace("P P . P P P P P", "P P P . P P P P"),
        &["arrow: d3, d4, white"],
    );
}

#[test]
fn a_castling_across_a_hole_names_the_hole() {
    let board = "r . . . k . . r
        p p p p p p p p
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        P P P P P P P P
        R . . . K . . R";
    breaks(
        Some(HOLES),
        "Cut Chess",
        board,
        &["arrow: e1, g1, white"],
        &[
            "the white king on e1 cannot castle to g1: the king would cross f1, which is not part of this game's board",
        ],
        "a king moves one square",
    );
    breaks(
        Some(HOLES),
        "Pit Chess",
        board,
        &["arrow: e1, g1, white"],
        &[
            "the white king on e1 cannot castle to g1: the king would cross the hole on f1, and a king may not enter a hole",
        ],
        "a king moves one square",
    );
    breaks(
        Some(HOLES),
        "Cut Chess",
        board,
        &["arrow: e8, c8, black"],
        &[
            "the black king on e8 cannot castle to c8: the hole on b8 lies between the king and the rook",
        ],
        "a king moves one square",
    );
    // The other wing has no hole.
    keeps(Some(HOLES), "Cut Chess", board, &["arrow: e1, c1, white"]);
    keeps(Some(HOLES), "Pit Chess", board, &["arrow: e8, g8, black"]);
}

#[test]
fn a_help_on_en_passant_names_the_taker_by_its_move() {
    // "No en passant" (`en_passant = false`): the white pawn that took on
    // d6 no longer stands on e5, so the help does not say "a pawn on e5".
    let taken = "r n b q k b n r
        p p p . p p p p
        . . . P . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        P P P P . P P P
        R N B Q K B N R";
    breaks(
        Some(RIVER),
        "River Chess",
        taken,
        &["arrow: d7, d5, black", "arrow: e5, d6, white"],
        &[
            "help: if e5–d6 shows an en passant capture: this game has no en passant, so the white pawn that moves from e5 cannot take the black pawn that stepped from d7 to d5",
        ],
        "a pawn on e5",
    );
    // The double step alone, the pawn still on d5, is sound.
    keeps(
        Some(RIVER),
        "River Chess",
        &taken.replace(". . . P . . . .", ". . . . . . . .").replace(
            ". . . . . . . .\n        . . . . . . . .\n        . . . . . . . .\n        P P P P",
            ". . . p P . . .\n        . . . . . . . .\n        . . . . . . . .\n        P P P P",
        ),
        &["arrow: d7, d5, black"],
    );
}
