//! `pieces = { N = "nN", P = "mfsWcfF" }`: pieces that move otherwise than
//! chess's, each stated in Betza notation (as Fairy-Stockfish states its
//! custom pieces) and drawn with its own letter.

use std::collections::BTreeMap;

use toml::Spanned;

use super::config::Problem;
use crate::diagram::Role;
use crate::engine::betza::{self, Betza};
use crate::source::Span;

/// How each role moves where the game redefines it, by `Role as usize`.
pub type PieceMoves = [Option<Betza>; 6];

pub fn parse_pieces(
    value: &Spanned<BTreeMap<Spanned<String>, Spanned<String>>>,
) -> Result<PieceMoves, Vec<Problem>> {
    let mut out: PieceMoves = Default::default();
    let mut problems = Vec::new();
    for (letter, text) in value.get_ref() {
        let key = letter.get_ref().trim();
        let one = match key.chars().collect::<Vec<_>>()[..] {
            [c] => Some(c),
            _ => None,
        };
        let help = "name each piece by its capital letter: K Q R B N P, as pieces = { N = \"nN\" }; the letter moves so for both sides";
        let Some(role) = one
            .filter(char::is_ascii_uppercase)
            .and_then(Role::from_letter)
        else {
            let meant = one.and_then(|c| {
                Role::from_letter(c.to_ascii_uppercase()).or_else(|| super::config::meant_role(c))
            });
            let mut p = Problem::at(
                letter,
                format!("`{key}` in pieces is not a piece's capital letter"),
            )
            .help(help);
            if let Some(r) = meant {
                p = p
                    .help(format!("did you mean `{}`? {help}", r.letter()))
                    .fix(Some(r.letter().to_string()));
            }
            problems.push(p);
            continue;
        };
        if text.get_ref().trim().is_empty() {
            problems.push(
                Problem::at(
                    text,
                    format!("`pieces` gives the {} no moves: its Betza notation is empty", role.name()),
                )
                .help("write the piece's moves in Betza notation, as `K` for a king's step, or leave the letter out for chess's moves"),
            );
            continue;
        }
        match betza::parse(text.get_ref()) {
            Ok(b) => out[role as usize] = Some(b),
            Err(e) => {
                // The error's place inside the string: one past the quote.
                let whole = Span::from(text.span());
                let start = whole.start + 1 + e.offset;
                let span = if start + e.len.max(1) < whole.end {
                    Span {
                        start,
                        end: start + e.len.max(1),
                    }
                } else {
                    whole
                };
                problems.push(Problem {
                    span,
                    message: format!(
                        "`{}` for the {} is not Betza notation: {}",
                        text.get_ref(),
                        role.name(),
                        e.message
                    ),
                    help: e.help.or_else(|| {
                        Some("a piece's moves in Betza notation, as Fairy-Stockfish writes them: `nN` (a knight that cannot jump), `mfsWcfF` (a pawn that also steps sideways)".to_string())
                    }),
                    fix: None,
                });
            }
        }
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(problems)
    }
}
