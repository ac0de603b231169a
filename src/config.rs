//! `chess-kit-docs.toml`, the settings an author keeps beside the rulebooks
//! (in the manner of mdBook's `book.toml`). Command-line flags win over it,
//! and the tool works without it.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::diagnostic::Diagnostic;
use crate::pdf::PageFormat;
use crate::source::{SourceFile, Span};

pub const CONFIG_FILE: &str = "chess-kit-docs.toml";

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub build: BuildConfig,
    pub check: CheckConfig,
    pub site: SiteConfig,
    /// Games built on standard chess, with their rule switches (`[[variant]]`).
    #[serde(rename = "variant")]
    pub variants: Vec<toml::Spanned<crate::engine::variants::VariantConfig>>,
    /// Where the file was found; relative paths in it are relative to its folder.
    #[serde(skip)]
    pub dir: PathBuf,
    /// The file's text, for messages that point into it.
    #[serde(skip)]
    pub source: Option<std::sync::Arc<SourceFile>>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BuildConfig {
    /// The output folder.
    pub out: Option<PathBuf>,
    /// A style file overriding the compiled-in `templates/style.toml`.
    pub style: Option<PathBuf>,
    /// A book style file overriding the compiled-in `templates/book.toml`.
    pub book_style: Option<PathBuf>,
    /// The PDF page format: letter, a4, booklet or zine. Read here, so a
    /// bad name is reported at its value, where the TOML parser found it.
    #[serde(deserialize_with = "page_format")]
    pub page: Option<PageFormat>,
}

fn page_format<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<PageFormat>, D::Error> {
    let name = String::deserialize(d)?;
    name.parse().map(Some).map_err(serde::de::Error::custom)
}

/// The HTML site's index: the books in the order listed (`[[site.book]]`),
/// each with a description; books not listed follow, by title.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq, Hash)]
#[serde(default, deny_unknown_fields)]
pub struct SiteConfig {
    pub book: Vec<SiteBookConfig>,
}

#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub struct SiteBookConfig {
    /// The book's file name without `.md`.
    pub name: String,
    /// A sentence or two under its title; the book's own front matter
    /// `description:` wins over it.
    #[serde(default)]
    pub description: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CheckConfig {
    pub allow: Vec<toml::Spanned<Allowance>>,
}

/// A finding the author decided to keep.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Allowance {
    pub book: String,
    pub section: String,
    /// The diagram's number in its section; absent for a finding in the
    /// text, such as a published solution.
    #[serde(default)]
    pub diagram: Option<usize>,
    pub rule: String,
    pub reason: String,
}

impl Config {
    /// A path from the file, taken relative to the file's folder.
    pub fn resolve(&self, path: &Path) -> PathBuf {
        self.dir.join(path)
    }
}

/// `s` as a TOML basic string, for a fix or an allowance written into
/// the settings file.
pub fn toml_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A TOML problem at its line and column.
pub fn toml_error(src: &std::sync::Arc<SourceFile>, e: &toml::de::Error) -> Diagnostic {
    let span = e.span().map(Span::from).unwrap_or_else(|| Span::new(0, 0));
    let message = e.message().trim().to_string();
    let d = Diagnostic::error(src, span, message.clone());
    match misspelt_key(&message).or_else(|| wrong_type(&message)) {
        Some(help) => d.with_help(help),
        None => d,
    }
}

/// A help line for serde's "invalid type: string \"yes\", expected a
/// boolean": what such a value is written as.
fn wrong_type(message: &str) -> Option<String> {
    let rest = message.strip_prefix("invalid type: ")?;
    let (given, expected) = rest.split_once(", expected ")?;
    if expected.starts_with("a boolean") {
        let meant = match given.trim_start_matches("string ").trim_matches('"') {
            "yes" | "true" | "on" | "1" | "integer `1`" => " (did you mean `true`?)",
            "no" | "false" | "off" | "0" | "integer `0`" => " (did you mean `false`?)",
            _ => "",
        };
        return Some(format!("write `true` or `false`, without quotes{meant}"));
    }
    if expected.starts_with("a map") {
        return Some(format!(
            "this value is {given}; the setting takes a table in braces, as `{{ black = \"right\" }}` or `{{ N = \"nN\" }}`"
        ));
    }
    Some(format!(
        "this value is {given}; the setting takes {expected}"
    ))
}

/// "did you mean" for serde's "unknown field `x`, expected one of `a`, `b`"
/// (or "expected `a`").
fn misspelt_key(message: &str) -> Option<String> {
    let rest = message.strip_prefix("unknown field `")?;
    let (field, rest) = rest.split_once('`')?;
    let expected = rest.split_once("expected")?.1;
    let names: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
    crate::suggest::did_you_mean(field, names)
}

/// The date of `SOURCE_DATE_EPOCH` (seconds since 1970), for reproducible
/// builds; `None` when unset or not a number. Never the clock.
pub fn source_date() -> Option<(i32, u8, u8)> {
    let secs = epoch_seconds(&std::env::var("SOURCE_DATE_EPOCH").ok()?)?;
    Some(civil_from_days(secs.div_euclid(86_400)))
}

