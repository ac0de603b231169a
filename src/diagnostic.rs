//! Problems found in the input, reported as `file:line:col: error: …` with
//! the line quoted and a caret under the problem.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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
}

impl Diagnostic {
    pub fn error(source: &Arc<SourceFile>, span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            path: source.path.clone(),
            source: Some(source.clone()),
            span: Some(span),
            message: message.into(),
            help: None,
            rule: None,
            allowed: None,
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
        }
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// An error that counts: not allowed by the author.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error && self.allowed.is_none()
    }

    pub fn is_warning(&self) -> bool {
        self.severity == Severity::Warning && self.allowed.is_none()
    }

    /// The word after the location: `error`, `warning`, or `allowed`.
    fn label(&self) -> &'static str {
        if self.allowed.is_some() {
            "allowed"
        } else {
            self.severity.as_str()
        }
    }

    fn footer(&self, out: &mut String, pad: &str) {
        if let Some(help) = &self.help {
            let _ = writeln!(out, "{pad} = {help}");
        }
        match (&self.allowed, self.rule) {
            (Some(reason), Some(rule)) => {
                let _ = writeln!(
                    out,
                    "{pad} = rule `{rule}`, allowed in chess-kit-docs.toml: {reason}"
                );
            }
            (None, Some(rule)) => {
                let _ = writeln!(out, "{pad} = rule `{rule}`");
            }
            _ => {}
        }
    }

    /// The 1-based line and column, when the problem points into text.
    pub fn line_col(&self) -> Option<crate::source::LineCol> {
        match (&self.source, self.span) {
            (Some(src), Some(span)) => Some(src.line_col(span.start)),
            _ => None,
        }
    }

    /// The human form: a `file:line:col: error: message` line, then the
    /// quoted line with a caret, then the help line.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let path = self.path.display();
        let sev = self.label();
        let (Some(src), Some(span)) = (&self.source, self.span) else {
            let _ = writeln!(out, "{path}: {sev}: {}", self.message);
            self.footer(&mut out, " ");
            return out;
        };
        let at = src.line_col(span.start);
        let _ = writeln!(out, "{path}:{at}: {sev}: {}", self.message);
        let text = src.line_text(at.line);
        let number = at.line.to_string();
        let pad = " ".repeat(number.len());
        // The caret runs to the end of the span or of the line, whichever comes first.
        let line_end = src.line_start(at.line) + text.len();
        let end = span.end.min(line_end).max(span.start);
        let width = src.text[span.start.min(src.text.len())..end.min(src.text.len())]
            .chars()
            .count()
            .max(1);
        let _ = writeln!(out, "{pad} |");
        let _ = writeln!(out, "{number} | {}", text.replace('\t', " "));
        let _ = writeln!(
            out,
            "{pad} | {}{}",
            " ".repeat(at.col - 1),
            "^".repeat(width)
        );
        self.footer(&mut out, &pad);
        out
    }
}

impl Diagnostic {
    /// One JSON object, for tools.
    pub fn render_json(&self) -> String {
        let at = self.line_col();
        serde_json::json!({
            "file": self.path.display().to_string(),
            "line": at.map(|a| a.line),
            "col": at.map(|a| a.col),
            "severity": self.severity.as_str(),
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
        let mut props = format!("file={}", escape_property(&self.path.display().to_string()));
        if let Some(at) = self.line_col() {
            props.push_str(&format!(",line={},col={}", at.line, at.col));
        }
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
    fn renders_location_quote_and_caret() {
        let src = SourceFile::new("rules/x.md", "intro\n    r . x q\n");
        let start = src.text.find('x').unwrap();
        let d = Diagnostic::error(&src, Span::new(start, start + 1), "unknown piece `x`")
            .with_help("pieces are K Q R B N P and k q r b n p");
        let text = d.render();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "rules/x.md:2:9: error: unknown piece `x`");
        assert_eq!(lines[2], "2 |     r . x q");
        assert_eq!(lines[3], "  |         ^");
        assert_eq!(lines[4], "  = pieces are K Q R B N P and k q r b n p");
    }

    #[test]
    fn file_level_errors_name_the_path() {
        let d = Diagnostic::file_error(Path::new("missing.md"), "cannot read: not found");
        assert_eq!(d.render(), "missing.md: error: cannot read: not found\n");
    }

    #[test]
    fn json_and_github_forms() {
        let src = SourceFile::new("r.md", "ab\ncd\n");
        let d = Diagnostic::error(&src, Span::new(4, 5), "bad, really: 100%");
        let json: serde_json::Value = serde_json::from_str(&d.render_json()).unwrap();
        assert_eq!(json["file"], "r.md");
        assert_eq!(json["line"], 2);
        assert_eq!(json["col"], 2);
        assert_eq!(json["severity"], "error");
        assert_eq!(
            d.render_github(),
            "::error file=r.md,line=2,col=2::bad, really: 100%25"
        );
    }

    #[test]
    fn caret_stops_at_end_of_line() {
        let src = SourceFile::new("a.md", "abc\ndef\n");
        let d = Diagnostic::error(&src, Span::new(1, 6), "spans two lines");
        let text = d.render();
        assert!(text.lines().any(|l| l == "  |  ^^"), "{text}");
    }
}
