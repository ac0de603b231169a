//! Typographic quotes for the plain text the book sets beside its Markdown
//! (the contents descriptions, the notice), which the Markdown reader's
//! smart punctuation never sees: the body is curly, so they are too.

/// `text` with its straight quotes curled. A `'` after a letter, a digit
/// or closing punctuation is an apostrophe or a closing quote (Burnett’s),
/// any other an opening quote; a `"` at the start or after a space or an
/// opening bracket opens, any other closes.
pub fn curly_quotes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut before: Option<char> = None;
    for c in text.chars() {
        let closes = before.is_some_and(|b| b.is_alphanumeric() || ".,;:!?)]}".contains(b));
        let opens = before.is_none_or(|b| b.is_whitespace() || "([{\u{2013}\u{2014}".contains(b));
        out.push(match c {
            '\'' if closes => '\u{2019}',
            '\'' => '\u{2018}',
            '"' if opens => '\u{201c}',
            '"' => '\u{201d}',
            c => c,
        });
        before = Some(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_curl_as_the_body_does() {
        assert_eq!(curly_quotes("Burnett's"), "Burnett\u{2019}s");
        assert_eq!(curly_quotes("'quoted'"), "\u{2018}quoted\u{2019}");
        assert_eq!(curly_quotes("plain"), "plain");
        assert_eq!(
            curly_quotes("sets Black's army up, \"so\" ('a' or \"b\")."),
            "sets Black\u{2019}s army up, \u{201c}so\u{201d} (\u{2018}a\u{2019} or \u{201c}b\u{201d})."
        );
    }
}