/// The last second a PDF date can hold: 9999-12-31T23:59:59Z.
const LAST_EPOCH_SECOND: i64 = 253_402_300_799;

/// `SOURCE_DATE_EPOCH`'s seconds, when they are a whole number from 1970
/// to the year 9999 (what a PDF date can hold).
fn epoch_seconds(value: &str) -> Option<i64> {
    value
        .trim()
        .parse::<i64>()
        .ok()
        .filter(|s| (0..=LAST_EPOCH_SECOND).contains(s))
}

/// A warning when `SOURCE_DATE_EPOCH` is set but is not a whole number of
/// seconds: the PDF then has no date, and the user should know why.
pub fn source_date_problem() -> Option<Diagnostic> {
    let value = std::env::var_os("SOURCE_DATE_EPOCH")?;
    if value.to_str().and_then(epoch_seconds).is_some() {
        return None;
    }
    let mut d = Diagnostic::file_error(
        Path::new("SOURCE_DATE_EPOCH"),
        format!(
            "ignored: `{}` is not a whole number of seconds from 1970-01-01 to the year 9999, so the PDF has no date",
            value.to_string_lossy()
        ),
    );
    d.severity = crate::diagnostic::Severity::Warning;
    Some(d)
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's
/// algorithm).
fn civil_from_days(z: i64) -> (i32, u8, u8) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y as i32, m as u8, d as u8)
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_seconds_from_1970_to_9999_are_a_date() {
        assert_eq!(super::epoch_seconds("0"), Some(0));
        assert_eq!(super::epoch_seconds(" 1700000000 "), Some(1_700_000_000));
        assert_eq!(
            super::epoch_seconds("253402300799"),
            Some(super::LAST_EPOCH_SECOND)
        );
        for bad in [
            "-1",
            "-86400",
            "253402300800",
            "99999999999999999",
            "1.5",
            "x",
        ] {
            assert_eq!(super::epoch_seconds(bad), None, "{bad}");
        }
        assert_eq!(
            super::civil_from_days(super::LAST_EPOCH_SECOND / 86_400),
            (9999, 12, 31)
        );
    }

    #[test]
    fn days_to_dates() {
        assert_eq!(super::civil_from_days(0), (1970, 1, 1));
        assert_eq!(super::civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(super::civil_from_days(11_016), (2000, 2, 29));
    }

    use super::*;

    /// The settings of `dir`, or the first problem in them.
    fn load(dir: &Path) -> Result<Config, Diagnostic> {
        let (config, mut problems) = crate::settings::config_at(dir);
        if problems.is_empty() {
            Ok(config)
        } else {
            Err(problems.remove(0))
        }
    }

    #[test]
    fn no_file_means_defaults() {
        let dir = tempfile::tempdir().unwrap();
        let c = load(dir.path()).unwrap();
        assert!(c.build.out.is_none());
        assert!(c.check.allow.is_empty());
    }

    #[test]
    fn reads_build_settings_and_allowances() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join(CONFIG_FILE),
            "[build]\nout = \"public\"\n\n[[check.allow]]\nbook = \"rules\"\nsection = \"Chess Golf\"\ndiagram = 3\nrule = \"solution-shortest\"\nreason = \"kept for teaching\"\n",
        )
        .unwrap();
        let c = load(dir.path()).unwrap();
        assert_eq!(c.build.out.as_deref(), Some(Path::new("public")));
        assert_eq!(c.check.allow[0].get_ref().diagram, Some(3));
        let span = c.check.allow[0].span();
        let text = &c.source.unwrap().text;
        // The span is the `[[check.allow]]` header, where a stale allowance is reported.
        assert_eq!(&text[span], "[[check.allow]]");
    }

    #[test]
    fn a_bad_page_is_an_error_at_its_value_not_at_a_comment_that_says_page() {
        let dir = tempfile::tempdir().unwrap();
        let text = "# the page size, see below\n[build]\nout = \"page\"\npage = \"legal\"\n";
        std::fs::write(dir.path().join(CONFIG_FILE), text).unwrap();
        let e = load(dir.path()).unwrap_err();
        let span = e.span.unwrap();
        assert_eq!(&text[span.range()], "\"legal\"", "{}", e.render());
        assert!(
            e.message.contains("unknown page format `legal`"),
            "{}",
            e.render()
        );

        std::fs::write(dir.path().join(CONFIG_FILE), "[build]\npage = \"A4\"\n").unwrap();
        let c = load(dir.path()).unwrap();
        assert_eq!(c.build.page, Some(PageFormat::A4));
    }

    #[test]
    fn an_unknown_key_is_an_error_at_its_line() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(CONFIG_FILE), "[build]\nouput = \"x\"\n").unwrap();
        let e = load(dir.path()).unwrap_err();
        let text = e.render_short();
        assert!(
            text.contains("chess-kit-docs.toml:2:1: error: unknown field `ouput`"),
            "{text}"
        );
        assert_eq!(e.help.as_deref(), Some("did you mean `out`?"));
        std::fs::write(dir.path().join(CONFIG_FILE), "[build]\nzzz = \"x\"\n").unwrap();
        let e = load(dir.path()).unwrap_err();
        assert_eq!(e.help, None, "nothing near `zzz`");
    }
}
