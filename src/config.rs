//! `chess-kit-docs.toml`, the settings an author keeps beside the rulebooks
//! (in the manner of mdBook's `book.toml`). Command-line flags win over it,
//! and the tool works without it.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::book::io_reason;
use crate::diagnostic::Diagnostic;
use crate::source::{SourceFile, Span};
use crate::style::Style;

pub const CONFIG_FILE: &str = "chess-kit-docs.toml";

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub build: BuildConfig,
    pub check: CheckConfig,
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
    pub diagram: usize,
    pub rule: String,
    pub reason: String,
}

impl Config {
    /// Reads `chess-kit-docs.toml` in `dir`, if there is one.
    pub fn load(dir: &Path) -> Result<Config, Diagnostic> {
        let path = dir.join(CONFIG_FILE);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Config {
                    dir: dir.to_path_buf(),
                    ..Config::default()
                });
            }
            Err(e) => {
                return Err(Diagnostic::file_error(
                    &path,
                    format!("cannot read the settings: {}", io_reason(&e)),
                ));
            }
        };
        let src = SourceFile::new(&path, text);
        let mut config: Config = toml::from_str(&src.text).map_err(|e| toml_error(&src, &e))?;
        config.dir = dir.to_path_buf();
        config.source = Some(src);
        Ok(config)
    }

    /// A path from the file, taken relative to the file's folder.
    pub fn resolve(&self, path: &Path) -> PathBuf {
        self.dir.join(path)
    }
}

/// A TOML problem at its line and column.
pub fn toml_error(src: &std::sync::Arc<SourceFile>, e: &toml::de::Error) -> Diagnostic {
    let span = e.span().map(Span::from).unwrap_or_else(|| Span::new(0, 0));
    let message = e.message().trim().to_string();
    Diagnostic::error(src, span, message)
}

/// The style: from `explicit` (a flag or the settings file) if given, else
/// from `templates/style.toml` in the current folder if it exists, else
/// the compiled-in default.
pub fn load_style(explicit: Option<&Path>) -> Result<Style, Diagnostic> {
    let local = Path::new("templates").join("style.toml");
    let path = match explicit {
        Some(p) => p.to_path_buf(),
        None if local.is_file() => local,
        None => return Ok(Style::default()),
    };
    let text = std::fs::read_to_string(&path).map_err(|e| {
        Diagnostic::file_error(
            &path,
            format!("cannot read the style file: {}", io_reason(&e)),
        )
    })?;
    let src = SourceFile::new(&path, text);
    Style::from_toml(&src.text).map_err(|e| toml_error(&src, &e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_file_means_defaults() {
        let dir = tempfile::tempdir().unwrap();
        let c = Config::load(dir.path()).unwrap();
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
        let c = Config::load(dir.path()).unwrap();
        assert_eq!(c.build.out.as_deref(), Some(Path::new("public")));
        assert_eq!(c.check.allow[0].get_ref().diagram, 3);
        let span = c.check.allow[0].span();
        let text = &c.source.unwrap().text;
        // The span is the `[[check.allow]]` header, where a stale allowance is reported.
        assert_eq!(&text[span], "[[check.allow]]");
    }

    #[test]
    fn an_unknown_key_is_an_error_at_its_line() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(CONFIG_FILE), "[build]\nouput = \"x\"\n").unwrap();
        let e = Config::load(dir.path()).unwrap_err();
        let text = e.render();
        assert!(
            text.contains("chess-kit-docs.toml:2:1: error: unknown field `ouput`"),
            "{text}"
        );
    }
}
