//! Reads a TOML file into its type and reports every problem in it, not
//! only the first: serde stops at the first bad key, so the entry it names
//! is taken out of the parsed document and the rest is read again.

use std::sync::Arc;

use serde::de::DeserializeOwned;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::diagnostic::Diagnostic;
use crate::source::{SourceFile, Span};

/// At most this many problems are reported from one file.
const MAX_PROBLEMS: usize = 100;

/// What a TOML file gave: the value read from what was sound in it
/// (`None` when its syntax is broken), and every problem, each at its
/// place. `dropped` holds the spans of the entries left out.
pub struct Read<T> {
    pub value: Option<T>,
    pub problems: Vec<Diagnostic>,
    pub dropped: Vec<Span>,
}

/// Reads `src` as a `T`, reporting each problem as an error in `src`.
pub fn read<T: DeserializeOwned>(src: &Arc<SourceFile>) -> Read<T> {
    let (mut table, syntax) = DeTable::parse_recoverable(&src.text);
    if !syntax.is_empty() {
        return Read {
            value: None,
            problems: syntax
                .iter()
                .map(|e| crate::config::toml_error(src, e))
                .collect(),
            dropped: Vec::new(),
        };
    }
    table.get_mut().make_owned();
    let mut problems = Vec::new();
    let mut dropped = Vec::new();
    loop {
        let de = toml::de::Deserializer::from(table.clone());
        match T::deserialize(de) {
            Ok(value) => {
                return Read {
                    value: Some(value),
                    problems,
                    dropped,
                };
            }
            Err(e) => {
                problems.push(crate::config::toml_error(src, &e));
                let span = e.span().map(Span::from);
                let removed = span.and_then(|s| remove_at(table.get_mut(), s));
                match removed {
                    Some(gone) if problems.len() < MAX_PROBLEMS => dropped.push(gone),
                    _ => {
                        return Read {
                            value: None,
                            problems,
                            dropped,
                        };
                    }
                }
            }
        }
    }
}

fn holds(outer: std::ops::Range<usize>, at: Span) -> bool {
    outer.start <= at.start && (at.start < outer.end || (at.is_empty() && at.start == outer.end))
}

/// Where the value at `keys` (`["build", "style"]`) stands in `text`.
pub fn value_span(text: &str, keys: &[&str]) -> Option<Span> {
    let (table, _) = DeTable::parse_recoverable(text);
    let mut table = table.get_ref();
    let (last, path) = keys.split_last()?;
    for key in path {
        match table.get(*key).map(|v| v.get_ref()) {
            Some(DeValue::Table(t)) => table = t,
            _ => return None,
        }
    }
    table.get(*last).map(|v| Span::from(v.span()))
}

/// Each `[[variant]]` table of a settings file: the text it spans (from
/// its header to its last value) and its `game`, when that is a string.
pub fn variant_tables(text: &str) -> Vec<(Span, Option<String>)> {
    let (table, _) = DeTable::parse_recoverable(text);
    let Some(DeValue::Array(items)) = table.get_ref().get("variant").map(|v| v.get_ref()) else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|item| {
            let DeValue::Table(t) = item.get_ref() else {
                return None;
            };
            let mut extent = Span::from(item.span());
            for (k, v) in t.iter() {
                extent = extent.to(Span::from(k.span())).to(Span::from(v.span()));
            }
            let game = match t.get("game").map(|g| g.get_ref()) {
                Some(DeValue::String(name)) => Some(name.to_string()),
                _ => None,
            };
            Some((extent, game))
        })
        .collect()
}

/// Takes the innermost entry of `table` that holds `at` out of it, and
/// returns its span; `None` when no entry holds it. A table's own span is
/// only its header, so every entry is searched, not only those whose span
/// holds `at`.
fn remove_at(table: &mut DeTable, at: Span) -> Option<Span> {
    let mut gone = None;
    for (key, value) in table.iter_mut() {
        if let Some(inner) = remove_in(value, at) {
            return Some(inner);
        }
        if gone.is_none() && (holds(key.span(), at) || holds(value.span(), at)) {
            let end = value.span().end.max(key.span().end);
            gone = Some((
                key.clone(),
                Span::new(key.span().start.min(value.span().start), end),
            ));
        }
    }
    let (key, span) = gone?;
    table.remove(&key);
    Some(span)
}

fn remove_in(value: &mut Spanned<DeValue>, at: Span) -> Option<Span> {
    match value.get_mut() {
        DeValue::Table(t) => remove_at(t, at),
        DeValue::Array(items) => {
            for i in 0..items.len() {
                if let Some(inner) = remove_in(&mut items.as_mut()[i], at) {
                    return Some(inner);
                }
            }
            let i = items.iter().position(|v| holds(v.span(), at))?;
            let span = Span::from(items[i].span());
            // `DeArray` has no `remove`: the others are kept in a new one.
            let mut kept = toml::de::DeArray::new();
            for (j, item) in items.iter().enumerate() {
                if j != i {
                    kept.push(item.clone());
                }
            }
            *value.get_mut() = DeValue::Array(kept);
            Some(span)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize, Default)]
    #[serde(default, deny_unknown_fields)]
    struct Doc {
        a: Inner,
        b: Inner,
        list: Vec<Item>,
    }

    #[derive(Debug, serde::Deserialize, Default)]
    #[serde(default, deny_unknown_fields)]
    struct Inner {
        x: Option<u8>,
        y: Option<bool>,
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Item {
        name: String,
        #[serde(default)]
        on: bool,
    }

    fn problems(text: &str) -> (Option<Doc>, Vec<String>) {
        let src = SourceFile::new("t.toml", text);
        let r = read::<Doc>(&src);
        let found = r
            .problems
            .iter()
            .map(|d| format!("{}: {}", d.line_col().unwrap(), d.message))
            .collect();
        (r.value, found)
    }

    #[test]
    fn every_bad_key_is_reported_and_the_rest_is_read() {
        let (doc, found) = problems(
            "[a]\nxx = 1\ny = \"no\"\nx = 3\n[b]\nz = 2\n[[list]]\nname = \"n\"\non = 5\n",
        );
        assert_eq!(found.len(), 4, "{found:?}");
        assert!(found[0].starts_with("2:1: unknown field `xx`"), "{found:?}");
        assert!(found[1].starts_with("3:5: invalid type"), "{found:?}");
        assert!(found[2].starts_with("6:1: unknown field `z`"), "{found:?}");
        assert!(found[3].starts_with("9:6: invalid type"), "{found:?}");
        let doc = doc.unwrap();
        assert_eq!(doc.a.x, Some(3));
        assert_eq!(doc.list.len(), 1);
        assert!(!doc.list[0].on);
    }

    #[test]
    fn an_item_missing_a_field_is_left_out_alone() {
        let (doc, found) = problems("[[list]]\non = true\n[[list]]\nname = \"kept\"\n");
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].contains("missing field `name`"), "{found:?}");
        let doc = doc.unwrap();
        assert_eq!(doc.list.len(), 1);
        assert_eq!(doc.list[0].name, "kept");
    }

    #[test]
    fn broken_syntax_is_reported_and_gives_nothing() {
        let (doc, found) = problems("[a\nx = 1\n");
        assert!(doc.is_none());
        assert!(!found.is_empty());
        assert!(found[0].starts_with("1:"), "{found:?}");
    }
}
