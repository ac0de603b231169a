//! Perft against the published counts (Chess Programming Wiki, "Perft
//! Results" and the Chess960 list). Shallow depths run in every
//! `cargo test`; the deep ones only in release:
//! `cargo test --release --test perft`.

use chess_kit_docs::engine::chess::{Position, Rules};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POS3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POS4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POS4_MIRRORED: &str = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
const POS5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POS6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
// Chess960 perft list, positions 1 and 2 (Shredder-FEN castling).
const C960_1: &str = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
const C960_2: &str = "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9";

/// Checks perft(1..) against `counts`, printing the time of each depth.
fn check(fen: &str, counts: &[u64]) {
    let pos = Position::from_fen(fen).expect("valid FEN");
    for (depth, &expected) in (1..).zip(counts) {
        let t = std::time::Instant::now();
        let nodes = pos.perft(depth, &Rules::STANDARD);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{fen} depth {depth}: {nodes} nodes in {secs:.3} s ({:.1} M nodes/s)",
            nodes as f64 / secs.max(1e-9) / 1e6
        );
        assert_eq!(nodes, expected, "{fen} depth {depth}");
    }
}

/// One depth only: the shallower ones run in debug builds already.
fn check_deep(fen: &str, depth: u32, expected: u64) {
    let pos = Position::from_fen(fen).expect("valid FEN");
    let t = std::time::Instant::now();
    let nodes = pos.perft(depth, &Rules::STANDARD);
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{fen} depth {depth}: {nodes} nodes in {secs:.3} s ({:.1} M nodes/s)",
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    assert_eq!(nodes, expected, "{fen} depth {depth}");
}

#[test]
fn start_position_shallow() {
    check(START, &[20, 400, 8_902, 197_281]);
}

#[test]
fn kiwipete_shallow() {
    check(KIWIPETE, &[48, 2_039, 97_862]);
}

#[test]
fn position_3_shallow() {
    check(POS3, &[14, 191, 2_812, 43_238]);
}

#[test]
fn position_4_shallow() {
    check(POS4, &[6, 264, 9_467]);
    check(POS4_MIRRORED, &[6, 264, 9_467]);
}

#[test]
fn position_5_shallow() {
    check(POS5, &[44, 1_486, 62_379]);
}

#[test]
fn position_6_shallow() {
    check(POS6, &[46, 2_079, 89_890]);
}

#[test]
fn chess960_shallow() {
    check(C960_1, &[21, 528, 12_189]);
    check(C960_2, &[21, 807, 18_002]);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "deep perft: run with cargo test --release --test perft"
)]
fn start_position_deep() {
    check_deep(START, 5, 4_865_609);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "deep perft: run with cargo test --release --test perft"
)]
fn kiwipete_deep() {
    check_deep(KIWIPETE, 4, 4_085_603);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "deep perft: run with cargo test --release --test perft"
)]
fn position_3_deep() {
    check_deep(POS3, 5, 674_624);
    check_deep(POS3, 6, 11_030_083);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "deep perft: run with cargo test --release --test perft"
)]
fn position_4_deep() {
    check_deep(POS4, 4, 422_333);
    check_deep(POS4_MIRRORED, 4, 422_333);
    check_deep(POS4, 5, 15_833_292);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "deep perft: run with cargo test --release --test perft"
)]
fn position_5_deep() {
    check_deep(POS5, 4, 2_103_487);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "deep perft: run with cargo test --release --test perft"
)]
fn position_6_deep() {
    check_deep(POS6, 4, 3_894_594);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "deep perft: run with cargo test --release --test perft"
)]
fn chess960_deep() {
    check_deep(C960_1, 4, 326_672);
    check_deep(C960_1, 5, 8_146_062);
    check_deep(C960_2, 4, 667_366);
    check_deep(C960_2, 5, 16_253_601);
}
