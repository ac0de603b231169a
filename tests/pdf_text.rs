//! The PDF book's text as a reader meets it, read back with `pdftotext`
//! from every bundled book in every format: web addresses, quotes, names
//! and number ranges set as a careful typesetter sets them (issue 41).

#[allow(dead_code)]
mod support;
use std::process::Command;

use chess_kit_docs::pdf::PageFormat;

#[path = "support/books.rs"]
mod books;
use books::BOOKS;

fn build(name: &str, format: PageFormat) -> Vec<u8> {
    books::pdf(&books::load(name), format)
}

/// The lines of a PDF's pages as `pdftotext -bbox-layout` finds them: in
/// reading order within each page of a zine's sheet (`-layout` runs them
/// together), with the hyphens the breaker added (plain `pdftotext` joins
/// hyphenated words), and a kerned `//` kept whole (`-raw` splits it).
fn pages(pdf: &[u8]) -> Vec<Vec<String>> {
    // Removed when the test ends, passed or failed.
    let scratch = tempfile::Builder::new()
        .prefix("ckd-pdf-text-")
        .tempdir()
        .unwrap();
    let file = scratch.path().join("book.pdf");
    std::fs::write(&file, pdf).unwrap();
    let out = Command::new("pdftotext")
        .args(["-bbox-layout", file.to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext runs");
    assert!(out.status.success(), "pdftotext failed");
    let xml = String::from_utf8_lossy(&out.stdout);
    let mut pages = Vec::new();
    for page in xml.split("<page ").skip(1) {
        let lines = page
            .split("<line ")
            .skip(1)
            .map(|line| {
                line.split("<word ")
                    .skip(1)
                    .filter_map(|w| {
                        let text = w.split_once('>')?.1.split_once("</word>")?.0;
                        Some(unescape(text))
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        pages.push(lines);
    }
    pages
}

/// Text as pdftotext escapes it in XML.
fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// Every bundled book in every format: its name, format and pages' lines.
fn every_book() -> Vec<(String, PageFormat, Vec<Vec<String>>)> {
    let mut out = Vec::new();
    for name in BOOKS {
        for format in PageFormat::ALL {
            out.push((name.to_string(), format, pages(&build(name, format))));
        }
    }
    out
}

/// A rule a line must keep: a reason, and a test of a line's text and the
/// next line's (trailing spaces trimmed; the next is empty at a page's end).
type Rule = (&'static str, fn(&str, &str) -> bool);

/// The lines of `books` that break one of `rules`, each with where it is.
fn broken(books: &[(String, PageFormat, Vec<Vec<String>>)], rules: &[Rule]) -> Vec<String> {
    let mut found = Vec::new();
    for (name, format, pages) in books {
        for (n, page) in pages.iter().enumerate() {
            let lines: Vec<&str> = page.iter().map(|l| l.trim_end()).collect();
            for (i, line) in lines.iter().enumerate() {
                let next = lines.get(i + 1).map_or("", |l| l.trim_start());
                for (why, breaks) in rules {
                    if breaks(line, next) {
                        found.push(format!(
                            "{name} {format} page {}: {why}: {line:?} / {next:?}",
                            n + 1
                        ));
                    }
                }
            }
        }
    }
    found
}

/// The last word of a line.
fn last_word(line: &str) -> &str {
    line.split_whitespace().last().unwrap_or("")
}

fn starts_lowercase(line: &str) -> bool {
    line.chars().next().is_some_and(char::is_lowercase)
}

#[test]
fn the_text_is_set_with_care() {
    if !support::have("pdftotext", "reading the book's text back") {
        return;
    }
    let books = every_book();
    let rules: &[Rule] = &[
        ("a web address broken inside its scheme", |l, _| {
            l.ends_with(":/") || l.ends_with("https:") || l.ends_with("http:")
        }),
        // "Bobby Fis-" / "cher": a hyphen the breaker added to a name (a
        // compound's own hyphen, "Attribution-" / "ShareAlike", is kept).
        ("a name hyphenated", |l, next| {
            let w = last_word(l);
            w.len() > 1
                && w.ends_with('-')
                && w.chars().next().is_some_and(char::is_uppercase)
                && starts_lowercase(next)
        }),
        // The body's quotes are curly; so are the contents descriptions'
        // and the front matter's, which are plain text.
        ("a straight quote", |l, _| l.contains(['\'', '"'])),
        // "2 – 6 of Hearts": a range is set closed up, "2–6".
        ("a spaced dash in a number range", |l, _| {
            let parts: Vec<&str> = l.split(" \u{2013} ").collect();
            parts.windows(2).any(|w| {
                w[0].ends_with(|c: char| c.is_ascii_digit())
                    && w[1].starts_with(|c: char| c.is_ascii_digit())
            })
        }),
        // "(2" / "players": a numeral apart from the word it counts.
        ("a numeral apart from its word", |l, next| {
            let digits = last_word(l).trim_start_matches('(');
            // A page number stands alone; a contents line ends in one.
            l.split_whitespace().nth(1).is_some()
                && !l.contains(". .")
                && !digits.is_empty()
                && digits.bytes().all(|b| b.is_ascii_digit())
                && starts_lowercase(next)
        }),
    ];
    let found = broken(&books, rules);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Each body page carries a running head in its top margin: the book's
/// title on a left (even) page, the section's on a right (odd) one, and
/// none on a page that opens a section or in the front matter.
#[test]
fn running_heads_name_the_book_and_the_section() {
    if !support::have("pdftotext", "reading the book's text back") {
        return;
    }
    let pages = pages(&build("rules/rules.md", PageFormat::Letter));
    let title = "The Rules of Chess Kit";
    let find = |words: &str| {
        pages
            .iter()
            .position(|p| p.iter().any(|l| l.contains(words)))
            .unwrap_or_else(|| panic!("no page with {words:?}"))
    };
    // Zombie Chess opens on page 1 and runs on over pages 2 and 3.
    let opening = find("Just because you");
    assert_eq!(
        pages[opening][0], "Zombie Chess",
        "its own heading, no head"
    );
    assert!(!pages[opening].iter().any(|l| l == title));
    assert_eq!(pages[opening + 1][0], title, "page 2, a left page");
    assert_eq!(
        pages[opening + 2][0],
        "Zombie Chess",
        "page 3, a right page"
    );
    // The front matter has none.
    assert_eq!(pages[find("Introduction")][0], "Introduction");
    let contents = find("Contents");
    assert!(contents < opening);
    assert_eq!(pages[contents][0], "Contents");
}
