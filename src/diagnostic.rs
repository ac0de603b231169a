//! Problems found in the input, printed as rustc prints its errors (by
//! annotate-snippets, rustc's own renderer): the message, the file, line and
//! column, the line quoted with a caret under the problem, then the help.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use annotate_snippets::{AnnotationKind, Element, Group, Level, Origin, Renderer, Snippet};

use crate::source::{SourceFile, Span};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub severity: Severity,
    /// The file the problem is in (a rulebook, a CSV, a folder to write).
    pub path: PathBuf,
    /// Set when the problem points into a file's text.
    pub source: Option<Arc<SourceFile>>,
    pub span: Option<Span>,
    pub message: String,
    /// An extra line of explanation, printed after the quote.
    pub help: Option<String>,
    /// The engine rule behind a finding, which an allowance names.
    pub rule: Option<&'static str>,
    /// Set when the author allowed this finding: the allowance's reason.
    pub allowed: Option<String>,
    /// The one obvious edit, where there is one (a misspelt name's nearest
    /// known one): an editor offers it as a quick fix.
    pub fix: Option<Fix>,
}

/// An edit that removes a problem: `text` in place of the source's `span`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub span: Span,
    pub text: String,
}

impl Diagnostic {
    pub fn error(source: &Arc<SourceFile>, span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            path: source.path.clone(),
            source: Some(source.clone()),
            // Whole characters of the quoted text, whatever the caller measured.
            span: Some(source.char_span(span)),
            message: message.into(),
            help: None,
            rule: None,
            allowed: None,
            fix: None,
        }
    }

    pub fn warning(source: &Arc<SourceFile>, span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(source, span, message)
        }
    }

    /// A problem with a whole file or folder rather than a place in it.
    pub fn file_error(path: &Path, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            path: path.to_path_buf(),
            source: None,
            span: None,
            message: message.into(),
            help: None,
            rule: None,
            allowed: None,
            fix: None,
        }
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// The quick fix: `text` in place of the problem's span.
    pub fn with_fix(mut self, text: impl Into<String>) -> Self {
        if let Some(span) = self.span {
            self.fix = Some(Fix {
                span,
                text: text.into(),
            });
        }
        self
    }

    /// An error that counts: not allowed by the author.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error && self.allowed.is_none()
    }

    pub fn is_warning(&self) -> bool {
        self.severity == Severity::Warning && self.allowed.is_none()
    }

    /// The 1-based line and column, when the problem points into text.
    pub fn line_col(&self) -> Option<crate::source::LineCol> {
        match (&self.source, self.span) {
            (Some(src), Some(span)) => Some(src.line_col(span.start)),
            _ => None,
        }
    }

    /// The human form, without colour: as rustc prints its errors.
    pub fn render(&self) -> String {
        Renderer::plain().render(&self.report())
    }

    /// One line, `file:line:col: error: message`, as `rustc
    /// --error-format=short` prints it: for logs and tests.
    pub fn render_short(&self) -> String {
        let at = self
            .line_col()
            .map(|at| format!(":{at}"))
            .unwrap_or_default();
        let label = if self.allowed.is_some() {
            "allowed"
        } else {
            self.severity.as_str()
        };
        format!(
            "{}{at}: {label}: {}",
            crate::paths::shown(&self.path),
            self.message
        )
    }

    /// The human form with ANSI colours, for a terminal. Print it through
    /// `anstream`, which drops the colours when the output is piped or
    /// `NO_COLOR` is set.
    pub fn render_styled(&self) -> String {
        Renderer::styled().render(&self.report())
    }

    /// The report annotate-snippets draws: a `error: message` title, the
    /// location, the quoted line with a caret, then the help and the rule.
    fn report(&self) -> Vec<Group<'_>> {
        let level = if self.allowed.is_some() {
            Level::NOTE.with_name("allowed")
        } else {
            match self.severity {
                Severity::Error => Level::ERROR,
                Severity::Warning => Level::WARNING,
            }
        };
        let path = crate::paths::shown(&self.path);
        let quote = match (&self.source, self.span) {
            (Some(src), Some(span)) => Some(quoted_line(src, span)),
            _ => None,
        };
        let mut group = level
            .primary_title(self.message.as_str())
            .element(match quote {
                Some((line, text, range)) => Element::from(
                    Snippet::source(text)
                        .line_start(line)
                        .path(path)
                        .annotation(AnnotationKind::Primary.span(range)),
                ),
                None => Element::from(Origin::path(path)),
            });
        if let Some(help) = &self.help {
            group = group.element(Level::HELP.message(help.as_str()));
        }
        match (&self.allowed, self.rule) {
            (Some(reason), Some(rule)) => {
                group = group.element(Level::NOTE.message(format!(
                    "rule `{rule}`, allowed in chess-kit-docs.toml: {reason}"
                )));
            }
            (None, Some(rule)) => {
                group = group.element(Level::NOTE.message(format!("rule `{rule}`")));
            }
            _ => {}
        }
        vec![group]
    }
}

