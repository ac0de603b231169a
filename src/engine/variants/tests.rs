use super::*;

/// The settings `text` read as the settings reader reads a book
/// root's (`toml_all::read`, a table with a bad key left out), then the
/// `[[variant]]` tables checked: the configured games, and each problem
/// as `line:col: message | help | fix`.
fn configure(text: &str) -> (Variants, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("chess-kit-docs.toml"), text).unwrap();
    // As every command reads them: a table with a bad key is judged,
    // reported and left out.
    let settings = crate::settings::Settings::resolve(
        &[dir.path().to_path_buf()],
        &crate::settings::Flags::default(),
    );
    let (variants, diags) = (settings.variants, settings.problems);
    let found = diags
        .iter()
        .map(|d| {
            format!(
                "{}: {} | {} | {}",
                d.line_col().unwrap(),
                d.message,
                d.help.as_deref().unwrap_or(""),
                d.fix.as_ref().map_or("", |f| f.text.as_str())
            )
        })
        .collect();
    (variants, found)
}

#[test]
fn every_independent_problem_of_a_table_is_an_error_at_its_line() {
    let (variants, found) = configure(
        "[[variant]]\n\
         game = \"Tiny Chess\"\n\
         set_aside = \"BBX\"\n\
         check = false\n\
         holes = [\"d4\", \"z9\"]\n\
         king_capture = false\n",
    );
    assert_eq!(found.len(), 3, "{found:#?}");
    assert!(
        found[0].starts_with("3:13: `X` in `set_aside = \"BBX\"` is not a piece letter"),
        "{found:#?}"
    );
    assert!(
        found[1].starts_with("5:16: `z9` in holes is not a square from a1 to h8"),
        "{found:#?}"
    );
    assert!(
        found[2].starts_with(
            "6:16: `king_capture = false` cannot go with `check = false`: without check a king can be left attacked"
        ),
        "{found:#?}"
    );
    assert!(variants.find("Tiny Chess").is_none());
}

#[test]
fn bad_holes_and_a_bad_set_aside_are_two_errors() {
    let (_, found) = configure(
        "[[variant]]\ngame = \"Tiny Chess\"\nholes = \"d4 e9\"\nset_aside = \"K\"\nholes_swallow = true\n",
    );
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(
        found[0].starts_with("3:9: `e9` in holes is not a square"),
        "{found:#?}"
    );
    assert!(
        found[1].starts_with("4:13: `set_aside = \"K\"` puts away a king"),
        "{found:#?}"
    );
}

#[test]
fn holes_swallow_without_holes_is_an_error_at_its_own_line() {
    let (variants, found) = configure("[[variant]]\ngame = \"Hole Chess\"\nholes_swallow = true\n");
    assert_eq!(
        found,
        [
            "3:17: `holes_swallow = true` needs `holes`: no square is taken off the board for a piece to fall into | add `holes = [\"d4\"]`, or remove `holes_swallow` | "
        ]
    );
    assert!(variants.is_empty());
    let (_, found) =
        configure("[[variant]]\ngame = \"Hole Chess\"\nholes = []\nholes_swallow = true\n");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].starts_with("4:17: `holes_swallow = true` needs holes, and `holes = []`"));
    // Off, it needs nothing.
    let (variants, found) =
        configure("[[variant]]\ngame = \"Hole Chess\"\nholes_swallow = false\n");
    assert!(found.is_empty(), "{found:#?}");
    assert!(variants.find("Hole Chess").is_some());
}

#[test]
fn a_sound_table_configures_its_game() {
    let (variants, found) = configure(
        "[[variant]]\ngame = \"Split-Brain Chess\"\nboard = \"b2-g7\"\nset_aside = \"BBPP\"\n\
         double_step = false\ncastling = false\npromotion = \"QRN\"\nholes = [\"d4\"]\n\
         holes_swallow = true\n",
    );
    assert!(found.is_empty(), "{found:#?}");
    let v = variants.find("split-brain chess").unwrap();
    assert_eq!((v.files, v.ranks), ((1, 6), (2, 7)));
    assert_eq!(v.set_aside[Role::Bishop as usize], 2);
    assert_eq!(v.set_aside[Role::Pawn as usize], 2);
    assert!(!v.promotion[Role::Bishop as usize] && v.promotion[Role::Knight as usize]);
    assert!(v.holes.contains(Square::new(3, 4)) && v.holes_swallow);
    assert!(!v.castling && !v.double_step && !v.en_passant && v.check);
}

