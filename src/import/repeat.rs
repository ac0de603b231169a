//! A body written out twice: the second copy is found, compared with the
//! first line by line, and dropped. A copy that differs is reported, never
//! merged.

use similar::{Algorithm, DiffOp, capture_diff_slices};

/// Lines the comparison skips: blank lines and separator rules (`-----`).
pub fn is_filler(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || is_separator(t)
}

/// A line of one repeated character such as `-----` or `=====`.
pub fn is_separator(line: &str) -> bool {
    let t = line.trim();
    let mut chars = t.chars();
    let Some(c) = chars.next() else {
        return false;
    };
    t.chars().count() >= 3
        && matches!(c, '-' | '=' | '*' | '_' | '~' | '#')
        && chars.all(|x| x == c)
}

/// How much of two copies must agree (as `similar` counts it: twice the
/// matching lines over all lines) for the second to be a copy at all.
const SAME_BODY: f64 = 0.6;

/// One way a copy differs from the first, by 0-based line index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difference {
    /// The copy has `copy` where the first has `first`.
    Changed { first: usize, copy: usize },
    /// The first copy's line is not in the copy; `copy` is the copy's line
    /// where it would be (or the copy's end).
    Missing { first: usize, copy: usize },
    /// The copy's line is not in the first copy.
    Added { copy: usize },
}

/// A second copy of the body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repeat {
    /// The first copy: lines `start..end`, by 0-based index.
    pub first: (usize, usize),
    /// Where the copy begins (its first line of text) and ends.
    pub copy: (usize, usize),
    /// Empty when the copy is exact.
    pub differences: Vec<Difference>,
}

/// Looks for a second copy of the body `lines[start..]`: a later line equal
/// to the body's first line of text, from which the rest mostly repeats the
/// lines before it.
pub fn find(lines: &[&str], start: usize) -> Option<Repeat> {
    let first_text = (start..lines.len()).find(|&i| !is_filler(lines[i]))?;
    let anchor = lines[first_text].trim();
    for candidate in first_text + 1..lines.len() {
        if lines[candidate].trim() != anchor {
            continue;
        }
        let first: Vec<usize> = (first_text..candidate)
            .filter(|&i| !is_filler(lines[i]))
            .collect();
        let copy: Vec<usize> = (candidate..lines.len())
            .filter(|&i| !is_filler(lines[i]))
            .collect();
        let a: Vec<&str> = first.iter().map(|&i| lines[i].trim()).collect();
        let b: Vec<&str> = copy.iter().map(|&i| lines[i].trim()).collect();
        let ops = capture_diff_slices(Algorithm::Myers, &a, &b);
        let same: usize = ops
            .iter()
            .map(|op| match op {
                DiffOp::Equal { len, .. } => *len,
                _ => 0,
            })
            .sum();
        if (2 * same) as f64 / (a.len() + b.len()) as f64 <= SAME_BODY {
            continue;
        }
        let end_of_copy = |j: usize| copy.get(j).copied().unwrap_or(lines.len());
        let mut differences = Vec::new();
        for op in &ops {
            match *op {
                DiffOp::Equal { .. } => {}
                DiffOp::Delete {
                    old_index,
                    old_len,
                    new_index,
                } => differences.extend((old_index..old_index + old_len).map(|i| {
                    Difference::Missing {
                        first: first[i],
                        copy: end_of_copy(new_index),
                    }
                })),
                DiffOp::Insert {
                    new_index, new_len, ..
                } => differences.extend(
                    (new_index..new_index + new_len).map(|j| Difference::Added { copy: copy[j] }),
                ),
                DiffOp::Replace {
                    old_index,
                    old_len,
                    new_index,
                    new_len,
                } => {
                    let paired = old_len.min(new_len);
                    for k in 0..paired {
                        differences.push(Difference::Changed {
                            first: first[old_index + k],
                            copy: copy[new_index + k],
                        });
                    }
                    let at = end_of_copy(new_index + paired);
                    differences.extend(
                        first[old_index + paired..old_index + old_len]
                            .iter()
                            .map(|&i| Difference::Missing { first: i, copy: at }),
                    );
                    differences.extend(
                        copy[new_index + paired..new_index + new_len]
                            .iter()
                            .map(|&j| Difference::Added { copy: j }),
                    );
                }
            }
        }
        return Some(Repeat {
            first: (start, candidate),
            copy: (candidate, lines.len()),
            differences,
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<&str> {
        text.lines().collect()
    }

    const BODY: &str = "One Chess\nA rule.\nAnother rule.\nTwo Chess\nIts rule.\n";

    #[test]
    fn an_exact_copy_is_found_where_it_begins() {
        let text = format!("Title\n-----\n{BODY}-----\n{BODY}");
        let l = lines(&text);
        let r = find(&l, 2).unwrap();
        // The copy begins at its first line of text, after the separator.
        assert_eq!(l[r.copy.0], "One Chess");
        assert_eq!(r.copy.0, 8);
        assert_eq!(r.first, (2, 8));
        assert!(r.differences.is_empty());
    }

    #[test]
    fn a_body_without_a_copy_has_no_repeat() {
        let l = lines(BODY);
        assert_eq!(find(&l, 0), None);
        // Naming the first title again in a rule is not a copy.
        let text = format!("{BODY}One Chess\nSomething else entirely.\n");
        assert_eq!(find(&lines(&text), 0), None);
    }

    #[test]
    fn a_differing_copy_reports_each_line() {
        let text = "One Chess\nA rule.\nAnother rule.\nTwo Chess\nIts rule.\n\
                    One Chess\nA rule changed.\nAnother rule.\nTwo Chess\nIts rule.\nA new line.\n";
        let l = lines(text);
        let r = find(&l, 0).unwrap();
        assert_eq!(r.copy.0, 5);
        assert_eq!(
            r.differences,
            [
                Difference::Changed { first: 1, copy: 6 },
                Difference::Added { copy: 10 },
            ]
        );
        let shorter = "One Chess\nA rule.\nAnother rule.\nTwo Chess\nIts rule.\n\
                       One Chess\nA rule.\nTwo Chess\nIts rule.\n";
        let r = find(&lines(shorter), 0).unwrap();
        assert_eq!(r.differences, [Difference::Missing { first: 2, copy: 7 }]);
    }

    #[test]
    fn separators_are_lines_of_one_character() {
        assert!(is_separator("-----"));
        assert!(is_separator("  ===  "));
        assert!(!is_separator("--"));
        assert!(!is_separator("-=-=-"));
        assert!(!is_separator("- a list item"));
    }
}