/// The line a span starts on, its text, and the span within that text:
/// clamped to the text, on character boundaries, and cut at the line's end
/// (a span never panics the printer, whatever made it).
fn quoted_line(src: &SourceFile, span: Span) -> (usize, &str, std::ops::Range<usize>) {
    let text = &src.text;
    let start = floor_char_boundary(text, span.start.min(text.len()));
    let line = src.line_of(start).max(1);
    let line_start = src.line_start(line).min(start);
    let quoted = src.line_text(line);
    let line_end = line_start + quoted.len();
    let end = ceil_char_boundary(text, span.end.min(line_end).max(start));
    (line, quoted, start - line_start..end - line_start)
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn ceil_char_boundary(s: &str, mut i: usize) -> usize {
    while i < s.len() && !s.is_char_boundary(i) {
        i += 1;
    }
    i
}

impl Diagnostic {
    /// Where the problem ends: the line and column just after its last
    /// character (as the start, 1-based).
    pub fn end_line_col(&self) -> Option<crate::source::LineCol> {
        let (src, span) = (self.source.as_ref()?, self.span?);
        Some(src.line_col(span.end.max(span.start)))
    }

    /// `error`, `warning`, or `allowed` for a finding the author keeps.
    pub fn severity_name(&self) -> &'static str {
        if self.allowed.is_some() {
            "allowed"
        } else {
            self.severity.as_str()
        }
    }

    /// One JSON object, for tools (the guide's "Machine output", docs/commands.md, gives
    /// every field).
    pub fn render_json(&self) -> String {
        let at = self.line_col();
        let end = self.end_line_col();
        serde_json::json!({
            "file": crate::paths::shown(&self.path),
            "line": at.map(|a| a.line),
            "col": at.map(|a| a.col),
            "end_line": end.map(|a| a.line),
            "end_col": end.map(|a| a.col),
            "severity": self.severity_name(),
            "message": self.message,
            "help": self.help,
            "rule": self.rule,
            "allowed": self.allowed,
        })
        .to_string()
    }

    /// A GitHub Actions workflow command, which annotates the line.
    pub fn render_github(&self) -> String {
        let kind = match self.severity {
            _ if self.allowed.is_some() => "notice",
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut props = format!("file={}", escape_property(&crate::paths::shown(&self.path)));
        if let (Some(at), Some(end)) = (self.line_col(), self.end_line_col()) {
            // GitHub takes columns (the last one inclusive) on one line only.
            if end.line == at.line {
                let last = (end.col - 1).max(at.col);
                props.push_str(&format!(
                    ",line={},endLine={},col={},endColumn={last}",
                    at.line, end.line, at.col
                ));
            } else {
                props.push_str(&format!(",line={},endLine={}", at.line, end.line));
            }
        }
        // The annotation's title: the rule an allowance would name.
        props.push_str(&format!(
            ",title={}",
            escape_property(self.rule.unwrap_or("chess-kit-docs"))
        ));
        let mut message = self.message.clone();
        if let Some(help) = &self.help {
            message.push_str(" (");
            message.push_str(help);
            message.push(')');
        }
        format!("::{kind} {props}::{}", escape_data(&message))
    }
}

fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// How diagnostics are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Format {
    #[default]
    Human,
    Json,
    Github,
}

impl Format {
    pub fn render(self, d: &Diagnostic) -> String {
        match self {
            Format::Human => d.render(),
            Format::Json => d.render_json() + "\n",
            Format::Github => d.render_github() + "\n",
        }
    }
}

