//! Which lines of a plain-text variant list are titles, from the text's own
//! shape: a title is a short line in title case that does not end like a
//! sentence, after a line that does. A line where these signs disagree is
//! decided and reported, never guessed silently.

/// What a line is, and why the reading is unsure (if it is).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    pub is_title: bool,
    /// Set when the line's shape and its place disagree.
    pub unsure: Option<String>,
}

impl Reading {
    fn title() -> Reading {
        Reading {
            is_title: true,
            unsure: None,
        }
    }

    fn text() -> Reading {
        Reading {
            is_title: false,
            unsure: None,
        }
    }

    fn unsure(is_title: bool, why: impl Into<String>) -> Reading {
        Reading {
            is_title,
            unsure: Some(why.into()),
        }
    }
}

/// The longest title, in words (outside parentheses).
const MAX_WORDS: usize = 7;

/// Words that stay lower case in a title.
const SMALL_WORDS: &[&str] = &[
    "a", "an", "and", "as", "at", "by", "de", "for", "in", "of", "on", "or", "the", "to", "vs",
    "with",
];

/// Whether a line ends a sentence: `.`, `!` or `?`, also before a closing
/// quote or bracket.
pub fn ends_sentence(line: &str) -> bool {
    line.trim_end()
        .trim_end_matches(['"', '\'', ')', '\u{201d}', '\u{2019}'])
        .ends_with(['.', '!', '?'])
}

/// A `Variant N:` (or `Variant N thru M:`) line, which starts a list item.
pub fn is_variant_item(line: &str) -> bool {
    let Some(rest) = line.trim_start().strip_prefix("Variant ") else {
        return false;
    };
    let Some((label, _)) = rest.split_once(':') else {
        return false;
    };
    let mut words = label.split_whitespace();
    let numbered = |w: Option<&str>| w.is_some_and(|w| w.chars().all(|c| c.is_ascii_digit()));
    match (words.next(), words.next(), words.next(), words.next()) {
        (first, None, None, None) => numbered(first),
        (first, Some("thru" | "to" | "-" | "and"), last, None) => numbered(first) && numbered(last),
        _ => false,
    }
}

/// The words of a line outside parentheses, without lone dashes.
fn title_words(line: &str) -> Vec<&str> {
    let mut depth = 0usize;
    let mut outside = String::new();
    for c in line.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => outside.push(c),
            _ => {}
        }
    }
    let words: Vec<String> = outside
        .split_whitespace()
        .filter(|w| w.chars().any(char::is_alphanumeric))
        .map(str::to_string)
        .collect();
    // Borrow from the line again: the same words in the same order.
    let mut out = Vec::new();
    let mut rest = line;
    for w in &words {
        if let Some(i) = rest.find(w.as_str()) {
            out.push(&rest[i..i + w.len()]);
            rest = &rest[i + w.len()..];
        }
    }
    out
}

/// How a line looks on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// Short, title case, no sentence ending.
    Title,
    /// Like a title but ending with a colon (an introduction to what follows).
    TitleWithColon,
    /// Short, no sentence ending, but mostly lower case.
    ShortLine,
    Text,
}

fn shape(line: &str) -> Shape {
    let line = line.trim();
    let Some(first) = line.chars().next() else {
        return Shape::Text;
    };
    if !first.is_uppercase() || is_variant_item(line) || line.starts_with("- ") {
        return Shape::Text;
    }
    let words = title_words(line);
    if words.is_empty() || words.len() > MAX_WORDS {
        return Shape::Text;
    }
    let last = line.trim_end_matches([')', '"']).chars().next_back();
    if matches!(last, Some('.' | '!' | '?' | ';' | ',')) {
        return Shape::Text;
    }
    // A comma outside brackets belongs to a sentence.
    if title_words(line).iter().any(|w| w.contains(',')) {
        return Shape::Text;
    }
    let counted: Vec<&&str> = words
        .iter()
        .filter(|w| !SMALL_WORDS.contains(&w.to_lowercase().as_str()))
        .collect();
    let capitalised = counted
        .iter()
        .filter(|w| {
            w.chars()
                .next()
                .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())
        })
        .count();
    let title_case = !counted.is_empty() && capitalised * 2 > counted.len();
    match (title_case, last) {
        (true, Some(':')) => Shape::TitleWithColon,
        (true, _) => Shape::Title,
        (false, Some(':')) => Shape::Text,
        (false, _) if words.len() <= 4 => Shape::ShortLine,
        (false, _) => Shape::Text,
    }
}