#[test]
fn the_bundled_settings_configure_every_game_without_a_problem() {
    let text = std::fs::read_to_string("rules/chess-kit-docs.toml").unwrap();
    let (variants, found) = configure(&text);
    assert!(found.is_empty(), "{found:#?}");
    for game in [
        "Telepathic Chess",
        "Secret Chesswords",
        "Split-Brain Chess",
        "Black Hole Chess",
    ] {
        assert!(variants.find(game).is_some(), "{game}");
    }
}

#[test]
fn a_likely_meaning_is_suggested_and_offered_as_a_fix() {
    let (_, found) = configure(
        "[[variant]]\ngame = \"Tiny Chess\"\nset_aside = \"BS\"\nboard = \"b2 g7\"\nholes = [\"4d\"]\n",
    );
    assert_eq!(found.len(), 3, "{found:#?}");
    assert!(
        found[0].starts_with("3:13: `S` in `set_aside = \"BS\"` is not a piece letter | did you mean `N` for `S` (a knight)?")
            && found[0].ends_with("| \"BN\""),
        "{found:#?}"
    );
    assert!(
        found[1].starts_with("4:9: `board = \"b2 g7\"` is not two corner squares")
            && found[1].contains("did you mean `board = \"b2-g7\"`?")
            && found[1].ends_with("| \"b2-g7\""),
        "{found:#?}"
    );
    assert!(
        found[2].starts_with("5:10: `4d` in holes is not a square")
            && found[2].contains("did you mean `d4`?")
            && found[2].ends_with("| \"d4\""),
        "{found:#?}"
    );
}

#[test]
fn a_switch_that_depends_on_a_broken_one_is_not_judged() {
    // The board is broken, so whether castling fits it, or the hole is
    // on it, is not known: one error, at the board.
    let (_, found) = configure(
        "[[variant]]\ngame = \"Tiny Chess\"\nboard = 12\ncastling = true\nholes = [\"h8\"]\n",
    );
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].starts_with("3:9: `board = 12` is not a size from 4 to 8"));
    // With the board sound, both are.
    let (_, found) = configure(
        "[[variant]]\ngame = \"Tiny Chess\"\nboard = 6\ncastling = true\nholes = [\"h8\"]\n",
    );
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(found[0].starts_with(
        "4:12: `castling = true` needs the full 8×8 board, and `board = 6` cuts it down"
    ));
    assert!(
        found[1]
            .starts_with("5:10: the hole h8 is not on the board in play: `board = 6` keeps a1–f6")
    );
}

#[test]
fn the_game_is_judged_with_the_switches() {
    let (variants, found) = configure(
        "[[variant]]\ngame = \"Tiny Chess\"\n[[variant]]\ngame = \"tiny chess\"\npromotion = \"QQP\"\n\
         [[variant]]\ngame = \"Zombie Chess\"\n[[variant]]\ngame = \" \"\n",
    );
    assert_eq!(found.len(), 4, "{found:#?}");
    assert!(found[0].starts_with("4:8: `game = \"tiny chess\"` is configured twice"));
    assert!(
        found[1].starts_with("5:13: `P` in `promotion = \"QQP\"` is not a piece a pawn can become")
    );
    assert!(found[1].ends_with("| \"QQ\""), "{found:#?}");
    assert!(found[2].starts_with("7:8: `game = \"Zombie Chess\"` is a game the engine knows"));
    assert!(found[3].starts_with("9:8: `game = \" \"` names no game"));
    assert_eq!(variants.iter().count(), 1);
}

#[test]
fn holes_of_the_wrong_type_are_a_settings_error_at_their_value() {
    let (variants, found) = configure("[[variant]]\ngame = \"Tiny Chess\"\nholes = 5\n");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].starts_with("3:9: "), "{found:#?}");
    assert!(found[0].contains("expected squares"), "{found:#?}");
    assert!(variants.is_empty());
}