/// Sorts diagnostics by file, then position, so output is stable.
pub fn sort(diags: &mut [Diagnostic]) {
    diags.sort_by(|a, b| {
        (a.path.as_path(), a.span.map(|s| s.start), a.severity).cmp(&(
            b.path.as_path(),
            b.span.map(|s| s.start),
            b.severity,
        ))
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_title_location_quote_and_caret() {
        let src = SourceFile::new("rules/x.md", "intro\n    r . x q\n");
        let start = src.text.find('x').unwrap();
        let d = Diagnostic::error(&src, Span::new(start, start + 1), "unknown piece `x`")
            .with_help("pieces are K Q R B N P and k q r b n p");
        let text = d.render();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "error: unknown piece `x`", "{text}");
        assert_eq!(lines[1], " --> rules/x.md:2:9", "{text}");
        assert_eq!(lines[3], "2 |     r . x q", "{text}");
        assert_eq!(lines[4], "  |         ^", "{text}");
        assert!(
            text.contains("= help: pieces are K Q R B N P and k q r b n p"),
            "{text}"
        );
        assert!(!text.contains('\x1b'), "plain text has no colour: {text:?}");
        assert_eq!(d.render_short(), "rules/x.md:2:9: error: unknown piece `x`");
    }

    #[test]
    fn the_styled_form_is_coloured_and_says_the_same() {
        let src = SourceFile::new("x.md", "abc\n");
        let d = Diagnostic::warning(&src, Span::new(1, 2), "odd");
        let styled = d.render_styled();
        assert!(styled.contains("\x1b["), "{styled:?}");
        let mut stripped = Vec::new();
        let mut plain_stream = anstream::StripStream::new(&mut stripped);
        std::io::Write::write_all(&mut plain_stream, styled.as_bytes()).unwrap();
        assert_eq!(String::from_utf8(stripped).unwrap(), d.render());
    }

    #[test]
    fn file_level_errors_name_the_path() {
        let d = Diagnostic::file_error(Path::new("missing.md"), "cannot read: not found");
        assert_eq!(d.render(), "error: cannot read: not found\n--> missing.md");
        assert_eq!(
            d.render_short(),
            "missing.md: error: cannot read: not found"
        );
    }

    #[test]
    fn allowed_findings_say_so_with_their_rule_and_reason() {
        let src = SourceFile::new("x.md", "abc\n");
        let mut d = Diagnostic::error(&src, Span::new(0, 1), "a finding");
        d.rule = Some("some-rule");
        d.allowed = Some("kept on purpose".into());
        let text = d.render();
        assert!(text.starts_with("allowed: a finding"), "{text}");
        assert!(
            text.contains(
                "= note: rule `some-rule`, allowed in chess-kit-docs.toml: kept on purpose"
            ),
            "{text}"
        );
    }

    #[test]
    fn json_and_github_forms() {
        let src = SourceFile::new("r.md", "ab\ncd\n");
        let d = Diagnostic::error(&src, Span::new(4, 5), "bad, really: 100%");
        let json: serde_json::Value = serde_json::from_str(&d.render_json()).unwrap();
        assert_eq!(json["file"], "r.md");
        assert_eq!(json["line"], 2);
        assert_eq!(json["col"], 2);
        assert_eq!(json["end_line"], 2);
        assert_eq!(json["end_col"], 3);
        assert_eq!(json["severity"], "error");
        assert_eq!(json["rule"], serde_json::Value::Null);
        assert_eq!(
            d.render_github(),
            "::error file=r.md,line=2,endLine=2,col=2,endColumn=2,title=chess-kit-docs::bad, really: 100%25"
        );
        // A rules finding: the rule is its title; across lines, no columns.
        let mut finding = Diagnostic::error(&src, Span::new(0, 4), "a finding");
        finding.rule = Some("king-capture");
        assert_eq!(
            finding.render_github(),
            "::error file=r.md,line=1,endLine=2,title=king-capture::a finding"
        );
        let json: serde_json::Value = serde_json::from_str(&finding.render_json()).unwrap();
        assert_eq!(
            (json["end_line"].clone(), json["end_col"].clone()),
            (2.into(), 2.into())
        );
        assert_eq!(json["rule"], "king-capture");
        // A finding the author keeps is `allowed`, not an error.
        finding.allowed = Some("the author's choice".into());
        let json: serde_json::Value = serde_json::from_str(&finding.render_json()).unwrap();
        assert_eq!(json["severity"], "allowed");
        assert_eq!(json["allowed"], "the author's choice");
        assert!(finding.render_github().starts_with("::notice "));
    }

    #[test]
    fn caret_stops_at_end_of_line() {
        let src = SourceFile::new("a.md", "abc\ndef\n");
        let d = Diagnostic::error(&src, Span::new(1, 6), "spans two lines");
        let text = d.render();
        assert!(text.lines().any(|l| l == "1 | abc"), "{text}");
        assert!(text.lines().any(|l| l == "  |  ^^"), "{text}");
        assert!(!text.contains("def"), "{text}");
    }

    #[test]
    fn spans_off_character_boundaries_or_past_the_end_do_not_panic() {
        // `é` is two bytes and `♞` three: every cut inside them and past the
        // end of the text is moved to a character boundary.
        let src = SourceFile::new("u.md", "é♞x\n");
        for start in 0..=src.text.len() + 2 {
            for end in 0..=src.text.len() + 2 {
                let text = Diagnostic::error(&src, Span::new(start, end), "m").render();
                assert!(text.contains(" --> u.md:"), "{start}..{end}: {text}");
            }
        }
        let inside = Diagnostic::error(&src, Span::new(3, 4), "inside the knight").render();
        assert!(inside.contains(" --> u.md:1:2"), "{inside}");
        assert!(inside.lines().any(|l| l == "  |  ^"), "{inside}");
    }
}