/// Reads one body line. `previous` is the line before it in the body, if
/// any, and whether that line was read as a title.
pub fn read_line(line: &str, previous: Option<(&str, bool)>) -> Reading {
    let after_sentence = match previous {
        None => true,
        Some((_, true)) => true,
        Some((prev, false)) => ends_sentence(prev),
    };
    match shape(line) {
        Shape::Title if after_sentence => Reading::title(),
        Shape::Title => Reading::unsure(
            true,
            "read as a title, though the line before it does not end with a full stop",
        ),
        Shape::TitleWithColon => Reading::unsure(
            false,
            "looks like a title but ends with a colon: read as text that introduces the lines after it",
        ),
        Shape::ShortLine if after_sentence => Reading::unsure(
            false,
            "a short line without a full stop, but mostly in lower case: read as text, not a title",
        ),
        Shape::ShortLine | Shape::Text => Reading::text(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after_sentence(line: &str) -> Reading {
        read_line(line, Some(("The last rule.", false)))
    }

    #[test]
    fn short_title_case_lines_are_titles() {
        for line in [
            "Angle Chess",
            "Bank Chess - Half-Standard",
            "Black Hole Chess - Swap variant",
            "Cross-eyed Chess",
            "Crazy Pawns Variants",
            "Chess960",
        ] {
            assert_eq!(after_sentence(line), Reading::title(), "{line}");
        }
    }

    #[test]
    fn words_in_brackets_do_not_count_against_a_title() {
        assert_eq!(
            after_sentence("Transfer Chess (for two players)"),
            Reading::title()
        );
        // The same words outside brackets make it mostly lower case.
        assert!(!after_sentence("Transfer chess for two players").is_title);
    }

    #[test]
    fn sentences_are_text_even_without_a_full_stop() {
        for line in [
            "Depending on the variant, the second partial move is only allowed",
            "Depending on the variant, the Pawn-jumps may be only diagonally or also forward.",
            "In the first partial move the king may move into check",
            "Variant 1: All you have to do is to get one of your pieces to the far rank",
            "No transfer of pieces allowed!",
            "The king cannot enter the Black Hole.",
            "- the target square for the dragged piece is empty.",
            "under certain conditions:",
        ] {
            assert_eq!(after_sentence(line), Reading::text(), "{line}");
        }
    }

    #[test]
    fn a_title_after_an_unfinished_sentence_is_unsure() {
        let r = read_line(
            "Fastpawn Chess",
            Some((
                "In the first partial move the king may move into check",
                false,
            )),
        );
        assert!(r.is_title);
        assert!(r.unsure.unwrap().contains("full stop"));
    }

    #[test]
    fn a_title_shaped_line_with_a_colon_is_unsure_text() {
        let r = after_sentence("Swap variant of Statue Chess:");
        assert!(!r.is_title);
        assert!(r.unsure.unwrap().contains("colon"));
    }

    #[test]
    fn a_short_lower_case_line_is_unsure_text() {
        let r = after_sentence("Pieces move sideways");
        assert!(!r.is_title);
        assert!(r.unsure.is_some());
        // After an unfinished line it simply continues that line.
        assert_eq!(
            read_line("Pieces move sideways", Some(("A rule that goes on", false))),
            Reading::text()
        );
    }

    #[test]
    fn variant_items_are_recognised() {
        assert!(is_variant_item(
            "Variant 1: Allow that pawns move sideways."
        ));
        assert!(is_variant_item("Variant 5 thru 8: As variant 1 thru 4."));
        assert!(!is_variant_item("Variant: A white Rook on b1."));
        assert!(!is_variant_item("Variants are many: 1 and 2"));
        assert!(!is_variant_item("Variant 2 is the best: really"));
    }

    #[test]
    fn sentence_ends_see_through_quotes_and_brackets() {
        assert!(ends_sentence("It ends (here.)"));
        assert!(ends_sentence("He said \"stop!\""));
        assert!(!ends_sentence("it goes on to the"));
        assert!(!ends_sentence("it introduces:"));
    }
}
