//! "Did you mean": the known name a misspelt one is closest to, by a small
//! edit distance (a swap of two neighbours counts as one edit).

/// The name in `known` that `word` misspells, if one is close: the same but
/// for case, or one edit apart (two in a word of five letters or more).
/// Ties go to the first in `known`.
pub fn nearest<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let wanted = word.to_lowercase();
    let limit = if wanted.chars().count() >= 5 { 2 } else { 1 };
    let mut best: Option<(usize, &str)> = None;
    for name in known {
        let d = strsim::osa_distance(&wanted, &name.to_lowercase());
        if d <= limit && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, name));
        }
    }
    best.map(|(_, name)| name)
}

/// `did you mean `name`?` for the nearest known name, if any.
pub fn did_you_mean<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Option<String> {
    nearest(word, known).map(|name| format!("did you mean `{name}`?"))
}

/// A help line: the suggestion, if there is one, before the `general` help.
pub fn help<'a>(word: &str, known: impl IntoIterator<Item = &'a str>, general: &str) -> String {
    help_and_fix(word, known, general).0
}

/// The help line, and the known name to write in the word's place when
/// one is close (an editor's quick fix).
pub fn help_and_fix<'a>(
    word: &str,
    known: impl IntoIterator<Item = &'a str>,
    general: &str,
) -> (String, Option<&'a str>) {
    match nearest(word, known) {
        Some(name) => (format!("did you mean `{name}`? {general}"), Some(name)),
        None => (general.to_string(), None),
    }
}

/// Whether a help that changes the arrow `changed` of a diagram may be
/// offered: the changed diagram is legal (`changed_is_legal`), and the
/// change keeps every sound arrow as drawn. The changed arrow is sound when
/// some other arrow, left out, leaves it without fault: then the fault lies
/// between the two, and a help that redraws it would hide the other.
/// `faultless_without(other)` tells whether the diagram without `other`
/// has no fault at `changed`; `None` when it could not be told (a budget
/// ran out), and then no help is offered.
pub fn offers_arrow_help<A: PartialEq + Copy>(
    changed: A,
    arrows: &[A],
    changed_is_legal: bool,
    faultless_without: &mut dyn FnMut(A) -> Option<bool>,
) -> bool {
    if !changed_is_legal {
        return false;
    }
    for &other in arrows.iter().filter(|&&a| a != changed) {
        match faultless_without(other) {
            Some(false) => {}
            Some(true) | None => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A help is offered only when the changed diagram is legal and the
    /// arrow it changes is not sound: no other arrow, left out, clears it.
    #[test]
    fn a_help_keeps_every_sound_arrow_as_drawn() {
        // Arrow 2 is at fault whatever else is drawn: a help may redraw it.
        let mut never = |_: u8| Some(false);
        assert!(offers_arrow_help(2, &[1, 2, 3], true, &mut never));
        // The changed diagram is not legal: no help.
        assert!(!offers_arrow_help(2, &[1, 2, 3], false, &mut never));
        // Without arrow 3, arrow 2 is sound (3 is the one that breaks the
        // rule): redrawing 2 would change a sound arrow.
        let mut three = |other: u8| Some(other == 3);
        assert!(!offers_arrow_help(2, &[1, 2, 3], true, &mut three));
        // A search cut short says nothing.
        let mut unknown = |_: u8| None;
        assert!(!offers_arrow_help(2, &[1, 2, 3], true, &mut unknown));
        // An arrow alone in its diagram has no other to lean on.
        assert!(offers_arrow_help(2, &[2], true, &mut unknown));
    }

    const LINES: [&str; 4] = ["arrow", "margins", "card", "corner text"];

    #[test]
    fn a_near_name_is_suggested_and_a_far_one_is_not() {
        assert_eq!(nearest("arow", LINES), Some("arrow"));
        assert_eq!(nearest("Arrow", LINES), Some("arrow"));
        assert_eq!(nearest("arrwo", LINES), Some("arrow"));
        assert_eq!(nearest("margnis", LINES), Some("margins"));
        assert_eq!(nearest("crad", LINES), Some("card"));
        assert_eq!(nearest("wibble", LINES), None);
        // A short word gets one edit only: `cat` is not `card`.
        assert_eq!(nearest("cat", LINES), None);
        assert_eq!(
            did_you_mean("en_pasant", ["en_passant", "castling"]),
            Some("did you mean `en_passant`?".to_string())
        );
        assert_eq!(help("zzz", LINES, "the names are …"), "the names are …");
    }
}
